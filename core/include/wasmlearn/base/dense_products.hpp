// Dense products, written once on the packet layer (lanes.hpp).
//
// C = A·Bᵀ and the Gram matrix C = A·Aᵀ in dot-product form, where the rows of A and B are
// contiguous (row-major matrices, or the transpose of column-major ones). Other products are brought
// to this form by the caller: XᵀX of a column-major X is the Gram of Xᵀ's rows, and Rᵀ·X of row-major
// R and X is (Rᵀ)·(Xᵀ)ᵀ with Rᵀ and Xᵀ copied row-major.
//
// In WebAssembly Eigen's GEMM runs on SSE2 translated to wasm SIMD (see CMakeLists.txt), and its
// packing dominates these shapes (the logistic loss on digits: 57 ms with it, 38 ms with this
// kernel), so these products run on an own register-blocked kernel (accumulate_abt): tiles of 2 rows
// of A × 4 rows of B, eight Lanes2 accumulators, the shared dimension innermost over contiguous
// memory and cut into cache-sized blocks. Every build runs the same tiles (natively on SSE2 lanes),
// so the sums run in one order and the products give the same bits natively and in WebAssembly.
// Each tile is a separate call: V8 has no on-stack replacement for WebAssembly, so a hot loop only
// reaches optimised code in a function that is called many times.
//
// The tiles are templates over the scalar: the same 2 × 4 tiles on four float32 lanes serve
// KernelRidge's float32 factorisation (kernel_ridge/cholesky.cpp), twice the multiply-adds per
// instruction.
//
// A second kernel, accumulate_packed: outer-product micro-tiles on packed panels. B's columns are
// packed k-major into panels of 4 doubles or 8 floats once per depth block, and each tile keeps 4 rows
// of A × one panel in eight packet accumulators, broadcasting A's entries (read in place), with no
// horizontal sums. In V8 (node 20, the fastest of alternated calls on a shared machine) both kernels
// reach about 7 G multiply-adds/s on doubles at long depths, bound by the instructions per
// multiply-add (two without FMA), so the packed kernel is used where it measured faster: float32
// (KernelRidge's factorisation: 2.2 against 2.8 ms per 1 936 × 64 × 256 update, 36 against 119 µs
// on a strip of 8 columns), short depths (A·Bᵀ up to kShortDepth: the MLP's backward product through
// its 10 outputs, 40 against 49 µs) and Aᵀ·B read in place (the MLP's gradients, 223 against 240 µs
// with the copied transposes). At long depths on doubles the dot tiles stay faster, by 1.1× to 2× when
// A has few rows to amortise the packing of B (the logistic gradient, 10 × 64 × 1 347).
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
#include <vector>

#include "wasmlearn/base/lanes.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

using MatrixOut = Eigen::Ref<Matrix>;

constexpr Index kTileColumns = 8;

// out[l] = (x·M(:, 2l), x·M(:, 2l + 1)) for the 8 columns (2·kPairs) starting at M, whose rows are
// `stride` apart; x has p entries.
template <int kPairs = kTileColumns / 2>
inline void row_times_tile(const double* x, Index p, const double* M, Index stride, Lanes2 out[kPairs]) {
  for (Index l = 0; l < kPairs; ++l) out[l] = Lanes2{0.0, 0.0};
  for (Index t = 0; t < p; ++t) {
    const Lanes2 xt = {x[t], x[t]};
    const double* m = M + t * stride;
    for (Index l = 0; l < kPairs; ++l) out[l] += xt * load_lanes(m + 2 * l);
  }
}

