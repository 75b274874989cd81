// Loss functions and penalties against hand values.
#include <gtest/gtest.h>

#include <cmath>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/linear_model/losses.hpp"

using namespace wasmlearn;

namespace {
Vector v(std::initializer_list<double> x) {
  Vector out(static_cast<Index>(x.size()));
  Index i = 0;
  for (double a : x) out[i++] = a;
  return out;
}
}  // namespace

TEST(Losses, MarginLossesByHand) {
  const Vector m = v({-2, 0, 0.5, 1, 3});
  EXPECT_EQ(losses::zero_one(m), v({1, 1, 0, 0, 0}));
  EXPECT_EQ(losses::hinge(m), v({3, 1, 0.5, 0, 0}));
  EXPECT_EQ(losses::squared_hinge(m), v({9, 1, 0.25, 0, 0}));
  EXPECT_EQ(losses::perceptron(m), v({2, 0, 0, 0, 0}));
  const Vector lg = losses::logistic(m);
  for (Index i = 0; i < m.size(); ++i) {
    EXPECT_NEAR(lg[i], std::log(1 + std::exp(-m[i])), 1e-15);
    EXPECT_NEAR(losses::exponential(m)[i], std::exp(-m[i]), 1e-15);
  }
  EXPECT_NEAR(lg[1], std::log(2.0), 1e-16);
  EXPECT_NEAR(losses::logistic(v({-800}))[0], 800, 1e-12);  // no overflow
  EXPECT_NEAR(losses::logistic(v({800}))[0], 0, 1e-300);
  EXPECT_THROW(losses::hinge(v({NAN})), InvalidArgument);
}

TEST(Losses, ResidualLossesByHand) {
  const Vector r = v({-3, -0.5, 0, 2});
  EXPECT_EQ(losses::squared(r), v({9, 0.25, 0, 4}));
  EXPECT_EQ(losses::absolute(r), v({3, 0.5, 0, 2}));
  EXPECT_EQ(losses::epsilon_insensitive(r, 1), v({2, 0, 0, 1}));
  EXPECT_EQ(losses::huber(r, 1), v({2.5, 0.125, 0, 1.5}));
  EXPECT_THROW(losses::epsilon_insensitive(r, -1), InvalidArgument);
  EXPECT_THROW(losses::huber(r, 0), InvalidArgument);
}

TEST(Losses, PenaltiesOfVectorsAndRows) {
  Matrix W(3, 2);
  W << 3, -4, 0, 0, 0, 2;
  EXPECT_EQ(losses::l0(W), v({2, 0, 1}));
  EXPECT_EQ(losses::l1(W), v({7, 0, 2}));
  EXPECT_EQ(losses::l2(W), v({5, 0, 2}));
  // ρ·|w|₁ + (1−ρ)/2·|w|₂²: ρ = 0.5 -> 3.5 + 6.25, 0, 1 + 1.
  EXPECT_EQ(losses::elastic_net(W, 0.5), v({9.75, 0, 2}));
  EXPECT_EQ(losses::elastic_net(W, 1), losses::l1(W));
  EXPECT_THROW(losses::elastic_net(W, 1.5), InvalidArgument);
}
