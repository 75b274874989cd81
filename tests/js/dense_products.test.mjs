// The WebAssembly product kernels (core/include/wasmlearn/base/dense_products.hpp: up to 32 features
// the packed outer-product tiles, 4 rows × panels of 4 columns; beyond, the dot tiles of 2 × 4 rows,
// the shared dimension in blocks of 512) through LogisticRegression.decisionFunction, X·coefᵀ +
// intercept, against a plain JavaScript loop. The shapes leave every tile and block remainder: odd
// rows, more than 256 rows, classes not a multiple of 4, odd feature counts, more than 512 features.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LogisticRegression } from 'wasmlearn';

// Deterministic values in [-1, 1) (a 32-bit xorshift), so that failures reproduce.
function uniforms(count, seed) {
  let s = seed >>> 0 || 1;
  return Float64Array.from({ length: count }, () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 2 ** 31 - 1;
  });
}

// A fitted model (one sample per class) whose coefficients are then replaced through its JSON.
function modelWith(nClasses, nFeatures, W, intercept) {
  const X = { data: uniforms(nClasses * nFeatures, 7), rows: nClasses, cols: nFeatures };
  const fitted = new LogisticRegression({ maxIter: 1 }).fit(X, Array.from({ length: nClasses }, (_, c) => c));
  const json = fitted.toJSON();
  fitted.dispose();
  json.state.coef = { rows: W.length / nFeatures, cols: nFeatures, data: Array.from(W) };
  json.state.intercept = intercept;
  return LogisticRegression.fromJSON(json);
}

const shapes = [[1, 1, 2], [7, 3, 3], [65, 13, 13], [6, 31, 5], [257, 32, 11], [9, 600, 6], [33, 1031, 7],
  [257, 300, 9]];
for (const [nSamples, nFeatures, nClasses] of shapes) {
  test(`decisionFunction of ${nSamples} × ${nFeatures} with ${nClasses} classes equals the looped product`, () => {
    const rows = nClasses === 2 ? 1 : nClasses;
    const W = uniforms(rows * nFeatures, 11), b = uniforms(rows, 13), X = uniforms(nSamples * nFeatures, 17);
    const model = modelWith(nClasses, nFeatures, W, Array.from(b));
    const D = model.decisionFunction({ data: X, rows: nSamples, cols: nFeatures });
    model.dispose();
    const values = rows === 1 ? D : D.data;
    assert.equal(values.length, nSamples * rows);
    for (let i = 0; i < nSamples; ++i)
      for (let c = 0; c < rows; ++c) {
        let sum = b[c], magnitude = Math.abs(b[c]);
        for (let j = 0; j < nFeatures; ++j) {
          sum += X[i * nFeatures + j] * W[c * nFeatures + j];
          magnitude += Math.abs(X[i * nFeatures + j] * W[c * nFeatures + j]);
        }
        const got = values[i * rows + c];
        assert.ok(Math.abs(got - sum) <= 1e-12 * magnitude, `[${i}, ${c}]: ${got} vs ${sum}`);
      }
  });
}
