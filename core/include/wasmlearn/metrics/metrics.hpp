// Scores, as scikit-learn's sklearn.metrics. Class labels are codes (the JS layer encodes labels).
#pragma once
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

double accuracy_score(IntVectorRef y_true, IntVectorRef y_pred);
// Regression metrics take n x k targets; k > 1 is averaged uniformly over outputs (as scikit-learn's default).
double mean_squared_error(MatrixRef y_true, MatrixRef y_pred);
double mean_absolute_error(MatrixRef y_true, MatrixRef y_pred);
double r2_score(MatrixRef y_true, MatrixRef y_pred);

}  // namespace wasmlearn
