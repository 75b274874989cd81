// The one distance kernel of the neighbours family. Brute force and the leaves of both trees call
// `reduce_rows` below, so every distance the library reports comes from the same operations in the
// same order, whatever the search algorithm, and natively (SSE2 / plain C++) as in WebAssembly
// (wasm_simd128.h): IEEE lane-wise operations give the same bits as the scalar emulation.
//
// Kernels return a *reduced* distance (cheaper, same order): squared Euclidean, sum of |d|, max |d|,
// or sum |d|^p for general Minkowski. `Distance::to_distance` turns it into the true distance.
//
// Accumulation order (all paths): lane 0 accumulates features 0, 2, 4, ..., lane 1 features
// 1, 3, 5, ...; then lane0 (+) lane1; then (+) the last feature when the count is odd.
#pragma once
#include <cmath>

#include "wasmlearn/base/types.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define WASMLEARN_NEIGHBORS_SIMD 1
#elif defined(__SSE2__)
#include <emmintrin.h>
#define WASMLEARN_NEIGHBORS_SIMD 1
#else
#define WASMLEARN_NEIGHBORS_SIMD 0
#endif

namespace wasmlearn {
namespace nn {

enum class DistanceKind { squared_euclidean, manhattan, chebyshev, minkowski };

// The per-feature term and the accumulation of each reduced distance, in scalar and 2-lane forms.
struct SquaredEuclideanOp {
  static constexpr bool vector = true;
  static double term(double a, double b) { const double d = a - b; return d * d; }
  static double combine(double acc, double t) { return acc + t; }
#if defined(__wasm_simd128__)
  static v128_t vterm(v128_t a, v128_t b) { const v128_t d = wasm_f64x2_sub(a, b); return wasm_f64x2_mul(d, d); }
  static v128_t vcombine(v128_t acc, v128_t t) { return wasm_f64x2_add(acc, t); }
#elif defined(__SSE2__)
  static __m128d vterm(__m128d a, __m128d b) { const __m128d d = _mm_sub_pd(a, b); return _mm_mul_pd(d, d); }
  static __m128d vcombine(__m128d acc, __m128d t) { return _mm_add_pd(acc, t); }
#endif
};

struct ManhattanOp {
  static constexpr bool vector = true;
  static double term(double a, double b) { return std::fabs(a - b); }
  static double combine(double acc, double t) { return acc + t; }
#if defined(__wasm_simd128__)
  static v128_t vterm(v128_t a, v128_t b) { return wasm_f64x2_abs(wasm_f64x2_sub(a, b)); }
  static v128_t vcombine(v128_t acc, v128_t t) { return wasm_f64x2_add(acc, t); }
#elif defined(__SSE2__)
  static __m128d vterm(__m128d a, __m128d b) { return _mm_andnot_pd(_mm_set1_pd(-0.0), _mm_sub_pd(a, b)); }
  static __m128d vcombine(__m128d acc, __m128d t) { return _mm_add_pd(acc, t); }
#endif
};

// Manhattan's terms, combined by max. Terms are non-negative and finite (inputs are validated), so
// max has no NaN/sign subtleties.
struct ChebyshevOp : ManhattanOp {
  static double combine(double acc, double t) { return acc < t ? t : acc; }
#if defined(__wasm_simd128__)
  static v128_t vcombine(v128_t acc, v128_t t) { return wasm_f64x2_pmax(acc, t); }
#elif defined(__SSE2__)
  static __m128d vcombine(__m128d acc, __m128d t) { return _mm_max_pd(acc, t); }
#endif
};

// General p: pow has no vector form, so only the (two-lane emulating) scalar path exists.
struct MinkowskiOp {
  static constexpr bool vector = false;
  double p;
  double term(double a, double b) const { return std::pow(std::fabs(a - b), p); }
  static double combine(double acc, double t) { return acc + t; }
};

// Reduced distances from query `q` to R rows x, x + stride, ..., each of `d` features.
// The operations per row are the same for every R, so R = 1 and R = 4 agree bit for bit.
template <int R, class Op>
inline void reduce_rows(const Op& op, const double* q, const double* x, Index stride, Index d, double* out) {
  const Index pairs = d / 2;
#if WASMLEARN_NEIGHBORS_SIMD
  if constexpr (Op::vector) {
#if defined(__wasm_simd128__)
    v128_t acc[R];
    for (int r = 0; r < R; ++r) acc[r] = wasm_f64x2_splat(0.0);
    for (Index j = 0; j < pairs; ++j) {
      const v128_t vq = wasm_v128_load(q + 2 * j);
      for (int r = 0; r < R; ++r)
        acc[r] = Op::vcombine(acc[r], Op::vterm(vq, wasm_v128_load(x + r * stride + 2 * j)));
    }
    for (int r = 0; r < R; ++r)
      out[r] = Op::combine(wasm_f64x2_extract_lane(acc[r], 0), wasm_f64x2_extract_lane(acc[r], 1));
#else
    __m128d acc[R];
    for (int r = 0; r < R; ++r) acc[r] = _mm_setzero_pd();
    for (Index j = 0; j < pairs; ++j) {
      const __m128d vq = _mm_loadu_pd(q + 2 * j);
      for (int r = 0; r < R; ++r) acc[r] = Op::vcombine(acc[r], Op::vterm(vq, _mm_loadu_pd(x + r * stride + 2 * j)));
    }
    for (int r = 0; r < R; ++r) out[r] = Op::combine(_mm_cvtsd_f64(acc[r]), _mm_cvtsd_f64(_mm_unpackhi_pd(acc[r], acc[r])));
#endif
    if (d % 2)
      for (int r = 0; r < R; ++r) out[r] = Op::combine(out[r], Op::term(q[d - 1], x[r * stride + d - 1]));
    return;
  }
#endif
  for (int r = 0; r < R; ++r) {
    const double* xr = x + r * stride;
    double a0 = 0.0, a1 = 0.0;
    for (Index j = 0; j < pairs; ++j) {
      a0 = op.combine(a0, op.term(q[2 * j], xr[2 * j]));
      a1 = op.combine(a1, op.term(q[2 * j + 1], xr[2 * j + 1]));
    }
    double s = op.combine(a0, a1);
    if (d % 2) s = op.combine(s, op.term(q[d - 1], xr[d - 1]));
    out[r] = s;
  }
}

// A metric resolved from the estimator's options (metric + p).
struct Distance {
  DistanceKind kind = DistanceKind::squared_euclidean;
  double p = 2;

  // Calls f(op) with the concrete kernel, so hot loops are compiled once per metric.
  template <class F>
  decltype(auto) visit(F&& f) const {
    switch (kind) {
      case DistanceKind::manhattan: return f(ManhattanOp{});
      case DistanceKind::chebyshev: return f(ChebyshevOp{});
      case DistanceKind::minkowski: return f(MinkowskiOp{p});
      case DistanceKind::squared_euclidean: break;
    }
    return f(SquaredEuclideanOp{});
  }
  double reduced(const double* a, const double* b, Index d) const {
    return visit([&](const auto& op) { double r; reduce_rows<1>(op, a, b, 0, d, &r); return r; });
  }
  double to_distance(double r) const {
    switch (kind) {
      case DistanceKind::squared_euclidean: return std::sqrt(r);
      case DistanceKind::minkowski: return std::pow(r, 1.0 / p);
      default: return r;
    }
  }
  double to_reduced(double dist) const {
    switch (kind) {
      case DistanceKind::squared_euclidean: return dist * dist;
      case DistanceKind::minkowski: return std::pow(dist, p);
      default: return dist;
    }
  }
};

}  // namespace nn
}  // namespace wasmlearn
