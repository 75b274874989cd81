// Input checks shared by every estimator. Each throws InvalidArgument with a message that names the
// argument ("X", "y", or a hyper-parameter by its JS name) and what was wrong.
#pragma once
#include <string>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

std::string format_number(double v);  // shortest text that reads back as v ("0.1", "3", "NaN")

// X must have at least `min_samples` rows, at least one column, and only finite values.
void check_matrix(MatrixRef X, const char* name = "X", Index min_samples = 1);
// Finite values only ("y contains NaN at index 3").
void check_finite(VectorRef v, const char* name);
// A target vector/matrix must have one entry/row per sample of X.
void check_same_rows(Index x_rows, Index y_rows, const char* y_name = "y");
// Class codes are 0..n_classes-1 (the JS layer encodes labels); returns n_classes = max + 1.
int check_class_codes(IntVectorRef y, const char* name = "y");
// Per-sample weights of a fit: one per sample of X, finite, non-negative, not all zero. Every
// estimator whose fit takes weights checks them here, so the messages are the same everywhere.
void check_sample_weight(VectorRef w, Index n_samples, const char* name = "sampleWeight");
// At predict time: "X has 3 columns but the model was fitted with 4".
void check_n_features(Index fitted, MatrixRef X, const char* name = "X");
// Throws NotFitted naming the method when `fitted` is false.
void check_fitted(bool fitted, const char* estimator, const char* method);

}  // namespace wasmlearn
