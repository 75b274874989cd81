// The module functions users see (metrics, datasets, losses, linearModel, modelSelection). Each is
// made from the metadata the WASM module exports (one declaration per function in the C++ core, read
// by one generic binder), so adding a function needs no code here: the arguments are normalised by
// their declared kind, the options validated by the core against the declaration, and the results
// shaped by their declared kind. generate.mjs writes the named exports from the same metadata.
import { wasm } from './module.js';
import { reportWarnings } from './config.js';
import { DenseMatrix, toMatrix, toTargets, encodeLabels, labelKind, codesFor, fromNd, describe } from './arrays.js';

const metadata = JSON.parse(wasm.functions());
const byName = new Map(metadata.map((m) => [m.name, m]));
// The functions that take a multilabel indicator matrix, named in the error of those that do not.
const takingIndicators = metadata.filter((m) => m.arrays.some((a) => a.kind === 'labelsOrIndicator')).map((m) => m.name);

const isTyped = (a) => ArrayBuffer.isView(a) && !(a instanceof DataView);
const isArrayLike = (v) => Array.isArray(v) || isTyped(v);
const capitalised = (s) => s[0].toUpperCase() + s.slice(1);
const empty = new Float64Array(0);

// The JS function for one declared function, named as in its declaration.
export function defineFunction(name) {
  const meta = byName.get(name);
  if (!meta) throw new Error(`wasmlearn has no function ${name}`);
  const fn = { [name]: (...args) => call(meta, args) }[name];
  Object.defineProperty(fn, 'metadata', { value: meta });
  return fn;
}

// Every function with its arrays, options (type, default, allowed values, doc) and results.
export function functions() {
  return structuredClone(metadata);
}

function call(meta, args) {
  const [values, options] = splitArguments(meta, args);
  const arrays = meta.arrays.map((a, i) => normalise(meta, a, values[i]));
  const classes = encodeLabelArguments(meta, arrays, options);
  checkCounts(arrays);
  for (const a of arrays)
    if (a.decl.kind === 'vector' && a.cols > 1) throw new Error(`${a.decl.name} must be one-dimensional, got ${a.cols} columns`);
  const wire = arrays.map(({ decl, data, rows, cols }) => ({ name: decl.name, data, rows, cols }));
  // With an indicator matrix, label options are plain numbers (label columns are not classes).
  const plainLabels = arrays.some((a) => a.indicator);
  const raw = wasm.callFunction(meta.name, wire, JSON.stringify(checkOptions(meta, options, classes, plainLabels)), (classes ?? []).map(String));
  reportWarnings(raw.warnings.map((w) => ({ ...w, message: `${meta.name}: ${w.message}` })));
  return shapeResults(meta, raw.results, arrays);
}

// The arrays in declared order (an optional one left out is undefined; an object in its place is
// already the options), then the options: an object, or positional values for `positional` functions.
function splitArguments(meta, args) {
  const values = [];
  let next = 0;
  for (const a of meta.arrays) {
    const v = args[next];
    if (a.optional && !isArrayLike(v)) {
      values.push(undefined);
      if (v === undefined || v === null) next++;
      continue;
    }
    values.push(v);
    next++;
  }
  const optionCount = meta.positional ? meta.params.length : Math.min(meta.params.length, 1);
  const extra = args.slice(next + optionCount);
  if (extra.some((v) => v !== undefined))
    throw new Error(`${meta.name} takes ${next + optionCount} argument${next + optionCount === 1 ? '' : 's'}, got ${args.length}`);
  if (!meta.positional) return [values, args[next]];
  const options = {};
  meta.params.forEach((p, k) => {
    if (args[next + k] !== undefined) options[p.name] = args[next + k];
  });
  return [values, options];
}

// Rows of arrays ({ data, rows, cols } or number[][]) where labels are expected: a multilabel indicator.
const isIndicator = (v) => (v instanceof Object && !isArrayLike(v) && 'data' in v && 'rows' in v) || (Array.isArray(v) && v.length > 0 && isArrayLike(v[0]));

