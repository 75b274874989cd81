// toOnnx: every exportable estimator (and pipelines of them) run in onnxruntime-node on 300+ rows of
// 8 and 17 features must give the model's own labels, probabilities and outputs (within 1e-5). The
// inputs are float32 values, so the model sees exactly what onnxruntime sees; a label may differ only
// where the model's two best scores are within 1e-5 (float32 sums may order a near-tie either way).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ort from 'onnxruntime-node';
import * as wl from '../../bindings/js/index.js';
import { data } from './onnx_data.mjs';
await wl.onnxReady; // protobufjs loads asynchronously

const N = 300;
const wide = data(N, 17, 1), narrow = data(N, 8, 2);

async function run(model, X) {
  const session = await ort.InferenceSession.create(model.toOnnx());
  const input = new ort.Tensor('float32', Float32Array.from(X.flat()), [X.length, X[0].length]);
  return session.run({ X: input });
}

function assertClose(actual, expected, what, tolerance = 1e-5) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
  assert.ok(worst <= tolerance, `${what}: largest difference ${worst} > ${tolerance}`);
}

// Labels equal except at near-ties of `scores` (rows of the model's own scores; `best` picks the
// winner, max for probabilities, min for distances).
function assertLabels(actual, expected, scores, what) {
  const k = scores.cols;
  for (let i = 0; i < expected.length; i++) {
    if (actual[i] === expected[i]) continue;
    const row = Array.from(scores.data.subarray(i * k, (i + 1) * k)).sort((a, b) => a - b);
    const gap = Math.min(...row.slice(1).map((v, j) => v - row[j]));
    assert.ok(gap < 1e-5, `${what}: row ${i} label ${actual[i]} != ${expected[i]} with no near-tie (gap ${gap})`);
  }
}

async function checkClassifier(model, X, what) {
  const out = await run(model, X);
  const proba = model.predictProba(X);
  assertClose(out.probabilities.data, proba.data, `${what} probabilities`);
  const expected = Array.from(model.predict(X), (v) => (typeof v === 'string' ? v : BigInt(v)));
  assertLabels(Array.from(out.label.data), expected, proba, `${what} labels`);
  assert.deepEqual(out.probabilities.dims, [X.length, model.classes.length]);
}

async function checkRegressor(model, X, what) {
  const out = await run(model, X);
  const expected = model.predict(X);
  assertClose(out.variable.data, expected.data ?? expected, what);
}

async function checkTransformer(model, X, what) {
  const out = await run(model, X);
  const expected = model.transform(X);
  assertClose(out.variable.data, expected.data, what);
  assert.deepEqual(out.variable.dims, [X.length, expected.cols]);
}

test('linear regressors (LinearRegression, Ridge, Lasso, ElasticNet, SubsetSelection), one and two targets', async () => {
  for (const { X, yReg } of [wide, narrow]) {
    for (const model of [new wl.LinearRegression(), new wl.Ridge({ alpha: 3 }), new wl.Lasso({ alpha: 0.01 }), new wl.ElasticNet({ alpha: 0.02, l1Ratio: 0.3 }), new wl.SubsetSelection({ method: 'forward', nFeatures: 5 })])
      await checkRegressor(model.fit(X, yReg), X, model.constructor.name);
    const two = new wl.LinearRegression().fit(X, yReg.map((v, i) => [v, -2 * v + i / N]));
    await checkRegressor(two, X, 'LinearRegression, two targets');
  }
});

test('LogisticRegression: binary, multinomial, one-vs-rest, string labels', async () => {
  for (const { X, yBin, y3 } of [wide, narrow]) {
    await checkClassifier(new wl.LogisticRegression().fit(X, yBin), X, 'binary');
    await checkClassifier(new wl.LogisticRegression({ C: 0.5 }).fit(X, y3), X, 'multinomial');
    await checkClassifier(new wl.LogisticRegression({ multiClass: 'ovr' }).fit(X, y3), X, 'ovr');
    const names = y3.map((c) => ['low', 'mid', 'high'][c]);
    await checkClassifier(new wl.LogisticRegression().fit(X, names), X, 'string labels');
  }
  const odd = new wl.LogisticRegression().fit(wide.X, wide.yBin.map((c) => [3, 10][c]));
  const out = await run(odd, wide.X);
  assert.deepEqual(new Set(Array.from(out.label.data, Number)), new Set([3, 10]));
});

