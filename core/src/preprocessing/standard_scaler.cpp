#include "wasmlearn/preprocessing/standard_scaler.hpp"

#include <cmath>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/preprocessing/describe.hpp"

namespace wasmlearn {

StandardScaler& StandardScaler::fit(MatrixRef X) { return fit(X, Vector::Ones(X.rows())); }

StandardScaler& StandardScaler::fit(MatrixRef X, VectorRef sample_weight) {
  check_params<StandardScaler>(params_);
  check_matrix(X);
  check_sample_weight(sample_weight, X.rows());
  const double total = sample_weight.sum();
  mean_ = X.transpose() * sample_weight / total;
  var_ = (X.rowwise() - mean_.transpose()).array().square().matrix().transpose() * sample_weight / total;
  scale_ = var_.cwiseSqrt();
  // A column whose sum or squared deviations overflow from finite values (|x| near 1e308): its mean
  // and variance from the values divided by the largest, then scaled back (var may stay Infinity,
  // the scale is finite).
  for (Index j = 0; j < X.cols(); ++j) {
    if (std::isfinite(mean_[j]) && std::isfinite(var_[j])) continue;
    const double largest = X.col(j).cwiseAbs().maxCoeff();
    const Vector scaled = X.col(j) / largest;
    const double mean = scaled.dot(sample_weight) / total;
    const double var = (scaled.array() - mean).square().matrix().dot(sample_weight) / total;
    mean_[j] = mean * largest;
    var_[j] = var * largest * largest;
    scale_[j] = std::sqrt(var) * largest;
  }
  // scikit-learn treats variances below ~10 ulp of the mean's magnitude as zero (constant feature):
  // compared as standard deviations, whose squares (var, mean²) may overflow past 1e154.
  const double eps = 10 * std::numeric_limits<double>::epsilon();
  for (Index j = 0; j < scale_.size(); ++j)
    if (scale_[j] <= eps * std::max(1.0, std::abs(mean_[j]))) scale_[j] = 1.0;
  if (!params_.with_mean) mean_.setZero();
  if (!params_.with_std) scale_.setOnes();
  n_features_in_ = X.cols();
  n_samples_seen_ = total;
  return *this;
}

Matrix StandardScaler::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "StandardScaler", "transform");
  check_n_features(n_features_in_, X);
  check_matrix(X);
  return (X.rowwise() - mean_.transpose()).array().rowwise() / scale_.transpose().array();
}

Matrix StandardScaler::inverse_transform(MatrixRef X) const {
  check_fitted(is_fitted(), "StandardScaler", "inverseTransform");
  check_n_features(n_features_in_, X);
  check_matrix(X);
  return (X.array().rowwise() * scale_.transpose().array()).matrix().rowwise() + mean_.transpose();
}

json StandardScaler::state() const {
  return {{"mean", to_json(mean_)}, {"var", to_json(var_)}, {"scale", to_json(scale_)},
          {"nSamplesSeen", n_samples_seen_}};
}

void StandardScaler::load_state(const json& s) {
  Vector mean = vector_from_json(member(s, "mean"), "mean");
  Vector var = vector_from_json(member(s, "var"), "var");
  Vector scale = vector_from_json(member(s, "scale"), "scale");
  if (mean.size() == 0 || var.size() != mean.size() || scale.size() != mean.size())
    throw InvalidArgument("model JSON: mean, var and scale must be non-empty and of equal length");
  if ((scale.array() <= 0).any()) throw InvalidArgument("model JSON: scale must be positive");
  const double seen = number_from_json(member(s, "nSamplesSeen"), "nSamplesSeen");
  mean_ = std::move(mean);
  var_ = std::move(var);
  scale_ = std::move(scale);
  n_features_in_ = mean_.size();
  n_samples_seen_ = seen;
}

}  // namespace wasmlearn
