// Input checks shared by every estimator. Each throws InvalidArgument with a message that names the
// argument ("X", "y", or a hyper-parameter by its JS name) and what was wrong.
#pragma once
#include <algorithm>
#include <limits>
#include <string>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

std::string format_number(double v);  // shortest text that reads back as v ("0.1", "3", "NaN")

// Allowed interval of a number (a hyper-parameter's declared range, an argument's bounds).
struct Range {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool lo_open = false, hi_open = false;
};
inline Range at_least(double lo) { return {lo, std::numeric_limits<double>::infinity(), false, false}; }
inline Range greater_than(double lo) { return {lo, std::numeric_limits<double>::infinity(), true, false}; }
inline Range between(double lo, double hi) { return {lo, hi, false, false}; }
inline Range any_number() { return {}; }
// "at least 1", "in [0, 1)", ... as the messages say it.
std::string range_text(const Range& r);

// The one check of an integer that arrives as a double (a JS number, a JSON value, a method's count):
// whole, within `allowed`, and within [lo, hi], the values the C++ type it becomes can hold. All is
// checked on the double before any conversion, so 2 ** 32 + 1 is refused, never wrapped, and the
// message shows the number as given ("nComponents must be in [1, 2147483647], got 4294967296").
double checked_integer(double x, const std::string& name, const Range& allowed, double lo, double hi);
template <class T>
T integer_argument(double x, const std::string& name, const Range& allowed = {}) {
  constexpr double largest_exact = 9007199254740992.0;  // 2^53: past it a double skips integers
  const double lo = std::max(static_cast<double>(std::numeric_limits<T>::lowest()), -largest_exact);
  const double hi = std::min(static_cast<double>(std::numeric_limits<T>::max()), largest_exact);
  return static_cast<T>(checked_integer(x, name, allowed, lo, hi));
}

// The one size check, made before allocating: `needed` (a count of values, columns, trees, ...,
// estimated in double so that a product of sizes cannot wrap) must not pass `limit`; else an
// InvalidArgument says what needs how many ("SplineTransformer's output for 12 rows (rows x features
// x splines): 3.6e+08 needed, past the limit of 134217728 (see Limits in the README)"). The default
// limit is kMaxArrayValues.
constexpr double kMaxArrayValues = 134217728;  // 2^27 float64 values: 1 GiB, half of what a module addresses
void check_size(double needed, const std::string& what, double limit = kMaxArrayValues);

// Whether the n values from a are all finite.
bool all_finite(const double* a, Index n);
// X must have at least `min_samples` rows, at least one column, and only finite values.
void check_matrix(MatrixRef X, const char* name = "X", Index min_samples = 1);
// Finite values only ("y contains NaN at index 3").
void check_finite(VectorRef v, const char* name);
// Finite values only, in any shape ("y contains NaN at index 3"; "at row 3, column 1" with several columns).
void check_finite_values(MatrixRef A, const char* name);
// Values a fit computed from finite inputs (centred data, a triangle to decompose) that overflowed
// float64: an InvalidArgument "<what> overflowed float64 (values of <inputs> too large ...); scale
// <inputs>", before a decomposition is handed NaN or infinity (Eigen's SVDs then read past their
// buffers or give arbitrary results). Checked as all_finite checks, a packet at a time.
void check_not_overflowed(const Eigen::Ref<const Eigen::MatrixXd>& A, const char* what, const char* inputs);
// X's values within float32's range (|x| ≤ 3.4028234663852886e+38), for the estimators that compare
// features in float32 as scikit-learn's trees do ("X holds 1e+39 at row 2, column 0: trees compare
// features in float32, whose range ends at ±3.4028234663852886e+38; scale X").
void check_float32_range(MatrixRef X, const char* name = "X");
// X's values small enough for the `power`-th powers of them an estimator sums (squared distances,
// variances, kernels, X·Xᵀ: power 2) to stay within float64: |x| ≤ 10^⌊300 / power⌋, 1e150 for
// squares, room for sums over 1e7 terms. Past it the model would be wrong, not an error, so it is an
// InvalidArgument ("X holds 1e+160 at row 2, column 0: KMeans sums squares of X's values, which stay
// within float64 for |x| ≤ 1e+150; scale X"). Non-finite values are left to check_matrix.
void check_powers_in_range(MatrixRef X, double power, const char* estimator, const char* name = "X");
// A target vector/matrix must have one entry/row per sample of X.
void check_same_rows(Index x_rows, Index y_rows, const char* y_name = "y");
// Class codes are 0..n_classes-1 (the JS layer encodes labels); returns n_classes = max + 1.
int check_class_codes(IntVectorRef y, const char* name = "y");
// y's codes for a model fitted on n_classes (an objective on new y): codes past them would index
// per-class arrays (class weights) out of bounds.
void check_fitted_class_codes(IntVectorRef y, int n_classes, const char* name = "y");
// Per-sample weights of a fit: one per sample of X, finite, non-negative, not all zero. Every
// estimator whose fit takes weights checks them here, so the messages are the same everywhere.
void check_sample_weight(VectorRef w, Index n_samples, const char* name = "sampleWeight");
// At predict time: "X has 3 columns but the model was fitted with 4".
void check_n_features(Index fitted, MatrixRef X, const char* name = "X");
// Throws NotFitted naming the method when `fitted` is false.
void check_fitted(bool fitted, const char* estimator, const char* method);

}  // namespace wasmlearn
