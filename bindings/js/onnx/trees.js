// Decision trees and forests of them as TreeEnsembleClassifier / TreeEnsembleRegressor, node by node
// from the fitted tree structure (toJSON's state: one tree, or a forest's list).
import { ML, ints, DataType } from './graph.js';
import { classLabels, classifierOutputs, labelOfBest } from './exporters.js';

// The largest float32 not above t: for a float32 x, x <= t exactly when x <= this, so a float32
// threshold sends every float32 input the same way as the double one.
function float32Below(t) {
  const f = Math.fround(t);
  if (f <= t) return f;
  const bits = new Float32Array([f]);
  const view = new Int32Array(bits.buffer);
  view[0] += f > 0 ? -1 : 1; // one ulp toward -infinity (f is finite and non-zero here)
  return bits[0];
}

function fittedTrees(model) {
  const { state } = model.toJSON();
  return { trees: state.trees ?? [state.tree], nValues: state.nValues };
}

// The attributes shared by both operators: the nodes of every tree, and per leaf `leafValues(tree,
// node)` (nValues numbers) as target/class weights with the given prefix.
function ensembleAttributes(trees, nValues, prefix, leafValues) {
  const a = { treeids: [], nodeids: [], featureids: [], modes: [], values: [], truenodeids: [], falsenodeids: [] };
  const leaf = { treeids: [], nodeids: [], ids: [], weights: [] };
  trees.forEach((tree, t) => {
    tree.childrenLeft.forEach((left, node) => {
      const isLeaf = left === -1;
      a.treeids.push(t);
      a.nodeids.push(node);
      a.featureids.push(isLeaf ? 0 : tree.feature[node]);
      a.modes.push(isLeaf ? 'LEAF' : 'BRANCH_LEQ');
      a.values.push(isLeaf ? 0 : float32Below(tree.threshold[node]));
      a.truenodeids.push(isLeaf ? 0 : left);
      a.falsenodeids.push(isLeaf ? 0 : tree.childrenRight[node]);
      if (!isLeaf) return;
      leafValues(tree, node).forEach((w, k) => {
        leaf.treeids.push(t);
        leaf.nodeids.push(node);
        leaf.ids.push(k);
        leaf.weights.push(w);
      });
    });
  });
  const out = {};
  for (const [k, v] of Object.entries(a)) out[`nodes_${k}`] = k === 'modes' || k === 'values' ? v : ints(v);
  for (const [k, v] of Object.entries(leaf)) out[`${prefix}_${k}`] = k === 'weights' ? v : ints(v);
  return out;
}

const leafValue = (tree, node, nValues) => tree.value.slice(node * nValues, (node + 1) * nValues);

// predictProba is the mean over the trees of each leaf's class fractions.
function treeClassifier(model, g, x) {
  const { trees, nValues } = fittedTrees(model);
  const leafWeights = (tree, node) => {
    const counts = leafValue(tree, node, nValues);
    const total = counts.reduce((s, c) => s + c, 0);
    return counts.map((c) => c / total / trees.length);
  };
  const labels = classLabels(model);
  const [, probabilities] = g.node(
    'TreeEnsembleClassifier',
    [x],
    {
      ...ensembleAttributes(trees, nValues, 'class', leafWeights),
      ...(labels.strings ? { classlabels_strings: labels.strings } : { classlabels_int64s: ints(labels.ints) }),
      post_transform: 'NONE',
    },
    { domain: ML, outputs: 2 },
  );
  // The label from the probabilities, as predict does (the operator's own label output is not used).
  return classifierOutputs(model, labelOfBest(g, model, probabilities), probabilities);
}

function treeRegressor(model, g, x) {
  const { trees, nValues } = fittedTrees(model);
  const leafWeights = (tree, node) => leafValue(tree, node, nValues).map((v) => v / trees.length);
  const y = g.node(
    'TreeEnsembleRegressor',
    [x],
    { ...ensembleAttributes(trees, nValues, 'target', leafWeights), n_targets: nValues, aggregate_function: 'SUM', post_transform: 'NONE' },
    { domain: ML },
  );
  return [['variable', y, DataType.FLOAT, ['N', nValues]]];
}

export const treeExporters = { treeClassifier, treeRegressor };
