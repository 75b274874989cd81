// The kernel functions (base/kernels.hpp) and the vectorised exponential under them (lanes.hpp's
// ExpLanes): hand-checked values, the blocked evaluation against a pair-by-pair loop on shapes past
// the row block (256) and the tiles (p 8, 16, 17), gamma's rules, and ExpLanes within its stated
// 2 ulp of the C library's e^x over the whole range, lanes equal to the scalar form bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "test_support.hpp"
#include "wasmlearn/base/kernels.hpp"
#include "wasmlearn/base/lanes.hpp"
#include "wasmlearn/base/random.hpp"

using namespace wasmlearn;

TEST(ExpLanes, WithinTwoUlpOverTheWholeRange) {
  Random rng(5);
  const ExpLanes exp;
  double worst = 0;
  for (int i = 0; i < 200000; ++i) {
    const double x = i < 100000 ? rng.uniform(-745.0, 709.7) : rng.uniform(-1.0, 1.0);
    const double expected = std::exp(x), got = exp(x);
    const double ulp = std::nextafter(expected, INFINITY) - expected;
    worst = std::max(worst, std::fabs(got - expected) / ulp);
    const Lanes2 both = exp(Lanes2{x, -x});
    EXPECT_EQ(both[0], got);
    EXPECT_EQ(both[1], exp(-x));
  }
  EXPECT_LE(worst, 2.0);
}

// The RBF's arguments −γ‖a − b‖² ≤ 0, densely, and the last steps before e^x underflows to 0 (a
// subnormal result is within one subnormal step), as a loop evaluates them: one ExpLanes, lanes and
// scalar tail alike.
TEST(ExpLanes, KernelArgumentsAndUnderflow) {
  const ExpLanes exp;
  double worst = 0;
  for (int i = 0; i <= 400000; i += 2) {
    const Lanes2 x{-i * 1e-4, -(i + 1) * 1e-4};
    const Lanes2 got = exp(x);
    for (int l = 0; l < 2; ++l) {
      const double expected = std::exp(x[l]);
      worst = std::max(worst, std::fabs(got[l] - expected) / (std::nextafter(expected, INFINITY) - expected));
      EXPECT_EQ(exp(x[l]), got[l]);
    }
  }
  EXPECT_LE(worst, 2.0);
  for (double x = -708.0; x > -746.0; x -= 0.0037)
    EXPECT_NEAR(exp(x), std::exp(x), std::max(2 * std::exp(x) * 0x1p-52, 0x1p-1074)) << x;
  EXPECT_EQ(exp(-745.2), 0.0);
  EXPECT_EQ(exp(-745.13), std::exp(-745.13));  // the smallest subnormal, 2^-1074
}

