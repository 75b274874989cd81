// loadOnnx(bytes): an ONNX model of ai.onnx.ml operators (as skl2onnx and onnxmltools write them)
// as a wasmlearn model, built through the models' saved-JSON state (loadModel), no new C++:
//   Scaler                                 StandardScaler (mean = offset, scale = 1 / scale)
//   Normalizer on the features             Normalizer (MAX, L1, L2)
//   LinearRegressor                        LinearRegression
//   LinearClassifier  SOFTMAX / LOGISTIC   LogisticRegression (multinomial / one-vs-rest; a following
//                                          Normalizer L1 is the one-vs-rest normalisation)
//                     NONE                 RidgeClassifier (a linear decision function)
//   TreeEnsembleClassifier / Regressor     DecisionTree* (one tree) or RandomForest* (leaf values as
//                                          weights; SUM or AVERAGE, base_values added to the leaves)
//   SVMClassifier / SVMRegressor           SVC / SVR (probabilities with prob_a / prob_b)
// A chain of these is a Pipeline. Cast, Identity and ZipMap nodes are skipped; any other operator
// is an Error naming it. onnxmltools' Spark ML layout also loads: a leading Concat of the inputs
// (VectorAssembler; the model then reads the columns side by side), the Normalizer L1 after a
// LogisticRegression's LinearClassifier LOGISTIC, tree classifiers of two classes with one weight per
// leaf. Not Spark's GBT* (tree ensembles combined by standard operators) nor categorical splits
// (BRANCH_EQ). The attributes are float32, so the loaded model computes with float32-rounded
// parameters in double precision.
import { proto } from './onnx_proto.js';
import { ML } from './graph.js';
import { loadModel } from '../estimator.js';
import { makePipeline } from '../pipeline.js';

const decoder = new TextDecoder();
const SKIPPED = new Set(['Cast', 'Identity', 'ZipMap']);
const LABEL_OF_BEST = new Set(['ArgMax', 'Gather', 'Constant']);
export const importableOperators = () =>
  ['Scaler', 'Normalizer', 'LinearRegressor', 'LinearClassifier', 'TreeEnsembleClassifier', 'TreeEnsembleRegressor', 'SVMClassifier', 'SVMRegressor'].map((op) => `${ML}.${op}`);

// A node's attributes by name as plain values (numbers, arrays, strings).
function attributesOf(node) {
  const out = {};
  for (const a of node.attribute ?? []) {
    if (a.strings?.length) out[a.name] = a.strings.map((s) => decoder.decode(s));
    else if (a.floats?.length) out[a.name] = a.floats.map(Number);
    else if (a.ints?.length) out[a.name] = a.ints.map(Number);
    else if (a.s?.length) out[a.name] = decoder.decode(a.s);
    else if (a.type === proto().AttributeType.FLOAT) out[a.name] = Number(a.f ?? 0);
    else out[a.name] = Number(a.i ?? 0);
  }
  return out;
}

const saved = (estimator, params, state, extra = {}) => ({ estimator, fitted: true, format: 'wasmlearn-model', version: 1, params, state, yIsVector: true, ...extra });
const matrix = (rows, cols, data) => ({ rows, cols, data: Array.from(data) });

// The class labels of a classifier node, as the model's saved labels.
function labelsOf(a, op) {
  const strings = a.classlabels_strings;
  const ints = a.classlabels_ints ?? a.classlabels_int64s;
  if (strings?.length) return { kind: 'string', classes: strings };
  if (ints?.length) return { kind: 'number', classes: ints };
  throw new Error(`loadOnnx: ${op} has no class labels`);
}

function scaler(a, p) {
  const mean = a.offset.length === 1 ? new Array(p).fill(a.offset[0]) : a.offset;
  const scale = (a.scale.length === 1 ? new Array(p).fill(a.scale[0]) : a.scale).map((s) => 1 / s);
  return saved('StandardScaler', { withMean: true, withStd: true }, { mean, scale, var: scale.map((s) => s * s), nSamplesSeen: 1 });
}

