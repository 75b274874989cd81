#include "wasmlearn/base/ordered_products.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

namespace wasmlearn {
namespace {

// The lists' offsets address B's rows `listed` apart: a B with another stride is refused, not misread.
void check_b_stride(Index listed, Index b_stride) {
  if (b_stride != listed)
    throw std::logic_error("the lists address B's rows " + std::to_string(listed) + " apart, not " +
                           std::to_string(b_stride));
}

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

// The columns 0 .. k of a product in tiles of whole packets (of T), as even in width as the fewest
// tiles of at most kMaxPackets allow (100 doubles, 8 at most: 8, 7, 7, 7, 7, 7 and 7 pairs, not six
// tiles of 8 and one of 2, whose loop would cost as much per entry for less): packets(j, width) for
// each; then scalars(j, count) for the last columns past whole packets (a double, up to three floats).
template <class T, int kMaxPackets, class Packets, class Scalars>
void for_column_tiles(Index k, Packets packets, Scalars scalars) {
  constexpr Index kLanes = dense_detail::kPacketWidth<T>;
  const Index whole = k / kLanes, tiles = (whole + kMaxPackets - 1) / kMaxPackets;
  Index j = 0;
  for (Index t = 0; t < tiles; ++t) {
    const Index width = whole / tiles + (t < whole % tiles);
    packets(j, width);
    j += kLanes * width;
  }
  if (j < k) scalars(j, k - j);
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

// C(c, 0 .. kWidth·w) = Σ over column c's value slots s of value[s]·(Σ of B's rows of slot s's
// entries, 0 .. kWidth·w) for every column c, w scalars in a P as scaled_rows_tile's: each slot's sum
// from its first entry's row on, in registers beside the column's (2·kWidth of them).
template <class P, int kWidth>
__attribute__((noinline)) void value_slots_tile(const typename NonzeroEntriesOf<typename ScalarOf<P>::type>::Slots& slots,
                                                const typename ScalarOf<P>::type* B, typename ScalarOf<P>::type* C,
                                                Index ldc) {
  using S = typename ScalarOf<P>::type;
  constexpr Index kStep = sizeof(P) / sizeof(S);
  const auto row_of = [b_bytes = reinterpret_cast<const char*>(B)](std::ptrdiff_t offset) {
    return reinterpret_cast<const S*>(b_bytes + offset);
  };
  for (Index c = 0; c < slots.cols; ++c, C += ldc) {
    P acc[kWidth];
    for (auto& v : acc) v = P{};
    for (Index s = slots.column_slot[c], last = slots.column_slot[c + 1]; s < last; ++s) {
      const std::ptrdiff_t *entry = slots.offset + slots.begin[s], *stop = slots.offset + slots.end[s];
      if (entry == stop) continue;
      P sum[kWidth];
      const S* first = row_of(*entry);
      for (int h = 0; h < kWidth; ++h) sum[h] = load_as<P>(first + kStep * h);
      while (++entry != stop) {
        const S* b = row_of(*entry);
        for (int h = 0; h < kWidth; ++h) sum[h] += load_as<P>(b + kStep * h);
      }
      const P v = splat_as<P>(slots.value[s]);
      for (int h = 0; h < kWidth; ++h) acc[h] += v * sum[h];
    }
    for (int h = 0; h < kWidth; ++h) store_as(C + kStep * h, acc[h]);
  }
}

// 12 doubles or 24 floats: 12 sums, the broadcast and a load in V8's registers.
constexpr int kSlotTilePackets = 6;
template <class P>
using ValueSlotsTile = void (*)(const typename NonzeroEntriesOf<typename ScalarOf<P>::type>::Slots&,
                                const typename ScalarOf<P>::type*, typename ScalarOf<P>::type*, Index);
template <class P>
constexpr ValueSlotsTile<P> kValueSlotsTiles[kSlotTilePackets] = {value_slots_tile<P, 1>, value_slots_tile<P, 2>,
                                                                  value_slots_tile<P, 3>, value_slots_tile<P, 4>,
                                                                  value_slots_tile<P, 5>, value_slots_tile<P, 6>};
template <class S>
constexpr ValueSlotsTile<S> kScalarSlotTiles[3] = {value_slots_tile<S, 1>, value_slots_tile<S, 2>, value_slots_tile<S, 3>};

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
  values_listed_ = false;
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
  values_listed_ = all.values_listed_;
  columns_listed_ = !values_listed_;
  if (!values_listed_) return list_columns(false);
  column_slot_ = all.column_slot_;
  slot_value_ = all.slot_value_;
  entry_slot_ = all.entry_slot_;
  slot_entries_ = all.slot_entries_;
  // Each slot gets room for its entries in all the rows, or for every row: so no row may come twice.
  row_listed_.assign(static_cast<std::size_t>(all.rows_), false);
  for (Index i = 0; i < count; ++i) {
    if (row_listed_[static_cast<std::size_t>(rows[i])]) throw std::logic_error("a row to list by values comes twice");
    row_listed_[static_cast<std::size_t>(rows[i])] = true;
  }
  list_slots();
}

// Each entry's slot by a hash table of (column, value's bits) in order of the rows, the slots numbered
// in order of first appearance, then renumbered column by column; given up as soon as there are more
// slots than the average asked for allows (continuous values: after that many entries).
template <class T>
bool NonzeroEntriesOf<T>::list_values_if_repeated(Index batch_rows, double min_entries_per_slot) {
  if (row_entry_ != own_entry_.data())  // a batch's lists are in another list's memory, not one run
    throw std::logic_error("values are listed on the lists of list_if_sparse only");
  values_listed_ = false;
  const Index nonzeros = rows_ > 0 ? row_end_.back() : 0;
  const double batch_entries =
      rows_ > 0 ? static_cast<double>(nonzeros) * static_cast<double>(std::min(batch_rows, rows_)) / static_cast<double>(rows_) : 0;
  const auto max_slots = static_cast<std::size_t>(batch_entries / min_entries_per_slot);
  if (max_slots == 0) return false;
  std::size_t capacity = 16;
  int shift = 60;  // the hash's top bits index the table
  for (; capacity < 2 * max_slots; capacity *= 2) --shift;
  struct Cell {
    std::uint64_t bits;
    int column;
    int slot;  // −1: empty
  };
  std::vector<Cell> table(capacity, Cell{0, 0, -1});
  std::vector<int> slot_column, entry_slot(static_cast<std::size_t>(nonzeros));
  std::vector<T> value_of_slot;
  for (Index e = 0; e < nonzeros; ++e) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &row_entry_[e].value, sizeof(T));
    const int column = row_index_[e];
    std::size_t at = static_cast<std::size_t>(((bits ^ static_cast<std::uint64_t>(column)) * 0x9E3779B97F4A7C15ULL) >> shift);
    while (table[at].slot >= 0 && (table[at].bits != bits || table[at].column != column)) at = (at + 1) & (capacity - 1);
    if (table[at].slot < 0) {
      if (slot_column.size() == max_slots) return false;
      table[at] = {bits, column, static_cast<int>(slot_column.size())};
      slot_column.push_back(column);
      value_of_slot.push_back(row_entry_[e].value);
    }
    entry_slot[static_cast<std::size_t>(e)] = table[at].slot;
  }
  // Renumbered so that each column's slots follow each other, in order of first appearance.
  std::vector<Index> column_slot(static_cast<std::size_t>(cols_ + 1), 0);
  for (const int c : slot_column) ++column_slot[static_cast<std::size_t>(c) + 1];
  std::partial_sum(column_slot.begin(), column_slot.end(), column_slot.begin());
  std::vector<Index> fill(column_slot.begin(), column_slot.end() - 1), slot_entries(slot_column.size(), 0);
  std::vector<int> renumbered(slot_column.size());
  std::vector<T> slot_value(slot_column.size());
  for (std::size_t s = 0; s < slot_column.size(); ++s) {
    const auto to = static_cast<std::size_t>(fill[static_cast<std::size_t>(slot_column[s])]++);
    renumbered[s] = static_cast<int>(to);
    slot_value[to] = value_of_slot[s];
  }
  for (int& slot : entry_slot) {
    slot = renumbered[static_cast<std::size_t>(slot)];
    ++slot_entries[static_cast<std::size_t>(slot)];
  }
  own_column_slot_ = std::move(column_slot);
  own_slot_entries_ = std::move(slot_entries);
  own_slot_value_ = std::move(slot_value);
  own_entry_slot_ = std::move(entry_slot);
  column_slot_ = own_column_slot_.data();
  slot_value_ = own_slot_value_.data();
  entry_slot_ = own_entry_slot_.data();
  slot_entries_ = own_slot_entries_.data();
  values_listed_ = true;
  list_slots();
  return true;
}

