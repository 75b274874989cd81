// model.toOnnx(): a fitted model (or a Pipeline of them) as an ONNX model's bytes, for onnxruntime
// in any language. Tensor outputs only (no ZipMap): a classifier gives `label` and `probabilities`,
// a regressor or a transformer `variable`, KMeans `label` and `scores` (distances to the centres),
// a classifier without predictProba (Perceptron, RidgeClassifier, LinearSVC, OneClassSVM) `label` and
// `scores` (decisionFunction), SVC / NuSVC `label`, `scores` and with probability: true `probabilities`
// (see svm.js), NearestCentroid `label`.
// The input is `X`, float32 [N, nFeaturesIn].
import { Estimator } from '../estimator.js';
import { Pipeline } from '../pipeline.js';
import { Graph, DataType } from './graph.js';
import { finalExporters, transformExporters } from './exporters.js';
import { treeExporters } from './trees.js';
import { neighborExporters } from './neighbors.js';
import { svmExporters } from './svm.js';

const finals = { ...finalExporters, ...treeExporters, ...neighborExporters, ...svmExporters };
// Estimator name -> exporter: a transform (any step of a pipeline) or a final step.
const transforms = new Map(
  Object.entries({ StandardScaler: 'standardScaler', MinMaxScaler: 'minMaxScaler', MaxAbsScaler: 'maxAbsScaler', RobustScaler: 'robustScaler', PCA: 'pca' }),
);
const lasts = new Map(
  Object.entries({
    LinearRegression: 'linearRegressor',
    Ridge: 'linearRegressor',
    Lasso: 'linearRegressor',
    ElasticNet: 'linearRegressor',
    SubsetSelection: 'linearRegressor',
    LogisticRegression: 'linearProbabilities',
    LinearDiscriminantAnalysis: 'linearProbabilities',
    NearestCentroid: 'nearestCentroid',
    Perceptron: 'linearDecision',
    RidgeClassifier: 'linearDecision',
    LinearSVC: 'linearDecision',
    LinearSVR: 'linearRegressor',
    SVC: 'svmClassifier',
    NuSVC: 'svmClassifier',
    SVR: 'svmRegressor',
    NuSVR: 'svmRegressor',
    OneClassSVM: 'oneClassSVM',
    GaussianNB: 'gaussianNB',
    KMeans: 'kMeans',
    DecisionTreeClassifier: 'treeClassifier',
    RandomForestClassifier: 'treeClassifier',
    ExtraTreesClassifier: 'treeClassifier',
    DecisionTreeRegressor: 'treeRegressor',
    RandomForestRegressor: 'treeRegressor',
    ExtraTreesRegressor: 'treeRegressor',
    KNeighborsClassifier: 'kNeighborsClassifier',
    KNeighborsRegressor: 'kNeighborsRegressor',
  }),
);

export const exportableEstimators = () => [...transforms.keys(), ...lasts.keys()].sort();

const isPassthrough = (step) => step === 'passthrough' || step === null;
const nameOf = (model) => model.constructor.metadata?.name ?? model.constructor.name;

function cannotExport(model, where) {
  return new Error(`toOnnx: ${nameOf(model)}${where} cannot be exported to ONNX; exportable estimators: ${exportableEstimators().join(', ')}`);
}

function nFeaturesOf(model, steps) {
  const first = steps.find((s) => !isPassthrough(s));
  if (!first) throw new Error('toOnnx: a Pipeline of passthrough steps only has nothing to export');
  try {
    return first.nFeaturesIn;
  } catch (e) {
    if (e.name !== 'NotFittedError') throw e;
    throw Object.assign(new Error(`This ${nameOf(model)} is not fitted yet: call fit before toOnnx`), { name: 'NotFittedError' });
  }
}

// The steps of a model, nested pipelines flattened.
const stepsOf = (model) => (model instanceof Pipeline ? model.steps.flatMap(([, step]) => stepsOf(step)) : [model]);

export function toOnnx(model) {
  const steps = stepsOf(model);
  const p = nFeaturesOf(model, steps);
  const graph = new Graph(p);
  let x = graph.input, width = p;
  for (const [i, step] of steps.entries()) {
    if (isPassthrough(step)) continue;
    const where = steps.length > 1 ? ` (pipeline step ${i})` : '';
    if (!(step instanceof Estimator)) throw cannotExport(step, where);
    const name = nameOf(step);
    if (transforms.has(name)) {
      ({ transformed: x, width } = transformExporters[transforms.get(name)](step, graph, x));
      continue;
    }
    if (!lasts.has(name)) throw cannotExport(step, where);
    if (i !== steps.length - 1) throw new Error(`toOnnx: ${name}${where} must be the last step of the pipeline`);
    for (const output of finals[lasts.get(name)](step, graph, x)) graph.output(...output);
    return graph.encode(`${nameOf(model)} from wasmlearn`);
  }
  graph.output('variable', x, DataType.FLOAT, ['N', width]);
  return graph.encode(`${nameOf(model)} from wasmlearn`);
}

for (const Class of [Estimator, Pipeline])
  Object.defineProperty(Class.prototype, 'toOnnx', {
    value() {
      return toOnnx(this);
    },
    writable: true,
    configurable: true,
  });
