// The packet layer: the one file that includes SIMD intrinsics. Every register kernel (the product
// tiles in dense_products.hpp, the distance tiles in distances.hpp, the k-means and kNN block
// loops) is written once on these types and functions, and so compiles natively (SSE2), to
// WebAssembly SIMD (-msimd128) and to plain scalars (WebAssembly without SIMD) from one source.
//
// Lanes2 is a GCC/Clang vector extension of two doubles: +, −, ×, ÷ and comparisons are lane-wise
// IEEE operations, so the bits equal the scalar code's in every build. Floats4 is the same for four
// float32 lanes (k-means' certified float32 assignment) and Ints4 holds their comparison masks and
// indices. The functions below are what the extension does not spell (square root, minimum,
// maximum, absolute value, power); each also takes a single double, so a kernel's scalar tail is
// the same expression as its lanes.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstring>
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

inline Lanes2 load_lanes(const double* p) {
  Lanes2 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline void store_lanes(double* p, Lanes2 v) { std::memcpy(p, &v, sizeof v); }

inline Lanes2 splat_lanes(double v) { return Lanes2{v, v}; }

inline Floats4 load_floats(const float* p) {
  Floats4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

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

template <bool kMax>
inline Lanes2 min_or_max_lanes(Lanes2 a, Lanes2 b) {
#if defined(__wasm_simd128__)
  return Lanes2(kMax ? wasm_f64x2_pmax(v128_t(a), v128_t(b)) : wasm_f64x2_pmin(v128_t(a), v128_t(b)));
#elif defined(__SSE2__)
  return kMax ? _mm_max_pd(a, b) : _mm_min_pd(a, b);
#else
  return Lanes2{kMax ? std::max(a[0], b[0]) : std::min(a[0], b[0]), kMax ? std::max(a[1], b[1]) : std::min(a[1], b[1])};
#endif
}

inline Lanes2 min_lanes(Lanes2 a, Lanes2 b) { return min_or_max_lanes<false>(a, b); }
inline Lanes2 max_lanes(Lanes2 a, Lanes2 b) { return min_or_max_lanes<true>(a, b); }
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

// v^p lane-wise: there is no vector power, so one std::pow per lane.
inline Lanes2 pow_lanes(Lanes2 v, double p) { return Lanes2{std::pow(v[0], p), std::pow(v[1], p)}; }
inline double pow_lanes(double v, double p) { return std::pow(v, p); }

}  // namespace wasmlearn
