// GridSearchCV and RandomizedSearchCV, as sklearn.model_selection. fit(X, y, { groups, signal, onProgress, ...
// options of the estimator }) returns a Promise; every (candidate, fold) pair is one fitAndScore task.
// cvResults keys are scikit-learn's in camelCase: mean_test_score -> meanTestScore, split0_test_score
// -> split0TestScore, param_<name> -> param<Name> (the parameter's name with its first letter
// capitalised: paramNNeighbors, paramKnn__nNeighbors), and with several scorers test_<scorer> ->
// Test<Scorer> (meanTestAccuracy, rankTestNegLogLoss). Times are in seconds.
import { clone, cloneSymbol, kindOf } from './clone.js';
import { scorers } from './scoring.js';
import { checkBoolean, permutation, uniformDraws } from './splitters.js';
import { AbortError, checkNJobs, checkOnProgress, checkSignal } from './pool.js';
import { checkErrorScore, checkModel, checkOwnOptions, dataOf, foldsOf, resultKey, runFolds } from './validation.js';

const capitalised = (s) => s[0].toUpperCase() + s.slice(1);
const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);
const mean = (a) => a.reduce((s, v) => s + v, 0) / a.length;
const std = (a) => {
  const m = mean(a);
  return Math.sqrt(a.reduce((s, v) => s + (v - m) ** 2, 0) / a.length);
};

// One grid or a list of grids, each { name: [values] } -> the list of grids, checked.
function gridList(grids, what, checkValue) {
  const list = Array.isArray(grids) ? grids : [grids];
  if (list.length === 0 || list.some((g) => !isPlainObject(g))) throw new Error(`${what} must be an object { name: values } or a non-empty list of such objects`);
  for (const g of list) for (const [name, values] of Object.entries(g)) checkValue(name, values);
  return list;
}

const checkValues = (what) => (name, values) => {
  if (!Array.isArray(values) || values.length === 0) throw new Error(`${what}: the values of '${name}' must be a non-empty array, got ${values === null ? 'null' : typeof values}`);
};

// Every combination of a grid, as scikit-learn's ParameterGrid: names sorted, the last name varying fastest.
function expandGrid(grid) {
  const names = Object.keys(grid).sort();
  let out = [{}];
  for (const name of names) out = out.flatMap((partial) => grid[name].map((v) => ({ ...partial, [name]: v })));
  return out;
}

// scipy.stats' meanings: uniform(loc, scale) on [loc, loc + scale], loguniform(a, b) on [a, b] with
// log-uniform density, randint(low, high) the integers low .. high - 1; `u` is a uniform in [0, 1).
const distributions = {
  uniform: ([loc, scale], u) => loc + scale * u,
  loguniform: ([a, b], u) => Math.exp(Math.log(a) + u * (Math.log(b) - Math.log(a))),
  randint: ([low, high], u) => low + Math.floor(u * (high - low)),
};

function checkDistribution(name, spec) {
  if (Array.isArray(spec)) return checkValues('paramDistributions')(name, spec);
  const kinds = isPlainObject(spec) ? Object.keys(spec) : [];
  const kind = kinds[0];
  if (kinds.length !== 1 || !distributions[kind])
    throw new Error(`paramDistributions: '${name}' must be an array of values or one of { uniform: [loc, scale] }, { loguniform: [a, b] }, { randint: [low, high] }`);
  const args = spec[kind];
  const finite = Array.isArray(args) && args.length === 2 && args.every(Number.isFinite);
  const valid = finite && { uniform: args[1] > 0, loguniform: args[0] > 0 && args[1] > args[0], randint: args.every(Number.isInteger) && args[1] > args[0] }[kind];
  if (!valid) throw new Error(`paramDistributions: ${kind} of '${name}' needs ${{ uniform: '[loc, scale] with scale > 0', loguniform: '[a, b] with 0 < a < b', randint: 'integers [low, high] with low < high' }[kind]}, got ${JSON.stringify(args)}`);
}

