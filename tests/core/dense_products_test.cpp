// The product kernels (base/dense_products.hpp) against plain triple loops, on shapes that leave
// every remainder of the 2 × 4 tiles and of the blocks of the shared dimension. The kernels beneath
// the public functions (the dot tiles and the packed outer-product tiles) are also called directly,
// so that each meets every shape, not only those the public functions choose it for;
// tests/js/dense_products.test.mjs checks them through the WebAssembly package.
#include <gtest/gtest.h>

#include <limits>

#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/random.hpp"

using namespace wasmlearn;

namespace {

Matrix random_matrix(Index rows, Index cols, std::uint64_t seed) {
  Random rng(seed);
  Matrix M(rows, cols);
  for (Index i = 0; i < rows; ++i)
    for (Index j = 0; j < cols; ++j) M(i, j) = rng.uniform(-1, 1);
  return M;
}

Matrix looped_abt(const Matrix& A, const Matrix& B) {
  Matrix C = Matrix::Zero(A.rows(), B.rows());
  for (Index i = 0; i < A.rows(); ++i)
    for (Index j = 0; j < B.rows(); ++j)
      for (Index t = 0; t < A.cols(); ++t) C(i, j) += A(i, t) * B(j, t);
  return C;
}

struct Shape {
  Index m, k, len;
};

}  // namespace

const Shape kShapes[] = {{1, 1, 1}, {7, 3, 5}, {65, 13, 64}, {10, 64, 1347}, {3, 5, 0}, {0, 4, 6}};

TEST(DenseProducts, ProductWithTransposeMatchesLoops) {
  for (const Shape s : kShapes) {
    const Matrix A = random_matrix(s.m, s.len, 1), B = random_matrix(s.k, s.len, 2);
    Matrix C(s.m, s.k);
    multiply_by_transpose(A, B, C);
    const Matrix expected = looped_abt(A, B);
    for (Index i = 0; i < s.m; ++i)
      for (Index j = 0; j < s.k; ++j) EXPECT_NEAR(C(i, j), expected(i, j), 1e-12 * (1 + std::abs(expected(i, j))));
  }
}

TEST(DenseProducts, TileKernelMatchesLoops) {
  for (const Shape s : kShapes) {
    const Matrix A = random_matrix(s.m, s.len, 1), B = random_matrix(s.k, s.len, 2);
    Matrix C = Matrix::Constant(s.m, s.k, 0.5);  // the kernel accumulates
    dense_detail::accumulate_abt(A, B, C, false);
    Matrix lower = Matrix::Zero(s.m, s.m);
    dense_detail::accumulate_abt(A, A, lower, true);
    const Matrix expected = looped_abt(A, B), gram = looped_abt(A, A);
    for (Index i = 0; i < s.m; ++i) {
      for (Index j = 0; j < s.k; ++j)
        EXPECT_NEAR(C(i, j), 0.5 + expected(i, j), 1e-12 * (1 + std::abs(expected(i, j)))) << i << ", " << j;
      for (Index j = 0; j <= i; ++j) EXPECT_NEAR(lower(i, j), gram(i, j), 1e-12 * (1 + std::abs(gram(i, j))));
    }
  }
}

// The kernel methods' product in the tiles' order: written over C (NaN before, not read), the same bits
// as the tiles adding to a zeroed C, also past the depth block (1 347 > 512) where later blocks add.
TEST(DenseProducts, InOrderProductOverwritesWithTheTilesBits) {
  for (const Shape s : kShapes) {
    const Matrix A = random_matrix(s.m, s.len, 1), B = random_matrix(s.k, s.len, 2);
    Matrix C = Matrix::Constant(s.m, s.k, std::numeric_limits<double>::quiet_NaN());
    multiply_by_transpose_in_order(A, B, C);
    Matrix added = Matrix::Zero(s.m, s.k);
    if (s.len > 0) dense_detail::accumulate_abt(A, B, added, false);
    EXPECT_TRUE(C == added) << s.m << " x " << s.k << " x " << s.len;
  }
}

// The float32 tiles (four lanes; KernelRidge's float32 factorisation): the same shapes, with a block
// of 1 024 floats, against the double loops at float32's precision.
TEST(DenseProducts, FloatTileKernelMatchesLoops) {
  using FloatMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  for (const Shape s : kShapes) {
    const Matrix A = random_matrix(s.m, s.len, 1).cast<float>().cast<double>();
    const Matrix B = random_matrix(s.k, s.len, 2).cast<float>().cast<double>();
    FloatMatrix C = FloatMatrix::Constant(s.m, s.k, 0.5f), lower = FloatMatrix::Zero(s.m, s.m);
    const FloatMatrix Af = A.cast<float>(), Bf = B.cast<float>();
    dense_detail::accumulate_abt(Af, Bf, C, false);
    dense_detail::accumulate_abt(Af, Af, lower, true);
    const Matrix expected = looped_abt(A, B), gram = looped_abt(A, A);
    // float32 sums of len terms of size ≤ 1: errors ≤ len · 2⁻²⁴ in the worst case
    const double tolerance = 1e-7 * static_cast<double>(s.len + 1);
    for (Index i = 0; i < s.m; ++i) {
      for (Index j = 0; j < s.k; ++j) EXPECT_NEAR(C(i, j), 0.5 + expected(i, j), tolerance) << i << ", " << j;
      for (Index j = 0; j <= i; ++j) EXPECT_NEAR(lower(i, j), gram(i, j), tolerance);
    }
  }
}

