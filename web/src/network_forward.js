// A network's forward pass written out from its weights, for what the library does not return: the
// value of every hidden neuron (the network view's maps, the tutorial's tables). The weights are
// scikit-learn's: coefs[l] (units[l] x units[l + 1], row-major) and intercepts[l]; the hidden
// layers through `activation`, the output layer through `out` (identity, logistic or softmax, the
// codes of outActivation). The output layer equals the library's predictProba (checked in
// tests/js/network_forward.test.mjs).

export const outActivations = { 0: 'identity', 1: 'logistic', 4: 'softmax' };

// f'(z) written with the neuron's value a = f(z), as back-propagation uses it.
export const derivatives = {
  identity: () => 1,
  logistic: (a) => a * (1 - a),
  tanh: (a) => 1 - a * a,
  relu: (a) => (a > 0 ? 1 : 0),
};

// The model's weights as plain arrays: { units, coefs: [Float64Array], intercepts: [Float64Array] }.
export function weightsOf(model) {
  const coefs = model.coefs(), intercepts = model.intercepts();
  const layers = Object.keys(coefs).length;
  const units = [coefs[0].rows];
  for (let l = 0; l < layers; l++) units.push(coefs[l].cols);
  return { units, coefs: Array.from({ length: layers }, (_, l) => Float64Array.from(coefs[l].data)), intercepts: Array.from({ length: layers }, (_, l) => Float64Array.from(intercepts[l])) };
}

// Starting weights as weightsInit takes them ({ coefs: [fanIn x fanOut nested arrays], intercepts })
// in weightsOf's form.
export function weightsOfInit({ coefs, intercepts }) {
  return {
    units: [coefs[0].length, ...coefs.map((W) => W[0].length)],
    coefs: coefs.map((W) => Float64Array.from(W.flat())),
    intercepts: intercepts.map((b) => Float64Array.from(b)),
  };
}

// The values of every layer after the input for the n rows of X (row-major, units[0] columns):
// one array (n x units[l + 1], row-major) per layer, the output layer last. Each layer is one
// product over all rows with the weights transposed (each neuron's fan-in contiguous), then the
// activation over the whole layer: no allocation per row (the maps' grid has 10 000 rows).
export function forwardLayers(X, n, { units, coefs, intercepts }, activation, out, Out = Float64Array) {
  const layers = [];
  let input = X;
  for (let l = 0; l < coefs.length; l++) {
    const fanIn = units[l], fanOut = units[l + 1], W = coefs[l], b = intercepts[l];
    const last = l === coefs.length - 1;
    const transposed = new Float64Array(fanIn * fanOut);
    for (let a = 0; a < fanIn; a++) for (let j = 0; j < fanOut; j++) transposed[j * fanIn + a] = W[a * fanOut + j];
    const values = new Out(n * fanOut);
    for (let i = 0, row = 0, at = 0; i < n; i++, row += fanIn)
      for (let j = 0, w = 0; j < fanOut; j++, w += fanIn) {
        let z = b[j];
        for (let a = 0; a < fanIn; a++) z += input[row + a] * transposed[w + a];
        values[at++] = z;
      }
    if (last && out === 'softmax') for (let i = 0; i < n; i++) softmax(values.subarray(i * fanOut, (i + 1) * fanOut));
    else activate(last ? out : activation, values);
    layers.push(values);
    input = values;
  }
  return layers;
}

// z = f(z) in place, one loop per activation (a function call per value would cost more than the sums).
function activate(f, z) {
  const m = z.length;
  if (f === 'relu') for (let j = 0; j < m; j++) z[j] = z[j] > 0 ? z[j] : 0;
  else if (f === 'tanh') for (let j = 0; j < m; j++) z[j] = Math.tanh(z[j]);
  else if (f === 'logistic') for (let j = 0; j < m; j++) z[j] = 1 / (1 + Math.exp(-z[j]));
}

function softmax(z) {
  let top = -Infinity, sum = 0;
  for (let j = 0; j < z.length; j++) top = Math.max(top, z[j]);
  for (let j = 0; j < z.length; j++) sum += z[j] = Math.exp(z[j] - top);
  for (let j = 0; j < z.length; j++) z[j] /= sum;
}
