#include "wasmlearn/linear_model/logistic.hpp"

#include <LBFGSB.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "wasmlearn/base/activation_lanes.hpp"
#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/ordered_products.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/lanes.hpp"
#include "wasmlearn/base/minpack_line_search.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/linear_model/describe.hpp"

namespace wasmlearn {
namespace {

using ColMatrix = Eigen::MatrixXd;
constexpr double kInf = std::numeric_limits<double>::infinity();

// One optimisation problem: k = 1 (binary, targets t ∈ {0, 1}) or k ≥ 2 softmax rows (codes y).
struct Problem {
  MatrixRef X;             // n x p, row-major
  const ColMatrix* Xc;     // the same, column-major (cd solver only)
  const Matrix* Xt;        // its transpose, p x n row-major (lbfgs gradient only)
  Vector s;                // sample weights
  Vector t;                // binary targets
  IntVector y;             // multinomial codes
  Index k;                 // rows of W
  bool fit_intercept;
  double C;                // loss multiplier (1 for penalty none)
  double l1, l2;           // penalty: l1‖w‖₁ + ½ l2‖w‖²
  // X's nonzeros for products with k columns, when X has enough zeros (scores and the gradient then
  // skip them), else null.
  const NonzeroEntries* listed = nullptr;
};

// Σ sᵢℓᵢ for scores Z (n x k); with R set, R receives sᵢ·∂ℓᵢ/∂zᵢ (n x k). One exp per score (the
// exps dominate the cost besides the two products).
double smooth_loss(const Problem& pb, const Matrix& Z, Matrix* R) {
  const Index n = Z.rows(), k = pb.k;
  double L = 0;
  if (R) R->resize(n, k);
  const ActivationLanes activations;
  if (k == 1) {
    // Softplus and sigmoid from e^{-|z|}, two samples per step in lanes: the choices by the sign of
    // z are then lane selects (V8 compiles a scalar float select to a branch, which signs of about
    // half each mispredict). The loss still adds the samples in order; an odd last sample is paired
    // with a zero-weight one, which adds exactly 0.
    const Lanes2 zero = {0.0, 0.0}, one = {1.0, 1.0};
    for (Index i = 0; i < n; i += 2) {
      const bool pair = i + 1 < n;
      const Lanes2 z = {Z(i, 0), pair ? Z(i + 1, 0) : 0.0}, s = {pb.s[i], pair ? pb.s[i + 1] : 0.0},
                   t = {pb.t[i], pair ? pb.t[i + 1] : 0.0};
      const Lanes2 e = activations.exp_of_nonpositive(min_lanes(z, -z));  // e^-|z|
      const Lanes2 loss = s * (max_lanes(z, zero) + activations.log1p_of_unit(e) - t * z);
      L += loss[0];
      L += loss[1];
      if (R) {
        const Lanes2 r = s * ((z >= zero ? one : e) / (one + e) - t);
        (*R)(i, 0) = r[0];
        if (pair) (*R)(i + 1, 0) = r[1];
      }
    }
    return L;
  }
  Vector q(k);  // e^{z - max}, then the softmax row
  for (Index i = 0; i < n; ++i) {
    const double* z = Z.data() + i * k;
    double m = z[0];
    for (Index c = 1; c < k; ++c) m = std::max(m, z[c]);
    q = Z.row(i).transpose();
    const double sum = exp_below_top_in_place(activations, q.data(), k, m);
    L += pb.s[i] * (m + det_log(sum) - z[pb.y[i]]);
    if (R) {
      double* r = R->data() + i * k;
      const double scale = pb.s[i] / sum;
      for (Index c = 0; c < k; ++c) r[c] = scale * q[c];
      r[pb.y[i]] -= pb.s[i];
    }
  }
  return L;
}

Matrix scores(const Problem& pb, const Matrix& W, const Vector& b) {
  Matrix Z(pb.X.rows(), W.rows());
  if (pb.listed) {  // the intercepts added as the rows are stored
    product_in_order(*pb.listed, Matrix(W.transpose()), Z, {pb.fit_intercept ? b.data() : nullptr});
    return Z;
  }
  multiply_by_transpose(pb.X, W, Z);
  if (pb.fit_intercept) Z.rowwise() += b.transpose();
  return Z;
}

double penalty_value(const Problem& pb, const Matrix& W) {
  double v = 0;
  if (pb.l1 != 0) v += pb.l1 * W.cwiseAbs().sum();
  if (pb.l2 != 0) v += 0.5 * pb.l2 * W.squaredNorm();
  return v;
}

struct SolveResult {
  int n_iter = 0;
  bool converged = true;
  std::string note;  // why it did not converge
};

// ---- lbfgs ----------------------------------------------------------------------------------------
// Minimises Σ sᵢℓᵢ + ‖W‖²/(2C) (scikit-learn's scaling). θ = [W row-major, b].
struct LbfgsObjective {
  const Problem& pb;
  Index p;
  double inv_C;  // 0 without penalty
  double best_f = kInf;
  Vector best_x;
  int evals = 0;
  Matrix W, Z, R, Rt, G;
  Vector b;

