// Out-of-bag bookkeeping shared by forests and bagging. Each training sample is scored by the members
// that did not see it: `sum` holds the sum of their values (class probabilities, votes or
// predictions; one row per sample), `count` how many there were. Samples no member left out are
// skipped by the scores and NaN in the values.
#pragma once
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// sum / count per sample; NaN rows where count is 0.
Matrix oob_means(const Matrix& sum, const Vector& count);
// Accuracy of the most probable class (the first maximum of sum) against the class codes.
double oob_accuracy(const Matrix& sum, const Vector& count, const IntVector& codes);
// R² of the means against the targets (NaN with fewer than two samples scored).
double oob_r2(const Matrix& sum, const Vector& count, const Matrix& targets);

// The model state's oobScore (null when NaN) and oobValues ({rows, cols, data}, row-major; null
// without them); read back with the values' size checked, as n_values columns.
json oob_state(double score, const Matrix& values);
void load_oob_state(const json& state, int n_values, double& score, Matrix& values);

}  // namespace wasmlearn