function normalizer(a, p) {
  return saved('Normalizer', { norm: a.norm.toLowerCase() }, { nFeaturesIn: p });
}

function linearRegressor(a, p) {
  const targets = a.targets ?? 1;
  const intercept = a.intercepts ?? new Array(targets).fill(0);
  if (a.post_transform && a.post_transform !== 'NONE') throw new Error(`loadOnnx: LinearRegressor with post_transform ${a.post_transform} is not supported`);
  return saved('LinearRegression', { fitIntercept: true }, { coef: matrix(targets, p, a.coefficients), intercept, rank: p, singular: [] }, { yIsVector: targets === 1 });
}

// LinearClassifier: two classes' rows (-w, w) (or one row w) are the model's one row w; with SOFTMAX
// the row is w1 - w0.
function linearClassifier(a, p, ovrNormalised) {
  const labels = labelsOf(a, 'LinearClassifier');
  const k = labels.classes.length;
  const rows = a.coefficients.length / p;
  const transform = a.post_transform ?? 'NONE';
  let coef = a.coefficients, intercept = a.intercepts ?? new Array(rows).fill(0);
  if (k === 2 && rows === 2) {
    const [w0, w1] = [coef.slice(0, p), coef.slice(p)];
    if (transform === 'SOFTMAX') [coef, intercept] = [w1.map((v, j) => v - w0[j]), [intercept[1] - intercept[0]]];
    else if (w0.every((v, j) => v === -w1[j]) && intercept[0] === -intercept[1]) [coef, intercept] = [w1, [intercept[1]]];
    else throw new Error(`loadOnnx: LinearClassifier with two classes and post_transform ${transform} needs rows (-w, w)`);
  }
  const nRows = coef.length / p;
  if (transform === 'NONE') return saved('RidgeClassifier', { alpha: 1, fitIntercept: true }, { coef: matrix(nRows, p, coef), intercept }, { labels });
  if (transform !== 'SOFTMAX' && transform !== 'LOGISTIC') throw new Error(`loadOnnx: LinearClassifier with post_transform ${transform} is not supported`);
  const multinomial = transform === 'SOFTMAX' || k === 2;
  if (!multinomial && !ovrNormalised) throw new Error('loadOnnx: LinearClassifier with LOGISTIC and 3+ classes must be followed by a Normalizer L1 (one-vs-rest probabilities)');
  const params = { C: 1, classWeight: null, fitIntercept: true, l1Ratio: null, maxIter: 100, multiClass: multinomial ? 'multinomial' : 'ovr', penalty: 'l2', randomState: 0, solver: 'lbfgs', tol: 1e-4 };
  return saved('LogisticRegression', params, { coef: matrix(nRows, p, coef), intercept, multinomial: multinomial && k > 2, nClasses: k, nIter: [0], warnings: [] }, { labels });
}

// x <= t for float32 inputs x: LEQ as is, LT as LEQ of the float32 below t; GT / GTE swap the children.
function float32Before(t) {
  const bits = new Float32Array([t]);
  const view = new Int32Array(bits.buffer);
  if (bits[0] === 0) return -1.4e-45;
  view[0] += bits[0] > 0 ? -1 : 1;
  return bits[0];
}

