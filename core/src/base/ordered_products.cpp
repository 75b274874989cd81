#include "wasmlearn/base/ordered_products.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

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

// The scalar of P: a packet (Lanes2, Floats4) or a scalar (double, float, for an odd last column).
template <class P>
struct ScalarOf {
  using type = P;
};
template <>
struct ScalarOf<Lanes2> {
  using type = double;
};
template <>
struct ScalarOf<Floats4> {
  using type = float;
};

// C(r, 0 .. kWidth·w) = Σ over list r's entries e of value[e]·B(index[e], 0 .. kWidth·w) for every list
// r, with w scalars in a P (a packet of 2 doubles or 4 floats, or one scalar for the last columns),
// B's row of an entry at its offset, C's rows `ldc` apart: each depth block's sums in registers over
// its entries, the first block's stored (its sums are never −0, so that is +0 + them), the others'
// added; an empty list stores +0. Then `finish` on the last block's store, as a pass over C after
// would (the same bits, without it). A function per tile (called through a table), so that V8
// optimises its loop (see dense_products.hpp).
template <class P, int kWidth>
__attribute__((noinline)) void scaled_rows_tile(
    const typename NonzeroEntriesOf<typename ScalarOf<P>::type>::Lists& lists, const typename ScalarOf<P>::type* B,
    typename ScalarOf<P>::type* C, Index ldc, RowFinishOf<typename ScalarOf<P>::type> finish) {
  using S = typename ScalarOf<P>::type;
  constexpr Index kStep = sizeof(P) / sizeof(S);
  const auto load = [](const S* p) { return load_as<P>(p); };
  const char* const b_bytes = reinterpret_cast<const char*>(B);
  for (Index r = 0; r < lists.count; ++r, C += ldc) {
    const Index end = lists.end[r];
    Index e = lists.begin[r];
    bool first_block = true;
    do {
      const Index block_end = e < end ? block_end_of(lists.index, e, end) : end;
      P acc[kWidth];
      for (auto& v : acc) v = P{};
      // Walked by a pointer: V8's loop then has no index arithmetic.
      for (const ListedEntry<S>*entry = lists.entry + e, *stop = lists.entry + block_end; entry != stop; ++entry) {
        const P x = splat_as<P>(entry->value);
        const S* b = reinterpret_cast<const S*>(b_bytes + entry->offset);
        for (int h = 0; h < kWidth; ++h) acc[h] += x * load(b + kStep * h);
      }
      e = block_end;
      const bool last_block = e == end;
      for (int h = 0; h < kWidth; ++h) {
        P sum = first_block ? acc[h] : load(C + kStep * h) + acc[h];
        if (last_block && finish.intercept) sum = sum + load(finish.intercept + kStep * h);
        if (last_block && finish.relu) sum = max_lanes(sum, P{});
        store_as(C + kStep * h, sum);
      }
      first_block = false;
    } while (e < end);
  }
}

// 16 doubles or 32 floats: 8 sums, the broadcast and a load in V8's 16 registers.
constexpr int kTilePackets = 8;
template <class P>
using ScaledRowsTile = void (*)(const typename NonzeroEntriesOf<typename ScalarOf<P>::type>::Lists&,
                                const typename ScalarOf<P>::type*, typename ScalarOf<P>::type*, Index,
                                RowFinishOf<typename ScalarOf<P>::type>);
template <class P>
constexpr ScaledRowsTile<P> kScaledRowsTiles[kTilePackets] = {
    scaled_rows_tile<P, 1>, scaled_rows_tile<P, 2>, scaled_rows_tile<P, 3>, scaled_rows_tile<P, 4>,
    scaled_rows_tile<P, 5>, scaled_rows_tile<P, 6>, scaled_rows_tile<P, 7>, scaled_rows_tile<P, 8>};
