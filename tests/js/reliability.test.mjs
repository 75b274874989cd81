// Issue 19, through the package: no trap, no wrap-around, no silent NaN. Each example of the issue
// is an Error naming the argument (and the number as given), and the module works afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as wl from 'wasmlearn';
import { wasm } from '../../bindings/js/module.js';

const X = Array.from({ length: 12 }, (_, i) => [Math.sin(i + 1), Math.cos(2 * i), (i % 5) / 5]);
const yReal = X.map((r) => 2 * r[0] - r[1]);
const yClass = X.map((_, i) => (i % 2 ? 'b' : 'a'));

// The module still fits and predicts after an Error.
function assertUsable() {
  const m = new wl.Ridge().fit(X, yReal);
  assert.ok(Number.isFinite(m.predict(X)[0]));
  m.dispose();
}

test('integers past int32 are refused with the number as given, never wrapped', () => {
  const knn = new wl.KNeighborsRegressor({ nNeighbors: 2 }).fit(X, yReal);
  assert.throws(() => knn.kneighbors(X, 2 ** 32 + 1), { message: 'nNeighbors must be in [1, 2147483647], got 4294967297' });
  assert.throws(() => knn.kneighbors(X, 0), { message: 'nNeighbors must be at least 1, got 0' });
  assert.throws(() => knn.kneighbors(X, 1.5), { message: 'nNeighbors must be an integer, got 1.5' });
  assert.equal(knn.kneighbors(X, 3).indices.cols, 3);
  knn.dispose();
  const gm = new wl.GaussianMixture({ nComponents: 2, randomState: 0 }).fit(X);
  assert.throws(() => gm.sample(2 ** 32 + 3), { message: 'sample must be in [1, 2147483647], got 4294967299' });
  assert.equal(gm.sample(3).X.rows, 3);
  gm.dispose();
  assert.throws(() => new wl.PCA({ nComponents: 2 ** 32 }), /^Error: nComponents must be .*got 4294967296$/);
  assert.throws(() => new wl.KMeans({ randomState: 2 ** 31 }), { message: 'randomState must be in [0, 2147483647], got 2147483648' });
  assert.equal(new wl.KMeans({ randomState: 2 ** 31 - 1 }).getParams().randomState, 2147483647);
  assert.throws(() => new wl.Ridge().fit({ data: new Float64Array(0), rows: 2 ** 32 + 1, cols: 0 }, []),
    { message: 'X.rows must be in [0, 2147483647], got 4294967297' });
  assert.throws(() => wl.datasets.makeMoons({ nSamples: 2.5 }), { message: 'nSamples must be an integer, got 2.5' });
  assertUsable();
});

test('huge requests fail fast with the number they would need, before the allocator', () => {
  const forest = new wl.RandomForestClassifier({ nEstimators: 1e9 });
  assert.throws(() => forest.fit(X, yClass), (e) => e.message.startsWith('a forest of nEstimators = 1000000000 trees on 12 samples') &&
    e.message.includes('past the limit of 134217728') && !e.message.includes('allocator'));
  forest.dispose();
  const gm = new wl.GaussianMixture({ nComponents: 2, randomState: 0 }).fit(X);
  let start = performance.now();
  assert.throws(() => gm.sample(2 ** 31 - 1), /^Error: sample\(2147483647\) \(rows x \(features \+ 1\)\): 8589934588 needed, past the limit/);
  assert.ok(performance.now() - start < 1000);
  gm.dispose();
  const memory = () => wasm.HEAP8.buffer.byteLength;
  const before = memory();
  // The trap of the issue: RuntimeError: memory access out of bounds.
  assert.throws(() => new wl.SplineTransformer({ degree: 2 ** 31 - 1 }).fit(X).transform(X),
    (e) => e.constructor === Error && e.message.startsWith("SplineTransformer's output for 12 rows"));
  assert.throws(() => new wl.SplineTransformer({ nKnots: 1e7 }).fit(X), /360000072 needed, past the limit/);
  // Was "Error: vector" (the allocator's length error).
  assert.throws(() => wl.linearModel.lassoPath(X, yReal, { nAlphas: 1e9 }),
    { message: "the path's coefficients (features x nAlphas = 3 x 1000000000): 3000000000 needed, past the limit of 134217728 (see Limits in the README)" });
  assert.ok(memory() - before < 64 * 2 ** 20, `memory grew by ${(memory() - before) / 2 ** 20} MiB`);
  start = performance.now();
  assert.throws(() => new wl.PolynomialFeatures({ degree: 2 ** 31 - 1 }).fit(X), /^Error: PolynomialFeatures of degree 2147483647 on 3 features: output columns: 1.6505867213530166e\+27 needed/);
  assert.ok(performance.now() - start < 1000);
  assertUsable();
});

