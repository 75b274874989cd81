// Regression scores with sample weights, as scikit-learn's (n x k targets, uniformly averaged over
// the k outputs; an empty weight vector weighs every sample 1). metrics.hpp's unweighted forms call these.
#pragma once
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

double mean_squared_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double mean_absolute_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double r2_score(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double explained_variance_score(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
// Weighted: scikit-learn's weighted percentile (the first sample whose cumulative weight reaches half).
double median_absolute_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
double mean_absolute_percentage_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);
// One output only; weights are not taken (w must be empty).
double max_error(MatrixRef y_true, MatrixRef y_pred, VectorRef w);

}  // namespace wasmlearn
