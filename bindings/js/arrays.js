// Normalising what callers pass (number[][], typed arrays, { data, rows, cols }, labels) into the
// flat row-major buffers the WASM module copies once, and wrapping what comes back.

// A row-major matrix result. `data` is a fresh JS-owned typed array (never a view of WASM memory).
export class DenseMatrix {
  constructor(data, rows, cols) {
    this.data = data;
    this.rows = rows;
    this.cols = cols;
  }
  get(i, j) {
    return this.data[i * this.cols + j];
  }
  toArray() {
    const out = new Array(this.rows);
    for (let i = 0; i < this.rows; i++) out[i] = Array.from(this.data.subarray(i * this.cols, (i + 1) * this.cols));
    return out;
  }
  // The rows at `indices`, in that order (numpy's take along axis 0): e.g. one fold of a split.
  take(indices) {
    const rows = checkIndices(indices, this.rows, 'row');
    const out = new this.data.constructor(rows.length * this.cols);
    rows.forEach((i, r) => out.set(this.data.subarray(i * this.cols, (i + 1) * this.cols), r * this.cols));
    return new DenseMatrix(out, rows.length, this.cols);
  }
  // Column j as a typed array of the matrix's type.
  column(j) {
    const [col] = checkIndices([j], this.cols, 'column');
    return this.data.constructor.from({ length: this.rows }, (_, i) => this.data[i * this.cols + col]);
  }
  // The columns at `indices`, in that order.
  columns(indices) {
    const cols = checkIndices(indices, this.cols, 'column');
    const out = new this.data.constructor(this.rows * cols.length);
    for (let i = 0; i < this.rows; i++) cols.forEach((j, c) => (out[i * cols.length + c] = this.data[i * this.cols + j]));
    return new DenseMatrix(out, this.rows, cols.length);
  }
  // Rows start .. end - 1, as Array.prototype.slice counts them (negative from the end, end left out: to the last).
  slice(start = 0, end = this.rows) {
    for (const [name, v] of [['start', start], ['end', end]])
      if (!Number.isInteger(v)) throw new Error(`slice ${name} must be an integer, got ${describe(v)}`);
    const from = start < 0 ? Math.max(0, this.rows + start) : Math.min(start, this.rows);
    const to = end < 0 ? Math.max(0, this.rows + end) : Math.min(end, this.rows);
    const count = Math.max(0, to - from);
    return new DenseMatrix(this.data.slice(from * this.cols, (from + count) * this.cols), count, this.cols);
  }
}

// Indices as an array of integers in [0, size), or an Error naming the bad one.
function checkIndices(indices, size, what) {
  if (!Array.isArray(indices) && !isTyped(indices)) throw new Error(`${what} indices must be an array of integers, got ${describe(indices)}`);
  const out = Array.from(indices);
  out.forEach((i, k) => {
    if (!Number.isInteger(i) || i < 0 || i >= size)
      throw new Error(`${what} index ${describe(i)} (at ${k}) is out of range: the matrix has ${size} ${what}s`);
  });
  return out;
}