  double operator()(const Vector& x, Vector& grad) {
    const Index k = pb.k;
    ++evals;
    W = Eigen::Map<const Matrix>(x.data(), k, p);
    b = pb.fit_intercept ? Vector(x.tail(k)) : Vector::Zero(k);
    Z = scores(pb, W, b);
    double f = smooth_loss(pb, Z, &R);
    grad.resize(x.size());
    Eigen::Map<Matrix> GW(grad.data(), k, p);
    if (pb.listed) {
      G.resize(p, k);
      transpose_times_listed<double>(*pb.listed, R, G);
      GW = G.transpose();
    } else {
      Rt = R.transpose();  // Rᵀ·X as rows of Rᵀ times rows of Xᵀ: both contiguous for the product kernel
      multiply_by_transpose(Rt, *pb.Xt, GW);
    }
    if (inv_C != 0) {
      GW += inv_C * W;
      f += 0.5 * inv_C * W.squaredNorm();
    }
    if (pb.fit_intercept) grad.tail(k) = R.colwise().sum().transpose();
    if (std::isfinite(f) && f < best_f) {
      best_f = f;
      best_x = x;
    }
    return f;
  }
};

SolveResult solve_lbfgs(const Problem& pb, double tol, int max_iter, Matrix& W, Vector& b) {
  const Index k = pb.k, p = pb.X.cols();
  const Index dim = k * p + (pb.fit_intercept ? k : 0);
  LbfgsObjective fn{pb, p, pb.l2 != 0 ? 1.0 / pb.C : 0.0, kInf, Vector(), 0, {}, {}, {}, {}, {}, {}};
  LBFGSpp::LBFGSBParam<double> param;
  param.m = 10;
  param.epsilon = tol;
  param.epsilon_rel = 0;
  param.past = 1;
  // scipy's relative-decrease rule (ftol 2.2e-9, its default), tightened to tol² for small tol: near
  // the optimum the decrease is about quadratic in the gradient, so a tight tol is not cut short.
  // Floored at 1e-15, about the rounding of the objective itself.
  param.delta = std::max(std::min(2.220446049250313e-09, tol * tol), 1e-15);
  param.max_iterations = max_iter;
  param.max_linesearch = 20;
  // scipy's line search, so the trial steps are scikit-learn's (digits, 100 iterations: 103
  // evaluations as scipy's, against 110 with LBFGSpp's own Moré–Thuente variant).
  LBFGSpp::LBFGSBSolver<double, MinpackLineSearch> solver(param);
  Vector x = Vector::Zero(dim), lb = Vector::Constant(dim, -kInf), ub = Vector::Constant(dim, kInf);
  double fx = 0;
  SolveResult res;
  try {
    res.n_iter = solver.minimize(fn, x, fx, lb, ub);
    if (res.n_iter >= max_iter) {
      res.converged = false;
      res.note = "lbfgs failed to converge: the number of iterations reached maxIter";
    }
  } catch (const std::exception& e) {
    // The line search failed (typically at the limit of floating-point precision). Keep the best
    // point seen; it is a non-convergence only when its gradient is still above tol. nIter then
    // counts function evaluations (LBFGSpp does not report its iteration on failure).
    res.n_iter = std::min(fn.evals, max_iter);
    x = fn.best_x.size() ? fn.best_x : Vector(Vector::Zero(dim));
    // Below √eps·|f| the gradient is at the resolution of the objective's rounding.
    Vector g;
    const double f = fn(x, g);
    if (g.cwiseAbs().maxCoeff() > std::max(tol, 1.4901161193847656e-08 * std::max(1.0, std::fabs(f)))) {
      res.converged = false;
      res.note = std::string("lbfgs stopped early: ") + e.what();
    }
  }
  W = Eigen::Map<const Matrix>(x.data(), k, p);
  b = pb.fit_intercept ? Vector(x.tail(k)) : Vector::Zero(k);
  return res;
}

// ---- cd: proximal Newton with coordinate descent ------------------------------------------------------
double soft(double v, double l) { return v > l ? v - l : (v < -l ? v + l : 0.0); }

SolveResult solve_cd(const Problem& pb, double tol, int max_iter, Matrix& W, Vector& b) {
  const ColMatrix& X = *pb.Xc;
  const Index n = X.rows(), p = X.cols(), K = pb.k;
  // The quadratic model's curvature along (d, db) is Xᵀ diag(h) X (and Xᵀh, Σh for the intercept).
  // With n > p it is formed once per block as the Gram matrix Q, so that a sweep costs O(p²) instead
  // of O(np) and the inner solve can run to accuracy also on ill-conditioned (collinear) designs,
  // where coordinate descent needs thousands of sweeps; otherwise it is applied through Xd = X·d.
  const bool gram = n > p;
  const int max_sweeps = gram ? 10000 : 100;
  const ColMatrix X2 = gram ? ColMatrix() : ColMatrix(X.cwiseAbs2());
  ColMatrix Xh, Q;
  W = Matrix::Zero(K, p);
  b = Vector::Zero(K);
  Matrix Z = scores(pb, W, b);
  Matrix R;
  Eigen::VectorXd r(n), h(n), g(p), A(p), d(p), Xd(n), wk(p), Hd(p), Xth(p);
  const ActivationLanes sigmoid;
  SolveResult res;
  res.converged = false;
  // The relative-decrease rule of the lbfgs solver (see solve_lbfgs), on the same objective / C.
  const double ftol = std::max(std::min(2.220446049250313e-09, tol * tol), 1e-15);
  double F_prev = smooth_loss(pb, Z, nullptr);
  for (int it = 0; it < max_iter; ++it) {
    double max_viol = 0;
    bool progress = false;
    for (Index c = 0; c < K; ++c) {
      const double L0 = smooth_loss(pb, Z, &R);
      // Gradient and curvature of C·Σsℓ along block c.
      r = pb.C * R.col(c);
      if (K == 1) {
        for (Index i = 0; i < n; ++i) {
          const double q = sigmoid.logistic(Z(i, 0));
          h[i] = pb.C * pb.s[i] * q * (1 - q);
        }
      } else {
        for (Index i = 0; i < n; ++i) {
          const double q = pb.s[i] > 0 ? (R(i, c) + (pb.y[i] == c ? pb.s[i] : 0.0)) / pb.s[i] : 0.0;  // softmax prob
          h[i] = pb.C * pb.s[i] * q * (1 - q);
        }
      }
      g.noalias() = X.transpose() * r;
      const double gb = r.sum();
      wk = W.row(c).transpose();
      // Minimum-norm subgradient of the objective (divided by C, scikit-learn's scale).
      double viol = pb.fit_intercept ? std::fabs(gb) : 0.0;
      for (Index j = 0; j < p; ++j) {
        const double v = g[j] + pb.l2 * wk[j];
        viol = std::max(viol, wk[j] != 0 ? std::fabs(v + (wk[j] > 0 ? pb.l1 : -pb.l1)) : std::max(std::fabs(v) - pb.l1, 0.0));
      }
      viol /= pb.C;
      max_viol = std::max(max_viol, viol);
      if (viol <= tol) continue;

      // Curvature applied to the step so far: Hd = Q·d + Xᵀh·db and hb = hᵀX·d + Σh·db with the Gram
      // matrix, else through Xd (which then includes db).
      if (gram) {
        Xh = X.array().colwise() * h.array().sqrt();
        Q.setZero(p, p);
        Q.selfadjointView<Eigen::Lower>().rankUpdate(Xh.transpose());
        Q.triangularView<Eigen::StrictlyUpper>() = Q.transpose();
        Xth.noalias() = X.transpose() * h;
        A = Q.diagonal();
        Hd.setZero();
      } else {
        A.noalias() = X2.transpose() * h;
        Xd.setZero();
      }
      A.array() += pb.l2;
      const double Ab = h.sum();
      d.setZero();
      double db = 0, hb = 0;
      const double inner_tol = 0.01 * viol * pb.C;
      for (int sweep = 0; sweep < max_sweeps; ++sweep) {
        double change = 0;
        for (Index j = 0; j < p; ++j) {
          if (A[j] <= 0) continue;
          const double u = wk[j] + d[j];
          const double G = g[j] + (gram ? Hd[j] : X.col(j).dot(h.cwiseProduct(Xd))) + pb.l2 * u;
          const double un = soft(A[j] * u - G, pb.l1) / A[j];
          if (un != u) {
            const double delta = un - u;
            d[j] += delta;
            if (gram) {
              Hd.noalias() += delta * Q.col(j);
              hb += delta * Xth[j];
            } else {
              Xd.noalias() += delta * X.col(j);
            }
            change = std::max(change, std::fabs(delta) * A[j]);
          }
        }
        if (pb.fit_intercept && Ab > 0) {
          const double delta = -(gb + (gram ? hb : h.dot(Xd))) / Ab;
          db += delta;
          if (gram) {
            Hd.noalias() += delta * Xth;
            hb += delta * Ab;
          } else {
            Xd.array() += delta;
          }
          change = std::max(change, std::fabs(delta) * Ab);
        }
        if (change <= inner_tol) break;
      }
      if (gram) {
        Xd.noalias() = X * d;
        Xd.array() += db;
      }
      // Backtracking (Armijo) on the full objective along (d, db).
      // Predicted change g·d + P(w + d) − P(w), summed per coordinate so that it stays accurate
      // when d is tiny (a difference of two penalty totals would be lost in their rounding).
      double delta_model = g.dot(d) + gb * db;
      for (Index j = 0; j < p; ++j)
        if (d[j] != 0)
          delta_model += pb.l1 * (std::fabs(wk[j] + d[j]) - std::fabs(wk[j])) + 0.5 * pb.l2 * d[j] * (2 * wk[j] + d[j]);
      const double pen0 = pb.l1 * wk.lpNorm<1>() + 0.5 * pb.l2 * wk.squaredNorm();
      if (!(delta_model < 0)) continue;
      const double F0 = pb.C * L0 + pen0;
      const Eigen::VectorXd z0 = Z.col(c);
      // A predicted decrease below the rounding of F cannot be checked on F: near the optimum the
      // quadratic model is accurate, so the full step is taken.
      const bool below_resolution = -delta_model <= 1e-13 * std::max(1.0, std::fabs(F0));
      double step = 1;
      bool accepted = false;
      for (int ls = 0; ls < 50; ++ls, step *= 0.5) {
        Z.col(c) = z0 + step * Xd;
        const Eigen::VectorXd wt = wk + step * d;
        const double F = pb.C * smooth_loss(pb, Z, nullptr) + pb.l1 * wt.lpNorm<1>() + 0.5 * pb.l2 * wt.squaredNorm();
        if (std::isfinite(F) && (below_resolution || F <= F0 + 0.01 * step * delta_model)) {
          W.row(c) = wt.transpose();
          b[c] += step * db;
          accepted = progress = true;
          break;
        }
      }
      if (!accepted) Z.col(c) = z0;
    }
    res.n_iter = it + 1;
    if (max_viol <= tol) {
      res.converged = true;
      res.n_iter = std::max(it, 1);  // the last pass only checked
      break;
    }
    const double F_now = smooth_loss(pb, Z, nullptr) + penalty_value(pb, W) / pb.C;
    if (progress && F_prev - F_now <= ftol * std::max({std::fabs(F_prev), std::fabs(F_now), 1.0})) {
      res.converged = true;
      break;
    }
    F_prev = F_now;
    if (!progress) {  // no block can decrease the objective any more: floating-point precision reached
      const double F = smooth_loss(pb, Z, nullptr) + penalty_value(pb, W) / pb.C;
      if (max_viol <= 1.4901161193847656e-08 * std::max(1.0, std::fabs(F))) {  // √eps·|F|: at rounding level
        res.converged = true;
        return res;
      }
      res.note = "cd stopped: the objective cannot decrease further at floating-point precision, with the largest "
                 "subgradient entry " + format_number(max_viol) + " above tol";
      return res;
    }
  }
  if (!res.converged) res.note = "cd failed to converge: the number of iterations reached maxIter";
  return res;
}

// Sample weights for one problem: the given ones times classWeight's (scikit-learn multiplies
// them too; 'balanced' counts samples, not weights). `positive` >= 0: an ovr problem of that class
// against the rest.
Vector sample_weights(const LogisticRegressionParams& pr, IntVectorRef y, VectorRef given, int n_classes, int positive) {
  const Index n = y.size();
  Vector s = given;
  if (!pr.class_weight) return s;
  if (positive >= 0 && std::holds_alternative<ClassWeightMode>(*pr.class_weight)) {
    // balanced for one class against the rest: the two sides counted anew
    Index pos = 0;
    for (Index i = 0; i < n; ++i) pos += y[i] == positive;
    const double wp = static_cast<double>(n) / (2.0 * static_cast<double>(pos));
    const double wn = static_cast<double>(n) / (2.0 * static_cast<double>(n - pos));
    for (Index i = 0; i < n; ++i) s[i] *= y[i] == positive ? wp : wn;
    return s;
  }
  const std::vector<double> weight = class_weight_values(pr.class_weight, y, n_classes);
  for (Index i = 0; i < n; ++i) s[i] *= weight[static_cast<std::size_t>(y[i])];
  return s;
}

void penalty_strengths(const LogisticRegressionParams& pr, double& l1, double& l2, double& C) {
  C = pr.C;
  l1 = l2 = 0;
  switch (pr.penalty) {
    case LogisticPenalty::l2: l2 = 1; break;
    case LogisticPenalty::l1: l1 = 1; break;
    case LogisticPenalty::elasticnet: l1 = *pr.l1_ratio; l2 = 1 - *pr.l1_ratio; break;
    case LogisticPenalty::none: C = 1; break;
  }
}

}  // namespace

// ---- LogisticRegression ---------------------------------------------------------------------------------

LogisticRegression& LogisticRegression::fit(MatrixRef X, IntVectorRef y) { return fit(X, y, Vector::Ones(y.size())); }

LogisticRegression& LogisticRegression::fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight) {
  const Params& pr = params_;
  check_params<LogisticRegression>(pr);
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  check_sample_weight(sample_weight, X.rows());
  const int K = check_class_codes(y);
  {
    std::vector<char> seen(static_cast<std::size_t>(K), 0);
    int distinct = 0;
    for (Index i = 0; i < y.size(); ++i)
      if (!seen[static_cast<std::size_t>(y[i])]++) ++distinct;
    if (distinct < 2)
      throw InvalidArgument("LogisticRegression needs samples of at least 2 classes; y holds only one class");
  }
  const Index p = X.cols();
  const bool multinomial = pr.multi_class == MultiClass::multinomial || (pr.multi_class == MultiClass::automatic && K > 2);
  double l1, l2, C;
  penalty_strengths(pr, l1, l2, C);
  ColMatrix Xc;
  Matrix Xt;
  // lbfgs's softmax products skip X's zeros when 30 % or more are zeros (digits: half): from 4
  // classes, where a listed entry feeds two packets or more. The gradient's Xᵀ·R a value at a time when
  // X's columns repeat their values (digits: 17 levels; the fit 11 % faster).
  NonzeroEntries listed;
  const bool lists = pr.solver == LogisticSolver::lbfgs && multinomial && K >= 4 && listed.list_if_sparse(X, 0.3, K, true);
  if (lists) listed.list_values_if_repeated(X.rows());
  if (pr.solver == LogisticSolver::cd) Xc = X;
  else if (!lists) Xt = X.transpose();

  auto solve = [&](Problem& pb, Matrix& W, Vector& b) {
    return pr.solver == LogisticSolver::lbfgs ? solve_lbfgs(pb, pr.tol, pr.max_iter, W, b) : solve_cd(pb, pr.tol, pr.max_iter, W, b);
  };
  Warnings warnings;
  Matrix coef;
  Vector icpt;
  IntVector iters;
  if (multinomial) {
    Problem pb{X, &Xc, &Xt, sample_weights(pr, y, sample_weight, K, -1), Vector(), IntVector(y), K, pr.fit_intercept, C, l1, l2};
    if (lists) pb.listed = &listed;
    Matrix W;
    Vector b;
    const SolveResult r = solve(pb, W, b);
    if (pr.fit_intercept) b.array() -= b.mean();  // softmax is unchanged; the unpenalised intercepts sum to 0
    if (pr.penalty == LogisticPenalty::none) {  // nor are the coefficients identified: centre them too
      const RowVector mean = W.colwise().mean();
      W.rowwise() -= mean;
    }
    if (!r.converged) warnings.add(WarningKind::convergence, r.note);
    iters = IntVector::Constant(1, r.n_iter);
    if (K == 2) {
      coef = W.row(1);
      icpt = b.tail(1);
    } else {
      coef = W;
      icpt = b;
    }
  } else {
    const int problems = K == 2 ? 1 : K;
    coef.resize(problems, p);
    icpt.resize(problems);
    iters.resize(problems);
    for (int c = 0; c < problems; ++c) {
      const int positive = K == 2 ? 1 : c;
      Vector t(y.size());
      for (Index i = 0; i < y.size(); ++i) t[i] = y[i] == positive ? 1.0 : 0.0;
      Problem pb{X, &Xc, &Xt, sample_weights(pr, y, sample_weight, K, positive), t, IntVector(), 1, pr.fit_intercept, C, l1, l2};
      Matrix W;
      Vector b;
      const SolveResult r = solve(pb, W, b);
      if (!r.converged) warnings.add(WarningKind::convergence, r.note + (problems > 1 ? " (class " + std::to_string(c) + " vs rest)" : ""));
      coef.row(c) = W.row(0);
      icpt[c] = b[0];
      iters[c] = r.n_iter;
    }
  }
  if (!coef.allFinite() || !icpt.allFinite()) throw Error("LogisticRegression: the solver produced non-finite coefficients");
  if (pr.penalty == LogisticPenalty::none) {
    // Separable classes have no finite unpenalised optimum: the weights grow until the solver stops.
    Matrix D = X * coef.transpose();
    D.rowwise() += icpt.transpose();
    bool separated = true;
    for (Index i = 0; i < X.rows() && separated; ++i) {
      if (coef.rows() == 1) {
        separated = (y[i] == 1) == (D(i, 0) > 0) && D(i, 0) != 0;
      } else if (multinomial) {
        Index best;
        const double top = D.row(i).maxCoeff(&best);
        separated = best == y[i] && (D.row(i).array() == top).count() == 1;
      } else {  // every one-vs-rest problem separated
        for (Index c = 0; c < D.cols() && separated; ++c) separated = (y[i] == c) == (D(i, c) > 0) && D(i, c) != 0;
      }
    }
    if (separated)
      warnings.add(WarningKind::convergence, "the classes are perfectly separated, so with penalty='none' the likelihood has "
                   "no finite maximum; the coefficients stopped growing only because the solver stopped. Use a penalty "
                   "(penalty='l2') for a meaningful model");
  }
  coef_ = std::move(coef);
  intercept_ = std::move(icpt);
  n_iter_ = std::move(iters);
  n_classes_ = K;
  multinomial_ = multinomial;
  warnings_ = std::move(warnings);
  return *this;
}

