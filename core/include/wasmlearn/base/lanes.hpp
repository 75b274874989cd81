// The packet layer: the one file that includes SIMD intrinsics. Every register kernel (the product
// tiles in dense_products.hpp, the distance tiles in distances.hpp, the k-means and kNN block
// loops) is written once on these types and functions, and so compiles natively (SSE2), to
// WebAssembly SIMD (-msimd128) and to plain scalars (WebAssembly without SIMD) from one source.
//
// Lanes2 is a GCC/Clang vector extension of two doubles: +, −, ×, ÷ and comparisons are lane-wise
// IEEE operations, so the bits equal the scalar code's in every build. Floats4 is the same for four
// float32 lanes (k-means' certified float32 assignment, KernelRidge's float32 factorisation, the
// MLP's float32 layerActivations and training) and Ints4 holds their comparison masks and indices.
// The functions below are what the extension does not spell (square root, minimum, maximum,
// absolute value, powers, exponential); each also takes a single double, so a kernel's scalar tail is
// the same expression as its lanes.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <type_traits>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

using Lanes2 = double __attribute__((vector_size(16)));
using Floats4 = float __attribute__((vector_size(16)));
using Ints4 = int __attribute__((vector_size(16)));
using Longs2 = long long __attribute__((vector_size(16)));

inline Lanes2 load_lanes(const double* p) {
  Lanes2 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline void store_lanes(double* p, Lanes2 v) { std::memcpy(p, &v, sizeof v); }

inline Lanes2 splat_lanes(double v) { return Lanes2{v, v}; }
// v as a T: a double or a float, or a packet (Lanes2, Floats4) with v in every lane, for kernels
// written once for several (a float T rounds v; a float given as v comes back exactly).
template <class T>
inline T splat_as(double v) {
  if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>) return static_cast<T>(v);
  else if constexpr (std::is_same_v<T, Lanes2>) return splat_lanes(v);
  else {
    const float f = static_cast<float>(v);
    return Floats4{f, f, f, f};
  }
}

