#include "wasmlearn/cluster/k_means_common.hpp"

#include <algorithm>
#include <numeric>

#include "wasmlearn/base/row_blocks.hpp"

namespace wasmlearn {
namespace k_means {

namespace {

// Moves the points farthest from their centres into the empty clusters (no weight; scikit-learn's
// _relocate_empty_clusters_dense), updating the member sums and weights.
void relocate_empty(const Matrix& X, const Vector& w, const Matrix& old_centers, const IntVector& labels,
                    MemberSums& m) {
  std::vector<Index> empty;
  for (Index j = 0; j < m.weights.size(); ++j)
    if (m.weights[j] == 0) empty.push_back(j);
  if (empty.empty()) return;
  const Index n = X.rows();
  std::vector<double> d(n);
  for (Index i = 0; i < n; ++i) d[i] = squared_distance(row_of(X, i), old_centers.row(labels[i]).data(), X.cols());
  std::vector<Index> order(n);
  std::iota(order.begin(), order.end(), 0);
  const Index count = std::min<Index>(static_cast<Index>(empty.size()), n);
  std::partial_sort(order.begin(), order.begin() + count, order.end(),
                    [&](Index a, Index b) { return d[a] > d[b] || (d[a] == d[b] && a < b); });
  for (Index e = 0; e < count; ++e)
    m.move_row(row_of(X, order[e]), w[order[e]], labels[order[e]], empty[e], X.cols());
}

// The next centres from the member sums (empty clusters relocated); returns the per-cluster shift
// ‖new − old‖.
Vector next_centers(const Matrix& X, const Vector& w, const IntVector& labels, const Matrix& old_centers,
                    MemberSums& m, Matrix& next) {
  relocate_empty(X, w, old_centers, labels, m);
  next = m.sums;
  for (Index j = 0; j < next.rows(); ++j)
    if (m.weights[j] > 0) next.row(j) /= m.weights[j];
  return (next - old_centers).rowwise().norm();
}

[[gnu::noinline]] double inertia_block(MatrixRef X, const double* w, Index begin, Index end, const Matrix& C,
                                       const int* labels) {
  double s = 0;
  for (Index i = begin; i < end; ++i) s += w[i] * squared_distance(row_of(X, i), C.data() + labels[i] * X.cols(), X.cols());
  return s;
}

}  // namespace

double inertia_of(MatrixRef X, const Vector& w, const Matrix& centers, const IntVector& labels) {
  double s = 0;
  for_row_blocks(X.rows(), [&](Index b, Index e) { s += inertia_block(X, w.data(), b, e, centers, labels.data()); });
  return s;
}

Run run(KMeansAlgorithm algorithm, const Matrix& X, const Vector& w, Matrix centers, int max_iter, double tol) {
  const std::unique_ptr<AssignmentStep> step =
      algorithm == KMeansAlgorithm::elkan && centers.rows() > 1 ? elkan_step(X, w, centers.rows()) : lloyd_step(X, w);
  MemberSums members;
  Matrix next;
  Run r;
  Vector shift = Vector::Zero(centers.rows());
  bool strict = false;
  while (r.n_iter < max_iter) {
    Index changed = step->assign(centers, shift, members);
    if (r.n_iter++ == 0) changed = X.rows();  // the first labels are all new, whatever a step starts from
    r.history.push_back(members.inertia);
    shift = next_centers(X, w, step->labels(), centers, members, next);
    centers.swap(next);
    if (changed == 0) {
      strict = true;
      break;
    }
    if (shift.squaredNorm() <= tol) break;
  }
  if (!strict) step->assign(centers, shift, members);
  r.labels = std::move(step->labels());
  r.inertia = inertia_of(X, w, centers, r.labels);
  r.centers = std::move(centers);
  return r;
}

}  // namespace k_means
}  // namespace wasmlearn
