// Nearest neighbours through the WASM package: scikit-learn's answers, identical search
// algorithms, labels of any kind, and every bad input of the foundation issue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { KNeighborsClassifier, KNeighborsRegressor, RadiusNeighborsClassifier, RadiusNeighborsRegressor, datasets } from 'wasmlearn';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/neighbors.json', import.meta.url), 'utf8'));
const close = (actual, expected, tol, what) => {
  assert.equal(actual.length, expected.length, `${what} length`);
  for (let i = 0; i < expected.length; i++) {
    if (expected[i] === null) assert.ok(Number.isNaN(actual[i]), `${what}[${i}] should be NaN`);
    else assert.ok(Math.abs(actual[i] - expected[i]) <= tol, `${what}[${i}]: ${actual[i]} vs ${expected[i]}`);
  }
};
const flat = (rows) => rows.flat();

for (const data of fixture.datasets) {
  for (const c of data.cases) {
    const base = { metric: c.metric, p: c.p };
    test(`${data.name}, ${c.metric} p=${c.p}: kneighbors, radius and predictions equal scikit-learn's for every algorithm`, () => {
      for (const algorithm of ['brute', 'kd_tree', 'ball_tree', 'auto']) {
        const knn = new KNeighborsClassifier({ ...base, algorithm, nNeighbors: c.k, leafSize: 3 }).fit(data.X, data.y);
        const { distances, indices } = knn.kneighbors(data.Q);
        close(distances.data, flat(c.kneighbors.distances), 1e-12, `${algorithm} distances`);
        assert.deepEqual(Array.from(indices.data), flat(c.kneighbors.indices), `${algorithm} indices`);
        const radius = new RadiusNeighborsRegressor({ ...base, algorithm, radius: c.radius, leafSize: 3 }).fit(data.X, data.Y);
        const r = radius.radiusNeighbors(data.Q);
        r.indices.forEach((ind, i) => {
          assert.deepEqual(Array.from(ind), c.radius_neighbors.indices[i], `${algorithm} radius indices of query ${i}`);
          close(r.distances[i], c.radius_neighbors.distances[i], 1e-12, `${algorithm} radius distances of query ${i}`);
        });
        knn.dispose();
        radius.dispose();
      }
      for (const weights of ['uniform', 'distance']) {
        const expected = c[weights];
        const opts = { ...base, weights };
        const kc = new KNeighborsClassifier({ ...opts, nNeighbors: c.k }).fit(data.X, data.y);
        assert.deepEqual(Array.from(kc.predict(data.Q)), expected.knn_classifier.predict);
        close(kc.predictProba(data.Q).data, flat(expected.knn_classifier.proba), 1e-12, 'knn proba');
        const kr = new KNeighborsRegressor({ ...opts, nNeighbors: c.k }).fit(data.X, data.Y);
        close(kr.predict(data.Q).data, flat(expected.knn_regressor.predict), 1e-12, 'knn regression');
        const rc = new RadiusNeighborsClassifier({ ...opts, radius: c.radius, outlierLabel: 'most_frequent' }).fit(data.X, data.y);
        assert.deepEqual(Array.from(rc.predict(data.Q)), expected.radius_classifier.predict);
        close(rc.predictProba(data.Q).data, flat(expected.radius_classifier.proba), 1e-12, 'radius proba');
        const rr = new RadiusNeighborsRegressor({ ...opts, radius: c.radius }).fit(data.X, data.Y);
        close(rr.predict(data.Q).data, flat(expected.radius_regressor.predict), 1e-12, 'radius regression');
        assert.deepEqual(rr.warnings.map((w) => w.kind), ['data'], 'NaN predictions come with a warning');
        [kc, kr, rc, rr].forEach((m) => m.dispose());
      }
    });
  }
}

test('string labels in, string labels out; classes sorted; 1-D y gives 1-D predictions', () => {
  const X = [[0, 0], [0, 1], [5, 5], [5, 6], [9, 9]];
  const knn = new KNeighborsClassifier({ nNeighbors: 1 }).fit(X, ['cat', 'cat', 'dog', 'dog', 'ant']);
  assert.deepEqual(knn.classes, ['ant', 'cat', 'dog']);
  assert.deepEqual(knn.predict([[0.2, 0.1], [8, 8.5]]), ['cat', 'ant']);
  assert.equal(knn.score([[0, 0], [5, 5]], ['cat', 'ant']), 0.5);
  assert.deepEqual(knn.predictProba([[5, 5.4]]).toArray(), [[0, 0, 1]]);
  const reg = new KNeighborsRegressor({ nNeighbors: 2 }).fit(X, [1, 2, 3, 4, 5]);
  const pred = reg.predict([[0, 0.5]]);
  assert.ok(pred instanceof Float64Array);
  assert.deepEqual(Array.from(pred), [1.5]);
  const multi = new KNeighborsRegressor({ nNeighbors: 2 }).fit(X, [[1, 10], [2, 20], [3, 30], [4, 40], [5, 50]]);
  assert.deepEqual(multi.predict([[0, 0.5]]).toArray(), [[1.5, 15]]);
  [knn, reg, multi].forEach((m) => m.dispose());
});

test('exact matches with weights=distance vote alone (scikit-learn rule)', () => {
  const knn = new KNeighborsRegressor({ nNeighbors: 3, weights: 'distance' }).fit([[0], [1], [1], [2]], [0, 10, 20, 100]);
  assert.deepEqual(Array.from(knn.predict([[1]])), [15]);
  knn.dispose();
});

