// The benchmark registry: data sets and workloads. Every runner (WASM with and without SIMD,
// native builds, scikit-learn, the JavaScript peers) reads the same data files and these same entries.
//
// Adding a benchmark = one entry in `workloads` (and a data set if none fits):
//   id          unique, dotted; `npm run bench -- <substring>` runs the matching ones only
//   group       heading of its block in the table (e.g. the issue it answers)
//   title       one line for the table
//   dataset     a key of `datasets`
//   estimator   a wasmlearn registry name; options: the JS options object (camelCase)
//   method      'predict' (default) or 'transform' — what is timed after fit and checked
//   time        timed phases: ['predict'] (fit once, untimed) or ['fit', 'predict']
//   reps        timed repetitions (median reported), after `warmup` untimed ones (default 1);
//               budgetSeconds stops a runner's repetitions early (at least one is kept)
//   runners     which of 'wasm-simd', 'wasm-nosimd', 'native' (both native builds), 'sklearn',
//               'peer' take part
//   sklearn     { class: 'sklearn.module.Class', params: {...} }; `variants: { label: {params} }`
//               adds extra scikit-learn rows (e.g. algorithm='auto')
//   peer        a JavaScript (npm) competitor: { name, module, load(imported) -> mod (optional, may be
//               async), fit(mod, X, y, w) -> model (or a promise of it),
//               predict(mod, model, X) -> labels/array, reps, warmup, predictQueries, trainRows,
//               partial, nIter(model) } with X as number[][]; predictQueries: only that many test
//               rows, time scaled to all of them; trainRows: fit on the first rows only (flagged, not
//               scaled); partial { factor, part }: fit builds a part of the model (e.g. 4 of 100
//               trees), fit and predict times multiplied by factor (flagged)
//   check       'labels' (classifier: accuracy and agreement with scikit-learn), or nothing
//   nIter       record the fitted model's iteration count (nIter / n_iter_ / peer.nIter)
//   memory      record the saved model's size (JSON; scikit-learn: pickle) and the WASM heap growth
//   call        instead of `estimator`: a module function of the package timed as the fit, e.g.
//               'lassoPath' (X, y, options); its result is checked, not a prediction. The native
//               runner calls it by name through the core's function registry, the scikit-learn runner's
//               entry is { function: 'sklearn.linear_model.lasso_path', params }
//   check       'values': numeric outputs compared with scikit-learn's (largest relative difference)
// Workloads whose estimator (or call) is not in the built package are skipped with a note.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Matrix } from 'ml-matrix';

// Data sets: make(wl) gets the wasmlearn package and returns
// { Xtrain, ytrain, Xtest, ytest: Float64Array, nFeatures, yCols } (row-major; yCols 0 = no y).
// They are generated once into build/bench/data/<name>.f64 and reread by every runner.
function split({ X, y }, nTrain) {
  const d = X.cols, n = X.rows;
  const yy = Float64Array.from(y ?? []);
  return {
    Xtrain: X.data.slice(0, nTrain * d), Xtest: X.data.slice(nTrain * d, n * d),
    ytrain: yy.slice(0, y ? nTrain : 0), ytest: yy.slice(y ? nTrain : 0, y ? n : 0),
    nFeatures: d, yCols: y ? 1 : 0,
  };
}
const classification = (nTrain, nTest, nFeatures, extra = {}) => ({
  doc: `makeClassification ${nTrain} + ${nTest} × ${nFeatures}`,
  make: (wl) => split(wl.datasets.makeClassification({ nSamples: nTrain + nTest, nFeatures, randomState: 42, ...extra }), nTrain),
});

