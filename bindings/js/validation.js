// Cross-validation, as sklearn.model_selection: crossValScore, crossValidate, crossValPredict,
// validationCurve, learningCurve. They return Promises; every fold is one call of fitAndScore (a
// task: parameters, train rows, test rows -> scores and times), run in the calling thread (nJobs 1,
// the default) or on a pool of workers (pool.js), combined by index so the results do not depend on
// nJobs. Times are in seconds, as scikit-learn's.
import { DenseMatrix, toMatrix, labelKind } from './arrays.js';
import { clone, isModel, kindOf } from './clone.js';
import { loadModel } from './estimator.js';
import { AbortError, checkOnProgress, checkPortable, checkSignal, runAll, tasksDone, workersFor } from './pool.js';
import { scorers } from './scoring.js';
import { KFold, StratifiedKFold, checkBoolean, isSplitter, sampleCount, seedsFrom, permutation } from './splitters.js';

const now = () => performance.now() / 1000;
const capitalised = (s) => s[0].toUpperCase() + s.slice(1);
const camel = (s) => s.replace(/_(.)/g, (_, c) => c.toUpperCase());
// scikit-learn's result key `${prefix}_${scorer name}` in camelCase: testScore, trainNegLogLoss, ...
export const resultKey = (prefix, name) => prefix + capitalised(camel(name));

export function checkModel(estimator, owner) {
  if (!isModel(estimator)) throw new Error(`${owner} needs a wasmlearn estimator, pipeline or search as estimator, got ${estimator === null ? 'null' : typeof estimator}`);
}

export function checkOwnOptions(owner, options, valid) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new Error(`${owner} options must be an object`);
  for (const key of Object.keys(options))
    if (!valid.includes(key)) throw new Error(`Unknown option '${key}' for ${owner}; valid options: ${valid.join(', ')}`);
  return options;
}

export function checkErrorScore(errorScore) {
  if (errorScore !== 'raise' && typeof errorScore !== 'number') throw new Error(`errorScore must be 'raise' or a number (NaN allowed), got ${errorScore}`);
  return errorScore;
}

// Rows holding strings (categorical columns, for the encoders) stay an array of rows.
const isTable = (X) => Array.isArray(X) && X.some((row) => Array.isArray(row) && row.some((v) => typeof v === 'string'));

// The data of a cross-validation, normalised once: X as a matrix (or the array of rows it is, when
// it holds strings), y and groups as given.
export function dataOf(X, y, groups) {
  const x = isTable(X) ? X : toMatrix(X);
  const rows = sampleCount(x);
  const count = (v) => (v == null ? rows : Number.isInteger(v.rows) ? v.rows : v.length);
  if (count(y) !== rows) throw new Error(`y has ${count(y)} entries but X has ${rows} rows`);
  if (count(groups) !== rows) throw new Error(`groups has ${count(groups)} entries but X has ${rows} rows`);
  return { X: isTable(X) ? X : new DenseMatrix(x.data, x.rows, x.cols), y, groups };
}

// Rows `indices` of a matrix, labels, targets or a matrix of targets, in the form given.
export function takeRows(v, indices) {
  if (v == null) return v;
  if (Array.isArray(v)) return Array.from(indices, (i) => v[i]);
  if (ArrayBuffer.isView(v)) return v.constructor.from(indices, (i) => v[i]);
  const m = toMatrix(v, 'y');
  const out = new m.data.constructor(indices.length * m.cols);
  indices.forEach((i, r) => out.set(m.data.subarray(i * m.cols, (i + 1) * m.cols), r * m.cols));
  return new DenseMatrix(out, indices.length, m.cols);
}

const isLabels = (y) => {
  if (y == null || !(Array.isArray(y) || ArrayBuffer.isView(y))) return false;
  if (Array.isArray(y) && y.length && typeof y[0] === 'object') return false; // rows of several targets
  labelKind(y);
  return true;
};

