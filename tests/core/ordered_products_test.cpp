// The MLP's products (base/ordered_products.hpp): product_in_order sums every entry in order of the
// shared index, within depth blocks of 256 whose sums are added in order (the same bits in every
// build, so the loops below give them exactly), and the products that skip a matrix's zeros give its
// bits, −0 entries included, on shapes past the 16-column tiles (32 for floats), odd column counts and
// depths past a block (rows and columns past 256), and the intercept and relu applied as the rows are
// stored; in doubles and in floats (the MLP's float32 training).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "wasmlearn/base/ordered_products.hpp"
#include "wasmlearn/base/random.hpp"

using namespace wasmlearn;

namespace {

// Uniform on (−1, 1), with a share of exact zeros (every third one −0).
Matrix matrix_with_zeros(Index rows, Index cols, double zero_share, std::uint64_t seed) {
  Random rng(seed);
  Matrix M(rows, cols);
  int zeros = 0;
  for (Index i = 0; i < M.size(); ++i) {
    const bool zero = rng.uniform(0, 1) < zero_share;
    M.data()[i] = zero ? (++zeros % 3 ? 0.0 : -0.0) : rng.uniform(-1, 1);
  }
  return M;
}

// A·B summed as product_in_order says: in order within blocks of 256, the blocks' sums in order.
template <class T>
RowMatrixOf<T> blocked_loops(const RowMatrixOf<T>& A, const RowMatrixOf<T>& B) {
  RowMatrixOf<T> C = RowMatrixOf<T>::Zero(A.rows(), B.cols());
  for (Index i = 0; i < A.rows(); ++i)
    for (Index j = 0; j < B.cols(); ++j)
      for (Index t0 = 0; t0 < A.cols(); t0 += 256) {
        T sum = 0;
        for (Index t = t0; t < std::min(A.cols(), t0 + 256); ++t) sum += A(i, t) * B(t, j);
        C(i, j) += sum;
      }
  return C;
}

// matrix_with_zeros in T (zeros and −0 kept).
template <class T>
RowMatrixOf<T> values_with_zeros(Index rows, Index cols, double zero_share, std::uint64_t seed) {
  return matrix_with_zeros(rows, cols, zero_share, seed).cast<T>();
}

// The matrix the lists are checked on by hand: 11 of its 20 entries zeros, −0 among them, and a row
// of zeros.
Matrix small_matrix() {
  Matrix X(4, 5);
  X << 0, 1, 0, -0.0, 2,  //
      3, 0, 0, 4, 0,      //
      0, 0, 0, 0, 0,      //
      5, 6, 7, 8, 9;
  return X;
}

// List c's indices and values.
std::vector<double> listed_indices(const NonzeroEntries::Lists& lists, Index c) {
  return std::vector<double>(lists.index + lists.begin[c], lists.index + lists.end[c]);
}
std::vector<double> listed_values(const NonzeroEntries::Lists& lists, Index c) {
  std::vector<double> values;
  for (Index e = lists.begin[c]; e < lists.end[c]; ++e) values.push_back(lists.entry[e].value);
  return values;
}
// Every entry's offset is where its row of a B with rows b_stride apart starts, in bytes.
void expect_offsets_of_b_rows(const NonzeroEntries::Lists& lists, Index b_stride) {
  EXPECT_EQ(lists.b_stride, b_stride);
  for (Index r = 0; r < lists.count; ++r)
    for (Index e = lists.begin[r]; e < lists.end[r]; ++e)
      ASSERT_EQ(lists.entry[e].offset, static_cast<std::ptrdiff_t>(lists.index[e] * b_stride * 8)) << r << ", " << e;
}

const Index kRows[] = {1, 7, 300}, kDepths[] = {1, 8, 9, 16, 17, 300}, kColumns[] = {1, 2, 3, 4, 10, 11, 16, 17, 20, 21, 33, 100};

}  // namespace

// In doubles and in floats (four to a packet: the float32 training's products).
template <class T>
void check_sum_in_order_within_blocks() {
  using M = RowMatrixOf<T>;
  for (const Index m : kRows)
    for (const Index depth : kDepths)
      for (const Index k : kColumns) {
        const M A = values_with_zeros<T>(m, depth, 0.2, 1), B = values_with_zeros<T>(depth, k, 0.0, 2);
        const M At = A.transpose(), Bt = B.transpose();
        const M expected = blocked_loops<T>(A, B);
        // NaN before: the products write C without reading it (no zeroing first).
        const M unread = M::Constant(m, k, T(std::nan("")));
        M C = unread, D = unread, E = unread;
        product_in_order(as_is(A), as_is(B), depth, C);
        product_in_order(transposed(At), as_is(B), depth, D);
        product_in_order(as_is(A), transposed(Bt), depth, E);
        ASSERT_EQ(C, expected) << m << " × " << depth << " × " << k;
        ASSERT_EQ(D, expected) << m << " × " << depth << " × " << k;
        ASSERT_EQ(E, expected) << m << " × " << depth << " × " << k;
      }
}

