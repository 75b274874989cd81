// Long fits report progress and can be cancelled from the callback; nothing leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RandomForestClassifier, KNeighborsClassifier, datasets, estimators } from 'wasmlearn';
import { wasm } from '../../bindings/js/module.js';

const { X, y } = datasets.makeMoons({ nSamples: 80, noise: 0.2, randomState: 1 });

test('estimators that report progress say so in their metadata', () => {
  const reporting = estimators().filter((m) => m.methods.includes('progress')).map((m) => m.name);
  assert.ok(reporting.includes('RandomForestClassifier') && reporting.includes('ExtraTreesRegressor'), reporting.join());
  assert.ok(!reporting.includes('KNeighborsClassifier'));
});

test('a forest calls onProgress once per tree, in order', () => {
  const calls = [];
  const forest = new RandomForestClassifier({ nEstimators: 6, randomState: 0 }).fit(X, y, { onProgress: (done, total) => calls.push([done, total]) });
  assert.deepEqual(calls, [[1, 6], [2, 6], [3, 6], [4, 6], [5, 6], [6, 6]]);
  const plain = new RandomForestClassifier({ nEstimators: 6, randomState: 0 }).fit(X, y);
  assert.deepEqual(forest.predictProba(X).data, plain.predictProba(X).data); // watching changes nothing
  forest.dispose();
  plain.dispose();
});

test('returning false cancels; a throwing callback cancels and its error is rethrown; the model stays usable', () => {
  const forest = new RandomForestClassifier({ nEstimators: 10, randomState: 0 });
  assert.throws(() => forest.fit(X, y, { onProgress: (done) => done < 3 }), { message: 'fit cancelled after 3 of 10 trees' });
  assert.throws(() => forest.predict(X), { name: 'NotFittedError' });
  const boom = new Error('stop here');
  assert.throws(() => forest.fit(X, y, { onProgress: () => { throw boom; } }), (e) => e === boom);
  forest.fit(X, y);
  assert.ok(forest.score(X, y) > 0.9);
  assert.throws(() => forest.fit(X, y, { onProgress: 42 }), { message: 'onProgress must be a function, got number' });
  forest.dispose();
});

test('estimators without progress reject onProgress; cancelled fits do not leak', () => {
  const knn = new KNeighborsClassifier();
  assert.throws(() => knn.fit(X, y, { onProgress: () => false }), { message: 'KNeighborsClassifier.fit does not take onProgress' });
  knn.dispose();
  const cycle = () => {
    const f = new RandomForestClassifier({ nEstimators: 4, randomState: 1 });
    assert.throws(() => f.fit(X, y, { onProgress: (d) => d < 2 }));
    f.dispose();
  };
  for (let i = 0; i < 20; i++) cycle();
  const before = wasm.heapUsed();
  for (let i = 0; i < 200; i++) cycle();
  assert.equal(wasm.heapUsed(), before);
});