test('sizes that are products of options or of rows are estimated before allocating, never wrapped in 32 bits', () => {
  const yCodes = X.map((_, i) => i % 2);
  const memory = () => wasm.HEAP8.buffer.byteLength;
  const before = memory();
  // Each of these trapped (memory access out of bounds) or overflowed the stack before.
  assert.throws(() => new wl.KBinsDiscretizer({ nBins: 2 ** 31 - 1, encode: 'ordinal' }).fit(X),
    { message: "KBinsDiscretizer's bin edges for nBins (features x (nBins + 1)): 6442450944 needed, past the limit of 134217728 (see Limits in the README)" });
  assert.throws(() => new wl.KBinsDiscretizer({ nBins: [4, 1e300, 3] }).fit(X), { message: 'nBins[1] must be in [2, 2147483647], got 1e+300' });
  assert.throws(() => new wl.MLPClassifier({ hiddenLayerSizes: [2 ** 20, 2 ** 20] }).fit(X, yCodes),
    /^Error: the weights of hiddenLayerSizes' network \(sum over layers of \(inputs \+ 1\) x units\): 1099517919233 needed, past the limit/);
  // 2^24 units: their weights fit (83 886 081 values), their activations for 12 rows do not.
  assert.throws(() => new wl.MLPClassifier({ hiddenLayerSizes: [2 ** 24] }).fit(X, yCodes),
    /^Error: the activations of hiddenLayerSizes' network for 12 rows at once \(rows x units\): 201326604 needed, past the limit/);
  for (const [Class, options] of [[wl.KNeighborsClassifier, {}], [wl.RadiusNeighborsClassifier, { radius: 1 }]]) {
    const model = new Class({ leafSize: 2 ** 31 - 1, algorithm: 'kd_tree', ...options }).fit(X, yCodes);
    assert.equal(model.predict(X).length, 12);
    model.dispose();
  }
  const rows = Array.from({ length: 12000 }, (_, i) => [i % 7, i % 3]);
  assert.throws(() => wl.metrics.pairwise.rbfKernel(rows), { message: 'the kernel matrix of 12000 x 12000 rows: 144000000 needed, past the limit of 134217728 (see Limits in the README)' });
  assert.throws(() => wl.metrics.pairwise.pairwiseDistances(rows), /^Error: the distance matrix of 12000 x 12000 rows: 144000000 needed/);
  assert.throws(() => new wl.KernelRidge().fit(rows, rows.map((r) => r[0])), /^Error: the kernel matrix of 12000 x 12000 rows/);
  assert.throws(() => new wl.KernelPCA({ kernel: 'rbf' }).fit(rows), /^Error: the kernel matrix of 12000 x 12000 rows/);
  assert.throws(() => wl.datasets.makeBlobs({ nSamples: 1e9 }), { message: "makeBlobs's dataset (nSamples x (nFeatures + 1)): 3000000000 needed, past the limit of 134217728 (see Limits in the README)" });
  assert.throws(() => wl.datasets.makeClassification({ nSamples: 1e5, nFeatures: 1e5 }), /^Error: makeClassification's dataset/);
  assert.throws(() => wl.datasets.makeRegression({ nSamples: 2 ** 31 - 1 }), /^Error: makeRegression's dataset/);
  assert.throws(() => wl.datasets.makeMoons({ nSamples: 2 ** 31 - 1 }), /^Error: makeMoons's dataset/);
  assert.throws(() => wl.datasets.makeCircles({ nSamples: 2 ** 31 - 1 }), /^Error: makeCircles's dataset/);
  // nClasses · nClustersPerClass wrapped in 32 bits, and 2^nInformative was a 32-bit shift.
  assert.throws(() => wl.datasets.makeClassification({ nSamples: 10, nFeatures: 40, nInformative: 40, nRedundant: 0, nClasses: 2 ** 20, nClustersPerClass: 2 ** 20 }),
    { message: "makeClassification's cluster transforms (nClasses x nClustersPerClass x nInformative^2): 1.7592186044416e+15 needed, past the limit of 134217728 (see Limits in the README)" });
  assert.throws(() => wl.datasets.makeClassification({ nSamples: 10, nFeatures: 40, nInformative: 2, nClasses: 3, nClustersPerClass: 2 }),
    { message: 'nClasses (3) * nClustersPerClass (2) must be at most 2^nInformative = 4' });
  // Features x features covariances of wide data.
  const wide = Array.from({ length: 12 }, (_, i) => Array.from({ length: 12000 }, (_, j) => Math.sin(i * 7 + j * 3)));
  assert.throws(() => new wl.GaussianMixture({ nComponents: 2 }).fit(wide),
    { message: "GaussianMixture's covariances (components x features x features): 288000000 needed, past the limit of 134217728 (see Limits in the README)" });
  assert.throws(() => new wl.QuadraticDiscriminantAnalysis().fit(wide, yCodes), /^Error: QuadraticDiscriminantAnalysis's covariances \(classes x features x features\): 288000000 needed/);
  assert.throws(() => new wl.LinearDiscriminantAnalysis().fit(wide, yCodes), /^Error: LinearDiscriminantAnalysis's covariance \(features x features\): 144000000 needed/);
  const pca = new wl.PCA({ nComponents: 2 }).fit(wide); // arpack on the 12 x 12 matrix of the rows
  assert.equal(pca.components.cols, 12000);
  pca.dispose();
  // 2^14 distinct hypercube vertices for 16 384 clusters: a set, not a search per draw.
  const many = wl.datasets.makeClassification({ nSamples: 16384, nFeatures: 14, nInformative: 14, nRedundant: 0, nClasses: 2, nClustersPerClass: 8192, randomState: 0 });
  assert.equal(many.X.rows, 16384);
  assert.ok(memory() - before < 64 * 2 ** 20, `memory grew by ${(memory() - before) / 2 ** 20} MiB`);
  assertUsable();
});

test('score refuses a non-finite y for every regressor, and the metrics a non-finite yTrue or yPred', () => {
  const bad = yReal.slice();
  bad[5] = NaN;
  for (const meta of wl.estimators().filter((m) => m.kind === 'regressor' && m.methods.includes('score'))) {
    const model = new wl[meta.name]().fit(X, yReal);
    assert.throws(() => model.score(X, bad), { message: 'y contains NaN at index 5' }, meta.name);
    model.dispose();
  }
  assert.throws(() => wl.metrics.r2Score(bad, yReal), { message: 'yTrue contains NaN at index 5' });
  assert.throws(() => wl.metrics.meanSquaredError(yReal, bad), { message: 'yPred contains NaN at index 5' });
  assertUsable();
});

test('model JSON: labels must match the fitted classes, and deep nesting is refused', () => {
  // Every classifier of the core (a static_assert makes each declare its class count).
  const classifiers = wl.estimators().filter((m) => m.kind === 'classifier').map((m) => m.name);
  assert.ok(classifiers.length >= 20, classifiers.join());
  for (const name of classifiers) {
    const Class = wl[name];
    const model = new Class(name === 'RadiusNeighborsClassifier' ? { radius: 5 } : {}).fit(X, yClass);
    const saved = model.toJSON();
    saved.labels.classes = ['a'];
    assert.throws(() => Class.fromJSON(saved), { message: 'model JSON: labels.classes names 1 classes but the fitted state has 2' }, name);
    assert.deepEqual(Array.from(Class.fromJSON(model.toJSON()).predict(X)), Array.from(model.predict(X)), name);
    model.dispose();
  }
  let deep = {};
  const root = { format: 'wasmlearn-model', version: 1, estimator: 'Ridge', params: {}, fitted: false, yIsVector: true, extra: deep };
  for (let i = 0; i < 100000; i++) deep = deep.next = {};
  assert.throws(() => wl.Ridge.fromJSON(root), /^Error: model JSON is nested too deeply$/);
  const text = '{"format":"wasmlearn-model","version":1,"estimator":"Ridge","params":{},"fitted":false,"yIsVector":true,"extra":' +
    '['.repeat(100000) + ']'.repeat(100000) + '}';
  assert.throws(() => wl.Ridge.fromJSON(text), /nested/);
  // Pipelines load their steps recursively: past the stack, the same Error (was a RangeError).
  let pipeline = { format: 'wasmlearn-model', version: 1, estimator: 'StandardScaler', params: {}, fitted: false };
  for (let i = 0; i < 20000; i++) pipeline = { estimator: 'Pipeline', steps: [['inner', pipeline]] };
  assert.throws(() => wl.loadModel(pipeline), { message: 'model JSON is nested too deeply' });
  // Truncated text is the same Error for every loader (Pipeline and the encoders threw a SyntaxError).
  for (const load of [wl.loadModel, (t) => wl.Pipeline.fromJSON(t), (t) => wl.OneHotEncoder.fromJSON(t), (t) => wl.LabelEncoder.fromJSON(t), (t) => wl.Ridge.fromJSON(t)])
    assert.throws(() => load('{"estimator": "Pipeline", "steps": [['), { message: 'model JSON is not valid JSON' });
  assert.throws(() => wl.StandardScaler.fromJSON({}), { message: 'model JSON names no estimator (a StandardScaler model has estimator: "StandardScaler")' });
  // Option and fit-option messages that name the right kind.
  assert.throws(() => new wl.StandardScaler({ withMean: NaN }), { message: 'withMean must be true or false, got NaN' });
  assert.throws(() => new wl.Ridge({ alpha: NaN }), { message: 'alpha must be a finite number, got NaN' });
  assertUsable();
});

test('values near the float64 limit give a finite result or an Error naming the overflow', () => {
  const big = X.map((r, i) => r.map((v) => (v + (i % 2 ? 2 : -2)) * 1e300));
  const labels = X.map((_, i) => i % 2);
  const finiteOrOverflow = (what, run) => {
    let out;
    try {
      out = run();
    } catch (e) {
      assert.match(e.message, /overflowed float64|sums squares of X's values, which stay within float64 for \|x\| ≤ 1e\+150; scale X$/, `${what}: ${e.message}`);
      return;
    }
    const values = out.data ?? out.distances?.data ?? out;
    assert.ok(Array.from(values).every(Number.isFinite), `${what} returned a non-finite value`);
  };
  // Estimators whose sums reach squares of X's values refuse values past 1e150 at fit and at
  // every method: they gave wrong models (a KMeans of one cluster, every query in one class).
  assert.throws(() => new wl.KMeans({ nClusters: 2, nInit: 1, randomState: 0 }).fit(big),
    { message: `X holds ${big[0][0]} at row 0, column 0: KMeans sums squares of X's values, which stay within float64 for |x| ≤ 1e+150; scale X` });
  const knn = new wl.KNeighborsClassifier({ nNeighbors: 2 }).fit(X, labels);
  assert.throws(() => knn.predict([[0, 1e151, 0]]),
    { message: "X holds 1e+151 at row 0, column 1: KNeighborsClassifier sums squares of X's values, which stay within float64 for |x| ≤ 1e+150; scale X" });
  knn.dispose();
  // Manhattan distances sum the values themselves: 1e299 is within their range, and the neighbours
  // are those of the data scaled down.
  const manhattan = new wl.KNeighborsClassifier({ nNeighbors: 1, metric: 'manhattan' }).fit(X.map((r) => r.map((v) => v * 1e299)), labels);
  assert.deepEqual(Array.from(manhattan.predict(X.map((r) => r.map((v) => v * 1e299)))), labels);
  manhattan.dispose();
  for (const Class of [wl.GaussianNB, wl.QuadraticDiscriminantAnalysis]) {
    const m = new Class().fit(X, labels);
    finiteOrOverflow(`${Class.name}.predictProba`, () => m.predictProba(big));
  }
  const gm = new wl.GaussianMixture({ nComponents: 2, randomState: 0 }).fit(X);
  finiteOrOverflow('GaussianMixture.predictProba', () => gm.predictProba(big));
  // yReal = 2 x0 - x1: a coefficient of about 2 on x0 = 1.7e308 passes float64.
  for (const Class of [wl.Ridge, wl.Lasso, wl.ElasticNet]) {
    const m = new Class({ alpha: 1e-6 }).fit(X, yReal);
    finiteOrOverflow(`${Class.name}.predict`, () => m.predict([[1.7e308, 0, 0], [-1.7e308, 0, 0]]));
  }
  const scaler = new wl.StandardScaler().fit(X.map((r) => r.map((v) => 10 * v))); // scales of about 6
  finiteOrOverflow('StandardScaler.inverseTransform', () => scaler.inverseTransform([[1e308, 0, 0]]));
  // A NaN is never a true result, also of the declared methods (-Infinity may be one): LDA's scores
  // of 1e307 overflow.
  const two = [[0, 1], [1, 0], [1, 1], [4, 5], [5, 4], [5, 5]];
  const lda = new wl.LinearDiscriminantAnalysis().fit(two, [0, 0, 0, 1, 1, 1]);
  assert.throws(() => lda.predictLogProba(two.map((r) => r.map((v) => v * 1e307))), /^Error: predictLogProba overflowed float64: its result holds NaN/);
  lda.dispose();
  // OneClassSVM's kernels at 1e155 gave NaN scores: refused at fit now.
  assert.throws(() => new wl.OneClassSVM().fit(X.map((r) => r.map((v) => v * 1e155))), /^Error: X holds .* OneClassSVM sums squares of X's values/);
  // Trees compare features in float32: past its range an Error at fit and at predict (they built
  // other models than on the same data scaled down).
  for (const Class of [wl.DecisionTreeClassifier, wl.RandomForestClassifier]) {
    assert.throws(() => new Class().fit(X.map((r) => r.map((v) => v * 1e39)), labels), /^Error: X holds .* trees compare features in float32/);
    const m = new Class({ randomState: 0 }).fit(X, labels);
    assert.throws(() => m.predict([[1e39, 0, 0]]), { message: 'X holds 1e+39 at row 0, column 0: trees compare features in float32, whose range ends at ±3.4028234663852886e+38; scale X' });
    m.dispose();
  }
  // R² of targets ~1e307 is computed (scaled), not NaN.
  const y = yReal.map((v) => v * 1e307), yPred = yReal.map((v, i) => (v + 0.01 * Math.cos(i)) * 1e307);
  const r2 = wl.metrics.r2Score(y, yPred);
  assert.ok(Math.abs(r2 - wl.metrics.r2Score(yReal, yReal.map((v, i) => v + 0.01 * Math.cos(i)))) < 1e-12, `r2 ${r2}`);
  assertUsable();
});

test('functions of values past 1e150: scores and distances computed scaled, kernels and paths an Error naming the overflow', () => {
  const labels = X.map((_, i) => i % 3);
  const big = X.map((r) => r.map((v) => v * 1e300));
  const { metrics } = wl;
  // Scores that do not change with X's scale were NaN or 0 (Davies-Bouldin) past 1e150.
  for (const score of ['silhouetteScore', 'daviesBouldinScore', 'calinskiHarabaszScore']) {
    const want = metrics[score](X, labels), got = metrics[score](big, labels);
    assert.ok(Math.abs(got - want) <= 1e-13 * Math.max(1, Math.abs(want)), `${score}: ${got} against ${want}`);
  }
  const yPred = yReal.map((v, i) => v + 0.3 * Math.cos(i));
  const explained = metrics.explainedVarianceScore(yReal.map((v) => v * 1e300), yPred.map((v) => v * 1e300));
  assert.ok(Math.abs(explained - metrics.explainedVarianceScore(yReal, yPred)) < 1e-13, `explainedVarianceScore ${explained}`);
  // Two outputs weighted by their variances (the weights overflowed: NaN).
  const t2 = yReal.map((v, i) => [v, X[i][2]]), q2 = yPred.map((v, i) => [v, X[i][2] - 0.5 * X[i][0]]);
  const huge = (rows) => rows.map((r) => r.map((v) => v * 1e300));
  for (const score of ['r2Score', 'explainedVarianceScore']) {
    const want = metrics[score](t2, q2, { multioutput: 'variance_weighted' });
    const got = metrics[score](huge(t2), huge(q2), { multioutput: 'variance_weighted' });
    assert.ok(Math.abs(got - want) < 1e-13 && Math.abs(want - metrics[score](yReal, yPred)) > 0.01, `${score} variance_weighted ${got} against ${want}`);
  }
  // Distances scale with X: 1e300 times X's (they were Infinity).
  const distances = metrics.pairwise.pairwiseDistances(big), unit = metrics.pairwise.pairwiseDistances(X);
  for (let i = 0; i < unit.data.length; i++) assert.ok(Math.abs(distances.data[i] / 1e300 - unit.data[i]) <= 1e-14 * 4, `distance ${i}`);
  // Weighted agreement scores do not change with the weights' scale (they were NaN).
  const truth = [0, 1, 1, 0, 1, 0], predicted = [0, 1, 0, 0, 1, 1], weights = [1, 2, 1, 1, 3, 1];
  for (const score of ['matthewsCorrcoef', 'cohenKappaScore']) {
    const want = metrics[score](truth, predicted, { sampleWeight: weights });
    assert.ok(Math.abs(metrics[score](truth, predicted, { sampleWeight: weights.map((w) => w * 1e300) }) - want) < 1e-15, score);
  }
  // Kernels and the lasso paths sum products of the values: an Error past 1e150 (they gave NaN).
  assert.throws(() => metrics.pairwise.rbfKernel(big),
    { message: `X holds ${big[0][0]} at row 0, column 0: rbfKernel sums squares of X's values, which stay within float64 for |x| ≤ 1e+150; scale X` });
  assert.throws(() => metrics.pairwise.linearKernel(X, big), /^Error: Y holds .* linearKernel sums squares of Y's values/);
  assert.throws(() => wl.lassoPath(big, yReal), /^Error: X holds .* lassoPath sums squares of X's values/);
  // A lasso path of y·2^600 is 2^600 times the path of y (it was NaN gaps and a warning at each alpha).
  const top = Math.max(...yReal.map(Math.abs)), unitY = yReal.map((v) => v / 2 ** Math.floor(Math.log2(top)));
  const unitPath = wl.lassoPath(X, unitY, { nAlphas: 4 }), hugePath = wl.lassoPath(X, unitY.map((v) => v * 2 ** 600), { nAlphas: 4 });
  assert.deepEqual(hugePath.warnings, []);
  assert.deepEqual(Array.from(hugePath.alphas), Array.from(unitPath.alphas, (v) => v * 2 ** 600));
  assert.deepEqual(Array.from(hugePath.coefs.data), Array.from(unitPath.coefs.data, (v) => v * 2 ** 600));
  assert.ok(unitPath.coefs.data.some((v) => Math.abs(v) > 0.1));
  assertUsable();
});

test('fits whose decompositions would overflow float64 are an Error naming what to scale: no trap, no leak, the same each call', () => {
  const memory = () => wasm.HEAP8.buffer.byteLength;
  const X = Array.from({ length: 400 }, (_, i) => [Math.sin(i), Math.cos(3 * i), (i % 7) / 7]);
  const y = X.map((r) => r[0] - 2 * r[2]);
  const before = memory();
  const leastSquares = { message: 'The least-squares solve overflowed float64 (values of X, y or sampleWeight too large in magnitude, near the float64 limit); scale X, y or sampleWeight' };
  for (let call = 0; call < 50; call++) {
    // Each of these trapped (memory access out of bounds) and kept the memory it had taken.
    assert.throws(() => new wl.LinearRegression().fit(X.map((r) => r.map((v) => v * 1e300)), y), leastSquares);
    assert.throws(() => new wl.LinearRegression().fit([[1, 2], [2, 1], [3, 5], [4, 3], [5, 4]], [1, 2, 3, 4, 5],
      { sampleWeight: [1e308, 1, 1, 1, 1] }), leastSquares);
    assert.throws(() => new wl.SubsetSelection().fit(X.map((r) => r.map((v) => v * 1e300)), y), leastSquares);
  }
  assert.ok(memory() - before < 16 * 2 ** 20, `memory grew by ${(memory() - before) / 2 ** 20} MiB`);
  // Gave a different answer each call (an Error, numbers, zeros), depending on earlier calls.
  const huge = [[1e308, 1], [-1e308, 2], [0, 3], [5e307, 4]];
  for (let call = 0; call < 3; call++)
    assert.throws(() => new wl.PCA().fitTransform(huge), { message: "PCA's QR factorisation of X overflowed float64 (values of X too large in magnitude, near the float64 limit); scale X" });
  const m = new wl.LinearRegression().fit(X, y);
  assert.ok(Math.abs(m.coef[0] - 1) < 1e-12 && Math.abs(m.coef[2] + 2) < 1e-12, `coef ${m.coef}`);
  m.dispose();
  assertUsable();
});

test('10 000 fit / predict / dispose cycles with failing calls among them leave the heap flat', () => {
  const small = X.slice(0, 6), ySmall = yReal.slice(0, 6), bad = ySmall.map((v, i) => (i === 2 ? NaN : v));
  const cycle = (i) => {
    const m = new wl.Ridge({ alpha: 1 + (i % 7) });
    try {
      if (i % 5 === 0) m.fit(small, bad); // NaN in y: an Error inside the core
      else m.fit(small, ySmall).predict(small);
      if (i % 11 === 0) m.score(small, bad);
      if (i % 13 === 0) m.predict([[1, 2]]); // wrong column count
    } catch {
      // expected for the failing calls
    } finally {
      m.dispose();
    }
  };
  for (let i = 0; i < 200; i++) cycle(i); // warm-up: allocator pools and static strings settle
  const before = wasm.heapUsed();
  for (let i = 0; i < 10000; i++) cycle(i);
  assert.equal(wasm.heapUsed(), before);
  assertUsable();
});

test('a multiclass fit that fails leaves the model unfitted, not half-built', () => {
  const model = new wl.OutputCodeClassifier({ codeSize: 0.001 });
  assert.throws(() => model.fit([[0], [1]], [0, 1]), /codeSize · classes must be at least 1 \(one member\), got 0.002/);
  assert.throws(() => model.predict([[0]]), { name: 'NotFittedError' });
  const ovr = new wl.OneVsRestClassifier({ estimator: 'KNeighborsClassifier', estimatorOptions: { nNeighbors: 5 } });
  assert.throws(() => ovr.fit([[0], [1], [2]], [0, 1, 2]), /nNeighbors/);
  assert.throws(() => ovr.predict([[0]]), { name: 'NotFittedError' });
});