test('Perceptron and RidgeClassifier: labels and decision scores', async () => {
  for (const { X, yBin, y3 } of [wide, narrow])
    for (const [model, y] of [[new wl.Perceptron({ randomState: 0 }), y3], [new wl.RidgeClassifier(), yBin], [new wl.RidgeClassifier({ alpha: 5 }), y3.map((c) => `k${c}`)]]) {
      const what = `${model.constructor.name} (${new Set(y).size} classes)`;
      model.fit(X, y);
      const out = await run(model, X);
      const decision = model.decisionFunction(X);
      // Unbounded scores (a perceptron's reach hundreds): float32 holds them to 1e-5 relative.
      const expected = decision.data ?? decision;
      assertClose(out.scores.data, expected, `${what} scores`, 1e-5 * Math.max(1, ...Array.from(expected, Math.abs)));
      // Two classes: the scores (-s, s) whose near-tie is s near 0.
      const scores = decision.cols ? decision : { data: Float64Array.from(Array.from(decision).flatMap((s) => [-s, s])), cols: 2 };
      assertLabels(Array.from(out.label.data, (v) => (typeof v === 'bigint' ? Number(v) : v)), Array.from(model.predict(X)), scores, what);
    }
});

test('LinearDiscriminantAnalysis (two and three classes) and NearestCentroid', async () => {
  for (const { X, yBin, y3 } of [wide, narrow]) {
    await checkClassifier(new wl.LinearDiscriminantAnalysis().fit(X, yBin), X, 'LDA binary');
    await checkClassifier(new wl.LinearDiscriminantAnalysis().fit(X, y3), X, 'LDA');
    const centroid = new wl.NearestCentroid().fit(X, y3.map((c) => `c${c}`));
    const out = await run(centroid, X);
    assert.deepEqual(out.label.data, centroid.predict(X));
  }
  assert.throws(() => new wl.NearestCentroid({ metric: 'mahalanobis' }).fit(narrow.X, narrow.y3).toOnnx(), /NearestCentroid with metric 'mahalanobis' cannot be exported/);
});

test('scalers, PCA and GaussianNB', async () => {
  for (const { X, y3 } of [wide, narrow]) {
    await checkTransformer(new wl.StandardScaler().fit(X), X, 'StandardScaler');
    await checkTransformer(new wl.StandardScaler({ withMean: false }).fit(X), X, 'StandardScaler withMean false');
    await checkTransformer(new wl.StandardScaler({ withStd: false }).fit(X), X, 'StandardScaler withStd false');
    await checkTransformer(new wl.PCA({ nComponents: 5 }).fit(X), X, 'PCA');
    await checkTransformer(new wl.PCA({ nComponents: 3, whiten: true }).fit(X), X, 'PCA whiten');
    await checkClassifier(new wl.GaussianNB().fit(X, y3), X, 'GaussianNB');
  }
});

test('KMeans: labels and distances to the centres', async () => {
  for (const { X } of [wide, narrow]) {
    const model = new wl.KMeans({ nClusters: 4, randomState: 0, nInit: 2 }).fit(X);
    const out = await run(model, X);
    const distances = model.transform(X);
    assertClose(out.scores.data, distances.data, 'KMeans scores');
    assertLabels(Array.from(out.label.data, Number), Array.from(model.predict(X)), { ...distances, data: distances.data.map((d) => -d) }, 'KMeans labels');
  }
});