export const datasets = {
  // kNN: 3 classes, 10 informative + 5 redundant of 20 features; 20 000 train, 4 000 queries.
  cls20: classification(20000, 4000, 20, { nInformative: 10, nRedundant: 5, nClasses: 3 }),
  cls2: classification(20000, 4000, 2, { nInformative: 2, nRedundant: 0, nClasses: 3, nClustersPerClass: 1 }),
  // Trees / forests (issue #5): binary, 20 features; 20 000 train, 5 000 test.
  bin20: classification(20000, 5000, 20, { nInformative: 8, nRedundant: 4, nClasses: 2 }),
  // Clustering (issue #4): overlapping blobs, so that k-means and EM take many iterations
  // (well-separated blobs converge in 2, which times the start only). For KMeans 20 blobs of std 10
  // around centres in [-10, 10]^8, more than its k = 8: from the workload's start Lloyd needs ~200
  // iterations to settle, so every runner stops at maxIter 100 (8 blobs of std 6 settled after 34).
  blobs100k: {
    doc: 'makeBlobs 100 000 × 8, 20 centers, std 10',
    make: (wl) => split(wl.datasets.makeBlobs({ nSamples: 100000 + 10000, nFeatures: 8, centers: 20, clusterStd: 10, randomState: 42 }), 100000),
  },
  blobs20k: {
    doc: 'makeBlobs 20 000 × 8, 8 centers, std 6',
    make: (wl) => split(wl.datasets.makeBlobs({ nSamples: 25000, nFeatures: 8, centers: 8, clusterStd: 6, randomState: 42 }), 20000),
  },
  // Linear models (issue #3): the handwritten digits (8 × 8 pixels, 0..16, 10 classes; scikit-learn
  // 1.2.1's copy of the UCI test set, tests/bench/digits.csv.gz), in scikit-learn's order (classes
  // interleaved): the first 1 347 rows train, the last 450 are held out.
  digits: { doc: 'digits 1 347 + 450 × 64, 10 classes', make: () => digits(1347) },
  // Neural networks (issue #15): the same digits with the pixels scaled to [0, 1].
  digits01: { doc: 'digits 1 347 + 450 × 64 / 16, 10 classes', make: () => scaledBy(digits(1347), 1 / 16) },
  // Lasso path: makeRegression 20 000 × 50, 10 informative features, noise 5 (no test rows).
  reg50: {
    doc: 'makeRegression 20 000 × 50, 10 informative, noise 5',
    make: (wl) => split(wl.datasets.makeRegression({ nSamples: 20000, nFeatures: 50, nInformative: 10, noise: 5, randomState: 42 }), 20000),
  },
  // OLS (issue #12): makeRegression 16 000 + 4 000 × 50, all 50 informative, noise 5.
  reg50ols: {
    doc: 'makeRegression 16 000 + 4 000 × 50, 50 informative, noise 5',
    make: (wl) => split(wl.datasets.makeRegression({ nSamples: 20000, nFeatures: 50, nInformative: 50, noise: 5, randomState: 7 }), 16000),
  },
  // PCA (issue #4): 1 797 × 64 (the digits shape) and 20 000 × 100, low-rank plus noise.
  pca64: { doc: 'low-rank 1 797 × 64', make: (wl) => lowRank(wl, 1797, 64, 10) },
  pca100: { doc: 'low-rank 20 000 × 100', make: (wl) => lowRank(wl, 20000, 100, 20) },
  // Kernel SVMs (issue #13): standardised (scaled on the training rows), as an RBF SVM is used.
  svm4000: {
    doc: 'makeClassification 4 000 + 1 000 × 20, standardised',
    make: (wl) => standardised(wl, split(wl.datasets.makeClassification({ nSamples: 5000, nFeatures: 20, nInformative: 10, nRedundant: 5, randomState: 42 }), 4000)),
  },
  // decisionFunction on 4 000 points: the same generator, 4 000 training and 4 000 query rows.
  svm4000q: {
    doc: 'makeClassification 4 000 + 4 000 × 20, standardised',
    make: (wl) => standardised(wl, split(wl.datasets.makeClassification({ nSamples: 8000, nFeatures: 20, nInformative: 10, nRedundant: 5, randomState: 42 }), 4000)),
  },
  moons1600: {
    doc: 'makeMoons 1 600 + 400, noise 0.3, standardised',
    make: (wl) => standardised(wl, split(wl.datasets.makeMoons({ nSamples: 2000, noise: 0.3, randomState: 42 }), 1600)),
  },
  // Kernel ridge and kernel PCA (issue #13): 2 000 training points, 2 000 more to predict / transform.
  kr2000: {
    doc: 'makeRegression 2 000 + 2 000 × 10, noise 10, standardised',
    make: (wl) => standardised(wl, split(wl.datasets.makeRegression({ nSamples: 4000, nFeatures: 10, noise: 10, randomState: 42 }), 2000)),
  },
  circles2000: {
    doc: 'makeCircles 2 000 + 2 000, factor 0.3, noise 0.05',
    make: (wl) => split(wl.datasets.makeCircles({ nSamples: 4000, factor: 0.3, noise: 0.05, randomState: 42 }), 2000),
  },
};
// The training rows scaled to mean 0 and variance 1, the test rows by the same scaler.
function standardised(wl, d) {
  const shape = (data) => ({ data, rows: data.length / d.nFeatures, cols: d.nFeatures });
  const scaler = new wl.StandardScaler().fit(shape(d.Xtrain));
  const out = { ...d, Xtrain: scaler.transform(shape(d.Xtrain)).data, Xtest: scaler.transform(shape(d.Xtest)).data };
  scaler.dispose();
  return out;
}

