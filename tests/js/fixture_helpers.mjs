// Small helpers shared by the node:test files that compare with scikit-learn fixtures.
import assert from 'node:assert/strict';

// Every entry of `actual` within `tol` of `expected`, naming the first that is not.
export const close = (actual, expected, tol, what) => {
  assert.equal(actual.length, expected.length, `${what} length`);
  for (let i = 0; i < expected.length; i++) assert.ok(Math.abs(actual[i] - expected[i]) <= tol, `${what}[${i}]: ${actual[i]} vs ${expected[i]}`);
};

// A fixture's snake_case option names in camelCase.
export const camel = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/_(.)/g, (_, c) => c.toUpperCase()), v]));
