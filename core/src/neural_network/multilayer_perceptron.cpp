#include "wasmlearn/neural_network/multilayer_perceptron.hpp"

#include <LBFGSB.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <numeric>
#include <string>
#include <type_traits>
#include <utility>

#include "wasmlearn/base/activation_lanes.hpp"
#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/minpack_line_search.hpp"
#include "wasmlearn/base/ordered_products.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/metrics/metrics.hpp"
#include "wasmlearn/model_selection/split.hpp"
#include "wasmlearn/neural_network/describe.hpp"

namespace wasmlearn {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The elementary functions are IEEE basic operations only (det_math, the lanes kernels), so that the
// native and the WebAssembly build agree. tanh and logistic are ActivationLanes', in training and
// prediction alike: predictions keep the training pass's activation bits.

// z = f(z) for `count` contiguous values, two at a time, of an activation applied entry by entry.
template <class F>
void apply_lanes(double* z, Index count, F f) {
  const ActivationLanes activations;
  Index i = 0;
  for (; i + 2 <= count; i += 2) store_lanes(z + i, f(activations, load_lanes(z + i)));
  for (; i < count; ++i) z[i] = f(activations, z[i]);
}

// Each row of the `rows` x `width` values z (rows `stride` apart) becomes its softmax: e^(v − max)
// summed in order, then divided by the sum. The exponentials (of arguments ≤ 0) and quotients two
// at a time (each lane's bits are the scalar's).
void softmax_rows(double* z, Index rows, Index width, Index stride) {
  const ActivationLanes activations;
  for (Index i = 0; i < rows; ++i, z += stride) {
    double top = z[0];
    for (Index j = 1; j < width; ++j) top = max_lanes(top, z[j]);
    const double sum = exp_below_top_in_place(activations, z, width, top);
    Index j = 0;
    for (; j + 2 <= width; j += 2) store_lanes(z + j, load_lanes(z + j) / splat_lanes(sum));
    if (j < width) z[j] /= sum;
  }
}

// f over the rows x width values z (rows `stride` apart).
void activate_rows(MLPActivation f, double* z, Index rows, Index width, Index stride) {
  const auto each_row = [&](auto function) {
    if (stride == width) return apply_lanes(z, rows * width, function);
    for (Index i = 0; i < rows; ++i) apply_lanes(z + i * stride, width, function);
  };
  switch (f) {
    case MLPActivation::identity: return;
    case MLPActivation::logistic: return each_row([](const ActivationLanes& a, auto v) { return a.logistic(v); });
    case MLPActivation::tanh: return each_row([](const ActivationLanes& a, auto v) { return a.tanh(v); });
    case MLPActivation::relu:
      return each_row([](const ActivationLanes&, auto v) { return max_lanes(v, splat_as<decltype(v)>(0.0)); });
    case MLPActivation::softmax: return softmax_rows(z, rows, width, stride);
  }
}

// f(i, V{}) for the packets of T over `count` contiguous values (two doubles or four floats), then
// f(i, T{}) for each of the last few: V is the type the values i ... are processed as.
template <class T, class F>
void for_packets(Index count, F f) {
  constexpr Index kLanes = dense_detail::kPacketWidth<T>;
  Index i = 0;
  for (; i + kLanes <= count; i += kLanes) f(i, dense_detail::PacketOf<T>{});
  for (; i < count; ++i) f(i, T{});
}

void activate_floats(MLPActivation f, float* z, Index rows, Index width);  // below, with the float32 prediction

// f over rows x width contiguous values.
void activate_all(MLPActivation f, double* z, Index rows, Index width) { activate_rows(f, z, rows, width, width); }
void activate_all(MLPActivation f, float* z, Index rows, Index width) { activate_floats(f, z, rows, width); }

// Z = f(Z + 1·bᵀ), row by row; relu in the same pass.
template <class T>
void add_intercept_and_activate(MLPActivation f, const T* b, RowMatrixOf<T>& Z) {
  const Index width = Z.cols();
  for (Index i = 0; i < Z.rows(); ++i) {
    T* z = Z.data() + i * width;
    for_packets<T>(width, [&](Index j, auto as) {
      using V = decltype(as);
      const V v = load_as<V>(z + j) + load_as<V>(b + j);
      store_as<V>(z + j, f == MLPActivation::relu ? max_lanes(v, V{}) : v);
    });
  }
  if (f != MLPActivation::relu) activate_all(f, Z.data(), Z.rows(), width);
}

// sums[j] = Σ_i D(i, j), summed in order of the rows from +0: a row at a time, a packet of columns at once.
template <class T>
void column_sums(const RowMatrixOf<T>& D, T* sums) {
  const Index width = D.cols();
  std::fill(sums, sums + width, T(0));
  for (Index i = 0; i < D.rows(); ++i) {
    const T* d = D.data() + i * width;
    for_packets<T>(width, [&](Index j, auto as) {
      using V = decltype(as);
      store_as<V>(sums + j, load_as<V>(sums + j) + load_as<V>(d + j));
    });
  }
}

// delta *= f'(z), written with the layer's output A = f(z), as scikit-learn's DERIVATIVES; then
// sums[j] = Σ_i delta(i, j) as column_sums (for relu in the same pass).
template <class T>
void multiply_by_derivative(MLPActivation f, const RowMatrixOf<T>& A, RowMatrixOf<T>& delta, T* sums) {
  switch (f) {
    case MLPActivation::logistic: delta.array() *= A.array() * (T(1) - A.array()); break;
    case MLPActivation::tanh: delta.array() *= T(1) - A.array().square(); break;
    case MLPActivation::relu: {  // A = max(z, 0): δ·1 where A > 0, δ·0 elsewhere
      const Index width = delta.cols();
      std::fill(sums, sums + width, T(0));
      for (Index i = 0; i < delta.rows(); ++i) {
        const T* a = A.data() + i * width;
        T* d = delta.data() + i * width;
        for_packets<T>(width, [&](Index j, auto as) {
          using V = decltype(as);
          const V v = load_as<V>(d + j);
          V masked;
          if constexpr (std::is_same_v<V, T>) masked = a[j] > T(0) ? v : v * T(0);
          else masked = select_lanes(load_as<V>(a + j) > V{}, v, v * V{});
          store_as<V>(d + j, masked);
          store_as<V>(sums + j, load_as<V>(sums + j) + masked);
        });
      }
      return;
    }
    default: break;
  }
  column_sums(delta, sums);
}

// g = (g + alpha·w) / n in place for `count` contiguous entries, a packet at a time: the
// coefficients' gradient from the product's sums (Eigen's expression of it cost twice as much in
// WebAssembly). In float32 alpha and n are rounded to float, as numpy rounds them for float32 arrays.
template <class T>
void add_penalty_and_average(T* g, const T* w, Index count, double alpha, double n) {
  for_packets<T>(count, [&](Index i, auto as) {
    using V = decltype(as);
    store_as<V>(g + i, (load_as<V>(g + i) + splat_as<V>(alpha) * load_as<V>(w + i)) / splat_as<V>(n));
  });
}

// g = g / n in place for `count` entries: the intercepts' gradient from δ's column sums.
template <class T>
void average(T* g, Index count, double n) {
  for_packets<T>(count, [&](Index i, auto as) {
    using V = decltype(as);
    store_as<V>(g + i, load_as<V>(g + i) / splat_as<V>(n));
  });
}

// Σ v² over `count` floats, in double (a float32 fit's loss stays in double): four at a time in two
// pairs of sums (two chains of additions), added at the end, then the last few.
double squared_sum_in_double(const float* v, Index count) {
  Lanes2 even{}, odd{};
  Index i = 0;
  for (; i + 4 <= count; i += 4) {
    const Lanes2 first = {static_cast<double>(v[i]), static_cast<double>(v[i + 1])},
                 second = {static_cast<double>(v[i + 2]), static_cast<double>(v[i + 3])};
    even += first * first;
    odd += second * second;
  }
  double sum = (even[0] + even[1]) + (odd[0] + odd[1]);
  for (; i < count; ++i) sum += static_cast<double>(v[i]) * static_cast<double>(v[i]);
  return sum;
}

// The output layer's loss against the targets T(rows, :), with Y its values, and Y turned into
// δ = Y − T in the same pass. scikit-learn's LOSS_FUNCTIONS: squared error / 2 averaged over every
// entry; the cross-entropy of softmax outputs, or of each logistic output (binary and multi-label),
// summed over the outputs and averaged over the rows, with probabilities clipped to [eps, 1 - eps]
// (the eps of double or float). Summed in order of the rows and the outputs, in double.
template <class T>
double output_loss_and_delta(MLPActivation out, const RowMatrixRefOf<T>& targets, IntVectorRef rows,
                             RowMatrixOf<T>& Y) {
  constexpr double eps = std::numeric_limits<T>::epsilon();  // numpy's eps of the dtype, as scikit-learn
  const auto clipped = [=](T y) { return std::clamp(static_cast<double>(y), eps, 1.0 - eps); };
  const Index width = Y.cols();
  double sum = 0;
  for (Index i = 0; i < Y.rows(); ++i) {
    const T* t = targets.data() + static_cast<Index>(rows[i]) * targets.outerStride();
    T* y = Y.data() + i * width;
    // a loop per output activation: a switch inside the loop cost more than the sums
    switch (out) {
      case MLPActivation::identity:
        for (Index j = 0; j < width; ++j) {
          const double error = static_cast<double>(y[j]) - static_cast<double>(t[j]);
          sum += error * error;
        }
        break;
      case MLPActivation::softmax:  // one-hot targets: a logarithm a row
        for (Index j = 0; j < width; ++j)
          if (t[j] != 0) sum += static_cast<double>(t[j]) * det_log(clipped(y[j]));
        break;
      default:
        for (Index j = 0; j < width; ++j) {
          const double p = clipped(y[j]);
          const double tj = t[j];
          if (tj != 0) sum += tj * det_log(p);
          if (tj != 1) sum += (1.0 - tj) * det_log(1.0 - p);
        }
    }
    for_packets<T>(width, [&](Index j, auto as) {
      using V = decltype(as);
      store_as<V>(y + j, load_as<V>(y + j) - load_as<V>(t + j));
    });
  }
  if (out == MLPActivation::identity) return sum / static_cast<double>(Y.size()) / 2.0;
  return -sum / static_cast<double>(Y.rows());
}

// out = the given rows of A (out keeps its memory between batches of the same size).
template <class T>
void gather_rows(const RowMatrixRefOf<T>& A, IntVectorRef rows, RowMatrixOf<T>& out) {
  out.resize(rows.size(), A.cols());
  for (Index i = 0; i < rows.size(); ++i) out.row(i) = A.row(rows[i]);
}

template <class T>
using VectorOf = Eigen::Matrix<T, Eigen::Dynamic, 1>;

// The forward and backward passes over batches of the training rows X, with their buffers kept
// between batches. In double precision (T = double) every sum runs in one order, the same bits in
// every build. In float32 (T = float: X, the weights and every value of the passes rounded to
// float, four to a packet, twice the multiply-adds per instruction) the passes read their own float
// copy of the weights, which the optimiser then updates (StochasticStepsOf); the loss stays in double.
template <class T>
class Backprop {
 public:
  // X and the targets must outlive the passes, which take batches of up to batch_rows rows. X's
  // nonzeros are listed once, when zeros are common enough for the products that skip them to be
  // faster (the same bits); each batch then gathers its rows' lists. By value too when a batch's
  // columns repeat their values enough (digits, lbfgs's batch of every row): Xᵀ·δ₁ then sums δ₁'s
  // rows of a value before one multiply (other bits). Not relu's outputs: on digits about a fifth of
  // them are zeros after the first epochs, and listing them cost more than it saved (545 against
  // 519 ms a fit).
  Backprop(MLPWeights& w, MLPActivation hidden, MLPActivation out, double alpha, const MatrixRef& X,
           const MatrixRef& targets, Index batch_rows)
      : w_(w), hidden_(hidden), out_(out), alpha_(alpha), X_(X), targets_(targets), acts_(w.layers() + 1),
        deltas_(w.layers()) {
    if constexpr (std::is_same_v<T, float>) {
      X_float_ = X.cast<float>();
      targets_float_ = targets.cast<float>();  // as scikit-learn's float32 fit takes its targets
      weights_float_ = w.packed.cast<float>();
    }
    // Both products over the lists read rows of units[1] values: W₁'s (X·W₁) and δ₁'s (Xᵀ·δ₁).
    input_listed_ = all_nonzeros_.list_if_sparse(inputs(), kListedZeroShare, w.units[1], false);
    if (input_listed_) all_nonzeros_.list_values_if_repeated(batch_rows);
  }

