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

using namespace wasmlearn;

TEST(Lanes, FunctionsAreTheScalarOnesLaneByLane) {
  const Lanes2 v = {-2.5, 9.0};
  const Lanes2 a = abs_lanes(v), r = sqrt_lanes(Lanes2{2.0, 9.0}), p = pow_lanes(Lanes2{2.0, 9.0}, 1.5),
               w = whole_power_lanes(Lanes2{2.0, -3.0}, 3);
  EXPECT_EQ(a[0], 2.5);
  EXPECT_EQ(a[1], 9.0);
  EXPECT_FALSE(std::signbit(abs_lanes(Lanes2{-0.0, 0.0})[0]));
  EXPECT_EQ(r[0], std::sqrt(2.0));
  EXPECT_EQ(r[1], 3.0);
  EXPECT_EQ(p[0], det_pow(2.0, 1.5));
  EXPECT_EQ(p[1], 27.0);
  EXPECT_EQ(w[0], 8.0);
  EXPECT_EQ(w[1], -27.0);
  const Lanes2 lo = min_lanes(v, Lanes2{1.0, 1.0}), hi = max_lanes(v, Lanes2{1.0, 1.0});
  EXPECT_EQ(lo[0], -2.5);
  EXPECT_EQ(lo[1], 1.0);
  EXPECT_EQ(hi[0], 1.0);
  EXPECT_EQ(hi[1], 9.0);
  EXPECT_EQ(max_lanes(-1.0, 2.0), 2.0);
  EXPECT_EQ(abs_lanes(-4.0), 4.0);
  EXPECT_EQ(pow_lanes(4.0, 0.5), 2.0);
  EXPECT_EQ(whole_power_lanes(1.5, 2), 2.25);
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
