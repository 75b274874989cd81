// The Moré–Thuente line search as MINPACK-2 specifies it (its search and step routines) and as
// scipy's L-BFGS-B calls it: sufficient decrease `ftol`, curvature `wolfe`, relative interval width
// 0.1, the modified function ψ(α) = f(α) − f(0) − α·ftol·f'(0) until a step with ψ ≤ 0 and f' ≥ 0 is
// seen, bisection when the interval does not shrink by 0.66 in two trials, extrapolation to
// [1.1, 4]·(α − α_x) before a bracket. LBFGSpp's own Moré–Thuente variant takes other trial steps, so
// the paths of a non-convex loss (an MLP's) parted from scikit-learn's after a few iterations and could
// end in another local minimum; with this one they follow scipy's. LogisticRegression's lbfgs uses it
// too (fewer evaluations than LBFGSpp's variant, as scipy's).
// A policy for LBFGSpp's solvers (LBFGSBSolver<double, MinpackLineSearch>): the same call as theirs.
#pragma once
#include <LBFGSpp/Param.h>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace wasmlearn {

template <class Scalar>
class MinpackLineSearch {
  using Vector = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;
  // MINPACK-2's constants: the bracket's smallest relative width, the share of the interval a step
  // may take (else bisection), and the extrapolation's bounds as multiples of α − α_x.
  static constexpr Scalar kRelativeWidth = Scalar(0.1), kShrink = Scalar(0.66), kExtrapolateMin = Scalar(1.1),
                          kExtrapolateMax = Scalar(4);

  // The best step so far (x), the other end of the interval (y), the trial (t): step, value, slope.
  struct Point {
    Scalar step, value, slope;
  };

  // θ of the cubic through a and b, its terms in MINPACK-2's order (the same bits as scipy's).
  static Scalar theta_of(const Point& a, const Point& b) {
    return 3 * (a.value - b.value) / (b.step - a.step) + a.slope + b.slope;
  }

  // The cubic's minimiser through a and b (θ given), as the fraction r of the way from a to b.
  static Scalar cubic_fraction(const Point& a, const Point& b, Scalar theta) {
    const Scalar s = std::max({std::abs(theta), std::abs(a.slope), std::abs(b.slope)});
    Scalar gamma = s * std::sqrt((theta / s) * (theta / s) - (a.slope / s) * (b.slope / s));
    if (b.step < a.step) gamma = -gamma;
    const Scalar p = (gamma - a.slope) + theta;
    const Scalar q = ((gamma - a.slope) + gamma) + b.slope;
    return p / q;
  }

  // One safeguarded step: the next trial from the interval's ends x, y and the trial t (the four
  // cases of Moré and Thuente, §4), and the interval updated with t.
  static Scalar next_step(Point& x, Point& y, const Point& t, bool& bracketed, Scalar lo, Scalar hi) {
    const Scalar sign = t.slope * (x.slope / std::abs(x.slope));
    Scalar next;
    if (t.value > x.value) {  // 1: a higher value, the minimum is bracketed
      const Scalar cubic = x.step + cubic_fraction(x, t, theta_of(x, t)) * (t.step - x.step);
      const Scalar quadratic =
          x.step + ((x.slope / ((x.value - t.value) / (t.step - x.step) + x.slope)) / 2) * (t.step - x.step);
      next = std::abs(cubic - x.step) < std::abs(quadratic - x.step) ? cubic : cubic + (quadratic - cubic) / 2;
      bracketed = true;
    } else if (sign < 0) {  // 2: slopes of opposite signs, bracketed
      const Scalar cubic = t.step + cubic_fraction(t, x, theta_of(x, t)) * (x.step - t.step);
      const Scalar secant = t.step + (t.slope / (t.slope - x.slope)) * (x.step - t.step);
      next = std::abs(cubic - t.step) > std::abs(secant - t.step) ? cubic : secant;
      bracketed = true;
    } else if (std::abs(t.slope) < std::abs(x.slope)) {  // 3: the slope's size decreases
      const Scalar theta = theta_of(x, t);
      const Scalar s = std::max({std::abs(theta), std::abs(x.slope), std::abs(t.slope)});
      Scalar gamma = s * std::sqrt(std::max(Scalar(0), (theta / s) * (theta / s) - (x.slope / s) * (t.slope / s)));
      if (t.step > x.step) gamma = -gamma;
      const Scalar r = ((gamma - t.slope) + theta) / ((gamma + (x.slope - t.slope)) + gamma);
      Scalar cubic;
      if (r < 0 && gamma != 0) cubic = t.step + r * (x.step - t.step);
      else cubic = t.step > x.step ? hi : lo;
      const Scalar secant = t.step + (t.slope / (t.slope - x.slope)) * (x.step - t.step);
      if (bracketed) {
        next = std::abs(cubic - t.step) < std::abs(secant - t.step) ? cubic : secant;
        const Scalar limit = t.step + kShrink * (y.step - t.step);
        next = t.step > x.step ? std::min(limit, next) : std::max(limit, next);
      } else {
        next = std::abs(cubic - t.step) > std::abs(secant - t.step) ? cubic : secant;
        next = std::max(lo, std::min(hi, next));
      }
    } else if (bracketed) {  // 4: the slope does not decrease, bracketed: the cubic through t and y
      next = t.step + cubic_fraction(t, y, theta_of(y, t)) * (y.step - t.step);
    } else {
      next = t.step > x.step ? hi : lo;
    }
    if (t.value > x.value) {
      y = t;
    } else {
      if (sign < 0) y = x;
      x = t;
    }
    return next;
  }

