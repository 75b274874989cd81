// Kernel functions k(a, b), written once for every kernel method (the SVMs, metrics.pairwise) and
// evaluated in blocks, never one pair at a time: a block of rows is one product A·Bᵀ on the tiles of
// dense_products.hpp, then one pass over the block turns products into kernel values (the RBF's
// exponential on lanes.hpp's ExpLanes, two entries per instruction).
//
//   linear   a·b                   poly     (γ·a·b + coef0)^degree
//   rbf      exp(−γ‖a − b‖²)       sigmoid  tanh(γ·a·b + coef0)
//   precomputed: the caller's matrix holds the kernel values (rows: samples, columns: training samples).
//
// The RBF's squared distance is ‖a‖² + ‖b‖² − 2a·b clipped at 0, as libsvm's and scikit-learn's.
#pragma once
#include <variant>
#include <vector>

#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class KernelType { linear, poly, rbf, sigmoid, precomputed };
inline std::vector<Choice<KernelType>> kernel_choices() {
  return {{"linear", KernelType::linear},
          {"poly", KernelType::poly},
          {"rbf", KernelType::rbf},
          {"sigmoid", KernelType::sigmoid},
          {"precomputed", KernelType::precomputed}};
}

// The gamma option: 'scale' = 1/(p·Var X), 'auto' = 1/p, or a positive number.
enum class GammaRule { scale, automatic };
using GammaOption = std::variant<GammaRule, double>;
inline std::vector<Choice<GammaRule>> gamma_choices() { return {{"scale", GammaRule::scale}, {"auto", GammaRule::automatic}}; }

// A kernel with its gamma resolved to a number.
struct Kernel {
  KernelType type = KernelType::rbf;
  int degree = 3;
  double gamma = 1.0;
  double coef0 = 0.0;
};

// A resolved kernel in a model's JSON ({kernel, degree, gamma, coef0}), and back (checked).
json kernel_state(const Kernel& kernel);
Kernel kernel_from_state(const json& s);

// gamma as a number for training data X: 'scale' uses the variance of all entries of X (1/p when it
// is 0, as scikit-learn), 'auto' 1/p; a number must be positive ("gamma must be greater than 0").
double resolve_gamma(const GammaOption& gamma, MatrixRef X);

// ‖x_i‖² of each row (what the RBF needs besides the products).
Vector row_squared_norms(MatrixRef X);

// k(x_i, x_i) of each row of X (for a precomputed kernel, the diagonal of the Gram matrix X).
Vector kernel_diagonal(const Kernel& kernel, MatrixRef X);

// out(i, j) = k(A_i, B_j) for all rows of A and B (out: A.rows() x B.rows()). a_norms and b_norms
// are the rows' squared norms, read by the RBF only (others may pass empty vectors). Not for
// precomputed kernels.
void kernel_block(const Kernel& kernel, MatrixRef A, VectorRef a_norms, MatrixRef B, VectorRef b_norms, MatrixOut out);

// The whole kernel matrix k(A_i, B_j), computed in blocks of kRowBlock rows of A.
Matrix kernel_matrix(const Kernel& kernel, MatrixRef A, MatrixRef B);

// The Gram matrix k(X_i, X_j) of X with itself: each block of kRowBlock rows against the rows up to
// its own last one (a little over half the products and kernel values), then mirrored.
Matrix symmetric_kernel_matrix(const Kernel& kernel, MatrixRef X);

// The same Gram matrix's lower triangle and diagonal only, the strict upper triangle not set (for a
// caller that reads no more: KernelRidge's solve; the mirror took 6 of its 120 ms at 2 000 rows).
Matrix lower_kernel_matrix(const Kernel& kernel, MatrixRef X);

// Rows `rows[0..count)` of the Gram matrix of X (out: count x X.rows()), in one product. For a
// precomputed kernel X is the Gram matrix and its rows are copied.
void kernel_rows(const Kernel& kernel, MatrixRef X, VectorRef x_norms, const Index* rows, Index count, MatrixOut out);

}  // namespace wasmlearn
