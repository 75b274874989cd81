// Training you can watch: an iterative method shown step by step. Step k of a stepper is exactly
// a fit of the estimator stopped after k of its units — the public options do it (maxIter k,
// maxDepth k, nEstimators k), so what is drawn at step k is what that fit gives, nothing
// re-implemented here. One interface for every estimator (the playground's player and later the
// network view drive it):
//   stepperFor(meta)      null, or { unit, option, phases } for an estimator's metadata
//   stepFit(wl, meta, params, X, y, step, memory)
//                         the fitted model of display step `step` (0-based; a step past the end
//                         gives the last), the phase name, the iteration k, whether it is the last
//                         step, the objective so far, and for k-means the labels and centres of
//                         the assign phase
// A network trained by adam or sgd does not refit k epochs at step k: the stepper keeps one live
// model and continues it by an epoch (the core's continueFit, after which the model equals the fit
// with maxIter + 1), so a step costs one epoch; the page gets a copy of the live model.
// k-means shows two display steps per iteration: assign (points join the nearest of the current
// centres) then update (centres move to their points' means), following the run its complete fit
// keeps: from that run's start (initCenters, the one attribute the core adds for this view) with
// maxIter k.

// What one step adds, by the option that stops a fit after k of them.
const units = [
  { option: 'nEstimators', unit: 'tree', kinds: ['classifier', 'regressor'] },
  { option: 'maxDepth', unit: 'level', kinds: ['classifier', 'regressor'] },
  { option: 'maxIter', unit: 'iteration', kinds: ['classifier', 'regressor', 'clusterer'] },
];

export function stepperFor(meta) {
  if (!meta) return null;
  const names = new Set(meta.params.map((p) => p.name));
  const unit = units.find((u) => names.has(u.option) && u.kinds.includes(meta.kind));
  if (!unit) return null;
  const epochs = meta.name.startsWith('MLP') || ['Perceptron', 'SGDClassifier', 'SGDRegressor'].includes(meta.name);
  return { ...unit, unit: epochs ? 'epoch' : unit.unit, phases: meta.name === 'KMeans' ? ['assign', 'update'] : [null] };
}

const number = (v) => (typeof v === 'number' ? v : v?.data ? Math.max(...v.data) : ArrayBuffer.isView(v) ? Math.max(...v) : NaN);
function read(model, name) {
  try {
    return model[name];
  } catch {
    return undefined;
  }
}

// The objective a step's fit reached. An estimator that records it per iteration (declared in the
// objectiveHistory role: k-means' inertia, EM's lower bound; a network's lossCurve) gives the whole
// curve; the others one value per step: training log loss when it predicts probabilities,
// training error otherwise, training mean squared error for regressors.
function objectiveOf(model, meta, X, y) {
  const declared = meta.attributes.find((a) => a.role === 'objectiveHistory');
  const history = declared ? read(model, declared.name) : read(model, 'lossCurve');
  if (history?.length) return { label: declared?.label ?? 'loss', values: Array.from(history) };
  if (meta.kind === 'regressor') {
    const pred = model.predict(X);
    let sum = 0;
    for (let i = 0; i < y.length; i++) sum += (pred[i] - y[i]) ** 2;
    return { label: 'training mean squared error', value: sum / y.length };
  }
  const classes = Array.from(model.classes);
  if (typeof model.predictProba === 'function' && model.getParams().probability !== false) {
    const P = model.predictProba(X).data, k = classes.length;
    let sum = 0;
    for (let i = 0; i < y.length; i++) sum -= Math.log(Math.max(1e-15, P[i * k + classes.indexOf(y[i])]));
    return { label: 'training log loss', value: sum / y.length };
  }
  const pred = model.predict(X);
  let wrong = 0;
  for (let i = 0; i < y.length; i++) wrong += pred[i] !== y[i] ? 1 : 0;
  return { label: 'training error', value: wrong / y.length };
}

// The units a fit given k of them used: fewer when it converged, or the tree is whole.
function unitsUsed(model, option, k) {
  if (option === 'maxDepth') return Math.max(1, Math.min(k, model.getDepth()));
  const nIter = read(model, 'nIter');
  return nIter === undefined ? k : Math.min(k, number(nIter));
}

// Index of the nearest centre of each row (2-D rows; the centres k x 2, flat).
function nearest(X, centres) {
  const labels = new Int32Array(X.rows), k = centres.length / X.cols;
  for (let i = 0; i < X.rows; i++) {
    let best = Infinity;
    for (let j = 0; j < k; j++) {
      let d = 0;
      for (let c = 0; c < X.cols; c++) d += (X.data[i * X.cols + c] - centres[j * X.cols + c]) ** 2;
      if (d < best) (best = d), (labels[i] = j);
    }
  }
  return labels;
}

function fitAt(wl, meta, params, option, k, X, y) {
  const model = new wl[meta.name]({ ...params, [option]: k });
  try {
    return model.fit(X, y);
  } catch (e) {
    model.dispose();
    throw e;
  }
}

// A network's fit of k epochs kept live and continued one epoch at a time (continueFit, after
// which the model equals the fit with maxIter + 1); a jump back refits. `each(model, k)` runs after
// every step (the network view records its test loss there). byBatch: step k is k minibatches from
// the fit's start (initialize, then continueBatch: an epoch's batches end in the fit of that many
// epochs).
export class LiveFit {
  constructor(wl, meta, params, X, y, each = () => {}, { byBatch = false } = {}) {
    Object.assign(this, { wl, meta, params, X, y, each, byBatch, k: 0, model: null });
  }

