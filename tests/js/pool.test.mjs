// The worker pool (bindings/js/pool.js): nJobs on cross-validation and the searches gives the same
// results, bit for bit, for nJobs 1, 2, 3 and 8; failing tasks reject with their own message and the
// pool stays usable; fitAsync gives the model fit gives, reports progress and is cancelled by an
// AbortSignal, and fits forests and bagging in slices on nJobs workers to the same bits; a program
// that used the pool exits by itself.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as wl from '../../bindings/js/index.js';
import { WorkerPool } from '../../bindings/js/pool.js';

after(() => wl.terminatePools());

// 300 rows (past one 256-row block), 9 features (past 8), three noisy classes and a real target.
const n = 300, p = 9;
const X = Array.from({ length: n }, (_, i) => Array.from({ length: p }, (_, j) => Math.sin(0.37 * i * (j + 1)) + ((i % 3) - 1) * (j < 3 ? 1.2 : 0)));
const yClass = X.map((_, i) => ['a', 'b', 'c'][i % 3]);
const yReal = X.map((r, i) => r[0] - 2 * r[4] + 0.1 * Math.cos(i));
const jobs = [1, 2, 3, 8];
// Everything but the times, which are the only thing allowed to differ between runs.
const withoutTimes = (value) => JSON.stringify(value, (key, v) => (/Time|Times$/.test(key) ? undefined : ArrayBuffer.isView(v) ? Array.from(v) : v));

async function sameForEveryNJobs(run) {
  const reference = withoutTimes(await run(1));
  for (const nJobs of jobs.slice(1)) assert.equal(withoutTimes(await run(nJobs)), reference, `nJobs ${nJobs}`);
  return JSON.parse(reference);
}

test('GridSearchCV and RandomizedSearchCV give the same cvResults and best model for nJobs 1, 2, 3 and 8', async () => {
  const grid = await sameForEveryNJobs(async (nJobs) => {
    const search = await new wl.GridSearchCV(new wl.DecisionTreeClassifier({ randomState: 0, maxFeatures: 4 }), { maxDepth: [2, 4, 8], minSamplesLeaf: [1, 5] }, { nJobs, scoring: 'accuracy', returnTrainScore: true }).fit(X, yClass);
    return { cvResults: search.cvResults, best: search.bestParams, model: search.bestEstimator.toJSON() };
  });
  assert.equal(grid.cvResults.params.length, 6);
  assert.ok(grid.cvResults.meanTestScore.every((s) => s > 0.4 && s <= 1), 'real scores');
  await sameForEveryNJobs(async (nJobs) => {
    const search = await new wl.RandomizedSearchCV(wl.makePipeline(new wl.StandardScaler(), new wl.Ridge()), { ridge__alpha: { loguniform: [1e-3, 10] } }, { nIter: 5, randomState: 3, nJobs, scoring: ['r2', 'neg_mean_absolute_error'], refit: 'r2' }).fit(X, yReal);
    return search.cvResults;
  });
});

test('crossValidate, crossValScore, crossValPredict, validationCurve and learningCurve are the same for nJobs 1, 2, 3 and 8', async () => {
  const forest = new wl.RandomForestClassifier({ nEstimators: 5, randomState: 1 });
  const cv = await sameForEveryNJobs(async (nJobs) => {
    const out = await wl.crossValidate(forest, X, yClass, { nJobs, cv: 4, returnTrainScore: true, returnEstimator: true });
    return { ...out, estimator: out.estimator.map((m) => m.toJSON()) };
  });
  assert.equal(cv.estimator.length, 4);
  const inline = await wl.crossValScore(forest, X, yClass, { cv: 4 });
  assert.deepEqual(Array.from(inline), cv.testScore, 'crossValidate with nJobs agrees with crossValScore in this thread');
  await sameForEveryNJobs((nJobs) => wl.crossValScore(new wl.Ridge(), X, yReal, { nJobs, scoring: 'neg_mean_squared_error' }));
  const proba = await sameForEveryNJobs((nJobs) => wl.crossValPredict(new wl.LogisticRegression(), X, yClass, { nJobs, method: 'predictProba' }));
  assert.deepEqual([proba.rows, proba.cols], [n, 3]);
  await sameForEveryNJobs((nJobs) => wl.crossValPredict(new wl.KNeighborsClassifier(), X, yClass, { nJobs }));
  await sameForEveryNJobs((nJobs) => wl.validationCurve(new wl.Ridge(), X, yReal, { nJobs, paramName: 'alpha', paramRange: [0.01, 1, 100] }));
  await sameForEveryNJobs((nJobs) => wl.learningCurve(new wl.GaussianNB(), X, yClass, { nJobs, shuffle: true, randomState: 2, returnTimes: true }));
});