TEST(DenseProducts, ProductOfColumnMajorTransposeReadsColumns) {
  // XᵀX-style call sites pass the transpose of a column-major matrix: rows of Xᵀ are X's columns.
  Eigen::MatrixXd X(3, 2);
  X << 1, 2, 3, 4, 5, 6;
  Matrix C(2, 2);
  multiply_by_transpose(X.transpose(), X.transpose(), C);
  EXPECT_EQ(C(0, 0), 35);  // 1 + 9 + 25
  EXPECT_EQ(C(0, 1), 44);  // 2 + 12 + 30
  EXPECT_EQ(C(1, 0), 44);
  EXPECT_EQ(C(1, 1), 56);  // 4 + 16 + 36
}

TEST(DenseProducts, GramMatchesLoopsAndIsSymmetric) {
  for (const Index m : {Index{1}, Index{7}, Index{50}}) {
    for (const Index len : {Index{0}, Index{3}, Index{1025}}) {
      const Matrix A = random_matrix(m, len, 3);
      Matrix C(m, m);
      gram_of_rows(A, C);
      const Matrix expected = looped_abt(A, A);
      for (Index i = 0; i < m; ++i)
        for (Index j = 0; j < m; ++j) {
          EXPECT_NEAR(C(i, j), expected(i, j), 1e-12 * (1 + std::abs(expected(i, j))));
          EXPECT_EQ(C(i, j), C(j, i));
        }
    }
  }
}

// The packed outer-product kernel (4-row slivers, panels of 4 doubles or 8 floats and one-packet last
// panels, depth blocks of 256) against the loops, at rows, columns and depths on both sides of every
// tile and block edge, for doubles and floats, read directly and through transposes (the same bits).
// It adds to C, and with lower_only (A = B) it fills every entry on and below the diagonal.
template <class T>
void expect_packed_matches_loops() {
  using M = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const double precision = std::is_same_v<T, double> ? 1e-13 : 1e-6;
  for (const Index m : {1, 3, 5, 257})
    for (const Index k : {1, 7, 8, 9, 10, 12, 17})
      for (const Index len : {1, 63, 64, 65, 300}) {
        const M A = random_matrix(m, len, 4).cast<T>(), B = random_matrix(k, len, 5).cast<T>();
        const Matrix expected = looped_abt(A.template cast<double>(), B.template cast<double>());
        const double tolerance = precision * static_cast<double>(len);
        M C = M::Constant(m, k, T(0.5));
        dense_detail::accumulate_abt_packed(A, B, C, false);
        const M At = A.transpose(), Bt = B.transpose();  // A·Bᵀ = (Atᵀ)·(Bt), read through columns
        M D = M::Constant(m, k, T(0.5));
        dense_detail::accumulate_packed(dense_detail::columns_of(At), dense_detail::rows_of(Bt), m, k, len, D.data(),
                                        D.outerStride(), false);
        for (Index i = 0; i < m; ++i)
          for (Index j = 0; j < k; ++j) {
            ASSERT_NEAR(C(i, j), 0.5 + expected(i, j), tolerance)
                << m << " × " << k << " × " << len << " at " << i << ", " << j;
            ASSERT_EQ(D(i, j), C(i, j));  // the same sums in the same order
          }
      }
  for (const Index m : {1, 5, 9, 257}) {
    const M A = random_matrix(m, 65, 6).cast<T>();
    const Matrix gram = looped_abt(A.template cast<double>(), A.template cast<double>());
    M lower = M::Zero(m, m);
    dense_detail::accumulate_abt_packed(A, A, lower, true);
    for (Index i = 0; i < m; ++i)
      for (Index j = 0; j <= i; ++j)
        ASSERT_NEAR(lower(i, j), gram(i, j), precision * 65) << m << " rows at " << i << ", " << j;
  }
}

TEST(DenseProducts, PackedKernelMatchesLoops) { expect_packed_matches_loops<double>(); }
TEST(DenseProducts, FloatPackedKernelMatchesLoops) { expect_packed_matches_loops<float>(); }

TEST(DenseProducts, TransposeTimesMatchesLoops) {
  for (const Shape s : kShapes) {
    const Matrix A = random_matrix(s.len, s.m, 7), B = random_matrix(s.len, s.k, 8);
    Matrix C(s.m, s.k);
    transpose_times(A, B, C);
    const Matrix expected = looped_abt(A.transpose(), B.transpose());
    for (Index i = 0; i < s.m; ++i)
      for (Index j = 0; j < s.k; ++j) EXPECT_NEAR(C(i, j), expected(i, j), 1e-12 * (1 + std::abs(expected(i, j))));
  }
}
