// Every estimator fits and predicts in WebAssembly with the native build's bits: each case of
// tests/fixtures/models_native.json (written by the native build from tests/fixtures/models_cases.hpp:
// every estimator with its defaults and each other value of its enumerated and boolean options, on two
// data sets, with X in float32 and with sample weights) gives the same hashes of the model JSON and
// of its methods' results. The data and the hash are models_cases.hpp's, written again here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { wasm } from '../../bindings/js/module.js';
import { standardMethods } from '../../bindings/js/estimator.js';

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/models_native.json', import.meta.url), 'utf8'));

const modelData = (which) => {
  const n = which === 0 ? 300 : 520, p = which === 0 ? 17 : 9;
  const X = new Float64Array(n * p), classes = new Float64Array(n), targets = new Float64Array(n), weights = new Float64Array(n);
  for (let i = 0; i < n; ++i) {
    let target = 0;
    for (let j = 0; j < p; ++j) {
      const k = (i * 7919 + j * 104729 + i * j * 31) % 1000;
      let v = k / 1000.0 - 0.5 + (j < 3 ? (i % 3) * 0.75 : 0.0);
      if (which === 1 && k % 3 === 0) v = 0;
      X[i * p + j] = v;
      target += v * ((j % 5) - 2);
    }
    classes[i] = i % (which === 0 ? 3 : 4);
    targets[i] = target;
    weights[i] = ((i % 4) + 1) / 2.0;
  }
  return { n, p, X, classes, targets, weights };
};
const data = [modelData(0), modelData(1)];

const bytesHash = (bytes) => {
  let a = 2166136261, b = 84696351;
  for (let i = 0; i < bytes.length; ++i) {
    a = Math.imul(a ^ bytes[i], 16777619);
    b = Math.imul(b ^ bytes[i], 16777619);
  }
  const hex = (h) => (h >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b);
};
const textEncoder = new TextEncoder();
const hashedMethods = ['predict', 'predictProba', 'decisionFunction', 'transform', 'scoreSamples', 'kneighbors', 'radiusNeighbors']
  .map((name) => [standardMethods.find((m) => m.name === name).id, name]);

const runCase = (c) => {
  const d = data[c.data];
  const X = c.input === 'float32' ? Float32Array.from(d.X) : d.X;
  const y = c.kind === 'classifier' ? d.classes : c.kind === 'regressor' ? d.targets : new Float64Array(0);
  let model;
  try {
    model = wasm.RawEstimator.create(c.estimator, JSON.stringify(c.options));
    model.fit(X, d.n, d.p, y, y.length ? 1 : 0, true, undefined, c.input === 'weighted' ? d.weights : undefined);
    const out = { model: bytesHash(textEncoder.encode(model.toJSON())) };
    for (const [id, name] of hashedMethods) {
      if (!model.supports(name)) continue;
      const result = model.call(id, X, d.n, d.p, new Float64Array(0), 0, NaN);
      const values = (result.data ? [result] : Object.values(result)).flatMap((a) => Array.from(a.data));
      out[name] = bytesHash(new Uint8Array(Float64Array.from(values).buffer));
    }
    return out;
  } catch (e) {
    return { error: e.message };
  } finally {
    model?.delete();
  }
};

const byEstimator = new Map();
for (const c of cases) byEstimator.set(c.estimator, [...(byEstimator.get(c.estimator) ?? []), c]);
for (const [estimator, list] of byEstimator) {
  test(`${estimator}: ${list.length} fits with the native build's bits`, () => {
    for (const c of list) assert.deepEqual(runCase(c), c.results, `${JSON.stringify(c.options)} on data ${c.data}, ${c.input}`);
  });
}

test('the cases cover every estimator', () => {
  assert.deepEqual([...byEstimator.keys()].sort(), JSON.parse(wasm.estimators()).map((m) => m.name).sort());
  assert.ok(cases.filter((c) => c.results.model).length > 550);
});
