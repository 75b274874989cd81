#include "wasmlearn/linear_model/coordinate_descent.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/squarable.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/linear_model/describe.hpp"

namespace wasmlearn {
namespace {

using ColMatrix = Eigen::MatrixXd;

// Soft threshold of the coordinate's correlation `tmp` (scikit-learn's update).
inline double cd_update(double tmp, double l1, double denom, bool positive) {
  if (positive && tmp < 0) return 0.0;
  const double a = std::fabs(tmp) - l1;
  if (a <= 0) return 0.0;
  return (tmp < 0 ? -a : a) / denom;
}

// Duality gap from XᵀR (`xtr`), ‖R‖², Rᵀy and w (scikit-learn's formula, n-scaled units).
double duality_gap(const Eigen::VectorXd& xtr, double r_norm2, double r_dot_y, const Eigen::VectorXd& w, double l1,
                   double l2, bool positive) {
  const Eigen::VectorXd xta = xtr - l2 * w;
  const double dual_norm = positive ? xta.maxCoeff() : xta.cwiseAbs().maxCoeff();
  double c = 1.0, gap;
  if (dual_norm > l1) {
    c = l1 / dual_norm;
    gap = 0.5 * (r_norm2 + r_norm2 * c * c);
  } else {
    gap = r_norm2;
  }
  return gap + l1 * w.lpNorm<1>() - c * r_dot_y + 0.5 * l2 * (1 + c * c) * w.squaredNorm();
}

std::string short_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3e", v);
  return buf;
}

}  // namespace

std::string cd_convergence_message(const CDResult& r, double l1) {
  std::string m = "Objective did not converge. You might want to increase the number of "
                  "iterations (maxIter), check the scale of the features or consider increasing regularisation. "
                  "Duality gap: " + short_number(r.gap) + ", tolerance: " + short_number(r.tol);
  if (l1 < 2.220446049250313e-16)
    m += ". Linear regression models with null weight for the l1 regularization term are more efficiently fitted "
         "using Ridge instead";
  return m;
}

CDResult enet_coordinate_descent(Eigen::VectorXd& w, double l1, double l2, const CDProblem& pb, int max_iter,
                                 double tol, CDSelection selection, std::uint64_t seed, bool positive) {
  const bool gram = pb.gram != nullptr;
  const Index p = w.size();
  Random rng(seed);
  const bool random = selection == CDSelection::random;
  CDResult res;
  const double d_w_tol = tol;

  if (gram) {
    const ColMatrix& Q = *pb.gram;
    const Eigen::VectorXd& q = *pb.xy;
    const double y_norm2 = pb.y_norm2;
    res.tol = tol * y_norm2;
    Eigen::VectorXd H = Q * w;  // XᵀX·w
    for (int it = 0; it < max_iter; ++it) {
      double w_max = 0, d_w_max = 0;
      for (Index f = 0; f < p; ++f) {
        const Index j = random ? rng.index(p) : f;
        const double qjj = Q(j, j);
        if (qjj == 0) continue;
        const double w_j = w[j];
        const double tmp = q[j] - H[j] + w_j * qjj;
        const double nw = cd_update(tmp, l1, qjj + l2, positive);
        if (nw != w_j) {
          H.noalias() += (nw - w_j) * Q.col(j);
          w[j] = nw;
        }
        d_w_max = std::max(d_w_max, std::fabs(nw - w_j));
        w_max = std::max(w_max, std::fabs(nw));
      }
      res.n_iter = it + 1;
      if (w_max == 0 || d_w_max / w_max < d_w_tol || it == max_iter - 1) {
        const double qw = q.dot(w);
        const double r_norm2 = y_norm2 + w.dot(H) - 2 * qw;
        res.gap = duality_gap(q - H, r_norm2, y_norm2 - qw, w, l1, l2, positive);
        if (res.gap < res.tol) {
          res.converged = true;
          break;
        }
      }
    }
    return res;
  }

  const ColMatrix& X = *pb.X;
  const Eigen::VectorXd& y = *pb.y;
  const Eigen::VectorXd norm_cols = X.colwise().squaredNorm().transpose();
  Eigen::VectorXd R = y - X * w;
  res.tol = tol * y.squaredNorm();
  for (int it = 0; it < max_iter; ++it) {
    double w_max = 0, d_w_max = 0;
    for (Index f = 0; f < p; ++f) {
      const Index j = random ? rng.index(p) : f;
      const double njj = norm_cols[j];
      if (njj == 0) continue;
      const double w_j = w[j];
      const auto xj = X.col(j);
      const double tmp = xj.dot(R) + w_j * njj;
      const double nw = cd_update(tmp, l1, njj + l2, positive);
      if (nw != w_j) {
        R.noalias() -= (nw - w_j) * xj;
        w[j] = nw;
      }
      d_w_max = std::max(d_w_max, std::fabs(nw - w_j));
      w_max = std::max(w_max, std::fabs(nw));
    }
    res.n_iter = it + 1;
    if (w_max == 0 || d_w_max / w_max < d_w_tol || it == max_iter - 1) {
      const Eigen::VectorXd xtr = X.transpose() * R;
      res.gap = duality_gap(xtr, R.squaredNorm(), R.dot(y), w, l1, l2, positive);
      if (res.gap < res.tol) {
        res.converged = true;
        break;
      }
    }
  }
  return res;
}

