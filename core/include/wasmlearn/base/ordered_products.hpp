// Products summed in one stated order, for the MLP: product_in_order runs dense_products.hpp's packed
// kernel (every entry summed in order of the shared index within depth blocks of kDepthBlock, the
// blocks' sums added in order to a zero start), the order the zero-skipping products below repeat
// (multiply_by_transpose picks its kernel by shape instead).
//
// And products with an operand that has many exact zeros (the MLP's and LogisticRegression's inputs:
// digits are about half zeros), summed as product_in_order sums them with the zero terms left out, which
// gives its bits: a term x·b with x = ±0 (b finite) is ±0, and adding ±0 leaves a partial sum as it
// is. The sums start at +0 and never become −0 (in round to nearest x + (−x) is +0, and +0 + (−0) is
// +0), so no sign of zero is lost either; a depth block without a nonzero adds nothing. The nonzero
// entries are listed by rows and by columns; each output row is then a sum of scaled rows of B over
// one list, in tiles of up to 16 columns kept in registers across the list.
//
// When X's columns repeat a few values (digits: 17 levels), Xᵀ·B may instead sum B's rows of each
// value before one multiply (transpose_times_by_value): other bits, the same in every build, a
// multiply a value instead of an entry.
//
// Each comes in doubles and in floats (the MLP's float32 training): four floats to a packet, tiles of
// up to 32 columns.
#pragma once
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "wasmlearn/base/dense_products.hpp"

namespace wasmlearn {

// Row-major matrices of doubles, or of floats (the MLP's float32 training).
template <class T>
using RowMatrixOf = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using RowMatrixRefOf = Eigen::Ref<const RowMatrixOf<T>>;
template <class T>
using RowMatrixOutOf = Eigen::Ref<RowMatrixOf<T>>;

// An operand of product_in_order: a row-major matrix as it is, or its transpose, read in place.
template <class T>
using OperandOf = dense_detail::Strided<T>;
using Operand = OperandOf<double>;
template <class M>
OperandOf<typename M::Scalar> as_is(const M& A) {
  return dense_detail::rows_of(A);
}
template <class M>
OperandOf<typename M::Scalar> transposed(const M& A) {
  return dense_detail::columns_of(A);
}

// C = A·B where B's rows are contiguous and it has at most kNarrowPackets packets of columns (the
// MLP's 10 outputs: 5 packets of doubles, 2.5 of floats): two rows of A at a time against all of B's
// columns, every sum in registers, B read in place (no packing, no zeroed C; its last columns
// through a part of a packet), in the order above.
constexpr Index kNarrowPackets = 5;  // 10 sums a row, two rows, a broadcast each and a load: V8's 16 registers
template <class T>
void narrow_product_in_order(OperandOf<T> A, OperandOf<T> B, Index depth, RowMatrixOutOf<T> C);

namespace ordered_detail {
template <class T>
void packed_product_in_order(OperandOf<T> A, OperandOf<T> B, Index depth, RowMatrixOutOf<T> C) {
  if (depth == 0) C.setZero();  // no depth block writes it
  else dense_detail::accumulate_packed(A, B, C.rows(), C.cols(), depth, C.data(), C.outerStride(), false, true);
}
}  // namespace ordered_detail

// C = A·B (A C.rows()×depth, B depth×C.cols()) in the order above: by the packed kernel, or by the
// narrow tiles when B is narrow (the same bits).
template <class T>
void product_in_order(OperandOf<T> A, OperandOf<T> B, Index depth, RowMatrixOutOf<T> C) {
  if (B.col_stride == 1 && C.cols() > 0 && C.cols() <= kNarrowPackets * dense_detail::kPacketWidth<T> && depth > 0)
    return narrow_product_in_order<T>(A, B, depth, C);
  ordered_detail::packed_product_in_order(A, B, depth, C);
}
inline void product_in_order(Operand A, Operand B, Index depth, MatrixOut C) { product_in_order<double>(A, B, depth, C); }
inline void product_in_order(OperandOf<float> A, OperandOf<float> B, Index depth, RowMatrixOutOf<float> C) {
  product_in_order<float>(A, B, depth, C);
}

// A listed entry: its value and where the row of B it scales in a product starts, in bytes from B's
// first row (so the products' loops have no multiply).
template <class T>
struct ListedEntry {
  T value;
  std::ptrdiff_t offset;
};

// The entries a value slot must hold on average (see list_values_if_repeated) for Xᵀ·B a value at a
// time to be the faster: a slot costs a loop exit a tile (digits' batches of 200, 8 entries a slot,
// were slower).
constexpr double kMinEntriesPerValueSlot = 24;

// The nonzero entries of a row-major matrix of T, listed by rows (and by columns), each list in
// order, for products X·B and Xᵀ·B whose B has its rows `b_stride` apart.
template <class T>
class NonzeroEntriesOf {
 public:
  // Lists X's nonzeros by rows, and by columns too with `by_columns` (for Xᵀ·B; the MLP lists its
  // batches' columns instead), and returns true when at least `min_zero_share` of its entries are
  // zeros; otherwise returns false and lists nothing (the dense products are then faster).
  bool list_if_sparse(const RowMatrixRefOf<T>& X, double min_zero_share, Index b_stride, bool by_columns);

