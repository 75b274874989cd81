// The estimator classes users see. Each is made from the metadata the WASM module exports (one
// declaration per estimator in the C++ core), so adding an estimator needs no code here. The
// raw embind handle stays private: the JS object owns it, frees it on dispose(), and a
// FinalizationRegistry frees it if the object is garbage-collected first.
import { wasm } from './module.js';
import { callInWorkers, fitInWorker, pooledMethods } from './pool.js';
import { checkWarningAction, reportWarnings, warningAction } from './config.js';
import { DenseMatrix, toMatrix, toTargets, toWeights, encodeLabels, codesFor, decodeLabels, labelKind, fromNd, describe, checkedInt32 } from './arrays.js';

export const metadata = JSON.parse(wasm.estimators());
// The standard methods (predict, transform, score, ...), each with its arguments' form and its
// result's kind: the table in core/include/wasmlearn/base/standard_methods.hpp.
export const standardMethods = JSON.parse(wasm.standardMethods());
const byName = new Map(metadata.map((m) => [m.name, m]));
const disposeSymbol = Symbol.dispose ?? Symbol.for('Symbol.dispose');
const finalizer = new FinalizationRegistry((raw) => raw.delete());

// Options that take Infinity (scikit-learn's np.inf, e.g. nIterNoChange) declare the choice
// 'Infinity': the number crosses JSON as that string and comes back from getParams as the number.
const takesInfinity = (p) => Boolean(p && [p, ...(p.oneOf ?? [])].some((form) => form.values?.includes('Infinity')));

function checkOptions(options, meta) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new Error(`${meta.name} options must be an object like { ${meta.params[0]?.name ?? ''}: … }, got ${options === null ? 'null' : typeof options}`);
  const clean = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (value === Infinity && takesInfinity(meta.params.find((p) => p.name === key))) {
      clean[key] = 'Infinity';
      continue;
    }
    // JSON would turn NaN/Infinity into null; say what was wrong instead.
    if (typeof value === 'number' && !Number.isFinite(value)) {
      const kind = meta.params.find((p) => p.name === key)?.type;
      throw new Error(kind === 'boolean' ? `${key} must be true or false, got ${value}` : `${key} must be a finite number, got ${value}`);
    }
    clean[key] = value;
  }
  return clean;
}

// fit's options: `warnings` (every estimator: this fit's warnings action, see config.js) and those the
// metadata's fitOptions lists (an undefined value counts as absent).
function checkFitOptions(options, meta) {
  if (options == null) return {};
  if (typeof options !== 'object' || Array.isArray(options))
    throw new Error(`${meta.name}.fit options must be an object, got ${Array.isArray(options) ? 'an array' : typeof options}`);
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || meta.fitOptions.includes(key)) continue;
    if (key === 'warnings') {
      checkWarningAction(value);
      continue;
    }
    if (key === 'sampleWeight' || key === 'onProgress') throw new Error(`${meta.name}.fit does not take ${key}`);
    throw new Error(`Unknown fit option '${key}' for ${meta.name}; valid fit options: ${[...meta.fitOptions, 'warnings'].join(', ')}`);
  }
  return options;
}

// scikit-learn's positional form of a meta-estimator: new OneVsRestClassifier(new SVC()) is
// { estimator: new SVC() }, and (estimator, { options }) adds the options; any other second argument
// is an Error, never ignored.
function positionalMember(options, more, meta) {
  if (!(options instanceof Estimator)) {
    if (more !== undefined) throw new Error(`${meta.name} takes one options object; a second argument is taken only after an estimator instance`);
    return options;
  }
  if (!meta.params.some((p) => p.name === 'estimator'))
    throw new Error(`${meta.name} takes an options object, not an estimator (it has no estimator option)`);
  if (more === undefined) return { estimator: options };
  if (more === null || typeof more !== 'object' || Array.isArray(more) || more instanceof Estimator)
    throw new Error(`${meta.name}(estimator, options): options must be an object, got ${more === null ? 'null' : Array.isArray(more) ? 'an array' : typeof more}`);
  if ('estimator' in more) throw new Error(`${meta.name}(estimator, options): the estimator is given twice`);
  return { estimator: options, ...more };
}

