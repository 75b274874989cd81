// OneHotEncoder, OrdinalEncoder and LabelEncoder, as sklearn.preprocessing (1.2). Categories are
// strings or numbers, which do not cross into the C++ core (it holds numbers and class codes only)
// and need no numeric work beyond coding, so these are JS models like Pipeline: fit / transform /
// inverseTransform / getParams / setParams / toJSON / loadModel / clone, usable as Pipeline steps and
// in searches. X is an array of rows whose columns each hold strings or numbers ([['red', 1.5],
// ['blue', 2]]); a numeric matrix ({ data, rows, cols } or a previous step's output) works too.
// Categories are sorted as scikit-learn's: numbers ascending, strings by code unit (Python sorts by
// code point: the two differ only past U+FFFF).
import { DenseMatrix, encodeLabels, labelKind, decodeLabels } from './arrays.js';
import { registerModelLoader, parseModel } from './estimator.js';
import { cloneSymbol } from './clone.js';
import { checkOwnOptions } from './validation.js';

const show = (v) => (typeof v === 'string' ? `'${v}'` : String(v));
const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);
const ascending = (kind) => (kind === 'number' ? (a, b) => a - b : (a, b) => (a < b ? -1 : a > b ? 1 : 0));

// X as rows of values: an array of rows as given, or a numeric matrix's rows.
function rowsOf(X, owner) {
  if (X && !Array.isArray(X) && Number.isInteger(X.rows) && Number.isInteger(X.cols) && X.data) {
    const rows = [];
    for (let i = 0; i < X.rows; i++) rows.push(Array.from(X.data.subarray(i * X.cols, (i + 1) * X.cols)));
    return rows;
  }
  if (!Array.isArray(X) || X.length === 0 || !X.every((row) => Array.isArray(row) || ArrayBuffer.isView(row)))
    throw new Error(`${owner}: X must be a non-empty array of rows (e.g. [['red', 1.5], ['blue', 2]]) or a matrix`);
  const cols = X[0].length;
  X.forEach((row, i) => {
    if (row.length !== cols) throw new Error(`${owner}: X is ragged: row ${i} has ${row.length} values but row 0 has ${cols}`);
  });
  if (cols === 0) throw new Error(`${owner}: X has no columns`);
  return X;
}

// The kind of column j's values ('string' | 'number'), every value checked.
function columnKind(rows, j, owner) {
  const kind = typeof rows[0][j];
  for (let i = 0; i < rows.length; i++) {
    const v = rows[i][j];
    if (typeof v !== 'string' && (typeof v !== 'number' || !Number.isFinite(v)))
      throw new Error(`${owner}: X[${i}][${j}] must be a string or a finite number, got ${v === null ? 'null' : typeof v === 'number' ? v : typeof v}`);
    if (typeof v !== kind) throw new Error(`${owner}: column ${j} mixes ${kind}s and ${typeof v}s (row ${i}); use one kind per column`);
  }
  return kind;
}

// The option declarations of a JS model: { name: [default, check(value) -> true | what it must be, doc] }.
function checkedOptions(owner, declared, options) {
  checkOwnOptions(owner, options, Object.keys(declared));
  for (const [key, value] of Object.entries(options ?? {})) {
    const verdict = declared[key][1](value);
    if (verdict !== true) throw new Error(`${key} must be ${verdict}, got ${JSON.stringify(value) ?? String(value)}`);
  }
  return options ?? {};
}

const categoriesOption = (v) =>
  v === 'auto' || (Array.isArray(v) && v.every((c) => Array.isArray(c) && c.length > 0 && c.every((x) => typeof x === typeof c[0] && (typeof x === 'string' || Number.isFinite(x)))))
    || "'auto' or one non-empty list of categories (all strings or all numbers) per column";
const noFitOptions = (owner, options) => {
  if (options != null && (!isPlainObject(options) || Object.values(options).some((v) => v !== undefined)))
    throw new Error(`${owner}.fit takes no options; valid fit options: none`);
};

