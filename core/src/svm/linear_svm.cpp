#include "wasmlearn/svm/linear_svm.hpp"

#include <cmath>
#include <string>

#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/svm/linear_describe.hpp"
#include "wasmlearn/svm/linear_solvers.hpp"

namespace wasmlearn {
namespace {

using linear_svm::LinearLoss;
using linear_svm::LinearProblem;

enum class Solver { dual, squared_primal, l1_primal };

// A penalty / loss pair the estimator accepts and the forms (dual, primal) it can be solved in.
struct Combination {
  const char* penalty;
  const char* loss;
  bool dual, primal;
};

std::string combinations_text(const std::vector<Combination>& valid) {
  std::string text;
  for (const auto& c : valid) {
    text += std::string(text.empty() ? "" : ", ") + "penalty='" + c.penalty + "' with loss='" + c.loss + "' (dual=" +
            (c.dual && c.primal ? "true or false" : c.dual ? "true" : "false") + ")";
  }
  return text;
}

// Whether to solve the dual: scikit-learn's rules for explicit values and for 'auto' (>= 1.5).
bool choose_dual(const char* estimator, const std::vector<Combination>& valid, const std::string& penalty,
                 const std::string& loss, const Dual& dual, Index n_samples, Index n_features) {
  for (const auto& c : valid) {
    if (penalty != c.penalty || loss != c.loss) continue;
    if (std::holds_alternative<DualMode>(dual)) return n_samples < n_features ? c.dual : !c.primal;
    const bool want = std::get<bool>(dual);
    if (want ? c.dual : c.primal) return want;
    throw InvalidArgument(std::string(estimator) + ": penalty='" + penalty + "' with loss='" + loss +
                          "' is not supported when dual=" + (want ? "true" : "false") + "; the valid combinations are " +
                          combinations_text(valid));
  }
  throw InvalidArgument(std::string(estimator) + ": penalty='" + penalty + "' with loss='" + loss +
                        "' is not supported; the valid combinations are " + combinations_text(valid));
}

// liblinear's data: X's rows of nonzero cost, with the constant intercept column when fitted.
struct Augmented {
  Matrix X;
  std::vector<Index> rows;  // the original row of each kept row
};
Augmented augment(MatrixRef X, VectorRef cost, const LinearSVMCommonParams& p) {
  Augmented a;
  for (Index i = 0; i < X.rows(); ++i)
    if (cost[i] > 0) a.rows.push_back(i);
  const Index bias = p.fit_intercept ? 1 : 0;
  a.X.resize(static_cast<Index>(a.rows.size()), X.cols() + bias);
  for (Index k = 0; k < a.X.rows(); ++k) {
    a.X.row(k).head(X.cols()) = X.row(a.rows[static_cast<std::size_t>(k)]);
    if (bias) a.X(k, X.cols()) = p.intercept_scaling;
  }
  return a;
}

Vector pick(VectorRef v, const std::vector<Index>& rows) {
  Vector out(static_cast<Index>(rows.size()));
  for (std::size_t k = 0; k < rows.size(); ++k) out[static_cast<Index>(k)] = v[rows[k]];
  return out;
}

// One problem per entry of targets (with its per-sample costs); returns coef rows and intercepts.
struct Fitted {
  Matrix coef;
  Vector intercept;
  int n_iter = 0;
  bool converged = true;
};
// The one-class-per-problem targets and costs of LinearSVC (liblinear's one-vs-rest).
struct Problems {
  std::vector<Vector> targets, costs;
};

Fitted solve_all(MatrixRef X, const Problems& problems, LinearLoss loss, double epsilon, Solver solver,
                 const LinearSVMCommonParams& p) {
  const Index k = static_cast<Index>(problems.targets.size());
  Fitted f{Matrix::Zero(k, X.cols()), Vector::Zero(k)};
  Random rng(static_cast<std::uint64_t>(p.random_state));
  for (Index r = 0; r < k; ++r) {
    const Augmented a = augment(X, problems.costs[static_cast<std::size_t>(r)], p);
    if (a.rows.empty()) throw InvalidArgument("sampleWeight: every sample weighs 0, so there is nothing to fit");
    const Vector target = pick(problems.targets[static_cast<std::size_t>(r)], a.rows);
    const Vector cost = pick(problems.costs[static_cast<std::size_t>(r)], a.rows);
    const LinearProblem pb{a.X, target, cost, loss, epsilon};
    linear_svm::LinearSolution s;
    switch (solver) {
      case Solver::dual: s = linear_svm::solve_dual(pb, p.tol, p.max_iter, rng); break;
      case Solver::squared_primal: s = linear_svm::solve_squared_primal(pb, p.tol, p.max_iter); break;
      case Solver::l1_primal: s = linear_svm::solve_l1_squared_hinge(pb, p.tol, p.max_iter, rng); break;
    }
    f.coef.row(r) = s.w.head(X.cols()).transpose();
    if (p.fit_intercept) f.intercept[r] = p.intercept_scaling * s.w[X.cols()];
    f.n_iter = std::max(f.n_iter, s.n_iter);
    f.converged = f.converged && s.converged;
  }
  return f;
}

// The weight vector (w, v) of row r of a fitted model, v the intercept feature's weight.
Vector solver_weights(const Matrix& coef, const Vector& intercept, Index r, const LinearSVMCommonParams& p) {
  Vector w(coef.cols() + (p.fit_intercept ? 1 : 0));
  w.head(coef.cols()) = coef.row(r).transpose();
  if (p.fit_intercept) w[coef.cols()] = intercept[r] / p.intercept_scaling;
  return w;
}

double objective_of(MatrixRef X, const Problems& problems, LinearLoss loss, double epsilon, bool l1, const Matrix& coef,
                    const Vector& intercept, const LinearSVMCommonParams& p) {
  double total = 0;
  for (std::size_t r = 0; r < problems.targets.size(); ++r) {
    const Augmented a = augment(X, problems.costs[r], p);
    const Vector target = pick(problems.targets[r], a.rows), cost = pick(problems.costs[r], a.rows);
    const LinearProblem pb{a.X, target, cost, loss, epsilon};
    total += linear_svm::linear_objective(pb, solver_weights(coef, intercept, static_cast<Index>(r), p), l1);
  }
  return total;
}

const std::vector<Combination>& svc_combinations() {
  static const std::vector<Combination> valid = {
      {"l2", "hinge", true, false}, {"l2", "squared_hinge", true, true}, {"l1", "squared_hinge", false, true}};
  return valid;
}
const std::vector<Combination>& svr_combinations() {
  static const std::vector<Combination> valid = {{"l2", "epsilon_insensitive", true, false},
                                                 {"l2", "squared_epsilon_insensitive", true, true}};
  return valid;
}

const char* svc_loss_name(LinearSVCLoss l) { return l == LinearSVCLoss::hinge ? "hinge" : "squared_hinge"; }
const char* svr_loss_name(LinearSVRLoss l) {
  return l == LinearSVRLoss::epsilon_insensitive ? "epsilon_insensitive" : "squared_epsilon_insensitive";
}

Problems svc_problems(const LinearSVCParams& p, IntVectorRef y, VectorRef sample_weight, int n_classes) {
  const std::vector<double> weight = class_weight_values(p.class_weight, y, n_classes);
  Problems out;
  const Index n = y.size();
  if (n_classes == 2) {  // one problem, class 1 positive; each class keeps its own weight
    Vector t(n), c(n);
    for (Index i = 0; i < n; ++i) {
      t[i] = y[i] == 1 ? 1.0 : -1.0;
      c[i] = p.C * sample_weight[i] * weight[static_cast<std::size_t>(y[i])];
    }
    out.targets.push_back(t);
    out.costs.push_back(c);
    return out;
  }
  for (int k = 0; k < n_classes; ++k) {
    Vector t(n), c(n);
    for (Index i = 0; i < n; ++i) {
      t[i] = y[i] == k ? 1.0 : -1.0;
      c[i] = p.C * sample_weight[i] * (y[i] == k ? weight[static_cast<std::size_t>(k)] : 1.0);
    }
    out.targets.push_back(t);
    out.costs.push_back(c);
  }
  return out;
}

Problems svr_problem(const LinearSVRParams& p, MatrixRef Y, VectorRef sample_weight) {
  if (Y.cols() != 1)
    throw InvalidArgument("LinearSVR fits one target: y must be one-dimensional, got " + std::to_string(Y.cols()) + " columns");
  return Problems{{Vector(Y.col(0))}, {Vector(p.C * sample_weight)}};
}

Solver svc_solver(const LinearSVCParams& p, Index n, Index d) {
  const bool l1 = p.penalty == LinearSVCPenalty::l1;
  const bool dual = choose_dual("LinearSVC", svc_combinations(), l1 ? "l1" : "l2", svc_loss_name(p.loss), p.dual, n, d);
  return dual ? Solver::dual : l1 ? Solver::l1_primal : Solver::squared_primal;
}

LinearLoss svc_loss(const LinearSVCParams& p) {
  return p.loss == LinearSVCLoss::hinge ? LinearLoss::hinge : LinearLoss::squared_hinge;
}
LinearLoss svr_loss(const LinearSVRParams& p) {
  return p.loss == LinearSVRLoss::epsilon_insensitive ? LinearLoss::epsilon_insensitive : LinearLoss::squared_epsilon_insensitive;
}

}  // namespace

// ---- the shared fitted model ------------------------------------------------------------------

Matrix LinearSVMBase::scores(MatrixRef X, const char* estimator, const char* method) const {
  check_fitted(is_fitted(), estimator, method);
  check_n_features(coef_.cols(), X);
  check_matrix(X);
  Matrix s = X * coef_.transpose();
  s.rowwise() += intercept_.transpose();
  return s;
}

json LinearSVMBase::state() const {
  return {{"coef", to_json(coef_)}, {"intercept", to_json(intercept_)}, {"nIter", n_iter_}, {"warnings", to_json(warnings_)}};
}

void LinearSVMBase::load_state(const json& s) {
  Matrix c = matrix_from_json(member(s, "coef"), "coef");
  Vector b = vector_from_json(member(s, "intercept"), "intercept");
  const int iters = integer_from_json<int>(member(s, "nIter"), "nIter", at_least(0));
  if (c.rows() == 0 || c.cols() == 0 || b.size() != c.rows())
    throw InvalidArgument("model JSON: coef must have at least one row and intercept one entry per row");
  if (!c.allFinite() || !b.allFinite()) throw InvalidArgument("model JSON: coef and intercept must be finite");
  coef_ = std::move(c);
  intercept_ = std::move(b);
  n_iter_ = iters;
  warnings_ = warnings_from_json(s, WarningKind::convergence);
}

void LinearSVMBase::store(const char* estimator, Matrix coef, Vector intercept, int n_iter, bool converged, int max_iter) {
  coef_ = std::move(coef);
  intercept_ = std::move(intercept);
  n_iter_ = n_iter;
  warnings_.clear();
  if (!converged)
    warnings_.add(WarningKind::convergence, std::string(estimator) + " did not converge in maxIter=" + std::to_string(max_iter) +
                  " iterations; increase maxIter (the model is usable but not optimal)");
}

// ---- LinearSVC --------------------------------------------------------------------------------

LinearSVC& LinearSVC::fit(MatrixRef X, IntVectorRef y) { return fit(X, y, Vector::Ones(y.size())); }

LinearSVC& LinearSVC::fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight) {
  check_params<LinearSVC>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  check_sample_weight(sample_weight, X.rows());
  const int K = check_class_codes(y);
  if ((y.array() != y[0]).count() == 0)
    throw InvalidArgument("LinearSVC needs samples of at least 2 classes; y holds only one class");
  const Solver solver = svc_solver(params_, X.rows(), X.cols());
  Fitted f = solve_all(X, svc_problems(params_, y, sample_weight, K), svc_loss(params_), 0.0, solver, params_);
  store("LinearSVC", std::move(f.coef), std::move(f.intercept), f.n_iter, f.converged, params_.max_iter);
  return *this;
}

