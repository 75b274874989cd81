// Declarations of the discriminant analysis and nearest-centroid classifiers (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/discriminant_analysis/discriminant_analysis.hpp"

namespace wasmlearn {
namespace da {

// The class-prior option of every Gaussian classifier, declared once.
template <class P>
auto priors_param() {
  return param("priors", &P::priors, "class prior probabilities (one per class, summing to 1); null: class frequencies");
}

template <class E>
auto class_model_attributes() {
  return std::make_tuple(attribute("means", &E::means, "class means (nClasses x nFeatures)").as(Role::class_means),
                         attribute("classPrior", &E::class_prior, "class prior probabilities used"),
                         attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
}

}  // namespace da

template <>
struct Describe<LinearDiscriminantAnalysis> {
  static constexpr const char* name = "LinearDiscriminantAnalysis";
  static constexpr const char* family = "discriminant_analysis";
  static constexpr const char* doc = "Gaussian classes with a shared covariance: linear boundaries and a supervised projection";
  static constexpr Kind kind = Kind::classifier;
  // no float32_results: scikit-learn's transform gives float64 whatever X's dtype
  static auto params() {
    using P = LinearDiscriminantAnalysis::Params;
    return std::make_tuple(
        param("solver", &P::solver, "'svd' (no covariance formed) or 'eigen' (supports shrinkage)",
              {{"svd", LDASolver::svd}, {"eigen", LDASolver::eigen}}),
        param("shrinkage", &P::shrinkage, "covariance shrinkage ('eigen' only): null, 'auto' (Ledoit-Wolf) or a number in [0, 1]",
              {{"auto", AutoShrinkage::automatic}}, between(0, 1)),
        da::priors_param<P>(),
        param("nComponents", &P::n_components, "axes kept by transform (at most min(nClasses - 1, nFeatures)); null: all",
              at_least(1)),
        param("tol", &P::tol, "singular values below it count as zero ('svd' solver)", at_least(0)));
  }
  static auto rules() {
    using P = LinearDiscriminantAnalysis::Params;
    return std::make_tuple(rule<P>("shrinkage is not supported with solver 'svd': use solver 'eigen'",
                                   [](const P& p) { return !p.shrinkage || p.solver != LDASolver::svd; }));
  }
  static auto attributes() {
    using E = LinearDiscriminantAnalysis;
    return std::tuple_cat(
        std::make_tuple(attribute("coef", &E::coef, "weights of the linear decision functions (1 x p for two classes)"),
                        attribute("intercept", &E::intercept, "intercepts of the decision functions"),
                        attribute("scalings", &E::scalings, "projection onto the discriminant axes (p x axes)")
                            .as(Role::components, "LD"),
                        attribute("xbar", &E::xbar, "prior-weighted overall mean"),
                        attribute("covariance", &E::covariance, "shared within-class covariance (prior-weighted)")
                            .as(Role::covariances),
                        attribute("explainedVarianceRatio", &E::explained_variance_ratio,
                                  "between-class variance explained by each discriminant axis")
                            .as(Role::explained_variance)),
        da::class_model_attributes<E>());
  }
  static auto methods() {
    using E = LinearDiscriminantAnalysis;
    return std::make_tuple(method("predictLogProba", &E::predict_log_proba, "log of predictProba, computed in log space"));
  }
};

template <>
struct Describe<QuadraticDiscriminantAnalysis> {
  static constexpr const char* name = "QuadraticDiscriminantAnalysis";
  static constexpr const char* family = "discriminant_analysis";
  static constexpr const char* doc = "Gaussian classes, each with its own covariance: quadratic boundaries";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // covariances
  static auto params() {
    using P = QuadraticDiscriminantAnalysis::Params;
    return std::make_tuple(
        param("regParam", &P::reg_param, "covariances become (1 - regParam)·Σ + regParam·I (needed if a class is singular)",
              between(0, 1)),
        da::priors_param<P>(),
        param("tol", &P::tol, "singular values of a centred class below it count as rank deficiency", at_least(0)));
  }
  static auto attributes() {
    using E = QuadraticDiscriminantAnalysis;
    return std::tuple_cat(std::make_tuple(attribute("covariance", &E::covariance,
                                                    "regularised class covariances, stacked ((nClasses·p) x p)")
                                              .as(Role::covariances)),
                          da::class_model_attributes<E>());
  }
  static auto methods() {
    using E = QuadraticDiscriminantAnalysis;
    return std::make_tuple(method("predictLogProba", &E::predict_log_proba, "log of predictProba, computed in log space"));
  }
};

template <>
struct Describe<NearestCentroid> {
  static constexpr const char* name = "NearestCentroid";
  static constexpr const char* family = "neighbors";
  static constexpr const char* doc = "Assign each sample to the class with the nearest mean";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // squared distances to the centroids
  static auto params() {
    using P = NearestCentroid::Params;
    return std::make_tuple(param("metric", &P::metric,
                                 "'euclidean', or 'mahalanobis' with the pooled within-class covariance",
                                 {{"euclidean", CentroidMetric::euclidean}, {"mahalanobis", CentroidMetric::mahalanobis}}));
  }
  static auto attributes() {
    using E = NearestCentroid;
    return std::make_tuple(attribute("centroids", &E::centroids, "class means (nClasses x nFeatures)").as(Role::class_means),
                           attribute("covariance", &E::covariance, "pooled within-class covariance ('mahalanobis'; else I)")
                               .as(Role::covariances),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

}  // namespace wasmlearn