// The trees of a TreeEnsemble node in wasmlearn's layout (children after their parent, preorder),
// with `nValues` values per node from the leaves' weights (`prefix` class_ or target_), `leafScale`
// times, plus `base` per value; an inner node holds its leaves' mean values, for exportText.
function ensembleTrees(a, op, prefix, nValues, leafScale, base) {
  const byTree = new Map();
  a.nodes_treeids.forEach((t, i) => {
    if (!byTree.has(t)) byTree.set(t, new Map());
    byTree.get(t).set(a.nodes_nodeids[i], i);
  });
  const leafWeights = new Map();
  a[`${prefix}treeids`].forEach((t, i) => {
    const key = `${t}:${a[`${prefix}nodeids`][i]}`;
    if (!leafWeights.has(key)) leafWeights.set(key, new Array(nValues).fill(0));
    leafWeights.get(key)[a[`${prefix}ids`][i]] += a[`${prefix}weights`][i];
  });
  return [...byTree.entries()].map(([t, nodes]) => {
    const tree = { childrenLeft: [], childrenRight: [], feature: [], threshold: [], impurity: [], nNodeSamples: [], weightedNNodeSamples: [], value: [] };
    const visit = (id) => {
      const i = nodes.get(id);
      if (i === undefined) throw new Error(`loadOnnx: ${op} tree ${t} has no node ${id}`);
      const at = tree.childrenLeft.length;
      const mode = a.nodes_modes[i];
      for (const field of ['childrenLeft', 'childrenRight', 'feature', 'threshold']) tree[field].push(-2);
      tree.impurity.push(0);
      tree.nNodeSamples.push(1);
      tree.weightedNNodeSamples.push(1);
      if (mode === 'LEAF') {
        tree.childrenLeft[at] = tree.childrenRight[at] = -1;
        const values = (leafWeights.get(`${t}:${id}`) ?? new Array(nValues).fill(0)).map((w) => w * leafScale + base);
        tree.value.push(...values);
        return { values, leaves: 1 };
      }
      if (!['BRANCH_LEQ', 'BRANCH_LT', 'BRANCH_GT', 'BRANCH_GTE'].includes(mode)) throw new Error(`loadOnnx: ${op} node mode ${mode} is not supported`);
      const slot = tree.value.length;
      tree.value.push(...new Array(nValues).fill(0));
      const strict = mode === 'BRANCH_LT' || mode === 'BRANCH_GTE';
      const swap = mode === 'BRANCH_GT' || mode === 'BRANCH_GTE';
      tree.feature[at] = a.nodes_featureids[i];
      tree.threshold[at] = strict ? float32Before(a.nodes_values[i]) : a.nodes_values[i];
      const [first, second] = swap ? [a.nodes_falsenodeids[i], a.nodes_truenodeids[i]] : [a.nodes_truenodeids[i], a.nodes_falsenodeids[i]];
      tree.childrenLeft[at] = tree.childrenLeft.length;
      const left = visit(first);
      tree.childrenRight[at] = tree.childrenLeft.length;
      const right = visit(second);
      const leaves = left.leaves + right.leaves;
      const values = left.values.map((v, k) => (v * left.leaves + right.values[k] * right.leaves) / leaves);
      values.forEach((v, k) => (tree.value[slot + k] = v));
      return { values, leaves };
    };
    visit(Math.min(...nodes.keys()));
    return tree;
  });
}

const TREE_PARAMS = { ccpAlpha: 0, maxDepth: null, maxFeatures: null, maxLeafNodes: null, minImpurityDecrease: 0, minSamplesLeaf: 1, minSamplesSplit: 2, minWeightFractionLeaf: 0, randomState: 0 };
const FOREST_PARAMS = { bootstrap: true, maxDepth: null, maxFeatures: null, maxLeafNodes: null, maxSamples: null, minImpurityDecrease: 0, minSamplesLeaf: 1, minSamplesSplit: 2, minWeightFractionLeaf: 0, oobScore: false, randomState: 0 };

function treeModel(kind, trees, p, nValues, extra) {
  const [single, forest] = kind === 'classifier' ? ['DecisionTreeClassifier', 'RandomForestClassifier'] : ['DecisionTreeRegressor', 'RandomForestRegressor'];
  const criterion = kind === 'classifier' ? 'gini' : 'squared_error';
  if (trees.length === 1) return saved(single, { ...TREE_PARAMS, criterion, splitter: 'best' }, { nFeatures: p, nValues, tree: trees[0] }, extra);
  const params = { ...FOREST_PARAMS, criterion, nEstimators: trees.length, ...(kind === 'classifier' ? { voting: 'soft' } : {}) };
  return saved(forest, params, { nFeatures: p, nValues, oobScore: null, trees }, extra);
}

