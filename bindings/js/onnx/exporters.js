// One exporter per family: (model, graph, x) -> what it adds after the float tensor named x.
// A transformer returns { transformed, width }; a final step returns the graph's outputs as
// [name, value, elemType, dims]. Values are read from the fitted attributes (and, for forests and
// neighbours, from toJSON, which holds the trees and the training set).
import { ML, ints, DataType } from './graph.js';

const rowsOf = (m) => (m.rows === undefined ? [Array.from(m)] : Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols))));
const flat = (m) => Array.from(m.data ?? m);

// The class labels as ONNX takes them: int64s, or strings; other numbers cannot be a label.
function classLabels(model) {
  const classes = Array.from(model.classes);
  if (classes.every((c) => typeof c === 'string')) return { strings: classes, elemType: DataType.STRING };
  if (classes.every((c) => Number.isInteger(c))) return { ints: classes, elemType: DataType.INT64 };
  throw new Error(`toOnnx: ${model.constructor.metadata.name} has non-integer numeric classes (${classes.join(', ')}); ONNX labels are integers or strings`);
}

function classifierOutputs(model, label, probabilities) {
  const { elemType } = classLabels(model);
  return [['label', label, elemType, ['N']], ['probabilities', probabilities, DataType.FLOAT, ['N', model.classes.length]]];
}

// The class label of each row's best score: the largest (ArgMax) or the smallest (ArgMin); the first
// of ties, as numpy.
function labelOfBest(g, model, scores, pick = 'ArgMax') {
  const index = g.node(pick, [scores], { axis: 1, keepdims: 0 });
  const labels = classLabels(model);
  if (labels.strings) {
    const table = g.node('Constant', [], { value_strings: labels.strings });
    return g.node('Gather', [table, index], { axis: 0 });
  }
  return g.node('Gather', [g.constant('classes', labels.ints, undefined, { int64: true }), index], { axis: 0 });
}

const axes = (g, list) => g.constant('axes', list, undefined, { int64: true });

// x[i, j] - points[k, j] for every row i and point k: [N, K, p].
function differences(g, x, points) {
  const rows = g.node('Unsqueeze', [x, axes(g, [1])]);
  return g.node('Sub', [rows, g.constant('points', points.flat(), [points.length, points[0].length])]);
}

// sum over features of w[k, j] * (x[j] - c[k, j])^2 for each row and each row k of `centres`: [N, K].
function weightedSquaredDistances(g, x, centres, weights) {
  const diff = differences(g, x, centres);
  let squared = g.node('Mul', [diff, diff]);
  if (weights) squared = g.node('Mul', [squared, g.constant('weights', weights.flat(), [centres.length, centres[0].length])]);
  return g.node('ReduceSum', [squared, axes(g, [2])], { keepdims: 0 });
}

function linearRegressor(model, g, x) {
  const coef = rowsOf(model.coef);
  const y = g.node('LinearRegressor', [x], { coefficients: coef.flat(), intercepts: typeof model.intercept === 'number' ? [model.intercept] : flat(model.intercept), targets: coef.length }, { domain: ML });
  return [['variable', y, DataType.FLOAT, ['N', coef.length]]];
}

// A LinearClassifier over coef and intercept; two classes' single row as two rows (-w, w), so that
// the scores are (-s, s) (with LOGISTIC: (1 - p, p)) and the label is the second class for s > 0.
function linearClassifier(model, g, x, postTransform) {
  let coef = rowsOf(model.coef), intercept = flat(model.intercept);
  const binary = coef.length === 1;
  if (binary) {
    coef = [coef[0].map((v) => -v), coef[0]];
    intercept = [-intercept[0], intercept[0]];
  }
  const labels = classLabels(model);
  const [label, scores] = g.node(
    'LinearClassifier',
    [x],
    {
      coefficients: coef.flat(),
      intercepts: intercept,
      post_transform: postTransform(binary),
      ...(labels.strings ? { classlabels_strings: labels.strings } : { classlabels_ints: ints(labels.ints) }),
    },
    { domain: ML, outputs: 2 },
  );
  return { label, scores, binary };
}

// LogisticRegression and LinearDiscriminantAnalysis: binary and one-vs-rest with LOGISTIC per class
// (one-vs-rest normalised to sum 1 as scikit-learn does), multinomial with SOFTMAX.
function linearProbabilities(model, g, x) {
  const ovr = model.getParams().multiClass === 'ovr';
  const { label, scores, binary } = linearClassifier(model, g, x, (binary) => (binary || ovr ? 'LOGISTIC' : 'SOFTMAX'));
  const probabilities = ovr && !binary ? g.node('Normalizer', [scores], { norm: 'L1' }, { domain: ML }) : scores;
  return classifierOutputs(model, label, probabilities);
}

