#include "wasmlearn/base/ordered_products.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace wasmlearn {
namespace {

// The end of the depth block of entry e of a list that ends at `end` (a list that ends in its first
// entry's block is one block, found without a scan).
Index block_end_of(const int* index, Index e, Index end) {
  const Index next_block = (index[e] / dense_detail::kDepthBlock + 1) * dense_detail::kDepthBlock;
  if (index[end - 1] < next_block) return end;
  while (e < end && index[e] < next_block) ++e;
  return e;
}

// C(r, 0 .. kWidth·w) = Σ over list r's entries e of value[e]·B(index[e], 0 .. kWidth·w) for every list
// r, with w doubles in a T (Lanes2, or a double for the last of an odd column count), B's rows `ldb`
// apart and C's `ldc`: each depth block's sums in registers over its entries, the first block's
// stored (its sums are never −0, so that is +0 + them), the others' added; an empty list stores +0.
// Then `finish` on the last block's store, as a pass over C after would (the same bits, without it).
// A function per tile (called through a table), so that V8 optimises its loop (see dense_products.hpp).
template <class T, int kWidth>
__attribute__((noinline)) void scaled_rows_tile(const NonzeroEntries::Lists& lists, const double* B, Index ldb,
                                                double* C, Index ldc, RowFinish finish) {
  constexpr Index kStep = sizeof(T) / sizeof(double);
  const auto load = [](const double* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  for (Index r = 0; r < lists.count; ++r, C += ldc) {
    const Index end = lists.end[r];
    Index e = lists.begin[r];
    bool first_block = true;
    do {
      const Index block_end = e < end ? block_end_of(lists.index, e, end) : end;
      T acc[kWidth];
      for (auto& v : acc) v = splat_as<T>(0.0);
      for (; e < block_end; ++e) {
        const T x = splat_as<T>(lists.value[e]);
        const double* b = B + static_cast<Index>(lists.index[e]) * ldb;
        for (int h = 0; h < kWidth; ++h) acc[h] += x * load(b + kStep * h);
      }
      const bool last_block = e == end;
      for (int h = 0; h < kWidth; ++h) {
        T sum = first_block ? acc[h] : load(C + kStep * h) + acc[h];
        if (last_block && finish.intercept) sum = sum + load(finish.intercept + kStep * h);
        if (last_block && finish.relu) sum = max_lanes(sum, splat_as<T>(0.0));
        std::memcpy(C + kStep * h, &sum, sizeof sum);
      }
      first_block = false;
    } while (e < end);
  }
}

constexpr int kTilePackets = 8;  // 16 columns: 8 sums, the broadcast and a load in V8's 16 registers
using ScaledRowsTile = void (*)(const NonzeroEntries::Lists&, const double*, Index, double*, Index, RowFinish);
constexpr ScaledRowsTile kScaledRowsTiles[kTilePackets] = {
    scaled_rows_tile<Lanes2, 1>, scaled_rows_tile<Lanes2, 2>, scaled_rows_tile<Lanes2, 3>, scaled_rows_tile<Lanes2, 4>,
    scaled_rows_tile<Lanes2, 5>, scaled_rows_tile<Lanes2, 6>, scaled_rows_tile<Lanes2, 7>, scaled_rows_tile<Lanes2, 8>};

// C(i .. i + 2, 0 .. 2·kPackets) for one depth block: A's entries A(i, t) at a[t·cs] and A(i + 1, t)
// at a[rs + t·cs] (one row reads its own twice, as the packed kernel's slivers), B's rows `ldb` apart.
// The block's sums stay in registers, then are stored (the first block: they are never −0, so that
// is +0 + them) or added.
template <int kPackets>
__attribute__((noinline)) void narrow_tile(const double* a, Index rs, Index cs, bool two_rows, const double* b,
                                           Index ldb, Index depth, double* c, Index ldc, bool first_block) {
  Lanes2 top[kPackets], bottom[kPackets];
  for (int h = 0; h < kPackets; ++h) top[h] = bottom[h] = Lanes2{0.0, 0.0};
  const Index second = two_rows ? rs : 0;
  for (Index t = 0; t < depth; ++t, a += cs, b += ldb) {
    const Lanes2 x = splat_lanes(a[0]), y = splat_lanes(a[second]);
    for (int h = 0; h < kPackets; ++h) {
      const Lanes2 v = load_lanes(b + 2 * h);
      top[h] += x * v;
      bottom[h] += y * v;
    }
  }
  for (int h = 0; h < kPackets; ++h) {
    store_lanes(c + 2 * h, first_block ? top[h] : load_lanes(c + 2 * h) + top[h]);
    if (two_rows) store_lanes(c + ldc + 2 * h, first_block ? bottom[h] : load_lanes(c + ldc + 2 * h) + bottom[h]);
  }
}

using NarrowTile = void (*)(const double*, Index, Index, bool, const double*, Index, Index, double*, Index, bool);
constexpr NarrowTile kNarrowTiles[kNarrowPackets] = {narrow_tile<1>, narrow_tile<2>, narrow_tile<3>, narrow_tile<4>,
                                                     narrow_tile<5>};

}  // namespace

void narrow_product_in_order(Operand A, Operand B, Index depth, MatrixOut C) {
  const NarrowTile tile = kNarrowTiles[C.cols() / 2 - 1];
  for (Index t0 = 0; t0 < depth; t0 += dense_detail::kDepthBlock) {
    const Index block = std::min(dense_detail::kDepthBlock, depth - t0);
    for (Index i = 0; i < C.rows(); i += 2)
      tile(A.data + i * A.row_stride + t0 * A.col_stride, A.row_stride, A.col_stride, i + 1 < C.rows(),
           B.data + t0 * B.row_stride, B.row_stride, block, C.data() + i * C.outerStride(), C.outerStride(), t0 == 0);
  }
}

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

// A counting sort of the row lists' entries by column, rows in order within each column (through
// local pointers: the stores could alias the lists for the compiler, which would reload them).
void NonzeroEntries::list_columns() {
  const Index *begin = row_begin_.data(), *end = row_end_.data();
  const int* column = row_index_;
  const double* entry_value = row_value_;
  column_start_.assign(static_cast<std::size_t>(cols_ + 1), 0);
  Index* count = column_start_.data() + 1;
  for (Index i = 0; i < rows_; ++i)
    for (Index e = begin[i], stop = end[i]; e < stop; ++e) ++count[column[e]];
  std::partial_sum(column_start_.begin(), column_start_.end(), column_start_.begin());
  column_fill_.assign(column_start_.begin(), column_start_.end() - 1);
  column_row_.resize(static_cast<std::size_t>(column_start_.back()));
  column_value_.resize(static_cast<std::size_t>(column_start_.back()));
  Index* fill = column_fill_.data();
  int* row = column_row_.data();
  double* value = column_value_.data();
  for (Index i = 0; i < rows_; ++i)
    for (Index e = begin[i], stop = end[i]; e < stop; ++e) {
      const Index at = fill[column[e]]++;
      row[at] = static_cast<int>(i);
      value[at] = entry_value[e];
    }
}

void sum_scaled_rows(const NonzeroEntries::Lists& lists, const MatrixRef& B, MatrixOut C, RowFinish finish) {
  const Index k = B.cols(), ldb = B.outerStride(), ldc = C.outerStride();
  // The column pairs in tiles of as even a width as the fewest tiles allow (100 columns: 8, 7, 7, 7, 7,
  // 7 and 7 pairs, not six tiles of 8 and one of 2, whose loop would cost as much per entry for less).
  const Index pairs = k / 2, tiles = (pairs + kTilePackets - 1) / kTilePackets;
  // finish's intercept for the columns from j on.
  const auto from = [&](Index j) { return RowFinish{finish.intercept ? finish.intercept + j : nullptr, finish.relu}; };
  for (Index j = 0, t = 0; t < tiles; ++t) {
    const Index packets = pairs / tiles + (t < pairs % tiles);
    kScaledRowsTiles[packets - 1](lists, B.data() + j, ldb, C.data() + j, ldc, from(j));
    j += 2 * packets;
  }
  if (k % 2) scaled_rows_tile<double, 1>(lists, B.data() + (k - 1), ldb, C.data() + (k - 1), ldc, from(k - 1));
}

}  // namespace wasmlearn
