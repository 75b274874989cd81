// Progress of pooled work (bindings/js/pool.js runAll's onTaskDone): k-means and mixture restarts and
// one-vs-rest / one-vs-one members fitted by fitAsync on the pool, and the cross-validations and
// searches with nJobs, call onProgress(k, n) as their parts end: k counting up by one part at a time
// (members: by the slice's members) to n.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as wl from '../../bindings/js/index.js';

after(() => wl.terminatePools());

// 300 rows (past one 256-row block), 9 features (past 8), four noisy classes and a real target.
const n = 300, p = 9;
const X = Array.from({ length: n }, (_, i) => Array.from({ length: p }, (_, j) => Math.sin(0.37 * i * (j + 1)) + ((i % 4) - 1.5) * (j < 3 ? 1.2 : 0)));
const yClass = X.map((_, i) => ['a', 'b', 'c', 'd'][i % 4]);
const yReal = X.map((r, i) => r[0] - 2 * r[4] + 0.1 * Math.cos(i));

// The calls of onProgress, checked: each (k, n) with the same n, k growing to n.
function recorder() {
  const calls = [];
  const onProgress = (...args) => calls.push(args);
  const check = (total, what, { step } = {}) => {
    assert.ok(calls.length > 0, `${what}: onProgress was called`);
    assert.ok(calls.every((c) => c.length === 2 && c[1] === total), `${what}: every call is (k, ${total}): ${JSON.stringify(calls)}`);
    assert.ok(calls.every(([k], i) => k > (i === 0 ? 0 : calls[i - 1][0])), `${what}: k grows: ${JSON.stringify(calls)}`);
    assert.equal(calls.at(-1)[0], total, `${what}: ends at ${total}`);
    if (step) assert.deepEqual(calls.map(([k]) => k), Array.from({ length: total }, (_, i) => i + 1), `${what}: one call per part`);
    calls.length = 0;
  };
  return { onProgress, check };
}

test('pooled restarts and one-vs-rest / one-vs-one members report k of n, and give the model fit gives', async () => {
  const cases = [
    [wl.KMeans, { nClusters: 4, nInit: 5, randomState: 2 }, undefined, 5, true],
    [wl.GaussianMixture, { nComponents: 3, nInit: 4, randomState: 1 }, undefined, 4, true],
    [wl.OneVsRestClassifier, { estimator: 'LogisticRegression' }, yClass, 4, false], // one member per class
    [wl.OneVsOneClassifier, { estimator: 'LinearSVC' }, yClass, 6, false], // one per pair of the 4 classes
  ];
  const { onProgress, check } = recorder();
  for (const [Class, options, y, total, oneByOne] of cases) {
    const expected = new Class(options).fit(X, y).toJSON();
    for (const nJobs of [2, 3]) {
      const model = await new Class({ ...options, nJobs }).fitAsync(X, y, { onProgress });
      check(total, `${Class.name}, nJobs ${nJobs}`, { step: oneByOne });
      assert.deepEqual(model.setParams({ nJobs: 1 }).toJSON(), expected, `${Class.name}, nJobs ${nJobs}`);
      model.dispose();
    }
  }
});

test('the cross-validations and the searches take onProgress: k of n fits, in this thread and on the pool', async () => {
  const { onProgress, check } = recorder();
  const tree = new wl.DecisionTreeClassifier({ maxDepth: 4, randomState: 0 });
  for (const nJobs of [1, 2, 3]) {
    const what = (name) => `${name}, nJobs ${nJobs}`;
    const out = await wl.crossValidate(tree, X, yClass, { cv: 4, nJobs, onProgress });
    check(4, what('crossValidate'), { step: true });
    assert.equal(out.testScore.length, 4);
    await wl.crossValScore(new wl.Ridge(), X, yReal, { nJobs, onProgress });
    check(5, what('crossValScore'), { step: true });
    await wl.crossValPredict(new wl.GaussianNB(), X, yClass, { cv: 3, nJobs, method: 'predictProba', onProgress });
    check(3, what('crossValPredict'), { step: true });
    await wl.validationCurve(new wl.Ridge(), X, yReal, { cv: 3, nJobs, paramName: 'alpha', paramRange: [0.1, 1, 10], onProgress });
    check(9, what('validationCurve'), { step: true });
    await wl.learningCurve(new wl.GaussianNB(), X, yClass, { cv: 3, nJobs, trainSizes: [0.5, 1], onProgress });
    check(6, what('learningCurve'), { step: true });
    const grid = await new wl.GridSearchCV(tree, { maxDepth: [2, 4], minSamplesLeaf: [1, 5, 9] }, { cv: 3, nJobs }).fit(X, yClass, { onProgress });
    check(18, what('GridSearchCV'), { step: true });
    assert.equal(grid.cvResults.params.length, 6);
    await new wl.RandomizedSearchCV(new wl.Ridge(), { alpha: { loguniform: [1e-3, 10] } }, { nIter: 4, cv: 2, nJobs }).fit(X, yReal, { onProgress });
    check(8, what('RandomizedSearchCV'), { step: true });
  }
  // onProgress must be a function; options stay checked.
  await assert.rejects(wl.crossValScore(tree, X, yClass, { onProgress: 1 }), { message: 'crossValidate: onProgress must be a function, got number' });
  await assert.rejects(wl.crossValPredict(tree, X, yClass, { onProgress: 'x' }), { message: 'crossValPredict: onProgress must be a function, got string' });
  await assert.rejects(new wl.GridSearchCV(tree, { maxDepth: [2] }).fit(X, yClass, { onProgress: {} }), { message: 'GridSearchCV.fit: onProgress must be a function, got object' });
  await assert.rejects(wl.crossValScore(tree, X, yClass, { onProgres: () => {} }), /Unknown option 'onProgres' for crossValScore/);
  await assert.rejects(tree.fitAsync(X, yClass, { onProgress: 3 }), { message: 'fitAsync: onProgress must be a function, got number' });
});
