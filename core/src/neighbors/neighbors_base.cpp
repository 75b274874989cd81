#include "wasmlearn/neighbors/neighbors_base.hpp"

#include <limits>
#include <string>

#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {
namespace nn {

Distance resolve_distance(const NeighborsSearchParams& p) {
  switch (p.metric) {
    case NeighborsMetric::euclidean: return {DistanceKind::squared_euclidean, 2};
    case NeighborsMetric::manhattan: return {DistanceKind::manhattan, 1};
    case NeighborsMetric::chebyshev: return {DistanceKind::chebyshev, 0};
    case NeighborsMetric::minkowski: break;
  }
  if (p.p == 1) return {DistanceKind::manhattan, 1};
  if (p.p == 2) return {DistanceKind::squared_euclidean, 2};
  return {DistanceKind::minkowski, p.p};
}

SearchAlgorithm resolve_algorithm(const NeighborsSearchParams& p, Index n_samples, Index n_features,
                                  std::optional<int> n_neighbors) {
  switch (p.algorithm) {
    case NeighborsAlgorithm::brute: return SearchAlgorithm::brute;
    case NeighborsAlgorithm::kd_tree: return SearchAlgorithm::kd_tree;
    case NeighborsAlgorithm::ball_tree: return SearchAlgorithm::ball_tree;
    case NeighborsAlgorithm::automatic: break;
  }
  if (n_features > 15 || (n_neighbors && *n_neighbors >= n_samples / 2)) return SearchAlgorithm::brute;
  return SearchAlgorithm::kd_tree;  // every metric offered here is a KD-tree metric
}

NeighborLists to_lists(const KNeighborsResult& r) {
  NeighborLists l;
  const Index m = r.distances.rows(), k = r.distances.cols();
  l.offsets.resize(static_cast<std::size_t>(m + 1));
  for (Index i = 0; i <= m; ++i) l.offsets[i] = i * k;
  l.distances.assign(r.distances.data(), r.distances.data() + m * k);
  l.indices.assign(r.indices.data(), r.indices.data() + m * k);
  return l;
}

std::vector<double> neighbor_weights(const NeighborLists& lists, NeighborsWeights w) {
  std::vector<double> out(lists.distances.size(), 1.0);
  if (w == NeighborsWeights::uniform) return out;
  for (std::size_t i = 0; i + 1 < lists.offsets.size(); ++i) {
    const Index b = lists.offsets[i], e = lists.offsets[i + 1];
    bool exact = false;
    for (Index j = b; j < e; ++j) exact = exact || lists.distances[j] == 0.0;
    for (Index j = b; j < e; ++j)
      out[j] = exact ? (lists.distances[j] == 0.0 ? 1.0 : 0.0) : 1.0 / lists.distances[j];
  }
  return out;
}

Matrix class_votes(const NeighborLists& lists, const std::vector<double>& weights, const IntVector& y, int n_classes) {
  const Index m = static_cast<Index>(lists.offsets.size()) - 1;
  Matrix votes = Matrix::Zero(m, n_classes);
  for (Index i = 0; i < m; ++i)
    for (Index j = lists.offsets[i]; j < lists.offsets[i + 1]; ++j) votes(i, y[lists.indices[j]]) += weights[j];
  return votes;
}

IntVector argmax_rows(const Matrix& votes) {
  IntVector out(votes.rows());
  for (Index i = 0; i < votes.rows(); ++i) {
    Index best = 0;
    for (Index c = 1; c < votes.cols(); ++c)
      if (votes(i, c) > votes(i, best)) best = c;
    out[i] = static_cast<int>(best);
  }
  return out;
}

Matrix normalize_rows(Matrix votes) {
  for (Index i = 0; i < votes.rows(); ++i) {
    // Summed left to right: Eigen's vectorised sum pairs a row's elements by their alignment, so the
    // bits of a row's probabilities would depend on its place in X (and the pool cuts X into blocks).
    double s = 0;
    for (Index c = 0; c < votes.cols(); ++c) s += votes(i, c);
    if (s != 0.0) votes.row(i) /= s;
  }
  return votes;
}

Matrix weighted_means(const NeighborLists& lists, const std::vector<double>& weights, const Matrix& Y) {
  const Index m = static_cast<Index>(lists.offsets.size()) - 1;
  Matrix out(m, Y.cols());
  for (Index i = 0; i < m; ++i) {
    const Index b = lists.offsets[i], e = lists.offsets[i + 1];
    if (b == e) {
      out.row(i).setConstant(std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    double wsum = 0;
    out.row(i).setZero();
    for (Index j = b; j < e; ++j) {
      out.row(i) += weights[j] * Y.row(lists.indices[j]);
      wsum += weights[j];
    }
    out.row(i) /= wsum;
  }
  return out;
}

std::vector<Index> empty_rows(const NeighborLists& lists) {
  std::vector<Index> out;
  for (std::size_t i = 0; i + 1 < lists.offsets.size(); ++i)
    if (lists.offsets[i] == lists.offsets[i + 1]) out.push_back(static_cast<Index>(i));
  return out;
}

void check_radius(double radius) {
  if (!(radius > 0) || !std::isfinite(radius))
    throw InvalidArgument("radius must be a finite number greater than 0, got " + format_number(radius));
}

// ---- NeighborsModel -----------------------------------------------------------------------------

static void check_k_fits(int k, Index n_samples) {
  if (k < 1) throw InvalidArgument("nNeighbors must be at least 1, got " + std::to_string(k));
  if (k > n_samples)
    throw InvalidArgument("nNeighbors = " + std::to_string(k) + " is greater than the number of training samples (" +
                          std::to_string(n_samples) + ")");
}

static void build(NeighborsIndex& index, MatrixRef X, const NeighborsSearchParams& p, std::optional<int> n_neighbors) {
  const Distance dist = resolve_distance(p);
  if (n_neighbors) check_k_fits(*n_neighbors, X.rows());
  index.build(X, dist, resolve_algorithm(p, X.rows(), X.cols(), n_neighbors), p.leaf_size);
}

void NeighborsModel::fit(MatrixRef X, const NeighborsSearchParams& p, std::optional<int> n_neighbors) {
  check_matrix(X);
  build(index_, X, p, n_neighbors);
}

static void check_query(const NeighborsIndex& index, MatrixRef X, const char* estimator, const char* method) {
  check_fitted(index.built(), estimator, method);
  check_n_features(index.n_features(), X);
  check_matrix(X);
}

KNeighborsResult NeighborsModel::kneighbors(MatrixRef X, int k, const char* estimator, const char* method) const {
  check_query(index_, X, estimator, method);
  check_k_fits(k, index_.n_samples());
  return index_.knn(X, k);
}

RadiusNeighborsResult NeighborsModel::radius_neighbors(MatrixRef X, double radius, const char* estimator,
                                                       const char* method) const {
  check_query(index_, X, estimator, method);
  check_radius(radius);
  return index_.radius(X, radius);
}

json NeighborsModel::state() const { return {{"X", to_json(index_.data())}}; }

void NeighborsModel::load_state(const json& s, const NeighborsSearchParams& p, std::optional<int> n_neighbors) {
  const Matrix X = matrix_from_json(member(s, "X"), "X");
  if (X.rows() == 0 || X.cols() == 0) throw InvalidArgument("model JSON: X must have at least one row and one column");
  build(index_, X, p, n_neighbors);
}

// ---- targets ------------------------------------------------------------------------------------

void ClassTargets::fit(IntVectorRef y_in, Index n_rows) {
  check_same_rows(n_rows, y_in.size());
  n_classes = check_class_codes(y_in);
  y = y_in;
}

void ClassTargets::store(json& s) const {
  s["y"] = to_json(y);
  s["nClasses"] = n_classes;
}

void ClassTargets::load(const json& s, Index n_rows) {
  IntVector v = int_vector_from_json(member(s, "y"), "y");
  const double c = number_from_json(member(s, "nClasses"), "nClasses");
  if (v.size() != n_rows)
    throw InvalidArgument("model JSON: y has " + std::to_string(v.size()) + " entries but X has " + std::to_string(n_rows) +
                          " rows");
  if (c < 1 || c != std::floor(c) || c > 1e7) throw InvalidArgument("model JSON: nClasses must be a positive integer");
  if (v.size() > 0 && (v.minCoeff() < 0 || v.maxCoeff() >= c))
    throw InvalidArgument("model JSON: y must hold class codes in [0, nClasses)");
  y = std::move(v);
  n_classes = static_cast<int>(c);
}

int ClassTargets::most_frequent() const {
  std::vector<Index> count(static_cast<std::size_t>(n_classes), 0);
  for (Index i = 0; i < y.size(); ++i) ++count[y[i]];
  return static_cast<int>(std::max_element(count.begin(), count.end()) - count.begin());
}

void RegressionTargets::fit(MatrixRef Y_in, Index n_rows) {
  check_same_rows(n_rows, Y_in.rows());
  if (Y_in.cols() == 0) throw InvalidArgument("y has no output columns");
  for (Index j = 0; j < Y_in.cols(); ++j) check_finite(Y_in.col(j), "y");
  Y = Y_in;
}

void RegressionTargets::store(json& s) const { s["y"] = to_json(Y); }

void RegressionTargets::load(const json& s, Index n_rows) {
  Matrix v = matrix_from_json(member(s, "y"), "y");
  if (v.rows() != n_rows || v.cols() == 0)
    throw InvalidArgument("model JSON: y must have one row per row of X and at least one column");
  Y = std::move(v);
}

}  // namespace nn
}  // namespace wasmlearn
