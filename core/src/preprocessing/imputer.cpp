#include "wasmlearn/preprocessing/imputer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "wasmlearn/base/missing_values.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/preprocessing/describe.hpp"

namespace wasmlearn {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double median_of_sorted(const std::vector<double>& v) {
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// The most frequent value of sorted values; the smallest of those tied (scikit-learn's _most_frequent).
double mode_of_sorted(const std::vector<double>& v) {
  double best = v[0];
  std::size_t best_count = 0;
  for (std::size_t start = 0; start < v.size();) {
    std::size_t end = start;
    while (end < v.size() && v[end] == v[start]) ++end;
    if (end - start > best_count) {
      best_count = end - start;
      best = v[start];
    }
    start = end;
  }
  return best;
}

}  // namespace

bool SimpleImputer::is_missing(double v) const {
  return params_.missing_values ? v == *params_.missing_values : std::isnan(v);
}

double SimpleImputer::missing_value() const { return params_.missing_values.value_or(kNaN); }

// NaN is a value X may hold only when it is what is missing.
void SimpleImputer::check_input(MatrixRef X) const {
  if (declared_allows_nan<Describe<SimpleImputer>>() && !params_.missing_values) check_matrix_allowing_nan(X);
  else check_matrix(X);
}

SimpleImputer& SimpleImputer::fit(MatrixRef X) {
  check_params<SimpleImputer>(params_);
  check_input(X);
  warnings_.clear();
  Vector statistics(X.cols());
  std::vector<int> indicator;
  std::vector<double> observed;
  for (Index j = 0; j < X.cols(); ++j) {
    observed.clear();
    for (Index i = 0; i < X.rows(); ++i)
      if (!is_missing(X(i, j))) observed.push_back(X(i, j));
    if (observed.size() < static_cast<std::size_t>(X.rows())) indicator.push_back(static_cast<int>(j));
    if (params_.strategy == ImputeStrategy::constant) {
      statistics[j] = params_.fill_value;
      continue;
    }
    if (observed.empty()) {
      statistics[j] = params_.keep_empty_features ? 0.0 : kNaN;
      if (!params_.keep_empty_features)
        warnings_.add(WarningKind::data, "feature " + std::to_string(j) + " has no observed value and is dropped by transform");
      continue;
    }
    if (params_.strategy == ImputeStrategy::mean) {
      double sum = 0;  // in row order, as numpy's masked mean down a column
      for (double v : observed) sum += v;
      statistics[j] = sum / static_cast<double>(observed.size());
      continue;
    }
    std::sort(observed.begin(), observed.end());
    statistics[j] = params_.strategy == ImputeStrategy::median ? median_of_sorted(observed) : mode_of_sorted(observed);
  }
  // +0 for -0: model JSON written by JS (JSON.stringify) has no -0, so a round trip must not need it.
  statistics_ = statistics.array() + 0.0;
  indicator_features_ = Eigen::Map<const IntVector>(indicator.data(), static_cast<Index>(indicator.size()));
  return *this;
}

std::vector<Index> SimpleImputer::kept_features() const {
  std::vector<Index> kept;
  for (Index j = 0; j < statistics_.size(); ++j)
    if (!std::isnan(statistics_[j])) kept.push_back(j);
  return kept;
}

Matrix SimpleImputer::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "SimpleImputer", "transform");
  check_n_features(statistics_.size(), X);
  check_input(X);
  const std::vector<Index> kept = kept_features();
  const Index n_kept = static_cast<Index>(kept.size());
  const Index n_indicators = params_.add_indicator ? indicator_features_.size() : 0;
  Matrix out(X.rows(), n_kept + n_indicators);
  for (Index k = 0; k < n_kept; ++k)
    for (Index i = 0; i < X.rows(); ++i) out(i, k) = is_missing(X(i, kept[k])) ? statistics_[kept[k]] : X(i, kept[k]);
  for (Index k = 0; k < n_indicators; ++k)
    for (Index i = 0; i < X.rows(); ++i) out(i, n_kept + k) = is_missing(X(i, indicator_features_[k])) ? 1.0 : 0.0;
  return out;
}

Matrix SimpleImputer::inverse_transform(MatrixRef X) const {
  check_fitted(is_fitted(), "SimpleImputer", "inverseTransform");
  if (!params_.add_indicator)
    throw InvalidArgument("inverseTransform needs addIndicator true: the indicator columns say which values were missing");
  const std::vector<Index> kept = kept_features();
  const Index n_kept = static_cast<Index>(kept.size());
  check_n_features(n_kept + indicator_features_.size(), X);
  check_matrix(X);
  Matrix out = Matrix::Constant(X.rows(), statistics_.size(), missing_value());
  for (Index k = 0; k < n_kept; ++k) out.col(kept[k]) = X.col(k);
  for (Index k = 0; k < indicator_features_.size(); ++k)
    for (Index i = 0; i < X.rows(); ++i)
      if (X(i, n_kept + k) != 0) out(i, indicator_features_[k]) = missing_value();
  return out;
}

// JSON has no NaN: a feature without a statistic is listed in "emptyFeatures" (its statistic saved as 0).
json SimpleImputer::state() const {
  std::vector<Index> empty;
  Vector saved = statistics_;
  for (Index j = 0; j < saved.size(); ++j)
    if (std::isnan(saved[j])) {
      empty.push_back(j);
      saved[j] = 0;
    }
  return {{"statistics", to_json(saved)}, {"emptyFeatures", empty}, {"indicatorFeatures", to_json(indicator_features_)},
          {"warnings", to_json(warnings_)}};
}

void SimpleImputer::load_state(const json& s) {
  Vector statistics = vector_from_json(member(s, "statistics"), "statistics");
  IntVector empty = int_vector_from_json(member(s, "emptyFeatures"), "emptyFeatures");
  IntVector indicator = int_vector_from_json(member(s, "indicatorFeatures"), "indicatorFeatures");
  const Index p = statistics.size();
  const auto outside = [p](const IntVector& v) { return v.size() > 0 && (v.minCoeff() < 0 || v.maxCoeff() >= p); };
  if (p == 0 || outside(empty) || outside(indicator))
    throw InvalidArgument("model JSON: statistics must be non-empty and emptyFeatures, indicatorFeatures features of it");
  for (Index k = 0; k < empty.size(); ++k) statistics[empty[k]] = kNaN;
  // +0 for -0: model JSON written by JS (JSON.stringify) has no -0, so a round trip must not need it.
  statistics_ = statistics.array() + 0.0;
  indicator_features_ = std::move(indicator);
  warnings_ = warnings_from_json(s, WarningKind::data);
}

}  // namespace wasmlearn
