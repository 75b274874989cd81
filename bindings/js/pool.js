// A pool of single-threaded WebAssembly instances, one per worker: worker_threads in Node, module
// Web Workers in browsers (no pthreads, so no SharedArrayBuffer or cross-origin isolation). The .wasm
// is compiled once here and the WebAssembly.Module posted to every worker; a job's data is posted to
// each worker that runs one of its tasks once, then its tasks name the job. Results come back in
// task order whatever the worker that ran them, so they do not depend on nJobs.
import { DenseMatrix, toMatrix } from './arrays.js';

const isNode = typeof process !== 'undefined' && process.versions?.node !== undefined && typeof window === 'undefined';
// Hidden from bundlers: these are only loaded in Node.
const nodeModule = (name) => import(/* @vite-ignore */ /* webpackIgnore: true */ `node:${name}`);

// nJobs as scikit-learn's: 1 runs in the calling thread, n > 1 on n workers, -1 on every core,
// -2 on all but one, ... (at least one).
export function checkNJobs(nJobs) {
  if (nJobs !== undefined && (!Number.isInteger(nJobs) || nJobs === 0)) throw new Error(`nJobs must be a non-zero integer (1: this thread, -1: every core), got ${nJobs}`);
  return nJobs;
}

export async function workersFor(nJobs) {
  if (checkNJobs(nJobs) === undefined) return 1;
  if (nJobs > 0) return nJobs;
  const cores = isNode ? (await nodeModule('os')).availableParallelism() : (globalThis.navigator?.hardwareConcurrency ?? 1);
  return Math.max(1, cores + 1 + nJobs);
}

let compiled = null;
function compiledModule() {
  const url = new URL('./wasm/wasmlearn.wasm', import.meta.url);
  compiled ??= isNode
    ? nodeModule('fs').then((fs) => fs.promises.readFile(url)).then((bytes) => WebAssembly.compile(bytes))
    : fetch(url).then((response) => response.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)); // whatever MIME type the host serves
  return compiled;
}

export class AbortError extends Error {
  constructor(message = 'The operation was aborted') {
    super(message);
    this.name = 'AbortError';
  }
}

// One worker: its pending tasks by id, the jobs whose data it holds.
class PoolWorker {
  constructor(handle) {
    this.handle = handle;
    this.pending = new Map();
    this.jobs = new Set();
    this.busy = false;
  }

  // A Node worker keeps the process alive only while it has work, so a finished program exits.
  setBusy(busy) {
    this.busy = busy;
    if (isNode) busy ? this.handle.ref() : this.handle.unref();
  }
}

let nextId = 0;

export class WorkerPool {
  #size;
  #workers = [];
  #idle = [];
  #queue = [];

