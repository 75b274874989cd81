// Ports of fdlibm 5.3 (e_log.c, e_exp.c, k_sin.c, k_cos.c and the medium-size case of
// e_rem_pio2.c, as in FreeBSD's msun). Copyright (C) 1993 by Sun Microsystems, Inc. All rights
// reserved. Developed at SunPro, a Sun Microsystems, Inc. business. Permission to use, copy,
// modify, and distribute this software is freely granted, provided that this notice is preserved.
// det_pow, det_log10 and det_normal_quantile (and the two-double helpers under them) are this
// library's own.
#include "wasmlearn/base/det_math.hpp"

#include <cstdint>
#include <cstring>
#include <limits>

namespace wasmlearn {
namespace {

std::uint64_t bits(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
double from_bits(std::uint64_t u) {
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}
std::int32_t high_word(double x) { return static_cast<std::int32_t>(bits(x) >> 32); }
std::uint32_t low_word(double x) { return static_cast<std::uint32_t>(bits(x)); }
double with_high_word(double x, std::uint32_t hi) {
  return from_bits((static_cast<std::uint64_t>(hi) << 32) | (bits(x) & 0xffffffffu));
}

// ---- log ----------------------------------------------------------------------------------------
constexpr double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10,
                 two54 = 1.80143985094819840000e+16, Lg1 = 6.666666666666735130e-01,
                 Lg2 = 3.999999999940941908e-01, Lg3 = 2.857142874366239149e-01, Lg4 = 2.222219843214978396e-01,
                 Lg5 = 1.818357216161805012e-01, Lg6 = 1.531383769920937332e-01, Lg7 = 1.479819860511658591e-01;

// ---- sin/cos kernels on [-π/4, π/4]; y is the tail of the reduced argument x + y --------------------
constexpr double S1 = -1.66666666666666324348e-01, S2 = 8.33333333332248946124e-03,
                 S3 = -1.98412698298579493134e-04, S4 = 2.75573137070700676789e-06,
                 S5 = -2.50507602534068634195e-08, S6 = 1.58969099521155010221e-10;
constexpr double C1 = 4.16666666666666019037e-02, C2 = -1.38888888888741095749e-03,
                 C3 = 2.48015872894767294178e-05, C4 = -2.75573143513906633035e-07,
                 C5 = 2.08757232129817482790e-09, C6 = -1.13596475577881948265e-11;

double kernel_sin(double x, double y, bool has_tail) {
  const double z = x * x, v = z * x;
  const double r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (!has_tail) return x + v * (S1 + z * r);
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

double kernel_cos(double x, double y) {
  const double z = x * x, w2 = z * z;
  const double r = z * (C1 + z * (C2 + z * C3)) + w2 * w2 * (C4 + z * (C5 + z * C6));
  const double hz = 0.5 * z;
  const double w = 1.0 - hz;
  return w + (((1.0 - w) - hz) + (z * r - x * y));
}

// x = n·π/2 + (y0 + y1) with |y0 + y1| <= π/4, for |x| <= 2^20·π/2 (Cody–Waite in three parts).
int rem_pio2(double x, double& y0, double& y1) {
  constexpr double invpio2 = 6.36619772367581382433e-01, pio2_1 = 1.57079632673412561417e+00,
                   pio2_1t = 6.07710050650619224932e-11, pio2_2 = 6.07710050630396597660e-11,
                   pio2_2t = 2.02226624879595063154e-21, pio2_3 = 2.02226624871116645580e-21,
                   pio2_3t = 8.47842766036889956997e-32;
  constexpr double toint = 6755399441055744.0;  // 1.5·2^52: adding it rounds to an integer
  const double fn = (x * invpio2 + toint) - toint;
  const int n = static_cast<int>(fn);
  double r = x - fn * pio2_1;
  double w = fn * pio2_1t;
  y0 = r - w;
  const int j = (high_word(x) >> 20) & 0x7ff;
  int i = j - ((high_word(y0) >> 20) & 0x7ff);
  if (i > 16) {  // second iteration, good to 118 bits
    double t = r;
    w = fn * pio2_2;
    r = t - w;
    w = fn * pio2_2t - ((t - r) - w);
    y0 = r - w;
    i = j - ((high_word(y0) >> 20) & 0x7ff);
    if (i > 49) {  // third iteration, 151 bits
      t = r;
      w = fn * pio2_3;
      r = t - w;
      w = fn * pio2_3t - ((t - r) - w);
      y0 = r - w;
    }
  }
  y1 = (r - y0) - w;
  return n;
}

constexpr double kMaxTrigArgument = 1647099.3291652855;  // 2^20·π/2

}  // namespace

double det_log(double x) {
  std::int32_t hx = high_word(x);
  const std::uint32_t lx = low_word(x);
  int k = 0;
  if (hx < 0x00100000) {  // x < 2^-1022
    if (((hx & 0x7fffffff) | static_cast<std::int32_t>(lx)) == 0) return -std::numeric_limits<double>::infinity();
    if (hx < 0) return std::numeric_limits<double>::quiet_NaN();
    k -= 54;
    x *= two54;  // subnormal: scale up
    hx = high_word(x);
  }
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  std::int32_t i = (hx + 0x95f64) & 0x100000;
  x = with_high_word(x, static_cast<std::uint32_t>(hx | (i ^ 0x3ff00000)));  // normalise x or x/2
  k += (i >> 20);
  const double f = x - 1.0;
  const double dk = k;
  if ((0x000fffff & (2 + hx)) < 3) {  // -2^-20 <= f < 2^-20
    if (f == 0.0) return k == 0 ? 0.0 : dk * ln2_hi + dk * ln2_lo;
    const double R = f * f * (0.5 - 0.33333333333333333 * f);
    return k == 0 ? f - R : dk * ln2_hi - ((R - dk * ln2_lo) - f);
  }
  const double s = f / (2.0 + f);
  const double z = s * s;
  i = hx - 0x6147a;
  const double w = z * z;
  const std::int32_t j = 0x6b851 - hx;
  const double t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
  const double t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
  i |= j;
  const double R = t2 + t1;
  if (i > 0) {
    const double hfsq = 0.5 * f * f;
    return k == 0 ? f - (hfsq - s * (hfsq + R)) : dk * ln2_hi - ((hfsq - (s * (hfsq + R) + dk * ln2_lo)) - f);
  }
  return k == 0 ? f - s * (f - R) : dk * ln2_hi - ((s * (f - R) - dk * ln2_lo) - f);
}

// e^x's constants.
constexpr double o_threshold = 7.09782712893383973096e+02, u_threshold = -7.45133219101941108420e+02,
                 invln2 = 1.44269504088896338700e+00, P1 = 1.66666666666666019037e-01,
                 P2 = -2.77777777770155933842e-03, P3 = 6.61375632143793436117e-05,
                 P4 = -1.65339022054652515390e-06, P5 = 4.13813679705723846039e-08;

namespace {

// e^(x + tail), |tail| far below ulp(x) or x = 0: det_exp's reduction x − k·ln2 with the tail taken
// into its low part, so that det_pow's product y·log x keeps the bits a double would lose. A zero
// tail gives det_exp's bits.
double exp_of_sum(double x, double tail) {
  const double halF[2] = {0.5, -0.5};
  const double ln2HI[2] = {ln2_hi, -ln2_hi}, ln2LO[2] = {ln2_lo, -ln2_lo};
  std::uint32_t hx = static_cast<std::uint32_t>(high_word(x));
  const int xsb = static_cast<int>((hx >> 31) & 1);
  hx &= 0x7fffffff;
  if (hx >= 0x40862E42) {  // |x| >= 709.78...
    if (hx >= 0x7ff00000) {
      if (((hx & 0xfffff) | low_word(x)) != 0) return x + x;  // NaN
      return xsb == 0 ? x : 0.0;                               // exp(±inf) = inf, 0
    }
    if (x > o_threshold) return std::numeric_limits<double>::infinity();
    if (x < u_threshold) return 0.0;
  }
  double hi = 0, lo = 0;
  int k = 0;
  if (hx > 0x3fd62e42) {  // |x| > 0.5 ln2: reduce x = k ln2 + r
    if (hx < 0x3FF0A2B2) {  // |x| < 1.5 ln2
      hi = x - ln2HI[xsb];
      lo = ln2LO[xsb];
      k = 1 - xsb - xsb;
    } else {
      k = static_cast<int>(invln2 * x + halF[xsb]);
      const double t = k;
      hi = x - t * ln2HI[0];
      lo = t * ln2LO[0];
    }
    lo -= tail;
    x = hi - lo;
  } else if (hx < 0x3e300000) {  // |x| < 2^-28
    return 1.0 + (x + tail);
  } else if (tail != 0) {
    hi = x;
    lo = -tail;
    x = hi - lo;
  }
  const double t = x * x;
  const double c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k == 0 && tail == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
  const double y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
  if (k >= -1021) {
    if (k == 1024) return y * 2.0 * 8.98846567431157953865e+307;  // 2^1023
    return y * from_bits(static_cast<std::uint64_t>(0x3ff + k) << 52);
  }
  return y * from_bits(static_cast<std::uint64_t>(0x3ff + k + 1000) << 52) * 9.33263618503218878990e-302;  // 2^-1000
}

// ---- double-double arithmetic (Knuth's and Dekker's exact sums and products, no FMA) -------------
struct Parts {
  double hi, lo;
};
Parts exact_sum(double a, double b) {
  const double s = a + b, b_part = s - a;
  return {s, (a - (s - b_part)) + (b - b_part)};
}
Parts exact_sum_ordered(double a, double b) {  // |a| >= |b|
  const double s = a + b;
  return {s, b - (s - a)};
}
Parts halves(double a) {  // a = hi + lo with 26 significant bits each (Veltkamp), |a| < 2^995
  const double c = 134217729.0 * a;  // 2^27 + 1
  const double hi = c - (c - a);
  return {hi, a - hi};
}
Parts exact_product(double a, double b) {
  const double p = a * b;
  const Parts x = halves(a), y = halves(b);
  return {p, ((x.hi * y.hi - p) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo};
}

// log x as hi + lo, relative error near 2^-66, for finite x > 0: x = 2^k·m with m in [√½, √2),
// log m = 2·atanh s, s = (m − 1)/(m + 1) = s_hi + s_lo, |s| < 0.172, and k·ln2 in two parts.
constexpr double kTwoThirdsHi = 0.6666666666666666, kTwoThirdsLo = 3.700743415417188e-17;
constexpr int kInverseOddCount = 11;  // 1/5, 1/7, …, 1/25
constexpr double kInverseOdd[kInverseOddCount] = {1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11, 1.0 / 13, 1.0 / 15,
                                                  1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23, 1.0 / 25};
Parts log_parts(double x) {
  int k = 0;
  if (x < 2.2250738585072014e-308) {  // subnormal: scale up
    x *= two54;
    k = -54;
  }
  const std::uint64_t u = bits(x);
  k += static_cast<int>(u >> 52) - 1023;
  double m = from_bits((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
  if (m > 1.4142135623730951) {
    m *= 0.5;
    ++k;
  }
  const double f = m - 1.0;  // exact (Sterbenz)
  const Parts denominator = exact_sum_ordered(2.0, f);
  const double s = f / denominator.hi;
  const Parts p = exact_product(s, denominator.hi);
  const double s_lo = (((f - p.hi) - p.lo) - s * denominator.lo) / denominator.hi;
  // 2·atanh s = 2s + (2/3)·s³ + 2s·z²·(1/5 + z/7 + …), z = s², to z^12 (z < 0.0295: the next term
  // is below 2^-65 of the whole). s³·(2/3) in two parts, the rest in one (it is below 2^-12 of the
  // whole); s_lo through the derivative 2/(1 − z).
  const Parts square = exact_product(s, s), cube = exact_product(s, square.hi);
  const double cube_lo = cube.lo + s * square.lo;
  const Parts two_thirds_of_cube = exact_product(cube.hi, kTwoThirdsHi);
  const double z = square.hi;
  double series = kInverseOdd[kInverseOddCount - 1];
  for (int i = kInverseOddCount - 2; i >= 0; --i) series = kInverseOdd[i] + z * series;
  const double low = two_thirds_of_cube.lo + (cube.hi * kTwoThirdsLo + cube_lo * kTwoThirdsHi) +
                     2.0 * s * z * z * series + 2.0 * s_lo * (1.0 + z);
  const Parts head = exact_sum_ordered(2.0 * s, two_thirds_of_cube.hi);
  const Parts log_m = exact_sum_ordered(head.hi, head.lo + low);
  const double dk = k;
  const Parts sum = exact_sum(dk * ln2_hi, log_m.hi);  // dk·ln2_hi is exact: ln2_hi has 32 bits
  return exact_sum_ordered(sum.hi, sum.lo + (log_m.lo + dk * ln2_lo));
}

}  // namespace

double det_exp(double x) { return exp_of_sum(x, 0.0); }

double det_pow(double x, double y) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  if (y == 0 || x == 1) return 1.0;
  if (x != x || y != y) return x + y;
  if (x < 0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0) return y > 0 ? 0.0 : inf;
  if (x == inf || y == inf || y == -inf) return (x > 1) == (y > 0) ? inf : 0.0;
  const Parts log_x = log_parts(x);
  const double estimate = y * log_x.hi;
  if (estimate > 1000 || estimate < -1000) return estimate > 0 ? inf : 0.0;  // past exp's range
  const Parts product = exact_product(y, log_x.hi);
  const Parts exponent = exact_sum_ordered(product.hi, product.lo + y * log_x.lo);
  return exp_of_sum(exponent.hi, exponent.lo);
}

double det_log10(double x) {
  if (!(x > 0) || x == std::numeric_limits<double>::infinity()) return det_log(x);  // 0, <0, NaN, inf
  constexpr double inv_ln10_hi = 0.4342944819032518, inv_ln10_lo = 1.098319650216765e-17;
  const Parts log_x = log_parts(x);
  const Parts product = exact_product(log_x.hi, inv_ln10_hi);
  return product.hi + (product.lo + (log_x.hi * inv_ln10_lo + log_x.lo * inv_ln10_hi));
}

namespace {

// φ(t) = e^(−t²/2)/√(2π), the standard normal density, with t² in two parts.
double normal_density(double t) {
  const Parts square = exact_product(t, t);
  return exp_of_sum(-0.5 * square.hi, -0.5 * square.lo) * 0.3989422804014327;
}

// S(t) = t + t³/3 + t⁵/(3·5) + …, so that Φ(t) − 1/2 = φ(t)·S(t) (Marsaglia): positive terms, for
// the central quantiles.
double central_series(double t) {
  double term = t, sum = t;
  for (int k = 1; term > 0x1p-60 * sum; ++k) {
    term *= t * t / (2 * k + 1);
    sum += term;
  }
  return sum;
}

// C(t) = t + 1/(t + 2/(t + 3/(t + …))), so that 1 − Φ(t) = φ(t)/C(t) (Laplace), for t at least the
// upper quartile, where 1000 levels have converged to the last bit.
double tail_fraction(double t) {
  double fraction = t;
  for (int level = 1000; level >= 1; --level) fraction = t + level / fraction;
  return fraction;
}

constexpr double kUpperQuartile = 0.6744897501960817;  // Φ⁻¹(3/4)

}  // namespace

// t = −Φ⁻¹(p) for p <= 1/2 by Newton's method from below (libm's erfc, the usual way, differs between
// C libraries): Φ(t) − 1/2 = 1/2 − p through S for p >= 1/4 (1/2 − p is exact there, and nothing
// cancels), 1 − Φ(t) = p through C below. Both functions bend away from their tangents, so the steps
// are positive until rounding stops them.
double det_normal_quantile(double p) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  constexpr double sqrt_2pi_hi = 2.5066282746310007, sqrt_2pi_lo = -1.8328579980459167e-16;
  if (!(p > 0 && p < 1)) return p == 0 ? -inf : p == 1 ? inf : std::numeric_limits<double>::quiet_NaN();
  if (p > 0.5) return -det_normal_quantile(1 - p);  // 1 − p is exact
  const bool central = p >= 0.25;
  // (1/2 − p)·√(2π), with √(2π) in two parts, for the central steps.
  const Parts scale = exact_product(0.5 - p, sqrt_2pi_hi);
  const double central_scale = scale.hi + (scale.lo + (0.5 - p) * sqrt_2pi_lo);
  double t = central ? 0.0 : kUpperQuartile;
  for (int i = 0; i < 1000; ++i) {
    double step;
    if (central) {  // (1/2 − p)/φ(t) − S(t), with t² in two parts
      const Parts square = exact_product(t, t);
      step = central_scale * exp_of_sum(0.5 * square.hi, 0.5 * square.lo) - central_series(t);
    } else {
      step = 1 / tail_fraction(t) - p / normal_density(t);
    }
    const double next = t + step;
    if (!(next > t)) break;
    t = next;
  }
  return t == 0 ? 0.0 : -t;
}

double det_sin(double x) {
  const std::int32_t ix = high_word(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) {                 // |x| ~<= π/4
    if (ix < 0x3e500000) return x;        // |x| < 2^-26: sin x = x to double precision
    return kernel_sin(x, 0.0, false);
  }
  if (!(x == x) || x > kMaxTrigArgument || x < -kMaxTrigArgument) return std::numeric_limits<double>::quiet_NaN();
  double y0, y1;
  switch (rem_pio2(x, y0, y1) & 3) {
    case 0: return kernel_sin(y0, y1, true);
    case 1: return kernel_cos(y0, y1);
    case 2: return -kernel_sin(y0, y1, true);
    default: return -kernel_cos(y0, y1);
  }
}

double det_cos(double x) {
  const std::int32_t ix = high_word(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) {
    if (ix < 0x3e46a09e) return 1.0;  // |x| < 2^-27·sqrt(2)
    return kernel_cos(x, 0.0);
  }
  if (!(x == x) || x > kMaxTrigArgument || x < -kMaxTrigArgument) return std::numeric_limits<double>::quiet_NaN();
  double y0, y1;
  switch (rem_pio2(x, y0, y1) & 3) {
    case 0: return kernel_cos(y0, y1);
    case 1: return -kernel_sin(y0, y1, true);
    case 2: return -kernel_cos(y0, y1);
    default: return kernel_sin(y0, y1, true);
  }
}

}  // namespace wasmlearn