test('trees and forests: classifiers and regressors', async () => {
  for (const { X, y3, yReg } of [wide, narrow]) {
    await checkClassifier(new wl.DecisionTreeClassifier({ randomState: 0 }).fit(X, y3), X, 'DecisionTreeClassifier');
    await checkClassifier(new wl.RandomForestClassifier({ nEstimators: 20, maxDepth: 6, randomState: 0 }).fit(X, y3), X, 'RandomForestClassifier');
    await checkClassifier(new wl.ExtraTreesClassifier({ nEstimators: 15, randomState: 1 }).fit(X, y3.map((c) => `c${c}`)), X, 'ExtraTreesClassifier');
    await checkRegressor(new wl.DecisionTreeRegressor({ maxDepth: 8, randomState: 0 }).fit(X, yReg), X, 'DecisionTreeRegressor');
    await checkRegressor(new wl.RandomForestRegressor({ nEstimators: 20, randomState: 0 }).fit(X, yReg), X, 'RandomForestRegressor');
    await checkRegressor(new wl.ExtraTreesRegressor({ nEstimators: 10, randomState: 0 }).fit(X, yReg.map((v) => [v, v * v])), X, 'ExtraTreesRegressor, two targets');
  }
});

test('KNeighbors: uniform and distance weights, metrics', async () => {
  for (const { X, y3, yReg } of [wide, narrow]) {
    await checkClassifier(new wl.KNeighborsClassifier().fit(X, y3), X.slice(0, 260).map((r) => r.map((v) => Math.fround(v + 0.01))), 'KNeighborsClassifier');
    await checkClassifier(new wl.KNeighborsClassifier({ nNeighbors: 7, weights: 'distance' }).fit(X, y3), X, 'KNeighborsClassifier distance (exact matches)');
    await checkClassifier(new wl.KNeighborsClassifier({ nNeighbors: 4, metric: 'manhattan' }).fit(X.slice(20), y3.slice(20)), X.slice(0, 20), 'manhattan');
    await checkRegressor(new wl.KNeighborsRegressor({ nNeighbors: 6 }).fit(X.slice(40), yReg.slice(40)), X, 'KNeighborsRegressor');
    await checkRegressor(new wl.KNeighborsRegressor({ nNeighbors: 3, weights: 'distance', metric: 'chebyshev' }).fit(X.slice(40), yReg.slice(40)), X, 'KNeighborsRegressor distance chebyshev');
  }
});

test('pipelines of exportable steps', async () => {
  const { X, y3, yReg } = wide;
  await checkClassifier(wl.makePipeline(new wl.StandardScaler(), new wl.PCA({ nComponents: 9 }), new wl.LogisticRegression()).fit(X, y3), X, 'scaler + PCA + logistic');
  await checkRegressor(new wl.Pipeline([['scale', new wl.StandardScaler()], ['skip', 'passthrough'], ['ridge', new wl.Ridge()]]).fit(X, yReg), X, 'scaler + passthrough + ridge');
  await checkTransformer(wl.makePipeline(new wl.StandardScaler(), new wl.PCA({ nComponents: 4 })).fit(X), X, 'scaler + PCA');
});

test('what cannot be exported is a clear Error naming it', () => {
  const { X, y3 } = narrow;
  assert.throws(() => new wl.LogisticRegression().toOnnx(), /LogisticRegression is not fitted yet/);
  assert.throws(() => new wl.GaussianMixture({ nComponents: 2 }).fit(X).toOnnx(), /toOnnx: GaussianMixture cannot be exported to ONNX; exportable estimators: .*LogisticRegression/);
  const pipe = wl.makePipeline(new wl.StandardScaler(), new wl.GaussianNB()).fit(X, y3);
  assert.ok(pipe.toOnnx() instanceof Uint8Array);
  assert.throws(() => wl.makePipeline(new wl.PolynomialFeatures(), new wl.GaussianNB()).fit(X, y3).toOnnx(), /PolynomialFeatures \(pipeline step 0\) cannot be exported/);
  assert.throws(() => new wl.LogisticRegression().fit(X, y3.map((c) => c + 0.5)).toOnnx(), /non-integer numeric classes/);
});