// row_times_tile for two rows x and y at once, sharing the loads of M (the same sums, in the same
// order, as a row at a time; twice the independent chains of additions).
inline void two_rows_times_tile(const double* x, const double* y, Index p, const double* M, Index stride,
                                Lanes2 x_out[kTileColumns / 2], Lanes2 y_out[kTileColumns / 2]) {
  constexpr int kPairs = kTileColumns / 2;
  for (int l = 0; l < kPairs; ++l) x_out[l] = y_out[l] = Lanes2{0.0, 0.0};
  for (Index t = 0; t < p; ++t) {
    const Lanes2 xt = {x[t], x[t]}, yt = {y[t], y[t]};
    const double* m = M + t * stride;
    for (int l = 0; l < kPairs; ++l) {
      const Lanes2 v = load_lanes(m + 2 * l);
      x_out[l] += xt * v;
      y_out[l] += yt * v;
    }
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
inline PacketOf<T> splat_packet(T v) {
  return splat_as<PacketOf<T>>(v);
}

template <class T>
inline PacketOf<T> load_packet(const T* p) {
  return load_as<PacketOf<T>>(p);
}

// C[a, b] += Σ_t A[a, t]·B[b, t] for RA rows of A and RB rows of B, t < len. The lanes of each sum
// are added in order, then the tail terms: for doubles the sums of the earlier double-only tile.
// With `overwrite`, C[a, b] = 0 + Σ: the bits of a C set to zero before, without reading it.
template <class T, int RA, int RB>
__attribute__((noinline)) void dot_tile(const T* A, Index lda, const T* B, Index ldb, Index len, T* C, Index ldc,
                                        bool overwrite) {
  using Packet = PacketOf<T>;
  constexpr Index kWidth = sizeof(Packet) / sizeof(T);
  Packet acc[RA][RB];
  for (int a = 0; a < RA; ++a)
    for (int b = 0; b < RB; ++b) acc[a][b] = Packet{};
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
      C[a * ldc + b] = (overwrite ? T(0) : C[a * ldc + b]) + s;
    }
}

template <class T>
using Tile = void (*)(const T*, Index, const T*, Index, Index, T*, Index, bool);
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
// that reach the diagonal or below (A = B); with `overwrite`, C = A·Bᵀ (C is not read: the bits of
// C += A·Bᵀ on a zeroed C, whose zeroing took 6 of the 26 ms of KernelRidge's predict on 2 000 × 10).
template <class T>
void accumulate_abt(const T* A, Index lda, const T* B, Index ldb, Index m, Index k, Index len, T* C, Index ldc,
                    bool lower_only, bool overwrite = false) {
  constexpr Index kBlockLen = kBlockBytes / static_cast<Index>(sizeof(T));
  for (Index t0 = 0; t0 < len; t0 += kBlockLen) {
    const Index block = std::min(kBlockLen, len - t0);
    for (Index i = 0; i < m; i += kTileA) {
      const Index ra = std::min<Index>(kTileA, m - i);
      const Index j_end = lower_only ? std::min(k, i + ra) : k;
      for (Index j = 0; j < j_end; j += kTileB) {
        const Index rb = std::min<Index>(kTileB, k - j);
        tile_for<T>(ra, rb)(A + i * lda + t0, lda, B + j * ldb + t0, ldb, block, C + i * ldc + j, ldc,
                            overwrite && t0 == 0);
      }
    }
  }
}

// C += A·Bᵀ on row-major matrices of doubles or floats (any Eigen row-major block or Ref).
template <class MA, class MB, class MC>
void accumulate_abt(const MA& A, const MB& B, MC&& C, bool lower_only, bool overwrite = false) {
  static_assert(MA::IsRowMajor && MB::IsRowMajor && std::decay_t<MC>::IsRowMajor, "the tiles read rows");
  accumulate_abt(A.data(), A.outerStride(), B.data(), B.outerStride(), A.rows(), B.rows(), A.cols(), C.data(),
                 C.outerStride(), lower_only, overwrite);
}


// The outer-product kernel on packed panels, for the products whose summation order is free to
// differ between builds (multiply_by_transpose, gram_of_rows and transpose_times in WebAssembly) and
// for KernelRidge's factorisation: the depth is cut into blocks; per block, B's columns are packed
// once into k-major panels of kPanelWidth (two packets: 4 doubles or 8 floats), and each micro-tile
// keeps kSliverRows × kPanelWidth sums in registers (8 packets), adding a broadcast entry of A times
// the panel's packets at each step: 6 loads per 8 packet multiply-adds and no horizontal sums, where
// the dot tiles above sum the lanes of each entry and write it at the end of every tile. A is read
// in place (packing its rows would transpose them element by element, which costs as much as the
// products when B has few columns). Every entry is summed over its block in order of the shared
// index, then added to C: a fixed order, the same in every build.

// A matrix operand read through strides: entry (r, c) at data[r·row_stride + c·col_stride], so that
// a row-major matrix and the transpose of one are read by the same loops.
template <class T>
struct Strided {
  const T* data;
  Index row_stride, col_stride;
};

// out[t·width + c] = M(t0 + t, c0 + c) for t < depth, c < cols, and zeros for cols ≤ c < width: a strip
// of M's columns c0 ... packed k-major and zero-padded to `width`. A function called once per strip,
// so that V8 optimises it (see the header).
template <class T>
__attribute__((noinline)) void pack_strip(Strided<T> M, Index t0, Index depth, Index c0, Index cols, Index width,
                                          T* out) {
  for (Index t = 0; t < depth; ++t, out += width) {
    const T* row = M.data + (t0 + t) * M.row_stride + c0 * M.col_stride;
    if (M.col_stride == 1) std::memcpy(out, row, static_cast<std::size_t>(cols) * sizeof(T));
    else
      for (Index c = 0; c < cols; ++c) out[c] = row[c * M.col_stride];
    std::fill(out + cols, out + width, T(0));
  }
}

constexpr int kSliverRows = 4;
template <class T>
constexpr Index kPacketWidth = static_cast<Index>(sizeof(PacketOf<T>) / sizeof(T));
template <class T>
constexpr Index kPanelWidth = 2 * kPacketWidth<T>;
constexpr Index kDepthBlock = 256;  // a panel of 256 × 4 doubles (8 KB) stays in L1
// Up to this depth the packed kernel beats the dot tiles on doubles, whose horizontal sums and
// writes at the end of each tile then cost about as much as the products (see the header).
constexpr Index kShortDepth = 32;

// C[i, j] += Σ_t A(i, t)·b[t·kPackets·w + j] for i < rows ≤ 4, j < cols ≤ kPackets·w (w scalars per
// packet), A(i, t) at a[i·rs + t·cs]: one micro-tile on a panel of kPackets packets zero-padded past
// `cols`. A sliver of fewer than 4 rows reads its last row again for the missing ones, and only an
// edge tile (kEdge) has fewer rows or columns to write. With `overwrite`, C[i, j] = 0 + Σ (C not read).
template <class T, int kPackets, bool kEdge>
__attribute__((noinline)) void outer_tile(const T* a, Index rs, Index cs, const T* b, Index depth, T* C, Index ldc,
                                          Index rows, Index cols, bool overwrite) {
  using Packet = PacketOf<T>;
  constexpr Index kWidth = kPacketWidth<T>;
  const Index o1 = std::min<Index>(1, rows - 1) * rs, o2 = std::min<Index>(2, rows - 1) * rs,
              o3 = std::min<Index>(3, rows - 1) * rs;
  Packet acc[kSliverRows][kPackets];
  for (auto& row : acc)
    for (auto& v : row) v = Packet{};
  for (Index t = 0; t < depth; ++t, a += cs, b += kPackets * kWidth) {
    Packet panel[kPackets];
    for (int h = 0; h < kPackets; ++h) panel[h] = load_packet(b + h * kWidth);
    const Packet broadcast[kSliverRows] = {splat_packet(a[0]), splat_packet(a[o1]), splat_packet(a[o2]),
                                           splat_packet(a[o3])};
    for (int i = 0; i < kSliverRows; ++i)
      for (int h = 0; h < kPackets; ++h) acc[i][h] += broadcast[i] * panel[h];
  }
  if constexpr (kEdge) {  // through memory: indexing `acc` by a variable would keep it there in the loop
    T sums[kSliverRows][kPackets * kWidth];
    std::memcpy(sums, acc, sizeof sums);
    for (Index i = 0; i < rows; ++i)
      for (Index j = 0; j < cols; ++j) C[i * ldc + j] = (overwrite ? T(0) : C[i * ldc + j]) + sums[i][j];
  } else {
    for (int i = 0; i < kSliverRows; ++i)
      for (int h = 0; h < kPackets; ++h) {
        T* c = C + i * ldc + h * kWidth;
        const Packet sum = (overwrite ? Packet{} : load_packet(c)) + acc[i][h];
        std::memcpy(c, &sum, sizeof sum);
      }
  }
}

// The micro-tiles are called through this table, as the dot tiles: Binaryen inlines a function that
// has a single caller, noinline or not, and the loop would then run in its caller's unoptimised code.
template <class T>
using OuterTile = void (*)(const T*, Index, Index, const T*, Index, T*, Index, Index, Index, bool);
template <class T>
inline OuterTile<T> outer_tile_for(Index packets, bool edge) {
  static constexpr OuterTile<T> tiles[2][2] = {{outer_tile<T, 1, false>, outer_tile<T, 1, true>},
                                               {outer_tile<T, 2, false>, outer_tile<T, 2, true>}};
  return tiles[packets - 1][edge];
}

// C += A·B for A m×len and B len×k read through strides, C m×k (rows ldc apart); with `lower_only`
// (m = k), only the micro-tiles that reach the diagonal or below are computed: some entries above
// the diagonal are added to, the rest are left as they were. B's last panel is one packet wide when
// that covers its columns. With `overwrite` (and not lower_only), C = A·B: the bits of C += A·B on a
// zeroed C, without zeroing or reading it (the MLP's backward product: a fill of 160 KB per batch).
template <class T>
void accumulate_packed(Strided<T> A, Strided<T> B, Index m, Index k, Index len, T* C, Index ldc, bool lower_only,
                       bool overwrite = false) {
  constexpr Index W = kPanelWidth<T>;
  thread_local std::vector<T> panels;  // kept between calls: the packing buffer
  const Index panel_count = (k + W - 1) / W;
  for (Index t0 = 0; t0 < len; t0 += kDepthBlock) {
    const Index depth = std::min(kDepthBlock, len - t0);
    panels.resize(static_cast<std::size_t>(panel_count * W * depth));
    for (Index j = 0; j < k; j += W) {
      const Index cols = std::min(W, k - j);
      pack_strip(B, t0, depth, j, cols, cols > kPacketWidth<T> ? W : kPacketWidth<T>, panels.data() + j * depth);
    }
    for (Index i = 0; i < m; i += kSliverRows) {
      const Index rows = std::min<Index>(kSliverRows, m - i);
      const T* sliver = A.data + i * A.row_stride + t0 * A.col_stride;
      for (Index j = 0; j < k && !(lower_only && j >= i + kSliverRows); j += W) {
        const Index cols = std::min(W, k - j), packets = cols > kPacketWidth<T> ? 2 : 1;
        outer_tile_for<T>(packets, rows < kSliverRows || cols < packets * kPacketWidth<T>)(
            sliver, A.row_stride, A.col_stride, panels.data() + j * depth, depth, C + i * ldc + j, ldc, rows, cols,
            overwrite && t0 == 0);
      }
    }
  }
}

// A row-major matrix (entry (i, t) at row i, column t) and its transpose (entry (t, i)) as operands.
template <class M>
Strided<typename M::Scalar> rows_of(const M& A) {
  return {A.data(), A.outerStride(), 1};
}
template <class M>
Strided<typename M::Scalar> columns_of(const M& A) {
  return {A.data(), 1, A.outerStride()};
}

// C += A·Bᵀ on row-major matrices of doubles or floats by the packed kernel (the arguments of
// accumulate_abt).
template <class MA, class MB, class MC>
void accumulate_abt_packed(const MA& A, const MB& B, MC&& C, bool lower_only) {
  static_assert(MA::IsRowMajor && MB::IsRowMajor && std::decay_t<MC>::IsRowMajor, "the operands are read by rows");
  accumulate_packed(rows_of(A), columns_of(B), A.rows(), B.rows(), A.cols(), C.data(), C.outerStride(), lower_only);
}

// C += A·Bᵀ by the kernel that measured faster for the scalar and the depth (see the header).
template <class MA, class MB, class MC>
void accumulate_abt_fastest(const MA& A, const MB& B, MC&& C, bool lower_only) {
  if (std::is_same_v<typename MA::Scalar, float> || A.cols() <= kShortDepth) accumulate_abt_packed(A, B, C, lower_only);
  else accumulate_abt(A, B, C, lower_only);
}

}  // namespace dense_detail