const isTyped = (a) => ArrayBuffer.isView(a) && !(a instanceof DataView);
// A value as an error shows it; strings quoted, so that CSV text ("1") is told from the number 1.
export const describe = (v) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`;

// The JS side of the core's integer check (base/validation.hpp integer_argument), for integers that
// embind converts to a 32-bit int: whole, at least `min` and at most 2 ** 31 - 1, checked before the
// call (embind would wrap 2 ** 32 + 1 to 1 silently); the message shows the number as given.
const INT32_MAX = 2147483647;
export function checkedInt32(value, name, min = 0) {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`${name} must be an integer, got ${describe(value).replace(/^number /, '')}`);
  if (value < min) throw new Error(`${name} must be at least ${min}, got ${value}`);
  if (value > INT32_MAX) throw new Error(`${name} must be in [${min}, ${INT32_MAX}], got ${value}`);
  return value;
}

// X as { data: Float64Array | Float32Array, rows, cols }: typed data is passed through as it is
// (the WASM copy converts Float32 to Float64), nested arrays are packed once.
export function toMatrix(X, name = 'X') {
  if (X && !Array.isArray(X) && !isTyped(X) && typeof X === 'object' && 'data' in X) {
    const { rows, cols } = X;
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0)
      throw new Error(`${name}.rows and ${name}.cols must be non-negative integers, got ${rows} and ${cols}`);
    checkedInt32(rows, `${name}.rows`);
    checkedInt32(cols, `${name}.cols`);
    let data = X.data;
    if (Array.isArray(data)) data = packNumbers(data, name);
    else if (!(data instanceof Float64Array || data instanceof Float32Array))
      throw new Error(`${name}.data must be a Float64Array, a Float32Array or a number[], got ${describe(data)}`);
    if (data.length !== rows * cols)
      throw new Error(`${name}.data has ${data.length} values but rows*cols = ${rows * cols}`);
    return { data, rows, cols };
  }
  if (!Array.isArray(X))
    throw new Error(`${name} must be a 2-D array (number[][]) or { data, rows, cols }, got ${isTyped(X) ? 'a 1-D typed array' : describe(X)}`);
  const rows = X.length;
  if (rows === 0) return { data: new Float64Array(0), rows: 0, cols: 0 };
  const first = X[0];
  if (!Array.isArray(first) && !isTyped(first))
    throw new Error(`${name} must be 2-D (an array of rows), but ${name}[0] is ${describe(first)}; write one feature as [[x0], [x1], ...]`);
  const cols = first.length;
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    const row = X[i];
    if (!Array.isArray(row) && !isTyped(row)) throw new Error(`${name}[${i}] must be an array (a row), got ${describe(row)}`);
    if (row.length !== cols)
      throw new Error(`${name} is ragged: row ${i} has ${row.length} values but row 0 has ${cols}`);
    for (let j = 0; j < cols; j++) {
      const v = row[j];
      if (typeof v !== 'number') throw new Error(`${name}[${i}][${j}] must be a number, got ${describe(v)}`);
      data[i * cols + j] = v;
    }
  }
  return { data, rows, cols };
}

function packNumbers(values, name) {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== 'number') throw new Error(`${name}[${i}] must be a number, got ${describe(values[i])}`);
    out[i] = values[i];
  }
  return out;
}

// Regression targets: a 1-D y (number[] or typed array) or a 2-D one (multi-output).
export function toTargets(y, rows, name = 'y') {
  if (y == null) throw new Error(`${name} is required`);
  const vector = isTyped(y) || (Array.isArray(y) && (y.length === 0 || !(Array.isArray(y[0]) || isTyped(y[0]))));
  const m = vector
    ? { data: isTyped(y) ? y : packNumbers(y, name), rows: y.length, cols: 1 }
    : toMatrix(y, name);
  if (m.rows !== rows) throw new Error(`${name} has ${m.rows} entries but X has ${rows} rows`);
  return { ...m, isVector: vector };
}

// Per-sample weights: typed data passed through as it is, a number[] packed; the core checks the
// length and the values.
export function toWeights(w, name = 'sampleWeight') {
  if (w instanceof Float64Array || w instanceof Float32Array) return w;
  if (Array.isArray(w)) return packNumbers(w, name);
  throw new Error(`${name} must be a number[], a Float64Array or a Float32Array, got ${isTyped(w) ? `a ${w.constructor.name}` : describe(w)}`);
}

// Class labels (numbers or strings) -> codes 0..k-1 in sorted label order, as scikit-learn's classes_.
export function encodeLabels(y, name = 'y') {
  if (!Array.isArray(y) && !isTyped(y)) throw new Error(`${name} must be an array of labels (numbers or strings), got ${describe(y)}`);
  const kind = labelKind(y, name);
  const classes = [...new Set(y)].sort(kind === 'number' ? (a, b) => a - b : undefined);
  return { classes: kind === 'number' ? Float64Array.from(classes) : classes, kind, codes: codesFor(y, classes, name) };
}

export function labelKind(y, name = 'y') {
  if (y.length === 0) return 'number';
  const kind = typeof y[0];
  if (kind !== 'number' && kind !== 'string') throw new Error(`${name} labels must be numbers or strings, got ${describe(y[0])} at index 0`);
  for (let i = 0; i < y.length; i++) {
    if (typeof y[i] !== kind) throw new Error(`${name} mixes ${kind}s and ${typeof y[i]}s (index ${i}); use one kind of label`);
    if (kind === 'number' && !Number.isFinite(y[i])) throw new Error(`${name} contains ${y[i]} at index ${i}`);
  }
  return kind;
}

// Codes of y's labels in `classes`; a label that is not a class gets code k (never predicted).
export function codesFor(y, classes, name = 'y') {
  const index = new Map(Array.from(classes, (c, i) => [c, i]));
  const codes = new Float64Array(y.length);
  for (let i = 0; i < y.length; i++) {
    const code = index.get(y[i]);
    if (code === undefined && typeof y[i] !== typeof classes[0] && classes.length > 0)
      throw new Error(`${name} has ${typeof y[i]} labels but the model was fitted with ${typeof classes[0]} labels`);
    codes[i] = code ?? classes.length;
  }
  return codes;
}

// A code past the classes (a model whose saved labels do not match its state) is an Error, never an
// undefined or NaN label.
export function decodeLabels(codes, classes) {
  for (const c of codes)
    if (!(c < classes.length)) throw new Error(`the model predicted class ${c} but its labels name ${classes.length} classes (labels.classes does not match the fitted state)`);
  if (classes instanceof Float64Array) return Float64Array.from(codes, (c) => classes[c]);
  return Array.from(codes, (c) => classes[c]);
}

// {data, shape} from the WASM module -> a number, a Float64Array or a DenseMatrix.
export function fromNd({ data, shape }) {
  if (shape.length === 0) return data[0];
  if (shape.length === 1) return data;
  return new DenseMatrix(data, shape[0], shape[1]);
}
