// Transformers keep a float32 X (a Float32Array) in float32, as scikit-learn's do: for every
// transformer, the type of transform's and inverseTransform's values for the four pairs of the
// fit's and the call's precision is scikit-learn 1.2.1's dtype (tests/fixtures/float32_results.json,
// 300 x 17 data: past 256 rows and 16 columns), float32 values are the double ones rounded to
// float, `out` follows, the fit's precision survives JSON and workers, and a Pipeline hands a
// float32 X on to its MLP, which then trains in float32 as scikit-learn's.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from 'wasmlearn';

after(() => wl.terminatePools());

const fixture = JSON.parse(readFileSync(new URL('../fixtures/float32_results.json', import.meta.url), 'utf8')).results;
const options = {
  SimpleImputer: { addIndicator: true },
  KBinsDiscretizer: { encode: 'ordinal' },
  PCA: { nComponents: 3 },
  KernelPCA: { nComponents: 3, fitInverseTransform: true },
  KMeans: { nClusters: 3, nInit: 1, randomState: 0 },
};

// 300 x 17 values spread around 1 (not exact in float32) and three classes.
const n = 300, p = 17;
const X64 = new Float64Array(n * p);
let state = 12345;
for (let i = 0; i < X64.length; i++) {
  state = (state * 1103515245 + 12345) % 2147483648;
  X64[i] = 1 + 3 * (state / 2147483648 - 0.5) * 2 + 1e-9 * i;
}
const y = Array.from({ length: n }, (_, i) => (X64[i * p] + X64[i * p + 1] > 2 ? 1 : 0) + (X64[i * p + 2] > 1 ? 1 : 0));
const X32 = Float32Array.from(X64);
const matrix = (data) => ({ data, rows: n, cols: p });
const data = { float64: matrix(X64), float32: matrix(X32) };
const typeName = (result) => (result.data instanceof Float32Array ? 'float32' : result.data instanceof Float64Array ? 'float64' : 'other');
const fitted = (name, X) => new wl[name](options[name]).fit(X, name === 'LinearDiscriminantAnalysis' ? y : undefined);

test("transform and inverseTransform give scikit-learn's dtype for each pair of the fit's and X's precision, the double values rounded", () => {
  for (const [name, methods] of Object.entries(fixture)) {
    for (const [method, dtypes] of Object.entries(methods)) {
      for (const [pair, expected] of Object.entries(dtypes)) {
        const [, fitType, callType] = pair.match(/^fit (\w+), X (\w+)$/);
        const model = fitted(name, data[fitType]);
        const transformed = model.transform(data[fitType]);
        const arg = method === 'transform'
          ? data[callType]
          : { data: callType === 'float32' ? Float32Array.from(transformed.data) : Float64Array.from(transformed.data), rows: n, cols: transformed.cols };
        const result = model[method](arg);
        assert.equal(typeName(result), expected, `${name}.${method}, ${pair}`);
        if (expected === 'float32') {
          const inDouble = model[method]({ ...arg, data: Float64Array.from(arg.data) });
          assert.deepEqual(result.data, Float32Array.from(inDouble.data), `${name}.${method}, ${pair}: the double values rounded`);
          assert.equal(result.rows, inDouble.rows);
          assert.equal(result.cols, inDouble.cols);
        }
        model.dispose();
      }
    }
  }
});

test('every transformer declares its float32 rule as the fixture has it', () => {
  const declared = Object.fromEntries(wl.estimators().map((m) => [m.name, m]));
  for (const [name, meta] of Object.entries(declared)) {
    if (!meta.methods.includes('transform')) continue;
    // PiecewiseConstantFeatures / PiecewiseLinearFeatures are wasmlearn's own feature maps: X's, as SplineTransformer
    const reference = fixture[name] ?? (name.startsWith('Piecewise') ? fixture.SplineTransformer : undefined);
    assert.ok(reference, `${name} has a transform but no case in float32_results.json`);
    for (const method of ['transform', 'inverseTransform']) {
      const dtypes = reference[method];
      const rule = !dtypes || dtypes['fit float64, X float32'] === 'float32' ? 'x' : dtypes['fit float32, X float32'] === 'float32' ? 'fitAndX' : undefined;
      assert.equal(meta.float32Results[method], dtypes && rule, `${name}.${method}`);
      if (!dtypes) assert.ok(!meta.methods.includes(method) || name.startsWith('Piecewise'), `${name}.${method} has no fixture`);
    }
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

test('a Pipeline hands a float32 X through its scaler to its MLP, which trains in float32', () => {
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
  assert.deepEqual(pipe32.predictProba(data.float32).data, direct.predictProba(scaled).data);
  direct.dispose();
});
