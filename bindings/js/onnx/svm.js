// Kernel SVMs, with standard operators in double precision: the kernel values of the support vectors
// (MatMul, and for rbf the squared distances |x|² - 2x·sv + |sv|², as the model computes them; Pow,
// Exp, Tanh), times the dual coefficients, plus the intercepts. ai.onnx.ml SVMClassifier /
// SVMRegressor would express every kernel but sum in float32: on 300 rows of 17 features they miss the
// model's values by up to 8e-4 (linear), 1.4e-4 (poly), 5e-6 (rbf), and by 1.4e-5 with rbf at 863
// support vectors, past the 1e-5 the exports keep. The expansion gives libsvm's pair values
// (positive for a pair's first class, pairs in the order (0,1), (0,2), ..., (1,2), ...), which the
// graph turns into the model's own outputs:
//   SVC, NuSVC   `label` (libsvm's vote, or with breakTies the largest ovr value), `scores` (the
//                decisionFunction: one column for two classes, the pair values for 'ovo', scikit-learn's
//                votes + squashed confidences for 'ovr'), and with probability: true `probabilities`:
//                Platt's sigmoids coupled exactly as the model does (SVMClassifier's prob_a / prob_b
//                coupling is libsvm's iteration, up to 1e-3 away from the exact one).
//   SVR, NuSVR   `variable` [N, 1].
//   OneClassSVM  `label` (+1 inside, -1 outside) and `scores` (decisionFunction).
// A precomputed kernel has no support vectors to put in the graph: an Error.
import { DataType } from './graph.js';
import { flat, axes, classLabels, labelOfBest } from './exporters.js';

// The fitted kernel expansion: Σ_s coef[r][s]·K(sv_s, x) + intercept[r] for each row r of coef.
function fittedExpansion(model) {
  const expansion = model.toJSON().state.model;
  const kernel = ['linear', 'poly', 'rbf', 'sigmoid'][expansion.kernel];
  if (!kernel)
    throw new Error(`toOnnx: ${model.constructor.metadata.name} with kernel 'precomputed' cannot be exported (the graph needs the support vectors)`);
  return { ...expansion, kernel };
}

// A matrix { rows, cols, data } transposed, row-major.
const transposed = ({ rows, cols, data }) => Array.from({ length: rows * cols }, (_, e) => data[(e % rows) * cols + Math.floor(e / rows)]);

// The expansion's values in double precision, `sign` times: [N, rows of coef], float32.
function kernelExpansion(model, g, x, sign = 1) {
  const { kernel, gamma, coef0, degree, coef, intercept } = fittedExpansion(model);
  const sv = model.supportVectors;
  const scalar = (stem, v) => g.constant(stem, [v], [], { double: true });
  const xd = g.node('Cast', [x], { to: DataType.DOUBLE });
  const dots = g.node('MatMul', [xd, g.constant('supportVectors', transposed(sv), [sv.cols, sv.rows], { double: true })]);
  let kernelValues = dots;
  if (kernel === 'rbf') {
    const rowNorms = g.node('ReduceSum', [g.node('Mul', [xd, xd]), axes(g, [1])], { keepdims: 1 });
    const svNorms = Array.from({ length: sv.rows }, (_, s) => sv.data.subarray(s * sv.cols, (s + 1) * sv.cols).reduce((t, v) => t + v * v, 0));
    const twice = g.node('Mul', [dots, scalar('two', 2)]);
    const squared = g.node('Sub', [g.node('Add', [rowNorms, g.constant('svNorms', svNorms, [1, sv.rows], { double: true })]), twice]);
    kernelValues = g.node('Exp', [g.node('Mul', [squared, scalar('minusGamma', -gamma)])]);
  } else if (kernel !== 'linear') {
    const affine = g.node('Add', [g.node('Mul', [dots, scalar('gamma', gamma)]), scalar('coef0', coef0)]);
    kernelValues = kernel === 'poly' ? g.node('Pow', [affine, scalar('degree', degree)]) : g.node('Tanh', [affine]);
  }
  const values = g.node('Add', [
    g.node('MatMul', [kernelValues, g.constant('coef', transposed(coef).map((v) => sign * v), [coef.cols, coef.rows], { double: true })]),
    g.constant('intercept', flat(intercept).map((v) => sign * v), [1, coef.rows], { double: true }),
  ]);
  return g.node('Cast', [values], { to: DataType.FLOAT });
}

