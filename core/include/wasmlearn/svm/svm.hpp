// The kernel SVMs of sklearn.svm, all fitted by the SMO solver of smo.hpp (libsvm's formulations):
//   SVC / NuSVC    C- and ν-classification, one binary problem per pair of classes (one-vs-one);
//                  decisionFunctionShape 'ovr' turns the pairs' values into scikit-learn's vote +
//                  confidence per class, 'ovo' returns them as they are.
//   SVR / NuSVR    ε- and ν-regression (two variables per sample).
//   OneClassSVM    ν novelty detection (predict ±1).
// Every fitted model is a kernel expansion f_r(x) = Σ_s coef(r, s)·K(x, sv_s) + intercept_r over its
// support vectors (one row r per pair of classes, or one); scikit-learn's attributes are read off it.
#pragma once
#include <optional>
#include <variant>
#include <vector>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/kernels.hpp"
#include "wasmlearn/linear_model/logistic.hpp"  // ClassWeightMode

namespace wasmlearn {

// The options every kernel SVM takes.
struct KernelSvmOptions {
  KernelType kernel = KernelType::rbf;
  int degree = 3;
  GammaOption gamma = GammaRule::scale;
  double coef0 = 0.0;
  double tol = 1e-3;
  bool shrinking = true;
  double cache_size = 200;  // MB
  int max_iter = -1;        // -1: no limit
};

enum class DecisionShape { ovo, ovr };
using ClassWeight = std::optional<std::variant<ClassWeightMode, std::vector<double>>>;

// The options SVC and NuSVC share.
struct KernelSvcOptions : KernelSvmOptions {
  ClassWeight class_weight;
  DecisionShape decision_function_shape = DecisionShape::ovr;
  bool break_ties = false;
  bool probability = false;  // Platt scaling by an internal 5-fold cross-validation (platt.hpp)
  int random_state = 0;      // seed of that cross-validation's folds
};
struct SVCParams : KernelSvcOptions {
  double C = 1.0;
};
struct NuSVCParams : KernelSvcOptions {
  double nu = 0.5;
};
struct SVRParams : KernelSvmOptions {
  double C = 1.0;
  double epsilon = 0.1;
};
struct NuSVRParams : KernelSvmOptions {
  double nu = 0.5;
  double C = 1.0;
};
struct OneClassSVMParams : KernelSvmOptions {
  double nu = 0.5;
};

// f_r(x) = Σ_s coef(r, s)·K(x, sv_s) + intercept_r.
struct KernelExpansion {
  Kernel kernel;
  Matrix support_vectors;  // nSV x p (empty for a precomputed kernel)
  IntVector support;       // training indices of the support vectors
  Matrix coef;             // rows x nSV
  Vector intercept;        // rows
  Index n_columns = 0;     // columns predict takes: p, or the training count for a precomputed kernel

  Matrix values(MatrixRef X) const;  // n x rows
  json state() const;
  void load_state(const json& s);
};

// What every kernel SVM shares: options, the fitted expansion, the solver's status and warnings.
template <class P>
class KernelSvmBase {
 public:
  using Params = P;
  explicit KernelSvmBase(Params p = {}) : params_(std::move(p)) {}
  const Params& params() const { return params_; }
  bool is_fitted() const { return fitted_; }
  const Warnings& warnings() const { return warnings_; }

  IntVector support() const { return model_.support; }
  Matrix support_vectors() const { return model_.support_vectors; }
  Matrix dual_coef() const { return model_.coef; }
  Vector intercept() const { return model_.intercept; }
  // The primal weights Σ_s coef(r, s)·sv_s, one row per pair of classes (or one); linear kernel only.
  Matrix coef() const;
  int fit_status() const { return fit_status_; }
  Index n_features_in() const { return n_features_in_; }

 protected:
  json base_state() const;  // the expansion, fitStatus and nFeaturesIn
  void load_base_state(const json& s);
  void load_one_row_state(const json& s);  // load_base_state for a one-row expansion

