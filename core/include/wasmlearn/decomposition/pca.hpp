// Principal component analysis, as scikit-learn's PCA: the data are centred and the leading right
// singular vectors of the centred matrix are the components.
//   svdSolver 'full'            thin SVD of the centred data (Eigen's BDCSVD; a tall matrix is first
//                               reduced to its QR factor R, as LAPACK does) — every component, as
//                               scikit-learn's LAPACK SVD;
//             'covariance_eigh' every component from the symmetric eigendecomposition of Xcᵀ·Xc
//                               (its eigenvalues are the squared singular values): one p x p product
//                               and eigensolver, far cheaper than the SVD when n ≫ p, but the
//                               smallest variances lose relative precision (they are found to about
//                               machine epsilon times the largest) — scikit-learn ≥ 1.5's solver;
//             'arpack'          the nComponents leading eigenpairs of Xcᵀ·Xc by Spectra's Lanczos
//                               solver (nComponents < min(nSamples, nFeatures), as scikit-learn's);
//             'auto'            scikit-learn 1.5's rule: 'covariance_eigh' when nFeatures ≤ 1000 and
//                               nSamples ≥ 10·nFeatures; else 'arpack' when nComponents is a count
//                               below 80 % of min(nSamples, nFeatures) and the data have more than
//                               500 rows or columns (scikit-learn would pick its randomised solver
//                               there; this library has none); else 'full'.
// Signs are deterministic and equal scikit-learn's (≥ 1.5, every solver: svd_flip by the components):
// in each component, the entry of largest magnitude (the first one on ties) is made positive.
// scikit-learn 1.2–1.4 decided them by U's columns instead, which took a pass over X·V.
#pragma once
#include <optional>
#include <variant>

#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class PCASolver { automatic, full, covariance_eigh, arpack };

struct PCAParams {
  // null: min(nSamples, nFeatures); a count; or a fraction in (0, 1): the fewest components whose
  // cumulative explained variance ratio exceeds it ('full' solver).
  std::optional<std::variant<int, double>> n_components;
  bool whiten = false;
  PCASolver svd_solver = PCASolver::automatic;
};

class PCA {
 public:
  using Params = PCAParams;

  explicit PCA(Params p = {}) : params_(std::move(p)) {}
  PCA& fit(MatrixRef X);
  Matrix transform(MatrixRef X) const;          // (X − mean)·componentsᵀ [/ √explainedVariance]
  Matrix inverse_transform(MatrixRef Z) const;  // back to feature space

  // The probabilistic PCA model's (Tipping & Bishop) Gaussian, as scikit-learn's: covariance
  // Wᵀ·diag(max(explainedVariance − noiseVariance, 0))·W + noiseVariance·I, W the components (scaled
  // by √explainedVariance when whiten, as scikit-learn does), its inverse, and each row's
  // log-density under it (score: their mean). The precision needs a covariance of full rank.
  Matrix get_covariance() const;
  Matrix get_precision() const;
  Vector score_samples(MatrixRef X) const;
  double score(MatrixRef X) const;

  const Params& params() const { return params_; }
  bool is_fitted() const { return components_.size() > 0; }
  Matrix components() const { return components_; }  // nComponents x nFeatures, rows orthonormal
  Vector explained_variance() const { return explained_variance_; }
  Vector explained_variance_ratio() const { return explained_variance_ratio_; }
  Vector singular_values() const { return singular_values_; }
  Vector mean() const { return mean_; }
  double noise_variance() const { return noise_variance_; }
  int n_components() const { return static_cast<int>(components_.rows()); }
  int n_features_in() const { return static_cast<int>(components_.cols()); }
  int n_samples() const { return static_cast<int>(n_samples_); }

  json state() const;
  void load_state(const json& s);

 private:
  Matrix model_axes() const;                          // W above
  Vector variance_over_noise() const;                 // max(explainedVariance − noiseVariance, 0)
  Vector axis_variances(const char* method) const;  // the covariance's, checked for full rank
  Params params_;
  Matrix components_;
  Vector explained_variance_, explained_variance_ratio_, singular_values_, mean_;
  double noise_variance_ = 0;
  Index n_samples_ = 0;
};

}  // namespace wasmlearn