  // The weights the passes read, packed as the model's: the model's own in double, the float copy in
  // float32.
  Eigen::Map<VectorOf<T>> weights() {
    if constexpr (std::is_same_v<T, float>) return {weights_float_.data(), weights_float_.size()};
    else return {w_.packed.data(), w_.packed.size()};
  }

  // The loss (with the penalty) of the batch X(rows, :), targets(rows, :) and its gradient, packed as
  // the weights.
  double loss_and_gradient(IntVectorRef rows, VectorOf<T>& grad) {
    const std::size_t layers = w_.layers();
    const RowMatrixRefOf<T> input = batch_input(rows);
    forward(input);
    const double n = static_cast<double>(rows.size());
    double penalty = 0;
    for (std::size_t l = 0; l < layers; ++l) {
      if constexpr (std::is_same_v<T, float>) penalty += squared_sum_in_double(coef(l).data(), coef(l).size());
      else penalty += w_.coef(l).squaredNorm();
    }
    std::swap(deltas_[layers - 1], acts_[layers]);  // the outputs become δ in place
    const double loss =
        output_loss_and_delta<T>(out_, targets(), rows, deltas_[layers - 1]) + 0.5 * alpha_ * penalty / n;
    grad.resize(w_.packed.size());
    T* sums = grad.data();  // the products and column sums, then averaged in place
    column_sums(deltas_[layers - 1], sums + w_.intercept_offset(layers - 1));
    for (std::size_t l = layers; l-- > 0;) {
      const RowMatrixRefOf<T> layer_input = l == 0 ? input : RowMatrixRefOf<T>(acts_[l]);
      Eigen::Map<RowMatrixOf<T>> coef_sums(sums + w_.coef_offset(l), w_.units[l], w_.units[l + 1]);
      if (l == 0 && input_listed_) transpose_times_listed<T>(batch_nonzeros_, deltas_[l], coef_sums);
      else product_in_order(transposed(layer_input), as_is(deltas_[l]), layer_input.rows(), coef_sums);
      add_penalty_and_average(coef_sums.data(), coef(l).data(), coef_sums.size(), alpha_, n);
      average(sums + w_.intercept_offset(l), w_.units[l + 1], n);  // δ's column sums, from the pass that made δ
      if (l == 0) break;
      deltas_[l - 1].resize(rows.size(), w_.units[l]);
      product_in_order(as_is(deltas_[l]), transposed(coef(l)), w_.units[l + 1], deltas_[l - 1]);
      multiply_by_derivative(hidden_, acts_[l], deltas_[l - 1], sums + w_.intercept_offset(l - 1));
    }
    return loss;
  }

 private:
  RowMatrixRefOf<T> inputs() const {
    if constexpr (std::is_same_v<T, float>) return X_float_;
    else return X_;
  }
  RowMatrixRefOf<T> targets() const {
    if constexpr (std::is_same_v<T, float>) return targets_float_;
    else return targets_;
  }
  // The layer's coefficients and intercepts as the passes read them.
  Eigen::Map<const RowMatrixOf<T>> coef(std::size_t l) const {
    if constexpr (std::is_same_v<T, float>)
      return {weights_float_.data() + w_.coef_offset(l), w_.units[l], w_.units[l + 1]};
    else return std::as_const(w_).coef(l);
  }
  const T* intercept(std::size_t l) const {
    if constexpr (std::is_same_v<T, float>) return weights_float_.data() + w_.intercept_offset(l);
    else return w_.intercept(l).data();
  }
  // The batch's input rows: listed, in place when they follow each other, else gathered.
  RowMatrixRefOf<T> batch_input(IntVectorRef rows) {
    const RowMatrixRefOf<T> X = inputs();
    if (input_listed_) {
      batch_nonzeros_.list_rows_of(all_nonzeros_, rows.data(), rows.size());
      return X.topRows(0);  // the products read the lists
    }
    bool consecutive = true;
    for (Index i = 1; i < rows.size(); ++i) consecutive &= rows[i] == rows[0] + i;
    if (consecutive) return X.middleRows(rows.size() ? rows[0] : 0, rows.size());
    gather_rows(X, rows, X_batch_);
    return X_batch_;
  }

  void forward(const RowMatrixRefOf<T>& input) {
    const std::size_t layers = w_.layers();
    const Index n = input_listed_ ? batch_nonzeros_.rows() : input.rows();
    for (std::size_t l = 0; l < layers; ++l) {
      RowMatrixOf<T>& z = acts_[l + 1];
      z.resize(n, w_.units[l + 1]);
      const MLPActivation f = l + 1 == layers ? out_ : hidden_;
      if (l == 0 && input_listed_) {  // the intercept and relu added as the tiles store their sums
        product_in_order(batch_nonzeros_, coef(l), z, {intercept(l), f == MLPActivation::relu});
        if (f != MLPActivation::relu) activate_all(f, z.data(), n, z.cols());
        continue;
      }
      const RowMatrixRefOf<T> layer_input = l == 0 ? input : RowMatrixRefOf<T>(acts_[l]);
      product_in_order(as_is(layer_input), as_is(coef(l)), layer_input.cols(), z);
      add_intercept_and_activate(f, intercept(l), z);
    }
  }

