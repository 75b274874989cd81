// Module functions come from one declaration each: functions() lists them, the namespaces export
// them, index.d.ts and docs/api.md describe them, and their options are checked by the declaration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from 'wasmlearn';
import { wasm } from '../../bindings/js/module.js';

const root = new URL('../../', import.meta.url);
const dts = readFileSync(new URL('bindings/js/index.d.ts', root), 'utf8');
const api = readFileSync(new URL('docs/api.md', root), 'utf8');

test('every declared function is exported, typed and documented', () => {
  const all = wl.functions();
  assert.ok(all.length >= 27);
  // A nested module ("metrics.pairwise") is a namespace inside its parent's.
  const namespaceOf = (module) => module.split('.').reduce((ns, key) => ns?.[key], wl);
  for (const f of all) {
    assert.equal(typeof namespaceOf(f.module)?.[f.name], 'function', `${f.module}.${f.name} is exported`);
    assert.equal(namespaceOf(f.module)[f.name].metadata.name, f.name);
    if (f.topLevel) assert.equal(wl[f.name], namespaceOf(f.module)[f.name], `${f.name} at the top level`);
    assert.match(dts, new RegExp(`function ${f.name}[<(]`), `${f.name} in index.d.ts`);
    assert.ok(api.includes(`## ${f.module}.${f.name}(`), `${f.name} in docs/api.md`);
    for (const p of f.params) assert.ok(api.includes(`| \`${p.name}\` |`), `${f.name}'s ${p.name} in docs/api.md`);
  }
  for (const [module, names] of Object.entries({
    metrics: ['accuracyScore', 'meanSquaredError', 'meanAbsoluteError', 'r2Score', 'explainedVarianceScore',
      'medianAbsoluteError', 'meanAbsolutePercentageError', 'maxError', 'confusionMatrix', 'precisionScore', 'recallScore',
      'f1Score', 'fbetaScore', 'precisionRecallFscoreSupport', 'classificationReport', 'balancedAccuracyScore',
      'matthewsCorrcoef', 'cohenKappaScore', 'zeroOneLoss', 'logLoss', 'brierScoreLoss', 'hingeLoss', 'rocAucScore',
      'rocCurve', 'precisionRecallCurve', 'averagePrecisionScore', 'silhouetteScore', 'silhouetteSamples',
      'daviesBouldinScore', 'calinskiHarabaszScore', 'adjustedRandScore', 'normalizedMutualInfoScore', 'pairwise'],
    'metrics.pairwise': ['pairwiseKernels', 'linearKernel', 'polynomialKernel', 'rbfKernel', 'sigmoidKernel', 'pairwiseDistances'],
    linearModel: ['lassoPath', 'enetPath'],
    losses: ['zeroOne', 'logistic', 'hinge', 'squaredHinge', 'exponential', 'perceptron', 'squared', 'absolute', 'epsilonInsensitive', 'huber', 'l0', 'l1', 'l2', 'elasticNet'],
    datasets: ['makeBlobs', 'makeMoons', 'makeCircles', 'makeClassification', 'makeRegression', 'loadIris', 'loadWine',
      'loadBreastCancer', 'loadDigits', 'loadDiabetes'],
    modelSelection: [
      ...['trainTestSplit', 'permutation', 'uniformDraws'],
      // the hand-written part (model_selection_parts.js)
      ...['KFold', 'StratifiedKFold', 'RepeatedKFold', 'RepeatedStratifiedKFold', 'ShuffleSplit', 'StratifiedShuffleSplit', 'GroupKFold'],
      ...['LeaveOneOut', 'TimeSeriesSplit', 'crossValScore', 'crossValidate', 'crossValPredict', 'validationCurve', 'learningCurve'],
      ...['GridSearchCV', 'RandomizedSearchCV', 'scoringNames'],
    ],
  }))
    assert.deepEqual(Object.keys(namespaceOf(module)).sort(), names.sort(), module);
  assert.match(dts, /export interface MakeBlobsOptions \{[^}]*nSamples\?: number;/);
  assert.match(dts, /export declare function lassoPath\(X: MatrixLike, y: ArrayLike<number>, options\?: LassoPathOptions\): LassoPathResult;/);
  // functions() is a copy: changing it changes nothing.
  all[0].name = 'changed';
  assert.notEqual(wl.functions()[0].name, 'changed');
});

test('the declared defaults are what a call without options uses', () => {
  const moons = wl.functions().find((f) => f.name === 'makeMoons');
  const defaults = Object.fromEntries(moons.params.map((p) => [p.name, p.default]));
  assert.deepEqual(defaults, { nSamples: 100, noise: 0, shuffle: true, randomState: 0 });
  assert.deepEqual(wl.datasets.makeMoons().X.data, wl.datasets.makeMoons(defaults).X.data);
  assert.equal(wl.datasets.makeMoons().X.rows, 100);
});

