// loadOnnx: the ONNX files of tests/fixtures/onnx_import/ (written by tests/fixtures/onnx_import.py with
// python3-onnx's helper API from scikit-learn 1.2.1 models, as skl2onnx lays them out: a Cast of the
// input, ai.onnx.ml operators, ZipMap over the probabilities) load as wasmlearn models whose
// predictions match scikit-learn's: labels identical, values within float32 rounding (the files'
// attributes are float32: 1e-5 relative to the largest value; 2e-5 for probabilities). Each file
// also runs in onnxruntime-node with the same result, which checks the fixtures themselves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ort from 'onnxruntime-node';
import * as wl from '../../bindings/js/index.js';

await wl.onnxReady;
const fixtures = JSON.parse(readFileSync(new URL('../fixtures/onnx_import.json', import.meta.url)));
const bytesOf = (name) => new Uint8Array(readFileSync(new URL(`../fixtures/onnx_import/${name}.onnx`, import.meta.url)));
const inputOf = (name) => {
  const { rows, cols, data } = fixtures.data[fixtures.models[name].X];
  return { rows, cols, data: Float64Array.from(data, Math.fround) };
};

function assertClose(actual, expected, what, relative = 1e-5) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  const tolerance = relative * Math.max(1, ...expected.map(Math.abs));
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
  assert.ok(worst <= tolerance, `${what}: largest difference ${worst} > ${tolerance}`);
}

async function onnxruntime(name) {
  const X = inputOf(name);
  const session = await ort.InferenceSession.create(bytesOf(name));
  return session.run({ X: new ort.Tensor('float32', Float32Array.from(X.data), [X.rows, X.cols]) }, session.outputNames.filter((o) => o !== 'output_probability'));
}

// Loads `name`, checks it is a `kind`, and compares every recorded output with scikit-learn's.
async function check(name, kind) {
  const expected = fixtures.models[name];
  const X = inputOf(name);
  const model = wl.loadOnnx(bytesOf(name));
  const final = model instanceof wl.Pipeline ? model.steps.at(-1)[1] : model;
  assert.equal(final.constructor.metadata.name, kind, name);
  if (expected.predict) {
    const predicted = Array.from(model.predict(X));
    if (final.constructor.metadata.kind === 'classifier') assert.deepEqual(predicted, expected.predict, `${name} predict`);
    else assertClose(predicted, expected.predict, `${name} predict`);
  }
  if (expected.predictProba) assertClose(Array.from(model.predictProba(X).data), expected.predictProba, `${name} predictProba`, 2e-5);
  if (expected.decisionFunction) {
    const d = model.decisionFunction(X);
    assertClose(Array.from(d.data ?? d), expected.decisionFunction, `${name} decisionFunction`);
  }
  if (expected.transform) assertClose(Array.from(model.transform(X).data), expected.transform, `${name} transform`);
  // The file itself gives scikit-learn's labels in onnxruntime (the fixture is right).
  const out = await onnxruntime(name);
  const label = out.label ?? out.output_label;
  if (label && expected.predict) assert.deepEqual(Array.from(label.data, (v) => (typeof v === 'bigint' ? Number(v) : v)), expected.predict, `${name} in onnxruntime`);
  if (out.variable && expected.predict) assertClose(Array.from(out.variable.data), expected.predict, `${name} in onnxruntime`, 1e-4);
  return model;
}

test('linear models: LinearRegressor, LinearClassifier (binary, multinomial with string labels, one-vs-rest + Normalizer, NONE)', async () => {
  await check('linear_regression', 'LinearRegression');
  await check('logistic_binary', 'LogisticRegression');
  await check('logistic_binary_softmax', 'LogisticRegression');
  await check('logistic_multinomial_strings', 'LogisticRegression');
  const ovr = await check('logistic_ovr', 'LogisticRegression');
  assert.equal(ovr.getParams().multiClass, 'ovr');
  await check('linear_svc', 'RidgeClassifier');
  await check('logistic_moons', 'LogisticRegression'); // two features: the playground's test file
});