// cv as scikit-learn's check_cv: undefined (5 folds) or an integer number of folds (StratifiedKFold
// for classifiers with labels, KFold otherwise), a splitter, or a list of [train, test] / { train, test }.
// Returns { folds: [{ train, test }], warnings }.
export function foldsOf(cv, estimator, data) {
  let splitter = cv ?? 5;
  if (typeof splitter === 'number') {
    if (!Number.isInteger(splitter) || splitter < 2) throw new Error(`cv must be an integer at least 2, a splitter or a list of [train, test] index pairs, got ${cv}`);
    const stratify = kindOf(estimator) === 'classifier' && isLabels(data.y);
    splitter = stratify ? new StratifiedKFold({ nSplits: splitter }) : new KFold({ nSplits: splitter });
  }
  if (isSplitter(splitter)) {
    const folds = [...splitter.split(data.X, data.y, data.groups)];
    return { folds, warnings: [...(splitter.warnings ?? [])] };
  }
  if (!Array.isArray(splitter) || splitter.length === 0) throw new Error('cv must be an integer, a splitter or a non-empty list of [train, test] index pairs');
  const n = sampleCount(data.X);
  const indices = (list, what) => {
    if (!Array.isArray(list) && !ArrayBuffer.isView(list)) throw new Error(`cv: each ${what} must be an array of row indices`);
    const out = Int32Array.from(list);
    if (out.some((i, k) => i < 0 || i >= n || i !== list[k])) throw new Error(`cv: ${what} indices must be integers in [0, ${n - 1}]`);
    return out;
  };
  const folds = splitter.map((pair) => {
    const [train, test] = Array.isArray(pair) ? pair : [pair?.train, pair?.test];
    return { train: indices(train, 'train'), test: indices(test, 'test') };
  });
  return { folds, warnings: [] };
}

// One fold: a clone of `estimator` with `params` fitted on the train rows and scored on the test rows
// (and the train rows when asked). A failed fit or score gives errorScore for every score ('raise':
// the error is thrown) and a message in `failure`. Async because a search's fit is (nested searches).
export async function fitAndScore(task, data) {
  const { estimator, params = {}, train, test, returnTrainScore = false, returnEstimator = false } = task;
  const { errorScore = NaN, fitOptions } = task;
  const scoring = scorers(task.scoring);
  const model = clone(estimator);
  if (Object.keys(params).length) model.setParams(params);
  const X = takeRows(data.X, train), y = takeRows(data.y, train);
  const foldFitOptions = fitOptionsFor(fitOptions, train, sampleCount(data.X));
  const result = { testScores: {}, trainScores: returnTrainScore ? {} : undefined, fitTime: 0, scoreTime: 0, failure: null };
  const score = (Xs, ys) => Object.fromEntries([...scoring].map(([name, s]) => [name, checkedScore(name, s(model, Xs, ys))]));
  let start = now();
  try {
    await model.fit(X, y, foldFitOptions);
    result.fitTime = now() - start;
    start = now();
    result.testScores = score(takeRows(data.X, test), takeRows(data.y, test));
    result.scoreTime = now() - start;
    if (returnTrainScore) result.trainScores = score(X, y);
  } catch (e) {
    if (errorScore === 'raise') throw e;
    result.failure = e.message;
    result.fitTime = now() - start;
    for (const name of scoring.keys()) {
      result.testScores[name] = errorScore;
      if (returnTrainScore) result.trainScores[name] = errorScore;
    }
  }
  // The fold's WASM memory is freed now rather than whenever the garbage collector runs.
  if (returnEstimator) result.estimator = model;
  else model.dispose();
  return result;
}

// Fit options with one entry per sample (sampleWeight, step__sampleWeight) restricted to the fold's
// training rows, as scikit-learn's _check_fit_params; the others as given.
export function fitOptionsFor(fitOptions, train, n) {
  if (fitOptions == null) return fitOptions;
  const perSample = (v) => (Array.isArray(v) || ArrayBuffer.isView(v)) && v.length === n;
  return Object.fromEntries(Object.entries(fitOptions).map(([key, v]) => [key, perSample(v) ? takeRows(v, train) : v]));
}

// The scoring as given, once checked by building its scorers.
const checkedScoring = (scoring) => (scorers(scoring), scoring);

function checkedScore(name, value) {
  if (typeof value !== 'number') throw new Error(`scoring '${name}' must return a number, got ${typeof value}`);
  return value;
}

// One fold of crossValPredict: `method`'s output on the test rows of a clone fitted on the train rows,
// and the classes that clone saw (classifiers).
export async function predictFold({ estimator, train, test, fitOptions, method, byClass }, data) {
  const model = clone(estimator);
  try {
    await model.fit(takeRows(data.X, train), takeRows(data.y, train), fitOptionsFor(fitOptions, train, sampleCount(data.X)));
    return { part: model[method](takeRows(data.X, test)), classes: byClass ? Array.from(model.classes) : null };
  } finally {
    model.dispose();
  }
}

