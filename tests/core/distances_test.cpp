// The packet layer (base/lanes.hpp) and the distance kernels written on it (base/distances.hpp):
// the lane functions are the scalar ones lane by lane, and the two forms of the squared distance
// (a row against rows, a row against centres stored feature-major) agree bit for bit, on feature
// counts below, at and past the tile and unrolling sizes. neighbors_test.cpp checks the rows form
// against the documented order spelled out in scalars.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "wasmlearn/base/distances.hpp"
#include "wasmlearn/base/random.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using test_support::ulp_error;

TEST(Lanes, FunctionsAreTheScalarOnesLaneByLane) {
  const Lanes2 v = {-2.5, 9.0};
  const Lanes2 a = abs_lanes(v), r = sqrt_lanes(Lanes2{2.0, 9.0}), p = PowLanes(1.5)(Lanes2{2.0, 9.0}),
               w = whole_power_lanes(Lanes2{2.0, -3.0}, 3);
  EXPECT_EQ(a[0], 2.5);
  EXPECT_EQ(a[1], 9.0);
  EXPECT_FALSE(std::signbit(abs_lanes(Lanes2{-0.0, 0.0})[0]));
  EXPECT_EQ(r[0], std::sqrt(2.0));
  EXPECT_EQ(r[1], 3.0);
  EXPECT_EQ(p[0], PowLanes(1.5)(2.0));
  EXPECT_EQ(p[1], PowLanes(1.5)(9.0));
  EXPECT_EQ(w[0], 8.0);
  EXPECT_EQ(w[1], -27.0);
  const Lanes2 lo = min_lanes(v, Lanes2{1.0, 1.0}), hi = max_lanes(v, Lanes2{1.0, 1.0});
  EXPECT_EQ(lo[0], -2.5);
  EXPECT_EQ(lo[1], 1.0);
  EXPECT_EQ(hi[0], 1.0);
  EXPECT_EQ(hi[1], 9.0);
  EXPECT_EQ(max_lanes(-1.0, 2.0), 2.0);
  EXPECT_EQ(abs_lanes(-4.0), 4.0);
  EXPECT_EQ(whole_power_lanes(1.5, 2), 2.25);
}

// PowLanes against long double's powl, in lanes and as scalars (the same bits): over magnitudes from
// the subnormals to 1e300, the Minkowski powers p in [1, 8) and a few large ones. Measured: 2.2 ulp
// (ExpLanes' own 2 ulp and the logarithm's rounding).
TEST(Lanes, PowerWithinThreeUlpAndTheSameBitsInLanes) {
  Random r(11);
  double worst = 0;
  for (int i = 0; i < 20000; ++i) {
    const double p = i % 4 == 0 ? r.uniform(8.0, 40.0) : r.uniform(1.0, 8.0);
    const PowLanes power(p);
    for (int j = 0; j < 10; ++j) {
      const double a = std::ldexp(1.0 + r.uniform(), static_cast<int>(r.integer(120)) - 60);
      const double b = std::ldexp(1.0 + r.uniform(), static_cast<int>(r.integer(2098)) - 1074);
      const Lanes2 both = power(Lanes2{a, b});
      EXPECT_EQ(both[0], power(a));
      EXPECT_EQ(both[1], power(b));
      for (double x : {a, b}) {
        const long double exact = std::pow(static_cast<long double>(x), static_cast<long double>(p));
        if (std::abs(p * std::log(x)) <= 64) worst = std::max(worst, ulp_error(power(x), exact));
        else if (exact > 1e-300L && exact < 1e300L) EXPECT_LT(ulp_error(power(x), exact), 8.0) << x << "^" << p;
      }
    }
  }
  EXPECT_LT(worst, 3.0);
  // Large p: the results overflow, underflow or stay near 1, never negative or NaN.
  for (double p : {1e3, 1e6, 123456.5, 1e20, 1e300}) {
    const PowLanes power(p);
    for (double x : {0.0, 0.2, 0.5, 0.999, 1.0, 1.001, 1.000001, 1.5, 1e300}) {
      const long double exact = std::pow(static_cast<long double>(x), static_cast<long double>(p));
      const double got = power(x);
      if (exact < 1e-300L) EXPECT_LE(got, 1e-300) << x << "^" << p;
      else if (exact > 1e300L) EXPECT_EQ(got, INFINITY) << x << "^" << p;
      else EXPECT_LT(ulp_error(got, exact), 8.0) << x << "^" << p;
      EXPECT_GE(got, 0.0) << x << "^" << p;
    }
  }
  const PowLanes three_halves(1.5);
  EXPECT_EQ(three_halves(0.0), 0.0);
  EXPECT_EQ(three_halves(1.0), 1.0);
  EXPECT_LT(ulp_error(three_halves(4.0), 8.0L), 3.0);
  EXPECT_EQ(three_halves(1e300), INFINITY);
  EXPECT_EQ(three_halves(4.9e-324), 0.0);  // 2^-1074·1.5 underflows
  EXPECT_LT(ulp_error(PowLanes(1.01)(1e-310), std::pow(1e-310L, 1.01L)), 3.0);  // a subnormal in and out
}

TEST(DistanceKernels, SquaredDistanceHandChecked) {
  const double x[3] = {1, 2, 3}, c[3] = {4, 6, 3};
  EXPECT_EQ(squared_distance(x, c, 3), 25.0);  // 9 + 16 + 0
  EXPECT_EQ(squared_distance(x, c, 2), 25.0);
  EXPECT_EQ(squared_distance(x, c, 1), 9.0);
}

TEST(DistanceKernels, ColumnTilesEqualTheRowKernelBitForBit) {
  Random rng(11);
  for (const Index p : {1, 2, 3, 7, 8, 9, 16, 17, 21}) {
    for (const Index width : {2, 4, 6, 8, 10, 18}) {
      std::vector<double> x(static_cast<std::size_t>(p)), rows(static_cast<std::size_t>(width * p)),
          columns(static_cast<std::size_t>(width * p)), out(static_cast<std::size_t>(width));
      for (double& v : x) v = rng.uniform(-1e3, 1e3) / 7.0;
      for (Index j = 0; j < width; ++j)
        for (Index t = 0; t < p; ++t)
          columns[static_cast<std::size_t>(t * width + j)] = rows[static_cast<std::size_t>(j * p + t)] = rng.uniform(-1e3, 1e3) / 3.0;
      distances_to_columns(x.data(), p, columns.data(), width, out.data());
      for (Index j = 0; j < width; ++j)
        EXPECT_EQ(out[static_cast<std::size_t>(j)], std::sqrt(squared_distance(x.data(), rows.data() + j * p, p)))
            << "p=" << p << " width=" << width << " centre " << j;
    }
  }
}
