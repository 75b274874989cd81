#include "wasmlearn/metrics/metrics.hpp"

#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

static void check_pair(Index a_rows, Index a_cols, Index b_rows, Index b_cols) {
  if (a_rows == 0) throw InvalidArgument("yTrue is empty");
  if (a_rows != b_rows || a_cols != b_cols)
    throw InvalidArgument("yTrue and yPred must have the same shape, got " + std::to_string(a_rows) + "x" +
                          std::to_string(a_cols) + " and " + std::to_string(b_rows) + "x" + std::to_string(b_cols));
}

double accuracy_score(IntVectorRef y_true, IntVectorRef y_pred) {
  check_pair(y_true.size(), 1, y_pred.size(), 1);
  return static_cast<double>((y_true.array() == y_pred.array()).count()) / static_cast<double>(y_true.size());
}

double mean_squared_error(MatrixRef y_true, MatrixRef y_pred) {
  check_pair(y_true.rows(), y_true.cols(), y_pred.rows(), y_pred.cols());
  return (y_true - y_pred).array().square().colwise().mean().mean();
}

double mean_absolute_error(MatrixRef y_true, MatrixRef y_pred) {
  check_pair(y_true.rows(), y_true.cols(), y_pred.rows(), y_pred.cols());
  return (y_true - y_pred).array().abs().colwise().mean().mean();
}

// Per output 1 - SS_res/SS_tot, averaged; scikit-learn's conventions for a constant target:
// a perfect prediction scores 1, anything else 0.
double r2_score(MatrixRef y_true, MatrixRef y_pred) {
  check_pair(y_true.rows(), y_true.cols(), y_pred.rows(), y_pred.cols());
  if (y_true.rows() < 2) throw InvalidArgument("r2Score needs at least 2 samples");
  double sum = 0;
  for (Index k = 0; k < y_true.cols(); ++k) {
    const double ss_res = (y_true.col(k) - y_pred.col(k)).squaredNorm();
    const double ss_tot = (y_true.col(k).array() - y_true.col(k).mean()).square().sum();
    sum += ss_tot != 0 ? 1 - ss_res / ss_tot : (ss_res == 0 ? 1.0 : 0.0);
  }
  return sum / static_cast<double>(y_true.cols());
}

}  // namespace wasmlearn