test('tree thresholds between adjacent float32 values send every float32 input the same way', async () => {
  // 1 + 2^-23 and 1 + 2^-22 are adjacent float32s; the split at their midpoint rounds (to even) up
  // to the larger one, which would send it left; toOnnx stores the largest float32 not above it.
  const a = 1 + 2 ** -23, b = 1 + 2 ** -22;
  const X = [[a], [b], [a], [b]], y = [0, 1, 0, 1];
  const model = new wl.DecisionTreeClassifier().fit(X, y);
  assert.ok(Math.fround(model.tree.threshold[0]) === b, 'the midpoint rounds up to b in float32');
  const out = await run(model, X);
  assert.deepEqual(Array.from(out.label.data), [0n, 1n, 0n, 1n]);
  assert.deepEqual(Array.from(out.probabilities.data), [1, 0, 0, 1, 1, 0, 0, 1]);
});

test('the bytes are an IR 8 model with opsets 17 and ai.onnx.ml 3, input X and tensor outputs', async () => {
  const model = new wl.GaussianNB().fit(narrow.X, narrow.y3);
  const session = await ort.InferenceSession.create(model.toOnnx());
  assert.deepEqual(session.inputNames, ['X']);
  assert.deepEqual(session.outputNames, ['label', 'probabilities']);
  const { ModelProto } = (await import('../../bindings/js/onnx/onnx_proto.js')).proto();
  const decoded = ModelProto.toObject(ModelProto.decode(model.toOnnx()), { longs: Number });
  assert.equal(decoded.irVersion, 8);
  assert.deepEqual(decoded.opsetImport.map((o) => [o.domain ?? '', o.version]), [['', 17], ['ai.onnx.ml', 3]]);
  assert.deepEqual(wl.toOnnx(model), model.toOnnx());
});

// The scores may be unbounded (a poly kernel's reach hundreds): float32 holds them to 1e-5 relative.
const assertScores = (actual, expected, what) => assertClose(actual, expected, what, 1e-5 * Math.max(1, ...Array.from(expected, Math.abs)));

test('kernel SVC and NuSVC: every kernel, two and three classes, ovr / ovo, probabilities, breakTies', async () => {
  const kernels = [{ kernel: 'linear' }, { kernel: 'rbf' }, { kernel: 'poly', degree: 3, coef0: 1 }, { kernel: 'sigmoid', gamma: 0.01, coef0: -0.5 }];
  for (const { X, yBin, y3 } of [wide, narrow])
    for (const options of kernels) {
      const four = y3.map((c, i) => (c === 2 && i % 2 ? 'd' : `c${c}`));
      for (const [model, y] of [
        [new wl.SVC({ ...options, C: 2 }), yBin],
        [new wl.SVC(options), y3],
        [new wl.SVC({ ...options, decisionFunctionShape: 'ovo' }), four],
        [new wl.SVC({ ...options, probability: true, randomState: 0 }), yBin],
        [new wl.SVC({ ...options, probability: true, randomState: 0, breakTies: true }), four],
        [new wl.NuSVC({ ...options, nu: 0.3 }), y3],
      ]) {
        const what = `${model.constructor.name} ${JSON.stringify(model.getParams({ deep: false }).kernel)} ${new Set(y).size} classes`;
        model.fit(X, y);
        const out = await run(model, X);
        const decision = model.decisionFunction(X);
        assertScores(out.scores.data, decision.data ?? decision, `${what} scores`);
        assert.deepEqual(out.scores.dims, decision.cols ? [X.length, decision.cols] : [X.length]);
        const expected = Array.from(model.predict(X), (v) => (typeof v === 'string' ? v : BigInt(v)));
        assert.deepEqual(Array.from(out.label.data), expected, `${what} labels`);
        if (model.getParams().probability) {
          assertClose(out.probabilities.data, model.predictProba(X).data, `${what} probabilities`);
          assert.deepEqual(out.probabilities.dims, [X.length, model.classes.length]);
        } else assert.equal(out.probabilities, undefined);
      }
    }
});