  constructor(size) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`WorkerPool size must be an integer at least 1, got ${size}`);
    this.#size = size;
  }

  get size() {
    return this.#size;
  }

  // At least `size` workers from now on (they start when tasks need them).
  grow(size) {
    this.#size = Math.max(this.#size, size);
    this.#pump();
  }

  async #spawn() {
    const module = await compiledModule();
    // In Node, not the parent's --input-type (node --input-type=module -e ...), which a worker file
    // rejects. The worker is one self-contained file (pool_worker.js and the library, bundled by the
    // build), and `new URL` stands apart from `new Worker` so that bundlers copy it as an asset rather
    // than rebundle it: Vite's default worker.format 'iife' rejects the library's top-level await.
    const execArgv = isNode ? process.execArgv.filter((a) => !a.startsWith('--input-type')) : undefined;
    const workerUrl = new URL('./pool_worker_bundle.mjs', import.meta.url);
    const handle = isNode
      ? new (await nodeModule('worker_threads')).Worker(workerUrl, { execArgv })
      : new Worker(workerUrl, { type: 'module' });
    const worker = new PoolWorker(handle);
    const onMessage = (message) => this.#receive(worker, isNode ? message : message.data);
    const onError = (error) => this.#fail(worker, error instanceof Error ? error : new Error(error.message ?? 'worker failed'));
    const onExit = (code) => worker.pending.size && this.#fail(worker, new Error(`a pool worker exited (code ${code}) while running a task`));
    if (isNode) handle.on('message', onMessage).on('error', onError).on('exit', onExit);
    else Object.assign(handle, { onmessage: onMessage, onerror: onError });
    handle.postMessage({ type: 'init', module });
    worker.setBusy(false);
    return worker;
  }

  #receive(worker, { id, result, error, progress }) {
    const task = worker.pending.get(id);
    if (!task) return;
    if (progress) return task.onProgress?.(...progress);
    worker.pending.delete(id);
    task.cleanup();
    if (error) task.reject(Object.assign(new Error(error.message), { name: error.name }));
    else task.resolve(result);
    this.#release(worker);
  }

  // A crashed or cancelled worker is dropped with its tasks; the next task starts a fresh one.
  #fail(worker, error) {
    this.#drop(worker);
    for (const task of worker.pending.values()) {
      task.cleanup();
      task.reject(error);
    }
    worker.pending.clear();
    this.#pump();
  }

  #drop(worker) {
    this.#workers = this.#workers.filter((w) => w !== worker);
    this.#idle = this.#idle.filter((w) => w !== worker);
    worker.handle.terminate();
  }

  #release(worker) {
    worker.setBusy(false);
    this.#idle.push(worker);
    this.#pump();
  }

  async #pump() {
    while (this.#queue.length) {
      let worker = this.#idle.pop();
      if (!worker) {
        if (this.#workers.length >= this.#size) return;
        const placeholder = new PoolWorker(null);
        this.#workers.push(placeholder);
        try {
          worker = await this.#spawn();
        } catch (e) {
          for (const task of this.#queue.splice(0)) task.reject(e);
          return;
        } finally {
          this.#workers = this.#workers.filter((w) => w !== placeholder);
        }
        this.#workers.push(worker);
        if (!this.#queue.length) return this.#release(worker);
      }
      this.#start(worker, this.#queue.shift());
    }
  }

  #start(worker, task) {
    worker.setBusy(true);
    const id = nextId++;
    worker.pending.set(id, task);
    const { job } = task;
    if (job && !worker.jobs.has(job.id)) {
      worker.jobs.add(job.id);
      const { value, transfer } = copyForTransfer(job.data);
      worker.handle.postMessage({ type: 'data', job: job.id, data: value }, transfer);
    }
    const onAbort = () => this.#fail(worker, new AbortError());
    task.signal?.addEventListener('abort', onAbort);
    task.cleanup = () => task.signal?.removeEventListener('abort', onAbort);
    worker.handle.postMessage({ type: 'task', id, job: job?.id, kind: task.kind, payload: task.payload, progress: task.onProgress !== undefined });
  }

  // Runs one task: `kind` names a handler of pool_worker.js, `payload` its structured-cloneable input,
  // `job` (from this.job) the data it reads. An aborted `signal` terminates the worker running it and
  // rejects with an AbortError; onProgress receives what the handler reports.
  run(kind, payload, { job, signal, onProgress } = {}) {
    if (signal?.aborted) return Promise.reject(new AbortError());
    return new Promise((resolve, reject) => {
      const task = { kind, payload, job, signal, onProgress, resolve, reject, cleanup: () => {} };
      this.#queue.push(task);
      // Cancelled while waiting for a worker: it leaves the queue at once.
      const unqueue = () => this.#queue.includes(task) && (this.#queue.splice(this.#queue.indexOf(task), 1), reject(new AbortError()));
      signal?.addEventListener('abort', unqueue, { once: true });
      this.#pump();
    });
  }

  // Data shared by several tasks, posted once to each worker that runs one of them.
  job(data) {
    return { id: `job${nextId++}`, data };
  }

  // Forgets a job's data in every worker.
  release(job) {
    for (const worker of this.#workers) if (worker.jobs.delete(job.id)) worker.handle?.postMessage({ type: 'drop', job: job.id });
  }

  // Stops every worker; queued and running tasks reject. The pool can run tasks again afterwards.
  terminate() {
    const error = new Error('the worker pool was terminated');
    for (const task of this.#queue.splice(0)) task.reject(error);
    for (const worker of [...this.#workers]) if (worker.handle) this.#fail(worker, error);
  }
}

// A copy of `value` whose typed arrays' buffers can be transferred (the caller keeps its own).
function copyForTransfer(value) {
  const transfer = [];
  const copy = (v) => {
    if (ArrayBuffer.isView(v)) {
      const c = v.slice();
      transfer.push(c.buffer);
      return c;
    }
    if (Array.isArray(v)) return v.map(copy);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)]));
    return v;
  };
  return { value: copy(value), transfer };
}

// What crosses to a worker must be structured-cloneable: functions cannot go.
export function checkPortable(value, what) {
  const hasFunction = (v) => typeof v === 'function' || (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v) && Object.values(v).some(hasFunction));
  if (hasFunction(value)) throw new Error(`${what} holds a function, which cannot be sent to a worker: use nJobs 1, or names instead of functions`);
}

