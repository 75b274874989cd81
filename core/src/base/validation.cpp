#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/base/lanes.hpp"
#include "wasmlearn/base/missing_values.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

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

std::string range_text(const Range& r) {
  const bool lo = std::isfinite(r.lo), hi = std::isfinite(r.hi);
  if (lo && hi)
    return std::string("in ") + (r.lo_open ? "(" : "[") + format_number(r.lo) + ", " + format_number(r.hi) +
           (r.hi_open ? ")" : "]");
  if (lo) return (r.lo_open ? "greater than " : "at least ") + format_number(r.lo);
  if (hi) return (r.hi_open ? "less than " : "at most ") + format_number(r.hi);
  return "a finite number";
}

static bool within(double x, const Range& r) {
  return x >= r.lo && x <= r.hi && !(r.lo_open && x == r.lo) && !(r.hi_open && x == r.hi);
}

double checked_integer(double x, const std::string& name, const Range& allowed, double lo, double hi) {
  if (!std::isfinite(x) || std::floor(x) != x) throw InvalidArgument(name + " must be an integer, got " + format_number(x));
  if (!within(x, allowed)) throw InvalidArgument(name + " must be " + range_text(allowed) + ", got " + format_number(x));
  if (x < lo || x > hi) {
    // The declared range narrowed to what the C++ type holds (integers, so open ends close inward).
    const Range held{std::max(lo, allowed.lo_open ? allowed.lo + 1 : allowed.lo),
                     std::min(hi, allowed.hi_open ? allowed.hi - 1 : allowed.hi)};
    throw InvalidArgument(name + " must be " + range_text(held) + ", got " + format_number(x));
  }
  return x;
}

void check_size(double needed, const std::string& what, double limit) {
  if (!(needed <= limit))
    throw InvalidArgument(what + ": " + format_number(needed) + " needed, past the limit of " + format_number(limit) +
                          " (see Limits in the README)");
}

static std::string non_finite_name(double v) { return std::isnan(v) ? "NaN" : (v > 0 ? "Infinity" : "-Infinity"); }

// v − v is +0 for a finite v and NaN for ±∞ and NaN, and a sum with a NaN stays NaN. Four packets
// of sums, no branch per value (Eigen's allFinite took 3.8 ns a value in WebAssembly, a seventh of
// PCA's transform of 20 000 × 100). With kScaled, of v·scale.
template <bool kScaled>
static bool all_finite_times(const double* a, Index n, double scale) {
  const Lanes2 by = {scale, scale};
  Lanes2 sums[4] = {};
  Index j = 0;
  for (; j + 8 <= n; j += 8)
    for (int q = 0; q < 4; ++q) {
      const Lanes2 v = kScaled ? load_lanes(a + j + 2 * q) * by : load_lanes(a + j + 2 * q);
      sums[q] += v - v;
    }
  double rest = 0;
  for (; j < n; ++j) {
    const double v = kScaled ? a[j] * scale : a[j];
    rest += v - v;
  }
  const Lanes2 sum = (sums[0] + sums[1]) + (sums[2] + sums[3]);
  return sum[0] == 0 && sum[1] == 0 && rest == 0;
}

bool all_finite(const double* a, Index n) { return all_finite_times<false>(a, n, 1); }

// "X contains NaN at row 1, column 0": the first non-finite cell, by rows; NaN passes when
// `allow_nan` (a missing value, see missing_values.hpp).
static void check_cells(MatrixRef A, const char* name, bool allow_nan) {
  bool finite = true;
  for (Index i = 0; i < A.rows() && finite; ++i) finite = all_finite(A.data() + i * A.outerStride(), A.cols());
  if (finite) return;
  for (Index i = 0; i < A.rows(); ++i)
    for (Index j = 0; j < A.cols(); ++j)
      if (!std::isfinite(A(i, j)) && !(allow_nan && std::isnan(A(i, j))))
        throw InvalidArgument(std::string(name) + " contains " + non_finite_name(A(i, j)) + " at row " +
                              std::to_string(i) + ", column " + std::to_string(j));
}

