// Declarations of the naive Bayes estimators (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/discriminant_analysis/describe.hpp"
#include "wasmlearn/naive_bayes/gaussian_nb.hpp"

namespace wasmlearn {

template <>
struct Describe<GaussianNB> {
  static constexpr const char* name = "GaussianNB";
  static constexpr const char* family = "naive_bayes";
  static constexpr const char* doc = "Gaussian naive Bayes: independent Gaussian features per class";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // variances
  static auto params() {
    using P = GaussianNB::Params;
    return std::make_tuple(
        param("covarianceType", &P::covariance_type,
              "'diag' (a variance per class and feature), 'spherical' (one per class) or 'tied-spherical' (one shared)",
              {{"diag", NaiveBayesCovariance::diag},
               {"spherical", NaiveBayesCovariance::spherical},
               {"tied-spherical", NaiveBayesCovariance::tied_spherical}}),
        param("varSmoothing", &P::var_smoothing, "fraction of the largest feature variance added to every variance",
              at_least(0)),
        da::priors_param<P>());
  }
  static auto attributes() {
    using E = GaussianNB;
    return std::make_tuple(attribute("theta", &E::theta, "class means (nClasses x nFeatures)").as(Role::class_means),
                           attribute("var", &E::var, "class variances (nClasses x nFeatures), smoothed").as(Role::variances),
                           attribute("classPrior", &E::class_prior, "class prior probabilities used"),
                           attribute("classCount", &E::class_count, "training samples per class (their total sampleWeight when weighted)"),
                           attribute("epsilon", &E::epsilon, "the variance added (varSmoothing x largest feature variance)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
  static auto methods() {
    using E = GaussianNB;
    return std::make_tuple(method("predictLogProba", &E::predict_log_proba, "log of predictProba, computed in log space"),
                           method("jointLogLikelihood", &E::joint_log_likelihood, "log P(x, class) per class"));
  }
};

}  // namespace wasmlearn