  MLPWeights& w_;
  MLPActivation hidden_, out_;
  double alpha_;
  const MatrixRef& X_;
  const MatrixRef& targets_;
  std::vector<RowMatrixOf<T>> acts_, deltas_;
  static constexpr double kListedZeroShare = 0.25;
  NonzeroEntriesOf<T> all_nonzeros_, batch_nonzeros_;
  bool input_listed_ = false;
  RowMatrixOf<T> X_batch_;
  // float32 only: X, the targets and the weights in float.
  RowMatrixOf<T> X_float_, targets_float_;
  VectorOf<T> weights_float_;
};

// One tile of kPackets packets of columns (2 doubles or 4 floats each) of a layer for `rows` rows:
// y(i, :) = Σ_t x(i, t)·M(t, :) summed in order of t from 0, then + b, kept to the tile's `width`
// columns (the padding lanes dropped). x's rows are x_stride apart, M's (p of them) stride apart,
// y's y_stride. Two rows at a time, sharing the loads of M's rows; stored as lanes, not through a
// buffer and a copy of run-time length (a memmove call a row and tile in WebAssembly).
template <class T, int kPackets>
void layer_tile(const T* x, Index x_stride, Index rows, Index p, const T* M, Index stride, const T* b, T* y,
                Index y_stride, Index width) {
  using Packet = dense_detail::PacketOf<T>;
  constexpr Index kLanes = dense_detail::kPacketWidth<T>;
  const auto store = [&](T* row, const Packet* sums) {
    for (Index q = 0; q < kPackets; ++q) {
      const Packet v = sums[q] + dense_detail::load_packet(b + kLanes * q);
      if (kLanes * (q + 1) <= width) store_as(row + kLanes * q, v);
      else for (Index j = kLanes * q; j < width; ++j) row[j] = v[j - kLanes * q];
    }
  };
  Index i = 0;
  for (; i + 2 <= rows; i += 2, x += 2 * x_stride, y += 2 * y_stride) {
    Packet top[kPackets], bottom[kPackets];
    for (int q = 0; q < kPackets; ++q) top[q] = bottom[q] = Packet{};
    for (Index t = 0; t < p; ++t) {
      const Packet a = dense_detail::splat_packet(x[t]), c = dense_detail::splat_packet(x[x_stride + t]);
      const T* m = M + t * stride;
      for (int q = 0; q < kPackets; ++q) {
        const Packet v = dense_detail::load_packet(m + kLanes * q);
        top[q] += a * v;
        bottom[q] += c * v;
      }
    }
    store(y, top);
    store(y + y_stride, bottom);
  }
  if (i < rows) {
    Packet sums[kPackets];
    for (int q = 0; q < kPackets; ++q) sums[q] = Packet{};
    for (Index t = 0; t < p; ++t) {
      const Packet a = dense_detail::splat_packet(x[t]);
      for (int q = 0; q < kPackets; ++q) sums[q] += a * dense_detail::load_packet(M + t * stride + kLanes * q);
    }
    store(y, sums);
  }
}

template <class T>
using LayerTile = void (*)(const T*, Index, Index, Index, const T*, Index, const T*, T*, Index, Index);
template <class T>
constexpr LayerTile<T> kLayerTiles[4] = {layer_tile<T, 1>, layer_tile<T, 2>, layer_tile<T, 3>, layer_tile<T, 4>};

// f over `count` contiguous floats, four at a time (the last few through one padded packet).
template <class F>
void apply_floats(float* z, Index count, F f) {
  Index i = 0;
  for (; i + 4 <= count; i += 4) store_floats(z + i, f(load_floats(z + i)));
  if (i == count) return;
  Floats4 v{};
  for (Index j = i; j < count; ++j) v[j - i] = z[j];
  v = f(v);
  for (Index j = i; j < count; ++j) z[j] = v[j - i];
}

// a, b, c, d (four rows of four) become the four columns: lane r of the result k is row r's k.
void transpose_four(Floats4& a, Floats4& b, Floats4& c, Floats4& d) {
  const Floats4 ab_low = __builtin_shufflevector(a, b, 0, 4, 1, 5), ab_high = __builtin_shufflevector(a, b, 2, 6, 3, 7);
  const Floats4 cd_low = __builtin_shufflevector(c, d, 0, 4, 1, 5), cd_high = __builtin_shufflevector(c, d, 2, 6, 3, 7);
  a = __builtin_shufflevector(ab_low, cd_low, 0, 1, 4, 5);
  b = __builtin_shufflevector(ab_low, cd_low, 2, 3, 6, 7);
  c = __builtin_shufflevector(ab_high, cd_high, 0, 1, 4, 5);
  d = __builtin_shufflevector(ab_high, cd_high, 2, 3, 6, 7);
}

// Columns j .. j + kCount (kCount ≤ 4) of four rows `width` apart: v[k] holds column j + k, row r
// in lane r. Read and written as the rows' packets turned by a transpose (1–3 columns by lanes).
template <int kCount>
struct FourRowColumns {
  static constexpr int kColumns = kCount;
  Floats4 v[4] = {};
  void read(const float* z, Index width, Index j) {
    for (int r = 0; r < 4; ++r) {
      const float* row = z + r * width + j;
      if constexpr (kCount == 4) v[r] = load_floats(row);
      else for (int k = 0; k < kCount; ++k) v[r][k] = row[k];
    }
    transpose_four(v[0], v[1], v[2], v[3]);
  }
  void write(float* z, Index width, Index j) {
    transpose_four(v[0], v[1], v[2], v[3]);
    for (int r = 0; r < 4; ++r) {
      float* row = z + r * width + j;
      if constexpr (kCount == 4) store_floats(row, v[r]);
      else for (int k = 0; k < kCount; ++k) row[k] = v[r][k];
    }
  }
};

// f(j, FourRowColumns<count>{}) for the blocks of four columns of `width`, then the last 1–3.
template <class F>
void for_column_blocks(Index width, F f) {
  Index j = 0;
  for (; j + 4 <= width; j += 4) f(j, FourRowColumns<4>{});
  switch (width - j) {
    case 1: return f(j, FourRowColumns<1>{});
    case 2: return f(j, FourRowColumns<2>{});
    case 3: return f(j, FourRowColumns<3>{});
    default: return;
  }
}

// Softmax of each row of four rows x width floats (rows width apart), one row a lane: the maximum,
// e^(v − max) summed in order of the columns, then divided by the sum (a row's packets at once).
void softmax_four_rows(const FloatActivationLanes& activations, float* z, Index width) {
  Floats4 top = {z[0], z[width], z[2 * width], z[3 * width]};
  for_column_blocks(width, [&](Index j, auto block) {
    block.read(z, width, j);
    for (int k = 0; k < decltype(block)::kColumns; ++k) top = max_lanes(top, block.v[k]);
  });
  Floats4 sum{};
  for_column_blocks(width, [&](Index j, auto block) {
    block.read(z, width, j);
    for (int k = 0; k < decltype(block)::kColumns; ++k) {
      block.v[k] = activations.exp_of_nonpositive(block.v[k] - top);
      sum += block.v[k];
    }
    block.write(z, width, j);
  });
  for (int r = 0; r < 4; ++r) {
    float* row = z + r * width;
    const Floats4 divisor = {sum[r], sum[r], sum[r], sum[r]};
    Index j = 0;
    for (; j + 4 <= width; j += 4) store_floats(row + j, load_floats(row + j) / divisor);
    for (; j < width; ++j) row[j] /= sum[r];
  }
}

// The activations of a float32 pass over rows x width contiguous values.
void activate_floats(MLPActivation f, float* z, Index rows, Index width) {
  const FloatActivationLanes activations;
  switch (f) {
    case MLPActivation::identity: return;
    case MLPActivation::logistic: return apply_floats(z, rows * width, [&](Floats4 v) { return activations.logistic(v); });
    case MLPActivation::tanh: return apply_floats(z, rows * width, [&](Floats4 v) { return activations.tanh(v); });
    case MLPActivation::relu: return apply_floats(z, rows * width, [](Floats4 v) { return max_lanes(v, Floats4{}); });
    case MLPActivation::softmax: {
      Index i = 0;
      for (; i + 4 <= rows; i += 4) softmax_four_rows(activations, z + i * width, width);
      if (i == rows) return;
      std::vector<float> last(static_cast<std::size_t>(4 * width), 0.0f);  // the last rows, padded to four
      std::copy(z + i * width, z + rows * width, last.begin());
      softmax_four_rows(activations, last.data(), width);
      std::copy(last.begin(), last.begin() + (rows - i) * width, z + i * width);
    }
  }
}

// The forward pass of prediction and of layerActivations, whose network view draws every neuron's
// map from 10 000 rows through layers of a few units: there the general products (Backprop's) cost
// more in packing and calls than their sums at depths of 2 to 8. Here each layer is tiles of up to 4
// packets of units over the block's rows (layer_tile over the coefficients padded to whole packets:
// every sum in order of the inputs, then the intercept, the same in every build), and the activation
// runs on lanes over the block's values. One block of rows per call (for_row_blocks). In double
// precision (T = double) the values are predict's; in float32, layerActivations' { dtype: 'float32' }
// (the inputs rounded to float as a block's rows are read).
template <class T>
class PredictPass {
  using Packet = dense_detail::PacketOf<T>;
  static constexpr Index kLanes = dense_detail::kPacketWidth<T>;
  static constexpr Index kTileWidth = 4 * kLanes;
  using Coefficients = RowMatrixOf<T>;

