// Ports of fdlibm 5.3 (e_log.c, e_exp.c, k_sin.c, k_cos.c and the medium-size case of
// e_rem_pio2.c, as in FreeBSD's msun). Copyright (C) 1993 by Sun Microsystems, Inc. All rights
// reserved. Developed at SunPro, a Sun Microsystems, Inc. business. Permission to use, copy,
// modify, and distribute this software is freely granted, provided that this notice is preserved.
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

double det_exp(double x) {
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
    x = hi - lo;
  } else if (hx < 0x3e300000) {  // |x| < 2^-28
    return 1.0 + x;
  }
  const double t = x * x;
  const double c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k == 0) return 1.0 - ((x * c) / (c - 2.0) - x);
  const double y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
  if (k >= -1021) {
    if (k == 1024) return y * 2.0 * 8.98846567431157953865e+307;  // 2^1023
    return y * from_bits(static_cast<std::uint64_t>(0x3ff + k) << 52);
  }
  return y * from_bits(static_cast<std::uint64_t>(0x3ff + k + 1000) << 52) * 9.33263618503218878990e-302;  // 2^-1000
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
