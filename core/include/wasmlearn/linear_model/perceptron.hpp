// Perceptron and RidgeClassifier: linear classifiers. Both keep coef (one row per binary problem:
// one row for two classes, K rows for K > 2, one-vs-rest) and intercept, and take decisions
// X·coefᵀ + intercept: two classes by the sign (positive: class 1), more by the largest score.
#pragma once
#include <optional>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/linear_model/linear_regression.hpp"

namespace wasmlearn {

// The fitted part shared by linear classifiers: coef/intercept (LinearModel) and the decisions.
class LinearClassifier : public LinearModel {
 public:
  Matrix decision_function(MatrixRef X) const { return LinearModel::predict(X); }  // n x 1 or n x K
  IntVector predict(MatrixRef X) const;
  int n_classes() const { return coef_.rows() == 1 ? 2 : static_cast<int>(coef_.rows()); }
  // LinearModel's state, whose coef has one row (two classes) or one per class (3 or more).
  void load_state(const json& s);

 protected:
  using LinearModel::LinearModel;
};

enum class PerceptronPenalty { none, l2, l1, elasticnet };

struct PerceptronParams {
  std::optional<PerceptronPenalty> penalty{};  // null: none
  double alpha = 0.0001;
  double l1_ratio = 0.15;
  int max_iter = 1000;
  std::optional<double> tol = 1e-3;
  double eta0 = 1.0;
  bool shuffle = true;
  int random_state = 0;
  bool fit_intercept = true;
  int n_iter_no_change = 5;
};

// Rosenblatt's perceptron as scikit-learn's Perceptron (SGD on the loss max(0, -y·f(x)) with a
// constant step eta0): samples are visited in order (or shuffled each epoch by the own generator,
// seeded by randomState); a sample with y·f(x) <= 0 moves w by eta0·y·x and the intercept by
// eta0·y. The L2 / elastic-net penalty shrinks w by (1 - (1-l1Ratio)·eta0·alpha) at every sample
// and the L1 part is Tsuruoka's cumulative truncation, as scikit-learn. Weights are kept as
// scikit-learn's WeightVector (a vector times a scale), so with shuffle false the coefficients are
// scikit-learn's, operation for operation.
// Stops after an epoch without any update (nothing can change after it: only without a penalty),
// or, when tol is set, after nIterNoChange epochs whose summed loss did not fall below the best so
// far minus tol·n (scikit-learn's rule), or at maxIter, with a ConvergenceWarning. scikit-learn has
// no first rule, so on separable data nIter can be smaller than its n_iter_ (same coefficients).
// Classes: two -> one problem (class 1 positive); K > 2 -> K one-vs-rest problems.
class Perceptron : public LinearClassifier {
 public:
  using Params = PerceptronParams;
  explicit Perceptron(Params p = {}) : LinearClassifier("Perceptron"), params_(p) {}

  Perceptron& fit(MatrixRef X, IntVectorRef y);
  // A sample's steps are scaled by its weight (scikit-learn's sample_weight).
  Perceptron& fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight);
  const Params& params() const { return params_; }
  int n_iter() const { return n_iter_; }  // the largest number of epochs over the binary problems
  const Warnings& warnings() const { return warnings_; }

  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  int n_iter_ = 0;
  Warnings warnings_;
};

struct RidgeClassifierParams {
  double alpha = 1.0;
  bool fit_intercept = true;
};

// Classification by regression on an indicator matrix (Beaulac §2.3.5), as scikit-learn's
// RidgeClassifier: targets are ±1 (+1 for the sample's class, -1 elsewhere; one column for two
// classes, where +1 is class 1), fitted by Ridge with the same alpha; predict takes the sign / argmax.
class RidgeClassifier : public LinearClassifier {
 public:
  using Params = RidgeClassifierParams;
  explicit RidgeClassifier(Params p = {}) : LinearClassifier("RidgeClassifier"), params_(p) {}

  RidgeClassifier& fit(MatrixRef X, IntVectorRef y);
  // Ridge's weighted fit on the ±1 targets.
  RidgeClassifier& fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight);
  const Params& params() const { return params_; }

 private:
  RidgeClassifier& fit_impl(MatrixRef X, IntVectorRef y, const VectorRef* sample_weight);
  Params params_;
};

}  // namespace wasmlearn