// nIter candidates, as scikit-learn's ParameterSampler: when every distribution is a list, nIter
// distinct grid points in random order (all of them, with a warning, if the grid is smaller); else
// for each candidate a grid drawn from the list, then a value for each name in sorted order.
function sampleCandidates(list, nIter, randomState, warnings) {
  if (list.every((g) => Object.values(g).every(Array.isArray))) {
    const grid = list.flatMap(expandGrid);
    if (grid.length < nIter)
      warnings.push(`The total space of parameters ${grid.length} is smaller than nIter=${nIter}; running ${grid.length} iterations`);
    return Array.from(permutation({ nSamples: grid.length, randomState }).subarray(0, Math.min(nIter, grid.length)), (i) => grid[i]);
  }
  const drawsPerCandidate = 1 + Math.max(...list.map((g) => Object.keys(g).length));
  const u = uniformDraws({ nSamples: nIter * drawsPerCandidate, randomState });
  return Array.from({ length: nIter }, (_, k) => {
    let next = k * drawsPerCandidate;
    const grid = list[Math.floor(u[next++] * list.length)];
    return Object.fromEntries(
      Object.keys(grid)
        .sort()
        .map((name) => {
          const spec = grid[name];
          const draw = u[next++];
          if (Array.isArray(spec)) return [name, spec[Math.floor(draw * spec.length)]];
          const [kind] = Object.keys(spec);
          return [name, distributions[kind](spec[kind], draw)];
        }),
    );
  });
}

// min-ranks of the means, largest first; NaN means are tied with the worst (as scikit-learn).
function minRanks(means) {
  const finite = means.filter((m) => !Number.isNaN(m));
  const floor = finite.length ? Math.min(...finite) - 1 : 0;
  const filled = means.map((m) => (Number.isNaN(m) ? floor : m));
  return Int32Array.from(filled, (m) => 1 + filled.filter((other) => other > m).length);
}

const searchOptions = ['scoring', 'refit', 'cv', 'errorScore', 'returnTrainScore', 'nJobs'];

// The most candidates a search takes: each is a fit per fold, and the list of them is held whole.
const kMaxCandidates = 1e6;

class BaseSearchCV {
  #fitted = null;

  constructor(name, estimator, options, own) {
    checkModel(estimator, name);
    const o = checkOwnOptions(name, options, [...searchOptions, ...Object.keys(own)]);
    this.name = name;
    this.estimator = estimator;
    this.options = { scoring: undefined, refit: true, cv: undefined, errorScore: NaN, returnTrainScore: false, nJobs: 1, ...own, ...o };
    checkErrorScore(this.options.errorScore);
    checkNJobs(this.options.nJobs);
    checkBoolean('returnTrainScore', this.options.returnTrainScore);
    this.scorers = scorers(this.options.scoring);
    const { refit } = this.options;
    const multi = this.scorers.size > 1 || (this.options.scoring !== null && typeof this.options.scoring === 'object');
    if (multi && refit !== false && !(typeof refit === 'string' && this.scorers.has(refit)) && typeof refit !== 'function')
      throw new Error(`For multi-metric scoring, refit must be false, a function, or the name of a scorer (${[...this.scorers.keys()].join(', ')}), got ${refit}`);
    if (!multi && typeof refit !== 'boolean' && typeof refit !== 'function') throw new Error(`refit must be true, false or a function, got ${refit}`);
    this.multimetric = multi;
    this.warnings = [];
  }

  get estimatorKind() {
    return kindOf(this.estimator);
  }

  getParams() {
    return { estimator: this.estimator, ...this.ownParams(), ...this.options };
  }

  [cloneSymbol]() {
    return new this.constructor(clone(this.estimator), Object.values(this.ownParams())[0], { ...this.options });
  }

  // Its own parameters (checked as by the constructor: the search is rebuilt), and the estimator's as
  // estimator__<name> (e.g. a pipeline step's: estimator__knn__nNeighbors).
  setParams(params) {
    if (params === null || typeof params !== 'object' || Array.isArray(params)) throw new Error(`${this.name}.setParams needs an object`);
    const own = {}, inner = {};
    for (const [key, value] of Object.entries(params)) {
      if (key.startsWith('estimator__')) inner[key.slice('estimator__'.length)] = value;
      else own[key] = value;
    }
    const { estimator = this.estimator, ...rest } = { ...this.ownParams(), ...this.options, ...own };
    const [space] = Object.keys(this.ownParams());
    const { [space]: grids, ...options } = rest;
    const rebuilt = new this.constructor(estimator, grids, options);
    if (Object.keys(inner).length) rebuilt.estimator.setParams(inner);
    Object.assign(this, rebuilt);
    this.dispose();
    return this;
  }