// The last columns past whole packets (one of doubles, up to three of floats), a scalar each.
template <class S>
constexpr ScaledRowsTile<S> kScalarTiles[3] = {scaled_rows_tile<S, 1>, scaled_rows_tile<S, 2>, scaled_rows_tile<S, 3>};

// The first kCount values at p (fewer than a packet's) as a packet P, its other lanes zeros; and the
// first kCount lanes of a packet written to p. Built from the values (8 bytes as one load), not by a
// copy into the packet, which GCC does through memory: the packet's load then waits on the smaller
// store (SSE2: 1.7× the digits float32 fit).
template <class P, class S, std::size_t... kLane>
P packet_of(const S* p, std::index_sequence<kLane...>) {
  return P{p[kLane]...};
}
template <class P, int kCount, class S>
P load_first(const S* p) {
  if constexpr (kCount * sizeof(S) == sizeof(long long)) {  // two floats or a double
    long long bits;
    std::memcpy(&bits, p, sizeof bits);
    return (P)Longs2{bits, 0};
  } else {
    return packet_of<P>(p, std::make_index_sequence<kCount>());
  }
}
template <int kCount, class S, class P>
void store_first(S* p, P v) {
  std::memcpy(p, &v, kCount * sizeof(S));
}

// C(i .. i + 2, 0 .. width) for one depth block, width = kPackets packets and kTail more columns (a
// packet read and written in part): A's entries A(i, t) at a[t·cs] and A(i + 1, t) at a[rs + t·cs]
// (one row reads its own twice, as the packed kernel's slivers), B's rows `ldb` apart. The block's
// sums stay in registers, then are stored (the first block: they are never −0, so that is +0 + them)
// or added.
template <class T, int kPackets, int kTail>
__attribute__((noinline)) void narrow_tile(const T* a, Index rs, Index cs, bool two_rows, const T* b, Index ldb,
                                           Index depth, T* c, Index ldc, bool first_block) {
  using P = dense_detail::PacketOf<T>;
  constexpr Index kLanes = dense_detail::kPacketWidth<T>;
  constexpr int kAll = kPackets + (kTail > 0);
  P top[kAll], bottom[kAll];
  for (int h = 0; h < kAll; ++h) top[h] = bottom[h] = P{};
  const Index second = two_rows ? rs : 0;
  for (Index t = 0; t < depth; ++t, a += cs, b += ldb) {
    const P x = splat_as<P>(a[0]), y = splat_as<P>(a[second]);
    for (int h = 0; h < kPackets; ++h) {
      const P v = load_as<P>(b + kLanes * h);
      top[h] += x * v;
      bottom[h] += y * v;
    }
    if constexpr (kTail > 0) {
      const P v = load_first<P, kTail>(b + kLanes * kPackets);
      top[kPackets] += x * v;
      bottom[kPackets] += y * v;
    }
  }
  const auto finish = [&](T* row, const P* sums) {
    for (int h = 0; h < kPackets; ++h)
      store_as(row + kLanes * h, first_block ? sums[h] : load_as<P>(row + kLanes * h) + sums[h]);
    if constexpr (kTail > 0) {
      T* tail = row + kLanes * kPackets;
      store_first<kTail>(tail, first_block ? sums[kPackets] : load_first<P, kTail>(tail) + sums[kPackets]);
    }
  };
  finish(c, top);
  if (two_rows) finish(c + ldc, bottom);
}

template <class T>
using NarrowTile = void (*)(const T*, Index, Index, bool, const T*, Index, Index, T*, Index, bool);
// The tile for C.cols() = k at k − 1.
template <class T, std::size_t... kLessOne>
constexpr std::array<NarrowTile<T>, sizeof...(kLessOne)> narrow_tiles(std::index_sequence<kLessOne...>) {
  constexpr Index kLanes = dense_detail::kPacketWidth<T>;
  return {narrow_tile<T, static_cast<int>((kLessOne + 1) / kLanes), static_cast<int>((kLessOne + 1) % kLanes)>...};
}
template <class T>
constexpr auto kNarrowTiles = narrow_tiles<T>(std::make_index_sequence<kNarrowPackets * dense_detail::kPacketWidth<T>>());

}  // namespace

