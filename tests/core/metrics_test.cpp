// Metrics on hand-checked values.
#include <gtest/gtest.h>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/metrics/metrics.hpp"

using namespace wasmlearn;

TEST(Metrics, AccuracyCountsMatches) {
  IntVector t(5), p(5);
  t << 0, 1, 2, 1, 0;
  p << 0, 2, 2, 1, 1;
  EXPECT_DOUBLE_EQ(accuracy_score(t, p), 3.0 / 5.0);
  EXPECT_DOUBLE_EQ(accuracy_score(t, t), 1.0);
  EXPECT_THROW(accuracy_score(t, IntVector::Zero(4)), InvalidArgument);
  EXPECT_THROW(accuracy_score(IntVector(), IntVector()), InvalidArgument);
}

TEST(Metrics, MseAndMaeHandChecked) {
  Matrix t(4, 1), p(4, 1);
  t << 3, -0.5, 2, 7;
  p << 2.5, 0.0, 2, 8;
  // errors 0.5, -0.5, 0, -1: squares 0.25 0.25 0 1 -> 1.5 / 4; absolute 0.5 0.5 0 1 -> 2 / 4
  EXPECT_DOUBLE_EQ(mean_squared_error(t, p), 0.375);
  EXPECT_DOUBLE_EQ(mean_absolute_error(t, p), 0.5);
  Matrix t2(3, 2), p2(3, 2);
  t2 << 0.5, 1, -1, 1, 7, -6;
  p2 << 0, 2, -1, 2, 8, -5;
  // per output MSE: (0.25 + 0 + 1) / 3 and (1 + 1 + 1) / 3, averaged
  EXPECT_DOUBLE_EQ(mean_squared_error(t2, p2), (1.25 / 3 + 1.0) / 2);
  EXPECT_DOUBLE_EQ(mean_absolute_error(t2, p2), ((0.5 + 0 + 1) / 3 + 1.0) / 2);
  EXPECT_THROW(mean_squared_error(t, t2.leftCols(1)), InvalidArgument);
}

TEST(Metrics, R2HandCheckedAndConstantTargetRules) {
  Matrix t(4, 1), p(4, 1);
  t << 3, -0.5, 2, 7;
  p << 2.5, 0.0, 2, 8;
  // mean 2.875; SS_tot = 0.015625 + 11.390625 + 0.765625 + 17.015625 = 29.1875; SS_res = 1.5
  EXPECT_DOUBLE_EQ(r2_score(t, p), 1 - 1.5 / 29.1875);
  EXPECT_DOUBLE_EQ(r2_score(t, t), 1.0);
  Matrix mean_pred = Matrix::Constant(4, 1, 2.875);
  EXPECT_NEAR(r2_score(t, mean_pred), 0.0, 1e-15);
  // Constant target: a perfect prediction scores 1, anything else 0 (scikit-learn's convention).
  const Matrix c = Matrix::Constant(3, 1, 5.0);
  EXPECT_EQ(r2_score(c, c), 1.0);
  Matrix off = c;
  off(1, 0) = 5.5;
  EXPECT_EQ(r2_score(c, off), 0.0);
  // Two outputs are averaged: one perfect, one constant-but-wrong -> (1 + 0) / 2.
  Matrix t2(3, 2), p2(3, 2);
  t2 << 1, 4, 2, 4, 3, 4;
  p2 << 1, 4, 2, 4, 3, 3;
  EXPECT_DOUBLE_EQ(r2_score(t2, p2), 0.5);
  EXPECT_THROW(r2_score(Matrix::Ones(1, 1), Matrix::Ones(1, 1)), InvalidArgument);
}
