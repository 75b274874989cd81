// MLPClassifier / MLPRegressor through the WASM package: scikit-learn 1.2.1's loss curves and
// predictions from its starting weights (tests/fixtures/mlp.json, given as weightsInit), the weights
// as arrays, onProgress once per epoch (false cancels), and the errors of bad options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MLPClassifier, MLPRegressor } from 'wasmlearn';
import { close } from './fixture_helpers.mjs';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/mlp.json', import.meta.url), 'utf8'));
const byName = (name) => fixture.cases.find((c) => c.name === name);
const relativeClose = (got, want, tol, what) => {
  assert.equal(got.length, want.length, `${what} length`);
  for (let i = 0; i < want.length; i++) assert.ok(Math.abs(got[i] - want[i]) <= tol * Math.abs(want[i]), `${what}[${i}]: ${got[i]} vs ${want[i]}`);
};

for (const name of ['adam_relu_multiclass', 'sgd_nesterov_relu', 'sgd_invscaling_logistic', 'adam_identity_multiclass', 'adam_defaults_sparse']) {
  test(`MLPClassifier ${name}: scikit-learn's loss curve and probabilities from its start`, () => {
    const c = byName(name);
    const m = new MLPClassifier({ ...c.options, weightsInit: c.weightsInit }).fit(c.X, c.y);
    relativeClose(Array.from(m.lossCurve), c.lossCurve, 1e-9, 'lossCurve');
    assert.equal(m.nIter, c.nIter);
    assert.equal(m.t, c.t);
    close(m.predictProba(c.X).data, c.proba.flat(), 1e-8, 'proba');
    assert.deepEqual(Array.from(m.predict(c.X)), c.predict);
    const coefs = m.coefs();
    assert.equal(Object.keys(coefs).length, c.coefs.length);
    close(coefs[0].data, c.coefs[0].flat(), 1e-8, 'coefs[0]');
    close(m.intercepts()[1], c.intercepts[1], 1e-8, 'intercepts[1]');
    m.dispose();
  });
}

test('MLPRegressor: scikit-learn\'s loss curve (sgd without Nesterov, tanh) and a JSON round trip', () => {
  const c = byName('sgd_momentum_tanh_regression');
  const m = new MLPRegressor({ ...c.options, weightsInit: c.weightsInit }).fit(c.X, c.y);
  relativeClose(Array.from(m.lossCurve), c.lossCurve, 1e-9, 'lossCurve');
  close(m.predict(c.X), c.predict, 1e-8, 'predict');
  const back = MLPRegressor.fromJSON(JSON.stringify(m.toJSON()));
  assert.deepEqual(back.predict(c.X), m.predict(c.X));
  m.dispose();
  back.dispose();
});

// L-BFGS (scipy's line search, MINPACK-2's): from scikit-learn's start, the loss where it stops is
// within 1e-6 of scikit-learn's, in the WebAssembly build users run (its last bits differ from the
// native build's: LBFGSpp's vector algebra). The wide case ended 0.024 higher with LBFGSpp's own line search.
for (const c of fixture.cases.filter((x) => x.options.solver === 'lbfgs')) {
  test(`${c.estimator} ${c.name}: lbfgs ends within 1e-6 of scikit-learn's loss`, () => {
    const Estimator = c.estimator === 'MLPClassifier' ? MLPClassifier : MLPRegressor;
    const m = new Estimator({ ...c.options, weightsInit: c.weightsInit }).fit(c.X, c.y);
    assert.ok(Math.abs(m.loss - c.loss) <= 1e-6, `${m.loss} vs ${c.loss}`);
    assert.equal(m.lossCurve.length, 0);
    m.dispose();
  });
}

