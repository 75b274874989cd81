#include "wasmlearn/cluster/kmeans.hpp"

#include <cmath>
#include <utility>

#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/cluster/describe.hpp"
#include "wasmlearn/cluster/k_means_common.hpp"

namespace wasmlearn {

namespace {

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
  check_params<KMeans>(params_);
  check_matrix(X);
  return fit_rows(X, Vector::Ones(X.rows()), false);
}

KMeans& KMeans::fit(MatrixRef X, VectorRef sample_weight) {
  check_params<KMeans>(params_);
  check_matrix(X);
  check_sample_weight(sample_weight, X.rows());
  return fit_rows(X, sample_weight, true);
}

KMeans& KMeans::fit_rows(MatrixRef X, const Vector& w, bool weighted) {
  const Index n = X.rows(), p = X.cols();
  const Index k = params_.n_clusters;
  if (k > n)
    throw InvalidArgument("nClusters=" + std::to_string(k) + " must be at most the number of samples (" +
                          std::to_string(n) + ")");
  const Index weighted_rows = (w.array() > 0).count();
  if (k > weighted_rows)
    throw InvalidArgument("nClusters=" + std::to_string(k) + " must be at most the number of samples with a positive " +
                          "sampleWeight (" + std::to_string(weighted_rows) + ")");
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

  k_means::Run best;
  Matrix best_start;
  bool have_best = false;
  for (int run = 0; run < runs; ++run) {
    Matrix start;
    if (init_matrix) {
      start = init_matrix->rowwise() - mean;
    } else {
      const auto index = static_cast<std::uint64_t>(params_.first_init) + static_cast<std::uint64_t>(run);
      Random rng(Random::derive_seed(static_cast<std::uint64_t>(params_.random_state), index));
      start = random_init ? k_means::random_rows(Xc, w, k, rng) : k_means::kmeans_plus_plus(Xc, w, weighted, k, rng);
    }
    k_means::Run r = k_means::run(params_.algorithm, Xc, w, start, params_.max_iter, tol);
    if (!have_best || (r.inertia < best.inertia && !same_clustering(r.labels, best.labels, k))) {
      best = std::move(r);
      best_start = std::move(start);
      have_best = true;
    }
  }
  warnings_.clear();
  std::vector<bool> seen(static_cast<std::size_t>(k), false);
  Index distinct = 0;
  for (Index i = 0; i < n; ++i)
    if (!seen[static_cast<std::size_t>(best.labels[i])]) seen[static_cast<std::size_t>(best.labels[i])] = true, ++distinct;
  if (distinct < k)
    warnings_.add(WarningKind::convergence, "Number of distinct clusters (" + std::to_string(distinct) + ") found smaller than nClusters (" +
                  std::to_string(k) + "). Possibly due to duplicate points in X.");
  centers_ = best.centers.rowwise() + mean;
  init_centers_ = best_start.rowwise() + mean;
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
  k_means::assign_nearest(X, centers_, labels);
  return labels;
}

Matrix KMeans::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "KMeans", "transform");
  check_n_features(centers_.cols(), X);
  check_matrix(X);
  Matrix D(X.rows(), centers_.rows());
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < centers_.rows(); ++j)
      D(i, j) = std::sqrt(squared_distance(X.row(i).data(), centers_.row(j).data(), X.cols()));
  return D;
}

double KMeans::score(MatrixRef X) const {
  return -k_means::inertia_of(X, Vector::Ones(X.rows()), centers_, predict(X));
}

json KMeans::state() const {
  return {{"clusterCenters", to_json(centers_)}, {"labels", to_json(labels_)}, {"inertia", inertia_},
          {"nIter", n_iter_}, {"inertiaHistory", to_json(inertia_history_)},
          {"initCenters", to_json(init_centers_)}, {"warnings", to_json(warnings_)}};
}

void KMeans::load_state(const json& s) {
  Matrix centers = matrix_from_json(member(s, "clusterCenters"), "clusterCenters");
  IntVector labels = int_vector_from_json(member(s, "labels"), "labels");
  Vector history = vector_from_json(member(s, "inertiaHistory"), "inertiaHistory");
  // Models saved before initCenters was kept load without it (an empty matrix).
  Matrix init_centers = s.contains("initCenters") ? matrix_from_json(s.at("initCenters"), "initCenters") : Matrix();
  if (init_centers.size() > 0 && (init_centers.rows() != centers.rows() || init_centers.cols() != centers.cols()))
    throw InvalidArgument("model JSON: initCenters must have the shape of clusterCenters");
  if (centers.size() == 0) throw InvalidArgument("model JSON: clusterCenters must not be empty");
  if (labels.size() > 0 && (labels.minCoeff() < 0 || labels.maxCoeff() >= centers.rows()))
    throw InvalidArgument("model JSON: labels must be cluster indices");
  inertia_ = number_from_json(member(s, "inertia"), "inertia");
  n_iter_ = integer_from_json<int>(member(s, "nIter"), "nIter", at_least(0));
  warnings_ = warnings_from_json(s, WarningKind::convergence);
  centers_ = std::move(centers);
  labels_ = std::move(labels);
  inertia_history_ = std::move(history);
  init_centers_ = std::move(init_centers);
}

}  // namespace wasmlearn
