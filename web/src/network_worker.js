// The network view's worker (network.html). It trains one MLPClassifier epoch by epoch (a LiveFit:
// each step continues the fit by an epoch; lbfgs, which cannot continue, refits with maxIter k) and
// answers each step with what the view draws: the weights, the train and test loss of every epoch,
// the accuracies, and every neuron's values on a res x res grid (the maps and the decision regions),
// from one forward pass over the grid.
import * as wl from 'wasmlearn';
import { LiveFit } from './steppers.js';
import { networkData, featureRows, gridOf } from './network_data.js';
import { forwardLayers, weightsOf, weightsOfInit, outActivations } from './network_forward.js';

wl.setConfig({ warnings: 'ignore' }); // a fit stopped at epoch k "did not converge": the view says where it is

const meta = wl.MLPClassifier.metadata;
let session = null;

// Mean cross-entropy of the rows' true classes (codes 0 .. k-1) under the model's probabilities.
function logLoss(model, X, y) {
  if (!X.rows) return NaN;
  const P = model.predictProba(X).data, k = model.classes.length, index = new Map(Array.from(model.classes, (c, j) => [c, j]));
  let sum = 0;
  for (let i = 0; i < y.length; i++) sum -= Math.log(Math.max(1e-15, P[i * k + index.get(y[i])]));
  return sum / y.length;
}

function sessionFor({ data: dataSpec, params }) {
  const key = JSON.stringify([dataSpec, params]);
  if (session?.key === key) return session;
  session?.dispose();
  const data = networkData(wl, dataSpec);
  const testLoss = [];
  const record = (model, k) => (testLoss[k - 1] = logLoss(model, data.held.X, data.held.y));
  const live = LiveFit.continuable(wl, meta, params) ? new LiveFit(wl, meta, params, data.train.X, data.train.y, record) : null;
  let refitted = null; // lbfgs: the fit of the last step asked
  const grids = new Map(); // res -> the grid's feature rows
  session = {
    key, data, testLoss,
    grid(res) {
      if (!grids.has(res)) grids.set(res, featureRows(gridOf(data.domain, res), res * res, dataSpec.features));
      return grids.get(res);
    },
    at(k) {
      if (live) return live.to(k);
      refitted?.dispose();
      refitted = new wl.MLPClassifier({ ...params, maxIter: k }).fit(data.train.X, data.train.y);
      record(refitted, refitted.nIter);
      return refitted;
    },
    dispose: () => (live?.dispose(), refitted?.dispose()),
  };
  return session;
}

// Step `step` (0-based: epoch step + 1), or with step null the complete fit (maxIter epochs). Step
// -1 with starting weights (weightsInit, after an edit) shows them before the first epoch.
// While playing (quick) the maps are drawn from a coarser grid: a picture costs a quarter.
function step({ id, spec, step: shown, quick }) {
  const t0 = performance.now();
  const s = sessionFor(spec);
  const start = shown === -1 && spec.params.weightsInit ? weightsOfInit(spec.params.weightsInit) : null;
  const target = start ? -1 : Math.max(0, shown ?? spec.params.maxIter - 1);
  const model = start ? null : s.at(target + 1);
  const trainMs = performance.now() - t0;
  const nIter = model?.nIter ?? 0;
  const weights = start ?? weightsOf(model);
  const out = start ? (weights.units.at(-1) === 1 ? 'logistic' : 'softmax') : outActivations[model.outActivation];
  const t1 = performance.now();
  const res = quick ? Math.ceil(spec.res / 2) : spec.res;
  const grid = s.grid(res);
  const layers = forwardLayers(grid.data, res * res, weights, spec.params.activation ?? 'relu', out, Float32Array);
  const mapsMs = performance.now() - t1;
  const lossCurve = Float64Array.from(model?.lossCurve ?? []);
  const score = (part) => (model && part.y.length ? model.score(part.X, part.y) : NaN);
  const accuracy = { train: score(s.data.train), test: score(s.data.held) };
  // The fit stops before its epoch budget when it stopped improving (nIterNoChange) or at maxIter.
  const stopped = Boolean(model) && nIter < target + 1;
  const last = stopped || target + 1 >= spec.params.maxIter;
  const maps = [Float32Array.from(grid.data), ...layers]; // the input layer's maps: the features themselves
  postMessage({
    type: 'step', id, step: start ? -1 : Math.min(target, nIter - 1), k: nIter, last, stopped,
    weights, lossCurve, testLoss: Float64Array.from(s.testLoss.slice(0, nIter)), accuracy, res, maps,
    points: { P: s.data.P, c: s.data.c, test: s.data.test, domain: s.data.domain, nClasses: s.data.nClasses, classNames: s.data.classNames },
    timing: { trainMs, mapsMs },
  }, maps.map((m) => m.buffer));
}

// The trained model of the last step as model JSON (the view's export).
function exportModel({ id, spec, step: shown }) {
  const s = sessionFor(spec);
  const model = s.at(Math.max(0, shown ?? spec.params.maxIter - 1) + 1); // before the first epoch (-1): the first
  postMessage({ type: 'export', id, json: model.toJSON() });
}

onmessage = ({ data: msg }) => {
  try {
    if (msg.type === 'step') step(msg);
    else if (msg.type === 'export') exportModel(msg);
  } catch (e) {
    postMessage({ type: 'error', id: msg.id, message: e?.message ?? String(e) });
  }
};
postMessage({ type: 'ready', meta });
