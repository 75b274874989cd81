// The blocked Cholesky of kernel ridge (kernel_ridge/cholesky.hpp): a hand-checked factor, a matrix
// that is not positive definite, and random positive definite matrices of sizes around the strip
// (8), the panel (64) and the tiles' block of 512 columns, against Eigen's LLT.
#include <gtest/gtest.h>

#include "wasmlearn/base/random.hpp"
#include "wasmlearn/kernel_ridge/cholesky.hpp"

using namespace wasmlearn;

namespace {
// The factor leaves the strict upper triangle as it was.
Matrix strict_upper(const Matrix& M) { return M.triangularView<Eigen::StrictlyUpper>(); }
}  // namespace

TEST(Cholesky, HandChecked) {
  // L = [[2, 0, 0], [1, 3, 0], [−1, 1, 2]], A = L·Lᵀ; A·x = b for x = (1, −1, 2).
  Matrix A(3, 3), b(3, 1);
  A << 4, 2, -2, 2, 10, 2, -2, 2, 6;
  b << -2, -4, 8;
  Matrix factor = A;
  ASSERT_TRUE(cholesky_in_place(factor));
  Matrix L(3, 3);
  L << 2, 0, 0, 1, 3, 0, -1, 1, 2;
  EXPECT_TRUE(Matrix(factor.triangularView<Eigen::Lower>()) == L);
  EXPECT_TRUE(strict_upper(factor) == strict_upper(A));
  cholesky_solve_in_place(factor, b);
  EXPECT_EQ(b(0, 0), 1.0);
  EXPECT_EQ(b(1, 0), -1.0);
  EXPECT_EQ(b(2, 0), 2.0);
}

TEST(Cholesky, NotPositiveDefiniteIsFalse) {
  Matrix A(2, 2);
  A << 1, 2, 2, 1;  // eigenvalues 3 and −1: the second pivot is 1 − 4 < 0
  EXPECT_FALSE(cholesky_in_place(A));
  Matrix B = Matrix::Identity(70, 70);
  B(66, 66) = 0;  // a zero pivot in the second panel
  EXPECT_FALSE(cholesky_in_place(B));
}

TEST(Cholesky, AgreesWithEigenAroundTheBlockSizes) {
  Random rng(11);
  const std::initializer_list<Index> sizes = {1, 7, 8, 9, kPanelColumns - 1, kPanelColumns, kPanelColumns + 1,
                                              2 * kPanelColumns + 3, 515};
  for (const Index n : sizes) {
    SCOPED_TRACE("n = " + std::to_string(n));
    Matrix M(n, n), B(n, 3);
    for (Index i = 0; i < M.size(); ++i) M.data()[i] = rng.normal();
    for (Index i = 0; i < B.size(); ++i) B.data()[i] = rng.normal();
    const Matrix product = M * M.transpose() / static_cast<double>(n);
    Matrix A = (product + product.transpose()) / 2.0;  // exactly symmetric
    A.diagonal().array() += 0.5;
    const Eigen::LLT<Eigen::MatrixXd> reference(A);
    const Matrix want_factor = reference.matrixL(), want_solution = reference.solve(Eigen::MatrixXd(B));

    Matrix factor = A;
    ASSERT_TRUE(cholesky_in_place(factor));
    const double scale = want_factor.cwiseAbs().maxCoeff();
    EXPECT_LE((Matrix(factor.triangularView<Eigen::Lower>()) - want_factor).cwiseAbs().maxCoeff(), 1e-13 * scale);
    EXPECT_TRUE(strict_upper(factor) == strict_upper(A));

    Matrix solution = B;
    cholesky_solve_in_place(factor, solution);
    EXPECT_LE((solution - want_solution).cwiseAbs().maxCoeff(), 1e-11 * want_solution.cwiseAbs().maxCoeff());

    restore_lower(factor, A.diagonal());
    EXPECT_TRUE(factor == A);
  }
}
