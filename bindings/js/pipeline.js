// Pipeline and makePipeline, as sklearn.pipeline: named steps, each but the last a transformer (or
// 'passthrough' / null, which pass X on unchanged); the pipeline is one model: fit, predict,
// predictProba, decisionFunction, transform, score, getParams / setParams with `step__param`
// addressing (so grids and clone reach the steps), toJSON / loadModel. It runs in JS over the steps'
// own WASM models, so it cannot be a member of a core meta-estimator (BaggingClassifier builds its
// members by name).
import { registerModelLoader, loadModel, portableModels, parseModel } from './estimator.js';
import { clone, cloneSymbol, isModel, kindOf } from './clone.js';
import { fitInWorker, fitsInParts } from './pool.js';

const isPassthrough = (step) => step === 'passthrough' || step === null;
// The methods a pipeline has when its last step has them (scikit-learn's available_if).
const finalMethods = ['predict', 'predictProba', 'decisionFunction', 'score', 'transform'];
const stepName = (model) => (model === 'passthrough' ? 'passthrough' : (model.constructor.metadata?.name ?? model.constructor.name).toLowerCase());

function checkSteps(steps) {
  if (!Array.isArray(steps) || steps.length === 0) throw new Error('Pipeline steps must be a non-empty array of [name, estimator] pairs');
  const names = new Set();
  steps.forEach((step, i) => {
    if (!Array.isArray(step) || step.length !== 2 || typeof step[0] !== 'string')
      throw new Error(`Pipeline step ${i} must be a [name, estimator] pair with a string name`);
    const [name, model] = step;
    if (name.includes('__')) throw new Error(`Pipeline step names must not contain '__': '${name}'`);
    if (name === '' || name === 'steps') throw new Error(`'${name}' is not a valid Pipeline step name`);
    if (names.has(name)) throw new Error(`Pipeline step names must be unique: '${name}' is given twice`);
    names.add(name);
    if (!isPassthrough(model) && !isModel(model)) throw new Error(`Pipeline step '${name}' must be a wasmlearn estimator, 'passthrough' or null`);
    if (i < steps.length - 1 && !isPassthrough(model) && typeof model.transform !== 'function')
      throw new Error(`All intermediate steps of a Pipeline must be transformers or 'passthrough'; '${name}' (${stepName(model)}) has no transform`);
  });
  return steps.map(([name, model]) => [name, model]);
}

export class Pipeline {
  #steps;

  constructor(steps, options) {
    if (options !== undefined) throw new Error('Pipeline takes no options (scikit-learn\'s memory and verbose do not apply)');
    this.#steps = checkSteps(steps);
  }

  get steps() {
    return this.#steps.map(([name, model]) => [name, model]);
  }

  get namedSteps() {
    return Object.fromEntries(this.#steps);
  }

  #last() {
    return this.#steps[this.#steps.length - 1][1];
  }

  // The kind of the last step ('transformer' when it is 'passthrough').
  get estimatorKind() {
    const last = this.#last();
    return isPassthrough(last) ? 'transformer' : kindOf(last);
  }

  get classes() {
    return this.#finalWith('classes').classes;
  }

  // { steps, <name>: step, <name>__<param>: value } (scikit-learn's get_params(deep=True)).
  getParams() {
    const out = { steps: this.steps };
    for (const [name, model] of this.#steps) {
      out[name] = model;
      if (!isPassthrough(model)) for (const [key, value] of Object.entries(model.getParams())) out[`${name}__${key}`] = value;
    }
    return out;
  }