Matrix LinearSVC::decision_function(MatrixRef X) const { return scores(X, "LinearSVC", "decisionFunction"); }

IntVector LinearSVC::predict(MatrixRef X) const {
  const Matrix s = scores(X, "LinearSVC", "predict");
  IntVector out(s.rows());
  for (Index i = 0; i < s.rows(); ++i) {
    if (s.cols() == 1) {
      out[i] = s(i, 0) > 0 ? 1 : 0;
    } else {
      Index best;
      s.row(i).maxCoeff(&best);
      out[i] = static_cast<int>(best);
    }
  }
  return out;
}

double LinearSVC::objective(MatrixRef X, IntVectorRef y, VectorRef sample_weight) const {
  check_fitted(is_fitted(), "LinearSVC", "objective");
  check_same_rows(X.rows(), y.size());
  check_fitted_class_codes(y, n_classes());
  check_sample_weight(sample_weight, X.rows());
  return objective_of(X, svc_problems(params_, y, sample_weight, n_classes()), svc_loss(params_), 0.0,
                      params_.penalty == LinearSVCPenalty::l1, coef_, intercept_, params_);
}

// ---- LinearSVR --------------------------------------------------------------------------------

LinearSVR& LinearSVR::fit(MatrixRef X, MatrixRef Y) { return fit(X, Y, Vector::Ones(Y.rows())); }

