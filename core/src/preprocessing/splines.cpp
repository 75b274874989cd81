#include "wasmlearn/preprocessing/splines.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/preprocessing/describe.hpp"
#include "wasmlearn/preprocessing/numpy_quantiles.hpp"

namespace wasmlearn {
namespace {

// scikit-learn's _weighted_percentile: the first value (ascending) whose cumulative weight reaches
// q times the total; for q = 0 the first of positive weight. values: (value, weight) sorted by value.
double weighted_percentile(const std::vector<std::pair<double, double>>& values, const std::vector<double>& cumulative,
                           double q) {
  double target = q * cumulative.back();
  if (target == 0) target = std::nextafter(0.0, 1.0);
  const auto at = std::lower_bound(cumulative.begin(), cumulative.end(), target) - cumulative.begin();
  return values[static_cast<std::size_t>(std::min<std::ptrdiff_t>(at, static_cast<std::ptrdiff_t>(values.size()) - 1))].first;
}

// The knots of one feature by `rule`, from its values and their weights (null: unweighted).
std::vector<double> rule_knots(SplineKnots rule, int n_knots, MatrixRef X, Index j, const Vector* w) {
  const Index n = X.rows();
  std::vector<std::pair<double, double>> col;
  for (Index i = 0; i < n; ++i)
    if (!w || (*w)[i] > 0) col.emplace_back(X(i, j), w ? (*w)[i] : 1.0);
  std::sort(col.begin(), col.end());
  if (rule == SplineKnots::uniform) return linspace(col.front().first, col.back().first, n_knots);
  std::vector<double> knots;
  if (!w) {
    std::vector<double> sorted;
    for (const auto& v : col) sorted.push_back(v.first);
    for (double q : linspace(0, 1, n_knots)) knots.push_back(percentile(sorted, (100 * q) / 100));
    return knots;
  }
  std::vector<double> cumulative(col.size());
  double sum = 0;
  for (std::size_t i = 0; i < col.size(); ++i) cumulative[i] = sum += col[i].second;
  for (double q : linspace(0, 1, n_knots)) knots.push_back(weighted_percentile(col, cumulative, (100 * q) / 100));
  return knots;
}

// SciPy's find_interval: l with t[l] <= x < t[l+1], k <= l <= n-1 (x == t[n] uses the last interval;
// outside [t[k], t[n]] the first / last interval, i.e. extrapolation).
Index find_interval(const std::vector<double>& t, int k, double x) {
  const Index n = static_cast<Index>(t.size()) - k - 1;
  Index l = k;
  while (l != n && x >= t[static_cast<std::size_t>(l + 1)]) ++l;
  return l == n ? n - 1 : l;
}

// Python's float modulo (numpy.remainder): the result has the sign of the divisor.
double py_mod(double a, double b) {
  double m = std::fmod(a, b);
  if (m != 0) {
    if ((b < 0) != (m < 0)) m += b;
  } else {
    m = std::copysign(0.0, b);
  }
  return m;
}

// `constant_allowed`: a feature whose knots are all one value (a constant feature under a knot
// rule) passes; its splines are all zeros, as scikit-learn's.
void check_increasing(const Matrix& K, const char* what, bool constant_allowed = false) {
  for (Index j = 0; j < K.cols(); ++j) {
    if (constant_allowed && (K.col(j).array() == K(0, j)).all()) continue;
    for (Index i = 1; i < K.rows(); ++i)
      if (!(K(i, j) > K(i - 1, j)))
        throw InvalidArgument(std::string(what) + " must be strictly increasing, but for feature " + std::to_string(j) +
                              " knot " + std::to_string(i) + " (" + format_number(K(i, j)) + ") is not greater than knot " +
                              std::to_string(i - 1) + " (" + format_number(K(i - 1, j)) + ")");
  }
}

InvalidArgument beyond_knots(Index feature, double x, Index row, double xmin, double xmax) {
  return InvalidArgument("X contains values beyond the limits of the knots: feature " + std::to_string(feature) + " = " +
                         format_number(x) + " at row " + std::to_string(row) + " is outside [" + format_number(xmin) +
                         ", " + format_number(xmax) + "] (extrapolation 'error')");
}

}  // namespace

void bspline_basis(const double* t, double x, int k, Index ell, int m, double* out) {
  std::vector<double> hh(static_cast<std::size_t>(k + 1));
  double* h = out;
  h[0] = 1.0;
  for (int j = 1; j <= k - m; ++j) {
    std::copy(h, h + j, hh.begin());
    h[0] = 0.0;
    for (int n = 1; n <= j; ++n) {
      const double xb = t[ell + n], xa = t[ell + n - j];
      if (xb == xa) { h[n] = 0.0; continue; }
      const double w = hh[static_cast<std::size_t>(n - 1)] / (xb - xa);
      h[n - 1] += w * (xb - x);
      h[n] = w * (x - xa);
    }
  }
  for (int j = k - m + 1; j <= k; ++j) {
    std::copy(h, h + j, hh.begin());
    h[0] = 0.0;
    for (int n = 1; n <= j; ++n) {
      const double xb = t[ell + n], xa = t[ell + n - j];
      if (xb == xa) { h[m] = 0.0; continue; }
      const double w = j * hh[static_cast<std::size_t>(n - 1)] / (xb - xa);
      h[n - 1] -= w;
      h[n] = w;
    }
  }
}

// Basis functions per feature and the size of a transform, counted in double: with degree
// 2 ** 31 - 1 or 1e7 knots the int sums would wrap. Checked before anything is allocated.
static double splines_per_feature(const SplineTransformerParams& p, double n_knots) {
  return p.extrapolation == SplineExtrapolation::periodic ? n_knots - 1 : n_knots + p.degree - 1;
}
static void check_output_size(const SplineTransformerParams& p, Index rows, Index features, double n_knots) {
  check_size(static_cast<double>(rows) * static_cast<double>(features) * splines_per_feature(p, n_knots),
             "SplineTransformer's output for " + std::to_string(rows) + " rows (rows x features x splines)");
}

int SplineTransformer::n_splines() const {
  const double splines = splines_per_feature(params_, static_cast<double>(base_knots_.rows()));
  check_size(splines * static_cast<double>(base_knots_.cols()), "SplineTransformer's splines (features x splines)");
  return static_cast<int>(splines);
}

SplineTransformer& SplineTransformer::fit(MatrixRef X) { return fit_weighted(X, nullptr); }

SplineTransformer& SplineTransformer::fit(MatrixRef X, VectorRef sample_weight) {
  const Vector w = sample_weight;
  return fit_weighted(X, &w);
}

SplineTransformer& SplineTransformer::fit_weighted(MatrixRef X, const Vector* sample_weight) {
  check_params<SplineTransformer>(params_);
  const int degree = params_.degree;
  check_matrix(X, "X", 2);
  if (sample_weight) check_sample_weight(*sample_weight, X.rows());
  const Index p = X.cols();
  // The knots, and the transform of X itself, must fit before they are placed.
  const double n_knots = std::holds_alternative<SplineKnots>(params_.knots) ? params_.n_knots
                         : std::holds_alternative<Matrix>(params_.knots)   ? std::get<Matrix>(params_.knots).rows()
                                                                           : std::get<std::vector<double>>(params_.knots).size();
  check_output_size(params_, X.rows(), p, n_knots);
  Matrix K;
  if (const auto* rule = std::get_if<SplineKnots>(&params_.knots)) {
    K.resize(params_.n_knots, p);
    for (Index j = 0; j < p; ++j) {
      const std::vector<double> v = rule_knots(*rule, params_.n_knots, X, j, sample_weight);
      for (int i = 0; i < params_.n_knots; ++i) K(i, j) = v[static_cast<std::size_t>(i)];
    }
    try {
      check_increasing(K, "knots", true);
    } catch (const InvalidArgument& e) {
      throw InvalidArgument(std::string(e.what()) + " (a feature with " +
                            (*rule == SplineKnots::uniform ? "too narrow a range" : "many repeated values") +
                            " for its knots; use fewer knots or explicit ones)");
    }
  } else if (const auto* shared = std::get_if<std::vector<double>>(&params_.knots)) {
    if (shared->size() < 2) throw InvalidArgument("knots must hold at least 2 values, got " + std::to_string(shared->size()));
    K.resize(static_cast<Index>(shared->size()), p);
    for (Index i = 0; i < K.rows(); ++i) K.row(i).setConstant((*shared)[static_cast<std::size_t>(i)]);
    check_increasing(K.leftCols(1), "knots");
  } else {
    K = std::get<Matrix>(params_.knots);
    if (K.rows() < 2) throw InvalidArgument("knots must have at least 2 rows, got " + std::to_string(K.rows()));
    if (K.cols() != p)
      throw InvalidArgument("knots has " + std::to_string(K.cols()) + " columns but X has " + std::to_string(p) +
                            " features (one column of knots per feature)");
    check_increasing(K, "knots");
  }
  if (params_.extrapolation == SplineExtrapolation::periodic && K.rows() <= degree)
    throw InvalidArgument("periodic splines need more knots than the degree, got " + std::to_string(K.rows()) +
                          " knots and degree " + std::to_string(degree));
  base_knots_ = std::move(K);
  return *this;
}

Matrix SplineTransformer::knots_full() const {
  const int d = params_.degree;
  const Index nk = base_knots_.rows(), p = base_knots_.cols();
  check_size((static_cast<double>(nk) + 2.0 * d) * static_cast<double>(p), "SplineTransformer's fullKnots ((knots + 2 degree) x features)");
  Matrix T(nk + 2 * static_cast<Index>(d), p);
  for (Index j = 0; j < p; ++j) {
    const auto b = base_knots_.col(j);
    T.col(j).segment(d, nk) = b;
    if (params_.extrapolation == SplineExtrapolation::periodic) {
      const double period = b[nk - 1] - b[0];
      for (int i = 0; i < d; ++i) {
        T(i, j) = b[nk - 1 - d + i] - period;
        T(d + nk + i, j) = b[1 + i] + period;
      }
    } else {
      const double dmin = b[1] - b[0], dmax = b[nk - 1] - b[nk - 2];
      const auto lo = linspace(b[0] - d * dmin, b[0] - dmin, d);
      const auto hi = linspace(b[nk - 1] + dmax, b[nk - 1] + d * dmax, d);
      for (int i = 0; i < d; ++i) {
        T(i, j) = lo[static_cast<std::size_t>(i)];
        T(d + nk + i, j) = hi[static_cast<std::size_t>(i)];
      }
    }
  }
  return T;
}

Matrix SplineTransformer::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "SplineTransformer", "transform");
  check_n_features(base_knots_.cols(), X);
  check_matrix(X);
  const int k = params_.degree;
  const SplineExtrapolation ex = params_.extrapolation;
  if (ex == SplineExtrapolation::periodic && base_knots_.rows() <= k)
    throw InvalidArgument("periodic splines need more knots than the degree, got " + std::to_string(base_knots_.rows()) +
                          " knots and degree " + std::to_string(k));
  check_output_size(params_, X.rows(), X.cols(), static_cast<double>(base_knots_.rows()));
  const Index n = X.rows(), p = X.cols(), ns = n_splines();
  const Matrix T = knots_full();
  Matrix out = Matrix::Zero(n, p * ns);
  std::vector<double> work(static_cast<std::size_t>(k + 1));
  for (Index j = 0; j < p; ++j) {
    const double first_knot = base_knots_(0, j), last_knot = base_knots_(base_knots_.rows() - 1, j);
    if (first_knot == last_knot) {  // a constant feature's splines: zeros, and 'error' past its value
      if (ex != SplineExtrapolation::error) continue;
      for (Index i = 0; i < n; ++i)
        if (X(i, j) != first_knot) throw beyond_knots(j, X(i, j), i, first_knot, last_knot);
      continue;
    }
    std::vector<double> tj(static_cast<std::size_t>(T.rows()));
    for (Index i = 0; i < T.rows(); ++i) tj[static_cast<std::size_t>(i)] = T(i, j);
    const Index last = static_cast<Index>(tj.size()) - k - 1;  // scipy's n: the base interval is [t[k], t[n]]
    const double xmin = tj[static_cast<std::size_t>(k)], xmax = tj[static_cast<std::size_t>(last)];
    // Basis values at x written into the columns of feature j (periodic: splines past the last one
    // wrap onto the first `degree`).
    auto eval = [&](double x, int m, double* row) {
      const Index ell = find_interval(tj, k, x);
      bspline_basis(tj.data(), x, k, ell, m, work.data());
      for (int a = 0; a <= k; ++a) {
        Index s = ell - k + a;
        if (s >= ns) s -= ns;
        row[s] += work[static_cast<std::size_t>(a)];
      }
    };
    std::vector<double> f_min(static_cast<std::size_t>(ns), 0.0), f_max = f_min, fp_min = f_min, fp_max = f_min;
    if (ex == SplineExtrapolation::constant || ex == SplineExtrapolation::linear) {
      eval(xmin, 0, f_min.data());
      eval(xmax, 0, f_max.data());
      if (ex == SplineExtrapolation::linear && k > 0) {
        eval(xmin, 1, fp_min.data());
        eval(xmax, 1, fp_max.data());
      }
    }
    // 'linear' continues the first/last max(degree, 2) splines (degree <= 1: one more, as
    // scikit-learn; degree 0 then behaves as 'constant').
    const Index n_lin = std::min<Index>(k <= 1 ? k + 1 : k, ns);
    for (Index i = 0; i < n; ++i) {
      double x = X(i, j);
      double* row = out.row(i).data() + j * ns;
      if (ex == SplineExtrapolation::periodic) {
        eval(xmin + py_mod(x - xmin, xmax - xmin), 0, row);
      } else if (x >= xmin && x <= xmax) {
        eval(x, 0, row);
      } else if (ex == SplineExtrapolation::continue_) {
        eval(x, 0, row);
      } else if (ex == SplineExtrapolation::error) {
        throw beyond_knots(j, x, i, xmin, xmax);
      } else if (ex == SplineExtrapolation::constant) {
        if (x < xmin)
          for (Index s = 0; s < std::min<Index>(k, ns); ++s) row[s] = f_min[static_cast<std::size_t>(s)];
        else
          for (Index s = std::max<Index>(ns - k, 0); s < ns; ++s) row[s] = f_max[static_cast<std::size_t>(s)];
      } else {  // linear
        if (x < xmin)
          for (Index s = 0; s < n_lin; ++s)
            row[s] = f_min[static_cast<std::size_t>(s)] + (x - xmin) * fp_min[static_cast<std::size_t>(s)];
        else
          for (Index s = ns - n_lin; s < ns; ++s)
            row[s] = f_max[static_cast<std::size_t>(s)] + (x - xmax) * fp_max[static_cast<std::size_t>(s)];
      }
    }
  }
  if (params_.include_bias) return out;
  Matrix kept(n, p * (ns - 1));
  for (Index j = 0; j < p; ++j) kept.middleCols(j * (ns - 1), ns - 1) = out.middleCols(j * ns, ns - 1);
  return kept;
}

json SplineTransformer::state() const { return {{"baseKnots", to_json(base_knots_)}}; }

void SplineTransformer::load_state(const json& s) {
  Matrix K = matrix_from_json(member(s, "baseKnots"), "baseKnots");
  if (K.rows() < 2 || K.cols() < 1) throw InvalidArgument("model JSON: baseKnots must have at least 2 rows and 1 column");
  if (!K.allFinite()) throw InvalidArgument("model JSON: baseKnots must be finite");
  try {
    check_increasing(K, "baseKnots", true);
  } catch (const InvalidArgument& e) {
    throw InvalidArgument(std::string("model JSON: ") + e.what());
  }
  base_knots_ = std::move(K);
}

}  // namespace wasmlearn
