// Bagging over any registered estimator, as scikit-learn's BaggingClassifier / BaggingRegressor:
// each member is built by name (make_estimator) and fitted on a random subset of the samples
// (with or without replacement) restricted to a random subset of the features. Member m draws
// from Random(Random::derive_seed(randomState, m)) alone (m counted from firstEstimator), so slices
// of the ensemble fitted apart, concatenated in index order, are the whole ensemble's members. A member whose fit takes sample weights
// gets each drawn row once, weighted by its draw count times its sampleWeight (as scikit-learn);
// other members get the drawn rows materialised (repeated), and then sampleWeight is refused.
// A classifier member sees only the classes present in its sample (re-encoded 0..k-1) and its
// results are mapped back. Aggregation: the mean of the members' predictProba when the base
// estimator has one, else the share of votes; regressors average predictions. With oobScore, each
// training sample is scored by the members whose draws left it out (as the forests: the mean of their
// values, NaN rows for samples drawn by every member, which the score skips).
#pragma once
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/tree/decision_tree.hpp"

namespace wasmlearn {

struct BaggingParams {
  std::string estimator;
  json estimator_options = json::object();
  int n_estimators = 10;
  std::optional<SampleCount> max_samples;   // null: as many as the training samples
  std::optional<SampleCount> max_features;  // null: all features
  bool bootstrap = true;
  bool bootstrap_features = false;
  bool oob_score = false;
  int random_state = 0;
  int first_estimator = 0;  // this model's member m is member first_estimator + m of the ensemble of random_state
  bool warm_start = false;  // a refit keeps the fitted members and fits only those missing up to n_estimators
  int n_jobs = 1;           // read by the JS layer (fitAsync on the worker pool); fit fits members in this thread
};
struct BaggingClassifierParams : BaggingParams {
  static constexpr const char* name = "BaggingClassifier";
  static constexpr Kind member_kind = Kind::classifier;
  BaggingClassifierParams() { estimator = "DecisionTreeClassifier"; }
};
struct BaggingRegressorParams : BaggingParams {
  static constexpr const char* name = "BaggingRegressor";
  static constexpr Kind member_kind = Kind::regressor;
  BaggingRegressorParams() { estimator = "DecisionTreeRegressor"; }
};

class BaggingBase {
 public:
  bool is_fitted() const { return !members_.empty(); }
  int n_features_in() const { return n_features_; }
  int n_estimators_fitted() const { return static_cast<int>(members_.size()); }
  Matrix estimators_features() const;  // nEstimators x features drawn (feature indices)
  double oob_score() const { return oob_score_; }  // NaN unless fitted with oobScore
  // Whether the X of the next calls is float32: passed on to each member (an MLP then trains, and
  // once trained so predicts, in float32).
  void set_float32_input(bool float32) {
    float32_input_ = float32;
    for (Member& m : members_)
      if (m.model) m.model->set_float32_input(float32);
  }

 protected:
  BaggingBase(const BaggingParams& p, const char* name, Kind member_kind);
  // Y: n x 1 class codes (classifier) or n x outputs; sample_weight: null for unit weights.
  void fit_members(const BaggingParams& p, MatrixRef X, MatrixRef Y, int n_values, const Vector* sample_weight);
  // Sum over members of their (mapped) results divided by the member count: class probabilities
  // (or vote shares) for classifiers, predictions for regressors.
  Matrix aggregate(MatrixRef X, const char* method) const;
  json bagging_state() const;
  void load_bagging_state(const json& s);

  struct Member {
    std::unique_ptr<AnyEstimator> model;
    std::vector<int> features;
    std::vector<int> classes;  // classifier: global code of each local code
  };
  // One member's values on X (all features; n x n_values): its class probabilities or a vote of 1 in
  // the global classes, or its predictions.
  Matrix member_values(const Member& member, MatrixRef X) const;
  // Every member's values on the samples its draws left out (member m drew as member
  // first_estimator + m of the ensemble of random_state), summed and counted per sample.
  void score_out_of_bag(const BaggingParams& p, MatrixRef X, MatrixRef Y, int n_samples, int n_feats);

  const char* name_;
  Kind member_kind_;
  std::vector<Member> members_;
  int n_features_ = 0, n_values_ = 0;
  double oob_score_ = std::numeric_limits<double>::quiet_NaN();
  Matrix oob_values_;  // n x n_values: the out-of-bag mean of each training sample (NaN rows: never out of bag)
  bool float32_input_ = false;
};

class BaggingClassifier : public BaggingBase {
 public:
  using Params = BaggingClassifierParams;
  explicit BaggingClassifier(Params p = {});
  BaggingClassifier& fit(MatrixRef X, IntVectorRef y);
  BaggingClassifier& fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight);
  IntVector predict(MatrixRef X) const;  // most probable class (lowest code on ties)
  Matrix predict_proba(MatrixRef X) const;
  Matrix predict_log_proba(MatrixRef X) const { return det_log_of(predict_proba(X)); }  // as scikit-learn's, to rounding
  const Params& params() const { return params_; }
  int n_classes() const { return n_values_; }
  Matrix oob_decision_function() const { return oob_values_; }
  json state() const { return bagging_state(); }
  void load_state(const json& s) { load_bagging_state(s); }

 private:
  BaggingClassifier& fit_classes(MatrixRef X, IntVectorRef y, const Vector* sample_weight);  // null: unweighted

  Params params_;
};

class BaggingRegressor : public BaggingBase {
 public:
  using Params = BaggingRegressorParams;
  explicit BaggingRegressor(Params p = {});
  BaggingRegressor& fit(MatrixRef X, MatrixRef Y);
  BaggingRegressor& fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight);
  Matrix predict(MatrixRef X) const;
  const Params& params() const { return params_; }
  int n_outputs() const { return n_values_; }
  Matrix oob_prediction() const { return oob_values_; }
  json state() const { return bagging_state(); }
  void load_state(const json& s) { load_bagging_state(s); }

 private:
  Params params_;
};

}  // namespace wasmlearn