// C = A·Bᵀ on the dot tiles alone, C written without being zeroed first (the kernel methods' blocks).
inline void multiply_by_transpose_in_order(const MatrixRef& A, const MatrixRef& B, MatrixOut C) {
  if (A.cols() > 0) dense_detail::accumulate_abt(A, B, C, false, true);
  else C.setZero();
}

// C = A·Bᵀ (A m×len, B k×len, C m×k).
inline void multiply_by_transpose(const MatrixRef& A, const MatrixRef& B, MatrixOut C) {
  C.setZero();
  dense_detail::accumulate_abt_fastest(A, B, C, false);
}

// C = Aᵀ·B (A len×m, B len×k, C m×k). The packed kernel reads Aᵀ's rows as A's columns, where the dot
// tiles would need both transposes copied first.
inline void transpose_times(const MatrixRef& A, const MatrixRef& B, MatrixOut C) {
  C.setZero();
  dense_detail::accumulate_packed(dense_detail::columns_of(A), dense_detail::rows_of(B), A.cols(), B.cols(), A.rows(),
                                  C.data(), C.outerStride(), false);
}

// C = A·Aᵀ (A m×len, C m×m symmetric).
inline void gram_of_rows(const MatrixRef& A, MatrixOut C) {
  C.setZero();
  dense_detail::accumulate_abt(A, A, C, true);
  C.triangularView<Eigen::StrictlyUpper>() = C.transpose();
}

}  // namespace wasmlearn
