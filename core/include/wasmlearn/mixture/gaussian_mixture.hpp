// Gaussian mixture by expectation–maximisation, as scikit-learn's GaussianMixture (1.2): E-step
// in log space (log-sum-exp), M-step with regCovar added to the diagonal, precisions held as
// Cholesky factors (a triangular solve, never an explicit inverse). Initial responsibilities from
// one k-means run (k-means++, the library's KMeans) or uniform random numbers normalised per row;
// weightsInit / meansInit / precisionsInit replace the corresponding initial parameters (all three
// given: the fit does not depend on the random initialisation). nInit runs, the best lower bound
// kept; run r is seeded by Random::derive_seed(randomState, r). converged/nIter/lowerBound belong
// to the kept run. Stacked layouts (covariances, precisions, precisionsInit) as in gaussian.hpp:
// full (k·p) x p, tied p x p, diag k x p, spherical k x 1.
#pragma once
#include <optional>
#include <vector>

#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"
#include "wasmlearn/mixture/gaussian.hpp"

namespace wasmlearn {

enum class MixtureInit { kmeans, random };

struct GaussianMixtureParams {
  int n_components = 1;
  CovarianceType covariance_type = CovarianceType::full;
  double tol = 1e-3;
  double reg_covar = 1e-6;
  int max_iter = 100;
  int n_init = 1;
  MixtureInit init_params = MixtureInit::kmeans;
  std::optional<std::vector<double>> weights_init;
  std::optional<Matrix> means_init;
  std::optional<Matrix> precisions_init;
  int random_state = 0;
  int first_init = 0;  // run r starts from the stream of (random_state, first_init + r)
  int n_jobs = 1;      // read by the JS layer (fitAsync on the worker pool); fit runs every start in this thread
};

class GaussianMixture {
 public:
  using Params = GaussianMixtureParams;

  explicit GaussianMixture(Params p = {}) : params_(std::move(p)) {}
  GaussianMixture& fit(MatrixRef X);
  IntVector predict(MatrixRef X) const;         // most probable component
  Matrix predict_proba(MatrixRef X) const;      // responsibilities, n x k
  double score(MatrixRef X) const;              // mean log-likelihood
  Vector score_samples(MatrixRef X) const;      // log p(x) per sample
  double aic(MatrixRef X) const;
  double bic(MatrixRef X) const;
  NamedArrays sample(int n) const;              // {X: n x p, y: component of each}, grouped by component

  const Params& params() const { return params_; }
  bool is_fitted() const { return means_.size() > 0; }
  Vector weights() const { return weights_; }
  Matrix means() const { return means_; }
  Matrix covariances() const { return covariances_; }
  Matrix precisions_cholesky() const { return precisions_cholesky_; }
  Matrix precisions() const;
  bool converged() const { return converged_; }
  int n_iter() const { return n_iter_; }
  double lower_bound() const { return lower_bound_; }
  Vector lower_bound_history() const { return lower_bound_history_; }
  int n_features_in() const { return static_cast<int>(means_.cols()); }
  const Warnings& warnings() const { return warnings_; }

  json state() const;
  void load_state(const json& s);

 private:
  Matrix weighted_log_prob(MatrixRef X, const char* method) const;
  Params params_;
  Vector weights_;
  Matrix means_, covariances_, precisions_cholesky_;
  bool converged_ = false;
  int n_iter_ = 0;
  double lower_bound_ = 0;
  Vector lower_bound_history_;
  Warnings warnings_;
};

}  // namespace wasmlearn