test('MLPClassifier onProgress: once per epoch, false cancels and keeps the model', () => {
  const c = byName('adam_relu_multiclass');
  const seen = [];
  const m = new MLPClassifier({ hiddenLayerSizes: [5], maxIter: 6, randomState: 1 });
  m.fit(c.X, c.y, { onProgress: (done, total) => seen.push([done, total]) });
  assert.deepEqual(seen, [1, 2, 3, 4, 5, 6].map((d) => [d, 6]));
  const before = m.predictProba(c.X).data;
  assert.throws(() => m.fit(c.X, c.y, { onProgress: (done) => done < 2 }), /fit cancelled after 2 of 6 epochs/);
  assert.deepEqual(m.predictProba(c.X).data, before);
  m.dispose();
});

test('MLP options: errors name the option', () => {
  const c = byName('adam_relu_multiclass');
  assert.throws(() => new MLPClassifier({ activation: 'softmax' }), /activation must be one of 'identity', 'logistic', 'tanh', 'relu'/);
  assert.throws(() => new MLPRegressor({ hiddenLayerSizes: [3.5] }).fit(c.X, c.y), /hiddenLayerSizes must hold integers of at least 1/);
  assert.throws(() => new MLPClassifier({ weightsInit: { coefs: [] } }).fit(c.X, c.y), /weightsInit must be/);
});

// partialFit: scikit-learn's partial_fit from its start, chunk by chunk (tests/fixtures/mlp.json
// partialFit: 150, 260 and 120 rows, the first without class 2, which classes names).
const chunksOf = (c) => c.chunks.map(([begin, end]) => [c.X.slice(begin, end), c.y.slice(begin, end)]);

test('MLPClassifier.partialFit: scikit-learn\'s losses chunk by chunk; classes on the first call', () => {
  const c = fixture.partialFit.find((p) => p.name === 'partial_adam_classifier');
  const m = new MLPClassifier({ ...c.options, weightsInit: c.weightsInit });
  const [[X1, y1], ...rest] = chunksOf(c);
  assert.throws(() => m.partialFit(X1, y1), { message: 'classes must be given on the first call to partialFit' });
  assert.throws(() => m.partialFit(X1, y1, { classes: [0, 2] }), { message: 'y holds the label 1, which is not among classes' });
  assert.throws(() => m.partialFit(X1, y1, { sampleWeight: [] }), { message: "Unknown option 'sampleWeight' for MLPClassifier.partialFit; valid options: classes" });
  assert.equal(m.partialFit(X1, y1, { classes: [2, 0, 1] }), m);
  assert.deepEqual(Array.from(m.classes), [0, 1, 2]);
  for (const [X, y] of rest) m.partialFit(X, y);
  relativeClose(Array.from(m.lossCurve), c.losses, 1e-9, 'losses');
  relativeClose(Array.from(m.lossCurve), c.lossCurve, 1e-9, 'lossCurve');
  assert.equal(m.nIter, c.nIter);
  assert.equal(m.t, c.t);
  close(m.predictProba(c.X).data, c.proba.flat(), 1e-8, 'proba');
  assert.throws(() => m.partialFit(X1, y1, { classes: [0, 1, 3] }), /classes must be the classes of the previous fit \(0, 1, 2\), got 0, 1, 3/);
  m.dispose();
});

test('MLPRegressor.partialFit: scikit-learn\'s losses (sgd); lbfgs has no partialFit', () => {
  const c = fixture.partialFit.find((p) => p.name === 'partial_sgd_regressor');
  const m = new MLPRegressor({ ...c.options, weightsInit: c.weightsInit });
  for (const [X, y] of chunksOf(c)) m.partialFit(X, y);
  relativeClose(Array.from(m.lossCurve), c.losses, 1e-9, 'losses');
  close(m.predict(c.X), c.predict, 1e-8, 'predict');
  assert.ok(m.predict(c.X) instanceof Float64Array, 'a 1-D y gives 1-D predictions');
  assert.throws(() => m.partialFit(c.X, c.y, { classes: [0, 1] }), { message: "Unknown option 'classes' for MLPRegressor.partialFit; it takes none" });
  const lbfgs = new MLPRegressor({ solver: 'lbfgs' });
  assert.equal(lbfgs.hasMethod('partialFit'), false);
  assert.equal(m.hasMethod('partialFit'), true);
  assert.throws(() => lbfgs.partialFit(c.X, c.y), { message: "MLPRegressor.partialFit is available only when solver is 'sgd' or 'adam'" });
  assert.deepEqual(MLPRegressor.metadata.availableIf, { partialFit: "solver is 'sgd' or 'adam'", initialize: "solver is 'sgd' or 'adam'", continueFit: "solver is 'sgd' or 'adam'", continueBatch: "solver is 'sgd' or 'adam'" });
  [m, lbfgs].forEach((x) => x.dispose());
});

