// Declarations of the linear models (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/linear_model/linear_regression.hpp"

namespace wasmlearn {

template <>
struct Describe<LinearRegression> {
  static constexpr const char* name = "LinearRegression";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc = "Ordinary least squares (minimum-norm solution for rank-deficient X)";
  static constexpr Kind kind = Kind::regressor;
  static auto params() {
    using P = LinearRegression::Params;
    return std::make_tuple(param("fitIntercept", &P::fit_intercept, "fit an intercept (centre X and y first)"));
  }
  static auto attributes() {
    using E = LinearRegression;
    return std::make_tuple(attribute("coef", &E::coef, "coefficients, one row per target", true),
                           attribute("intercept", &E::intercept, "intercept of each target", true),
                           attribute("rank", &E::rank, "numerical rank of the (centred) X"),
                           attribute("singular", &E::singular, "singular values of the (centred) X"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

template <>
struct Describe<Ridge> {
  static constexpr const char* name = "Ridge";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc = "Least squares with an L2 penalty on the coefficients";
  static constexpr Kind kind = Kind::regressor;
  static auto params() {
    using P = Ridge::Params;
    return std::make_tuple(param("alpha", &P::alpha, "strength of the L2 penalty", at_least(0)),
                           param("fitIntercept", &P::fit_intercept, "fit an (unpenalised) intercept"));
  }
  static auto attributes() {
    using E = Ridge;
    return std::make_tuple(attribute("coef", &E::coef, "coefficients, one row per target", true),
                           attribute("intercept", &E::intercept, "intercept of each target", true),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

}  // namespace wasmlearn