function digits(nTrain) {
  const rows = gunzipSync(readFileSync(new URL('digits.csv.gz', import.meta.url))).toString().trim().split('\n');
  const X = new Float64Array(rows.length * 64), y = new Float64Array(rows.length);
  rows.forEach((line, i) => {
    const v = line.split(',').map(Number);
    X.set(v.slice(0, 64), i * 64);
    y[i] = v[64];
  });
  return split({ X: { data: X, rows: rows.length, cols: 64 }, y }, nTrain);
}

function scaledBy(d, factor) {
  return { ...d, Xtrain: d.Xtrain.map((v) => v * factor), Xtest: d.Xtest.map((v) => v * factor) };
}

// A dependency-free seeded generator: uniform in [-0.5, 0.5).
function uniform(seed) {
  let s = BigInt(seed);
  return () => { s = (s * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn; return Number(s >> 11n) / 2 ** 53 - 0.5; };
}

// A seeded low-rank matrix (the library has no makeLowRankMatrix yet).
function lowRank(_wl, n, d, rank) {
  const rnd = uniform(12345);
  const A = Float64Array.from({ length: n * rank }, rnd), B = Float64Array.from({ length: rank * d }, rnd);
  const X = new Float64Array(n * d);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < d; j++) {
      let v = 0.05 * rnd();
      for (let r = 0; r < rank; r++) v += A[i * rank + r] * B[r * d + j] * (rank - r);
      X[i * d + j] = v;
    }
  return { Xtrain: X, Xtest: X, ytrain: new Float64Array(0), ytest: new Float64Array(0), nFeatures: d, yCols: 0 };
}

// ---- peers (npm), timed on number[][] (the conversion is not counted) -------------------------
// ml-knn needs ~40 ms per 20-feature query here (its KD-tree cannot prune in 20-D), so it
// predicts the first 100 queries and its time is scaled to 4 000.
const mlKnn = {
  name: 'ml-knn', module: 'ml-knn', reps: 1, warmup: 0, predictQueries: 100,
  fit: (mod, X, y, w) => new mod.default(X, Array.from(y), { k: w.options.nNeighbors }),
  predict: (_mod, model, X) => model.predict(X),
};

// ml-logistic-regression: plain gradient ascent (fixed step, numSteps steps) on the summed
// log-likelihood, no penalty, one-vs-rest (two classifiers even for two classes), no intercept (a
// column of ones is appended here, so that it learns one as the others do). Its steps and step size
// are the fewest found (20, 2e-5 on bin20; 400, 2e-5 on digits; from a sweep of 10–600 steps) that reach
// scikit-learn's held-out accuracy; a larger step diverges or oscillates.
const withOnes = (X) => new Matrix(X.map((row) => [...row, 1]));
const mlLogistic = (numSteps, learningRate) => ({
  name: 'ml-logistic-regression', module: 'ml-logistic-regression', reps: 1, warmup: 0,
  fit: (mod, X, y) => {
    const m = new mod.default({ numSteps, learningRate });
    m.train(withOnes(X), Matrix.columnVector(Array.from(y)));
    return m;
  },
  predict: (_mod, model, X) => model.predict(withOnes(X)),
});

// KMeans starts from these 8 centres (uniform in [-10, 10]^8) in every runner, so that all of them
// follow the same iterations: with their own k-means++ draws they stop after different counts.
const rndInit = uniform(2024);
const kmeansInit = Array.from({ length: 8 }, () => Array.from({ length: 8 }, () => Math.round(2000 * rndInit()) / 100));

// ---- workloads -------------------------------------------------------------------------------
const ALL = ['wasm-simd', 'wasm-nosimd', 'native', 'sklearn', 'peer'];
const knnSk = (algorithm, extra = {}) => ({
  class: 'sklearn.neighbors.KNeighborsClassifier', params: { n_neighbors: 5, algorithm, ...extra },
});

