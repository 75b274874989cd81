// The tutorial's neural-network figures ask the playground worker (worker.js) for these:
//   xorEpoch       one full-batch sgd epoch of a 2-2-1 network from given weights on the four XOR
//                  points: the loss at those weights and the weights after the step, from which the
//                  page reads the library's gradient (momentum 0: new = old − rate · gradient)
//   networkFits    complete fits of MLPClassifier with several options on one dataset: each one's
//                  class probabilities on a grid (predictProba) and its train / test accuracy
import * as wl from 'wasmlearn';
import { networkData, featureRows, gridOf } from './network_data.js';
import { weightsOf } from './network_forward.js';

export const xorPoints = { X: [[0, 0], [0, 1], [1, 0], [1, 1]], y: [0, 1, 1, 0] };

function xorEpoch({ weights, rate }) {
  const model = new wl.MLPClassifier({
    hiddenLayerSizes: [2], activation: 'logistic', solver: 'sgd', momentum: 0, learningRateInit: rate, batchSize: 4, shuffle: false, alpha: 0, maxIter: 1, weightsInit: weights,
  });
  try {
    model.fit(xorPoints.X, xorPoints.y);
    const after = weightsOf(model);
    return { loss: model.lossCurve[0], coefs: after.coefs.map((c) => Array.from(c)), intercepts: after.intercepts.map((b) => Array.from(b)), proba: Array.from(model.predictProba(xorPoints.X).data) };
  } finally {
    model.dispose();
  }
}

function networkFits({ data: spec, fits, res }) {
  const data = networkData(wl, spec);
  const grid = featureRows(gridOf(data.domain, res), res * res, spec.features);
  const out = fits.map((params) => {
    const model = new wl.MLPClassifier(params);
    try {
      model.fit(data.train.X, data.train.y);
      const score = (part) => (part.y.length ? model.score(part.X, part.y) : NaN);
      return { proba: model.predictProba(grid).data, k: model.classes.length, train: score(data.train), test: score(data.held), nIter: model.nIter };
    } finally {
      model.dispose();
    }
  });
  return { res, fits: out, points: { P: data.P, c: data.c, test: data.test, domain: data.domain } };
}

export const requests = { xorEpoch, networkFits };
