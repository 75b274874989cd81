// The network view's worker (network.html). It trains one MLPClassifier (an MLPRegressor on a
// regression preset) epoch by epoch or batch by batch from the fit's start (a LiveFit: each step
// continues the fit; lbfgs, which cannot continue, refits with maxIter k) and
// answers each step with what the view draws: the weights, the train and test loss of every epoch,
// the accuracies, and every neuron's values on a res x res grid (the maps and the decision regions),
// from the library's layerActivations over the grid (the starting weights of an edit, which no model
// holds yet, through network_forward.js).
import * as wl from 'wasmlearn';
import { LiveFit } from './steppers.js';
import { networkData, featureRows, gridOf, isRegression } from './network_data.js';
import { log } from './portable_math.js';
import { forwardLayers, weightsOf, weightsOfInit, outActivations } from './network_forward.js';

wl.setConfig({ warnings: 'ignore' }); // a fit stopped at epoch k "did not converge": the view says where it is

let session = null;

// The loss without the penalty on held-out rows: the mean cross-entropy of the rows' true classes
// (codes 0 .. k-1) under the model's probabilities, or half the mean squared error (MLPRegressor's).
function heldLoss(model, X, y, regression) {
  if (!X.rows) return NaN;
  let sum = 0;
  if (regression) {
    const Y = model.predict(X);
    for (let i = 0; i < y.length; i++) sum += (Y[i] - y[i]) * (Y[i] - y[i]);
    return sum / y.length / 2;
  }
  const P = model.predictProba(X).data, k = model.classes.length, index = new Map(Array.from(model.classes, (c, j) => [c, j]));
  for (let i = 0; i < y.length; i++) sum -= log(Math.max(1e-15, P[i * k + index.get(y[i])]));
  return sum / y.length;
}

// Minibatches an epoch takes: batchSize rows each ('auto': 200), clipped to the training rows.
const batchesPerEpoch = (params, n) => Math.ceil(n / Math.min(params.batchSize === 'auto' || params.batchSize === undefined ? 200 : params.batchSize, n));

function sessionFor({ data: dataSpec, params, stepBy }) {
  const key = JSON.stringify([dataSpec, params, stepBy]);
  if (session?.key === key) return session;
  session?.dispose();
  const data = networkData(wl, dataSpec);
  const regression = isRegression(dataSpec);
  const Model = regression ? wl.MLPRegressor : wl.MLPClassifier;
  const meta = Model.metadata;
  const testLoss = []; // of each epoch
  const record = (model) => {
    if (model.nIter > 0) testLoss[model.nIter - 1] = heldLoss(model, data.held.X, data.held.y, regression);
  };
  const continuable = LiveFit.continuable(wl, meta, params);
  const byBatch = continuable && stepBy === 'batch';
  const live = continuable ? new LiveFit(wl, meta, params, data.train.X, data.train.y, record, { byBatch }) : null;
  let refitted = null; // lbfgs: the fit of the last step asked
  const grids = new Map(); // res -> the grid's feature rows
  const batches = byBatch ? batchesPerEpoch(params, data.train.y.length) : 1;
  session = {
    key, data, testLoss, byBatch, batches,
    steps: params.maxIter * batches, // the fit of maxIter epochs: a step an epoch, or a batch
    grid(res) {
      if (!grids.has(res)) grids.set(res, featureRows(gridOf(data.domain, res), res * res, dataSpec.features));
      return grids.get(res);
    },
    at(k) {
      if (live) return live.to(k);
      refitted?.dispose();
      refitted = new Model({ ...params, maxIter: k }).fit(data.train.X, data.train.y);
      record(refitted);
      return refitted;
    },
    dispose: () => (live?.dispose(), refitted?.dispose()),
  };
  return session;
}

// The maps' buffers of answers the page has drawn and handed back ('recycle'), reused by later
// answers of the same size: a fresh array a step (1.4 MB when the 100 x 100 maps of 2-8-8-1 were
// doubles) cost Chromium about 1 ms, as much as computing them. A few are kept, the newest.
const spareBuffers = [];
function mapsBuffer(length) {
  const i = spareBuffers.findIndex((b) => b.byteLength === length * Float32Array.BYTES_PER_ELEMENT);
  return i >= 0 ? new Float32Array(spareBuffers.splice(i, 1)[0]) : new Float32Array(length);
}
function recycle(buffer) {
  spareBuffers.unshift(buffer);
  spareBuffers.length = Math.min(spareBuffers.length, 3);
}