// An MLP on a Float32Array trains in float32 in every worker (the folds keep X's type): the same
// models for nJobs 1, 2, 3 and 8, and not those of the Float64Array.
test('crossValidate of an MLP on a Float32Array: float32 fits, the same for nJobs 1, 2, 3 and 8', async () => {
  const single = { data: Float32Array.from(X.flat()), rows: n, cols: p };
  const mlp = new wl.MLPClassifier({ hiddenLayerSizes: [7], maxIter: 5, randomState: 0 });
  const run = (data, nJobs) => wl.crossValidate(mlp, data, yClass, { nJobs, cv: 3, returnEstimator: true })
    .then((out) => out.estimator.map((m) => m.toJSON()));
  const fits32 = await sameForEveryNJobs((nJobs) => run(single, nJobs));
  const fits64 = withoutTimes(await run(X, 2));
  assert.notEqual(JSON.stringify(fits32), fits64);
});

// A one-vs-rest of MLPs on a Float32Array passes X's precision to its members, as scikit-learn's
// members get the float32 X: each member is the float32 fit of its binary problem, in this thread and
// on nJobs 2 workers; a bagging of MLPs likewise differs from its Float64Array fit.
test('OneVsRestClassifier and BaggingClassifier of MLPs on a Float32Array fit float32 members', async () => {
  const single = { data: Float32Array.from(X.flat()), rows: n, cols: p };
  const mlp = new wl.MLPClassifier({ hiddenLayerSizes: [7], maxIter: 5, randomState: 0 });
  const ovr = new wl.OneVsRestClassifier(mlp).fit(single, yClass).toJSON();
  const member = new wl.MLPClassifier(mlp.getParams()).fit(single, yClass.map((label) => (label === 'a' ? 1 : 0))).toJSON();
  assert.deepEqual(ovr.state.members[0].model.state, member.state);
  assert.notDeepEqual(new wl.OneVsRestClassifier(mlp).fit(X, yClass).toJSON(), ovr);
  const pooled = new wl.OneVsRestClassifier({ estimator: mlp, nJobs: 2 });
  await pooled.fitAsync(single, yClass);
  assert.deepEqual(pooled.setParams({ nJobs: 1 }).toJSON(), ovr);
  const bagging = (data) => new wl.BaggingClassifier({ estimator: mlp, nEstimators: 2, randomState: 0 }).fit(data, yClass).toJSON();
  assert.notDeepEqual(bagging(single), bagging(X));
});

test('a failing task rejects with its own message, and the pool runs the next search', async () => {
  // 240 training rows per fold: 260 neighbours fail in every fold, with the core's message.
  const failing = { nNeighbors: [5, 260] };
  await assert.rejects(new wl.GridSearchCV(new wl.KNeighborsRegressor(), failing, { nJobs: 2, errorScore: 'raise' }).fit(X, yReal), {
    message: 'nNeighbors = 260 is greater than the number of training samples (240)',
  });
  const ok = await new wl.GridSearchCV(new wl.Ridge(), { alpha: [1, 2] }, { nJobs: 2 }).fit(X, yReal);
  const inline = await new wl.GridSearchCV(new wl.Ridge(), { alpha: [1, 2] }).fit(X, yReal);
  assert.deepEqual(Array.from(ok.cvResults.meanTestScore), Array.from(inline.cvResults.meanTestScore));
  // errorScore as a number: the failing candidate scores it, the others are real.
  const scored = await new wl.GridSearchCV(new wl.KNeighborsRegressor(), failing, { nJobs: 2, errorScore: -7 }).fit(X, yReal);
  assert.equal(scored.cvResults.meanTestScore[1], -7);
  assert.ok(scored.cvResults.meanTestScore[0] > 0.5);
  assert.match(scored.warnings.join(), /5 of the 10 fits failed .*nNeighbors = 260 is greater/);
});

