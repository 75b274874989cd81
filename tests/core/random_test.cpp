// The own generator and the deterministic elementary functions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/random.hpp"
#include "test_support.hpp"

using namespace wasmlearn;

using test_support::ulp_error;

TEST(Random, KnownAnswerXoshiro256StarStarSeededBySplitmix64) {
  // First outputs for seed 42 from an independent Python implementation of splitmix64 + xoshiro256**.
  Random r(42);
  EXPECT_EQ(r.next_u64(), 0x15780b2e0c2ec716ULL);
  EXPECT_EQ(r.next_u64(), 0x6104d9866d113a7eULL);
  EXPECT_EQ(r.next_u64(), 0xae17533239e499a1ULL);
  Random u(42);
  EXPECT_EQ(u.uniform(), static_cast<double>(0x15780b2e0c2ec716ULL >> 11) * 0x1.0p-53);
}

TEST(Random, SameSeedSameStreamOtherSeedOtherStream) {
  Random a(7), b(7), c(8);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const double x = a.normal(), y = b.normal(), z = c.normal();
    EXPECT_EQ(x, y);
    differs = differs || x != z;
  }
  EXPECT_TRUE(differs);
  a.reseed(7);
  Random fresh(7);
  EXPECT_EQ(a.normal(), fresh.normal());  // reseed drops the polar method's spare value
  EXPECT_NE(Random::derive_seed(7, 0), Random::derive_seed(7, 1));
  EXPECT_EQ(Random::derive_seed(7, 3), Random::derive_seed(7, 3));
}

TEST(Random, UniformInRangeWithMeanAndVarianceOfU01) {
  Random r(1);
  const int n = 100000;
  double sum = 0, sq = 0;
  for (int i = 0; i < n; ++i) {
    const double u = r.uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
    sq += u * u;
  }
  const double mean = sum / n, var = sq / n - mean * mean;
  EXPECT_NEAR(mean, 0.5, 0.005);          // sd of the mean ~ 0.0009
  EXPECT_NEAR(var, 1.0 / 12.0, 0.002);
  for (int i = 0; i < 1000; ++i) {
    const double v = r.uniform(-3.0, 5.0);
    ASSERT_GE(v, -3.0);
    ASSERT_LT(v, 5.0);
  }
}

TEST(Random, NormalMomentsMatchTheRequestedDistribution) {
  Random r(2024);
  const int n = 100000;
  double sum = 0, sq = 0, cube = 0, within1 = 0;
  for (int i = 0; i < n; ++i) {
    const double z = r.normal(3.0, 2.0);
    sum += z;
    sq += (z - 3.0) * (z - 3.0);
    cube += std::pow((z - 3.0) / 2.0, 3);
    within1 += std::fabs(z - 3.0) < 2.0;
  }
  EXPECT_NEAR(sum / n, 3.0, 0.03);       // sd of the mean ~ 0.0063
  EXPECT_NEAR(sq / n, 4.0, 0.08);        // sd of the variance ~ 0.018
  EXPECT_NEAR(cube / n, 0.0, 0.05);      // symmetric
  EXPECT_NEAR(within1 / n, 0.6827, 0.006);
}

TEST(Random, IntegerIsUniformOverItsRange) {
  Random r(5);
  const int k = 7, n = 70000;
  std::vector<int> counts(k, 0);
  for (int i = 0; i < n; ++i) {
    const auto v = r.integer(k);
    ASSERT_LT(v, static_cast<std::uint64_t>(k));
    ++counts[v];
  }
  double chi2 = 0;
  for (int c : counts) chi2 += (c - n / k) * (c - n / k) / static_cast<double>(n / k);
  EXPECT_LT(chi2, 22.5);  // chi-square with 6 degrees of freedom: p = 0.001
  EXPECT_EQ(r.integer(1), 0u);
  // A range just above 2^63 would be badly biased by a plain modulo; the rejection keeps it uniform.
  const std::uint64_t big = (std::uint64_t{1} << 63) + 12345;
  int upper = 0;
  for (int i = 0; i < 2000; ++i) upper += r.integer(big) >= big / 2;
  EXPECT_NEAR(upper / 2000.0, 0.5, 0.05);
}

TEST(Random, PermutationAndShuffleArePermutations) {
  Random r(9);
  const IntVector p = r.permutation(50);
  std::vector<int> sorted(p.data(), p.data() + p.size());
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 50; ++i) EXPECT_EQ(sorted[i], i);
  bool moved = false;
  for (int i = 0; i < 50; ++i) moved = moved || p[i] != i;
  EXPECT_TRUE(moved);
  // Every one of the 6 orders of 3 elements appears with frequency ~1/6.
  std::vector<int> seen(6, 0);
  for (int t = 0; t < 6000; ++t) {
    int v[3] = {0, 1, 2};
    r.shuffle(v, v + 3);
    ++seen[v[0] * 2 + (v[1] > v[2] ? 1 : 0)];
  }
  for (int c : seen) EXPECT_NEAR(c, 1000, 130);
  EXPECT_EQ(r.permutation(0).size(), 0);
  EXPECT_EQ(r.permutation(1)[0], 0);
}

