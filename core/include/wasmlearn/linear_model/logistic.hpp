// Logistic regression, as scikit-learn's LogisticRegression (1.2).
//
// Objective (scikit-learn's; the intercept is never penalised):
//     C · Σᵢ sᵢ · ℓᵢ(w, b) + P(w)
//   ℓ: binary/ovr  log(1 + e^{−ỹᵢ zᵢ}) with ỹ ∈ {−1, +1}, z = Xw + b;
//      multinomial −log softmax(zᵢ)_{yᵢ} with one row of W per class;
//   P: 'l2' ½‖w‖², 'l1' ‖w‖₁, 'elasticnet' ρ‖w‖₁ + ½(1 − ρ)‖w‖², 'none' 0 (C is then unused);
//   s: the sample weights given to fit (1 without) times classWeight's.
// Solvers:
//   'lbfgs'  L-BFGS (LBFGSpp) on Σ sᵢℓᵢ + ‖w‖²/(2C), the scaling scikit-learn hands to scipy, with
//            scipy's stopping rules: max|∇| ≤ tol, or relative decrease ≤ min(2.2e-9, tol²)
//            (scipy's default ftol; tol² so that a tight tol is honoured); penalties l2, none.
//   'cd'     proximal Newton with coordinate descent on the quadratic model and a backtracking line
//            search (newGLMNET / glmnet style; multinomial: one class block at a time; with more
//            samples than features the model's curvature is formed as a Gram matrix, so its sweeps
//            are cheap enough to solve it accurately on collinear designs); stops when the
//            minimum-norm subgradient of the objective / C is at most tol in every coordinate,
//            or on the same relative-decrease rule as lbfgs;
//            penalties l1, l2, elasticnet, none.
// multiClass 'auto' is 'ovr' for two classes and 'multinomial' otherwise (scikit-learn 1.2). With
// two classes coef has one row (the positive class); 'multinomial' on two classes keeps the second
// row of the softmax fit and predictProba = softmax(−d, d), as scikit-learn.
#pragma once
#include <optional>
#include <variant>
#include <vector>

#include "wasmlearn/base/class_weight.hpp"
#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class LogisticPenalty { l2, l1, elasticnet, none };
enum class LogisticSolver { lbfgs, cd };
enum class MultiClass { automatic, multinomial, ovr };

struct LogisticRegressionParams {
  LogisticPenalty penalty = LogisticPenalty::l2;
  double C = 1.0;
  std::optional<double> l1_ratio;  // required (in [0, 1]) for 'elasticnet'
  LogisticSolver solver = LogisticSolver::lbfgs;
  double tol = 1e-4;
  int max_iter = 100;
  bool fit_intercept = true;
  MultiClass multi_class = MultiClass::automatic;
  // null: all samples weigh 1; 'balanced': n / (classes · count of the class); an array: one weight
  // per class code (the order of model.classes in JS).
  ClassWeight class_weight;
  int random_state = 0;  // unused by the deterministic solvers; kept for scikit-learn's signature
};

class LogisticRegression {
 public:
  using Params = LogisticRegressionParams;
  explicit LogisticRegression(Params p = {}) : params_(std::move(p)) {}

  LogisticRegression& fit(MatrixRef X, IntVectorRef y);
  LogisticRegression& fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight);
  IntVector predict(MatrixRef X) const;
  Matrix predict_proba(MatrixRef X) const;
  Matrix predict_log_proba(MatrixRef X) const;
  Matrix decision_function(MatrixRef X) const;  // n x 1 for two classes, n x classes otherwise

  const Params& params() const { return params_; }
  bool is_fitted() const { return coef_.size() > 0; }
  Matrix coef() const { return coef_; }           // 1 x p (two classes) or classes x p
  Vector intercept() const { return intercept_; }
  IntVector n_iter() const { return n_iter_; }    // one entry (multinomial) or one per ovr problem
  int n_classes() const { return n_classes_; }
  int n_features_in() const { return static_cast<int>(coef_.cols()); }
  const Warnings& warnings() const { return warnings_; }
  // The objective above at the fitted coefficients for (X, y): to compare solutions.
  double objective(MatrixRef X, IntVectorRef y) const;
  double objective(MatrixRef X, IntVectorRef y, VectorRef sample_weight) const;

  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  Matrix coef_;
  Vector intercept_;
  IntVector n_iter_;
  int n_classes_ = 0;
  bool multinomial_ = false;
  Warnings warnings_;
};

}  // namespace wasmlearn
