// A fitted decision tree as compact parallel arrays (struct of arrays), laid out as scikit-learn's
// sklearn.tree._tree.Tree so that its attributes read the same:
//   left/right      children of each node, -1 for a leaf (TREE_LEAF)
//   feature         feature tested at the node, -2 for a leaf (TREE_UNDEFINED)
//   threshold       go left when float(x[feature]) <= threshold (single precision, as scikit-learn); -2 for a leaf
//   impurity        criterion value of the node's training samples
//   n_samples       distinct training samples that reached the node
//   weighted_n      their total weight (sample weight times bootstrap multiplicity; = n_samples when unweighted)
//   value           node_count x n_values: weighted class counts (classification, as scikit-learn 1.2)
//                   or the mean / median per output (regression)
// Node ids: depth-first trees are numbered in pre-order (left subtree first); best-first trees
// (maxLeafNodes) in the order nodes are created, both children of a split together.
#pragma once
#include <cstdint>
#include <vector>

#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// Row i of a row-major view, contiguous.
inline const double* row_ptr(MatrixRef X, Index i) { return X.data() + i * X.outerStride(); }

constexpr int kTreeLeaf = -1;
constexpr int kTreeUndefined = -2;

struct Tree {
  int n_features = 0;
  int n_values = 0;  // classes (classification) or outputs (regression)
  std::vector<std::int32_t> left, right, feature, n_samples;
  std::vector<double> threshold, impurity, weighted_n, value;

  Index node_count() const { return static_cast<Index>(left.size()); }
  bool is_leaf(Index node) const { return left[node] == kTreeLeaf; }
  const double* value_of(Index node) const { return value.data() + node * n_values; }

  // Appends a node (children unset = leaf) and returns its id.
  int add_node(int feat, double thr, double imp, int n, double wn, const double* val);

  // The leaf reached by one sample (x: n_features values, contiguous).
  int leaf_of(const double* x) const;
  IntVector apply(MatrixRef X) const;
  // Nodes on each sample's path, as CSR: indptr (n+1) and indices (node ids, root first).
  NamedArrays decision_path(MatrixRef X) const;
  int depth() const;
  int n_leaves() const;
  // Impurity decrease of each feature's splits, weighted by the samples reaching them, divided by
  // the root's weight, then normalised to sum 1 (all zero for a single-leaf tree), as scikit-learn.
  Vector feature_importances() const;

  // Minimal cost-complexity pruning (Breiman et al.), as scikit-learn's: the sequence of effective
  // alphas at which subtrees are pruned away, and the total leaf impurity after each step.
  struct PruningPath {
    std::vector<double> ccp_alphas, impurities;
  };
  PruningPath pruning_path() const;
  // The subtree that minimal cost-complexity pruning keeps for `alpha` (every subtree whose
  // effective alpha is <= alpha becomes a leaf), renumbered in pre-order.
  Tree pruned(double alpha) const;

  std::size_t bytes() const;  // memory held by the node arrays

  json to_json() const;
  static Tree from_json(const json& j, int n_features, int n_values);
};

}  // namespace wasmlearn