// The rows' entries by slot in one pass: slot s's list gets room for min(its entries in all the rows,
// the rows), which the rows (each once) cannot overfill.
template <class T>
void NonzeroEntriesOf<T>::list_slots() {
  const auto slots = static_cast<std::size_t>(column_slot_[cols_]);
  slot_begin_.resize(slots);
  Index room = 0;
  for (std::size_t s = 0; s < slots; ++s) {
    slot_begin_[s] = room;
    room += std::min(slot_entries_[s], rows_);
  }
  slot_end_ = slot_begin_;
  slot_offset_.resize(static_cast<std::size_t>(room));
  const Index *begin = row_begin_.data(), *end = row_end_.data();
  const int* slot = entry_slot_;
  Index* fill = slot_end_.data();
  std::ptrdiff_t* offset = slot_offset_.data();
  for (Index i = 0; i < rows_; ++i) {
    const std::ptrdiff_t row_offset = offset_of_row(i);
    for (Index e = begin[i], stop = end[i]; e < stop; ++e) offset[fill[slot[e]]++] = row_offset;
  }
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
  const Index ldc = C.outerStride();
  check_b_stride(lists.b_stride, B.outerStride());
  // finish's intercept for the columns from j on.
  const auto from = [&](Index j) {
    return RowFinishOf<T>{finish.intercept ? finish.intercept + j : nullptr, finish.relu};
  };
  for_column_tiles<T, kTilePackets>(
      B.cols(), [&](Index j, Index width) { kScaledRowsTiles<Packet>[width - 1](lists, B.data() + j, C.data() + j, ldc, from(j)); },
      [&](Index j, Index count) { kScalarTiles<T>[count - 1](lists, B.data() + j, C.data() + j, ldc, from(j)); });
}

