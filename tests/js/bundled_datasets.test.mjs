// loadWine, loadBreastCancer, loadDigits and loadDiabetes equal scikit-learn's data (shape, names,
// first and last rows, column sums, every target) from tests/fixtures/bundled_datasets.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { datasets } from 'wasmlearn';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/bundled_datasets.json', import.meta.url), 'utf8'));
const near = (actual, expected, tol, what) => {
  assert.equal(actual.length, expected.length, `${what} length`);
  expected.forEach((e, i) => assert.ok(Math.abs(actual[i] - e) <= tol * Math.max(1, Math.abs(e)), `${what}[${i}]: ${actual[i]} vs ${e}`));
};

for (const [name, expected] of Object.entries(fixture))
  test(`${name} equals scikit-learn's data`, () => {
    const { X, y, featureNames, targetNames } = datasets[name]();
    assert.equal(X.rows, expected.rows);
    assert.equal(X.cols, expected.cols);
    assert.deepEqual(featureNames, expected.featureNames);
    assert.deepEqual(targetNames, expected.targetNames);
    // Values as written in scikit-learn's files (diabetes scaled as scikit-learn, to rounding).
    const tol = name === 'loadDiabetes' ? 1e-14 : 0;
    near(X.data.subarray(0, X.cols), expected.first, tol, `${name} first row`);
    near(X.data.subarray((X.rows - 1) * X.cols), expected.last, tol, `${name} last row`);
    const sums = new Float64Array(X.cols);
    for (let i = 0; i < X.rows; i++) for (let j = 0; j < X.cols; j++) sums[j] += X.data[i * X.cols + j];
    near(sums, expected.columnSums, 1e-9, `${name} column sums`);
    near(Array.from(y), expected.y, 0, `${name} y`);
    assert.equal(y instanceof (name === 'loadDiabetes' ? Float64Array : Int32Array), true);
  });