  // Cross-validates every candidate, then (refit) fits the best on all of X, y. An aborted signal
  // rejects with an AbortError (before the refit).
  async fit(X, y, fitOptions = {}) {
    if (fitOptions !== null && (typeof fitOptions !== 'object' || Array.isArray(fitOptions)))
      throw new Error(`${this.name}.fit options must be an object, got ${Array.isArray(fitOptions) ? 'an array' : typeof fitOptions}`);
    const { groups, signal, onProgress, ...estimatorFitOptions } = fitOptions ?? {};
    checkSignal(signal, `${this.name}.fit`);
    checkOnProgress(onProgress, `${this.name}.fit`);
    const data = dataOf(X, y, groups);
    const { folds, warnings } = foldsOf(this.options.cv, this.estimator, data);
    this.warnings = [...warnings];
    const candidates = this.candidates(this.warnings);
    const common = { estimator: this.estimator, scoring: this.options.scoring, fitOptions: estimatorFitOptions, errorScore: this.options.errorScore, returnTrainScore: this.options.returnTrainScore };
    const tasks = candidates.flatMap((params) => folds.map((f) => ({ ...common, ...f, params })));
    const run = await runFolds(tasks, data, { nJobs: this.options.nJobs, signal, onProgress });
    if (signal?.aborted) throw new AbortError();
    this.warnings.push(...run.warnings);
    const cvResults = this.#results(candidates, folds.length, run.results);
    const fitted = { cvResults, nSplits: folds.length, bestIndex: undefined, bestScore: undefined, bestEstimator: undefined, refitTime: undefined };
    const { refit } = this.options;
    const key = this.multimetric ? refit : 'score';
    if (typeof refit === 'function') {
      fitted.bestIndex = refit(cvResults);
      if (!Number.isInteger(fitted.bestIndex) || fitted.bestIndex < 0 || fitted.bestIndex >= candidates.length)
        throw new Error(`refit function must return a candidate index in [0, ${candidates.length - 1}], got ${fitted.bestIndex}`);
    } else if (refit !== false || !this.multimetric) {
      const ranks = cvResults[resultKey('rankTest', key)];
      fitted.bestIndex = ranks.indexOf(Math.min(...ranks));
      fitted.bestScore = cvResults[resultKey('meanTest', key)][fitted.bestIndex];
    }
    if (fitted.bestIndex !== undefined) fitted.bestParams = { ...candidates[fitted.bestIndex] };
    if (refit !== false) {
      const start = performance.now();
      fitted.bestEstimator = clone(this.estimator).setParams(fitted.bestParams).fit(data.X, y, estimatorFitOptions);
      fitted.refitTime = (performance.now() - start) / 1000;
    }
    this.dispose();
    this.#fitted = fitted;
    return this;
  }

