#include "wasmlearn/svm/linear_solvers.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

namespace wasmlearn::linear_svm {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool is_squared(LinearLoss loss) { return loss == LinearLoss::squared_hinge || loss == LinearLoss::squared_epsilon_insensitive; }
bool is_regression(LinearLoss loss) { return loss == LinearLoss::epsilon_insensitive || loss == LinearLoss::squared_epsilon_insensitive; }

// One sample's loss at z with its derivative in z and, for the squared losses, the generalised
// second derivative (0 outside the active region).
struct LossTerm {
  double value, slope, curvature;
};
LossTerm loss_at(const LinearProblem& pb, double t, double z) {
  double excess, direction;  // the part of the loss inside max(0, ·) and its derivative's sign
  if (is_regression(pb.loss)) {
    excess = std::abs(z - t) - pb.epsilon;
    direction = z >= t ? 1.0 : -1.0;
  } else {
    excess = 1.0 - t * z;
    direction = -t;
  }
  if (excess <= 0) return {0, 0, 0};
  if (is_squared(pb.loss)) return {excess * excess, 2 * excess * direction, 2};
  return {excess, direction, 0};
}

// The dual's box [−upper, upper] (classification: [0, upper]) and diagonal shift per sample:
// hinge-like losses bound the dual variables by the cost; squared ones add 1/(2·cost) instead.
struct DualBox {
  Vector upper, shift, diag;  // diag: xᵢ·xᵢ + shift
};
DualBox dual_box(const LinearProblem& pb) {
  const Index n = pb.X.rows();
  DualBox box{Vector(n), Vector(n), Vector(n)};
  for (Index i = 0; i < n; ++i) {
    box.upper[i] = is_squared(pb.loss) ? kInf : pb.cost[i];
    box.shift[i] = is_squared(pb.loss) ? 0.5 / pb.cost[i] : 0.0;
    box.diag[i] = pb.X.row(i).squaredNorm() + box.shift[i];
  }
  return box;
}

// The samples still in play, in a random order per sweep; shrink() moves the one at position s out
// of the active range (the caller then revisits position s).
struct ActiveSet {
  std::vector<Index> order;
  Index size;
  explicit ActiveSet(Index n) : order(static_cast<std::size_t>(n)), size(n) { std::iota(order.begin(), order.end(), Index{0}); }
  void shuffle(Random& rng) { rng.shuffle(order.begin(), order.begin() + size); }
  void shrink(Index& s) {
    --size;
    std::swap(order[static_cast<std::size_t>(s)], order[static_cast<std::size_t>(size)]);
    --s;
  }
  // At a passed stopping test: true when no sample was left out; else the shrunk samples come back
  // for a final check and the sweeps go on.
  bool all_checked() {
    if (size == static_cast<Index>(order.size())) return true;
    size = static_cast<Index>(order.size());
    return false;
  }
};

// min ½αᵀQα − Σα, 0 <= α <= upper, Q = (tᵢtⱼ xᵢ·xⱼ) + diag(shift); w = Σ tᵢαᵢxᵢ.
LinearSolution dual_classification(const LinearProblem& pb, double tol, int max_iter, Random& rng) {
  const Index n = pb.X.rows();
  const DualBox box = dual_box(pb);
  Vector alpha = Vector::Zero(n);
  LinearSolution out{Vector::Zero(pb.X.cols()), 0, false};
  ActiveSet active(n);
  double pg_max_old = kInf, pg_min_old = -kInf;
  while (out.n_iter < max_iter) {
    double pg_max = -kInf, pg_min = kInf;
    active.shuffle(rng);
    for (Index s = 0; s < active.size; ++s) {
      const Index i = active.order[static_cast<std::size_t>(s)];
      const double t = pb.target[i];
      const double g = t * pb.X.row(i).dot(out.w) - 1 + box.shift[i] * alpha[i];
      double pg = g;  // the gradient projected on the box
      if (alpha[i] == 0) {
        if (g > pg_max_old) { active.shrink(s); continue; }
        pg = std::min(g, 0.0);
      } else if (alpha[i] == box.upper[i]) {
        if (g < pg_min_old) { active.shrink(s); continue; }
        pg = std::max(g, 0.0);
      }
      pg_max = std::max(pg_max, pg);
      pg_min = std::min(pg_min, pg);
      if (std::abs(pg) <= 1e-12) continue;
      const double previous = alpha[i];
      // A zero row under the hinge: the objective is linear in αᵢ, so αᵢ goes to its bound.
      alpha[i] = box.diag[i] > 0 ? std::clamp(alpha[i] - g / box.diag[i], 0.0, box.upper[i]) : box.upper[i];
      out.w.noalias() += ((alpha[i] - previous) * t) * pb.X.row(i).transpose();
    }
    ++out.n_iter;
    if (pg_max - pg_min <= tol) {
      if (active.all_checked()) { out.converged = true; break; }
      pg_max_old = kInf;
      pg_min_old = -kInf;
      continue;
    }
    pg_max_old = pg_max <= 0 ? kInf : pg_max;
    pg_min_old = pg_min >= 0 ? -kInf : pg_min;
  }
  return out;
}

// min ½βᵀQβ − Σtᵢβᵢ + ε‖β‖₁, −upper <= β <= upper, Q = (xᵢ·xⱼ) + diag(shift); w = Σβᵢxᵢ.
LinearSolution dual_regression(const LinearProblem& pb, double tol, int max_iter, Random& rng) {
  const Index n = pb.X.rows();
  const DualBox box = dual_box(pb);
  Vector beta = Vector::Zero(n);
  LinearSolution out{Vector::Zero(pb.X.cols()), 0, false};
  ActiveSet active(n);
  double violation_max_old = kInf, violation_sum_first = 0;
  while (out.n_iter < max_iter) {
    double violation_max = 0, violation_sum = 0;
    active.shuffle(rng);
    for (Index s = 0; s < active.size; ++s) {
      const Index i = active.order[static_cast<std::size_t>(s)];
      const double g = pb.X.row(i).dot(out.w) - pb.target[i] + box.shift[i] * beta[i];
      const double g_plus = g + pb.epsilon, g_minus = g - pb.epsilon;  // one-sided derivatives at βᵢ = 0
      double violation = 0;
      if (beta[i] == 0) {
        if (g_plus < 0) violation = -g_plus;
        else if (g_minus > 0) violation = g_minus;
        else if (g_plus > violation_max_old && g_minus < -violation_max_old) { active.shrink(s); continue; }
      } else if (beta[i] >= box.upper[i]) {
        if (g_plus < -violation_max_old) { active.shrink(s); continue; }
        violation = std::max(g_plus, 0.0);
      } else if (beta[i] <= -box.upper[i]) {
        if (g_minus > violation_max_old) { active.shrink(s); continue; }
        violation = std::max(-g_minus, 0.0);
      } else {
        violation = std::abs(beta[i] > 0 ? g_plus : g_minus);
      }
      violation_max = std::max(violation_max, violation);
      violation_sum += violation;
      // Newton step on the one-dimensional piecewise quadratic, kept in the box.
      const double h = box.diag[i], previous = beta[i];
      double step = -beta[i];
      if (h > 0 && g_plus < h * beta[i]) step = -g_plus / h;
      else if (h > 0 && g_minus > h * beta[i]) step = -g_minus / h;
      beta[i] = std::clamp(beta[i] + step, -box.upper[i], box.upper[i]);
      if (beta[i] != previous) out.w.noalias() += (beta[i] - previous) * pb.X.row(i).transpose();
    }
    if (out.n_iter == 0) violation_sum_first = violation_sum;
    ++out.n_iter;
    if (violation_sum <= tol * violation_sum_first) {
      if (active.all_checked()) { out.converged = true; break; }
      violation_max_old = kInf;
      continue;
    }
    violation_max_old = violation_max;
  }
  return out;
}

}  // namespace

