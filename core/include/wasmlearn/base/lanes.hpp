// A row of X times 8 columns of a matrix, in registers: the kernel of PCA's transform and of the
// mixtures' Mahalanobis distances. Eigen does not vectorise for WebAssembly and its GEMM has
// a packing cost per call that dominates for such skinny products (p and k of 2 to a few dozen);
// this tile keeps its 8 partial sums in four 2-lane registers.
//
// Lanes2 is a GCC/Clang vector extension: lane-wise IEEE operations, so the bits equal the scalar
// code's (one SSE2 register natively, one v128 under -msimd128, scalars without SIMD). The sums run
// over the row's entries in order, the same in every build. Floats4 is the same for float32
// (k-means' certified float32 assignment).
#pragma once
#include <cstring>

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

// Columns rounded up to whole tiles.
inline Index padded_columns(Index cols) { return (cols + kTileColumns - 1) / kTileColumns * kTileColumns; }

}  // namespace wasmlearn
