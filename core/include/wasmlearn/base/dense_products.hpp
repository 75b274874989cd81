// Dense products, written once on the packet layer (lanes.hpp).
//
// C = A·Bᵀ and the Gram matrix C = A·Aᵀ in dot-product form, where the rows of A and B are
// contiguous (row-major matrices, or the transpose of column-major ones). Other products are brought
// to this form by the caller: XᵀX of a column-major X is the Gram of Xᵀ's rows, and Rᵀ·X of row-major
// R and X is (Rᵀ)·(Xᵀ)ᵀ with Rᵀ and Xᵀ copied row-major.
//
// Natively this is Eigen's GEMM. In WebAssembly Eigen's GEMM runs on SSE2 translated to wasm SIMD
// (see CMakeLists.txt), and its packing dominates these shapes (the logistic loss on digits: 57 ms
// with it, 38 ms with this kernel), so the WebAssembly build uses its own register-blocked kernel
// (accumulate_abt, compiled in every build so that the native tests check it too): tiles of 2 rows
// of A × 4 rows of B, eight Lanes2 accumulators, the shared dimension innermost over contiguous
// memory and cut into cache-sized blocks. Each tile is a separate call: V8 has no on-stack
// replacement for WebAssembly, so a hot loop only reaches optimised code in a function that is
// called many times.
//
// The tiles are templates over the scalar: the same 2 × 4 tiles on four float32 lanes serve
// KernelRidge's float32 factorisation (kernel_ridge/cholesky.cpp), twice the multiply-adds per
// instruction. multiply_by_transpose_in_order runs them in every build, for the kernel methods, whose
// fits must give the same bits natively and in WebAssembly.
//
// Also register tiles for skinny products: a row of X times 8 columns of a matrix (PCA's transform,
// the mixtures' Mahalanobis distances, skipping the zeros of a triangular one) and a weighted
// scatter (the mixtures' covariances). Eigen's GEMM has a packing cost per call that dominates for
// such products (p and k of 2 to a few dozen); these tiles keep their partial sums in registers.
// Their sums run over the row's entries in order, the same in every build.
#pragma once
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "wasmlearn/base/lanes.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

using MatrixOut = Eigen::Ref<Matrix>;

constexpr Index kTileColumns = 8;

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

