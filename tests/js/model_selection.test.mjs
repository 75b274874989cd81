// Splitters, cross-validation and searches against scikit-learn 1.2.1 (tests/fixtures/model_selection.py),
// the shuffled splitters' properties and determinism, and the scorers, errors and options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from '../../bindings/js/index.js';
import { close, camel } from './fixture_helpers.mjs';
import { wasm } from '../../bindings/js/module.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/model_selection.json', import.meta.url)));
const folds = (splitter, ...args) => [...splitter.split(...args)].map((f) => ({ train: Array.from(f.train), test: Array.from(f.test) }));
const { KFold, StratifiedKFold, GroupKFold, LeaveOneOut, TimeSeriesSplit, RepeatedKFold, RepeatedStratifiedKFold, ShuffleSplit, StratifiedShuffleSplit } = wl;

// Every fold list covers 0 .. n-1 with disjoint train and test; the test sets partition when `partition`.
function checkFolds(list, n, partition) {
  const tested = new Int32Array(n);
  for (const { train, test } of list) {
    const inTest = new Set(test);
    assert.equal(inTest.size, test.length, 'test has no repeats');
    assert.ok(train.every((i) => !inTest.has(i) && i >= 0 && i < n), 'train and test are disjoint');
    if (partition) assert.equal(train.length + test.length, n, 'train and test cover the samples');
    for (const i of test) tested[i]++;
  }
  if (partition) assert.ok(tested.every((c) => c === 1), 'every sample is tested exactly once');
}

test('splitters without shuffling give scikit-learn 1.2.1 folds', () => {
  const classes = { KFold, StratifiedKFold, GroupKFold, LeaveOneOut, TimeSeriesSplit };
  for (const c of fixture.splitters) {
    const splitter = new classes[c.name](camel(c.options));
    const what = `${c.name} ${JSON.stringify(c.options)} n=${c.n}`;
    assert.deepEqual(folds(splitter, c.n, c.y, c.groups), c.folds, what);
    assert.equal(splitter.getNSplits(c.n), c.folds.length, what);
    if (c.name === 'StratifiedKFold') assert.equal(splitter.warnings.length > 0, c.warned, `${what}: warning`);
  }
  // X as a matrix counts its rows.
  assert.deepEqual(folds(new KFold({ nSplits: 3 }), Array.from({ length: 10 }, () => [0])), fixture.splitters[0].folds);
});

