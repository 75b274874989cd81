// Decision trees, as scikit-learn's DecisionTreeClassifier / DecisionTreeRegressor (1.2): CART
// grown depth-first (best-first when maxLeafNodes is set), optional minimal cost-complexity
// pruning (ccpAlpha), introspection (apply, decisionPath, getDepth, getNLeaves, the tree arrays).
// The split search and tie rule are described in tree/builder.hpp. Sample weights enter the
// impurities, the leaf values and minWeightFractionLeaf; a row of weight 0 is left out, as scikit-learn.
//
// Text export: the fitted arrays (tree.feature, tree.threshold, tree.childrenLeft/Right,
// tree.value, tree.impurity, tree.nNodeSamples) are everything an export_text / plot_tree needs;
// the JS side builds the text from them.
#pragma once
#include <optional>
#include <variant>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/tree/builder.hpp"

namespace wasmlearn {

enum class MaxFeaturesRule { sqrt, log2 };
// Candidate features per split: 'sqrt' | 'log2' | a count | a fraction of the features.
using MaxFeatures = std::variant<MaxFeaturesRule, int, double>;
// A number of samples: a count, or a fraction of the training samples (rounded up).
using SampleCount = std::variant<int, double>;

// The growth options every tree-based estimator has.
struct TreeGrowthParams {
  std::optional<int> max_depth;
  SampleCount min_samples_split = 2;
  SampleCount min_samples_leaf = 1;
  std::optional<int> max_leaf_nodes;
  double min_impurity_decrease = 0;
  double min_weight_fraction_leaf = 0;  // in [0, 0.5]
};

// Counts from fractions and shortcuts, checked against the data (as scikit-learn does at fit); the
// options' own ranges are checked before, by check_params.
GrowSettings resolve_growth(const TreeGrowthParams& p, TreeCriterion criterion, TreeSplitter splitter,
                            const std::optional<MaxFeatures>& max_features, Index n_samples, Index n_features);

// What the classifier and the regressor share: the fitted tree and its introspection.
class DecisionTreeBase {
 public:
  bool is_fitted() const { return tree_.node_count() > 0; }
  int n_features_in() const { return tree_.n_features; }
  const Tree& tree() const { return tree_; }

  IntVector apply(MatrixRef X) const;                  // leaf id of each sample
  NamedArrays decision_path(MatrixRef X) const;        // CSR {indptr, indices} of the nodes visited
  int get_depth() const { return tree_.depth(); }
  int get_n_leaves() const { return tree_.n_leaves(); }
  Vector feature_importances() const { return tree_.feature_importances(); }

  int node_count() const { return static_cast<int>(tree_.node_count()); }
  IntVector children_left() const;
  IntVector children_right() const;
  IntVector feature() const;
  Vector threshold() const;
  Vector impurity() const;
  IntVector n_node_samples() const;
  Vector weighted_n_node_samples() const;
  Matrix value() const;  // nodeCount x nClasses weighted counts, or nodeCount x nOutputs means/medians

 protected:
  explicit DecisionTreeBase(const char* name) : name_(name) {}
  void check_predict(MatrixRef X, const char* method) const;
  // Grows (and prunes) the tree on the samples of positive weight.
  void grow(const TreeData& data, const GrowSettings& s, int random_state, double ccp_alpha, VectorRef sample_weight);
  static NamedArrays pruning_path_of(const TreeData& data, const GrowSettings& s, int random_state);
  json tree_state() const;
  void load_tree_state(const json& s, int n_values_min);

  const char* name_;
  Tree tree_;
};

struct DecisionTreeClassifierParams : TreeGrowthParams {
  TreeCriterion criterion = TreeCriterion::gini;
  TreeSplitter splitter = TreeSplitter::best;
  std::optional<MaxFeatures> max_features;  // null: all features
  double ccp_alpha = 0;
  int random_state = 0;
};

class DecisionTreeClassifier : public DecisionTreeBase {
 public:
  using Params = DecisionTreeClassifierParams;
  explicit DecisionTreeClassifier(Params p = {}) : DecisionTreeBase("DecisionTreeClassifier"), params_(std::move(p)) {}

  DecisionTreeClassifier& fit(MatrixRef X, IntVectorRef y);  // y: class codes 0..nClasses-1
  // Weighted class counts in the impurities and leaves, as scikit-learn's.
  DecisionTreeClassifier& fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight);
  IntVector predict(MatrixRef X) const;                      // most frequent class of the leaf (lowest on ties)
  Matrix predict_proba(MatrixRef X) const;                   // class fractions of the leaf
  Matrix predict_log_proba(MatrixRef X) const { return det_log_of(predict_proba(X)); }
  // The effective alphas and total leaf impurities of minimal cost-complexity pruning of a tree
  // fitted anew to (X, y) with these options and ccpAlpha = 0 (Y: n x 1 class codes).
  NamedArrays cost_complexity_pruning_path(MatrixRef X, MatrixRef Y) const;

  const Params& params() const { return params_; }
  int n_classes() const { return tree_.n_values; }
  json state() const { return tree_state(); }
  void load_state(const json& s) { load_tree_state(s, 1); }

 private:
  Params params_;
};

struct DecisionTreeRegressorParams : TreeGrowthParams {
  TreeCriterion criterion = TreeCriterion::squared_error;
  TreeSplitter splitter = TreeSplitter::best;
  std::optional<MaxFeatures> max_features;
  double ccp_alpha = 0;
  int random_state = 0;
};

class DecisionTreeRegressor : public DecisionTreeBase {
 public:
  using Params = DecisionTreeRegressorParams;
  explicit DecisionTreeRegressor(Params p = {}) : DecisionTreeBase("DecisionTreeRegressor"), params_(std::move(p)) {}

  DecisionTreeRegressor& fit(MatrixRef X, MatrixRef Y);  // Y: n x outputs
  // Weighted means (or medians) in the impurities and leaves, as scikit-learn's.
  DecisionTreeRegressor& fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight);
  Matrix predict(MatrixRef X) const;                     // n x outputs: the leaf's mean (or median)
  NamedArrays cost_complexity_pruning_path(MatrixRef X, MatrixRef Y) const;

  const Params& params() const { return params_; }
  int n_outputs() const { return tree_.n_values; }
  json state() const { return tree_state(); }
  void load_state(const json& s) { load_tree_state(s, 1); }

 private:
  Params params_;
};

// Shared by the tree ensembles: class fractions / outputs of each sample's leaf in `t`, added
// (times `scale`) into `out` (n x n_values).
void accumulate_leaf_values(const Tree& t, MatrixRef X, bool normalise, double scale, Matrix& out);
// The classification/regression checks of fit, shared by the tree estimators.
int check_classification_fit(MatrixRef X, IntVectorRef y);
void check_regression_fit(MatrixRef X, MatrixRef Y);

}  // namespace wasmlearn
