#include "wasmlearn/base/kernels.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "wasmlearn/base/activation_lanes.hpp"
#include "wasmlearn/base/lanes.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

json kernel_state(const Kernel& kernel) {
  return {{"kernel", static_cast<int>(kernel.type)}, {"degree", kernel.degree}, {"gamma", kernel.gamma}, {"coef0", kernel.coef0}};
}

Kernel kernel_from_state(const json& s) {
  const int type = integer_from_json<int>(member(s, "kernel"), "kernel", between(0, static_cast<int>(KernelType::precomputed)));
  return {static_cast<KernelType>(type), integer_from_json<int>(member(s, "degree"), "degree", at_least(0)),
          number_from_json(member(s, "gamma"), "gamma"), number_from_json(member(s, "coef0"), "coef0")};
}

double resolve_gamma(const GammaOption& gamma, MatrixRef X) {
  const double p = static_cast<double>(X.cols());
  if (const double* value = std::get_if<double>(&gamma)) {
    if (!(*value > 0)) throw InvalidArgument("gamma must be greater than 0, got " + format_number(*value));
    return *value;
  }
  if (std::get<GammaRule>(gamma) == GammaRule::automatic) return 1.0 / p;
  const double mean = X.mean();
  const double variance = (X.array() - mean).square().mean();
  return variance > 0 ? 1.0 / (p * variance) : 1.0 / p;
}

Vector row_squared_norms(MatrixRef X) { return X.rowwise().squaredNorm(); }

namespace {

// base^degree by squaring (exact integer powers, the same bits in every build; degree 0 gives 1).
double integer_power(double base, int degree) {
  double result = 1.0;
  for (; degree > 0; degree >>= 1, base *= base)
    if (degree & 1) result *= base;
  return result;
}

// Turns one row of products a·b_j into kernel values in place.
void products_to_kernel(const Kernel& kernel, double a_norm, const double* b_norms, double* row, Index width) {
  switch (kernel.type) {
    case KernelType::linear: return;
    case KernelType::poly:
      for (Index j = 0; j < width; ++j) row[j] = integer_power(kernel.gamma * row[j] + kernel.coef0, kernel.degree);
      return;
    case KernelType::sigmoid: {
      const ActivationLanes f;
      const Lanes2 gamma = splat_lanes(kernel.gamma), coef0 = splat_lanes(kernel.coef0);
      Index j = 0;
      for (; j + 2 <= width; j += 2) store_lanes(row + j, f.tanh(load_lanes(row + j) * gamma + coef0));
      if (j < width) row[j] = f.tanh(kernel.gamma * row[j] + kernel.coef0);
      return;
    }
    case KernelType::rbf: {
      const double minus_gamma = -kernel.gamma;
      const ExpLanes exp;
      Index j = 0;
      // 2ab as ab + ab (the same bits as 2.0 * ab, without a constant vector for V8 to rebuild).
      for (; j + 2 <= width; j += 2) {
        const Lanes2 product = load_lanes(row + j);
        const Lanes2 squared = load_lanes(b_norms + j) + a_norm - (product + product);
        store_lanes(row + j, exp(max_lanes(squared, splat_lanes(0.0)) * minus_gamma));
      }
      if (j < width) row[j] = exp(max_lanes(b_norms[j] + a_norm - (row[j] + row[j]), 0.0) * minus_gamma);
      return;
    }
    case KernelType::precomputed: break;
  }
  throw std::logic_error("kernel values of a precomputed kernel are the caller's");
}

}  // namespace

Vector kernel_diagonal(const Kernel& kernel, MatrixRef X) {
  if (kernel.type == KernelType::precomputed) return X.diagonal();
  if (kernel.type == KernelType::rbf) return Vector::Ones(X.rows());
  Vector diagonal = row_squared_norms(X);  // the products x_i·x_i
  products_to_kernel(kernel, 0.0, nullptr, diagonal.data(), diagonal.size());
  return diagonal;
}

void kernel_block(const Kernel& kernel, MatrixRef A, VectorRef a_norms, MatrixRef B, VectorRef b_norms, MatrixOut out) {
  multiply_by_transpose_in_order(A, B, out);
  const bool rbf = kernel.type == KernelType::rbf;
  for (Index i = 0; i < A.rows(); ++i)
    products_to_kernel(kernel, rbf ? a_norms[i] : 0.0, rbf ? b_norms.data() : nullptr, &out(i, 0), B.rows());
}