export const workloads = [
  {
    id: 'knn.predict.20d', group: 'kNN classifier (issue #2)',
    title: 'KNeighborsClassifier k=5 brute, predict 4 000 queries, 20 000 × 20',
    dataset: 'cls20', estimator: 'KNeighborsClassifier', options: { nNeighbors: 5, algorithm: 'brute' },
    time: ['predict'], reps: 5, runners: ALL, check: 'labels',
    sklearn: { ...knnSk('brute'), variants: { auto: { algorithm: 'auto' } } },
    peer: mlKnn,
  },
  // Search structures: fit (build) + predict, at 2 and 20 features.
  ...[['2d', 'cls2'], ['20d', 'cls20']].flatMap(([dim, dataset]) =>
    ['brute', 'kd_tree', 'ball_tree'].map((algorithm) => ({
      id: `knn.${algorithm}.${dim}`, group: 'kNN search structures (issue #2)',
      title: `KNeighborsClassifier k=5 ${algorithm}, ${dim === '2d' ? '2' : '20'} features, fit + predict 4 000`,
      dataset, estimator: 'KNeighborsClassifier', options: { nNeighbors: 5, algorithm },
      time: ['fit', 'predict'], reps: dim === '20d' && algorithm !== 'brute' ? 3 : 5, budgetSeconds: 15,
      runners: ['wasm-simd', 'wasm-nosimd', 'native', 'sklearn'], check: 'labels',
      sklearn: knnSk(algorithm),
    }))),

  // ---- issue #3: linear models -----------------------------------------------------------------
  // V8 runs new WebAssembly code on its baseline tier until its optimising compiler, on a background
  // thread, has compiled the hot functions; on the loaded 2-core machine that took 3-5 bin20 fits
  // (first fits 82, 56, 63, 50, 28 ms, then 16-19 ms), in some runs of the SIMD module 8 or more
  // (timed fits after three warm-ups 66, 47, 45, 36, 35 ms; no SIMD in the same run 48, 31, 18, 20,
  // 18 ms), so lr.bin20's WASM SIMD median varies between about 16 and 45 ms from run to run: read
  // fitSamples in results.json. Warm-ups so that the timed fits compare compiled code with compiled
  // code; a one-off fit pays the difference. (Process CPU time also counts that compiler thread:
  // with one warm-up the lasso path measured 25.5 ms CPU for 12.9 ms wall.) lr.bin20 takes eight:
  // on an idle machine after three its CPU samples were still 48, 62, 48, 41, 20 ms (wall median
  // 24), after eight 15.7-17.3 ms (CPU = wall; native 12.4). A plain loop of public-API fits there:
  // 38, 29, 41, 37, 19, then 18-19 ms.
  {
    id: 'lr.bin20', group: 'Linear models (issue #3)',
    title: 'LogisticRegression l2 (C 1) lbfgs, fit + predict 5 000, 20 000 × 20 binary',
    dataset: 'bin20', estimator: 'LogisticRegression', options: { C: 1 },
    time: ['fit', 'predict'], reps: 5, warmup: 8, runners: ALL, check: 'labels', nIter: true,
    sklearn: { class: 'sklearn.linear_model.LogisticRegression', params: { C: 1 } },
    peer: mlLogistic(20, 2e-5),
  },
  {
    id: 'lr.digits', group: 'Linear models (issue #3)',
    title: 'LogisticRegression l2 (C 1) lbfgs multinomial, 100 iterations, fit + predict 450, digits 1 347 × 64, 10 classes',
    dataset: 'digits', estimator: 'LogisticRegression', options: { C: 1, maxIter: 100 },
    time: ['fit', 'predict'], reps: 5, warmup: 3, runners: ALL, check: 'labels', nIter: true,
    sklearn: { class: 'sklearn.linear_model.LogisticRegression', params: { C: 1, max_iter: 100 } },
    peer: mlLogistic(400, 2e-5),
  },
  // The cd solver with an l1 penalty on bin20, whose 4 redundant features are exact linear
  // combinations of informative ones (an ill-conditioned Newton model). scikit-learn's solvers for
  // l1 are saga (same objective, unpenalised intercept) and liblinear (penalises the intercept too).
  {
    id: 'lr.bin20.l1', group: 'Linear models (issue #3)',
    title: 'LogisticRegression l1 (C 1) cd, fit + predict 5 000, 20 000 × 20 binary (collinear)',
    dataset: 'bin20', estimator: 'LogisticRegression', options: { C: 1, penalty: 'l1', solver: 'cd' },
    time: ['fit', 'predict'], reps: 3, warmup: 3, runners: ['wasm-simd', 'wasm-nosimd', 'native', 'sklearn'], check: 'labels', nIter: true,
    sklearn: {
      class: 'sklearn.linear_model.LogisticRegression', params: { C: 1, penalty: 'l1', solver: 'saga', max_iter: 1000 },
      variants: { liblinear: { solver: 'liblinear' } },
    },
  },
  // Least squares: scikit-learn's LAPACK gelsd (QR, then the SVD of R) against wasmlearn's
  // row-block QR and the SVD of R. The predictions are compared with scikit-learn's.
  {
    id: 'ols', group: 'Linear models (issue #3)',
    title: 'LinearRegression fit + predict 4 000, 16 000 × 50',
    dataset: 'reg50ols', estimator: 'LinearRegression', options: {},
    time: ['fit', 'predict'], reps: 7, warmup: 5, runners: ['wasm-simd', 'wasm-nosimd', 'native', 'sklearn'], check: 'values',
    sklearn: { class: 'sklearn.linear_model.LinearRegression', params: {} },
  },
  {
    id: 'lasso.path', group: 'Linear models (issue #3)',
    title: 'lassoPath, 100 alphas (eps 1e-3, warm starts), 20 000 × 50',
    dataset: 'reg50', call: 'lassoPath', options: { nAlphas: 100 },
    time: ['fit'], reps: 5, warmup: 3, runners: ['wasm-simd', 'wasm-nosimd', 'native', 'sklearn'], check: 'values',
    sklearn: { function: 'sklearn.linear_model.lasso_path', params: { n_alphas: 100 } },
  },

  // ---- issue #4 (run once KMeans / GaussianMixture / PCA are in the registry) ----------------
  ...['lloyd', 'elkan'].map((algorithm) => ({
    id: `kmeans.${algorithm}`, group: 'Clustering and decomposition (issue #4)',
    title: `KMeans ${algorithm}, k=8, same fixed start, maxIter 100, tol 0, 100 000 × 8`,
    dataset: 'blobs100k', estimator: 'KMeans',
    options: { nClusters: 8, init: kmeansInit, algorithm, nInit: 1, maxIter: 100, tol: 0 },
    time: ['fit'], reps: 3, runners: ALL, nIter: true,
    sklearn: { class: 'sklearn.cluster.KMeans', params: { n_clusters: 8, init: kmeansInit, algorithm, n_init: 1, max_iter: 100, tol: 0 } },
    // ml-kmeans has Lloyd's algorithm only (the same peer row for both); it stops when no centre
    // moves (as tol 0 here).
    peer: {
      name: 'ml-kmeans', module: 'ml-kmeans', reps: 1, warmup: 0,
      fit: (mod, X) => mod.kmeans(X, 8, { maxIterations: 100, tolerance: 0, initialization: kmeansInit.map((c) => [...c]) }),
      predict: (_mod, model) => model.clusters,
      nIter: (model) => model.iterations,
    },
  })),
  {
    id: 'gmm.full', group: 'Clustering and decomposition (issue #4)',
    title: 'GaussianMixture full, 8 components, 100 EM iterations (tol 0), 20 000 × 8',
    dataset: 'blobs20k', estimator: 'GaussianMixture',
    options: { nComponents: 8, covarianceType: 'full', maxIter: 100, tol: 0, randomState: 0 },
    time: ['fit'], reps: 3, runners: ['wasm-simd', 'wasm-nosimd', 'native', 'sklearn'], nIter: true,
    sklearn: { class: 'sklearn.mixture.GaussianMixture', params: { n_components: 8, covariance_type: 'full', max_iter: 100, tol: 0, random_state: 0 } },
  },
  // Two whole-spectrum solvers: 'full' (SVD, as scikit-learn's) and 'covariance_eigh' (XᵀX and a
  // symmetric eigensolver; scikit-learn >= 1.5 picks it for these shapes, 1.2 here has only 'full',
  // so both rows compare against its 'full'; the ml-pca row uses its matching method).
  ...[['pca64', '1 797 × 64'], ['pca100', '20 000 × 100']].flatMap(([dataset, shape]) => [
    ['full', {}], ['covariance_eigh', { method: 'covarianceMatrix' }],
  ].map(([solver, mlPcaOptions]) => ({
    id: `pca.${dataset}.${solver}`, group: 'Clustering and decomposition (issue #4)',
    title: `PCA ${solver} fit + transform (all components), ${shape}`,
    dataset, estimator: 'PCA', options: { svdSolver: solver }, method: 'transform',
    // Ten warm-ups: V8 optimises a WebAssembly function only from its next call on (no OSR), and the
    // 1 797 x 64 fit (~2.5 ms compiled) calls Eigen's eigensolver steps once each: its first fits
    // take 33, 32, 14, 12, 10 ms and only about the tenth reaches the compiled speed.
    time: ['fit', 'predict'], reps: 5, warmup: 10, runners: ALL,
    sklearn: { class: 'sklearn.decomposition.PCA', params: { svd_solver: 'full' } },
    peer: {
      name: 'ml-pca', module: 'ml-pca', reps: 3, warmup: 1,
      fit: (mod, X) => new mod.PCA(X, mlPcaOptions),
      predict: (_mod, model, X) => model.predict(X).to2DArray().flat(),
    },
  }))),

  // ---- issue #5 (run once the tree estimators are in the registry) ---------------------------
  {
    id: 'tree.dt', group: 'Trees and forests (issue #5)',
    title: 'DecisionTreeClassifier fit + predict, 20 000 × 20 binary',
    dataset: 'bin20', estimator: 'DecisionTreeClassifier', options: { randomState: 0 },
    time: ['fit', 'predict'], reps: 3, runners: ALL, check: 'labels', agreement: false,
    sklearn: { class: 'sklearn.tree.DecisionTreeClassifier', params: { random_state: 0 } },
    // ml-cart re-partitions the node's samples for every candidate threshold (quadratic in the rows:
    // 5 000 rows ≈ 11 s here, all 20 000 several minutes), so it fits the first 5 000 rows only.
    peer: {
      name: 'ml-cart', module: 'ml-cart', reps: 1, warmup: 0, trainRows: 5000,
      fit: (mod, X, y) => { const m = new mod.DecisionTreeClassifier({ gainFunction: 'gini' }); m.train(X, Array.from(y)); return m; },
      predict: (_mod, model, X) => model.predict(X),
    },
  },
  ...[['RandomForestClassifier', 'forest.rf'], ['ExtraTreesClassifier', 'forest.et']].map(([estimator, id]) => ({
    id, group: 'Trees and forests (issue #5)',
    title: `${estimator}(100 trees) fit + predict, 20 000 × 20 binary`,
    dataset: 'bin20', estimator, options: { nEstimators: 100, randomState: 0 },
    time: ['fit', 'predict'], reps: 1, runners: ALL, check: 'labels', agreement: false, memory: true,
    sklearn: { class: `sklearn.ensemble.${estimator}`, params: { n_estimators: 100, random_state: 0, n_jobs: 1 } },
    // ml-random-forest grows ml-cart trees (see tree.dt) on bootstrap samples: 4 trees on the first
    // 5 000 rows, fit and predict times ×25 for 100 trees; no out-of-bag pass (noOOB), as the others.
    peer: estimator === 'RandomForestClassifier' ? {
      name: 'ml-random-forest', module: 'ml-random-forest', reps: 1, warmup: 0, trainRows: 5000,
      partial: { factor: 25, part: '4 of 100 trees' },
      fit: (mod, X, y) => { const m = new mod.RandomForestClassifier({ nEstimators: 4, seed: 0, noOOB: true }); m.train(X, Array.from(y)); return m; },
      predict: (_mod, model, X) => model.predict(X),
    } : undefined,
  })),
  // Warm-ups past V8's tier-up: the first moons fits run partly in baseline (Liftoff) code while
  // TurboFan compiles in the background (process CPU, loaded machine: 109, 52, 40, 33, then 12-17 ms;
  // native 12); with one warm-up the median of 3 reported WASM 1.7-2× native, steady state is 1.06×.
  ...[['svm4000', '4 000 × 20 makeClassification', 3], ['moons1600', '1 600 moons', 8]].map(([dataset, what, warmup]) => ({
    id: `svm.svc.rbf.${dataset}`, group: 'Support vector machines (issue #13)',
    title: `SVC rbf fit + predict, ${what}, standardised`,
    dataset, estimator: 'SVC', options: {},
    time: ['fit', 'predict'], reps: 5, warmup, runners: ['wasm-simd', 'native', 'sklearn', 'peer'], check: 'labels',
    sklearn: { class: 'sklearn.svm.SVC', params: {} },
    peer: libsvmJs(),
  })),
  // The kernel workloads below also take 3 warm-ups, for the same reason: with one, the first timed
  // run still met functions in baseline code (a scratch profile of KernelRidge at 2 000 rows in Node:
  // the first Gram matrix 3× and the first fit 1.2× the later ones), so the median measured the compiler.
  {
    id: 'svm.svc.rbf.decision4000', group: 'Support vector machines (issue #13)',
    title: 'SVC rbf decisionFunction on 4 000 points (fitted on 4 000 × 20), standardised',
    dataset: 'svm4000q', estimator: 'SVC', options: {}, method: 'decisionFunction',
    time: ['predict'], reps: 5, warmup: 3, runners: ['wasm-simd', 'native', 'sklearn'], check: 'values',
    sklearn: { class: 'sklearn.svm.SVC', params: {} },
  },
  {
    id: 'svm.svc.rbf.probability', group: 'Support vector machines (issue #13)',
    title: 'SVC rbf probability fit + predictProba, 4 000 × 20 makeClassification, standardised',
    dataset: 'svm4000', estimator: 'SVC', options: { probability: true }, method: 'predictProba',
    time: ['fit', 'predict'], reps: 3, warmup: 3, runners: ['wasm-simd', 'native', 'sklearn', 'peer'],
    sklearn: { class: 'sklearn.svm.SVC', params: { probability: true, random_state: 0 } },
    peer: libsvmJs({ probabilityEstimates: true }),
  },
  {
    id: 'kernel.ridge.rbf', group: 'Support vector machines (issue #13)',
    title: 'KernelRidge rbf fit + predict, 2 000 + 2 000 × 10 makeRegression, standardised',
    dataset: 'kr2000', estimator: 'KernelRidge', options: { kernel: 'rbf', gamma: 0.1, alpha: 1 },
    time: ['fit', 'predict'], reps: 3, warmup: 3, runners: ['wasm-simd', 'native', 'sklearn'], check: 'values',
    sklearn: { class: 'sklearn.kernel_ridge.KernelRidge', params: { kernel: 'rbf', gamma: 0.1, alpha: 1 } },
  },
  {
    // nComponents 2 of 2 000 rows: 'auto' picks arpack (Lanczos) in both.
    id: 'kernel.pca.rbf', group: 'Support vector machines (issue #13)',
    title: 'KernelPCA rbf (2 components) fit + transform, 2 000 + 2 000 circles',
    dataset: 'circles2000', estimator: 'KernelPCA', options: { kernel: 'rbf', gamma: 10, nComponents: 2 }, method: 'transform',
    time: ['fit', 'predict'], reps: 3, warmup: 3, runners: ['wasm-simd', 'native', 'sklearn'], check: 'values',
    sklearn: { class: 'sklearn.decomposition.KernelPCA', params: { kernel: 'rbf', gamma: 10, n_components: 2 } },
  },
  // A multi-layer perceptron (issue #15): 200 epochs of adam on minibatches of 200 (no early stop:
  // nIterNoChange above maxIter), the shape of scikit-learn's defaults.
  {
    id: 'mlp.digits', group: 'Neural networks (issue #15)',
    title: 'MLPClassifier [100] relu adam, 200 epochs, fit + predict 450, digits 1 347 × 64 in [0, 1], 10 classes',
    dataset: 'digits01', estimator: 'MLPClassifier',
    options: { hiddenLayerSizes: [100], maxIter: 200, nIterNoChange: 1000, randomState: 0 },
    time: ['fit', 'predict'], reps: 3, warmup: 1, runners: ['wasm-simd', 'wasm-nosimd', 'native', 'peer', 'sklearn'], check: 'labels', nIter: true,
    sklearn: { class: 'sklearn.neural_network.MLPClassifier', params: { hidden_layer_sizes: [100], max_iter: 200, n_iter_no_change: 1000, random_state: 0 } },
    peer: tfjsWasmMlp({ hidden: 100, classes: 10, epochs: 200 }),
  },
  // The same with X in float32 on both sides: a Float32Array trains in single precision here, and
  // scikit-learn keeps float32 input in float32.
  {
    id: 'mlp.digits.float32', group: 'Neural networks (issue #15)',
    title: 'MLPClassifier as mlp.digits, X in float32 (Float32Array; numpy float32)',
    dataset: 'digits01', estimator: 'MLPClassifier', float32: true,
    options: { hiddenLayerSizes: [100], maxIter: 200, nIterNoChange: 1000, randomState: 0 },
    time: ['fit', 'predict'], reps: 3, warmup: 1, runners: ['wasm-simd', 'native', 'sklearn'], check: 'labels', nIter: true,
    sklearn: { class: 'sklearn.neural_network.MLPClassifier', params: { hidden_layer_sizes: [100], max_iter: 200, n_iter_no_change: 1000, random_state: 0 } },
  },
];