 public:
  PredictPass(const MLPWeights& w, MLPActivation hidden, MLPActivation out)
      : units_(w.units), hidden_(hidden), out_(out), coefs_(w.layers()), intercepts_(w.layers()) {
    for (std::size_t l = 0; l < w.layers(); ++l) {
      const Index padded = (units_[l + 1] + kLanes - 1) / kLanes * kLanes;
      coefs_[l] = Coefficients::Zero(units_[l], padded);
      coefs_[l].leftCols(units_[l + 1]) = w.coef(l).template cast<T>();
      intercepts_[l] = Eigen::Matrix<T, Eigen::Dynamic, 1>::Zero(padded);
      intercepts_[l].head(units_[l + 1]) = w.intercept(l).template cast<T>();
    }
  }

  // Layer l's values (l = 1 .. layers) for rows begin .. end of X go to outputs[l - 1] (those rows
  // only, units[l] values a row, contiguous).
  void run(MatrixRef X, Index begin, Index end, T* const* outputs) const {
    const Index rows = end - begin;
    const T* input = nullptr;
    Index input_stride = 0;
    if constexpr (std::is_same_v<T, double>) {
      input = X.data() + begin * X.outerStride();
      input_stride = X.outerStride();
    } else {
      inputs_ = X.middleRows(begin, rows).template cast<float>();
      input = inputs_.data();
      input_stride = X.cols();
    }
    for (std::size_t l = 0; l + 1 < units_.size(); ++l) {
      if (l > 0) input = outputs[l - 1], input_stride = units_[l];
      const Index width = units_[l + 1], padded = coefs_[l].cols();
      for (Index c0 = 0; c0 < padded; c0 += kTileWidth) {
        const Index packets = std::min(kTileWidth, padded - c0) / kLanes;
        kLayerTiles<T>[packets - 1](input, input_stride, rows, units_[l], coefs_[l].data() + c0, padded,
                                    intercepts_[l].data() + c0, outputs[l] + c0, width, width - c0);
      }
      const MLPActivation f = l + 2 == units_.size() ? out_ : hidden_;
      if constexpr (std::is_same_v<T, double>) activate_rows(f, outputs[l], rows, width, width);
      else activate_floats(f, outputs[l], rows, width);
    }
  }

 private:
  std::vector<Index> units_;
  MLPActivation hidden_, out_;
  std::vector<Coefficients> coefs_;                    // fanIn x units, padded to whole packets with zeros
  std::vector<Eigen::Matrix<T, Eigen::Dynamic, 1>> intercepts_;  // likewise
  mutable Coefficients inputs_;                        // float32: the block's rows of X, rounded
};

// Adam or SGD (momentum, Nesterov), as scikit-learn's _stochastic_optimizers.
struct Optimizer {
  const MLPParams& p;
  MLPOptimizerState& s;

  // One step on the `count` weights w from the gradient g, with the moments `first` (adam's first
  // moments, sgd's velocities) and `second`, all in T: the model's doubles, or a float32 fit's floats
  // (scikit-learn's float32 fit keeps them in float32), the scalars then rounded to float as numpy
  // rounds Python's floats for float32 arrays. One pass over the moments and the weights
  // (scikit-learn's two or three, entry by entry the same), a packet at a time.
  template <class T>
  void update(T* w, const T* g, T* first, T* second, Index count) {
    if (p.solver == MLPSolver::adam) {
      ++s.steps;
      const double t = static_cast<double>(s.steps);
      s.learning_rate = p.learning_rate_init * std::sqrt(1 - power(p.beta_2, t)) / (1 - power(p.beta_1, t));
      const double b1 = p.beta_1, b2 = p.beta_2, rate = s.learning_rate, eps = p.epsilon;
      for_packets<T>(count, [&](Index i, auto as) {
        using V = decltype(as);
        const V gi = load_as<V>(g + i);
        V m = load_as<V>(first + i), v = load_as<V>(second + i), wi = load_as<V>(w + i);
        m = splat_as<V>(b1) * m + splat_as<V>(1 - b1) * gi;
        v = splat_as<V>(b2) * v + splat_as<V>(1 - b2) * (gi * gi);
        wi -= splat_as<V>(rate) * m / (sqrt_lanes(v) + splat_as<V>(eps));
        store_as(first + i, m);
        store_as(second + i, v);
        store_as(w + i, wi);
      });
    } else {
      const double momentum = p.momentum, rate = s.learning_rate;
      for_packets<T>(count, [&](Index i, auto as) {
        using V = decltype(as);
        const V gi = load_as<V>(g + i);
        const V velocity = splat_as<V>(momentum) * load_as<V>(first + i) - splat_as<V>(rate) * gi;
        store_as(first + i, velocity);
        const V change = p.nesterovs_momentum ? splat_as<V>(momentum) * velocity - splat_as<V>(rate) * gi : velocity;
        store_as(w + i, load_as<V>(w + i) + change);
      });
    }
  }
  void epoch_ends(long long samples_seen) {
    if (p.solver == MLPSolver::sgd && p.learning_rate == LearningRateSchedule::invscaling)
      s.learning_rate = p.learning_rate_init / power(static_cast<double>(samples_seen) + 1, p.power_t);
  }
  // After nIterNoChange epochs without improvement: true to stop; sgd's adaptive schedule divides
  // the rate by 5 instead, until it is at most 1e-6.
  bool stops() {
    if (p.solver != MLPSolver::sgd || p.learning_rate != LearningRateSchedule::adaptive) return true;
    if (s.learning_rate <= 1e-6) return true;
    s.learning_rate /= 5.0;
    return false;
  }
  static double power(double base, double exponent) { return det_exp(exponent * det_log(base)); }
};

// The optimiser's steps over batches, in double or in float32.
class StochasticSteps {
 public:
  virtual ~StochasticSteps() = default;
  // One step of the optimiser on the batch X(rows, :), T(rows, :); returns the batch's loss.
  virtual double step(IntVectorRef rows) = 0;
  // The weights and moments into the model's doubles (exactly: every float is a double); a no-op in
  // double precision, where the steps update the model's own.
  virtual void store() = 0;
};

// The passes, the gradient and the optimiser's step in T. In float32 the weights and moments are
// float copies of the model's, made once here and stored back by store().
template <class T>
class StochasticStepsOf final : public StochasticSteps {
  static constexpr bool kFloat = std::is_same_v<T, float>;

 public:
  StochasticStepsOf(MLPWeights& w, Optimizer& optimizer, MLPActivation out, const MatrixRef& X,
                    const MatrixRef& targets, Index batch_rows)
      : w_(w), optimizer_(optimizer), pass_(w, optimizer.p.activation, out, optimizer.p.alpha, X, targets, batch_rows) {
    if constexpr (kFloat) {
      first_ = optimizer.s.first.cast<float>();
      second_ = optimizer.s.second.cast<float>();
    }
  }

  double step(IntVectorRef rows) override {
    const double loss = pass_.loss_and_gradient(rows, grad_);
    optimizer_.update(pass_.weights().data(), grad_.data(), moments(first_, optimizer_.s.first),
                      moments(second_, optimizer_.s.second), grad_.size());
    return loss;
  }

  void store() override {
    if constexpr (kFloat) {
      w_.packed = pass_.weights().template cast<double>();
      optimizer_.s.first = first_.template cast<double>();
      optimizer_.s.second = second_.template cast<double>();
    }
  }

 private:
  T* moments(VectorOf<float>& own, Vector& model) {
    if constexpr (kFloat) return own.data();
    else return model.data();
  }

