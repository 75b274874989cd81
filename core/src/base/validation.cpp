#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/base/missing_values.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace wasmlearn {

std::string format_number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char buf[32];
  // Whole numbers in plain digits (%g would write 10 as "1e+01"); others in the shortest form.
  if (std::floor(v) == v && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

static std::string non_finite_name(double v) { return std::isnan(v) ? "NaN" : (v > 0 ? "Infinity" : "-Infinity"); }

// check_matrix's checks; NaN passes when `allow_nan` (a missing value, see missing_values.hpp).
static void check_values(MatrixRef X, const char* name, Index min_samples, bool allow_nan) {
  if (X.rows() == 0 || X.cols() == 0)
    throw InvalidArgument(std::string(name) + " is empty (" + std::to_string(X.rows()) + " rows, " +
                          std::to_string(X.cols()) + " columns)");
  if (X.rows() < min_samples)
    throw InvalidArgument(std::string(name) + " has " + std::to_string(X.rows()) + " rows but at least " +
                          std::to_string(min_samples) + " are needed");
  if (X.allFinite()) return;
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j)
      if (!std::isfinite(X(i, j)) && !(allow_nan && std::isnan(X(i, j))))
        throw InvalidArgument(std::string(name) + " contains " + non_finite_name(X(i, j)) + " at row " +
                              std::to_string(i) + ", column " + std::to_string(j));
}

void check_matrix(MatrixRef X, const char* name, Index min_samples) { check_values(X, name, min_samples, false); }

void check_matrix_allowing_nan(MatrixRef X, const char* name) { check_values(X, name, 1, true); }

void check_finite(VectorRef v, const char* name) {
  if (v.allFinite()) return;
  for (Index i = 0; i < v.size(); ++i)
    if (!std::isfinite(v[i]))
      throw InvalidArgument(std::string(name) + " contains " + non_finite_name(v[i]) + " at index " +
                            std::to_string(i));
}

void check_same_rows(Index x_rows, Index y_rows, const char* y_name) {
  if (x_rows != y_rows)
    throw InvalidArgument(std::string(y_name) + " has " + std::to_string(y_rows) + " entries but X has " +
                          std::to_string(x_rows) + " rows");
}

int check_class_codes(IntVectorRef y, const char* name) {
  if (y.size() == 0) throw InvalidArgument(std::string(name) + " is empty");
  if (y.minCoeff() < 0)
    throw InvalidArgument(std::string(name) + " class codes must be non-negative, got " + std::to_string(y.minCoeff()));
  return y.maxCoeff() + 1;
}

void check_sample_weight(VectorRef w, Index n_samples, const char* name) {
  if (w.size() != n_samples)
    throw InvalidArgument(std::string(name) + " has " + std::to_string(w.size()) + " entries but X has " +
                          std::to_string(n_samples) + " rows");
  check_finite(w, name);
  for (Index i = 0; i < w.size(); ++i)
    if (w[i] < 0)
      throw InvalidArgument(std::string(name) + " must be at least 0, got " + format_number(w[i]) + " at index " +
                            std::to_string(i));
  if (n_samples > 0 && (w.array() == 0).all()) throw InvalidArgument(std::string(name) + " is zero for every sample");
}

void check_n_features(Index fitted, MatrixRef X, const char* name) {
  if (X.rows() == 0 && X.cols() != fitted) check_matrix(X, name);  // [] says it is empty, not "0 columns"
  if (X.cols() != fitted)
    throw InvalidArgument(std::string(name) + " has " + std::to_string(X.cols()) + " columns but the model was fitted with " +
                          std::to_string(fitted));
}

void check_fitted(bool fitted, const char* estimator, const char* method) {
  if (!fitted)
    throw NotFitted(std::string("This ") + estimator + " is not fitted yet: call fit before " + method);
}

}  // namespace wasmlearn
