// MinMaxScaler, MaxAbsScaler, RobustScaler and Normalizer through the WASM package: every case of
// tests/fixtures/scalers.json (scikit-learn 1.2.1: fitted attributes and transforms, n past 256, p
// at and past 8 and 16, constant features, ties), inverse transforms, JSON round trips, bad options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from 'wasmlearn';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/scalers.json', import.meta.url), 'utf8'));
const near = (actual, expected, tol, what) => {
  const a = Array.from(actual?.data ?? actual), e = expected.flat();
  assert.equal(a.length, e.length, `${what} length`);
  a.forEach((v, i) => assert.ok(Math.abs(v - e[i]) <= tol * Math.max(1, Math.abs(e[i])), `${what}[${i}]: ${v} vs ${e[i]}`));
};

test('the scalers equal scikit-learn: attributes, transform, inverse transform, JSON round trip', () => {
  for (const [i, c] of fixture.cases.entries()) {
    const what = `${c.estimator} case ${i} ${JSON.stringify(c.options)}`;
    const model = new wl[c.estimator](c.options).fit(c.X);
    for (const [key, expected] of Object.entries(c.attributes)) near(model[key], expected, 1e-12, `${what} ${key}`);
    const out = model.transform(c.E);
    near(out, c.transform, 1e-12, `${what} transform`);
    if (c.estimator !== 'Normalizer' && !c.options.clip) near(model.inverseTransform(out), c.E, 1e-10, `${what} inverse`);
    const copy = wl[c.estimator].fromJSON(JSON.stringify(model));
    assert.deepEqual(Array.from(copy.transform(c.E).data), Array.from(out.data), `${what} round trip`);
    model.dispose();
    copy.dispose();
  }
});

test('scaler options are checked by name', () => {
  const X = [[0, 1], [2, 3]];
  assert.throws(() => new wl.MinMaxScaler({ featureRange: [1, 0] }).fit(X), /featureRange must be two increasing numbers/);
  assert.throws(() => new wl.RobustScaler({ quantileRange: [10, 120] }).fit(X), /quantileRange must be two increasing numbers in \[0, 100\]/);
  assert.throws(() => new wl.Normalizer({ norm: 'l3' }), /norm must be one of 'l1', 'l2', 'max'/);
  // clip keeps values outside the fitted range inside featureRange.
  const clipped = new wl.MinMaxScaler({ clip: true }).fit(X).transform([[-2, 5]]);
  assert.deepEqual(Array.from(clipped.data), [0, 1]);
});
