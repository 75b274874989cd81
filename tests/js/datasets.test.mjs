// The WASM build generates the same numbers, bit for bit, as the native build did when it wrote
// tests/fixtures/datasets_native.json (the library has its own generator and deterministic math).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { datasets, trainTestSplit, modelSelection } from 'wasmlearn';

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/datasets_native.json', import.meta.url), 'utf8'));

const bitsEqual = (actual, expected, what) => {
  assert.equal(actual.length, expected.length, `${what} length`);
  for (let i = 0; i < expected.length; i++) assert.ok(Object.is(actual[i], expected[i]), `${what}[${i}]: ${actual[i]} !== ${expected[i]}`);
};

for (const { args, result } of cases) {
  const { function: name, ...options } = args;
  test(`${name}(${JSON.stringify(options)}) is identical to the native build`, () => {
    if (name === 'permutation' || name === 'uniformDraws') return bitsEqual(modelSelection[name](options), result.values, name);
    if (name === 'trainTestSplit') {
      const { nSamples, ...splitOptions } = options;
      const X = Array.from({ length: nSamples }, (_, i) => [i]);
      const { XTrain, XTest } = trainTestSplit(X, splitOptions);
      bitsEqual(XTrain.map((r) => r[0]), result.train, 'train');
      bitsEqual(XTest.map((r) => r[0]), result.test, 'test');
      return;
    }
    const d = datasets[name](options);
    assert.deepEqual([d.X.rows, d.X.cols], [result.X.rows, result.X.cols]);
    bitsEqual(d.X.data, result.X.data, 'X');
    bitsEqual(d.y, result.y, 'y');
    if (result.coef) bitsEqual(d.coef, result.coef, 'coef');
  });
}

test('same randomState, same data; another seed, other data', () => {
  const a = datasets.makeMoons({ nSamples: 50, noise: 0.2, randomState: 4 });
  const b = datasets.makeMoons({ nSamples: 50, noise: 0.2, randomState: 4 });
  const c = datasets.makeMoons({ nSamples: 50, noise: 0.2, randomState: 5 });
  assert.deepEqual(a.X.data, b.X.data);
  assert.notDeepEqual(a.X.data, c.X.data);
});

test('Iris is embedded with names; generators reject bad options by name', () => {
  const iris = datasets.loadIris();
  assert.deepEqual([iris.X.rows, iris.X.cols], [150, 4]);
  assert.deepEqual(Array.from(iris.X.data.slice(0, 4)), [5.1, 3.5, 1.4, 0.2]);
  assert.deepEqual([iris.y[0], iris.y[50], iris.y[149]], [0, 1, 2]);
  assert.deepEqual(iris.targetNames, ['setosa', 'versicolor', 'virginica']);
  assert.throws(() => datasets.makeMoons({ nSamples: 2.5 }), { message: 'nSamples must be an integer, got 2.5' });
  assert.throws(() => datasets.makeMoons({ noice: 0.1 }), /Unknown option 'noice' for makeMoons; valid options: nSamples, noise, shuffle, randomState/);
  assert.throws(() => datasets.makeCircles({ factor: 1.5 }), /factor/);
  assert.throws(() => datasets.makeMoons({ randomState: -1 }), { message: 'randomState must be at least 0, got -1' });
});

test('trainTestSplit keeps the form of X and y, and stratifies', () => {
  const { X, y } = datasets.makeBlobs({ nSamples: 40, centers: 2, randomState: 2 });
  const labels = Array.from(y, (c) => (c ? 'b' : 'a'));
  const s = trainTestSplit(X, labels, { testSize: 10, stratify: labels, randomState: 3 });
  assert.equal(s.XTest.rows, 10);
  assert.equal(s.XTrain.rows, 30);
  assert.ok(Array.isArray(s.yTrain) && typeof s.yTrain[0] === 'string');
  assert.equal(s.yTest.filter((l) => l === 'a').length, 5);
  const rows = X.toArray();
  const t = trainTestSplit(rows, y, { testSize: 0.5, shuffle: false });
  assert.equal(t.XTrain[0], rows[0]);
  assert.ok(t.yTest instanceof Int32Array);
  assert.throws(() => trainTestSplit(rows, y, { testSize: 0.5, shuffle: false, stratify: y }), /stratif/i);
  assert.throws(() => trainTestSplit(rows, y.slice(1)), { message: 'y has 39 entries but X has 40 rows' });
});