test('nJobs is checked; functions cannot go to a worker', async () => {
  for (const nJobs of [0, 1.5, '2']) await assert.rejects(wl.crossValScore(new wl.Ridge(), X, yReal, { nJobs }), new RegExp(`nJobs must be a non-zero integer .*got ${nJobs}`));
  const byHand = (model, Xs, ys) => model.score(Xs, ys);
  await assert.rejects(wl.crossValScore(new wl.Ridge(), X, yReal, { nJobs: 2, scoring: byHand }), /scoring holds a function, which cannot be sent to a worker/);
  assert.deepEqual(Array.from(await wl.crossValScore(new wl.Ridge(), X, yReal, { scoring: byHand })), Array.from(await wl.crossValScore(new wl.Ridge(), X, yReal)));
  const all = await wl.crossValScore(new wl.Ridge(), X, yReal, { nJobs: -1 });
  assert.equal(all.length, 5);
});

test('fitAsync gives the model fit gives, for every estimator', async () => {
  const small = X.slice(0, 60).map((r) => r.slice(0, 3));
  const targets = { classifier: yClass.slice(0, 60), regressor: yReal.slice(0, 60) };
  for (const meta of wl.estimators()) {
    const Class = wl[meta.name];
    const y = targets[meta.kind];
    const sync = new Class().fit(small, y).toJSON();
    const model = new Class();
    // onProgress is taken by every fitAsync (the playground passes it to all), reported where declared.
    const reports = [];
    assert.equal(await model.fitAsync(small, y, { onProgress: (done, total) => void reports.push([done, total]) }), model);
    assert.deepEqual(model.toJSON(), sync, meta.name);
    if (!meta.fitOptions.includes('onProgress')) assert.deepEqual(reports, [], meta.name);
    model.dispose();
  }
  const pipe = wl.makePipeline(new wl.StandardScaler(), new wl.LogisticRegression());
  const scaler = pipe.steps[0][1];
  await pipe.fitAsync(X, yClass, { onProgress: () => {} });
  assert.equal(pipe.steps[0][1], scaler, 'the steps keep their identity');
  assert.deepEqual(pipe.predict(X), wl.makePipeline(new wl.StandardScaler(), new wl.LogisticRegression()).fit(X, yClass).predict(X));
  await assert.rejects(new wl.Ridge().fitAsync(X, yReal, { notAnOption: 1 }), /Ridge.fit does not take notAnOption|notAnOption/);
  await assert.rejects(new wl.Ridge().fitAsync(X, yReal, { signal: 'stop' }), /signal must be an AbortSignal/);
  await assert.rejects(new wl.Ridge().fitAsync([[1, NaN]], [1]), /X contains NaN at row 0, column 1/);
});

// A 400-tree forest on 20 copies of X, fitted by fitAsync and aborted after its first tree: an
// AbortError, and the model is left unfitted.
async function abortAfterFirstTree(options) {
  const big = Array.from({ length: 20 }, () => X).flat();
  const yBig = Array.from({ length: 20 }, () => yClass).flat();
  const controller = new AbortController();
  const slow = new wl.RandomForestClassifier(options);
  let progressed;
  const firstTree = new Promise((resolve) => (progressed = resolve));
  const fit = slow.fitAsync(big, yBig, { signal: controller.signal, onProgress: () => progressed() });
  await firstTree;
  controller.abort();
  await assert.rejects(fit, { name: 'AbortError' });
  assert.throws(() => slow.predict(X), { name: 'NotFittedError' }, 'the model is left as it was');
}

