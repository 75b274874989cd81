// Register tiles: a row of X times 8 columns of a matrix (PCA's transform, the mixtures' Mahalanobis
// distances, skipping the zeros of a triangular one) and a weighted scatter (the mixtures'
// covariances). Eigen's GEMM has a packing cost per call that dominates for such skinny products
// (p and k of 2 to a few dozen); these tiles keep their partial sums in 2-lane registers. Also
// lane-wise square root, minimum and maximum (k-means' Elkan bounds, the kNN scan, the logistic
// loss).
//
// Lanes2 is a GCC/Clang vector extension: lane-wise IEEE operations, so the bits equal the scalar
// code's (one SSE2 register natively, one v128 under -msimd128, scalars without SIMD). The sums run
// over the row's entries in order, the same in every build. Floats4 is the same for float32
// (k-means' certified float32 assignment).
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
// Four float32 lanes, and the int32 lanes of their comparisons (masks) and of indices.
using Floats4 = float __attribute__((vector_size(16)));
using Ints4 = int __attribute__((vector_size(16)));

constexpr Index kTileColumns = 8;

inline Lanes2 load_lanes(const double* p) {
  Lanes2 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline void store_lanes(double* p, Lanes2 v) { std::memcpy(p, &v, sizeof v); }

// Lane-wise square root, minimum and maximum of numbers (not NaN), one instruction each (a vector
// ternary would compile to a compare and a select under WebAssembly). The square root is correctly
// rounded: the bits of std::sqrt.
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

inline Floats4 load_floats(const float* p) {
  Floats4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// out[l] = (x·M(:, 2l), x·M(:, 2l + 1)) for the 8 columns starting at M, whose rows are `stride`
// apart; x has p entries.
inline void row_times_tile(const double* x, Index p, const double* M, Index stride, Lanes2 out[kTileColumns / 2]) {
  for (Index l = 0; l < kTileColumns / 2; ++l) out[l] = Lanes2{0.0, 0.0};
  for (Index t = 0; t < p; ++t) {
    const Lanes2 xt = {x[t], x[t]};
    const double* m = M + t * stride;
    for (Index l = 0; l < kTileColumns / 2; ++l) out[l] += xt * load_lanes(m + 2 * l);
  }
}

// Adds x_t·M(t, 2l ...) to out[l] for the lanes l ≥ kFirstLane (the others hold zeros of M's row).
template <int kFirstLane>
inline void add_row_from_lane(Lanes2 out[kTileColumns / 2], double xt, const double* m) {
  const Lanes2 x2 = {xt, xt};
  for (int l = kFirstLane; l < kTileColumns / 2; ++l) out[l] += x2 * load_lanes(m + 2 * l);
}

// Rows c0 + 2q ... of row_times_upper_tile, unrolled at compile time so that `out` stays in registers.
template <int kPair>
inline void add_upper_rows(const double* x, Index rows, const double* m, Index stride, Lanes2 out[kTileColumns / 2]) {
  if (2 * kPair < rows) add_row_from_lane<kPair>(out, x[2 * kPair], m + 2 * kPair * stride);
  if (2 * kPair + 1 < rows) add_row_from_lane<kPair>(out, x[2 * kPair + 1], m + (2 * kPair + 1) * stride);
  if constexpr (kPair + 1 < kTileColumns / 2) add_upper_rows<kPair + 1>(x, rows, m, stride, out);
}

// row_times_tile for an upper triangular M (zero below its diagonal; the 8 columns start at column
// c0 of M): rows past the tile's last column are skipped, and rows c0 + 2q, c0 + 2q + 1 from lane q
// on, so for p = 8 it does 20 of the 32 lane products. The skipped terms are exact zeros: the same sums.
inline void row_times_upper_tile(const double* x, Index p, const double* M, Index stride, Index c0,
                                 Lanes2 out[kTileColumns / 2]) {
  row_times_tile(x, std::min(p, c0), M, stride, out);
  add_upper_rows<0>(x + c0, std::min(p - c0, kTileColumns), M + c0 * stride, stride, out);
}

// C(s, c) += Σ_i w_i·d_i[s]·d_i[c] for the `rows` rows d_i of D (`stride` apart, `width` entries each,
// width even, zero-padded) and weights w_i (`w_stride` apart): the weighted scatter of a mixture
// component, on the lower triangle (c ≤ s) and C(s, s + 1) of even s only; the caller mirrors it.
// Tiles of two rows of C by up to 8 columns stay in registers over all the rows of D, with no
// packing (Eigen's GEMM packs on every call, which dominates at these sizes). C is width x width,
// rows `c_stride` apart.
template <int kPairs>
inline void weighted_scatter_tile(const double* D, Index rows, Index stride, const double* w, Index w_stride,
                                  Index s, Index c0, double* C, Index c_stride) {
  Lanes2 top[kPairs], bottom[kPairs];  // C(s, c0 ...) and C(s + 1, c0 ...)
  for (int l = 0; l < kPairs; ++l) top[l] = bottom[l] = Lanes2{0.0, 0.0};
  for (Index i = 0; i < rows; ++i) {
    const double* d = D + i * stride;
    const double wi = w[i * w_stride];
    const Lanes2 a = {wi * d[s], wi * d[s]}, b = {wi * d[s + 1], wi * d[s + 1]};
    for (int l = 0; l < kPairs; ++l) {
      const Lanes2 v = load_lanes(d + c0 + 2 * l);
      top[l] += a * v;
      bottom[l] += b * v;
    }
  }
  for (int l = 0; l < kPairs; ++l) {
    double* row = C + s * c_stride + c0 + 2 * l;
    store_lanes(row, load_lanes(row) + top[l]);
    store_lanes(row + c_stride, load_lanes(row + c_stride) + bottom[l]);
  }
}

inline void weighted_scatter_lower(const double* D, Index rows, Index stride, Index width, const double* w,
                                   Index w_stride, double* C, Index c_stride) {
  for (Index s = 0; s < width; s += 2)
    for (Index c0 = 0; c0 < s + 2; c0 += kTileColumns) {
      switch (std::min<Index>(kTileColumns, s + 2 - c0) / 2) {  // column pairs reaching the diagonal
        case 1: weighted_scatter_tile<1>(D, rows, stride, w, w_stride, s, c0, C, c_stride); break;
        case 2: weighted_scatter_tile<2>(D, rows, stride, w, w_stride, s, c0, C, c_stride); break;
        case 3: weighted_scatter_tile<3>(D, rows, stride, w, w_stride, s, c0, C, c_stride); break;
        default: weighted_scatter_tile<4>(D, rows, stride, w, w_stride, s, c0, C, c_stride); break;
      }
    }
}

// Columns rounded up to whole tiles.
inline Index padded_columns(Index cols) { return (cols + kTileColumns - 1) / kTileColumns * kTileColumns; }

}  // namespace wasmlearn
