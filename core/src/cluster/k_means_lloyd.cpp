// Lloyd's step (scikit-learn's _k_means_lloyd): every row to its nearest centre, then a pass adding
// the rows to the member sums of their clusters, both in blocks of rows (each block one call, so
// V8's optimising tier takes over).
#include <limits>
#include <vector>

#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/cluster/k_means_common.hpp"

namespace wasmlearn {
namespace k_means {

namespace {

// Lloyd's assignment runs in float32 (four rows per register, twice float64's throughput) and is
// certified: a row keeps its float32 nearest centre only when the runner-up is farther by more
// than the worst-case errors of both computations allow, so that the float64 computation
// (exact_nearest) would choose the same centre; other rows are recomputed in float64. Labels, and
// hence centres and inertia, are exactly those of the float64 assignment.
//
// Error of d = ‖c‖² − 2·x·c against exact arithmetic on the float64 values, u = 2⁻²⁴: rounding x
// and c to float32, the p products and p − 1 additions of x·c, ‖c‖² (float64, then rounded) and
// the subtraction give |d₃₂ − d| ≤ 1.01·(p + 5)·u·(‖x‖² + ‖c‖²) for (p + 2)·u ≤ 0.01 (Higham's γ
// bounds with 2|x·c| ≤ ‖x‖² + ‖c‖²); float64's error is 2²⁹ times smaller. A runner-up ahead by
// more than 2·(E₃₂ + E₆₄) wins in float64 too; the margin demanded, 4·(p + 6)·u·(‖x‖² + max‖c‖²), is
// twice that, which also covers the float32 rounding of the margin and the gap themselves. Squared
// norms from 2¹⁰⁰ up (float32 could overflow) get an infinite margin: such rows always take the
// float64 path. Below, kUnderflowMargin covers values and products under float32's normal range
// (absolute errors of 2⁻¹⁵⁰ each, times |c| < 2⁵⁰: at most 16·√p·2⁻¹⁰⁰ < 2⁻⁸⁰ on the margin).
constexpr double kMarginPerTerm = 4.0 * 0x1p-24;
constexpr double kUnderflowMargin = 0x1p-80;
constexpr double kLargestCertifiedNorm = 0x1p100;
constexpr Index kLargestCertifiedFeatures = 100000;

// WebAssembly without SIMD emulates the lanes one at a time; there the float64 rule alone is faster
// (benchmark: 0.73 s against 1.1 s for the float32 kernel) and gives the same labels.
#if defined(__wasm__) && !defined(__wasm_simd128__)
constexpr bool kFloat32Lanes = false;
#else
constexpr bool kFloat32Lanes = true;
#endif

// The margin's share from a squared norm, rounded to float32 (infinite where float32 is unsafe).
float margin_of(double sq_norm, Index p) {
  if (!(sq_norm < kLargestCertifiedNorm) || p > kLargestCertifiedFeatures)
    return std::numeric_limits<float>::infinity();
  return static_cast<float>(kMarginPerTerm * static_cast<double>(p + 6) * sq_norm);
}

// X rounded to float32 once, in panels of kRowBlock rows, feature-major within a panel (entry
// (r, t) at t·kRowBlock + r): one Floats4 load is one feature of four consecutive rows, so each
// centre coordinate is a constant shared by the four. The last panel is padded with zero rows.
// Beside it, each row's share of the certification margin.
class FloatPanels {
 public:
  explicit FloatPanels(MatrixRef X)
      : X_(X), values_(static_cast<std::size_t>(padded_rows() * X.cols()), 0.0f),
        row_margins_(static_cast<std::size_t>(padded_rows()), 0.0f) {
    const Index p = X.cols();
    for (Index i = 0; i < X.rows(); ++i) {
      const Index r = i % kRowBlock;
      float* panel = values_.data() + (i - r) * p;
      for (Index t = 0; t < p; ++t) panel[t * kRowBlock + r] = static_cast<float>(X(i, t));
      row_margins_[static_cast<std::size_t>(i)] =
          static_cast<float>(kUnderflowMargin) + margin_of(X.row(i).squaredNorm(), p);
    }
  }
  MatrixRef X() const { return X_; }
  // The panel of rows [begin, begin + kRowBlock); begin is a multiple of kRowBlock.
  const float* panel(Index begin) const { return values_.data() + begin * X_.cols(); }
  const float* row_margins(Index begin) const { return row_margins_.data() + begin; }

