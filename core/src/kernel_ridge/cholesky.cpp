#include "wasmlearn/kernel_ridge/cholesky.hpp"

#include <algorithm>
#include <cmath>

#include "wasmlearn/base/dense_products.hpp"

namespace wasmlearn {

namespace {

// A(c0:n, c0:c1) −= A(c0:n, d0:d1)·A(c0:c1, d0:d1)ᵀ on and below the diagonal: the products of
// columns c0..c1 of L with the columns d0..d1 already factored. The tiles add, so they multiply by
// a negated copy of the right-hand rows. The square on the diagonal goes through `top`, as the tiles
// that reach the diagonal also write a few entries above it, and the upper triangle is the caller's.
void subtract_products(Matrix& A, Index c0, Index c1, Index d0, Index d1, Matrix& negated, Matrix& top) {
  const Index n = A.rows(), width = c1 - c0, depth = d1 - d0;
  if (depth == 0) return;
  negated = -A.block(c0, d0, width, depth);
  top.setZero(width, width);
  dense_detail::accumulate_abt(A.block(c0, d0, width, depth), negated, top, true);
  A.block(c0, c0, width, width).triangularView<Eigen::Lower>() += top;
  if (c1 < n)
    dense_detail::accumulate_abt(A.block(c1, d0, n - c1, depth), negated, A.block(c1, c0, n - c1, width), false);
}

// Columns s..se of L on rows s..n, once the products with the columns left of s are subtracted:
// L(i, j) = (A(i, j) − Σ_{s ≤ t < j} L(i, t)·L(j, t)) / L(j, j), and L(j, j) the square root of the
// same sum for i = j. False on a pivot that is not positive.
bool factor_strip(Matrix& A, Index s, Index se) {
  for (Index i = s; i < A.rows(); ++i) {
    double* row = &A(i, 0);
    for (Index j = s, last = std::min(i + 1, se); j < last; ++j) {
      const double* pivot_row = &A(j, 0);
      double v = row[j];
      for (Index t = s; t < j; ++t) v -= row[t] * pivot_row[t];
      if (j < i) {
        row[j] = v / pivot_row[j];
      } else {
        if (!(v > 0)) return false;
        row[j] = std::sqrt(v);
      }
    }
  }
  return true;
}

}  // namespace

bool cholesky_in_place(Matrix& A) {
  const Index n = A.rows();
  Matrix negated, top;
  for (Index k = 0; k < n; k += kPanelColumns) {
    const Index e = std::min(n, k + kPanelColumns);
    subtract_products(A, k, e, 0, k, negated, top);
    for (Index s = k; s < e; s += kStripColumns) {
      const Index se = std::min(e, s + kStripColumns);
      subtract_products(A, s, se, k, s, negated, top);
      if (!factor_strip(A, s, se)) return false;
    }
  }
  return true;
}

void cholesky_solve_in_place(const Matrix& A, Matrix& B) {
  const Index n = A.rows();
  Matrix Z = B.transpose();  // one row per target, so that a target's entries are contiguous as L's rows
  const Index targets = Z.rows();
  // L·z = b, blocks of rows top down: the rows above a block enter through one product (z·Lᵀ).
  Matrix above;
  for (Index b0 = 0; b0 < n; b0 += kPanelColumns) {
    const Index b1 = std::min(n, b0 + kPanelColumns);
    if (b0 > 0) {
      above.setZero(targets, b1 - b0);
      dense_detail::accumulate_abt(Z.leftCols(b0), A.block(b0, 0, b1 - b0, b0), above, false);
      Z.middleCols(b0, b1 - b0) -= above;
    }
    for (Index i = b0; i < b1; ++i)
      for (Index r = 0; r < targets; ++r) {
        double v = Z(r, i);
        for (Index t = b0; t < i; ++t) v -= A(i, t) * Z(r, t);
        Z(r, i) = v / A(i, i);
      }
  }
  // Lᵀ·x = z, the same blocks bottom up: a solved block is subtracted from the entries above it row
  // by row of L (Lᵀ's columns are L's contiguous rows).
  for (Index b0 = (n - 1) / kPanelColumns * kPanelColumns; b0 >= 0; b0 -= kPanelColumns) {
    const Index b1 = std::min(n, b0 + kPanelColumns);
    for (Index i = b1 - 1; i >= b0; --i)
      for (Index r = 0; r < targets; ++r) {
        double v = Z(r, i);
        for (Index j = i + 1; j < b1; ++j) v -= A(j, i) * Z(r, j);
        Z(r, i) = v / A(i, i);
      }
    for (Index r = 0; r < targets; ++r)
      for (Index j = b0; j < b1; ++j) Z.row(r).head(b0) -= Z(r, j) * A.row(j).head(b0);
  }
  B = Z.transpose();
}

void restore_lower(Matrix& A, const Vector& diagonal) {
  A.triangularView<Eigen::StrictlyLower>() = A.transpose();
  A.diagonal() = diagonal;
}

}  // namespace wasmlearn
