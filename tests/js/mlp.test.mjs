// MLPClassifier / MLPRegressor through the WASM package: scikit-learn 1.2.1's loss curves and
// predictions from its starting weights (tests/fixtures/mlp.json, given as weightsInit), the weights
// as arrays, onProgress once per epoch (false cancels), and the errors of bad options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MLPClassifier, MLPRegressor } from 'wasmlearn';
import { close } from './fixture_helpers.mjs';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/mlp.json', import.meta.url), 'utf8'));
const byName = (name) => fixture.cases.find((c) => c.name === name);
const relativeClose = (got, want, tol, what) => {
  assert.equal(got.length, want.length, `${what} length`);
  for (let i = 0; i < want.length; i++) assert.ok(Math.abs(got[i] - want[i]) <= tol * Math.abs(want[i]), `${what}[${i}]: ${got[i]} vs ${want[i]}`);
};

for (const name of ['adam_relu_multiclass', 'sgd_nesterov_relu', 'sgd_invscaling_logistic', 'adam_identity_multiclass']) {
  test(`MLPClassifier ${name}: scikit-learn's loss curve and probabilities from its start`, () => {
    const c = byName(name);
    const m = new MLPClassifier({ ...c.options, weightsInit: c.weightsInit }).fit(c.X, c.y);
    relativeClose(Array.from(m.lossCurve), c.lossCurve, 1e-9, 'lossCurve');
    assert.equal(m.nIter, c.nIter);
    assert.equal(m.t, c.t);
    close(m.predictProba(c.X).data, c.proba.flat(), 1e-8, 'proba');
    assert.deepEqual(Array.from(m.predict(c.X)), c.predict);
    const coefs = m.coefs();
    assert.equal(Object.keys(coefs).length, c.coefs.length);
    close(coefs[0].data, c.coefs[0].flat(), 1e-8, 'coefs[0]');
    close(m.intercepts()[1], c.intercepts[1], 1e-8, 'intercepts[1]');
    m.dispose();
  });
}

test('MLPRegressor: scikit-learn\'s loss curve (sgd without Nesterov, tanh) and a JSON round trip', () => {
  const c = byName('sgd_momentum_tanh_regression');
  const m = new MLPRegressor({ ...c.options, weightsInit: c.weightsInit }).fit(c.X, c.y);
  relativeClose(Array.from(m.lossCurve), c.lossCurve, 1e-9, 'lossCurve');
  close(m.predict(c.X), c.predict, 1e-8, 'predict');
  const back = MLPRegressor.fromJSON(JSON.stringify(m.toJSON()));
  assert.deepEqual(back.predict(c.X), m.predict(c.X));
  m.dispose();
  back.dispose();
});

test('MLPClassifier onProgress: once per epoch, false cancels and keeps the model', () => {
  const c = byName('adam_relu_multiclass');
  const seen = [];
  const m = new MLPClassifier({ hiddenLayerSizes: [5], maxIter: 6, randomState: 1 });
  m.fit(c.X, c.y, { onProgress: (done, total) => seen.push([done, total]) });
  assert.deepEqual(seen, [1, 2, 3, 4, 5, 6].map((d) => [d, 6]));
  const before = m.predictProba(c.X).data;
  assert.throws(() => m.fit(c.X, c.y, { onProgress: (done) => done < 2 }), /fit cancelled after 2 of 6 epochs/);
  assert.deepEqual(m.predictProba(c.X).data, before);
  m.dispose();
});

test('MLP options: errors name the option', () => {
  const c = byName('adam_relu_multiclass');
  assert.throws(() => new MLPClassifier({ activation: 'softmax' }), /activation must be one of 'identity', 'logistic', 'tanh', 'relu'/);
  assert.throws(() => new MLPRegressor({ hiddenLayerSizes: [3.5] }).fit(c.X, c.y), /hiddenLayerSizes must hold integers of at least 1/);
  assert.throws(() => new MLPClassifier({ weightsInit: { coefs: [] } }).fit(c.X, c.y), /weightsInit must be/);
});