 private:
  Index padded_rows() const { return (X_.rows() + kRowBlock - 1) / kRowBlock * kRowBlock; }
  MatrixRef X_;
  std::vector<float> values_, row_margins_;
};

// The centres for one assignment: float64 rows and squared norms for exact_nearest; float32
// coordinates and squared norms in all four lanes for the kernel, with the centres' share of the
// margin (of the largest norm).
struct CentreTable {
  const Matrix& rows;
  Vector sq_norms;
  std::vector<Floats4> coords;  // k x p
  std::vector<Floats4> sq_norms_f;
  float margin;
  explicit CentreTable(const Matrix& C)
      : rows(C), sq_norms(C.rowwise().squaredNorm()), coords(static_cast<std::size_t>(C.size())),
        sq_norms_f(static_cast<std::size_t>(C.rows())), margin(margin_of(sq_norms.maxCoeff(), C.cols())) {
    for (Index j = 0; j < C.rows(); ++j) {
      for (Index t = 0; t < C.cols(); ++t)
        coords[static_cast<std::size_t>(j * C.cols() + t)] = Floats4{} + static_cast<float>(C(j, t));
      sq_norms_f[static_cast<std::size_t>(j)] = Floats4{} + static_cast<float>(sq_norms[j]);
    }
  }
};

// The nearest centre to row x in float64: argmin ‖c‖² − 2·x·c, x·c summed over the features in
// order, the lowest index on ties. This defines Lloyd's labels; the float32 kernel reproduces it.
int exact_nearest(const double* x, const CentreTable& C) {
  const Index p = C.rows.cols();
  double best_d = std::numeric_limits<double>::infinity();
  int best = 0;
  for (Index j = 0; j < C.rows.rows(); ++j) {
    const double* c = C.rows.data() + j * p;
    double dot = 0;
    for (Index t = 0; t < p; ++t) dot += x[t] * c[t];
    const double d = C.sq_norms[j] - 2 * dot;
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(j);
    }
  }
  return best;
}

// Rows [begin, begin + m) of the panel at `begin`: their nearest centres (see above), written to
// labels[begin, begin + m); returns how many changed. Eight rows at a time (two Floats4), so that
// each centre coordinate loaded serves eight rows and two product chains overlap. Per row the
// nearest and the runner-up distance are kept with selects, not branches (which centre wins is
// unpredictable).
template <int kFeatures>
[[gnu::noinline]] Index assign_panel(const FloatPanels& X, Index begin, Index m, const CentreTable& C, int* labels) {
  Index changed = 0;
  if (!kFloat32Lanes) {
    for (Index i = begin; i < begin + m; ++i) {
      const int label = exact_nearest(row_of(X.X(), i), C);
      changed += labels[i] != label;
      labels[i] = label;
    }
    return changed;
  }
  constexpr Index kStep = 8;
  constexpr float inf = std::numeric_limits<float>::infinity();
  const Index p = kFeatures > 0 ? kFeatures : X.X().cols(), k = C.rows.rows();
  const float* panel = X.panel(begin);
  for (Index r = 0; r < m; r += kStep) {
    const float* x = panel + r;
    Floats4 best_d[2] = {Floats4{} + inf, Floats4{} + inf}, second_d[2] = {best_d[0], best_d[1]};
    Ints4 best[2] = {Ints4{}, Ints4{}};
    for (Index j = 0; j < k; ++j) {
      const Floats4* c = C.coords.data() + j * p;
      Floats4 dot[2] = {Floats4{}, Floats4{}};
      for (Index t = 0; t < p; ++t) {
        dot[0] += load_floats(x + t * kRowBlock) * c[t];
        dot[1] += load_floats(x + t * kRowBlock + 4) * c[t];
      }
      const Ints4 index = Ints4{} + static_cast<int>(j);
      for (int u = 0; u < 2; ++u) {
        const Floats4 d = C.sq_norms_f[static_cast<std::size_t>(j)] - 2 * dot[u];
        const Ints4 closer = d < best_d[u];
        second_d[u] = closer ? best_d[u] : (d < second_d[u] ? d : second_d[u]);
        best_d[u] = closer ? d : best_d[u];
        best[u] = closer ? index : best[u];
      }
    }
    for (int u = 0; u < 2; ++u) {
      const Floats4 margin = load_floats(X.row_margins(begin + r + 4 * u)) + C.margin;
      const Ints4 certain = second_d[u] - best_d[u] > margin;
      for (Index l = 0; l < 4 && r + 4 * u + l < m; ++l) {
        const Index i = begin + r + 4 * u + l;
        const int label = certain[l] ? best[u][l] : exact_nearest(row_of(X.X(), i), C);
        changed += labels[i] != label;
        labels[i] = label;
      }
    }
  }
  return changed;
}

// Labels of every row to the nearest of `centers` (see assign_panel); returns how many changed.
Index assign_all(const FloatPanels& X, const Matrix& centers, IntVector& labels) {
  const CentreTable table(centers);
  Index changed = 0;
  const auto assign = kernel_for_features(X.X().cols(), [](auto p) { return &assign_panel<p()>; });
  for_row_blocks(X.X().rows(), [&](Index b, Index e) { changed += assign(X, b, e - b, table, labels.data()); });
  return changed;
}

template <int kFeatures, class Weights>
[[gnu::noinline]] void add_members_block(MatrixRef X, const double* w, Index begin, Index end, const int* labels,
                                         const Matrix& centers, MemberSums& members) {
  const Index p = kFeatures > 0 ? kFeatures : X.cols();
  const Weights weight{w};
  for (Index i = begin; i < end; ++i) members.add(row_of(X, i), weight[i], centers.data() + labels[i] * p, labels[i], p);
}

// Member sums, weights and inertia of the labelled rows (weights w, all 1 if unit) to `centers`.
void add_members(MatrixRef X, const Vector& w, bool unit, const IntVector& labels, const Matrix& centers,
                 MemberSums& members) {
  members.reset(centers.rows(), X.cols());
  const auto add_block =
      kernel_for_weights(X.cols(), unit, [](auto p, auto weights) { return &add_members_block<p(), decltype(weights)>; });
  for_row_blocks(X.rows(), [&](Index b, Index e) { add_block(X, w.data(), b, e, labels.data(), centers, members); });
}

class LloydStep final : public AssignmentStep {
 public:
  LloydStep(const Matrix& X, const Vector& w)
      : panels_(X), w_(w), unit_(unit_weights(w)), labels_(IntVector::Constant(X.rows(), -1)) {}
  Index assign(const Matrix& centers, const Vector&, MemberSums& members) override {
    const Index changed = assign_all(panels_, centers, labels_);
    add_members(panels_.X(), w_, unit_, labels_, centers, members);
    return changed;
  }
  IntVector& labels() override { return labels_; }

 private:
  FloatPanels panels_;
  const Vector& w_;
  bool unit_;
  IntVector labels_;
};

}  // namespace

std::unique_ptr<AssignmentStep> lloyd_step(const Matrix& X, const Vector& w) { return std::make_unique<LloydStep>(X, w); }

Index assign_nearest(MatrixRef X, const Matrix& centers, IntVector& labels) {
  return assign_all(FloatPanels(X), centers, labels);
}

}  // namespace k_means
}  // namespace wasmlearn
