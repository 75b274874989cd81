// LinearSVC and LinearSVR, as scikit-learn's (liblinear). The intercept is liblinear's: an extra
// feature of constant value interceptScaling whose weight is penalised like the others (so the
// intercept is shrunk; a larger interceptScaling shrinks it less), intercept = interceptScaling · v.
// Objectives, with Cᵢ = C · sampleWeightᵢ · classWeight of yᵢ:
//   LinearSVC  penalty 'l2': ½‖(w, v)‖² + Σ Cᵢ·loss; 'l1': ‖(w, v)‖₁ + Σ Cᵢ·max(0, 1 − tᵢzᵢ)²,
//              loss 'hinge' max(0, 1 − tᵢzᵢ) or 'squared_hinge' its square, tᵢ = ±1;
//              3+ classes: one class against the rest per row of coef (multiClass 'ovr'), where,
//              as in liblinear, the rest keeps C · sampleWeight (classWeight weighs the one class).
//   LinearSVR  ½‖(w, v)‖² + Σ Cᵢ·max(0, |yᵢ − zᵢ| − ε), or its square ('squared_epsilon_insensitive').
// Solvers (linear_solvers.hpp): dual coordinate descent (dual = true), Newton on the primal for the
// squared losses with penalty 'l2' (dual = false), coordinate descent for penalty 'l1'. dual 'auto'
// is scikit-learn's (>= 1.5) rule: with fewer samples than features the dual when the combination
// has one, otherwise the primal when it has one. The dual visits samples in an order drawn from
// randomState (liblinear's draws differ, so iterates do, the optimum does not).
#pragma once
#include <optional>
#include <variant>
#include <vector>

#include "wasmlearn/base/class_weight.hpp"
#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class LinearSVCLoss { hinge, squared_hinge };
enum class LinearSVRLoss { epsilon_insensitive, squared_epsilon_insensitive };
enum class LinearSVCPenalty { l1, l2 };
enum class LinearSVMMultiClass { ovr };
enum class DualMode { automatic };
using Dual = std::variant<DualMode, bool>;

struct LinearSVMCommonParams {
  double C = 1.0;
  Dual dual = DualMode::automatic;
  double tol = 1e-4;
  int max_iter = 1000;
  bool fit_intercept = true;
  double intercept_scaling = 1.0;
  int random_state = 0;
};

struct LinearSVCParams : LinearSVMCommonParams {
  LinearSVCPenalty penalty = LinearSVCPenalty::l2;
  LinearSVCLoss loss = LinearSVCLoss::squared_hinge;
  LinearSVMMultiClass multi_class = LinearSVMMultiClass::ovr;
  ClassWeight class_weight;
};

struct LinearSVRParams : LinearSVMCommonParams {
  double epsilon = 0.0;
  LinearSVRLoss loss = LinearSVRLoss::epsilon_insensitive;
};

// The fitted linear model shared by both: one row of coef per problem.
class LinearSVMBase {
 public:
  bool is_fitted() const { return coef_.size() > 0; }
  Matrix coef() const { return coef_; }
  Vector intercept() const { return intercept_; }
  int n_iter() const { return n_iter_; }  // the most solver iterations any problem took
  int n_features_in() const { return static_cast<int>(coef_.cols()); }
  const Warnings& warnings() const { return warnings_; }
  json state() const;
  void load_state(const json& s);

 protected:
  Matrix scores(MatrixRef X, const char* estimator, const char* method) const;  // X·coefᵀ + intercept
  // Keeps a fit's result; a solver that stopped at maxIter leaves a ConvergenceWarning.
  void store(const char* estimator, Matrix coef, Vector intercept, int n_iter, bool converged, int max_iter);
  Matrix coef_;
  Vector intercept_;
  int n_iter_ = 0;
  Warnings warnings_;
};

class LinearSVC : public LinearSVMBase {
 public:
  using Params = LinearSVCParams;
  explicit LinearSVC(Params p = {}) : params_(std::move(p)) {}
  LinearSVC& fit(MatrixRef X, IntVectorRef y);
  LinearSVC& fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight);
  IntVector predict(MatrixRef X) const;          // positive score: class 1 (two classes); else the largest score
  Matrix decision_function(MatrixRef X) const;  // n x 1 for two classes, n x classes otherwise
  const Params& params() const { return params_; }
  int n_classes() const { return coef_.rows() == 1 ? 2 : static_cast<int>(coef_.rows()); }
  // The objective in the header comment at the fitted coefficients, summed over the problems.
  double objective(MatrixRef X, IntVectorRef y, VectorRef sample_weight) const;

 private:
  Params params_;
};

class LinearSVR : public LinearSVMBase {
 public:
  using Params = LinearSVRParams;
  explicit LinearSVR(Params p = {}) : params_(std::move(p)) {}
  LinearSVR& fit(MatrixRef X, MatrixRef Y);
  LinearSVR& fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight);
  Matrix predict(MatrixRef X) const;  // n x 1
  const Params& params() const { return params_; }
  double objective(MatrixRef X, MatrixRef Y, VectorRef sample_weight) const;

 private:
  Params params_;
};

}  // namespace wasmlearn
