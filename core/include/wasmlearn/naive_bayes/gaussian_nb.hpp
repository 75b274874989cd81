// Gaussian naive Bayes, as scikit-learn's GaussianNB, with two more covariance models (Friedman &
// co., §10.1 / Hastie et al. §6.6.3):
//   'diag'           per class and feature variance σ²_kj (scikit-learn's model);
//   'spherical'      one variance per class, σ²_k·I (σ²_k = mean over features of σ²_kj);
//   'tied-spherical' one variance shared by every class, σ²·I (pooled within-class); with equal
//                    priors the rule is the minimum Euclidean distance to the class means.
// varSmoothing·(largest feature variance of X) is added to every variance, as scikit-learn.
// Probabilities are computed in log space (log-sum-exp normalisation).
#pragma once
#include <optional>
#include <vector>

#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class NaiveBayesCovariance { diag, spherical, tied_spherical };

struct GaussianNBParams {
  NaiveBayesCovariance covariance_type = NaiveBayesCovariance::diag;
  double var_smoothing = 1e-9;
  std::optional<std::vector<double>> priors;  // null: class frequencies
};

class GaussianNB {
 public:
  using Params = GaussianNBParams;

  explicit GaussianNB(Params p = {}) : params_(std::move(p)) {}
  GaussianNB& fit(MatrixRef X, IntVectorRef y);
  // Weighted class totals, means and variances, as scikit-learn's; the priors are the classes'
  // shares of the weight, and varSmoothing scales the largest unweighted variance of X (as there).
  GaussianNB& fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight);
  IntVector predict(MatrixRef X) const;
  Matrix predict_proba(MatrixRef X) const;
  Matrix predict_log_proba(MatrixRef X) const;
  Matrix joint_log_likelihood(MatrixRef X) const;  // log P(x, class): n x K

  const Params& params() const { return params_; }
  bool is_fitted() const { return theta_.size() > 0; }
  Matrix theta() const { return theta_; }  // class means, K x p
  int n_classes() const { return static_cast<int>(theta_.rows()); }
  Matrix var() const { return var_; }      // variances, K x p (repeated across features when isotropic)
  Vector class_prior() const { return class_prior_; }
  Vector class_count() const { return class_count_; }  // samples (total weight) per class
  double epsilon() const { return epsilon_; }
  int n_features_in() const { return static_cast<int>(theta_.cols()); }

  json state() const;
  void load_state(const json& s);

 private:
  GaussianNB& fit_weighted(MatrixRef X, IntVectorRef y, const Vector* sample_weight);  // null: unit weights

  Params params_;
  Matrix theta_, var_;
  Vector class_prior_, class_count_;
  double epsilon_ = 0;
};

}  // namespace wasmlearn
