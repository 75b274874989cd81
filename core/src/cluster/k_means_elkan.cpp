// Elkan's step (scikit-learn's _k_means_elkan): Lloyd's labels with fewer distances, skipping the
// centres that triangle-inequality bounds rule out. Per block of rows, first every row's distance
// to its own centre and its lower bounds loosened by the centre shifts, tested against them and half
// the distances between centres with no branch at all, and the row added to the member sums of its
// cluster; then the rows some centre's bounds leave open get all k distances (all become lower
// bounds) and move to the nearest.
#include <limits>
#include <vector>

#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/cluster/k_means_common.hpp"

namespace wasmlearn {
namespace k_means {

namespace {

// k rounded up to even: columns for k centres in whole lane pairs.
inline Index lane_pair_columns(Index k) { return (k + 1) / 2 * 2; }

// The centres column by column for distances_to_columns: entry (t, j) at t·width + j, width = k
// rounded up to even (the padding column repeats the last centre).
struct CentreColumns {
  Index width;
  std::vector<double> values;
  explicit CentreColumns(const Matrix& C) : width(lane_pair_columns(C.rows())), values(static_cast<std::size_t>(width * C.cols())) {
    for (Index t = 0; t < C.cols(); ++t)
      for (Index j = 0; j < width; ++j) values[static_cast<std::size_t>(t * width + j)] = C(std::min(j, C.rows() - 1), t);
  }
};

// Elkan's bounds (scikit-learn's _kmeans_single_elkan): per row lower bounds on the distances to
// every centre (the upper bound on the distance to its own centre is the distance itself, measured
// on every pass, see elkan_bounds_block); per centre pair half their distance. The bounds and half
// distances have `width` columns (k rounded up to even, for whole lane pairs); half distances are
// infinite from a centre to itself and to the padding column, so that neither ever passes the
// bounds test.
struct ElkanState {
  MatrixRef X;
  const Vector& w;
  bool unit;  // every weight 1 (unit_weights)
  Index width;
  IntVector labels;
  Matrix lower;  // n x width
  Matrix half;   // k x width
  // The rows of the current block that their bounds leave open, and their squared distances to
  // their centres.
  std::vector<Index> open;
  std::vector<double> open_sq;
  // How far each centre moved since the bounds were last loosened (width entries, zero padding).
  Vector moved;
};

void centre_half_distances(const Matrix& C, ElkanState& s) {
  const Index k = C.rows();
  s.half.setConstant(k, s.width, std::numeric_limits<double>::infinity());
  for (Index a = 0; a < k; ++a)
    for (Index b = 0; b < k; ++b)
      if (a != b) s.half(a, b) = 0.5 * std::sqrt(squared_distance(C.row(a).data(), C.row(b).data(), C.cols()));
}

// Step one of Elkan's assignment on rows [begin, end) (k ≥ 2). Per row, the distance d from the
// row to its centre (the tightest upper bound); the lower bounds loosened by how far the centres
// moved (s.moved; negative bounds are still bounds); and the test whether some
// centre j may be closer: d > lower_j and d > half_j (half the distance between the two centres),
// that is d > m = min_j max(lower_j, half_j) ≥ 0, tested as d² > m² (no square root on the way;
// the two tests can differ only where d and m agree to rounding, as the bounds themselves do).
// scikit-learn keeps a loosened upper bound and measures d only when the bounds do not settle the
// row; on the benchmark 99% of the rows need it all the same, and measuring every row leaves no
// branch at all (which rows pass is unpredictable), so that the processor overlaps rows. Rows that
// some centre's bounds do not rule out go to s.open (on the benchmark about 20%); returns how
// many. Every row joins the member sums and weights of its cluster and adds w·d² to the inertia
// (elkan_reassign_rows corrects them for the rows that move).
// kFeatures, Weights: see kernel_for_features, UnitWeights.
template <int kFeatures, class Weights>
[[gnu::noinline]] Index elkan_bounds_block(ElkanState& s, const Matrix& C, Index begin, Index end, MemberSums& members) {
  const Index width = s.width, p = kFeatures > 0 ? kFeatures : C.cols();
  // Plain pointers: the stores to the bounds and sums would otherwise make the compiler reload the
  // containers' data pointers for every row.
  const double* __restrict moved = s.moved.data();
  const Weights w{s.w.data()};
  const double* __restrict centres = C.data();
  const double* __restrict half = s.half.data();
  const int* __restrict labels = s.labels.data();
  double* __restrict sums = members.sums.data();
  double* __restrict weights = members.weights.data();
  Index* __restrict open = s.open.data();
  double* __restrict open_sq = s.open_sq.data();
  Index n_open = 0;
  double inertia = 0;
  for (Index i = begin; i < end; ++i) {
    const Index label = labels[i];
    const double* x = row_of(s.X, i);
    const double sq = squared_distance(x, centres + label * p, p);
    add_scaled(x, w[i], p, sums + label * p);
    weights[label] += w[i];
    inertia += w[i] * sq;
    double* __restrict lower = s.lower.data() + i * width;
    const double* __restrict half_row = half + label * width;
    Lanes2 lowest = splat_lanes(std::numeric_limits<double>::infinity());
    for (Index j = 0; j < width; j += 2) {
      const Lanes2 loosened = load_lanes(lower + j) - load_lanes(moved + j);
      store_lanes(lower + j, loosened);
      lowest = min_lanes(lowest, max_lanes(loosened, load_lanes(half_row + j)));
    }
    const Lanes2 lowest_sq = lowest * lowest;
    open[n_open] = i;
    open_sq[n_open] = sq;
    n_open += (sq > lowest_sq[0]) | (sq > lowest_sq[1]);  // no select: V8 compiles a float select to a branch
  }
  members.inertia += inertia;
  return n_open;
}

// Step two, on the open rows: the distances to all centres, which become the lower bounds (exact
// bounds keep a row from opening again soon, which saves more than the distances the bounds would
// have ruled out); the row moves to the first centre closer than its own, taking its values and
// weight to the new cluster's member sums, and the inertia gets w times the square of its new
// distance in place of the old. With valid bounds this is what scikit-learn's inner loop chooses: a centre its
// bounds skip is not closer. Returns how many labels changed.
[[gnu::noinline]] Index elkan_reassign_rows(ElkanState& s, const CentreColumns& C, Index n_open, MemberSums& members) {
  const Index k = s.half.rows(), p = s.X.cols();
  Index changed = 0;
  for (Index r = 0; r < n_open; ++r) {
    const Index i = s.open[static_cast<std::size_t>(r)], old = s.labels[i];
    double* d = s.lower.data() + i * s.width;
    const double* x = row_of(s.X, i);
    distances_to_columns(x, p, C.values.data(), C.width, d);
    Index label = old;
    double nearest = d[old];  // in a register: reloading d[label] would chain every step to the last
    for (Index j = 0; j < k; ++j)
      if (d[j] < nearest) {
        nearest = d[j];
        label = j;
      }
    if (label != old) {
      const double w = s.w[i];
      members.move_row(x, w, old, label, p);
      members.inertia += w * (d[label] * d[label] - s.open_sq[static_cast<std::size_t>(r)]);
      s.labels[i] = static_cast<int>(label);
      ++changed;
    }
  }
  return changed;
}

// Elkan's assignment of every row (the bounds first loosened by s.moved), with the member sums,
// weights and inertia of the new labels to C, block by block. Returns how many labels changed.
Index elkan_assign(ElkanState& s, const Matrix& C, MemberSums& members) {
  const CentreColumns columns(C);
  const auto bounds_block =
      kernel_for_weights(C.cols(), s.unit, [](auto p, auto weights) { return &elkan_bounds_block<p(), decltype(weights)>; });
  members.reset(C.rows(), C.cols());
  Index changed = 0;
  for_row_blocks(s.X.rows(), [&](Index b, Index e) {
    changed += elkan_reassign_rows(s, columns, bounds_block(s, C, b, e, members), members);
  });
  return changed;
}

// Starts from label 0 and zero lower bounds (valid, if loose): the first assignment measures each
// row against centre 0, and against every centre where half their distance does not settle it.
class ElkanStep final : public AssignmentStep {
 public:
  ElkanStep(const Matrix& X, const Vector& w, Index k)
      : s_{X,
           w,
           unit_weights(w),
           lane_pair_columns(k),
           IntVector::Zero(X.rows()),
           Matrix::Zero(X.rows(), lane_pair_columns(k)),
           Matrix(),
           std::vector<Index>(static_cast<std::size_t>(kRowBlock)),
           std::vector<double>(static_cast<std::size_t>(kRowBlock)),
           Vector::Zero(lane_pair_columns(k))} {}
  Index assign(const Matrix& centers, const Vector& shift, MemberSums& members) override {
    centre_half_distances(centers, s_);
    s_.moved.head(centers.rows()) = shift;
    return elkan_assign(s_, centers, members);
  }
  IntVector& labels() override { return s_.labels; }

 private:
  ElkanState s_;
};

}  // namespace

std::unique_ptr<AssignmentStep> elkan_step(const Matrix& X, const Vector& w, Index k) {
  return std::make_unique<ElkanStep>(X, w, k);
}

}  // namespace k_means
}  // namespace wasmlearn