test('MLPClassifier multi-label: y as a 0/1 indicator matrix, scikit-learn\'s probabilities from its start', () => {
  const c = byName('adam_multilabel');
  const m = new MLPClassifier({ ...c.options, weightsInit: c.weightsInit }).fit(c.X, c.y);
  relativeClose(Array.from(m.lossCurve), c.lossCurve, 1e-9, 'lossCurve');
  close(m.predictProba(c.X).data, c.proba.flat(), 1e-8, 'proba');
  const predicted = m.predict(c.X);
  assert.equal(predicted.rows, c.y.length);
  assert.equal(predicted.cols, 3);
  assert.deepEqual(predicted.toArray(), c.predict);
  assert.deepEqual(Array.from(m.classes), [0, 1, 2]);
  const exact = c.predict.filter((row, i) => row.every((v, j) => v === c.y[i][j])).length / c.y.length;
  assert.equal(m.score(c.X, c.y), exact);
  const back = MLPClassifier.fromJSON(JSON.stringify(m));
  assert.deepEqual(back.predict(c.X).toArray(), c.predict);
  assert.throws(() => m.fit(c.X, c.y.map((r) => r.map((v) => 2 * v))), { message: 'y must be a 0/1 indicator matrix for multi-label fits' });
  [m, back].forEach((x) => x.dispose());
});

test('MLP onProgress gets each epoch\'s loss and validation score (null without earlyStopping)', () => {
  const c = byName('adam_relu_multiclass');
  const seen = [];
  const m = new MLPClassifier({ ...c.options, weightsInit: c.weightsInit });
  m.fit(c.X, c.y, { onProgress: (done, total, values) => seen.push({ done, total, ...values }) });
  assert.deepEqual(seen.map((s) => s.loss), Array.from(m.lossCurve));
  assert.ok(seen.every((s, i) => s.done === i + 1 && s.total === c.options.maxIter && s.validationScore === null));
  const e = byName('early_stopping_classifier');
  const scores = [];
  const early = new MLPClassifier({ ...e.options, weightsInit: e.weightsInit });
  early.fit(e.X, e.y, { onProgress: (done, total, values) => scores.push(values.validationScore) });
  assert.deepEqual(scores, Array.from(early.validationScores));
  [m, early].forEach((x) => x.dispose());
});

test('nIterNoChange takes Infinity (scikit-learn\'s np.inf): every epoch runs; getParams and JSON keep it', () => {
  const c = byName('adam_stops_default_tol');
  const stopping = new MLPRegressor({ ...c.options, weightsInit: c.weightsInit }).fit(c.X, c.y);
  assert.equal(stopping.nIter, c.nIter);
  assert.ok(c.nIter < c.options.maxIter, 'the fixture stops early by default');
  const m = new MLPRegressor({ ...c.options, weightsInit: c.weightsInit, nIterNoChange: Infinity }).fit(c.X, c.y);
  assert.equal(m.nIter, c.options.maxIter);
  assert.equal(m.getParams().nIterNoChange, Infinity);
  assert.equal(MLPRegressor.fromJSON(JSON.stringify(m)).getParams().nIterNoChange, Infinity);
  assert.throws(() => new MLPRegressor({ nIterNoChange: -Infinity }), { message: 'nIterNoChange must be a finite number, got -Infinity' });
  assert.throws(() => new MLPRegressor({ nIterNoChange: 0 }), /nIterNoChange must be/);
  [stopping, m].forEach((x) => x.dispose());
});