test('shuffled splitters: seeded, partitions, stratified proportions', () => {
  const n = 301;
  const y = Array.from({ length: n }, (_, i) => ['a', 'b', 'c'][(i * 7) % 11 < 6 ? 0 : (i * 7) % 11 < 9 ? 1 : 2]);
  const kf = (seed) => folds(new KFold({ nSplits: 5, shuffle: true, randomState: seed }), n);
  assert.deepEqual(kf(3), kf(3));
  assert.notDeepEqual(kf(3), kf(4));
  assert.notDeepEqual(kf(3), folds(new KFold({ nSplits: 5 }), n));
  checkFolds(kf(3), n, true);
  assert.deepEqual(kf(3).map((f) => f.test.length), [61, 60, 60, 60, 60]);
  // Shuffling moves samples between folds but keeps every fold's class counts.
  const counts = (list) => list.map((f) => ['a', 'b', 'c'].map((c) => f.test.filter((i) => y[i] === c).length));
  const plain = folds(new StratifiedKFold({ nSplits: 5 }), n, y);
  const shuffled = folds(new StratifiedKFold({ nSplits: 5, shuffle: true, randomState: 1 }), n, y);
  checkFolds(shuffled, n, true);
  assert.deepEqual(counts(shuffled), counts(plain));
  assert.notDeepEqual(shuffled, plain);
  // Repeats: each a partition, each different, seeded.
  const repeated = folds(new RepeatedKFold({ nSplits: 4, nRepeats: 3, randomState: 9 }), n);
  assert.equal(repeated.length, 12);
  for (let r = 0; r < 3; r++) checkFolds(repeated.slice(4 * r, 4 * r + 4), n, true);
  assert.notDeepEqual(repeated.slice(0, 4), repeated.slice(4, 8));
  assert.deepEqual(folds(new RepeatedKFold({ nSplits: 4, nRepeats: 3, randomState: 9 }), n), repeated);
  const rs = folds(new RepeatedStratifiedKFold({ nSplits: 5, nRepeats: 2, randomState: 2 }), n, y);
  assert.deepEqual(counts(rs.slice(0, 5)), counts(plain));
  assert.deepEqual(counts(rs.slice(5)), counts(plain));
  // ShuffleSplit: test 0.1 of the samples rounded up by default, splits differ.
  const ss = folds(new ShuffleSplit({ nSplits: 4, randomState: 5 }), n);
  checkFolds(ss, n, false);
  assert.deepEqual(ss.map((f) => [f.train.length, f.test.length]), Array(4).fill([270, 31]));
  assert.notDeepEqual(ss[0], ss[1]);
  assert.deepEqual(folds(new ShuffleSplit({ nSplits: 4, randomState: 5 }), n), ss);
  const sss = folds(new StratifiedShuffleSplit({ nSplits: 3, testSize: 0.2, randomState: 5 }), n, y);
  const total = ['a', 'b', 'c'].map((c) => y.filter((v) => v === c).length);
  for (const f of sss) {
    assert.equal(f.test.length, 61);
    ['a', 'b', 'c'].forEach((c, k) => assert.ok(Math.abs(f.test.filter((i) => y[i] === c).length - (total[k] * 61) / n) < 1.01, `class ${c}`));
  }
});

test('splitter errors name the argument', () => {
  assert.throws(() => folds(new KFold({ nSplits: 5 }), 3), { message: 'Cannot have number of splits nSplits=5 greater than the number of samples: nSamples=3' });
  assert.throws(() => new KFold({ nSplits: 1 }), { message: 'nSplits must be an integer at least 2, got 1' });
  assert.throws(() => new KFold({ randomState: 1 }), /setting randomState has no effect since shuffle is false/);
  assert.throws(() => new KFold({ nFolds: 3 }), { message: "Unknown option 'nFolds' for KFold; valid options: nSplits, shuffle, randomState" });
  assert.throws(() => folds(new StratifiedKFold({ nSplits: 3 }), 4, [0, 0, 1, 1]), /nSplits=3 cannot be greater than the number of members in each class/);
  assert.throws(() => folds(new StratifiedKFold(), 4), /StratifiedKFold needs y/);
  assert.throws(() => folds(new GroupKFold({ nSplits: 3 }), 4, null, [1, 1, 2, 2]), /greater than the number of groups: 2/);
  assert.throws(() => folds(new LeaveOneOut(), 1), /Cannot perform LeaveOneOut with nSamples=1/);
  assert.throws(() => folds(new TimeSeriesSplit({ nSplits: 5 }), 5), /Cannot have number of folds=6 greater than the number of samples=5/);
});

const knn = fixture.knnGrid;
const ridge = fixture.ridgeGrid;