  // Whether this estimator with these options continues its fits (MLPs but for lbfgs).
  static continuable(wl, meta, params) {
    if (!meta.extraMethods?.some((m) => m.name === 'continueFit')) return false;
    const model = new wl[meta.name](params);
    try {
      return model.hasMethod('continueFit');
    } finally {
      model.dispose();
    }
  }

  // The live model after k epochs, or k batches (the caller copies what it keeps).
  to(k) {
    if (this.k > k) this.dispose();
    if (!this.model && this.byBatch) {
      this.model = new this.wl[this.meta.name](this.params);
      try {
        this.model.initialize(this.X, this.y);
      } catch (e) {
        this.dispose();
        throw e;
      }
    } else if (!this.model) {
      this.model = fitAt(this.wl, this.meta, this.params, 'maxIter', 1, this.X, this.y);
      this.k = 1;
      this.each(this.model, 1);
    }
    while (this.k < k) {
      if (this.byBatch) this.model.continueBatch(this.X, this.y);
      else this.model.continueFit(this.X, this.y);
      this.each(this.model, ++this.k);
    }
    return this.model;
  }

  copy() {
    return this.wl[this.meta.name].fromJSON(this.model.toJSON());
  }

  dispose() {
    this.model?.dispose();
    this.model = null;
    this.k = 0;
  }
}

// The fitted model of display step `step`. `memory` ({} at first, kept by the caller while the
// dataset and model stay the same, released with forget) holds the objective of each step for
// estimators that record no history (a jump to step s computes the steps before it first), the
// fit of the step after the last one shown (fitted to know whether that one was the last, and
// shown next when playing), and k-means' kept run. `skip`: the steps before this one that were
// not shown keep no objective (the player skips them) rather than being fitted for it.
export function stepFit(wl, meta, params, X, y, step, memory, { skip = false } = {}) {
  const stepper = stepperFor(meta);
  if (!stepper) throw new Error(`${meta.name} has no step-by-step view`);
  const phases = stepper.phases.length;
  let k = Math.floor(step / phases) + 1, phase = stepper.phases[step % phases];
  // k-means follows the run its complete fit keeps (of nInit starts), from that run's start.
  if (phases > 1 && !memory.start) {
    const complete = new wl.KMeans(params).fit(X);
    memory.start = rowsOf(complete.initCenters);
    complete.dispose();
  }
  const run = phases > 1 ? { ...params, init: memory.start, nInit: 1 } : params;
  if (memory.live === undefined) memory.live = LiveFit.continuable(wl, meta, run) ? new LiveFit(wl, meta, run, X, y) : null;
  // k-means shows each iteration twice (assign, update) and draws the centres before it: the
  // model of the step shown is kept (as JSON, a copy is cheap) and every fit's centres recorded, so
  // a played step costs one fit (the step ahead) every other picture rather than three.
  memory.centres ??= new Map();
  const fitOf = (j) => {
    if (memory.live) return memory.live.to(j), memory.live.copy();
    if (phases === 1) return fitAt(wl, meta, run, stepper.option, j, X, y);
    const fitted = memory.shown?.k === j ? wl[meta.name].fromJSON(memory.shown.json) : fitAt(wl, meta, run, stepper.option, j, X, y);
    memory.centres.set(j, Float64Array.from(fitted.clusterCenters.data));
    return fitted;
  };
  const fit = (j) => {
    if (memory.ahead?.k !== j) return fitOf(j);
    const { model } = memory.ahead;
    memory.ahead = null;
    return model;
  };
  const model = fit(k);
  if (phases > 1 && memory.shown?.k !== k) memory.shown = { k, json: model.toJSON() };
  // A step past the end (a URL's) shows the end: the last phase of the last unit used.
  const used = unitsUsed(model, stepper.option, k);
  const past = used < k;
  if (past) [k, phase, step] = [used, stepper.phases[phases - 1], used * phases - 1];
  const objective = objectiveOf(model, meta, X, y);
  memory.values ??= [];
  if (objective.value !== undefined) {
    for (let j = memory.values.length + 1; j < k && !skip; j++) {
      const earlier = fit(j);
      memory.values.push(objectiveOf(earlier, meta, X, y).value);
      earlier.dispose();
    }
    memory.values[k - 1] = objective.value;
  }
  const limit = params[stepper.option] > 0 ? params[stepper.option] : Infinity; // null or SVC's -1: no limit
  let last = past || k >= limit || number(read(model, 'fitStatus')) === 0; // SVC says whether it converged
  if (!last) {
    if (memory.ahead?.k !== k + 1) {
      dropAhead(memory);
      memory.ahead = { k: k + 1, model: fitOf(k + 1) };
    }
    last = unitsUsed(memory.ahead.model, stepper.option, k + 1) === k;
  }
  const values = objective.values ?? memory.values.slice(0, k);
  const out = { model, step, k, phase, unit: stepper.unit, option: stepper.option, objective: { label: objective.label, values }, last: last && step % phases === phases - 1 };
  if (phases > 1) {
    // k-means: the points keep the assignment to the centres before this iteration's update (the
    // start, or the previous iteration's) until the next step; the assign phase still shows them.
    if (k > 1 && !memory.centres.has(k - 1)) fitOf(k - 1).dispose(); // records its centres
    const centres = k > 1 ? memory.centres.get(k - 1) : Float64Array.from(memory.start.flat());
    out.labelsOf = (rows) => nearest(rows, centres);
    if (phase === 'assign') out.centres = centres;
  }
  return out;
}

// Releases the fits a memory holds: ahead, and the live one continued.
export function forget(memory) {
  dropAhead(memory);
  memory.live?.dispose();
}
function dropAhead(memory) {
  memory.ahead?.model.dispose();
  memory.ahead = null;
}

const rowsOf = (m) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
