// The WebAssembly module lives here, off the page's main thread. Requests (each tagged with the
// figure `fig` it is for, so one worker serves every figure of a page):
//   render     make (or reuse) the dataset, fit once, answer `fit` (points, split, metrics,
//              overlays), then one `pass` per grid width (coarse first), each ONE batched
//              predictProba / predict call over the whole grid
//   neighbours the training points the last model of `fig` uses for a query point
//   losses     the library's loss functions over a grid, for the tutorial's loss plots
//   runs       a clusterer fitted once per random start: clusters, centres, inertia of each
//   principalAxes  PCA on a 2-D dataset: its axes on the cloud and the rotated points
//   path       the regularisation path (coefficients against alpha) of Lasso / ElasticNet / Ridge;
//              a render of those models also sends theirs with the fit
//   crossValidation, tune, alphaByCV, codeBook  model selection (selection_worker.js)
//   xorEpoch, networkFits  the tutorial's neural-network figures (network_requests.js)
//   abort      stops the named requests that run on the worker pool (pooled.js): they answer
//              `cancelled`
// A render whose model fits on the pool (forests, bagging) reports `progress` ({ done, total,
// unit, workers }) from its start. Another cancelled request is stopped by the page terminating
// this worker and starting a new one.
import * as wl from 'wasmlearn';
import { generate, applyEdits, isTestPoint, presets, presetByName, expansions2d } from './data.js';
import { figureSize } from './layout.js';
import { fitBasis, hasPath, regularisationPath, superscript } from './paths.js';
import { requests as selection, pooledRequests } from './selection_worker.js';
import { requests as network } from './network_requests.js';
import { svmOverlay, outlierClasses } from './svm_overlay.js';
import { stepFit, forget } from './steppers.js';
import { importOnnx, checkFeatures, describeImported } from './onnx_model.js';
import { abortFigure, abortPooled, endPooled, fitPooled, fitsOnPool, isAbort, poolWorkers, progressUnit, startPooled } from './pooled.js';

// The playground shows each model's warnings beside its figure; the console need not repeat them.
wl.setConfig({ warnings: 'ignore' });

const latest = new Map(); // fig -> id of its newest render (older ones stop between passes)
const models = new Map(); // fig -> { model, trainIndex } kept for neighbour queries
let cache = { key: '', base: null };

function baseData(spec) {
  const key = JSON.stringify([spec.preset, spec.nSamples, spec.noise, spec.seed, spec.fx, spec.fy, spec.huge]);
  if (cache.key !== key) cache = { key, base: generate(wl, spec) };
  return cache.base;
}

// Everything a model needs from a dataset spec + edits: display points, split, model inputs.
function prepare(dataset, edits, meta, project = false) {
  const preset = presetByName.get(dataset.preset);
  const curve = preset?.kind === 'curve';
  const d = applyEdits(baseData(dataset), edits, curve);
  const n = d.P.length / 2;
  // Points placed by hand on a cleared figure all train the model: a click must show its effect.
  const test = new Uint8Array(n);
  if (!edits?.clear) for (let i = 0; i < n; i++) test[i] = isTestPoint(dataset.seed, d.origin?.[i] ?? i, dataset.testSize) ? 1 : 0;
  const train = [], held = [];
  for (let i = 0; i < n; i++) (test[i] ? held : train).push(i);
  const kind = project ? 'transformer' : meta.kind;
  if (preset?.kind === 'table' && meta.kind !== 'regressor') throw new Error(`${meta.name} needs a dataset with classes`);
  if (kind === 'classifier' && curve) throw new Error(`${meta.name} is a classifier: pick a dataset with classes`);
  // Model input X (rows x cols) and target y for a list of row indices.
  let cols = 2, source = d.P;
  if ((kind === 'regressor' || kind === 'transformer') && curve) cols = 1;
  if ((kind === 'transformer' || preset?.kind === 'table') && d.full) (cols = d.full.cols), (source = d.full.data);
  const srcCols = source === d.P ? 2 : cols;
  const columns = (idx) => {
    const data = new Float64Array(idx.length * cols);
    idx.forEach((i, r) => {
      for (let j = 0; j < cols; j++) data[r * cols + j] = source[i * srcCols + j];
    });
    return { data, rows: idx.length, cols };
  };
  // On a 1-D regression set the model may see a basis expansion of x, fitted on the training x.
  // The caller disposes it.
  const basis = kind === 'regressor' && curve && train.length ? fitBasis(dataset.basis, dataset.basisSize, columns(train)) : null;
  // On 2-D data a supervised model may see extra features of the two coordinates (the toggles).
  const extra = cols === 2 && source === d.P && (kind === 'classifier' || kind === 'regressor') ? expansions2d.filter((e) => dataset[e.name]) : [];
  const expand = (X) => {
    const width = 2 + extra.length, data = new Float64Array(X.rows * width);
    for (let r = 0; r < X.rows; r++) {
      const a = X.data[2 * r], b = X.data[2 * r + 1];
      data[r * width] = a;
      data[r * width + 1] = b;
      extra.forEach((e, j) => (data[r * width + 2 + j] = e.f(a, b)));
    }
    return { data, rows: X.rows, cols: width };
  };
  const features = (X) => (basis && X.rows ? basis.transform(X) : extra.length ? expand(X) : X);
  const rows = (idx) => features(columns(idx));
  const featureNames = basis?.names ?? (cols === 1 ? ['x'] : cols === 2 ? [...d.labels, ...extra.map((e) => e.label)] : Array.from({ length: cols }, (_, j) => `feature ${j}`));
  const target = (idx) => {
    if (meta.kind === 'classifier') return Int32Array.from(idx, (i) => d.c[i]);
    if (meta.kind === 'regressor') return Float64Array.from(idx, (i) => (d.t ? d.t[i] : d.c[i]));
    return undefined;
  };
  return { d, n, curve, test, train, held, rows, target, features, featureNames, dispose: () => basis?.dispose() };
}