  MLPWeights& w_;
  Optimizer& optimizer_;
  Backprop<T> pass_;
  VectorOf<T> grad_;
  VectorOf<float> first_, second_;  // float32 only
};

// The optimizer, X and T must outlive the steps.
std::unique_ptr<StochasticSteps> make_stochastic_steps(bool float32, MLPWeights& w, Optimizer& optimizer,
                                                       MLPActivation out, const MatrixRef& X, const MatrixRef& T,
                                                       Index batch_rows) {
  if (float32) return std::make_unique<StochasticStepsOf<float>>(w, optimizer, out, X, T, batch_rows);
  return std::make_unique<StochasticStepsOf<double>>(w, optimizer, out, X, T, batch_rows);
}

Matrix rows_of(MatrixRef A, IntVectorRef rows) {
  Matrix out;
  gather_rows(A, rows, out);
  return out;
}

[[noreturn]] void bad_weights_init(const std::string& what) { throw InvalidArgument("weightsInit" + what); }

// weightsInit's { coefs, intercepts } checked against the network's shape, packed.
Vector packed_weights_init(const json& init, const MLPWeights& w) {
  if (!init.contains("coefs") || !init.contains("intercepts") || !init["coefs"].is_array() ||
      !init["intercepts"].is_array())
    bad_weights_init(" must be { coefs: [matrix per layer], intercepts: [vector per layer] }");
  const json& coefs = init["coefs"];
  const json& intercepts = init["intercepts"];
  if (coefs.size() != w.layers() || intercepts.size() != w.layers())
    bad_weights_init(" must hold " + std::to_string(w.layers()) + " coefs and intercepts (one per layer), got " +
                     std::to_string(coefs.size()) + " and " + std::to_string(intercepts.size()));
  Vector packed(w.packed.size());
  for (std::size_t l = 0; l < w.layers(); ++l) {
    const std::string at = "[" + std::to_string(l) + "]";
    const json& c = coefs[l];
    if (!c.is_array() || c.size() != static_cast<std::size_t>(w.units[l]))
      bad_weights_init(".coefs" + at + " must have " + std::to_string(w.units[l]) + " rows");
    for (std::size_t i = 0; i < c.size(); ++i) {
      if (!c[i].is_array() || c[i].size() != static_cast<std::size_t>(w.units[l + 1]))
        bad_weights_init(".coefs" + at + " must have " + std::to_string(w.units[l + 1]) + " columns");
      for (std::size_t j = 0; j < c[i].size(); ++j) {
        if (!c[i][j].is_number() || !std::isfinite(c[i][j].get<double>()))
          bad_weights_init(".coefs" + at + " must hold finite numbers");
        packed[w.coef_offset(l) + static_cast<Index>(i) * w.units[l + 1] + static_cast<Index>(j)] = c[i][j].get<double>();
      }
    }
    const json& b = intercepts[l];
    if (!b.is_array() || b.size() != static_cast<std::size_t>(w.units[l + 1]))
      bad_weights_init(".intercepts" + at + " must have " + std::to_string(w.units[l + 1]) + " values");
    for (std::size_t j = 0; j < b.size(); ++j) {
      if (!b[j].is_number() || !std::isfinite(b[j].get<double>()))
        bad_weights_init(".intercepts" + at + " must hold finite numbers");
      packed[w.intercept_offset(l) + static_cast<Index>(j)] = b[j].get<double>();
    }
  }
  return packed;
}

json number_or_null(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
double number_or_nan(const json& j, const char* field) { return j.is_null() ? kNaN : number_from_json(j, field); }

// The rows' decisions equal: the arg max for softmax outputs, every output against 0.5 otherwise
// (scikit-learn's LabelBinarizer.inverse_transform).
// Rows a stochastic epoch processes at once: batchSize clipped to n ('auto': min(200, n)).
Index batch_rows(const MLPParams& p, Index n) {
  const int* size = std::get_if<int>(&p.batch_size);
  return std::min<Index>(size ? *size : 200, n);
}

// The number of weights of a network of these units (inputs, hidden layers, outputs): Σ (fan-in + 1)
// × units over the layers, counted in double (exact up to 2^53, past any weights array), so that
// huge units are compared, never wrapped in Index products.
double weight_count(const std::vector<double>& units) {
  double count = 0;
  for (std::size_t l = 0; l + 1 < units.size(); ++l) count += (units[l] + 1) * units[l + 1];
  return count;
}

// The network's units (inputs, hidden layers, outputs). Its size is checked in double before any
// conversion or allocation: the weights, and the activations of the rows one step processes (a
// batch, or every row for lbfgs), so a huge hiddenLayerSizes is refused, never wrapped.
std::vector<Index> network_units(const MLPParams& p, Index inputs, Index outputs, Index rows_at_once) {
  std::vector<double> widths = {static_cast<double>(inputs)};
  widths.insert(widths.end(), p.hidden_layer_sizes.begin(), p.hidden_layer_sizes.end());
  widths.push_back(static_cast<double>(outputs));
  const double activations = std::accumulate(widths.begin() + 1, widths.end(), 0.0);
  check_size(weight_count(widths), "the weights of hiddenLayerSizes' network (sum over layers of (inputs + 1) x units)");
  check_size(activations * static_cast<double>(rows_at_once),
             "the activations of hiddenLayerSizes' network for " + std::to_string(rows_at_once) + " rows at once (rows x units)");
  return std::vector<Index>(widths.begin(), widths.end());
}

bool same_decision(MLPActivation out, const Eigen::Ref<const RowVector>& y, const Eigen::Ref<const RowVector>& t) {
  if (out == MLPActivation::softmax) {
    Index a = 0, b = 0;
    y.maxCoeff(&a);
    t.maxCoeff(&b);
    return a == b;
  }
  for (Index j = 0; j < y.size(); ++j)
    if ((y[j] > 0.5) != (t[j] > 0.5)) return false;
  return true;
}

// FNV-1a over the shapes and the bits of every entry, mixed word by word: continueFit's check that it
// is given the data of the fit it continues.
std::uint64_t fingerprint(MatrixRef X, MatrixRef T) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto mix = [&h](std::uint64_t word) {
    h = (h ^ word) * 0x100000001b3ULL;
    h ^= h >> 32;
  };
  for (MatrixRef A : {X, T}) {
    mix(static_cast<std::uint64_t>(A.rows()));
    mix(static_cast<std::uint64_t>(A.cols()));
    for (Index j = 0; j < A.cols(); ++j)
      for (Index i = 0; i < A.rows(); ++i) {
        std::uint64_t bits;
        const double v = A(i, j);
        std::memcpy(&bits, &v, sizeof bits);
        mix(bits);
      }
  }
  return h;
}

}  // namespace

// ---- weights ------------------------------------------------------------------------------------

Index MLPWeights::coef_offset(std::size_t layer) const {
  Index offset = 0;
  for (std::size_t l = 0; l < layer; ++l) offset += units[l] * units[l + 1];
  return offset;
}
Index MLPWeights::intercept_offset(std::size_t layer) const {
  Index offset = coef_offset(layers());
  for (std::size_t l = 0; l < layer; ++l) offset += units[l + 1];
  return offset;
}
Eigen::Map<Matrix> MLPWeights::coef(std::size_t l) {
  return {packed.data() + coef_offset(l), units[l], units[l + 1]};
}
Eigen::Map<const Matrix> MLPWeights::coef(std::size_t l) const {
  return {packed.data() + coef_offset(l), units[l], units[l + 1]};
}
Eigen::Map<Vector> MLPWeights::intercept(std::size_t l) { return {packed.data() + intercept_offset(l), units[l + 1]}; }
Eigen::Map<const Vector> MLPWeights::intercept(std::size_t l) const {
  return {packed.data() + intercept_offset(l), units[l + 1]};
}

// ---- the shared training ------------------------------------------------------------------------

Matrix MultilayerPerceptron::forward(MatrixRef X) const {
  check_n_features(n_features_in(), X);
  check_matrix(X, "X", 0);
  return float32_input_ && trained_in_float32_ ? forward_in<float>(X) : forward_in<double>(X);
}

template <class T>
Matrix MultilayerPerceptron::forward_in(MatrixRef X) const {
  const PredictPass<T> pass(weights_, params_.activation, out_activation_);
  RowMatrixOf<T> out(X.rows(), n_outputs());
  // The hidden layers' values of one block at a time.
  std::vector<VectorOf<T>> hidden;
  for (std::size_t l = 1; l + 1 < weights_.units.size(); ++l) hidden.emplace_back(kRowBlock * weights_.units[l]);
  std::vector<T*> outputs;
  for (VectorOf<T>& values : hidden) outputs.push_back(values.data());
  outputs.push_back(nullptr);
  for_row_blocks(X.rows(), [&](Index begin, Index end) {
    outputs.back() = out.data() + begin * out.cols();
    pass.run(X, begin, end, outputs.data());
  });
  if constexpr (std::is_same_v<T, double>) return out;
  else return out.template cast<double>();
}

// Every layer's values after the inputs, one layer after the other (layer l's n x units[l] values),
// in double precision (predict's) or in float32.
template <class T>
NdArray MultilayerPerceptron::layer_values(MatrixRef X) const {
  check_fitted(is_fitted(), name_, "layerActivations");
  check_n_features(n_features_in(), X);
  check_matrix(X, "X", 0);
  const Index n = X.rows();
  double total = 0;
  for (std::size_t l = 1; l < weights_.units.size(); ++l) total += static_cast<double>(weights_.units[l]);
  check_size(total * static_cast<double>(n), "layerActivations' values (rows x neurons after the inputs)");
  const PredictPass<T> pass(weights_, params_.activation, out_activation_);
  const Index size = static_cast<Index>(total) * n;
  NdArray out{{}, {size}};
  std::vector<T>& values = [&]() -> std::vector<T>& {
    if constexpr (std::is_same_v<T, double>) return out.data;
    else return out.is_float32 = true, out.floats;
  }();
  values.resize(static_cast<std::size_t>(size));
  std::vector<T*> outputs(weights_.layers());
  for_row_blocks(n, [&](Index begin, Index end) {
    // Each layer's rows begin .. end, written in place: layer l's n x units[l] values follow layer l − 1's.
    Index layer_start = 0;
    for (std::size_t l = 1; l < weights_.units.size(); ++l) {
      outputs[l - 1] = values.data() + layer_start + begin * weights_.units[l];
      layer_start += n * weights_.units[l];
    }
    pass.run(X, begin, end, outputs.data());
  });
  return out;
}

NdArray MultilayerPerceptron::layer_activations(MatrixRef X) const { return layer_values<double>(X); }
NdArray MultilayerPerceptron::layer_activations_float32(MatrixRef X) const { return layer_values<float>(X); }

