// The cross-validation splitters of sklearn.model_selection. Without shuffling their folds are
// scikit-learn's (1.2.1) index for index; with shuffling the order comes from the core's seeded
// generator (modelSelection.permutation / uniformDraws), so a randomState gives the same folds
// natively, in Node and in browsers (not numpy's folds). split(X, y, groups) yields
// { train, test } Int32Arrays; getNSplits(X, y, groups) counts them.
import { defineFunction } from './functions.js';
import { encodeLabels } from './arrays.js';

export const permutation = defineFunction('permutation');
export const uniformDraws = defineFunction('uniformDraws');
const trainTestSplit = defineFunction('trainTestSplit');

// The number of samples of X: rows of a matrix, { data, rows, cols } or an array; or a count.
export function sampleCount(X, name = 'X') {
  if (Number.isInteger(X) && X >= 0) return X;
  if (X && Number.isInteger(X.rows)) return X.rows;
  if (Array.isArray(X) || ArrayBuffer.isView(X)) return X.length;
  throw new Error(`${name} must be a matrix, an array or a number of samples, got ${X === null ? 'null' : typeof X}`);
}

function checkOptions(owner, options, defaults) {
  if (options === undefined) options = {};
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new Error(`${owner} options must be an object, got ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}`);
  for (const key of Object.keys(options))
    if (!(key in defaults)) throw new Error(`Unknown option '${key}' for ${owner}; valid options: ${Object.keys(defaults).join(', ') || 'none'}`);
  const out = { ...defaults };
  for (const [key, value] of Object.entries(options)) if (value !== undefined) out[key] = value;
  return out;
}

