// The synthetic generators. Every value is computed with plain loops in a fixed order and with
// det_math instead of libm (no Eigen reductions or products, whose vectorisation and therefore
// summation order differ between the native and the WebAssembly build).
#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/datasets/datasets.hpp"

namespace wasmlearn {
namespace {

void require_at_least(Index v, Index lo, const char* name) {
  if (v < lo) throw InvalidArgument(std::string(name) + " must be at least " + std::to_string(lo) + ", got " + std::to_string(v));
}
// The dataset's values (X and y), estimated before anything is allocated.
void require_dataset_size(Index n_samples, Index n_features, const char* generator) {
  check_size(static_cast<double>(n_samples) * (static_cast<double>(n_features) + 1),
             std::string(generator) + "'s dataset (nSamples x (nFeatures + 1))");
}
void require_non_negative(double v, const char* name) {
  if (!std::isfinite(v) || v < 0) throw InvalidArgument(std::string(name) + " must be a finite number at least 0, got " + format_number(v));
}
void require_finite(double v, const char* name) {
  if (!std::isfinite(v)) throw InvalidArgument(std::string(name) + " must be a finite number, got " + format_number(v));
}

// Applies one random permutation to the rows of X and y (scikit-learn's utils.shuffle).
void shuffle_rows(Dataset& d, Random& rng) {
  const IntVector p = rng.permutation(d.X.rows());
  Matrix X(d.X.rows(), d.X.cols());
  Vector y(d.y.size());
  for (Index i = 0; i < p.size(); ++i) {
    X.row(i) = d.X.row(p[i]);
    y[i] = d.y[p[i]];
  }
  d.X = std::move(X);
  d.y = std::move(y);
}

// Permutes the columns of X (and `coef` with them when given).
void shuffle_columns(Matrix& X, Random& rng, Vector* coef = nullptr) {
  const IntVector p = rng.permutation(X.cols());
  Matrix out(X.rows(), X.cols());
  for (Index j = 0; j < p.size(); ++j) out.col(j) = X.col(p[j]);
  X = std::move(out);
  if (coef) {
    Vector c(coef->size());
    for (Index j = 0; j < p.size(); ++j) c[j] = (*coef)[p[j]];
    *coef = std::move(c);
  }
}

void add_noise(Matrix& X, double sd, Random& rng) {
  if (sd == 0) return;
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j) X(i, j) += rng.normal(0.0, sd);
}

// Samples evenly spaced over the centres; row order: all of centre 0, then centre 1, ...
Dataset blobs_around(Index n_samples, const Matrix& centers, double cluster_std, bool shuffle, Random& rng) {
  const Index k = centers.rows(), p = centers.cols();
  Dataset d;
  d.X.resize(n_samples, p);
  d.y.resize(n_samples);
  Index row = 0;
  for (Index c = 0; c < k; ++c) {
    const Index count = n_samples / k + (c < n_samples % k ? 1 : 0);
    for (Index i = 0; i < count; ++i, ++row) {
      for (Index j = 0; j < p; ++j) d.X(row, j) = rng.normal(centers(c, j), cluster_std);
      d.y[row] = static_cast<double>(c);
    }
  }
  if (shuffle) shuffle_rows(d, rng);
  return d;
}

// Class 0 on the outer curve, class 1 on the inner one, as scikit-learn lays them out.
Dataset two_curves(Index n_out, Index n_in) {
  Dataset d;
  d.X.resize(n_out + n_in, 2);
  d.y.resize(n_out + n_in);
  for (Index i = 0; i < n_out + n_in; ++i) d.y[i] = i < n_out ? 0.0 : 1.0;
  return d;
}

// numpy.linspace(0, stop, n, endpoint): i·step, step = stop/(n-1) (or stop/n without the endpoint);
// with the endpoint the last value is exactly `stop`.
double linspace_at(Index i, Index n, double stop, bool endpoint) {
  if (endpoint) {
    if (n == 1) return 0.0;
    if (i == n - 1) return stop;
    return static_cast<double>(i) * (stop / static_cast<double>(n - 1));
  }
  return static_cast<double>(i) * (stop / static_cast<double>(n));
}

constexpr double kPi = 3.141592653589793;

}  // namespace