test('GridSearchCV cvResults equal scikit-learn (kNN on n=300, Ridge with p=10)', async () => {
  const search = await new wl.GridSearchCV(new wl.KNeighborsClassifier({ algorithm: 'brute' }), camel(knn.grid), { cv: new StratifiedKFold({ nSplits: 5 }) }).fit(knn.X, knn.y);
  const r = search.cvResults;
  close(r.meanTestScore, knn.cvResults.mean_test_score, 1e-12, 'meanTestScore');
  close(r.stdTestScore, knn.cvResults.std_test_score, 1e-12, 'stdTestScore');
  for (let k = 0; k < 5; k++) close(r[`split${k}TestScore`], knn.cvResults[`split${k}_test_score`], 1e-12, `split${k}`);
  assert.deepEqual(Array.from(r.rankTestScore), knn.cvResults.rank_test_score); // ties: min-ranks
  assert.deepEqual(r.params, knn.cvResults.params.map(camel));
  assert.deepEqual(r.paramNNeighbors, knn.cvResults.params.map((p) => p.n_neighbors));
  assert.equal(search.bestIndex, knn.bestIndex);
  assert.equal(search.bestScore, knn.bestScore);
  assert.deepEqual(search.bestParams, camel(knn.cvResults.params[knn.bestIndex]));
  assert.equal(search.bestEstimator.getParams().nNeighbors, search.bestParams.nNeighbors);
  assert.deepEqual(search.predict(knn.X.slice(0, 9)), search.bestEstimator.predict(knn.X.slice(0, 9)));
  assert.equal(search.score(knn.X, knn.y), search.bestEstimator.score(knn.X, knn.y));
  for (const key of ['meanFitTime', 'stdFitTime', 'meanScoreTime', 'stdScoreTime']) assert.ok(r[key].every((t) => t >= 0), key);

  const rs = await new wl.GridSearchCV(new wl.Ridge(), ridge.grid, { cv: new KFold({ nSplits: 5 }), scoring: 'neg_mean_squared_error' }).fit(ridge.X, ridge.y);
  close(rs.cvResults.meanTestScore, ridge.cvResults.mean_test_score, 1e-9, 'Ridge meanTestScore');
  assert.deepEqual(Array.from(rs.cvResults.rankTestScore), ridge.cvResults.rank_test_score);
  assert.equal(rs.bestIndex, ridge.bestIndex);
});

test('GridSearchCV: ties go to the first candidate, NaN scores rank last, errorScore, refit options', async () => {
  const X = knn.X.slice(0, 60), y = knn.y.slice(0, 60);
  // nNeighbors 100 > the 48 training rows: predict fails, errorScore NaN, the candidate ranks last.
  const grid = { nNeighbors: [100, 5, 5] };
  const search = await new wl.GridSearchCV(new wl.KNeighborsClassifier(), grid, { cv: 5 }).fit(X, y);
  assert.ok(search.cvResults.meanTestScore.slice(0, 1).every(Number.isNaN));
  assert.deepEqual(Array.from(search.cvResults.rankTestScore), [3, 1, 1]);
  assert.equal(search.bestIndex, 1);
  assert.match(search.warnings.at(-1), /^5 of the 15 fits failed and were scored errorScore/);
  const zero = await new wl.GridSearchCV(new wl.KNeighborsClassifier(), grid, { cv: 5, errorScore: 0 }).fit(X, y);
  assert.deepEqual(Array.from(zero.cvResults.split0TestScore.slice(0, 1)), [0]);
  await assert.rejects(new wl.GridSearchCV(new wl.KNeighborsClassifier(), grid, { cv: 5, errorScore: 'raise' }).fit(X, y), /nNeighbors|n_neighbors|neighbo/i);
  await assert.rejects(new wl.GridSearchCV(new wl.KNeighborsClassifier(), { nNeighbors: [100] }, { cv: 5 }).fit(X, y), /^Error: All the 5 fits failed/);
  // Several scorers: refit names one; keys carry the scorer's name.
  const multi = await new wl.GridSearchCV(new wl.Ridge(), ridge.grid, { cv: 3, scoring: ['r2', 'neg_mean_absolute_error'], refit: 'neg_mean_absolute_error' }).fit(ridge.X, ridge.y);
  assert.ok(multi.cvResults.meanTestNegMeanAbsoluteError && multi.cvResults.rankTestR2 && multi.cvResults.split2TestR2);
  assert.equal(multi.bestScore, Math.max(...multi.cvResults.meanTestNegMeanAbsoluteError));
  assert.throws(() => new wl.GridSearchCV(new wl.Ridge(), ridge.grid, { scoring: ['r2', 'max_error'] }), /For multi-metric scoring, refit must be false, a function, or the name of a scorer/);
  // A one-entry list is multi-metric (keys named by the scorer), null the estimator's score.
  const listed = await new wl.GridSearchCV(new wl.Ridge(), ridge.grid, { cv: 3, scoring: ['r2'], refit: 'r2' }).fit(ridge.X, ridge.y);
  const plain = await new wl.GridSearchCV(new wl.Ridge(), ridge.grid, { cv: 3, scoring: null }).fit(ridge.X, ridge.y);
  assert.deepEqual(listed.cvResults.meanTestR2, plain.cvResults.meanTestScore);
  assert.equal(listed.bestIndex, plain.bestIndex);
  const byFunction = await new wl.GridSearchCV(new wl.Ridge(), ridge.grid, { cv: 3, refit: () => 4 }).fit(ridge.X, ridge.y);
  assert.equal(byFunction.bestIndex, 4);
  assert.throws(() => byFunction.bestScore, /not available/);
  const noRefit = await new wl.GridSearchCV(new wl.Ridge(), ridge.grid, { cv: 3, refit: false, returnTrainScore: true }).fit(ridge.X, ridge.y);
  assert.throws(() => noRefit.bestEstimator, /bestEstimator is not available with refit=false/);
  assert.equal(noRefit.cvResults.meanTrainScore.length, 5);
  assert.throws(() => new wl.GridSearchCV(new wl.Ridge(), { alpha: 1 }), /the values of 'alpha' must be a non-empty array/);
  assert.throws(() => new wl.GridSearchCV(new wl.Ridge(), ridge.grid, { nJobs: 0 }), /nJobs must be a non-zero integer \(1: this thread, -1: every core\), got 0/);
  assert.throws(() => new wl.GridSearchCV(new wl.Ridge()).cvResults, /paramGrid must be an object/);
  const unfitted = new wl.GridSearchCV(new wl.Ridge(), ridge.grid);
  assert.throws(() => unfitted.bestIndex, /not fitted yet/);
});

