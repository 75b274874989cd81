#include "wasmlearn/neighbors/neighbors_index.hpp"

#include <algorithm>
#include <limits>

#include "wasmlearn/base/errors.hpp"

namespace wasmlearn {
namespace nn {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Relative slack on pruning bounds: far above the rounding error of any bound (a few ulps per
// feature), far below anything that would cost measurable extra work.
constexpr double kSlack = 1e-9;

// A candidate neighbour, ranked by (reduced distance, training index).
struct Cand {
  double d;
  Index i;
  bool operator<(const Cand& o) const { return d < o.d || (d == o.d && i < o.i); }
};

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

// Sorts candidates, converts reduced to true distances and lists them by (distance, index).
void finish(Cand* c, Index n, const Distance& dist) {
  std::sort(c, c + n);
  for (Index j = 0; j < n; ++j) c[j].d = dist.to_distance(c[j].d);
  std::sort(c, c + n);  // only reorders equal true distances (monotone conversion)
}

bool pruned(double bound_reduced, double limit_reduced) { return bound_reduced * (1 - kSlack) > limit_reduced; }

// Offers rows [begin, end) of `X` (row-major, stride d) to `visit(reduced, row)`, four at a time.
template <class Op, class Visit>
inline void scan_rows(const Op& op, const double* q, const double* X, Index d, Index begin, Index end, Visit&& visit) {
  Index t = begin;
  for (; t + 4 <= end; t += 4) {
    double r[4];
    reduce_rows<4>(op, q, X + t * d, d, d, r);
    visit(r[0], t);
    visit(r[1], t + 1);
    visit(r[2], t + 2);
    visit(r[3], t + 3);
  }
  for (; t < end; ++t) {
    double r;
    reduce_rows<1>(op, q, X + t * d, d, d, &r);
    visit(r, t);
  }
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
  if (end - start <= 2 * static_cast<Index>(leaf_size_)) return id;
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

double NeighborsIndex::lower_bound(const Node& node, Index id, const double* q) const {
  const Index d = X_.cols();
  if (algorithm_ == SearchAlgorithm::kd_tree) {
    const double* lo = &lo_[id * d];
    const double* hi = &hi_[id * d];
    double acc = 0;
    for (Index j = 0; j < d; ++j) {
      const double g = std::max(std::max(lo[j] - q[j], q[j] - hi[j]), 0.0);
      acc = distance_.gap_combine(acc, distance_.gap_term(g));
    }
    return acc;
  }
  // Ball: distance to the centroid minus the radius, loosened for the rounding of both.
  const double dc = distance_.to_distance(distance_.reduced(q, &centroid_[id * d], d));
  const double lb = dc - node.radius - kSlack * (dc + node.radius);
  return lb > 0 ? distance_.to_reduced(lb) : 0.0;
}

template <class Op>
void NeighborsIndex::knn_brute(const Op& op, MatrixRef Q, Index k, KNeighborsResult& out) const {
  const Index n = X_.rows(), d = X_.cols(), m = Q.rows();
  // Blocks of queries x blocks of training rows, so both stay in cache while they meet.
  constexpr Index kQueryBlock = 32, kTrainBlock = 256;
  std::vector<Cand> store(static_cast<std::size_t>(kQueryBlock * k));
  std::vector<KBest> best;
  for (Index q0 = 0; q0 < m; q0 += kQueryBlock) {
    const Index qn = std::min(kQueryBlock, m - q0);
    best.clear();
    for (Index i = 0; i < qn; ++i) best.emplace_back(store.data() + i * k, k);
    for (Index t0 = 0; t0 < n; t0 += kTrainBlock) {
      const Index t1 = std::min(n, t0 + kTrainBlock);
      for (Index i = 0; i < qn; ++i) {
        KBest& b = best[i];
        double worst = b.worst();
        scan_rows(op, Q.row(q0 + i).data(), X_.data(), d, t0, t1, [&](double r, Index t) {
          if (r <= worst) {
            b.offer({r, t});
            worst = b.worst();
          }
        });
      }
    }
    for (Index i = 0; i < qn; ++i) {
      Cand* c = store.data() + i * k;
      finish(c, k, distance_);
      for (Index j = 0; j < k; ++j) {
        out.distances(q0 + i, j) = c[j].d;
        out.indices(q0 + i, j) = static_cast<int>(c[j].i);
      }
    }
  }
}

template <class Op>
void NeighborsIndex::knn_tree(const Op& op, MatrixRef Q, Index k, KNeighborsResult& out) const {
  const Index d = X_.cols();
  std::vector<Cand> store(static_cast<std::size_t>(k));
  std::vector<std::pair<Index, double>> stack;  // (node, lower bound)
  for (Index qi = 0; qi < Q.rows(); ++qi) {
    const double* q = Q.row(qi).data();
    KBest b(store.data(), k);
    stack.clear();
    stack.emplace_back(0, lower_bound(nodes_[0], 0, q));
    while (!stack.empty()) {
      const auto [id, bound] = stack.back();
      stack.pop_back();
      if (pruned(bound, b.worst())) continue;
      const Node& node = nodes_[id];
      if (node.left < 0) {
        double worst = b.worst();
        scan_rows(op, q, tree_X_.data(), d, node.start, node.end, [&](double r, Index t) {
          if (r <= worst) {
            b.offer({r, perm_[t]});
            worst = b.worst();
          }
        });
        continue;
      }
      const double bl = lower_bound(nodes_[node.left], node.left, q);
      const double br = lower_bound(nodes_[node.right], node.right, q);
      if (bl <= br) {  // nearer child on top of the stack
        stack.emplace_back(node.right, br);
        stack.emplace_back(node.left, bl);
      } else {
        stack.emplace_back(node.left, bl);
        stack.emplace_back(node.right, br);
      }
    }
    finish(store.data(), k, distance_);
    for (Index j = 0; j < k; ++j) {
      out.distances(qi, j) = store[j].d;
      out.indices(qi, j) = static_cast<int>(store[j].i);
    }
  }
}

template <class Op>
void NeighborsIndex::radius_all(const Op& op, MatrixRef Q, double r_reduced, RadiusNeighborsResult& out) const {
  const Index d = X_.cols();
  std::vector<Cand> found;
  std::vector<Index> stack;
  out.offsets.assign(1, 0);
  for (Index qi = 0; qi < Q.rows(); ++qi) {
    const double* q = Q.row(qi).data();
    found.clear();
    if (algorithm_ == SearchAlgorithm::brute) {
      scan_rows(op, q, X_.data(), d, 0, X_.rows(), [&](double r, Index t) {
        if (r <= r_reduced) found.push_back({r, t});
      });
    } else {
      stack.assign(1, 0);
      while (!stack.empty()) {
        const Index id = stack.back();
        stack.pop_back();
        const Node& node = nodes_[id];
        if (pruned(lower_bound(node, id, q), r_reduced)) continue;
        if (node.left >= 0) {
          stack.push_back(node.right);
          stack.push_back(node.left);
          continue;
        }
        scan_rows(op, q, tree_X_.data(), d, node.start, node.end, [&](double r, Index t) {
          if (r <= r_reduced) found.push_back({r, perm_[t]});
        });
      }
    }
    finish(found.data(), static_cast<Index>(found.size()), distance_);
    for (const Cand& c : found) {
      out.distances.push_back(c.d);
      out.indices.push_back(c.i);
    }
    out.offsets.push_back(static_cast<Index>(out.indices.size()));
  }
}

KNeighborsResult NeighborsIndex::knn(MatrixRef Q, Index k) const {
  if (!built()) throw InvalidArgument("the neighbours index is empty");
  if (k < 1 || k > X_.rows()) throw InvalidArgument("k must be in [1, " + std::to_string(X_.rows()) + "]");
  if (Q.cols() != X_.cols()) throw InvalidArgument("query has the wrong number of columns");
  KNeighborsResult out{Matrix(Q.rows(), k), IntMatrix(Q.rows(), k)};
  distance_.visit([&](const auto& op) {
    if (algorithm_ == SearchAlgorithm::brute) knn_brute(op, Q, k, out);
    else knn_tree(op, Q, k, out);
  });
  return out;
}

RadiusNeighborsResult NeighborsIndex::radius(MatrixRef Q, double r) const {
  if (!built()) throw InvalidArgument("the neighbours index is empty");
  if (Q.cols() != X_.cols()) throw InvalidArgument("query has the wrong number of columns");
  RadiusNeighborsResult out;
  const double r_reduced = distance_.to_reduced(r);
  distance_.visit([&](const auto& op) { radius_all(op, Q, r_reduced, out); });
  return out;
}

}  // namespace nn
}  // namespace wasmlearn