// An estimator instance given for an option named `estimator` becomes what crosses into the core:
// its class name and its getParams() as estimatorOptions (the core checks that the kind fits).
function memberOptions(options, meta) {
  const member = options.estimator;
  if (member === null || typeof member !== 'object' || !meta.params.some((p) => p.name === 'estimator')) return options;
  if (!(member instanceof Estimator))
    throw new Error(`${meta.name}: estimator must be the name or an instance of a wasmlearn estimator class (a Pipeline or a search cannot be a member: the core builds members by name)`);
  if (options.estimatorOptions !== undefined)
    throw new Error(`${meta.name}: give the estimator as an instance or as a name with estimatorOptions, not both`);
  return { ...options, estimator: member.constructor.metadata.name, estimatorOptions: member.getParams() };
}

// Options declared perClass (e.g. classWeight) also take an object keyed by label ({ cat: 2, dog: 1 }).
// The core knows class codes only, so such an object stays here and becomes the array in class order
// once fit has seen y's labels; the others pass through. Returns [options for the core, the objects].
function splitPerClass(options, meta) {
  const byLabel = {};
  const rest = { ...options };
  for (const p of meta.params) {
    const v = options[p.name];
    if (!p.perClass || v === null || typeof v !== 'object' || Array.isArray(v) || ArrayBuffer.isView(v)) continue;
    for (const [label, x] of Object.entries(v))
      if (typeof x !== 'number' || !Number.isFinite(x) || x < 0)
        throw new Error(`${p.name} must be a number at least 0 for each label, got ${JSON.stringify(x) ?? String(x)} for label ${JSON.stringify(label)}`);
    byLabel[p.name] = { ...v };
    rest[p.name] = null;
  }
  return [rest, byLabel];
}

// One value per class, in the order of `classes`, from a label-keyed object; classes it does not
// name get 1 (scikit-learn's rule for class_weight dicts).
function perClassArray(name, byLabel, classes) {
  const index = new Map(Array.from(classes, (c, i) => [String(c), i]));
  const out = new Array(classes.length).fill(1);
  for (const [label, value] of Object.entries(byLabel)) {
    const i = index.get(label);
    if (i === undefined)
      throw new Error(`${name} names the label ${JSON.stringify(label)}, which is not a class of y (classes: ${Array.from(classes, (c) => JSON.stringify(c)).join(', ')})`);
    out[i] = value;
  }
  return out;
}

export class Estimator {
  #raw;
  #labels = null; // classifiers: { kind, classes }
  #name;
  #byLabel = {}; // perClass options given as { label: value } objects (see splitPerClass)
  #warningsSeen = '[]'; // the warnings last reported, as the core's JSON text

