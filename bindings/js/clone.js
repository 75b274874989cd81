// clone(model), as scikit-learn's sklearn.base.clone: a new model of the same class with the same
// parameters, not fitted; deep for pipelines and searches (their steps / estimator are cloned too).
// Estimators are rebuilt from getParams(); Pipeline, GridSearchCV and RandomizedSearchCV clone
// themselves through cloneSymbol.
import { Estimator } from './estimator.js';

export const cloneSymbol = Symbol('wasmlearn.clone');

// Whether `model` is something clone, pipelines and searches can work with.
export const isModel = (model) => model instanceof Estimator || (model != null && typeof model[cloneSymbol] === 'function');

export function clone(model) {
  if (model instanceof Estimator) return new model.constructor(model.getParams());
  if (isModel(model)) return model[cloneSymbol]();
  throw new Error(`clone needs a wasmlearn estimator, pipeline or search, got ${model === null ? 'null' : typeof model === 'object' ? (model.constructor?.name ?? 'an object') : typeof model}`);
}

// 'classifier', 'regressor', 'transformer' or 'clusterer' (scikit-learn's _estimator_type).
export const kindOf = (model) => model.constructor.metadata?.kind ?? model.estimatorKind;