NamedArrays MultilayerPerceptron::progress_values() const {
  const double score = params_.early_stopping && !validation_scores_.empty() ? validation_scores_.back() : kNaN;
  return {{{"loss", NdArray::scalar(loss_)}, {"validationScore", NdArray::scalar(score)}}};
}

NamedArrays MultilayerPerceptron::coefs() const {
  NamedArrays out;
  for (std::size_t l = 0; l < weights_.layers(); ++l) out.items.push_back({std::to_string(l), NdArray::from(Matrix(weights_.coef(l)))});
  return out;
}
NamedArrays MultilayerPerceptron::intercepts() const {
  NamedArrays out;
  for (std::size_t l = 0; l < weights_.layers(); ++l)
    out.items.push_back({std::to_string(l), NdArray::from(Vector(weights_.intercept(l)))});
  return out;
}

void MultilayerPerceptron::initialize_network(const std::vector<Index>& units, MLPActivation out, Random& random) {
  n_iter_ = 0;
  t_ = 0;
  out_activation_ = out;
  weights_.units = units;
  weights_.packed.resize(weights_.intercept_offset(weights_.layers()));
  if (params_.weights_init) {
    weights_.packed = packed_weights_init(*params_.weights_init, weights_);
  } else {
    // Glorot & Bengio's uniform start, as scikit-learn: ±sqrt(6 / (fanIn + fanOut)), 2 instead of 6
    // for the logistic activation; each layer's coefficients row by row, then its intercepts.
    const double factor = params_.activation == MLPActivation::logistic ? 2.0 : 6.0;
    for (std::size_t l = 0; l < weights_.layers(); ++l) {
      const double bound = std::sqrt(factor / static_cast<double>(weights_.units[l] + weights_.units[l + 1]));
      auto coef = weights_.coef(l);
      for (Index i = 0; i < coef.rows(); ++i)
        for (Index j = 0; j < coef.cols(); ++j) coef(i, j) = random.uniform(-bound, bound);
      auto intercept = weights_.intercept(l);
      for (Index j = 0; j < intercept.size(); ++j) intercept[j] = random.uniform(-bound, bound);
    }
  }
  loss_curve_.clear();
  validation_scores_.clear();
  no_improvement_count_ = 0;
  optimizer_.reset();
  best_packed_ = Vector();
  best_validation_score_ = params_.early_stopping ? -kInf : kNaN;
  best_loss_ = params_.early_stopping ? kNaN : kInf;
  loss_ = kNaN;
}

// On any error, cancellation included, the model is left as it was.
template <class F>
void MultilayerPerceptron::keep_on_error(F&& change) {
  const MultilayerPerceptron before = *this;
  try {
    change();
  } catch (...) {
    *this = before;
    throw;
  }
}

void MultilayerPerceptron::check_finite_weights() const {
  if (!weights_.packed.allFinite())
    throw Error(std::string(name_) + ": the solver produced non-finite weights; the input data may contain large "
                "values and need to be scaled (e.g. by StandardScaler), or learningRateInit is too large");
}

void MultilayerPerceptron::fit_targets(MatrixRef X, MatrixRef T, MLPActivation out, bool incremental,
                                       const Validation* validation, bool start_only) {
  keep_on_error([&] {
    warnings_.clear();
    run_.reset();
    Random random(static_cast<std::uint64_t>(params_.random_state));
    const bool first_pass = !is_fitted() || (!params_.warm_start && !incremental);
    const Index rows_at_once = params_.solver == MLPSolver::lbfgs ? X.rows() : batch_rows(params_, X.rows());
    const std::vector<Index> units = network_units(params_, X.cols(), T.cols(), rows_at_once);
    if (first_pass) {
      initialize_network(units, out, random);
    } else {
      check_n_features(n_features_in(), X);
      if (units != weights_.units || out != out_activation_)
        throw InvalidArgument(std::string(name_) + ": warmStart and partialFit need the network of the previous fit "
                              "(the same hiddenLayerSizes and outputs)");
    }
    if (params_.solver == MLPSolver::lbfgs) fit_lbfgs(X, T);
    else fit_stochastic(X, T, incremental, validation, random, start_only);
    trained_in_float32_ = params_.solver != MLPSolver::lbfgs && float32_input_;
    check_finite_weights();
    if (start_only) {  // the first epoch is under way: maxIter counts it
      params_.max_iter = 1;
      run_->first_epoch_counted = true;
    }
  });
}

void MultilayerPerceptron::check_continuable(const char* method) const {
  check_fitted(is_fitted(), name_, method);
  if (!run_)
    throw InvalidArgument(std::string(name_) + "." + method + " continues the last fit of this model in memory; it has none "
                          "(loaded from JSON, changed by setParams, fitted by partialFit or on a given validation set): "
                          "call fit first");
}

void MultilayerPerceptron::continue_targets(MatrixRef X, MatrixRef T, bool one_batch) {
  const char* method = one_batch ? "continueBatch" : "continueFit";
  check_continuable(method);
  if (fingerprint(X, T) != run_->data)
    throw InvalidArgument(std::string(name_) + "." + method + " needs the X and y of the last fit");
  keep_on_error([&] {
    // An epoch begins: maxIter counts it (initialize counted the first).
    if (run_->next_row == 0 && !std::exchange(run_->first_epoch_counted, false)) ++params_.max_iter;
    if (run_->stopped) return;                      // the longer fit stops at the same epoch
    warnings_.clear();
    weights_.packed = run_->weights;
    train_epochs(*run_, X, T, nullptr, params_.early_stopping, false, 1, one_batch);
    check_finite_weights();
  });
}

// The fit's validation score, from the outputs of a pass in the fit's precision (scikit-learn's
// float32 fit scores its float32 predictions), counted in double.
double MultilayerPerceptron::score_outputs(MatrixRef X, MatrixRef T, bool in_float32) const {
  const Matrix Y = in_float32 ? forward_in<float>(X) : forward_in<double>(X);
  if (out_activation_ == MLPActivation::identity) return r2_score(T, Y);
  Index right = 0;
  for (Index i = 0; i < Y.rows(); ++i) right += same_decision(out_activation_, Y.row(i), T.row(i));
  return static_cast<double>(right) / static_cast<double>(Y.rows());
}

void MultilayerPerceptron::update_no_improvement_count(bool early_stopping, MatrixRef X_val, MatrixRef T_val,
                                                       bool in_float32) {
  if (early_stopping) {
    const double score = score_outputs(X_val, T_val, in_float32);
    validation_scores_.push_back(score);
    no_improvement_count_ = score < best_validation_score_ + params_.tol ? no_improvement_count_ + 1 : 0;
    if (score > best_validation_score_) {
      best_validation_score_ = score;
      best_packed_ = weights_.packed;
    }
  } else {
    const double last = loss_curve_.back();
    no_improvement_count_ = last > best_loss_ - params_.tol ? no_improvement_count_ + 1 : 0;
    if (last < best_loss_) best_loss_ = last;
  }
}

void MultilayerPerceptron::fit_stochastic(MatrixRef X_all, MatrixRef T_all, bool incremental,
                                          const Validation* validation, Random& random, bool start_only) {
  const MLPParams& p = params_;
  if (!incremental || !optimizer_) {
    const Index size = weights_.packed.size();
    optimizer_ = MLPOptimizerState{Vector::Zero(size), Vector::Zero(p.solver == MLPSolver::adam ? size : 0), 0,
                                   p.learning_rate_init};
  }
  // Early stopping holds out validationFraction of the rows (stratified for one logistic output, as
  // scikit-learn) or the caller's validation set; partialFit never stops early.
  const bool early_stopping = p.early_stopping && !incremental;
  MLPRun run;
  if (early_stopping && !validation) {
    IntVector classes;
    const bool stratified = out_activation_ == MLPActivation::logistic && T_all.cols() == 1;
    if (stratified) classes = (T_all.col(0).array() > 0.5).cast<int>();
    Split split = train_test_split(X_all.rows(), SplitSize::fraction(p.validation_fraction), std::nullopt, true,
                                   stratified ? &classes : nullptr, random.next_u64());
    run.train = std::move(split.train);
    run.validation = std::move(split.test);
  }
  const Index n = run.train.size() ? run.train.size() : X_all.rows();
  run.order = IntVector::LinSpaced(n, 0, static_cast<int>(n) - 1);
  run.random = random;
  run.float32 = float32_input_;
  train_epochs(run, X_all, T_all, validation, early_stopping, incremental, start_only ? 0 : p.max_iter);
  // partialFit's epochs and a given validation set are not a fit continueFit can extend.
  if (!incremental && !validation) {
    run.data = fingerprint(X_all, T_all);
    run_ = std::move(run);
  }
}

