// Piecewise polynomial bases with given knots ξ1 < ... < ξK (Beaulac, §2.3.4), applied to every
// feature with the same knots. The K knots cut the line into K+1 intervals
// (-∞, ξ1), [ξ1, ξ2), ..., [ξK, ∞) (closed on the left).
//
// PiecewiseConstantFeatures, per feature: the indicator of each interval, I(x ∈ interval k),
//   k = 0..K (K+1 columns; the rows sum to 1). A linear model on it is a step function.
// PiecewiseLinearFeatures, per feature:
//   continuous false: the indicators I_0..I_K, then the slope terms x·I_0 .. x·I_K (2K+2 columns):
//                     an independent line on each interval;
//   continuous true:  the truncated power basis 1, x, (x-ξ1)₊, ..., (x-ξK)₊ (K+2 columns): a line
//                     whose slope changes by the k-th coefficient at ξk (a linear spline).
// includeBias false drops the column that is constant-like so the basis plus a model intercept has
// full rank: I_0 (constant; linear, discontinuous) or the 1 column (continuous).
// With no knots the basis is the plain polynomial (1, or 1 and x).
#pragma once
#include <vector>

#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

struct PiecewiseConstantFeaturesParams {
  std::vector<double> knots{};
  bool include_bias = true;
};

struct PiecewiseLinearFeaturesParams {
  std::vector<double> knots{};
  bool continuous = true;
  bool include_bias = true;
};

// The shared machinery: knots validated in fit, n_features_in remembered.
class PiecewiseBasis {
 public:
  bool is_fitted() const { return n_features_in_ > 0; }
  int n_features_in() const { return static_cast<int>(n_features_in_); }
  int n_features_out() const { return static_cast<int>(n_features_in_ * columns_per_feature()); }
  json state() const { return {{"nFeaturesIn", n_features_in_}}; }
  void load_state(const json& s);

 protected:
  PiecewiseBasis(const char* name) : name_(name) {}
  void fit_basis(MatrixRef X, const std::vector<double>& knots);
  // The basis of every entry of X: fill(x, set) calls set(c, v) for basis column c (numbered before
  // the bias column is dropped) of one feature's block.
  template <class Fill>
  Matrix expand(MatrixRef X, const std::vector<double>& knots, bool include_bias, Fill fill) const;
  virtual Index columns_per_feature() const = 0;
  virtual ~PiecewiseBasis() = default;
  PiecewiseBasis(const PiecewiseBasis&) = default;
  PiecewiseBasis& operator=(const PiecewiseBasis&) = default;

  const char* name_;
  Index n_features_in_ = 0;
};

// Validates knots: finite and strictly increasing (the message names the offending pair).
void check_knots(const std::vector<double>& knots, const char* name = "knots");

template <class Fill>
Matrix PiecewiseBasis::expand(MatrixRef X, const std::vector<double>& knots, bool include_bias, Fill fill) const {
  check_fitted(is_fitted(), name_, "transform");
  check_n_features(n_features_in_, X);
  check_matrix(X);
  check_knots(knots);
  const Index m = columns_per_feature(), skip = include_bias ? 0 : 1;
  Matrix out = Matrix::Zero(X.rows(), X.cols() * m);
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j)
      fill(X(i, j), [&](Index c, double v) {
        if (c >= skip) out(i, j * m + c - skip) = v;
      });
  return out;
}

class PiecewiseConstantFeatures : public PiecewiseBasis {
 public:
  using Params = PiecewiseConstantFeaturesParams;
  explicit PiecewiseConstantFeatures(Params p = {}) : PiecewiseBasis("PiecewiseConstantFeatures"), params_(std::move(p)) {}
  PiecewiseConstantFeatures& fit(MatrixRef X);
  Matrix transform(MatrixRef X) const;
  const Params& params() const { return params_; }

 private:
  Index columns_per_feature() const override;
  Params params_;
};

class PiecewiseLinearFeatures : public PiecewiseBasis {
 public:
  using Params = PiecewiseLinearFeaturesParams;
  explicit PiecewiseLinearFeatures(Params p = {}) : PiecewiseBasis("PiecewiseLinearFeatures"), params_(std::move(p)) {}
  PiecewiseLinearFeatures& fit(MatrixRef X);
  Matrix transform(MatrixRef X) const;
  const Params& params() const { return params_; }

 private:
  Index columns_per_feature() const override;
  Params params_;
};

}  // namespace wasmlearn
