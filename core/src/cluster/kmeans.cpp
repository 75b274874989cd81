#include "wasmlearn/cluster/kmeans.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

namespace cluster {
void assign_nearest(MatrixRef X, const Matrix& centers, IntVector& labels, Vector* min_sq) {
  constexpr Index kBlock = 1024;  // rows per GEMM: the block of X·Cᵀ stays in cache
  const Index n = X.rows(), k = centers.rows();
  labels.resize(n);
  if (min_sq) min_sq->resize(n);
  const Eigen::RowVectorXd c_sq = centers.rowwise().squaredNorm().transpose();
  const Matrix Ct = centers.transpose();
  Matrix G;
  for (Index start = 0; start < n; start += kBlock) {
    const Index b = std::min(kBlock, n - start);
    G.noalias() = X.middleRows(start, b) * Ct;
    for (Index i = 0; i < b; ++i) {
      Index best = 0;
      double best_d = c_sq[0] - 2 * G(i, 0);
      for (Index j = 1; j < k; ++j) {
        const double d = c_sq[j] - 2 * G(i, j);
        if (d < best_d) {
          best_d = d;
          best = j;
        }
      }
      labels[start + i] = static_cast<int>(best);
      if (min_sq) (*min_sq)[start + i] = std::max(0.0, best_d + X.row(start + i).squaredNorm());
    }
  }
}
}  // namespace cluster

