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

class RadiusNeighborsClassifier : public nn::Estimator<RadiusNeighborsClassifierParams, nn::ClassTargets> {
 public:
  explicit RadiusNeighborsClassifier(Params p = {}) : Estimator(p) {}
  RadiusNeighborsClassifier& fit(MatrixRef X, IntVectorRef y);
  // Throws InvalidArgument naming the query rows without neighbours unless outlierLabel is set.
  IntVector predict(MatrixRef X) const;
  Matrix predict_proba(MatrixRef X) const;  // outliers (with outlierLabel): 1 for that class
  // Training rows within `radius` (default: the radius option), sorted by (distance, index).
  RadiusNeighborsResult radius_neighbors(MatrixRef X, std::optional<double> radius = std::nullopt) const;

  int n_classes() const { return fitted_.targets.n_classes; }

  void load_state(const json& s);

 private:
  Matrix votes(MatrixRef X, const char* method) const;
};

class RadiusNeighborsRegressor : public nn::Estimator<RadiusNeighborsParams, nn::RegressionTargets> {
 public:
  explicit RadiusNeighborsRegressor(Params p = {}) : Estimator(p) {}
  RadiusNeighborsRegressor& fit(MatrixRef X, MatrixRef Y);
  // As scikit-learn: a query with no training sample within the radius predicts NaN (every output)
  // and a warning is recorded; warnings() holds the warnings of the last predict only (it is cleared
  // at each predict, hence `mutable`: predicting does not change the model).
  Matrix predict(MatrixRef X) const;
  RadiusNeighborsResult radius_neighbors(MatrixRef X, std::optional<double> radius = std::nullopt) const;
  const Warnings& warnings() const { return warnings_; }

  int n_outputs() const { return static_cast<int>(fitted_.targets.Y.cols()); }

  void load_state(const json& s);

 private:
  mutable Warnings warnings_;
};

}  // namespace wasmlearn