Matrix LogisticRegression::decision_function(MatrixRef X) const {
  check_fitted(is_fitted(), "LogisticRegression", "decisionFunction");
  check_n_features(coef_.cols(), X);
  check_matrix(X);
  Matrix D(X.rows(), coef_.rows());
  multiply_by_transpose(X, coef_, D);
  D.rowwise() += intercept_.transpose();
  return D;
}

Matrix LogisticRegression::predict_proba(MatrixRef X) const {
  const Matrix D = decision_function(X);
  const Index n = D.rows();
  Matrix P(n, n_classes_);
  const ActivationLanes activations;
  if (D.cols() == 1) {
    for (Index i = 0; i < n; ++i) {
      const double q = activations.logistic(multinomial_ ? 2 * D(i, 0) : D(i, 0));  // softmax(−d, d) = σ(2d)
      P(i, 0) = 1 - q;
      P(i, 1) = q;
    }
  } else if (multinomial_) {
    for (Index i = 0; i < n; ++i) {
      P.row(i) = D.row(i);
      P.row(i) /= exp_below_top_in_place(activations, P.row(i).data(), P.cols(), D.row(i).maxCoeff());
    }
  } else {  // one-vs-rest: normalised sigmoids
    for (Index i = 0; i < n; ++i) {
      for (Index c = 0; c < D.cols(); ++c) P(i, c) = activations.logistic(D(i, c));
      P.row(i) /= P.row(i).sum();
    }
  }
  return P;
}

