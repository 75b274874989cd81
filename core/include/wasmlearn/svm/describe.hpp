// Declarations of the kernel SVMs (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/method_availability.hpp"
#include "wasmlearn/svm/svm.hpp"

namespace wasmlearn {

namespace svm_decl {

// The options every kernel SVM takes, declared once.
inline auto kernel_params() {
  using P = KernelSvmOptions;
  return std::make_tuple(
      param("kernel", &P::kernel, "linear, poly, rbf, sigmoid, or precomputed (X is the kernel matrix)", kernel_choices()),
      param("degree", &P::degree, "degree of the poly kernel", at_least(0)),
      param("gamma", &P::gamma,
            "kernel coefficient of rbf, poly and sigmoid: 'scale' = 1 / (nFeatures · X.var()), 'auto' = 1 / nFeatures, or a "
            "number",
            gamma_choices(), greater_than(0)),
      param("coef0", &P::coef0, "independent term of poly and sigmoid"),
      param("tol", &P::tol, "stop when the largest violation of the optimality conditions is below tol", greater_than(0)),
      param("shrinking", &P::shrinking, "set aside variables stuck at a bound while solving"),
      param("cacheSize", &P::cache_size, "memory for kernel rows, in MB", greater_than(0)),
      param("maxIter", &P::max_iter, "limit on solver iterations, -1 for none (reaching it warns; fitStatus 1)", at_least(-1)));
}

inline auto classifier_params() {
  using P = KernelSvcOptions;
  return std::make_tuple(
      param("classWeight", &P::class_weight,
            "null, 'balanced' (n / (classes · count)), one weight per class in the order of classes, or an object "
            "{ label: weight } (labels not named weigh 1); multiplies each class's bound",
            {{"balanced", ClassWeightMode::balanced}})
          .by_class(),
      param("decisionFunctionShape", &P::decision_function_shape,
            "'ovr': one column per class (votes + confidence), 'ovo': one per pair of classes",
            {{"ovo", DecisionShape::ovo}, {"ovr", DecisionShape::ovr}}),
      param("breakTies", &P::break_ties, "with 'ovr' and 3+ classes, predict the largest decision value instead of the vote"),
      param("probability", &P::probability,
            "fit Platt's sigmoids on an internal 5-fold cross-validation (about 5 more fits) for predictProba; predict "
            "still follows the votes, so argmax(predictProba) may differ from predict"),
      param("randomState", &P::random_state, "seed of probability's cross-validation folds", at_least(0)));
}

template <class E>
auto common_attributes() {
  return std::make_tuple(
      attribute("support", &E::support, "indices of the support vectors in the training data"),
      attribute("supportVectors", &E::support_vectors, "the support vectors (nSV x nFeatures; empty when precomputed)")
          .as(Role::support_vectors),
      attribute("nSupport", &E::n_support, "support vectors per class (one count for regressors and OneClassSVM)"),
      attribute("dualCoef", &E::dual_coef, "coefficients of the support vectors in the decision function"),
      attribute("intercept", &E::intercept, "constants of the decision function"),
      attribute("coef", &E::coef, "primal weights (linear kernel only)"),
      attribute("fitStatus", &E::fit_status, "0 when the solver reached tol, 1 when it stopped at maxIter"),
      attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
}

template <class E>
auto classifier_attributes() {
  return std::tuple_cat(
      common_attributes<E>(),
      std::make_tuple(attribute("classWeight", &E::class_weight, "the factor of each class's bound"),
                      attribute("probA", &E::prob_a, "slopes a of the pairs' sigmoids 1 / (1 + exp(a·f + b)) (empty without probability)"),
                      attribute("probB", &E::prob_b, "offsets b of the pairs' sigmoids (empty without probability)")));
}

template <class E>
auto classifier_methods() {
  return std::make_tuple(method("predictLogProba", &E::predict_log_proba, "log of predictProba"));
}

// scikit-learn's available_if: the probabilities exist only for a model with probability: true.
template <class E>
auto classifier_availability() {
  const auto probability = [](const E& e) { return e.params().probability; };
  return std::make_tuple(available_if<E>("predictProba", "probability is true", probability),
                         available_if<E>("predictLogProba", "probability is true", probability));
}

}  // namespace svm_decl

template <>
struct Describe<SVC> {
  static constexpr const char* name = "SVC";
  static constexpr const char* family = "svm";
  static constexpr const char* doc =
      "C-support vector classification (libsvm's SMO, one-vs-one over pairs of classes); with probability: true, "
      "predictProba couples the pairs' Platt sigmoids, and its argmax may differ from predict (the votes), as in "
      "scikit-learn";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // kernels
  static auto params() {
    return std::tuple_cat(std::make_tuple(param("C", &SVCParams::C, "penalty of margin violations", greater_than(0))),
                          svm_decl::kernel_params(), svm_decl::classifier_params());
  }
  static auto attributes() { return svm_decl::classifier_attributes<SVC>(); }
  static auto methods() { return svm_decl::classifier_methods<SVC>(); }
  static auto availability() { return svm_decl::classifier_availability<SVC>(); }
};

template <>
struct Describe<NuSVC> {
  static constexpr const char* name = "NuSVC";
  static constexpr const char* family = "svm";
  static constexpr const char* doc =
      "ν-support vector classification: nu bounds the fraction of margin errors and of support vectors; probability "
      "as SVC's (argmax(predictProba) may differ from predict)";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // kernels
  static auto params() {
    return std::tuple_cat(std::make_tuple(param("nu", &NuSVCParams::nu, "upper bound on the fraction of margin errors, lower bound on the fraction of support vectors",
                                                Range{0, 1, true, false})),
                          svm_decl::kernel_params(), svm_decl::classifier_params());
  }
  static auto attributes() { return svm_decl::classifier_attributes<NuSVC>(); }
  static auto methods() { return svm_decl::classifier_methods<NuSVC>(); }
  static auto availability() { return svm_decl::classifier_availability<NuSVC>(); }
};

template <>
struct Describe<SVR> {
  static constexpr const char* name = "SVR";
  static constexpr const char* family = "svm";
  static constexpr const char* doc = "ε-support vector regression: errors below epsilon cost nothing";
  static constexpr Kind kind = Kind::regressor;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // kernels
  static auto params() {
    return std::tuple_cat(std::make_tuple(param("C", &SVRParams::C, "penalty of errors beyond epsilon", greater_than(0)),
                                          param("epsilon", &SVRParams::epsilon, "half-width of the tube with no penalty", at_least(0))),
                          svm_decl::kernel_params());
  }
  static auto attributes() { return svm_decl::common_attributes<SVR>(); }
};

template <>
struct Describe<NuSVR> {
  static constexpr const char* name = "NuSVR";
  static constexpr const char* family = "svm";
  static constexpr const char* doc = "ν-support vector regression: nu sets the fraction of support vectors, the tube's width follows";
  static constexpr Kind kind = Kind::regressor;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // kernels
  static auto params() {
    return std::tuple_cat(std::make_tuple(param("nu", &NuSVRParams::nu, "upper bound on the fraction of errors, lower bound on the fraction of support vectors",
                                                Range{0, 1, true, false}),
                                          param("C", &NuSVRParams::C, "penalty of errors", greater_than(0))),
                          svm_decl::kernel_params());
  }
  static auto attributes() { return svm_decl::common_attributes<NuSVR>(); }
};

template <>
struct Describe<OneClassSVM> {
  static constexpr const char* name = "OneClassSVM";
  static constexpr const char* family = "svm";
  static constexpr const char* doc = "novelty detection: the region holding the training data (predict +1 inside, -1 outside)";
  static constexpr Kind kind = Kind::clusterer;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // kernels
  static auto params() {
    return std::tuple_cat(std::make_tuple(param("nu", &OneClassSVMParams::nu, "upper bound on the fraction of training outliers, lower bound on the fraction of support vectors",
                                                Range{0, 1, true, false})),
                          svm_decl::kernel_params());
  }
  static auto attributes() {
    return std::tuple_cat(svm_decl::common_attributes<OneClassSVM>(),
                          std::make_tuple(attribute("offset", &OneClassSVM::offset, "decisionFunction = scoreSamples - offset")));
  }
};

}  // namespace wasmlearn
