// sklearn.linear_model's path functions. Like scikit-learn's lasso_path / enet_path they fit no
// intercept and do not centre X or y (centre them first for a model with an intercept).
import { wasm } from './module.js';
import { toMatrix, toTargets, fromNd } from './arrays.js';

function run(fn, X, y, options) {
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options)))
    throw new Error(`options must be an object, got ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}`);
  const x = toMatrix(X);
  const t = toTargets(y, x.rows);
  if (t.cols !== 1) throw new Error(`y must be one-dimensional for a path, got ${t.cols} columns`);
  const opts = { ...options };
  if (opts.alphas !== undefined && opts.alphas !== null) opts.alphas = Array.from(opts.alphas);
  const r = fn(x.data, x.rows, x.cols, t.data, JSON.stringify(opts));
  return { alphas: r.alphas, coefs: fromNd(r.coefs), dualGaps: r.dualGaps, nIters: r.nIters, warnings: r.warnings };
}

/** lasso_path: coefficients (nFeatures x nAlphas) along a descending grid of alphas, warm-started. */
export function lassoPath(X, y, options = {}) {
  return run(wasm.lassoPath, X, y, options);
}

/** enet_path: as lassoPath with the elastic-net penalty (l1Ratio, default 0.5). */
export function enetPath(X, y, options = {}) {
  return run(wasm.enetPath, X, y, options);
}