const noTrainingPoints = 'no training points: add some points or lower testSize';
function requireTraining(p) {
  if (p.train.length === 0) throw new Error(noTrainingPoints);
}

// What each output column of a transformer of x is, for the legend: 1, x, x², the splines, the
// intervals of piecewise bases; `column j` when the transformer does not say.
function outputNames(name, model, params, cols) {
  const power = (k) => (k === 0 ? '1' : k === 1 ? 'x' : `x${superscript(k)}`);
  const shifted = (k) => (k === 0 ? 'x' : k < 0 ? `x + ${-k}` : `x − ${k}`);
  const knots = Array.isArray(params.knots) ? params.knots.map((k) => +k.toPrecision(3)) : []; // SplineTransformer's is a name
  const cut = (k) => (k === 0 ? `x < ${knots[0]}` : k === knots.length ? `x ≥ ${knots[k - 1]}` : `${knots[k - 1]} ≤ x < ${knots[k]}`);
  const intervals = Array.from({ length: knots.length + 1 }, (_, k) => `I(${cut(k)})`);
  let names = null;
  if (name === 'PolynomialFeatures') names = Array.from(rowsOf(attr(model, 'powers'))?.data ?? [], power);
  else if (name === 'SplineTransformer') names = Array.from({ length: cols }, (_, j) => `B-spline ${j + 1}`);
  else if (name === 'PiecewiseConstantFeatures') names = intervals.slice(params.includeBias === false ? 1 : 0);
  else if (name === 'PiecewiseLinearFeatures')
    names = params.continuous === false ? [...intervals, ...intervals.map((i) => `x·${i}`)] : ['1', 'x', ...knots.map((k) => `(${shifted(k)})₊`)];
  if (name === 'PiecewiseLinearFeatures' && params.includeBias === false) names = names.slice(1);
  return names?.length === cols ? names : Array.from({ length: cols }, (_, j) => `column ${j + 1}`);
}

// Padded bounding box of n points (x, y interleaved).
function domainOf(P) {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < P.length; i += 2) {
    const a = P[i], b = P[i + 1];
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    if (a < x0) x0 = a;
    if (a > x1) x1 = a;
    if (b < y0) y0 = b;
    if (b > y1) y1 = b;
  }
  if (!(x1 >= x0)) [x0, x1, y0, y1] = [-1, 1, -1, 1];
  const px = 0.08 * (x1 - x0) + 0.25, py = 0.08 * (y1 - y0) + 0.25;
  return { x: [x0 - px, x1 + px], y: [y0 - py, y1 + py] };
}