Matrix LogisticRegression::predict_log_proba(MatrixRef X) const { return det_log_of(predict_proba(X)); }

IntVector LogisticRegression::predict(MatrixRef X) const {
  const Matrix D = decision_function(X);
  IntVector out(D.rows());
  for (Index i = 0; i < D.rows(); ++i) {
    if (D.cols() == 1) {
      out[i] = D(i, 0) > 0 ? 1 : 0;
    } else {
      Index best;
      D.row(i).maxCoeff(&best);  // first maximum, as numpy.argmax
      out[i] = static_cast<int>(best);
    }
  }
  return out;
}

double LogisticRegression::objective(MatrixRef X, IntVectorRef y) const {
  return objective(X, y, Vector::Ones(y.size()));
}

double LogisticRegression::objective(MatrixRef X, IntVectorRef y, VectorRef sample_weight) const {
  check_fitted(is_fitted(), "LogisticRegression", "objective");
  check_same_rows(X.rows(), y.size());
  check_fitted_class_codes(y, n_classes_);
  check_sample_weight(sample_weight, X.rows());
  if (multinomial_ && n_classes_ == 2)
    throw InvalidArgument("objective: a two-class multinomial fit keeps one row of the softmax; compare decision values instead");
  double l1, l2, C;
  penalty_strengths(params_, l1, l2, C);
  double F = 0;
  if (multinomial_) {
    Problem pb{X, nullptr, nullptr, sample_weights(params_, y, sample_weight, n_classes_, -1), Vector(), IntVector(y), n_classes_, params_.fit_intercept, C, l1, l2};
    F = C * smooth_loss(pb, scores(pb, coef_, intercept_), nullptr) + penalty_value(pb, coef_);
  } else {
    for (Index c = 0; c < coef_.rows(); ++c) {
      const int positive = n_classes_ == 2 ? 1 : static_cast<int>(c);
      Vector t(y.size());
      for (Index i = 0; i < y.size(); ++i) t[i] = y[i] == positive ? 1.0 : 0.0;
      Problem pb{X, nullptr, nullptr, sample_weights(params_, y, sample_weight, n_classes_, positive), t, IntVector(), 1, params_.fit_intercept, C, l1, l2};
      const Matrix W = coef_.row(c);
      const Vector b = intercept_.segment(c, 1);
      F += C * smooth_loss(pb, scores(pb, W, b), nullptr) + penalty_value(pb, W);
    }
  }
  return F;
}