  // steps, a whole step by its name (an estimator, 'passthrough' or null), or `name__param` of a step.
  setParams(params) {
    if (params === null || typeof params !== 'object' || Array.isArray(params)) throw new Error('Pipeline.setParams needs an object');
    const { steps, ...rest } = params;
    if (steps !== undefined) this.#steps = checkSteps(steps);
    const byStep = new Map();
    const replaced = this.#steps.map(([name, model]) => [name, name in rest ? rest[name] : model]);
    for (const [key, value] of Object.entries(rest)) {
      if (this.#steps.some(([name]) => name === key)) continue;
      const cut = key.indexOf('__');
      const step = cut < 0 ? undefined : replaced.find(([name]) => name === key.slice(0, cut));
      if (!step) throw new Error(`Invalid parameter '${key}' for Pipeline; valid: steps, ${this.#steps.map(([n]) => `${n}, ${n}__<param>`).join(', ')}`);
      if (isPassthrough(step[1])) throw new Error(`Pipeline step '${step[0]}' is ${step[1]}: it has no parameter ${key.slice(cut + 2)}`);
      if (!byStep.has(step[0])) byStep.set(step[0], {});
      byStep.get(step[0])[key.slice(cut + 2)] = value;
    }
    this.#steps = checkSteps(replaced);
    for (const [name, model] of this.#steps) if (byStep.has(name)) model.setParams(byStep.get(name));
    return this;
  }

  [cloneSymbol]() {
    return new Pipeline(this.#steps.map(([name, model]) => [name, isPassthrough(model) ? model : clone(model)]));
  }

  // fit options are addressed to steps as `step__option` (e.g. { ridge__sampleWeight: w }).
  #fitOptions(options) {
    const byStep = Object.fromEntries(this.#steps.map(([name]) => [name, undefined]));
    for (const [key, value] of Object.entries(options ?? {})) {
      const cut = key.indexOf('__');
      const name = key.slice(0, cut);
      if (cut < 0 || !(name in byStep)) throw new Error(`Pipeline.fit options must be addressed to a step as <step>__<option>, got '${key}'`);
      byStep[name] = { ...byStep[name], [key.slice(cut + 2)]: value };
    }
    return byStep;
  }

  // X through every step but the last; fitting: each step is fitted on what the previous gave.
  #through(X, y, fitting, fitOptions) {
    let Xt = X;
    for (const [name, model] of this.#steps.slice(0, -1)) {
      if (isPassthrough(model)) continue;
      Xt = fitting ? model.fit(Xt, y, fitOptions?.[name]).transform(Xt) : model.transform(Xt);
    }
    return Xt;
  }

  fit(X, y, options) {
    const fitOptions = this.#fitOptions(options);
    const Xt = this.#through(X, y, true, fitOptions);
    const [name, last] = this.#steps[this.#steps.length - 1];
    if (!isPassthrough(last)) last.fit(Xt, y, fitOptions[name]);
    return this;
  }

  // fit in a worker (see Estimator.fitAsync); the steps keep their identity and take the fitted state.
  // A last step that fits in parts on several workers (a forest or bagging with nJobs, restarts,
  // one-vs-rest members) does so: the steps before it fitted once in a worker, X transformed by them
  // here, the last step fitted on the pool (its fitAsync) and reporting onProgress.
  async fitAsync(X, y, options) {
    const [name, last] = this.#steps[this.#steps.length - 1];
    if (this.#steps.length === 1 || isPassthrough(last) || !(await fitsInParts(last, y))) return this._adopt(await fitInWorker(this, X, y, options, portableModels));
    const { signal, onProgress, ...fitOptions } = options ?? {};
    const byStep = this.#fitOptions(fitOptions);
    const before = Object.fromEntries(Object.entries(fitOptions).filter(([key]) => !key.startsWith(`${name}__`)));
    // The steps before the last (the same models), ending in 'passthrough'.
    const head = new Pipeline([...this.#steps.slice(0, -1), [name, 'passthrough']]);
    head._adopt(await fitInWorker(head, X, y, { ...before, signal }, portableModels));
    await last.fitAsync(this.#through(X), y, { ...byStep[name], signal, onProgress });
    return this;
  }

  _adopt(source) {
    this.#steps.forEach(([, model], i) => isPassthrough(model) || model._adopt(source.#steps[i][1]));
    return this;
  }

  // Whether this pipeline has the method now (scikit-learn's hasattr): predict, predictProba, ... when
  // its last step has it (a 'passthrough' last step transforms only).
  hasMethod(name) {
    if (typeof this[name] !== 'function') return false;
    const method = name === 'fitTransform' ? 'transform' : name;
    if (!finalMethods.includes(method)) return true;
    const last = this.#last();
    return isPassthrough(last) ? method === 'transform' : last.hasMethod(method);
  }

  #finalWith(method) {
    const last = this.#last();
    if (isPassthrough(last) || (typeof last[method] !== 'function' && !(method in last)))
      throw new Error(`This Pipeline has no ${method}: its last step (${isPassthrough(last) ? 'passthrough' : stepName(last)}) does not have it`);
    return last;
  }

  predict(X) {
    return this.#finalWith('predict').predict(this.#through(X));
  }

  predictProba(X) {
    return this.#finalWith('predictProba').predictProba(this.#through(X));
  }

  decisionFunction(X) {
    return this.#finalWith('decisionFunction').decisionFunction(this.#through(X));
  }

  score(X, y) {
    return this.#finalWith('score').score(this.#through(X), y);
  }

  transform(X) {
    const Xt = this.#through(X);
    return isPassthrough(this.#last()) ? Xt : this.#finalWith('transform').transform(Xt);
  }

  fitTransform(X, y, options) {
    return this.fit(X, y, options).transform(X);
  }

  toJSON() {
    return { estimator: 'Pipeline', steps: this.#steps.map(([name, model]) => [name, isPassthrough(model) ? model : model.toJSON()]) };
  }

  static fromJSON(json) {
    const model = typeof json === 'string' ? parseModel(json) : json;
    if (model?.estimator !== 'Pipeline' || !Array.isArray(model.steps)) throw new Error('model JSON: not a Pipeline ({ estimator: "Pipeline", steps: [[name, model], ...] })');
    return new Pipeline(model.steps.map((step) => [step?.[0], isPassthrough(step?.[1]) ? step[1] : loadModel(step?.[1])]));
  }

  dispose() {
    for (const [, model] of this.#steps) if (!isPassthrough(model)) model.dispose?.();
  }
}

registerModelLoader('Pipeline', (model) => Pipeline.fromJSON(model));

// A Pipeline whose steps are named as scikit-learn's make_pipeline names them: the lower-cased class
// name, and where a name occurs more than once, numbered name-1, name-2, ...
export function makePipeline(...steps) {
  for (const s of steps) if (!isPassthrough(s) && !isModel(s)) throw new Error('makePipeline takes wasmlearn estimators, \'passthrough\' or null');
  const names = steps.map((s) => (s === null ? 'passthrough' : stepName(s)));
  const seen = new Map();
  const numbered = names.map((name) => {
    if (names.filter((n) => n === name).length === 1) return name;
    seen.set(name, (seen.get(name) ?? 0) + 1);
    return `${name}-${seen.get(name)}`;
  });
  return new Pipeline(steps.map((s, i) => [numbered[i], s]));
}