export function checkOnProgress(onProgress, owner) {
  if (onProgress !== undefined && typeof onProgress !== 'function') throw new Error(`${owner}: onProgress must be a function, got ${typeof onProgress}`);
  return onProgress;
}

export function checkSignal(signal, owner) {
  if (signal !== undefined && (typeof signal?.addEventListener !== 'function' || typeof signal.aborted !== 'boolean')) throw new Error(`${owner}: signal must be an AbortSignal`);
  return signal;
}

// model.fitAsync: the model's JSON fitted in one worker of the shared pool of every core, so the
// calling thread stays free; an ensemble with nJobs other than 1 is fitted in slices on that many
// workers (fitSlices). onProgress receives the fit's reports; an aborted signal rejects with an
// AbortError. Resolves to the fitted model (a new one, which the caller adopts). `models` converts
// models to and from what workers send (estimator.js portableModels; passed in, as estimator.js
// imports this module).
export async function fitInWorker(model, X, y, options, models) {
  const { signal, onProgress, ...fitOptions } = options ?? {};
  checkSignal(signal, 'fitAsync');
  checkOnProgress(onProgress, 'fitAsync');
  checkPortable(fitOptions, 'fitAsync options');
  const json = model.toJSON();
  const split = splitOf(json, y);
  const workers = split ? await workersFor(json.params.nJobs) : 1;
  if (workers > 1) return split(model, json, X, y, fitOptions, workers, models, { signal, onProgress });
  const pool = sharedPool(await workersFor(-1));
  return models.fromPortable(await pool.run('fit', { model: json, X, y, options: fitOptions }, { signal, onProgress }));
}

// How fitAsync splits a fit over nJobs workers, by the options the estimator declares; null: it fits
// in one worker. Ensembles declare which of their members a model holds (firstEstimator,
// nEstimators), keeping fitted ones (warmStart); the estimators that keep the best of several starts
// which starts a model runs (firstInit, nInit); one-vs-rest and one-vs-one which of their members a
// model fits (firstMember, nMembers). A pipeline's JSON has no params.
function splitOf(json, y) {
  const { params } = json;
  if (params === undefined || !('nJobs' in params)) return null;
  if ('firstEstimator' in params) return fitSlices;
  if ('firstInit' in params) return fitsRuns(params) ? fitRuns : null;
  if ('firstMember' in params) return params.firstMember === 0 && params.nMembers === null && membersOf(json.estimator, y) > 1 ? fitMemberSlices : null;
  return null;
}

// Whether fitAsync fits `model` (an estimator) in parts on more than one worker (see splitOf).
export async function fitsInParts(model, y) {
  const params = model.getParams();
  return splitOf({ estimator: model.constructor.metadata?.name, params }, y) !== null && (await workersFor(params.nJobs)) > 1;
}

// Forests save their members as trees, bagging (an ensemble of any estimator) as members.
const memberList = (params) => ('estimator' in params ? 'members' : 'trees');
const unfitted = (json) => ({ ...json, fitted: false, state: undefined, labels: undefined });

// [first, end) of each of `count` slices of [from, to), in order, as even as can be.
const cut = (from, to, count) => Array.from({ length: count }, (_, k) => [k, k + 1].map((j) => from + Math.floor(((to - from) * j) / count)));

// The members still to fit (all, or those past the fitted ones with warmStart), cut into one slice
// per worker; each worker fits its slice (the ensemble's members depend on randomState and their
// index alone) and the slices, sent back in binary, are joined in index order: the model of one fit,
// whatever nJobs. The out-of-bag values need every member and the data: one warm refit in a worker,
// which fits no member, computes them.
async function fitSlices(model, json, X, y, fitOptions, workers, models, { signal, onProgress }) {
  const { fromPortable, toPortable, joinPortable } = models;
  const { params } = json;
  const list = memberList(params);
  const warm = params.warmStart && json.fitted;
  const kept = warm ? json.state[list].length : 0;
  const missing = params.nEstimators - kept;
  const pool = sharedPool(await workersFor(-1));
  if (missing < 1) return fromPortable(await pool.run('fit', { model: json, X, y, options: fitOptions }, { signal, onProgress }));
  const count = Math.min(workers, missing);
  const bounds = cut(kept, params.nEstimators, count);
  const slices = bounds.map(([first, end]) => {
    const sliceParams = { ...params, firstEstimator: params.firstEstimator + first, nEstimators: end - first, warmStart: false, nJobs: 1 };
    if ('oobScore' in params) sliceParams.oobScore = false; // scored once, by the warm refit over every member
    return { model: { ...unfitted(json), params: sliceParams } };
  });
  // Members fitted in each slice: reported by the fit member by member (forests), else the whole
  // slice as it ends (bagging).
  const done = new Array(count).fill(0);
  const progress = onProgress && ((k, fitted) => done[k] !== fitted && ((done[k] = fitted), onProgress(kept + done.reduce((a, b) => a + b), params.nEstimators)));
  const sliceDone = progress && ((_done, _count, k) => progress(k, bounds[k][1] - bounds[k][0]));
  const fitted = await runEach('fitSlice', slices, workers, { X, y, options: fitOptions }, { signal, onProgress: progress, onTaskDone: sliceDone });
  const parts = [...(warm ? [toPortable(model)] : []), ...fitted];
  // The join keeps the first part's state: a fitted model's out-of-bag values, which a refit without
  // oobScore drops (as fit does), and the warm refit recomputes with it.
  const outOfBag = params.oobScore || (warm && (json.state.oobScore != null || json.state.oobValues != null));
  if (!outOfBag) return joinPortable(parts, list, params);
  const joined = joinPortable(parts, list, { ...params, warmStart: true });
  try {
    return fromPortable(await pool.run('fit', { model: toPortable(joined), X, y, options: fitOptions, params }, { signal }));
  } finally {
    joined.dispose();
  }
}