Dataset make_blobs(Index n_samples, Index n_features, Index centers, double cluster_std, double center_box_lo,
                   double center_box_hi, bool shuffle, std::uint64_t random_state) {
  require_at_least(n_samples, 1, "nSamples");
  require_at_least(n_features, 1, "nFeatures");
  require_at_least(centers, 1, "centers");
  require_dataset_size(std::max(n_samples, centers), n_features, "makeBlobs");
  require_non_negative(cluster_std, "clusterStd");
  require_finite(center_box_lo, "centerBox[0]");
  require_finite(center_box_hi, "centerBox[1]");
  if (center_box_lo > center_box_hi)
    throw InvalidArgument("centerBox must be [low, high] with low <= high, got [" + format_number(center_box_lo) + ", " +
                          format_number(center_box_hi) + "]");
  Random rng(random_state);
  Matrix C(centers, n_features);
  for (Index c = 0; c < centers; ++c)
    for (Index j = 0; j < n_features; ++j) C(c, j) = rng.uniform(center_box_lo, center_box_hi);
  return blobs_around(n_samples, C, cluster_std, shuffle, rng);
}

Dataset make_blobs(Index n_samples, MatrixRef centers, double cluster_std, bool shuffle, std::uint64_t random_state) {
  require_at_least(n_samples, 1, "nSamples");
  require_dataset_size(n_samples, centers.cols(), "makeBlobs");
  check_matrix(centers, "centers");
  require_non_negative(cluster_std, "clusterStd");
  Random rng(random_state);
  return blobs_around(n_samples, Matrix(centers), cluster_std, shuffle, rng);
}

Dataset make_moons(Index n_samples, double noise, bool shuffle, std::uint64_t random_state) {
  require_at_least(n_samples, 1, "nSamples");
  require_dataset_size(n_samples, 2, "makeMoons");
  require_non_negative(noise, "noise");
  const Index n_out = n_samples / 2, n_in = n_samples - n_out;
  Dataset d = two_curves(n_out, n_in);
  for (Index i = 0; i < n_out; ++i) {
    const double t = linspace_at(i, n_out, kPi, true);
    d.X(i, 0) = det_cos(t);
    d.X(i, 1) = det_sin(t);
  }
  for (Index i = 0; i < n_in; ++i) {
    const double t = linspace_at(i, n_in, kPi, true);
    d.X(n_out + i, 0) = 1.0 - det_cos(t);
    d.X(n_out + i, 1) = 1.0 - det_sin(t) - 0.5;
  }
  Random rng(random_state);
  if (shuffle) shuffle_rows(d, rng);
  add_noise(d.X, noise, rng);
  return d;
}

Dataset make_circles(Index n_samples, double noise, double factor, bool shuffle, std::uint64_t random_state) {
  require_at_least(n_samples, 1, "nSamples");
  require_dataset_size(n_samples, 2, "makeCircles");
  require_non_negative(noise, "noise");
  if (!(factor >= 0 && factor < 1)) throw InvalidArgument("factor must be in [0, 1), got " + format_number(factor));
  const Index n_out = n_samples / 2, n_in = n_samples - n_out;
  Dataset d = two_curves(n_out, n_in);
  for (Index i = 0; i < n_out; ++i) {
    const double t = linspace_at(i, n_out, 2 * kPi, false);
    d.X(i, 0) = det_cos(t);
    d.X(i, 1) = det_sin(t);
  }
  for (Index i = 0; i < n_in; ++i) {
    const double t = linspace_at(i, n_in, 2 * kPi, false);
    d.X(n_out + i, 0) = det_cos(t) * factor;
    d.X(n_out + i, 1) = det_sin(t) * factor;
  }
  Random rng(random_state);
  if (shuffle) shuffle_rows(d, rng);
  add_noise(d.X, noise, rng);
  return d;
}