test('fitAsync reports progress, and an AbortSignal cancels it with an AbortError', async () => {
  const calls = [];
  const forest = await new wl.RandomForestClassifier({ nEstimators: 4, randomState: 0 }).fitAsync(X, yClass, { onProgress: (done, total) => calls.push([done, total]) });
  assert.deepEqual(calls, [[1, 4], [2, 4], [3, 4], [4, 4]]);
  assert.deepEqual(forest.toJSON(), new wl.RandomForestClassifier({ nEstimators: 4, randomState: 0 }).fit(X, yClass).toJSON());
  await abortAfterFirstTree({ nEstimators: 400, randomState: 0 });
  await assert.rejects(new wl.Ridge().fitAsync(X, yReal, { signal: AbortSignal.abort() }), { name: 'AbortError' });
  const after = await new wl.Ridge().fitAsync(X, yReal);
  assert.ok(after.score(X, yReal) > 0.9, 'the pool is usable after a cancel');
});

test('forests and bagging fitted by fitAsync on nJobs 1, 2, 3 and 8 workers are the model fit gives', async () => {
  const cases = [
    [wl.RandomForestClassifier, { nEstimators: 10, oobScore: true, maxDepth: 6, randomState: 4 }, yClass],
    [wl.ExtraTreesClassifier, { nEstimators: 9, maxFeatures: 5 }, yClass],
    [wl.RandomForestRegressor, { nEstimators: 7, oobScore: true, maxSamples: 0.5, maxDepth: 5 }, yReal],
    [wl.ExtraTreesRegressor, { nEstimators: 5, maxDepth: 4, randomState: 2 }, yReal],
    [wl.BaggingClassifier, { nEstimators: 9, estimator: new wl.DecisionTreeClassifier({ maxDepth: 3 }), maxFeatures: 0.5 }, yClass],
    [wl.BaggingRegressor, { estimator: 'Ridge', nEstimators: 6, maxSamples: 100 }, yReal],
  ];
  for (const [Class, options, y] of cases) {
    const expected = new Class(options).fit(X, y).toJSON();
    const synchronous = new Class({ ...options, nJobs: 2 }).fit(X, y);
    assert.deepEqual(synchronous.setParams({ nJobs: 1 }).toJSON(), expected, `${Class.name}: fit with nJobs 2 runs in this thread`);
    for (const nJobs of jobs) {
      const model = new Class({ ...options, nJobs });
      assert.equal(await model.fitAsync(X, y), model);
      assert.equal(model.getParams().nJobs, nJobs);
      assert.deepEqual(model.setParams({ nJobs: 1 }).toJSON(), expected, `${Class.name}, nJobs ${nJobs}`);
      model.dispose();
    }
  }
  const oob = new wl.RandomForestClassifier(cases[0][1]).fit(X, yClass).oobScore;
  assert.ok(oob > 0.5 && oob <= 1, `a real out-of-bag score, ${oob}`);
  // warmStart: the trees past the fitted ones, grown on the pool.
  const grown = new wl.RandomForestRegressor({ nEstimators: 3, randomState: 1 }).fit(X, yReal);
  grown.setParams({ nEstimators: 11, warmStart: true, nJobs: 3 });
  const calls = [];
  await grown.fitAsync(X, yReal, { onProgress: (done, total) => calls.push([done, total]) });
  assert.deepEqual(grown.toJSON(), new wl.RandomForestRegressor({ nEstimators: 11, randomState: 1, warmStart: true, nJobs: 3 }).fit(X, yReal).toJSON());
  assert.deepEqual(calls, Array.from({ length: 8 }, (_, k) => [4 + k, 11]), 'progress over the whole forest, one call per tree');
});

