#include "wasmlearn/kernel_ridge/cholesky.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/row_blocks.hpp"

namespace wasmlearn {

namespace {

// A(c0:n, c0:c1) −= A(c0:n, d0:d1)·A(c0:c1, d0:d1)ᵀ on and below the diagonal: the products of
// columns c0..c1 of L with the columns d0..d1 already factored. The tiles add, so they multiply by
// a negated copy of the right-hand rows. The square on the diagonal goes through `top`, as the tiles
// that reach the diagonal also write a few entries above it, and the upper triangle is the caller's.
template <class M>
void subtract_products(M& A, Index c0, Index c1, Index d0, Index d1, M& negated, M& top) {
  const Index n = A.rows(), width = c1 - c0, depth = d1 - d0;
  if (depth == 0) return;
  negated = -A.block(c0, d0, width, depth);
  top.setZero(width, width);
  dense_detail::accumulate_abt_fastest(A.block(c0, d0, width, depth), negated, top, true);
  A.block(c0, c0, width, width).template triangularView<Eigen::Lower>() += top;
  if (c1 < n)
    dense_detail::accumulate_abt_fastest(A.block(c1, d0, n - c1, depth), negated, A.block(c1, c0, n - c1, width),
                                         false);
}

// Columns s..se of L on rows s..n, once the products with the columns left of s are subtracted:
// L(i, j) = (A(i, j) − Σ_{s ≤ t < j} L(i, t)·L(j, t)) / L(j, j), and L(j, j) the square root of the
// same sum for i = j. False on a pivot that is not positive. Column by column, so that the rows below
// a pivot are independent and their chains of dependent subtractions overlap (row by row, each row's
// 8 chains ran one after the other).
template <class M>
bool factor_strip(M& A, Index s, Index se) {
  using T = typename M::Scalar;
  for (Index j = s; j < se; ++j) {
    T* pivot_row = &A(j, 0);
    T v = pivot_row[j];
    for (Index t = s; t < j; ++t) v -= pivot_row[t] * pivot_row[t];
    if (!(v > 0)) return false;
    const T pivot = std::sqrt(v);
    pivot_row[j] = pivot;
    for (Index i = j + 1; i < A.rows(); ++i) {
      T* row = &A(i, 0);
      T w = row[j];
      for (Index t = s; t < j; ++t) w -= row[t] * pivot_row[t];
      row[j] = w / pivot;
    }
  }
  return true;
}

}  // namespace

template <class M>
bool cholesky_in_place(M& A) {
  const Index n = A.rows();
  M negated, top;
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

template <class M>
void cholesky_solve_in_place(const M& A, M& B) {
  using T = typename M::Scalar;
  const Index n = A.rows();
  M Z = B.transpose();  // one row per target, so that a target's entries are contiguous as L's rows
  const Index targets = Z.rows();
  // L·z = b, blocks of rows top down: the rows above a block enter through one product (z·Lᵀ).
  M above;
  for (Index b0 = 0; b0 < n; b0 += kPanelColumns) {
    const Index b1 = std::min(n, b0 + kPanelColumns);
    if (b0 > 0) {
      above.resize(targets, b1 - b0);
      dense_detail::accumulate_abt(Z.leftCols(b0), A.block(b0, 0, b1 - b0, b0), above, false, true);
      Z.middleCols(b0, b1 - b0) -= above;
    }
    for (Index i = b0; i < b1; ++i)
      for (Index r = 0; r < targets; ++r) {
        T v = Z(r, i);
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
        T v = Z(r, i);
        for (Index j = i + 1; j < b1; ++j) v -= A(j, i) * Z(r, j);
        Z(r, i) = v / A(i, i);
      }
    for (Index r = 0; r < targets; ++r)
      for (Index j = b0; j < b1; ++j) Z.row(r).head(b0) -= Z(r, j) * A.row(j).head(b0);
  }
  B = Z.transpose();
}

template bool cholesky_in_place(Matrix&);
template bool cholesky_in_place(FloatMatrix&);
template void cholesky_solve_in_place(const Matrix&, Matrix&);
template void cholesky_solve_in_place(const FloatMatrix&, FloatMatrix&);

namespace {

constexpr int kMaxRefinements = 30;  // LAPACK's dsposv gives up after 30 as well
constexpr double kFloatRange = 1e30;  // ‖A‖∞ beyond which (or below whose inverse) float32 is not tried

// Two entries of A in float32 (8 bytes at l), entries below float32's normal range as 0.
inline void store_as_floats(float* l, Lanes2 a) {
  using Floats2 = float __attribute__((vector_size(8)));
  const Longs2 tiny = Longs2(abs_lanes(a) < splat_lanes(static_cast<double>(std::numeric_limits<float>::min())));
  const Floats2 f = __builtin_convertvector(Lanes2(Longs2(a) & ~tiny), Floats2);
  std::memcpy(l, &f, sizeof f);
}
inline float as_float(double a) {
  return std::fabs(a) < std::numeric_limits<float>::min() ? 0.0f : static_cast<float>(a);
}

// ‖A‖∞ (the largest row sum of |A|) of the symmetric A from its lower triangle, and that triangle in
// float32 in L (zeros above, which the factorisation never reads), in one pass: row i's sum is its
// entries up to the diagonal plus column i below it, so each row adds its entries left of the diagonal
// to the sums of their columns. Two separate passes over the whole matrix took 14-20 of the 180 ms of
// KernelRidge's solve at n = 2 000 in WebAssembly. Entries below float32's normal range become 0
// (subnormal arithmetic is slow; the residual in double corrects the perturbation). The sums run on
// two pairs of lanes, an order that is the same in every build.
double lower_to_float(const Matrix& A, FloatMatrix& L) {
  const Index n = A.rows();
  L.resize(n, n);
  Vector sums = Vector::Zero(n);
  for_row_blocks(n, [&](Index begin, Index end) {
    double* column_sums = sums.data();
    for (Index i = begin; i < end; ++i) {
      const double* a = &A(i, 0);
      float* l = &L(i, 0);
      Lanes2 even = splat_lanes(0.0), odd = even;
      Index j = 0;
      for (; j + 4 <= i; j += 4) {
        const Lanes2 first = load_lanes(a + j), second = load_lanes(a + j + 2);
        store_as_floats(l + j, first);
        store_as_floats(l + j + 2, second);
        even += abs_lanes(first);
        odd += abs_lanes(second);
        store_lanes(column_sums + j, load_lanes(column_sums + j) + abs_lanes(first));
        store_lanes(column_sums + j + 2, load_lanes(column_sums + j + 2) + abs_lanes(second));
      }
      const Lanes2 both = even + odd;
      double sum = both[0] + both[1];
      for (; j < i; ++j) {
        l[j] = as_float(a[j]);
        sum += std::fabs(a[j]);
        column_sums[j] += std::fabs(a[j]);
      }
      l[i] = as_float(a[i]);
      std::fill(l + i + 1, l + n, 0.0f);
      column_sums[i] += sum + std::fabs(a[i]);
    }
  });
  return sums.maxCoeff();
}

// R(t, ·) −= (A·x_t)ᵀ for each row x_t of X, with A symmetric and read from its lower triangle only:
// row i of the triangle gives r_i its sum A(i, 0..i)·x_t and each r_j, j < i, the term A(i, j)·x_t(i)
// (the entry's mirror above the diagonal). Each entry of A is read once, where the product with the
// whole matrix read 32 MB per refinement step at n = 2 000 (memory-bound: 2.5 ms a step natively).
// The sums run on two pairs of lanes, an order that is the same in every build.
void subtract_symmetric_product(const Matrix& A, const Matrix& X, Matrix& R) {
  for_row_blocks(A.rows(), [&](Index begin, Index end) {
    for (Index i = begin; i < end; ++i) {
      const double* a = &A(i, 0);
      for (Index t = 0; t < X.rows(); ++t) {
        const double* x = &X(t, 0);
        double* r = &R(t, 0);
        const Lanes2 x_i = splat_lanes(x[i]);
        Lanes2 even = splat_lanes(0.0), odd = even;
        Index j = 0;
        for (; j + 4 <= i; j += 4) {
          const Lanes2 first = load_lanes(a + j), second = load_lanes(a + j + 2);
          even += first * load_lanes(x + j);
          odd += second * load_lanes(x + j + 2);
          store_lanes(r + j, load_lanes(r + j) - first * x_i);
          store_lanes(r + j + 2, load_lanes(r + j + 2) - second * x_i);
        }
        const Lanes2 both = even + odd;
        double sum = both[0] + both[1];
        for (; j < i; ++j) {
          sum += a[j] * x[j];
          r[j] -= a[j] * x[i];
        }
        r[i] -= sum + a[i] * x[i];
      }
    }
  });
}

// A·X = B by a float32 factor of A and iterative refinement in double (as LAPACK's dsposv): x += the
// float32 solve of the residual b − A·x, computed in double, until ‖r‖∞ ≤ √n·‖A‖∞·ε·‖x‖∞ for every
// target, the backward error of a double factorisation. False, B untouched, when float32 cannot
// factor A or a step does not halve the largest residual (the convergence rate is about cond(A)·2⁻²⁴,
// so A is too ill-conditioned for float32). The residual shrinks by about the same factor at every
// step, so once the next one is predicted kMargin times below the tolerance, the next correction is
// the last and its residual is not computed (KernelRidge at n = 2 000, rbf, alpha 1: residuals
// 7e-4, 2e-9, tolerance 1.3e-9, so the third of three residual products is saved). The factorisation,
// 2/3 of the work per multiply-add of a double one on the same 128-bit lanes, dominates; each step
// costs two triangular solves and one product with A.
bool solve_by_float_refinement(const Matrix& A, Matrix& B) {
  constexpr double kMargin = 1e3;
  const Index n = A.rows();
  FloatMatrix L;
  const double norm = lower_to_float(A, L);
  if (!(norm > 1 / kFloatRange && norm < kFloatRange)) return false;
  if (!cholesky_in_place(L)) return false;
  const double tolerance = std::sqrt(static_cast<double>(n)) * norm * std::numeric_limits<double>::epsilon();
  const Index targets = B.cols();
  Matrix X = Matrix::Zero(targets, n), R = B.transpose();  // one row per target, as L's rows
  // Whether every target's residual, times `shrink`, is within its tolerance.
  const auto within_tolerance = [&](double shrink) {
    for (Index t = 0; t < targets; ++t)
      if (!(R.row(t).cwiseAbs().maxCoeff() * shrink <= tolerance * X.row(t).cwiseAbs().maxCoeff())) return false;
    return true;
  };
  double previous = std::numeric_limits<double>::infinity();
  bool last = false;
  for (int step = 0; step < kMaxRefinements; ++step) {
    FloatMatrix correction = R.transpose().cast<float>();
    cholesky_solve_in_place(L, correction);
    X += correction.transpose().cast<double>();
    bool converged = last;
    if (!converged) {
      R = B.transpose();
      subtract_symmetric_product(A, X, R);
      converged = within_tolerance(1);
    }
    if (converged) {
      B = X.transpose();
      return true;
    }
    const double largest = R.cwiseAbs().maxCoeff();
    if (!(largest <= previous / 2)) return false;
    last = step > 0 && within_tolerance(kMargin * largest / previous);
    previous = largest;
  }
  return false;
}

}  // namespace

bool solve_positive_definite(Matrix& A, Matrix& B) {
  if (solve_by_float_refinement(A, B)) return true;
  // The double factor overwrites the lower triangle: its copy above the diagonal restores it.
  A.triangularView<Eigen::StrictlyUpper>() = A.transpose();
  const Vector diagonal = A.diagonal();
  const bool positive_definite = cholesky_in_place(A);
  if (positive_definite) cholesky_solve_in_place(A, B);
  restore_lower(A, diagonal);
  return positive_definite;
}

void restore_lower(Matrix& A, const Vector& diagonal) {
  A.triangularView<Eigen::StrictlyLower>() = A.transpose();
  A.diagonal() = diagonal;
}

}  // namespace wasmlearn
