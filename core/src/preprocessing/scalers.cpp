#include "wasmlearn/preprocessing/scalers.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/preprocessing/describe.hpp"

namespace wasmlearn {

namespace {

// scikit-learn's _handle_zeros_in_scale: a divisor below 10 ulp means a constant feature, divided by 1.
Vector nonzero_divisor(Vector d) {
  for (Index j = 0; j < d.size(); ++j)
    if (d[j] < 10 * std::numeric_limits<double>::epsilon()) d[j] = 1.0;
  return d;
}

// The q-th percentile (0..100) of each column, interpolated linearly as numpy's default.
Vector percentile(MatrixRef X, double q) {
  Vector out(X.cols());
  std::vector<double> column(static_cast<std::size_t>(X.rows()));
  for (Index j = 0; j < X.cols(); ++j) {
    for (Index i = 0; i < X.rows(); ++i) column[static_cast<std::size_t>(i)] = X(i, j);
    std::sort(column.begin(), column.end());
    const double at = q / 100 * static_cast<double>(X.rows() - 1);
    const auto below = static_cast<std::size_t>(std::floor(at));
    const std::size_t above = std::min(below + 1, column.size() - 1);
    out[j] = column[below] + (at - static_cast<double>(below)) * (column[above] - column[below]);
  }
  return out;
}

std::vector<double> checked_range(const std::vector<double>& r, const char* name, double lo, double hi) {
  if (r.size() != 2 || !(r[0] < r[1]) || r[0] < lo || r[1] > hi)
    throw InvalidArgument(std::string(name) + " must be two increasing numbers" +
                          (std::isfinite(lo) ? " in [" + format_number(lo) + ", " + format_number(hi) + "]" : ""));
  return r;
}

}  // namespace

void AffineScaler::begin_fit(MatrixRef X) const { check_matrix(X); }

void AffineScaler::set_map(Vector multiplier, Vector offset) {
  multiplier_ = std::move(multiplier);
  offset_ = std::move(offset);
}

Matrix AffineScaler::transform(MatrixRef X) const {
  check_fitted(is_fitted(), name_, "transform");
  check_n_features(multiplier_.size(), X);
  check_matrix(X);
  return (X.array().rowwise() * multiplier_.transpose().array()).rowwise() + offset_.transpose().array();
}

Matrix AffineScaler::inverse_transform(MatrixRef X) const {
  check_fitted(is_fitted(), name_, "inverseTransform");
  check_n_features(multiplier_.size(), X);
  check_matrix(X);
  return (X.array().rowwise() - offset_.transpose().array()).rowwise() / multiplier_.transpose().array();
}

MinMaxScaler& MinMaxScaler::fit(MatrixRef X) {
  check_params<MinMaxScaler>(params_);
  const auto range = checked_range(params_.feature_range, "featureRange", -std::numeric_limits<double>::infinity(),
                                   std::numeric_limits<double>::infinity());
  begin_fit(X);
  data_min_ = X.colwise().minCoeff().transpose();
  data_max_ = X.colwise().maxCoeff().transpose();
  Vector scale = (range[1] - range[0]) / nonzero_divisor(data_max_ - data_min_).array();
  // A span past double's range (finite values of both signs beyond ±9e307) gave a scale of 0: the
  // ratio of the halves instead.
  for (Index j = 0; j < scale.size(); ++j)
    if (std::isinf(data_max_[j] - data_min_[j]))
      scale[j] = (range[1] / 2 - range[0] / 2) / (data_max_[j] / 2 - data_min_[j] / 2);
  set_map(scale, range[0] - data_min_.array() * scale.array());
  return *this;
}

Matrix MinMaxScaler::transform(MatrixRef X) const {
  Matrix out = AffineScaler::transform(X);
  if (params_.clip) out = out.cwiseMax(params_.feature_range[0]).cwiseMin(params_.feature_range[1]);
  return out;
}

json MinMaxScaler::state() const {
  return {{"dataMin", to_json(data_min_)}, {"dataMax", to_json(data_max_)}, {"scale", to_json(multiplier_)},
          {"min", to_json(offset_)}};
}

void MinMaxScaler::load_state(const json& s) {
  Vector lo = vector_from_json(member(s, "dataMin"), "dataMin"), hi = vector_from_json(member(s, "dataMax"), "dataMax");
  Vector scale = vector_from_json(member(s, "scale"), "scale"), min = vector_from_json(member(s, "min"), "min");
  if (lo.size() == 0 || hi.size() != lo.size() || scale.size() != lo.size() || min.size() != lo.size())
    throw InvalidArgument("model JSON: dataMin, dataMax, scale and min must be non-empty and of equal length");
  data_min_ = std::move(lo);
  data_max_ = std::move(hi);
  set_map(std::move(scale), std::move(min));
}

MaxAbsScaler& MaxAbsScaler::fit(MatrixRef X) {
  check_params<MaxAbsScaler>(params_);
  begin_fit(X);
  max_abs_ = X.cwiseAbs().colwise().maxCoeff().transpose();
  scale_ = nonzero_divisor(max_abs_);
  set_map(scale_.cwiseInverse(), Vector::Zero(scale_.size()));
  return *this;
}

json MaxAbsScaler::state() const { return {{"maxAbs", to_json(max_abs_)}}; }

void MaxAbsScaler::load_state(const json& s) {
  Vector max_abs = vector_from_json(member(s, "maxAbs"), "maxAbs");
  if (max_abs.size() == 0 || (max_abs.array() < 0).any())
    throw InvalidArgument("model JSON: maxAbs must be non-empty and non-negative");
  max_abs_ = std::move(max_abs);
  scale_ = nonzero_divisor(max_abs_);
  set_map(scale_.cwiseInverse(), Vector::Zero(scale_.size()));
}

RobustScaler& RobustScaler::fit(MatrixRef X) {
  check_params<RobustScaler>(params_);
  const auto q = checked_range(params_.quantile_range, "quantileRange", 0, 100);
  begin_fit(X);
  center_ = params_.with_centering ? percentile(X, 50) : Vector::Zero(X.cols());
  scale_ = Vector::Ones(X.cols());
  if (params_.with_scaling) {
    scale_ = nonzero_divisor(percentile(X, q[1]) - percentile(X, q[0]));
    // unitVariance: the interquantile range of a standard normal becomes 1.
    if (params_.unit_variance) scale_ /= det_normal_quantile(q[1] / 100) - det_normal_quantile(q[0] / 100);
  }
  set_map(scale_.cwiseInverse(), -center_.cwiseQuotient(scale_));
  return *this;
}

json RobustScaler::state() const { return {{"center", to_json(center_)}, {"scale", to_json(scale_)}}; }

void RobustScaler::load_state(const json& s) {
  Vector center = vector_from_json(member(s, "center"), "center"), scale = vector_from_json(member(s, "scale"), "scale");
  if (center.size() == 0 || scale.size() != center.size() || (scale.array() <= 0).any())
    throw InvalidArgument("model JSON: center and scale must be non-empty, of equal length, scale positive");
  center_ = std::move(center);
  scale_ = std::move(scale);
  set_map(scale_.cwiseInverse(), -center_.cwiseQuotient(scale_));
}

Normalizer& Normalizer::fit(MatrixRef X) {
  check_params<Normalizer>(params_);
  check_matrix(X);
  n_features_in_ = X.cols();
  return *this;
}

Matrix Normalizer::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "Normalizer", "transform");
  check_n_features(n_features_in_, X);
  check_matrix(X);
  Matrix out = X;
  const auto norm_of = [&](Index i) {
    return params_.norm == NormKind::l1   ? out.row(i).cwiseAbs().sum()
           : params_.norm == NormKind::l2 ? out.row(i).norm()
                                          : out.row(i).cwiseAbs().maxCoeff();
  };
  for (Index i = 0; i < out.rows(); ++i) {
    double norm = norm_of(i);
    if (std::isinf(norm)) {  // finite values whose sum overflowed (1e200 squared): scaled by the largest first
      out.row(i) /= out.row(i).cwiseAbs().maxCoeff();
      norm = norm_of(i);
    }
    if (norm > 10 * std::numeric_limits<double>::epsilon()) out.row(i) /= norm;
  }
  return out;
}

void Normalizer::load_state(const json& s) {
  n_features_in_ = integer_from_json<Index>(member(s, "nFeaturesIn"), "nFeaturesIn", at_least(1));
}

}  // namespace wasmlearn
