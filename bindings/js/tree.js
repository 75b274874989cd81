// sklearn.tree helpers that work on a fitted tree's structure (model.tree.*), in plain JS.
import { Estimator } from './estimator.js';

const TREES = ['DecisionTreeClassifier', 'DecisionTreeRegressor'];
const OPTIONS = ['featureNames', 'classNames', 'decimals', 'maxDepth', 'spacing', 'showWeights'];

const show = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`);

// Python's '{:.{d}f}'.format(x): the exact binary value rounded half to even ('0.125' -> '0.12'),
// where Number#toFixed rounds exact ties up; '-0.00' for negative zero; no exponent for |x| >= 1e21.
function formatFixed(x, decimals) {
  if (Number.isNaN(x)) return 'nan';
  const negative = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  let s;
  if (a === Infinity) s = 'inf';
  else if (a >= 1e21) s = BigInt(a).toString() + (decimals > 0 ? `.${'0'.repeat(decimals)}` : '');
  else {
    s = a.toFixed(decimals);
    // An exact tie shows as ...5000... in the exact expansion (100 digits are exact enough for
    // decimals <= 20); toFixed took the larger neighbour, keep it only if the smaller is odd.
    const exact = a.toFixed(100);
    const point = exact.indexOf('.');
    const rest = exact.slice(point + 1 + decimals);
    if (/^50*$/.test(rest)) {
      const down = exact.slice(0, decimals > 0 ? point + 1 + decimals : point);
      if (Number(down.at(-1)) % 2 === 0) s = down;
    }
  }
  return negative ? `-${s}` : s;
}

function checkOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new Error(`exportText options must be an object like { featureNames, classNames, decimals, maxDepth }, got ${show(options)}`);
  for (const key of Object.keys(options))
    if (!OPTIONS.includes(key)) throw new Error(`exportText has no option ${key}; valid options: ${OPTIONS.join(', ')}`);
  return options;
}

function integerOption(value, name, min, fallback, infinite = false) {
  if (value === undefined || value === null) return fallback;
  if (infinite && value === Infinity) return value;
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}${infinite ? ' (or Infinity)' : ''}, got ${show(value)}`);
  return value;
}

function namesOption(value, name, count, what) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' && typeof v !== 'number'))
    throw new Error(`${name} must be an array of strings, got ${show(value)}`);
  if (value.length !== count) throw new Error(`${name} must have ${count} entries (one per ${what}), got ${value.length}`);
  return value.map(String);
}

// Height of the subtree under every node (a leaf: 1), without recursion.
function subtreeHeights(left, right) {
  const height = new Int32Array(left.length);
  const stack = [[0, false]];
  while (stack.length) {
    const [node, expanded] = stack.pop();
    if (left[node] < 0) height[node] = 1;
    else if (expanded) height[node] = 1 + Math.max(height[left[node]], height[right[node]]);
    else stack.push([node, true], [right[node], false], [left[node], false]);
  }
  return height;
}

/**
 * The rules of a fitted DecisionTreeClassifier or DecisionTreeRegressor as text, laid out as
 * scikit-learn's sklearn.tree.export_text:
 *
 *   |--- petal width (cm) <= 0.80
 *   |   |--- class: setosa
 *   |--- petal width (cm) >  0.80
 *   ...
 *
 * Options: featureNames (default feature_0, feature_1, ...), classNames (default: the fitted class
 * labels), decimals (2), maxDepth (10, as scikit-learn; deeper branches print as "truncated branch
 * of depth n"; Infinity prints everything), spacing (3), showWeights (false: the weighted class
 * counts of each leaf). Regression leaves print "value: [x]" (one entry per output).
 */
export function exportText(model, options) {
  const name = model instanceof Estimator ? model.constructor.metadata.name : null;
  if (!TREES.includes(name))
    throw new Error(`exportText needs a fitted DecisionTreeClassifier or DecisionTreeRegressor, got ${name ? `a ${name}` : show(model)}`);
  const opts = checkOptions(options);
  const decimals = integerOption(opts.decimals, 'decimals', 0, 2);
  if (decimals > 20) throw new Error(`decimals must be at most 20, got ${decimals}`);
  const maxDepth = integerOption(opts.maxDepth, 'maxDepth', 0, 10, true);
  const spacing = integerOption(opts.spacing, 'spacing', 1, 3);
  if (opts.showWeights !== undefined && typeof opts.showWeights !== 'boolean') throw new Error(`showWeights must be a boolean, got ${show(opts.showWeights)}`);
  const classifier = name === 'DecisionTreeClassifier';

  const tree = model.tree;  // each field is a fresh copy: read once
  const left = tree.childrenLeft, right = tree.childrenRight, feature = tree.feature, threshold = tree.threshold;
  const value = tree.value;
  const nFeatures = model.nFeaturesIn;
  const featureNames = namesOption(opts.featureNames, 'featureNames', nFeatures, 'feature') ??
    Array.from({ length: nFeatures }, (_, j) => `feature_${j}`);
  let classNames = null;
  if (classifier) classNames = namesOption(opts.classNames, 'classNames', model.classes.length, 'class') ?? Array.from(model.classes, String);
  else if (opts.classNames != null) throw new Error('classNames applies to classifiers only: a DecisionTreeRegressor prints values');
  const showWeights = classifier && opts.showWeights === true;
  const fmt = (v) => formatFixed(v, decimals);
  const values = (node) => Array.from(value.data.subarray(node * value.cols, (node + 1) * value.cols));
  const list = (node) => `[${values(node).map(fmt).join(', ')}]`;

  const leaf = (node, indent) => {
    if (!classifier) return `${indent} value: ${list(node)}\n`;
    const v = values(node);
    let best = 0;
    for (let k = 1; k < v.length; k++) if (v[k] > v[best]) best = k;
    return `${indent}${showWeights ? ` weights: ${list(node)}` : ''} class: ${classNames[best]}\n`;
  };

  let heights = null;
  let out = '';
  // Depth-first, left before right, as scikit-learn's recursion; an explicit stack of the lines
  // still to write (a node to expand, or a ready line).
  const stack = [{ node: 0, depth: 1 }];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') { out += item; continue; }
    const { node, depth } = item;
    const indent = `${`|${' '.repeat(spacing)}`.repeat(depth).slice(0, -spacing)}${'-'.repeat(spacing)}`;
    if (depth <= maxDepth + 1) {
      if (left[node] < 0) { out += leaf(node, indent); continue; }
      const f = featureNames[feature[node]], t = fmt(threshold[node]);
      out += `${indent} ${f} <= ${t}\n`;
      stack.push({ node: right[node], depth: depth + 1 }, `${indent} ${f} >  ${t}\n`, { node: left[node], depth: depth + 1 });
    } else {
      heights ??= subtreeHeights(left, right);
      out += heights[node] === 1 ? leaf(node, indent) : `${indent} truncated branch of depth ${heights[node]}\n`;
    }
  }
  return out;
}