template <class T>
void narrow_product_in_order(OperandOf<T> A, OperandOf<T> B, Index depth, RowMatrixOutOf<T> C) {
  const NarrowTile<T> tile = kNarrowTiles<T>[static_cast<std::size_t>(C.cols() - 1)];
  for (Index t0 = 0; t0 < depth; t0 += dense_detail::kDepthBlock) {
    const Index block = std::min(dense_detail::kDepthBlock, depth - t0);
    for (Index i = 0; i < C.rows(); i += 2)
      tile(A.data + i * A.row_stride + t0 * A.col_stride, A.row_stride, A.col_stride, i + 1 < C.rows(),
           B.data + t0 * B.row_stride, B.row_stride, block, C.data() + i * C.outerStride(), C.outerStride(), t0 == 0);
  }
}

// Counted first, so that a matrix with too few zeros is not listed and the lists take the nonzeros'
// room only. Then branch-free appends (every entry is written, the end moves on nonzeros only): about
// half the entries are zeros, so a branch on each would be mispredicted half the time.
template <class T>
bool NonzeroEntriesOf<T>::list_if_sparse(const RowMatrixRefOf<T>& X, double min_zero_share, Index b_stride,
                                          bool by_columns) {
  Index nonzeros = 0;
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j) nonzeros += X(i, j) != T(0);
  if (static_cast<double>(X.size() - nonzeros) < min_zero_share * static_cast<double>(X.size())) return false;
  rows_ = X.rows();
  cols_ = X.cols();
  b_stride_ = b_stride;
  row_begin_.resize(static_cast<std::size_t>(rows_));
  row_end_.resize(static_cast<std::size_t>(rows_));
  own_index_.resize(static_cast<std::size_t>(nonzeros + 1));  // + 1: the write after the last entry
  own_entry_.resize(static_cast<std::size_t>(nonzeros + 1));
  Index at = 0;
  for (Index i = 0; i < rows_; ++i) {
    row_begin_[static_cast<std::size_t>(i)] = at;
    const T* x = X.data() + i * X.outerStride();
    for (Index j = 0; j < cols_; ++j) {
      own_index_[static_cast<std::size_t>(at)] = static_cast<int>(j);
      own_entry_[static_cast<std::size_t>(at)] = {x[j], offset_of_row(j)};
      at += x[j] != T(0);
    }
    row_end_[static_cast<std::size_t>(i)] = at;
  }
  row_index_ = own_index_.data();
  row_entry_ = own_entry_.data();
  columns_listed_ = by_columns;
  if (by_columns) list_columns(true);
  return true;
}

template <class T>
void NonzeroEntriesOf<T>::list_rows_of(const NonzeroEntriesOf& all, const int* rows, Index count) {
  rows_ = count;
  cols_ = all.cols_;
  b_stride_ = all.b_stride_;
  row_begin_.resize(static_cast<std::size_t>(count));
  row_end_.resize(static_cast<std::size_t>(count));
  for (Index i = 0; i < count; ++i) {
    const auto row = static_cast<std::size_t>(rows[i]);
    row_begin_[static_cast<std::size_t>(i)] = all.row_begin_[row];
    row_end_[static_cast<std::size_t>(i)] = all.row_end_[row];
  }
  row_index_ = all.row_index_;
  row_entry_ = all.row_entry_;
  columns_listed_ = true;
  list_columns(false);
}