namespace {

// The column-major design and, when n > p, its Gram matrix.
struct Design {
  ColMatrix X;
  ColMatrix gram;
  bool use_gram = false;
};

Design make_design(ColMatrix X) {
  Design d;
  d.use_gram = X.rows() > X.cols();
  if (d.use_gram) {
    Matrix gram(X.cols(), X.cols());
    gram_of_rows(X.transpose(), gram);  // the columns of X are the contiguous rows of Xᵀ
    d.gram = gram;
  }
  d.X = std::move(X);
  return d;
}

// The problem of y·scale solved as the one of y (y and xy = Xᵀy already divided by `scale`, a power
// of two, and l1 its L1 penalty over `scale`): w, in the unscaled problem's units, is divided by
// `scale` for the descent and multiplied back after, the gap and its tolerance by scale² (exact, or
// Infinity where past float64).
CDResult solve_scaled(Eigen::VectorXd& w, double l1, double l2, const Design& d, const Eigen::VectorXd& y,
                      const Eigen::VectorXd& xy, double scale, int max_iter, double tol, CDSelection sel,
                      std::uint64_t seed, bool positive) {
  CDProblem pb;
  if (d.use_gram) {
    pb.gram = &d.gram;
    pb.xy = &xy;
    pb.y_norm2 = y.squaredNorm();
  } else {
    pb.X = &d.X;
    pb.y = &y;
  }
  if (scale == 1) return enet_coordinate_descent(w, l1, l2, pb, max_iter, tol, sel, seed, positive);
  w /= scale;
  CDResult r = enet_coordinate_descent(w, l1, l2, pb, max_iter, tol, sel, seed, positive);
  w *= scale;
  r.gap = r.gap * scale * scale;
  r.tol = r.tol * scale * scale;
  return r;
}

CDResult solve_one(Eigen::VectorXd& w, double l1, double l2, const Design& d, const Eigen::VectorXd& y,
                   const Eigen::VectorXd& xy, int max_iter, double tol, CDSelection sel, std::uint64_t seed, bool positive) {
  // y past ±1e150, whose squares (the gap, its tolerance) overflow: the problem of y / 2^k and l1 / 2^k
  // has the solution w / 2^k (an exact scaling); Xᵀy taken again, as it may have overflowed.
  if (const double scale = power_of_two_scale(y.cwiseAbs().maxCoeff()); scale != 1) {
    const Eigen::VectorXd scaled = y / scale;
    return solve_scaled(w, l1 / scale, l2, d, scaled, d.X.transpose() * scaled, scale, max_iter, tol, sel, seed, positive);
  }
  return solve_scaled(w, l1, l2, d, y, xy, 1, max_iter, tol, sel, seed, positive);
}

}  // namespace

// ---- paths ------------------------------------------------------------------------------------------

