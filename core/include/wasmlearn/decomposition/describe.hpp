// Declarations of the decomposition estimators (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/decomposition/pca.hpp"

namespace wasmlearn {

template <>
struct Describe<PCA> {
  static constexpr const char* name = "PCA";
  static constexpr const char* family = "decomposition";
  static constexpr const char* doc = "Principal component analysis: project onto the directions of largest variance";
  static constexpr Kind kind = Kind::transformer;
  static auto params() {
    using P = PCA::Params;
    return std::make_tuple(
        param("nComponents", &P::n_components,
              "components kept: null (all), a count, or a fraction in (0, 1) of the variance to explain",
              std::vector<Choice<int>>{}, at_least(1), Range{0, 1, true, true}),
        param("whiten", &P::whiten, "scale the projections to unit variance"),
        param("svdSolver", &P::svd_solver,
              "'full' SVD, 'covariance_eigh' (eigendecomposition of XᵀX: fast for many more rows than columns), 'arpack' (Lanczos, leading components only) or 'auto'",
              {{"auto", PCASolver::automatic},
               {"full", PCASolver::full},
               {"covariance_eigh", PCASolver::covariance_eigh},
               {"arpack", PCASolver::arpack}}));
  }
  static auto rules() {
    using P = PCA::Params;
    return std::make_tuple(rule<P>("svdSolver 'arpack' needs nComponents to be a count", [](const P& p) {
      return p.svd_solver != PCASolver::arpack || (p.n_components && std::holds_alternative<int>(*p.n_components));
    }));
  }
  static auto attributes() {
    using E = PCA;
    return std::make_tuple(
        attribute("components", &E::components, "principal axes (nComponents x nFeatures), by decreasing variance")
            .as(Role::components, "PC"),
        attribute("explainedVariance", &E::explained_variance, "variance along each component (ddof = 1)"),
        attribute("explainedVarianceRatio", &E::explained_variance_ratio, "fraction of the total variance per component")
            .as(Role::explained_variance),
        attribute("singularValues", &E::singular_values, "singular values of the centred data"),
        attribute("mean", &E::mean, "per-feature mean seen in fit"),
        attribute("noiseVariance", &E::noise_variance, "mean variance of the discarded directions (0 if none)"),
        attribute("nComponents", &E::n_components, "number of components kept"),
        attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
        attribute("nSamples", &E::n_samples, "number of rows seen in fit"));
  }
};

}  // namespace wasmlearn
