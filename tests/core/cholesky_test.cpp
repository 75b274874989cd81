// The blocked Cholesky of kernel ridge (kernel_ridge/cholesky.hpp): a hand-checked factor, a matrix
// that is not positive definite, and random positive definite matrices of sizes around the strip
// (8), the panel (64) and the tiles' block of 512 columns, against Eigen's LLT; the same in float32,
// and solve_positive_definite (float32 factor refined in double, else the double factor).
#include <gtest/gtest.h>

#include <limits>
#include <utility>

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

namespace {
// A symmetric positive definite n x n matrix M·Mᵀ/n·scale + shift·I of rank ≤ `rank` before the shift.
Matrix positive_definite(Index n, Index rank, double shift, std::uint64_t seed) {
  Random rng(seed);
  Matrix M(n, rank);
  for (Index i = 0; i < M.size(); ++i) M.data()[i] = rng.normal();
  const Matrix product = M * M.transpose() / static_cast<double>(rank);
  Matrix A = (product + product.transpose()) / 2.0;
  A.diagonal().array() += shift;
  return A;
}
}  // namespace

TEST(Cholesky, FloatFactorAgreesWithEigen) {
  for (const Index n : {Index{9}, kPanelColumns + 1, Index{515}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const Matrix A = positive_definite(n, n, 0.5, 12);
    const Matrix want = Eigen::LLT<Eigen::MatrixXd>(A).matrixL();
    FloatMatrix factor = A.cast<float>();
    ASSERT_TRUE(cholesky_in_place(factor));
    const Matrix got = factor.cast<double>().triangularView<Eigen::Lower>();
    EXPECT_LE((got - want).cwiseAbs().maxCoeff(), 1e-4 * want.cwiseAbs().maxCoeff());
  }
}

// Well conditioned (cond ≈ 10): the float32 factor with refinement, A kept whole, the solution as
// accurate as the double factor's. 515 rows: past the panel and, in floats, the tiles' block of 1 024.
TEST(Cholesky, SolvePositiveDefiniteRefinesAFloatFactor) {
  for (const Index n : {Index{1}, Index{9}, Index{515}}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const Matrix A = positive_definite(n, n, 0.5, 13);
    Random rng(14);
    Matrix B(n, 2);
    for (Index i = 0; i < B.size(); ++i) B.data()[i] = rng.normal();
    const Matrix want = Eigen::LLT<Eigen::MatrixXd>(A).solve(Eigen::MatrixXd(B));
    Matrix work = A, X = B;
    ASSERT_TRUE(solve_positive_definite(work, X));
    EXPECT_TRUE(work == A);  // the float path does not touch A
    EXPECT_LE((X - want).cwiseAbs().maxCoeff(), 1e-12 * want.cwiseAbs().maxCoeff());
    EXPECT_LE((A * X - B).cwiseAbs().maxCoeff(), 1e-12 * B.cwiseAbs().maxCoeff());
  }
}

// cond ≈ 1e12 (rank 5 plus 1e-12·I): float32 cannot refine it, the double factor solves it.
TEST(Cholesky, SolvePositiveDefiniteFallsBackToDouble) {
  const Index n = 300;
  const Matrix A = positive_definite(n, 5, 1e-12, 15);
  const Matrix B = A * Matrix::Ones(n, 1);
  Matrix work = A, X = B;
  ASSERT_TRUE(solve_positive_definite(work, X));
  EXPECT_TRUE(work == A);  // the lower triangle restored after the double factor
  Matrix factor = A, direct = B;
  ASSERT_TRUE(cholesky_in_place(factor));
  cholesky_solve_in_place(factor, direct);
  EXPECT_TRUE(X == direct);  // exactly the double path's solution
  EXPECT_LE((A * X - B).cwiseAbs().maxCoeff(), 1e-12 * B.cwiseAbs().maxCoeff());  // backward stable
}

TEST(Cholesky, SolvePositiveDefiniteRejectsAnIndefiniteMatrix) {
  Matrix A(2, 2), B(2, 1);
  A << 1, 2, 2, 1;
  B << 1, 1;
  EXPECT_FALSE(solve_positive_definite(A, B));
  EXPECT_EQ(B(0, 0), 1.0);
  EXPECT_EQ(B(1, 0), 1.0);
}

// Only the lower triangle is read: NaN above the diagonal changes nothing, on the float32 path
// (515 rows: past the row blocks of the residual) and on the double one, which leaves the lower
// triangle's mirror above the diagonal.
TEST(Cholesky, SolvePositiveDefiniteReadsTheLowerTriangle) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const auto& [A, rhs_rows] : {std::pair{positive_definite(515, 515, 0.5, 16), 515},
                                    std::pair{positive_definite(300, 5, 1e-12, 15), 300}}) {
    SCOPED_TRACE("n = " + std::to_string(A.rows()));
    const Matrix B = A * Matrix::Ones(rhs_rows, 2);
    Matrix whole = A, want = B;
    ASSERT_TRUE(solve_positive_definite(whole, want));
    Matrix lower = A, X = B;
    lower.triangularView<Eigen::StrictlyUpper>().setConstant(nan);
    ASSERT_TRUE(solve_positive_definite(lower, X));
    EXPECT_TRUE(X == want);
    EXPECT_TRUE(Matrix(lower.triangularView<Eigen::Lower>()) == Matrix(A.triangularView<Eigen::Lower>()));
  }
  Matrix indefinite(2, 2), B(2, 1);
  indefinite << 1, nan, 2, 1;
  B << 1, 1;
  EXPECT_FALSE(solve_positive_definite(indefinite, B));
  EXPECT_EQ(indefinite(0, 1), 2.0);  // whole after the failed double factor, for the least-squares fallback
}