// Grows a domain to hold every point (with a little room).
function extend(domain, P) {
  const d = { x: [...domain.x], y: [...domain.y] };
  const mx = 0.03 * (d.x[1] - d.x[0]), my = 0.03 * (d.y[1] - d.y[0]);
  for (let i = 0; i < P.length; i += 2) {
    if (P[i] < d.x[0]) d.x[0] = P[i] - mx;
    if (P[i] > d.x[1]) d.x[1] = P[i] + mx;
    if (P[i + 1] < d.y[0]) d.y[0] = P[i + 1] - my;
    if (P[i + 1] > d.y[1]) d.y[1] = P[i + 1] + my;
  }
  return d;
}

// Cell centres, row-major, row 0 at the top (the canvas's orientation).
function gridPoints(domain, nx, ny) {
  const [x0, x1] = domain.x, [y0, y1] = domain.y;
  const data = new Float64Array(nx * ny * 2);
  for (let j = 0; j < ny; j++) {
    const yv = y1 - ((j + 0.5) * (y1 - y0)) / ny;
    for (let i = 0; i < nx; i++) {
      const k = 2 * (j * nx + i);
      data[k] = x0 + ((i + 0.5) * (x1 - x0)) / nx;
      data[k + 1] = yv;
    }
  }
  return { data, rows: nx * ny, cols: 2 };
}

// Grid cells with no training point within a radius classifier's radius, when it has no
// outlierLabel (it then refuses to predict them): those whose nearest training point, found by
// one 1-nearest-neighbour query with the same metric (far cheaper than listing every neighbour of
// every cell), is farther than the radius.
function cellsWithoutNeighbours(model, training, grid) {
  const { radius, ...params } = model.getParams();
  const taken = new Set(wl.KNeighborsClassifier.metadata.params.map((p) => p.name)); // the search options: metric, p, algorithm
  const search = Object.fromEntries(Object.entries(params).filter(([name]) => taken.has(name)));
  const nearest = new wl.KNeighborsClassifier({ ...search, nNeighbors: 1 });
  try {
    nearest.fit(training.X, training.y);
    return Uint8Array.from(nearest.kneighbors(grid).distances.data, (d) => (d > radius ? 1 : 0));
  } finally {
    nearest.dispose();
  }
}

// Class (or cluster) probabilities on the grid, rows x k. Models without predictProba give hard
// 0/1 votes from one predict call. Cells a radius classifier has no neighbours for get all-zero
// rows (drawn as such); `empty` counts them.
function gridProba(model, grid, classes, training) {
  if (typeof model.radiusNeighbors === 'function' && model.getParams().outlierLabel == null) {
    const empty = cellsWithoutNeighbours(model, training, grid);
    const kept = [];
    empty.forEach((e, r) => e || kept.push(r));
    const k = classes.length, out = new Float64Array(grid.rows * k);
    if (kept.length) {
      const c = grid.cols, sub = new Float64Array(c * kept.length);
      kept.forEach((r, i) => sub.set(grid.data.subarray(c * r, c * (r + 1)), c * i));
      const proba = model.predictProba({ data: sub, rows: kept.length, cols: c }).data;
      kept.forEach((r, i) => out.set(proba.subarray(i * k, (i + 1) * k), r * k));
    }
    return Object.assign(out, { empty: grid.rows - kept.length });
  }
  if (model.hasMethod('predictProba')) return model.predictProba(grid).data;
  const labels = model.predict(grid);
  const k = classes.length, out = new Float64Array(grid.rows * k);
  const index = new Map(Array.from(classes, (c, i) => [c, i]));
  for (let r = 0; r < grid.rows; r++) {
    const c = index.get(labels[r]);
    if (c !== undefined) out[r * k + c] = 1;
  }
  return out;
}

const flat = (v) => (v?.data ?? v ?? []);

// A fitted attribute, or undefined when the model has none (or it cannot be read now).
function attr(model, name) {
  try {
    const v = model[name];
    return v === undefined ? undefined : v;
  } catch {
    return undefined;
  }
}
// The attribute declared in a role (metadata attributes[].role: centres, classMeans, covariances,
// variances, components, explainedVariance, objectiveHistory, ...), and its value.
const declaredAs = (meta, role) => meta.attributes.find((a) => a.role === role);
function attrAs(model, meta, role) {
  const a = declaredAs(meta, role);
  return a ? attr(model, a.name) : undefined;
}
const rowsOf = (m) => (m && m.data ? { data: Array.from(m.data), rows: m.rows, cols: m.cols } : m && ArrayBuffer.isView(m) ? { data: Array.from(m), rows: m.length, cols: 1 } : null);