TEST(DetMath, LogWithinOneUlpOverTheWholeRange) {
  Random r(3);
  double worst = 0;
  for (int i = 0; i < 200000; ++i) {
    // log-uniform over [2^-1074, 2^1024) plus points close to 1, where cancellation is hardest
    const double x = i % 2 ? std::ldexp(1.0 + r.uniform(), static_cast<int>(r.integer(2098)) - 1074)
                           : 1.0 + (r.uniform() - 0.5) * std::ldexp(1.0, -static_cast<int>(r.integer(50)));
    worst = std::max(worst, ulp_error(det_log(x), std::log(static_cast<long double>(x))));
  }
  EXPECT_LT(worst, 1.0);
  EXPECT_EQ(det_log(1.0), 0.0);
  EXPECT_EQ(det_log(0.0), -INFINITY);
  EXPECT_TRUE(std::isnan(det_log(-1.0)));
  EXPECT_EQ(det_log(INFINITY), INFINITY);
  EXPECT_NEAR(det_log(std::exp(1.0)), 1.0, 2e-16);
}

TEST(DetMath, ExpWithinOneUlp) {
  Random r(4);
  double worst = 0;
  for (int i = 0; i < 200000; ++i) {
    const double x = r.uniform(-745.0, 709.7);
    const double y = i % 3 ? x : x * 1e-3;
    worst = std::max(worst, ulp_error(det_exp(y), std::exp(static_cast<long double>(y))));
  }
  EXPECT_LT(worst, 1.0);
  EXPECT_EQ(det_exp(0.0), 1.0);
  EXPECT_EQ(det_exp(1000.0), INFINITY);
  EXPECT_EQ(det_exp(-1000.0), 0.0);
  EXPECT_EQ(det_exp(-INFINITY), 0.0);
}

TEST(DetMath, PowWithinOneUlp) {
  Random r(5);
  double worst = 0, worst_far = 0;
  for (int i = 0; i < 400000; ++i) {
    // x log-uniform over the normal and subnormal range, y such that |y·log x| <= 700 (the results
    // span the range), or small exponents on moderate x (Minkowski's |a − b|^p and its 1/p root)
    const double x = i % 2 ? std::ldexp(1.0 + r.uniform(), static_cast<int>(r.integer(2098)) - 1074)
                           : std::ldexp(1.0 + r.uniform(), static_cast<int>(r.integer(60)) - 30);
    const double log_x = std::log(x);
    const double y = i % 2 ? r.uniform(-700.0, 700.0) / (log_x == 0 ? 1.0 : std::abs(log_x)) : r.uniform(-8.0, 8.0);
    double& worst_here = std::abs(y * log_x) <= 64 ? worst : worst_far;
    worst_here = std::max(worst_here, ulp_error(det_pow(x, y), std::pow(static_cast<long double>(x), static_cast<long double>(y))));
  }
  EXPECT_LT(worst, 1.0);
  EXPECT_LT(worst_far, 1.0);
  // Near 1, where log x is tiny and its low part carries it.
  for (int i = 0; i < 100000; ++i) {
    const double x = 1.0 + (r.uniform() - 0.5) * std::ldexp(1.0, -static_cast<int>(r.integer(50)));
    const double y = r.uniform(-1e6, 1e6);
    if (std::abs(y * std::log(x)) < 700)
      worst = std::max(worst, ulp_error(det_pow(x, y), std::pow(static_cast<long double>(x), static_cast<long double>(y))));
  }
  EXPECT_LT(worst, 1.0);
  EXPECT_EQ(det_pow(2.0, 0.0), 1.0);
  EXPECT_EQ(det_pow(NAN, 0.0), 1.0);
  EXPECT_EQ(det_pow(1.0, NAN), 1.0);
  EXPECT_EQ(det_pow(0.0, 3.0), 0.0);
  EXPECT_EQ(det_pow(0.0, -1.5), INFINITY);
  EXPECT_EQ(det_pow(INFINITY, 0.5), INFINITY);
  EXPECT_EQ(det_pow(INFINITY, -2.0), 0.0);
  EXPECT_EQ(det_pow(0.5, INFINITY), 0.0);
  EXPECT_EQ(det_pow(0.5, -INFINITY), INFINITY);
  EXPECT_EQ(det_pow(1e300, 10.0), INFINITY);
  EXPECT_EQ(det_pow(1e-300, 10.0), 0.0);
  EXPECT_TRUE(std::isnan(det_pow(-2.0, 2.0)));
  EXPECT_TRUE(std::isnan(det_pow(2.0, NAN)));
  EXPECT_EQ(det_pow(2.0, 3.0), 8.0);
  EXPECT_EQ(det_pow(27.0, 1.0 / 3), 3.0);
}

