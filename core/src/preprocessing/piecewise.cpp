#include "wasmlearn/preprocessing/piecewise.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/preprocessing/describe.hpp"

namespace wasmlearn {
namespace {

// The interval of x: 0 below ξ1, k for ξk <= x < ξk+1, K at or above ξK.
Index interval_of(const std::vector<double>& knots, double x) {
  return static_cast<Index>(std::upper_bound(knots.begin(), knots.end(), x) - knots.begin());
}

}  // namespace

void check_knots(const std::vector<double>& knots, const char* name) {
  for (std::size_t i = 0; i < knots.size(); ++i) {
    if (!std::isfinite(knots[i]))
      throw InvalidArgument(std::string(name) + "[" + std::to_string(i) + "] must be finite, got " + format_number(knots[i]));
    if (i > 0 && !(knots[i] > knots[i - 1]))
      throw InvalidArgument(std::string(name) + " must be strictly increasing, but " + name + "[" + std::to_string(i) +
                            "] = " + format_number(knots[i]) + " is not greater than " + name + "[" + std::to_string(i - 1) +
                            "] = " + format_number(knots[i - 1]));
  }
}

void PiecewiseBasis::fit_basis(MatrixRef X, const std::vector<double>& knots) {
  check_knots(knots);
  check_matrix(X);
  n_features_in_ = X.cols();
}

void PiecewiseBasis::load_state(const json& s) {
  n_features_in_ = integer_from_json<Index>(member(s, "nFeaturesIn"), "nFeaturesIn", at_least(1));
}

// ---- constant -----------------------------------------------------------------------------------

Index PiecewiseConstantFeatures::columns_per_feature() const {
  return static_cast<Index>(params_.knots.size()) + (params_.include_bias ? 1 : 0);
}

PiecewiseConstantFeatures& PiecewiseConstantFeatures::fit(MatrixRef X) {
  check_params<PiecewiseConstantFeatures>(params_);
  fit_basis(X, params_.knots);
  return *this;
}

Matrix PiecewiseConstantFeatures::transform(MatrixRef X) const {
  const auto& knots = params_.knots;
  return expand(X, knots, params_.include_bias, [&](double x, auto set) { set(interval_of(knots, x), 1.0); });
}

// ---- linear -------------------------------------------------------------------------------------

Index PiecewiseLinearFeatures::columns_per_feature() const {
  const Index K = static_cast<Index>(params_.knots.size());
  const Index bias = params_.include_bias ? 0 : 1;
  return (params_.continuous ? K + 2 : 2 * K + 2) - bias;
}

PiecewiseLinearFeatures& PiecewiseLinearFeatures::fit(MatrixRef X) {
  check_params<PiecewiseLinearFeatures>(params_);
  fit_basis(X, params_.knots);
  return *this;
}

Matrix PiecewiseLinearFeatures::transform(MatrixRef X) const {
  const auto& knots = params_.knots;
  const Index K = static_cast<Index>(knots.size());
  return expand(X, knots, params_.include_bias, [&](double x, auto set) {
    if (params_.continuous) {
      set(0, 1.0);
      set(1, x);
      for (Index k = 0; k < K; ++k) set(2 + k, std::max(x - knots[static_cast<std::size_t>(k)], 0.0));
    } else {
      const Index k = interval_of(knots, x);
      set(k, 1.0);
      set(K + 1 + k, x);
    }
  });
}

}  // namespace wasmlearn