// A task as it crosses to a worker: the estimator as its (unfitted) model JSON.
function portableTask(task) {
  if (typeof task.estimator.toJSON !== 'function') throw new Error('nJobs other than 1 needs an estimator or pipeline (a search inside a cross-validation runs with nJobs 1)');
  const { estimator, ...rest } = task;
  checkPortable(rest.scoring, 'scoring');
  checkPortable(rest.fitOptions, 'fit options');
  return { ...rest, estimator: estimator.toJSON() };
}

// A task back from the wire (in a worker): the estimator rebuilt from its JSON.
export const taskFromPortable = (task) => ({ ...task, estimator: loadModel(task.estimator) });

// `run` over the tasks, in this thread (nJobs 1) or as `kind` (a handler of pool_tasks.js) on a pool of
// nJobs workers, which each receive the data once; results in task order. When tasks fail, the first
// failure in task order rejects, after every task has settled (the pool stays usable). An aborted
// `signal` rejects with an AbortError: in this thread it is seen between tasks (the thread yields to
// the event loop there), on the pool it cancels the running and waiting tasks. onProgress(k, n) is
// called as each task finishes, k counting the tasks done (in the order they finish on the pool).
export async function mapTasks(kind, run, tasks, data, { nJobs, signal, onProgress }) {
  const workers = await workersFor(nJobs);
  if (workers === 1) {
    const results = [];
    for (const task of tasks) {
      if (signal) await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal?.aborted) throw new AbortError();
      results.push(await run(task, data));
      onProgress?.(results.length, tasks.length);
    }
    return results;
  }
  const portable = tasks.map(portableTask);
  const settled = await runAll(kind, portable, workers, { X: data.X, y: data.y }, { signal, onTaskDone: tasksDone(onProgress) });
  if (signal?.aborted) throw new AbortError();
  const failed = settled.find((s) => s.failed);
  if (failed) throw failed.reason;
  return settled.map((s) => s.value);
}

// Every fold of a cross-validation; all failing is an error (as scikit-learn), some failing a warning.
// `run`: { nJobs, signal, onProgress } as mapTasks takes them.
export async function runFolds(tasks, data, run) {
  const results = await mapTasks('fitAndScore', fitAndScore, tasks, data, run);
  for (const r of results) if (r.estimatorJSON) r.estimator = loadModel(r.estimatorJSON);
  const failures = results.filter((r) => r.failure !== null);
  if (failures.length === results.length)
    throw new Error(`All the ${results.length} fits failed; the first error: ${failures[0].failure}`);
  const warnings = failures.length ? [`${failures.length} of the ${results.length} fits failed and were scored errorScore; the first error: ${failures[0].failure}`] : [];
  return { results, warnings };
}

const cvOptions = ['groups', 'scoring', 'cv', 'fitParams', 'errorScore', 'nJobs', 'signal', 'onProgress'];

// How a cross-validation runs its fits: on nJobs workers, cancelled by signal, each fit done reported
// to onProgress(k, n).
const runOptions = (owner, o) => ({ nJobs: o.nJobs, signal: checkSignal(o.signal, owner), onProgress: checkOnProgress(o.onProgress, owner) });

// crossValidate's result: testScore / test<Name> per scorer, fitTime, scoreTime, and on request
// trainScore..., estimator (the fitted clones), indices ({ train, test } lists).
export async function crossValidate(estimator, X, y, options) {
  checkModel(estimator, 'crossValidate');
  const o = checkOwnOptions('crossValidate', options, [...cvOptions, 'returnTrainScore', 'returnEstimator', 'returnIndices']);
  for (const name of ['returnTrainScore', 'returnEstimator', 'returnIndices'])
    if (o[name] !== undefined) checkBoolean(`crossValidate: ${name}`, o[name]);
  const data = dataOf(X, y, o.groups);
  const scoring = scorers(o.scoring);
  const { folds } = foldsOf(o.cv, estimator, data);
  const common = { estimator, scoring: o.scoring, fitOptions: o.fitParams, errorScore: checkErrorScore(o.errorScore ?? NaN) };
  const { results } = await runFolds(
    folds.map((f) => ({ ...common, ...f, returnTrainScore: o.returnTrainScore === true, returnEstimator: o.returnEstimator === true })),
    data,
    runOptions('crossValidate', o),
  );
  const out = { fitTime: Float64Array.from(results, (r) => r.fitTime), scoreTime: Float64Array.from(results, (r) => r.scoreTime) };
  for (const name of scoring.keys()) {
    out[resultKey('test', name)] = Float64Array.from(results, (r) => r.testScores[name]);
    if (o.returnTrainScore) out[resultKey('train', name)] = Float64Array.from(results, (r) => r.trainScores[name]);
  }
  if (o.returnEstimator) out.estimator = results.map((r) => r.estimator);
  if (o.returnIndices) out.indices = { train: folds.map((f) => f.train), test: folds.map((f) => f.test) };
  return out;
}