  // The lists of rows[0 .. count) of the matrix `all` lists, in that order: what list_if_sparse of
  // those rows would list, without a pass over their entries. The lists by rows stay in `all`'s
  // memory (it must outlive this and keep its lists); the lists by columns are sorted out of them,
  // or by value slots when `all` lists its values (then no row may come twice).
  void list_rows_of(const NonzeroEntriesOf& all, const int* rows, Index count);

  // Besides the lists by rows, each column's distinct nonzero values in order of first appearance
  // (its value slots) and the rows' entries by slot, for products Xᵀ·B summed a value at a time
  // (transpose_times_by_value); list_rows_of then lists its rows by slot, not by column. Done when
  // `batch_rows` of the rows would hold at least `min_entries_per_slot` entries a slot on average
  // (digits, every row: 17 values, 53 entries a slot), returning true; otherwise lists nothing more.
  // After list_if_sparse.
  bool list_values_if_repeated(Index batch_rows, double min_entries_per_slot = kMinEntriesPerValueSlot);

  // One list per row or per column: entries begin[r] .. end[r] of index (their column or row) and
  // entry (their value and B's row), for a B with rows b_stride apart.
  struct Lists {
    const Index* begin;
    const Index* end;
    const int* index;
    const ListedEntry<T>* entry;
    Index count;
    Index b_stride;
  };
  Lists by_rows() const { return {row_begin_.data(), row_end_.data(), row_index_, row_entry_, rows_, b_stride_}; }
  Lists by_columns() const {
    if (!columns_listed_) throw std::logic_error("the nonzeros were listed by rows only");
    return {column_begin_.data(), column_end_.data(), column_row_.data(), column_entry_.data(), cols_, b_stride_};
  }
  // The rows' entries by value slot: column c's slots are column_slot[c] .. column_slot[c + 1], slot
  // s holds value[s] and the entries begin[s] .. end[s] of offset (where each entry's row of B
  // starts, in bytes from B's first row), in order of the rows.
  struct Slots {
    const Index* column_slot;
    const T* value;
    const Index* begin;
    const Index* end;
    const std::ptrdiff_t* offset;
    Index cols;
    Index b_stride;
  };
  Slots by_values() const {
    if (!values_listed_) throw std::logic_error("the nonzeros were not listed by values");
    return {column_slot_, slot_value_, slot_begin_.data(), slot_end_.data(), slot_offset_.data(), cols_, b_stride_};
  }
  bool values_listed() const { return values_listed_; }
  Index rows() const { return rows_; }
  Index cols() const { return cols_; }

 private:
  void list_columns(bool counted);
  void list_slots();
  std::ptrdiff_t offset_of_row(Index row) const {
    return static_cast<std::ptrdiff_t>(row) * b_stride_ * static_cast<std::ptrdiff_t>(sizeof(T));
  }

