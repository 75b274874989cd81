#include "wasmlearn/linear_model/losses.hpp"

#include <algorithm>
#include <cmath>

#include "wasmlearn/base/activation_lanes.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn::losses {
namespace {

template <class F>
Vector each(VectorRef v, const char* name, F f) {
  check_finite(v, name);
  Vector out(v.size());
  for (Index i = 0; i < v.size(); ++i) out[i] = f(v[i]);
  return out;
}

void check_rows(MatrixRef W) {
  if (W.cols() == 0) throw InvalidArgument("w is empty");
  for (Index i = 0; i < W.rows(); ++i) check_finite(W.row(i).transpose(), "w");
}

}  // namespace

Vector zero_one(VectorRef m) { return each(m, "margins", [](double x) { return x <= 0 ? 1.0 : 0.0; }); }
Vector logistic(VectorRef m) {
  // Stable both ways: ln(1 + e^−m) = max(−m, 0) + ln(1 + e^−|m|).
  const ActivationLanes activations;
  return each(m, "margins", [&](double x) {
    return std::max(-x, 0.0) + activations.log1p_of_unit(activations.exp_of_nonpositive(std::min(x, -x)));
  });
}
Vector hinge(VectorRef m) { return each(m, "margins", [](double x) { return std::max(0.0, 1 - x); }); }
Vector squared_hinge(VectorRef m) {
  return each(m, "margins", [](double x) {
    const double h = std::max(0.0, 1 - x);
    return h * h;
  });
}
Vector exponential(VectorRef m) { return each(m, "margins", [](double x) { return det_exp(-x); }); }
Vector perceptron(VectorRef m) { return each(m, "margins", [](double x) { return std::max(0.0, -x); }); }
Vector squared(VectorRef r) { return each(r, "residuals", [](double x) { return x * x; }); }
Vector absolute(VectorRef r) { return each(r, "residuals", [](double x) { return std::abs(x); }); }
Vector epsilon_insensitive(VectorRef r, double epsilon) {
  if (!(epsilon >= 0) || !std::isfinite(epsilon)) throw InvalidArgument("epsilon must be at least 0, got " + format_number(epsilon));
  return each(r, "residuals", [epsilon](double x) { return std::max(0.0, std::abs(x) - epsilon); });
}
Vector huber(VectorRef r, double delta) {
  if (!(delta > 0) || !std::isfinite(delta)) throw InvalidArgument("delta must be greater than 0, got " + format_number(delta));
  return each(r, "residuals", [delta](double x) {
    const double a = std::abs(x);
    return a <= delta ? 0.5 * x * x : delta * (a - 0.5 * delta);
  });
}

Vector l0(MatrixRef W) {
  check_rows(W);
  return (W.array() != 0).cast<double>().rowwise().sum();
}
Vector l1(MatrixRef W) {
  check_rows(W);
  return W.cwiseAbs().rowwise().sum();
}
Vector l2(MatrixRef W) {
  check_rows(W);
  return W.rowwise().norm();
}
Vector elastic_net(MatrixRef W, double l1_ratio) {
  if (!(l1_ratio >= 0 && l1_ratio <= 1)) throw InvalidArgument("l1Ratio must be in [0, 1], got " + format_number(l1_ratio));
  check_rows(W);
  return l1_ratio * W.cwiseAbs().rowwise().sum().array() + (1 - l1_ratio) / 2 * W.rowwise().squaredNorm().array();
}

}  // namespace wasmlearn::losses
