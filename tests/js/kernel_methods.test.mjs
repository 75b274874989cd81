// KernelRidge and KernelPCA through the WASM package, against scikit-learn 1.2.1
// (tests/fixtures/kernel_methods.py): dualCoef and predictions within 1e-8 (multi-target, per-target
// alpha, sampleWeight, precomputed), KernelPCA's eigenvalues, embedding and pre-images within 1e-8
// (rbf circles by arpack and dense, poly, linear); the singular fallback's warning; bad options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasmlearn from 'wasmlearn';
import { metrics } from 'wasmlearn';

const fx = JSON.parse(readFileSync(new URL('../fixtures/kernel_methods.json', import.meta.url), 'utf8'));
const flat = (v) => (typeof v === 'number' ? [v] : ArrayBuffer.isView(v) ? Array.from(v) : v.data ? Array.from(v.data) : v.flat());
// |got − want| ≤ tol·max(1, max|want|), as kernel_methods_test.cpp.
const near = (actual, expected, tol, what) => {
  const a = flat(actual), e = [expected].flat(2);
  assert.equal(a.length, e.length, `${what} length`);
  const scale = Math.max(1, ...e.map(Math.abs));
  a.forEach((v, i) => assert.ok(Math.abs(v - e[i]) <= tol * scale, `${what}[${i}]: ${v} vs ${e[i]}`));
};

function split(c) {
  const d = fx.data[c.dataset];
  const targets = c.targets ?? d.y[0].length;
  let Xtr = d.X.slice(0, fx.nTrain), Xte = d.X.slice(fx.nTrain);
  const y = d.y.slice(0, fx.nTrain).map((r) => (targets === 1 ? r[0] : r.slice(0, targets)));
  if (c.precomputedGamma != null) {
    const { rbfKernel } = metrics.pairwise, gamma = c.precomputedGamma;
    [Xtr, Xte] = [rbfKernel(Xtr, Xtr, { gamma }), rbfKernel(Xte, Xtr, { gamma })];
  }
  return { Xtr, Xte, y };
}

test('KernelRidge equals scikit-learn: dualCoef and predictions', () => {
  for (const c of fx.kernelRidge) {
    const { Xtr, Xte, y } = split(c);
    const model = new wasmlearn.KernelRidge(c.options);
    model.fit(Xtr, y, c.weighted ? { sampleWeight: Float64Array.from(fx.weights) } : undefined);
    const what = `${JSON.stringify(c.options)} ${c.dataset}${c.weighted ? ' weighted' : ''}`;
    near(model.dualCoef, c.dualCoef, 1e-8, `${what} dualCoef`);
    near(model.predict(Xte), c.predict, 1e-8, `${what} predict`);
    model.dispose();
  }
});

test('KernelPCA equals scikit-learn: eigenvalues, embedding, pre-images', () => {
  for (const c of fx.kernelPCA) {
    const { Xtr, Xte } = split(c);
    const model = new wasmlearn.KernelPCA(c.options).fit(Xtr);
    const what = `${JSON.stringify(c.options)} ${c.dataset}`;
    near(model.eigenvalues, c.eigenvalues, 1e-8, `${what} eigenvalues`);
    near(model.transform(Xtr), c.transformTrain, 1e-8, `${what} transform (training rows)`);
    const Z = model.transform(Xte);
    near(Z, c.transformTest, 1e-8, `${what} transform (held-out rows)`);
    if (c.inverseTest) near(model.inverseTransform(Z), c.inverseTest, 1e-8, `${what} inverseTransform`);
    model.dispose();
  }
});

test("KernelRidge reads a precomputed kernel's upper triangle, as scikit-learn", () => {
  // scipy's solve(assume_a='pos') under scikit-learn reads the upper triangle (1.2.1 gives 0.28571429
  // for both): [[2.5, 1], [1, 2.5]]·c = [1, 1] gives c = 2/7 each; the lower triangle would give 0.4.
  const model = new wasmlearn.KernelRidge({ kernel: 'precomputed', alpha: 0.5 }).fit([[2, 1], [0, 2]], [1, 1]);
  near(model.dualCoef, [2 / 7, 2 / 7], 1e-15, 'dualCoef');
  model.dispose();
});

test('KernelRidge falls back to least squares on a singular system, with a data warning', () => {
  const model = new wasmlearn.KernelRidge({ alpha: 0 }).fit([[1, 0], [2, 0], [0, 1]], [1, 2, 3]);
  near(model.dualCoef, [0.2, 0.4, 3], 1e-12, 'minimum-norm dualCoef');
  assert.deepEqual(model.warnings.map((w) => w.kind), ['data']);
  model.dispose();
});

test('bad options and inputs are Errors naming the argument', () => {
  const X = [[0, 1], [1, 0], [2, 2], [3, 1]];
  assert.throws(() => new wasmlearn.KernelRidge({ alpha: -1 }), /alpha must be at least 0, got -1/);
  assert.throws(() => new wasmlearn.KernelRidge({ alpha: [1, -2] }).fit(X, [[1, 2], [2, 3], [3, 4], [4, 5]]), /alpha\[1\] must be at least 0/);
  assert.throws(() => new wasmlearn.KernelRidge({ kernel: 'rbf', gamma: 0 }), /gamma must be greater than 0, got 0/);
  assert.throws(() => new wasmlearn.KernelRidge({ kernel: 'precomputed' }).fit(X, [1, 2, 3, 4]), /square kernel matrix/);
  assert.throws(() => new wasmlearn.KernelRidge({ nComponents: 2 }), /nComponents/);
  assert.throws(() => new wasmlearn.KernelPCA({ nComponents: 0 }), /nComponents must be at least 1, got 0/);
  assert.throws(() => new wasmlearn.KernelPCA({ eigenSolver: 'randomized' }), /not implemented/);
  assert.throws(() => new wasmlearn.KernelPCA({ nComponents: 4, eigenSolver: 'arpack' }).fit(X), /less than nSamples/);
  assert.throws(() => new wasmlearn.KernelPCA({ kernel: 'precomputed', fitInverseTransform: true }).fit([[1, 0], [0, 1]]),
    /fitInverseTransform needs a kernel other than 'precomputed'/);
  const pca = new wasmlearn.KernelPCA({ nComponents: 2 }).fit(X);
  assert.throws(() => pca.inverseTransform([[0, 0]]), /fitInverseTransform/);
  assert.throws(() => pca.transform([[0, 0, 0]]), /X has 3 columns/);
  pca.dispose();
});
