// A pool of single-threaded WebAssembly instances, one per worker: worker_threads in Node, module
// Web Workers in browsers (no pthreads, so no SharedArrayBuffer or cross-origin isolation). The .wasm
// is compiled once here and the WebAssembly.Module posted to every worker; a job's data is posted to
// each worker that runs one of its tasks once, then its tasks name the job. Results come back in
// task order whatever the worker that ran them, so they do not depend on nJobs.
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

export function checkSignal(signal, owner) {
  if (signal !== undefined && (typeof signal?.addEventListener !== 'function' || typeof signal.aborted !== 'boolean')) throw new Error(`${owner}: signal must be an AbortSignal`);
  return signal;
}

// model.fitAsync: the model's JSON fitted in one worker of the shared pool of every core, so the
// calling thread stays free; an ensemble with nJobs other than 1 is fitted in slices on that many
// workers (fitSlices). onProgress receives the fit's reports; an aborted signal rejects with an
// AbortError.
export async function fitInWorker(model, X, y, options) {
  const { signal, onProgress, ...fitOptions } = options ?? {};
  checkSignal(signal, 'fitAsync');
  if (onProgress !== undefined && typeof onProgress !== 'function') throw new Error(`onProgress must be a function, got ${typeof onProgress}`);
  checkPortable(fitOptions, 'fitAsync options');
  const json = model.toJSON();
  const workers = fitsInSlices(json.params) ? await workersFor(json.params.nJobs) : 1;
  if (workers > 1) return fitSlices(json, X, y, fitOptions, workers, { signal, onProgress });
  const pool = sharedPool(await workersFor(-1));
  return pool.run('fit', { model: json, X, y, options: fitOptions }, { signal, onProgress });
}

// Ensembles declare which of their members a model holds (firstEstimator, nEstimators), keeping
// fitted ones (warmStart) and their workers (nJobs); forests save their members as trees, bagging as
// members (a pipeline's JSON has no params).
const fitsInSlices = (params) => params !== undefined && ['firstEstimator', 'warmStart', 'nJobs'].every((name) => name in params);
const memberList = (state) => ('trees' in state ? 'trees' : 'members');

// The members still to fit (all, or those past the fitted ones with warmStart), cut into one slice
// per worker; each worker fits its slice (the ensemble's members depend on randomState and their
// index alone) and the slices are joined in index order: the model JSON of one fit, whatever nJobs.
// An out-of-bag score needs every member and the data: one warm refit in a worker, which fits no
// member, computes it.
async function fitSlices(json, X, y, fitOptions, workers, { signal, onProgress }) {
  const { params } = json;
  const kept = params.warmStart && json.fitted ? json.state[memberList(json.state)] : [];
  const missing = params.nEstimators - kept.length;
  const pool = sharedPool(await workersFor(-1));
  if (missing < 1) return pool.run('fit', { model: json, X, y, options: fitOptions }, { signal, onProgress });
  const unfitted = { ...json, fitted: false, state: undefined, labels: undefined };
  const count = Math.min(workers, missing);
  const slices = Array.from({ length: count }, (_, k) => {
    const first = kept.length + Math.floor((missing * k) / count), end = kept.length + Math.floor((missing * (k + 1)) / count);
    const sliceParams = { ...params, firstEstimator: params.firstEstimator + first, nEstimators: end - first, warmStart: false, nJobs: 1 };
    if ('oobScore' in params) sliceParams.oobScore = false; // scored once, by the warm refit over every member
    return { model: { ...unfitted, params: sliceParams } };
  });
  const done = new Array(count).fill(0);
  const progress = onProgress && ((k, fitted) => ((done[k] = fitted), onProgress(kept.length + done.reduce((a, b) => a + b), params.nEstimators)));
  const settled = await runAll('fitSlice', slices, workers, { X, y, options: fitOptions }, { signal, onProgress: progress });
  const failed = settled.find((s) => s.failed);
  if (failed) throw failed.reason;
  const fitted = settled.map((s) => s.value);
  const list = memberList(fitted[0].state);
  const joined = { ...fitted[0], params, state: { ...fitted[0].state, [list]: [...kept, ...fitted.flatMap((f) => f.state[list])] } };
  if (!params.oobScore) return joined;
  const whole = await pool.run('fit', { model: { ...joined, params: { ...params, warmStart: true } }, X, y, options: fitOptions }, { signal });
  return { ...whole, params };
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
// the tasks not yet done; onProgress(k, ...report) receives task k's reports.
export async function runAll(kind, payloads, workers, data, { signal, onProgress } = {}) {
  const pool = sharedPool(workers);
  const job = pool.job(data);
  const settled = new Array(payloads.length);
  let next = 0;
  const lane = async () => {
    for (let k = next++; k < payloads.length; k = next++) {
      const reports = onProgress && ((...report) => onProgress(k, ...report));
      settled[k] = await pool.run(kind, payloads[k], { job, signal, onProgress: reports }).then((value) => ({ value }), (reason) => ({ reason, failed: true }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, payloads.length) }, lane));
  pool.release(job);
  return settled;
}

// Stops the shared pool's workers (they restart when needed).
export function terminatePools() {
  shared?.terminate();
}