// A T (a packet or a scalar) read from, and written to, contiguous values of any alignment.
template <class T, class S>
inline T load_as(const S* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class T, class S>
inline void store_as(S* p, T v) {
  std::memcpy(p, &v, sizeof v);
}

inline Floats4 load_floats(const float* p) {
  Floats4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store_floats(float* p, Floats4 v) { std::memcpy(p, &v, sizeof v); }

// Lane-wise square root, minimum and maximum of numbers (not NaN), one instruction each (a vector
// ternary would compile to a compare and a select under WebAssembly). The square root is correctly
// rounded: the bits of std::sqrt. min and max are a < b ? a : b and a < b ? b : a.
inline Lanes2 sqrt_lanes(Lanes2 v) {
#if defined(__wasm_simd128__)
  return Lanes2(wasm_f64x2_sqrt(v128_t(v)));
#elif defined(__SSE2__)
  return _mm_sqrt_pd(v);
#else
  return Lanes2{std::sqrt(v[0]), std::sqrt(v[1])};
#endif
}
inline Floats4 sqrt_lanes(Floats4 v) {
#if defined(__wasm_simd128__)
  return Floats4(wasm_f32x4_sqrt(v128_t(v)));
#elif defined(__SSE2__)
  return _mm_sqrt_ps(v);
#else
  return Floats4{std::sqrt(v[0]), std::sqrt(v[1]), std::sqrt(v[2]), std::sqrt(v[3])};
#endif
}
inline double sqrt_lanes(double v) { return std::sqrt(v); }
inline float sqrt_lanes(float v) { return std::sqrt(v); }

template <bool kMax, class V>
inline V min_or_max_lanes(V a, V b) {
  constexpr bool kDoubles = std::is_same_v<V, Lanes2>;
#if defined(__wasm_simd128__)
  if constexpr (kDoubles) return V(kMax ? wasm_f64x2_pmax(v128_t(a), v128_t(b)) : wasm_f64x2_pmin(v128_t(a), v128_t(b)));
  else return V(kMax ? wasm_f32x4_pmax(v128_t(a), v128_t(b)) : wasm_f32x4_pmin(v128_t(a), v128_t(b)));
#elif defined(__SSE2__)
  if constexpr (kDoubles) return kMax ? _mm_max_pd(a, b) : _mm_min_pd(a, b);
  else return kMax ? _mm_max_ps(a, b) : _mm_min_ps(a, b);
#else
  V out;
  for (int i = 0; i < (kDoubles ? 2 : 4); ++i) out[i] = kMax ? std::max(a[i], b[i]) : std::min(a[i], b[i]);
  return out;
#endif
}

inline Lanes2 min_lanes(Lanes2 a, Lanes2 b) { return min_or_max_lanes<false>(a, b); }
inline Lanes2 max_lanes(Lanes2 a, Lanes2 b) { return min_or_max_lanes<true>(a, b); }
inline Floats4 min_lanes(Floats4 a, Floats4 b) { return min_or_max_lanes<false>(a, b); }
inline Floats4 max_lanes(Floats4 a, Floats4 b) { return min_or_max_lanes<true>(a, b); }
inline double min_lanes(double a, double b) { return a < b ? a : b; }
inline double max_lanes(double a, double b) { return a < b ? b : a; }

// |v| lane-wise (the sign bit cleared).
inline Lanes2 abs_lanes(Lanes2 v) {
#if defined(__wasm_simd128__)
  return Lanes2(wasm_f64x2_abs(v128_t(v)));
#elif defined(__SSE2__)
  return _mm_andnot_pd(_mm_set1_pd(-0.0), v);
#else
  return Lanes2{std::fabs(v[0]), std::fabs(v[1])};
#endif
}
inline double abs_lanes(double v) { return std::fabs(v); }
inline Floats4 abs_lanes(Floats4 v) {
  Ints4 bits;
  std::memcpy(&bits, &v, sizeof bits);
  bits &= 0x7fffffff;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// v^n for a whole n >= 1 by n − 1 multiplications in order (faster than PowLanes below, within
// (n − 1)/2 ulp).
template <class T>
T whole_power_lanes(T v, int n) {
  T power = v;
  for (int i = 1; i < n; ++i) power = power * v;
  return power;
}

// e^x lane-wise from IEEE basic operations only, so the bits are the same natively and in
// WebAssembly (libm's exp differs between glibc and musl, and has no vector form). x = k·ln2 + r with
// k = round(x/ln2) and ln2 split in two parts so that r is exact to about 2^-60; e^r by its Taylor
// series to r^13 (|r| ≤ ln2/2, truncation below 2^-57), evaluated by Estrin's scheme (pairs c + c'·r,
// then powers r², r⁴, r⁸: a chain of 5 dependent steps rather than Horner's 13, so consecutive
// entries overlap); 2^k applied as two exact powers of two, so that results down to the subnormals
// and overflow to +inf come out right. Within 2 ulp of the correctly rounded value
// (tests/core/kernels_test.cpp); e^x = +inf above 709.79, 0 below -745.2.
//
// The constants are read from memory (kExpConstants, lanes.cpp) once, when an ExpLanes is made, and
// not written as literals: WebAssembly has no vector operands in memory or immediates, and V8 rebuilds
// every literal vector inside the loop with several instructions (20 of them made e^x cost 2.2× the
// native time); a loop that makes its ExpLanes before it keeps them in registers.
inline constexpr int kExpConstantCount = 20;
extern const double kExpConstants[kExpConstantCount];

// Constants splatted into lanes once, when the holder is made (see above), read as lanes or as one double.
template <int N>
class LaneConstants {
 public:
  explicit LaneConstants(const double (&values)[N]) {
    for (int i = 0; i < N; ++i) c_[i] = splat_lanes(values[i]);
  }
  explicit LaneConstants(const std::array<double, N>& values) {
    for (int i = 0; i < N; ++i) c_[i] = splat_lanes(values[i]);
  }

 protected:
  template <class T>
  T c(int i) const {
    if constexpr (std::is_same_v<T, double>) return c_[i][0];
    else return c_[i];
  }

 private:
  Lanes2 c_[N];
};

// The integer lanes of a double or of Lanes2, signed and unsigned.
template <class T>
using BitsOf = std::conditional_t<std::is_same_v<T, double>, long long, Longs2>;
template <class T>
using UnsignedBitsOf =
    std::conditional_t<std::is_same_v<T, double>, unsigned long long, unsigned long long __attribute__((vector_size(16)))>;

// The low 12 bits of `bits` moved to the exponent field, shifted as unsigned bits: for a NaN argument
// they are garbage and may be negative, and a negative signed left shift is undefined in C++17 (UBSan
// stops there); the result is NaN either way.
template <class T>
UnsignedBitsOf<T> exponent_field(BitsOf<T> bits) {
  return (UnsignedBitsOf<T>)bits << 52;
}

// y·2^k, where `shifted` = k + 1.5·2^52 (k an integer, so k is the difference of the two numbers' bits:
// same exponent). 2^k is applied as 2^k1·2^(k − k1), k1 = k/2, both built in the exponent field within
// the normal range, so results down to the subnormals and overflow to +inf come out right.
template <class T>
T times_power_of_two(T y, T shifted) {
  constexpr long long kRoundBits = 0x4338000000000000LL;  // the bits of 1.5·2^52
  using Bits = BitsOf<T>;
  Bits kb;
  std::memcpy(&kb, &shifted, sizeof kb);
  kb = kb - kRoundBits;
  const Bits k1 = kb >> 1;
  const Bits e1 = (Bits)exponent_field<T>(k1 + 1023), e2 = (Bits)exponent_field<T>(kb - k1 + 1023);
  T s1, s2;
  std::memcpy(&s1, &e1, sizeof s1);
  std::memcpy(&s2, &e2, sizeof s2);
  return y * s1 * s2;
}

// 2^k for `shifted` as above and k in the normal range (−1022 ≤ k ≤ 1023): times_power_of_two(1, shifted)
// there, in two integer operations rather than eight. k's bits are the low bits of shifted's (1.5·2^52's
// are zero there), so moved up they are the exponent field less 1's; `one` is 1.0, passed in lanes
// because a vector literal would be rebuilt in every iteration (see ExpLanes).
template <class T>
T power_of_two(T shifted, T one) {
  BitsOf<T> bits;
  UnsignedBitsOf<T> one_bits;
  std::memcpy(&bits, &shifted, sizeof bits);
  std::memcpy(&one_bits, &one, sizeof one_bits);
  const UnsignedBitsOf<T> power = exponent_field<T>(bits) + one_bits;
  T out;
  std::memcpy(&out, &power, sizeof out);
  return out;
}

class ExpLanes : LaneConstants<kExpConstantCount> {
 public:
  ExpLanes() : LaneConstants(kExpConstants) {}

  template <class T>
  T operator()(T x) const {
    return reduced(x, [](T r) { return r; });
  }
  // e^(x + tail) for a tail far below ulp(x): the tail joins the reduced argument (PowLanes).
  template <class T>
  T of_sum(T x, T tail) const {
    return reduced(x, [&](T r) { return r + tail; });
  }

 private:
  template <class T, class AddTail>
  T reduced(T x, AddTail add_tail) const {
    x = min_lanes(max_lanes(x, c<T>(0)), c<T>(1));  // e^-746 is 0, e^710 +inf
    const T shifted = x * c<T>(2) + c<T>(3);      // adding 1.5·2^52 rounds x/ln2 to an integer
    const T k = shifted - c<T>(3);
    const T r = add_tail((x - k * c<T>(4)) - k * c<T>(5));
    const T r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    // 1/n! for n = 0..13 are c(6)..c(18); pair n, n+1 is c(6+n) + c(7+n)·r.
    auto pair = [&](int n) { return r * c<T>(7 + n) + c<T>(6 + n); };
    const T low = (pair(2) * r2 + pair(0)) + (pair(6) * r2 + pair(4)) * r4;     // terms 0..7
    const T high = (pair(10) * r2 + pair(8)) + pair(12) * r4;                  // terms 8..13, over r⁸
    return times_power_of_two(high * r8 + low, shifted);
  }
};

// The indices of PowLanes' constants (lanes.cpp).
enum PowConstant : int {
  kPowMinNormal, kPowTwo54, kPowTwo52, kPowMantissaMask, kPowOne, kPowSqrt2, kPowHalf, kPowBias, kPowSubnormalShift,
  kPowTwo, kPowLn2Hi, kPowLn2Lo, kPowSplitter, kPowExponentLimit, kPowInverseOdd, kPowHigh = kPowInverseOdd + 12,
  kPowLow, kPowP, kPowConstantCount
};
// v^p lane-wise for v >= 0 and p >= 1 (the Minkowski terms |a − b|^p), from IEEE basic operations, as
// e^(p·log v) (det_pow's method, in lanes and without its branches; within 3 ulp for |p·log v| up to
// 64, tests/core/distances_test.cpp):
// - v = 2^k·m, m in [√½, √2), from the bits; a subnormal v is scaled by 2^54 first, and v = 0 comes
//   out as k = −1077, so p·log v is below −746 and the result 0;
// - log m = 2·atanh s, s = (m − 1)/(m + 1) with its rounding error s_lo kept, by the series
//   2s + 2s·z·(1/3 + z/5 + … + z^11/25), z = s²; log v = k·ln2 + log m as two doubles;
// - p·log v as two doubles (p split in halves once), then ExpLanes::of_sum.
class PowLanes : LaneConstants<kPowConstantCount> {
 public:
  explicit PowLanes(double p) : LaneConstants(constants(p)) {}

  template <class T>
  T operator()(T v) const {
    using Bits = BitsOf<T>;
    const Bits tiny = mask_of(v < c<T>(kPowMinNormal));  // subnormal or zero
    const Bits bits = bits_of<Bits>(v * select_bits(tiny, c<T>(kPowTwo54), c<T>(kPowOne)));
    // The biased exponent e as 2^52 + e − 2^52, and m in [1, 2) from the mantissa, halved above √2.
    const Bits two52 = bits_of<Bits>(c<T>(kPowTwo52));
    const T biased_exponent = from_bits<T>((Bits)((UnsignedBitsOf<T>)bits >> 52) | two52) - c<T>(kPowTwo52);
    const T unit = from_bits<T>((bits & bits_of<Bits>(c<T>(kPowMantissaMask))) | bits_of<Bits>(c<T>(kPowOne)));
    const Bits big = mask_of(c<T>(kPowSqrt2) < unit);
    const T m = unit * select_bits(big, c<T>(kPowHalf), c<T>(kPowOne));
    const T k = (biased_exponent - c<T>(kPowBias)) + from_bits<T>(big & bits_of<Bits>(c<T>(kPowOne))) -
                from_bits<T>(tiny & bits_of<Bits>(c<T>(kPowSubnormalShift)));
    // s = f/(2 + f) and its remainder: 2 + f as two doubles, s·(2 + f) exactly, one division.
    const T f = m - c<T>(kPowOne);
    const T denominator = c<T>(kPowTwo) + f, denominator_lo = f - (denominator - c<T>(kPowTwo));
    const T reciprocal = c<T>(kPowOne) / denominator;
    const T s = f * reciprocal;
    const auto [product, product_lo] = exact_product(s, denominator);
    const T s_lo = (((f - product) - product_lo) - s * denominator_lo) * reciprocal;
    // The series by Estrin's scheme (pairs c + c'·z, then z², z⁴, z⁸), a short chain of dependent steps.
    const T z = s * s, z2 = z * z, z4 = z2 * z2, z8 = z4 * z4;
    const auto pair = [&](int i) { return z * c<T>(kPowInverseOdd + i + 1) + c<T>(kPowInverseOdd + i); };
    const T series = ((pair(2) * z2 + pair(0)) + (pair(6) * z2 + pair(4)) * z4) + (pair(10) * z2 + pair(8)) * z8;
    const T two_s = s + s;
    const T k_ln2 = k * c<T>(kPowLn2Hi);  // exact: ln2's high part has 32 bits
    const T sum = k_ln2 + two_s;
    const T rest = two_sum_error(k_ln2, two_s, sum) + ((k * c<T>(kPowLn2Lo) + (s_lo + s_lo)) + two_s * z * series);
    // log v = head + log_lo, |log_lo| <= ulp(head)/2 (rest holds the series, far above that); then
    // p·(head + log_lo) as two doubles, p = c(kPowHigh) + c(kPowLow) in halves.
    const T head = sum + rest, log_lo = two_sum_error(sum, rest, head);
    const auto [head_high, head_low] = halves(head);
    const T exponent = c<T>(kPowP) * head;
    const T exponent_lo = (((c<T>(kPowHigh) * head_high - exponent) + c<T>(kPowHigh) * head_low +
                            c<T>(kPowLow) * head_high) +
                           c<T>(kPowLow) * head_low) +
                          c<T>(kPowP) * log_lo;
    // Past e's range (|exponent| >= 1000: the result is 0 or inf) the low part can be huge (p = 10^20);
    // it is dropped there.
    const Bits in_range = mask_of(abs_lanes(exponent) < c<T>(kPowExponentLimit));
    return exp_.of_sum(exponent, from_bits<T>(in_range & bits_of<Bits>(exponent_lo)));
  }

 private:
  static std::array<double, kPowConstantCount> constants(double p);

  template <class Bits, class T>
  static Bits bits_of(T v) {
    Bits b;
    std::memcpy(&b, &v, sizeof b);
    return b;
  }
  template <class T, class Bits>
  static T from_bits(Bits b) {
    T v;
    std::memcpy(&v, &b, sizeof v);
    return v;
  }
  // All ones where the comparison holds, zeros elsewhere.
  static long long mask_of(bool holds) { return -static_cast<long long>(holds); }
  template <class Mask>
  static Longs2 mask_of(Mask holds) {
    return (Longs2)holds;
  }
  template <class T>
  static T select_bits(BitsOf<T> mask, T if_set, T if_clear) {
    return from_bits<T>((mask & bits_of<BitsOf<T>>(if_set)) | (~mask & bits_of<BitsOf<T>>(if_clear)));
  }
  template <class T>
  std::pair<T, T> halves(T a) const {  // 26 significant bits each (Veltkamp)
    const T scaled = a * c<T>(kPowSplitter);
    const T hi = scaled - (scaled - a);
    return {hi, a - hi};
  }
  template <class T>
  std::pair<T, T> exact_product(T a, T b) const {
    const T p = a * b;
    const auto [a_hi, a_lo] = halves(a);
    const auto [b_hi, b_lo] = halves(b);
    return {p, ((a_hi * b_hi - p) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo};
  }
  template <class T>
  static T two_sum_error(T a, T b, T sum) {
    const T b_part = sum - a;
    return (a - (sum - b_part)) + (b - b_part);
  }

  ExpLanes exp_;
};

}  // namespace wasmlearn