EnetPath enet_path(MatrixRef X, VectorRef y, const EnetPathOptions& o) {
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  check_finite(y, "y");
  if (!(o.l1_ratio >= 0 && o.l1_ratio <= 1)) throw InvalidArgument("l1Ratio must be in [0, 1], got " + format_number(o.l1_ratio));
  if (!(o.tol >= 0) || !std::isfinite(o.tol)) throw InvalidArgument("tol must be at least 0, got " + format_number(o.tol));
  if (o.max_iter < 1) throw InvalidArgument("maxIter must be at least 1, got " + std::to_string(o.max_iter));
  const Index n = X.rows(), p = X.cols();
  Design d = make_design(ColMatrix(X));
  const Eigen::VectorXd yv = y;
  // y past ±1e150 (Xᵀy, the automatic grid's largest alpha times n and the gaps may overflow): the path of
  // y / 2^k, its grid and coefficients times 2^k.
  const double y_scale = power_of_two_scale(yv.cwiseAbs().maxCoeff());
  const Eigen::VectorXd y_scaled = yv / y_scale, xy = d.X.transpose() * y_scaled;

  EnetPath out;
  std::vector<double> alphas;
  if (o.alphas) {
    alphas = *o.alphas;
    if (alphas.empty()) throw InvalidArgument("alphas must not be empty");
    for (double a : alphas)
      if (!std::isfinite(a) || a < 0) throw InvalidArgument("alphas must hold numbers at least 0, got " + format_number(a));
    std::sort(alphas.begin(), alphas.end(), [](double a, double b) { return a > b; });
  } else {
    if (o.l1_ratio == 0)
      throw InvalidArgument("l1Ratio = 0 needs an explicit alphas grid (the automatic grid divides by l1Ratio)");
    if (!(o.eps > 0) || !std::isfinite(o.eps)) throw InvalidArgument("eps must be greater than 0, got " + format_number(o.eps));
    if (o.n_alphas < 1) throw InvalidArgument("nAlphas must be at least 1, got " + std::to_string(o.n_alphas));
    check_size(static_cast<double>(o.n_alphas) * static_cast<double>(std::max<Index>(p, 1)),
               "the path's coefficients (features x nAlphas = " + std::to_string(p) + " x " + std::to_string(o.n_alphas) + ")");
    const double alpha_max = xy.cwiseAbs().maxCoeff() / (static_cast<double>(n) * o.l1_ratio);
    const double resolution = 1e-15;
    if (alpha_max * y_scale <= resolution) {
      alphas.assign(static_cast<std::size_t>(o.n_alphas), resolution);
    } else {
      // numpy.logspace(log10(α_max·eps), log10(α_max), n_alphas)[::-1], step for step.
      const double start = det_log10(alpha_max * o.eps), stop = det_log10(alpha_max);
      const int num = o.n_alphas;
      alphas.resize(static_cast<std::size_t>(num));
      const double step = num > 1 ? (stop - start) / (num - 1) : 0.0;
      for (int i = 0; i < num; ++i) {
        const double e = (num > 1 && i == num - 1) ? stop : i * step + start;
        alphas[static_cast<std::size_t>(num - 1 - i)] = det_pow(10.0, e) * y_scale;
      }
    }
    if (!std::isfinite(alphas.front()))
      throw InvalidArgument("the automatic grid's largest alpha, max|Xᵀy| / (n·l1Ratio), overflows float64; scale y");
  }
  const Index m = static_cast<Index>(alphas.size());
  out.alphas = Eigen::Map<const Vector>(alphas.data(), m);
  out.coefs.resize(p, m);
  out.dual_gaps.resize(m);
  out.n_iters.resize(m);
  Eigen::VectorXd w = Eigen::VectorXd::Zero(p);
  const double nd = static_cast<double>(n);
  for (Index i = 0; i < m; ++i) {
    const double alpha = alphas[static_cast<std::size_t>(i)];
    const double l1 = alpha / y_scale * o.l1_ratio * nd, l2 = alpha * (1.0 - o.l1_ratio) * nd;
    const CDResult r =
        solve_scaled(w, l1, l2, d, y_scaled, xy, y_scale, o.max_iter, o.tol, CDSelection::cyclic, 0, o.positive);
    out.coefs.col(i) = w;
    out.dual_gaps[i] = r.gap / nd;
    out.n_iters[i] = r.n_iter;
    if (!r.converged) out.warnings.add(WarningKind::convergence, cd_convergence_message(r, l1 * y_scale) + " (alpha " + format_number(alpha) + ")");
  }
  return out;
}

// ---- ElasticNet / Lasso -------------------------------------------------------------------------------