// The epochs on the training rows of the run's split (or on every row), scored on its validation rows.
void MultilayerPerceptron::train_epochs(MLPRun& run, MatrixRef X, MatrixRef T, const Validation* validation,
                                        bool early_stopping, bool incremental, int epochs, bool one_batch) {
  if (validation) return run_epochs(run, X, T, validation->X, validation->T, true, incremental, epochs, one_batch);
  if (run.validation.size() == 0)
    return run_epochs(run, X, T, Matrix(), Matrix(), early_stopping, incremental, epochs, one_batch);
  run_epochs(run, rows_of(X, run.train), rows_of(T, run.train), rows_of(X, run.validation), rows_of(T, run.validation),
             true, incremental, epochs, one_batch);
}

void MultilayerPerceptron::run_epochs(MLPRun& run, MatrixRef X, MatrixRef T, MatrixRef X_val, MatrixRef T_val,
                                      bool early_stopping, bool incremental, int epochs, bool one_batch) {
  const MLPParams& p = params_;
  Optimizer optimizer{p, *optimizer_};
  const Index n = X.rows();
  const Index batch = batch_rows(p, n);
  if (const int* size = std::get_if<int>(&p.batch_size); size && *size > n)
    warnings_.add(WarningKind::parameter, "batchSize " + std::to_string(*size) + " is larger than the " +
                                              std::to_string(n) + " training samples; it is clipped to " + std::to_string(n));
  IntVector& order = run.order;
  const std::unique_ptr<StochasticSteps> steps =
      make_stochastic_steps(run.float32, weights_, optimizer, out_activation_, X, T, batch);
  for (int epoch = 0; epoch < epochs; ++epoch) {
    if (p.shuffle && run.next_row == 0) run.random.shuffle(order.data(), order.data() + n);
    for (Index begin = run.next_row; begin < n; begin += batch) {
      const Index rows = std::min(batch, n - begin);
      const double batch_loss = steps->step(order.segment(begin, rows));
      run.accumulated_loss += batch_loss * static_cast<double>(rows);
      run.next_row = begin + rows;
      if (one_batch && run.next_row < n) break;
    }
    steps->store();
    if (run.next_row < n) break;  // one batch, not the epoch's last: the epoch goes on at next_row
    run.next_row = 0;
    ++n_iter_;
    loss_ = run.accumulated_loss / static_cast<double>(n);
    run.accumulated_loss = 0;
    t_ += n;
    loss_curve_.push_back(loss_);
    update_no_improvement_count(early_stopping, X_val, T_val, run.float32);
    optimizer.epoch_ends(t_);
    const int* patience = std::get_if<int>(&p.n_iter_no_change);
    if (patience && no_improvement_count_ > *patience) {
      run.stopped = optimizer.stops();
      if (!run.stopped) no_improvement_count_ = 0;
    }
    if (progress_ && !progress_(epoch + 1, epochs))
      throw Error("fit cancelled after " + std::to_string(epoch + 1) + " of " + std::to_string(epochs) + " epochs");
    if (run.stopped || incremental) break;
    if (n_iter_ == p.max_iter)
      warnings_.add(WarningKind::convergence, "the stochastic optimizer reached maxIter (" + std::to_string(p.max_iter) +
                                                  ") before converging; increase maxIter");
  }
  run.weights = weights_.packed;
  // Early stopping shows the best epoch's weights; inside an epoch (continueBatch) the live ones.
  if (early_stopping && run.next_row == 0 && best_packed_.size() == weights_.packed.size()) weights_.packed = best_packed_;
}

namespace {
// The full-batch loss and gradient for L-BFGS; stops the solver after maxFun evaluations, keeping the
// best point seen.
struct LbfgsObjective {
  MLPWeights& weights;
  Backprop<double>& pass;
  IntVector rows;  // every row, in order
  int max_fun;
  int evals = 0;
  double best = kInf;
  Vector best_x;
  struct OutOfEvaluations {};

  double operator()(const Vector& x, Vector& grad) {
    if (evals >= max_fun) throw OutOfEvaluations{};
    ++evals;
    weights.packed = x;
    const double f = pass.loss_and_gradient(rows, grad);
    if (f < best) {
      best = f;
      best_x = x;
    }
    return f;
  }
};
}  // namespace

void MultilayerPerceptron::fit_lbfgs(MatrixRef X, MatrixRef T) {
  const MLPParams& p = params_;
  // In double whatever X's precision: scikit-learn's L-BFGS (scipy's) runs on float64 weights.
  Backprop<double> pass(weights_, p.activation, out_activation_, p.alpha, X, T, X.rows());
  const int n = static_cast<int>(X.rows());
  LbfgsObjective objective{weights_, pass, IntVector::LinSpaced(n, 0, n - 1), p.max_fun, 0, kInf, Vector()};
  // scipy's L-BFGS-B as scikit-learn calls it: 10 corrections, gtol = tol on the largest gradient
  // entry, its default ftol on the relative decrease, maxiter and maxfun; its line search (MINPACK-2's,
  // sufficient decrease 1e-3, curvature 0.9).
  LBFGSpp::LBFGSBParam<double> param;
  param.m = 10;
  param.epsilon = p.tol;
  param.epsilon_rel = 0;
  param.past = 1;
  param.delta = 2.220446049250313e-09;
  param.max_iterations = p.max_iter;
  param.max_linesearch = 20;
  param.ftol = 1e-3;
  param.wolfe = 0.9;
  LBFGSpp::LBFGSBSolver<double, MinpackLineSearch> solver(param);
  const Index dim = weights_.packed.size();
  Vector x = weights_.packed, lower = Vector::Constant(dim, -kInf), upper = Vector::Constant(dim, kInf);
  double fx = 0;
  int iterations = 0;
  try {
    iterations = solver.minimize(objective, x, fx, lower, upper);
  } catch (const LbfgsObjective::OutOfEvaluations&) {
    iterations = std::min(objective.evals, p.max_iter);
    warnings_.add(WarningKind::convergence, "lbfgs stopped after maxFun (" + std::to_string(p.max_fun) +
                                                ") evaluations of the loss; increase maxFun");
  } catch (const std::exception&) {
    // The line search failed at the limit of floating-point precision: the best point is the result
    // (LBFGSpp does not report its iteration then; evaluations are counted instead).
    iterations = std::min(objective.evals, p.max_iter);
  }
  if (objective.best_x.size()) x = objective.best_x;
  weights_.packed = x;
  Vector grad;
  loss_ = pass.loss_and_gradient(objective.rows, grad);
  n_iter_ = iterations;
  if (iterations >= p.max_iter && warnings_.empty())
    warnings_.add(WarningKind::convergence, "lbfgs reached maxIter (" + std::to_string(p.max_iter) +
                                                ") before converging; increase maxIter or scale the data");
}

json MultilayerPerceptron::state() const {
  json units = json::array();
  for (Index u : weights_.units) units.push_back(u);
  json s = {{"units", units},
            {"weights", to_json(weights_.packed)},
            {"outActivation", static_cast<int>(out_activation_)},
            {"lossCurve", loss_curve_},
            {"validationScores", validation_scores_},
            {"loss", number_or_null(loss_)},
            {"bestLoss", number_or_null(best_loss_)},
            {"bestValidationScore", number_or_null(best_validation_score_)},
            {"nIter", n_iter_},
            {"t", t_},
            {"warnings", to_json(warnings_)}};
  if (trained_in_float32_) s["float32"] = true;
  return s;
}

void MultilayerPerceptron::load_state(const json& s) {
  const json& units = member(s, "units");
  if (!units.is_array() || units.size() < 2) throw InvalidArgument("model JSON: units must list at least 2 layer sizes");
  MLPWeights w;
  for (const json& u : units) {
    if (!u.is_number_integer() || u.get<long long>() < 1) throw InvalidArgument("model JSON: units must be positive integers");
    w.units.push_back(u.get<Index>());
  }
  w.packed = vector_from_json(member(s, "weights"), "weights");
  // In double: units near 2^32 overflowed intercept_offset's Index products.
  if (weight_count(std::vector<double>(w.units.begin(), w.units.end())) != static_cast<double>(w.packed.size()))
    throw InvalidArgument("model JSON: weights do not match units");
  const int out = integer_from_json<int>(member(s, "outActivation"), "outActivation",
                                        between(0, static_cast<int>(MLPActivation::softmax)));  // get<int> wrapped 2^32 + 1
  const Vector curve = vector_from_json(member(s, "lossCurve"), "lossCurve");
  const Vector scores = vector_from_json(member(s, "validationScores"), "validationScores");
  weights_ = std::move(w);
  out_activation_ = static_cast<MLPActivation>(out);
  loss_curve_.assign(curve.data(), curve.data() + curve.size());
  validation_scores_.assign(scores.data(), scores.data() + scores.size());
  loss_ = number_or_nan(member(s, "loss"), "loss");
  best_loss_ = number_or_nan(member(s, "bestLoss"), "bestLoss");
  best_validation_score_ = number_or_nan(member(s, "bestValidationScore"), "bestValidationScore");
  n_iter_ = integer_from_json<int>(member(s, "nIter"), "nIter", at_least(0));
  t_ = integer_from_json<long long>(member(s, "t"), "t", at_least(0));
  warnings_ = warnings_from_json(s, WarningKind::convergence);
  trained_in_float32_ = false;
  if (const auto f = s.find("float32"); f != s.end()) {
    if (!f->is_boolean()) throw InvalidArgument("model JSON: float32 must be true or false");
    trained_in_float32_ = f->get<bool>();
  }
  optimizer_.reset();
  run_.reset();
}