TEST(OrderedProducts, SumInOrderWithinBlocks) {
  check_sum_in_order_within_blocks<double>();
  check_sum_in_order_within_blocks<float>();
}

template <class T>
void check_skipping_zeros() {
  using M = RowMatrixOf<T>;
  NonzeroEntriesOf<T> listed;
  for (const Index rows : kRows)
    for (const Index cols : kDepths)
      for (const Index k : kColumns) {
        const M X = values_with_zeros<T>(rows, cols, 0.5, 3);
        ASSERT_TRUE(listed.list_if_sparse(X, 0.0, k, true));
        const M W = values_with_zeros<T>(cols, k, 0.0, 4), D = values_with_zeros<T>(rows, k, 0.0, 5);
        M dense(rows, k), sparse(rows, k);
        product_in_order(as_is(X), as_is(W), cols, dense);
        product_in_order(listed, W, sparse);
        ASSERT_EQ(sparse, dense) << "X·W " << rows << " × " << cols << " × " << k;
        M dense_t(cols, k), sparse_t(cols, k);
        product_in_order(transposed(X), as_is(D), rows, dense_t);
        transpose_times_in_order(listed, D, sparse_t);
        ASSERT_EQ(sparse_t, dense_t) << "Xᵀ·D " << rows << " × " << cols << " × " << k;
        for (Index i = 0; i < sparse_t.size(); ++i) ASSERT_FALSE(std::signbit(sparse_t.data()[i]) && sparse_t.data()[i] == 0);
      }
}

TEST(OrderedProducts, SkippingZerosGivesTheSameBits) {
  check_skipping_zeros<double>();
  check_skipping_zeros<float>();
}

// RowsFinishedAsStored past the hand-checked case, in doubles and floats.
template <class T>
void check_rows_finished_as_stored() {
  using M = RowMatrixOf<T>;
  NonzeroEntriesOf<T> listed;
  for (const Index rows : {7, 300})
    for (const Index cols : kDepths)
      for (const Index k : kColumns) {
        const M X = values_with_zeros<T>(rows, cols, 0.5, 6), W = values_with_zeros<T>(cols, k, 0.0, 7);
        const M b = values_with_zeros<T>(1, k, 0.0, 8);
        ASSERT_TRUE(listed.list_if_sparse(X, 0.0, k, true));
        M product(rows, k), finished(rows, k);
        product_in_order(as_is(X), as_is(W), cols, product);
        for (const bool relu : {false, true}) {
          product_in_order(listed, W, finished, {b.data(), relu});
          for (Index i = 0; i < rows; ++i)
            for (Index j = 0; j < k; ++j) {
              const T z = product(i, j) + b(0, j), want = relu && z < 0 ? T(0) : z;
              ASSERT_EQ(std::signbit(finished(i, j)), std::signbit(want));
              ASSERT_EQ(finished(i, j), want) << rows << " × " << cols << " × " << k << " relu " << relu;
            }
        }
      }
}

// The intercept and relu applied as the tiles store X·W's rows: the bits of a pass over the product
// after, past a depth block (the last block's store finishes) and past the tiles' widths; by hand on
// the small matrix, whose empty row finishes as max(intercept, 0).
TEST(OrderedProducts, RowsFinishedAsStored) {
  NonzeroEntries listed;
  ASSERT_TRUE(listed.list_if_sparse(small_matrix(), 0.0, 2, true));
  Matrix W(5, 2);
  W.col(0).setOnes();
  W.col(1).setConstant(-1);
  const double intercept[] = {-5, 4};
  Matrix C(4, 2), expected(4, 2);
  product_in_order(listed, W, C, {intercept, true});
  expected << 0, 1, 2, 0, 0, 4, 30, 0;  // X·W's rows (3, −3), (7, −7), (0, 0), (35, −35)
  EXPECT_EQ(C, expected);
  product_in_order(listed, W, C, {intercept, false});
  expected << -2, 1, 2, -3, -5, 4, 30, -31;
  EXPECT_EQ(C, expected);
  check_rows_finished_as_stored<double>();
  check_rows_finished_as_stored<float>();
}

