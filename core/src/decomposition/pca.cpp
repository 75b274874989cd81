#include "wasmlearn/decomposition/pca.hpp"

#include <Spectra/MatOp/DenseSymMatProd.h>
#include <Spectra/SymEigsSolver.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/decomposition/describe.hpp"
#include "wasmlearn/decomposition/signs.hpp"

namespace wasmlearn {

namespace {

// The leading k eigenpairs of the symmetric C, largest first (Spectra's Lanczos iteration).
void leading_eigenpairs(const Eigen::MatrixXd& C, Index k, Eigen::VectorXd& values, Eigen::MatrixXd& vectors) {
  Spectra::DenseSymMatProd<double> op(C);
  const Index ncv = std::min<Index>(C.rows(), std::max<Index>(2 * k + 1, 20));
  Spectra::SymEigsSolver<Spectra::DenseSymMatProd<double>> eigs(op, k, ncv);
  eigs.init();
  eigs.compute(Spectra::SortRule::LargestAlge, 1000, 1e-12);
  if (eigs.info() != Spectra::CompInfo::Successful)
    throw InvalidArgument("PCA: the 'arpack' solver did not converge; use svdSolver: 'full'");
  values = eigs.eigenvalues().cwiseMax(0.0);
  vectors = eigs.eigenvectors();
}

// Calls f(i, c0, u) for each row i in [begin, end) of (X − mean)·T, in order, and each tile of 8
// columns c0..c0+7 of T (columns zero-padded to whole tiles), u holding the tile's 8 values in
// registers. Two rows at a time (`centred` holds two centred rows); an odd last row is paired with
// itself.
template <class F>
void for_each_projection(MatrixRef X, const RowVector& mean, Index begin, Index end, const Matrix& tiles, double* centred, F&& f) {
  const Index p = X.cols(), padded = tiles.cols();
  const auto centre = [&](Index i, double* row) {
    const double* x = X.data() + i * X.outerStride();
    for (Index t = 0; t < p; ++t) row[t] = x[t] - mean[t];
  };
  for (Index i = begin; i < end; i += 2) {
    const bool pair = i + 1 < end;
    centre(i, centred);
    if (pair) centre(i + 1, centred + p);
    const double* second = pair ? centred + p : centred;
    for (Index c0 = 0; c0 < padded; c0 += kTileColumns) {
      Lanes2 u[kTileColumns / 2], v[kTileColumns / 2];
      two_rows_times_tile(centred, second, p, tiles.data() + c0, padded, u, v);
      f(i, c0, u);
      if (pair) f(i + 1, c0, v);
    }
  }
}

Matrix tiles_of(const Eigen::MatrixXd& T) {
  Matrix tiles = Matrix::Zero(T.rows(), padded_columns(T.cols()));
  tiles.leftCols(T.cols()) = T;
  return tiles;
}

[[gnu::noinline]] void project_block(MatrixRef X, const RowVector& mean, Index begin, Index end, const Matrix& tiles,
                                     double* centred, Matrix& Z) {
  const Index k = Z.cols();
  for_each_projection(X, mean, begin, end, tiles, centred, [&](Index i, Index c0, const Lanes2* u) {
    for (Index c = c0; c < std::min(k, c0 + kTileColumns); ++c) Z(i, c) = u[(c - c0) / 2][(c - c0) % 2];
  });
}

// (X − mean)·componentsᵀ.
Matrix project(MatrixRef X, const Vector& mean, const Matrix& components) {
  const Matrix tiles = tiles_of(components.transpose());
  const RowVector mean_row = mean.transpose();
  std::vector<double> centred(static_cast<std::size_t>(2 * X.cols()));
  Matrix Z(X.rows(), components.rows());
  for_row_blocks(X.rows(), [&](Index b, Index e) { project_block(X, mean_row, b, e, tiles, centred.data(), Z); });
  return Z;
}

}  // namespace

PCA& PCA::fit(MatrixRef X) {
  check_params<PCA>(params_);
  check_matrix(X, "X", 2);
  const Index n = X.rows(), p = X.cols(), r = std::min(n, p);
  // The requested count (or fraction) and the solver.
  std::optional<Index> count;
  std::optional<double> fraction;
  if (params_.n_components) {
    if (const int* c = std::get_if<int>(&*params_.n_components)) count = *c;
    else fraction = std::get<double>(*params_.n_components);
  }
  if (count && *count > r)
    throw InvalidArgument("nComponents=" + std::to_string(*count) + " must be at most min(nSamples, nFeatures) = " +
                          std::to_string(r));
  PCASolver solver = params_.svd_solver;
  if (solver == PCASolver::automatic) {
    if (p <= 1000 && n >= 10 * p) solver = PCASolver::covariance_eigh;
    else if (count && static_cast<double>(*count) < 0.8 * static_cast<double>(r) && std::max(n, p) > 500)
      solver = PCASolver::arpack;
    else solver = PCASolver::full;
  }
  // arpack has a count here: the declared rule asks for one, and 'auto' picks arpack only with one.
  if (solver == PCASolver::arpack && *count >= r)
    throw InvalidArgument("nComponents=" + std::to_string(*count) + " must be less than min(nSamples, nFeatures) = " +
                          std::to_string(r) + " with svdSolver 'arpack'");

  const RowVector mean = X.colwise().mean();
  const Eigen::MatrixXd Xc = X.rowwise() - mean;  // column-major for the decompositions
  check_not_overflowed(Xc, "PCA's centring of X", "X");
  Eigen::VectorXd S;
  Eigen::MatrixXd V;
  double total_var;
  if (solver == PCASolver::full) {
    // A tall Xc is first reduced to the p x p triangle R of its QR factorisation (as LAPACK's gesdd,
    // behind scikit-learn's 'full', does): R has Xc's singular values and right singular vectors,
    // and its SVD costs a fraction of Xc's. U is never formed; the signs come from Xc·V by rows.
    const auto svd = [&] {
      if (n <= p) return Eigen::BDCSVD<Eigen::MatrixXd>(Xc, Eigen::ComputeThinV);
      const Eigen::HouseholderQR<Eigen::MatrixXd> qr(Xc);
      const Eigen::MatrixXd R = qr.matrixQR().topRows(p).triangularView<Eigen::Upper>();
      check_not_overflowed(R, "PCA's QR factorisation of X", "X");
      return Eigen::BDCSVD<Eigen::MatrixXd>(R, Eigen::ComputeThinV);
    }();
    S = svd.singularValues();
    V = svd.matrixV();
    total_var = S.squaredNorm() / static_cast<double>(n - 1);
  } else if (solver == PCASolver::arpack && n < p) {
    // Wide data: the eigenpairs of Xc·Xcᵀ, n x n instead of p x p, are the squared singular values
    // and the left singular vectors U; then V = XcᵀU / S.
    Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(n, n);
    gram.selfadjointView<Eigen::Lower>().rankUpdate(Xc);
    check_not_overflowed(gram, "PCA's Gram matrix of X", "X");
    Eigen::VectorXd lambda;
    Eigen::MatrixXd U;
    leading_eigenpairs(gram, *count, lambda, U);
    S = lambda.cwiseSqrt();
    V = Xc.transpose() * U;
    for (Index c = 0; c < V.cols(); ++c) V.col(c) *= S[c] > 0 ? 1.0 / S[c] : 0.0;  // a zero singular value has no direction
  } else {
    // The eigenpairs of XcᵀXc are the squared singular values and the right singular vectors of Xc.
    check_size(static_cast<double>(p) * static_cast<double>(p), "PCA's features x features matrix");
    Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(p, p);
    gram.selfadjointView<Eigen::Lower>().rankUpdate(Xc.transpose());
    check_not_overflowed(gram, "PCA's covariance of X", "X");
    Eigen::VectorXd lambda;
    if (solver == PCASolver::covariance_eigh) {  // both solvers read the lower triangle only
      const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(gram);
      lambda = eig.eigenvalues().reverse().head(r).cwiseMax(0.0);
      V = eig.eigenvectors().rowwise().reverse().leftCols(r);
    } else {
      leading_eigenpairs(gram, *count, lambda, V);
    }
    S = lambda.cwiseSqrt();
  }
  if (solver != PCASolver::full) total_var = Xc.colwise().squaredNorm().sum() / static_cast<double>(n - 1);
  flip_signs_by_largest_entries(V);  // scikit-learn ≥ 1.5's signs, by the components
  const Eigen::VectorXd ev = S.array().square() / static_cast<double>(n - 1);
  const Eigen::VectorXd ratio = ev / total_var;

  Index k = count ? *count : r;
  if (fraction) {  // numpy.searchsorted(cumsum, fraction, side='right') + 1
    double cum = 0;
    k = 0;
    for (Index j = 0; j < ratio.size(); ++j) {
      cum += ratio[j];
      if (cum <= *fraction) k = j + 1;
    }
    k = std::min(k + 1, ratio.size());
  }
  noise_variance_ = k < r && solver != PCASolver::arpack ? ev.tail(r - k).mean() : 0.0;
  if (solver == PCASolver::arpack && k < r) {
    // The discarded variance is known in total only: spread it evenly over the r − k directions.
    noise_variance_ = (total_var - ev.sum()) / static_cast<double>(r - k);
  }
  components_ = V.leftCols(k).transpose();
  explained_variance_ = ev.head(k);
  explained_variance_ratio_ = ratio.head(k);
  singular_values_ = S.head(k);
  mean_ = mean.transpose();
  n_samples_ = n;
  return *this;
}

Matrix PCA::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "PCA", "transform");
  check_n_features(components_.cols(), X);
  check_matrix(X);
  Matrix Z = project(X, mean_, components_);
  // A component without variance (a constant feature) would divide 0 by 0: its scale is floored at
  // the machine epsilon, as scikit-learn (≥ 1.3) does.
  if (params_.whiten)
    Z.array().rowwise() /= explained_variance_.transpose().array().sqrt().max(std::numeric_limits<double>::epsilon());
  return Z;
}