// Linear classifiers without probabilities (Perceptron, RidgeClassifier): `label` and `scores`, the
// decision function (one column for two classes, as decisionFunction).
function linearDecision(model, g, x) {
  const { label, scores, binary } = linearClassifier(model, g, x, () => 'NONE');
  const decision = binary ? g.node('Gather', [scores, g.constant('second', [1], [], { int64: true })], { axis: 1 }) : scores;
  return [
    ['label', label, classLabels(model).elemType, ['N']],
    ['scores', decision, DataType.FLOAT, binary ? ['N'] : ['N', model.classes.length]],
  ];
}

// The Scaler operator computes (x - offset) · scale per feature.
const scaler = (model, g, x, offset, scale) => ({ transformed: g.node('Scaler', [x], { offset, scale }, { domain: ML }), width: model.nFeaturesIn });

function standardScaler(model, g, x) {
  const p = model.nFeaturesIn;
  const { withMean, withStd } = model.getParams();
  const offset = withMean ? flat(model.mean) : new Array(p).fill(0);
  const scale = withStd ? flat(model.scale).map((s) => 1 / s) : new Array(p).fill(1);
  return scaler(model, g, x, offset, scale);
}

const robustScaler = (model, g, x) => scaler(model, g, x, flat(model.center), flat(model.scale).map((s) => 1 / s));
const maxAbsScaler = (model, g, x) => scaler(model, g, x, new Array(model.nFeaturesIn).fill(0), flat(model.scale).map((s) => 1 / s));

// MinMaxScaler's x · scale + min is (x + min / scale) · scale (its scale is never 0); with clip, then
// clipped to featureRange.
function minMaxScaler(model, g, x) {
  const scale = flat(model.scale);
  const scaled = scaler(model, g, x, flat(model.min).map((m, j) => -m / scale[j]), scale);
  const { featureRange, clip } = model.getParams();
  if (!clip) return scaled;
  const [low, high] = featureRange.map((v) => g.constant('bound', [v], []));
  return { transformed: g.node('Clip', [scaled.transformed, low, high]), width: scaled.width };
}

function pca(model, g, x) {
  const components = rowsOf(model.components);
  const k = components.length, p = components[0].length;
  const projection = new Array(p * k);
  const divisor = model.getParams().whiten ? flat(model.explainedVariance).map(Math.sqrt) : new Array(k).fill(1);
  for (let j = 0; j < p; j++) for (let c = 0; c < k; c++) projection[j * k + c] = components[c][j] / divisor[c];
  const centred = g.node('Sub', [x, g.constant('mean', flat(model.mean), [1, p])]);
  return { transformed: g.node('MatMul', [centred, g.constant('components', projection, [p, k])]), width: k };
}

// GaussianNB's joint log-likelihood log prior - 1/2 sum log(2 pi var) - sum (x - theta)^2 / (2 var).
function gaussianNB(model, g, x) {
  const theta = rowsOf(model.theta), variance = rowsOf(model.var), prior = flat(model.classPrior);
  const constant = prior.map((q, c) => Math.log(q) - 0.5 * variance[c].reduce((s, v) => s + Math.log(2 * Math.PI * v), 0));
  const distances = weightedSquaredDistances(g, x, theta, variance.map((row) => row.map((v) => 0.5 / v)));
  const jointLogLikelihood = g.node('Sub', [g.constant('logPrior', constant, [1, constant.length]), distances]);
  const probabilities = g.node('Softmax', [jointLogLikelihood], { axis: 1 });
  return classifierOutputs(model, labelOfBest(g, model, jointLogLikelihood), probabilities);
}

// NearestCentroid: the class of the nearest centroid (euclidean).
function nearestCentroid(model, g, x) {
  if (model.getParams().metric !== 'euclidean')
    throw new Error(`toOnnx: NearestCentroid with metric '${model.getParams().metric}' cannot be exported; only metric 'euclidean' can`);
  const squared = weightedSquaredDistances(g, x, rowsOf(model.centroids));
  return [['label', labelOfBest(g, model, squared, 'ArgMin'), classLabels(model).elemType, ['N']]];
}

// KMeans: the nearest centre's index, and the distances to the centres (as transform).
function kMeans(model, g, x) {
  const centres = rowsOf(model.clusterCenters);
  const squared = weightedSquaredDistances(g, x, centres);
  const label = g.node('ArgMin', [squared], { axis: 1, keepdims: 0 });
  return [['label', label, DataType.INT64, ['N']], ['scores', g.node('Sqrt', [squared]), DataType.FLOAT, ['N', centres.length]]];
}

export const finalExporters = { linearRegressor, linearProbabilities, linearDecision, gaussianNB, nearestCentroid, kMeans };
export const transformExporters = { standardScaler, minMaxScaler, maxAbsScaler, robustScaler, pca };
export { rowsOf, flat, axes, classLabels, classifierOutputs, labelOfBest, differences, weightedSquaredDistances };