// The lists hold where B's rows start for one row stride: a B with another is refused, not misread.
TEST(OrderedProducts, ListsServeTheirRowStrideOnly) {
  NonzeroEntries listed;
  ASSERT_TRUE(listed.list_if_sparse(small_matrix(), 0.0, 2, true));
  Matrix C(4, 3), CT(5, 3);
  EXPECT_THROW(product_in_order(listed, Matrix::Ones(5, 3), C), std::logic_error);
  EXPECT_THROW(transpose_times_in_order(listed, Matrix::Ones(4, 3), CT), std::logic_error);
  const Matrix W = Matrix::Ones(5, 4);
  Matrix C2(4, 2);
  EXPECT_THROW(product_in_order(listed, W.leftCols(2), C2), std::logic_error);  // 2 columns, rows 4 apart
}

TEST(OrderedProducts, ListsOnlyWhenZerosAreCommon) {
  const Matrix X = small_matrix();
  NonzeroEntries listed;
  EXPECT_FALSE(listed.list_if_sparse(X, 0.6, 3, true));  // 11 of 20 zeros, −0 among them
  ASSERT_TRUE(listed.list_if_sparse(X, 0.55, 3, true));
  const NonzeroEntries::Lists rows = listed.by_rows(), columns = listed.by_columns();
  EXPECT_EQ(rows.count, 4);
  EXPECT_EQ(std::vector<Index>(rows.begin, rows.begin + 4), (std::vector<Index>{0, 2, 4, 4}));
  EXPECT_EQ(std::vector<Index>(rows.end, rows.end + 4), (std::vector<Index>{2, 4, 4, 9}));
  EXPECT_EQ(std::vector<int>(rows.index, rows.index + 4), (std::vector<int>{1, 4, 0, 3}));
  EXPECT_EQ(columns.count, 5);
  // column c's list where column c − 1's ends (counted: the room of the nonzeros): its rows and values
  EXPECT_EQ(std::vector<Index>(columns.begin, columns.begin + 5), (std::vector<Index>{0, 2, 4, 5, 7}));
  EXPECT_EQ(std::vector<Index>(columns.end, columns.end + 5), (std::vector<Index>{2, 4, 5, 7, 9}));
  const std::vector<std::vector<double>> rows_of_columns = {{1, 3}, {0, 3}, {3}, {1, 3}, {0, 3}},
                                         values_of_columns = {{3, 5}, {1, 6}, {7}, {4, 8}, {2, 9}};
  for (Index c = 0; c < 5; ++c) {
    EXPECT_EQ(listed_indices(columns, c), rows_of_columns[static_cast<std::size_t>(c)]) << "column " << c;
    EXPECT_EQ(listed_values(columns, c), values_of_columns[static_cast<std::size_t>(c)]) << "column " << c;
  }
  expect_offsets_of_b_rows(rows, 3);
  expect_offsets_of_b_rows(columns, 3);
}