// 2x2 covariances of a fitted Gaussian model trained on 2 features (GMM, QDA, LDA, GaussianNB).
function ellipses(model, meta, params, centres) {
  if (!centres || centres.cols !== 2) return null;
  const k = centres.rows;
  const covs = [];
  const C = rowsOf(attrAs(model, meta, 'covariances'));
  const V = !C ? rowsOf(attrAs(model, meta, 'variances')) : null;
  // An identity covariance is a metric's stand-in (NearestCentroid's euclidean), not a fitted spread.
  if (C?.rows === 2 && C.cols === 2 && C.data.join() === '1,0,0,1') return null;
  if (C) {
    const type = params.covarianceType ?? (C.rows === 2 * k ? 'full' : 'tied');
    for (let i = 0; i < k; i++) {
      const at = (r, c) => C.data[r * C.cols + c];
      if (type === 'full' && C.rows === 2 * k) covs.push([at(2 * i, 0), at(2 * i, 1), at(2 * i + 1, 1)]);
      else if (type === 'tied' || (C.rows === 2 && C.cols === 2)) covs.push([at(0, 0), at(0, 1), at(1, 1)]);
      else if (type === 'diag' && C.cols === 2) covs.push([at(i, 0), 0, at(i, 1)]);
      else if (type === 'spherical') covs.push([C.data[i], 0, C.data[i]]);
      else return null;
    }
  } else if (V && V.cols === 2 && V.rows === k) {
    for (let i = 0; i < k; i++) covs.push([V.data[2 * i], 0, V.data[2 * i + 1]]);
  } else return null;
  return covs.map((s, i) => ({ mean: [centres.data[2 * i], centres.data[2 * i + 1]], cov: s }));
}

// A decision tree's first levels, for the diagram.
function treeOf(model) {
  const t = attr(model, 'tree');
  if (!t) return null;
  try {
    const left = Array.from(t.childrenLeft), right = Array.from(t.childrenRight);
    const feature = Array.from(t.feature), threshold = Array.from(t.threshold);
    const samples = Array.from(t.nNodeSamples), impurity = Array.from(t.impurity);
    const value = rowsOf(t.value);
    return { left, right, feature, threshold, samples, impurity, value };
  } catch {
    return null;
  }
}

function metricsOf(model, meta, p, Xtr, ytr, Xte, yte) {
  const m = {};
  const score = (X, y) => {
    try {
      return model.score(X, y);
    } catch {
      return undefined;
    }
  };
  if (meta.kind === 'classifier' || meta.kind === 'regressor') {
    m.train = score(Xtr, ytr);
    if (Xte.rows) m.test = score(Xte, yte);
    m.metric = meta.kind === 'classifier' ? 'accuracy' : 'R²';
  }
  for (const name of ['inertia', 'lowerBound', 'nIter', 'oobScore']) {
    const v = attr(model, name);
    const x = typeof v === 'number' ? v : v?.data?.length === 1 ? v.data[0] : ArrayBuffer.isView(v) && v.length === 1 ? v[0] : undefined;
    if (Number.isFinite(x)) m[name] = x;
  }
  if (meta.kind === 'clusterer' && typeof model.score === 'function' && m.inertia === undefined) {
    const s = score(Xtr);
    if (Number.isFinite(s)) m.logLikelihood = s;
  }
  // The objective after each iteration of the kept run (KMeans' inertia, GaussianMixture's lower bound).
  const history = declaredAs(meta, 'objectiveHistory');
  const h = history && attr(model, history.name);
  if (h?.length) m.history = { label: history.label ?? history.name, values: Array.from(h) };
  const evr = attrAs(model, meta, 'explainedVariance');
  if (evr) {
    m.explained = Array.from(evr.data ?? evr);
    m.axis = declaredAs(meta, 'components')?.label ?? ''; // the components' short name: PC1, LD1, ...
  }
  return m;
}

