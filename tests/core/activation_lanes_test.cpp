// ActivationLanes (activation_lanes.hpp), the MLP's tanh and logistic: within their stated ulps of
// the long double values over millions of arguments (every scale, subnormals, the whole range, any
// bit pattern), lanes equal to the scalar form bit for bit, hand-checked values and the edges
// (±0, the clamps, ±inf, NaN).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "test_support.hpp"
#include "wasmlearn/base/activation_lanes.hpp"
#include "wasmlearn/base/random.hpp"

using namespace wasmlearn;
using test_support::ulp_error;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::uint64_t bits(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

long double logistic_reference(long double z) { return 1.0L / (1.0L + std::exp(-z)); }

// The worst error of tanh and of logistic over the arguments `draw` gives (each also negated), and
// that the lanes give the scalar form's bits.
struct Worst {
  double tanh = 0, logistic = 0;
};
template <class Draw>
Worst worst_over(int count, Draw draw) {
  const ActivationLanes f;
  Worst worst;
  for (int i = 0; i < count; ++i) {
    const double x = draw();
    const Lanes2 t = f.tanh(Lanes2{x, -x}), l = f.logistic(Lanes2{x, -x});
    EXPECT_EQ(bits(t[0]), bits(f.tanh(x))) << x;
    EXPECT_EQ(bits(t[1]), bits(f.tanh(-x))) << -x;
    EXPECT_EQ(bits(l[0]), bits(f.logistic(x))) << x;
    EXPECT_EQ(bits(l[1]), bits(f.logistic(-x))) << -x;
    for (int lane = 0; lane < 2; ++lane) {
      const long double v = lane == 0 ? static_cast<long double>(x) : -static_cast<long double>(x);
      worst.tanh = std::max(worst.tanh, ulp_error(t[lane], std::tanh(v)));
      worst.logistic = std::max(worst.logistic, ulp_error(l[lane], logistic_reference(v)));
    }
  }
  return worst;
}

}  // namespace

// 5 x 500 000 arguments and their negatives: tanh within 4.5 ulp (the most just above 0.173, where k
// turns −1 and e^(−2|x|) − 1 = (e^r − 1)/2 − 1/2 partly cancels: 3.99 ulp seen in 100 M arguments there),
// logistic within 2.5 ulp.
TEST(ActivationLanes, WithinTheirUlpsOfLongDouble) {
  Random rng(3);
  const auto check = [](const Worst& w, const char* what) {
    EXPECT_LE(w.tanh, 4.5) << what;
    EXPECT_LE(w.logistic, 2.5) << what;
  };
  check(worst_over(500000, [&] { return rng.uniform(0.0, 25.0); }), "tanh's range");
  check(worst_over(500000, [&] { return rng.uniform(0.173, 0.26); }), "tanh's worst region");
  check(worst_over(500000, [&] { return rng.uniform(0.0, 750.0); }), "logistic's range");
  check(worst_over(500000, [&] { return std::ldexp(rng.uniform(1.0, 2.0), static_cast<int>(rng.uniform(-1080.0, 10.0))); }),
        "every scale down to the subnormals");
  check(worst_over(500000,
                   [&] {
                     const std::uint64_t pattern = rng.next_u64();
                     double any;
                     std::memcpy(&any, &pattern, sizeof any);
                     return std::isnan(any) ? 0.0 : any;
                   }),
        "any bit pattern");
}

// softmax's e^u, u ≤ 0: within 2 ulp (1.55 the worst seen in 80 M arguments) over the whole range, the interval k = 0 and every scale down
// to the subnormal arguments; lanes equal to the scalar form bit for bit.
// Checks a lane function on pairs of arguments: both lanes equal to the scalar form bit for bit, and
// the worst error in ulps against the long double reference kept.
template <class Function, class Reference>
struct PairCheck {
  Function function;
  Reference reference;
  double worst = 0;
  void operator()(double u, double v) {
    const Lanes2 r = function(Lanes2{u, v});
    EXPECT_EQ(bits(r[0]), bits(function(u))) << u;
    EXPECT_EQ(bits(r[1]), bits(function(v))) << v;
    worst = std::max({worst, ulp_error(r[0], reference(u)), ulp_error(r[1], reference(v))});
  }
};
template <class Function, class Reference>
PairCheck<Function, Reference> pair_check(Function function, Reference reference) {
  return {function, reference};
}

