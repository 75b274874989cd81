// Growing one tree: the split search and the two growth orders (depth-first; best-first when
// maxLeafNodes is set), shared by the decision trees, the forests and extra trees. The criteria
// are small policy classes (builder.cpp); the builder is instantiated once per criterion.
//
// Split search (splitter 'best'): for each candidate feature the node's sample values are copied
// into a scratch buffer with their sample ids, sorted once, and swept left to right with
// incremental criterion updates, O(n log n) per node per feature. Candidate thresholds are the
// midpoints between consecutive distinct values (values closer than 1e-7 count as equal), as
// scikit-learn. Splitter 'random' (extra trees): one uniformly random threshold per candidate
// feature between the node's min and max.
// Ties: a split replaces the best so far only when strictly better, so among exactly equal
// splits the first one examined wins: the lowest feature index when all features are examined
// (scikit-learn follows its random feature permutation instead), else the first drawn feature;
// within a feature, the lowest threshold.
#pragma once
#include <limits>
#include <vector>

#include "wasmlearn/base/random.hpp"
#include "wasmlearn/tree/tree_model.hpp"

namespace wasmlearn {

enum class TreeCriterion { gini, entropy, misclassification, squared_error, absolute_error };
enum class TreeSplitter { best, random };

// The resolved growth settings (counts, not fractions).
struct GrowSettings {
  TreeCriterion criterion = TreeCriterion::gini;
  TreeSplitter splitter = TreeSplitter::best;
  int max_depth = std::numeric_limits<int>::max();
  int min_samples_split = 2;
  int min_samples_leaf = 1;
  int max_leaf_nodes = -1;  // -1: unlimited (depth-first growth)
  int max_features = 0;     // candidate features per split
  double min_impurity_decrease = 0;
  // Each child of a split keeps at least this fraction of the total weight of the tree's samples
  // (a fraction, as the total differs between the trees of a forest).
  double min_weight_fraction_leaf = 0;
};

// Training data in the layout the sweep wants: features as contiguous columns, in single
// precision as scikit-learn's trees (thresholds are double midpoints of float values, and
// prediction compares float(x) <= threshold), which also halves the copy.
struct TreeData {
  std::vector<float> Xc;  // column-major: Xc[f * n + i]
  Index n = 0, d = 0;
  std::vector<int> y;      // classification: codes 0..n_classes-1
  int n_classes = 0;
  std::vector<double> Yc;  // regression: column-major n x n_outputs
  int n_outputs = 0;

  static TreeData classification(MatrixRef X, IntVectorRef y, int n_classes);
  static TreeData regression(MatrixRef X, MatrixRef Y);
  bool is_classification() const { return n_classes > 0; }
};

// The samples a tree grows on: those of positive weight (all when `weights` is empty), as
// scikit-learn's builder, so a zero weight is the same as leaving the row out.
std::vector<int> weighted_samples(const std::vector<double>& weights, Index n);

// Grows a tree on `samples` (distinct indices into data); `weights` (size data.n, or empty for
// unit weights) gives each sample's weight, e.g. its sample weight times its bootstrap multiplicity.
Tree grow_tree(const TreeData& data, const std::vector<int>& samples, const std::vector<double>& weights,
               const GrowSettings& settings, Random& rng);

}  // namespace wasmlearn