TEST(ExpLanes, EdgesOfTheRange) {
  const ExpLanes exp;
  EXPECT_EQ(exp(0.0), 1.0);
  EXPECT_NEAR(exp(1.0), std::exp(1.0), 4.5e-16);
  EXPECT_EQ(exp(-746.0), 0.0);
  EXPECT_EQ(exp(-1e300), 0.0);
  EXPECT_EQ(exp(710.0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(exp(1e300), std::numeric_limits<double>::infinity());
  const double subnormal = exp(-740.0);  // 4.2e-322, below the normal range
  EXPECT_NEAR(subnormal, std::exp(-740.0), 1e-323);
  EXPECT_GT(subnormal, 0.0);
  EXPECT_NEAR(exp(709.0) / std::exp(709.0), 1.0, 4e-16);
}

namespace {

double pair_kernel(const Kernel& k, const Eigen::RowVectorXd& a, const Eigen::RowVectorXd& b) {
  const double dot = a.dot(b);
  switch (k.type) {
    case KernelType::linear: return dot;
    case KernelType::poly: return std::pow(k.gamma * dot + k.coef0, k.degree);
    case KernelType::rbf: return std::exp(-k.gamma * (a - b).squaredNorm());
    case KernelType::sigmoid: return std::tanh(k.gamma * dot + k.coef0);
    default: return NAN;
  }
}

}  // namespace

TEST(Kernels, HandChecked) {
  Matrix A(1, 2), B(2, 2);
  A << 1, 2;
  B << 3, 4, -1, 0;
  const Matrix lin = kernel_matrix({KernelType::linear}, A, B);
  EXPECT_EQ(lin(0, 0), 11.0);
  EXPECT_EQ(lin(0, 1), -1.0);
  const Matrix poly = kernel_matrix({KernelType::poly, 2, 0.5, 1.0}, A, B);  // (0.5·11 + 1)², (0.5·(−1) + 1)²
  EXPECT_EQ(poly(0, 0), 42.25);
  EXPECT_EQ(poly(0, 1), 0.25);
  const Matrix rbf = kernel_matrix({KernelType::rbf, 3, 0.1}, A, B);  // ‖a − b‖² = 8 and 8
  EXPECT_NEAR(rbf(0, 0), std::exp(-0.8), 1e-16);
  EXPECT_NEAR(rbf(0, 1), std::exp(-0.8), 1e-16);
  const Matrix sig = kernel_matrix({KernelType::sigmoid, 3, 0.1, -1.0}, A, B);
  EXPECT_NEAR(sig(0, 0), std::tanh(0.1), 1e-16);
  EXPECT_NEAR(sig(0, 1), std::tanh(-1.1), 1e-16);
  const Matrix zero_degree = kernel_matrix({KernelType::poly, 0, 0.5, 1.0}, A, B);
  EXPECT_EQ(zero_degree(0, 0), 1.0);
}

TEST(Kernels, BlocksEqualThePairByPairValues) {
  Random rng(3);
  for (const Index p : {1, 8, 16, 17}) {
    const Index n = 300, m = 37;
    Matrix A(n, p), B(m, p);
    for (Index i = 0; i < A.size(); ++i) A.data()[i] = rng.normal();
    for (Index i = 0; i < B.size(); ++i) B.data()[i] = rng.normal();
    for (const Kernel k : {Kernel{KernelType::linear}, Kernel{KernelType::poly, 3, 0.2, 0.5},
                           Kernel{KernelType::rbf, 3, 0.7 / static_cast<double>(p)}, Kernel{KernelType::sigmoid, 3, 0.05, -0.3}}) {
      const Matrix K = kernel_matrix(k, A, B);
      ASSERT_EQ(K.rows(), n);
      ASSERT_EQ(K.cols(), m);
      for (Index i = 0; i < n; ++i)
        for (Index j = 0; j < m; ++j) {
          const double expected = pair_kernel(k, A.row(i), B.row(j));
          ASSERT_NEAR(K(i, j), expected, 1e-12 * std::max(1.0, std::fabs(expected)))
              << "kernel " << static_cast<int>(k.type) << " p=" << p << " (" << i << ", " << j << ")";
        }
      // Rows of the Gram matrix of A, picked by index, are the same values.
      const Index picked[3] = {299, 0, 256};
      Matrix rows(3, n);
      kernel_rows(k, A, row_squared_norms(A), picked, 3, rows);
      const Matrix gram = kernel_matrix(k, A, A);
      for (int r = 0; r < 3; ++r) EXPECT_TRUE(rows.row(r).isApprox(gram.row(picked[r]), 1e-14)) << "row " << picked[r];
      // One row (SMO's kernel cache, read in place rather than copied): the same bits as in a block.
      Matrix one(1, n);
      kernel_rows(k, A, row_squared_norms(A), &picked[2], 1, one);
      EXPECT_EQ(one.row(0), rows.row(2));
      // The Gram matrix from its lower blocks: exactly symmetric, the pair-by-pair values.
      const Matrix symmetric = symmetric_kernel_matrix(k, A);
      ASSERT_TRUE(symmetric == symmetric.transpose());
      for (Index i = 0; i < n; ++i)
        for (Index j = 0; j <= i; ++j) {
          const double expected = pair_kernel(k, A.row(i), A.row(j));
          ASSERT_NEAR(symmetric(i, j), expected, 1e-12 * std::max(1.0, std::fabs(expected)))
              << "(" << i << ", " << j << ")";
        }
      // Its lower triangle alone (KernelRidge's): the same bits.
      const Matrix lower = lower_kernel_matrix(k, A);
      EXPECT_TRUE(Matrix(lower.triangularView<Eigen::Lower>()) == Matrix(symmetric.triangularView<Eigen::Lower>()));
    }
  }
}

TEST(Kernels, PrecomputedRowsAreCopied) {
  Matrix K(3, 3);
  K << 1, 2, 3, 4, 5, 6, 7, 8, 9;
  const Index picked[2] = {2, 0};
  Matrix rows(2, 3);
  kernel_rows({KernelType::precomputed}, K, Vector(), picked, 2, rows);
  EXPECT_EQ(rows.row(0), K.row(2));
  EXPECT_EQ(rows.row(1), K.row(0));
}

TEST(Kernels, GammaRules) {
  Matrix X(2, 2);
  X << 0, 2, 4, 6;  // entries' mean 3, variance (9 + 1 + 1 + 9)/4 = 5
  EXPECT_DOUBLE_EQ(resolve_gamma(GammaRule::scale, X), 1.0 / 10.0);
  EXPECT_EQ(resolve_gamma(GammaRule::automatic, X), 0.5);
  EXPECT_EQ(resolve_gamma(2.5, X), 2.5);
  EXPECT_EQ(resolve_gamma(GammaRule::scale, Matrix::Constant(3, 4, 7.0)), 0.25);  // no variance: 1/p
  EXPECT_EQ(test_support::error_of([&] { resolve_gamma(0.0, X); }), "gamma must be greater than 0, got 0");
  EXPECT_EQ(test_support::error_of([&] { resolve_gamma(-1.0, X); }), "gamma must be greater than 0, got -1");
}
