#include "wasmlearn/svm/platt.hpp"

#include <cmath>
#include <utility>
#include <vector>

#include "wasmlearn/base/det_math.hpp"

namespace wasmlearn {

namespace {

// log(1 + e^z) − (1 − t)·z, the negative log-likelihood of target t at z = a·f + b, written so that
// no exponent is positive.
double sample_loss(double z, double t) {
  return z >= 0 ? t * z + det_log(1 + det_exp(-z)) : (t - 1) * z + det_log(1 + det_exp(z));
}

// P(positive) = 1 / (1 + e^z), again through a non-positive exponent.
double positive_probability(double z) {
  if (z >= 0) {
    const double e = det_exp(-z);
    return e / (1 + e);
  }
  return 1 / (1 + det_exp(z));
}

}  // namespace

double Sigmoid::probability(double f) const { return positive_probability(a * f + b); }

Sigmoid fit_sigmoid(VectorRef decision, const std::vector<bool>& positive) {
  const Index n = decision.size();
  double n_positive = 0;
  for (Index i = 0; i < n; ++i) n_positive += positive[static_cast<std::size_t>(i)];
  const double n_negative = static_cast<double>(n) - n_positive;
  // Platt's targets keep a separable training set from driving a to infinity.
  const double high = (n_positive + 1) / (n_positive + 2), low = 1 / (n_negative + 2);
  Vector target(n);
  for (Index i = 0; i < n; ++i) target[i] = positive[static_cast<std::size_t>(i)] ? high : low;
  auto loss = [&](const Sigmoid& s) {
    double sum = 0;
    for (Index i = 0; i < n; ++i) sum += sample_loss(s.a * decision[i] + s.b, target[i]);
    return sum;
  };
  constexpr int kMaxIterations = 100;
  constexpr double kMinStep = 1e-10, kRidge = 1e-12, kGradientTol = 1e-5, kArmijo = 1e-4;
  // Start from a = 0 and the b of the class ratio alone.
  Sigmoid s{0, det_log((n_negative + 1) / (n_positive + 1))};
  double current = loss(s);
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    // Gradient and Hessian of the loss in (a, b); dloss/dz = t − p, d²loss/dz² = p(1 − p).
    double haa = kRidge, hbb = kRidge, hab = 0, ga = 0, gb = 0;
    for (Index i = 0; i < n; ++i) {
      const double f = decision[i], p = s.probability(f), curvature = p * (1 - p), slope = target[i] - p;
      haa += f * f * curvature;
      hab += f * curvature;
      hbb += curvature;
      ga += f * slope;
      gb += slope;
    }
    if (std::fabs(ga) < kGradientTol && std::fabs(gb) < kGradientTol) break;
    const double det = haa * hbb - hab * hab;
    const double da = -(hbb * ga - hab * gb) / det, db = -(haa * gb - hab * ga) / det;
    const double descent = ga * da + gb * db;
    // Backtracking: halve the Newton step until the loss falls enough (Armijo's rule).
    double step = 1;
    for (; step >= kMinStep; step /= 2) {
      const Sigmoid trial{s.a + step * da, s.b + step * db};
      const double trial_loss = loss(trial);
      if (trial_loss < current + kArmijo * step * descent) {
        s = trial;
        current = trial_loss;
        break;
      }
    }
    if (step < kMinStep) break;  // no step decreases the loss: as close to the optimum as doubles allow
  }
  return s;
}

Vector couple_pairwise(const Matrix& r) {
  const Index k = r.rows();
  // Q(i, i) = Σ_{j≠i} r_ji², Q(i, j) = −r_ji·r_ij; pᵀQp is the objective. Q is singular exactly when
  // the estimates are consistent (then pᵀQp = 0 at the answer), so the minimiser on Σp = 1 comes from
  // the bordered system [Q e; eᵀ 0] [p; λ] = [0; 1], which stays regular; its solution is
  // non-negative when every r_ij > 0 (Wu, Lin & Weng, Theorem 3).
  Matrix m = Matrix::Zero(k + 1, k + 2);  // the system with its right-hand side as the last column
  for (Index i = 0; i < k; ++i) {
    for (Index j = 0; j < k; ++j)
      if (i != j) {
        m(i, i) += r(j, i) * r(j, i);
        m(i, j) = -r(j, i) * r(i, j);
      }
    m(i, k) = m(k, i) = 1;
  }
  m(k, k + 1) = 1;
  // Gaussian elimination with partial pivoting, written out so both builds round alike.
  for (Index c = 0; c <= k; ++c) {
    Index pivot = c;
    for (Index i = c + 1; i <= k; ++i)
      if (std::fabs(m(i, c)) > std::fabs(m(pivot, c))) pivot = i;
    if (pivot != c)
      for (Index j = c; j <= k + 1; ++j) std::swap(m(c, j), m(pivot, j));
    for (Index i = c + 1; i <= k; ++i) {
      const double factor = m(i, c) / m(c, c);
      for (Index j = c; j <= k + 1; ++j) m(i, j) -= factor * m(c, j);
    }
  }
  Vector x(k + 1);
  for (Index i = k; i >= 0; --i) {
    double v = m(i, k + 1);
    for (Index j = i + 1; j <= k; ++j) v -= m(i, j) * x[j];
    x[i] = v / m(i, i);
  }
  return x.head(k);
}

}  // namespace wasmlearn