test('RandomizedSearchCV draws seeded candidates with scipy.stats meanings', async () => {
  const dists = { alpha: { loguniform: [0.01, 100] }, fitIntercept: [true, false], maxIter: { randint: [5, 9] }, tol: { uniform: [0.001, 0.002] } };
  const draw = async (seed) => (await new wl.RandomizedSearchCV(new wl.Lasso(), dists, { nIter: 12, randomState: seed, cv: 3 }).fit(ridge.X, ridge.y)).cvResults.params;
  const params = await draw(4);
  assert.equal(params.length, 12);
  assert.deepEqual(await draw(4), params);
  assert.notDeepEqual(await draw(5), params);
  for (const p of params) {
    assert.ok(p.alpha >= 0.01 && p.alpha <= 100);
    assert.ok(Number.isInteger(p.maxIter) && p.maxIter >= 5 && p.maxIter <= 8);
    assert.ok(p.tol >= 0.001 && p.tol < 0.003);
    assert.ok(typeof p.fitIntercept === 'boolean');
  }
  assert.ok(params.some((p) => p.alpha < 1) && params.some((p) => p.alpha > 1), 'log-uniform spreads over decades');
  // Lists only: distinct grid points; the whole grid (with a warning) when it is smaller than nIter.
  const search = await new wl.RandomizedSearchCV(new wl.Ridge(), { alpha: [1, 2, 3], fitIntercept: [true, false] }, { nIter: 10, cv: 3 }).fit(ridge.X, ridge.y);
  assert.equal(new Set(search.cvResults.params.map((p) => JSON.stringify(p))).size, 6);
  assert.match(search.warnings[0], /The total space of parameters 6 is smaller than nIter=10/);
  assert.throws(() => new wl.RandomizedSearchCV(new wl.Ridge(), { alpha: { loguniform: [0, 1] } }), /loguniform of 'alpha' needs \[a, b\] with 0 < a < b/);
  assert.throws(() => new wl.RandomizedSearchCV(new wl.Ridge(), { alpha: { normal: [0, 1] } }), /must be an array of values or one of/);
});

