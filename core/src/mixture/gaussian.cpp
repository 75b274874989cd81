#include "wasmlearn/mixture/gaussian.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "wasmlearn/base/activation_lanes.hpp"
#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {
namespace gauss {

Vector logsumexp_rows(const Matrix& A) {
  Vector out(A.rows());
  const ActivationLanes activations;
  Vector row(A.cols());
  for (Index i = 0; i < A.rows(); ++i) {
    const double m = A.row(i).maxCoeff();
    if (!std::isfinite(m)) {
      out[i] = m;
      continue;
    }
    row = A.row(i).transpose();
    out[i] = m + det_log(exp_below_top_in_place(activations, row.data(), row.size(), m));
  }
  return out;
}

Matrix log_normalize_rows(const Matrix& A, Vector* log_norm) {
  Vector lse = logsumexp_rows(A);
  Matrix out = A.colwise() - lse;
  if (log_norm) *log_norm = std::move(lse);
  return out;
}

Matrix softmax_rows(const Matrix& A) {
  Matrix P = A;
  Vector log_norm;
  exp_normalize_rows(P, log_norm);
  return P;
}

void exp_normalize_rows(Matrix& A, Vector& log_norm) {
  log_norm.resize(A.rows());
  const ActivationLanes activations;
  for (Index i = 0; i < A.rows(); ++i) {
    auto row = A.row(i);
    const double m = row.maxCoeff();
    if (!std::isfinite(m)) {  // as logsumexp_rows; the row has no finite normalisation
      log_norm[i] = m;
      row.setConstant(std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    const double sum = exp_below_top_in_place(activations, row.data(), row.size(), m);
    log_norm[i] = m + det_log(sum);
    row /= sum;
  }
}

IntVector argmax_rows(const Matrix& A) {
  IntVector out(A.rows());
  for (Index i = 0; i < A.rows(); ++i) {
    Index j;
    A.row(i).maxCoeff(&j);
    out[i] = static_cast<int>(j);
  }
  return out;
}

IntVector argmin_rows(const Matrix& A) { return argmax_rows(-A); }

ClassStats class_statistics(MatrixRef X, IntVectorRef y, int n_classes, const char* estimator, Index min_count,
                            const Vector* weights) {
  ClassStats s{Vector::Zero(n_classes), Matrix::Zero(n_classes, X.cols())};
  std::vector<Index> samples(static_cast<std::size_t>(n_classes), 0);
  for (Index i = 0; i < X.rows(); ++i) {
    const double w = weights ? (*weights)[i] : 1.0;
    samples[y[i]] += w > 0;
    s.counts[y[i]] += w;
    s.means.row(y[i]) += w * X.row(i);
  }
  for (int k = 0; k < n_classes; ++k) {
    if (samples[k] < min_count)
      throw InvalidArgument(std::string("y has ") + std::to_string(samples[k]) + " sample(s)" +
                            (weights ? " of positive sampleWeight" : "") + " in class " + std::to_string(k) + ": " +
                            estimator + " needs at least " +
                            std::to_string(min_count) + " per class" +
                            (min_count > 1 ? " (a class covariance is ill-defined with fewer)" : ""));
    s.means.row(k) /= s.counts[k];
  }
  return s;
}

void check_two_classes(int n_classes, const char* estimator) {
  if (n_classes < 2)
    throw InvalidArgument(std::string("y has a single class: ") + estimator + " needs at least 2 classes");
}

Matrix centre_by_class(MatrixRef X, IntVectorRef y, const Matrix& means) {
  Matrix Xc(X.rows(), X.cols());
  for (Index i = 0; i < X.rows(); ++i) Xc.row(i) = X.row(i) - means.row(y[i]);
  return Xc;
}

Vector class_priors(const std::optional<std::vector<double>>& priors, const Vector& counts) {
  if (!priors) return counts / counts.sum();
  const Index k = counts.size();
  if (static_cast<Index>(priors->size()) != k)
    throw InvalidArgument("priors has " + std::to_string(priors->size()) + " values but y has " + std::to_string(k) +
                          " classes");
  Vector p = Eigen::Map<const Vector>(priors->data(), k);
  for (Index j = 0; j < k; ++j)
    if (!(p[j] >= 0)) throw InvalidArgument("priors must be non-negative, got " + format_number(p[j]) + " at index " + std::to_string(j));
  const double sum = p.sum();
  if (std::abs(sum - 1.0) > 1e-8 + 1e-5) throw InvalidArgument("priors must sum to 1, got " + format_number(sum));
  return p;
}

Matrix empirical_covariance(MatrixRef X) {
  const RowVector mean = X.colwise().mean();
  const Matrix Xc = X.rowwise() - mean;
  return (Xc.transpose() * Xc) / static_cast<double>(X.rows());
}

Matrix shrunk_covariance(const Matrix& S, double alpha) {
  const Index p = S.rows();
  Matrix out = (1.0 - alpha) * S;
  out.diagonal().array() += alpha * S.trace() / static_cast<double>(p);
  return out;
}

Matrix ledoit_wolf(MatrixRef X, double* shrinkage) {
  const Index n = X.rows(), p = X.cols();
  const Matrix Xc = X.rowwise() - X.colwise().mean();
  if (p == 1) {
    if (shrinkage) *shrinkage = 0;
    return Matrix::Constant(1, 1, Xc.squaredNorm() / static_cast<double>(n));
  }
  const Matrix X2 = Xc.array().square();
  const Vector emp_cov_trace = X2.colwise().sum().transpose() / static_cast<double>(n);
  const double mu = emp_cov_trace.sum() / static_cast<double>(p);
  const double beta_sum = (X2.transpose() * X2).sum();
  const Matrix S = Xc.transpose() * Xc;
  const double delta_sum = S.array().square().sum() / (static_cast<double>(n) * static_cast<double>(n));
  double beta = 1.0 / static_cast<double>(p * n) * (beta_sum / static_cast<double>(n) - delta_sum);
  double delta = delta_sum - 2.0 * mu * emp_cov_trace.sum() + static_cast<double>(p) * mu * mu;
  delta /= static_cast<double>(p);
  beta = std::min(beta, delta);
  const double alpha = beta == 0 ? 0.0 : beta / delta;
  if (shrinkage) *shrinkage = alpha;
  return shrunk_covariance(S / static_cast<double>(n), alpha);
}

Matrix precision_cholesky(const Matrix& cov, const std::string& failure) {
  const Eigen::MatrixXd C = cov;
  Eigen::LLT<Eigen::MatrixXd> llt(C);
  if (llt.info() != Eigen::Success || !(llt.matrixLLT().diagonal().array() > 0).all() ||
      !llt.matrixLLT().allFinite())
    throw InvalidArgument(failure);
  const Eigen::MatrixXd Linv =
      llt.matrixL().solve(Eigen::MatrixXd::Identity(C.rows(), C.cols()));
  return Linv.transpose();
}

Matrix precision_cholesky(const Matrix& cov, CovarianceType type, Index k, const std::string& failure) {
  switch (type) {
    case CovarianceType::full: {
      const Index p = cov.cols();
      Matrix out(k * p, p);
      for (Index j = 0; j < k; ++j) out.middleRows(j * p, p) = precision_cholesky(Matrix(cov.middleRows(j * p, p)), failure);
      return out;
    }
    case CovarianceType::tied: return precision_cholesky(cov, failure);
    default:
      if (!(cov.array() > 0).all()) throw InvalidArgument(failure);
      return cov.array().rsqrt();
  }
}

Matrix squared_mahalanobis(MatrixRef X, const Matrix& means, const Matrix& prec_chol) {
  const Matrix XP = X * prec_chol;
  const Matrix MP = means * prec_chol;
  Matrix d(X.rows(), means.rows());
  for (Index j = 0; j < means.rows(); ++j) d.col(j) = (XP.rowwise() - MP.row(j)).rowwise().squaredNorm();
  return d;
}

Vector log_det_cholesky(const Matrix& prec_chol, CovarianceType type, Index k, Index p) {
  Vector out(k);
  switch (type) {
    case CovarianceType::full:
      for (Index j = 0; j < k; ++j) out[j] = prec_chol.middleRows(j * p, p).diagonal().array().log().sum();
      break;
    case CovarianceType::tied: out.setConstant(prec_chol.diagonal().array().log().sum()); break;
    case CovarianceType::diag: out = prec_chol.array().log().rowwise().sum(); break;
    case CovarianceType::spherical: out = static_cast<double>(p) * prec_chol.col(0).array().log(); break;
  }
  return out;
}

Matrix log_gaussian_prob(MatrixRef X, const Matrix& means, const Matrix& prec_chol, CovarianceType type) {
  Matrix out;
  log_gaussian_prob(X, means, prec_chol, type, out);
  return out;
}

namespace {
// ‖x·P_j − μ_j·P_j‖² for rows [begin, end) and every component j, 8 columns of P_j at a time in
// registers. `factors`: the P_j (p x p) stacked, columns zero-padded to whole tiles; `shifts`: the
// μ_j·P_j, padded alike (padding adds 0 − 0); `upper`: every P_j is upper triangular. One call per
// block of rows, so that V8 optimises it.
[[gnu::noinline]] void full_mahalanobis_block(MatrixRef X, Index begin, Index end, const Matrix& factors,
                                              const Matrix& shifts, bool upper, Matrix& q) {
  const Index p = X.cols(), padded = factors.cols(), k = shifts.rows();
  for (Index i = begin; i < end; ++i) {
    const double* x = X.data() + i * X.outerStride();
    for (Index j = 0; j < k; ++j) {
      Lanes2 sum = {0.0, 0.0};
      for (Index c0 = 0; c0 < padded; c0 += kTileColumns) {
        Lanes2 y[kTileColumns / 2];
        const double* tile = factors.data() + j * p * padded + c0;
        if (upper) row_times_upper_tile(x, p, tile, padded, c0, y);
        else row_times_tile(x, p, tile, padded, y);
        for (Index l = 0; l < kTileColumns / 2; ++l) {
          const Lanes2 d = y[l] - load_lanes(shifts.data() + j * padded + c0 + 2 * l);
          sum += d * d;
        }
      }
      q(i, j) = sum[0] + sum[1];
    }
  }
}
}  // namespace

void log_gaussian_prob(MatrixRef X, const Matrix& means, const Matrix& prec_chol, CovarianceType type, Matrix& q) {
  const Index n = X.rows(), p = X.cols(), k = means.rows();
  q.resize(n, k);  // first the squared Mahalanobis distances
  switch (type) {
    case CovarianceType::full: {
      const Index padded = padded_columns(p);
      Matrix factors = Matrix::Zero(k * p, padded), shifts = Matrix::Zero(k, padded);
      bool upper = true;  // fit's factors L⁻ᵀ are; precisionsInit's (lower, as scikit-learn's) are not
      for (Index j = 0; j < k; ++j) {
        const auto P = prec_chol.middleRows(j * p, p);
        factors.block(j * p, 0, p, p) = P;
        shifts.row(j).head(p) = means.row(j) * P;
        for (Index t = 1; t < p; ++t) upper = upper && P.row(t).head(t).isZero(0);
      }
      for_row_blocks(n, [&](Index b, Index e) { full_mahalanobis_block(X, b, e, factors, shifts, upper, q); });
      break;
    }
    case CovarianceType::tied: q = squared_mahalanobis(X, means, prec_chol); break;
    case CovarianceType::diag:
      for (Index j = 0; j < k; ++j)
        q.col(j) = ((X.rowwise() - means.row(j)).array().rowwise() * prec_chol.row(j).array()).square().rowwise().sum();
      break;
    case CovarianceType::spherical:
      for (Index j = 0; j < k; ++j)
        q.col(j) = (X.rowwise() - means.row(j)).rowwise().squaredNorm() * (prec_chol(j, 0) * prec_chol(j, 0));
      break;
  }
  const Vector log_det = log_det_cholesky(prec_chol, type, k, p);
  q.array() = (-0.5 * (q.array() + static_cast<double>(p) * kLog2Pi)).rowwise() + log_det.transpose().array();
}

}  // namespace gauss
}  // namespace wasmlearn