namespace dense_detail {

// The packet of T: two doubles or four floats (KernelRidge's float32 factorisation).
template <class T>
using PacketOf = std::conditional_t<std::is_same_v<T, double>, Lanes2, Floats4>;

template <class T>
inline PacketOf<T> load_packet(const T* p) {
  PacketOf<T> v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// C[a, b] += Σ_t A[a, t]·B[b, t] for RA rows of A and RB rows of B, t < len. The lanes of each sum
// are added in order, then the tail terms: for doubles the sums of the earlier double-only tile.
template <class T, int RA, int RB>
__attribute__((noinline)) void dot_tile(const T* A, Index lda, const T* B, Index ldb, Index len, T* C, Index ldc) {
  using Packet = PacketOf<T>;
  constexpr Index kWidth = sizeof(Packet) / sizeof(T);
  Packet acc[RA][RB];
  for (int a = 0; a < RA; ++a)
    for (int b = 0; b < RB; ++b) acc[a][b] = Packet{} + T(0);
  const Index packets = len / kWidth;
  for (Index t = 0; t < packets; ++t) {
    Packet va[RA], vb[RB];
    for (int a = 0; a < RA; ++a) va[a] = load_packet(A + a * lda + kWidth * t);
    for (int b = 0; b < RB; ++b) vb[b] = load_packet(B + b * ldb + kWidth * t);
    for (int a = 0; a < RA; ++a)
      for (int b = 0; b < RB; ++b) acc[a][b] += va[a] * vb[b];
  }
  for (int a = 0; a < RA; ++a)
    for (int b = 0; b < RB; ++b) {
      T s = acc[a][b][0];
      for (Index l = 1; l < kWidth; ++l) s += acc[a][b][l];
      for (Index t = packets * kWidth; t < len; ++t) s += A[a * lda + t] * B[b * ldb + t];
      C[a * ldc + b] += s;
    }
}

template <class T>
using Tile = void (*)(const T*, Index, const T*, Index, Index, T*, Index);
constexpr int kTileA = 2, kTileB = 4;
constexpr Index kBlockBytes = 4096;  // 2 × 4 rows of 4 KB stay in L1; a block of 50 rows stays in L2

template <class T>
inline Tile<T> tile_for(Index rows_a, Index rows_b) {
  static constexpr Tile<T> tiles[kTileA][kTileB] = {
      {dot_tile<T, 1, 1>, dot_tile<T, 1, 2>, dot_tile<T, 1, 3>, dot_tile<T, 1, 4>},
      {dot_tile<T, 2, 1>, dot_tile<T, 2, 2>, dot_tile<T, 2, 3>, dot_tile<T, 2, 4>},
  };
  return tiles[rows_a - 1][rows_b - 1];
}

// C += A·Bᵀ (A m×len, B k×len, C m×k, rows lda, ldb, ldc apart); with `lower_only`, only the tiles
// that reach the diagonal or below (A = B).
template <class T>
void accumulate_abt(const T* A, Index lda, const T* B, Index ldb, Index m, Index k, Index len, T* C, Index ldc,
                    bool lower_only) {
  constexpr Index kBlockLen = kBlockBytes / static_cast<Index>(sizeof(T));
  for (Index t0 = 0; t0 < len; t0 += kBlockLen) {
    const Index block = std::min(kBlockLen, len - t0);
    for (Index i = 0; i < m; i += kTileA) {
      const Index ra = std::min<Index>(kTileA, m - i);
      const Index j_end = lower_only ? std::min(k, i + ra) : k;
      for (Index j = 0; j < j_end; j += kTileB) {
        const Index rb = std::min<Index>(kTileB, k - j);
        tile_for<T>(ra, rb)(A + i * lda + t0, lda, B + j * ldb + t0, ldb, block, C + i * ldc + j, ldc);
      }
    }
  }
}

// C += A·Bᵀ on row-major matrices of doubles or floats (any Eigen row-major block or Ref).
template <class MA, class MB, class MC>
void accumulate_abt(const MA& A, const MB& B, MC&& C, bool lower_only) {
  static_assert(MA::IsRowMajor && MB::IsRowMajor && std::decay_t<MC>::IsRowMajor, "the tiles read rows");
  accumulate_abt(A.data(), A.outerStride(), B.data(), B.outerStride(), A.rows(), B.rows(), A.cols(), C.data(),
                 C.outerStride(), lower_only);
}

}  // namespace dense_detail

// C = A·Bᵀ summed in the tiles' order in every build: the same bits natively and in WebAssembly (the
// kernel methods' products, whose fits must not depend on the build).
inline void multiply_by_transpose_in_order(const MatrixRef& A, const MatrixRef& B, MatrixOut C) {
  C.setZero();
  if (A.cols() > 0) dense_detail::accumulate_abt(A, B, C, false);
}

// C = A·Bᵀ (A m×len, B k×len, C m×k).
inline void multiply_by_transpose(const MatrixRef& A, const MatrixRef& B, MatrixOut C) {
#if defined(__wasm_simd128__)
  multiply_by_transpose_in_order(A, B, C);
#else
  C.noalias() = A * B.transpose();
#endif
}

// C = A·Aᵀ (A m×len, C m×m symmetric).
inline void gram_of_rows(const MatrixRef& A, MatrixOut C) {
  C.setZero();
  if (A.cols() == 0) return;  // (Eigen's rank update divides by the depth)
#if defined(__wasm_simd128__)
  dense_detail::accumulate_abt(A, A, C, true);
#else
  C.selfadjointView<Eigen::Lower>().rankUpdate(A);
#endif
  C.triangularView<Eigen::StrictlyUpper>() = C.transpose();
}

}  // namespace wasmlearn