Dataset make_classification(Index n_samples, Index n_features, Index n_informative, Index n_redundant, Index n_classes,
                            Index n_clusters_per_class, double class_sep, double flip_y, bool shuffle,
                            std::uint64_t random_state, Index n_repeated) {
  require_at_least(n_samples, 1, "nSamples");
  require_at_least(n_features, 1, "nFeatures");
  require_dataset_size(n_samples, n_features, "makeClassification");
  require_at_least(n_informative, 1, "nInformative");
  require_at_least(n_redundant, 0, "nRedundant");
  require_at_least(n_repeated, 0, "nRepeated");
  require_at_least(n_classes, 1, "nClasses");
  require_at_least(n_clusters_per_class, 1, "nClustersPerClass");
  require_finite(class_sep, "classSep");
  if (!(flip_y >= 0 && flip_y <= 1)) throw InvalidArgument("flipY must be in [0, 1], got " + format_number(flip_y));
  // Sums and products of the counts in double: each may be up to 2^31 − 1, and Index is 32 bits in WebAssembly.
  if (static_cast<double>(n_informative) + static_cast<double>(n_redundant) + static_cast<double>(n_repeated) >
      static_cast<double>(n_features))
    throw InvalidArgument("nInformative + nRedundant + nRepeated must be at most nFeatures, got " +
                          std::to_string(n_informative) + " + " + std::to_string(n_redundant) + " + " +
                          std::to_string(n_repeated) + " > " + std::to_string(n_features));
  const double clusters = static_cast<double>(n_classes) * static_cast<double>(n_clusters_per_class);
  const double vertices_available = std::ldexp(1.0, static_cast<int>(std::min<Index>(n_informative, 1024)));
  if (clusters > vertices_available)
    throw InvalidArgument("nClasses (" + std::to_string(n_classes) + ") * nClustersPerClass (" +
                          std::to_string(n_clusters_per_class) + ") must be at most 2^nInformative = " +
                          format_number(vertices_available));
  check_size(clusters * static_cast<double>(n_informative) * static_cast<double>(n_informative),
             "makeClassification's cluster transforms (nClasses x nClustersPerClass x nInformative^2)");
  const Index n_clusters = static_cast<Index>(clusters);
  const Index ni = n_informative, n_useless = n_features - n_informative - n_redundant - n_repeated;
  Random rng(random_state);

  // Samples per cluster: equal weights, the remainder spread one by one from cluster 0.
  std::vector<Index> per_cluster(n_clusters, 0);
  {
    // int(n_samples * (1/n_classes) / n_clusters_per_class), computed in floating point as scikit-learn
    const double w = 1.0 / static_cast<double>(n_classes);
    Index total = 0;
    for (auto& c : per_cluster) total += (c = static_cast<Index>(static_cast<double>(n_samples) * w / static_cast<double>(n_clusters_per_class)));
    for (Index i = 0; i < n_samples - total; ++i) ++per_cluster[i % n_clusters];
  }

  // Distinct random vertices of the hypercube {-classSep, classSep}^ni (rejection of repeats).
  std::set<std::vector<bool>> vertices;  // a set: a linear search per draw is quadratic in the clusters
  Matrix centroids(n_clusters, ni);
  while (static_cast<Index>(vertices.size()) < n_clusters) {
    std::vector<bool> v(ni);
    for (Index j = 0; j < ni; ++j) v[j] = rng.integer(2) == 1;
    if (vertices.count(v)) continue;
    for (Index j = 0; j < ni; ++j) centroids(static_cast<Index>(vertices.size()), j) = v[j] ? class_sep : -class_sep;
    vertices.insert(std::move(v));
  }

  Dataset d;
  d.X = Matrix::Zero(n_samples, n_features);
  d.y = Vector::Zero(n_samples);
  for (Index i = 0; i < n_samples; ++i)
    for (Index j = 0; j < ni; ++j) d.X(i, j) = rng.standard_normal();

  Index start = 0;
  Matrix A(ni, ni);
  std::vector<double> row(ni);
  for (Index k = 0; k < n_clusters; ++k) {
    for (Index a = 0; a < ni; ++a)
      for (Index b = 0; b < ni; ++b) A(a, b) = 2 * rng.uniform() - 1;
    for (Index i = start; i < start + per_cluster[k]; ++i) {
      d.y[i] = static_cast<double>(k % n_classes);
      for (Index b = 0; b < ni; ++b) {  // row <- row · A + centroid
        double s = 0;
        for (Index a = 0; a < ni; ++a) s += d.X(i, a) * A(a, b);
        row[b] = s;
      }
      for (Index b = 0; b < ni; ++b) d.X(i, b) = row[b] + centroids(k, b);
    }
    start += per_cluster[k];
  }

  if (n_redundant > 0) {
    Matrix B(ni, n_redundant);
    for (Index a = 0; a < ni; ++a)
      for (Index b = 0; b < n_redundant; ++b) B(a, b) = 2 * rng.uniform() - 1;
    for (Index i = 0; i < n_samples; ++i)
      for (Index b = 0; b < n_redundant; ++b) {
        double s = 0;
        for (Index a = 0; a < ni; ++a) s += d.X(i, a) * B(a, b);
        d.X(i, ni + b) = s;
      }
  }
  const Index n_before_repeat = ni + n_redundant;
  if (n_repeated > 0) {
    for (Index r = 0; r < n_repeated; ++r) {
      const Index src = static_cast<Index>(static_cast<double>(n_before_repeat - 1) * rng.uniform() + 0.5);
      for (Index i = 0; i < n_samples; ++i) d.X(i, n_before_repeat + r) = d.X(i, src);
    }
  }
  for (Index i = 0; i < n_samples; ++i)
    for (Index j = n_features - n_useless; j < n_features; ++j) d.X(i, j) = rng.standard_normal();

  if (flip_y > 0) {
    std::vector<Index> flipped;
    for (Index i = 0; i < n_samples; ++i)
      if (rng.uniform() < flip_y) flipped.push_back(i);
    for (Index i : flipped) d.y[i] = static_cast<double>(rng.index(n_classes));
  }
  if (shuffle) {
    shuffle_rows(d, rng);
    shuffle_columns(d.X, rng);
  }
  return d;
}

