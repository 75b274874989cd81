// Forests and bagging on the worker pool (bindings/js/pool.js): the out-of-bag values
// (oobDecisionFunction, oobPrediction) of fitAsync on 1, 2 and 3 workers are fit's, bit for bit, and
// survive the model's JSON and its binary form; a Pipeline ending in a forest or bagging fits that step in slices on the
// pool, after the steps before it, to the pipeline fit gives.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as wl from '../../bindings/js/index.js';
import { fromPortable, toPortable } from '../../bindings/js/estimator.js';

after(() => wl.terminatePools());

// 320 rows (past one 256-row block), 9 features (past 8), three noisy classes and a real target.
const n = 320, p = 9;
const X = Array.from({ length: n }, (_, i) => Array.from({ length: p }, (_, j) => Math.sin(0.37 * i * (j + 1)) + ((i % 3) - 1) * (j < 3 ? 1.2 : 0)));
const yClass = X.map((_, i) => ['a', 'b', 'c'][i % 3]);
const yReal = X.map((r, i) => r[0] - 2 * r[4] + 0.1 * Math.cos(i));

// A matrix's values as their bits (NaN rows, never out of bag, included).
const bits = (m) => Buffer.from(Float64Array.from(m.data).buffer).toString('hex');
const nanRows = (m) => Array.from({ length: m.rows }, (_, i) => Number.isNaN(m.data[i * m.cols])).filter(Boolean).length;

const forests = [
  [wl.RandomForestClassifier, { nEstimators: 6, oobScore: true, maxDepth: 6, randomState: 4 }, yClass, 'oobDecisionFunction'],
  [wl.ExtraTreesRegressor, { nEstimators: 5, bootstrap: true, oobScore: true, maxDepth: 5, randomState: 2 }, yReal, 'oobPrediction'],
  [wl.RandomForestRegressor, { nEstimators: 4, oobScore: true, maxSamples: 0.5, randomState: 1 }, yReal, 'oobPrediction'],
  [wl.BaggingClassifier, { nEstimators: 5, oobScore: true, estimator: new wl.DecisionTreeClassifier({ maxDepth: 4 }), maxFeatures: 0.5 }, yClass, 'oobDecisionFunction'],
  [wl.BaggingRegressor, { nEstimators: 4, oobScore: true, estimator: 'Ridge', randomState: 3 }, yReal, 'oobPrediction'],
];

test('the out-of-bag values of fitAsync on 1, 2 and 3 workers are those of fit, bit for bit', async () => {
  for (const [Class, options, y, attribute] of forests) {
    const expected = new Class(options).fit(X, y);
    const values = expected[attribute];
    assert.equal(values.rows, n, `${Class.name}: one row per training sample`);
    // Few members: a handful of samples were in every bootstrap sample (NaN), most were scored.
    assert.ok(nanRows(values) > 0 && nanRows(values) < n / 4, `${Class.name}: ${nanRows(values)} rows never out of bag`);
    if (attribute === 'oobDecisionFunction') {
      const row = Array.from(values.data.subarray(0, values.cols));
      assert.ok(row.every((v) => v >= 0 && v <= 1) && Math.abs(row.reduce((a, b) => a + b) - 1) < 1e-12, `probabilities: ${row}`);
    }
    for (const nJobs of [1, 2, 3]) {
      const model = await new Class({ ...options, nJobs }).fitAsync(X, y);
      assert.equal(bits(model[attribute]), bits(values), `${Class.name}, nJobs ${nJobs}: ${attribute}`);
      assert.equal(model.oobScore, expected.oobScore, `${Class.name}, nJobs ${nJobs}: oobScore`);
      model.dispose();
    }
    // The model's JSON (text) and its binary form keep them.
    const fromText = wl.loadModel(JSON.parse(JSON.stringify(expected.toJSON())));
    assert.equal(bits(fromText[attribute]), bits(values), `${Class.name}: JSON round trip`);
    const fromBinary = fromPortable(toPortable(expected));
    assert.equal(bits(fromBinary[attribute]), bits(values), `${Class.name}: binary round trip`);
    assert.equal(fromBinary.oobScore, expected.oobScore);
    for (const m of [fromText, fromBinary, expected]) m.dispose();
  }
  // Grown with warmStart on the pool without oobScore, a model scored before drops its out-of-bag
  // values, as fit does; with oobScore they cover every member.
  for (const oobScore of [false, true]) {
    const grow = (model) => model.setParams({ nEstimators: 8, warmStart: true, oobScore });
    const synchronous = grow(new wl.RandomForestRegressor({ nEstimators: 3, oobScore: true, randomState: 1 }).fit(X, yReal)).fit(X, yReal);
    const pooled = grow(new wl.RandomForestRegressor({ nEstimators: 3, oobScore: true, randomState: 1, nJobs: 2 }).fit(X, yReal));
    await pooled.fitAsync(X, yReal);
    assert.deepEqual(pooled.setParams({ nJobs: 1 }).toJSON(), synchronous.toJSON(), `oobScore ${oobScore}`);
    assert.equal(Number.isNaN(pooled.oobScore), !oobScore);
  }
});

test('a Pipeline ending in a forest or bagging fits it in slices on the pool, to the pipeline fit gives', async () => {
  const cases = [
    [() => [new wl.StandardScaler(), new wl.PCA({ nComponents: 6 })], wl.RandomForestClassifier, { nEstimators: 7, oobScore: true, maxDepth: 5, randomState: 3 }, yClass],
    [() => [new wl.MinMaxScaler()], wl.BaggingRegressor, { estimator: 'Ridge', nEstimators: 5, maxSamples: 100 }, yReal],
  ];
  for (const [before, Class, options, y] of cases) {
    const expected = wl.makePipeline(...before(), new Class(options)).fit(X, y).toJSON();
    for (const nJobs of [1, 2, 3]) {
      const calls = [];
      const pipeline = wl.makePipeline(...before(), new Class({ ...options, nJobs }));
      assert.equal(await pipeline.fitAsync(X, y, { onProgress: (done, total) => calls.push([done, total]) }), pipeline);
      pipeline.steps.at(-1)[1].setParams({ nJobs: 1 });
      assert.deepEqual(pipeline.toJSON(), expected, `${Class.name}, nJobs ${nJobs}`);
      if (nJobs > 1) {
        // The forest reports each tree, the bagging each slice of members: counting up to every member.
        assert.deepEqual(calls.at(-1), [options.nEstimators, options.nEstimators], JSON.stringify(calls));
        assert.ok(calls.every(([k], i) => i === 0 || k > calls[i - 1][0]), `monotone: ${JSON.stringify(calls)}`);
      }
      pipeline.dispose();
    }
  }
  // Fit options still go to their steps, and one addressed to no step is refused.
  const weighted = wl.makePipeline(new wl.StandardScaler(), new wl.RandomForestRegressor({ nEstimators: 4, nJobs: 2 }));
  const sampleWeight = Float64Array.from(yReal, (_, i) => 1 + (i % 4));
  await weighted.fitAsync(X, yReal, { randomforestregressor__sampleWeight: sampleWeight });
  const plain = wl.makePipeline(new wl.StandardScaler(), new wl.RandomForestRegressor({ nEstimators: 4, nJobs: 2 })).fit(X, yReal, { randomforestregressor__sampleWeight: sampleWeight });
  assert.deepEqual(weighted.toJSON(), plain.toJSON());
  await assert.rejects(weighted.fitAsync(X, yReal, { sampleWeight }), /Pipeline.fit options must be addressed to a step/);
});
