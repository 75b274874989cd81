// LinearRegression and Ridge through the WASM package against scikit-learn's fixtures, with
// scikit-learn's shapes (1-D y: coef (p,), scalar intercept; 2-D y: coef (k, p), intercept (k,)).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasmlearn from 'wasmlearn';

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/linear_model.json', import.meta.url), 'utf8'));
const near = (actual, expected, tol, what) => {
  const a = Array.from(actual), e = [expected].flat(2);
  assert.equal(a.length, e.length, `${what} length`);
  a.forEach((v, i) => assert.ok(Math.abs(v - e[i]) <= tol * Math.max(1, Math.abs(e[i])), `${what}[${i}]: ${v} vs ${e[i]}`));
};

for (const c of cases) {
  test(`${c.estimator}(${JSON.stringify(c.options)}) on ${c.data} equals scikit-learn`, () => {
    const tol = c.data === 'well_conditioned' || c.data === 'multi_output' ? 1e-10 : 1e-8;
    const model = new wasmlearn[c.estimator](c.options).fit(c.X, c.y);
    const multi = Array.isArray(c.y[0]);
    const coef = model.coef, intercept = model.intercept, pred = model.predict(c.X);
    if (multi) {
      assert.deepEqual([coef.rows, coef.cols], [c.coef.length, c.coef[0].length]);
      near(coef.data, c.coef, tol, 'coef');
      // scikit-learn writes a scalar 0.0 when fitIntercept is false; we keep one zero per output.
      near(intercept, Array.isArray(c.intercept) ? c.intercept : new Array(coef.rows).fill(c.intercept), tol, 'intercept');
      near(pred.data, c.predict, tol, 'predict');
    } else {
      assert.ok(coef instanceof Float64Array && typeof intercept === 'number' && pred instanceof Float64Array);
      near(coef, c.coef, tol, 'coef');
      near([intercept], c.intercept, tol, 'intercept');
      near(pred, c.predict, tol, 'predict');
    }
    if ('rank' in c) assert.equal(model.rank, c.rank);
    const loaded = wasmlearn[c.estimator].fromJSON(JSON.stringify(model));
    assert.deepEqual(loaded.predict(c.X), pred);
    model.dispose();
    loaded.dispose();
  });
}

test('closed form on a hand-checked line, R² score, and bad options', () => {
  const ols = new wasmlearn.LinearRegression().fit([[0], [1], [2], [3]], [1, 3, 5, 7]);
  assert.deepEqual([Array.from(ols.coef), ols.intercept], [[2], 1]);
  assert.equal(ols.score([[4], [5]], [9, 11]), 1);
  const ridge = new wasmlearn.Ridge({ alpha: 2 }).fit([[-1], [1]], [-2, 2]); // w = Σxy / (Σx² + α) = 4 / 4
  assert.ok(Math.abs(ridge.coef[0] - 1) < 1e-15);
  assert.throws(() => new wasmlearn.Ridge({ alpha: -1 }), { message: 'alpha must be at least 0, got -1' });
  assert.throws(() => new wasmlearn.LinearRegression({ fitIntercept: 'yes' }), /fitIntercept must be true or false/);
  assert.throws(() => ols.predict([[1, 2]]), { message: 'X has 2 columns but the model was fitted with 1' });
  [ols, ridge].forEach((m) => m.dispose());
});