// TensorFlow.js on its WebAssembly backend (SIMD; single-threaded in Node, where it finds no thread
// support): the same network as scikit-learn's MLPClassifier defaults — Glorot-uniform dense layers
// (TensorFlow.js's default), relu, softmax output, cross-entropy, Adam (0.001, 0.9, 0.999, 1e-8),
// batches of 200 shuffled each epoch. scikit-learn's penalty alpha/2·‖W‖² divided by the batch's rows
// is an L2 regulariser of alpha / (2 · 200) on the weights (not the biases).
function tfjsWasmMlp({ hidden, classes, epochs, alpha = 1e-4, batchSize = 200 }) {
  return {
    name: 'TensorFlow.js wasm', module: '@tensorflow/tfjs-core', reps: 1, warmup: 0,
    load: async (tf) => {
      const tfl = await import('@tensorflow/tfjs-layers');
      const backend = await import('@tensorflow/tfjs-backend-wasm');
      const wasmDir = dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
      backend.setWasmPaths(`${wasmDir}/`);
      await tf.setBackend('wasm');
      await tf.ready();
      return { tf, tfl };
    },
    fit: async ({ tf, tfl }, X, y) => {
      const l2 = tfl.regularizers.l2({ l2: alpha / (2 * batchSize) });
      const model = tfl.sequential({ layers: [
        tfl.layers.dense({ inputShape: [X[0].length], units: hidden, activation: 'relu', kernelRegularizer: l2 }),
        tfl.layers.dense({ units: classes, activation: 'softmax', kernelRegularizer: l2 }),
      ] });
      model.compile({ optimizer: tf.train.adam(0.001, 0.9, 0.999, 1e-8), loss: 'categoricalCrossentropy' });
      const inputs = tf.tensor2d(X), targets = tf.oneHot(tf.tensor1d(Array.from(y), 'int32'), classes);
      await model.fit(inputs, targets, { epochs, batchSize, shuffle: true, verbose: 0 });
      tf.dispose([inputs, targets]);
      return model;
    },
    predict: ({ tf }, model, X) => tf.tidy(() => Array.from(tf.argMax(model.predict(tf.tensor2d(X)), 1).dataSync())),
  };
}