// continueFit (not scikit-learn's: the playground's step): a fit of k epochs continued one epoch at a
// time is the fit of k + j epochs, bit for bit (model JSON, maxIter included), with string labels,
// early stopping, adam and sgd with Nesterov; 300 rows (past a 256-row block), 9 features.
test('continueFit: one more epoch equals the fit with maxIter + 1, bit for bit', () => {
  const c = byName('adam_relu_multiclass');
  const names = ['ant', 'bee', 'cat'];
  const y = c.y.map((k) => names[k]);
  assert.equal(c.X.length, 300);
  for (const extra of [{ solver: 'adam' }, { solver: 'sgd', learningRateInit: 0.05 }, { solver: 'adam', earlyStopping: true }, { solver: 'sgd', earlyStopping: true }]) {
    const options = { hiddenLayerSizes: [8, 8], randomState: 4, nIterNoChange: 3, ...extra };
    const continued = new MLPClassifier({ ...options, maxIter: 2 }).fit(c.X, y);
    for (const k of [3, 4, 5]) {
      assert.equal(continued.continueFit(c.X, y), continued);
      const direct = new MLPClassifier({ ...options, maxIter: k }).fit(c.X, y);
      assert.deepEqual(continued.toJSON(), direct.toJSON(), `${JSON.stringify(extra)} epoch ${k}`);
      direct.dispose();
    }
    continued.dispose();
  }
  const r = byName('sgd_momentum_tanh_regression');
  const reg = new MLPRegressor({ hiddenLayerSizes: [6], maxIter: 1, solver: 'sgd' }).fit(r.X, r.y).continueFit(r.X, r.y);
  const reg2 = new MLPRegressor({ hiddenLayerSizes: [6], maxIter: 2, solver: 'sgd' }).fit(r.X, r.y);
  assert.deepEqual(reg.toJSON(), reg2.toJSON());
  assert.equal(reg.getParams().maxIter, 2);
  reg.dispose();
  reg2.dispose();
});

// continueBatch (the network view's batch step): the batches of an epoch taken one at a time end in
// the fit with maxIter + 1, bit for bit; between them nIter stays and maxIter counts the epoch under
// way; continueFit finishes it. 300 rows in batches of 64: four of 64 and one of 44.
test('continueBatch: an epoch by batches equals the fit with maxIter + 1, bit for bit', () => {
  const c = byName('adam_relu_multiclass');
  for (const extra of [{ solver: 'adam' }, { solver: 'sgd', learningRateInit: 0.05 }]) {
    const options = { hiddenLayerSizes: [8, 8], randomState: 4, batchSize: 64, ...extra };
    const stepped = new MLPClassifier({ ...options, maxIter: 2 }).fit(c.X, c.y);
    let weights = stepped.coefs()[0].data.slice();
    for (let b = 1; b <= 5; b++) {
      assert.equal(stepped.continueBatch(c.X, c.y), stepped);
      assert.deepEqual([stepped.nIter, stepped.getParams().maxIter], [b < 5 ? 2 : 3, 3], `batch ${b}`);
      assert.notDeepEqual(stepped.coefs()[0].data, weights, `batch ${b} moves the weights`);
      weights = stepped.coefs()[0].data.slice();
    }
    const direct = new MLPClassifier({ ...options, maxIter: 3 }).fit(c.X, c.y);
    assert.deepEqual(stepped.toJSON(), direct.toJSON(), JSON.stringify(extra));
    stepped.continueBatch(c.X, c.y).continueBatch(c.X, c.y).continueFit(c.X, c.y);
    const longer = new MLPClassifier({ ...options, maxIter: 4 }).fit(c.X, c.y);
    assert.deepEqual(stepped.toJSON(), longer.toJSON(), `${JSON.stringify(extra)}: continueFit finishes the epoch`);
    for (const model of [stepped, direct, longer]) model.dispose();
  }
  const m = new MLPClassifier({ solver: 'lbfgs', maxIter: 3 }).fit(c.X, c.y);
  assert.throws(() => m.continueBatch(c.X, c.y), { message: "MLPClassifier.continueBatch is available only when solver is 'sgd' or 'adam'" });
  m.dispose();
});

