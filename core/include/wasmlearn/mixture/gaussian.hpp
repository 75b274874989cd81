// Shared Gaussian kernels of the naive Bayes, discriminant analysis, nearest-centroid and mixture
// estimators: class statistics and priors, covariance estimators (empirical, Ledoit–Wolf, shrunk),
// Cholesky factors of precision matrices (never an explicit inverse) and log-densities in log space.
//
// Covariances and precision factors of several Gaussians are stored "stacked" in one Matrix, the
// layout also used for attributes and model JSON (scikit-learn's arrays with the component axis
// folded into the rows):
//   full      (k·p) x p  component j is rows j·p .. j·p+p-1
//   tied      p x p      one matrix shared by all components
//   diag      k x p      one variance (or 1/σ) per component and feature
//   spherical k x 1      one variance (or 1/σ) per component
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class CovarianceType { full, tied, diag, spherical };

namespace gauss {

// log Σ_j exp(A(i, j)) for each row, computed stably (max subtracted); -inf rows stay -inf.
Vector logsumexp_rows(const Matrix& A);
// Rows of A minus their log-sum-exp (log of the normalised exp), and exp of that.
Matrix log_normalize_rows(const Matrix& A, Vector* log_norm = nullptr);
Matrix softmax_rows(const Matrix& A);
// In place: each row of A becomes exp(A − its log-sum-exp) (one exp per entry), and log_norm the
// log-sum-exps.
void exp_normalize_rows(Matrix& A, Vector& log_norm);
// Column of the largest entry of each row (the first on ties); argmin likewise.
IntVector argmax_rows(const Matrix& A);
IntVector argmin_rows(const Matrix& A);

// Per-class sample counts (K) and means (K x p) of class codes 0..K-1; with `weights`, the total
// weight and the weighted mean of each class. Every class must have at least `min_count` samples
// (of positive weight); the error names the estimator and the class code.
struct ClassStats {
  Vector counts;
  Matrix means;
};
ClassStats class_statistics(MatrixRef X, IntVectorRef y, int n_classes, const char* estimator, Index min_count = 1,
                            const Vector* weights = nullptr);
// At least two classes (the discriminant and centroid classifiers compare classes).
void check_two_classes(int n_classes, const char* estimator);
// Rows of X minus the mean of their class.
Matrix centre_by_class(MatrixRef X, IntVectorRef y, const Matrix& means);

// Class priors: the class frequencies, or the given ones (one per class, non-negative, summing to
// 1 within 1e-5 as numpy.isclose); the errors name `priors`.
Vector class_priors(const std::optional<std::vector<double>>& priors, const Vector& counts);

// Population covariance of the rows of X about their mean (scikit-learn's empirical_covariance).
Matrix empirical_covariance(MatrixRef X);
// (1 - α)·S + α·(trace S / p)·I.
Matrix shrunk_covariance(const Matrix& S, double alpha);
// Ledoit–Wolf shrunk covariance of X (about its mean), as sklearn.covariance.ledoit_wolf;
// `shrinkage` receives α.
Matrix ledoit_wolf(MatrixRef X, double* shrinkage = nullptr);

// P (lower triangular transposed, i.e. upper triangular) with P·Pᵀ = Σ⁻¹: Σ = L·Lᵀ, P = L⁻ᵀ, by a
// triangular solve. Throws InvalidArgument(failure) when Σ is not positive definite.
Matrix precision_cholesky(const Matrix& cov, const std::string& failure);
// The stacked precision factors of stacked covariances (layout above).
Matrix precision_cholesky(const Matrix& cov, CovarianceType type, Index n_components, const std::string& failure);

// ‖(x_i − μ_j)·P‖² for every row i of X and row j of `means`: n x k (one GEMM for X·P).
Matrix squared_mahalanobis(MatrixRef X, const Matrix& means, const Matrix& prec_chol);
// log N(x_i | μ_j, Σ_j) for every sample and component: n x k, from stacked precision factors.
Matrix log_gaussian_prob(MatrixRef X, const Matrix& means, const Matrix& prec_chol, CovarianceType type);
// The same into `out` (resized to n x k; its storage reused across EM iterations).
void log_gaussian_prob(MatrixRef X, const Matrix& means, const Matrix& prec_chol, CovarianceType type, Matrix& out);
// log det of each component's precision factor (= −½ log det Σ_j): k.
Vector log_det_cholesky(const Matrix& prec_chol, CovarianceType type, Index n_components, Index n_features);

}  // namespace gauss
}  // namespace wasmlearn