  Params params_;
  KernelExpansion model_;
  int fit_status_ = 0;
  Index n_features_in_ = 0;
  bool fitted_ = false;
  Warnings warnings_;
};

// C-SVC and ν-SVC: one binary problem per pair of classes. With probability: true, each pair also
// gets a sigmoid fitted to decision values from a 5-fold cross-validation (platt.hpp), and
// predictProba couples the pairs' probabilities. predict still comes from the pairs' votes, so
// argmax(predictProba) may differ from predict (as in scikit-learn and libsvm).
template <class P>
class SupportVectorClassifier : public KernelSvmBase<P> {
 public:
  using KernelSvmBase<P>::KernelSvmBase;
  SupportVectorClassifier& fit(MatrixRef X, IntVectorRef y);
  SupportVectorClassifier& fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight);
  IntVector predict(MatrixRef X) const;
  Matrix decision_function(MatrixRef X) const;  // n x 1 (two classes), n x pairs ('ovo') or n x classes ('ovr')
  Matrix predict_proba(MatrixRef X) const;      // n x classes; an Error unless fitted with probability: true
  Matrix predict_log_proba(MatrixRef X) const;

  int n_classes() const { return n_classes_; }
  IntVector n_support() const { return n_support_; }
  // The sigmoids P(first class of the pair | f) = 1 / (1 + exp(probA·f + probB)), one per pair, on
  // libsvm's decision values (positive for the pair's first class); empty without probability.
  Vector prob_a() const { return prob_a_; }
  Vector prob_b() const { return prob_b_; }
  Matrix dual_coef() const { return dual_coef_; }  // (classes − 1) x nSV, libsvm's layout
  Vector class_weight() const { return class_weight_; }

  json state() const;
  void load_state(const json& s);

 private:
  int n_classes_ = 0;
  IntVector n_support_;
  Vector class_weight_;
  Matrix dual_coef_;  // the expansion's rows are the pairs' coefficients over all support vectors
  Vector prob_a_, prob_b_;
  Matrix pair_values(MatrixRef X) const;  // n x pairs, positive for each pair's first class (libsvm's sign)
};

// ε-SVR and ν-SVR.
template <class P>
class SupportVectorRegressor : public KernelSvmBase<P> {
 public:
  using KernelSvmBase<P>::KernelSvmBase;
  SupportVectorRegressor& fit(MatrixRef X, MatrixRef y);
  SupportVectorRegressor& fit(MatrixRef X, MatrixRef y, VectorRef sample_weight);
  Matrix predict(MatrixRef X) const;
  IntVector n_support() const { return IntVector::Constant(1, static_cast<int>(this->model_.support.size())); }
  json state() const { return this->base_state(); }
  void load_state(const json& s) { this->load_one_row_state(s); }
};

class OneClassSVM : public KernelSvmBase<OneClassSVMParams> {
 public:
  using KernelSvmBase::KernelSvmBase;
  OneClassSVM& fit(MatrixRef X);
  OneClassSVM& fit(MatrixRef X, VectorRef sample_weight);
  IntVector predict(MatrixRef X) const;            // +1 inlier, −1 outlier
  Matrix decision_function(MatrixRef X) const;     // n x 1: scoreSamples − offset
  Vector score_samples(MatrixRef X) const;         // Σ α_s K(x, sv_s)
  double offset() const { return -model_.intercept[0]; }
  IntVector n_support() const { return IntVector::Constant(1, static_cast<int>(model_.support.size())); }
  json state() const { return base_state(); }
  void load_state(const json& s) { load_one_row_state(s); }
};

using SVC = SupportVectorClassifier<SVCParams>;
using NuSVC = SupportVectorClassifier<NuSVCParams>;
using SVR = SupportVectorRegressor<SVRParams>;
using NuSVR = SupportVectorRegressor<NuSVRParams>;

}  // namespace wasmlearn