Matrix PCA::inverse_transform(MatrixRef Z) const {
  check_fitted(is_fitted(), "PCA", "inverseTransform");
  check_n_features(components_.rows(), Z);
  check_matrix(Z);
  return (Z * model_axes()).rowwise() + mean_.transpose();
}

Matrix PCA::model_axes() const {
  if (!params_.whiten) return components_;
  return components_.array().colwise() * explained_variance_.array().sqrt();
}

Vector PCA::variance_over_noise() const { return (explained_variance_.array() - noise_variance_).cwiseMax(0.0); }

Matrix PCA::get_covariance() const {
  check_fitted(is_fitted(), "PCA", "getCovariance");
  const Matrix W = model_axes();
  Matrix covariance = W.transpose() * variance_over_noise().asDiagonal() * W;
  covariance.diagonal().array() += noise_variance_;
  return covariance;
}

// The covariance's variances along the components (orthonormal rows, so the covariance is diagonal
// in their basis): max(explainedVariance, noiseVariance), or with whiten scikit-learn's
// explainedVariance·(explainedVariance − noiseVariance)₊ + noiseVariance; noiseVariance along the
// discarded directions. A smallest variance at or below nFeatures·ε times the largest makes the
// covariance singular to working precision (data in fewer dimensions than nFeatures): an Error,
// where scikit-learn's inverse returns arbitrary numbers.
Vector PCA::axis_variances(const char* method) const {
  check_fitted(is_fitted(), "PCA", method);
  const Vector excess = variance_over_noise();
  Vector variances = params_.whiten ? Vector(explained_variance_.cwiseProduct(excess)) : excess;
  variances.array() += noise_variance_;
  const Index k = variances.size(), p = components_.cols();
  const double smallest = k < p ? std::min(variances.minCoeff(), noise_variance_) : variances.minCoeff();
  if (!(smallest > static_cast<double>(p) * std::numeric_limits<double>::epsilon() * variances.maxCoeff()))
    throw InvalidArgument(std::string("PCA ") + method + ": the model's covariance is singular (its smallest variance, " +
                          format_number(smallest) + ", is at most nFeatures·ε times its largest): the data lie in " +
                          "fewer dimensions than nFeatures; keep fewer components than the data's rank");
  return variances;
}

