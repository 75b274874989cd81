// Worker side of model selection (the library's crossValScore and GridSearchCV on a figure's data):
//   crossValidation  the figure's model scored by 5-fold cross-validation on the training points,
//                    and for a classifier its confusion matrix on the test points
//   tune             a grid search over one option: train and cross-validated score per value (the
//                    validation curve) and the best value
//   alphaByCV        the lasso's regularisation path with the cross-validated error at every α of it
//   codeBook         an output-code classifier's code words, fitted on the training points
// Each takes the worker's `prepare` (worker.js) and `pool` ({ workers, signal, onProgress }: the
// folds run on that many workers of the library's pool, pooled.js; an aborted signal rejects with an
// AbortError; onProgress(k, n) as each fit is done) and returns its answer.
import * as wl from 'wasmlearn';
import { basisSteps, regularisationPath } from './paths.js';

export const FOLDS = 5;

// Shuffled folds, seeded: the generated datasets come ordered (by class, along x), and folds cut
// in that order would test each model on a region or a class it never saw.
function folds(kind) {
  const options = { nSplits: FOLDS, shuffle: true, randomState: 0 };
  return kind === 'classifier' ? new wl.StratifiedKFold(options) : new wl.KFold(options);
}

// The estimator of `spec` as cross-validation must see it and its training rows: on a 1-D dataset
// with a basis, a pipeline of the basis and the model, so each fold refits the basis (the scaler
// of the powers) on its own training rows. `key(name)` addresses an option in it.
function candidate(prepare, { dataset, edits, model: spec }) {
  const Model = wl[spec.name];
  const meta = Model?.metadata;
  if (typeof Model !== 'function' || !meta) throw new Error(`no estimator named ${spec.name} in this build`);
  if (meta.kind !== 'classifier' && meta.kind !== 'regressor') throw new Error(`${spec.name} is a ${meta.kind}: cross-validation scores classifiers and regressors`);
  const p = prepare({ ...dataset, basis: 'none' }, edits, meta);
  if (p.train.length === 0) throw new Error('no training points: add some points or lower testSize');
  const withBasis = p.curve && meta.kind === 'regressor' && dataset.basis && dataset.basis !== 'none';
  const model = new Model(spec.params ?? {});
  const estimator = withBasis ? wl.makePipeline(...basisSteps(dataset.basis, dataset.basisSize), model) : model;
  const step = meta.name.toLowerCase(); // makePipeline's name of the model's step
  return {
    p, meta, estimator,
    X: p.rows(p.train), y: p.target(p.train),
    // An option of the model, or (a name with '__') of a step of the pipeline.
    key: (name) => (withBasis && !name.includes('__') ? `${step}__${name}` : name),
    metric: meta.kind === 'classifier' ? 'accuracy' : 'R²',
  };
}

const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
const std = (v) => Math.sqrt(mean(v.map((x) => (x - mean(v)) ** 2)));

export async function crossValidation(msg, prepare, { workers, signal, onProgress }) {
  const c = candidate(prepare, msg);
  try {
    const scores = Array.from(await wl.crossValScore(c.estimator, c.X, c.y, { cv: folds(c.meta.kind), nJobs: workers, signal, onProgress }));
    const answer = { metric: c.metric, scores, mean: mean(scores), std: std(scores), confusion: null };
    if (c.meta.kind === 'classifier') answer.confusion = confusion(c);
    return answer;
  } finally {
    c.estimator.dispose();
    c.p.dispose();
  }
}

// The model fitted on the training points, counted on the test points: true class (rows) against
// predicted class (columns), over every class of the data (a class absent from the test points
// keeps its row and column).
function confusion({ p, estimator, X, y }) {
  const labels = [...new Set(p.d.c)].sort((a, b) => a - b);
  const names = labels.map((c) => p.d.classNames?.[c] ?? `class ${c}`);
  if (p.held.length === 0) return { labels, names, matrix: null };
  estimator.fit(X, y);
  const predicted = estimator.predict(p.rows(p.held));
  const m = wl.metrics.confusionMatrix(p.target(p.held), predicted, { labels });
  return { labels, names, matrix: Array.from({ length: m.rows }, (_, r) => Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols))) };
}

// One grid search over `param` (refit: false, only the scores are wanted).
async function search(c, param, values, scoring, { workers, signal, onProgress }) {
  const grid = new wl.GridSearchCV(c.estimator, { [c.key(param)]: values }, { cv: folds(c.meta.kind), returnTrainScore: true, refit: false, scoring, nJobs: workers });
  await grid.fit(c.X, c.y, { signal, onProgress });
  const r = grid.cvResults;
  return { train: Array.from(r.meanTrainScore), test: Array.from(r.meanTestScore), testStd: Array.from(r.stdTestScore), bestIndex: grid.bestIndex };
}

// { values, train, test, testStd (per value), bestIndex, best, metric }; with `scoring`
// 'neg_mean_squared_error' the scores are negated errors, as scikit-learn's.
export async function tune(msg, prepare, pool) {
  const c = candidate(prepare, msg);
  try {
    const s = await search(c, msg.param, msg.values, msg.scoring, pool);
    return { values: msg.values, ...s, best: msg.values[s.bestIndex], metric: msg.scoring ?? c.metric, nTrain: c.p.train.length };
  } finally {
    c.estimator.dispose();
    c.p.dispose();
  }
}

// The regularisation path of a Lasso / ElasticNet on the training points (60 values of α), and
// the mean squared error of 5-fold cross-validation at every other α of it: { alphas, coefs, names,
// values (the α cross-validated), train, test, testStd, bestIndex (into values), best } (errors
// positive).
export async function alphaByCV(msg, prepare, pool) {
  const c = candidate(prepare, msg);
  try {
    const path = regularisationPath(msg.model.name, { ...msg.model.params, alpha: 0 }, c.X, c.y);
    const values = path.alphas.filter((_, i) => i % 2 === 0);
    const s = await search(c, 'alpha', values, 'neg_mean_squared_error', pool);
    const errors = (v) => v.map((x) => -x);
    return { ...path, names: c.p.featureNames, values, train: errors(s.train), test: errors(s.test), testStd: s.testStd, bestIndex: s.bestIndex, best: values[s.bestIndex] };
  } finally {
    c.estimator.dispose();
    c.p.dispose();
  }
}

// An OutputCodeClassifier fitted on the training points: its code book (one row of ±1 per class)
// and its test accuracy.
export function codeBook(msg, prepare) {
  const c = candidate(prepare, msg);
  try {
    c.estimator.fit(c.X, c.y);
    const book = c.estimator.codeBook;
    const rows = Array.from({ length: book.rows }, (_, r) => Array.from(book.data.subarray(r * book.cols, (r + 1) * book.cols)));
    const test = c.p.held.length ? c.estimator.score(c.p.rows(c.p.held), c.p.target(c.p.held)) : null;
    return { classes: Array.from(c.estimator.classes), rows, test };
  } finally {
    c.estimator.dispose();
    c.p.dispose();
  }
}

export const requests = { crossValidation, tune, alphaByCV, codeBook };
export const pooledRequests = new Set(['crossValidation', 'tune', 'alphaByCV']);
