// KNeighbors* as a brute-force search over the training set the model keeps: the distances to every
// training row, TopK of the smallest, then the neighbours' votes (classifier) or targets (regressor),
// uniform or by inverse distance (an exact match takes all the weight, as scikit-learn).
import { DataType, ints } from './graph.js';
import { rowsOf, axes, classifierOutputs, labelOfBest, differences } from './exporters.js';

// The distance of each row of x to each training row: [N, n].
function distances(g, x, train, { metric, p }) {
  const absolute = g.node('Abs', [differences(g, x, train)]);
  const power = metric === 'euclidean' ? 2 : metric === 'manhattan' ? 1 : metric === 'chebyshev' ? Infinity : p;
  if (power === Infinity) return g.node('ReduceMax', [absolute], { axes: ints([2]), keepdims: 0 });
  if (power === 1) return g.node('ReduceSum', [absolute, axes(g, [2])], { keepdims: 0 });
  const raised = power === 2 ? g.node('Mul', [absolute, absolute]) : g.node('Pow', [absolute, g.constant('p', [power], [])]);
  const sum = g.node('ReduceSum', [raised, axes(g, [2])], { keepdims: 0 });
  return power === 2 ? g.node('Sqrt', [sum]) : g.node('Pow', [sum, g.constant('inverseP', [1 / power], [])]);
}

// The k nearest training rows: their indices and their weights ([N, k] each, weights summing to 1).
function nearest(model, g, x) {
  const { state } = model.toJSON();
  const params = model.getParams();
  const train = rowsOf({ rows: state.X.rows, cols: state.X.cols, data: Float64Array.from(state.X.data) });
  const k = params.nNeighbors;
  if (k > train.length) throw new Error(`toOnnx: nNeighbors (${k}) is larger than the ${train.length} training samples`);
  const [d, indices] = g.node('TopK', [distances(g, x, train, params), g.constant('k', [k], [1], { int64: true })], { axis: 1, largest: 0, sorted: 1 }, { outputs: 2 });
  let weights;
  if (params.weights === 'uniform') weights = g.constant('uniform', [1 / k], [1, 1]);
  else {
    const zero = g.constant('zero', [0], []);
    const exact = g.node('Cast', [g.node('Equal', [d, zero])], { to: DataType.FLOAT });
    const anyExact = g.node('ReduceMax', [exact], { axes: ints([1]), keepdims: 1 });
    const raw = g.node('Where', [g.node('Cast', [anyExact], { to: DataType.BOOL }), exact, g.node('Reciprocal', [d])]);
    weights = g.node('Div', [raw, g.node('ReduceSum', [raw, axes(g, [1])], { keepdims: 1 })]);
  }
  return { state, indices, weights };
}

function kNeighborsClassifier(model, g, x) {
  const { state, indices, weights } = nearest(model, g, x);
  const codes = g.node('Gather', [g.constant('codes', state.y, undefined, { int64: true }), indices], { axis: 0 });
  const votes = g.node('OneHot', [codes, g.constant('depth', [state.nClasses], [], { int64: true }), g.constant('offOn', [0, 1])], { axis: -1 });
  const weighted = g.node('Mul', [votes, g.node('Unsqueeze', [weights, axes(g, [2])])]);
  const probabilities = g.node('ReduceSum', [weighted, axes(g, [1])], { keepdims: 0 });
  return classifierOutputs(model, labelOfBest(g, model, probabilities), probabilities);
}

function kNeighborsRegressor(model, g, x) {
  const { state, indices, weights } = nearest(model, g, x);
  const targets = rowsOf({ rows: state.y.rows, cols: state.y.cols, data: Float64Array.from(state.y.data) });
  const values = g.node('Gather', [g.constant('targets', targets.flat(), [targets.length, targets[0].length]), indices], { axis: 0 });
  const weighted = g.node('Mul', [values, g.node('Unsqueeze', [weights, axes(g, [2])])]);
  return [['variable', g.node('ReduceSum', [weighted, axes(g, [1])], { keepdims: 0 }), DataType.FLOAT, ['N', targets[0].length]]];
}

export const neighborExporters = { kNeighborsClassifier, kNeighborsRegressor };
