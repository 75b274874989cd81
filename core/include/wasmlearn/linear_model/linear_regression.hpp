// Ordinary least squares and ridge regression, as scikit-learn's LinearRegression and Ridge.
// Both are multi-output: fit takes Y as n x outputs, predict returns n x outputs, and coef is
// outputs x features (the adapter drops the output axis when y was one-dimensional).
#pragma once
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// A least-squares problem after centring: X, Y and their means (zero without an intercept). With
// sample weights s the means are weighted and the rows are then scaled by √s, so that least squares
// on (X, Y) minimises Σ sᵢ‖yᵢ − xᵢB‖² (scikit-learn's _preprocess_data and _rescale_data). X and Y
// are checked here, and the weights with check_sample_weight.
struct CentredData {
  Eigen::MatrixXd X, Y;
  RowVector x_mean, y_mean;
};
CentredData centre_data(MatrixRef X, MatrixRef Y, bool fit_intercept, const VectorRef* sample_weight);

// What every fitted linear model has: coef (outputs x features) and intercept (outputs; zeros
// without an intercept); predictions X·coefᵀ + intercept. Estimators derive from it.
class LinearModel {
 public:
  Matrix predict(MatrixRef X) const;
  bool is_fitted() const { return coef_.size() > 0; }
  Matrix coef() const { return coef_; }
  Vector intercept() const { return intercept_; }
  int n_features_in() const { return static_cast<int>(coef_.cols()); }
  json state() const;              // {"coef", "intercept"}
  void load_state(const json& s);  // validated: non-empty, finite, one intercept per coef row

 protected:
  explicit LinearModel(const char* name) : name_(name) {}
  // coef = Bᵀ (B: features x outputs, solved on c), intercept = mean(Y) − mean(X)·B.
  void set_from_centred(const CentredData& c, const Eigen::MatrixXd& B);
  const char* name_;
  Matrix coef_;
  Vector intercept_;
};

// Minimum-norm least-squares solution of X·B ≈ Y through the SVD of X (of R from X = QR when X is
// tall); singular values at most max(n, p)·eps·s_max count as zero (numpy.linalg.lstsq's default),
// so a rank-deficient X gives the same answer as numpy / scipy. Returns B (p x outputs); `singular`
// and `rank` are filled. X is column-major, as the estimators' centred copies are.
Matrix lstsq(const Eigen::Ref<const Eigen::MatrixXd>& X, MatrixRef Y, Vector* singular = nullptr,
             Index* rank = nullptr);

struct LinearRegressionParams {
  bool fit_intercept = true;
};

class LinearRegression : public LinearModel {
 public:
  using Params = LinearRegressionParams;
  explicit LinearRegression(Params p = {}) : LinearModel("LinearRegression"), params_(p) {}

  // With fitIntercept, X and Y are centred first and intercept = mean(Y) - coef·mean(X).
  LinearRegression& fit(MatrixRef X, MatrixRef Y);
  // Minimises Σ sᵢ‖yᵢ − xᵢ·coefᵀ − intercept‖² (weighted means; rank and singular are those of the
  // centred X with its rows scaled by √s).
  LinearRegression& fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight);

  const Params& params() const { return params_; }
  int rank() const { return static_cast<int>(rank_); }
  Vector singular() const { return singular_; }  // singular values of the (centred) X, descending

  json state() const;
  void load_state(const json& s);

 private:
  LinearRegression& fit_impl(MatrixRef X, MatrixRef Y, const VectorRef* sample_weight);
  Params params_;
  Index rank_ = 0;
  Vector singular_;
};

struct RidgeParams {
  double alpha = 1.0;
  bool fit_intercept = true;
};

class Ridge : public LinearModel {
 public:
  using Params = RidgeParams;
  explicit Ridge(Params p = {}) : LinearModel("Ridge"), params_(p) {}

  // Minimises |Y - X·Bᵀ|² + alpha·|B|² (intercept not penalised). Closed form by Cholesky of
  // XᵀX + αI (n >= p) or of the dual XXᵀ + αI (p > n); alpha = 0 is ordinary least squares (the
  // minimum-norm lstsq solution, also for a singular X).
  Ridge& fit(MatrixRef X, MatrixRef Y);
  // Minimises Σ sᵢ‖yᵢ − xᵢ·Bᵀ − b‖² + alpha·|B|² (weighted means, alpha not rescaled), as
  // scikit-learn's Ridge with sample_weight.
  Ridge& fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight);
  const Params& params() const { return params_; }

 private:
  Ridge& fit_impl(MatrixRef X, MatrixRef Y, const VectorRef* sample_weight);
  Params params_;
};

}  // namespace wasmlearn