// A batch's lists gathered from the lists of every row (the MLP lists its training rows once per
// fit): by hand on the matrix above, then against listing the gathered rows and against the dense
// products, bit for bit, on batches past a depth block and the tiles (shuffled rows, repeats).
TEST(OrderedProducts, ListsOfGatheredRows) {
  const Matrix X = small_matrix();
  NonzeroEntries all, batch;
  ASSERT_TRUE(all.list_if_sparse(X, 0.5, 3, true));
  const int picked[] = {3, 0, 2};
  batch.list_rows_of(all, picked, 3);
  const NonzeroEntries::Lists rows = batch.by_rows(), columns = batch.by_columns();
  EXPECT_EQ(rows.count, 3);
  EXPECT_EQ(std::vector<Index>(rows.begin, rows.begin + 3), (std::vector<Index>{4, 0, 4}));
  EXPECT_EQ(std::vector<Index>(rows.end, rows.end + 3), (std::vector<Index>{9, 2, 4}));
  EXPECT_EQ(columns.count, 5);
  // a batch's column c from c·rows (room for every row, no counting pass)
  EXPECT_EQ(std::vector<Index>(columns.begin, columns.begin + 5), (std::vector<Index>{0, 3, 6, 9, 12}));
  EXPECT_EQ(std::vector<Index>(columns.end, columns.end + 5), (std::vector<Index>{1, 5, 7, 10, 14}));
  const std::vector<std::vector<double>> rows_of_columns = {{0}, {0, 1}, {0}, {0}, {0, 1}},
                                         values_of_columns = {{5}, {6, 1}, {7}, {8}, {9, 2}};
  for (Index c = 0; c < 5; ++c) {
    EXPECT_EQ(listed_indices(columns, c), rows_of_columns[static_cast<std::size_t>(c)]) << "column " << c;
    EXPECT_EQ(listed_values(columns, c), values_of_columns[static_cast<std::size_t>(c)]) << "column " << c;
  }
  expect_offsets_of_b_rows(rows, 3);
  expect_offsets_of_b_rows(columns, 3);

  Random rng(6);
  for (const Index n : {Index(9), Index(700)})
    for (const Index cols : kDepths) {
      const Matrix Y = matrix_with_zeros(n, cols, 0.5, 7);
      std::vector<int> order(static_cast<std::size_t>(n));
      for (Index i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = static_cast<int>(i);
      rng.shuffle(order.data(), order.data() + n);
      order.back() = order.front();  // a repeated row
      for (const Index k : {Index(3), Index(10), Index(17), Index(100)}) {
        ASSERT_TRUE(all.list_if_sparse(Y, 0.0, k, false));  // by rows only, as the MLP lists X
        EXPECT_THROW(all.by_columns(), std::logic_error);
        for (const Index count : {Index(1), n / 2, n}) {
          Matrix gathered(count, cols);
          for (Index i = 0; i < count; ++i) gathered.row(i) = Y.row(order[static_cast<std::size_t>(i)]);
          batch.list_rows_of(all, order.data(), count);
          expect_offsets_of_b_rows(batch.by_rows(), k);
          expect_offsets_of_b_rows(batch.by_columns(), k);
          const Matrix W = matrix_with_zeros(cols, k, 0.0, 8), D = matrix_with_zeros(count, k, 0.0, 9);
          Matrix dense(count, k), sparse(count, k), dense_t(cols, k), sparse_t(cols, k);
          product_in_order(as_is(gathered), as_is(W), cols, dense);
          product_in_order(batch, W, sparse);
          ASSERT_EQ(sparse, dense) << "X·W " << count << " of " << n << " × " << cols << " × " << k;
          product_in_order(transposed(gathered), as_is(D), count, dense_t);
          transpose_times_in_order(batch, D, sparse_t);
          ASSERT_EQ(sparse_t, dense_t) << "Xᵀ·D " << count << " of " << n << " × " << cols << " × " << k;
        }
      }
    }
}

namespace {

// Xᵀ·B a value at a time as transpose_times_by_value says, by loops: each column's nonzero values in
// order of first appearance down the rows of `listed` (the matrix whose values were listed: X, or all
// the rows X is a batch of); each value's rows of B summed in order from the first; v·sum added to +0
// in that order, values X lacks left out.
template <class T>
RowMatrixOf<T> by_value_loops(const RowMatrixOf<T>& X, const RowMatrixOf<T>& B, const RowMatrixOf<T>& listed) {
  RowMatrixOf<T> C(X.cols(), B.cols());
  for (Index c = 0; c < X.cols(); ++c) {
    std::vector<T> values;
    for (Index i = 0; i < listed.rows(); ++i)
      if (listed(i, c) != 0 && std::find(values.begin(), values.end(), listed(i, c)) == values.end())
        values.push_back(listed(i, c));
    for (Index j = 0; j < B.cols(); ++j) {
      T acc = 0;
      for (const T v : values) {
        T sum = 0;
        bool first = true;
        for (Index i = 0; i < X.rows(); ++i)
          if (X(i, c) == v) {
            sum = first ? B(i, j) : sum + B(i, j);
            first = false;
          }
        if (!first) acc += v * sum;
      }
      C(c, j) = acc;
    }
  }
  return C;
}

// A few repeated levels (and −0 among the zeros, which is no value): digits-like columns.
template <class T>
RowMatrixOf<T> levels(Index rows, Index cols, std::uint64_t seed) {
  const T kLevels[] = {0, -0.0, 0, 0.25, -1.5, 1, 3};
  Random rng(seed);
  RowMatrixOf<T> X(rows, cols);
  for (Index i = 0; i < X.size(); ++i) X.data()[i] = kLevels[static_cast<int>(rng.uniform(0, 7))];
  return X;
}

template <class T>
void check_sums_by_value() {
  using M = RowMatrixOf<T>;
  const double tolerance = std::is_same_v<T, float> ? 1e-5 : 1e-13;
  NonzeroEntriesOf<T> all, batch;
  Random rng(11);
  for (const Index cols : {1, 17, 40})
    for (const Index k : {1, 3, 12, 13, 25, 100}) {
      const Index rows = 300;
      const M X = levels<T>(rows, cols, 10), D = values_with_zeros<T>(rows, k, 0.0, 12);
      ASSERT_TRUE(all.list_if_sparse(X, 0.0, k, false));
      ASSERT_TRUE(all.list_values_if_repeated(rows));  // 4 values a column, about 43 entries each
      M by_value(cols, k), in_order(cols, k);
      transpose_times_listed<T>(all, D, by_value);
      ASSERT_EQ(by_value, by_value_loops(X, D, X)) << cols << " × " << k;
      product_in_order(transposed(X), as_is(D), rows, in_order);
      EXPECT_LE((by_value - in_order).cwiseAbs().maxCoeff(), tolerance * std::max<T>(1, in_order.cwiseAbs().maxCoeff()));
      // A batch of 200 rows, shuffled, by the slots of all of them (in their order).
      std::vector<int> order(rows);
      for (Index i = 0; i < rows; ++i) order[static_cast<std::size_t>(i)] = static_cast<int>(i);
      rng.shuffle(order.data(), order.data() + rows);
      const Index count = 200;
      M gathered(count, cols);
      for (Index i = 0; i < count; ++i) gathered.row(i) = X.row(order[static_cast<std::size_t>(i)]);
      batch.list_rows_of(all, order.data(), count);
      EXPECT_THROW(batch.by_columns(), std::logic_error);  // listed by values instead
      const M B = values_with_zeros<T>(count, k, 0.0, 13);
      M batch_by_value(cols, k);
      transpose_times_listed<T>(batch, B, batch_by_value);
      ASSERT_EQ(batch_by_value, by_value_loops(gathered, B, X)) << "batch " << cols << " × " << k;
      EXPECT_THROW(batch.list_values_if_repeated(count), std::logic_error);  // a batch's lists are not one run
      // Rows given twice could overfill a value's room: refused.
      order[1] = order[0];
      EXPECT_THROW(batch.list_rows_of(all, order.data(), count), std::logic_error);
    }
}

}  // namespace

// Xᵀ·B a value at a time: by hand, then against the loops of its stated order exactly (past a
// depth block of rows and past the tiles' widths, of all the rows and of a batch), near the product
// in order; not listed when values rarely repeat, where transpose_times_listed sums in order.
TEST(OrderedProducts, SumsByValue) {
  Matrix X(4, 2), B(4, 2);
  X << 1, 0, 2, 1, 1, 1, 0, 2;
  B << 1, 10, 2, 20, 4, 40, 8, 80;
  NonzeroEntries listed;
  ASSERT_TRUE(listed.list_if_sparse(X, 0.0, 2, false));
  EXPECT_FALSE(listed.list_values_if_repeated(4, 1.6));  // 6 entries in 4 slots
  EXPECT_FALSE(listed.values_listed());
  ASSERT_TRUE(listed.list_values_if_repeated(4, 1.5));
  const NonzeroEntries::Slots slots = listed.by_values();
  EXPECT_EQ(std::vector<Index>(slots.column_slot, slots.column_slot + 3), (std::vector<Index>{0, 2, 4}));
  EXPECT_EQ(std::vector<double>(slots.value, slots.value + 4), (std::vector<double>{1, 2, 1, 2}));
  Matrix C(2, 2), expected(2, 2);
  transpose_times_by_value<double>(listed, B, C);
  expected << 9, 90, 22, 220;  // 1·(B₀ + B₂) + 2·B₁, 1·(B₁ + B₂) + 2·B₃
  EXPECT_EQ(C, expected);
  Matrix wider(2, 3);
  EXPECT_THROW(transpose_times_by_value<double>(listed, Matrix::Ones(4, 3), wider), std::logic_error);

  const Matrix Y = matrix_with_zeros(300, 17, 0.5, 3), D = matrix_with_zeros(300, 5, 0.0, 4);
  ASSERT_TRUE(listed.list_if_sparse(Y, 0.0, 5, true));
  EXPECT_FALSE(listed.list_values_if_repeated(300));  // every value once
  Matrix listed_product(17, 5), in_order(17, 5);
  transpose_times_listed<double>(listed, D, listed_product);
  product_in_order(transposed(Y), as_is(D), 300, in_order);
  EXPECT_EQ(listed_product, in_order);

  check_sums_by_value<double>();
  check_sums_by_value<float>();
}