test('unknown options, wrong types, out-of-range values and extra arguments are rejected by name', () => {
  const X = [[0], [1], [2], [3]];
  const y = [0, 1, 2, 3];
  assert.throws(() => wl.datasets.makeBlobs({ x: 1 }), {
    message: "Unknown option 'x' for makeBlobs; valid options: nSamples, nFeatures, centers, clusterStd, centerBox, shuffle, randomState",
  });
  assert.throws(() => wl.lassoPath(X, y, { positive: 'yes' }), { message: 'positive must be true or false, got "yes"' });
  assert.throws(() => wl.lassoPath(X, y, { nAlphas: 0 }), { message: 'nAlphas must be at least 1, got 0' });
  assert.throws(() => wl.lassoPath(X, y, { tol: NaN }), { message: 'tol must be a finite number, got NaN' });
  assert.throws(() => wl.trainTestSplit(X, { randomState: -1 }), { message: 'randomState must be at least 0, got -1' });
  assert.throws(() => wl.trainTestSplit(X, y, { shuffle: 1 }), { message: 'shuffle must be true or false, got 1' });
  assert.throws(() => wl.datasets.makeBlobs({ centers: [[0, 0], [1]] }), { message: 'centers is ragged: row 1 does not have 2 values' });
  assert.throws(() => wl.datasets.makeMoons(5), { message: 'makeMoons options must be an object, got number' });
  assert.throws(() => wl.losses.huber([1], 'wide'), { message: 'delta must be a number, got "wide"' });
  assert.throws(() => wl.losses.huber([1], 0), { message: 'delta must be greater than 0, got 0' });
  assert.throws(() => wl.metrics.adjustedRandScore([1], [1], {}), { message: 'adjustedRandScore takes 2 arguments, got 3' });
  assert.throws(() => wl.losses.hinge([1], 2), { message: 'hinge takes 1 argument, got 2' });
  assert.throws(() => wl.datasets.loadIris({}), { message: 'loadIris takes 0 arguments, got 1' });
  assert.throws(() => wl.metrics.meanSquaredError([1, 2], [1, 2, 3]), { message: 'yPred has 3 entries but yTrue has 2 entries' });
  assert.throws(() => wl.enetPath(X, [[1, 2], [3, 4], [5, 6], [7, 8]]), { message: 'y must be one-dimensional, got 2 columns' });
});

test('arguments keep their forms: numbers or arrays for losses, labels of any kind, typed options', () => {
  assert.equal(wl.losses.hinge(0.5), 0.5);
  assert.deepEqual(wl.losses.hinge(Float32Array.of(-1, 2)), Float64Array.of(2, 0));
  assert.equal(wl.losses.l1(Float64Array.of(1, -2)), 3);
  assert.deepEqual(wl.losses.l1({ data: [1, -2, 3, 0], rows: 2, cols: 2 }), Float64Array.of(3, 3));
  assert.equal(wl.losses.epsilonInsensitive(-3), 3 - 0.1);
  assert.equal(wl.metrics.accuracyScore(['b', 'a', 'c'], ['b', 'c', 'c']), 2 / 3);
  assert.equal(wl.metrics.accuracyScore(Float64Array.of(2, 1), [2, 2]), 0.5);
  assert.throws(() => wl.metrics.accuracyScore(['a'], [1]), { message: 'yTrue and yPred hold different kinds of labels' });
  // An explicit grid as a typed array, used in descending order.
  const X = Array.from({ length: 300 }, (_, i) => [Math.sin(i), Math.cos(3 * i), (i % 7) - 3]);
  const y = X.map((r) => 2 * r[0] - r[2]);
  const typed = wl.lassoPath(X, y, { alphas: Float64Array.of(0.01, 1) });
  const plain = wl.lassoPath(X, y, { alphas: [1, 0.01] });
  assert.deepEqual(typed.alphas, Float64Array.of(1, 0.01));
  assert.deepEqual(typed.coefs.data, plain.coefs.data);
  assert.ok(typed.nIters instanceof Int32Array && Array.isArray(typed.warnings));
  // trainTestSplit: stratify takes labels of any kind, X a { data, rows, cols } object (Float32 stays Float32).
  const labels = Array.from({ length: 300 }, (_, i) => ['x', 'y', 'z'][i % 3]);
  const data = Float32Array.from({ length: 600 }, (_, i) => i);
  const s = wl.trainTestSplit({ data, rows: 300, cols: 2 }, labels, { testSize: 30, stratify: labels, randomState: 1 });
  assert.ok(s.XTest.data instanceof Float32Array);
  assert.deepEqual([s.XTrain.rows, s.XTest.rows, s.yTest.length], [270, 30, 30]);
  for (let r = 0; r < s.XTest.rows; r++) assert.equal(s.yTest[r], labels[s.XTest.get(r, 0) / 2]);
  assert.equal(s.yTest.filter((l) => l === 'x').length, 10);
});

test('calls, failed ones too, leave nothing allocated in the WASM heap', () => {
  const X = Array.from({ length: 40 }, (_, i) => [i, i % 3]);
  const y = X.map((r) => r[0] - r[1]);
  const calls = () => {
    wl.lassoPath(X, y, { nAlphas: 5 });
    wl.trainTestSplit(X, y, { stratify: y.map((v) => v % 2), randomState: 2 });
    wl.datasets.loadIris();
    wl.losses.l2([[1, 2], [3, 4]]);
    assert.throws(() => wl.lassoPath(X, y, { eps: -1 }));
    assert.throws(() => wl.datasets.makeCircles({ factor: 2 }));
    assert.throws(() => wl.metrics.r2Score([1], [1]));
  };
  calls();
  const before = wasm.heapUsed();
  for (let i = 0; i < 5; i++) calls();
  assert.equal(wasm.heapUsed(), before);
});