// Every layer's maps, inputs first, as views of one buffer: the grid's features, then the library's
// layerActivations written after them (each layer's n x units values, one layer after the other), in
// float32: pictures need no more, and they cost a third (four lanes a packet, half the bytes to copy).
function mapsOf(model, grid, n, units) {
  const all = mapsBuffer(n * units.reduce((a, b) => a + b, 0));
  all.set(grid.data);
  model.layerActivations(grid, { dtype: 'float32', out: all.subarray(n * units[0]) });
  const maps = [];
  for (let l = 0, at = 0; l < units.length; at += n * units[l], l++) maps.push(all.subarray(at, at + n * units[l]));
  return maps;
}

// Step `step` (0-based: step s is s + 1 epochs or, by batch, s + 1 minibatches), or with step null
// the complete fit (maxIter epochs). Step -1 with starting weights (weightsInit, after an
// edit) shows them before the first epoch. While playing (quick) the maps are drawn from a coarser
// grid: a picture costs a quarter.
function step({ id, spec, step: shown, quick }) {
  const t0 = performance.now();
  const s = sessionFor(spec);
  const steps = s.steps;
  const start = shown === -1 && spec.params.weightsInit ? weightsOfInit(spec.params.weightsInit) : null;
  const target = start ? -1 : Math.max(0, Math.min(shown ?? steps - 1, steps - 1));
  const model = start ? null : s.at(target + 1);
  const trainMs = performance.now() - t0;
  const nIter = model?.nIter ?? 0;
  const weights = start ?? weightsOf(model);
  const regression = isRegression(spec.data);
  const out = regression ? 'identity' : start ? (weights.units.at(-1) === 1 ? 'logistic' : 'softmax') : outActivations[model.outActivation];
  const t1 = performance.now();
  const res = quick ? Math.ceil(spec.res / 2) : spec.res;
  const grid = s.grid(res);
  // The input layer's maps are the features themselves.
  const maps = start ? [grid.data.slice(), ...forwardLayers(grid.data, res * res, weights, spec.params.activation ?? 'relu', out)] : mapsOf(model, grid, res * res, weights.units);
  const mapsMs = performance.now() - t1;
  const lossCurve = Float64Array.from(model?.lossCurve ?? []);
  const score = (part) => (model && part.y.length ? model.score(part.X, part.y) : NaN);
  const accuracy = { train: score(s.data.train), test: score(s.data.held) };
  // The fit stops before its epoch budget when it stopped improving (nIterNoChange) or at maxIter.
  const epochsDue = Math.floor((target + 1) / s.batches);
  const stopped = Boolean(model) && nIter < epochsDue;
  const last = stopped || target + 1 >= steps;
  const batch = start ? 0 : (target + 1) % s.batches; // batches into the epoch under way (0: at an epoch's end)
  postMessage({
    type: 'step', id, step: start ? -1 : stopped ? nIter * s.batches - 1 : target, k: nIter, last, stopped,
    batch, batches: s.batches, regression,
    weights, lossCurve, testLoss: Float64Array.from(s.testLoss.slice(0, nIter)), accuracy, res, maps,
    points: { P: s.data.P, c: s.data.c, t: s.data.t, test: s.data.test, domain: s.data.domain, nClasses: s.data.nClasses, classNames: s.data.classNames },
    timing: { trainMs, mapsMs },
  }, [...new Set(maps.map((m) => m.buffer))]);
}

// The trained model of the last step as model JSON (the view's export).
function exportModel({ id, spec, step: shown }) {
  const s = sessionFor(spec);
  const model = s.at(Math.max(0, shown ?? s.steps - 1) + 1); // before the first epoch (-1): the first
  postMessage({ type: 'export', id, json: model.toJSON() });
}

onmessage = ({ data: msg }) => {
  try {
    if (msg.type === 'step') step(msg);
    else if (msg.type === 'export') exportModel(msg);
    else if (msg.type === 'recycle') recycle(msg.buffer);
  } catch (e) {
    postMessage({ type: 'error', id: msg.id, message: e?.message ?? String(e) });
  }
};
postMessage({ type: 'ready', meta: wl.MLPClassifier.metadata });
