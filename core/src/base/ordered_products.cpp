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

// Lists the nonzeros of X's rows (or of its columns) in `start`, `index` and `value`. Branch-free
// appends (every entry is written, the end moves on nonzeros only): about half the entries are
// zeros, so a branch on each would be mispredicted half the time.
template <bool kByColumns>
void list_lines(const MatrixRef& X, std::vector<Index>& start, std::vector<int>& index, std::vector<double>& value) {
  const Index lines = kByColumns ? X.cols() : X.rows(), length = kByColumns ? X.rows() : X.cols();
  start.resize(static_cast<std::size_t>(lines + 1));
  index.resize(static_cast<std::size_t>(X.size() + 1));  // + 1: the write after the last entry
  value.resize(static_cast<std::size_t>(X.size() + 1));
  std::size_t at = 0;
  for (Index a = 0; a < lines; ++a) {
    start[static_cast<std::size_t>(a)] = static_cast<Index>(at);
    for (Index b = 0; b < length; ++b) {
      const double v = kByColumns ? X(b, a) : X(a, b);
      index[at] = static_cast<int>(b);
      value[at] = v;
      at += v != 0.0;
    }
  }
  start[static_cast<std::size_t>(lines)] = static_cast<Index>(at);
}

}  // namespace

bool NonzeroEntries::list_if_sparse(const MatrixRef& X, double min_zero_share) {
  rows_ = X.rows();
  cols_ = X.cols();
  list_lines<false>(X, row_start_, row_column_, row_value_);
  const auto zeros = static_cast<double>(X.size() - row_start_.back());
  if (zeros < min_zero_share * static_cast<double>(X.size())) return false;
  list_lines<true>(X, column_start_, column_row_, column_value_);
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
