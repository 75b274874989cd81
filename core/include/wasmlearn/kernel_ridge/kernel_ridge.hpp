// Kernel ridge regression, as scikit-learn's KernelRidge: the dual coefficients solve
// (K + αI)·dualCoef = Y on the training kernel K, by Cholesky; predictions are K(X, XFit)·dualCoef.
// With sample weights w the system is scaled by √w on both sides, as scikit-learn's
// _solve_cholesky_kernel: (diag(√w)·K·diag(√w) + αI)·c = √w∘Y, dualCoef = √w∘c. A system that is not
// positive definite (α = 0 on a rank-deficient kernel) is solved by least squares instead (minimum
// norm), with a warning of kind `data` (scikit-learn's LinAlgWarning); scikit-learn does so for one
// α only and raises with one α per target, where this library falls back the same way.
// The kernel options are shared with KernelPCA (its pre-image map is a KernelRidge).
#pragma once
#include <algorithm>
#include <optional>
#include <variant>
#include <vector>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/kernels.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// The kernel options of KernelRidge and KernelPCA (scikit-learn's defaults: linear, coef0 1).
struct KernelFunctionOptions {
  KernelType kernel = KernelType::linear;
  std::optional<double> gamma;  // null: 1 / nFeatures of the kernel's input
  int degree = 3;
  double coef0 = 1.0;
};

// The kernel for training data X (gamma null: 1 / X.cols()); a precomputed X must be square.
Kernel fitted_kernel(const KernelFunctionOptions& options, MatrixRef X);

// Calls f(begin, K) for each block of rows of X, K (a MatrixRef) holding k(X_i, XFit_j) for the
// block's rows (for a precomputed kernel, X's rows themselves: X is then K(X, XFit)). The blocks of
// kernel values hold about kKernelBlockEntries, so that they are still in cache when f reads them:
// 256 rows of 2 000 columns (4 MB) were written, rewritten by the kernel function and read again
// from memory (KernelRidge's predict on 2 000 × 10, rbf: 23.7 → 21.9 ms median in WebAssembly; the
// same bits).
constexpr Index kKernelBlockEntries = 16384;
template <class F>
void for_kernel_blocks(const Kernel& kernel, MatrixRef X, MatrixRef X_fit, F&& f) {
  if (kernel.type == KernelType::precomputed) {
    for_row_blocks(X.rows(), [&](Index begin, Index end) { f(begin, MatrixRef(X.middleRows(begin, end - begin))); });
    return;
  }
  const bool rbf = kernel.type == KernelType::rbf;
  const Vector fit_norms = rbf ? row_squared_norms(X_fit) : Vector();
  const Index rows_per_block = std::clamp<Index>(kKernelBlockEntries / std::max<Index>(1, X_fit.rows()), 1, kRowBlock);
  Matrix K(std::min(rows_per_block, X.rows()), X_fit.rows());
  for_row_blocks(X.rows(), [&](Index begin, Index end) {
    for (Index first = begin; first < end; first += rows_per_block) {
      const MatrixRef rows = X.middleRows(first, std::min(rows_per_block, end - first));
      auto values = K.topRows(rows.rows());
      kernel_block(kernel, rows, rbf ? row_squared_norms(rows) : Vector(), X_fit, fit_norms, values);
      f(first, MatrixRef(values));
    }
  });
}

// The dual coefficients (nSamples x targets) of kernel ridge on the training kernel K, read from its
// lower triangle: one α for every target, or one per target; sqrt_weights empty for unweighted data,
// else √w per sample.
Matrix kernel_ridge_dual(Matrix K, MatrixRef Y, const std::vector<double>& alphas, const Vector& sqrt_weights,
                         Warnings& warnings);

Matrix x_fit_from_state(const json& s, const Kernel& kernel);  // "XFit", square for a precomputed kernel

struct KernelRidgeParams : KernelFunctionOptions {
  std::variant<double, std::vector<double>> alpha = 1.0;  // one penalty, or one per target
};

class KernelRidge {
 public:
  using Params = KernelRidgeParams;
  explicit KernelRidge(Params p = {}) : params_(std::move(p)) {}

  KernelRidge& fit(MatrixRef X, MatrixRef Y);
  KernelRidge& fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight);
  Matrix predict(MatrixRef X) const;  // K(X, XFit)·dualCoef, n x targets

  const Params& params() const { return params_; }
  bool is_fitted() const { return dual_coef_.size() > 0; }
  Matrix dual_coef() const { return dual_coef_; }  // nSamples x targets
  Matrix x_fit() const { return x_fit_; }          // the training data (the kernel matrix when precomputed)
  int n_features_in() const { return static_cast<int>(x_fit_.cols()); }
  const Warnings& warnings() const { return warnings_; }

  json state() const;
  void load_state(const json& s);

 private:
  KernelRidge& fit_impl(MatrixRef X, MatrixRef Y, const VectorRef* sample_weight);
  Params params_;
  Kernel kernel_;
  Matrix x_fit_, dual_coef_;
  Warnings warnings_;
};

}  // namespace wasmlearn
