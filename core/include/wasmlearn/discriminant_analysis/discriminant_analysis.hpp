// Linear and quadratic discriminant analysis, as scikit-learn's LinearDiscriminantAnalysis and
// QuadraticDiscriminantAnalysis, and the nearest-centroid classifier (scikit-learn's
// sklearn.neighbors.NearestCentroid; here, with the discriminant models it is a special case of).
//
// LDA: Gaussian classes with one shared covariance. solver 'svd' (scikit-learn's default: no
// covariance is formed; within-class scaled data → SVD, then the SVD of the scaled class means)
// or 'eigen' (generalised eigenproblem Sb·v = λ·Sw·v; supports shrinkage: 'auto' = Ledoit–Wolf on
// standardised features, or a fixed α in [0, 1]). transform projects onto at most
// min(nClasses − 1, nFeatures) discriminant axes (the sign of each axis is the SVD's/eigensolver's
// and may differ from scikit-learn's). Two classes: coef is 1 x p and decisionFunction n x 1.
//
// QDA: one covariance per class, regularised as (1 − regParam)·Σ_k + regParam·I. A class whose
// covariance is singular (rank below nFeatures: fewer samples than features, collinear or constant
// features) is an error when regParam is 0 (scikit-learn would return NaN/inf); with regParam > 0
// it is a warning ("variables are collinear"), as scikit-learn. Where a class has fewer samples
// than features, scikit-learn ignores the directions the class does not span; this library uses
// the full regularised covariance (variance regParam along them).
//
// NearestCentroid: the class means; 'euclidean' (scikit-learn's default) or 'mahalanobis' with the
// pooled within-class covariance (unbiased, n − K), i.e. LDA's rule with equal priors.
#pragma once
#include <optional>
#include <variant>
#include <vector>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class LDASolver { svd, eigen };
enum class AutoShrinkage { automatic };

struct LinearDiscriminantAnalysisParams {
  LDASolver solver = LDASolver::svd;
  std::optional<std::variant<AutoShrinkage, double>> shrinkage;  // null, 'auto' or α in [0, 1] ('eigen' only)
  std::optional<std::vector<double>> priors;                     // null: class frequencies
  std::optional<int> n_components;                               // null: min(nClasses − 1, nFeatures)
  double tol = 1e-4;                                             // rank threshold of the 'svd' solver
};

class LinearDiscriminantAnalysis {
 public:
  using Params = LinearDiscriminantAnalysisParams;

  explicit LinearDiscriminantAnalysis(Params p = {}) : params_(std::move(p)) {}
  LinearDiscriminantAnalysis& fit(MatrixRef X, IntVectorRef y);
  IntVector predict(MatrixRef X) const;
  Matrix predict_proba(MatrixRef X) const;
  Matrix predict_log_proba(MatrixRef X) const;
  Matrix decision_function(MatrixRef X) const;  // X·coefᵀ + intercept: n x K, or n x 1 for two classes
  Matrix transform(MatrixRef X) const;          // n x min(nComponents, rank)

  const Params& params() const { return params_; }
  bool is_fitted() const { return coef_.size() > 0; }
  Matrix coef() const { return coef_; }
  Vector intercept() const { return intercept_; }
  Matrix means() const { return means_; }
  Matrix scalings() const { return scalings_; }
  Vector xbar() const { return xbar_; }
  Matrix covariance() const { return covariance_; }  // the shared (prior-weighted, shrunk) covariance
  Vector explained_variance_ratio() const { return explained_variance_ratio_; }
  Vector class_prior() const { return priors_; }
  int n_features_in() const { return static_cast<int>(means_.cols()); }
  int n_classes() const { return static_cast<int>(means_.rows()); }

  json state() const;
  void load_state(const json& s);

 private:
  void check_input(MatrixRef X, const char* method) const;
  Params params_;
  Matrix coef_, means_, scalings_, covariance_;
  Vector intercept_, xbar_, explained_variance_ratio_, priors_;
  int max_components_ = 0;
};

struct QuadraticDiscriminantAnalysisParams {
  double reg_param = 0;
  std::optional<std::vector<double>> priors;
  double tol = 1e-4;  // singular values of a centred class below it count as rank deficiency
};

class QuadraticDiscriminantAnalysis {
 public:
  using Params = QuadraticDiscriminantAnalysisParams;

  explicit QuadraticDiscriminantAnalysis(Params p = {}) : params_(std::move(p)) {}
  QuadraticDiscriminantAnalysis& fit(MatrixRef X, IntVectorRef y);
  IntVector predict(MatrixRef X) const;
  Matrix predict_proba(MatrixRef X) const;
  Matrix predict_log_proba(MatrixRef X) const;
  // scikit-learn's: log prior − ½(Mahalanobis² + log det Σ_k): n x K; two classes: n x 1 difference.
  Matrix decision_function(MatrixRef X) const;

  const Params& params() const { return params_; }
  bool is_fitted() const { return means_.size() > 0; }
  Matrix means() const { return means_; }
  Matrix covariance() const { return covariance_; }  // regularised, stacked (K·p) x p
  Vector class_prior() const { return priors_; }
  int n_features_in() const { return static_cast<int>(means_.cols()); }
  int n_classes() const { return static_cast<int>(means_.rows()); }
  const Warnings& warnings() const { return warnings_; }

  json state() const;
  void load_state(const json& s);

 private:
  Matrix class_scores(MatrixRef X, const char* method) const;  // without the constant −p/2·log 2π
  Params params_;
  Matrix means_, covariance_, precision_cholesky_;
  Vector priors_;
  Warnings warnings_;
};

enum class CentroidMetric { euclidean, mahalanobis };

struct NearestCentroidParams {
  CentroidMetric metric = CentroidMetric::euclidean;
};

class NearestCentroid {
 public:
  using Params = NearestCentroidParams;

  explicit NearestCentroid(Params p = {}) : params_(p) {}
  NearestCentroid& fit(MatrixRef X, IntVectorRef y);
  IntVector predict(MatrixRef X) const;  // the nearest centroid (the lower class on ties)

  const Params& params() const { return params_; }
  bool is_fitted() const { return centroids_.size() > 0; }
  Matrix centroids() const { return centroids_; }
  Matrix covariance() const { return covariance_; }  // pooled within-class ('mahalanobis'; else identity)
  int n_features_in() const { return static_cast<int>(centroids_.cols()); }
  int n_classes() const { return static_cast<int>(centroids_.rows()); }

  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  Matrix centroids_, covariance_, precision_cholesky_;
};

}  // namespace wasmlearn