const disposeSymbol = Symbol.dispose ?? Symbol.for('Symbol.dispose');

// What the column encoders share: options, the fitted categories per column, codes of rows, JSON.
class CategoricalEncoder {
  #options;
  #state = null; // { categories: [[...], ...], kinds: ['string' | 'number', ...], infrequent?: [[indices] | null, ...] }

  constructor(options) {
    this.#options = { ...this.constructor.defaults(), ...checkedOptions(this.constructor.name, this.constructor.declared, options) };
  }

  static defaults() {
    return Object.fromEntries(Object.entries(this.declared).map(([name, [value]]) => [name, structuredClone(value)]));
  }

  get estimatorKind() {
    return 'transformer';
  }

  get warnings() {
    return [];
  }

  getParams() {
    return structuredClone(this.#options);
  }

  setParams(options) {
    this.#options = { ...this.#options, ...checkedOptions(this.constructor.name, this.constructor.declared, options) };
    return this;
  }

  [cloneSymbol]() {
    return new this.constructor(this.getParams());
  }

  _fitted(method) {
    if (!this.#state) throw Object.assign(new Error(`This ${this.constructor.name} is not fitted yet: call fit before ${method}`), { name: 'NotFittedError' });
    return this.#state;
  }

  // The fitted categories, one array per column (scikit-learn's categories_).
  get categories() {
    return structuredClone(this._fitted('categories').categories);
  }

  get nFeaturesIn() {
    return this._fitted('nFeaturesIn').categories.length;
  }

  fit(X, y, options) {
    const owner = this.constructor.name;
    noFitOptions(owner, options);
    const rows = rowsOf(X, owner);
    const given = this.#options.categories;
    if (given !== 'auto' && given.length !== rows[0].length)
      throw new Error(`${owner}: categories has ${given.length} lists but X has ${rows[0].length} columns`);
    const kinds = [], categories = [];
    for (let j = 0; j < rows[0].length; j++) {
      const kind = columnKind(rows, j, owner);
      if (given === 'auto') {
        categories.push([...new Set(rows.map((r) => r[j]))].sort(ascending(kind)));
      } else {
        if (typeof given[j][0] !== kind) throw new Error(`${owner}: categories[${j}] holds ${typeof given[j][0]}s but column ${j} of X holds ${kind}s`);
        const known = new Set(given[j]);
        // As scikit-learn: given categories keep their order, and a value outside them is an error in fit.
        if (this.#options.handleUnknown === 'error')
          for (const [i, r] of rows.entries())
            if (!known.has(r[j])) throw new Error(`${owner}: found unknown category ${show(r[j])} in column ${j} (row ${i}) during fit`);
        categories.push(given[j].slice());
      }
      kinds.push(kind);
    }
    this.#state = { categories, kinds, ...this._fitExtra(rows, categories) };
    this._checkFitted(this.#options);
    return this;
  }

  // What a subclass keeps from the rows besides the categories (OneHotEncoder: infrequent ones).
  _fitExtra() {
    return {};
  }

  fitTransform(X, y, options) {
    return this.fit(X, y, options).transform(X);
  }

  // Each row's category index per column; -1 for a value outside the categories when unknown values
  // are allowed (else an Error naming the column and the value).
  _codes(X, allowUnknown) {
    const owner = this.constructor.name;
    const { categories, kinds } = this._fitted('transform');
    const rows = rowsOf(X, owner);
    if (rows[0].length !== categories.length) throw new Error(`X has ${rows[0].length} columns but the model was fitted with ${categories.length}`);
    const indices = categories.map((c) => new Map(c.map((v, k) => [v, k])));
    return rows.map((r, i) =>
      r.map((v, j) => {
        const code = indices[j].get(v);
        if (code !== undefined) return code;
        if (typeof v !== kinds[j]) throw new Error(`${owner}: X[${i}][${j}] is a ${typeof v} but column ${j} was fitted with ${kinds[j]}s`);
        if (!allowUnknown) throw new Error(`${owner}: found unknown category ${show(v)} in column ${j} (row ${i}) during transform`);
        return -1;
      }),
    );
  }

  _options() {
    return this.#options;
  }

  toJSON() {
    return { format: 'wasmlearn-model', version: 1, estimator: this.constructor.name, params: this.getParams(), fitted: !!this.#state,
      ...(this.#state ? { state: structuredClone(this.#state) } : {}) };
  }

  static fromJSON(json) {
    const model = typeof json === 'string' ? parseModel(json) : json;
    if (model?.estimator !== this.name || model.format !== 'wasmlearn-model') throw new Error(`model JSON: not a ${this.name} model`);
    const encoder = new this(model.params);
    if (model.fitted) {
      const { categories, kinds, ...extra } = model.state ?? {};
      if (categoriesOption(categories) !== true || !Array.isArray(kinds) || kinds.length !== categories.length || kinds.some((k, j) => typeof categories[j][0] !== k))
        throw new Error('model JSON: state must hold categories (one list per column) and their kinds');
      encoder.#state = { categories, kinds, ...encoder._checkedExtra(extra, categories) };
      encoder._checkFitted(encoder.#options);
    }
    return encoder;
  }

  // A saved state's extra part, checked (see _fitExtra).
  _checkedExtra(extra) {
    if (Object.keys(extra).length) throw new Error(`model JSON: unexpected state ${Object.keys(extra).join(', ')}`);
    return {};
  }

  dispose() {}

  [disposeSymbol]() {}
}

// The name scikit-learn gives the column of a feature's infrequent categories.
const infrequentName = 'infrequent_sklearn';

// The indices of the infrequent categories of one column from their counts in fit (scikit-learn's
// _identify_infrequent): counts under minFrequency (a count, or a fraction of the rows), then, while
// more than maxCategories columns would remain, the rarest (stable in category order; as
// scikit-learn's slice, maxCategories 1 marks none). null: none.
function infrequentIndices(counts, rows, { minFrequency, maxCategories }) {
  const threshold = minFrequency === null ? -Infinity : Number.isInteger(minFrequency) ? minFrequency : minFrequency * rows;
  const infrequent = counts.map((c) => c < threshold);
  const remaining = counts.length - infrequent.filter(Boolean).length + 1;
  if (maxCategories !== null && maxCategories < remaining) {
    const rarest = counts.map((c, k) => k).sort((a, b) => counts[a] - counts[b] || a - b);
    for (const k of rarest.slice(0, maxCategories > 1 ? counts.length - (maxCategories - 1) : 0)) infrequent[k] = true;
  }
  const indices = infrequent.flatMap((x, k) => (x ? [k] : []));
  return indices.length ? indices : null;
}

// Each column as one indicator column per category (scikit-learn's OneHotEncoder with
// sparse_output=False: wasmlearn has no sparse output). drop: null, 'first', 'if_binary' (the first
// category of two-category columns) or one category (or null) per column. With minFrequency or
// maxCategories (scikit-learn ≥ 1.1), a column's rare categories share one output column, the
// column's last, named 'infrequent_sklearn'; handleUnknown 'infrequent_if_exist' codes an unknown
// category there (all zeros when the column has no infrequent categories).
export class OneHotEncoder extends CategoricalEncoder {
  static declared = {
    categories: ['auto', categoriesOption, "'auto' (the sorted values seen in fit) or one list per column"],
    drop: [null, (v) => v === null || v === 'first' || v === 'if_binary' || (Array.isArray(v) && v.every((x) => x === null || typeof x === 'string' || Number.isFinite(x))) || "null, 'first', 'if_binary' or one category (or null) per column",
      'the category of each column that gets no column'],
    handleUnknown: ['error', (v) => v === 'error' || v === 'ignore' || v === 'infrequent_if_exist' || "'error', 'ignore' or 'infrequent_if_exist'",
      "'error', 'ignore' (an unknown category gives all-zero columns) or 'infrequent_if_exist' (the infrequent column, else all zeros)"],
    minFrequency: [null, (v) => v === null || (Number.isInteger(v) && v >= 1) || (Number.isFinite(v) && v > 0 && v < 1) || 'null, an integer count at least 1 or a fraction in (0, 1)',
      'categories seen fewer times in fit (a count, or a fraction of the rows) are infrequent'],
    maxCategories: [null, (v) => v === null || (Number.isInteger(v) && v >= 1) || 'null or an integer at least 1',
      'at most this many output columns per feature, the infrequent column included'],
  };

  _fitExtra(rows, categories) {
    const options = this._options();
    if (options.minFrequency === null && options.maxCategories === null) return {};
    return {
      infrequent: categories.map((c, j) => {
        const index = new Map(c.map((v, k) => [v, k]));
        const counts = c.map(() => 0);
        for (const r of rows) if (index.has(r[j])) counts[index.get(r[j])]++;
        return infrequentIndices(counts, rows.length, options);
      }),
    };
  }

  _checkedExtra(extra, categories) {
    const { infrequent, ...rest } = extra;
    super._checkedExtra(rest);
    if (infrequent === undefined) return {};
    const valid = Array.isArray(infrequent) && infrequent.length === categories.length &&
      infrequent.every((x, j) => x === null || (Array.isArray(x) && x.every((k) => Number.isInteger(k) && k >= 0 && k < categories[j].length)));
    if (!valid) throw new Error('model JSON: state.infrequent must hold, per column, null or indices of its categories');
    return { infrequent };
  }

  // Per column: each category's output group (its own, or the shared infrequent one, last) and the
  // groups' names (scikit-learn's transformed categories); infrequent: the shared group or -1.
  #groups() {
    const { categories, infrequent } = this._fitted('transform');
    return categories.map((c, j) => {
      const rare = new Set(infrequent?.[j] ?? []);
      const names = c.filter((_, k) => !rare.has(k));
      const shared = rare.size ? names.length : -1;
      let next = 0;
      const group = c.map((_, k) => (rare.has(k) ? shared : next++));
      return { group, names: rare.size ? [...names, infrequentName] : names, infrequent: shared };
    });
  }

  // The infrequent categories of each column (null for a column with none), as scikit-learn's
  // infrequent_categories_; defined when minFrequency or maxCategories is set.
  get infrequentCategories() {
    const { categories, infrequent } = this._fitted('infrequentCategories');
    if (!infrequent) throw new Error('infrequentCategories is defined when minFrequency or maxCategories is set');
    return infrequent.map((indices, j) => (indices ? indices.map((k) => categories[j][k]) : null));
  }

  // The group dropped from each column's output, or -1.
  _checkFitted(options) {
    const { categories, infrequent } = this._fitted('fit');
    const { drop } = options;
    if (Array.isArray(drop) && drop.length !== categories.length) throw new Error(`drop has ${drop.length} entries but X has ${categories.length} columns`);
    const groups = this.#groups();
    this._drop = categories.map((c, j) => {
      if (drop === 'first') return 0;
      if (drop === 'if_binary') return groups[j].names.length === 2 ? 0 : -1;
      if (!Array.isArray(drop) || drop[j] === null) return -1;
      const at = c.indexOf(drop[j]);
      if (at < 0) throw new Error(`drop[${j}] is ${show(drop[j])}, which is not a category of column ${j}`);
      if (infrequent?.[j]?.includes(at)) throw new Error(`drop[${j}]: unable to drop category ${show(drop[j])} from feature ${j} because it is infrequent`);
      return groups[j].group[at];
    });
  }

  setParams(options) {
    super.setParams(options);
    if (this._drop) this._checkFitted(this._options());
    return this;
  }

  // The output column of each group of each input column (-1 for a dropped one), and their count.
  #layout(groups) {
    let next = 0;
    const layout = groups.map((g, j) => g.names.map((_, k) => (k === this._drop[j] ? -1 : next++)));
    return { layout, cols: next };
  }

  transform(X) {
    const { handleUnknown } = this._options();
    const codes = this._codes(X, handleUnknown !== 'error');
    const groups = this.#groups();
    const { layout, cols } = this.#layout(groups);
    const out = new Float64Array(codes.length * cols);
    codes.forEach((row, i) =>
      row.forEach((code, j) => {
        // An unknown category: the infrequent column under 'infrequent_if_exist', else none.
        const group = code >= 0 ? groups[j].group[code] : handleUnknown === 'infrequent_if_exist' ? groups[j].infrequent : -1;
        if (group >= 0 && layout[j][group] >= 0) out[i * cols + layout[j][group]] = 1;
      }),
    );
    return new DenseMatrix(out, codes.length, cols);
  }

  // Rows of categories back from indicator columns ('infrequent_sklearn' for the infrequent column);
  // an all-zero block is the dropped category, or null (an unknown one) where unknown categories give
  // all zeros (handleUnknown 'ignore', or 'infrequent_if_exist' on a column without infrequent ones).
  inverseTransform(X) {
    const groups = this.#groups();
    const { layout, cols } = this.#layout(groups);
    const rows = rowsOf(X, 'OneHotEncoder.inverseTransform');
    if (rows[0].length !== cols) throw new Error(`X has ${rows[0].length} columns but the encoder outputs ${cols}`);
    const { handleUnknown } = this._options();
    return rows.map((r, i) =>
      groups.map((g, j) => {
        const set = layout[j].findIndex((col) => col >= 0 && r[col] !== 0);
        if (set >= 0) return g.names[set];
        if (this._drop[j] >= 0) return g.names[this._drop[j]];
        if (handleUnknown === 'ignore' || (handleUnknown === 'infrequent_if_exist' && g.infrequent < 0)) return null;
        throw new Error(`OneHotEncoder.inverseTransform: row ${i} has no category set for column ${j}`);
      }),
    );
  }

  // The output columns' names, scikit-learn's `${feature}_${category}` (numbers written as JS
  // writes them); inputFeatures default to x0, x1, ...
  getFeatureNamesOut(inputFeatures) {
    const groups = this.#groups();
    const features = inputFeatures ?? groups.map((_, j) => `x${j}`);
    if (!Array.isArray(features) || features.length !== groups.length || features.some((f) => typeof f !== 'string'))
      throw new Error(`inputFeatures must be ${groups.length} strings, one per column of X, got ${JSON.stringify(inputFeatures)}`);
    return groups.flatMap((g, j) => g.names.filter((_, k) => k !== this._drop[j]).map((name) => `${features[j]}_${name}`));
  }
}

// Each column as its category index (scikit-learn's OrdinalEncoder). handleUnknown
// 'use_encoded_value' codes an unknown category as unknownValue (an integer not in use, or NaN).
export class OrdinalEncoder extends CategoricalEncoder {
  static declared = {
    categories: ['auto', categoriesOption, "'auto' (the sorted values seen in fit) or one list per column"],
    handleUnknown: ['error', (v) => v === 'error' || v === 'use_encoded_value' || "'error' or 'use_encoded_value'", 'what an unknown category gives'],
    unknownValue: [null, (v) => v === null || Number.isInteger(v) || Number.isNaN(v) || 'null, an integer or NaN', "the code of an unknown category under 'use_encoded_value'"],
  };

  _checkFitted(options) {
    const { handleUnknown, unknownValue } = options;
    if ((handleUnknown === 'use_encoded_value') !== (unknownValue !== null))
      throw new Error("unknownValue must be set (an integer or NaN) exactly when handleUnknown is 'use_encoded_value'");
    const { categories } = this._fitted('fit');
    if (Number.isInteger(unknownValue) && categories.some((c) => unknownValue >= 0 && unknownValue < c.length))
      throw new Error(`unknownValue ${unknownValue} is already the code of a category seen in fit`);
  }

  transform(X) {
    const { handleUnknown, unknownValue } = this._options();
    const codes = this._codes(X, handleUnknown === 'use_encoded_value');
    const cols = codes[0].length;
    const out = new Float64Array(codes.length * cols);
    codes.forEach((row, i) => row.forEach((code, j) => (out[i * cols + j] = code >= 0 ? code : unknownValue)));
    return new DenseMatrix(out, codes.length, cols);
  }

  // Rows of categories back from codes; an unknownValue code gives null.
  inverseTransform(X) {
    const { categories } = this._fitted('inverseTransform');
    const { unknownValue } = this._options();
    return rowsOf(X, 'OrdinalEncoder.inverseTransform').map((r, i) => {
      if (r.length !== categories.length) throw new Error(`X has ${r.length} columns but the model was fitted with ${categories.length}`);
      return r.map((code, j) => {
        if (unknownValue !== null && (code === unknownValue || (Number.isNaN(code) && Number.isNaN(unknownValue)))) return null;
        if (!Number.isInteger(code) || code < 0 || code >= categories[j].length)
          throw new Error(`OrdinalEncoder.inverseTransform: X[${i}][${j}] must be a code in 0..${categories[j].length - 1}, got ${code}`);
        return categories[j][code];
      });
    });
  }
}

for (const Class of [OneHotEncoder, OrdinalEncoder]) registerModelLoader(Class.name, (model) => Class.fromJSON(model));

// Target labels (numbers or strings) as codes 0..k-1 in sorted order (scikit-learn's LabelEncoder);
// fit(y), transform(y) -> Int32Array, inverseTransform(codes), classes.
export class LabelEncoder {
  #labels = null; // { kind, classes }

  constructor(options) {
    checkedOptions('LabelEncoder', {}, options);
  }

  get estimatorKind() {
    return 'transformer';
  }

  getParams() {
    return {};
  }

  setParams(options) {
    checkedOptions('LabelEncoder', {}, options);
    return this;
  }

  [cloneSymbol]() {
    return new LabelEncoder();
  }

  get classes() {
    if (!this.#labels) throw Object.assign(new Error('This LabelEncoder is not fitted yet: call fit before classes'), { name: 'NotFittedError' });
    return this.#labels.kind === 'number' ? Float64Array.from(this.#labels.classes) : this.#labels.classes.slice();
  }

  fit(y) {
    const { kind, classes } = encodeLabels(y);
    this.#labels = { kind, classes: Array.from(classes) };
    return this;
  }

  transform(y) {
    const { kind, classes } = this.#labels ?? this.classes;
    if (labelKind(y) !== kind && y.length > 0) throw new Error(`y has ${typeof y[0]} labels but the encoder was fitted with ${kind} labels`);
    const index = new Map(classes.map((c, k) => [c, k]));
    return Int32Array.from(y, (v) => {
      const code = index.get(v);
      if (code === undefined) throw new Error(`y contains the previously unseen label ${show(v)}`);
      return code;
    });
  }

  fitTransform(y) {
    return this.fit(y).transform(y);
  }

  inverseTransform(codes) {
    const { kind, classes } = this.#labels ?? this.classes;
    Array.from(codes).forEach((c, i) => {
      if (!Number.isInteger(c) || c < 0 || c >= classes.length) throw new Error(`codes[${i}] must be an integer in 0..${classes.length - 1}, got ${c}`);
    });
    return decodeLabels(codes, kind === 'number' ? Float64Array.from(classes) : classes);
  }

  toJSON() {
    return { format: 'wasmlearn-model', version: 1, estimator: 'LabelEncoder', params: {}, fitted: !!this.#labels,
      ...(this.#labels ? { state: structuredClone(this.#labels) } : {}) };
  }

  static fromJSON(json) {
    const model = typeof json === 'string' ? parseModel(json) : json;
    if (model?.estimator !== 'LabelEncoder' || model.format !== 'wasmlearn-model') throw new Error('model JSON: not a LabelEncoder model');
    const encoder = new LabelEncoder(model.params);
    if (model.fitted) encoder.fit(model.state?.classes ?? null);
    return encoder;
  }

  dispose() {}

  [disposeSymbol]() {}
}

registerModelLoader('LabelEncoder', (model) => LabelEncoder.fromJSON(model));
