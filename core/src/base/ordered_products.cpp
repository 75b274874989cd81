#include "wasmlearn/base/ordered_products.hpp"

#include <algorithm>

namespace wasmlearn {
namespace {

// c[0 .. 2·kPackets) += Σ_e value[e]·B(index[e], 0 .. 2·kPackets) over `count` entries, B's rows `ldb`
// apart: the sums stay in registers over the list. A function per tile (called through a table), so
// that V8 optimises its loop (see dense_products.hpp).
template <int kPackets>
__attribute__((noinline)) void scaled_rows_tile(const int* index, const double* value, Index count, const double* B,
                                                Index ldb, double* c) {
  Lanes2 acc[kPackets];
  for (auto& v : acc) v = Lanes2{0.0, 0.0};
  for (Index e = 0; e < count; ++e) {
    const Lanes2 x = splat_lanes(value[e]);
    const double* b = B + static_cast<Index>(index[e]) * ldb;
    for (int h = 0; h < kPackets; ++h) acc[h] += x * load_lanes(b + 2 * h);
  }
  for (int h = 0; h < kPackets; ++h) store_lanes(c + 2 * h, load_lanes(c + 2 * h) + acc[h]);
}

constexpr int kTilePackets = 8;  // 16 columns: 8 sums, the broadcast and a load in V8's 16 registers
using ScaledRowsTile = void (*)(const int*, const double*, Index, const double*, Index, double*);
constexpr ScaledRowsTile kScaledRowsTiles[kTilePackets] = {
    scaled_rows_tile<1>, scaled_rows_tile<2>, scaled_rows_tile<3>, scaled_rows_tile<4>,
    scaled_rows_tile<5>, scaled_rows_tile<6>, scaled_rows_tile<7>, scaled_rows_tile<8>};

// c[j] += Σ_e value[e]·B(index[e], j) for one column j (the last of an odd count).
void scaled_rows_column(const int* index, const double* value, Index count, const double* B, Index ldb, double* c) {
  double sum = 0.0;
  for (Index e = 0; e < count; ++e) sum += value[e] * B[static_cast<Index>(index[e]) * ldb];
  *c += sum;
}

}  // namespace

// Branch-free appends (every entry is written, the end moves on nonzeros only): about half the
// entries are zeros, so a branch on each would be mispredicted half the time.
bool NonzeroEntries::list_if_sparse(const MatrixRef& X, double min_zero_share) {
  rows_ = X.rows();
  cols_ = X.cols();
  const auto size = static_cast<std::size_t>(X.size());
  row_start_.resize(static_cast<std::size_t>(rows_ + 1));
  row_column_.resize(size + 1);  // + 1: the place of the write after the last entry
  row_value_.resize(size + 1);
  std::size_t at = 0;
  for (Index i = 0; i < rows_; ++i) {
    row_start_[static_cast<std::size_t>(i)] = static_cast<Index>(at);
    for (Index j = 0; j < cols_; ++j) {
      row_column_[at] = static_cast<int>(j);
      row_value_[at] = X(i, j);
      at += X(i, j) != 0.0;
    }
  }
  row_start_[static_cast<std::size_t>(rows_)] = static_cast<Index>(at);
  if (static_cast<double>(size - at) < min_zero_share * static_cast<double>(size)) return false;
  column_start_.resize(static_cast<std::size_t>(cols_ + 1));
  column_row_.resize(size + 1);
  column_value_.resize(size + 1);
  at = 0;
  for (Index j = 0; j < cols_; ++j) {
    column_start_[static_cast<std::size_t>(j)] = static_cast<Index>(at);
    for (Index i = 0; i < rows_; ++i) {
      column_row_[at] = static_cast<int>(i);
      column_value_[at] = X(i, j);
      at += X(i, j) != 0.0;
    }
  }
  column_start_[static_cast<std::size_t>(cols_)] = static_cast<Index>(at);
  return true;
}

void sum_scaled_rows(const NonzeroEntries::Lists& lists, const MatrixRef& B, MatrixOut C) {
  const Index k = B.cols(), ldb = B.outerStride();
  for (Index r = 0; r < lists.count; ++r) {
    double* c = C.data() + r * C.outerStride();
    std::fill(c, c + k, 0.0);  // row by row: it stays in L1 for the tiles
    const Index end = lists.start[r + 1];
    // The entries of one depth block at a time, as the packed kernel adds its blocks' sums.
    for (Index e = lists.start[r], block_end = e; e < end; e = block_end) {
      const Index next_block = (lists.index[e] / dense_detail::kDepthBlock + 1) * dense_detail::kDepthBlock;
      while (block_end < end && lists.index[block_end] < next_block) ++block_end;
      const int* index = lists.index + e;
      const double* value = lists.value + e;
      const Index count = block_end - e;
      for (Index j = 0, packets; j + 2 <= k; j += 2 * packets) {
        packets = std::min<Index>(kTilePackets, (k - j) / 2);
        kScaledRowsTiles[packets - 1](index, value, count, B.data() + j, ldb, c + j);
      }
      if (k % 2) scaled_rows_column(index, value, count, B.data() + (k - 1), ldb, c + (k - 1));
    }
  }
}

}  // namespace wasmlearn