// One array argument by its declared kind -> { decl, data, rows, cols, count, ... } for the core.
function normalise(meta, decl, v) {
  const { name } = decl;
  if (v === undefined) return { decl, data: empty, rows: 0, cols: 0, count: undefined };
  if (decl.kind === 'labels' && isIndicator(v))
    throw new Error(`${name}: ${meta.name} takes one label per sample, not a multilabel indicator matrix (taken by ${takingIndicators.join(', ')})`);
  if (decl.kind === 'labelsOrIndicator') {
    if (!isIndicator(v)) return normalise(meta, { ...decl, kind: 'labels' }, v);
    const m = toMatrix(v, name);
    // One column is one label per sample, as scikit-learn's column vector.
    if (m.cols === 1) return normalise(meta, { ...decl, kind: 'labels' }, Array.from(m.data));
    const bad = m.data.findIndex((x) => x !== 0 && x !== 1);
    if (bad >= 0)
      throw new Error(`${name} as a matrix must be a multilabel indicator of 0 and 1, got ${m.data[bad]} at row ${Math.floor(bad / m.cols)}, column ${bad % m.cols}`);
    return { decl, ...m, count: m.rows, indicator: true };
  }
  switch (decl.kind) {
    case 'matrix': {
      const m = toMatrix(v, name);
      return { decl, ...m, count: m.rows };
    }
    case 'vector':
    case 'targets': {
      const t = toTargets(v, v?.length ?? v?.rows, name);
      return { decl, data: t.data, rows: t.rows, cols: t.cols, count: t.rows };
    }
    case 'labels':
      if (!isArrayLike(v)) throw new Error(`${name} must be an array of labels (numbers or strings), got ${describe(v)}`);
      return { decl, labels: v, kind: labelKind(v, name), rows: v.length, cols: 1, count: v.length };
    case 'values': {
      if (typeof v === 'number') return { decl, data: Float64Array.of(v), rows: 1, cols: 1, scalar: true };
      const t = isArrayLike(v) ? toTargets(v, v.length, name) : null;
      if (!t || t.cols !== 1) throw new Error(`${name} must be a number or an array of numbers, got ${describe(v)}`);
      return { decl, data: t.data, rows: t.rows, cols: 1 };
    }
    case 'coefs': {
      if (!isArrayLike(v) && (v === null || typeof v !== 'object'))
        throw new Error(`${name} must be an array of numbers or a matrix, got ${describe(v)}`);
      const vector = isTyped(v) || (Array.isArray(v) && (v.length === 0 || typeof v[0] === 'number'));
      if (!vector) return { decl, ...toMatrix(v, name) };
      const t = toTargets(v, v.length, name);
      return { decl, data: t.data, rows: 1, cols: t.rows, scalar: true };
    }
    case 'rows': {
      const m = toMatrix(v, name);
      return { decl, source: v, matrix: m, data: empty, rows: m.rows, cols: 0, count: m.rows };
    }
    case 'entries':
      if (!isArrayLike(v)) throw new Error(`${name} must be an array or a typed array, got ${describe(v)}`);
      return { decl, source: v, data: empty, rows: v.length, cols: 0, count: v.length };
    default:
      throw new Error(`${name}: array kind ${decl.kind} is not known to this JS layer`);
  }
}

// All label arguments of a call (yTrue, yPred) are coded with one set of classes, sorted as
// scikit-learn's unique_labels; labels named only by a label option (labels, posLabel, with its
// declared default) follow, in the order given. Returns the classes (undefined without label arguments).
function encodeLabelArguments(meta, arrays, options) {
  const labelled = arrays.filter((a) => a.labels);
  if (labelled.length === 0) return undefined;
  const kinds = labelled.filter((a) => a.labels.length > 0).map((a) => a.kind);
  if (new Set(kinds).size > 1) throw new Error(`${labelled.map((a) => a.decl.name).join(' and ')} hold different kinds of labels`);
  const seen = new Set();
  for (const a of labelled) for (const label of a.labels) seen.add(label);
  const classes = [...seen].sort(kinds[0] === 'string' ? undefined : (a, b) => a - b);
  for (const a of labelled) a.data = codesFor(a.labels, classes, a.decl.name);
  for (const p of meta.params.filter((q) => q.labels))
    for (const label of asList(optionValue(p, options))) if (!classes.includes(label)) classes.push(label);
  return classes;
}