namespace {

struct Run {
  Matrix centers;
  IntVector labels;
  double inertia = 0;
  int n_iter = 0;
  std::vector<double> history;
};

inline double sq_dist(const double* a, const double* b, Index p) {
  double s = 0;
  for (Index t = 0; t < p; ++t) {
    const double d = a[t] - b[t];
    s += d * d;
  }
  return s;
}

double inertia_of(const Matrix& X, const Matrix& C, const IntVector& labels) {
  double s = 0;
  for (Index i = 0; i < X.rows(); ++i) s += sq_dist(X.row(i).data(), C.row(labels[i]).data(), X.cols());
  return s;
}

// scikit-learn's greedy k-means++ (_kmeans_plusplus) with the library's generator.
Matrix kmeans_plus_plus(const Matrix& X, Index k, Random& rng) {
  const Index n = X.rows();
  Matrix C(k, X.cols());
  const int trials = 2 + static_cast<int>(std::log(static_cast<double>(k)));
  C.row(0) = X.row(rng.index(n));
  Vector closest = (X.rowwise() - C.row(0)).rowwise().squaredNorm();
  double pot = closest.sum();
  Vector cum(n), dist(n), best_dist(n);
  for (Index c = 1; c < k; ++c) {
    std::partial_sum(closest.data(), closest.data() + n, cum.data());
    double best_pot = std::numeric_limits<double>::infinity();
    Index best_id = 0;
    for (int t = 0; t < trials; ++t) {
      const double v = rng.uniform() * pot;
      Index id = std::lower_bound(cum.data(), cum.data() + n, v) - cum.data();
      id = std::min(id, n - 1);
      dist = (X.rowwise() - X.row(id)).rowwise().squaredNorm().cwiseMin(closest);
      const double cand_pot = dist.sum();
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
// _relocate_empty_clusters_dense): sums are the per-cluster coordinate sums, not yet averaged.
void relocate_empty(const Matrix& X, const Matrix& old_centers, const IntVector& labels, Matrix& sums,
                    Vector& counts) {
  std::vector<Index> empty;
  for (Index j = 0; j < counts.size(); ++j)
    if (counts[j] == 0) empty.push_back(j);
  if (empty.empty()) return;
  const Index n = X.rows();
  std::vector<double> d(n);
  for (Index i = 0; i < n; ++i) d[i] = sq_dist(X.row(i).data(), old_centers.row(labels[i]).data(), X.cols());
  std::vector<Index> order(n);
  std::iota(order.begin(), order.end(), 0);
  const Index m = std::min<Index>(static_cast<Index>(empty.size()), n);
  std::partial_sort(order.begin(), order.begin() + m, order.end(),
                    [&](Index a, Index b) { return d[a] > d[b] || (d[a] == d[b] && a < b); });
  for (Index e = 0; e < m; ++e) {
    const Index far = order[e], to = empty[e], from = labels[far];
    sums.row(from) -= X.row(far);
    sums.row(to) = X.row(far);
    counts[to] = 1;
    counts[from] -= 1;
  }
}

// New centres from the assignment: means of the members, empty clusters relocated; returns the
// per-cluster shift ‖new − old‖.
Vector update_centers(const Matrix& X, const IntVector& labels, const Matrix& old_centers, Matrix& new_centers) {
  const Index k = old_centers.rows();
  new_centers.setZero(k, X.cols());
  Vector counts = Vector::Zero(k);
  for (Index i = 0; i < X.rows(); ++i) {
    new_centers.row(labels[i]) += X.row(i);
    counts[labels[i]] += 1;
  }
  relocate_empty(X, old_centers, labels, new_centers, counts);
  for (Index j = 0; j < k; ++j)
    if (counts[j] > 0) new_centers.row(j) /= counts[j];
  return (new_centers - old_centers).rowwise().norm();
}

Run lloyd(const Matrix& X, Matrix centers, int max_iter, double tol) {
  Run r;
  const Index n = X.rows();
  IntVector labels(n), labels_old = IntVector::Constant(n, -1);
  Vector min_sq;
  Matrix next;
  bool strict = false;
  int i = 0;
  for (; i < max_iter; ++i) {
    cluster::assign_nearest(X, centers, labels, &min_sq);
    r.history.push_back(min_sq.sum());
    const Vector shift = update_centers(X, labels, centers, next);
    centers.swap(next);
    if (labels == labels_old) {
      strict = true;
      break;
    }
    if (shift.squaredNorm() <= tol) break;
    labels_old = labels;
  }
  if (!strict) cluster::assign_nearest(X, centers, labels);
  r.n_iter = std::min(i + 1, max_iter);
  r.inertia = inertia_of(X, centers, labels);
  r.centers = std::move(centers);
  r.labels = std::move(labels);
  return r;
}

// Half the distances between centres and, per centre, the smallest of them to another centre.
void centre_half_distances(const Matrix& C, Matrix& half, Vector& next) {
  const Index k = C.rows();
  half.resize(k, k);
  for (Index a = 0; a < k; ++a)
    for (Index b = 0; b < k; ++b) half(a, b) = 0.5 * std::sqrt(sq_dist(C.row(a).data(), C.row(b).data(), C.cols()));
  next.resize(k);
  for (Index a = 0; a < k; ++a) {
    double m = std::numeric_limits<double>::infinity();
    for (Index b = 0; b < k; ++b)
      if (b != a) m = std::min(m, half(a, b));
    next[a] = k > 1 ? m : 0.0;
  }
}

// Elkan's algorithm with scikit-learn's bound bookkeeping (_kmeans_single_elkan).
Run elkan(const Matrix& X, Matrix centers, int max_iter, double tol) {
  Run r;
  const Index n = X.rows(), k = centers.rows(), p = X.cols();
  auto dist = [&](Index i, const Matrix& C, Index j) { return std::sqrt(sq_dist(X.row(i).data(), C.row(j).data(), p)); };
  Matrix half;
  Vector next_center;
  centre_half_distances(centers, half, next_center);
  IntVector labels(n), labels_old = IntVector::Constant(n, -1);
  Vector upper(n);
  Matrix lower = Matrix::Zero(n, k);
  for (Index i = 0; i < n; ++i) {  // init_bounds
    Index best = 0;
    double min_d = dist(i, centers, 0);
    lower(i, 0) = min_d;
    for (Index j = 1; j < k; ++j)
      if (min_d > half(best, j)) {
        const double d = dist(i, centers, j);
        lower(i, j) = d;
        if (d < min_d) {
          min_d = d;
          best = j;
        }
      }
    labels[i] = static_cast<int>(best);
    upper[i] = min_d;
  }
  auto assign = [&](const Matrix& C) {
    for (Index i = 0; i < n; ++i) {
      double ub = upper[i];
      Index label = labels[i];
      bool tight = false;
      if (!(next_center[label] >= ub)) {
        for (Index j = 0; j < k; ++j) {
          if (j == label || !(ub > lower(i, j)) || !(ub > half(label, j))) continue;
          if (!tight) {
            ub = dist(i, C, label);
            lower(i, label) = ub;
            tight = true;
          }
          if (ub > lower(i, j) && ub > half(label, j)) {
            const double d = dist(i, C, j);
            lower(i, j) = d;
            if (d < ub) {
              label = j;
              ub = d;
            }
          }
        }
        labels[i] = static_cast<int>(label);
        upper[i] = ub;
      }
    }
  };
  Matrix next;
  bool strict = false;
  int it = 0;
  for (; it < max_iter; ++it) {
    assign(centers);
    r.history.push_back(inertia_of(X, centers, labels));
    const Vector shift = update_centers(X, labels, centers, next);
    for (Index i = 0; i < n; ++i) {
      upper[i] += shift[labels[i]];
      lower.row(i) = (lower.row(i) - shift.transpose()).cwiseMax(0.0);
    }
    centre_half_distances(next, half, next_center);
    centers.swap(next);
    if (labels == labels_old) {
      strict = true;
      break;
    }
    if (shift.squaredNorm() <= tol) break;
    labels_old = labels;
  }
  if (!strict) assign(centers);
  r.n_iter = std::min(it + 1, max_iter);
  r.inertia = inertia_of(X, centers, labels);
  r.centers = std::move(centers);
  r.labels = std::move(labels);
  return r;
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
  IntVector labels;
  cluster::assign_nearest(X, centers_, labels);
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
  const IntVector labels = predict(X);
  double s = 0;
  for (Index i = 0; i < X.rows(); ++i) s += sq_dist(X.row(i).data(), centers_.row(labels[i]).data(), X.cols());
  return -s;
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
