// scikit-learn's scoring strings as scorers (estimator, X, y) -> number over the `metrics` namespace:
// each names its metric function, the response it needs (predict, predictProba or the decision
// function) and the metric's options. A scorer whose metric this build lacks fails when called, naming
// the function; an unknown string lists the valid ones. Larger is better: losses are negated (neg_*).
import * as metrics from './metrics.js';

// name: [metric function, response, options, sign]. 'threshold' is scikit-learn's needs_threshold:
// the decision function, else the probability of the second class.
const table = {
  accuracy: ['accuracyScore', 'predict'],
  balanced_accuracy: ['balancedAccuracyScore', 'predict'],
  matthews_corrcoef: ['matthewsCorrcoef', 'predict'],
  roc_auc: ['rocAucScore', 'threshold'],
  roc_auc_ovr: ['rocAucScore', 'predictProba', { multiClass: 'ovr' }],
  roc_auc_ovo: ['rocAucScore', 'predictProba', { multiClass: 'ovo' }],
  roc_auc_ovr_weighted: ['rocAucScore', 'predictProba', { multiClass: 'ovr', average: 'weighted' }],
  roc_auc_ovo_weighted: ['rocAucScore', 'predictProba', { multiClass: 'ovo', average: 'weighted' }],
  average_precision: ['averagePrecisionScore', 'threshold'],
  neg_log_loss: ['logLoss', 'predictProba', {}, -1],
  neg_brier_score: ['brierScoreLoss', 'probabilityOfSecond', {}, -1],
  r2: ['r2Score', 'predict'],
  explained_variance: ['explainedVarianceScore', 'predict'],
  max_error: ['maxError', 'predict', {}, -1],
  neg_mean_squared_error: ['meanSquaredError', 'predict', {}, -1],
  neg_root_mean_squared_error: ['meanSquaredError', 'predict', { squared: false }, -1],
  neg_mean_absolute_error: ['meanAbsoluteError', 'predict', {}, -1],
  neg_median_absolute_error: ['medianAbsoluteError', 'predict', {}, -1],
  neg_mean_absolute_percentage_error: ['meanAbsolutePercentageError', 'predict', {}, -1],
  adjusted_rand_score: ['adjustedRandScore', 'predict'],
  normalized_mutual_info_score: ['normalizedMutualInfoScore', 'predict'],
};
for (const [prefix, metric] of [['precision', 'precisionScore'], ['recall', 'recallScore'], ['f1', 'f1Score']]) {
  table[prefix] = [metric, 'predict'];
  for (const average of ['macro', 'micro', 'weighted']) table[`${prefix}_${average}`] = [metric, 'predict', { average }];
}

export const scoringNames = Object.keys(table).sort();

// The classifier's scores for the metric: the decision function or a probability column.
function response(estimator, kind, X) {
  if (kind === 'predict') return estimator.predict(X);
  if (kind === 'predictProba') return estimator.predictProba(X);
  const secondColumn = () => {
    const p = estimator.predictProba(X);
    if (p.cols !== 2) throw new Error(`this scorer needs a binary classifier, got ${p.cols} classes`);
    return Float64Array.from({ length: p.rows }, (_, i) => p.data[i * 2 + 1]);
  };
  if (kind === 'probabilityOfSecond') return secondColumn();
  return typeof estimator.decisionFunction === 'function' ? estimator.decisionFunction(X) : secondColumn();
}

// A scorer for one scoring string (or function); `name` is scikit-learn's key for results.
export function scorer(scoring) {
  if (typeof scoring === 'function') return scoring;
  if (typeof scoring !== 'string') throw new Error(`scoring must be a string, a function (estimator, X, y) => number, a list or an object, got ${scoring === null ? 'null' : typeof scoring}`);
  const entry = table[scoring];
  if (!entry) throw new Error(`'${scoring}' is not a valid scoring value; valid values: ${scoringNames.join(', ')}`);
  const [metricName, kind, options = {}, sign = 1] = entry;
  return (estimator, X, y) => {
    const metric = metrics[metricName];
    if (typeof metric !== 'function') throw new Error(`scoring '${scoring}' needs metrics.${metricName}, which this build of wasmlearn does not have`);
    const extra = { ...options };
    // Probabilities are in the order of the fitted classes, which a test fold may not all hold.
    if (kind === 'predictProba' && metric.metadata?.params.some((p) => p.name === 'labels')) extra.labels = Array.from(estimator.classes);
    const args = [y, response(estimator, kind, X)];
    return sign * (Object.keys(extra).length ? metric(...args, extra) : metric(...args));
  };
}

// The scorers of `scoring` as a Map name -> scorer: undefined gives estimator.score under 'score';
// a string or a function one entry 'score'; a list of strings or an object { name: string | function }
// several (multi-metric, named as given).
export function scorers(scoring) {
  if (scoring === undefined || scoring === null) return new Map([['score', (estimator, X, y) => estimator.score(X, y)]]);
  if (typeof scoring === 'string' || typeof scoring === 'function') return new Map([['score', scorer(scoring)]]);
  if (Array.isArray(scoring)) {
    if (scoring.length === 0) throw new Error('scoring must not be an empty list');
    if (scoring.some((s) => typeof s !== 'string')) throw new Error('a list of scoring values must hold strings only (use an object to name functions)');
    if (new Set(scoring).size !== scoring.length) throw new Error('the scoring list has duplicates');
    return new Map(scoring.map((s) => [s, scorer(s)]));
  }
  if (typeof scoring === 'object') {
    const entries = Object.entries(scoring);
    if (entries.length === 0) throw new Error('scoring must not be an empty object');
    return new Map(entries.map(([name, s]) => [name, scorer(s)]));
  }
  return new Map([['score', scorer(scoring)]]);
}