ElasticNet& ElasticNet::fit(MatrixRef X, MatrixRef Y) {
  check_params<ElasticNet>(params_);
  fit_impl(X, Y, params_.l1_ratio, nullptr);
  return *this;
}
ElasticNet& ElasticNet::fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight) {
  check_params<ElasticNet>(params_);
  fit_impl(X, Y, params_.l1_ratio, &sample_weight);
  return *this;
}

Lasso& Lasso::fit_lasso(MatrixRef X, MatrixRef Y, const VectorRef* sample_weight) {
  check_params<Lasso>(lasso_params_);
  params_ = to_enet(lasso_params_);
  fit_impl(X, Y, 1.0, sample_weight);
  return *this;
}

void ElasticNet::fit_impl(MatrixRef X, MatrixRef Y, double l1_ratio, const VectorRef* sample_weight) {
  const Params& pr = params_;
  // scikit-learn rescales the weights to sum to n, so that the objective's (1/2n)·Σ sᵢrᵢ² is the
  // weighted mean of the squared residuals whatever their scale.
  Vector to_n;
  if (sample_weight) {
    check_sample_weight(*sample_weight, X.rows());
    const double n = static_cast<double>(X.rows()), total = sample_weight->sum();
    if (std::isinf(total)) {  // weights near 1e308 whose sum overflows: divided by the largest first
      to_n = *sample_weight / sample_weight->maxCoeff();
      to_n *= n / to_n.sum();
    } else {
      to_n = *sample_weight * (n / total);
    }
  }
  const VectorRef scaled_weight(to_n);
  CentredData c = centre_data(X, Y, pr.fit_intercept, sample_weight ? &scaled_weight : nullptr);
  const Index n = X.rows(), p = X.cols(), k = Y.cols();
  const Design d = make_design(std::move(c.X));
  const ColMatrix& Yc = c.Y;

  ColMatrix W = ColMatrix::Zero(p, k);  // one column per output
  if (pr.warm_start && is_fitted() && coef_.rows() == k && coef_.cols() == p) W = coef_.transpose();

  Warnings warnings;
  if (pr.alpha == 0)
    warnings.add(WarningKind::parameter, "With alpha=0, this algorithm does not converge well. You are advised to use LinearRegression");
  IntVector n_iter(k);
  Vector gaps(k);
  const double nd = static_cast<double>(n);
  const double l1 = pr.alpha * l1_ratio * nd, l2 = pr.alpha * (1.0 - l1_ratio) * nd;
  for (Index t = 0; t < k; ++t) {
    const Eigen::VectorXd yt = Yc.col(t);
    const Eigen::VectorXd xy = d.X.transpose() * yt;
    Eigen::VectorXd w = W.col(t);
    const std::uint64_t seed = Random::derive_seed(static_cast<std::uint64_t>(pr.random_state), static_cast<std::uint64_t>(t));
    const CDResult r = solve_one(w, l1, l2, d, yt, xy, pr.max_iter, pr.tol, pr.selection, seed, pr.positive);
    W.col(t) = w;
    n_iter[t] = r.n_iter;
    gaps[t] = r.gap / nd;
    if (!r.converged) warnings.add(WarningKind::convergence, cd_convergence_message(r, l1) + (k > 1 ? " (output " + std::to_string(t) + ")" : ""));
  }
  set_from_centred(c, W);
  n_iter_ = std::move(n_iter);
  dual_gap_ = std::move(gaps);
  warnings_ = std::move(warnings);
}

json ElasticNet::state() const {
  json s = LinearModel::state();
  s["nIter"] = to_json(n_iter_);
  s["dualGap"] = to_json(dual_gap_);
  s["warnings"] = to_json(warnings_);
  return s;
}

void ElasticNet::load_state(const json& s) {
  IntVector it = int_vector_from_json(member(s, "nIter"), "nIter");
  Vector gaps = vector_from_json(member(s, "dualGap"), "dualGap");
  Matrix coef = coef_;
  Vector icpt = intercept_;
  LinearModel::load_state(s);
  if (it.size() != coef_.rows() || gaps.size() != coef_.rows()) {
    coef_ = std::move(coef);
    intercept_ = std::move(icpt);
    throw InvalidArgument("model JSON: nIter and dualGap must hold one entry per coef row");
  }
  n_iter_ = std::move(it);
  dual_gap_ = std::move(gaps);
  warnings_ = warnings_from_json(s, WarningKind::convergence);
}

}  // namespace wasmlearn