// The row lists' entries sorted by column, rows in order within each column. `counted`: each column's
// list where the one before ends, after a pass that counts them (the room of the nonzeros: a fit's
// lists of all of X, made once). Otherwise in one pass: column c's list gets room for every row, from
// c·rows (a column has at most one entry a row), the size of the rows' dense entries (a batch's
// lists, made per batch). Through local pointers: the stores could alias the lists for the compiler,
// which would reload them.
template <class T>
void NonzeroEntriesOf<T>::list_columns(bool counted) {
  const Index *begin = row_begin_.data(), *end = row_end_.data();
  const int* column = row_index_;
  const ListedEntry<T>* row_entry = row_entry_;
  column_begin_.assign(static_cast<std::size_t>(cols_), 0);
  Index room = cols_ * rows_;
  if (counted) {
    for (Index i = 0; i < rows_; ++i)
      for (Index e = begin[i]; e < end[i]; ++e) ++column_begin_[static_cast<std::size_t>(column[e])];
    room = 0;
    for (Index& start : column_begin_) room += std::exchange(start, room);  // counts to starts
  } else {
    for (Index c = 0; c < cols_; ++c) column_begin_[static_cast<std::size_t>(c)] = c * rows_;
  }
  column_end_ = column_begin_;
  column_row_.resize(static_cast<std::size_t>(room));
  column_entry_.resize(static_cast<std::size_t>(room));
  Index* fill = column_end_.data();
  int* row = column_row_.data();
  ListedEntry<T>* entry = column_entry_.data();
  for (Index i = 0; i < rows_; ++i) {
    const std::ptrdiff_t offset = offset_of_row(i);
    for (Index e = begin[i], stop = end[i]; e < stop; ++e) {
      const Index at = fill[column[e]]++;
      row[at] = static_cast<int>(i);
      entry[at] = {row_entry[e].value, offset};
    }
  }
}

template <class T>
void sum_scaled_rows(const typename NonzeroEntriesOf<T>::Lists& lists, const RowMatrixRefOf<T>& B,
                     RowMatrixOutOf<T> C, RowFinishOf<T> finish) {
  using Packet = dense_detail::PacketOf<T>;
  constexpr Index kLanes = dense_detail::kPacketWidth<T>;
  const Index k = B.cols(), ldc = C.outerStride();
  if (B.outerStride() != lists.b_stride)
    throw std::logic_error("the lists address B's rows " + std::to_string(lists.b_stride) + " apart, not " +
                           std::to_string(B.outerStride()));
  // The packets in tiles of as even a width as the fewest tiles allow (100 doubles: 8, 7, 7, 7, 7, 7
  // and 7 pairs, not six tiles of 8 and one of 2, whose loop would cost as much per entry for less).
  const Index packets = k / kLanes, tiles = (packets + kTilePackets - 1) / kTilePackets;
  // finish's intercept for the columns from j on.
  const auto from = [&](Index j) {
    return RowFinishOf<T>{finish.intercept ? finish.intercept + j : nullptr, finish.relu};
  };
  Index j = 0;
  for (Index t = 0; t < tiles; ++t) {
    const Index width = packets / tiles + (t < packets % tiles);
    kScaledRowsTiles<Packet>[width - 1](lists, B.data() + j, C.data() + j, ldc, from(j));
    j += kLanes * width;
  }
  if (j < k) kScalarTiles<T>[k - j - 1](lists, B.data() + j, C.data() + j, ldc, from(j));
}

template void narrow_product_in_order<double>(Operand, Operand, Index, MatrixOut);
template void narrow_product_in_order<float>(OperandOf<float>, OperandOf<float>, Index, RowMatrixOutOf<float>);
template class NonzeroEntriesOf<double>;
template class NonzeroEntriesOf<float>;
template void sum_scaled_rows<double>(const NonzeroEntriesOf<double>::Lists&, const RowMatrixRefOf<double>&,
                                      RowMatrixOutOf<double>, RowFinishOf<double>);
template void sum_scaled_rows<float>(const NonzeroEntriesOf<float>::Lists&, const RowMatrixRefOf<float>&,
                                     RowMatrixOutOf<float>, RowFinishOf<float>);

}  // namespace wasmlearn