test('searches refuse grids and nIter past a million candidates, and non-boolean returnTrainScore, before any work', async () => {
  // The grid of 1e8 combinations was expanded before the Promise, until the process ran out of heap.
  const many = Array.from({ length: 10000 }, (_, i) => i + 1);
  assert.throws(() => new wl.GridSearchCV(new wl.SVC(), { C: many, tol: many }), { message: 'paramGrid has 100000000 combinations, past the limit of 1000000 candidates' });
  assert.throws(() => new wl.GridSearchCV(new wl.SVC(), [{ C: many }, { C: many, tol: many.slice(0, 100) }]), /paramGrid has 1010000 combinations/);
  assert.throws(() => new wl.RandomizedSearchCV(new wl.Ridge(), { alpha: [1] }, { nIter: 1e9 }), { message: 'nIter must be an integer from 1 to 1000000, got 1000000000' });
  assert.throws(() => new wl.GridSearchCV(new wl.Ridge(), { alpha: [1] }, { returnTrainScore: 'yes' }), { message: 'returnTrainScore must be true or false, got yes' });
  // crossValidate rejected with "Cannot read properties of undefined (reading 'score')".
  for (const name of ['returnTrainScore', 'returnEstimator', 'returnIndices'])
    await assert.rejects(wl.modelSelection.crossValidate(new wl.Ridge(), ridge.X, ridge.y, { [name]: 1 }), { message: `crossValidate: ${name} must be true or false, got 1` });
  await assert.rejects(new wl.GridSearchCV(new wl.Ridge(), { alpha: [1] }).fit(ridge.X, ridge.y, 'x'), { message: 'GridSearchCV.fit options must be an object, got string' });
  const grid = new wl.GridSearchCV(new wl.Ridge(), { alpha: many.slice(0, 1000) }, { cv: 2 });
  assert.equal(grid.candidates().length, 1000);
});

test('crossValidate, crossValScore and crossValPredict equal scikit-learn on Ridge', async () => {
  const cv = await wl.crossValidate(new wl.Ridge({ alpha: 3 }), ridge.X, ridge.y, { cv: new KFold({ nSplits: 4 }), scoring: ['r2', 'neg_mean_absolute_error'], returnTrainScore: true, returnIndices: true, returnEstimator: true });
  for (const [key, values] of Object.entries(ridge.crossValidate)) close(cv[Object.keys(camel({ [key]: 0 }))[0]], values, 1e-9, key);
  assert.equal(cv.fitTime.length, 4);
  assert.equal(cv.estimator.length, 4);
  assert.deepEqual(Array.from(cv.indices.test[1]), Array.from({ length: 75 }, (_, i) => 75 + i));
  assert.deepEqual(cv.estimator[0].predict([ridge.X[0]]), new wl.Ridge({ alpha: 3 }).fit(ridge.X.slice(75), ridge.y.slice(75)).predict([ridge.X[0]]));
  const scores = await wl.crossValScore(new wl.Ridge({ alpha: 3 }), ridge.X, ridge.y, { cv: new KFold({ nSplits: 4 }) });
  close(scores, ridge.crossValidate.test_r2, 1e-9, 'default scoring is score (R²)');
  close(await wl.crossValPredict(new wl.Ridge({ alpha: 3 }), ridge.X, ridge.y, { cv: new KFold({ nSplits: 4 }) }), ridge.predict, 1e-9, 'crossValPredict');
  // Per-sample fit options are cut to each fold's training rows (here through a pipeline step).
  const w = ridge.y.map((_, i) => 1 + (i % 4));
  const weighted = await wl.crossValScore(wl.makePipeline(new wl.Ridge()), ridge.X, ridge.y, { cv: new KFold({ nSplits: 4 }), fitParams: { ridge__sampleWeight: w } });
  const byHand = [...new KFold({ nSplits: 4 }).split(300)].map(({ train: tr, test: te }) => {
    const take = (a, idx) => Array.from(idx, (i) => a[i]);
    return new wl.Ridge().fit(take(ridge.X, tr), take(ridge.y, tr), { sampleWeight: take(w, tr) }).score(take(ridge.X, te), take(ridge.y, te));
  });
  close(weighted, byHand, 1e-12, 'weighted folds');
  assert.ok(weighted.some((v, k) => Math.abs(v - scores[k]) > 1e-6), 'the weights change the scores');
  // cv as index pairs; a function scorer.
  const pairs = [[Array.from({ length: 200 }, (_, i) => i), Array.from({ length: 100 }, (_, i) => 200 + i)]];
  const one = await wl.crossValScore(new wl.Ridge(), ridge.X, ridge.y, { cv: pairs, scoring: (m, X, y) => m.score(X, y) - 1 });
  close(one, [new wl.Ridge().fit(ridge.X.slice(0, 200), ridge.y.slice(0, 200)).score(ridge.X.slice(200), ridge.y.slice(200)) - 1], 1e-12, 'pairs');
});