// One row per pair (a, b): +1 in column a, -1 in column b ([pairs, classes], row-major).
function pairIncidence(k) {
  const rows = [];
  for (let a = 0; a < k; a++)
    for (let b = a + 1; b < k; b++) rows.push(Array.from({ length: k }, (_, c) => (c === a ? 1 : c === b ? -1 : 0)));
  return rows;
}

// Pairwise estimates r_ab = P(a | a or b) = 1 / (1 + exp(A·f + B)) of the pair values f, clipped to
// (1e-7, 1 - 1e-7) as libsvm; [N, pairs].
function pairProbabilities(model, g, pairValues) {
  const [a, b] = [model.probA, model.probB].map((v) => g.constant('sigmoid', flat(v), [1, v.length]));
  const sigmoid = g.node('Sigmoid', [g.node('Neg', [g.node('Add', [g.node('Mul', [pairValues, a]), b])])]);
  return g.node('Clip', [sigmoid, g.constant('low', [1e-7], []), g.constant('high', [1 - 1e-7], [])]);
}

// Wu, Lin & Weng's coupling, as the model: p minimising pᵀQp on Σp = 1, with Q(i, i) = Σ_{j≠i} r_ji²
// and Q(i, j) = -r_ji·r_ij. With p = e_m + B·d (m = k - 1, B = [I; -1ᵀ]) it is the positive definite
// system BᵀQB·d = -BᵀQ·e_m of m unknowns, solved row by row without pivoting (Gauss-Jordan). The
// system's entries are linear in the products r_ab·r_ba, r_ba², r_ab², so one MatMul builds them all.
function coupledProbabilities(model, g, pairValues) {
  const k = model.classes.length, m = k - 1;
  const r = pairProbabilities(model, g, pairValues);
  const rest = g.node('Sub', [g.constant('one', [1], []), r]);
  if (k === 2) return g.node('Concat', [r, rest], { axis: 1 });
  const pairs = pairIncidence(k).map((row) => [row.indexOf(1), row.indexOf(-1)]);
  // systemOf(u, v): the weight of Q(u, v) in each entry [i][j] (j = m: the right-hand side) of the system.
  const systemOf = (u, v) =>
    Array.from({ length: m * k }, (_, e) => {
      const [i, j] = [Math.floor(e / k), e % k];
      const q = (x, y) => (u === x && v === y ? 1 : 0);
      return j === m ? q(m, m) - q(i, m) : q(i, j) - q(i, m) - q(m, j) + q(m, m);
    });
  const add = (x, y) => x.map((v, e) => v + y[e]);
  const weights = [
    ...pairs.map(([a, b]) => add(systemOf(a, b), systemOf(b, a)).map((v) => -v)), // -r_ab·r_ba
    ...pairs.map(([a]) => systemOf(a, a)), // r_ba²
    ...pairs.map(([, b]) => systemOf(b, b)), // r_ab²
  ];
  const terms = g.node('Concat', [g.node('Mul', [r, rest]), g.node('Mul', [rest, rest]), g.node('Mul', [r, r])], { axis: 1 });
  const flatSystem = g.node('MatMul', [terms, g.constant('coupling', weights.flat(), [weights.length, m * k])]);
  let system = g.node('Reshape', [flatSystem, g.constant('shape', [-1, m, k], [3], { int64: true })]);
  for (let t = 0; t < m; t++) {
    const index = g.constant('t', [t], [], { int64: true });
    const row = g.node('Gather', [system, index], { axis: 1 }); // [N, k]
    const column = g.node('Gather', [system, index], { axis: 2 }); // [N, m]
    const pivot = g.node('Gather', [row, g.constant('t', [t], [1], { int64: true })], { axis: 1 }); // [N, 1]
    const others = g.constant('others', Array.from({ length: m }, (_, i) => (i === t ? 0 : 1)), [1, m]);
    const factors = g.node('Div', [g.node('Mul', [column, others]), pivot]);
    const update = g.node('Mul', [g.node('Unsqueeze', [factors, axes(g, [2])]), g.node('Unsqueeze', [row, axes(g, [1])])]);
    system = g.node('Sub', [system, update]);
  }
  const identity = Array.from({ length: m * k }, (_, e) => (Math.floor(e / k) === e % k ? 1 : 0));
  const diagonal = g.node('ReduceSum', [g.node('Mul', [system, g.constant('identity', identity, [1, m, k])]), axes(g, [2])], { keepdims: 0 });
  const rhs = g.node('Gather', [system, g.constant('rhs', [m], [], { int64: true })], { axis: 2 });
  const d = g.node('Div', [rhs, diagonal]);
  const last = g.node('Sub', [g.constant('one', [1], [1, 1]), g.node('ReduceSum', [d, axes(g, [1])], { keepdims: 1 })]);
  return g.node('Concat', [d, last], { axis: 1 });
}