Matrix PCA::get_precision() const {
  const Vector variances = axis_variances("getPrecision");
  const Index k = variances.size(), p = components_.cols();
  const double outside = k < p ? 1.0 / noise_variance_ : 0.0;  // the discarded directions' 1 / variance
  Matrix precision = components_.transpose() * (variances.cwiseInverse().array() - outside).matrix().asDiagonal() * components_;
  precision.diagonal().array() += outside;
  return precision;
}

// −½(dᵀ·precision·d + nFeatures·log 2π + log det covariance), d = x − mean, in the components' basis:
// the projections' squares over the axes' variances, and the residual's off them (‖d − projection‖²,
// not ‖d‖² − ‖projection‖², which would cancel) over the noise.
Vector PCA::score_samples(MatrixRef X) const {
  const Vector variances = axis_variances("scoreSamples");
  check_n_features(components_.cols(), X);
  check_matrix(X);
  const Index k = variances.size(), p = components_.cols();
  const Matrix Z = project(X, mean_, components_);
  Vector quadratic = Z.array().square().matrix() * variances.cwiseInverse();
  double log_det = 0;
  for (Index j = 0; j < k; ++j) log_det += det_log(variances[j]);
  if (k < p) {
    const Matrix residual = (X.rowwise() - mean_.transpose()) - Z * components_;
    quadratic += residual.rowwise().squaredNorm() / noise_variance_;
    log_det += static_cast<double>(p - k) * det_log(noise_variance_);
  }
  return -0.5 * (quadratic.array() + (static_cast<double>(p) * kLog2Pi + log_det));
}

