#include "wasmlearn/cluster/kmeans.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

#include "wasmlearn/base/lanes.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

namespace {

// Squared distances ‖x − c‖²: the squares of the even and of the odd features summed apart, in
// order, then added (a chain of p/2 dependent additions instead of p: the assignment passes are
// bound by this latency). distances_to_all (a row to every centre, square roots taken) gives the
// same bits.
inline double sq_dist(const double* x, const double* c, Index p) {
  Lanes2 sums = {0.0, 0.0};
  Index t = 0;
  for (; t + 2 <= p; t += 2) {
    const Lanes2 diff = load_lanes(x + t) - load_lanes(c + t);
    sums += diff * diff;
  }
  double even = sums[0];
  if (t < p) even += (x[t] - c[t]) * (x[t] - c[t]);
  return even + sums[1];
}

inline const double* row_of(MatrixRef X, Index i) { return X.data() + i * X.outerStride(); }

// k rounded up to even: columns for k centres in whole lane pairs.
inline Index lane_pair_columns(Index k) { return (k + 1) / 2 * 2; }

// The per-block kernels below are compiled for each feature count p from 1 to kUnrolledFeatures
// (template argument kFeatures = p) and for any (kFeatures = 0): V8 runs a loop of unknown count
// with a check per step, and a known count lets the loops over features unroll (WebAssembly:
// KMeans 10-15% faster at p = 8; native code gains nothing). kernel_for_features(p, instantiate)
// returns instantiate(std::integral_constant<int, kFeatures>) for p, a kernel's address.
constexpr int kUnrolledFeatures = 16;

template <class Instantiate, int... kFeatures>
auto kernel_for_features(Index p, Instantiate instantiate, std::integer_sequence<int, kFeatures...>) {
  const decltype(instantiate(std::integral_constant<int, 0>())) kernels[] = {
      instantiate(std::integral_constant<int, kFeatures>())...};
  return p < static_cast<Index>(sizeof...(kFeatures)) ? kernels[p] : kernels[0];
}

template <class Instantiate>
auto kernel_for_features(Index p, Instantiate instantiate) {
  return kernel_for_features(p, instantiate, std::make_integer_sequence<int, kUnrolledFeatures + 1>());
}

// sum += x (p entries), two at a time.
inline void add_values(const double* __restrict x, Index p, double* __restrict sum) {
  Index t = 0;
  for (; t + 2 <= p; t += 2) store_lanes(sum + t, load_lanes(sum + t) + load_lanes(x + t));
  if (t < p) sum[t] += x[t];
}

// What one pass over the labelled rows adds up for the next centres: member sums and counts, and
// the inertia of the labels to the centres they were measured against.
struct MemberSums {
  Matrix sums;
  Vector counts;
  double inertia = 0;
  void reset(Index k, Index p) {
    sums.setZero(k, p);
    counts.setZero(k);
    inertia = 0;
  }
  // Row x joins cluster j.
  void add_row(const double* x, Index j, Index p) {
    add_values(x, p, sums.data() + j * p);
    counts[j] += 1;
  }
  // Row x leaves cluster `from` for cluster `to` (its values subtracted again: the sums then differ
  // from sums over the final members by rounding only).
  void move_row(const double* x, Index from, Index to, Index p) {
    sums.row(from) -= Eigen::Map<const RowVector>(x, p);
    counts[from] -= 1;
    add_row(x, to, p);
  }
  // Row x joins cluster j, whose centre is c, adding its squared distance to the inertia.
  void add(const double* x, const double* c, Index j, Index p) {
    inertia += sq_dist(x, c, p);
    add_row(x, j, p);
  }
};

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

template <int kFeatures>
[[gnu::noinline]] void add_members_block(MatrixRef X, Index begin, Index end, const int* labels, const Matrix& centers,
                                         MemberSums& members) {
  const Index p = kFeatures > 0 ? kFeatures : X.cols();
  for (Index i = begin; i < end; ++i) members.add(row_of(X, i), centers.data() + labels[i] * p, labels[i], p);
}

// Member sums, counts and inertia of labelled rows to `centers`.
void add_members(MatrixRef X, const IntVector& labels, const Matrix& centers, MemberSums& members) {
  members.reset(centers.rows(), X.cols());
  const auto add_block = kernel_for_features(X.cols(), [](auto p) { return &add_members_block<p()>; });
  for_row_blocks(X.rows(), [&](Index b, Index e) { add_block(X, b, e, labels.data(), centers, members); });
}

[[gnu::noinline]] double inertia_block(MatrixRef X, Index begin, Index end, const Matrix& C, const int* labels) {
  double s = 0;
  for (Index i = begin; i < end; ++i) s += sq_dist(row_of(X, i), C.data() + labels[i] * X.cols(), X.cols());
  return s;
}

double inertia_of(MatrixRef X, const Matrix& C, const IntVector& labels) {
  double s = 0;
  for_row_blocks(X.rows(), [&](Index b, Index e) { s += inertia_block(X, b, e, C, labels.data()); });
  return s;
}

struct Run {
  Matrix centers;
  IntVector labels;
  double inertia = 0;
  int n_iter = 0;
  std::vector<double> history;
};

// One k-means++ trial on rows [begin, end): squared distance to the candidate, capped by the
// distance to the closest centre so far; returns their sum.
[[gnu::noinline]] double trial_block(MatrixRef X, Index begin, Index end, const double* candidate, const double* closest,
                                     double* dist) {
  double pot = 0;
  for (Index i = begin; i < end; ++i) {
    dist[i] = std::min(closest[i], sq_dist(row_of(X, i), candidate, X.cols()));
    pot += dist[i];
  }
  return pot;
}

double trial_potential(MatrixRef X, Index candidate_row, const Vector& closest, Vector& dist) {
  const RowVector candidate = X.row(candidate_row);
  double pot = 0;
  for_row_blocks(X.rows(), [&](Index b, Index e) { pot += trial_block(X, b, e, candidate.data(), closest.data(), dist.data()); });
  return pot;
}

// scikit-learn's greedy k-means++ (_kmeans_plusplus) with the library's generator.
Matrix kmeans_plus_plus(const Matrix& X, Index k, Random& rng) {
  const Index n = X.rows();
  Matrix C(k, X.cols());
  const int trials = 2 + static_cast<int>(std::log(static_cast<double>(k)));
  const Index first = rng.index(n);
  C.row(0) = X.row(first);
  Vector closest(n), cum(n), dist(n), best_dist(n);
  double pot = trial_potential(X, first, Vector::Constant(n, std::numeric_limits<double>::infinity()), closest);
  for (Index c = 1; c < k; ++c) {
    std::partial_sum(closest.data(), closest.data() + n, cum.data());
    double best_pot = std::numeric_limits<double>::infinity();
    Index best_id = 0;
    for (int t = 0; t < trials; ++t) {
      const double v = rng.uniform() * pot;
      Index id = std::lower_bound(cum.data(), cum.data() + n, v) - cum.data();
      id = std::min(id, n - 1);
      const double cand_pot = trial_potential(X, id, closest, dist);
      if (cand_pot < best_pot) {
        best_pot = cand_pot;
        best_id = id;
        best_dist.swap(dist);
      }
    }
    C.row(c) = X.row(best_id);
    closest.swap(best_dist);
    pot = best_pot;
  }
  return C;
}

// Moves the points farthest from their centres into the empty clusters (scikit-learn's
// _relocate_empty_clusters_dense), updating the member sums and counts.
void relocate_empty(const Matrix& X, const Matrix& old_centers, const IntVector& labels, MemberSums& m) {
  std::vector<Index> empty;
  for (Index j = 0; j < m.counts.size(); ++j)
    if (m.counts[j] == 0) empty.push_back(j);
  if (empty.empty()) return;
  const Index n = X.rows();
  std::vector<double> d(n);
  for (Index i = 0; i < n; ++i) d[i] = sq_dist(X.row(i).data(), old_centers.row(labels[i]).data(), X.cols());
  std::vector<Index> order(n);
  std::iota(order.begin(), order.end(), 0);
  const Index count = std::min<Index>(static_cast<Index>(empty.size()), n);
  std::partial_sort(order.begin(), order.begin() + count, order.end(),
                    [&](Index a, Index b) { return d[a] > d[b] || (d[a] == d[b] && a < b); });
  for (Index e = 0; e < count; ++e) m.move_row(X.row(order[e]).data(), labels[order[e]], empty[e], X.cols());
}

// The next centres from the member sums (empty clusters relocated); returns the per-cluster shift
// ‖new − old‖.
Vector next_centers(const Matrix& X, const IntVector& labels, const Matrix& old_centers, MemberSums& m, Matrix& next) {
  relocate_empty(X, old_centers, labels, m);
  next = m.sums;
  for (Index j = 0; j < next.rows(); ++j)
    if (m.counts[j] > 0) next.row(j) /= m.counts[j];
  return (next - old_centers).rowwise().norm();
}

// The result of a run whose labels match its final centres.
Run finish_run(const Matrix& X, Matrix centers, IntVector labels, int iterations, std::vector<double> history) {
  Run r;
  r.n_iter = iterations;
  r.inertia = inertia_of(X, centers, labels);
  r.centers = std::move(centers);
  r.labels = std::move(labels);
  r.history = std::move(history);
  return r;
}

Run lloyd(const Matrix& X, Matrix centers, int max_iter, double tol) {
  const FloatPanels panels(X);
  IntVector labels = IntVector::Constant(X.rows(), -1);
  MemberSums members;
  Matrix next;
  std::vector<double> history;
  bool strict = false;
  int it = 0;
  while (it < max_iter) {
    ++it;
    const Index changed = assign_all(panels, centers, labels);
    add_members(X, labels, centers, members);
    history.push_back(members.inertia);
    const Vector shift = next_centers(X, labels, centers, members, next);
    centers.swap(next);
    if (changed == 0) {
      strict = true;
      break;
    }
    if (shift.squaredNorm() <= tol) break;
  }
  if (!strict) assign_all(panels, centers, labels);
  return finish_run(X, std::move(centers), std::move(labels), it, std::move(history));
}

// The centres column by column for distances_to_all: entry (t, j) at t·width + j, width = k rounded
// up to even (the padding column repeats the last centre).
struct CentreColumns {
  Index width;
  std::vector<double> values;
  explicit CentreColumns(const Matrix& C) : width(lane_pair_columns(C.rows())), values(static_cast<std::size_t>(width * C.cols())) {
    for (Index t = 0; t < C.cols(); ++t)
      for (Index j = 0; j < width; ++j) values[static_cast<std::size_t>(t * width + j)] = C(std::min(j, C.rows() - 1), t);
  }
};

// out[2l], out[2l + 1] = the square roots of sq_dist from x to the centres in columns 2l,
// 2l + 1 of c (rows `stride` apart), l < kPairs: the partial sums stay in registers and each x_t is
// broadcast once.
template <int kPairs>
inline void distances_tile(const double* x, Index p, const double* c, Index stride, double* out) {
  Lanes2 even[kPairs], odd[kPairs];
  for (int l = 0; l < kPairs; ++l) even[l] = odd[l] = Lanes2{0.0, 0.0};
  Index t = 0;
  for (; t + 2 <= p; t += 2) {
    const Lanes2 a = {x[t], x[t]}, b = {x[t + 1], x[t + 1]};
    const double* ca = c + t * stride;
    for (int l = 0; l < kPairs; ++l) {
      const Lanes2 da = a - load_lanes(ca + 2 * l), db = b - load_lanes(ca + stride + 2 * l);
      even[l] += da * da;
      odd[l] += db * db;
    }
  }
  if (t < p) {
    const Lanes2 a = {x[t], x[t]};
    for (int l = 0; l < kPairs; ++l) {
      const Lanes2 da = a - load_lanes(c + t * stride + 2 * l);
      even[l] += da * da;
    }
  }
  for (int l = 0; l < kPairs; ++l) store_lanes(out + 2 * l, sqrt_lanes(even[l] + odd[l]));
}

// out[j] = √sq_dist(x, centre j) for every centre (out has room for C.width entries), up to
// eight centres per tile.
inline void distances_to_all(const double* x, Index p, const CentreColumns& C, double* out) {
  for (Index j = 0; j < C.width; j += kTileColumns) {
    const double* c = C.values.data() + j;
    switch (std::min(kTileColumns, C.width - j) / 2) {
      case 1: distances_tile<1>(x, p, c, C.width, out + j); break;
      case 2: distances_tile<2>(x, p, c, C.width, out + j); break;
      case 3: distances_tile<3>(x, p, c, C.width, out + j); break;
      default: distances_tile<4>(x, p, c, C.width, out + j); break;
    }
  }
}

// Elkan's bounds (scikit-learn's _kmeans_single_elkan): per row lower bounds on the distances to
// every centre (the upper bound on the distance to its own centre is the distance itself, measured
// on every pass, see elkan_bounds_block); per centre pair half their distance. The bounds and half
// distances have `width` columns (k rounded up to even, for whole lane pairs); half distances are
// infinite from a centre to itself and to the padding column, so that neither ever passes the
// bounds test.
struct ElkanState {
  MatrixRef X;
  Index width;
  IntVector labels;
  Matrix lower;  // n x width
  Matrix half;   // k x width
  // The rows of the current block that their bounds leave open, and their squared distances to
  // their centres.
  std::vector<Index> open;
  std::vector<double> open_sq;
};

void centre_half_distances(const Matrix& C, ElkanState& s) {
  const Index k = C.rows();
  s.half.setConstant(k, s.width, std::numeric_limits<double>::infinity());
  for (Index a = 0; a < k; ++a)
    for (Index b = 0; b < k; ++b)
      if (a != b) s.half(a, b) = 0.5 * std::sqrt(sq_dist(C.row(a).data(), C.row(b).data(), C.cols()));
}

// Step one of Elkan's assignment on rows [begin, end) (k ≥ 2). Per row, the distance d from the
// row to its centre (the tightest upper bound); the lower bounds loosened by how far the centres
// moved (`shift`, width entries; negative bounds are still bounds); and the test whether some
// centre j may be closer: d > lower_j and d > half_j (half the distance between the two centres),
// that is d > m = min_j max(lower_j, half_j) ≥ 0, tested as d² > m² (no square root on the way;
// the two tests can differ only where d and m agree to rounding, as the bounds themselves do).
// scikit-learn keeps a loosened upper bound and measures d only when the bounds do not settle the
// row; on the benchmark 99% of the rows need it all the same, and measuring every row leaves no
// branch at all (which rows pass is unpredictable), so that the processor overlaps rows. Rows that
// some centre's bounds do not rule out go to s.open (on the benchmark about 20%); returns how
// many. Every row joins the member sums and counts of its cluster and adds d² to the inertia
// (elkan_reassign_rows corrects them for the rows that move).
// kFeatures: see kernel_for_features.
template <int kFeatures>
[[gnu::noinline]] Index elkan_bounds_block(ElkanState& s, const Matrix& C, const Vector& shift, Index begin, Index end,
                                           MemberSums& members) {
  const Index width = s.width, p = kFeatures > 0 ? kFeatures : C.cols();
  // Plain pointers: the stores to the bounds and sums would otherwise make the compiler reload the
  // containers' data pointers for every row.
  const double* __restrict moved = shift.data();
  const double* __restrict centres = C.data();
  const double* __restrict half = s.half.data();
  const int* __restrict labels = s.labels.data();
  double* __restrict sums = members.sums.data();
  double* __restrict counts = members.counts.data();
  Index* __restrict open = s.open.data();
  double* __restrict open_sq = s.open_sq.data();
  Index n_open = 0;
  double inertia = 0;
  for (Index i = begin; i < end; ++i) {
    const Index label = labels[i];
    const double* x = row_of(s.X, i);
    const double sq = sq_dist(x, centres + label * p, p);
    add_values(x, p, sums + label * p);
    counts[label] += 1;
    inertia += sq;
    double* __restrict lower = s.lower.data() + i * width;
    const double* __restrict half_row = half + label * width;
    Lanes2 lowest = {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
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
// count to the new cluster's member sums, and the inertia gets the square of its new distance in
// place of the old. With valid bounds this is what scikit-learn's inner loop chooses: a centre its
// bounds skip is not closer. Returns how many labels changed.
[[gnu::noinline]] Index elkan_reassign_rows(ElkanState& s, const CentreColumns& C, Index n_open, MemberSums& members) {
  const Index k = s.half.rows(), p = s.X.cols();
  Index changed = 0;
  for (Index r = 0; r < n_open; ++r) {
    const Index i = s.open[static_cast<std::size_t>(r)], old = s.labels[i];
    double* d = s.lower.data() + i * s.width;
    const double* x = row_of(s.X, i);
    distances_to_all(x, p, C, d);
    Index label = old;
    double nearest = d[old];  // in a register: reloading d[label] would chain every step to the last
    for (Index j = 0; j < k; ++j)
      if (d[j] < nearest) {
        nearest = d[j];
        label = j;
      }
    if (label != old) {
      members.move_row(x, old, label, p);
      members.inertia += d[label] * d[label] - s.open_sq[static_cast<std::size_t>(r)];
      s.labels[i] = static_cast<int>(label);
      ++changed;
    }
  }
  return changed;
}

// Elkan's assignment of every row (the bounds first loosened by `shift`), with the member sums,
// counts and inertia of the new labels to C, block by block. Returns how many labels changed.
Index elkan_assign(ElkanState& s, const Matrix& C, const Vector& shift, MemberSums& members) {
  const CentreColumns columns(C);
  const auto bounds_block = kernel_for_features(C.cols(), [](auto p) { return &elkan_bounds_block<p()>; });
  members.reset(C.rows(), C.cols());
  Index changed = 0;
  for_row_blocks(s.X.rows(), [&](Index b, Index e) {
    changed += elkan_reassign_rows(s, columns, bounds_block(s, C, shift, b, e, members), members);
  });
  return changed;
}

// Starts from label 0 and zero lower bounds (valid, if loose): the first assignment measures each
// row against centre 0, and against every centre where half their distance does not settle it.
Run elkan(const Matrix& X, Matrix centers, int max_iter, double tol) {
  const Index n = X.rows(), k = centers.rows(), width = lane_pair_columns(k);
  ElkanState s{X, width, IntVector::Zero(n), Matrix::Zero(n, width), Matrix(), std::vector<Index>(static_cast<std::size_t>(kRowBlock)),
               std::vector<double>(static_cast<std::size_t>(kRowBlock))};
  centre_half_distances(centers, s);
  MemberSums members;
  Matrix next;
  std::vector<double> history;
  bool strict = false;
  int it = 0;
  Vector shift = Vector::Zero(width);  // how far the centres moved since the bounds were last loosened
  while (it < max_iter) {
    Index changed = elkan_assign(s, centers, shift, members);
    if (it++ == 0) changed = n;  // the first labels are new, even where they are 0
    history.push_back(members.inertia);
    shift.head(k) = next_centers(X, s.labels, centers, members, next);
    centre_half_distances(next, s);
    centers.swap(next);
    if (changed == 0) {
      strict = true;
      break;
    }
    if (shift.squaredNorm() <= tol) break;
  }
  if (!strict) elkan_assign(s, centers, shift, members);
  return finish_run(X, std::move(centers), std::move(s.labels), it, std::move(history));
}

// Whether two labelings are the same partition up to renaming (scikit-learn's _is_same_clustering).
bool same_clustering(const IntVector& a, const IntVector& b, Index k) {
  std::vector<int> map(static_cast<std::size_t>(k), -1);
  for (Index i = 0; i < a.size(); ++i) {
    int& m = map[static_cast<std::size_t>(a[i])];
    if (m == -1) m = b[i];
    else if (m != b[i]) return false;
  }
  return true;
}

}  // namespace

KMeans& KMeans::fit(MatrixRef X) {
  check_matrix(X);
  const Index n = X.rows(), p = X.cols();
  const Index k = params_.n_clusters;
  if (k < 1) throw InvalidArgument("nClusters must be at least 1, got " + std::to_string(k));
  if (k > n)
    throw InvalidArgument("nClusters=" + std::to_string(k) + " must be at most the number of samples (" +
                          std::to_string(n) + ")");
  if (params_.max_iter < 1) throw InvalidArgument("maxIter must be at least 1, got " + std::to_string(params_.max_iter));
  const Matrix* init_matrix = std::get_if<Matrix>(&params_.init);
  if (init_matrix) {
    if (init_matrix->rows() != k)
      throw InvalidArgument("init has " + std::to_string(init_matrix->rows()) + " rows but nClusters is " + std::to_string(k));
    if (init_matrix->cols() != p)
      throw InvalidArgument("init has " + std::to_string(init_matrix->cols()) + " columns but X has " + std::to_string(p));
  }
  const bool random_init = !init_matrix && std::get<KMeansInit>(params_.init) == KMeansInit::random;
  int runs = std::holds_alternative<int>(params_.n_init) ? std::get<int>(params_.n_init) : (random_init ? 10 : 1);
  if (init_matrix) runs = 1;

  const RowVector mean = X.colwise().mean();
  const Matrix Xc = X.rowwise() - mean;
  // tol relative to the mean per-feature (population) variance, as scikit-learn's _tolerance.
  const double tol = params_.tol * (Xc.colwise().squaredNorm().sum() / static_cast<double>(n * p));
  const bool use_elkan = params_.algorithm == KMeansAlgorithm::elkan && k > 1;

  Run best;
  bool have_best = false;
  for (int run = 0; run < runs; ++run) {
    Matrix start;
    if (init_matrix) {
      start = init_matrix->rowwise() - mean;
    } else {
      Random rng(Random::derive_seed(static_cast<std::uint64_t>(params_.random_state), static_cast<std::uint64_t>(run)));
      if (random_init) {
        const IntVector perm = rng.permutation(n);
        start.resize(k, p);
        for (Index j = 0; j < k; ++j) start.row(j) = Xc.row(perm[j]);
      } else {
        start = kmeans_plus_plus(Xc, k, rng);
      }
    }
    Run r = use_elkan ? elkan(Xc, std::move(start), params_.max_iter, tol) : lloyd(Xc, std::move(start), params_.max_iter, tol);
    if (!have_best || (r.inertia < best.inertia && !same_clustering(r.labels, best.labels, k))) {
      best = std::move(r);
      have_best = true;
    }
  }
  warnings_.clear();
  std::vector<bool> seen(static_cast<std::size_t>(k), false);
  Index distinct = 0;
  for (Index i = 0; i < n; ++i)
    if (!seen[static_cast<std::size_t>(best.labels[i])]) seen[static_cast<std::size_t>(best.labels[i])] = true, ++distinct;
  if (distinct < k)
    warnings_.add("Number of distinct clusters (" + std::to_string(distinct) + ") found smaller than nClusters (" +
                  std::to_string(k) + "). Possibly due to duplicate points in X.");
  centers_ = best.centers.rowwise() + mean;
  labels_ = std::move(best.labels);
  inertia_ = best.inertia;
  n_iter_ = best.n_iter;
  inertia_history_ = Eigen::Map<const Vector>(best.history.data(), static_cast<Index>(best.history.size()));
  return *this;
}

IntVector KMeans::predict(MatrixRef X) const {
  check_fitted(is_fitted(), "KMeans", "predict");
  check_n_features(centers_.cols(), X);
  check_matrix(X);
  IntVector labels = IntVector::Constant(X.rows(), -1);
  assign_all(FloatPanels(X), centers_, labels);
  return labels;
}

Matrix KMeans::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "KMeans", "transform");
  check_n_features(centers_.cols(), X);
  check_matrix(X);
  Matrix D(X.rows(), centers_.rows());
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < centers_.rows(); ++j) D(i, j) = std::sqrt(sq_dist(X.row(i).data(), centers_.row(j).data(), X.cols()));
  return D;
}