test('cv as an integer is stratified for classifiers; crossValPredict probabilities fill absent classes with 0', async () => {
  const X = knn.X, y = knn.y.map((v) => ['no', 'maybe', 'yes'][v]);
  const auto = await wl.crossValScore(new wl.KNeighborsClassifier(), X, y, { cv: 3, scoring: 'accuracy' });
  const explicit = await wl.crossValScore(new wl.KNeighborsClassifier(), X, y, { cv: new StratifiedKFold({ nSplits: 3 }) });
  assert.deepEqual(auto, explicit);
  const proba = await wl.crossValPredict(new wl.GaussianNB(), X, y, { cv: 3, method: 'predictProba' });
  assert.equal(proba.cols, 3);
  // The last 40 samples alone hold class 'yes' only in some folds: columns follow all classes of y.
  const pairs = [[Array.from({ length: 20 }, (_, i) => i), Array.from({ length: 280 }, (_, i) => 20 + i)], [Array.from({ length: 280 }, (_, i) => 20 + i), Array.from({ length: 20 }, (_, i) => i)]];
  const few = await wl.crossValPredict(new wl.GaussianNB(), X, y, { cv: pairs, method: 'predictProba' });
  const firstClasses = new Set(y.slice(0, 20));
  assert.equal(few.cols, 3);
  for (const [k, label] of ['maybe', 'no', 'yes'].entries()) if (!firstClasses.has(label)) assert.equal(few.get(100, k), 0);
  await assert.rejects(wl.crossValPredict(new wl.LogisticRegression(), X, y, { cv: pairs, method: 'decisionFunction' }), /a training fold holds 2 of the 3 classes; use a stratified cv/);
  const decision = await wl.crossValPredict(new wl.LogisticRegression(), X, y, { cv: 3, method: 'decisionFunction' });
  assert.deepEqual([decision.rows, decision.cols], [300, 3]);
  const labels = await wl.crossValPredict(new wl.GaussianNB(), X, y, { cv: 3 });
  assert.ok(Array.isArray(labels) && labels.every((v) => ['no', 'maybe', 'yes'].includes(v)));
  await assert.rejects(wl.crossValPredict(new wl.GaussianNB(), X, y, { cv: new ShuffleSplit({ nSplits: 2 }) }), /only works for partitions/);
});

