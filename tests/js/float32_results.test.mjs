// Estimators keep a float32 X (a Float32Array) in float32, as scikit-learn's do: for every
// transformer, the MLPs, the linear models and a few that do not (LDA, LogisticRegression, SVR,
// trees...), the type of transform's, inverseTransform's, predictProba's, decisionFunction's and a
// regressor's predict's values for the four pairs of the fit's and the call's precision is
// scikit-learn 1.2.1's dtype (tests/fixtures/float32_results.json, 300 x 17 data: past 256 rows
// and 16 columns); float32 values are the double ones rounded to float, or an MLP's float32 forward
// pass; `out` follows; the fit's precision survives JSON and workers; a Pipeline hands a float32 X
// on to its MLP, which then trains and predicts in float32 as scikit-learn's.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from 'wasmlearn';

after(() => wl.terminatePools());

const fixture = JSON.parse(readFileSync(new URL('../fixtures/float32_results.json', import.meta.url), 'utf8')).results;
// A case is an estimator's name, or "<estimator> <solver>" for the MLPs.
const options = {
  SimpleImputer: { addIndicator: true },
  KBinsDiscretizer: { encode: 'ordinal' },
  PCA: { nComponents: 3 },
  KernelPCA: { nComponents: 3, fitInverseTransform: true },
  KMeans: { nClusters: 3, nInit: 1, randomState: 0 },
  Lasso: { alpha: 0.01 },
  ElasticNet: { alpha: 0.01 },
  DecisionTreeRegressor: { randomState: 0 },
};
for (const solver of ['adam', 'sgd', 'lbfgs'])
  for (const name of ['MLPClassifier', 'MLPRegressor']) options[`${name} ${solver}`] = { solver, maxIter: 5, randomState: 0 };
const estimatorOf = (name) => name.split(' ')[0];

// 300 x 17 values spread around 1 (not exact in float32) and three classes.
const n = 300, p = 17;
const X64 = new Float64Array(n * p);
let state = 12345;
for (let i = 0; i < X64.length; i++) {
  state = (state * 1103515245 + 12345) % 2147483648;
  X64[i] = 1 + 3 * (state / 2147483648 - 0.5) * 2 + 1e-9 * i;
}
const y = Array.from({ length: n }, (_, i) => (X64[i * p] + X64[i * p + 1] > 2 ? 1 : 0) + (X64[i * p + 2] > 1 ? 1 : 0));
const targets = Array.from({ length: n }, (_, i) => X64[i * p + 3]);
const X32 = Float32Array.from(X64);
const matrix = (data) => ({ data, rows: n, cols: p });
const data = { float64: matrix(X64), float32: matrix(X32) };
const values = (result) => result.data ?? result;
const typeName = (result) => (values(result) instanceof Float32Array ? 'float32' : values(result) instanceof Float64Array ? 'float64' : 'other');
const fitted = (name, X) => {
  const Estimator = wl[estimatorOf(name)];
  const labels = Estimator.metadata.kind === 'classifier' ? y : Estimator.metadata.kind === 'regressor' ? targets : undefined;
  return new Estimator(options[name]).fit(X, labels, { warnings: 'ignore' });
};

test("transform, inverseTransform, predictProba, decisionFunction and a regressor's predict give scikit-learn's dtype for each pair of the fit's and X's precision", () => {
  for (const [name, methods] of Object.entries(fixture)) {
    for (const [method, dtypes] of Object.entries(methods)) {
      for (const [pair, expected] of Object.entries(dtypes)) {
        const [, fitType, callType] = pair.match(/^fit (\w+), X (\w+)$/);
        const model = fitted(name, data[fitType]);
        const what = `${name}.${method}, ${pair}`;
        let arg = data[callType];
        if (method === 'inverseTransform') {
          const transformed = model.transform(data[fitType]);
          arg = { data: callType === 'float32' ? Float32Array.from(transformed.data) : Float64Array.from(transformed.data), rows: n, cols: transformed.cols };
        }
        const result = model[method](arg);
        assert.equal(typeName(result), expected, what);
        if (expected === 'float32') {
          const doubleResult = model[method]({ ...arg, data: Float64Array.from(arg.data) });
          const inDouble = values(doubleResult);
          assert.deepEqual([result.rows, result.cols], [doubleResult.rows, doubleResult.cols], `${what}: shape`);
          if (name.startsWith('MLP')) {
            // the network's float32 forward pass, as scikit-learn's float32 weights on a float32 X
            const all = model.layerActivations(arg, { dtype: 'float32' });
            assert.deepEqual(values(result), all.subarray(all.length - inDouble.length), `${what}: the float32 forward pass`);
            assert.notDeepEqual(values(result), Float32Array.from(inDouble), `${what}: not the double values rounded`);
            values(result).forEach((v, i) => assert.ok(Math.abs(v - inDouble[i]) <= 1e-5 * Math.max(1, Math.abs(inDouble[i])), `${what}[${i}]: ${v} vs ${inDouble[i]}`));
          } else {
            assert.deepEqual(values(result), Float32Array.from(inDouble), `${what}: the double values rounded`);
          }
        }
        model.dispose();
      }
    }
  }
});