LinearSolution solve_dual(const LinearProblem& problem, double tol, int max_iter, Random& rng) {
  return is_regression(problem.loss) ? dual_regression(problem, tol, max_iter, rng)
                                     : dual_classification(problem, tol, max_iter, rng);
}

double linear_objective(const LinearProblem& pb, const Vector& w, bool l1) {
  double total = l1 ? w.lpNorm<1>() : 0.5 * w.squaredNorm();
  const Vector z = pb.X * w;
  for (Index i = 0; i < pb.X.rows(); ++i) total += pb.cost[i] * loss_at(pb, pb.target[i], z[i]).value;
  return total;
}

LinearSolution solve_squared_primal(const LinearProblem& pb, double tol, int max_iter) {
  const Index n = pb.X.rows(), d = pb.X.cols();
  LinearSolution out{Vector::Zero(d), 0, false};
  auto gradient_at = [&](const Vector& w, Vector& z) {
    z.noalias() = pb.X * w;
    Vector slope(n);
    for (Index i = 0; i < n; ++i) slope[i] = pb.cost[i] * loss_at(pb, pb.target[i], z[i]).slope;
    Vector g = w;
    g.noalias() += pb.X.transpose() * slope;
    return g;
  };
  Vector z(n);
  Vector g = gradient_at(out.w, z);
  const double stop = tol * g.norm();
  double f = linear_objective(pb, out.w, false);
  Matrix active_rows(n, d);
  while (out.n_iter < max_iter) {
    if (g.norm() <= stop) { out.converged = true; break; }
    // Generalised Hessian I + Σ costᵢ·curvatureᵢ·xᵢxᵢᵀ over the samples whose loss is active.
    Index m = 0;
    for (Index i = 0; i < n; ++i) {
      const double c = pb.cost[i] * loss_at(pb, pb.target[i], z[i]).curvature;
      if (c > 0) active_rows.row(m++) = std::sqrt(c) * pb.X.row(i);
    }
    Matrix hessian = Matrix::Identity(d, d);
    hessian.noalias() += active_rows.topRows(m).transpose() * active_rows.topRows(m);
    const Vector step = -hessian.ldlt().solve(g);
    const double slope = g.dot(step);
    double t = 1, f_new = f;
    Vector w_new;
    for (int halvings = 0; halvings < 60; ++halvings, t *= 0.5) {  // Armijo backtracking
      w_new = out.w + t * step;
      f_new = linear_objective(pb, w_new, false);
      if (f_new <= f + 1e-4 * t * slope) break;
    }
    ++out.n_iter;
    if (!(f_new < f)) {  // no decrease left in floating point: the step is below rounding
      out.converged = g.norm() <= std::max(stop, 1e-10 * (1 + f));
      break;
    }
    out.w = std::move(w_new);
    f = f_new;
    g = gradient_at(out.w, z);
  }
  return out;
}