// An onTaskDone for runAll that passes onProgress (k, n): k of the n tasks done.
export const tasksDone = (onProgress) => onProgress && ((done, total) => onProgress(done, total));

// runAll's results, in task order; the first failure rejects.
async function runEach(kind, tasks, workers, data, options) {
  const settled = await runAll(kind, tasks, workers, data, options);
  const failed = settled.find((s) => s.failed);
  if (failed) throw failed.reason;
  return settled.map((s) => s.value);
}

// Starts are pooled when there are several and the estimator draws them (a count it decides itself,
// 'auto', or given initial centres run in one worker).
const fitsRuns = (params) => Number.isInteger(params.nInit) && params.nInit > 1 && typeof (params.init ?? '') === 'string';

// Whether the fit over starts a, then b keeps b: the rules of the core's loops over starts
// (cluster/kmeans.cpp, mixture/gaussian_mixture.cpp), so that the first best start wins.
const keepsLater = {
  KMeans: (a, b) => b.inertia < a.inertia && !sameClustering(a.labels, b.labels),
  GaussianMixture: (a, b) => b.lowerBound > a.lowerBound,
};

// Two labelings name the same partition, up to renaming (scikit-learn's _is_same_clustering).
function sameClustering(a, b) {
  const renamed = new Map();
  for (let i = 0; i < a.length; i++) {
    if (!renamed.has(a[i])) renamed.set(a[i], b[i]);
    else if (renamed.get(a[i]) !== b[i]) return false;
  }
  return true;
}

// Each start run in a task of its own (start r depends on randomState and r alone); the starts'
// models come back in order and the best is kept as the sequential loop keeps it: the model of one
// fit, whatever nJobs.
async function fitRuns(model, json, X, y, fitOptions, workers, models, { signal, onProgress }) {
  const { params } = json;
  const starts = Array.from({ length: params.nInit }, (_, r) => ({ model: { ...unfitted(json), params: { ...params, firstInit: params.firstInit + r, nInit: 1, nJobs: 1 } } }));
  const runs = (await runEach('fitSlice', starts, workers, { X, y, options: fitOptions }, { signal, onTaskDone: tasksDone(onProgress) })).map(models.fromPortable);
  const keeps = keepsLater[json.estimator];
  const best = runs.reduce((kept, run) => (keeps(kept, run) ? run : kept));
  for (const run of runs) if (run !== best) run.dispose();
  return best.setParams({ firstInit: params.firstInit, nInit: params.nInit, nJobs: params.nJobs });
}

// The members of one-vs-rest (one per class, one for two classes) and one-vs-one (one per pair of
// classes) for labels y; NaN for a y of another form (a multi-label matrix), whose fit is not split.
function membersOf(estimator, y) {
  const scalars = (Array.isArray(y) || ArrayBuffer.isView(y)) && !(Array.isArray(y[0]) || ArrayBuffer.isView(y[0]));
  const classes = scalars ? new Set(y).size : NaN;
  return estimator === 'OneVsRestClassifier' ? (classes === 2 ? 1 : classes) : (classes * (classes - 1)) / 2;
}