// The test scores of one scorer, one per fold.
export async function crossValScore(estimator, X, y, options) {
  const o = checkOwnOptions('crossValScore', options, cvOptions);
  if (o.scoring !== undefined && typeof o.scoring !== 'string' && typeof o.scoring !== 'function')
    throw new Error('crossValScore takes one scoring (a string or a function); use crossValidate for several');
  return (await crossValidate(estimator, X, y, o)).testScore;
}

// The prediction for every sample from the fold that tested it (the folds must partition the samples).
export async function crossValPredict(estimator, X, y, options) {
  checkModel(estimator, 'crossValPredict');
  const o = checkOwnOptions('crossValPredict', options, ['groups', 'cv', 'fitParams', 'method', 'nJobs', 'signal', 'onProgress']);
  const method = o.method ?? 'predict';
  if (!['predict', 'predictProba', 'decisionFunction', 'transform'].includes(method))
    throw new Error(`method must be 'predict', 'predictProba', 'decisionFunction' or 'transform', got ${method}`);
  if (typeof estimator[method] !== 'function') throw new Error(`crossValPredict: this estimator has no ${method}`);
  const data = dataOf(X, y, o.groups);
  const { folds } = foldsOf(o.cv, estimator, data);
  const seen = new Int32Array(sampleCount(data.X));
  for (const f of folds) for (const i of f.test) seen[i]++;
  if (seen.some((c) => c !== 1)) throw new Error('crossValPredict only works for partitions: every sample must be in exactly one test fold');
  const byClass = ['predictProba', 'decisionFunction'].includes(method) && kindOf(estimator) === 'classifier';
  const allClasses = byClass ? [...new Set(Array.from(data.y))].sort(compareLabels) : null;
  const tasks = folds.map((f) => ({ estimator, ...f, fitOptions: o.fitParams, method, byClass }));
  const parts = await mapTasks('predictFold', predictFold, tasks, data, runOptions('crossValPredict', o));
  let out = null;
  for (const [k, { test }] of folds.entries()) {
    const { classes } = parts[k];
    let part = asMatrix(parts[k].part);
    // A fold that lacks a class predicts no column for it: probability 0 there (as scikit-learn); a
    // decision function has no such neutral value here.
    if (allClasses && classes.length < allClasses.length && method === 'decisionFunction')
      throw new Error(`crossValPredict(method: 'decisionFunction'): a training fold holds ${classes.length} of the ${allClasses.length} classes; use a stratified cv`);
    if (allClasses) part = spreadColumns(part, classes, allClasses);
    out ??= emptyLike(part, sampleCount(data.X));
    scatter(out, part, test);
  }
  return out;
}

const compareLabels = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
// A matrix that came back from a worker is a plain { data, rows, cols }.
const asMatrix = (p) => (!Array.isArray(p) && !ArrayBuffer.isView(p) && !(p instanceof DenseMatrix) ? new DenseMatrix(p.data, p.rows, p.cols) : p);

function spreadColumns(p, classes, allClasses) {
  if (classes.length === allClasses.length) return p;
  const column = classes.map((c) => allClasses.indexOf(c));
  const out = new Float64Array(p.rows * allClasses.length);
  for (let i = 0; i < p.rows; i++) for (let j = 0; j < p.cols; j++) out[i * allClasses.length + column[j]] = p.data[i * p.cols + j];
  return new DenseMatrix(out, p.rows, allClasses.length);
}

function emptyLike(part, n) {
  if (part instanceof DenseMatrix) return new DenseMatrix(new part.data.constructor(n * part.cols), n, part.cols);
  return Array.isArray(part) ? new Array(n) : new part.constructor(n);
}

function scatter(out, part, rows) {
  if (!(out instanceof DenseMatrix)) return rows.forEach((i, r) => (out[i] = part[r]));
  rows.forEach((i, r) => out.data.set(part.data.subarray(r * part.cols, (r + 1) * part.cols), i * part.cols));
}

// Train and test scores of one scorer as DenseMatrix (one row per setting, one column per fold).
function scoreMatrices(results, rows, cols) {
  const of = (which) => new DenseMatrix(Float64Array.from(results, (r) => r[which].score), rows, cols);
  return { trainScores: of('trainScores'), testScores: of('testScores') };
}

