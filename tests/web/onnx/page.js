// Fits models in the page, exports them with toOnnx and runs them in onnxruntime-web (its WASM
// backend, one thread, so no cross-origin isolation is needed); writes, per model, the largest
// difference of each output from the model's own and whether the labels are identical.
import * as wl from '/bindings/js/index.js';
import * as ort from '/node_modules/onnxruntime-web/dist/ort.wasm.min.mjs';
import { data } from '/tests/js/onnx_data.mjs';

ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = '/node_modules/onnxruntime-web/dist/';

const wide = data(300, 17, 1);
const flat = (v) => Array.from(v.data ?? v);
const classifier = (m, X) => ({ label: Array.from(m.predict(X)), probabilities: flat(m.predictProba(X)) });
const decision = (m, X) => ({ label: Array.from(m.predict(X)), scores: flat(m.decisionFunction(X)) });
const regressor = (m, X) => ({ variable: flat(m.predict(X)) });
const transformer = (m, X) => ({ variable: flat(m.transform(X)) });

// [what, fitted model, what the graph's outputs must equal]
function cases() {
  const { X, yBin, y3, yReg } = wide;
  const names = y3.map((c) => ['low', 'mid', 'high'][c]);
  return [
    ['LinearRegression', new wl.LinearRegression().fit(X, yReg), regressor],
    ['LogisticRegression multinomial', new wl.LogisticRegression().fit(X, names), classifier],
    ['LogisticRegression ovr', new wl.LogisticRegression({ multiClass: 'ovr' }).fit(X, y3), classifier],
    ['Perceptron', new wl.Perceptron({ randomState: 0 }).fit(X, y3), decision],
    ['LinearSVC', new wl.LinearSVC({ randomState: 0 }).fit(X, yBin), decision],
    ['SVC rbf probability', new wl.SVC({ probability: true, randomState: 0 }).fit(X, y3), (m, x) => ({ ...decision(m, x), probabilities: flat(m.predictProba(x)) })],
    ['SVC poly ovo', new wl.SVC({ kernel: 'poly', decisionFunctionShape: 'ovo' }).fit(X, y3), decision],
    ['SVR linear', new wl.SVR({ kernel: 'linear' }).fit(X, yReg), regressor],
    ['NuSVR sigmoid', new wl.NuSVR({ kernel: 'sigmoid', gamma: 0.01 }).fit(X, yReg), regressor],
    ['OneClassSVM', new wl.OneClassSVM({ nu: 0.2 }).fit(X), decision],
    ['GaussianNB', new wl.GaussianNB().fit(X, y3), classifier],
    ['LinearDiscriminantAnalysis', new wl.LinearDiscriminantAnalysis().fit(X, y3), classifier],
    ['NearestCentroid', new wl.NearestCentroid().fit(X, y3), (m, x) => ({ label: Array.from(m.predict(x)) })],
    ['KMeans', new wl.KMeans({ nClusters: 4, randomState: 0 }).fit(X), (m, x) => ({ label: Array.from(m.predict(x)), scores: flat(m.transform(x)) })],
    ['PCA whiten', new wl.PCA({ nComponents: 5, whiten: true }).fit(X), transformer],
    ['MinMaxScaler clip', new wl.MinMaxScaler({ clip: true }).fit(X.slice(0, 100)), transformer],
    ['RandomForestClassifier', new wl.RandomForestClassifier({ nEstimators: 10, maxDepth: 6, randomState: 0 }).fit(X, y3), classifier],
    ['ExtraTreesRegressor', new wl.ExtraTreesRegressor({ nEstimators: 5, randomState: 0 }).fit(X, yReg), regressor],
    ['KNeighborsClassifier distance', new wl.KNeighborsClassifier({ nNeighbors: 5, weights: 'distance' }).fit(X, y3), classifier],
    ['KNeighborsRegressor', new wl.KNeighborsRegressor().fit(X.slice(50), yReg.slice(50)), regressor],
    ['StandardScaler + PCA + LogisticRegression', wl.makePipeline(new wl.StandardScaler(), new wl.PCA({ nComponents: 9 }), new wl.LogisticRegression()).fit(X, y3), classifier],
  ];
}

// The largest |a - e| over the outputs, and the tolerance: 1e-5, relative to the largest |e| for
// unbounded scores (float32 holds them to 1e-5 relative).
function compare(actual, expected, relative) {
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
  const tolerance = relative ? 1e-5 * Math.max(1, ...expected.map(Math.abs)) : 1e-5;
  return { worst, tolerance, length: actual.length === expected.length };
}

async function run() {
  const { X } = wide;
  const input = new ort.Tensor('float32', Float32Array.from(X.flat()), [X.length, X[0].length]);
  const results = [];
  for (const [what, model, expect] of cases()) {
    const session = await ort.InferenceSession.create(model.toOnnx(), { executionProviders: ['wasm'] });
    const out = await session.run({ X: input });
    const expected = expect(model, X);
    const result = { what };
    for (const [name, values] of Object.entries(expected)) {
      if (name === 'label') {
        const labels = Array.from(out.label.data, (v) => (typeof v === 'bigint' ? Number(v) : v));
        result.labelMismatches = labels.filter((v, i) => v !== values[i]).length + Math.abs(labels.length - values.length);
      } else result[name] = compare(Array.from(out[name].data), values, name === 'scores');
    }
    results.push(result);
    await session.release();
    model.dispose?.();
  }
  return results;
}

const out = document.getElementById('out');
try {
  await wl.onnxReady;
  out.textContent = JSON.stringify({ status: 'ok', crossOriginIsolated: self.crossOriginIsolated, results: await run() });
} catch (e) {
  out.textContent = JSON.stringify({ status: 'error', error: String(e && e.stack ? e.stack : e) });
}
out.dataset.done = '1';