const noPostTransform = (a, op) => {
  if ((a.post_transform ?? 'NONE') !== 'NONE') throw new Error(`loadOnnx: ${op} with post_transform ${a.post_transform} is not supported`);
};

// The binary layout of onnxmltools and skl2onnx: one weight per leaf, class 1's probability times the
// tree's weight, for which onnxruntime returns [1 - sum, sum]. Written as two weights per leaf,
// [1 / nTrees - v, v]: normalised per leaf and averaged, they give the same probabilities.
function withBothClasses(a) {
  const nTrees = new Set(a.nodes_treeids).size;
  const n = a.class_ids.length;
  return {
    ...a,
    class_treeids: [...a.class_treeids, ...a.class_treeids],
    class_nodeids: [...a.class_nodeids, ...a.class_nodeids],
    class_ids: [...new Array(n).fill(1), ...new Array(n).fill(0)],
    class_weights: [...a.class_weights, ...a.class_weights.map((w) => Math.max(0, 1 / nTrees - w))],
  };
}

// Classifier leaves hold class weights; a model normalises each leaf, so any per-tree scale is kept.
function treeClassifier(a, p) {
  noPostTransform(a, 'TreeEnsembleClassifier');
  const labels = labelsOf(a, 'TreeEnsembleClassifier');
  if ((a.base_values ?? []).some((v) => v !== 0)) throw new Error('loadOnnx: TreeEnsembleClassifier with base_values is not supported');
  const k = labels.classes.length;
  const leaves = k === 2 && a.class_ids.every((id) => id === 0) ? withBothClasses(a) : a;
  return treeModel('classifier', ensembleTrees(leaves, 'TreeEnsembleClassifier', 'class_', k, 1, 0), p, k, { labels });
}

// The model averages its trees: with SUM each leaf is nTrees times its weight; base_values are added.
function treeRegressor(a, p) {
  noPostTransform(a, 'TreeEnsembleRegressor');
  const targets = a.n_targets ?? 1;
  const base = a.base_values ?? [0];
  if (base.some((v) => v !== base[0])) throw new Error('loadOnnx: TreeEnsembleRegressor with different base_values per target is not supported');
  const nTrees = new Set(a.nodes_treeids).size;
  const aggregate = a.aggregate_function ?? 'SUM';
  if (aggregate !== 'SUM' && aggregate !== 'AVERAGE') throw new Error(`loadOnnx: TreeEnsembleRegressor with aggregate_function ${aggregate} is not supported`);
  const trees = ensembleTrees(a, 'TreeEnsembleRegressor', 'target_', targets, aggregate === 'SUM' ? nTrees : 1, base[0]);
  return treeModel('regressor', trees, p, targets, { yIsVector: targets === 1 });
}

const KERNELS = ['LINEAR', 'POLY', 'RBF', 'SIGMOID'];
const SVM_PARAMS = { cacheSize: 200, maxIter: -1, shrinking: true, tol: 1e-3 };

// The kernel expansion's saved state: coef rows over the support vectors.
function svmExpansion(a, op, p, coef, intercept) {
  const kernel = KERNELS.indexOf(a.kernel_type ?? 'LINEAR');
  if (kernel < 0) throw new Error(`loadOnnx: ${op} kernel ${a.kernel_type} is not supported`);
  const [gamma, coef0, degree] = a.kernel_params ?? [0, 0, 0];
  const nSV = a.support_vectors.length / p;
  const params = { ...SVM_PARAMS, kernel: KERNELS[kernel].toLowerCase(), gamma, coef0, degree };
  const model = { kernel, gamma, coef0, degree, nColumns: p, supportVectors: matrix(nSV, p, a.support_vectors), support: Array.from({ length: nSV }, (_, s) => s), coef: matrix(coef.length / nSV, nSV, coef), intercept };
  return { params, model, nSV };
}

