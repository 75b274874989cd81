// Loss functions and penalties as plain functions, for plots (Friedman & Co., figures of the
// classification losses and of the constraint regions). Classification losses take margins
// m = y·f(x) with y in {-1, +1}; regression losses take residuals r = y − f(x). Each is applied
// element by element.
#pragma once
#include "wasmlearn/base/types.hpp"

namespace wasmlearn::losses {

Vector zero_one(VectorRef margins);       // 1 if m <= 0 (a sign error or on the boundary), else 0
Vector logistic(VectorRef margins);       // ln(1 + e^−m) (natural log; divide by ln 2 to pass through (0, 1))
Vector hinge(VectorRef margins);          // max(0, 1 − m)
Vector squared_hinge(VectorRef margins);  // max(0, 1 − m)²
Vector exponential(VectorRef margins);    // e^−m (AdaBoost)
Vector perceptron(VectorRef margins);     // max(0, −m)
Vector squared(VectorRef residuals);      // r²
Vector absolute(VectorRef residuals);     // |r|
Vector epsilon_insensitive(VectorRef residuals, double epsilon);  // max(0, |r| − ε), ε >= 0
Vector huber(VectorRef residuals, double delta);  // r²/2 if |r| <= δ, else δ(|r| − δ/2), δ > 0

// Penalties of the rows of W (one coefficient vector per row; a single vector is one row).
Vector l0(MatrixRef W);                         // number of non-zero entries
Vector l1(MatrixRef W);                         // Σ|w_j|
Vector l2(MatrixRef W);                         // √Σw_j² (the norm; ridge's penalty is its square)
Vector elastic_net(MatrixRef W, double l1_ratio);  // ρ Σ|w_j| + (1 − ρ)/2 Σ w_j² (scikit-learn's, per unit alpha)

}  // namespace wasmlearn::losses