// ---- MLPClassifier ------------------------------------------------------------------------------

Matrix MLPClassifier::indicators(IntVectorRef y, int k) const {
  Matrix T = Matrix::Zero(y.size(), k == 2 ? 1 : k);
  for (Index i = 0; i < y.size(); ++i) {
    if (y[i] >= k) throw InvalidArgument("y has class code " + std::to_string(y[i]) + " not among the " + std::to_string(k) + " classes of the first partialFit");
    if (k == 2) T(i, 0) = y[i];
    else T(i, y[i]) = 1;
  }
  return T;
}

MLPClassifier& MLPClassifier::fit(MatrixRef X, IntVectorRef y) { return fit_classes(X, y, false); }

MLPClassifier& MLPClassifier::initialize(MatrixRef X, MatrixRef Y) {
  check_available(*this, "initialize");
  check_matrix(Y, "y");
  if (Y.cols() != 1) throw InvalidArgument("MLPClassifier.initialize takes one class per row (a multi-label fit starts with fit)");
  return fit_classes(X, Y.col(0).cast<int>(), true);
}

MLPClassifier& MLPClassifier::fit_classes(MatrixRef X, IntVectorRef y, bool start_only) {
  check_params<MLPClassifier>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  const int k = check_class_codes(y);
  if (k < 2) throw InvalidArgument("MLPClassifier needs at least 2 classes in y, got 1");
  if (is_fitted() && params_.warm_start && !multilabel_ && k != n_classes_)
    throw InvalidArgument("warmStart needs y with the classes of the previous fit (" + std::to_string(n_classes_) + "), got " + std::to_string(k));
  fit_targets(X, indicators(y, k), k == 2 ? MLPActivation::logistic : MLPActivation::softmax, false, nullptr, start_only);
  n_classes_ = k;
  multilabel_ = false;
  return *this;
}

MLPClassifier& MLPClassifier::fit_with_validation(MatrixRef X, IntVectorRef y, MatrixRef X_val, IntVectorRef y_val) {
  check_params<MLPClassifier>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  check_same_rows(X_val.rows(), y_val.size(), "y_val");
  const int k = std::max(check_class_codes(y), check_class_codes(y_val, "y_val"));
  const Matrix T_val = indicators(y_val, k);
  const Validation validation{X_val, T_val};
  fit_targets(X, indicators(y, k), k == 2 ? MLPActivation::logistic : MLPActivation::softmax, false, &validation);
  n_classes_ = k;
  multilabel_ = false;
  return *this;
}

MLPClassifier& MLPClassifier::partial_fit(MatrixRef X, IntVectorRef y, int n_classes) {
  check_params<MLPClassifier>(params_);
  check_available(*this, "partialFit");
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  check_class_codes(y);
  const int k = is_fitted() ? n_classes_ : n_classes;
  if (k == 0) throw InvalidArgument("classes must be given on the first call to partialFit");
  if (k < 2) throw InvalidArgument("classes must name at least 2 classes on the first partialFit, got " + std::to_string(k));
  fit_targets(X, indicators(y, k), k == 2 ? MLPActivation::logistic : MLPActivation::softmax, true, nullptr);
  n_classes_ = k;
  multilabel_ = false;
  return *this;
}

MLPClassifier& MLPClassifier::fit_multilabel(MatrixRef X, MatrixRef Y) {
  check_params<MLPClassifier>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  check_matrix(Y, "y");
  if (!(Y.array() == 0.0 || Y.array() == 1.0).all()) throw InvalidArgument("y must be a 0/1 indicator matrix for multi-label fits");
  fit_targets(X, Y, MLPActivation::logistic, false, nullptr);
  n_classes_ = static_cast<int>(Y.cols());
  multilabel_ = true;
  return *this;
}

MLPClassifier& MLPClassifier::continue_fit(MatrixRef X, MatrixRef Y) { return continue_by(X, Y, false); }
MLPClassifier& MLPClassifier::continue_batch(MatrixRef X, MatrixRef Y) { return continue_by(X, Y, true); }

MLPClassifier& MLPClassifier::continue_by(MatrixRef X, MatrixRef Y, bool one_batch) {
  const char* method = one_batch ? "continueBatch" : "continueFit";
  check_available(*this, method);
  check_continuable(method);
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  check_matrix(Y, "y");
  if (multilabel_) {
    continue_targets(X, Y, one_batch);
  } else {
    const IntVector codes = Y.col(0).cast<int>();
    check_class_codes(codes);
    continue_targets(X, indicators(codes, n_classes_), one_batch);
  }
  return *this;
}

Matrix MLPClassifier::predict_proba(MatrixRef X) const {
  Matrix Y = forward(X);
  if (multilabel_ || Y.cols() > 1) return Y;
  Matrix P(Y.rows(), 2);
  P.col(0) = 1.0 - Y.col(0).array();
  P.col(1) = Y.col(0);
  return P;
}

Matrix MLPClassifier::predict_log_proba(MatrixRef X) const {
  return det_log_of(predict_proba(X));
}

IntVector MLPClassifier::predict(MatrixRef X) const {
  if (multilabel_) throw InvalidArgument("MLPClassifier: this model is multi-label; use predict_multilabel");
  const Matrix Y = forward(X);
  IntVector codes(Y.rows());
  for (Index i = 0; i < Y.rows(); ++i) {
    if (Y.cols() == 1) codes[i] = Y(i, 0) > 0.5;
    else Y.row(i).maxCoeff(&codes[i]);
  }
  return codes;
}

Matrix MLPClassifier::predict_multilabel(MatrixRef X) const {
  return (forward(X).array() > 0.5).cast<double>();
}

json MLPClassifier::state() const {
  json s = MultilayerPerceptron::state();
  s["nClasses"] = n_classes_;
  s["multilabel"] = multilabel_;
  return s;
}

void MLPClassifier::load_state(const json& s) {
  MLPClassifier loaded(params_);
  loaded.MultilayerPerceptron::load_state(s);
  const json& multilabel = member(s, "multilabel");
  if (!multilabel.is_boolean()) throw InvalidArgument("model JSON: multilabel must be true or false");
  loaded.multilabel_ = multilabel.get<bool>();
  loaded.n_classes_ = integer_from_json<int>(member(s, "nClasses"), "nClasses");
  // One output per label (a multi-label fit may have one), else one for two classes, one per class past two.
  const int k = loaded.n_classes_;
  const Index outputs = loaded.weights_.units.back();
  if (k < (loaded.multilabel_ ? 1 : 2) || outputs != (loaded.multilabel_ || k > 2 ? k : 1))
    throw InvalidArgument("model JSON: nClasses does not match the network's outputs");
  *this = std::move(loaded);
}

// ---- MLPRegressor -------------------------------------------------------------------------------

MLPRegressor& MLPRegressor::fit(MatrixRef X, MatrixRef Y) { return fit_values(X, Y, false); }

MLPRegressor& MLPRegressor::initialize(MatrixRef X, MatrixRef Y) {
  check_available(*this, "initialize");
  return fit_values(X, Y, true);
}

MLPRegressor& MLPRegressor::fit_values(MatrixRef X, MatrixRef Y, bool start_only) {
  check_params<MLPRegressor>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  check_matrix(Y, "y");
  fit_targets(X, Y, MLPActivation::identity, false, nullptr, start_only);
  return *this;
}

MLPRegressor& MLPRegressor::partial_fit(MatrixRef X, MatrixRef Y) {
  check_params<MLPRegressor>(params_);
  check_available(*this, "partialFit");
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  check_matrix(Y, "y");
  fit_targets(X, Y, MLPActivation::identity, true, nullptr);
  return *this;
}

MLPRegressor& MLPRegressor::fit_with_validation(MatrixRef X, MatrixRef Y, MatrixRef X_val, MatrixRef Y_val) {
  check_params<MLPRegressor>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  check_matrix(Y, "y");
  check_same_rows(X_val.rows(), Y_val.rows(), "y_val");
  const Validation validation{X_val, Y_val};
  fit_targets(X, Y, MLPActivation::identity, false, &validation);
  return *this;
}

MLPRegressor& MLPRegressor::continue_fit(MatrixRef X, MatrixRef Y) { return continue_by(X, Y, false); }
MLPRegressor& MLPRegressor::continue_batch(MatrixRef X, MatrixRef Y) { return continue_by(X, Y, true); }

MLPRegressor& MLPRegressor::continue_by(MatrixRef X, MatrixRef Y, bool one_batch) {
  check_available(*this, one_batch ? "continueBatch" : "continueFit");
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  check_matrix(Y, "y");
  continue_targets(X, Y, one_batch);
  return *this;
}

void MLPRegressor::load_state(const json& s) {
  MLPRegressor loaded(params_);
  loaded.MultilayerPerceptron::load_state(s);
  if (loaded.out_activation_ != MLPActivation::identity) throw InvalidArgument("model JSON: outActivation must be identity");
  *this = std::move(loaded);
}

}  // namespace wasmlearn