test('Scaler, Normalizer (L1, L2, MAX), and Scaler + LinearClassifier as a Pipeline', async () => {
  await check('standard_scaler', 'StandardScaler');
  for (const norm of ['l1', 'l2', 'max']) assert.equal((await check(`normalizer_${norm}`, 'Normalizer')).getParams().norm, norm);
  const pipeline = await check('scaler_logistic', 'LogisticRegression');
  assert.deepEqual(pipeline.steps.map(([, s]) => s.constructor.metadata.name), ['StandardScaler', 'LogisticRegression']);
});

test('tree ensembles: one tree or a forest, classifier and regressor, splits LEQ / LT / GT / GTE; exportText explains them', async () => {
  const tree = await check('decision_tree_classifier', 'DecisionTreeClassifier');
  await check('decision_tree_classifier_modes', 'DecisionTreeClassifier');
  await check('random_forest_classifier', 'RandomForestClassifier');
  await check('decision_tree_regressor', 'DecisionTreeRegressor');
  await check('random_forest_regressor', 'RandomForestRegressor');
  assert.equal((await check('decision_tree_moons', 'DecisionTreeClassifier')).getDepth(), 4); // the playground's test files
  assert.equal((await check('decision_tree_sine', 'DecisionTreeRegressor')).getDepth(), 3);
  const text = wl.exportText(tree);
  assert.match(text.split('\n')[0], /^\|--- feature_\d+ <= -?\d/);
  assert.equal(tree.getDepth(), 6);
});

test('SVMClassifier (rbf, poly binary, linear) and SVMRegressor (rbf, sigmoid)', async () => {
  await check('svc_rbf', 'SVC');
  await check('svc_poly_binary', 'SVC');
  await check('svc_linear', 'SVC');
  await check('svr_rbf', 'SVR');
  await check('svr_sigmoid', 'SVR');
});

test('what cannot be loaded is a clear Error naming it', () => {
  const X = inputOf('svc_rbf');
  const y = Array.from({ length: X.rows }, (_, i) => i % 3);
  // toOnnx writes GaussianNB with standard operators (Sub, Mul, ReduceSum, Softmax ...).
  assert.throws(() => wl.loadOnnx(new wl.GaussianNB().fit(X, y).toOnnx()), /loadOnnx: operator Unsqueeze \(node 'Unsqueeze_node_\d+'\) is not supported; supported: ai\.onnx\.ml\.Scaler/);
  assert.throws(() => wl.loadOnnx(new Uint8Array([1, 2, 3])), /loadOnnx: bytes are not an ONNX model/);
  assert.throws(() => wl.loadOnnx('model.onnx'), /loadOnnx: bytes must be a Uint8Array or ArrayBuffer/);
  // A linear model exported by toOnnx loads back with the same predictions.
  const exported = new wl.LogisticRegression().fit(X, y);
  const loaded = wl.loadOnnx(Uint8Array.from(exported.toOnnx()).buffer);
  assert.deepEqual(Array.from(loaded.predict(X)), Array.from(exported.predict(X)));
});

test('models exported by toOnnx load back: trees (label as ArgMax of the probabilities), forests, scaler + logistic; not kernel SVMs', async () => {
  const X = inputOf('svc_rbf');
  const y = Array.from({ length: X.rows }, (_, i) => (X.data[i * X.cols] > 0 ? 'yes' : X.data[i * X.cols + 1] > 0 ? 'maybe' : 'no'));
  const target = Array.from({ length: X.rows }, (_, i) => X.data[i * X.cols] * 2 - X.data[i * X.cols + 3]);
  for (const model of [new wl.DecisionTreeClassifier({ maxDepth: 5 }), new wl.RandomForestClassifier({ nEstimators: 4, maxDepth: 4, randomState: 0 }), wl.makePipeline(new wl.StandardScaler(), new wl.LogisticRegression())]) {
    model.fit(X, y);
    const loaded = wl.loadOnnx(model.toOnnx());
    assert.deepEqual(loaded.predict(X), model.predict(X));
    assertClose(Array.from(loaded.predictProba(X).data), Array.from(model.predictProba(X).data), 'probabilities', 2e-5);
  }
  // toOnnx writes kernel SVMs with standard operators in double precision, which loadOnnx does not read.
  const svr = new wl.SVR({ gamma: 0.1 }).fit(X, target);
  assert.throws(() => wl.loadOnnx(svr.toOnnx()), /loadOnnx: operator MatMul \(node 'MatMul_node_\d+'\) is not supported/);
});
