#include "wasmlearn/metrics/metrics.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/metrics/regression.hpp"

namespace wasmlearn {

// Past this magnitude a square, or a sum of a few thousand squares, can overflow float64.
constexpr double kLargestSquarable = 1e150;

static void check_pair(Index a_rows, Index a_cols, Index b_rows, Index b_cols) {
  if (a_rows == 0) throw InvalidArgument("yTrue is empty");
  if (a_rows != b_rows || a_cols != b_cols)
    throw InvalidArgument("yTrue and yPred must have the same shape, got " + std::to_string(a_rows) + "x" +
                          std::to_string(a_cols) + " and " + std::to_string(b_rows) + "x" + std::to_string(b_cols));
}

static void check_targets(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_pair(y_true.rows(), y_true.cols(), y_pred.rows(), y_pred.cols());
  check_finite_values(y_true, "yTrue");
  check_finite_values(y_pred, "yPred");
  if (w.size() == 0) return;
  if (w.size() != y_true.rows())
    throw InvalidArgument("sampleWeight has " + std::to_string(w.size()) + " entries but yTrue has " +
                          std::to_string(y_true.rows()));
  check_finite(w, "sampleWeight");
  if (w.minCoeff() < 0 || w.sum() <= 0) throw InvalidArgument("sampleWeight must be non-negative and not all zero");
}

// The (weighted) mean of each column, averaged over the columns.
static double mean_of_columns(const Matrix& values, VectorRef w) {
  if (w.size() == 0) return values.colwise().mean().mean();
  return (w.transpose() * values).mean() / w.sum();
}

// 1 - numerator / denominator per output, with scikit-learn's finite conventions for a zero denominator.
static double explained_ratio(double numerator, double denominator) {
  if (denominator != 0) return 1 - numerator / denominator;
  return numerator == 0 ? 1.0 : 0.0;
}

double accuracy_score(IntVectorRef y_true, IntVectorRef y_pred) {
  check_pair(y_true.size(), 1, y_pred.size(), 1);
  return static_cast<double>((y_true.array() == y_pred.array()).count()) / static_cast<double>(y_true.size());
}

double mean_squared_error(MatrixRef y_true, MatrixRef y_pred) { return mean_squared_error(y_true, y_pred, Vector()); }
double mean_absolute_error(MatrixRef y_true, MatrixRef y_pred) { return mean_absolute_error(y_true, y_pred, Vector()); }
double r2_score(MatrixRef y_true, MatrixRef y_pred) { return r2_score(y_true, y_pred, Vector()); }

double mean_squared_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  return mean_of_columns((y_true - y_pred).array().square().matrix(), w);
}

double mean_absolute_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  return mean_of_columns((y_true - y_pred).array().abs().matrix(), w);
}

// Per output 1 - SS_res/SS_tot, averaged; scikit-learn's conventions for a constant target:
// a perfect prediction scores 1, anything else 0.
double r2_score(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  if (y_true.rows() < 2) throw InvalidArgument("r2Score needs at least 2 samples");
  const Vector ones = Vector::Ones(y_true.rows());
  const Vector& weights = w.size() ? Vector(w) : ones;
  double sum = 0;
  for (Index k = 0; k < y_true.cols(); ++k) {
    // R² does not change when both columns are scaled; values whose squares (or sum) would overflow
    // float64 (y ~ 1e307) are scaled to at most 1 first, others are left as they are (exact as before).
    const double largest = std::max(y_true.col(k).cwiseAbs().maxCoeff(), y_pred.col(k).cwiseAbs().maxCoeff());
    const double scale = largest > kLargestSquarable ? largest : 1.0;
    const Vector t = y_true.col(k) / scale, p = y_pred.col(k) / scale;
    const double mean = t.dot(weights) / weights.sum();
    const double ss_res = (t - p).array().square().matrix().dot(weights);
    const double ss_tot = (t.array() - mean).square().matrix().dot(weights);
    sum += explained_ratio(ss_res, ss_tot);
  }
  return sum / static_cast<double>(y_true.cols());
}

double explained_variance_score(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  const Vector weights = w.size() ? Vector(w) : Vector::Ones(y_true.rows());
  const double total = weights.sum();
  double sum = 0;
  for (Index k = 0; k < y_true.cols(); ++k) {
    const Vector diff = y_true.col(k) - y_pred.col(k);
    const double diff_mean = diff.dot(weights) / total, true_mean = y_true.col(k).dot(weights) / total;
    const double numerator = (diff.array() - diff_mean).square().matrix().dot(weights) / total;
    const double denominator = (y_true.col(k).array() - true_mean).square().matrix().dot(weights) / total;
    sum += explained_ratio(numerator, denominator);
  }
  return sum / static_cast<double>(y_true.cols());
}

double median_absolute_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  const Index n = y_true.rows();
  double sum = 0;
  for (Index k = 0; k < y_true.cols(); ++k) {
    const Vector errors = (y_true.col(k) - y_pred.col(k)).cwiseAbs();
    std::vector<Index> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), Index{0});
    std::stable_sort(order.begin(), order.end(), [&](Index a, Index b) { return errors[a] < errors[b]; });
    if (w.size() == 0) {
      const double upper = errors[order[static_cast<std::size_t>(n / 2)]];
      sum += n % 2 ? upper : (upper + errors[order[static_cast<std::size_t>(n / 2 - 1)]]) / 2;
      continue;
    }
    const double half = w.sum() / 2;
    double cumulative = 0;
    std::size_t r = 0;
    for (; r + 1 < order.size(); ++r) {
      cumulative += w[order[r]];
      if (cumulative >= half) break;
    }
    sum += errors[order[r]];
  }
  return sum / static_cast<double>(y_true.cols());
}

double mean_absolute_percentage_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  const double eps = std::numeric_limits<double>::epsilon();
  const Matrix ratios = (y_true - y_pred).cwiseAbs().array() / y_true.cwiseAbs().array().max(eps);
  return mean_of_columns(ratios, w);
}

double max_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  if (y_true.cols() != 1) throw InvalidArgument("maxError takes one output, got " + std::to_string(y_true.cols()));
  return (y_true - y_pred).cwiseAbs().maxCoeff();
}

}  // namespace wasmlearn
