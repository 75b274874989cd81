// sklearn.model_selection.train_test_split. The core computes the indices (seeded, optionally
// stratified); rows are taken here so X and y keep the form they were given in.
import { wasm } from './module.js';
import { toMatrix, encodeLabels, DenseMatrix } from './arrays.js';
import { withDefaults, seed } from './datasets.js';

// testSize / trainSize: an integer >= 1 is a count of samples, anything else a fraction
// (JavaScript cannot tell 1 from 1.0, so 1 means one sample).
function size(value, name) {
  if (value === null || value === undefined) return [NaN, false];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${name} must be a number or null, got ${value}`);
  return [value, Number.isInteger(value) && value >= 1];
}

function takeRows(X, matrix, indices) {
  if (Array.isArray(X)) return Array.from(indices, (i) => X[i]);
  const { data, cols } = matrix;
  const out = new data.constructor(indices.length * cols);
  indices.forEach((i, r) => out.set(data.subarray(i * cols, (i + 1) * cols), r * cols));
  return new DenseMatrix(out, indices.length, cols);
}

function takeEntries(y, indices) {
  return Array.isArray(y) ? Array.from(indices, (i) => y[i]) : y.constructor.from(indices, (i) => y[i]);
}

// Returns { XTrain, XTest, yTrain, yTest } (y parts only when y is given).
export function trainTestSplit(X, y, options) {
  if (options === undefined && y !== undefined && !Array.isArray(y) && !ArrayBuffer.isView(y)) [y, options] = [undefined, y];
  const o = withDefaults(options, { testSize: null, trainSize: null, shuffle: true, stratify: null, randomState: 0 }, 'trainTestSplit');
  const matrix = toMatrix(X);
  if (y !== undefined && y !== null && y.length !== matrix.rows) throw new Error(`y has ${y.length} entries but X has ${matrix.rows} rows`);
  let strata = new Int32Array(0);
  if (o.stratify !== null) {
    if (o.stratify.length !== matrix.rows) throw new Error(`stratify has ${o.stratify.length} entries but X has ${matrix.rows} rows`);
    strata = Int32Array.from(encodeLabels(o.stratify, 'stratify').codes);
  }
  const [testSize, testIsCount] = size(o.testSize, 'testSize');
  const [trainSize, trainIsCount] = size(o.trainSize, 'trainSize');
  const { train, test } = wasm.trainTestSplitIndices(matrix.rows, testSize, testIsCount, trainSize, trainIsCount, o.shuffle === true, strata, seed(o.randomState));
  const out = { XTrain: takeRows(X, matrix, train), XTest: takeRows(X, matrix, test) };
  if (y !== undefined && y !== null) Object.assign(out, { yTrain: takeEntries(y, train), yTest: takeEntries(y, test) });
  return out;
}