double KMeans::score(MatrixRef X) const {
  return -inertia_of(X, centers_, predict(X));
}

json KMeans::state() const {
  return {{"clusterCenters", to_json(centers_)}, {"labels", to_json(labels_)}, {"inertia", inertia_},
          {"nIter", n_iter_}, {"inertiaHistory", to_json(inertia_history_)}, {"warnings", warnings_.messages}};
}

void KMeans::load_state(const json& s) {
  Matrix centers = matrix_from_json(member(s, "clusterCenters"), "clusterCenters");
  IntVector labels = int_vector_from_json(member(s, "labels"), "labels");
  Vector history = vector_from_json(member(s, "inertiaHistory"), "inertiaHistory");
  if (centers.size() == 0) throw InvalidArgument("model JSON: clusterCenters must not be empty");
  if (labels.size() > 0 && (labels.minCoeff() < 0 || labels.maxCoeff() >= centers.rows()))
    throw InvalidArgument("model JSON: labels must be cluster indices");
  inertia_ = number_from_json(member(s, "inertia"), "inertia");
  n_iter_ = static_cast<int>(number_from_json(member(s, "nIter"), "nIter"));
  warnings_.clear();
  if (s.contains("warnings") && s["warnings"].is_array())
    for (const auto& w : s["warnings"])
      if (w.is_string()) warnings_.add(w.get<std::string>());
  centers_ = std::move(centers);
  labels_ = std::move(labels);
  inertia_history_ = std::move(history);
}

}  // namespace wasmlearn
