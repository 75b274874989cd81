// Declarations of the mixture estimators (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/n_jobs.hpp"
#include "wasmlearn/mixture/gaussian_mixture.hpp"

namespace wasmlearn {

template <>
struct Describe<GaussianMixture> {
  static constexpr const char* name = "GaussianMixture";
  static constexpr const char* family = "mixture";
  static constexpr const char* doc = "Gaussian mixture fitted by expectation-maximisation";
  static constexpr Kind kind = Kind::clusterer;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // covariances
  static auto params() {
    using P = GaussianMixture::Params;
    return std::tuple_cat(std::make_tuple(
        param("nComponents", &P::n_components, "number of Gaussian components", at_least(1)),
        param("covarianceType", &P::covariance_type,
              "'full' (own matrix each), 'tied' (one shared), 'diag' (own diagonal) or 'spherical' (own variance)",
              {{"full", CovarianceType::full}, {"tied", CovarianceType::tied}, {"diag", CovarianceType::diag},
               {"spherical", CovarianceType::spherical}}),
        param("tol", &P::tol, "stop when the mean log-likelihood gains less than this", at_least(0)),
        param("regCovar", &P::reg_covar, "added to the covariance diagonals (keeps them positive definite)", at_least(0)),
        param("maxIter", &P::max_iter, "maximum EM iterations per run", at_least(1)),
        param("nInit", &P::n_init, "runs from different initialisations, the best lower bound kept", at_least(1)),
        param("initParams", &P::init_params, "initial responsibilities: 'kmeans' or 'random'",
              {{"kmeans", MixtureInit::kmeans}, {"random", MixtureInit::random}}),
        param("weightsInit", &P::weights_init, "initial weights (nComponents, summing to 1); null: from initParams"),
        param("meansInit", &P::means_init, "initial means (nComponents x nFeatures); null: from initParams"),
        param("precisionsInit", &P::precisions_init,
              "initial precisions (inverse covariances), stacked: full (k·p) x p, tied p x p, diag k x p, spherical k x 1 (or 1 x k)"),
        param("randomState", &P::random_state,
              "seed of the starts and of sample; start i draws from a stream derived from (randomState, i) alone",
              at_least(0))),
                          start_params<P>());
  }
  static auto rules() { return std::make_tuple(n_jobs_rule<GaussianMixture::Params>()); }
  static auto attributes() {
    using E = GaussianMixture;
    return std::make_tuple(
        attribute("weights", &E::weights, "mixing weights"),
        attribute("means", &E::means, "component means (nComponents x nFeatures)").as(Role::centres),
        attribute("covariances", &E::covariances, "covariances, stacked: full (k·p) x p, tied p x p, diag k x p, spherical k x 1")
            .as(Role::covariances),
        attribute("precisions", &E::precisions, "inverse covariances, stacked as covariances"),
        attribute("precisionsCholesky", &E::precisions_cholesky, "Cholesky factors P of the precisions (P·Pᵀ), stacked"),
        attribute("converged", &E::converged, "whether the kept run met tol"),
        attribute("nIter", &E::n_iter, "EM iterations of the kept run"),
        attribute("lowerBound", &E::lower_bound, "mean log-likelihood at the last iteration of the kept run"),
        attribute("lowerBoundHistory", &E::lower_bound_history, "lower bound (mean log-likelihood) at each EM iteration of the kept run (a wasmlearn extension: scikit-learn keeps no history)")
            .as(Role::objective_history, "log-likelihood lower bound"),
        attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
  static auto methods() {
    using E = GaussianMixture;
    return std::make_tuple(method("aic", &E::aic, "Akaike information criterion on X"),
                           method("bic", &E::bic, "Bayesian information criterion on X"),
                           method("sample", &E::sample, "n samples from the fitted mixture: {X, y}")
                               .returns({{"X", ResultKind::matrix, "the samples (n x features)"},
                                         {"y", ResultKind::vector, "the component each sample was drawn from"}}));
  }
};

}  // namespace wasmlearn