// initialize (the network view's first batch step): the fit's start without a batch; its batches
// then end in fit(maxIter 1) bit for bit, and the next epoch's in fit(maxIter 2). Labels are encoded
// from y as fit does (strings here), also on a model fitted before with other labels.
test('initialize, then continueBatch from the first batch: equal to the fits of 1 and 2 epochs, bit for bit', () => {
  const c = byName('adam_relu_multiclass');
  const names = c.y.map((v) => ['ant', 'bee', 'cat'][v]);
  for (const extra of [{ solver: 'adam' }, { solver: 'sgd', learningRateInit: 0.05, earlyStopping: true }]) {
    const options = { hiddenLayerSizes: [8, 8], randomState: 4, batchSize: 64, ...extra };
    const stepped = new MLPClassifier({ ...options, maxIter: 200 }).fit(c.X, c.y); // other labels before
    assert.equal(stepped.initialize(c.X, names), stepped);
    assert.deepEqual([stepped.nIter, stepped.getParams().maxIter, stepped.lossCurve.length], [0, 1, 0]);
    assert.deepEqual(Array.from(stepped.classes), ['ant', 'bee', 'cat']);
    assert.ok(stepped.predict(c.X).every((label) => ['ant', 'bee', 'cat'].includes(label)));
    // 300 rows (270 with early stopping): four batches of 64 and a last one, 5 an epoch.
    for (const epochs of [1, 2]) {
      for (let b = 1; b <= 5; b++) stepped.continueBatch(c.X, names);
      const direct = new MLPClassifier({ ...options, maxIter: epochs }).fit(c.X, names);
      assert.deepEqual(stepped.toJSON(), direct.toJSON(), `${JSON.stringify(extra)}: ${epochs} epochs by batches`);
      direct.dispose();
    }
    stepped.dispose();
  }
  const reg = new MLPRegressor({ hiddenLayerSizes: [6], solver: 'sgd' });
  const r = byName('sgd_momentum_tanh_regression');
  reg.initialize(r.X, r.y).continueFit(r.X, r.y);
  const reg1 = new MLPRegressor({ hiddenLayerSizes: [6], solver: 'sgd', maxIter: 1 }).fit(r.X, r.y);
  assert.deepEqual(reg.toJSON(), reg1.toJSON());
  assert.throws(() => new MLPClassifier({ solver: 'lbfgs' }).initialize(c.X, c.y), { message: "MLPClassifier.initialize is available only when solver is 'sgd' or 'adam'" });
  assert.throws(() => new MLPClassifier().initialize(c.X, c.y.map((v) => [v === 0 ? 1 : 0, v === 1 ? 1 : 0])), { message: 'MLPClassifier.initialize takes one label per row (a multi-label fit starts with fit)' });
  for (const model of [reg, reg1]) model.dispose();
});

test('continueFit: errors name what is missing', () => {
  const c = byName('adam_relu_multiclass');
  const m = new MLPClassifier({ hiddenLayerSizes: [4], maxIter: 2 });
  assert.throws(() => m.continueFit(c.X, c.y), { name: 'NotFittedError', message: 'This MLPClassifier is not fitted yet: call fit before continueFit' });
  m.fit(c.X, c.y);
  const shifted = c.X.map((row, i) => (i === 299 ? row.map((v) => v + 1e-9) : row));
  assert.throws(() => m.continueFit(shifted, c.y), { message: 'MLPClassifier.continueFit needs the X and y of the last fit' });
  assert.throws(() => m.continueFit(c.X, c.y.map(() => 7)), { message: 'y holds the label 7, which is not among classes' });
  assert.throws(() => m.continueFit(c.X, c.y, { classes: [0, 1, 2] }), /Unknown option 'classes' for MLPClassifier.continueFit/);
  const loaded = MLPClassifier.fromJSON(m.toJSON());
  assert.throws(() => loaded.continueFit(c.X, c.y), /continueFit continues the last fit of this model in memory; it has none/);
  const lbfgs = new MLPClassifier({ solver: 'lbfgs', maxIter: 3 }).fit(c.X, c.y);
  assert.equal(lbfgs.hasMethod('continueFit'), false);
  assert.throws(() => lbfgs.continueFit(c.X, c.y), { message: "MLPClassifier.continueFit is available only when solver is 'sgd' or 'adam'" });
  for (const model of [m, loaded, lbfgs]) model.dispose();
});