// SVMClassifier: libsvm's layout (coefficients [classes - 1, nSV], rho per pair); a saved model of
// two classes holds the opposite sign, as scikit-learn's.
function svmClassifier(a, p) {
  noPostTransform(a, 'SVMClassifier');
  const labels = labelsOf(a, 'SVMClassifier');
  const k = labels.classes.length;
  const perClass = a.vectors_per_class;
  if (!perClass?.length) throw new Error('loadOnnx: SVMClassifier without vectors_per_class (a linear SVM) is not supported');
  const nSV = a.support_vectors.length / p;
  const sign = k === 2 ? -1 : 1;
  const dual = a.coefficients.map((v) => sign * v);
  const classOf = perClass.flatMap((n, c) => new Array(n).fill(c));
  const pairs = [];
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) pairs.push([i, j]);
  const coef = pairs.flatMap(([i, j]) => classOf.map((c, s) => (c === i ? dual[(j - 1) * nSV + s] : c === j ? dual[i * nSV + s] : 0)));
  const { params, model } = svmExpansion(a, 'SVMClassifier', p, coef, a.rho.map((v) => sign * v));
  const probability = (a.prob_a ?? []).length > 0;
  const state = { model, nClasses: k, nSupport: perClass, classWeight: new Array(k).fill(1), dualCoef: matrix(k - 1, nSV, dual), probA: a.prob_a ?? [], probB: a.prob_b ?? [], fitStatus: 0, nFeaturesIn: p };
  const svcParams = { ...params, C: 1, classWeight: null, decisionFunctionShape: 'ovr', breakTies: false, probability, randomState: 0 };
  return saved('SVC', svcParams, state, { labels });
}

function svmRegressor(a, p) {
  noPostTransform(a, 'SVMRegressor');
  if (a.one_class) throw new Error('loadOnnx: SVMRegressor with one_class is not supported');
  const { params, model } = svmExpansion(a, 'SVMRegressor', p, a.coefficients, a.rho);
  return saved('SVR', { ...params, C: 1, epsilon: 0.1 }, { model, fitStatus: 0, nFeaturesIn: p });
}

const finals = { LinearRegressor: linearRegressor, LinearClassifier: linearClassifier, TreeEnsembleClassifier: treeClassifier, TreeEnsembleRegressor: treeRegressor, SVMClassifier: svmClassifier, SVMRegressor: svmRegressor };
const transforms = { Scaler: scaler, Normalizer: normalizer };

// The number of input features: the graph input's second dimension, else the first node's attributes.
function nFeaturesOf(graph, node, a) {
  const dim = graph.input?.[0]?.type?.tensorType?.shape?.dim?.[1]?.dimValue;
  if (dim) return Number(dim);
  const width = { Scaler: a.offset?.length, LinearRegressor: a.coefficients?.length / (a.targets ?? 1) }[node.opType];
  if (width > 1) return width;
  throw new Error('loadOnnx: the number of features is not known (give the input a fixed second dimension)');
}

// A leading Concat of graph inputs along axis 1 (Spark's VectorAssembler): the loaded model reads one
// matrix, the inputs' columns side by side in the Concat's order. Returns its width.
function assembledWidth(graph, node) {
  const inputs = new Map((graph.input ?? []).map((i) => [i.name, i]));
  const axis = attributesOf(node).axis;
  if (axis !== 1 && axis !== -1) throw new Error(`loadOnnx: Concat (node '${node.name ?? ''}') along axis ${axis} is not supported (VectorAssembler concatenates along axis 1)`);
  return node.input.reduce((width, name) => {
    const dim = inputs.get(name)?.type?.tensorType?.shape?.dim?.[1]?.dimValue;
    if (!dim) throw new Error(`loadOnnx: Concat (node '${node.name ?? ''}') input '${name}' is not a graph input of a fixed second dimension; only VectorAssembler's Concat of the inputs is supported`);
    return width + Number(dim);
  }, 0);
}