test('scoring strings: metrics of this build, unknown strings, absent metric functions', async () => {
  const X = knn.X, y = knn.y;
  const fold = [[Array.from({ length: 250 }, (_, i) => i), Array.from({ length: 50 }, (_, i) => 250 + i)]];
  const model = new wl.KNeighborsClassifier().fit(X.slice(0, 250), y.slice(0, 250));
  const [accuracy] = await wl.crossValScore(new wl.KNeighborsClassifier(), X, y, { cv: fold, scoring: 'accuracy' });
  assert.equal(accuracy, wl.metrics.accuracyScore(y.slice(250), model.predict(X.slice(250))));
  const fitted = new wl.Ridge().fit(ridge.X.slice(0, 250), ridge.y.slice(0, 250));
  const mse = wl.metrics.meanSquaredError(ridge.y.slice(250), fitted.predict(ridge.X.slice(250)));
  const r = await wl.crossValidate(new wl.Ridge(), ridge.X, ridge.y, { cv: fold, scoring: { mse: 'neg_mean_squared_error', rmse: 'neg_root_mean_squared_error' } });
  assert.equal(r.testMse[0], -mse);
  assert.equal(r.testRmse[0], -Math.sqrt(mse));
  await assert.rejects(wl.crossValScore(new wl.Ridge(), ridge.X, ridge.y, { scoring: 'r2_score' }), (e) => e.message.startsWith("'r2_score' is not a valid scoring value; valid values: accuracy, adjusted_rand_score,"));
  assert.ok(wl.scoringNames.includes('neg_log_loss') && wl.scoringNames.includes('f1_weighted'));
  // A scoring string whose metric is not in this build fails when scored, naming the function.
  const absent = wl.scoringNames.find((s) => s.startsWith('f1') || s === 'balanced_accuracy');
  const metricName = absent === 'balanced_accuracy' ? 'balancedAccuracyScore' : 'f1Score';
  if (!wl.metrics[metricName])
    await assert.rejects(wl.crossValScore(new wl.KNeighborsClassifier(), X, y, { cv: fold, scoring: absent, errorScore: 'raise' }), { message: `scoring '${absent}' needs metrics.${metricName}, which this build of wasmlearn does not have` });
});

test('defaults, validationCurve and learningCurve equal scikit-learn', async () => {
  // cv undefined: StratifiedKFold(5) for a classifier; scoring undefined: its accuracy.
  assert.deepEqual(Array.from(await wl.crossValScore(new wl.KNeighborsClassifier({ algorithm: 'brute' }), knn.X, knn.y)), knn.crossValScore);
  const v = ridge.validationCurve;
  const curve = await wl.validationCurve(new wl.Ridge(), ridge.X, ridge.y, { paramName: 'alpha', paramRange: v.paramRange, cv: new KFold({ nSplits: 3 }) });
  close(curve.trainScores.data, v.trainScores.flat(), 1e-9, 'validationCurve train');
  close(curve.testScores.data, v.testScores.flat(), 1e-9, 'validationCurve test');
  const l = ridge.learningCurve;
  const learning = await wl.learningCurve(new wl.Ridge(), ridge.X, ridge.y, { trainSizes: l.trainSizes, cv: new KFold({ nSplits: 3 }) });
  assert.deepEqual(Array.from(learning.trainSizesAbs), l.trainSizesAbs);
  close(learning.trainScores.data, l.trainScores.flat(), 1e-9, 'learningCurve train');
  close(learning.testScores.data, l.testScores.flat(), 1e-9, 'learningCurve test');
});

