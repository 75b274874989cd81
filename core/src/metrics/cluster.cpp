#include "wasmlearn/metrics/cluster.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/distances.hpp"
#include "wasmlearn/base/squarable.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/metrics/pairwise.hpp"

namespace wasmlearn {

namespace {

// Codes 0..k-1 of the labels of X's rows (the JS layer codes them densely); 2 <= k <= n - 1.
int checked_clusters(MatrixRef X, IntVectorRef labels) {
  check_matrix(X, "X");
  check_same_rows(X.rows(), labels.size(), "labels");
  const int k = check_class_codes(labels, "labels");
  if (k < 2 || k > X.rows() - 1)
    throw InvalidArgument("Number of labels is " + std::to_string(k) + ". Valid values are 2 to n_samples - 1 (inclusive)");
  return k;
}

Matrix centroids(MatrixRef X, IntVectorRef labels, int k, Vector& sizes) {
  Matrix c = Matrix::Zero(k, X.cols());
  sizes = Vector::Zero(k);
  for (Index i = 0; i < X.rows(); ++i) {
    c.row(labels[i]) += X.row(i);
    sizes[labels[i]] += 1;
  }
  return c.array().colwise() / sizes.array();
}

// Both labelings renumbered to the codes they use, and their contingency table.
Matrix contingency(IntVectorRef a, IntVectorRef b) {
  if (a.size() != b.size())
    throw InvalidArgument("labelsTrue and labelsPred must have the same length, got " + std::to_string(a.size()) +
                          " and " + std::to_string(b.size()));
  if (a.size() == 0) throw InvalidArgument("labelsTrue is empty");
  auto dense = [](IntVectorRef y) {
    std::vector<int> index(static_cast<std::size_t>(y.maxCoeff() + 1), -1);
    int used = 0;
    for (Index i = 0; i < y.size(); ++i)
      if (index[static_cast<std::size_t>(y[i])] < 0) index[static_cast<std::size_t>(y[i])] = 0;
    for (int& v : index)
      if (v == 0) v = used++;
    return std::make_pair(index, used);
  };
  const auto [row_of, rows] = dense(a);
  const auto [col_of, cols] = dense(b);
  Matrix table = Matrix::Zero(rows, cols);
  for (Index i = 0; i < a.size(); ++i) table(row_of[static_cast<std::size_t>(a[i])], col_of[static_cast<std::size_t>(b[i])]) += 1;
  return table;
}

double entropy(const Vector& counts) {
  if (counts.size() == 1) return 0;
  const double total = counts.sum();
  double h = 0;
  for (Index i = 0; i < counts.size(); ++i) h -= counts[i] / total * (det_log(counts[i]) - det_log(total));
  return h;
}

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// fill(begin, end, D) writes the distances of rows begin .. end to every row into D's rows; each
// row's silhouette then follows from its sums of distances per cluster (its own distance counted 0).
template <class Fill>
Vector silhouette_from_rows(Index n, IntVectorRef labels, int k, Index block, Fill fill) {
  Vector sizes = Vector::Zero(k);
  for (Index i = 0; i < n; ++i) sizes[labels[i]] += 1;
  Vector out(n), sums(k);
  RowMatrix D(std::min(block, n), n + n % 2);  // + the padding the distance tiles write
  for (Index begin = 0; begin < n; begin += block) {
    const Index end = std::min(n, begin + block);
    fill(begin, end, D);
    for (Index i = begin; i < end; ++i) {
      double* distances = D.row(i - begin).data();
      distances[i] = 0;  // itself
      sums.setZero();
      for (Index j = 0; j < n; ++j) sums[labels[j]] += distances[j];
      const int own = labels[i];
      if (sizes[own] == 1) {
        out[i] = 0;
        continue;
      }
      const double a = sums[own] / (sizes[own] - 1);
      double b = std::numeric_limits<double>::infinity();
      for (int c = 0; c < k; ++c)
        if (c != own) b = std::min(b, sums[c] / sizes[c]);
      const double scale = std::max(a, b);
      out[i] = scale > 0 ? (b - a) / scale : 0.0;
    }
  }
  return out;
}

}  // namespace

void check_precomputed_distances(MatrixRef D) {
  if (D.rows() != D.cols())
    throw InvalidArgument("Precomputed metric requires shape (n_queries, n_indexed): X must be the square matrix of "
                          "distances between the samples, got " + std::to_string(D.rows()) + " x " +
                          std::to_string(D.cols()));
  for (Index i = 0; i < D.rows(); ++i) {
    if (std::abs(D(i, i)) > 100 * std::numeric_limits<double>::epsilon())
      throw InvalidArgument("The precomputed distance matrix contains non-zero elements on the diagonal: X(" +
                            std::to_string(i) + ", " + std::to_string(i) + ") = " + format_number(D(i, i)));
    for (Index j = 0; j < D.cols(); ++j)
      if (D(i, j) < 0)
        throw InvalidArgument("Negative values in the precomputed distance matrix: X(" + std::to_string(i) + ", " +
                              std::to_string(j) + ") = " + format_number(D(i, j)));
  }
}

Vector silhouette_samples(MatrixRef given, IntVectorRef labels, DistanceMetric metric) {
  const int k = checked_clusters(given, labels);
  const Index n = given.rows(), p = given.cols();
  if (metric == DistanceMetric::precomputed) check_precomputed_distances(given);
  Matrix storage;
  const MatrixRef X = squarable(given, storage);  // the silhouettes do not change when X is scaled
  if (metric != DistanceMetric::euclidean) {
    // Blocks of rows against all rows: the distance matrix is never held whole.
    return silhouette_from_rows(n, labels, k, 64, [&](Index begin, Index end, RowMatrix& D) {
      D.topLeftCorner(end - begin, n) = distances_within_range(X.middleRows(begin, end - begin), X, metric, false);
    });
  }
  // The rows feature-major (entry (t, j) at t·width + j), padded to an even width, for the distance tiles.
  const Index width = n + n % 2;
  std::vector<double> columns(static_cast<std::size_t>(p * width), 0.0);
  for (Index j = 0; j < n; ++j)
    for (Index t = 0; t < p; ++t) columns[static_cast<std::size_t>(t * width + j)] = X(j, t);
  return silhouette_from_rows(n, labels, k, 1, [&](Index i, Index, RowMatrix& D) {
    distances_to_columns(X.row(i).data(), p, columns.data(), width, D.row(0).data());
  });
}

double silhouette_score(MatrixRef X, IntVectorRef labels, DistanceMetric metric) {
  return silhouette_samples(X, labels, metric).mean();
}

double davies_bouldin_score(MatrixRef given, IntVectorRef labels) {
  const int k = checked_clusters(given, labels);
  Matrix storage;
  const MatrixRef X = squarable(given, storage);  // the score does not change when X is scaled
  Vector sizes;
  const Matrix c = centroids(X, labels, k, sizes);
  Vector spread = Vector::Zero(k);
  for (Index i = 0; i < X.rows(); ++i)
    spread[labels[i]] += std::sqrt(squared_distance(X.row(i).data(), c.row(labels[i]).data(), X.cols()));
  spread.array() /= sizes.array();
  Matrix between(k, k);
  for (int a = 0; a < k; ++a)
    for (int b = 0; b < k; ++b) between(a, b) = std::sqrt(squared_distance(c.row(a).data(), c.row(b).data(), X.cols()));
  // np.allclose(·, 0): every entry within 1e-8.
  if (spread.cwiseAbs().maxCoeff() <= 1e-8 || between.cwiseAbs().maxCoeff() <= 1e-8) return 0.0;
  double sum = 0;
  for (int a = 0; a < k; ++a) {
    double worst = 0;
    for (int b = 0; b < k; ++b)
      if (between(a, b) != 0) worst = std::max(worst, (spread[a] + spread[b]) / between(a, b));
    sum += worst;
  }
  return sum / k;
}

double calinski_harabasz_score(MatrixRef given, IntVectorRef labels) {
  const int k = checked_clusters(given, labels);
  Matrix storage;
  const MatrixRef X = squarable(given, storage);  // the score does not change when X is scaled
  Vector sizes;
  const Matrix c = centroids(X, labels, k, sizes);
  const Eigen::RowVectorXd mean = X.colwise().mean();
  double between = 0, within = 0;
  for (int a = 0; a < k; ++a) between += sizes[a] * (c.row(a) - mean).squaredNorm();
  for (Index i = 0; i < X.rows(); ++i) within += (X.row(i) - c.row(labels[i])).squaredNorm();
  if (within == 0) return 1.0;
  return between * static_cast<double>(X.rows() - k) / (within * (k - 1));
}

double adjusted_rand_score(IntVectorRef labels_true, IntVectorRef labels_pred) {
  // The pair confusion matrix: pairs together in both, in one only, in neither.
  const Matrix table = contingency(labels_true, labels_pred);
  const double n = static_cast<double>(labels_true.size());
  const Vector rows = table.rowwise().sum(), cols = table.colwise().sum().transpose();
  const double squares = table.squaredNorm();
  const double both = squares - n;
  const double pred_only = (table * cols).sum() - squares;
  const double true_only = (table.transpose() * rows).sum() - squares;
  const double neither = n * n - pred_only - true_only - squares;
  if (pred_only == 0 && true_only == 0) return 1.0;
  return 2.0 * (both * neither - true_only * pred_only) /
         ((both + true_only) * (true_only + neither) + (both + pred_only) * (pred_only + neither));
}

double normalized_mutual_info_score(IntVectorRef labels_true, IntVectorRef labels_pred, EntropyMean mean) {
  const Matrix table = contingency(labels_true, labels_pred);
  if (table.rows() == 1 && table.cols() == 1) return 1.0;  // neither splits the data: a perfect match
  const Vector rows = table.rowwise().sum(), cols = table.colwise().sum().transpose();
  const double total = table.sum(), eps = std::numeric_limits<double>::epsilon();
  double mi = 0;
  if (rows.size() > 1 && cols.size() > 1) {
    for (Index i = 0; i < table.rows(); ++i)
      for (Index j = 0; j < table.cols(); ++j) {
        const double count = table(i, j);
        if (count == 0) continue;
        const double share = count / total;
        const double term = share * (det_log(count) - det_log(total)) +
                            share * (-det_log(rows[i] * cols[j]) + det_log(rows.sum()) + det_log(cols.sum()));
        if (std::abs(term) >= eps) mi += term;  // scikit-learn zeroes terms below eps
      }
    mi = std::max(mi, 0.0);
  }
  if (mi == 0) return 0.0;
  const double h_true = entropy(rows), h_pred = entropy(cols);
  const double normaliser = mean == EntropyMean::min          ? std::min(h_true, h_pred)
                            : mean == EntropyMean::geometric ? std::sqrt(h_true * h_pred)
                            : mean == EntropyMean::max       ? std::max(h_true, h_pred)
                                                             : (h_true + h_pred) / 2;
  return mi / normaliser;
}

}  // namespace wasmlearn
