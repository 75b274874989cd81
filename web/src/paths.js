// Worker side of two regression views: the basis expansion of a 1-D dataset's x (what a linear
// model sees when the page asks for polynomial or spline features), and the regularisation path
// (every coefficient against the penalty strength α) of Lasso, ElasticNet and Ridge, from the
// library's lassoPath / enetPath (Ridge: one closed-form fit per α).
import * as wl from 'wasmlearn';

export const superscript = (k) => String(k).replace(/\d/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[d]);

// Fitted on the training x ({data, rows, cols: 1}); returns { transform(X), names, dispose() },
// or null for 'none'. Polynomial powers are standardised (their scales differ by orders of
// magnitude, which would make one penalty mean very different things per power); B-splines are
// already on [0, 1].
export function fitBasis(kind, size, xTrain) {
  if (!kind || kind === 'none') return null;
  const steps = basisSteps(kind, size);
  const dispose = () => steps.forEach((s) => s.dispose());
  const transform = (X) => steps.reduce((Z, s) => s.transform(Z), X);
  try {
    steps.reduce((Z, s) => s.fit(Z).transform(Z), xTrain);
    const cols = steps[0].nFeaturesOut;
    const names = Array.from({ length: cols }, (_, j) => (kind === 'polynomial' ? `x${j ? superscript(j + 1) : ''}` : `spline ${j + 1}`));
    return { transform, names, dispose };
  } catch (e) {
    dispose();
    throw e;
  }
}

// The unfitted transformers of a basis (a pipeline's first steps, when cross-validation must
// refit them inside each fold).
export function basisSteps(kind, size) {
  return kind === 'polynomial'
    ? [new wl.PolynomialFeatures({ degree: size, includeBias: false }), new wl.StandardScaler()]
    : [new wl.SplineTransformer({ nKnots: size, degree: 3, extrapolation: 'linear', includeBias: false })];
}

export const hasPath = (name) => name === 'Lasso' || name === 'ElasticNet' || name === 'Ridge';

const logGrid = (hi, lo, n) => Array.from({ length: n }, (_, i) => hi * (lo / hi) ** (i / (n - 1)));

// X and y minus their column means (what fitIntercept does before the penalised fit).
function centred(X, y) {
  const scaler = new wl.StandardScaler({ withStd: false });
  try {
    const Xc = scaler.fit(X).transform(X);
    const my = y.reduce((a, b) => a + b, 0) / y.length;
    return { X: { data: Xc.data, rows: Xc.rows, cols: Xc.cols }, y: Float64Array.from(y, (v) => v - my) };
  } finally {
    scaler.dispose();
  }
}

// The path of `name` (Lasso / ElasticNet / Ridge) with `params` on training data (X, y):
// { alphas (descending), coefs[j][i] (feature j at alphas[i]), alpha (the model's), alphaMax }.
// The grid always holds the model's α; for Lasso / ElasticNet it starts at α_max, the smallest α
// with every coefficient zero.
export function regularisationPath(name, params, X, y) {
  const intercept = params.fitIntercept ?? true;
  const data = intercept ? centred(X, y) : { X, y };
  const { rows, cols } = data.X;
  const alpha = params.alpha ?? 1;
  if (name === 'Ridge') {
    // Ridge's α multiplies ‖w‖² against the plain sum of squares: scale the grid by the
    // features' mean squared norm so it spans "no penalty" to "all weights near zero".
    let energy = 0;
    for (const v of data.X.data) energy += v * v;
    const s = energy / cols || 1;
    const alphas = withAlpha(logGrid(s * 1e4, s * 1e-4, 40), alpha);
    const coefs = Array.from({ length: cols }, () => []);
    for (const a of alphas) {
      const m = new wl.Ridge({ alpha: a, fitIntercept: false });
      try {
        const w = m.fit(data.X, data.y).coef;
        for (let j = 0; j < cols; j++) coefs[j].push(w[j]);
      } finally {
        m.dispose();
      }
    }
    return { alphas, coefs, alpha, alphaMax: null };
  }
  const l1Ratio = name === 'Lasso' ? 1 : params.l1Ratio ?? 0.5;
  let xty = 0;
  for (let j = 0; j < cols; j++) {
    let dot = 0;
    for (let i = 0; i < rows; i++) dot += data.X.data[i * cols + j] * data.y[i];
    xty = Math.max(xty, Math.abs(dot));
  }
  // α_max = max|Xᵀy| / (n·l1Ratio); with almost no L1 part the weights never reach zero (and with
  // Xᵀy = 0 they are zero everywhere), so the grid then stops at a large multiple of the model's α.
  const alphaMax = l1Ratio > 1e-3 && xty > 0 ? xty / (rows * l1Ratio) : null;
  const top = alphaMax ?? Math.max(alpha, 1) * 1e4;
  const alphas = withAlpha(logGrid(top, top * 1e-4, 60), alpha);
  const options = { alphas, positive: params.positive ?? false, maxIter: params.maxIter ?? 1000, tol: params.tol ?? 1e-4 };
  const r = name === 'Lasso' ? wl.lassoPath(data.X, data.y, options) : wl.enetPath(data.X, data.y, { ...options, l1Ratio });
  const k = r.alphas.length;
  const coefs = Array.from({ length: cols }, (_, j) => Array.from(r.coefs.data.subarray(j * k, (j + 1) * k)));
  return { alphas: Array.from(r.alphas), coefs, alpha, alphaMax };
}

// The grid with the model's α added (when it is positive and not already there), descending.
function withAlpha(grid, alpha) {
  const all = alpha > 0 && !grid.some((a) => Math.abs(a - alpha) <= 1e-12 * alpha) ? [...grid, alpha] : grid;
  return all.sort((a, b) => b - a);
}