  constructor(options, more) {
    const meta = this.constructor.metadata;
    if (!meta) throw new Error('Estimator is abstract: use one of the estimator classes');
    this.#name = meta.name;
    if (options instanceof Restored) {
      this.#raw = options.raw;
      this.#labels = options.labels;
      this.#byLabel = options.byLabel;
      this.#warningsSeen = this.#raw.warnings(); // the saved fit's, reported when it ran
    } else {
      const [core, byLabel] = splitPerClass(memberOptions(checkOptions(positionalMember(options, more, meta), meta), meta), meta);
      this.#raw = wasm.RawEstimator.create(meta.name, JSON.stringify(core));
      this.#byLabel = byLabel;
    }
    finalizer.register(this, this.#raw, this);
  }

  // The live handle, or a clear error once disposed.
  _raw() {
    if (!this.#raw) throw new Error(`This ${this.#name} has been disposed; create a new one`);
    return this.#raw;
  }

  get labels() {
    return this.#labels;
  }

  // options, as the metadata's fitOptions allow: sampleWeight, one weight per row of X (checked
  // in the core); onProgress(done, total, values) (forests: per tree; MLPs: per epoch, values =
  // { loss, validationScore }, null without earlyStopping), called during the fit, returning false
  // cancels it (fit then throws "fit cancelled ..."). A classifier whose metadata says multilabel
  // also takes y as a 0/1 indicator matrix (one column per label).
  fit(X, y, options) {
    const raw = this._raw();
    const { sampleWeight, onProgress, warnings } = checkFitOptions(options, this.constructor.metadata);
    const x = toMatrix(X);
    const weights = sampleWeight === undefined ? undefined : toWeights(sampleWeight);
    const progress = progressCallback(onProgress);
    const t = targetBuffer(this.constructor.metadata, y, x.rows, null);
    const inClassOrder = Object.entries(this.#byLabel).map(([name, byLabel]) => [name, perClassArray(name, byLabel, t.encoded.classes)]);
    if (inClassOrder.length) raw.setParams(JSON.stringify(Object.fromEntries(inClassOrder)));
    try {
      raw.fit(x.data, x.rows, x.cols, t.data, t.cols, t.isVector, progress.call, weights);
    } catch (e) {
      throw progress.error ?? e; // the callback's own error rather than "fit cancelled"
    }
    if (t.encoded) this.#labels = labelsOf(t.encoded);
    this._reportWarnings(warnings, true);
    return this;
  }

  // A declared update method (partialFit): one more step of fitting on (X, y). A classifier's first
  // call (on an unfitted model) names every label y may ever hold in options.classes, as
  // scikit-learn's partial_fit; later calls keep those classes. A method that starts a fit
  // (metadata startsFit: an MLP's initialize) takes its labels from y, as fit.
  _update(spec, X, y, options) {
    const raw = this._raw();
    const meta = this.constructor.metadata;
    const takesClasses = spec.args.endsWith('classes?');
    const { classes } = checkMethodOptions(options, `${meta.name}.${spec.name}`, takesClasses ? ['classes'] : []);
    const x = toMatrix(X);
    if (spec.startsFit) {
      const t = targetBuffer(meta, y, x.rows, null);
      if (t.encoded?.multilabel) throw new Error(`${meta.name}.${spec.name} takes one label per row (a multi-label fit starts with fit)`);
      raw.update(spec.id, x.data, x.rows, x.cols, t.data, t.cols, t.isVector, NaN);
      if (t.encoded) this.#labels = labelsOf(t.encoded);
      this._reportWarnings(undefined, true);
      return this;
    }
    let labels = this.#labels;
    if (meta.kind === 'classifier' && (labels || takesClasses)) {
      // Without classes (continueFit) an unfitted model is the core's NotFittedError.
      const given = classes === undefined ? null : encodeLabels(classes, 'classes');
      if (!labels && !given) throw new Error(`classes must be given on the first call to ${spec.name}`);
      if (labels && given && !sameLabels(labels.classes, given.classes))
        throw new Error(`classes must be the classes of the previous fit (${Array.from(labels.classes).join(', ')}), got ${Array.from(given.classes).join(', ')}`);
      labels ??= labelsOf(given);
      const unknown = labels.multilabel ? -1 : codesFor(y ?? [], labels.classes).indexOf(labels.classes.length);
      if (unknown >= 0) throw new Error(`y holds the label ${JSON.stringify(y[unknown])}, which is not among classes`);
    }
    const t = targetBuffer(meta, y, x.rows, labels);
    raw.update(spec.id, x.data, x.rows, x.cols, t.data, t.cols, t.isVector, labels ? labels.classes.length : NaN);
    this.#labels = labels;
    this._reportWarnings(undefined, true);
    return this;
  }

  // Whether this model has the method now (scikit-learn's hasattr(model, 'predict_proba')): a method
  // of its class, unless its declared condition (metadata availableIf) fails for these options, e.g.
  // SVC's predictProba without probability: true.
  hasMethod(name) {
    const raw = this._raw();
    if (typeof this[name] !== 'function') return false;
    const core = name === 'fitTransform' ? 'transform' : name;
    return !(core in this.constructor.metadata.availableIf) || raw.supports(core);
  }

  // Reports the warnings of the call that just ran by `action` (see config.js). A method reports only
  // warnings that differ from those last reported, not those its fit left in the model.
  _reportWarnings(action = warningAction(), afterFit = false) {
    if (!afterFit && (action === 'ignore' || (this.#warningsSeen === '[]' && this._raw().warningCount() === 0))) return;
    const text = this._raw().warnings();
    if (!afterFit && text === this.#warningsSeen) return;
    this.#warningsSeen = text;
    reportWarnings(JSON.parse(text), action);
  }

  // fit in a worker, so the calling thread stays free: options as fit's, plus signal (an AbortSignal
  // that cancels: the Promise rejects with an AbortError and the model is left as it was). Forests,
  // bagging, one-vs-rest and one-vs-one with nJobs other than 1 fit their members on that many
  // workers, KMeans and GaussianMixture their nInit starts, to the same model.
  async fitAsync(X, y, options) {
    const { warnings, ...rest } = options ?? {};
    if (warnings !== undefined) checkWarningAction(warnings);
    this._adopt(await fitInWorker(this, X, y, rest, portableModels));
    this._reportWarnings(warnings, true);
    return this;
  }

  // Takes over the fitted state of `source`, a model of the same class (which is left disposed).
  _adopt(source) {
    if (source.#name !== this.#name) throw new Error(`cannot adopt a ${source.#name} into a ${this.#name}`);
    this.dispose();
    finalizer.unregister(source);
    [this.#raw, this.#labels, this.#byLabel] = [source.#raw, source.#labels, source.#byLabel];
    source.#raw = null;
    finalizer.register(this, this.#raw, this);
    return this;
  }

  // The model as pool workers exchange it (see toPortable).
  _portable() {
    return { estimator: this.#name, binary: this._raw().toBinary(), labels: this.#labels, byLabel: this.#byLabel };
  }

  static _fromPortable({ estimator, binary, labels, byLabel }) {
    return new (classes.get(estimator))(new Restored(wasm.RawEstimator.fromBinary(binary), labels, byLabel));
  }

  // An ensemble fitted in slices by pool workers (portable models holding some of its members each,
  // in their state's `list`), joined into one model with the options `params`.
  static _joined(parts, list, params) {
    const [first] = parts;
    const Class = classes.get(first.estimator);
    const [core] = splitPerClass(params, Class.metadata);
    const raw = wasm.RawEstimator.joinMembers(parts.map((part) => part.binary), list, JSON.stringify(core));
    return new Class(new Restored(raw, first.labels, first.byLabel));
  }

  // The fitted class labels, in the order of predictProba's columns.
  get classes() {
    this._raw();
    if (!this.#labels) throw Object.assign(new Error(`This ${this.#name} is not fitted yet: call fit before classes`), { name: 'NotFittedError' });
    return this.#labels.classes;
  }

  // Options in declaration order (the core's JSON object is sorted by key).
  getParams() {
    const params = { ...JSON.parse(this._raw().getParams()), ...structuredClone(this.#byLabel) };
    return Object.fromEntries(
      this.constructor.metadata.params.map((p) => [p.name, params[p.name] === 'Infinity' && takesInfinity(p) ? Infinity : params[p.name]]),
    );
  }

  setParams(options) {
    const raw = this._raw();
    const checked = memberOptions(checkOptions(options, this.constructor.metadata), this.constructor.metadata);
    const [core, byLabel] = splitPerClass(checked, this.constructor.metadata);
    raw.setParams(JSON.stringify(core));
    for (const name of Object.keys(checked)) delete this.#byLabel[name];
    Object.assign(this.#byLabel, byLabel);
    return this;
  }

  // Non-fatal notes from the last fit/predict (non-convergence, queries with no neighbour, ...):
  // [{ kind: 'convergence' | 'data' | 'parameter', message }], kinds after scikit-learn's warnings.
  get warnings() {
    return JSON.parse(this._raw().warnings());
  }

  // A versioned plain object; JSON.stringify(model) works too.
  toJSON() {
    const model = JSON.parse(this._raw().toJSON());
    Object.assign(model.params, structuredClone(this.#byLabel));
    if (this.#labels) model.labels = { kind: this.#labels.kind, classes: Array.from(this.#labels.classes) };
    return model;
  }

  static fromJSON(json) {
    const model = typeof json === 'string' ? parseModel(json) : json;
    if (!model || typeof model !== 'object' || Array.isArray(model)) throw new Error('model JSON must be an object or a JSON string');
    const Class = this.metadata ? this : classes.get(model.estimator);
    if (!Class) throw new Error(`model JSON: unknown estimator ${JSON.stringify(model.estimator)}`);
    if (model.estimator !== Class.metadata.name)
      throw new Error(model.estimator === undefined ? `model JSON names no estimator (a ${Class.metadata.name} model has estimator: "${Class.metadata.name}")`
        : `model JSON holds a ${model.estimator}, not a ${Class.metadata.name}`);
    // The labels go to the core too, which checks their count against the fitted state. A classifier
    // fitted on an indicator matrix (yIsVector false) is multi-label.
    const core = { ...model };
    const restoredLabels = Class.metadata.kind === 'classifier' && model.fitted ? checkSavedLabels(model.labels, model.yIsVector === false) : null;
    let byLabel = {};
    if (core.params && typeof core.params === 'object') [core.params, byLabel] = splitPerClass(core.params, Class.metadata);
    return new Class(new Restored(wasm.RawEstimator.fromJSON(modelText(core)), restoredLabels, byLabel));
  }

  dispose() {
    if (!this.#raw) return;
    finalizer.unregister(this);
    this.#raw.delete();
    this.#raw = null;
  }

  [disposeSymbol]() {
    this.dispose();
  }
}

// y as the flat buffer the module copies once: class codes (new ones when `fitted` is null, which
// fit keeps in `encoded`; else codes of the fitted labels' classes), a multi-label indicator matrix,
// regression targets, or nothing.
function targetBuffer(meta, y, rows, fitted) {
  const kind = meta.kind;
  if (kind === 'classifier') {
    if (y == null) throw new Error('y is required to fit a classifier');
    if (fitted?.multilabel || (!fitted && isMatrixLike(y))) return indicatorTargets(meta, y, rows);
    let encoded = null, codes;
    if (fitted) {
      labelKind(y);
      codes = codesFor(y, fitted.classes);
    } else {
      encoded = encodeLabels(y);
      codes = encoded.codes;
    }
    if (codes.length !== rows) throw new Error(`y has ${codes.length} entries but X has ${rows} rows`);
    return { data: codes, cols: 1, isVector: true, encoded };
  }
  if (kind === 'regressor') {
    const t = toTargets(y, rows);
    return { data: t.data, cols: t.cols, isVector: t.isVector };
  }
  return { data: new Float64Array(0), cols: 0, isVector: true };
}

const isMatrixLike = (y) =>
  (Array.isArray(y) && y.length > 0 && (Array.isArray(y[0]) || ArrayBuffer.isView(y[0]))) ||
  (y !== null && typeof y === 'object' && !Array.isArray(y) && !ArrayBuffer.isView(y) && 'data' in y);

// A multi-label y: a 0/1 indicator matrix, one column per label (checked in the core); its classes
// are the column indices, as scikit-learn's classes_ for such a y.
function indicatorTargets(meta, y, rows) {
  if (!meta.multilabel) throw new Error(`${meta.name} does not take a multi-label y (a matrix of 0/1 indicators); give one label per row`);
  const t = toTargets(y, rows);
  const classes = Float64Array.from({ length: t.cols }, (_, i) => i);
  return { data: t.data, cols: t.cols, isVector: false, encoded: { kind: 'number', classes, multilabel: true } };
}

// What a model keeps of encoded labels: their kind and classes, and whether y was an indicator matrix.
const labelsOf = (encoded) => ({ kind: encoded.kind, classes: encoded.classes, ...(encoded.multilabel ? { multilabel: true } : {}) });
const sameLabels = (a, b) => a.length === b.length && Array.from(a).every((c, i) => c === b[i]);

// A method's options object: undefined, or an object with only the `allowed` keys.
function checkMethodOptions(options, what, allowed) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new Error(`${what} options must be an object, got ${describe(options)}`);
  for (const key of Object.keys(options))
    if (!allowed.includes(key))
      throw new Error(`Unknown option '${key}' for ${what}; ${allowed.length ? `valid options: ${allowed.join(', ')}` : 'it takes none'}`);
  return options;
}

// Wraps a user's progress callback so that it never throws through WebAssembly frames: an
// exception stops the fit (as returning false does) and is rethrown by fit afterwards.
function progressCallback(onProgress) {
  if (onProgress === undefined) return { call: undefined };
  if (typeof onProgress !== 'function') throw new Error(`onProgress must be a function, got ${typeof onProgress}`);
  const state = {
    error: undefined,
    call: (done, total, values) => {
      try {
        return (values === undefined ? onProgress(done, total) : onProgress(done, total, values)) !== false;
      } catch (e) {
        state.error = e;
        return false;
      }
    },
  };
  return state;
}

// A model loaded by fromJSON, handed to the constructor instead of options.
class Restored {
  constructor(raw, labels, byLabel) {
    this.raw = raw;
    this.labels = labels;
    this.byLabel = byLabel;
  }
}

export function parseModel(text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('model JSON is not valid JSON');
  }
}

// The text the core parses; an object nested too deep for JSON.stringify is refused as the core
// refuses deep text (base/json.hpp kMaxJsonDepth).
function modelText(model) {
  try {
    return JSON.stringify(model);
  } catch (e) {
    if (e instanceof RangeError) throw new Error('model JSON is nested too deeply');
    throw e;
  }
}

function checkSavedLabels(labels, multilabel) {
  if (!labels || (labels.kind !== 'number' && labels.kind !== 'string') || !Array.isArray(labels.classes) || labels.classes.length === 0)
    throw new Error('model JSON: labels must be { kind: "number" | "string", classes: [...] } for a fitted classifier');
  if (labels.classes.some((c) => typeof c !== labels.kind)) throw new Error(`model JSON: labels.classes must all be ${labels.kind}s`);
  if (new Set(labels.classes).size !== labels.classes.length) throw new Error('model JSON: labels.classes has duplicates');
  return labelsOf({ kind: labels.kind, classes: labels.kind === 'number' ? Float64Array.from(labels.classes) : labels.classes, multilabel });
}

const noValues = new Float64Array(0);

// The positional arguments of a method, by the form its metadata gives (args: form and optional
// number), as the buffers raw.call takes; `number` is NaN when the caller gave none.
function methodArguments(model, spec, form, optional, args) {
  const call = { x: { data: noValues, rows: 0, cols: 0 }, y: { data: noValues, cols: 0 }, number: NaN };
  if (form === 'count') call.number = checkedInt32(args[0], spec.name, 1);
  if (form === 'X' || form === 'Xy') call.x = toMatrix(args[0]);
  if (form === 'Xy') {
    const meta = model.constructor.metadata;
    const fitted = meta.kind === 'classifier' && spec.needsFit !== false ? { classes: model.classes, multilabel: model.labels.multilabel } : null;
    call.y = targetBuffer(meta, args[1], call.x.rows, fitted);
  }
  const value = args[1];
  if (optional === 'nNeighbors?' && value !== undefined) checkedInt32(value, 'nNeighbors', 1);
  if (optional === 'radius?' && value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0))
    throw new Error(`radius must be a positive finite number, got ${value}`);
  if (optional && value !== undefined) call.number = value;
  return call;
}

// A method's result in JS form, by the kind its metadata gives (result).
function methodResult(model, spec, out, rows) {
  switch (spec.result) {
    case 'prediction': {
      const kind = model.constructor.metadata.kind;
      if (kind === 'classifier') return model.labels.multilabel ? fromNd(out) : decodeLabels(out.data, model.labels.classes);
      if (kind === 'clusterer') return Int32Array.from(out.data);
      return fromNd(out);
    }
    case 'neighbors': {
      const k = rows === 0 ? 0 : out.indices.data.length / rows;
      return { distances: fromNd(out.distances), indices: new DenseMatrix(Int32Array.from(out.indices.data), rows, k) };
    }
    case 'radiusNeighbors': {
      const offsets = out.offsets.data, indices = Int32Array.from(out.indices.data), distances = [], neighbors = [];
      for (let i = 0; i < rows; i++) {
        distances.push(out.distances.data.slice(offsets[i], offsets[i + 1]));
        neighbors.push(indices.slice(offsets[i], offsets[i + 1]));
      }
      return { distances, indices: neighbors };
    }
    case 'arrays':
      return Object.fromEntries(Object.entries(out).map(([name, array]) => [name, fromNd(array)]));
    default:
      return valueOfType(spec.result, out);
  }
}

// The options of a method of X alone: { out }, a Float64Array of the result's size that the result is
// written into (and returned as, or as a DenseMatrix over it) instead of a fresh array, for the
// methods whose result is numbers (not labels, cluster indices or several arrays); and, for a method
// declared with a float32 twin (layerActivations), { dtype: 'float32' }: the values computed in
// single precision, as a Float32Array (out then a Float32Array). Returns the method id and out.
const outResults = new Set(['matrix', 'vector', 'vectorOrMatrix', 'array']);
export const takesOut = (spec, kind) => spec.args === 'X' && (outResults.has(spec.result) || (spec.result === 'prediction' && kind === 'regressor'));
function xOptions(model, spec, options, float32X) {
  const where = `${model.constructor.metadata.name}.${spec.name}`;
  const valid = spec.float32Id === undefined ? ['out'] : ['out', 'dtype'];
  if (options === null || typeof options !== 'object' || Array.isArray(options) || ArrayBuffer.isView(options)) {
    const got = options === null ? 'null' : Array.isArray(options) ? 'an array' : ArrayBuffer.isView(options) ? `a ${options.constructor.name} (pass it as { out })` : typeof options;
    throw new Error(`${where} options must be an object like { out: Float64Array }, got ${got}`);
  }
  for (const key of Object.keys(options)) if (!valid.includes(key)) throw new Error(`Unknown option '${key}' for ${where}; valid options: ${valid.join(', ')}`);
  const { out, dtype = 'float64' } = options;
  if (dtype !== 'float64' && dtype !== 'float32') throw new Error(`dtype must be 'float64' or 'float32', got ${typeof dtype === 'string' ? `'${dtype}'` : String(dtype)}`);
  const single = dtype === 'float32';
  if (out === undefined) return { id: single ? spec.float32Id : spec.id, out };
  if (!takesOut(spec, model.constructor.metadata.kind)) throw new Error(`${where} does not take out: its result is not an array of numbers`);
  const Type = single || float32X ? Float32Array : Float64Array;
  const why = single ? " (dtype 'float32')" : float32X ? ` (X is a Float32Array and ${where} keeps its precision, as scikit-learn)` : '';
  if (!(out instanceof Type)) throw new Error(`out must be a ${Type.name}${why}, got ${out?.constructor?.name ?? typeof out}`);
  return { id: single ? spec.float32Id : spec.id, out };
}

// Whether a method's values come back as float32 for this X (metadata float32Results, as
// scikit-learn's transformers keep float32 input in float32): 'x' whenever X is a Float32Array,
// 'fitAndX' when the model was fitted on one too (PCA, KMeans). The core computes in double; the
// values are rounded to float once, in WASM memory, as they are returned.
function keepsFloat32(model, spec, x) {
  const rule = model.constructor.metadata.float32Results[spec.name];
  return x.data instanceof Float32Array && (rule === 'x' || (rule === 'fitAndX' && model._raw().fittedOnFloat32()));
}

// One method of the estimator classes, standard or declared: arguments and result by its metadata.
// Methods of X alone (predict, transform, ...) take the short path: they are the ones called in
// tight loops on few rows, where every allocation shows.
function methodFrom(spec) {
  const [form, optional] = spec.args.split(',');
  if (spec.args === 'X')
    return function (X, options) {
      const raw = this._raw();
      const x = toMatrix(X);
      const float32 = keepsFloat32(this, spec, x);
      const { id, out } = options === undefined ? { id: spec.id } : xOptions(this, spec, options, float32);
      const result = out
        ? fromNd({ data: out, shape: raw.callXInto(id, x.data, x.rows, x.cols, out) })
        : methodResult(this, spec, raw.callX(id, x.data, x.rows, x.cols, float32), x.rows);
      this._reportWarnings();
      return result;
    };
  return function (...args) {
    const raw = this._raw();
    const { x, y, number } = methodArguments(this, spec, form, optional, args);
    const result = methodResult(this, spec, raw.call(spec.id, x.data, x.rows, x.cols, y.data, y.cols, number), x.rows);
    this._reportWarnings();
    return result;
  };
}

// fitTransform / fitPredict conveniences, as scikit-learn's TransformerMixin and ClusterMixin: every
// clusterer's fitPredict gives the training labels (its `labels` attribute when it declares one).
function addConveniences(proto, meta) {
  if (meta.methods.includes('transform'))
    proto.fitTransform = function (X, y, options) {
      return this.fit(X, y, options).transform(X);
    };
  if (meta.kind !== 'clusterer') return;
  const hasLabels = meta.attributes.some((a) => a.name === 'labels');
  proto.fitPredict = function (X, y, options) {
    this.fit(X, y, options);
    return hasLabels ? this.labels : this.predict(X);
  };
}

// <name>Async(X, [nNeighbors,] { signal }) for the methods pooledMethods names: see pool.js callInWorkers.
function addPooledMethods(proto, meta, specs) {
  for (const spec of specs.filter((s) => pooledMethods(meta).includes(s.name))) {
    const count = spec.args.split(',').length - 1; // arguments after X
    proto[`${spec.name}Async`] = async function (X, ...rest) {
      this._raw();
      return callInWorkers(this, spec.name, X, rest.slice(0, count), rest[count], portableModels);
    };
  }
}

// A fitted attribute or an extra method's result in JS form by its declared type: integer arrays as
// Int32Array (as predict's cluster labels), a bool as a boolean.
function valueOfType(type, nd) {
  if (type === 'boolean') return nd.data[0] !== 0;
  const value = fromNd(nd);
  if (type !== 'intVector' && type !== 'intMatrix') return value;
  if (value instanceof DenseMatrix) return new DenseMatrix(Int32Array.from(value.data), value.rows, value.cols);
  return typeof value === 'number' ? value : Int32Array.from(value);
}

// Attribute getters; dotted names ("tree.feature") are grouped into one object (model.tree.feature).
function defineAttributes(proto, attributes) {
  const groups = new Map();
  for (const attr of attributes) {
    const read = (model) => valueOfType(attr.type, model._raw().attribute(attr.name));
    const dot = attr.name.indexOf('.');
    if (dot < 0) {
      Object.defineProperty(proto, attr.name, { get() { return read(this); }, configurable: true });
      continue;
    }
    const group = attr.name.slice(0, dot);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push([attr.name.slice(dot + 1), read]);
  }
  for (const [group, members] of groups)
    Object.defineProperty(proto, group, {
      get() {
        this._raw();
        const view = {};
        for (const [field, read] of members) Object.defineProperty(view, field, { get: () => read(this), enumerable: true });
        return view;
      },
      configurable: true,
    });
}

const classes = new Map();

// The class for one declared estimator, named as in scikit-learn.
export function defineEstimator(name) {
  const meta = byName.get(name);
  if (!meta) throw new Error(`wasmlearn has no estimator ${name}`);
  const Class = { [name]: class extends Estimator {} }[name];
  Object.defineProperty(Class, 'metadata', { value: meta });
  const specs = [...standardMethods.filter((spec) => meta.methods.includes(spec.name)), ...meta.extraMethods];
  for (const spec of specs) {
    const value = spec.result === 'model' ? function (X, y, options) { return this._update(spec, X, y, options); } : methodFrom(spec);
    Object.defineProperty(Class.prototype, spec.name, { value, writable: true, configurable: true });
  }
  addConveniences(Class.prototype, meta);
  addPooledMethods(Class.prototype, meta, specs);
  defineAttributes(Class.prototype, meta.attributes);
  classes.set(name, Class);
  return Class;
}

// Loaders of saved models that are not core estimators (a Pipeline), by their `estimator` name.
const modelLoaders = new Map();
export function registerModelLoader(name, load) {
  modelLoaders.set(name, load);
}

// A model as pool workers send it: an estimator as the core's document in binary (CBOR, see
// core/include/wasmlearn/base/model_binary.hpp: a fraction of the cost of JSON text for a grown
// forest) with the labels and per-label options kept here; anything else (a Pipeline) as its JSON.
export const toPortable = (model) => (model instanceof Estimator ? model._portable() : model.toJSON());
export const fromPortable = (value) => (value?.binary ? Estimator._fromPortable(value) : loadModel(value));
export const portableModels = { toPortable, fromPortable, joinPortable: (parts, list, params) => Estimator._joined(parts, list, params) };

// Any saved model, whatever its estimator.
export function loadModel(json) {
  const model = typeof json === 'string' ? parseModel(json) : json;
  const load = modelLoaders.get(model?.estimator);
  try {
    return load ? load(model) : Estimator.fromJSON(model);
  } catch (e) {
    // Meta-estimators load their members recursively: a model nested past the stack is refused.
    if (e instanceof RangeError) throw new Error('model JSON is nested too deeply');
    throw e;
  }
}

export function estimators() {
  return structuredClone(metadata);
}