async function render({ id, fig, dataset, edits, model: asked, passes, view }) {
  latest.set(fig, id);
  abortFigure(fig); // the figure's older render, if its model is still fitting on the pool
  const imported = asked.onnx ? importOnnx(asked.onnx) : null; // an .onnx file: a fitted model, drawn as is
  const spec = imported ? { ...asked, params: imported.model.getParams() } : asked;
  const Model = imported ? imported.model.constructor : wl[spec.name];
  const meta = imported?.meta ?? Model?.metadata;
  if (typeof Model !== 'function' || !meta) throw new Error(`no estimator named ${spec.name} in this build`);
  const project = Boolean(spec.project && meta.methods.includes('transform'));
  const kind = project ? 'transformer' : meta.kind;
  const p = prepare(dataset, edits, meta, project);
  const { d, curve, test, train, held } = p;
  const Xtr = p.rows(train), ytr = p.target(train), Xte = p.rows(held), yte = p.target(held);
  const old = models.get(fig);
  if (old) old.model.dispose(), old.prepared.dispose(), models.delete(fig);
  let model = null, stepped = null;
  let t = performance.now();
  const workers = !imported && spec.step == null && fitsOnPool(meta) ? poolWorkers(spec.jobs) : 1; // fitted on the pool when more than 1
  try {
    if (imported) {
      model = imported.model;
      checkFeatures(imported, spec.file, Xtr.cols);
    } else if (train.length === 0) throw new Error(noTrainingPoints);
    else if (workers > 1) model = await fitOnPool(id, fig, Model, spec.params, Xtr, ytr, workers);
    else if (spec.step == null) {
      model = new Model(spec.params);
      model.fit(Xtr, ytr);
    } else ({ model, ...stepped } = stepAt(fig, meta, spec, dataset, edits, Xtr, ytr));
  } catch (e) {
    model?.dispose();
    p.dispose();
    if (isAbort(e)) return postMessage({ type: 'cancelled', id, fig });
    // Nothing to draw from a model, but the frame and the points stay, with the reason.
    postMessage({
      type: 'fit', id, fig, kind, view: curve ? 'curve' : 'regions', X: d.P, labels: d.c ? Array.from(d.c) : null, target: null, test, pred: null,
      classes: d.c ? [...new Set(d.c)].sort((a, b) => a - b) : null, classNames: d.classNames ?? null, axisLabels: d.labels,
      domain: extend(domainOf(baseData(dataset).P), d.P), metrics: {}, overlay: {}, path: null, basis: null, fitMs: 0, size: view,
      nTrain: train.length, nTest: held.length, error: e?.message ?? String(e), onnx: imported && { file: spec.file, name: imported.name, text: null },
    });
    postMessage({ type: 'pass', id, fig, final: true, none: true });
    return;
  }
  const fitMs = performance.now() - t;
  if (latest.get(fig) !== id) {
    // A newer render of this figure came while the pool fitted this one.
    model.dispose();
    p.dispose();
    return;
  }
  models.set(fig, { model, train, meta, prepared: p });
  let path = null;
  if (kind === 'regressor' && hasPath(spec.name)) {
    try {
      path = { ...regularisationPath(spec.name, spec.params, Xtr, ytr), names: p.featureNames };
    } catch (e) {
      path = { error: e?.message ?? String(e) }; // the model itself fitted: show it, and why there is no path
    }
  }

  // What the figure shows as points: the data, or for a transformer the projection.
  let P = d.P, view2 = curve ? 'curve' : kind === 'regressor' ? 'surface' : 'regions', axisLabels = d.labels;
  let pred = null, basis = null;
  if (kind === 'transformer' && curve) {
    // On a 1-D dataset a transformer is a set of functions of x: each output column along x.
    const x = domainOf(d.P).x, m = 200;
    const xs = Float64Array.from({ length: m }, (_, j) => x[0] + ((j + 0.5) * (x[1] - x[0])) / m);
    const Z = model.transform({ data: xs, rows: m, cols: 1 });
    basis = { xs: Array.from(xs), columns: Array.from({ length: Z.cols }, (_, c) => Array.from({ length: m }, (_, j) => Z.data[j * Z.cols + c])), names: outputNames(spec.name, model, spec.params, Z.cols) };
    view2 = 'basis';
    axisLabels = ['x', 'value of each output column'];
  } else if (kind === 'transformer') {
    const all = p.rows(Array.from({ length: p.n }, (_, i) => i));
    const Z = model.transform(all);
    // The first two output columns that vary (a basis expansion's constant column says nothing).
    const varies = (j) => Array.from({ length: p.n }, (_, i) => Z.data[i * Z.cols + j]).some((v, _, all) => v !== all[0]);
    const shown = Array.from({ length: Z.cols }, (_, j) => j).filter(varies).slice(0, 2);
    P = new Float64Array(2 * p.n);
    for (let i = 0; i < p.n; i++) shown.forEach((j, k) => (P[2 * i + k] = Z.data[i * Z.cols + j]));
    view2 = 'projection';
    const axis = declaredAs(meta, 'components')?.label;
    axisLabels = shown.map((j) => (axis ? `${axis}${j + 1}` : `output column ${j + 1} of ${Z.cols}`));
    while (axisLabels.length < 2) axisLabels.push('');
  }
  let labels = d.c ? Array.from(d.c) : null;
  if (kind === 'clusterer' && typeof model.predict === 'function') {
    const all = p.rows(Array.from({ length: p.n }, (_, i) => i));
    labels = Array.from(stepped?.labelsOf ? stepped.labelsOf(all) : model.predict(all));
  }
  if (curve && kind === 'regressor') {
    pred = Array.from(flat(model.predict(p.rows(Array.from({ length: p.n }, (_, i) => i)))));
  }
  const metrics = metricsOf(model, meta, p, Xtr, ytr, Xte, yte);
  if (stepped) metrics.history = { ...stepped.objective, unit: stepped.unit };
  let classes = kind === 'classifier' ? Array.from(model.classes) : null;
  if (kind === 'clusterer') {
    const k = Math.max(0, ...labels) + 1;
    const centresK = rowsOf(attrAs(model, meta, 'centres'))?.rows ?? 0;
    classes = Array.from({ length: Math.max(k, centresK) }, (_, i) => i);
  }
  if (kind === 'regressor' && !curve) classes = [...new Set(labels)].sort((a, b) => a - b);
  if (kind === 'transformer') classes = labels ? [...new Set(labels)].sort((a, b) => a - b) : [0];
  let classNames = d.classNames ?? null;
  const svm = kind === 'transformer' ? null : svmOverlay(model, meta, spec.params, { Xtr, ytr, train, curve, classes: classes ?? [] });
  if (svm && kind === 'clusterer') ({ classes, classNames } = outlierClasses);

  const centres = kind === 'transformer' ? null
    : stepped?.centres ? { data: Array.from(stepped.centres), rows: stepped.centres.length / 2, cols: 2 }
    : rowsOf(attrAs(model, meta, 'centres') ?? attrAs(model, meta, 'classMeans'));
  const overlay = {
    centres: centres && centres.cols === 2 ? centres : null,
    ellipses: kind === 'transformer' ? null : ellipses(model, meta, spec.params, centres),
    tree: treeOf(model),
    neighbours: meta.methods.includes('kneighbors') ? 'k' : meta.methods.includes('radiusNeighbors') ? 'radius' : null,
    support: svm?.support ?? null,
    supportKept: svm?.supportKept ?? false,
    levels: svm?.levels ?? null,
    epsilon: svm?.epsilon ?? null,
  };
  // The generated points fix the frame, so adding or moving a point inside it never shifts it.
  const domain = basis ? { x: domainOf(d.P).x, y: domainOf(Float64Array.from(basis.columns.flatMap((col) => col.flatMap((v, j) => [basis.xs[j], v])))).y }
    : kind === 'transformer' ? domainOf(P) : extend(domainOf(baseData(dataset).P), P);
  const frame = figureSize(view.width, view.height, domain);
  postMessage({
    type: 'fit', id, fig, kind, view: view2, X: P, labels, target: d.t ? Array.from(d.t) : null, test, pred,
    classes, classNames, axisLabels, featureNames: p.featureNames, domain, metrics, overlay, path, basis, fitMs, workers, size: view, nTrain: train.length, nTest: held.length,
    step: stepped && { step: stepped.step, k: stepped.k, phase: stepped.phase, unit: stepped.unit, option: stepped.option, last: stepped.last },
    onnx: imported && describeImported(imported, spec.file, p.featureNames),
  });

  if (view2 === 'projection' || view2 === 'basis') {
    postMessage({ type: 'pass', id, fig, final: true, none: true });
    return;
  }
  for (let i = 0; i < passes.length; i++) {
    if (i > 0) {
      await new Promise((resolve) => setTimeout(resolve, 0)); // let a newer request in
      if (latest.get(fig) !== id || models.get(fig)?.model !== model) return;
    }
    const nx = Array.isArray(passes[i]) ? passes[i][0] : passes[i];
    t = performance.now();
    if (view2 === 'curve') {
      if (i < passes.length - 1) continue; // one pass: a curve is cheap
      const m = Math.max(50, nx);
      const xs = new Float64Array(m);
      for (let j = 0; j < m; j++) xs[j] = domain.x[0] + ((j + 0.5) * (domain.x[1] - domain.x[0])) / m;
      const ys = model.predict(p.features({ data: xs, rows: m, cols: 1 }));
      postMessage({ type: 'pass', id, fig, final: true, nx: m, xs, ys: Float64Array.from(flat(ys)), predictMs: performance.now() - t });
      return;
    }
    const ny = Array.isArray(passes[i]) ? passes[i][1] : Math.max(2, Math.round((nx * frame.innerH) / frame.innerW));
    const grid = gridPoints(domain, nx, ny);
    const final = i === passes.length - 1;
    if (view2 === 'surface') {
      const values = Float64Array.from(flat(model.predict(p.features(grid))));
      postMessage({ type: 'pass', id, fig, pass: i, final, nx, ny, values, range: [Math.min(...classes), Math.max(...classes)], predictMs: performance.now() - t }, [values.buffer]);
    } else {
      const cells = p.features(grid);
      const proba = gridProba(model, cells, classes, { X: Xtr, y: ytr });
      // An SVM's decision function on the same grid, for its level sets.
      const levels = overlay.levels ? Float64Array.from(flat(model.decisionFunction(cells))) : null;
      const moved = levels ? [proba.buffer, levels.buffer] : [proba.buffer];
      postMessage({ type: 'pass', id, fig, pass: i, final, nx, ny, nClasses: classes.length, proba, levels, empty: proba.empty ?? 0, predictMs: performance.now() - t }, moved);
    }
  }
}