RegressionDataset make_regression(Index n_samples, Index n_features, Index n_informative, double noise, double bias,
                                  bool shuffle, std::uint64_t random_state) {
  require_at_least(n_samples, 1, "nSamples");
  require_at_least(n_features, 1, "nFeatures");
  require_dataset_size(n_samples, n_features, "makeRegression");
  require_at_least(n_informative, 0, "nInformative");
  require_non_negative(noise, "noise");
  require_finite(bias, "bias");
  const Index ni = std::min(n_informative, n_features);  // scikit-learn clips it the same way
  Random rng(random_state);
  RegressionDataset d;
  d.X.resize(n_samples, n_features);
  for (Index i = 0; i < n_samples; ++i)
    for (Index j = 0; j < n_features; ++j) d.X(i, j) = rng.standard_normal();
  d.coef = Vector::Zero(n_features);
  for (Index j = 0; j < ni; ++j) d.coef[j] = 100 * rng.uniform();
  d.y.resize(n_samples);
  for (Index i = 0; i < n_samples; ++i) {
    double s = 0;
    for (Index j = 0; j < n_features; ++j) s += d.X(i, j) * d.coef[j];
    d.y[i] = s + bias;
  }
  if (noise > 0)
    for (Index i = 0; i < n_samples; ++i) d.y[i] += rng.normal(0.0, noise);
  if (shuffle) {
    shuffle_rows(d, rng);
    shuffle_columns(d.X, rng, &d.coef);
  }
  return d;
}

}  // namespace wasmlearn