test('a failing slice rejects with its own message, an AbortSignal cancels a pooled forest, and the pool stays usable', async () => {
  const options = { estimator: 'KNeighborsClassifier', nEstimators: 6, nJobs: 3 };
  const sampleWeight = new Float64Array(n).fill(1);
  const message = (() => {
    try {
      new wl.BaggingClassifier(options).fit(X, yClass, { sampleWeight });
    } catch (e) {
      return e.message;
    }
  })();
  assert.match(message, /sampleWeight needs an estimator whose fit takes it; KNeighborsClassifier.fit does not/);
  await assert.rejects(new wl.BaggingClassifier(options).fitAsync(X, yClass, { sampleWeight }), { message });
  await assert.rejects(new wl.RandomForestClassifier({ nJobs: 0 }).fitAsync(X, yClass), /nJobs must be a non-zero integer/);
  assert.throws(() => new wl.RandomForestClassifier({ nJobs: 0 }).fit(X, yClass), /nJobs is not 0/);
  await abortAfterFirstTree({ nEstimators: 400, nJobs: 2 });
  const after = await new wl.BaggingRegressor({ estimator: 'Ridge', nJobs: 2 }).fitAsync(X, yReal);
  assert.ok(after.score(X, yReal) > 0.9, 'the pool is usable afterwards');
});