TEST(DetMath, Log10WithinOneUlpAndExactAtPowersOfTen) {
  Random r(7);
  double worst = 0;
  for (int i = 0; i < 200000; ++i) {
    const double x = std::ldexp(1.0 + r.uniform(), static_cast<int>(r.integer(2098)) - 1074);
    worst = std::max(worst, ulp_error(det_log10(x), std::log10(static_cast<long double>(x))));
  }
  EXPECT_LT(worst, 1.0);
  double power = 1;
  for (int e = 0; e <= 22; ++e, power *= 10) EXPECT_EQ(det_log10(power), e);  // 10^e exact up to 10^22
  EXPECT_EQ(det_log10(0.0), -INFINITY);
  EXPECT_TRUE(std::isnan(det_log10(-1.0)));
  EXPECT_EQ(det_log10(INFINITY), INFINITY);
}

namespace {
// Φ⁻¹(p) in long double: Newton's method on erfc from 0, to the last bit of a long double.
long double reference_normal_quantile(long double p) {
  const long double sqrt_2pi = std::sqrt(2 * 3.14159265358979323846264338327950288L);
  long double x = 0;
  for (int i = 0; i < 3000; ++i) {
    const long double step = (std::erfc(-x / std::sqrt(2.0L)) / 2 - p) / (std::exp(-x * x / 2) / sqrt_2pi);
    x -= step;
    if (std::abs(step) < 1e-19L * std::max(1.0L, std::abs(x))) break;
  }
  return x;
}
}  // namespace

TEST(DetMath, NormalQuantileWithinAFewUlp) {
  Random r(8);
  double worst_central = 0, worst_tail = 0;
  for (int i = 0; i < 6000; ++i) {
    // uniform over (0, 1), and log-uniform down to 2^-60 (the tails)
    const double p = i % 2 ? r.uniform() : std::ldexp(r.uniform(), -static_cast<int>(r.integer(60)));
    if (p == 0) continue;
    double& worst = p >= 0.25 && p <= 0.75 ? worst_central : worst_tail;
    worst = std::max(worst, ulp_error(det_normal_quantile(p), reference_normal_quantile(p)));
  }
  // Measured: 5.5 and 3.2 (mostly below 1); det_exp's error sets them.
  EXPECT_LT(worst_central, 8.0);
  EXPECT_LT(worst_tail, 4.0);
  EXPECT_EQ(det_normal_quantile(0.5), 0.0);
  EXPECT_EQ(det_normal_quantile(0.125), -det_normal_quantile(0.875));  // 1 − 0.875 = 0.125 exactly
  EXPECT_LT(ulp_error(det_normal_quantile(0.975), 1.959963984540054L), 1.0);
  EXPECT_LT(ulp_error(det_normal_quantile(1e-300), reference_normal_quantile(1e-300L)), 4.0);  // -37.047…
  EXPECT_EQ(det_normal_quantile(0.0), -INFINITY);
  EXPECT_EQ(det_normal_quantile(1.0), INFINITY);
  EXPECT_TRUE(std::isnan(det_normal_quantile(-0.1)));
  EXPECT_TRUE(std::isnan(det_normal_quantile(NAN)));
}

TEST(DetMath, SinCosWithinOneUlpAndExactAtZero) {
  Random r(6);
  double worst_s = 0, worst_c = 0;
  for (int i = 0; i < 200000; ++i) {
    const double x = i % 2 ? r.uniform(-10.0, 10.0) : r.uniform(-1e6, 1e6);
    const long double lx = x;
    worst_s = std::max(worst_s, ulp_error(det_sin(x), std::sin(lx)));
    worst_c = std::max(worst_c, ulp_error(det_cos(x), std::cos(lx)));
  }
  EXPECT_LT(worst_s, 1.0);
  EXPECT_LT(worst_c, 1.0);
  // Near multiples of π/2 the result is tiny and the reduction must not lose it.
  const double pi = 3.141592653589793;
  EXPECT_LT(ulp_error(det_sin(pi), std::sin(static_cast<long double>(pi))), 1.0);
  EXPECT_LT(ulp_error(det_cos(pi / 2), std::cos(static_cast<long double>(pi / 2))), 1.0);
  EXPECT_EQ(det_sin(0.0), 0.0);
  EXPECT_EQ(det_cos(0.0), 1.0);
  EXPECT_EQ(det_sin(1e-300), 1e-300);
  EXPECT_TRUE(std::isnan(det_sin(1e10)));
}

TEST(DetMath, AgreesWithTheCLibraryWithinAFewUlp) {
  // The C library is what other code would have used; the two stay within 2 ulp of each other.
  Random r(8);
  for (int i = 0; i < 20000; ++i) {
    const double x = r.uniform(0.001, 50.0);
    EXPECT_LE(ulp_error(det_log(x), std::log(x)), 2.0);
    EXPECT_LE(ulp_error(det_exp(x / 10), std::exp(x / 10)), 2.0);
    EXPECT_LE(ulp_error(det_sin(x), std::sin(x)), 2.0);
    EXPECT_LE(ulp_error(det_cos(x), std::cos(x)), 2.0);
  }
}