TEST(ActivationLanes, ExpOfNonpositiveWithinTwoUlp) {
  const ActivationLanes f;
  Random rng(5);
  auto check = pair_check([&](auto u) { return f.exp_of_nonpositive(u); }, [](long double u) { return std::exp(u); });
  for (int i = 0; i < 500000; ++i) {
    check(rng.uniform(-750.0, 0.0), rng.uniform(-0.35, 0.0));
    check(rng.uniform(-40.0, 0.0), -std::ldexp(rng.uniform(1.0, 2.0), static_cast<int>(rng.uniform(-1080.0, 10.0))));
  }
  EXPECT_LE(check.worst, 2.0);
}

// The softplus's log(1 + e), 0 ≤ e ≤ 1: within 1 ulp over the whole interval and every scale of e down
// to the subnormals (where 1 + e rounds to 1 and only the rounding's correction is left), lanes equal
// to the scalar form bit for bit; exact at 0, log 2 at 1, and e itself below 2^-53.
TEST(ActivationLanes, Log1pOfUnitWithinOneUlp) {
  const ActivationLanes f;
  Random rng(6);
  auto check = pair_check([&](auto e) { return f.log1p_of_unit(e); }, [](long double e) { return std::log1p(e); });
  for (int i = 0; i < 500000; ++i)
    check(rng.uniform(0.0, 1.0), std::ldexp(rng.uniform(1.0, 2.0), static_cast<int>(rng.uniform(-1075.0, 0.0))));
  check(0.41421356237309503, 0.41421356237309515);  // either side of √2 − 1, where w is halved
  EXPECT_LT(check.worst, 1.0);
  EXPECT_EQ(f.log1p_of_unit(0.0), 0.0);
  EXPECT_EQ(f.log1p_of_unit(1.0), 0.69314718055994531);  // log 2 rounded
  EXPECT_EQ(f.log1p_of_unit(0x1p-60), 0x1p-60);
  EXPECT_EQ(f.log1p_of_unit(4.9406564584124654e-324), 4.9406564584124654e-324);
}

TEST(ActivationLanes, HandCheckedValues) {
  const ActivationLanes f;
  EXPECT_NEAR(f.tanh(0.5), 0.46211715726000974, 1e-16);  // (e − 1)/(e + 1)
  EXPECT_NEAR(f.tanh(-1.0), -0.7615941559557649, 1e-16);
  EXPECT_NEAR(f.tanh(3.0), 0.99505475368673045, 2e-16);
  EXPECT_EQ(f.logistic(0.0), 0.5);
  EXPECT_NEAR(f.logistic(1.0), 0.7310585786300049, 1e-16);  // e/(1 + e)
  EXPECT_NEAR(f.logistic(-2.0), 0.11920292202211755, 2e-17);
  EXPECT_NEAR(f.logistic(-40.0), 4.248354255291589e-18, 1e-32);
  EXPECT_NEAR(f.exp_of_nonpositive(-1.0), 0.36787944117144233, 6e-17);  // 1/e
  EXPECT_NEAR(f.exp_of_nonpositive(-10.0), 4.5399929762484854e-05, 7e-21);
}

TEST(ActivationLanes, Edges) {
  const ActivationLanes f;
  for (double x : {0.0, -0.0, 1e-310, -0x1p-29})  // below 2^-28 tanh x is x, sign of zero included
    EXPECT_EQ(bits(f.tanh(x)), bits(x)) << x;
  EXPECT_EQ(f.tanh(22.0), 1.0);
  EXPECT_EQ(f.tanh(-1e300), -1.0);
  EXPECT_EQ(f.tanh(kInf), 1.0);
  EXPECT_EQ(f.tanh(-kInf), -1.0);
  EXPECT_EQ(f.logistic(kInf), 1.0);
  EXPECT_EQ(f.logistic(-kInf), 0.0);
  EXPECT_EQ(f.logistic(-746.0), 0.0);
  EXPECT_EQ(f.logistic(-745.0), std::exp(-745.0));  // the smallest subnormals: 1/(1 + e) = 1
  EXPECT_EQ(f.logistic(40.0), 1.0);
  EXPECT_EQ(f.exp_of_nonpositive(0.0), 1.0);
  EXPECT_EQ(f.exp_of_nonpositive(-0.0), 1.0);
  EXPECT_EQ(f.exp_of_nonpositive(-kInf), 0.0);
  EXPECT_EQ(f.exp_of_nonpositive(-746.0), 0.0);
  EXPECT_EQ(f.exp_of_nonpositive(-745.0), std::exp(-745.0));  // 2^-1074, the smallest subnormal
  EXPECT_TRUE(std::isnan(f.tanh(kNaN)));
  EXPECT_TRUE(std::isnan(f.logistic(kNaN)));
  const Lanes2 t = f.tanh(Lanes2{kNaN, -kInf}), l = f.logistic(Lanes2{-kNaN, 1e-300});
  EXPECT_TRUE(std::isnan(t[0]));
  EXPECT_EQ(t[1], -1.0);
  EXPECT_TRUE(std::isnan(l[0]));
  EXPECT_EQ(l[1], 0.5);
  const Lanes2 e = f.exp_of_nonpositive(Lanes2{-kInf, kNaN});  // NaN stays NaN, natively as in WebAssembly
  EXPECT_EQ(e[0], 0.0);
  EXPECT_TRUE(std::isnan(e[1]));
  EXPECT_TRUE(std::isnan(f.exp_of_nonpositive(kNaN)));
}