  #results(candidates, nSplits, results) {
    const out = {};
    const at = (c) => results.slice(c * nSplits, (c + 1) * nSplits);
    const perCandidate = (f) => Float64Array.from(candidates, (_, c) => f(at(c)));
    out.meanFitTime = perCandidate((r) => mean(r.map((x) => x.fitTime)));
    out.stdFitTime = perCandidate((r) => std(r.map((x) => x.fitTime)));
    out.meanScoreTime = perCandidate((r) => mean(r.map((x) => x.scoreTime)));
    out.stdScoreTime = perCandidate((r) => std(r.map((x) => x.scoreTime)));
    const names = [...new Set(candidates.flatMap(Object.keys))].sort();
    for (const name of names) out[`param${capitalised(name)}`] = candidates.map((c) => (name in c ? c[name] : null));
    out.params = candidates.map((c) => ({ ...c }));
    const sets = this.options.returnTrainScore ? [['test', 'testScores'], ['train', 'trainScores']] : [['test', 'testScores']];
    for (const scorer of this.scorers.keys())
      for (const [which, field] of sets) {
        const scores = (c) => at(c).map((r) => r[field][scorer]);
        for (let k = 0; k < nSplits; k++) out[resultKey(`split${k}${capitalised(which)}`, scorer)] = Float64Array.from(candidates, (_, c) => scores(c)[k]);
        const means = Float64Array.from(candidates, (_, c) => mean(scores(c)));
        out[resultKey(`mean${capitalised(which)}`, scorer)] = means;
        out[resultKey(`std${capitalised(which)}`, scorer)] = Float64Array.from(candidates, (_, c) => std(scores(c)));
        if (which === 'test') out[resultKey('rankTest', scorer)] = minRanks(Array.from(means));
      }
    return out;
  }

  #get(name) {
    if (!this.#fitted) throw Object.assign(new Error(`This ${this.name} is not fitted yet: call fit before ${name}`), { name: 'NotFittedError' });
    const value = this.#fitted[name];
    if (value === undefined) throw new Error(`${this.name}.${name} is not available with refit=${this.options.refit}`);
    return value;
  }

  get cvResults() { return this.#get('cvResults'); }
  get bestIndex() { return this.#get('bestIndex'); }
  get bestParams() { return { ...this.#get('bestParams') }; }
  get bestScore() { return this.#get('bestScore'); }
  get bestEstimator() { return this.#get('bestEstimator'); }
  get refitTime() { return this.#get('refitTime'); }
  get nSplits() { return this.#get('nSplits'); }
  get classes() { return this.bestEstimator.classes; }

  // Frees the refitted best estimator's WebAssembly memory.
  dispose() {
    this.#fitted?.bestEstimator?.dispose();
    this.#fitted = null;
  }

  // Whether this search has the method now (scikit-learn's hasattr): the best estimator's once fitted
  // (none without refit), the estimator's before.
  hasMethod(name) {
    if (typeof this[name] !== 'function') return false;
    if (!['predict', 'predictProba', 'decisionFunction', 'transform'].includes(name)) return true;
    const model = this.#fitted ? this.#fitted.bestEstimator : this.estimator;
    return Boolean(model?.hasMethod(name));
  }

  predict(X) { return this.bestEstimator.predict(X); }
  predictProba(X) { return this.bestEstimator.predictProba(X); }
  decisionFunction(X) { return this.bestEstimator.decisionFunction(X); }
  transform(X) { return this.bestEstimator.transform(X); }

  // The refit scorer on (X, y), or the best estimator's own score without scoring (as scikit-learn).
  score(X, y) {
    const key = this.multimetric ? this.options.refit : 'score';
    if (typeof key !== 'string' || !this.scorers.has(key)) throw new Error(`${this.name}.score needs refit to name a scorer`);
    return this.scorers.get(key)(this.bestEstimator, X, y);
  }
}

export class GridSearchCV extends BaseSearchCV {
  constructor(estimator, paramGrid, options) {
    super('GridSearchCV', estimator, options, {});
    this.paramGrid = gridList(paramGrid, 'paramGrid', checkValues('paramGrid'));
    const count = this.paramGrid.reduce((sum, g) => sum + Object.values(g).reduce((product, values) => product * values.length, 1), 0);
    if (count > kMaxCandidates) throw new Error(`paramGrid has ${count} combinations, past the limit of ${kMaxCandidates} candidates`);
  }

  ownParams() {
    return { paramGrid: this.paramGrid };
  }

  candidates() {
    return this.paramGrid.flatMap(expandGrid);
  }
}

export class RandomizedSearchCV extends BaseSearchCV {
  constructor(estimator, paramDistributions, options) {
    super('RandomizedSearchCV', estimator, options, { nIter: 10, randomState: 0 });
    this.paramDistributions = gridList(paramDistributions, 'paramDistributions', checkDistribution);
    const { nIter, randomState } = this.options;
    if (!Number.isInteger(nIter) || nIter < 1 || nIter > kMaxCandidates) throw new Error(`nIter must be an integer from 1 to ${kMaxCandidates}, got ${nIter}`);
    if (!Number.isInteger(randomState) || randomState < 0) throw new Error(`randomState must be an integer at least 0, got ${randomState}`);
  }

  ownParams() {
    return { paramDistributions: this.paramDistributions };
  }

  candidates(warnings) {
    return sampleCandidates(this.paramDistributions, this.options.nIter, this.options.randomState, warnings);
  }
}