// The model fitted on the worker pool, reporting its progress to the page; a newer render of the
// figure, or the page's abort, rejects with an AbortError.
async function fitOnPool(id, fig, Model, params, X, y, workers) {
  const unit = progressUnit(Model.metadata);
  const report = (done, total) => postMessage({ type: 'progress', id, fig, done, total, unit, workers });
  report(0, params.nEstimators ?? params.nInit ?? null);
  const signal = startPooled(id, fig);
  try {
    return await fitPooled(Model, params, X, y, workers, { signal, onProgress: report });
  } finally {
    endPooled(id, fig);
  }
}

// A model-selection request (selection_worker.js) with its folds on the pool: it tells the page
// so at once (the page's cancel then aborts it), then as each fit is done ("k of n folds").
async function selectOnPool(msg) {
  const workers = pooledRequests.has(msg.type) ? poolWorkers(msg.model?.jobs) : 1;
  const report = (done, total) => postMessage({ type: 'progress', id: msg.id, fig: msg.fig, done, total, unit: 'folds', workers });
  if (workers > 1) report(0, null);
  const signal = startPooled(msg.id);
  try {
    return await selection[msg.type](msg, prepare, { workers, signal, onProgress: workers > 1 ? report : undefined });
  } finally {
    endPooled(msg.id);
  }
}