test('every estimator declares the float32 rules the fixture shows', () => {
  // An estimator's rule for a method: 'x' when a float32 X gives float32 after a float64 fit, 'fitAndX'
  // when only after a float32 fit (with some solver), none when never.
  const expected = {};
  for (const [name, methods] of Object.entries(fixture)) {
    const rules = (expected[estimatorOf(name)] ??= {});
    for (const [method, dtypes] of Object.entries(methods)) {
      const rule = dtypes['fit float64, X float32'] === 'float32' ? 'x' : dtypes['fit float32, X float32'] === 'float32' ? 'fitAndX' : undefined;
      rules[method] = rules[method] ?? rule;
    }
  }
  // PiecewiseConstantFeatures / PiecewiseLinearFeatures are wasmlearn's own feature maps: X's, as SplineTransformer
  for (const name of ['PiecewiseConstantFeatures', 'PiecewiseLinearFeatures']) expected[name] = { transform: 'x' };
  for (const meta of wl.estimators()) {
    const rules = expected[meta.name];
    if (meta.methods.includes('transform') || Object.keys(meta.float32Results).length)
      assert.ok(rules, `${meta.name} has a transform or float32 results but no case in float32_results.json`);
    if (!rules) continue;
    for (const method of Object.keys(meta.float32Results)) assert.ok(method in rules, `${meta.name}.${method} has no case`);
    for (const [method, rule] of Object.entries(rules)) assert.equal(meta.float32Results[method], rule, `${meta.name}.${method}`);
  }
  for (const name of ['PiecewiseConstantFeatures', 'PiecewiseLinearFeatures']) {
    const model = new wl[name]().fit(data.float64);
    assert.ok(model.transform(data.float32).data instanceof Float32Array, name);
    assert.ok(model.transform(data.float64).data instanceof Float64Array, name);
    model.dispose();
  }
});

