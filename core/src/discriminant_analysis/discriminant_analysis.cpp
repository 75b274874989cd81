#include "wasmlearn/discriminant_analysis/discriminant_analysis.hpp"

#include <cmath>
#include <string>

#include "wasmlearn/base/activation_lanes.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/discriminant_analysis/describe.hpp"
#include "wasmlearn/mixture/gaussian.hpp"

namespace wasmlearn {

namespace {

// scikit-learn's discriminant_analysis._cov: empirical, Ledoit–Wolf on standardised features
// (rescaled back), or shrunk by a fixed α.
Matrix shrunk_class_cov(MatrixRef X, const std::optional<std::variant<AutoShrinkage, double>>& shrinkage) {
  if (!shrinkage) return gauss::empirical_covariance(X);
  if (const double* a = std::get_if<double>(&*shrinkage)) return gauss::shrunk_covariance(gauss::empirical_covariance(X), *a);
  const RowVector mean = X.colwise().mean();
  RowVector scale = ((X.rowwise() - mean).colwise().squaredNorm() / static_cast<double>(X.rows())).cwiseSqrt();
  const double eps = 10 * std::numeric_limits<double>::epsilon();
  for (Index j = 0; j < scale.size(); ++j)
    if (scale[j] < eps) scale[j] = 1.0;  // StandardScaler keeps constant features unscaled
  const Matrix Z = (X.rowwise() - mean).array().rowwise() / scale.array();
  const Matrix S = gauss::ledoit_wolf(Z);
  return S.array() * (scale.transpose() * scale).array();
}

// Σ_k prior_k · cov(X_k).
Matrix class_cov(MatrixRef X, IntVectorRef y, const Vector& priors,
                 const std::optional<std::variant<AutoShrinkage, double>>& shrinkage) {
  const Index K = priors.size();
  Matrix cov = Matrix::Zero(X.cols(), X.cols());
  std::vector<std::vector<Index>> members(static_cast<std::size_t>(K));
  for (Index i = 0; i < X.rows(); ++i) members[static_cast<std::size_t>(y[i])].push_back(i);
  for (Index k = 0; k < K; ++k) {
    const auto& idx = members[static_cast<std::size_t>(k)];
    Matrix Xk(static_cast<Index>(idx.size()), X.cols());
    for (Index r = 0; r < Xk.rows(); ++r) Xk.row(r) = X.row(idx[static_cast<std::size_t>(r)]);
    cov += priors[k] * shrunk_class_cov(Xk, shrinkage);
  }
  return cov;
}

// Also the size of the features x features covariances the fit keeps: one shared, or one per class.
void check_class_input(MatrixRef X, IntVectorRef y, int& K, const char* name, bool covariance_per_class = false) {
  check_matrix(X);
  K = check_class_codes(y);
  gauss::check_two_classes(K, name);
  const double p = static_cast<double>(X.cols());
  check_size((covariance_per_class ? K : 1) * p * p,
             std::string(name) + (covariance_per_class ? "'s covariances (classes x features x features)"
                                                       : "'s covariance (features x features)"));
}

Matrix two_class_proba(const Matrix& decision) {  // n x 1 → [1 − σ, σ]
  Matrix P(decision.rows(), 2);
  const ActivationLanes sigmoid;
  for (Index i = 0; i < decision.rows(); ++i) {
    const double s = sigmoid.logistic(decision(i, 0));
    P(i, 0) = 1 - s;
    P(i, 1) = s;
  }
  return P;
}

struct StateReader {
  const json& s;
  Matrix matrix(const char* f) const { return matrix_from_json(member(s, f), f); }
  Vector vector(const char* f) const { return vector_from_json(member(s, f), f); }
};

void require(bool ok, const char* what) {
  if (!ok) throw InvalidArgument(std::string("model JSON: ") + what);
}

}  // namespace

// ---- LinearDiscriminantAnalysis ----------------------------------------------------------------

LinearDiscriminantAnalysis& LinearDiscriminantAnalysis::fit(MatrixRef X, IntVectorRef y) {
  check_params<LinearDiscriminantAnalysis>(params_);
  int K;
  check_class_input(X, y, K, "LinearDiscriminantAnalysis");
  const Index n = X.rows(), p = X.cols();
  if (n <= K)
    throw InvalidArgument("LinearDiscriminantAnalysis needs more samples (" + std::to_string(n) + ") than classes (" +
                          std::to_string(K) + "): the within-class covariance is ill-defined");
  gauss::ClassStats stats = gauss::class_statistics(X, y, K, "LinearDiscriminantAnalysis");
  Vector priors = gauss::class_priors(params_.priors, stats.counts);
  const int max_possible = static_cast<int>(std::min<Index>(K - 1, p));
  if (params_.n_components && *params_.n_components > max_possible)
    throw InvalidArgument("nComponents=" + std::to_string(*params_.n_components) +
                          " must be at most min(nClasses - 1, nFeatures) = " + std::to_string(max_possible));
  const int max_components = params_.n_components ? *params_.n_components : max_possible;
  const Matrix& means = stats.means;
  const RowVector xbar = priors.transpose() * means;
  Matrix covariance = class_cov(X, y, priors, params_.shrinkage);
  Matrix coef, scalings;
  Vector intercept, evr;

  if (params_.solver == LDASolver::svd) {
    const Matrix Xc = gauss::centre_by_class(X, y, means);
    RowVector std = (Xc.colwise().squaredNorm() / static_cast<double>(n)).cwiseSqrt();
    check_not_overflowed(std, "LinearDiscriminantAnalysis's within-class deviation of X", "X");
    for (Index j = 0; j < p; ++j)
      if (std[j] == 0) std[j] = 1.0;
    const double fac = 1.0 / static_cast<double>(n - K);
    const Eigen::MatrixXd Z = std::sqrt(fac) * (Xc.array().rowwise() / std.array()).matrix();
    check_not_overflowed(Z, "LinearDiscriminantAnalysis's scaling of X", "X");
    Eigen::BDCSVD<Eigen::MatrixXd> svd(Z, Eigen::ComputeThinV);
    const Eigen::VectorXd S = svd.singularValues();
    Index rank = 0;
    while (rank < S.size() && S[rank] > params_.tol) ++rank;
    if (rank == 0) throw InvalidArgument("X has no within-class variance: every feature is constant within the classes");
    // scalings = (Vt[:rank] / std).T / S[:rank]
    Eigen::MatrixXd within = svd.matrixV().leftCols(rank);
    within.array().colwise() /= std.transpose().array();
    within.array().rowwise() /= S.head(rank).transpose().array();
    const double fac2 = 1.0 / static_cast<double>(K - 1);
    Eigen::MatrixXd B = (means.rowwise() - xbar);
    B.array().colwise() *= (static_cast<double>(n) * priors.array() * fac2).sqrt();
    const Eigen::MatrixXd between = B * within;
    check_not_overflowed(between, "LinearDiscriminantAnalysis's between-class scatter", "X");
    Eigen::BDCSVD<Eigen::MatrixXd> svd2(between, Eigen::ComputeThinV);
    const Eigen::VectorXd S2 = svd2.singularValues();
    evr = (S2.array().square() / S2.squaredNorm()).matrix().head(std::min<Index>(max_components, S2.size()));
    Index rank2 = 0;
    while (rank2 < S2.size() && S2[rank2] > params_.tol * S2[0]) ++rank2;
    scalings = within * svd2.matrixV().leftCols(rank2);
    const Matrix c = (means.rowwise() - xbar) * scalings;
    intercept = -0.5 * c.rowwise().squaredNorm() + priors.array().log().matrix();
    coef = c * scalings.transpose();
    intercept -= coef * xbar.transpose();
  } else {
    const Matrix St = shrunk_class_cov(X, params_.shrinkage);
    const Eigen::MatrixXd Sw = covariance, Sb = St - covariance;
    Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> ges(Sb, Sw);
    if (ges.info() != Eigen::Success || !ges.eigenvectors().allFinite())
      throw InvalidArgument("the within-class covariance is singular (constant or collinear features): "
                            "use shrinkage ('auto' or a number) or solver 'svd'");
    const Index m = ges.eigenvalues().size();  // ascending: reverse to descending
    const Eigen::VectorXd ev = ges.eigenvalues().reverse();
    scalings = ges.eigenvectors().rowwise().reverse();
    evr = (ev / ev.sum()).head(std::min<Index>(max_components, m));
    coef = (means * scalings) * scalings.transpose();
    intercept = -0.5 * (means.cwiseProduct(coef)).rowwise().sum() + priors.array().log().matrix();
  }
  if (K == 2) {
    const Matrix c2 = coef.row(1) - coef.row(0);
    const Vector i2 = Vector::Constant(1, intercept[1] - intercept[0]);
    coef = c2;
    intercept = i2;
  }
  coef_ = std::move(coef);
  intercept_ = std::move(intercept);
  means_ = stats.means;
  scalings_ = std::move(scalings);
  xbar_ = xbar.transpose();
  covariance_ = std::move(covariance);
  explained_variance_ratio_ = std::move(evr);
  priors_ = std::move(priors);
  max_components_ = max_components;
  return *this;
}

void LinearDiscriminantAnalysis::check_input(MatrixRef X, const char* method) const {
  check_fitted(is_fitted(), "LinearDiscriminantAnalysis", method);
  check_n_features(means_.cols(), X);
  check_matrix(X);
}

Matrix LinearDiscriminantAnalysis::decision_function(MatrixRef X) const {
  check_input(X, "decisionFunction");
  return (X * coef_.transpose()).rowwise() + intercept_.transpose();
}

Matrix LinearDiscriminantAnalysis::predict_proba(MatrixRef X) const {
  check_input(X, "predictProba");
  const Matrix d = decision_function(X);
  return coef_.rows() == 1 ? two_class_proba(d) : gauss::softmax_rows(d);
}

Matrix LinearDiscriminantAnalysis::predict_log_proba(MatrixRef X) const {
  check_input(X, "predictLogProba");
  const Matrix d = decision_function(X);
  if (coef_.rows() > 1) return gauss::log_normalize_rows(d);
  Matrix two(d.rows(), 2);
  two.col(0).setZero();
  two.col(1) = d.col(0);
  return gauss::log_normalize_rows(two);
}

IntVector LinearDiscriminantAnalysis::predict(MatrixRef X) const {
  check_input(X, "predict");
  const Matrix d = decision_function(X);
  if (coef_.rows() > 1) return gauss::argmax_rows(d);
  return (d.col(0).array() > 0).cast<int>();
}

Matrix LinearDiscriminantAnalysis::transform(MatrixRef X) const {
  check_input(X, "transform");
  const Index m = std::min<Index>(max_components_, scalings_.cols());
  if (params_.solver == LDASolver::svd) return (X.rowwise() - xbar_.transpose()) * scalings_.leftCols(m);
  return X * scalings_.leftCols(m);
}

json LinearDiscriminantAnalysis::state() const {
  return {{"coef", to_json(coef_)}, {"intercept", to_json(intercept_)}, {"means", to_json(means_)},
          {"scalings", to_json(scalings_)}, {"xbar", to_json(xbar_)}, {"covariance", to_json(covariance_)},
          {"explainedVarianceRatio", to_json(explained_variance_ratio_)}, {"priors", to_json(priors_)},
          {"maxComponents", max_components_}};
}

void LinearDiscriminantAnalysis::load_state(const json& s) {
  const StateReader r{s};
  Matrix coef = r.matrix("coef"), means = r.matrix("means"), scalings = r.matrix("scalings"), cov = r.matrix("covariance");
  Vector intercept = r.vector("intercept"), xbar = r.vector("xbar"), evr = r.vector("explainedVarianceRatio"),
         priors = r.vector("priors");
  const Index K = means.rows(), p = means.cols();
  require(K >= 2 && p > 0 && coef.cols() == p && coef.rows() == (K == 2 ? 1 : K) && intercept.size() == coef.rows() &&
              scalings.rows() == p && xbar.size() == p && priors.size() == K && cov.rows() == p && cov.cols() == p,
          "coef, intercept, means, scalings, xbar, covariance and priors disagree in size");
  max_components_ = integer_from_json<int>(member(s, "maxComponents"), "maxComponents", at_least(0));
  coef_ = std::move(coef);
  means_ = std::move(means);
  scalings_ = std::move(scalings);
  covariance_ = std::move(cov);
  intercept_ = std::move(intercept);
  xbar_ = std::move(xbar);
  explained_variance_ratio_ = std::move(evr);
  priors_ = std::move(priors);
}

// ---- QuadraticDiscriminantAnalysis ---------------------------------------------------------------

QuadraticDiscriminantAnalysis& QuadraticDiscriminantAnalysis::fit(MatrixRef X, IntVectorRef y) {
  check_params<QuadraticDiscriminantAnalysis>(params_);
  int K;
  check_class_input(X, y, K, "QuadraticDiscriminantAnalysis", true);
  const Index p = X.cols();
  const double reg = params_.reg_param;
  gauss::ClassStats stats = gauss::class_statistics(X, y, K, "QuadraticDiscriminantAnalysis", 2);
  Vector priors = gauss::class_priors(params_.priors, stats.counts);
  const Matrix Xc = gauss::centre_by_class(X, y, stats.means);
  Matrix cov = Matrix::Zero(K * p, p);
  for (Index i = 0; i < X.rows(); ++i) cov.middleRows(y[i] * p, p).noalias() += Xc.row(i).transpose() * Xc.row(i);
  Warnings warnings;
  for (Index k = 0; k < K; ++k) {
    auto C = cov.middleRows(k * p, p);
    C /= stats.counts[k] - 1;
    // Rank as scikit-learn counts it: singular values of the centred class above tol.
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(Eigen::MatrixXd(C), Eigen::EigenvaluesOnly);
    const Eigen::ArrayXd sv = (es.eigenvalues().array().max(0.0) * (stats.counts[k] - 1)).sqrt();
    const Index rank = (sv > params_.tol).count();
    if (rank < p) {
      if (reg == 0)
        throw InvalidArgument("the covariance of class " + std::to_string(k) + " is singular (rank " + std::to_string(rank) +
                              " of " + std::to_string(p) +
                              " features: too few samples, or collinear or constant features): set regParam > 0");
      warnings.add(WarningKind::data, "Variables are collinear in class " + std::to_string(k));
    }
    C *= 1 - reg;
    C.diagonal().array() += reg;
  }
  precision_cholesky_ = gauss::precision_cholesky(
      cov, CovarianceType::full, K, "a class covariance is not positive definite: increase regParam");
  means_ = std::move(stats.means);
  covariance_ = std::move(cov);
  priors_ = std::move(priors);
  warnings_ = std::move(warnings);
  return *this;
}

Matrix QuadraticDiscriminantAnalysis::class_scores(MatrixRef X, const char* method) const {
  check_fitted(is_fitted(), "QuadraticDiscriminantAnalysis", method);
  check_n_features(means_.cols(), X);
  check_matrix(X);
  Matrix s = gauss::log_gaussian_prob(X, means_, precision_cholesky_, CovarianceType::full);
  s.array() += 0.5 * static_cast<double>(means_.cols()) * kLog2Pi;
  s.rowwise() += priors_.array().log().matrix().transpose();
  return s;
}

Matrix QuadraticDiscriminantAnalysis::decision_function(MatrixRef X) const {
  Matrix s = class_scores(X, "decisionFunction");
  if (s.cols() == 2) return s.col(1) - s.col(0);
  return s;
}
IntVector QuadraticDiscriminantAnalysis::predict(MatrixRef X) const { return gauss::argmax_rows(class_scores(X, "predict")); }
Matrix QuadraticDiscriminantAnalysis::predict_proba(MatrixRef X) const {
  return gauss::softmax_rows(class_scores(X, "predictProba"));
}
Matrix QuadraticDiscriminantAnalysis::predict_log_proba(MatrixRef X) const {
  return gauss::log_normalize_rows(class_scores(X, "predictLogProba"));
}

json QuadraticDiscriminantAnalysis::state() const {
  return {{"means", to_json(means_)}, {"covariance", to_json(covariance_)}, {"priors", to_json(priors_)},
          {"warnings", to_json(warnings_)}};
}

void QuadraticDiscriminantAnalysis::load_state(const json& s) {
  const StateReader r{s};
  Matrix means = r.matrix("means"), cov = r.matrix("covariance");
  Vector priors = r.vector("priors");
  const Index K = means.rows(), p = means.cols();
  require(K >= 2 && p > 0 && cov.rows() == K * p && cov.cols() == p && priors.size() == K,
          "means, covariance and priors disagree in size");
  precision_cholesky_ = gauss::precision_cholesky(cov, CovarianceType::full, K, "model JSON: covariance is not positive definite");
  means_ = std::move(means);
  covariance_ = std::move(cov);
  priors_ = std::move(priors);
  warnings_ = warnings_from_json(s, WarningKind::data);
}

// ---- NearestCentroid -----------------------------------------------------------------------------

NearestCentroid& NearestCentroid::fit(MatrixRef X, IntVectorRef y) {
  check_params<NearestCentroid>(params_);
  int K;
  check_class_input(X, y, K, "NearestCentroid");
  const Index n = X.rows(), p = X.cols();
  gauss::ClassStats stats = gauss::class_statistics(X, y, K, "NearestCentroid");
  Matrix cov = Matrix::Identity(p, p);
  if (params_.metric == CentroidMetric::mahalanobis) {
    if (n <= K)
      throw InvalidArgument("metric 'mahalanobis' needs more samples (" + std::to_string(n) + ") than classes (" +
                            std::to_string(K) + ")");
    const Matrix Xc = gauss::centre_by_class(X, y, stats.means);
    cov = (Xc.transpose() * Xc) / static_cast<double>(n - K);
  }
  precision_cholesky_ = gauss::precision_cholesky(
      cov, "the pooled within-class covariance is singular (constant or collinear features): use metric 'euclidean'");
  centroids_ = std::move(stats.means);
  covariance_ = std::move(cov);
  return *this;
}

IntVector NearestCentroid::predict(MatrixRef X) const {
  check_fitted(is_fitted(), "NearestCentroid", "predict");
  check_n_features(centroids_.cols(), X);
  check_matrix(X);
  return gauss::argmin_rows(gauss::squared_mahalanobis(X, centroids_, precision_cholesky_));
}

json NearestCentroid::state() const { return {{"centroids", to_json(centroids_)}, {"covariance", to_json(covariance_)}}; }

void NearestCentroid::load_state(const json& s) {
  const StateReader r{s};
  Matrix centroids = r.matrix("centroids"), cov = r.matrix("covariance");
  require(centroids.rows() >= 2 && centroids.cols() > 0 && cov.rows() == centroids.cols() && cov.cols() == centroids.cols(),
          "centroids and covariance disagree in size");
  precision_cholesky_ = gauss::precision_cholesky(cov, "model JSON: covariance is not positive definite");
  centroids_ = std::move(centroids);
  covariance_ = std::move(cov);
}

}  // namespace wasmlearn