// A render of one display step of an iterative method (the player, player.js): the fit stopped
// after that step (steppers.js). Each figure keeps the objective of the steps it has shown, for
// methods that record none themselves, and the fit of the next step, while its dataset and model
// stay the same.
const memories = new Map(); // fig -> { key, memory }
function stepAt(fig, meta, spec, dataset, edits, X, y) {
  const key = JSON.stringify([dataset, edits, spec.name, spec.params]);
  if (memories.get(fig)?.key !== key) {
    if (memories.has(fig)) forget(memories.get(fig).memory);
    memories.set(fig, { key, memory: {} });
  }
  return stepFit(wl, meta, spec.params, X, y, spec.step, memories.get(fig).memory, { skip: spec.skip });
}

function neighbours({ id, fig, point }) {
  const kept = models.get(fig);
  if (!kept) return postMessage({ type: 'neighbours', id, fig, indices: [] });
  const { model, train, prepared } = kept;
  const q = prepared.features({ data: Float64Array.from(point), rows: 1, cols: 2 });
  let indices = [], radius = null;
  if (typeof model.kneighbors === 'function') {
    indices = Array.from(model.kneighbors(q).indices.data);
  } else if (typeof model.radiusNeighbors === 'function') {
    indices = Array.from(model.radiusNeighbors(q).indices[0] ?? []);
    radius = model.getParams().radius;
  }
  postMessage({ type: 'neighbours', id, fig, point, indices: indices.map((i) => train[i]), radius });
}