test('an AbortSignal cancels crossValidate, crossValPredict and the searches, in this thread and on the pool', async () => {
  const big = Array.from({ length: 8 }, () => X).flat();
  const yBig = Array.from({ length: 8 }, () => yClass).flat();
  const forest = new wl.RandomForestClassifier({ nEstimators: 60, randomState: 0 });
  for (const nJobs of [1, 2]) {
    const controller = new AbortController();
    const run = wl.crossValidate(forest, big, yBig, { nJobs, cv: 5, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(run, { name: 'AbortError' }, `crossValidate, nJobs ${nJobs}`);
    const search = new wl.GridSearchCV(forest, { maxDepth: [3, 6] }, { nJobs });
    await assert.rejects(search.fit(X, yClass, { signal: AbortSignal.abort() }), { name: 'AbortError' }, `GridSearchCV, nJobs ${nJobs}`);
    assert.throws(() => search.bestEstimator, { name: 'NotFittedError' });
    await assert.rejects(wl.crossValPredict(forest, X, yClass, { nJobs, signal: AbortSignal.abort() }), { name: 'AbortError' });
  }
  await assert.rejects(wl.crossValScore(forest, X, yClass, { signal: 'stop' }), /crossValidate: signal must be an AbortSignal/);
  const ridge = new wl.Ridge();
  assert.deepEqual(await wl.crossValScore(ridge, X, yReal, { nJobs: 2, signal: new AbortController().signal }), await wl.crossValScore(ridge, X, yReal), 'the pool is usable afterwards');
});

test('WorkerPool: results in task order, terminate rejects what is running and the pool restarts', async () => {
  const pool = new WorkerPool(2);
  const job = pool.job({ X: new wl.DenseMatrix(Float64Array.from(X.flat()), n, p), y: yReal });
  const task = (alpha) => ({ estimator: new wl.Ridge({ alpha }).toJSON(), train: Int32Array.from({ length: 200 }, (_, i) => i), test: Int32Array.from({ length: 100 }, (_, i) => 200 + i) });
  const results = await Promise.all([0.1, 10, 1000].map((a) => pool.run('fitAndScore', task(a), { job })));
  const scores = results.map((r) => r.testScores.score);
  assert.ok(scores[0] > scores[2], `more regularisation fits worse here: ${scores}`);
  const running = pool.run('fitAndScore', task(1), { job });
  pool.terminate();
  await assert.rejects(running, /the worker pool was terminated/);
  const again = await pool.run('fitAndScore', task(0.1), { job: pool.job({ X: new wl.DenseMatrix(Float64Array.from(X.flat()), n, p), y: yReal }) });
  assert.equal(again.testScores.score, scores[0]);
  pool.terminate();
  assert.throws(() => new WorkerPool(0), /WorkerPool size must be an integer at least 1, got 0/);
});

test('a program that ran a pooled search exits by itself', () => {
  const script = `import * as wl from ${JSON.stringify(new URL('../../bindings/js/index.js', import.meta.url).href)};
const X = Array.from({ length: 40 }, (_, i) => [i, Math.sin(i)]);
const s = await new wl.GridSearchCV(new wl.Ridge(), { alpha: [0.1, 1] }, { nJobs: 2, cv: 3 }).fit(X, X.map((r) => 2 * r[0]));
const m = await new wl.Ridge().fitAsync(X, X.map((r) => r[0]));
console.log(s.bestParams.alpha, m.coef.length);`;
  const run = spawnSync(process.execPath, ['--input-type=module'], { input: script, encoding: 'utf8', timeout: 60000 });
  assert.equal(run.error, undefined, 'exits before the timeout');
  assert.equal(run.stderr, '');
  assert.equal(run.status, 0);
  assert.equal(run.stdout, '0.1 2\n');
});

test('a task cancelled while it waits for a worker leaves the queue at once', async () => {
  const pool = new WorkerPool(1);
  const big = { X: new wl.DenseMatrix(Float64Array.from({ length: 6000 * p }, (_, i) => Math.sin(i)), 6000, p), y: Float64Array.from({ length: 6000 }, (_, i) => i % 2) };
  const job = pool.job(big);
  const forest = { estimator: new wl.RandomForestClassifier({ nEstimators: 200, randomState: 0 }).toJSON(), train: Int32Array.from({ length: 5000 }, (_, i) => i), test: Int32Array.from({ length: 1000 }, (_, i) => 5000 + i) };
  const running = pool.run('fitAndScore', forest, { job });
  const controller = new AbortController();
  const waiting = pool.run('fitAndScore', forest, { job, signal: controller.signal });
  controller.abort();
  const start = performance.now();
  await assert.rejects(waiting, { name: 'AbortError' });
  assert.ok(performance.now() - start < 1000, 'not after the running task');
  pool.terminate();
  await assert.rejects(running, /terminated/);
});

test('2 000 fits in a pool worker, failing ones among them, leave its WebAssembly heap flat', async () => {
  const pool = new WorkerPool(1);
  const rows = X.slice(0, 40), labels = yClass.slice(0, 40), targets = yReal.slice(0, 40);
  const models = [
    // succeeds / fails in the core after allocating (the solver's weights overflow) / fails on y
    { model: new wl.MLPClassifier({ hiddenLayerSizes: [5], maxIter: 3, randomState: 1 }).toJSON(), X: rows, y: labels },
    { model: new wl.MLPRegressor({ hiddenLayerSizes: [5], maxIter: 3, learningRateInit: 1e300, randomState: 1 }).toJSON(), X: rows, y: targets },
    { model: new wl.Ridge({ alpha: 2 }).toJSON(), X: rows, y: targets.map((v, i) => (i === 7 ? NaN : v)) },
    { model: new wl.DecisionTreeClassifier({ maxDepth: 3 }).toJSON(), X: rows, y: labels },
    { model: new wl.KernelRidge({ kernel: 'precomputed' }).toJSON(), X: rows, y: targets },
  ];
  const cycle = (i) => pool.run('fit', { ...models[i % models.length], options: {} }).then(() => 'fitted', () => 'failed');
  for (let i = 0; i < 100; i++) await cycle(i); // warm-up: allocator pools settle
  const before = await pool.run('heapUsed');
  const outcomes = new Map();
  for (let i = 0; i < 2000; i++) {
    const outcome = await cycle(i);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
  assert.deepEqual(Object.fromEntries(outcomes), { fitted: 800, failed: 1200 });
  assert.equal(await pool.run('heapUsed'), before);
  pool.terminate();
});

test('KMeans and GaussianMixture fitted by fitAsync run their starts on nJobs 1, 2 and 3 workers, to the model fit gives', async () => {
  // Starts that end in different clusterings, so which one is kept matters.
  const inertias = [0, 1, 2, 3].map((firstInit) => new wl.KMeans({ nInit: 1, firstInit }).fit(X).inertia);
  assert.ok(new Set(inertias).size > 1, `the starts differ: ${inertias}`);
  const cases = [
    [wl.KMeans, {}], // defaults: 10 k-means++ starts
    [wl.KMeans, { nClusters: 4, init: 'random', nInit: 7, algorithm: 'elkan', randomState: 5 }],
    [wl.GaussianMixture, {}], // one start: fitted in one worker
    [wl.GaussianMixture, { nComponents: 3, nInit: 5, covarianceType: 'diag', randomState: 2 }],
    [wl.GaussianMixture, { nComponents: 2, nInit: 3, initParams: 'random' }],
  ];
  for (const [Class, options] of cases) {
    const expected = new Class(options).fit(X).toJSON();
    for (const nJobs of [1, 2, 3]) {
      const model = new Class({ ...options, nJobs });
      assert.equal(await model.fitAsync(X), model);
      assert.deepEqual(model.setParams({ nJobs: 1 }).toJSON(), expected, `${Class.name} ${JSON.stringify(options)}, nJobs ${nJobs}`);
    }
  }
  await assert.rejects(new wl.KMeans({ nJobs: 0 }).fitAsync(X), /nJobs must be a non-zero integer/);
});

test('OneVsRestClassifier and OneVsOneClassifier fitted by fitAsync fit their members on nJobs 1, 2 and 3 workers, to the model fit gives', async () => {
  const y5 = X.map((_, i) => `class ${i % 5}`);
  for (const Class of [wl.OneVsRestClassifier, wl.OneVsOneClassifier])
    for (const [estimator, y] of [[new wl.SVC({ C: 2 }), yClass], [new wl.LogisticRegression(), y5]]) {
      const expected = new Class(estimator).fit(X, y).toJSON();
      for (const nJobs of [1, 2, 3]) {
        const model = new Class({ estimator, nJobs });
        await model.fitAsync(X, y);
        assert.deepEqual(model.setParams({ nJobs: 1 }).toJSON(), expected, `${Class.name} of ${estimator.constructor.name}, nJobs ${nJobs}`);
        assert.deepEqual(model.predict(X), new Class(estimator).fit(X, y).predict(X));
      }
    }
  assert.throws(() => new wl.OneVsOneClassifier({ firstMember: 3 }).fit(X, yClass), /firstMember = 3 is past the last of the 3 members/);
});

test('KNeighbors predictAsync, predictProbaAsync and kneighborsAsync on nJobs 1, 2 and 3 workers give what the methods give', async () => {
  const train = X.slice(0, 200), queries = [...X, ...X.slice(0, 17)]; // 317 rows: past one block of 256, uneven blocks
  const classifier = new wl.KNeighborsClassifier({ nNeighbors: 7, weights: 'distance' }).fit(train, yClass.slice(0, 200));
  const regressor = new wl.KNeighborsRegressor({ nNeighbors: 4, algorithm: 'brute' }).fit(train, yReal.slice(0, 200));
  const expected = {
    labels: classifier.predict(queries),
    proba: classifier.predictProba(queries),
    values: regressor.predict(queries),
    neighbors: regressor.kneighbors(queries, 6),
  };
  assert.equal(expected.proba.rows, 317);
  for (const nJobs of [1, 2, 3]) {
    classifier.setParams({ nJobs });
    regressor.setParams({ nJobs });
    assert.deepEqual(await classifier.predictAsync(queries), expected.labels, `nJobs ${nJobs}`);
    assert.deepEqual(await classifier.predictProbaAsync(queries), expected.proba);
    assert.deepEqual(await regressor.predictAsync(queries, { signal: new AbortController().signal }), expected.values);
    assert.deepEqual(await regressor.kneighborsAsync(queries, 6), expected.neighbors);
  }
  await assert.rejects(regressor.predictAsync(queries, { signal: AbortSignal.abort() }), { name: 'AbortError' });
  await assert.rejects(regressor.predictAsync(queries, { nJobs: 2 }), /predictAsync takes \{ signal \} as its last argument, got nJobs/);
  await assert.rejects(regressor.kneighborsAsync(queries, 500), /nNeighbors|500/);
  await assert.rejects(new wl.KNeighborsRegressor({ nJobs: 2 }).predictAsync(queries), { name: 'NotFittedError' });
  assert.equal(typeof new wl.RadiusNeighborsRegressor().predictAsync, 'undefined');
});
