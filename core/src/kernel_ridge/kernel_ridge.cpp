#include "wasmlearn/kernel_ridge/kernel_ridge.hpp"

#include <algorithm>
#include <string>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/kernel_ridge/cholesky.hpp"
#include "wasmlearn/kernel_ridge/describe.hpp"
#include "wasmlearn/linear_model/linear_regression.hpp"

namespace wasmlearn {

Kernel fitted_kernel(const KernelFunctionOptions& options, MatrixRef X) {
  if (options.kernel == KernelType::precomputed) {
    if (X.rows() != X.cols())
      throw InvalidArgument("X must be a square kernel matrix (n x n) when kernel is 'precomputed', got " +
                            std::to_string(X.rows()) + " x " + std::to_string(X.cols()));
    return {KernelType::precomputed, options.degree, 0.0, options.coef0};
  }
  return {options.kernel, options.degree, options.gamma.value_or(1.0 / static_cast<double>(X.cols())), options.coef0};
}

Matrix x_fit_from_state(const json& s, const Kernel& kernel) {
  Matrix x_fit = matrix_from_json(member(s, "XFit"), "XFit");
  // A precomputed kernel's XFit is the training kernel: X's columns are its rows (the dual coefficients').
  if (kernel.type == KernelType::precomputed && x_fit.rows() != x_fit.cols())
    throw InvalidArgument("model JSON: XFit must be square for a precomputed kernel");
  return x_fit;
}

Matrix kernel_ridge_dual(Matrix K, MatrixRef Y, const std::vector<double>& alphas, const Vector& sqrt_weights,
                         Warnings& warnings) {
  const Index n = K.rows();
  Matrix rhs = Y;
  if (sqrt_weights.size()) {
    for (Index i = 0; i < n; ++i)
      for (Index j = 0; j <= i; ++j) K(i, j) = sqrt_weights[i] * K(i, j) * sqrt_weights[j];
    rhs = sqrt_weights.asDiagonal() * rhs;
  }
  const Vector diagonal = K.diagonal();
  // One solve for every target when they share α, else one per target. The solve keeps K's lower
  // triangle, so each solve only sets its own diagonal.
  const bool one_alpha = std::all_of(alphas.begin(), alphas.end(), [&](double a) { return a == alphas[0]; });
  const Index solves = one_alpha ? 1 : Y.cols(), width = one_alpha ? Y.cols() : 1;
  Matrix dual(n, Y.cols());
  bool warned = false;
  for (Index s = 0; s < solves; ++s) {
    K.diagonal() = diagonal.array() + alphas[static_cast<std::size_t>(s)];
    Matrix targets = rhs.middleCols(s, width);
    if (solve_positive_definite(K, targets)) {
      dual.middleCols(s, width) = targets;
    } else {
      if (!warned)
        warnings.add(WarningKind::data, "singular matrix in solving the dual problem (K + alpha·I is not positive "
                                        "definite); using the least-squares solution instead");
      warned = true;
      dual.middleCols(s, width) = lstsq(Eigen::MatrixXd(K), targets);  // K whole after a failed solve
    }
  }
  if (sqrt_weights.size()) dual = sqrt_weights.asDiagonal() * dual;
  return dual;
}

KernelRidge& KernelRidge::fit(MatrixRef X, MatrixRef Y) { return fit_impl(X, Y, nullptr); }
KernelRidge& KernelRidge::fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight) { return fit_impl(X, Y, &sample_weight); }

KernelRidge& KernelRidge::fit_impl(MatrixRef X, MatrixRef Y, const VectorRef* sample_weight) {
  check_params<KernelRidge>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  if (Y.cols() == 0) throw InvalidArgument("y has no columns");
  check_matrix(Y, "y");
  if (sample_weight) check_sample_weight(*sample_weight, X.rows());
  std::vector<double> alphas;
  if (const double* a = std::get_if<double>(&params_.alpha)) {
    alphas.assign(static_cast<std::size_t>(Y.cols()), *a);
  } else {
    alphas = std::get<std::vector<double>>(params_.alpha);
    if (static_cast<Index>(alphas.size()) != Y.cols())
      throw InvalidArgument("alpha has " + std::to_string(alphas.size()) + " values but y has " +
                            std::to_string(Y.cols()) + " targets: give one alpha, or one per target");
    for (std::size_t t = 0; t < alphas.size(); ++t)
      if (!(alphas[t] >= 0))
        throw InvalidArgument("alpha[" + std::to_string(t) + "] must be at least 0, got " + format_number(alphas[t]));
  }
  const Kernel kernel = fitted_kernel(params_, X);
  // The solve reads K's lower triangle. scikit-learn's (scipy's solve, assume_a='pos') reads the upper
  // one, so a precomputed K goes in transposed: the same answer when K is not symmetric.
  Matrix K = kernel.type == KernelType::precomputed ? Matrix(X.transpose()) : lower_kernel_matrix(kernel, X);
  warnings_.clear();
  const Vector sqrt_weights = sample_weight ? Vector(sample_weight->cwiseSqrt()) : Vector();
  dual_coef_ = kernel_ridge_dual(std::move(K), Y, alphas, sqrt_weights, warnings_);
  kernel_ = kernel;
  x_fit_ = X;
  return *this;
}

Matrix KernelRidge::predict(MatrixRef X) const {
  check_fitted(is_fitted(), "KernelRidge", "predict");
  check_n_features(x_fit_.cols(), X);
  check_matrix(X);
  Matrix out(X.rows(), dual_coef_.cols());
  for_kernel_blocks(kernel_, X, x_fit_,
                    [&](Index begin, MatrixRef K) { out.middleRows(begin, K.rows()).noalias() = K * dual_coef_; });
  return out;
}

json KernelRidge::state() const {
  json s = kernel_state(kernel_);
  s["XFit"] = to_json(x_fit_);
  s["dualCoef"] = to_json(dual_coef_);
  s["warnings"] = to_json(warnings_);
  return s;
}

void KernelRidge::load_state(const json& s) {
  const Kernel kernel = kernel_from_state(s);
  Matrix x_fit = x_fit_from_state(s, kernel);
  Matrix dual = matrix_from_json(member(s, "dualCoef"), "dualCoef");
  if (dual.size() == 0 || dual.rows() != x_fit.rows())
    throw InvalidArgument("model JSON: XFit and dualCoef disagree in size");
  kernel_ = kernel;
  x_fit_ = std::move(x_fit);
  dual_coef_ = std::move(dual);
  warnings_ = warnings_from_json(s, WarningKind::data);
}

}  // namespace wasmlearn
