// Regression scores with sample weights, as scikit-learn's (n x k targets; an empty weight vector
// weighs every sample 1): each per output, and their average over the k outputs as scikit-learn's
// multioutput says. metrics.hpp's unweighted forms call the uniformly averaged ones.
#pragma once
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// scikit-learn's multioutput: the scores per output, their mean, or their mean weighted by each
// output's spread of yTrue about its mean (r2Score and explainedVarianceScore only).
enum class Multioutput { raw_values, uniform_average, variance_weighted };

// A score per output, and per output the weight 'variance_weighted' gives it (empty for the metrics
// that have no such average).
struct OutputScores {
  Vector scores;
  // 'variance_weighted' weights (R², explained variance): output k's variance in y's own units is
  // variances[k]·scales[k]², which can be past float64 (scales: powers of two; empty: all 1).
  Vector variances{};
  Vector scales{};
  // The outputs combined by `how`: a Vector for raw_values, else one number (as a 1-vector).
  Vector combined(Multioutput how) const;
};

OutputScores mean_squared_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
OutputScores mean_absolute_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
OutputScores r2_score_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
OutputScores explained_variance_score_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
// Weighted: scikit-learn's weighted percentile (the first sample whose cumulative weight reaches half).
OutputScores median_absolute_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
OutputScores mean_absolute_percentage_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
// One output only; weights are not taken (w must be empty).
OutputScores max_error_per_output(MatrixRef y_true, MatrixRef y_pred, VectorRef w);

// The uniform averages.
double mean_squared_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double mean_absolute_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double r2_score(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double explained_variance_score(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double median_absolute_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double mean_absolute_percentage_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double max_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);

}  // namespace wasmlearn