double PCA::score(MatrixRef X) const { return score_samples(X).mean(); }

json PCA::state() const {
  return {{"components", to_json(components_)},
          {"explainedVariance", to_json(explained_variance_)},
          {"explainedVarianceRatio", to_json(explained_variance_ratio_)},
          {"singularValues", to_json(singular_values_)},
          {"mean", to_json(mean_)},
          {"noiseVariance", noise_variance_},
          {"nSamples", n_samples_}};
}

void PCA::load_state(const json& s) {
  Matrix components = matrix_from_json(member(s, "components"), "components");
  Vector ev = vector_from_json(member(s, "explainedVariance"), "explainedVariance");
  Vector ratio = vector_from_json(member(s, "explainedVarianceRatio"), "explainedVarianceRatio");
  Vector sv = vector_from_json(member(s, "singularValues"), "singularValues");
  Vector mean = vector_from_json(member(s, "mean"), "mean");
  const Index k = components.rows();
  if (k == 0 || components.cols() == 0 || ev.size() != k || ratio.size() != k || sv.size() != k ||
      mean.size() != components.cols())
    throw InvalidArgument("model JSON: components, explainedVariance, explainedVarianceRatio, singularValues and mean disagree in size");
  noise_variance_ = number_from_json(member(s, "noiseVariance"), "noiseVariance");
  n_samples_ = integer_from_json<Index>(member(s, "nSamples"), "nSamples", at_least(1));
  components_ = std::move(components);
  explained_variance_ = std::move(ev);
  explained_variance_ratio_ = std::move(ratio);
  singular_values_ = std::move(sv);
  mean_ = std::move(mean);
}

}  // namespace wasmlearn