static void check_values(MatrixRef X, const char* name, Index min_samples, bool allow_nan) {
  if (X.rows() == 0 || X.cols() == 0)
    throw InvalidArgument(std::string(name) + " is empty (" + std::to_string(X.rows()) + " rows, " +
                          std::to_string(X.cols()) + " columns)");
  if (X.rows() < min_samples)
    throw InvalidArgument(std::string(name) + " has " + std::to_string(X.rows()) + " rows but at least " +
                          std::to_string(min_samples) + " are needed");
  check_cells(X, name, allow_nan);
}

void check_matrix(MatrixRef X, const char* name, Index min_samples) { check_values(X, name, min_samples, false); }

void check_matrix_allowing_nan(MatrixRef X, const char* name) { check_values(X, name, 1, true); }

void check_finite(VectorRef v, const char* name) {
  if (all_finite(v.data(), v.size())) return;
  for (Index i = 0; i < v.size(); ++i)
    if (!std::isfinite(v[i]))
      throw InvalidArgument(std::string(name) + " contains " + non_finite_name(v[i]) + " at index " +
                            std::to_string(i));
}

void check_finite_values(MatrixRef A, const char* name) {
  if (A.cols() == 1) return check_finite(A.col(0), name);
  check_cells(A, name, false);
}

void check_not_overflowed(const Eigen::Ref<const Eigen::MatrixXd>& A, const char* what, const char* inputs) {
  bool finite = true;
  for (Index j = 0; finite && j < A.cols(); ++j) finite = all_finite(A.col(j).data(), A.rows());
  if (finite) return;
  throw InvalidArgument(std::string(what) + " overflowed float64 (values of " + inputs +
                        " too large in magnitude, near the float64 limit); scale " + inputs);
}

// "<name> holds v at row i, column j: <why()>; scale <name>" for the first finite value past ±largest,
// by rows. Values under 2^k ≤ largest pass at once: times 2^(1024 − k) (exact, a power of two) they
// stay finite, as all_finite's sums see. The rest (and NaN, ±Infinity) are looked at one by one.
template <class Why>
static void check_cells_within(MatrixRef X, double largest, const char* name, Why why) {
  const double scale = std::ldexp(1.0, 1024 - std::ilogb(largest));
  bool below = std::isfinite(scale);
  for (Index i = 0; i < X.rows() && below; ++i) below = all_finite_times<true>(X.data() + i * X.outerStride(), X.cols(), scale);
  if (below) return;
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j)
      if (std::abs(X(i, j)) > largest && std::isfinite(X(i, j)))
        throw InvalidArgument(std::string(name) + " holds " + format_number(X(i, j)) + " at row " + std::to_string(i) +
                              ", column " + std::to_string(j) + ": " + why() + "; scale " + name);
}

void check_float32_range(MatrixRef X, const char* name) {
  constexpr double kLargest = std::numeric_limits<float>::max();
  check_cells_within(X, kLargest, name, [&] {
    return "trees compare features in float32, whose range ends at ±" + format_number(kLargest);
  });
}

void check_powers_in_range(MatrixRef X, double power, const char* estimator, const char* name) {
  // 10^⌊300 / power⌋, read as its literal (a pow's last bit would show in the message); a power
  // under 1 (an option its own check refuses) as 1.
  const int exponent = static_cast<int>(300 / (power >= 1 ? power : 1));
  const double largest = std::strtod(("1e" + std::to_string(exponent)).c_str(), nullptr);
  check_cells_within(X, largest, name, [&] {
    const std::string powers = power == 2   ? std::string("squares of ") + name + "'s values"
                               : power == 1 ? std::string(name) + "'s values"
                                            : std::string(name) + "'s values to the power " + format_number(power);
    return std::string(estimator) + " sums " + powers + ", which stay within float64 for |x| ≤ " + format_number(largest);
  });
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

void check_fitted_class_codes(IntVectorRef y, int n_classes, const char* name) {
  const int k = check_class_codes(y, name);
  if (k > n_classes)
    throw InvalidArgument(std::string(name) + " has class code " + std::to_string(k - 1) + " but the model was fitted on " +
                          std::to_string(n_classes) + " classes");
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