// libsvm-js (libsvm 3.22 compiled to WebAssembly without SIMD): C-SVC with scikit-learn's defaults,
// C 1, tol 1e-3, shrinking, gamma 'scale' = 1 / (p · Var X) computed here on the training rows.
function libsvmJs(extra = {}) {
  return {
    name: 'libsvm-js', module: 'libsvm-js', reps: 3, warmup: 1,
    load: (imported) => imported.default,
    fit: (SVM, X, y) => {
      const p = X[0].length, all = X.flat();
      const mean = all.reduce((a, v) => a + v, 0) / all.length;
      const variance = all.reduce((a, v) => a + (v - mean) ** 2, 0) / all.length;
      const svm = new SVM({ type: SVM.SVM_TYPES.C_SVC, kernel: SVM.KERNEL_TYPES.RBF, gamma: 1 / (p * variance), cost: 1,
        tolerance: 1e-3, cacheSize: 200, quiet: true, ...extra });
      svm.train(X, Array.from(y));
      return svm;
    },
    // predictProbability gives { estimates: [{ label, probability }] } per row: flattened in label order.
    predict: (_SVM, svm, X) => (extra.probabilityEstimates
      ? svm.predictProbability(X).flatMap((r) => r.estimates.sort((a, b) => a.label - b.label).map((e) => e.probability))
      : svm.predict(X)),
  };
}