namespace {

// |got − want| in units in the last place of want rounded to float (subnormal ulps below the normal range).
double float_ulps(float got, long double want) {
  int exponent = 0;
  std::frexp(static_cast<float>(want), &exponent);
  const double ulp = std::ldexp(1.0, std::max(exponent - 24, -149));
  return static_cast<double>(std::fabs(static_cast<long double>(got) - want)) / ulp;
}

}  // namespace

// FloatActivationLanes (layerActivations' { dtype: 'float32' }): over 4 x 1 M float arguments of
// each sign, tanh within 4 float ulp (3.17 the worst seen, near 0.22 and 0.12 where k turns), logistic
// within 3 (2.36 seen), e^u within 2 (1.42 seen), down to the subnormal results.
TEST(FloatActivationLanes, WithinTheirFloatUlpsOfLongDouble) {
  const FloatActivationLanes f;
  Random rng(7);
  const auto check = [&](double lo, double hi, const char* what) {
    double tanh = 0, logistic = 0, exp = 0;
    for (int i = 0; i < 250000; ++i) {
      float x[4];
      for (int j = 0; j < 4; ++j) x[j] = static_cast<float>(j % 2 ? -rng.uniform(lo, hi) : rng.uniform(lo, hi));
      const Floats4 v{x[0], x[1], x[2], x[3]};
      const Floats4 t = f.tanh(v), l = f.logistic(v), e = f.exp_of_nonpositive(-abs_lanes(v));
      for (int j = 0; j < 4; ++j) {
        const long double a = x[j];
        tanh = std::max(tanh, float_ulps(t[j], std::tanh(a)));
        logistic = std::max(logistic, float_ulps(l[j], 1.0L / (1.0L + std::exp(-a))));
        exp = std::max(exp, float_ulps(e[j], std::exp(-std::fabs(a))));
      }
    }
    EXPECT_LE(tanh, 4.0) << what;
    EXPECT_LE(logistic, 3.0) << what;
    EXPECT_LE(exp, 2.0) << what;
  };
  check(0.0, 12.0, "tanh's range");
  check(0.1, 0.3, "where k turns");
  check(0.0, 110.0, "logistic's and e^u's range, to the subnormals");
  check(0.0, 1e-3, "near 0");
}

TEST(FloatActivationLanes, HandCheckedValuesAndEdges) {
  const FloatActivationLanes f;
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const Floats4 t = f.tanh(Floats4{0.5f, -1.0f, -0.0f, 0x1p-13f});
  EXPECT_NEAR(t[0], 0.46211715726000974, 1.2e-7);  // within 2 float ulp
  EXPECT_NEAR(t[1], -0.7615941559557649, 1.2e-7);
  EXPECT_TRUE(t[2] == 0 && std::signbit(t[2]));  // below 2^-12 tanh x is x, sign of zero included
  EXPECT_EQ(t[3], 0x1p-13f);
  const Floats4 big = f.tanh(Floats4{10.0f, -1e30f, inf, nan});
  EXPECT_EQ(big[0], 1.0f);
  EXPECT_EQ(big[1], -1.0f);
  EXPECT_EQ(big[2], 1.0f);
  EXPECT_TRUE(std::isnan(big[3]));
  const Floats4 l = f.logistic(Floats4{0.0f, 1.0f, -inf, nan});
  EXPECT_EQ(l[0], 0.5f);
  EXPECT_NEAR(l[1], 0.7310585786300049, 1.2e-7);
  EXPECT_EQ(l[2], 0.0f);
  EXPECT_TRUE(std::isnan(l[3]));
  const Floats4 e = f.exp_of_nonpositive(Floats4{0.0f, -1.0f, -104.0f, -inf});
  EXPECT_EQ(e[0], 1.0f);
  EXPECT_NEAR(e[1], 0.36787944117144233, 3e-8);
  EXPECT_EQ(e[2], 0.0f);
  EXPECT_EQ(e[3], 0.0f);
  EXPECT_EQ(f.exp_of_nonpositive(Floats4{-103.0f})[0], 0x1p-149f);  // e^-103 rounds to the smallest subnormal
}