export function loadOnnx(bytes) {
  if (!(bytes instanceof Uint8Array || bytes instanceof ArrayBuffer)) throw new Error('loadOnnx: bytes must be a Uint8Array or ArrayBuffer of an .onnx file');
  let model;
  try {
    model = proto().ModelProto.decode(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes);
  } catch (e) {
    throw new Error(`loadOnnx: bytes are not an ONNX model (${e.message})`);
  }
  const graph = model.graph;
  if (!graph?.node?.length) throw new Error('loadOnnx: the model has no graph nodes');
  const steps = [];
  let p = null, features = graph.input?.[0]?.name, final = false, finalOutputs = [];
  let oneVsRest = null; // a LinearClassifier LOGISTIC of 3+ classes, waiting for its Normalizer L1
  let binaryProbabilities = null; // a LinearClassifier LOGISTIC of 2 classes' scores, which sum to 1 already
  const alias = new Map(); // skipped nodes' outputs -> their input
  const source = (name) => alias.get(name) ?? name;
  for (const node of graph.node) {
    const op = node.opType, domain = node.domain || '', where = `${op} (node '${node.name ?? ''}')`;
    const input = source(node.input?.[0]);
    if (SKIPPED.has(op)) {
      if (op !== 'ZipMap') alias.set(node.output[0], input);
      continue;
    }
    if (op === 'Concat' && !steps.length && !final) {
      p = assembledWidth(graph, node);
      features = node.output[0];
      continue;
    }
    // The label as the class of the largest probability (toOnnx writes tree ensembles so): what the
    // loaded classifier's predict does.
    if (final && LABEL_OF_BEST.has(op) && (op !== 'ArgMax' || finalOutputs.includes(input))) continue;
    if (domain !== ML || !(op in finals || op in transforms))
      throw new Error(`loadOnnx: operator ${domain ? `${domain}.` : ''}${where} is not supported; supported: ${importableOperators().join(', ')} (Cast, Identity and ZipMap are skipped)`);
    const a = attributesOf(node);
    // Spark's LogisticRegression normalises its two LOGISTIC scores (-z, z), already of sum 1.
    if (op === 'Normalizer' && a.norm === 'L1' && input === binaryProbabilities) continue;
    if (op === 'Normalizer' && oneVsRest && input === oneVsRest.scores) {
      if (a.norm !== 'L1') throw new Error(`loadOnnx: a Normalizer ${a.norm} after LinearClassifier is not supported (L1 is one-vs-rest)`);
      steps.push(linearClassifier(oneVsRest.attributes, p, true));
      oneVsRest = null;
      continue;
    }
    if (final && op.startsWith('TreeEnsemble') && finalOutputs.length === 1)
      throw new Error(`loadOnnx: ${where} after another tree ensemble: boosted trees combined by standard operators (onnxmltools' Spark GBTClassifier / GBTRegressor) are not supported`);
    if (final) throw new Error(`loadOnnx: ${where} after the model's final operator is not supported`);
    if (input !== features) throw new Error(`loadOnnx: ${where} does not read the features; only a chain of operators is supported`);
    p ??= nFeaturesOf(graph, node, a);
    if (op in transforms) {
      steps.push(transforms[op](a, p));
      features = node.output[0];
      continue;
    }
    final = true;
    finalOutputs = node.output;
    if (op === 'LinearClassifier' && a.post_transform === 'LOGISTIC' && labelsOf(a, op).classes.length > 2) oneVsRest = { attributes: a, scores: node.output[1] };
    else steps.push(finals[op](a, p));
    if (op === 'LinearClassifier' && a.post_transform === 'LOGISTIC' && labelsOf(a, op).classes.length === 2) binaryProbabilities = node.output[1];
  }
  if (oneVsRest) steps.push(linearClassifier(oneVsRest.attributes, p, false)); // throws: no Normalizer L1
  if (!steps.length) throw new Error('loadOnnx: the graph holds no supported operator');
  const models = steps.map((json) => loadModel(json));
  return models.length === 1 ? models[0] : makePipeline(...models);
}

