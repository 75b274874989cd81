// Kernel principal component analysis, as scikit-learn's KernelPCA: the eigenpairs of the centred
// training kernel Kc = K − 1K/n − K1/n + 1K1/n² (KernelCenterer's rule), largest first.
//   eigenSolver 'dense'  every eigenpair of Kc (Eigen's symmetric eigensolver), the leading kept;
//               'arpack' the nComponents leading ones by Spectra's Lanczos iteration (nComponents
//                        < nSamples), started from uniform(−1, 1) draws seeded by randomState, as
//                        scikit-learn's _init_arpack_v0; tol 0 means machine precision, maxIter
//                        null 10·nSamples (ARPACK's defaults);
//               'auto'   scikit-learn 1.2's rule: 'arpack' when nSamples > 200 and nComponents < 10,
//                        else 'dense'. ('randomized' is not implemented: an Error says so.)
// Eigenvalues pass scikit-learn's _check_psd_eigenvalues: significant negative ones (below
// −1e-5·max and −1e-10) are an Error (the kernel is not positive semi-definite), smaller negative
// ones and positive ones below 1e-12·max become 0. Eigenvector signs follow svd_flip: in each
// column the entry of largest magnitude (the first on ties) is positive. Without nComponents, or
// with removeZeroEig, components of zero eigenvalue are dropped.
// transform(X) = Kc(X, XFit)·eigenvectors/√eigenvalues, Kc centred with the training means (0 for a
// zero eigenvalue). fitInverseTransform learns the pre-image map from the training embedding back
// to X by a KernelRidge (same kernel options, gamma null meaning 1 / nComponents there, alpha).
#pragma once
#include <optional>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"
#include "wasmlearn/kernel_ridge/kernel_ridge.hpp"

namespace wasmlearn {

enum class KernelPCASolver { automatic, dense, arpack };

struct KernelPCAParams : KernelFunctionOptions {
  std::optional<int> n_components;  // null: every component of positive eigenvalue
  double alpha = 1.0;                // ridge penalty of the pre-image map
  bool fit_inverse_transform = false;
  KernelPCASolver eigen_solver = KernelPCASolver::automatic;
  double tol = 0.0;               // arpack's tolerance (0: machine precision)
  std::optional<int> max_iter;    // arpack's restarts (null: 10·nSamples)
  bool remove_zero_eig = false;
  int random_state = 0;           // seed of arpack's start vector
};

class KernelPCA {
 public:
  using Params = KernelPCAParams;
  explicit KernelPCA(Params p = {}) : params_(std::move(p)) {}

  KernelPCA& fit(MatrixRef X);
  Matrix transform(MatrixRef X) const;
  Matrix inverse_transform(MatrixRef Z) const;  // fitInverseTransform only

  const Params& params() const { return params_; }
  bool is_fitted() const { return x_fit_.size() > 0; }
  Vector eigenvalues() const { return eigenvalues_; }
  Matrix eigenvectors() const { return eigenvectors_; }  // nSamples x nComponents, unit columns
  Matrix x_fit() const { return x_fit_; }
  Matrix dual_coef() const { return inverse_.is_fitted() ? inverse_.dual_coef() : Matrix(); }
  Matrix x_transformed_fit() const { return inverse_.is_fitted() ? inverse_.x_fit() : Matrix(); }
  int n_components() const { return static_cast<int>(eigenvalues_.size()); }
  int n_features_in() const { return static_cast<int>(x_fit_.cols()); }
  const Warnings& warnings() const { return inverse_.warnings(); }

  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  Kernel kernel_;
  Matrix x_fit_, eigenvectors_;
  Vector eigenvalues_;
  RowVector fit_column_means_;  // the training kernel's column means, for centring new rows
  double fit_mean_ = 0;         // the training kernel's overall mean
  KernelRidge inverse_;         // the pre-image map (unfitted without fitInverseTransform)
};

}  // namespace wasmlearn