// The members cut into one slice per worker (each member is fitted on its relabelling of y alone) and
// the slices joined in order: the model of one fit, whatever nJobs.
async function fitMemberSlices(model, json, X, y, fitOptions, workers, models, { signal, onProgress }) {
  const { params } = json;
  const total = membersOf(json.estimator, y);
  const bounds = cut(0, total, Math.min(workers, total));
  const slices = bounds.map(([first, end]) => ({ model: { ...unfitted(json), params: { ...params, firstMember: first, nMembers: end - first, nJobs: 1 } } }));
  let fitted = 0; // members in the slices done
  const progress = onProgress && ((_done, _slices, k) => onProgress((fitted += bounds[k][1] - bounds[k][0]), total));
  return models.joinPortable(await runEach('fitSlice', slices, workers, { X, y, options: fitOptions }, { signal, onTaskDone: progress }), 'members', params);
}

// The one pool shared by nJobs and fitAsync, as large as the most workers asked for; a call that asked
// for fewer keeps at most that many of its tasks running (see runAll).
let shared = null;
function sharedPool(size) {
  shared ??= new WorkerPool(size);
  shared.grow(size);
  return shared;
}

// Every task of `kind` on the shared pool, at most `workers` at a time, each worker receiving `data`
// once; settled results ({ value } or { failed, reason }) in task order. An aborted `signal` cancels
// the tasks not yet done; onProgress(k, ...report) receives task k's reports; onTaskDone(done, total, k)
// is called as task k settles, done counting the tasks settled so far (1, 2, ... total).
export async function runAll(kind, payloads, workers, data, { signal, onProgress, onTaskDone } = {}) {
  const pool = sharedPool(workers);
  const job = pool.job(data);
  const settled = new Array(payloads.length);
  let next = 0;
  let done = 0;
  const lane = async () => {
    for (let k = next++; k < payloads.length; k = next++) {
      const reports = onProgress && ((...report) => onProgress(k, ...report));
      settled[k] = await pool.run(kind, payloads[k], { job, signal, onProgress: reports }).then((value) => ({ value }), (reason) => ({ reason, failed: true }));
      if (!signal?.aborted) onTaskDone?.(++done, payloads.length, k);
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, payloads.length) }, lane));
  pool.release(job);
  return settled;
}

// The methods of X that an estimator also runs on the pool, as <name>Async: the k-nearest estimators'
// (their nJobs names the workers) predict, predictProba and kneighbors.
export const pooledMethods = (meta) =>
  meta.family === 'neighbors' && meta.params.some((p) => p.name === 'nJobs') ? ['predict', 'predictProba', 'kneighbors'].filter((name) => meta.methods.includes(name)) : [];

// model.<method>Async (a method pooledMethods names; `args` the method's arguments after X): X cut
// into one block of rows per worker (nJobs), the fitted model sent once to each, the blocks' results
// joined in order, so the result is the method's in this thread, where it runs with one worker. An
// aborted signal rejects with an AbortError.
export async function callInWorkers(model, method, X, args, options, models) {
  const { signal, ...rest } = options ?? {};
  if (options !== undefined && (options === null || typeof options !== 'object' || Object.keys(rest).length)) throw new Error(`${method}Async takes { signal } as its last argument, got ${options === null || typeof options !== 'object' ? String(options) : Object.keys(rest).join(', ')}`);
  checkSignal(signal, `${method}Async`);
  if (signal?.aborted) throw new AbortError();
  const x = toMatrix(X);
  const workers = Math.min(await workersFor(model.getParams().nJobs), x.rows);
  if (workers <= 1) return model[method](x, ...args);
  // Copies (slice), not views: a view would carry all of X's buffer to every worker.
  const blocks = cut(0, x.rows, workers).map(([first, end]) => ({ method, args, X: new DenseMatrix(x.data.slice(first * x.cols, end * x.cols), end - first, x.cols) }));
  return joinRows(await runEach('call', blocks, workers, { model: models.toPortable(model) }, { signal }));
}

// Results of consecutive blocks of rows joined: arrays and typed arrays, matrices (which come from a
// worker as plain { data, rows, cols }), and objects of those (kneighbors' distances and indices).
function joinRows(parts) {
  const [first] = parts;
  if (Array.isArray(first)) return parts.flat();
  if (ArrayBuffer.isView(first)) {
    const joined = new first.constructor(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (joined.set(p, at), at + p.length), 0);
    return joined;
  }
  if ('rows' in first) return new DenseMatrix(joinRows(parts.map((p) => p.data)), parts.reduce((n, p) => n + p.rows, 0), first.cols);
  return Object.fromEntries(Object.keys(first).map((key) => [key, joinRows(parts.map((p) => p[key]))]));
}

// Stops the shared pool's workers (they restart when needed).
export function terminatePools() {
  shared?.terminate();
}