// The integer levels the pinned fits below build their data from (tests/core/mlp_test.cpp builds the same).
const level = (i, j) => (i * 37 + j * 11 + i * j) % 29;
// 320 rows of 40 features in sixteenths of [0, 1], a third of them exact zeros (digits-like).
const sparseLevels = () => Array.from({ length: 320 }, (_, i) => Array.from({ length: 40 }, (_, j) => (level(i, j) < 10 ? 0 : (level(i, j) - 10) / 16)));
// Three classes the network can learn from those rows.
const threeLevelClasses = (X) => X.map((_, i) => (level(i, 0) + level(i, 1) + level(i, 2)) % 3);
// A fit's weights in the native build's packed order: the coefficients layer by layer, then the intercepts.
const packedWeights = (m) => [...Object.values(m.coefs()).flatMap((c) => Array.from(c.data)), ...Object.values(m.intercepts()).flatMap((b) => Array.from(b))];

// The same fit gives the same bits in WebAssembly and natively (tests/core/mlp_test.cpp pins these
// values too): defaults but a hidden layer of 24, 320 rows of 40 features, a third of them zeros.
test('MLPClassifier: the native build\'s bits for the same randomState', () => {
  const X = sparseLevels();
  const y = threeLevelClasses(X);
  const m = new MLPClassifier({ hiddenLayerSizes: [24], randomState: 0 }).fit(X, y);
  const w = packedWeights(m);
  assert.equal(m.nIter, 200);
  assert.equal(m.loss, 0.052380133598441556);
  assert.equal(w.reduce((s, v) => s + v, 0), 9.577140584931307);
  assert.deepEqual([w[0], w[100], w[w.length - 1]], [-0.09353383228468705, -0.1109519446334992, -0.01866797325841779]);
  m.dispose();
});

// lbfgs gives the native build's bits too (tests/core/mlp_test.cpp MLPLbfgs.SameBitsInEveryBuild pins
// the same values): 42 iterations of a 40-24-3 network, alpha 0.01, on labels it can barely fit.
test('MLPClassifier lbfgs: the native build\'s bits for the same randomState', () => {
  const X = sparseLevels();
  const y = X.map((_, i) => (i * 7 + level(i, 3) + (i * i) % 5) % 3);
  const m = new MLPClassifier({ hiddenLayerSizes: [24], solver: 'lbfgs', alpha: 0.01, randomState: 0 }).fit(X, y);
  const w = packedWeights(m);
  assert.equal(m.nIter, 42);
  assert.equal(m.loss, 1.0751068209407757);
  assert.equal(w.reduce((s, v) => s + v, 0), -10.20081483447879);
  assert.deepEqual([w[0], w[100], w[w.length - 1]], [0.12703519787450207, -0.28504277487452867, -0.03414289719617841]);
  m.dispose();
});

