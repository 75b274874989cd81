// Declarations of LinearSVC and LinearSVR (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/svm/linear_svm.hpp"

namespace wasmlearn {
namespace linear_svm {

template <class P>
auto common_params() {
  return std::make_tuple(
      param("C", &P::C, "inverse strength of the penalty (the losses are multiplied by C)", greater_than(0)),
      param("dual", &P::dual,
            "solve the dual (true) or the primal (false); 'auto': the dual when there are fewer samples than features "
            "and the combination has one, else the primal when it has one (scikit-learn >= 1.5)",
            {{"auto", DualMode::automatic}}),
      param("tol", &P::tol, "stopping tolerance of the solver (liblinear's)", greater_than(0)),
      param("maxIter", &P::max_iter, "maximum number of solver iterations; reaching it warns", at_least(1)),
      param("fitIntercept", &P::fit_intercept, "fit an intercept (as a penalised constant feature, as liblinear)"),
      param("interceptScaling", &P::intercept_scaling,
            "value of the constant feature; a larger value penalises the intercept less", greater_than(0)),
      param("randomState", &P::random_state, "seed of the order in which the dual visits the samples", at_least(0)));
}

template <class E>
auto common_attributes(const char* coef_doc, bool per_output) {
  return std::make_tuple(attribute("coef", &E::coef, coef_doc, per_output),
                         attribute("intercept", &E::intercept, "intercepts, one per row of coef"),
                         attribute("nIter", &E::n_iter, "the most solver iterations any problem took"),
                         attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
}

}  // namespace linear_svm

template <>
struct Describe<LinearSVC> {
  static constexpr const char* name = "LinearSVC";
  static constexpr const char* family = "svm";
  static constexpr const char* doc = "Linear support vector classifier (liblinear-style dual / primal solvers; one-vs-rest)";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // the rows' squared norms
  static auto params() {
    using P = LinearSVC::Params;
    return std::tuple_cat(
        std::make_tuple(
            param("penalty", &P::penalty, "penalty on the coefficients ('l1' needs loss 'squared_hinge' and the primal)",
                  {{"l1", LinearSVCPenalty::l1}, {"l2", LinearSVCPenalty::l2}}),
            param("loss", &P::loss, "hinge or squared hinge", {{"hinge", LinearSVCLoss::hinge}, {"squared_hinge", LinearSVCLoss::squared_hinge}}),
            param("multiClass", &P::multi_class, "'ovr': one class against the rest per row of coef",
                  {{"ovr", LinearSVMMultiClass::ovr}}),
            param("classWeight", &P::class_weight,
                  "null, 'balanced' (n / (classes · count)), one weight per class in the order of classes, or an "
                  "object { label: weight } (labels not named weigh 1); multiplies C for that class's samples",
                  {{"balanced", ClassWeightMode::balanced}})
                .by_class()),
        linear_svm::common_params<P>());
  }
  static auto attributes() {
    using E = LinearSVC;
    return std::tuple_cat(linear_svm::common_attributes<E>("coefficients: 1 x features for two classes, classes x features otherwise", false),
                          std::make_tuple(attribute("nClasses", &E::n_classes, "number of classes seen in fit")));
  }
};

template <>
struct Describe<LinearSVR> {
  static constexpr const char* name = "LinearSVR";
  static constexpr const char* family = "svm";
  static constexpr const char* doc = "Linear support vector regression (epsilon-insensitive loss; liblinear-style solvers)";
  static constexpr Kind kind = Kind::regressor;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // the rows' squared norms
  static auto params() {
    using P = LinearSVR::Params;
    return std::tuple_cat(
        std::make_tuple(param("epsilon", &P::epsilon, "half-width of the tube in which errors cost nothing", at_least(0)),
                        param("loss", &P::loss, "epsilon_insensitive or its square",
                              {{"epsilon_insensitive", LinearSVRLoss::epsilon_insensitive},
                               {"squared_epsilon_insensitive", LinearSVRLoss::squared_epsilon_insensitive}})),
        linear_svm::common_params<P>());
  }
  static auto attributes() { return linear_svm::common_attributes<LinearSVR>("coefficients (one row per target)", true); }
};

}  // namespace wasmlearn
