// k-nearest-neighbours classifier and regressor, as scikit-learn's KNeighborsClassifier /
// KNeighborsRegressor: each query is answered from its nNeighbors nearest training samples,
// uniformly or by inverse distance (weights), found by brute force, a KD-tree or a ball tree.
#pragma once
#include <optional>

#include "wasmlearn/neighbors/neighbors_base.hpp"

namespace wasmlearn {

struct KNeighborsParams : NeighborsSearchParams {
  int n_neighbors = 5;
};

class KNeighborsClassifier {
 public:
  using Params = KNeighborsParams;

  explicit KNeighborsClassifier(Params p = {}) : params_(p) {}
  // y: class codes 0..n_classes-1.
  KNeighborsClassifier& fit(MatrixRef X, IntVectorRef y);
  IntVector predict(MatrixRef X) const;      // majority (or weighted) vote; ties -> smallest code
  Matrix predict_proba(MatrixRef X) const;   // n x nClasses
  // The k (default nNeighbors) nearest training rows of each row of X, by (distance, index).
  KNeighborsResult kneighbors(MatrixRef X, std::optional<int> n_neighbors = std::nullopt) const;

  const Params& params() const { return params_; }
  bool is_fitted() const { return fitted_.model.is_fitted(); }
  int n_features_in() const { return fitted_.model.n_features_in(); }
  int n_samples_fit() const { return fitted_.model.n_samples_fit(); }
  int n_classes() const { return fitted_.targets.n_classes; }

  json state() const { return fitted_.state(); }
  void load_state(const json& s);

 private:
  Matrix votes(MatrixRef X, const char* method) const;

  Params params_;
  nn::Fitted<nn::ClassTargets> fitted_;
};

class KNeighborsRegressor {
 public:
  using Params = KNeighborsParams;

  explicit KNeighborsRegressor(Params p = {}) : params_(p) {}
  // Y: n x outputs.
  KNeighborsRegressor& fit(MatrixRef X, MatrixRef Y);
  Matrix predict(MatrixRef X) const;  // n x outputs: (weighted) mean of the neighbours' targets
  KNeighborsResult kneighbors(MatrixRef X, std::optional<int> n_neighbors = std::nullopt) const;

  const Params& params() const { return params_; }
  bool is_fitted() const { return fitted_.model.is_fitted(); }
  int n_features_in() const { return fitted_.model.n_features_in(); }
  int n_samples_fit() const { return fitted_.model.n_samples_fit(); }
  int n_outputs() const { return static_cast<int>(fitted_.targets.Y.cols()); }

  json state() const { return fitted_.state(); }
  void load_state(const json& s);

 private:
  Params params_;
  nn::Fitted<nn::RegressionTargets> fitted_;
};

}  // namespace wasmlearn