// sparseLevels with four values a column: Xᵀ·δ₁ then sums δ₁'s rows a value at a time. The native
// build's bits (tests/core/mlp_test.cpp MLPDefaults.SumsByValueSameBitsInEveryBuild pins the same
// values): adam in batches of 200, lbfgs over every row, adam in float32.
test('MLPClassifier: the native build\'s bits when X repeats its values', () => {
  const X = Array.from({ length: 320 }, (_, i) => Array.from({ length: 40 }, (_, j) => (level(i, j) < 10 ? 0 : (((level(i, j) - 10) % 4) + 1) / 4)));
  const y = threeLevelClasses(X);
  const pins = (options, input) => {
    const m = new MLPClassifier({ hiddenLayerSizes: [24], randomState: 0, ...options }).fit(input, y);
    const w = packedWeights(m);
    const values = [m.nIter, m.loss, w.reduce((s, v) => s + v, 0), w[0], w[100], w[w.length - 1]];
    m.dispose();
    return values;
  };
  assert.deepEqual(pins({}, X), [200, 0.04113408359151201, 15.865047339029545, -0.07146016097062101, -0.3302172144293728, 0.046337087759725934]);
  assert.deepEqual(pins({ solver: 'lbfgs', alpha: 0.01 }, X), [30, 0.001728285160979926, 10.174897949887658, -0.08862329484892947, -0.21849133132238333, 0.9809128518746592]);
  assert.deepEqual(pins({}, { data: Float32Array.from(X.flat()), rows: 320, cols: 40 }), [200, 0.041137203617298786, 15.867541296114911, -0.07148201763629913, -0.3300168514251709, 0.0463462695479393]);
});

// tanh and logistic give the native build's bits, in training and prediction (tests/core/mlp_test.cpp
// MLPDefaults.TanhAndLogisticSameBitsInEveryBuild pins the same values): tanh 8-8 with one logistic
// output, logistic 9 with softmax outputs, 300 rows of 9 features, 30 epochs; and layerActivations in float32.
test('MLPClassifier tanh and logistic: the native build\'s bits for the same randomState', () => {
  const X = Array.from({ length: 300 }, (_, i) => Array.from({ length: 9 }, (_, j) => (level(i, j) - 14) / 7));
  const y = threeLevelClasses(X);
  const fitted = (activation, hiddenLayerSizes, labels) => {
    const m = new MLPClassifier({ hiddenLayerSizes, activation, randomState: 0, maxIter: 30 }).fit(X, labels);
    const w = packedWeights(m);
    const P = m.predictProba(X);
    const maps = m.layerActivations(X, { dtype: 'float32' });
    const values = [m.loss, w.reduce((s, v) => s + v, 0), w[5], P.data[0], P.data[P.data.length - 1], maps.reduce((s, v) => s + v, 0), maps[5], maps.at(-1)];
    m.dispose();
    return values;
  };
  assert.deepEqual(fitted('tanh', [8, 8], y.map((v) => (v === 0 ? 1 : 0))), [0.7591121526509715, 3.5655492669246147, 0.5558337663074324, 0.44789944151587013, 0.4897926820485356, 234.62929743225686, -0.8764214515686035, 0.48979267477989197]);
  assert.deepEqual(fitted('logistic', [9], y), [1.0462205969976697, 1.8668614134366528, 0.27998963983950176, 0.3120210930854885, 0.49953929639294503, 1644.3110400661826, 0.36910489201545715, 0.499539315700531]);
});

