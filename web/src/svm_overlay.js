// What a support vector machine adds to its figure, worked out in the worker from the fitted model:
// the training points it keeps (ringed), the level sets of its decision function to draw (−1, 0, +1
// for a binary classifier: boundary and margins; 0 for a one-class model: the edge of the support),
// and for a regressor on a 1-D curve the half-width ε of its tube.
//
// Support vectors are found through the attribute declared in the supportVectors role (the rows the
// model keeps, matched to the training rows they copy). A linear SVM solved in the primal keeps
// none; its dual's support vectors are the points with a non-zero hinge loss, which it rings
// instead: y·f(x) < 1 for a classifier, |y − f(x)| > ε for a regressor.

const flat = (v) => v?.data ?? v ?? [];

// Display indices of the training rows equal to the model's support vectors.
function matchRows(sv, Xtr, train) {
  const key = (data, r, cols) => Array.prototype.join.call(data.subarray(r * cols, (r + 1) * cols), ',');
  const rowOf = new Map();
  for (let r = Xtr.rows - 1; r >= 0; r--) rowOf.set(key(Xtr.data, r, Xtr.cols), r);
  const found = [];
  for (let k = 0; k < sv.rows; k++) {
    const r = rowOf.get(key(sv.data, k, sv.cols));
    if (r !== undefined) found.push(train[r]);
  }
  return found;
}

// The half-width of a regressor's tube: its epsilon, or for a ν-SVR (whose ε is chosen by the
// fit) the distance of its free support vectors — those strictly inside the box — to the curve.
function tubeWidth(model, params, Xtr, ytr, dual, svRows) {
  if (typeof params.epsilon === 'number') return params.epsilon;
  if (!(params.C > 0) || !dual) return null;
  const free = [];
  dual.forEach((a, k) => Math.abs(a) < params.C * (1 - 1e-6) && free.push(svRows[k]));
  if (!free.length) return null;
  const fitted = flat(model.predict(Xtr));
  const gaps = free.map((r) => Math.abs(ytr[r] - fitted[r])).sort((a, b) => a - b);
  return gaps[gaps.length >> 1];
}

// null for a model that is not a support vector machine; else { support, supportKept (whether the
// model keeps them), levels, epsilon }.
// Xtr/ytr: the training rows as the model saw them; train: their display indices.
export function svmOverlay(model, meta, params, { Xtr, ytr, train, curve, classes }) {
  if (meta.family !== 'svm') return null;
  const declared = meta.attributes.find((a) => a.role === 'supportVectors');
  const decision = () => Float64Array.from(flat(model.decisionFunction(Xtr)));
  const outlier = meta.kind === 'clusterer';
  const binary = meta.kind === 'classifier' && classes.length === 2;
  let support = [], svRows = [];
  if (declared) {
    const sv = model[declared.name];
    const displayRow = new Map(train.map((i, r) => [i, r]));
    support = sv?.rows ? matchRows(sv, Xtr, train) : [];
    svRows = support.map((i) => displayRow.get(i));
  } else if (meta.kind === 'classifier' && binary) {
    const f = decision();
    support = train.filter((_, r) => (ytr[r] === classes[1] ? 1 : -1) * f[r] < 1);
  } else if (meta.kind === 'regressor') {
    const fitted = flat(model.predict(Xtr)), eps = params.epsilon ?? 0;
    support = train.filter((_, r) => Math.abs(ytr[r] - fitted[r]) > eps);
  }
  const dual = declared && meta.kind === 'regressor' ? Array.from(flat(model.dualCoef)) : null;
  return {
    support,
    supportKept: Boolean(declared),
    levels: binary ? [-1, 0, 1] : outlier ? [0] : null,
    epsilon: meta.kind === 'regressor' && curve ? tubeWidth(model, params, Xtr, ytr, dual, svRows) : null,
  };
}

// A one-class model labels points +1 (inside its support) and −1 (outside): its classes and names.
export const outlierClasses = { classes: [-1, 1], classNames: { '-1': 'outlier', 1: 'inlier' } };