  Index rows_ = 0, cols_ = 0, b_stride_ = 0;
  bool columns_listed_ = false;
  std::vector<Index> row_begin_, row_end_, column_begin_, column_end_;
  const int* row_index_ = nullptr;  // in own_index_ and own_entry_, or in another list's
  const ListedEntry<T>* row_entry_ = nullptr;
  std::vector<int> own_index_, column_row_;
  std::vector<ListedEntry<T>> own_entry_, column_entry_;
  // By value slots: the slots (each column's, their values, each entry's slot beside the row lists,
  // each slot's entries in all the rows) in own_* or in another list's; the rows' entries by slot.
  bool values_listed_ = false;
  const Index* column_slot_ = nullptr;
  const T* slot_value_ = nullptr;
  const int* entry_slot_ = nullptr;
  const Index* slot_entries_ = nullptr;
  std::vector<Index> own_column_slot_, own_slot_entries_;
  std::vector<T> own_slot_value_;
  std::vector<int> own_entry_slot_;
  std::vector<Index> slot_begin_, slot_end_;
  std::vector<std::ptrdiff_t> slot_offset_;
  std::vector<bool> row_listed_;
};
using NonzeroEntries = NonzeroEntriesOf<double>;

// What is done to each row of a product as it is stored, in this order: + intercept (B.cols() values,
// when not null), then max(·, 0) when relu. The bits of doing it in a pass over the product after.
template <class T>
struct RowFinishOf {
  const T* intercept = nullptr;
  bool relu = false;
};
using RowFinish = RowFinishOf<double>;

// C(r, :) = finish(Σ over list r's entries e of value[e]·B(index[e], :)), for r < lists.count; B's
// rows must be lists.b_stride apart.
template <class T>
void sum_scaled_rows(const typename NonzeroEntriesOf<T>::Lists& lists, const RowMatrixRefOf<T>& B,
                     RowMatrixOutOf<T> C, RowFinishOf<T> finish = {});

// C = finish(X·B): the bits of product_in_order(as_is(X), as_is(B), X.cols(), C), then finish.
inline void product_in_order(const NonzeroEntries& X, const MatrixRef& B, MatrixOut C, RowFinish finish = {}) {
  sum_scaled_rows<double>(X.by_rows(), B, C, finish);
}
inline void product_in_order(const NonzeroEntriesOf<float>& X, const RowMatrixRefOf<float>& B,
                             RowMatrixOutOf<float> C, RowFinishOf<float> finish = {}) {
  sum_scaled_rows<float>(X.by_rows(), B, C, finish);
}

// C = Xᵀ·B summed a value at a time, for X listed by values: C(c, :) = Σ over column c's values v, in
// order of their slots, of v·(Σ of B's rows of the entries of value v, in order of the rows), from +0.
// One multiply a value, not an entry: other bits than transpose_times_in_order's, the same in every
// build.
template <class T>
void transpose_times_by_value(const NonzeroEntriesOf<T>& X, const RowMatrixRefOf<T>& B, RowMatrixOutOf<T> C);

// C = Xᵀ·B: a value at a time when X lists its values, else transpose_times_in_order's.
template <class T>
void transpose_times_listed(const NonzeroEntriesOf<T>& X, const RowMatrixRefOf<T>& B, RowMatrixOutOf<T> C) {
  if (X.values_listed()) transpose_times_by_value<T>(X, B, C);
  else sum_scaled_rows<T>(X.by_columns(), B, C);
}

// C = Xᵀ·B: the bits of product_in_order(transposed(X), as_is(B), X.rows(), C).
inline void transpose_times_in_order(const NonzeroEntries& X, const MatrixRef& B, MatrixOut C) {
  sum_scaled_rows<double>(X.by_columns(), B, C);
}
inline void transpose_times_in_order(const NonzeroEntriesOf<float>& X, const RowMatrixRefOf<float>& B,
                                     RowMatrixOutOf<float> C) {
  sum_scaled_rows<float>(X.by_columns(), B, C);
}

}  // namespace wasmlearn