template <class T>
void transpose_times_by_value(const NonzeroEntriesOf<T>& X, const RowMatrixRefOf<T>& B, RowMatrixOutOf<T> C) {
  using Packet = dense_detail::PacketOf<T>;
  const typename NonzeroEntriesOf<T>::Slots slots = X.by_values();
  check_b_stride(slots.b_stride, B.outerStride());
  const Index ldc = C.outerStride();
  for_column_tiles<T, kSlotTilePackets>(
      B.cols(), [&](Index j, Index width) { kValueSlotsTiles<Packet>[width - 1](slots, B.data() + j, C.data() + j, ldc); },
      [&](Index j, Index count) { kScalarSlotTiles<T>[count - 1](slots, B.data() + j, C.data() + j, ldc); });
}

template void narrow_product_in_order<double>(Operand, Operand, Index, MatrixOut);
template void narrow_product_in_order<float>(OperandOf<float>, OperandOf<float>, Index, RowMatrixOutOf<float>);
template class NonzeroEntriesOf<double>;
template class NonzeroEntriesOf<float>;
template void sum_scaled_rows<double>(const NonzeroEntriesOf<double>::Lists&, const RowMatrixRefOf<double>&,
                                      RowMatrixOutOf<double>, RowFinishOf<double>);
template void sum_scaled_rows<float>(const NonzeroEntriesOf<float>::Lists&, const RowMatrixRefOf<float>&,
                                     RowMatrixOutOf<float>, RowFinishOf<float>);
template void transpose_times_by_value<double>(const NonzeroEntriesOf<double>&, const RowMatrixRefOf<double>&,
                                               RowMatrixOutOf<double>);
template void transpose_times_by_value<float>(const NonzeroEntriesOf<float>&, const RowMatrixRefOf<float>&,
                                              RowMatrixOutOf<float>);

}  // namespace wasmlearn