// Train and test scores for each value of one parameter: { trainScores, testScores } (values x folds).
export async function validationCurve(estimator, X, y, options) {
  checkModel(estimator, 'validationCurve');
  const o = checkOwnOptions('validationCurve', options, [...cvOptions, 'paramName', 'paramRange']);
  if (typeof o.paramName !== 'string') throw new Error('validationCurve needs paramName, the name of the parameter to vary');
  if (!Array.isArray(o.paramRange) || o.paramRange.length === 0) throw new Error('validationCurve needs paramRange, a non-empty array of values');
  if (o.scoring !== undefined && typeof o.scoring !== 'string' && typeof o.scoring !== 'function') throw new Error('validationCurve takes one scoring');
  const data = dataOf(X, y, o.groups);
  const { folds } = foldsOf(o.cv, estimator, data);
  const common = { estimator, scoring: checkedScoring(o.scoring), fitOptions: o.fitParams, errorScore: checkErrorScore(o.errorScore ?? NaN), returnTrainScore: true };
  const tasks = o.paramRange.flatMap((value) => folds.map((f) => ({ ...common, ...f, params: { [o.paramName]: value } })));
  return scoreMatrices((await runFolds(tasks, data, runOptions('validationCurve', o))).results, o.paramRange.length, folds.length);
}

// Absolute training sizes: all values in (0, 1] are fractions of the largest training set (floored,
// at least 1), else all must be counts in [1, nMax]; sorted, duplicates dropped (as scikit-learn).
function trainSizesOf(sizes, nMax) {
  if (!Array.isArray(sizes) && !ArrayBuffer.isView(sizes)) throw new Error('trainSizes must be an array of fractions in (0, 1] or of counts');
  const values = Array.from(sizes);
  const fractions = values.every((v) => v > 0 && v <= 1);
  if (!fractions && values.some((v) => !Number.isInteger(v) || v < 1 || v > nMax))
    throw new Error(`trainSizes must be fractions in (0, 1] or integers in [1, ${nMax}], got ${values.join(', ')}`);
  const absolute = fractions ? values.map((v) => Math.min(nMax, Math.max(1, Math.floor(v * nMax)))) : values;
  return Int32Array.from([...new Set(absolute)].sort((a, b) => a - b));
}

// Train and test scores at growing training sizes: { trainSizesAbs, trainScores, testScores } and
// with returnTimes { fitTimes, scoreTimes } (sizes x folds). With shuffle, each fold's training rows
// are put in a random order (a seed per fold drawn from randomState) before the first `size` are taken.
export async function learningCurve(estimator, X, y, options) {
  checkModel(estimator, 'learningCurve');
  const o = checkOwnOptions('learningCurve', options, [...cvOptions, 'trainSizes', 'shuffle', 'randomState', 'returnTimes']);
  if (o.scoring !== undefined && typeof o.scoring !== 'string' && typeof o.scoring !== 'function') throw new Error('learningCurve takes one scoring');
  const data = dataOf(X, y, o.groups);
  const { folds } = foldsOf(o.cv, estimator, data);
  const sizes = trainSizesOf(o.trainSizes ?? [0.1, 0.325, 0.55, 0.775, 1], folds[0].train.length);
  const seeds = o.shuffle ? seedsFrom(o.randomState ?? 0, folds.length) : null;
  const orders = folds.map((f, k) => (seeds ? Int32Array.from(permutation({ nSamples: f.train.length, randomState: seeds[k] }), (j) => f.train[j]) : f.train));
  const common = { estimator, scoring: checkedScoring(o.scoring), fitOptions: o.fitParams, errorScore: checkErrorScore(o.errorScore ?? NaN), returnTrainScore: true };
  const tasks = Array.from(sizes).flatMap((size) => folds.map((f, k) => ({ ...common, train: orders[k].subarray(0, size), test: f.test })));
  const { results } = await runFolds(tasks, data, runOptions('learningCurve', o));
  const out = { trainSizesAbs: sizes, ...scoreMatrices(results, sizes.length, folds.length) };
  if (o.returnTimes) {
    out.fitTimes = new DenseMatrix(Float64Array.from(results, (r) => r.fitTime), sizes.length, folds.length);
    out.scoreTimes = new DenseMatrix(Float64Array.from(results, (r) => r.scoreTime), sizes.length, folds.length);
  }
  return out;
}
