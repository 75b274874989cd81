#include "wasmlearn/base/ordered_products.hpp"

#include <algorithm>
#include <numeric>

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
  row_begin_.resize(static_cast<std::size_t>(rows_));
  row_end_.resize(static_cast<std::size_t>(rows_));
  own_index_.resize(static_cast<std::size_t>(X.size() + 1));  // + 1: the write after the last entry
  own_value_.resize(static_cast<std::size_t>(X.size() + 1));
  Index at = 0;
  for (Index i = 0; i < rows_; ++i) {
    row_begin_[static_cast<std::size_t>(i)] = at;
    const double* x = X.data() + i * X.outerStride();
    for (Index j = 0; j < cols_; ++j) {
      own_index_[static_cast<std::size_t>(at)] = static_cast<int>(j);
      own_value_[static_cast<std::size_t>(at)] = x[j];
      at += x[j] != 0.0;
    }
    row_end_[static_cast<std::size_t>(i)] = at;
  }
  row_index_ = own_index_.data();
  row_value_ = own_value_.data();
  if (static_cast<double>(X.size() - at) < min_zero_share * static_cast<double>(X.size())) return false;
  list_columns();
  return true;
}

void NonzeroEntries::list_rows_of(const NonzeroEntries& all, const int* rows, Index count) {
  rows_ = count;
  cols_ = all.cols_;
  row_begin_.resize(static_cast<std::size_t>(count));
  row_end_.resize(static_cast<std::size_t>(count));
  for (Index i = 0; i < count; ++i) {
    const auto row = static_cast<std::size_t>(rows[i]);
    row_begin_[static_cast<std::size_t>(i)] = all.row_begin_[row];
    row_end_[static_cast<std::size_t>(i)] = all.row_end_[row];
  }
  row_index_ = all.row_index_;
  row_value_ = all.row_value_;
  list_columns();
}

// A counting sort of the row lists' entries by column, rows in order within each column.
void NonzeroEntries::list_columns() {
  column_start_.assign(static_cast<std::size_t>(cols_ + 1), 0);
  for (Index i = 0; i < rows_; ++i)
    for (Index e = row_begin_[static_cast<std::size_t>(i)]; e < row_end_[static_cast<std::size_t>(i)]; ++e)
      ++column_start_[static_cast<std::size_t>(row_index_[e]) + 1];
  std::partial_sum(column_start_.begin(), column_start_.end(), column_start_.begin());
  column_fill_.assign(column_start_.begin(), column_start_.end() - 1);
  column_row_.resize(static_cast<std::size_t>(column_start_.back()));
  column_value_.resize(static_cast<std::size_t>(column_start_.back()));
  for (Index i = 0; i < rows_; ++i)
    for (Index e = row_begin_[static_cast<std::size_t>(i)]; e < row_end_[static_cast<std::size_t>(i)]; ++e) {
      const auto at = static_cast<std::size_t>(column_fill_[static_cast<std::size_t>(row_index_[e])]++);
      column_row_[at] = static_cast<int>(i);
      column_value_[at] = row_value_[e];
    }
}

void sum_scaled_rows(const NonzeroEntries::Lists& lists, const MatrixRef& B, MatrixOut C) {
  const Index k = B.cols(), ldb = B.outerStride();
  // The column pairs in tiles of as even a width as the fewest tiles allow (100 columns: 8, 7, 7, 7, 7,
  // 7 and 7 pairs, not six tiles of 8 and one of 2, whose loop would cost as much per entry for less).
  const Index pairs = k / 2, tiles = (pairs + kTilePackets - 1) / kTilePackets;
  for (Index r = 0; r < lists.count; ++r) {
    double* c = C.data() + r * C.outerStride();
    std::fill(c, c + k, 0.0);  // row by row: it stays in L1 for the tiles
    const Index end = lists.end[r];
    // The entries of one depth block at a time, as the packed kernel adds its blocks' sums (a list
    // that ends in its first entry's block is one block, found without a scan).
    for (Index e = lists.begin[r], block_end = e; e < end; e = block_end) {
      const Index next_block = (lists.index[e] / dense_detail::kDepthBlock + 1) * dense_detail::kDepthBlock;
      if (lists.index[end - 1] < next_block) block_end = end;
      while (block_end < end && lists.index[block_end] < next_block) ++block_end;
      const int* index = lists.index + e;
      const double* value = lists.value + e;
      const Index count = block_end - e;
      for (Index j = 0, t = 0; t < tiles; ++t) {
        const Index packets = pairs / tiles + (t < pairs % tiles);
        kScaledRowsTiles[packets - 1](index, value, count, B.data() + j, ldb, c + j);
        j += 2 * packets;
      }
      if (k % 2) scaled_rows_column(index, value, count, B.data() + (k - 1), ldb, c + (k - 1));
    }
  }
}

}  // namespace wasmlearn