function svmClassifier(model, g, x) {
  const k = model.classes.length;
  const { decisionFunctionShape, breakTies, probability } = model.getParams();
  // scikit-learn's binary model is stored with the opposite sign (positive for the second class).
  const pairValues = kernelExpansion(model, g, x, k === 2 ? -1 : 1);
  // Each pair votes for its first class when its value is positive, else for its second: the votes
  // are firsts·M + (the number of pairs in which c comes second, which is c).
  const incidence = pairIncidence(k);
  const incidenceMatrix = g.constant('pairs', incidence.flat(), [incidence.length, k]);
  const firsts = g.node('Cast', [g.node('Greater', [pairValues, g.constant('zero', [0], [])])], { to: DataType.FLOAT });
  const secondCounts = g.constant('secondCounts', Array.from({ length: k }, (_, c) => c), [1, k]);
  const votes = g.node('Add', [g.node('MatMul', [firsts, incidenceMatrix]), secondCounts]);
  let decision, dims;
  if (k === 2) {
    decision = g.node('Neg', [g.node('Squeeze', [pairValues, axes(g, [1])])]);
    dims = ['N'];
  } else if (decisionFunctionShape === 'ovo') {
    decision = pairValues;
    dims = ['N', incidence.length];
  } else {
    // scikit-learn's ovr: votes + confidence / (3 (|confidence| + 1)), confidence = pair values · M.
    const confidence = g.node('MatMul', [pairValues, incidenceMatrix]);
    const denominator = g.node('Mul', [g.constant('three', [3], []), g.node('Add', [g.node('Abs', [confidence]), g.constant('one', [1], [])])]);
    decision = g.node('Add', [votes, g.node('Div', [confidence, denominator])]);
    dims = ['N', k];
  }
  const label = labelOfBest(g, model, breakTies && k > 2 && decisionFunctionShape === 'ovr' ? decision : votes);
  const outputs = [['label', label, classLabels(model).elemType, ['N']], ['scores', decision, DataType.FLOAT, dims]];
  if (probability) outputs.push(['probabilities', coupledProbabilities(model, g, pairValues), DataType.FLOAT, ['N', k]]);
  return outputs;
}

function svmRegressor(model, g, x) {
  return [['variable', kernelExpansion(model, g, x), DataType.FLOAT, ['N', 1]]];
}

function oneClassSVM(model, g, x) {
  const decision = g.node('Squeeze', [kernelExpansion(model, g, x), axes(g, [1])]);
  const inside = g.node('Greater', [decision, g.constant('zero', [0], [])]);
  const label = g.node('Where', [inside, g.constant('inside', [1], [], { int64: true }), g.constant('outside', [-1], [], { int64: true })]);
  return [['label', label, DataType.INT64, ['N']], ['scores', decision, DataType.FLOAT, ['N']]];
}

export const svmExporters = { svmClassifier, svmRegressor, oneClassSVM };
