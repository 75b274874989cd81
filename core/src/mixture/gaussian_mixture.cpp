#include "wasmlearn/mixture/gaussian_mixture.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/cluster/kmeans.hpp"
#include "wasmlearn/mixture/describe.hpp"

namespace wasmlearn {

namespace {

const char* const kIllDefined =
    "Fitting the mixture model failed because some components have ill-defined empirical covariance (for instance "
    "caused by singleton or collapsed samples). Try to decrease nComponents, or increase regCovar.";

struct Components {
  Vector weights;
  Matrix means, covariances, prec_chol;
};

// Adds the rows [begin, begin + rows) to the lower triangle of Σ_i r_i (x_i − μ)(x_i − μ)ᵀ
// (`scatter`: width x width, row-major); `r` holds the r_i, `r_stride` apart. One call per block and
// component, so that V8 optimises it (it does not replace a running call's code).
[[gnu::noinline]] void add_block_scatter(MatrixRef X, Index begin, Index rows, const Eigen::Ref<const RowVector>& mean,
                                         const double* r, Index r_stride, Matrix& centred, double* scatter) {
  const Index p = X.cols(), width = centred.cols();
  centred.topLeftCorner(rows, p) = X.middleRows(begin, rows).rowwise() - mean;
  weighted_scatter_lower(centred.data(), rows, width, width, r, r_stride, scatter, width);
}

// scikit-learn's _estimate_gaussian_parameters; weights are the (unnormalised) nk.
void estimate_parameters(MatrixRef X, const Matrix& resp, double reg, CovarianceType type, Components& c) {
  const Index k = resp.cols(), p = X.cols();
  const Vector nk = resp.colwise().sum().transpose().array() + 10 * std::numeric_limits<double>::epsilon();
  const Matrix RX = resp.transpose() * X;  // k x p
  c.means = RX.array().colwise() / nk.array();
  switch (type) {
    case CovarianceType::full: {
      // Σ_i r_ij (x_i − μ_j)(x_i − μ_j)ᵀ, centred as scikit-learn's, over blocks of rows (kept in
      // cache for every component), lower triangles first.
      const Index n = X.rows(), width = p + p % 2;
      Matrix scatter = Matrix::Zero(k * width, width);
      Matrix centred = Matrix::Zero(std::min(n, kRowBlock), width);  // the padding column stays 0
      for_row_blocks(n, [&](Index b, Index e) {
        for (Index j = 0; j < k; ++j)
          add_block_scatter(X, b, e - b, c.means.row(j), &resp(b, j), resp.outerStride(), centred,
                            scatter.data() + j * width * width);
      });
      c.covariances.resize(k * p, p);
      for (Index j = 0; j < k; ++j) {
        auto C = c.covariances.middleRows(j * p, p);
        for (Index s = 0; s < p; ++s)
          for (Index t = 0; t <= s; ++t) C(s, t) = C(t, s) = scatter(j * width + s, t) / nk[j];
        C.diagonal().array() += reg;
      }
      break;
    }
    case CovarianceType::tied: {
      const Matrix nm = c.means.array().colwise() * nk.array();
      c.covariances = (X.transpose() * X - nm.transpose() * c.means) / nk.sum();
      c.covariances.diagonal().array() += reg;
      break;
    }
    case CovarianceType::diag:
    case CovarianceType::spherical: {
      const Matrix avg_X2 = (resp.transpose() * X.array().square().matrix()).array().colwise() / nk.array();
      const Matrix avg_X_means = c.means.array() * (RX.array().colwise() / nk.array());
      Matrix d = (avg_X2 - 2 * avg_X_means + c.means.array().square().matrix()).array() + reg;
      if (type == CovarianceType::diag) c.covariances = std::move(d);
      else c.covariances = d.rowwise().mean();
      break;
    }
  }
  c.weights = nk;
}

Matrix precision_factors(const Matrix& cov, CovarianceType type, Index k) {
  return gauss::precision_cholesky(cov, type, k, kIllDefined);
}

// Precision matrices (layout as covariances) -> their Cholesky factors.
Matrix factors_from_precisions(const Matrix& prec, CovarianceType type, Index k, Index p) {
  auto chol = [&](const Matrix& P) {
    Eigen::LLT<Eigen::MatrixXd> llt{Eigen::MatrixXd(P)};
    if (llt.info() != Eigen::Success) throw InvalidArgument("precisionsInit must hold positive definite matrices");
    return Matrix(Eigen::MatrixXd(llt.matrixL()));
  };
  switch (type) {
    case CovarianceType::full: {
      Matrix out(k * p, p);
      for (Index j = 0; j < k; ++j) out.middleRows(j * p, p) = chol(prec.middleRows(j * p, p));
      return out;
    }
    case CovarianceType::tied: return chol(prec);
    default:
      if (!(prec.array() > 0).all()) throw InvalidArgument("precisionsInit must be positive");
      return prec.array().sqrt();
  }
}

std::string shape_text(Index r, Index c) { return std::to_string(r) + " x " + std::to_string(c); }

void expect_shape(const Matrix& m, Index r, Index c, const char* name) {
  if (m.rows() != r || m.cols() != c)
    throw InvalidArgument(std::string(name) + " must be " + shape_text(r, c) + ", got " + shape_text(m.rows(), m.cols()));
}

Index covariance_rows(CovarianceType type, Index k, Index p) {
  switch (type) {
    case CovarianceType::full: return k * p;
    case CovarianceType::tied: return p;
    default: return k;
  }
}
Index covariance_cols(CovarianceType type, Index p) { return type == CovarianceType::spherical ? 1 : p; }

}  // namespace

GaussianMixture& GaussianMixture::fit(MatrixRef X) {
  check_params<GaussianMixture>(params_);
  check_matrix(X);
  const Index n = X.rows(), p = X.cols(), k = params_.n_components;
  const CovarianceType type = params_.covariance_type;
  if (k > n)
    throw InvalidArgument("nComponents=" + std::to_string(k) + " must be at most the number of samples (" +
                          std::to_string(n) + ")");
  if (type == CovarianceType::full)
    check_size(static_cast<double>(k) * p * p, "GaussianMixture's covariances (components x features x features)");
  if (type == CovarianceType::tied) check_size(static_cast<double>(p) * p, "GaussianMixture's covariance (features x features)");
  std::optional<Vector> w_init;
  if (params_.weights_init) {
    const auto& w = *params_.weights_init;
    if (static_cast<Index>(w.size()) != k)
      throw InvalidArgument("weightsInit has " + std::to_string(w.size()) + " values but nComponents is " + std::to_string(k));
    w_init = Eigen::Map<const Vector>(w.data(), k);
    if (!(w_init->array() >= 0).all()) throw InvalidArgument("weightsInit must be non-negative");
    if (std::abs(w_init->sum() - 1.0) > 1e-8)
      throw InvalidArgument("weightsInit must sum to 1, got " + format_number(w_init->sum()));
  }
  if (params_.means_init) expect_shape(*params_.means_init, k, p, "meansInit");
  std::optional<Matrix> prec_init;
  if (params_.precisions_init) {
    Matrix prec = *params_.precisions_init;
    if (type == CovarianceType::spherical && prec.rows() == 1) prec.transposeInPlace();  // [[a, b, c]] is accepted too
    expect_shape(prec, covariance_rows(type, k, p), covariance_cols(type, p), "precisionsInit");
    prec_init = factors_from_precisions(prec, type, k, p);
  }

  Components best;
  double best_lb = -std::numeric_limits<double>::infinity();
  bool have_best = false, best_converged = false;
  int best_iter = 0;
  std::vector<double> best_history;
  Components c;
  Warnings best_warnings;  // those of the kept run's k-means start: a run's outcome depends on (randomState, run) alone
  Matrix resp;  // n x k, reused by every EM step (fresh n x k buffers cost page faults natively)
  Vector log_norm;
  for (int run = 0; run < params_.n_init; ++run) {
    const auto index = static_cast<std::uint64_t>(params_.first_init) + static_cast<std::uint64_t>(run);
    Random rng(Random::derive_seed(static_cast<std::uint64_t>(params_.random_state), index));
    Warnings init_warnings;
    resp.setZero(n, k);
    if (params_.init_params == MixtureInit::kmeans) {
      KMeansParams kp;
      kp.n_clusters = static_cast<int>(k);
      kp.n_init = 1;
      kp.random_state = static_cast<int>(rng.integer(1u << 30));
      KMeans km(kp);
      km.fit(X);
      for (const Warning& w : km.warnings().items) init_warnings.add(w.kind, "k-means initialisation: " + w.message);
      const IntVector labels = km.labels();
      for (Index i = 0; i < n; ++i) resp(i, labels[i]) = 1;
    } else {
      for (Index i = 0; i < n; ++i)
        for (Index j = 0; j < k; ++j) resp(i, j) = rng.uniform();
      resp.array().colwise() /= resp.rowwise().sum().array();
    }
    estimate_parameters(X, resp, params_.reg_covar, type, c);
    c.weights /= static_cast<double>(n);
    if (w_init) c.weights = *w_init;
    if (params_.means_init) c.means = *params_.means_init;
    c.prec_chol = prec_init ? *prec_init : precision_factors(c.covariances, type, k);

    double lb = -std::numeric_limits<double>::infinity();
    bool converged = false;
    int iter = 0;
    std::vector<double> history;
    for (iter = 1; iter <= params_.max_iter; ++iter) {
      const double prev = lb;
      gauss::log_gaussian_prob(X, c.means, c.prec_chol, type, resp);  // made responsibilities in place
      const RowVector log_weights = c.weights.array().log().transpose();
      resp.rowwise() += log_weights;
      gauss::exp_normalize_rows(resp, log_norm);
      estimate_parameters(X, resp, params_.reg_covar, type, c);
      c.weights /= c.weights.sum();
      c.prec_chol = precision_factors(c.covariances, type, k);
      lb = log_norm.mean();
      history.push_back(lb);
      if (std::abs(lb - prev) < params_.tol) {
        converged = true;
        break;
      }
    }
    iter = std::min(iter, params_.max_iter);
    if (!have_best || lb > best_lb) {
      best = c;
      best_lb = lb;
      best_iter = iter;
      best_converged = converged;
      best_history = history;
      best_warnings = std::move(init_warnings);
      have_best = true;
    }
  }
  warnings_ = std::move(best_warnings);
  if (!best_converged && params_.max_iter > 0)
    warnings_.add(WarningKind::convergence, "Initialization did not converge: try different init parameters, or increase maxIter, tol or check "
                  "for degenerate data.");
  weights_ = std::move(best.weights);
  means_ = std::move(best.means);
  covariances_ = std::move(best.covariances);
  precisions_cholesky_ = std::move(best.prec_chol);
  converged_ = best_converged;
  n_iter_ = best_iter;
  lower_bound_ = best_lb;
  lower_bound_history_ = Eigen::Map<const Vector>(best_history.data(), static_cast<Index>(best_history.size()));
  return *this;
}

Matrix GaussianMixture::weighted_log_prob(MatrixRef X, const char* method) const {
  check_fitted(is_fitted(), "GaussianMixture", method);
  check_n_features(means_.cols(), X);
  check_matrix(X);
  Matrix wlp = gauss::log_gaussian_prob(X, means_, precisions_cholesky_, params_.covariance_type);
  wlp.rowwise() += weights_.array().log().matrix().transpose();
  return wlp;
}

IntVector GaussianMixture::predict(MatrixRef X) const { return gauss::argmax_rows(weighted_log_prob(X, "predict")); }
Matrix GaussianMixture::predict_proba(MatrixRef X) const {
  return gauss::softmax_rows(weighted_log_prob(X, "predictProba"));
}
Vector GaussianMixture::score_samples(MatrixRef X) const {
  return gauss::logsumexp_rows(weighted_log_prob(X, "scoreSamples"));
}
double GaussianMixture::score(MatrixRef X) const { return score_samples(X).mean(); }

namespace {
double n_parameters(CovarianceType type, double k, double p) {
  double cov = 0;
  switch (type) {
    case CovarianceType::full: cov = k * p * (p + 1) / 2; break;
    case CovarianceType::diag: cov = k * p; break;
    case CovarianceType::tied: cov = p * (p + 1) / 2; break;
    case CovarianceType::spherical: cov = k; break;
  }
  return cov + p * k + k - 1;
}
}  // namespace

double GaussianMixture::bic(MatrixRef X) const {
  const double n = static_cast<double>(X.rows());
  return -2 * score(X) * n +
         n_parameters(params_.covariance_type, static_cast<double>(means_.rows()), static_cast<double>(means_.cols())) *
             det_log(n);
}

double GaussianMixture::aic(MatrixRef X) const {
  const double n = static_cast<double>(X.rows());
  return -2 * score(X) * n +
         2 * n_parameters(params_.covariance_type, static_cast<double>(means_.rows()), static_cast<double>(means_.cols()));
}

Matrix GaussianMixture::precisions() const {
  const Index k = means_.rows(), p = means_.cols();
  switch (params_.covariance_type) {
    case CovarianceType::full: {
      Matrix out(k * p, p);
      for (Index j = 0; j < k; ++j) {
        const auto P = precisions_cholesky_.middleRows(j * p, p);
        out.middleRows(j * p, p) = P * P.transpose();
      }
      return out;
    }
    case CovarianceType::tied: return precisions_cholesky_ * precisions_cholesky_.transpose();
    default: return precisions_cholesky_.array().square();
  }
}

NamedArrays GaussianMixture::sample(int n) const {
  check_fitted(is_fitted(), "GaussianMixture", "sample");
  if (n < 1) throw InvalidArgument("sample needs n >= 1, got " + std::to_string(n));
  const Index k = means_.rows(), p = means_.cols();
  check_size(static_cast<double>(n) * static_cast<double>(p + 1), "sample(" + std::to_string(n) + ") (rows x (features + 1))");
  Random rng(Random::derive_seed(static_cast<std::uint64_t>(params_.random_state), 0x5a3d1eULL));
  // Component counts (a multinomial draw), then each component's samples in order.
  std::vector<Index> counts(static_cast<std::size_t>(k), 0);
  for (int s = 0; s < n; ++s) {
    const double u = rng.uniform();
    double cum = 0;
    Index j = 0;
    for (; j < k - 1; ++j) {
      cum += weights_[j];
      if (u < cum) break;
    }
    ++counts[static_cast<std::size_t>(j)];
  }
  Matrix Xs(n, p);
  Vector ys(n);
  Index row = 0;
  for (Index j = 0; j < k; ++j) {
    Matrix L;  // x = μ + z·Lᵀ
    switch (params_.covariance_type) {
      case CovarianceType::full:
        L = Eigen::MatrixXd(Eigen::LLT<Eigen::MatrixXd>(Eigen::MatrixXd(covariances_.middleRows(j * p, p))).matrixL());
        break;
      case CovarianceType::tied: L = Eigen::MatrixXd(Eigen::LLT<Eigen::MatrixXd>(Eigen::MatrixXd(covariances_)).matrixL()); break;
      case CovarianceType::diag: L = covariances_.row(j).cwiseSqrt().asDiagonal(); break;
      case CovarianceType::spherical: L = Matrix::Identity(p, p) * std::sqrt(covariances_(j, 0)); break;
    }
    for (Index c = 0; c < counts[static_cast<std::size_t>(j)]; ++c, ++row) {
      RowVector z(p);
      for (Index t = 0; t < p; ++t) z[t] = rng.standard_normal();
      Xs.row(row) = means_.row(j) + z * L.transpose();
      ys[row] = static_cast<double>(j);
    }
  }
  return NamedArrays{{{"X", NdArray::from(Xs)}, {"y", NdArray::from(ys)}}};
}

json GaussianMixture::state() const {
  return {{"weights", to_json(weights_)},
          {"means", to_json(means_)},
          {"covariances", to_json(covariances_)},
          {"precisionsCholesky", to_json(precisions_cholesky_)},
          {"converged", converged_},
          {"nIter", n_iter_},
          {"lowerBound", lower_bound_},
          {"lowerBoundHistory", to_json(lower_bound_history_)},
          {"warnings", to_json(warnings_)}};
}

void GaussianMixture::load_state(const json& s) {
  Vector weights = vector_from_json(member(s, "weights"), "weights");
  Matrix means = matrix_from_json(member(s, "means"), "means");
  Matrix cov = matrix_from_json(member(s, "covariances"), "covariances");
  Matrix pc = matrix_from_json(member(s, "precisionsCholesky"), "precisionsCholesky");
  Vector history = vector_from_json(member(s, "lowerBoundHistory"), "lowerBoundHistory");
  const Index k = means.rows(), p = means.cols();
  const CovarianceType type = params_.covariance_type;
  const Index r = covariance_rows(type, k, p), c = covariance_cols(type, p);
  if (k == 0 || p == 0 || weights.size() != k || cov.rows() != r || cov.cols() != c || pc.rows() != r || pc.cols() != c)
    throw InvalidArgument("model JSON: weights, means, covariances and precisionsCholesky disagree in size");
  const json& conv = member(s, "converged");
  if (!conv.is_boolean()) throw InvalidArgument("model JSON: converged must be true or false");
  converged_ = conv.get<bool>();
  n_iter_ = integer_from_json<int>(member(s, "nIter"), "nIter", at_least(0));
  lower_bound_ = number_from_json(member(s, "lowerBound"), "lowerBound");
  warnings_ = warnings_from_json(s, WarningKind::convergence);
  weights_ = std::move(weights);
  means_ = std::move(means);
  covariances_ = std::move(cov);
  precisions_cholesky_ = std::move(pc);
  lower_bound_history_ = std::move(history);
}

}  // namespace wasmlearn