test("out takes the result's type: a Float32Array for float32 values, else an Error naming out", () => {
  const scaler = new wl.StandardScaler().fit(data.float64);
  const out = new Float32Array(n * p);
  const result = scaler.transform(data.float32, { out });
  assert.equal(result.data, out);
  assert.deepEqual(out, Float32Array.from(scaler.transform({ data: Float64Array.from(X32), rows: n, cols: p }).data));
  assert.throws(() => scaler.transform(data.float32, { out: new Float64Array(n * p) }), /out must be a Float32Array \(X is a Float32Array and StandardScaler\.transform keeps its precision/);
  assert.throws(() => scaler.transform(data.float64, { out: new Float32Array(n * p) }), /out must be a Float64Array, got Float32Array/);
  // PCA fitted on doubles gives doubles for a float32 X, as scikit-learn's
  const pca = new wl.PCA({ nComponents: 3 }).fit(data.float64);
  const values = new Float64Array(n * 3);
  assert.equal(pca.transform(data.float32, { out: values }).data, values);
  assert.throws(() => pca.transform(data.float32, { out: new Float32Array(n * 3) }), /out must be a Float64Array/);
  assert.ok(scaler.transform(data.float64).data instanceof Float64Array, 'the model stays usable');
  scaler.dispose();
  pca.dispose();
});

test("the fit's precision survives toJSON, a refit and fitAsync's worker", async () => {
  const pca = new wl.PCA({ nComponents: 3 }).fit(data.float32);
  const json = JSON.parse(JSON.stringify(pca));
  assert.equal(json.float32Fit, true);
  const copy = wl.PCA.fromJSON(json);
  assert.deepEqual(copy.transform(data.float32).data, pca.transform(data.float32).data);
  assert.ok(copy.transform(data.float32).data instanceof Float32Array);
  assert.equal(JSON.parse(JSON.stringify(copy.fit(data.float64))).float32Fit, undefined, 'a refit on doubles forgets it');
  assert.ok(copy.transform(data.float32).data instanceof Float64Array);
  assert.throws(() => wl.PCA.fromJSON({ ...json, float32Fit: 'yes' }), /float32Fit must be true or false/);
  const pooled = new wl.KMeans(options.KMeans);
  await pooled.fitAsync(data.float32);
  const single = fitted('KMeans', data.float32);
  assert.deepEqual(pooled.transform(data.float32).data, single.transform(data.float32).data);
  assert.ok(pooled.transform(data.float32).data instanceof Float32Array);
  for (const m of [pca, copy, pooled, single]) m.dispose();
});

test('a Pipeline hands a float32 X through its scaler to its MLP, which trains and predicts in float32', () => {
  const mlp = () => new wl.MLPClassifier({ hiddenLayerSizes: [20], maxIter: 15, randomState: 0 });
  const pipe32 = wl.makePipeline(new wl.StandardScaler(), mlp()).fit(data.float32, y);
  const scaled = new wl.StandardScaler().fitTransform(data.float32);
  assert.ok(scaled.data instanceof Float32Array);
  const direct = mlp().fit(scaled, y);
  const coefs = (model) => Array.from(model.coefs()[0].data);
  assert.deepEqual(coefs(pipe32.namedSteps.mlpclassifier), coefs(direct));
  assert.deepEqual(pipe32.namedSteps.mlpclassifier.lossCurve, direct.lossCurve);
  const pipe64 = wl.makePipeline(new wl.StandardScaler(), mlp()).fit({ data: Float64Array.from(X32), rows: n, cols: p }, y);
  assert.notDeepEqual(coefs(pipe64.namedSteps.mlpclassifier), coefs(direct), 'the same values as doubles train in double');
  const proba32 = pipe32.predictProba(data.float32);
  assert.ok(proba32.data instanceof Float32Array, 'the MLP trained in float32 predicts the float32 X in float32');
  assert.deepEqual(proba32.data, direct.predictProba(scaled).data);
  // its JSON keeps that it trained in float32; lbfgs trains in double, as scikit-learn's
  const copy = wl.MLPClassifier.fromJSON(JSON.stringify(direct));
  assert.deepEqual(copy.predictProba(scaled).data, proba32.data);
  const lbfgs = new wl.MLPClassifier({ solver: 'lbfgs', hiddenLayerSizes: [20], maxIter: 15, randomState: 0 }).fit(scaled, y, { warnings: 'ignore' });
  assert.ok(lbfgs.predictProba(scaled).data instanceof Float64Array);
  assert.equal(JSON.parse(JSON.stringify(lbfgs)).state.float32, undefined);
  assert.equal(JSON.parse(JSON.stringify(copy)).state.float32, true);
  for (const m of [copy, lbfgs]) m.dispose();
  direct.dispose();
});

test("a meta-estimator's MLP members trained in float32 predict a float32 X in float32 and a float64 X in double", () => {
  const ovr = new wl.OneVsRestClassifier(new wl.MLPClassifier({ hiddenLayerSizes: [10], maxIter: 5, randomState: 0 })).fit(data.float32, y, { warnings: 'ignore' });
  const before = ovr.predictProba(data.float64).data;
  const single = ovr.predictProba(data.float32).data;
  const after = ovr.predictProba(data.float64).data;
  assert.deepEqual(after, before, 'a float64 X after a float32 one: in double again');
  assert.notDeepEqual(single, before, 'the members predict the float32 X in float32');
  single.forEach((v, i) => assert.ok(Math.abs(v - before[i]) <= 1e-5, `${v} vs ${before[i]}`));
  ovr.dispose();
});