test('validationCurve and learningCurve are the cross-validations they describe', async () => {
  const cv = new KFold({ nSplits: 3 });
  const curve = await wl.validationCurve(new wl.Ridge(), ridge.X, ridge.y, { paramName: 'alpha', paramRange: [0.1, 1000], cv });
  assert.deepEqual([curve.testScores.rows, curve.testScores.cols], [2, 3]);
  const direct = await wl.crossValidate(new wl.Ridge({ alpha: 1000 }), ridge.X, ridge.y, { cv, returnTrainScore: true });
  assert.deepEqual(Array.from(curve.testScores.data.slice(3)), Array.from(direct.testScore));
  assert.deepEqual(Array.from(curve.trainScores.data.slice(3)), Array.from(direct.trainScore));
  const learning = await wl.learningCurve(new wl.Ridge(), ridge.X, ridge.y, { cv, trainSizes: [0.1, 0.5, 1], returnTimes: true });
  assert.deepEqual(Array.from(learning.trainSizesAbs), [20, 100, 200]);
  const first = await wl.crossValScore(new wl.Ridge(), ridge.X, ridge.y, { cv: [...cv.split(300)].map((f) => ({ train: f.train.subarray(0, 20), test: f.test })) });
  assert.deepEqual(Array.from(learning.testScores.data.slice(0, 3)), Array.from(first));
  assert.equal(learning.fitTimes.rows, 3);
  const shuffled = await wl.learningCurve(new wl.Ridge(), ridge.X, ridge.y, { cv, trainSizes: [20], shuffle: true, randomState: 3 });
  assert.notDeepEqual(Array.from(shuffled.testScores.data), Array.from(learning.testScores.data.slice(0, 3)));
  assert.deepEqual(await wl.learningCurve(new wl.Ridge(), ridge.X, ridge.y, { cv, trainSizes: [20], shuffle: true, randomState: 3 }), shuffled);
  await assert.rejects(wl.learningCurve(new wl.Ridge(), ridge.X, ridge.y, { cv, trainSizes: [0, 300] }), /trainSizes must be fractions in \(0, 1\] or integers in \[1, 200\]/);
  await assert.rejects(wl.validationCurve(new wl.Ridge(), ridge.X, ridge.y, { paramRange: [1] }), /needs paramName/);
  await assert.rejects(wl.crossValidate(new wl.Ridge(), ridge.X, ridge.y, { cv: 1 }), /cv must be an integer at least 2/);
  await assert.rejects(wl.crossValidate(new wl.Ridge(), ridge.X, ridge.y.slice(1)), /y has 299 entries but X has 300 rows/);
  await assert.rejects(wl.crossValidate({ fit() {} }, ridge.X, ridge.y), /needs a wasmlearn estimator, pipeline or search/);
  await assert.rejects(wl.crossValidate(new wl.Ridge(), ridge.X, ridge.y, { shuffle: true }), /Unknown option 'shuffle' for crossValidate/);
});

test('modelSelection namespace holds the JS parts beside the declared functions', () => {
  for (const name of ['KFold', 'GridSearchCV', 'crossValidate', 'learningCurve', 'trainTestSplit', 'permutation', 'uniformDraws'])
    assert.equal(typeof wl.modelSelection[name], 'function', name);
  assert.equal(wl.modelSelection.KFold, wl.KFold);
  const p = wl.modelSelection.permutation({ nSamples: 300, randomState: 2 });
  assert.deepEqual(Array.from(p).sort((a, b) => a - b), Array.from({ length: 300 }, (_, i) => i));
  assert.deepEqual(wl.modelSelection.permutation({ nSamples: 300, randomState: 2 }), p);
});

test('cross-validation and searches free every fold model (the WASM heap does not grow)', async () => {
  const X = ridge.X.slice(0, 60), y = ridge.y.slice(0, 60);
  const cycle = async () => {
    const pipe = wl.makePipeline(new wl.StandardScaler(), new wl.Ridge()), ridgeModel = new wl.Ridge();
    await wl.crossValScore(pipe, X, y, { cv: 3 });
    await wl.crossValPredict(ridgeModel, X, y, { cv: 3 });
    const search = await new wl.GridSearchCV(ridgeModel, { alpha: [1, 2] }, { cv: 3 }).fit(X, y);
    search.dispose();
    pipe.dispose();
    ridgeModel.dispose();
  };
  for (let i = 0; i < 5; i++) await cycle(); // warm up allocator pools
  const before = wasm.heapUsed();
  for (let i = 0; i < 40; i++) await cycle();
  assert.equal(wasm.heapUsed(), before);
});