 public:
  // LBFGSpp's line-search call: from xp along drt, starting at `step` (≤ step_max); on return x, fx,
  // grad and step are the accepted point's. Throws when `max_linesearch` evaluations find none (the
  // solver's caller keeps the best point seen).
  template <class Function>
  static void LineSearch(Function& f, Scalar& fx, Vector& x, Vector& grad, Scalar& step, const Scalar& step_max,
                         const Vector& drt, const Vector& xp, const LBFGSpp::LBFGSBParam<Scalar>& param) {
    const Scalar slope0 = grad.dot(drt);
    if (slope0 >= 0) throw std::logic_error("the moving direction does not decrease the objective function value");
    const Scalar value0 = fx, decrease = param.ftol * slope0, min_step = 0;
    bool bracketed = false, second_stage = false;
    Scalar width = step_max - min_step, previous_width = 2 * width;
    Point best{0, value0, slope0}, other{0, value0, slope0};
    Scalar lo = 0, hi = step + kExtrapolateMax * step;
    // A bracket whose trial is at or past its ends, or too narrow: no further progress.
    const auto stalled = [&] { return bracketed && (step <= lo || step >= hi || hi - lo <= kRelativeWidth * hi); };
    for (int evaluation = 0; evaluation < param.max_linesearch; ++evaluation) {
      x.noalias() = xp + step * drt;
      fx = f(x, grad);
      const Scalar slope = grad.dot(drt);
      const Scalar sufficient = value0 + step * decrease;
      if (!second_stage && fx <= sufficient && slope >= 0) second_stage = true;
      // MINPACK-2's warnings end the search at this step as its convergence does.
      if (stalled()) return;
      if (step == step_max && fx <= sufficient && slope <= decrease) return;
      if (step == min_step && (fx > sufficient || slope >= decrease)) return;
      if (fx <= sufficient && std::abs(slope) <= param.wolfe * -slope0) return;
      if (!second_stage && fx <= best.value && fx > sufficient) {
        // ψ's values and slopes, then back to f's.
        const auto modified = [&](const Point& p) { return Point{p.step, p.value - p.step * decrease, p.slope - decrease}; };
        Point mx = modified(best), my = modified(other);
        step = next_step(mx, my, modified({step, fx, slope}), bracketed, lo, hi);
        best = {mx.step, mx.value + mx.step * decrease, mx.slope + decrease};
        other = {my.step, my.value + my.step * decrease, my.slope + decrease};
      } else {
        step = next_step(best, other, {step, fx, slope}, bracketed, lo, hi);
      }
      if (bracketed) {
        if (std::abs(other.step - best.step) >= kShrink * previous_width)
          step = best.step + (other.step - best.step) / 2;
        previous_width = width;
        width = std::abs(other.step - best.step);
        lo = std::min(best.step, other.step);
        hi = std::max(best.step, other.step);
      } else {
        lo = step + kExtrapolateMin * (step - best.step);
        hi = step + kExtrapolateMax * (step - best.step);
      }
      step = std::min(std::max(step, min_step), step_max);
      if (stalled()) step = best.step;
    }
    throw std::runtime_error("the line search found no acceptable step within max_linesearch evaluations");
  }
};

}  // namespace wasmlearn
