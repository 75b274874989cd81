#include "wasmlearn/naive_bayes/gaussian_nb.hpp"

#include <cmath>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/mixture/gaussian.hpp"
#include "wasmlearn/naive_bayes/describe.hpp"

namespace wasmlearn {

GaussianNB& GaussianNB::fit(MatrixRef X, IntVectorRef y) { return fit_weighted(X, y, nullptr); }

GaussianNB& GaussianNB::fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight) {
  const Vector w = sample_weight;
  return fit_weighted(X, y, &w);
}

GaussianNB& GaussianNB::fit_weighted(MatrixRef X, IntVectorRef y, const Vector* sample_weight) {
  check_params<GaussianNB>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  if (sample_weight) check_sample_weight(*sample_weight, X.rows());
  const int K = check_class_codes(y);
  const Index n = X.rows(), p = X.cols();
  gauss::ClassStats stats = gauss::class_statistics(X, y, K, "GaussianNB", 1, sample_weight);
  Vector prior = gauss::class_priors(params_.priors, stats.counts);
  const Matrix Xc = gauss::centre_by_class(X, y, stats.means);
  const Matrix sq = Xc.array().square();
  Matrix var = Matrix::Zero(K, p);  // per class and feature (weighted) sums of squares
  for (Index i = 0; i < n; ++i) var.row(y[i]) += (sample_weight ? (*sample_weight)[i] : 1.0) * sq.row(i);
  switch (params_.covariance_type) {
    case NaiveBayesCovariance::diag: var.array().colwise() /= stats.counts.array(); break;
    case NaiveBayesCovariance::spherical:
      var = (var.rowwise().sum().array() / (stats.counts.array() * static_cast<double>(p))).matrix().replicate(1, p);
      break;
    case NaiveBayesCovariance::tied_spherical:
      var.setConstant(var.sum() / (stats.counts.sum() * static_cast<double>(p)));
      break;
  }
  const RowVector mean = X.colwise().mean();
  const double max_var = ((X.rowwise() - mean).colwise().squaredNorm() / static_cast<double>(n)).maxCoeff();
  epsilon_ = params_.var_smoothing * max_var;
  var.array() += epsilon_;
  if (!(var.array() > 0).all())
    throw InvalidArgument("X has a feature with zero variance within a class and varSmoothing adds nothing "
                          "(every feature is constant, or varSmoothing is 0): use varSmoothing > 0");
  theta_ = std::move(stats.means);
  var_ = std::move(var);
  class_prior_ = std::move(prior);
  class_count_ = std::move(stats.counts);
  return *this;
}

Matrix GaussianNB::joint_log_likelihood(MatrixRef X) const {
  check_fitted(is_fitted(), "GaussianNB", "predict");
  check_n_features(theta_.cols(), X);
  check_matrix(X);
  Matrix jll = gauss::log_gaussian_prob(X, theta_, var_.array().rsqrt(), CovarianceType::diag);
  jll.rowwise() += class_prior_.array().log().matrix().transpose();
  return jll;
}

IntVector GaussianNB::predict(MatrixRef X) const { return gauss::argmax_rows(joint_log_likelihood(X)); }
Matrix GaussianNB::predict_log_proba(MatrixRef X) const { return gauss::log_normalize_rows(joint_log_likelihood(X)); }
Matrix GaussianNB::predict_proba(MatrixRef X) const { return gauss::softmax_rows(joint_log_likelihood(X)); }

json GaussianNB::state() const {
  return {{"theta", to_json(theta_)}, {"var", to_json(var_)}, {"classPrior", to_json(class_prior_)},
          {"classCount", to_json(class_count_)}, {"epsilon", epsilon_}};
}

void GaussianNB::load_state(const json& s) {
  Matrix theta = matrix_from_json(member(s, "theta"), "theta");
  Matrix var = matrix_from_json(member(s, "var"), "var");
  Vector prior = vector_from_json(member(s, "classPrior"), "classPrior");
  Vector count = vector_from_json(member(s, "classCount"), "classCount");
  if (theta.size() == 0 || var.rows() != theta.rows() || var.cols() != theta.cols() || prior.size() != theta.rows() ||
      count.size() != theta.rows())
    throw InvalidArgument("model JSON: theta, var, classPrior and classCount disagree in size");
  if (!(var.array() > 0).all()) throw InvalidArgument("model JSON: var must be positive");
  epsilon_ = number_from_json(member(s, "epsilon"), "epsilon");
  theta_ = std::move(theta);
  var_ = std::move(var);
  class_prior_ = std::move(prior);
  class_count_ = std::move(count);
}

}  // namespace wasmlearn
