// Dense products in dot-product form: C = A·Bᵀ and the Gram matrix C = A·Aᵀ, where the rows of A
// and B are contiguous (row-major matrices, or the transpose of column-major ones). Other products
// are brought to this form by the caller: XᵀX of a column-major X is the Gram of Xᵀ's rows, and
// Rᵀ·X of row-major R and X is (Rᵀ)·(Xᵀ)ᵀ with Rᵀ and Xᵀ copied row-major.
//
// Natively this is Eigen's GEMM. In WebAssembly Eigen's GEMM runs on SSE2 translated to wasm SIMD
// (see CMakeLists.txt), and its packing dominates these shapes (the logistic loss on digits: 57 ms
// with it, 38 ms with this kernel), so the WebAssembly build uses its own register-blocked kernel:
// tiles of 2 rows of A × 4 rows of B, eight f64x2 accumulators, the shared dimension innermost over
// contiguous memory and cut into cache-sized blocks. Each tile is a separate call: V8 has no
// on-stack replacement for WebAssembly, so a hot loop only reaches optimised code in a function
// that is called many times.
#pragma once
#include <algorithm>

#include "wasmlearn/base/types.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace wasmlearn {

using MatrixOut = Eigen::Ref<Matrix>;

#if defined(__wasm_simd128__)
namespace dense_detail {

// C[a, b] += Σ_t A[a, t]·B[b, t] for RA rows of A and RB rows of B, t < len.
template <int RA, int RB>
__attribute__((noinline)) void dot_tile(const double* A, Index lda, const double* B, Index ldb, Index len, double* C,
                                        Index ldc) {
  v128_t acc[RA][RB];
  for (int a = 0; a < RA; ++a)
    for (int b = 0; b < RB; ++b) acc[a][b] = wasm_f64x2_splat(0.0);
  const Index pairs = len / 2;
  for (Index t = 0; t < pairs; ++t) {
    v128_t va[RA], vb[RB];
    for (int a = 0; a < RA; ++a) va[a] = wasm_v128_load(A + a * lda + 2 * t);
    for (int b = 0; b < RB; ++b) vb[b] = wasm_v128_load(B + b * ldb + 2 * t);
    for (int a = 0; a < RA; ++a)
      for (int b = 0; b < RB; ++b) acc[a][b] = wasm_f64x2_add(acc[a][b], wasm_f64x2_mul(va[a], vb[b]));
  }
  for (int a = 0; a < RA; ++a)
    for (int b = 0; b < RB; ++b) {
      double s = wasm_f64x2_extract_lane(acc[a][b], 0) + wasm_f64x2_extract_lane(acc[a][b], 1);
      if (len % 2) s += A[a * lda + len - 1] * B[b * ldb + len - 1];
      C[a * ldc + b] += s;
    }
}

using Tile = void (*)(const double*, Index, const double*, Index, Index, double*, Index);
constexpr int kTileA = 2, kTileB = 4;
constexpr Index kBlockLen = 512;  // 2 × 4 rows of 4 KB stay in L1; a block of 50 rows stays in L2

inline Tile tile_for(Index rows_a, Index rows_b) {
  static constexpr Tile tiles[kTileA][kTileB] = {
      {dot_tile<1, 1>, dot_tile<1, 2>, dot_tile<1, 3>, dot_tile<1, 4>},
      {dot_tile<2, 1>, dot_tile<2, 2>, dot_tile<2, 3>, dot_tile<2, 4>},
  };
  return tiles[rows_a - 1][rows_b - 1];
}

// C += A·Bᵀ; with `lower_only`, only the tiles that reach the diagonal or below (A = B).
inline void accumulate_abt(const MatrixRef& A, const MatrixRef& B, MatrixOut C, bool lower_only) {
  const Index m = A.rows(), k = B.rows(), len = A.cols(), lda = A.outerStride(), ldb = B.outerStride();
  for (Index t0 = 0; t0 < len; t0 += kBlockLen) {
    const Index block = std::min(kBlockLen, len - t0);
    for (Index i = 0; i < m; i += kTileA) {
      const Index ra = std::min<Index>(kTileA, m - i);
      const Index j_end = lower_only ? std::min(k, i + ra) : k;
      for (Index j = 0; j < j_end; j += kTileB) {
        const Index rb = std::min<Index>(kTileB, k - j);
        tile_for(ra, rb)(A.data() + i * lda + t0, lda, B.data() + j * ldb + t0, ldb, block, &C(i, j), C.outerStride());
      }
    }
  }
}

}  // namespace dense_detail
#endif

// C = A·Bᵀ (A m×len, B k×len, C m×k).
inline void multiply_by_transpose(const MatrixRef& A, const MatrixRef& B, MatrixOut C) {
#if defined(__wasm_simd128__)
  C.setZero();
  if (A.cols() > 0) dense_detail::accumulate_abt(A, B, C, false);
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
