// fit(X, y, { sampleWeight }) for the linear models through the WASM package: scikit-learn's fixtures
// (tests/fixtures/weights_linear.py, weights not all equal, some zero, 280-300 rows x 9-10 features
// and 20 x 17), integer weights as repeated rows, and the fit options in the generated types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasmlearn from 'wasmlearn';
import { LinearRegression, LogisticRegression, Perceptron } from 'wasmlearn';

const fx = JSON.parse(readFileSync(new URL('../fixtures/weights_linear.json', import.meta.url), 'utf8'));
const flat = (v) => (typeof v === 'number' ? [v] : v instanceof Float64Array ? Array.from(v) : v.data ? Array.from(v.data) : v.flat());
const near = (actual, expected, tol, what) => {
  const a = flat(actual), e = [expected].flat(2);
  assert.equal(a.length, e.length, `${what} length`);
  a.forEach((v, i) => assert.ok(Math.abs(v - e[i]) <= tol * (1 + Math.abs(e[i])), `${what}[${i}]: ${v} vs ${e[i]}`));
};
// Lasso/ElasticNet are compared at scikit-learn's tol 1e-12, logistic regression's reference is the
// optimum of another solver (the native test compares objectives); the rest are closed forms or
// the perceptron's updates in scikit-learn's order.
const tolerance = { Lasso: 1e-7, ElasticNet: 1e-7, LogisticRegression: 2e-3 };

for (const c of fx.cases) {
  test(`${c.estimator}(${JSON.stringify(c.options)}) with sampleWeight on ${c.X.length} x ${c.X[0].length} equals scikit-learn`, () => {
    const model = new wasmlearn[c.estimator](c.options).fit(c.X, c.y, { sampleWeight: Float64Array.from(c.sampleWeight) });
    const tol = tolerance[c.estimator] ?? 1e-9;
    near(model.coef, c.coef, tol, 'coef');
    const intercept = flat(model.intercept);
    near(intercept, c.intercept.length < intercept.length ? intercept.map(() => c.intercept[0]) : c.intercept, tol, 'intercept');
    model.dispose();
  });
}

test('integer weights are repeated rows, zero weight drops the row (number[] weights)', () => {
  const c = fx.cases.find((k) => k.estimator === 'LinearRegression' && k.X.length > 256);
  const w = c.X.map((_, i) => (i * 7) % 4);
  const Xr = [], yr = [];
  c.X.forEach((row, i) => {
    for (let k = 0; k < w[i]; k++) Xr.push(row), yr.push(c.y[i]);
  });
  const weighted = new LinearRegression().fit(c.X, c.y, { sampleWeight: w });
  const repeated = new LinearRegression().fit(Xr, yr);
  near(weighted.coef, flat(repeated.coef), 1e-10, 'coef');
  near(weighted.intercept, repeated.intercept, 1e-10, 'intercept');
  const yc = c.y.map((v) => (v > 1.5 ? 'high' : 'low'));
  const ycr = [];
  yr.forEach((v) => ycr.push(v > 1.5 ? 'high' : 'low'));
  const lw = new LogisticRegression({ tol: 1e-12, maxIter: 10000 }).fit(c.X, yc, { sampleWeight: w });
  const lr = new LogisticRegression({ tol: 1e-12, maxIter: 10000 }).fit(Xr, ycr);
  near(lw.coef, flat(lr.coef), 1e-6, 'logistic coef');
  [weighted, repeated, lw, lr].forEach((m) => m.dispose());
});

test('weights change the model; classWeight combines with them (multiplied)', () => {
  const c = fx.cases.find((k) => k.estimator === 'LogisticRegression' && k.options.classWeight === 'balanced' && k.options.multiClass === undefined);
  const plain = new LogisticRegression({ classWeight: 'balanced' }).fit(c.X, c.y);
  const weighted = new LogisticRegression({ classWeight: 'balanced' }).fit(c.X, c.y, { sampleWeight: c.sampleWeight });
  assert.notDeepEqual(flat(weighted.coef), flat(plain.coef));
  const p = new Perceptron({ shuffle: false }).fit(c.X, c.y);
  const pw = new Perceptron({ shuffle: false }).fit(c.X, c.y, { sampleWeight: c.sampleWeight });
  assert.notDeepEqual(flat(pw.coef), flat(p.coef));
  [plain, weighted, p, pw].forEach((m) => m.dispose());
});

test('the metadata lists sampleWeight for the linear models; fitTransform passes fit options on', () => {
  const byName = new Map(wasmlearn.estimators().map((m) => [m.name, m]));
  for (const name of ['LinearRegression', 'Ridge', 'RidgeClassifier', 'Lasso', 'ElasticNet', 'LogisticRegression', 'Perceptron'])
    assert.ok(byName.get(name).fitOptions.includes('sampleWeight'), name);
  assert.deepEqual(byName.get('KNeighborsClassifier').fitOptions, []);
  const scaler = new wasmlearn.StandardScaler();
  assert.throws(() => scaler.fitTransform([[1], [2]], undefined, { bogus: 1 }), /Unknown fit option 'bogus' for StandardScaler/);
  scaler.dispose();
});