LinearSVR& LinearSVR::fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight) {
  check_params<LinearSVR>(params_);
  if (!(params_.epsilon >= 0)) throw InvalidArgument("epsilon must be at least 0, got " + format_number(params_.epsilon));
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  check_sample_weight(sample_weight, X.rows());
  const Problems problem = svr_problem(params_, Y, sample_weight);
  const bool dual = choose_dual("LinearSVR", svr_combinations(), "l2", svr_loss_name(params_.loss), params_.dual, X.rows(), X.cols());
  Fitted f = solve_all(X, problem, svr_loss(params_), params_.epsilon, dual ? Solver::dual : Solver::squared_primal, params_);
  store("LinearSVR", std::move(f.coef), std::move(f.intercept), f.n_iter, f.converged, params_.max_iter);
  return *this;
}

Matrix LinearSVR::predict(MatrixRef X) const { return scores(X, "LinearSVR", "predict"); }

double LinearSVR::objective(MatrixRef X, MatrixRef Y, VectorRef sample_weight) const {
  check_fitted(is_fitted(), "LinearSVR", "objective");
  check_same_rows(X.rows(), Y.rows());
  check_sample_weight(sample_weight, X.rows());
  return objective_of(X, svr_problem(params_, Y, sample_weight), svr_loss(params_), params_.epsilon, false, coef_, intercept_,
                      params_);
}

}  // namespace wasmlearn