// Fits a clusterer once per value of `param` (random starts) and returns what each fit made of
// the same points: their clusters, the centres and the inertia (small multiples of local minima).
function runs({ id, fig, dataset, model: spec, param, values }) {
  const Model = wl[spec.name];
  if (typeof Model !== 'function') throw new Error(`no estimator named ${spec.name} in this build`);
  const p = prepare(dataset, null, Model.metadata);
  try {
    requireTraining(p);
    const X = p.rows(p.train);
    const out = values.map((value) => {
      const model = new Model({ ...spec.params, [param]: value });
      try {
        model.fit(X);
        return { value, labels: Array.from(model.predict(X)), centres: rowsOf(attrAs(model, Model.metadata, 'centres')), inertia: attr(model, 'inertia') };
      } finally {
        model.dispose();
      }
    });
    postMessage({ type: 'runs', id, fig, X: Array.from(X.data), runs: out });
  } finally {
    p.dispose();
  }
}

// PCA on a 2-D dataset's points: the points and classes, the mean, the principal axes (rows of
// components) with their variances, and the points in the rotated coordinates.
function principalAxes({ id, fig, dataset }) {
  const p = prepare(dataset, null, wl.PCA.metadata);
  const pca = new wl.PCA({ nComponents: 2 });
  try {
    requireTraining(p);
    const X = p.rows(p.train);
    const Z = pca.fit(X).transform(X);
    postMessage({
      type: 'principalAxes', id, fig, X: Array.from(X.data), labels: p.train.map((i) => p.d.c?.[i] ?? 0), Z: Array.from(Z.data),
      mean: Array.from(flat(pca.mean)), components: Array.from(flat(pca.components)), variance: Array.from(flat(pca.explainedVariance)),
      ratio: Array.from(flat(pca.explainedVarianceRatio)),
    });
  } finally {
    pca.dispose();
    p.dispose();
  }
}

// The regularisation path of a linear model on a dataset's training points.
function path({ id, fig, dataset, edits, model: spec }) {
  const Model = wl[spec.name];
  if (typeof Model !== 'function' || !hasPath(spec.name)) throw new Error(`no regularisation path for ${spec.name} in this build`);
  const p = prepare(dataset, edits, Model.metadata);
  try {
    requireTraining(p);
    postMessage({ type: 'path', id, fig, ...regularisationPath(spec.name, spec.params, p.rows(p.train), p.target(p.train)), names: p.featureNames });
  } finally {
    p.dispose();
  }
}

// The library's loss functions (wl.losses) over the points `x` (margins or residuals).
function losses({ id, fig, names, x, epsilon }) {
  const values = {};
  for (const name of names) {
    if (typeof wl.losses?.[name] !== 'function') throw new Error(`no loss function ${name} in this build`);
    values[name] = Array.from(name === 'epsilonInsensitive' ? wl.losses[name](x, epsilon) : wl.losses[name](x));
  }
  postMessage({ type: 'losses', id, fig, values });
}

onmessage = async ({ data: msg }) => {
  try {
    if (msg.type === 'render') await render(msg);
    else if (msg.type === 'neighbours') neighbours(msg);
    else if (msg.type === 'path') path(msg);
    else if (msg.type === 'runs') runs(msg);
    else if (msg.type === 'principalAxes') principalAxes(msg);
    else if (msg.type === 'losses') losses(msg);
    else if (msg.type === 'abort') abortPooled(msg.ids);
    else if (Object.hasOwn(selection, msg.type)) postMessage({ type: msg.type, id: msg.id, fig: msg.fig, ...(await selectOnPool(msg)) });
    else if (Object.hasOwn(network, msg.type)) postMessage({ type: msg.type, id: msg.id, fig: msg.fig, ...network[msg.type](msg) });
  } catch (e) {
    postMessage(isAbort(e) ? { type: 'cancelled', id: msg.id, fig: msg.fig } : { type: 'error', id: msg.id, fig: msg.fig, message: e?.message ?? String(e) });
  }
};

const names = new Set(wl.estimators().map((m) => m.name));
postMessage({
  type: 'ready',
  estimators: wl.estimators(),
  presets: presets.filter((p) => (p.needs ?? []).every((n) => names.has(n))).map((p) => p.name),
});