const checkInteger = (name, v, min) => {
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer at least ${min}, got ${v}`);
};
export const checkBoolean = (name, v) => {
  if (typeof v !== 'boolean') throw new Error(`${name} must be true or false, got ${v}`);
};
const checkSeed = (v) => {
  if (!Number.isInteger(v) || v < 0 || v > Number.MAX_SAFE_INTEGER) throw new Error(`randomState must be an integer at least 0, got ${v}`);
};

// shuffle/randomState as scikit-learn: a randomState without shuffle is an error (it would do nothing).
function shuffleOptions(owner, o) {
  checkBoolean('shuffle', o.shuffle);
  if (o.randomState !== null && !o.shuffle)
    throw new Error(`${owner}: setting randomState has no effect since shuffle is false; leave randomState unset or set shuffle: true`);
  if (o.randomState !== null) checkSeed(o.randomState);
  return o.randomState ?? 0;
}

// Seeds of independent draws (repeats, splits) from one randomState: uniform draws are multiples of
// 2^-53, so times 2^53 they are exact integers.
export const seedsFrom = (randomState, n) => Array.from(uniformDraws({ nSamples: n, randomState }), (u) => u * 2 ** 53);

const int32 = (list) => Int32Array.from(list);
function range(from, to) {
  const out = new Int32Array(Math.max(0, to - from));
  for (let i = 0; i < out.length; i++) out[i] = from + i;
  return out;
}

// { train, test } from the fold number of every sample: test = fold k, train = the rest (ascending).
function* foldsOf(foldOfSample, nSplits) {
  for (let k = 0; k < nSplits; k++) {
    const train = [], test = [];
    for (let i = 0; i < foldOfSample.length; i++) (foldOfSample[i] === k ? test : train).push(i);
    yield { train: int32(train), test: int32(test) };
  }
}

function checkSplitsVsSamples(nSplits, n) {
  if (nSplits > n) throw new Error(`Cannot have number of splits nSplits=${nSplits} greater than the number of samples: nSamples=${n}`);
}

class Splitter {
  getNSplits() {
    return this.nSplits;
  }
}

// KFold's and StratifiedKFold's options: nSplits, shuffle, randomState (the seed of the shuffle).
class KFolds extends Splitter {
  constructor(name, options) {
    super();
    const o = checkOptions(name, options, { nSplits: 5, shuffle: false, randomState: null });
    checkInteger('nSplits', o.nSplits, 2);
    this.seed = shuffleOptions(name, o);
    Object.assign(this, o);
  }

  order(n) {
    return this.shuffle ? permutation({ nSamples: n, randomState: this.seed }) : range(0, n);
  }
}

export class KFold extends KFolds {
  constructor(options) {
    super('KFold', options);
  }

  // Consecutive folds of the (shuffled) samples; the first n % nSplits folds have one sample more.
  *split(X) {
    const n = sampleCount(X);
    checkSplitsVsSamples(this.nSplits, n);
    const order = this.order(n);
    const fold = new Int32Array(n);
    let start = 0;
    for (let k = 0; k < this.nSplits; k++) {
      const size = Math.floor(n / this.nSplits) + (k < n % this.nSplits ? 1 : 0);
      for (let j = start; j < start + size; j++) fold[order[j]] = k;
      start += size;
    }
    yield* foldsOf(fold, this.nSplits);
  }
}

// Class codes in order of first appearance (scikit-learn's StratifiedKFold encodes them so).
function codesByAppearance(y, name = 'y') {
  const { codes, classes } = encodeLabels(y, name);
  const rank = new Int32Array(classes.length).fill(-1);
  let seen = 0;
  const out = new Int32Array(codes.length);
  for (let i = 0; i < codes.length; i++) {
    if (rank[codes[i]] < 0) rank[codes[i]] = seen++;
    out[i] = rank[codes[i]];
  }
  return { codes: out, nClasses: classes.length };
}

export class StratifiedKFold extends KFolds {
  constructor(options) {
    super('StratifiedKFold', options);
    this.warnings = [];
  }

  // scikit-learn's rule: deal the samples sorted by class round robin over the folds to get how many
  // of each class every fold tests, then give each class its fold numbers in blocks, in sample order
  // (with shuffle, in the order of a random permutation).
  *split(X, y) {
    const n = sampleCount(X);
    if (y == null) throw new Error('StratifiedKFold needs y (the labels to stratify)');
    if (y.length !== n) throw new Error(`y has ${y.length} entries but X has ${n} rows`);
    checkSplitsVsSamples(this.nSplits, n);
    const { codes, nClasses } = codesByAppearance(y);
    const counts = new Array(nClasses).fill(0);
    for (const c of codes) counts[c]++;
    if (counts.every((c) => c < this.nSplits))
      throw new Error(`nSplits=${this.nSplits} cannot be greater than the number of members in each class`);
    const least = Math.min(...counts);
    this.warnings = least < this.nSplits ? [`The least populated class in y has only ${least} members, which is less than nSplits=${this.nSplits}`] : [];
    // The samples sorted by class occupy consecutive positions, class after class.
    const allocation = Array.from({ length: this.nSplits }, () => new Array(nClasses).fill(0));
    let position = 0;
    counts.forEach((count, c) => {
      for (let j = 0; j < count; j++) allocation[position++ % this.nSplits][c]++;
    });
    const order = this.order(n);
    const fold = new Int32Array(n);
    const next = new Array(nClasses).fill(0); // position in each class's block of fold numbers
    const blockFold = (c, position) => {
      let k = 0;
      for (let seen = allocation[0][c]; seen <= position; seen += allocation[++k][c]);
      return k;
    };
    for (const i of order) fold[i] = blockFold(codes[i], next[codes[i]]++);
    yield* foldsOf(fold, this.nSplits);
  }
}

export class GroupKFold extends Splitter {
  constructor(options) {
    super();
    const o = checkOptions('GroupKFold', options, { nSplits: 5 });
    checkInteger('nSplits', o.nSplits, 2);
    Object.assign(this, o);
  }

  // scikit-learn 1.2.1's greedy rule: groups by size, largest first (equal sizes: the later group in
  // sorted label order first, as numpy's argsort of ≤ 16 groups reversed), each into the fold with the
  // fewest samples so far (the first such fold).
  *split(X, y, groups) {
    const n = sampleCount(X);
    if (groups == null) throw new Error('GroupKFold needs groups (one group label per sample)');
    if (groups.length !== n) throw new Error(`groups has ${groups.length} entries but X has ${n} rows`);
    const { codes, classes } = encodeLabels(groups, 'groups');
    if (this.nSplits > classes.length)
      throw new Error(`Cannot have number of splits nSplits=${this.nSplits} greater than the number of groups: ${classes.length}`);
    const sizes = new Array(classes.length).fill(0);
    for (const g of codes) sizes[g]++;
    const order = sizes.map((_, g) => g).sort((a, b) => sizes[b] - sizes[a] || b - a);
    const load = new Array(this.nSplits).fill(0);
    const foldOfGroup = new Int32Array(classes.length);
    for (const g of order) {
      const lightest = load.indexOf(Math.min(...load));
      load[lightest] += sizes[g];
      foldOfGroup[g] = lightest;
    }
    yield* foldsOf(Int32Array.from(codes, (g) => foldOfGroup[g]), this.nSplits);
  }
}

export class LeaveOneOut extends Splitter {
  constructor(options) {
    super();
    checkOptions('LeaveOneOut', options, {});
  }

  getNSplits(X) {
    return sampleCount(X);
  }

  *split(X) {
    const n = sampleCount(X);
    if (n <= 1) throw new Error(`Cannot perform LeaveOneOut with nSamples=${n}`);
    for (let i = 0; i < n; i++) yield { train: int32([...range(0, i), ...range(i + 1, n)]), test: int32([i]) };
  }
}

export class TimeSeriesSplit extends Splitter {
  constructor(options) {
    super();
    const o = checkOptions('TimeSeriesSplit', options, { nSplits: 5, maxTrainSize: null, testSize: null, gap: 0 });
    checkInteger('nSplits', o.nSplits, 2);
    if (o.maxTrainSize !== null) checkInteger('maxTrainSize', o.maxTrainSize, 1);
    if (o.testSize !== null) checkInteger('testSize', o.testSize, 1);
    checkInteger('gap', o.gap, 0);
    Object.assign(this, o);
  }

  // Test blocks of testSize (default n / (nSplits + 1)) at the end; each trains on what comes before
  // it, less `gap` samples, and at most the last maxTrainSize of them.
  *split(X) {
    const n = sampleCount(X);
    const testSize = this.testSize ?? Math.floor(n / (this.nSplits + 1));
    if (this.nSplits + 1 > n) throw new Error(`Cannot have number of folds=${this.nSplits + 1} greater than the number of samples=${n}`);
    if (n - this.gap - testSize * this.nSplits <= 0)
      throw new Error(`Too many splits=${this.nSplits} for number of samples=${n} with testSize=${testSize} and gap=${this.gap}`);
    for (let start = n - this.nSplits * testSize; start < n; start += testSize) {
      const end = start - this.gap;
      const from = this.maxTrainSize !== null && this.maxTrainSize < end ? end - this.maxTrainSize : 0;
      yield { train: range(from, end), test: range(start, start + testSize) };
    }
  }
}

// Repeats of a shuffled splitter, each repeat seeded by its own seed drawn from randomState.
class RepeatedSplits extends Splitter {
  constructor(name, Inner, options) {
    super();
    const o = checkOptions(name, options, { nSplits: 5, nRepeats: 10, randomState: 0 });
    checkInteger('nSplits', o.nSplits, 2);
    checkInteger('nRepeats', o.nRepeats, 1);
    checkSeed(o.randomState);
    Object.assign(this, o);
    this.inner = Inner;
  }

  getNSplits() {
    return this.nSplits * this.nRepeats;
  }

  *split(X, y, groups) {
    for (const seed of seedsFrom(this.randomState, this.nRepeats))
      yield* new this.inner({ nSplits: this.nSplits, shuffle: true, randomState: seed }).split(X, y, groups);
  }
}

export class RepeatedKFold extends RepeatedSplits {
  constructor(options) {
    super('RepeatedKFold', KFold, options);
  }
}

export class RepeatedStratifiedKFold extends RepeatedSplits {
  constructor(options) {
    super('RepeatedStratifiedKFold', StratifiedKFold, options);
  }
}

// nSplits random train/test splits, each trainTestSplit's with its own seed drawn from randomState
// (stratified: its stratify rule). Test size defaults to 0.1, as scikit-learn.
class RandomSplits extends Splitter {
  constructor(name, options) {
    super();
    const o = checkOptions(name, options, { nSplits: 10, testSize: null, trainSize: null, randomState: 0 });
    checkInteger('nSplits', o.nSplits, 1);
    checkSeed(o.randomState);
    if (o.testSize === null && o.trainSize === null) o.testSize = 0.1;
    Object.assign(this, o);
  }

  *draws(n, stratify) {
    const indices = { data: Float64Array.from(range(0, n)), rows: n, cols: 1 };
    for (const seed of seedsFrom(this.randomState, this.nSplits)) {
      const s = trainTestSplit(indices, { testSize: this.testSize, trainSize: this.trainSize, stratify, randomState: seed });
      yield { train: Int32Array.from(s.XTrain.data), test: Int32Array.from(s.XTest.data) };
    }
  }
}

export class ShuffleSplit extends RandomSplits {
  constructor(options) {
    super('ShuffleSplit', options);
  }

  *split(X) {
    yield* this.draws(sampleCount(X));
  }
}

export class StratifiedShuffleSplit extends RandomSplits {
  constructor(options) {
    super('StratifiedShuffleSplit', options);
  }

  *split(X, y) {
    const n = sampleCount(X);
    if (y == null) throw new Error('StratifiedShuffleSplit needs y (the labels to stratify)');
    if (y.length !== n) throw new Error(`y has ${y.length} entries but X has ${n} rows`);
    yield* this.draws(n, y);
  }
}

// Anything with split() counts as a splitter (scikit-learn's duck typing).
export const isSplitter = (cv) => cv != null && typeof cv === 'object' && typeof cv.split === 'function';
