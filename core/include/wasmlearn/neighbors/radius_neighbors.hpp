// Radius-neighbours classifier and regressor, as scikit-learn's RadiusNeighborsClassifier /
// RadiusNeighborsRegressor: each query is answered from all training samples within `radius`.
#pragma once
#include <optional>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/neighbors/neighbors_base.hpp"

namespace wasmlearn {

struct RadiusNeighborsParams : NeighborsSearchParams {
  double radius = 1.0;
};

struct RadiusNeighborsClassifierParams : RadiusNeighborsParams {
  // What a query with no training sample within the radius predicts: nothing (an error, the
  // default, as scikit-learn) or the most frequent training class.
  std::optional<OutlierLabel> outlier_label;
};

class RadiusNeighborsClassifier {
 public:
  using Params = RadiusNeighborsClassifierParams;

  explicit RadiusNeighborsClassifier(Params p = {}) : params_(p) {}
  RadiusNeighborsClassifier& fit(MatrixRef X, IntVectorRef y);
  // Throws InvalidArgument naming the query rows without neighbours unless outlierLabel is set.
  IntVector predict(MatrixRef X) const;
  Matrix predict_proba(MatrixRef X) const;  // outliers (with outlierLabel): 1 for that class
  // Training rows within `radius` (default: the radius option), sorted by (distance, index).
  RadiusNeighborsResult radius_neighbors(MatrixRef X, std::optional<double> radius = std::nullopt) const;

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

class RadiusNeighborsRegressor {
 public:
  using Params = RadiusNeighborsParams;

  explicit RadiusNeighborsRegressor(Params p = {}) : params_(p) {}
  RadiusNeighborsRegressor& fit(MatrixRef X, MatrixRef Y);
  // As scikit-learn: a query with no training sample within the radius predicts NaN (every output)
  // and a warning is recorded; warnings() holds the warnings of the last predict only (it is cleared
  // at each predict, hence `mutable`: predicting does not change the model).
  Matrix predict(MatrixRef X) const;
  RadiusNeighborsResult radius_neighbors(MatrixRef X, std::optional<double> radius = std::nullopt) const;
  const Warnings& warnings() const { return warnings_; }

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
  mutable Warnings warnings_;
};

}  // namespace wasmlearn