// X as a Float32Array trains adam and sgd in float32, as scikit-learn keeps float32 input in float32
// (tests/core/mlp_test.cpp MLPFloat32 checks the same fits and pins the same values): the loss curve
// follows the Float64Array fit's within float precision without being it, the native build's bits;
// continueFit keeps the fit's precision; lbfgs runs in double.
test('MLP: X as a Float32Array trains in float32, near the double fit, with the native build\'s bits', () => {
  const rows = (n, d, f) => Array.from({ length: n }, (_, i) => Array.from({ length: d }, (_, j) => f(i, j)));
  const sparse = sparseLevels();
  const dense = rows(300, 17, (i, j) => (level(i, j) - 14) / 7);
  const y3 = threeLevelClasses(sparse);
  const y2 = dense.map((_, i) => (level(i, 0) + level(i, 3)) % 2);
  const targets = dense.map((r) => Math.abs(r[0] + r[1]) * 0.5);
  const single = (X) => ({ data: Float32Array.from(X.flat()), rows: X.length, cols: X[0].length });
  const cases = [
    [MLPClassifier, { activation: 'relu', hiddenLayerSizes: [33], solver: 'adam' }, sparse, y3],
    [MLPClassifier, { activation: 'tanh', hiddenLayerSizes: [8, 8], solver: 'sgd' }, dense, y2],
    [MLPRegressor, { activation: 'logistic', hiddenLayerSizes: [17], solver: 'adam' }, dense, targets],
  ];
  const pins = [];
  for (const [Estimator, options, X, y] of cases) {
    const what = JSON.stringify(options);
    const m = new Estimator({ ...options, randomState: 0, maxIter: 20 }).fit(single(X), y);
    const reference = new Estimator({ ...options, randomState: 0, maxIter: 20 }).fit(X, y);
    assert.notDeepEqual(Array.from(m.lossCurve), Array.from(reference.lossCurve), `${what}: the float32 fit ran in double`);
    relativeClose(Array.from(m.lossCurve), Array.from(reference.lossCurve), 1e-6, `${what} lossCurve`);
    const w = packedWeights(m);
    pins.push(m.loss, w.reduce((s, v) => s + v, 0), w.at(-1));
    m.dispose();
    reference.dispose();
  }
  assert.deepEqual(pins, [0.75299598851825378, 7.1978263958590105, 0.0097792083397507668, 0.69805574879425092, 1.3426560861989856,
    0.26420491933822632, 0.12568447436444607, 4.807822236471111, 0.21040734648704529]);

  const options = { hiddenLayerSizes: [33], randomState: 0 };
  const continued = new MLPClassifier({ ...options, maxIter: 3 }).fit(single(sparse), y3).continueFit(single(sparse), y3);
  const longer = new MLPClassifier({ ...options, maxIter: 4 }).fit(single(sparse), y3);
  assert.deepEqual(continued.toJSON(), longer.toJSON());
  const lbfgs = (X) => new MLPClassifier({ ...options, solver: 'lbfgs', maxIter: 15 }).fit(X, y3).toJSON();
  assert.deepEqual(lbfgs(single(sparse)), lbfgs(sparse));
  // initialize and continueBatch: the float32 fit of one epoch by batches (200 and 120 rows).
  const stepped = new MLPClassifier(options).initialize(single(sparse), y3).continueBatch(single(sparse), y3).continueBatch(single(sparse), y3);
  const oneEpoch = new MLPClassifier({ ...options, maxIter: 1 }).fit(single(sparse), y3);
  assert.deepEqual(stepped.toJSON(), oneEpoch.toJSON());
  // partialFit takes the precision of its X.
  const partial = (X) => new MLPClassifier(options).partialFit(X, y3, { classes: [0, 1, 2] });
  const [partial32, partial64] = [partial(single(sparse)), partial(sparse)];
  assert.notEqual(partial32.loss, partial64.loss);
  assert.ok(Math.abs(partial32.loss - partial64.loss) <= 1e-6 * partial64.loss, `${partial32.loss} vs ${partial64.loss}`);
  for (const m of [continued, longer, stepped, oneEpoch, partial32, partial64]) m.dispose();
});

// scikit-learn's fits on X in float32 (tests/fixtures/mlp.json "float32": its float32 start, loss and
// deltas): X as a Float32Array follows its loss curve within float precision, 20 epochs.
for (const c of fixture.float32) {
  test(`${c.estimator} ${c.name}, X a Float32Array: scikit-learn's float32 loss curve`, () => {
    const Estimator = c.estimator === 'MLPClassifier' ? MLPClassifier : MLPRegressor;
    const X = { data: Float32Array.from(c.X.flat()), rows: c.X.length, cols: c.X[0].length };
    assert.deepEqual(Array.from(X.data), c.X.flat(), 'X holds float32 values');
    const m = new Estimator({ ...c.options, weightsInit: c.weightsInit }).fit(X, c.y);
    assert.equal(m.nIter, c.nIter);
    relativeClose(Array.from(m.lossCurve), c.lossCurve, 1e-6, 'lossCurve');
    close(m.coefs()[0].data, c.coefs[0].flat(), 2e-6, 'coefs[0]');  // 3.5e-7 seen
    m.dispose();
  });
}
