// The solvers behind LinearSVC and LinearSVR, after liblinear's design (Hsieh et al. 2008 for the
// dual, Keerthi & DeCoste 2005 for the smooth primal, Yuan et al. 2010 for the L1 primal). Every
// problem is liblinear's: the rows of X may carry an extra constant column (the intercept as a
// penalised feature), sample i weighs cost[i] (> 0; rows of cost 0 are dropped by the caller), and
//   L2 problems  min_w ½‖w‖² + Σ costᵢ·loss(zᵢ),   L1 problem  min_w ‖w‖₁ + Σ costᵢ·loss(zᵢ),
// with zᵢ = xᵢ·w and loss one of LinearLoss against target tᵢ (±1 for classification).
#pragma once
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn::linear_svm {

enum class LinearLoss {
  hinge,                        // max(0, 1 − t·z)
  squared_hinge,                // max(0, 1 − t·z)²
  epsilon_insensitive,          // max(0, |t − z| − ε)
  squared_epsilon_insensitive,  // max(0, |t − z| − ε)²
};

struct LinearProblem {
  MatrixRef X;  // n x d, row-major
  VectorRef target;
  VectorRef cost;
  LinearLoss loss;
  double epsilon = 0;  // the ε-insensitive losses' tube half-width
};

struct LinearSolution {
  Vector w;
  int n_iter = 0;
  bool converged = false;
};

// Dual coordinate descent with a random order per sweep (drawn from rng) and shrinking; every loss.
// Classification stops when the projected gradient's spread max − min is at most tol; regression
// when its 1-norm is at most tol times the first sweep's (liblinear's rules). max_iter: sweeps.
LinearSolution solve_dual(const LinearProblem& problem, double tol, int max_iter, Random& rng);

// The squared losses in the primal with the L2 penalty: Newton steps on the generalised Hessian
// (I + Σ over active samples of 2·costᵢ·xᵢxᵢᵀ) with a backtracking line search; stops when
// ‖∇‖ <= tol·‖∇ at w = 0‖. max_iter: Newton steps.
LinearSolution solve_squared_primal(const LinearProblem& problem, double tol, int max_iter);

// L1 penalty with the squared hinge: coordinate descent on the features in a random order per sweep,
// one Newton step per coordinate with a line search; stops when the 1-norm of the minimum-norm
// subgradient is at most tol times the first sweep's. max_iter: sweeps.
LinearSolution solve_l1_squared_hinge(const LinearProblem& problem, double tol, int max_iter, Random& rng);

// The objective above at w (L1 penalty when l1 is true).
double linear_objective(const LinearProblem& problem, const Vector& w, bool l1);

}  // namespace wasmlearn::linear_svm
