#include "wasmlearn/neighbors/neighbors_index.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/lanes.hpp"
#include "wasmlearn/base/row_blocks.hpp"

namespace wasmlearn {
namespace nn {

// A candidate neighbour, ranked by (reduced distance, training index).
struct Cand {
  double d;
  Index i;
  bool operator<(const Cand& o) const { return d < o.d || (d == o.d && i < o.i); }
};

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Relative slack on pruning bounds: far above the rounding error of any bound (a few ulps per
// feature), far below anything that would cost measurable extra work.
constexpr double kSlack = 1e-9;

}  // namespace

// The k best candidates seen so far, as a bounded max-heap (worst on top).
class KBest {
 public:
  KBest(Cand* storage, Index k) : h_(storage), k_(k) {}
  double worst() const { return n_ == k_ ? h_[0].d : kInf; }
  bool full() const { return n_ == k_; }
  void offer(Cand c) {
    if (n_ < k_) {
      h_[n_++] = c;
      std::push_heap(h_, h_ + n_);
    } else if (c < h_[0]) {
      std::pop_heap(h_, h_ + k_);
      h_[k_ - 1] = c;
      std::push_heap(h_, h_ + k_);
    }
  }
  Index size() const { return n_; }

 private:
  Cand* h_;
  Index k_, n_ = 0;
};

namespace {

// Sorts candidates, converts reduced to true distances and lists them by (distance, index).
void finish(Cand* c, Index n, const Distance& dist) {
  std::sort(c, c + n);
  for (Index j = 0; j < n; ++j) c[j].d = dist.to_distance(c[j].d);
  std::sort(c, c + n);  // only reorders equal true distances (monotone conversion)
}

// Query qi's k best candidates c[0..k), finished, as row qi of out.
void write_neighbours(Cand* c, Index k, const Distance& dist, Index qi, KNeighborsResult& out) {
  finish(c, k, dist);
  for (Index j = 0; j < k; ++j) {
    out.distances(qi, j) = c[j].d;
    out.indices(qi, j) = static_cast<int>(c[j].i);
  }
}

bool pruned(double bound_reduced, double limit_reduced) { return bound_reduced * (1 - kSlack) > limit_reduced; }

// The hot loops. Rows [begin, end) of `X` (row-major, stride d) are compared with q, four at a time;
// `ids` maps a row to its training index (nullptr: the row is the index). Each is called from both
// brute force and the tree leaves, many times per query batch: V8 runs a WebAssembly function in its
// baseline compiler until a later call (no on-stack replacement), and binaryen inlines functions
// with a single caller, so a hot loop inlined into one long call stays slow (measured 2.5x in Node 20).
constexpr Index kBlock = 256;

template <class Op>
void reduce_block(const Op& op, const double* q, const double* X, Index d, Index begin, Index end, double* out) {
  Index t = begin;
  for (; t + 4 <= end; t += 4) reduce_rows<4>(op, q, X + t * d, d, d, out + (t - begin));
  for (; t < end; ++t) reduce_rows<1>(op, q, X + t * d, d, d, out + (t - begin));
}

// Reduced distances from q to the rows [begin, end), block by block; take(t, value) is called for
// the rows whose value is at most limit() (read again after every call). Nearly every row is
// usually beyond it (the k-th best of a full heap, a radius), so eight rows at a time are first
// tested together, lane-wise, and skipped when all are; a test per row is what V8 compiled with
// spills and a stack check.
template <class Op, class Limit, class Take>
[[gnu::noinline]] void scan_rows(const Op& op, const double* q, const double* X, Index d, Index begin, Index end,
                                 Limit limit, Take take) {
  double buf[kBlock];
  for (Index b = begin; b < end; b += kBlock) {
    const Index e = std::min(end, b + kBlock);
    reduce_block(op, q, X, d, b, e, buf);
    double bound = limit();
    const auto consider = [&](Index t) {
      if (buf[t - b] <= bound) {
        take(t, buf[t - b]);
        bound = limit();
      }
    };
    Index t = b;
    for (; t + 8 <= e; t += 8) {
      const double* v = buf + (t - b);
      const Lanes2 nearest = min_lanes(min_lanes(load_lanes(v), load_lanes(v + 2)), min_lanes(load_lanes(v + 4), load_lanes(v + 6)));
      if ((nearest[0] > bound) & (nearest[1] > bound)) continue;  // no float select: V8 makes it a branch
      for (Index u = t; u < t + 8; ++u) consider(u);
    }
    for (; t < e; ++t) consider(t);
  }
}

// Offers the rows to the k-best heap.
template <class Op>
void offer_rows(const Op& op, const double* q, const double* X, Index d, Index begin, Index end, const Index* ids,
                KBest& best) {
  scan_rows(op, q, X, d, begin, end, [&] { return best.worst(); },
            [&](Index t, double v) { best.offer({v, ids ? ids[t] : t}); });
}

// Appends the rows within the (reduced) radius to `found`.
template <class Op>
void collect_rows(const Op& op, const double* q, const double* X, Index d, Index begin, Index end, const Index* ids,
                  double r_reduced, std::vector<Cand>& found) {
  scan_rows(op, q, X, d, begin, end, [&] { return r_reduced; },
            [&](Index t, double v) { found.push_back({v, ids ? ids[t] : t}); });
}

}  // namespace

void NeighborsIndex::build(MatrixRef X, Distance distance, SearchAlgorithm algorithm, int leaf_size) {
  if (X.rows() == 0 || X.cols() == 0) throw InvalidArgument("cannot build a neighbours index on an empty X");
  if (leaf_size < 1) throw InvalidArgument("leafSize must be at least 1, got " + std::to_string(leaf_size));
  X_ = X;
  distance_ = distance;
  algorithm_ = algorithm;
  leaf_size_ = leaf_size;
  nodes_.clear();
  perm_.clear();
  lo_.clear();
  hi_.clear();
  centroid_.clear();
  tree_X_.resize(0, 0);
  if (algorithm == SearchAlgorithm::brute) return;
  const Index n = X_.rows();
  perm_.resize(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) perm_[i] = i;
  build_node(0, n);
  tree_X_.resize(n, X_.cols());
  for (Index i = 0; i < n; ++i) tree_X_.row(i) = X_.row(perm_[i]);
  if (algorithm == SearchAlgorithm::ball_tree) {
    // Radii from the kernel itself, on the permuted copy the queries read.
    const Index d = X_.cols();
    for (Node& node : nodes_) {
      const double* c = &centroid_[(&node - nodes_.data()) * d];
      double r = 0;
      for (Index t = node.start; t < node.end; ++t) r = std::max(r, distance_.to_distance(distance_.reduced(c, tree_X_.row(t).data(), d)));
      node.radius = r;
    }
  }
}

Index NeighborsIndex::build_node(Index start, Index end) {
  const Index d = X_.cols(), id = static_cast<Index>(nodes_.size());
  nodes_.push_back({start, end});
  // Bounding box of the node's points (the KD-tree keeps it; both trees split on its widest side).
  std::vector<double> lo(d, kInf), hi(d, -kInf), sum(d, 0.0);
  for (Index t = start; t < end; ++t)
    for (Index j = 0; j < d; ++j) {
      const double v = X_(perm_[t], j);
      lo[j] = std::min(lo[j], v);
      hi[j] = std::max(hi[j], v);
      sum[j] += v;
    }
  if (algorithm_ == SearchAlgorithm::kd_tree) {
    lo_.insert(lo_.end(), lo.begin(), lo.end());
    hi_.insert(hi_.end(), hi.begin(), hi.end());
  } else {
    for (Index j = 0; j < d; ++j) centroid_.push_back(sum[j] / static_cast<double>(end - start));
  }
  // In 64 bits: Index is 32 bits in WebAssembly, where 2 · leafSize can wrap.
  if (static_cast<std::int64_t>(end - start) <= 2 * static_cast<std::int64_t>(leaf_size_)) return id;
  Index dim = 0;
  for (Index j = 1; j < d; ++j)
    if (hi[j] - lo[j] > hi[dim] - lo[dim]) dim = j;
  // Median split under the total order (value, index): the halves are the same sets whatever the
  // standard library's nth_element does, so the tree is the same natively and in WebAssembly.
  const Index mid = start + (end - start) / 2;
  std::nth_element(perm_.begin() + start, perm_.begin() + mid, perm_.begin() + end, [&](Index a, Index b) {
    const double va = X_(a, dim), vb = X_(b, dim);
    return va < vb || (va == vb && a < b);
  });
  const Index left = build_node(start, mid);
  const Index right = build_node(mid, end);
  nodes_[id].left = left;
  nodes_[id].right = right;
  return id;
}

template <class Op>
double NeighborsIndex::lower_bound(const Op& op, const Node& node, Index id, const double* q) const {
  const Index d = X_.cols();
  if (algorithm_ == SearchAlgorithm::kd_tree) {
    const double* lo = &lo_[id * d];
    const double* hi = &hi_[id * d];
    double acc = 0;
    for (Index j = 0; j < d; ++j) {
      const double g = std::max(std::max(lo[j] - q[j], q[j] - hi[j]), 0.0);
      acc = op.combine(acc, op.term(g, 0.0));  // the kernel's term of the gap
    }
    return acc;
  }
  // Ball: distance to the centroid minus the radius, loosened for the rounding of both.
  double reduced;
  reduce_rows<1>(op, q, &centroid_[id * d], 0, d, &reduced);
  const double dc = distance_.to_distance(reduced);
  const double lb = dc - node.radius - kSlack * (dc + node.radius);
  return lb > 0 ? distance_.to_reduced(lb) : 0.0;
}

namespace {

using FloatRows = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Past this magnitude a coordinate could overflow the float32 filter's sums (2^96 a square).
constexpr double kFilterMaxMagnitude = 0x1p48;

// M = A in float32 and norms[i] = the squared norms of M's rows (summed in double, rounded).
void to_float_rows(const MatrixRef& A, FloatRows& M, std::vector<float>& norms) {
  const Index d = A.cols();
  M.resize(A.rows(), d);
  norms.resize(static_cast<std::size_t>(A.rows()));
  for_row_blocks(A.rows(), [&](Index begin, Index end) {
    for (Index i = begin; i < end; ++i) {
      double sum = 0;
      for (Index t = 0; t < d; ++t) {
        const float v = static_cast<float>(A(i, t));
        M(i, t) = v;
        sum += static_cast<double>(v) * static_cast<double>(v);
      }
      norms[static_cast<std::size_t>(i)] = static_cast<float>(sum);
    }
  });
}

// One query's state in the float32 filter. A k-nearest search keeps the k smallest upper bounds seen
// (a KBest: T is its worst once it holds k, +inf before); a radius search (k = 0) has T fixed. The
// candidates are the rows whose lower bound was at most T when they were seen.
struct FilterState {
  Index k = 0;
  float radius_threshold = 0;
  std::vector<Cand> upper_store;
  KBest upper{nullptr, 0};
  std::vector<std::pair<Index, float>> candidates;
  double threshold() const { return k == 0 ? radius_threshold : upper.worst(); }
  void restart(Index neighbours, float radius) {
    k = neighbours;
    radius_threshold = radius;
    upper_store.resize(static_cast<std::size_t>(k));
    upper = KBest(upper_store.data(), k);
    candidates.clear();
  }
};

// The rows t0 + j (j < count) of one query's products s[j] = q·x_j: a = ‖q‖² + ‖x‖² − 2 s and the bound
// E = gamma·(‖q‖² + ‖x‖²) + 2^-100 on |a − exact reduced distance|; rows with a − E ≤ T become
// candidates, and in a k-nearest search a + E enter the k smallest upper bounds. Eight rows are first
// tested together and skipped when none can be a candidate (nearly all, once T has settled).
void filter_rows(const float* s, const float* row_norms, Index t0, Index count, float query_norm, float gamma,
                 FilterState& state) {
  constexpr float kAbsolute = 0x1p-100f;  // underflow in float32 (see brute_filtered)
  const Floats4 norm4 = splat_as<Floats4>(query_norm), gamma4 = splat_as<Floats4>(gamma),
                absolute4 = splat_as<Floats4>(kAbsolute), two4 = splat_as<Floats4>(2.0);
  const auto consider = [&](Index j, float lower, float upper) {
    if (lower > state.threshold()) return;
    state.candidates.emplace_back(t0 + j, lower);
    if (state.k > 0) state.upper.offer({upper, t0 + j});
  };
  Index j = 0;
  for (; j + 8 <= count; j += 8) {
    Floats4 lower[2], upper[2];
    for (int h = 0; h < 2; ++h) {
      const Floats4 sum = norm4 + load_floats(row_norms + j + 4 * h);
      const Floats4 a = sum - two4 * load_floats(s + j + 4 * h), bound = gamma4 * sum + absolute4;
      lower[h] = a - bound;
      upper[h] = a + bound;
    }
    const Floats4 least = min_lanes(lower[0], lower[1]);
    const double limit = state.threshold();  // +inf until k upper bounds are in
    if ((least[0] > limit) & (least[1] > limit) & (least[2] > limit) & (least[3] > limit)) continue;
    for (int u = 0; u < 8; ++u) consider(j + u, lower[u / 4][u % 4], upper[u / 4][u % 4]);
  }
  for (; j < count; ++j) {
    const float sum = query_norm + row_norms[j];
    const float a = sum - 2.0f * s[j], bound = gamma * sum + kAbsolute;
    consider(j, a - bound, a + bound);
  }
}

}  // namespace

// Squared Euclidean brute force through a float32 filter: the products q·x of a block of queries
// with a block of training rows by the packed float kernel (four lanes and two operations a term,
// where the exact kernel takes three on two), then from them a = ‖q‖² + ‖x‖² − 2 q·x and a bound E on
// |a − d|, d the exact kernel's reduced distance. Every row with a − E ≤ T is a candidate, T being the
// k-th smallest a + E (k-nearest) or the reduced radius; the candidates' exact distances then give
// what the exact kernel alone gives, with the same bits: a row with a − E > T is beaten by the k rows
// whose a + E ≤ T, or is beyond the radius. Candidates are listed in training order.
//
// The bound, u = 2^-24, M = ‖q‖² + ‖x‖²: rounding q and x to float32 moves d by at most 4uM, the
// float32 product q·x by d·u·M/2 (twice that in a), the norms and the two float32 operations of a
// by 5uM, the exact kernel's d by under uM, and the bounds' own float32 operations by 3uM: in all
// (1.01d + 13)uM, which gamma = (2d + 32)u covers twice. Underflow in float32 (a subnormal coordinate
// or product) adds at most about 2^-140 a term; the 2^-100 absolute term covers it. Coordinates past
// kFilterMaxMagnitude take the exact kernel alone.
//
// start(state) readies a query's state; take(i, state) receives query i's candidates.
template <class Start, class Take>
void NeighborsIndex::brute_filtered(MatrixRef Q, Start start, Take take) const {
  const Index n = X_.rows(), d = X_.cols(), m = Q.rows();
  constexpr Index kQueryBlock = 128, kTrainBlock = 1024;  // their products: 512 KB
  const float gamma = static_cast<float>((2.0 * static_cast<double>(d) + 32.0) * 0x1p-24);
  // The training rows in float32 once when they take at most 16 MB, else a block at a time for each
  // block of queries (1/128 of the products' work more, rather than half of X's memory more).
  constexpr Index kWholeCopyLimit = Index(1) << 22;
  const bool whole_copy = n * d <= kWholeCopyLimit;
  FloatRows queries, rows, products(kQueryBlock, kTrainBlock);
  std::vector<float> query_norms, row_norms;
  if (whole_copy) to_float_rows(X_, rows, row_norms);
  std::vector<FilterState> states(static_cast<std::size_t>(kQueryBlock));
  for (Index q0 = 0; q0 < m; q0 += kQueryBlock) {
    const Index qn = std::min(kQueryBlock, m - q0);
    to_float_rows(Q.middleRows(q0, qn), queries, query_norms);
    for (auto& state : states) start(state);
    for (Index t0 = 0; t0 < n; t0 += kTrainBlock) {
      const Index tn = std::min(kTrainBlock, n - t0);
      if (!whole_copy) to_float_rows(X_.middleRows(t0, tn), rows, row_norms);
      const Index first = whole_copy ? t0 : 0;  // the block's first row in `rows`
      dense_detail::accumulate_packed(dense_detail::rows_of(queries),
                                      dense_detail::columns_of(rows.middleRows(first, tn)), qn, tn, d,
                                      products.data(), products.outerStride(), false, true);
      for_row_blocks(qn, [&](Index begin, Index end) {  // out-of-line calls: see row_blocks.hpp
        for (Index i = begin; i < end; ++i)
          filter_rows(products.row(i).data(), row_norms.data() + first, t0, tn,
                      query_norms[static_cast<std::size_t>(i)], gamma, states[static_cast<std::size_t>(i)]);
      });
    }
    for_row_blocks(qn, [&](Index begin, Index end) {
      for (Index i = begin; i < end; ++i) take(q0 + i, states[static_cast<std::size_t>(i)]);
    });
  }
}

void NeighborsIndex::knn_brute_filtered(MatrixRef Q, Index k, KNeighborsResult& out) const {
  std::vector<Cand> store(static_cast<std::size_t>(k));
  brute_filtered(
      Q, [&](FilterState& state) { state.restart(k, 0); },
      [&](Index qi, const FilterState& state) {
        const double* q = Q.row(qi).data();
        KBest best(store.data(), k);
        for (const auto& [row, lower] : state.candidates) {
          if (lower > state.threshold()) continue;
          best.offer({distance_.reduced(q, X_.row(row).data(), X_.cols()), row});
        }
        write_neighbours(store.data(), k, distance_, qi, out);
      });
}

template <class Op>
void NeighborsIndex::knn_brute(const Op& op, MatrixRef Q, Index k, KNeighborsResult& out) const {
  const Index n = X_.rows(), d = X_.cols(), m = Q.rows();
  // Blocks of queries x blocks of training rows, so both stay in cache while they meet.
  constexpr Index kQueryBlock = 32, kTrainBlock = 1024;
  std::vector<Cand> store(static_cast<std::size_t>(kQueryBlock * k));
  std::vector<KBest> best;
  for (Index q0 = 0; q0 < m; q0 += kQueryBlock) {
    const Index qn = std::min(kQueryBlock, m - q0);
    best.clear();
    for (Index i = 0; i < qn; ++i) best.emplace_back(store.data() + i * k, k);
    for (Index t0 = 0; t0 < n; t0 += kTrainBlock) {
      const Index t1 = std::min(n, t0 + kTrainBlock);
      for (Index i = 0; i < qn; ++i) {
        offer_rows(op, Q.row(q0 + i).data(), X_.data(), d, t0, t1, nullptr, best[i]);
      }
    }
    for (Index i = 0; i < qn; ++i) {
      Cand* c = store.data() + i * k;
      write_neighbours(c, k, distance_, q0 + i, out);
    }
  }
}

// One tree query, shared by k-nearest (best != nullptr: the limit is the current k-th distance)
// and radius search (the limit is the radius; matches go to `found`). Depth first, nearer child first.
template <class Op>
void NeighborsIndex::tree_search(const Op& op, const double* q, KBest* best, double r_reduced,
                                 std::vector<Cand>* found, std::vector<std::pair<Index, double>>& stack) const {
  const Index d = X_.cols();
  stack.clear();
  stack.emplace_back(0, lower_bound(op, nodes_[0], 0, q));
  while (!stack.empty()) {
    const auto [id, bound] = stack.back();
    stack.pop_back();
    if (pruned(bound, best ? best->worst() : r_reduced)) continue;
    const Node& node = nodes_[id];
    if (node.left < 0) {
      if (best) offer_rows(op, q, tree_X_.data(), d, node.start, node.end, perm_.data(), *best);
      else collect_rows(op, q, tree_X_.data(), d, node.start, node.end, perm_.data(), r_reduced, *found);
      continue;
    }
    const double bl = lower_bound(op, nodes_[node.left], node.left, q);
    const double br = lower_bound(op, nodes_[node.right], node.right, q);
    if (bl <= br) {  // nearer child on top of the stack
      stack.emplace_back(node.right, br);
      stack.emplace_back(node.left, bl);
    } else {
      stack.emplace_back(node.left, bl);
      stack.emplace_back(node.right, br);
    }
  }
}

template <class Op>
void NeighborsIndex::knn_tree(const Op& op, MatrixRef Q, Index k, KNeighborsResult& out) const {
  std::vector<Cand> store(static_cast<std::size_t>(k));
  std::vector<std::pair<Index, double>> stack;
  for (Index qi = 0; qi < Q.rows(); ++qi) {
    KBest b(store.data(), k);
    tree_search(op, Q.row(qi).data(), &b, 0.0, nullptr, stack);
    write_neighbours(store.data(), k, distance_, qi, out);
  }
}

template <class Op>
void NeighborsIndex::radius_all(const Op& op, MatrixRef Q, double r, RadiusNeighborsResult& out) const {
  // Candidates by reduced distance up to r's with some slack, kept by their distance: r^p and its
  // root are rounded apart, and the rows kept are those whose reported distance is at most r.
  const double r_reduced = distance_.to_reduced(r) * (1 + kSlack);
  const Index d = X_.cols();
  std::vector<Cand> found;
  out.offsets.assign(1, 0);
  // A query's rows within r_reduced, listed by distance; those within r go to out.
  const auto add_found = [&] {
    finish(found.data(), static_cast<Index>(found.size()), distance_);
    for (const Cand& c : found) {
      if (c.d > r) break;  // the slack's extra candidates, past r once converted
      out.distances.push_back(c.d);
      out.indices.push_back(c.i);
    }
    out.offsets.push_back(static_cast<Index>(out.indices.size()));
  };
  if (algorithm_ == SearchAlgorithm::brute && filtered_brute_suits(op, Q)) {
    constexpr float kFloatInf = std::numeric_limits<float>::infinity();  // r_reduced rounded up in float32
    const float limit = r_reduced < std::numeric_limits<float>::max()
                            ? std::nextafter(static_cast<float>(r_reduced), kFloatInf)
                            : kFloatInf;
    brute_filtered(
        Q, [&](FilterState& state) { state.restart(0, limit); },
        [&](Index qi, const FilterState& state) {
          found.clear();
          for (const auto& candidate : state.candidates) {
            const double reduced = distance_.reduced(Q.row(qi).data(), X_.row(candidate.first).data(), d);
            if (reduced <= r_reduced) found.push_back({reduced, candidate.first});
          }
          add_found();
        });
    return;
  }
  std::vector<std::pair<Index, double>> stack;
  for (Index qi = 0; qi < Q.rows(); ++qi) {
    const double* q = Q.row(qi).data();
    found.clear();
    if (algorithm_ == SearchAlgorithm::brute) collect_rows(op, q, X_.data(), d, 0, X_.rows(), nullptr, r_reduced, found);
    else tree_search(op, q, nullptr, r_reduced, &found, stack);
    add_found();
  }
}

// The float32 filter pays off from a few queries and features on, with the squared Euclidean
// distance, and when no coordinate could overflow its float32 sums.
template <class Op>
bool NeighborsIndex::filtered_brute_suits(const Op&, MatrixRef Q) const {
  constexpr Index kMinQueries = 8, kMinFeatures = 8;
  if (!std::is_same_v<Op, SquaredEuclideanOp> || Q.rows() < kMinQueries || X_.cols() < kMinFeatures) return false;
  return X_.cwiseAbs().maxCoeff() <= kFilterMaxMagnitude && Q.cwiseAbs().maxCoeff() <= kFilterMaxMagnitude;
}

KNeighborsResult NeighborsIndex::knn(MatrixRef Q, Index k) const {
  if (!built()) throw InvalidArgument("the neighbours index is empty");
  if (k < 1 || k > X_.rows()) throw InvalidArgument("k must be in [1, " + std::to_string(X_.rows()) + "]");
  if (Q.cols() != X_.cols()) throw InvalidArgument("query has the wrong number of columns");
  KNeighborsResult out{Matrix(Q.rows(), k), IntMatrix(Q.rows(), k)};
  distance_.visit([&](const auto& op) {
    if (algorithm_ != SearchAlgorithm::brute) knn_tree(op, Q, k, out);
    else if (filtered_brute_suits(op, Q)) knn_brute_filtered(Q, k, out);
    else knn_brute(op, Q, k, out);
  });
  return out;
}

RadiusNeighborsResult NeighborsIndex::radius(MatrixRef Q, double r) const {
  if (!built()) throw InvalidArgument("the neighbours index is empty");
  if (Q.cols() != X_.cols()) throw InvalidArgument("query has the wrong number of columns");
  RadiusNeighborsResult out;
  distance_.visit([&](const auto& op) { radius_all(op, Q, r, out); });
  return out;
}

}  // namespace nn
}  // namespace wasmlearn
