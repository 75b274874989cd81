// Declarations of the kernel ridge family (see base/describe.hpp), and the kernel options that
// KernelRidge and KernelPCA share.
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/kernel_ridge/kernel_ridge.hpp"

namespace wasmlearn {

namespace kernel_ridge_decl {

// kernel, gamma, degree, coef0 as scikit-learn's KernelRidge and KernelPCA declare them.
inline auto kernel_params() {
  using P = KernelFunctionOptions;
  return std::make_tuple(
      param("kernel", &P::kernel, "linear, poly, rbf, sigmoid, or precomputed (X is the kernel matrix)", kernel_choices()),
      param("gamma", &P::gamma, "kernel coefficient of rbf, poly and sigmoid; null: 1 / nFeatures", greater_than(0)),
      param("degree", &P::degree, "degree of the poly kernel", at_least(0)),
      param("coef0", &P::coef0, "independent term of poly and sigmoid"));
}

}  // namespace kernel_ridge_decl

template <>
struct Describe<KernelRidge> {
  static constexpr const char* name = "KernelRidge";
  static constexpr const char* family = "kernel_ridge";
  static constexpr const char* doc = "Ridge regression in a kernel's feature space: solves (K + alpha·I)·dualCoef = y";
  static constexpr Kind kind = Kind::regressor;
  static auto params() {
    return std::tuple_cat(std::make_tuple(param("alpha", &KernelRidgeParams::alpha,
                                                "strength of the L2 penalty: one number, or one per target", at_least(0))),
                          kernel_ridge_decl::kernel_params());
  }
  static auto attributes() {
    using E = KernelRidge;
    return std::make_tuple(
        attribute("dualCoef", &E::dual_coef, "coefficients of the training samples in the kernel expansion (nSamples x targets)", true),
        attribute("XFit", &E::x_fit, "the training data (the kernel matrix when precomputed)"),
        attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

}  // namespace wasmlearn
