// sklearn.datasets: seeded generators (identical numbers in Node, browsers and the native build
// for the same randomState) and the embedded Iris data.
import { wasm } from './module.js';
import { fromNd } from './arrays.js';

// Checks an options object against the defaults' keys and fills the rest.
export function withDefaults(options, defaults, fname) {
  if (options === undefined) return { ...defaults };
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new Error(`${fname} options must be an object, got ${options === null ? 'null' : typeof options}`);
  const out = { ...defaults };
  for (const [key, value] of Object.entries(options)) {
    if (!(key in defaults)) throw new Error(`Unknown option '${key}' for ${fname}; valid options: ${Object.keys(defaults).join(', ')}`);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

// Integers that cross as doubles: checked here so 2.5 samples is an error, not a truncation.
function integer(value, name, min) {
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer at least ${min}, got ${value}`);
  return value;
}
function number(value, name) {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${name} must be a finite number, got ${value}`);
  return value;
}
function flag(value, name) {
  if (typeof value !== 'boolean') throw new Error(`${name} must be true or false, got ${value}`);
  return value;
}
export const seed = (value) => integer(value, 'randomState', 0);

const classified = ({ X, y }) => ({ X: fromNd(X), y: Int32Array.from(y) });

export function makeBlobs(options) {
  const o = withDefaults(options, { nSamples: 100, nFeatures: 2, centers: 3, clusterStd: 1.0, centerBox: [-10, 10], shuffle: true, randomState: 0 }, 'makeBlobs');
  if (Array.isArray(o.centers)) {
    const rows = o.centers.length, cols = rows ? o.centers[0].length : 0;
    const data = Float64Array.from(o.centers.flat());
    if (data.length !== rows * cols) throw new Error('centers must be a rectangular number[][]');
    return classified(wasm.makeBlobsAround(integer(o.nSamples, 'nSamples', 1), data, rows, cols, number(o.clusterStd, 'clusterStd'), flag(o.shuffle, 'shuffle'), seed(o.randomState)));
  }
  if (!Array.isArray(o.centerBox) || o.centerBox.length !== 2) throw new Error('centerBox must be [low, high]');
  return classified(wasm.makeBlobs(integer(o.nSamples, 'nSamples', 1), integer(o.nFeatures, 'nFeatures', 1), integer(o.centers, 'centers', 1),
    number(o.clusterStd, 'clusterStd'), number(o.centerBox[0], 'centerBox[0]'), number(o.centerBox[1], 'centerBox[1]'), flag(o.shuffle, 'shuffle'), seed(o.randomState)));
}

export function makeMoons(options) {
  const o = withDefaults(options, { nSamples: 100, noise: 0, shuffle: true, randomState: 0 }, 'makeMoons');
  return classified(wasm.makeMoons(integer(o.nSamples, 'nSamples', 1), number(o.noise, 'noise'), flag(o.shuffle, 'shuffle'), seed(o.randomState)));
}

export function makeCircles(options) {
  const o = withDefaults(options, { nSamples: 100, noise: 0, factor: 0.8, shuffle: true, randomState: 0 }, 'makeCircles');
  return classified(wasm.makeCircles(integer(o.nSamples, 'nSamples', 1), number(o.noise, 'noise'), number(o.factor, 'factor'), flag(o.shuffle, 'shuffle'), seed(o.randomState)));
}

export function makeClassification(options) {
  const o = withDefaults(options, { nSamples: 100, nFeatures: 20, nInformative: 2, nRedundant: 2, nRepeated: 0, nClasses: 2, nClustersPerClass: 2, classSep: 1.0, flipY: 0.01, shuffle: true, randomState: 0 }, 'makeClassification');
  return classified(wasm.makeClassification(integer(o.nSamples, 'nSamples', 1), integer(o.nFeatures, 'nFeatures', 1), integer(o.nInformative, 'nInformative', 0),
    integer(o.nRedundant, 'nRedundant', 0), integer(o.nClasses, 'nClasses', 1), integer(o.nClustersPerClass, 'nClustersPerClass', 1),
    number(o.classSep, 'classSep'), number(o.flipY, 'flipY'), flag(o.shuffle, 'shuffle'), seed(o.randomState), integer(o.nRepeated, 'nRepeated', 0)));
}

// { X, y, coef }: y = X·coef + bias + noise.
export function makeRegression(options) {
  const o = withDefaults(options, { nSamples: 100, nFeatures: 100, nInformative: 10, noise: 0, bias: 0, shuffle: true, randomState: 0 }, 'makeRegression');
  const d = wasm.makeRegression(integer(o.nSamples, 'nSamples', 1), integer(o.nFeatures, 'nFeatures', 1), integer(o.nInformative, 'nInformative', 0),
    number(o.noise, 'noise'), number(o.bias, 'bias'), flag(o.shuffle, 'shuffle'), seed(o.randomState));
  return { X: fromNd(d.X), y: d.y, coef: d.coef };
}

// Fisher's Iris: { X (150 x 4), y (0 setosa, 1 versicolor, 2 virginica), featureNames, targetNames }.
export function loadIris() {
  const d = wasm.loadIris();
  return { X: fromNd(d.X), y: Int32Array.from(d.y), featureNames: d.featureNames, targetNames: d.targetNames };
}
