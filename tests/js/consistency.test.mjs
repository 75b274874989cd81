// One type per kind of value across the package (booleans as booleans, integer arrays as Int32Array),
// scikit-learn's fitPredict / fitTransform wherever it has them, input errors that say what was
// wrong, and the DenseMatrix helpers users would otherwise write for their folds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as wl from '../../bindings/js/index.js';

const { GaussianMixture, KMeans, DecisionTreeClassifier, SVC, StandardScaler, DenseMatrix, datasets, estimators } = wl;
const { X, y } = datasets.makeBlobs({ nSamples: 300, centers: 3, nFeatures: 2, randomState: 0 });

test('attributes are typed by their C++ type: booleans, Int32Array for integer arrays', () => {
  const kinds = new Set(['number', 'integer', 'boolean', 'vector', 'intVector', 'matrix', 'intMatrix']);
  for (const m of estimators()) for (const a of m.attributes) assert.ok(kinds.has(a.type), `${m.name}.${a.name}: ${a.type}`);
  const gm = new GaussianMixture({ nComponents: 3, randomState: 0 }).fit(X);
  assert.equal(gm.converged, true);
  assert.equal(typeof gm.nIter, 'number');
  const capped = new GaussianMixture({ nComponents: 3, maxIter: 1, randomState: 0 }).fit(X, undefined, { warnings: 'ignore' });
  assert.equal(capped.converged, false);
  const km = new KMeans({ nClusters: 3, randomState: 0 }).fit(X);
  assert.ok(km.labels instanceof Int32Array);
  assert.deepEqual(km.labels, km.predict(X));
  const tree = new DecisionTreeClassifier({ maxDepth: 2 }).fit(X, y);
  assert.ok(tree.tree.feature instanceof Int32Array && tree.tree.childrenLeft instanceof Int32Array);
  assert.equal(tree.tree.childrenLeft.filter((c) => c === -1).length, tree.getNLeaves());
  assert.ok(tree.apply(X) instanceof Int32Array);
  assert.equal(typeof tree.getDepth(), 'number');
  assert.equal(tree.getDepth(), 2);
  const svc = new SVC().fit(X, y);
  assert.ok(svc.support instanceof Int32Array && svc.nSupport instanceof Int32Array);
  assert.equal(svc.nSupport.reduce((a, b) => a + b, 0), svc.support.length);
  assert.equal(typeof gm.bic(X), 'number');
  assert.ok(Math.abs(gm.aic(X) - gm.bic(X)) > 0);
  [gm, capped, km, tree, svc].forEach((m) => m.dispose());
});

test('fitPredict on every clusterer: the training labels, as fit then labels / predict', () => {
  for (const meta of estimators().filter((m) => m.kind === 'clusterer')) {
    const Class = wl[meta.name];
    const options = meta.params.some((p) => p.name === 'randomState') ? { randomState: 0 } : {};
    const model = new Class(options);
    const labels = model.fitPredict(X);
    assert.ok(labels instanceof Int32Array, meta.name);
    assert.equal(labels.length, X.rows, meta.name);
    assert.deepEqual(labels, model.predict(X), meta.name);
    model.dispose();
  }
  // KMeans.fitPredict is labels (scikit-learn's fit_predict), three clusters of 100.
  const counts = [0, 0, 0];
  for (const c of new KMeans({ nClusters: 3, randomState: 0 }).fitPredict(X)) counts[c]++;
  assert.deepEqual(counts, [100, 100, 100]);
});

test('fitTransform on every estimator with transform equals fit then transform', () => {
  for (const meta of estimators().filter((m) => m.methods.includes('transform'))) {
    const Class = wl[meta.name];
    const target = meta.kind === 'classifier' ? y : undefined;
    const a = new Class().fitTransform(X, target);
    const b = new Class().fit(X, target).transform(X);
    assert.deepEqual(a, b, meta.name);
  }
});

test('predict([]) says X is empty; text input is quoted', () => {
  const scaler = new StandardScaler().fit(X);
  const km = new KMeans({ nClusters: 2, randomState: 0 }).fit(X);
  assert.throws(() => km.predict([]), { message: 'X is empty (0 rows, 0 columns)' });
  assert.throws(() => scaler.transform([]), { message: 'X is empty (0 rows, 0 columns)' });
  // From CSV text: the string "1" is told from the number 1.
  assert.throws(() => km.predict([['1', '2']]), { message: 'X[0][0] must be a number, got string "1"' });
  assert.throws(() => km.predict([[1, '']]), { message: 'X[0][1] must be a number, got string ""' });
  [scaler, km].forEach((m) => m.dispose());
});

test('DenseMatrix take, column, columns and slice', () => {
  // 300 rows x 17 columns: past a block of 256 rows and a tile of 16 columns.
  const rows = 300, cols = 17;
  const m = new DenseMatrix(Float64Array.from({ length: rows * cols }, (_, k) => k), rows, cols);
  const taken = m.take([299, 0, 257, 0]);
  assert.deepEqual([taken.rows, taken.cols], [4, 17]);
  assert.deepEqual(taken.toArray().map((r) => r[0]), [299 * 17, 0, 257 * 17, 0]);
  assert.equal(taken.get(0, 16), 299 * 17 + 16);
  assert.ok(taken.data instanceof Float64Array);
  assert.deepEqual(m.column(16).slice(0, 3), Float64Array.of(16, 33, 50));
  assert.equal(m.column(0).length, 300);
  const picked = m.columns(Int32Array.of(16, 8));
  assert.deepEqual([picked.rows, picked.cols], [300, 2]);
  assert.deepEqual(picked.toArray()[299], [299 * 17 + 16, 299 * 17 + 8]);
  const tail = m.slice(-2);
  assert.deepEqual([tail.rows, tail.get(0, 0), tail.get(1, 16)], [2, 298 * 17, 299 * 17 + 16]);
  assert.deepEqual([m.slice(256, 258).get(1, 1), m.slice(10, 5).rows, m.slice().rows, m.slice(0, -299).rows], [257 * 17 + 1, 0, 300, 1]);
  // Int32Array matrices (kneighbors' indices) stay Int32Array.
  const ints = new DenseMatrix(Int32Array.of(1, 2, 3, 4), 2, 2);
  assert.ok(ints.take([1]).data instanceof Int32Array && ints.column(1) instanceof Int32Array);
  assert.deepEqual(ints.column(1), Int32Array.of(2, 4));
  // A fold of a real split, from the matrix datasets return.
  const fold = [...new wl.KFold({ nSplits: 3 }).split(X)][1];
  assert.deepEqual(X.take(fold.test).toArray()[0], X.toArray()[fold.test[0]]);
  assert.throws(() => m.take([300]), { message: 'row index number 300 (at 0) is out of range: the matrix has 300 rows' });
  assert.throws(() => m.take([1.5]), { message: 'row index number 1.5 (at 0) is out of range: the matrix has 300 rows' });
  assert.throws(() => m.column(17), { message: 'column index number 17 (at 0) is out of range: the matrix has 17 columns' });
  assert.throws(() => m.columns('0'), { message: 'column indices must be an array of integers, got string "0"' });
  assert.throws(() => m.slice(0.5), { message: 'slice start must be an integer, got number 0.5' });
});
