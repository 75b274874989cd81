// k-nearest-neighbours classifier and regressor, as scikit-learn's KNeighborsClassifier /
// KNeighborsRegressor: each query is answered from its nNeighbors nearest training samples,
// uniformly or by inverse distance (weights), found by brute force, a KD-tree or a ball tree.
#pragma once
#include <optional>

#include "wasmlearn/neighbors/neighbors_base.hpp"

namespace wasmlearn {

struct KNeighborsParams : NeighborsSearchParams {
  int n_neighbors = 5;
  int n_jobs = 1;  // read by the JS layer (the *Async methods on the worker pool); the methods run in this thread
};

class KNeighborsClassifier : public nn::Estimator<KNeighborsParams, nn::ClassTargets> {
 public:
  explicit KNeighborsClassifier(Params p = {}) : Estimator(p) {}
  // y: class codes 0..n_classes-1.
  KNeighborsClassifier& fit(MatrixRef X, IntVectorRef y);
  IntVector predict(MatrixRef X) const;      // majority (or weighted) vote; ties -> smallest code
  Matrix predict_proba(MatrixRef X) const;   // n x nClasses
  // The k (default nNeighbors) nearest training rows of each row of X, by (distance, index).
  KNeighborsResult kneighbors(MatrixRef X, std::optional<int> n_neighbors = std::nullopt) const;

  int n_classes() const { return fitted_.targets.n_classes; }

  void load_state(const json& s);

 private:
  Matrix votes(MatrixRef X, const char* method) const;
};

class KNeighborsRegressor : public nn::Estimator<KNeighborsParams, nn::RegressionTargets> {
 public:
  explicit KNeighborsRegressor(Params p = {}) : Estimator(p) {}
  // Y: n x outputs.
  KNeighborsRegressor& fit(MatrixRef X, MatrixRef Y);
  Matrix predict(MatrixRef X) const;  // n x outputs: (weighted) mean of the neighbours' targets
  KNeighborsResult kneighbors(MatrixRef X, std::optional<int> n_neighbors = std::nullopt) const;

  int n_outputs() const { return static_cast<int>(fitted_.targets.Y.cols()); }

  void load_state(const json& s);
};

}  // namespace wasmlearn
