// Random forests and extra trees, as scikit-learn's RandomForest{Classifier,Regressor} and
// ExtraTrees{Classifier,Regressor} (1.2). One class template per task; the two variants differ
// only in their Params (defaults, and the splitter: 'best' thresholds for random forests, one
// random threshold per candidate feature for extra trees).
//
// Determinism: tree t draws everything (its bootstrap sample, its feature draws, its random
// thresholds) from Random(Random::derive_seed(randomState, t)), so each tree depends on the seed
// and its index alone: trees can be grown in any order or on different workers with identical
// results (ForestBase::grow_tree_at). A worker grows a slice of the forest (firstEstimator, then
// nEstimators trees); the slices' trees, concatenated in index order and refitted with warmStart
// (which grows none and computes the out-of-bag score over them all), are the whole forest's.
#pragma once
#include <functional>
#include <optional>
#include <vector>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/tree/decision_tree.hpp"

namespace wasmlearn {

enum class ForestVoting { soft, hard };

struct ForestParams : TreeGrowthParams {
  int n_estimators = 100;
  std::optional<MaxFeatures> max_features;  // null: all features
  bool bootstrap = true;
  std::optional<SampleCount> max_samples;   // bootstrap sample size; null: as many as the training samples
  bool oob_score = false;
  int random_state = 0;
  int first_estimator = 0;  // this forest's tree t is tree first_estimator + t of the forest of random_state
  bool warm_start = false;  // a refit keeps the fitted trees and grows only those missing up to n_estimators
  int n_jobs = 1;           // read by the JS layer (fitAsync on the worker pool); fit grows trees in this thread
};

struct RandomForestClassifierParams : ForestParams {
  static constexpr const char* estimator = "RandomForestClassifier";
  static constexpr TreeSplitter splitter = TreeSplitter::best;
  TreeCriterion criterion = TreeCriterion::gini;
  ForestVoting voting = ForestVoting::soft;
  RandomForestClassifierParams() { max_features = MaxFeatures(MaxFeaturesRule::sqrt); }
};
struct ExtraTreesClassifierParams : RandomForestClassifierParams {
  static constexpr const char* estimator = "ExtraTreesClassifier";
  static constexpr TreeSplitter splitter = TreeSplitter::random;
  ExtraTreesClassifierParams() { bootstrap = false; }
};
struct RandomForestRegressorParams : ForestParams {
  static constexpr const char* estimator = "RandomForestRegressor";
  static constexpr TreeSplitter splitter = TreeSplitter::best;
  TreeCriterion criterion = TreeCriterion::squared_error;
};
struct ExtraTreesRegressorParams : RandomForestRegressorParams {
  static constexpr const char* estimator = "ExtraTreesRegressor";
  static constexpr TreeSplitter splitter = TreeSplitter::random;
  ExtraTreesRegressorParams() { bootstrap = false; }
};

// Forests report progress after each tree (ProgressHook, base/errors.hpp); returning false
// cancels the fit, which then throws Error("fit cancelled ...") and leaves the model as it was.

// What every forest shares: growing the trees, importances, OOB bookkeeping, model JSON.
class ForestBase {
 public:
  bool is_fitted() const { return !trees_.empty(); }
  int n_features_in() const { return n_features_; }
  int n_estimators_fitted() const { return static_cast<int>(trees_.size()); }
  const std::vector<Tree>& trees() const { return trees_; }
  void set_progress(ProgressHook hook) { progress_ = std::move(hook); }

  Vector feature_importances() const;  // mean of the trees' normalised importances, renormalised
  double oob_score() const;            // NaN unless fitted with oobScore
  std::size_t bytes() const;           // memory held by the trees' node arrays
  // Trees' depths and leaf counts, for introspection.
  IntVector tree_depths() const;
  IntVector tree_n_leaves() const;

  // Grows tree `index` of a forest (the unit of work of a worker pool) with weights
  // sample_weight (size data.n) times its bootstrap multiplicities.
  static Tree grow_tree_at(const TreeData& data, const GrowSettings& s, const ForestParams& p, int index,
                           VectorRef sample_weight);
  // The bootstrap multiplicity of each training sample for tree `index` (empty: no bootstrap).
  static std::vector<double> bootstrap_weights(const ForestParams& p, Index n, int index);

 protected:
  explicit ForestBase(const char* name) : name_(name) {}
  void check_predict(MatrixRef X, const char* method) const;
  // Refits with warmStart keep the fitted trees: the data must have their shape and nEstimators at least their count.
  void check_warm_start(Index n_features, int n_values, int n_estimators) const;
  // Validates, grows all trees (reporting progress), and computes the OOB score when asked:
  // `oob_score_of(oob_sum, oob_count)` scores the per-sample sums of out-of-bag leaf values.
  void grow_forest(const TreeData& data, const ForestParams& p, TreeCriterion criterion, TreeSplitter splitter,
                   const std::function<double(const Matrix&, const Vector&)>& oob_score_of, bool normalise_leaves,
                   VectorRef sample_weight);
  json forest_state() const;
  void load_forest_state(const json& s);

  const char* name_;
  std::vector<Tree> trees_;
  int n_features_ = 0, n_values_ = 0;
  double oob_score_ = std::numeric_limits<double>::quiet_NaN();
  Matrix oob_values_;  // n x n_values: OOB mean prediction of each training sample (NaN rows: never OOB)
  ProgressHook progress_;
};

template <class P>
class ForestClassifier : public ForestBase {
 public:
  using Params = P;
  explicit ForestClassifier(Params p = {});

  ForestClassifier& fit(MatrixRef X, IntVectorRef y);
  // Tree t grows with weights sample_weight × its bootstrap multiplicities, as scikit-learn's.
  ForestClassifier& fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight);
  IntVector predict(MatrixRef X) const;     // most probable class (lowest code on ties)
  Matrix predict_proba(MatrixRef X) const;  // soft: mean of the trees' leaf fractions; hard: vote shares
  Matrix predict_log_proba(MatrixRef X) const { return det_log_of(predict_proba(X)); }

  const Params& params() const { return params_; }
  int n_classes() const { return n_values_; }
  Matrix oob_decision_function() const { return oob_values_; }
  json state() const { return forest_state(); }
  void load_state(const json& s) { load_forest_state(s); }

 private:
  Params params_;
};

template <class P>
class ForestRegressor : public ForestBase {
 public:
  using Params = P;
  explicit ForestRegressor(Params p = {});

  ForestRegressor& fit(MatrixRef X, MatrixRef Y);
  ForestRegressor& fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight);  // as the classifier's
  Matrix predict(MatrixRef X) const;  // mean of the trees' predictions

  const Params& params() const { return params_; }
  int n_outputs() const { return n_values_; }
  Matrix oob_prediction() const { return oob_values_; }
  json state() const { return forest_state(); }
  void load_state(const json& s) { load_forest_state(s); }

 private:
  Params params_;
};

using RandomForestClassifier = ForestClassifier<RandomForestClassifierParams>;
using ExtraTreesClassifier = ForestClassifier<ExtraTreesClassifierParams>;
using RandomForestRegressor = ForestRegressor<RandomForestRegressorParams>;
using ExtraTreesRegressor = ForestRegressor<ExtraTreesRegressorParams>;

extern template class ForestClassifier<RandomForestClassifierParams>;
extern template class ForestClassifier<ExtraTreesClassifierParams>;
extern template class ForestRegressor<RandomForestRegressorParams>;
extern template class ForestRegressor<ExtraTreesRegressorParams>;

}  // namespace wasmlearn
