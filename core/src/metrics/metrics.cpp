#include "wasmlearn/metrics/metrics.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

#include "wasmlearn/base/squarable.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/metrics/regression.hpp"

namespace wasmlearn {

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

// The (weighted) mean of each column.
static Vector column_means(const Matrix& values, VectorRef w) {
  if (w.size() == 0) return values.colwise().mean().transpose();
  return (w.transpose() * values).transpose() / w.sum();
}

// Column k of yTrue and of yPred over one power of two that keeps their squares within float64 (1
// within ±1e150, see squarable.hpp): R² and the explained variance do not change when both are scaled.
struct ScaledColumns {
  Vector t, p;
  double scale;
};
static ScaledColumns scaled_columns(MatrixRef y_true, MatrixRef y_pred, Index k) {
  const double scale = power_of_two_scale(std::max(y_true.col(k).cwiseAbs().maxCoeff(), y_pred.col(k).cwiseAbs().maxCoeff()));
  return {y_true.col(k) / scale, y_pred.col(k) / scale, scale};
}

// 1 - numerator / denominator per output, with scikit-learn's finite conventions for a zero denominator.
static double explained_ratio(double numerator, double denominator) {
  if (denominator != 0) return 1 - numerator / denominator;
  return numerator == 0 ? 1.0 : 0.0;
}

Vector OutputScores::combined(Multioutput how) const {
  if (how == Multioutput::raw_values) return scores;
  if (how == Multioutput::uniform_average || variances.size() == 0) return Vector::Constant(1, scores.mean());
  // The weights over the largest scale² (a common factor): each within float64, the same bits when
  // every scale is 1.
  const Vector weights =
      scales.size() ? Vector(variances.array() * (scales.array() / scales.maxCoeff()).square()) : variances;
  // Every yTrue constant: scikit-learn gives 1 when every output is predicted exactly, else 0.
  if (weights.sum() == 0) return Vector::Constant(1, (scores.array() == 1).all() ? 1.0 : 0.0);
  return Vector::Constant(1, scores.dot(weights) / weights.sum());
}

double accuracy_score(IntVectorRef y_true, IntVectorRef y_pred) {
  check_pair(y_true.size(), 1, y_pred.size(), 1);
  return static_cast<double>((y_true.array() == y_pred.array()).count()) / static_cast<double>(y_true.size());
}

double mean_squared_error(MatrixRef y_true, MatrixRef y_pred) { return mean_squared_error(y_true, y_pred, Vector()); }
double mean_absolute_error(MatrixRef y_true, MatrixRef y_pred) { return mean_absolute_error(y_true, y_pred, Vector()); }
double r2_score(MatrixRef y_true, MatrixRef y_pred) { return r2_score(y_true, y_pred, Vector()); }

OutputScores mean_squared_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  return {column_means((y_true - y_pred).array().square().matrix(), w), Vector()};
}

OutputScores mean_absolute_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  return {column_means((y_true - y_pred).array().abs().matrix(), w), Vector()};
}

// Per output 1 - SS_res/SS_tot; scikit-learn's conventions for a constant target: a perfect
// prediction scores 1, anything else 0. SS_tot weighs the outputs under 'variance_weighted'.
OutputScores r2_score_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  if (y_true.rows() < 2)
    throw InvalidArgument("r2Score needs at least 2 samples, and yTrue has " + std::to_string(y_true.rows()));
  const Vector weights = w.size() ? Vector(w) : Vector::Ones(y_true.rows());
  OutputScores out{Vector(y_true.cols()), Vector(y_true.cols()), Vector(y_true.cols())};
  for (Index k = 0; k < y_true.cols(); ++k) {
    const auto [t, p, scale] = scaled_columns(y_true, y_pred, k);
    const double mean = t.dot(weights) / weights.sum();
    const double ss_res = (t - p).array().square().matrix().dot(weights);
    const double ss_tot = (t.array() - mean).square().matrix().dot(weights);
    out.scores[k] = explained_ratio(ss_res, ss_tot);
    out.variances[k] = ss_tot;
    out.scales[k] = scale;
  }
  return out;
}

OutputScores explained_variance_score_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  const Vector weights = w.size() ? Vector(w) : Vector::Ones(y_true.rows());
  const double total = weights.sum();
  OutputScores out{Vector(y_true.cols()), Vector(y_true.cols()), Vector(y_true.cols())};
  for (Index k = 0; k < y_true.cols(); ++k) {
    const auto [t, p, scale] = scaled_columns(y_true, y_pred, k);
    const Vector diff = t - p;
    const double diff_mean = diff.dot(weights) / total, true_mean = t.dot(weights) / total;
    const double numerator = (diff.array() - diff_mean).square().matrix().dot(weights) / total;
    const double variance = (t.array() - true_mean).square().matrix().dot(weights) / total;
    out.scores[k] = explained_ratio(numerator, variance);
    out.variances[k] = variance;
    out.scales[k] = scale;
  }
  return out;
}

OutputScores median_absolute_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  const Index n = y_true.rows();
  OutputScores out{Vector(y_true.cols()), Vector()};
  for (Index k = 0; k < y_true.cols(); ++k) {
    const Vector errors = (y_true.col(k) - y_pred.col(k)).cwiseAbs();
    std::vector<Index> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), Index{0});
    std::stable_sort(order.begin(), order.end(), [&](Index a, Index b) { return errors[a] < errors[b]; });
    if (w.size() == 0) {
      const double upper = errors[order[static_cast<std::size_t>(n / 2)]];
      out.scores[k] = n % 2 ? upper : (upper + errors[order[static_cast<std::size_t>(n / 2 - 1)]]) / 2;
      continue;
    }
    const double half = w.sum() / 2;
    double cumulative = 0;
    std::size_t r = 0;
    for (; r + 1 < order.size(); ++r) {
      cumulative += w[order[r]];
      if (cumulative >= half) break;
    }
    out.scores[k] = errors[order[r]];
  }
  return out;
}

OutputScores mean_absolute_percentage_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  const double eps = std::numeric_limits<double>::epsilon();
  const Matrix ratios = (y_true - y_pred).cwiseAbs().array() / y_true.cwiseAbs().array().max(eps);
  return {column_means(ratios, w), Vector()};
}

OutputScores max_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  check_targets(y_true, y_pred, w);
  if (y_true.cols() != 1) throw InvalidArgument("maxError takes one output, got " + std::to_string(y_true.cols()));
  return {Vector::Constant(1, (y_true - y_pred).cwiseAbs().maxCoeff()), Vector()};
}

double mean_squared_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  return mean_squared_error_per_output(y_true, y_pred, w).scores.mean();
}
double mean_absolute_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  return mean_absolute_error_per_output(y_true, y_pred, w).scores.mean();
}
double r2_score(MatrixRef y_true, MatrixRef y_pred, VectorRef w) { return r2_score_per_output(y_true, y_pred, w).scores.mean(); }
double explained_variance_score(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  return explained_variance_score_per_output(y_true, y_pred, w).scores.mean();
}
double median_absolute_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  return median_absolute_error_per_output(y_true, y_pred, w).scores.mean();
}
double mean_absolute_percentage_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) {
  return mean_absolute_percentage_error_per_output(y_true, y_pred, w).scores.mean();
}
double max_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w) { return max_error_per_output(y_true, y_pred, w).scores[0]; }

}  // namespace wasmlearn
