#include "wasmlearn/metrics/pairwise.hpp"

#include <algorithm>
#include <string>

#include "wasmlearn/base/distances.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/squarable.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

namespace {

// One row of X against the rows of Y, four at a time.
template <class Op>
void distances_of_row(const Op& op, const double* x, MatrixRef Y, double* out) {
  const Index m = Y.rows(), p = Y.cols(), stride = Y.outerStride();
  Index j = 0;
  for (; j + 4 <= m; j += 4) reduce_rows<4>(op, x, Y.data() + j * stride, stride, p, out + j);
  for (; j < m; ++j) reduce_rows<1>(op, x, Y.data() + j * stride, stride, p, out + j);
}

}  // namespace

Matrix pairwise_distances(MatrixRef X, MatrixRef Y, DistanceMetric metric, bool same) {
  if (metric == DistanceMetric::precomputed) return distances_within_range(X, Y, metric, same);
  // Past ±1e150 the squares overflow: the distances of X and Y divided by a power of two, scaled back
  // (exact; a distance past float64 is then Infinity, as it is).
  const double scale = power_of_two_scale(std::max(largest_magnitude(X), largest_magnitude(Y)));
  if (scale == 1) return distances_within_range(X, Y, metric, same);
  Matrix D = distances_within_range(X / scale, Y / scale, metric, same);
  if (metric == DistanceMetric::cosine) return D;  // the angles do not change
  D *= scale;
  if (metric == DistanceMetric::sqeuclidean) D *= scale;
  return D;
}

Matrix distances_within_range(MatrixRef X, MatrixRef Y, DistanceMetric metric, bool same) {
  check_size(static_cast<double>(X.rows()) * static_cast<double>(Y.rows()),
             "the distance matrix of " + std::to_string(X.rows()) + " x " + std::to_string(Y.rows()) + " rows");
  if (metric == DistanceMetric::precomputed) return X;
  Matrix D(X.rows(), Y.rows());
  if (metric == DistanceMetric::cosine) {
    // 1 − cos: rows scaled to unit length (a zero row stays zero), then one product; clipped to [0, 2].
    auto unit = [](MatrixRef A) {
      Matrix U = A;
      for (Index i = 0; i < U.rows(); ++i) {
        const double norm = U.row(i).norm();
        if (norm > 0) U.row(i) /= norm;
      }
      return U;
    };
    multiply_by_transpose(unit(X), unit(Y), D);
    D = (1.0 - D.array()).max(0.0).min(2.0);
    if (same) D.diagonal().setZero();
    return D;
  }
  for_row_blocks(X.rows(), [&](Index begin, Index end) {
    for (Index i = begin; i < end; ++i) {
      double* out = &D(i, 0);
      if (metric == DistanceMetric::manhattan) {
        distances_of_row(ManhattanOp{}, X.row(i).data(), Y, out);
      } else {
        distances_of_row(SquaredEuclideanOp{}, X.row(i).data(), Y, out);
        if (metric == DistanceMetric::euclidean)
          for (Index j = 0; j < Y.rows(); ++j) out[j] = std::sqrt(out[j]);
      }
    }
  });
  return D;
}

namespace pairwise_decl {

std::pair<Matrix, bool> second_argument(const FunctionArrays& a) {
  check_matrix(a[0], "X");
  if (a[1].rows() == 0 && a[1].cols() == 0) return {a[0], true};
  check_matrix(a[1], "Y");
  if (a[1].cols() != a[0].cols())
    throw InvalidArgument("Y has " + std::to_string(a[1].cols()) + " columns but X has " + std::to_string(a[0].cols()));
  return {a[1], false};
}

FunctionResult kernel_result(const FunctionArrays& a, KernelType type, const fn::KernelFunctionParams& o,
                             const char* function) {
  const Matrix Y = second_argument(a).first;
  // The kernels sum products of X's and Y's values (x·y, ‖x − y‖²): past ±1e150 they overflow.
  check_powers_in_range(a[0], 2, function, "X");
  check_powers_in_range(Y, 2, function, "Y");
  const Kernel kernel{type, o.degree, o.gamma.value_or(1.0 / static_cast<double>(a[0].cols())), o.coef0};
  return FunctionResult().add("", NdArray::from(kernel_matrix(kernel, a[0], Y)));
}

}  // namespace pairwise_decl

}  // namespace wasmlearn
