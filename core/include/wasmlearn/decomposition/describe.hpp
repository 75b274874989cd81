// Declarations of the decomposition estimators (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/decomposition/kernel_pca.hpp"
#include "wasmlearn/decomposition/pca.hpp"
#include "wasmlearn/kernel_ridge/describe.hpp"

namespace wasmlearn {

template <>
struct Describe<PCA> {
  static constexpr const char* name = "PCA";
  static constexpr const char* family = "decomposition";
  static constexpr const char* doc = "Principal component analysis: project onto the directions of largest variance";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::fit_and_x, Float32Rule::fit_and_x};
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
  static auto methods() {
    using E = PCA;
    return std::make_tuple(
        method("getCovariance", &E::get_covariance,
               "covariance of the probabilistic PCA model: componentsᵀ·diag(max(explainedVariance − noiseVariance, 0))·components + noiseVariance·I (components scaled by √explainedVariance with whiten, as scikit-learn)"),
        method("getPrecision", &E::get_precision, "inverse of getCovariance (an Error when it is singular to working precision)"));
  }
};

template <>
struct Describe<KernelPCA> {
  static constexpr const char* name = "KernelPCA";
  static constexpr const char* family = "decomposition";
  static constexpr const char* doc = "Kernel principal component analysis: PCA in a kernel's feature space";
  static constexpr Kind kind = Kind::transformer;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // kernels
  static constexpr Float32Results float32_results = {Float32Rule::fit_and_x, Float32Rule::fit_and_x};
  static auto params() {
    using P = KernelPCA::Params;
    return std::tuple_cat(
        std::make_tuple(param("nComponents", &P::n_components,
                              "components kept (at most nSamples); null: every component of positive eigenvalue", at_least(1))),
        kernel_ridge_decl::kernel_params(),
        std::make_tuple(
            param("alpha", &P::alpha, "ridge penalty of the pre-image map (fitInverseTransform)", at_least(0)),
            param("fitInverseTransform", &P::fit_inverse_transform,
                  "learn a map from the components back to the data (kernel ridge), for inverseTransform"),
            param("eigenSolver", &P::eigen_solver,
                  "'dense' (every eigenpair), 'arpack' (Lanczos, the leading nComponents only) or 'auto' (arpack when "
                  "nSamples > 200 and nComponents < 10)",
                  {{"auto", KernelPCASolver::automatic}, {"dense", KernelPCASolver::dense}, {"arpack", KernelPCASolver::arpack}})
                .with_hint([](const std::string& rejected) {
                  return rejected == "randomized" ? std::string("the randomized solver is not implemented here: use 'arpack'")
                                                  : std::string();
                }),
            param("tol", &P::tol, "arpack's convergence tolerance (0: machine precision)", at_least(0)),
            param("maxIter", &P::max_iter, "arpack's limit on restarts (null: 10 · nSamples)", at_least(1)),
            param("removeZeroEig", &P::remove_zero_eig, "drop the components of zero eigenvalue (always without nComponents)"),
            param("randomState", &P::random_state, "seed of arpack's start vector", at_least(0))));
  }
  static auto rules() {
    using P = KernelPCA::Params;
    return std::make_tuple(rule<P>("fitInverseTransform needs a kernel other than 'precomputed'", [](const P& p) {
      return !p.fit_inverse_transform || p.kernel != KernelType::precomputed;
    }));
  }
  static auto attributes() {
    using E = KernelPCA;
    return std::make_tuple(
        attribute("eigenvalues", &E::eigenvalues, "eigenvalues of the centred kernel, largest first")
            .as(Role::explained_variance),
        attribute("eigenvectors", &E::eigenvectors, "eigenvectors of the centred kernel (nSamples x nComponents)"),
        attribute("XFit", &E::x_fit, "the training data (the kernel matrix when precomputed)"),
        attribute("dualCoef", &E::dual_coef, "the pre-image map's dual coefficients (fitInverseTransform; else empty)"),
        attribute("XTransformedFit", &E::x_transformed_fit, "the training embedding the pre-image map starts from (fitInverseTransform; else empty)"),
        attribute("nComponents", &E::n_components, "number of components kept"),
        attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

}  // namespace wasmlearn