LinearSolution solve_l1_squared_hinge(const LinearProblem& pb, double tol, int max_iter, Random& rng) {
  const Index n = pb.X.rows(), d = pb.X.cols();
  const Eigen::MatrixXd columns = pb.X;  // column access for the coordinate steps
  LinearSolution out{Vector::Zero(d), 0, false};
  Vector margin = Vector::Ones(n);  // 1 − tᵢ·zᵢ
  std::vector<Index> order(static_cast<std::size_t>(d));
  std::iota(order.begin(), order.end(), Index{0});
  double violation_sum_first = 0;
  Vector trial(n);
  while (out.n_iter < max_iter) {
    double violation_sum = 0;
    rng.shuffle(order.begin(), order.end());
    for (Index j : order) {
      const auto xj = columns.col(j);
      double grad = 0, curv = 1e-12;
      for (Index i = 0; i < n; ++i)
        if (margin[i] > 0) {
          const double tx = pb.target[i] * xj[i];
          grad -= 2 * pb.cost[i] * margin[i] * tx;
          curv += 2 * pb.cost[i] * tx * tx;
        }
      const double wj = out.w[j], g_plus = grad + 1, g_minus = grad - 1;
      if (wj > 0) violation_sum += std::abs(g_plus);
      else if (wj < 0) violation_sum += std::abs(g_minus);
      else violation_sum += std::max({-g_plus, g_minus, 0.0});
      // Newton direction of the coordinate's quadratic model plus |wⱼ + d|.
      double step = -wj;
      if (g_plus < curv * wj) step = -g_plus / curv;
      else if (g_minus > curv * wj) step = -g_minus / curv;
      if (std::abs(step) < 1e-12) continue;
      for (int halvings = 0; halvings < 30; ++halvings, step *= 0.5) {
        // The loss change summed term by term, so that it stays accurate when it is tiny.
        double loss_change = 0;
        for (Index i = 0; i < n; ++i) {
          trial[i] = margin[i] - step * pb.target[i] * xj[i];
          const double before = std::max(margin[i], 0.0), after = std::max(trial[i], 0.0);
          loss_change += pb.cost[i] * (after - before) * (after + before);
        }
        const double penalty_change = std::abs(wj + step) - std::abs(wj);
        if (penalty_change + loss_change <= 0.01 * (grad * step + penalty_change)) {
          out.w[j] = wj + step;
          margin.swap(trial);
          break;
        }
      }
    }
    if (out.n_iter == 0) violation_sum_first = violation_sum;
    ++out.n_iter;
    if (violation_sum <= tol * violation_sum_first) { out.converged = true; break; }
  }
  return out;
}

}  // namespace wasmlearn::linear_svm
