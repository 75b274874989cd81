// The network view's costs in Node on the WASM package (issue 15 item 3's playground figures):
// a 2-8-8-1 network (two classes: one logistic output; also 2-8-8-3) on 500 XOR points, ms per
// epoch continued (continueFit, what a played step costs) against a refit of k epochs (the old
// step), and every neuron's 100 x 100 map: the library's layerActivations over the grid (in double
// precision, and in float32 into a kept array: what the view's worker calls) against the forward pass written in JavaScript (network_forward.js), and the
// colour mapping of every map into an ImageData (network_view.js paintMap).
// Prints medians (and the maps' mean CPU time); run `node tests/bench/network_view.mjs` (not a test: timings are never asserted).
import * as wl from 'wasmlearn';
import { networkData, featureRows, gridOf } from '../../web/src/network_data.js';
import { forwardLayers, weightsOf, outActivations } from '../../web/src/network_forward.js';
import { paintMap } from '../../web/src/network_view.js';

wl.setConfig({ warnings: 'ignore' });
const median = (v) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)];

for (const [preset, nClasses] of [['xor', 2], ['blobs', 3]]) {
  const data = networkData(wl, { preset, nSamples: 500, noise: null, seed: 0, testSize: 0, nClasses, features: ['x1', 'x2'] });
  const params = { hiddenLayerSizes: [8, 8], activation: 'tanh', learningRateInit: 0.03, maxIter: 1, nIterNoChange: 'Infinity' };
  const model = new wl.MLPClassifier(params).fit(data.train.X, data.train.y);
  const epochMs = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    model.continueFit(data.train.X, data.train.y);
    epochMs.push(performance.now() - t);
  }
  const refit = new wl.MLPClassifier({ ...params, maxIter: 300 });
  let t = performance.now();
  refit.fit(data.train.X, data.train.y);
  const refitMs = performance.now() - t;
  const grid = featureRows(gridOf(data.domain, 100), 10000, ['x1', 'x2']);
  const weights = weightsOf(model);
  const timed = (f) => {
    const ms = [];
    const cpu = process.cpuUsage(); // the CPU time of the 50 runs: steadier than wall time on a loaded machine
    for (let i = 0; i < 50; i++) {
      t = performance.now();
      f();
      ms.push(performance.now() - t);
    }
    const { user, system } = process.cpuUsage(cpu);
    return { median: +median(ms).toFixed(3), cpu: +((user + system) / 1000 / 50).toFixed(3) };
  };
  const library = timed(() => model.layerActivations(grid));
  // What the worker calls: float32, into the buffer of a drawn picture.
  const into = new Float32Array(10000 * weights.units.slice(1).reduce((a, b) => a + b));
  const float32 = timed(() => model.layerActivations(grid, { dtype: 'float32', out: into }));
  const javascript = timed(() => forwardLayers(grid.data, 10000, weights, 'tanh', outActivations[model.outActivation]));
  const values = model.layerActivations(grid), units = weights.units.slice(1);
  const image = { data: new Uint8ClampedArray(4 * 10000) }; // paintMap reads only the pixels
  const paint = timed(() => {
    for (let l = 0, at = 0; l < units.length; at += 10000 * units[l], l++)
      for (let j = 0; j < units[l]; j++) paintMap(values, at + j, units[l], 100, image, l === units.length - 1 ? 1 : null);
  });
  const predictMs = [];
  for (let i = 0; i < 50; i++) {
    t = performance.now();
    model.predictProba(grid);
    predictMs.push(performance.now() - t);
  }
  console.log(JSON.stringify({
    network: weights.units.join('-'), rows: data.train.y.length,
    epochMsMedian: +median(epochMs).toFixed(4), epochMsMean: +(epochMs.reduce((a, b) => a + b) / epochMs.length).toFixed(4),
    refit300EpochsMs: +refitMs.toFixed(2), refitAtStep300Vs1EpochStep: +(refitMs / median(epochMs)).toFixed(0),
    everyNeuronMap100x100LayerActivationsMs: library.median, layerActivationsCpuMs: library.cpu,
    float32IntoOutMs: float32.median, float32IntoOutCpuMs: float32.cpu,
    everyNeuronMap100x100JavaScriptMs: javascript.median, javascriptCpuMs: javascript.cpu,
    paintEveryMapMs: paint.median, paintCpuMs: paint.cpu, libraryPredictProbaGrid100x100Ms: +median(predictMs).toFixed(3),
  }));
  model.dispose();
  refit.dispose();
}