json LogisticRegression::state() const {
  return {{"coef", to_json(coef_)},       {"intercept", to_json(intercept_)}, {"nIter", to_json(n_iter_)},
          {"nClasses", n_classes_},       {"multinomial", multinomial_},      {"warnings", to_json(warnings_)}};
}

void LogisticRegression::load_state(const json& s) {
  Matrix c = matrix_from_json(member(s, "coef"), "coef");
  Vector b = vector_from_json(member(s, "intercept"), "intercept");
  IntVector it = int_vector_from_json(member(s, "nIter"), "nIter");
  const int k = integer_from_json<int>(member(s, "nClasses"), "nClasses", at_least(2));
  const json& multi = member(s, "multinomial");
  if (!multi.is_boolean()) throw InvalidArgument("model JSON: multinomial must be true or false");
  const Index rows = k == 2 ? 1 : k;
  if (c.rows() != rows || c.cols() == 0 || b.size() != rows)
    throw InvalidArgument("model JSON: coef must have " + std::to_string(rows) + " rows and intercept as many entries");
  if (!c.allFinite() || !b.allFinite()) throw InvalidArgument("model JSON: coef and intercept must be finite");
  coef_ = std::move(c);
  intercept_ = std::move(b);
  n_iter_ = std::move(it);
  n_classes_ = k;
  multinomial_ = multi.get<bool>();
  warnings_ = warnings_from_json(s, WarningKind::convergence);
}

}  // namespace wasmlearn