test('SVR, NuSVR and OneClassSVM: every kernel', async () => {
  const kernels = [{ kernel: 'linear' }, { kernel: 'rbf', gamma: 0.05 }, { kernel: 'poly', degree: 2 }, { kernel: 'sigmoid', gamma: 0.01 }];
  for (const { X, yReg } of [wide, narrow])
    for (const options of kernels) {
      const what = options.kernel;
      await checkRegressor(new wl.SVR({ ...options, epsilon: 0.2 }).fit(X, yReg), X, `SVR ${what}`);
      await checkRegressor(new wl.NuSVR({ ...options, nu: 0.4 }).fit(X, yReg), X, `NuSVR ${what}`);
      const oneClass = new wl.OneClassSVM({ ...options, nu: 0.2 }).fit(X);
      const out = await run(oneClass, X);
      const decision = oneClass.decisionFunction(X);
      assertScores(out.scores.data, decision.data ?? decision, `OneClassSVM ${what} scores`);
      assert.deepEqual(Array.from(out.label.data, Number), Array.from(oneClass.predict(X)), `OneClassSVM ${what} labels`);
    }
  const precomputed = new wl.SVR({ kernel: 'precomputed' }).fit(narrow.X.slice(0, 8).map((r) => narrow.X.slice(0, 8).map((s) => r.reduce((a, v, j) => a + v * s[j], 0))), narrow.yReg.slice(0, 8));
  assert.throws(() => precomputed.toOnnx(), /SVR with kernel 'precomputed' cannot be exported/);
});

test('LinearSVC and LinearSVR', async () => {
  for (const { X, yBin, y3, yReg } of [wide, narrow]) {
    for (const [model, y] of [[new wl.LinearSVC({ randomState: 0 }), yBin], [new wl.LinearSVC({ C: 0.3, randomState: 0 }), y3.map((c) => `k${c}`)]]) {
      model.fit(X, y);
      const out = await run(model, X);
      const decision = model.decisionFunction(X);
      assertScores(out.scores.data, decision.data ?? decision, `LinearSVC ${model.classes.length} classes scores`);
      assert.deepEqual(Array.from(out.label.data, (v) => (typeof v === 'bigint' ? Number(v) : v)), Array.from(model.predict(X)));
    }
    await checkRegressor(new wl.LinearSVR({ epsilon: 0.1, randomState: 0, dual: false, loss: 'squared_epsilon_insensitive' }).fit(X, yReg), X, 'LinearSVR');
  }
});

test('MinMaxScaler (range, clip), MaxAbsScaler and RobustScaler', async () => {
  for (const { X } of [wide, narrow]) {
    await checkTransformer(new wl.MinMaxScaler().fit(X), X, 'MinMaxScaler');
    await checkTransformer(new wl.MinMaxScaler({ featureRange: [-2, 3] }).fit(X), X, 'MinMaxScaler featureRange');
    const clipped = new wl.MinMaxScaler({ featureRange: [-1, 1], clip: true }).fit(X.slice(0, 100));
    const out = await run(clipped, X);
    assertClose(out.variable.data, clipped.transform(X).data, 'MinMaxScaler clip');
    assert.ok(Array.from(out.variable.data).some((v) => v === 1) && Array.from(out.variable.data).some((v) => v === -1), 'rows outside the fitted range are clipped');
    await checkTransformer(new wl.MaxAbsScaler().fit(X), X, 'MaxAbsScaler');
    await checkTransformer(new wl.RobustScaler({ quantileRange: [10, 80] }).fit(X), X, 'RobustScaler');
    await checkTransformer(new wl.RobustScaler({ withCentering: false }).fit(X), X, 'RobustScaler withCentering false');
  }
  const { X, y3 } = wide;
  await checkClassifier(wl.makePipeline(new wl.MinMaxScaler(), new wl.SVC({ probability: true, randomState: 0 })).fit(X, y3), X, 'MinMaxScaler + SVC');
});