// A label option's value as given, else its declared default; as a list of labels.
const optionValue = (p, options) => (options?.[p.name] !== undefined ? options[p.name] : p.default);
const asList = (v) => (v === null || v === undefined ? [] : isArrayLike(v) ? Array.from(v) : [v]);

// Every argument that has one entry per sample has as many as the first array argument.
// One entry per row of the first array; a later matrix (metrics.pairwise's Y) has rows of its own.
function checkCounts(arrays) {
  const [first, ...rest] = arrays.filter((a, i) => a.count !== undefined && (i === 0 || a.decl.kind !== 'matrix'));
  for (const a of rest)
    if (a.count !== first.count) {
      const unit = first.decl.kind === 'matrix' || first.decl.kind === 'rows' ? 'rows' : 'entries';
      throw new Error(`${a.decl.name} has ${a.count} entries but ${first.decl.name} has ${first.count} ${unit}`);
    }
}

// Options as the core reads them: undefined entries dropped, typed arrays as plain arrays, labels
// (declared `labels`) as class codes: of the call's classes when it has label arguments (a label
// option left out sends its declared default), else of the option's own classes (stratify); the core
// checks names, types and ranges.
function checkOptions(meta, options, classes, plainLabels) {
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options)))
    throw new Error(`${meta.name} options must be an object, got ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}`);
  const declared = new Map(meta.params.map((p) => [p.name, p]));
  const clean = {};
  for (const [key, value] of Object.entries(options ?? {})) {
    if (value === undefined) continue;
    // JSON would turn NaN/Infinity into null; say what was wrong instead.
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`${key} must be a finite number, got ${value}`);
    clean[key] = declared.get(key)?.labels && value !== null && !classes && !plainLabels ? Array.from(encodeLabels(value, key).codes) : plain(value);
  }
  if (classes)
    for (const p of meta.params.filter((q) => q.labels)) {
      const value = optionValue(p, options);
      if (value === null || value === undefined) continue;
      if (Array.isArray(value) || isTyped(value)) {
        labelKind(value, p.name);
        clean[p.name] = Array.from(value, (label) => classes.indexOf(label));
      } else clean[p.name] = classes.indexOf(value);
    }
  return clean;
}

const plain = (v) => (isTyped(v) ? Array.from(v) : Array.isArray(v) ? v.map(plain) : v);

function shapeResults(meta, raw, arrays) {
  const out = {};
  for (const r of meta.results) {
    if (r.kind === 'indices') continue;
    const v = raw[r.name];
    if (r.kind === 'number') out[r.name] = v.data[0];
    else if (r.kind === 'vector') out[r.name] = v.data;
    else if (r.kind === 'intVector') out[r.name] = Int32Array.from(v.data);
    else if (r.kind === 'matrix') out[r.name] = fromNd(v);
    else if (r.kind === 'array') out[r.name] = v === undefined ? null : fromNd(v);
    else if (r.kind === 'json') out[r.name] = JSON.parse(v[0]);
    else out[r.name] = v;
  }
  // Rows of each rows/entries argument at each indices result: X and "train" give XTrain.
  for (const a of arrays)
    if (a.source !== undefined)
      for (const r of meta.results.filter((x) => x.kind === 'indices'))
        out[a.decl.name + capitalised(r.name)] = take(a, raw[r.name].data);
  if (!('' in out)) return out;
  // The one value; a number (a single vector of coefficients) in gives a number out.
  return arrays.some((a) => a.scalar) ? out[''][0] : out[''];
}

// The rows of an argument at `indices`, in the form it was given in.
function take({ source, matrix }, indices) {
  if (Array.isArray(source)) return Array.from(indices, (i) => source[i]);
  if (isTyped(source)) return source.constructor.from(indices, (i) => source[i]);
  return new DenseMatrix(matrix.data, matrix.rows, matrix.cols).take(indices);
}