// A rows x cols kernel matrix, its size checked before it is allocated.
static Matrix allocate_kernel_matrix(Index rows, Index cols) {
  check_size(static_cast<double>(rows) * static_cast<double>(cols),
             "the kernel matrix of " + std::to_string(rows) + " x " + std::to_string(cols) + " rows");
  return Matrix(rows, cols);
}

Matrix kernel_matrix(const Kernel& kernel, MatrixRef A, MatrixRef B) {
  Matrix K = allocate_kernel_matrix(A.rows(), B.rows());
  const bool rbf = kernel.type == KernelType::rbf;
  const Vector a_norms = rbf ? row_squared_norms(A) : Vector(), b_norms = rbf ? row_squared_norms(B) : Vector();
  for_row_blocks(A.rows(), [&](Index begin, Index end) {
    const Index m = end - begin;
    kernel_block(kernel, A.middleRows(begin, m), rbf ? VectorRef(a_norms.segment(begin, m)) : VectorRef(a_norms), B,
                 b_norms, K.middleRows(begin, m));
  });
  return K;
}

// K(j, i) = K(i, j) for the rows begin ≤ i < end and j < i: a block of rows of the Gram matrix copied
// above the diagonal, 8 columns at a time, so that each row's 8 entries are read from one cache line
// and the 8 rows written advance together along i. (K.triangularView<StrictlyUpper>() = K.transpose()
// read down K's columns: 17 of the 37 ms of an RBF Gram matrix of 2 000 × 10 rows in WebAssembly.)
static void mirror_rows(Matrix& K, Index begin, Index end) {
  constexpr Index kColumns = 8;
  for (Index j0 = 0; j0 < end; j0 += kColumns)
    for (Index i = std::max(begin, j0 + 1); i < end; ++i) {
      const double* row = &K(i, 0);
      if (j0 + kColumns <= i) {
        for (Index c = 0; c < kColumns; ++c) K(j0 + c, i) = row[j0 + c];
      } else {
        for (Index j = j0; j < i; ++j) K(j, i) = row[j];
      }
    }
}

// The Gram matrix's blocks of rows up to the diagonal, each mirrored above it as it is made if `mirror`.
static Matrix gram_matrix(const Kernel& kernel, MatrixRef X, bool mirror) {
  const Index n = X.rows();
  Matrix K = allocate_kernel_matrix(n, n);
  const bool rbf = kernel.type == KernelType::rbf;
  const Vector norms = rbf ? row_squared_norms(X) : Vector();
  for_row_blocks(n, [&](Index begin, Index end) {
    const Index m = end - begin;
    kernel_block(kernel, X.middleRows(begin, m), rbf ? VectorRef(norms.segment(begin, m)) : VectorRef(norms),
                 X.topRows(end), rbf ? VectorRef(norms.head(end)) : VectorRef(norms), K.block(begin, 0, m, end));
    if (mirror) mirror_rows(K, begin, end);
  });
  return K;
}

Matrix symmetric_kernel_matrix(const Kernel& kernel, MatrixRef X) { return gram_matrix(kernel, X, true); }

Matrix lower_kernel_matrix(const Kernel& kernel, MatrixRef X) { return gram_matrix(kernel, X, false); }

void kernel_rows(const Kernel& kernel, MatrixRef X, VectorRef x_norms, const Index* rows, Index count, MatrixOut out) {
  if (kernel.type == KernelType::precomputed) {
    for (Index r = 0; r < count; ++r) out.row(r) = X.row(rows[r]);
    return;
  }
  const bool rbf = kernel.type == KernelType::rbf;
  if (count == 1) {  // one row (SMO's kernel cache) is read in place, with no copy to allocate
    kernel_block(kernel, X.middleRows(rows[0], 1), rbf ? VectorRef(x_norms.segment(rows[0], 1)) : x_norms, X, x_norms,
                 out);
    return;
  }
  Matrix A(count, X.cols());
  Vector a_norms(rbf ? count : 0);
  for (Index r = 0; r < count; ++r) {
    A.row(r) = X.row(rows[r]);
    if (a_norms.size()) a_norms[r] = x_norms[rows[r]];
  }
  kernel_block(kernel, A, a_norms, X, x_norms, out);
}

}  // namespace wasmlearn
