// Lasso and elastic net by coordinate descent, as scikit-learn's Lasso, ElasticNet, lasso_path and
// enet_path (sklearn/linear_model/_cd_fast.pyx: same updates, same duality-gap stopping rule).
//
// Objective (scikit-learn's), for each output independently:
//     (1/2n)·‖y − Xw − b‖² + α·ρ·‖w‖₁ + ½·α·(1 − ρ)·‖w‖²        (ρ = l1Ratio; Lasso is ρ = 1)
// In the chapter's notation (F&C §7: sum-of-squares loss plus λ times the penalty) multiply by 2n:
//     ‖y − Xw − b‖² + λ₁‖w‖₁ + λ₂‖w‖²   with   λ₁ = 2n·α·ρ,   λ₂ = n·α·(1 − ρ),
// so the chapter's lasso λ is 2n·α (α = λ / 2n) and its ridge λ is n·α(1 − ρ). The intercept b is
// never penalised: with fitIntercept, X and y are centred first and b = ȳ − x̄·w afterwards.
//
// The coordinate-descent kernel works on n·(objective): per coordinate j, with the partial residual
// r₋ⱼ = y − Σₖ≠ⱼ xₖwₖ,  wⱼ ← S(xⱼ·r₋ⱼ, nαρ) / (‖xⱼ‖² + nα(1−ρ))  (S: soft threshold; clipped at 0
// with `positive`). A sweep ends the loop when max|Δw|/max|w| < tol (or all w are 0); the duality
// gap is then computed and the fit stops when gap < tol·‖y‖² (scikit-learn's rule, in the same
// n-scaled units). The reported dualGap is gap / n, as scikit-learn's dual_gap_.
// When n > p the kernel runs on the Gram matrix XᵀX and Xᵀy (as lasso_path's precompute='auto'),
// each sweep then costing O(p²) instead of O(np); the iterates are the same in exact arithmetic.
#pragma once
#include <optional>
#include <vector>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"
#include "wasmlearn/linear_model/linear_regression.hpp"

namespace wasmlearn {

enum class CDSelection { cyclic, random };

// Result of one coordinate-descent solve (one α, one output).
struct CDResult {
  double gap = 0;  // duality gap in the kernel's units (n × objective)
  double tol = 0;  // tol·‖y‖², the threshold the gap was compared with
  int n_iter = 0;  // sweeps done
  bool converged = false;
};

// The shared kernel: one α, one target. `w` holds the start and receives the solution. X is
// column-major (columns contiguous). l1 = nαρ, l2 = nα(1−ρ). With `gram` (XᵀX) and `xy` (Xᵀy)
// set, X is not read (may be empty) and `y_norm2` must be ‖y‖². `seed` drives random selection.
struct CDProblem {
  const Eigen::MatrixXd* X = nullptr;  // n x p, or null with a Gram
  const Eigen::VectorXd* y = nullptr;  // n (needed without a Gram)
  const Eigen::MatrixXd* gram = nullptr;
  const Eigen::VectorXd* xy = nullptr;
  double y_norm2 = 0;
};
CDResult enet_coordinate_descent(Eigen::VectorXd& w, double l1, double l2, const CDProblem& problem, int max_iter,
                                 double tol, CDSelection selection, std::uint64_t seed, bool positive);
// scikit-learn's ConvergenceWarning text for a solve that hit max_iter.
std::string cd_convergence_message(const CDResult& r, double l1);

struct EnetPathOptions {
  double l1_ratio = 1.0;             // 1: lasso_path
  double eps = 1e-3;                 // α_min = eps·α_max on the automatic grid
  int n_alphas = 100;                // length of the automatic grid
  std::optional<std::vector<double>> alphas;  // given grid (sorted descending before use)
  double tol = 1e-4;
  int max_iter = 1000;
  bool positive = false;
};

struct EnetPath {
  Vector alphas;       // descending
  Matrix coefs;        // n_features x n_alphas (scikit-learn's layout)
  Vector dual_gaps;    // per α, gap / n as scikit-learn
  IntVector n_iters;   // per α
  Warnings warnings;   // one ConvergenceWarning per α that hit max_iter
};

// scikit-learn's enet_path / lasso_path for a 1-D y: no centring, no intercept (centre X and y
// yourself for a model with an intercept); warm start from one α to the next. Automatic grid:
// α_max = max|Xᵀy| / (n·l1Ratio), log-spaced down to eps·α_max (α_max ≤ 1e-15: all 1e-15).
// Its JS options are declared in linear_model/functions.hpp (lassoPath, enetPath).
EnetPath enet_path(MatrixRef X, VectorRef y, const EnetPathOptions& options);

struct ElasticNetParams {
  double alpha = 1.0;
  double l1_ratio = 0.5;
  bool fit_intercept = true;
  double tol = 1e-4;
  int max_iter = 1000;
  bool warm_start = false;
  bool positive = false;
  CDSelection selection = CDSelection::cyclic;
  int random_state = 0;
};

struct LassoParams {
  double alpha = 1.0;
  bool fit_intercept = true;
  double tol = 1e-4;
  int max_iter = 1000;
  bool warm_start = false;
  bool positive = false;
  CDSelection selection = CDSelection::cyclic;
  int random_state = 0;
};

// Both fit every column of Y independently (scikit-learn's Lasso/ElasticNet with a 2-D y, not the
// MultiTask variants). coef: outputs x features.
class ElasticNet : public LinearModel {
 public:
  using Params = ElasticNetParams;
  explicit ElasticNet(Params p = {}) : LinearModel("ElasticNet"), params_(p) {}
  ElasticNet& fit(MatrixRef X, MatrixRef Y);
  // The objective with (1/2n)·‖r‖² replaced by (1/2Σs)·Σ sᵢrᵢ² (weighted means; scikit-learn's
  // sample_weight).
  ElasticNet& fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight);

  const Params& params() const { return params_; }
  int n_iter() const { return n_iter_.size() ? n_iter_.maxCoeff() : 0; }  // max over outputs
  IntVector n_iters() const { return n_iter_; }                         // per output
  Vector dual_gap() const { return dual_gap_; }                         // per output, gap / n
  const Warnings& warnings() const { return warnings_; }
  json state() const;
  void load_state(const json& s);

 protected:
  ElasticNet(const char* name, Params p) : LinearModel(name), params_(p) {}
  void fit_impl(MatrixRef X, MatrixRef Y, double l1_ratio, const VectorRef* sample_weight);
  Params params_;
  IntVector n_iter_;
  Vector dual_gap_;
  Warnings warnings_;
};

class Lasso : public ElasticNet {
 public:
  using Params = LassoParams;
  explicit Lasso(LassoParams p = {}) : ElasticNet("Lasso", to_enet(p)), lasso_params_(p) {}
  Lasso& fit(MatrixRef X, MatrixRef Y) { return fit_lasso(X, Y, nullptr); }
  Lasso& fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight) { return fit_lasso(X, Y, &sample_weight); }
  const Params& params() const { return lasso_params_; }

 private:
  Lasso& fit_lasso(MatrixRef X, MatrixRef Y, const VectorRef* sample_weight);
  static ElasticNetParams to_enet(const LassoParams& p) {
    return {p.alpha, 1.0, p.fit_intercept, p.tol, p.max_iter, p.warm_start, p.positive, p.selection, p.random_state};
  }
  LassoParams lasso_params_;
};

}  // namespace wasmlearn