test('kd_tree, ball_tree and brute agree on data with ties and duplicate points', () => {
  const grid = [];
  for (let i = 0; i < 12; i++) for (let j = 0; j < 12; j++) grid.push([i % 4, j % 3]); // many duplicates and equal distances
  const queries = [[1, 1], [0.5, 0.5], [3, 2], [10, 10]];
  const answers = ['brute', 'kd_tree', 'ball_tree'].map((algorithm) => {
    const m = new KNeighborsClassifier({ algorithm, nNeighbors: 9, leafSize: 2 }).fit(grid, grid.map((r) => r[0] + r[1]));
    const { distances, indices } = m.kneighbors(queries);
    m.dispose();
    return [Array.from(distances.data), Array.from(indices.data)];
  });
  assert.deepEqual(answers[1], answers[0]);
  assert.deepEqual(answers[2], answers[0]);
  // (1, 1) occurs 12 times (rows i*12+j, i in {1,5,9}, j in {1,4,7,10}); ties go to the lowest indices.
  assert.deepEqual(answers[0][1].slice(0, 9), [13, 16, 19, 22, 61, 64, 67, 70, 109]);
  assert.deepEqual(answers[0][0].slice(0, 9), new Array(9).fill(0));
});

test('every bad input of the foundation issue gives a clear Error and the module stays usable', () => {
  const { X, y } = datasets.makeMoons({ nSamples: 20, noise: 0.1, randomState: 1 });
  const rows = X.toArray();
  const cases = [
    [() => new KNeighborsClassifier().fit([[0, NaN], ...rows.slice(1)], y), /X contains NaN at row 0, column 1/],
    [() => new KNeighborsRegressor().fit(rows, Array.from(y, (v, i) => (i === 3 ? Infinity : v))), /y contains Infinity at row 3/],
    [() => new KNeighborsClassifier().fit([[1, 2], [3]], [0, 1]), /X is ragged: row 1 has 1 values but row 0 has 2/],
    [() => new KNeighborsClassifier().fit(rows, y.slice(0, 19)), /y has 19 entries but X has 20 rows/],
    [() => new KNeighborsClassifier().fit([], []), /X is empty/],
    [() => new KNeighborsClassifier({ nNeighbors: 0 }), /nNeighbors must be at least 1, got 0/],
    [() => new KNeighborsClassifier({ nNeighbors: 2.5 }), /nNeighbors must be an integer, got 2.5/],
    [() => new KNeighborsClassifier({ nNeighbors: 21 }).fit(rows, y), /nNeighbors.*21.*20/],
    [() => new KNeighborsClassifier({ metric: 'cosine' }), /metric must be one of 'minkowski', 'euclidean', 'manhattan', 'chebyshev', got "cosine"/],
    [() => new KNeighborsClassifier({ algorithm: 'quad_tree' }), /algorithm must be one of/],
    [() => new KNeighborsClassifier({ weights: 'gaussian' }), /weights must be one of 'uniform', 'distance'/],
    [() => new KNeighborsClassifier({ p: 0.5 }), /p must be at least 1, got 0.5/],
    [() => new KNeighborsClassifier().predict(rows), (e) => e.name === 'NotFittedError'],
    [() => new KNeighborsClassifier().fit(rows, y).predict([[1, 2, 3]]), /X has 3 columns but the model was fitted with 2/],
    [() => new RadiusNeighborsClassifier({ radius: 0.01 }).fit(rows, y).predict([[50, 50]]), /no training sample within radius 0.01 of 1 of the 1 query rows \(row 0\); set outlierLabel to 'most_frequent'/],
    [() => KNeighborsClassifier.fromJSON({ format: 'wasmlearn-model', version: 1, estimator: 'KNeighborsClassifier', params: {}, fitted: true, yIsVector: true, state: { X: 'oops' }, labels: { kind: 'number', classes: [0, 1] } }), /model JSON/],
    [() => KNeighborsClassifier.fromJSON({ hello: 'world' }), /model JSON/],
  ];
  for (const [f, expected] of cases) assert.throws(f, expected);
  const model = new KNeighborsClassifier().fit(rows, y);
  model.dispose();
  assert.throws(() => model.kneighbors(rows), /has been disposed/);
  const fresh = new KNeighborsClassifier({ nNeighbors: 3 }).fit(rows, y);
  assert.equal(fresh.score(rows, y) > 0.8, true);
  fresh.dispose();
});

test('a saved model predicts bit-identically after loading', () => {
  const { X, y } = datasets.makeMoons({ nSamples: 60, noise: 0.3, randomState: 2 });
  const m = new KNeighborsClassifier({ nNeighbors: 4, weights: 'distance', algorithm: 'kd_tree' }).fit(X, Array.from(y, (c) => ['no', 'yes'][c]));
  const loaded = KNeighborsClassifier.fromJSON(JSON.stringify(m));
  const grid = datasets.makeMoons({ nSamples: 200, noise: 0.5, randomState: 9 }).X;
  assert.deepEqual(loaded.predict(grid), m.predict(grid));
  assert.deepEqual(loaded.predictProba(grid).data, m.predictProba(grid).data);
  assert.deepEqual(loaded.getParams(), m.getParams());
  m.dispose();
  loaded.dispose();
});
