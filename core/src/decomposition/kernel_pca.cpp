#include "wasmlearn/decomposition/kernel_pca.hpp"

#include <Spectra/MatOp/DenseSymMatProd.h>
#include <Spectra/SymEigsSolver.h>

#include <algorithm>
#include <limits>
#include <string>

#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/decomposition/describe.hpp"
#include "wasmlearn/decomposition/signs.hpp"

namespace wasmlearn {

namespace {

// The mean of each column of K, summed row after row: K's rows are contiguous, and Eigen's
// colwise().mean() walks down each column of the row-major matrix (2 000 × 2 000, loaded machine:
// 9-18 ms against 2-3 natively and 3-7 in WebAssembly).
RowVector column_means(const Matrix& K) {
  RowVector sums = RowVector::Zero(K.cols());
  for_row_blocks(K.rows(), [&](Index begin, Index end) {
    for (Index i = begin; i < end; ++i) sums += K.row(i);
  });
  return sums / static_cast<double>(K.rows());
}

// Centres rows of a kernel against the training data in place, with the training means
// (KernelCenterer): K − trainingColumnMeans − (each row's mean) + trainingMean, in one pass over
// each row (three passes over the whole matrix took 3× as long at 2 000²).
void centre(Matrix& K, const RowVector& fit_column_means, double fit_mean) {
  for_row_blocks(K.rows(), [&](Index begin, Index end) {
    for (Index i = begin; i < end; ++i) {
      const double row_mean = K.row(i).mean();
      K.row(i) = ((K.row(i) - fit_column_means).array() - row_mean) + fit_mean;
    }
  });
}

// The k leading eigenpairs of the symmetric Kc by Spectra's Lanczos iteration, largest first.
void leading_eigenpairs(const Matrix& Kc, Index k, const KernelPCAParams& p, Vector& values, Eigen::MatrixXd& vectors) {
  using Product = Spectra::DenseSymMatProd<double, Eigen::Lower, Eigen::RowMajor>;
  const Index n = Kc.rows();
  Product op(Kc);
  Spectra::SymEigsSolver<Product> eigs(op, k, std::min<Index>(n, std::max<Index>(2 * k + 1, 20)));
  Random random(static_cast<std::uint64_t>(p.random_state));
  Vector start(n);
  for (Index i = 0; i < n; ++i) start[i] = random.uniform(-1.0, 1.0);
  eigs.init(start.data());
  const Index max_iter = p.max_iter ? *p.max_iter : 10 * n;
  eigs.compute(Spectra::SortRule::LargestAlge, max_iter, p.tol > 0 ? p.tol : std::numeric_limits<double>::epsilon());
  if (eigs.info() != Spectra::CompInfo::Successful)
    throw InvalidArgument("KernelPCA: the 'arpack' solver did not converge in maxIter = " + std::to_string(max_iter) +
                          " restarts; raise maxIter or tol, or use eigenSolver 'dense'");
  values = eigs.eigenvalues();
  vectors = eigs.eigenvectors();
}

// scikit-learn's _check_psd_eigenvalues (double precision): significant negative eigenvalues are
// an error, small negative ones and positive ones below 1e-12 of the largest become 0.
void check_psd(Vector& values) {
  const double largest = values.maxCoeff(), smallest = values.minCoeff();
  if (largest < 0)
    throw InvalidArgument("all eigenvalues of the centred kernel are negative (largest " + format_number(largest) +
                          "): the kernel is not positive semi-definite");
  if (smallest < -1e-5 * largest && smallest < -1e-10)
    throw InvalidArgument("the centred kernel has significant negative eigenvalues (" +
                          format_number(-smallest / largest) +
                          " of the largest): the kernel is not positive semi-definite on these data");
  for (double& v : values)
    if (v < 1e-12 * largest) v = 0;
}

}  // namespace

KernelPCA& KernelPCA::fit(MatrixRef X) {
  check_params<KernelPCA>(params_);
  check_matrix(X, "X", 2);
  const Kernel kernel = fitted_kernel(params_, X);
  const Index n = X.rows();
  Matrix K = kernel.type == KernelType::precomputed ? Matrix(X) : symmetric_kernel_matrix(kernel, X);
  const RowVector means = column_means(K);
  const double mean = means.mean();
  centre(K, means, mean);

  const Index k = params_.n_components ? std::min<Index>(n, *params_.n_components) : n;
  KernelPCASolver solver = params_.eigen_solver;
  if (solver == KernelPCASolver::automatic) solver = n > 200 && k < 10 ? KernelPCASolver::arpack : KernelPCASolver::dense;
  Vector values;
  Eigen::MatrixXd vectors;
  if (solver == KernelPCASolver::arpack) {
    if (k >= n)
      throw InvalidArgument("nComponents=" + std::to_string(k) + " must be less than nSamples = " + std::to_string(n) +
                            " with eigenSolver 'arpack'");
    leading_eigenpairs(K, k, params_, values, vectors);
  } else {
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(K);
    values = eig.eigenvalues().reverse().head(k);
    vectors = eig.eigenvectors().rowwise().reverse().leftCols(k);
  }
  check_psd(values);
  flip_signs_by_largest_entries(vectors);
  if (params_.remove_zero_eig || !params_.n_components) {
    const Index kept = (values.array() > 0).count();  // zeros come last: values are sorted
    values.conservativeResize(kept);
    vectors.conservativeResize(Eigen::NoChange, kept);
  }

  kernel_ = kernel;
  x_fit_ = X;
  eigenvalues_ = values;
  eigenvectors_ = vectors;
  fit_column_means_ = means;
  fit_mean_ = mean;
  inverse_ = KernelRidge();
  if (params_.fit_inverse_transform) {
    // The training embedding (eigenvectors·√eigenvalues, as scikit-learn's shortcut) mapped back to X.
    KernelRidgeParams ridge;
    static_cast<KernelFunctionOptions&>(ridge) = params_;
    ridge.alpha = params_.alpha;
    inverse_ = KernelRidge(ridge);
    inverse_.fit(Matrix(eigenvectors_ * eigenvalues_.cwiseSqrt().asDiagonal()), X);
  }
  return *this;
}

Matrix KernelPCA::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "KernelPCA", "transform");
  check_n_features(x_fit_.cols(), X);
  check_matrix(X);
  // Eigenvectors scaled by 1/√eigenvalue (a zero eigenvalue's column stays 0).
  const Vector scales = (eigenvalues_.array() > 0).select(eigenvalues_.cwiseSqrt().cwiseInverse(), 0.0);
  const Matrix scaled = eigenvectors_ * scales.asDiagonal();
  Matrix Z(X.rows(), scaled.cols());
  for_kernel_blocks(kernel_, X, x_fit_, [&](Index begin, MatrixRef K) {
    Matrix Kc = K;
    centre(Kc, fit_column_means_, fit_mean_);
    Z.middleRows(begin, K.rows()).noalias() = Kc * scaled;
  });
  return Z;
}

Matrix KernelPCA::inverse_transform(MatrixRef Z) const {
  check_fitted(is_fitted(), "KernelPCA", "inverseTransform");
  if (!inverse_.is_fitted())
    throw InvalidArgument("inverseTransform needs the pre-image map: fit with fitInverseTransform: true");
  return inverse_.predict(Z);
}

json KernelPCA::state() const {
  json s = kernel_state(kernel_);
  s["XFit"] = to_json(x_fit_);
  s["eigenvalues"] = to_json(eigenvalues_);
  s["eigenvectors"] = to_json(Matrix(eigenvectors_));
  s["fitColumnMeans"] = to_json(Vector(fit_column_means_.transpose()));
  s["fitMean"] = fit_mean_;
  s["inverse"] = inverse_.is_fitted() ? inverse_.state() : json(nullptr);
  return s;
}

void KernelPCA::load_state(const json& s) {
  const Kernel kernel = kernel_from_state(s);
  Matrix x_fit = x_fit_from_state(s, kernel);
  Vector values = vector_from_json(member(s, "eigenvalues"), "eigenvalues");
  Matrix vectors = matrix_from_json(member(s, "eigenvectors"), "eigenvectors");
  Vector means = vector_from_json(member(s, "fitColumnMeans"), "fitColumnMeans");
  if (x_fit.size() == 0 || vectors.rows() != x_fit.rows() || vectors.cols() != values.size() || means.size() != x_fit.rows())
    throw InvalidArgument("model JSON: XFit, eigenvalues, eigenvectors and fitColumnMeans disagree in size");
  KernelRidge inverse;
  if (!member(s, "inverse").is_null()) inverse.load_state(s["inverse"]);
  // The pre-image map takes the embedding (one column per eigenvalue) back to XFit's columns.
  if (inverse.is_fitted() && (inverse.n_features_in() != values.size() || inverse.dual_coef().cols() != x_fit.cols()))
    throw InvalidArgument("model JSON: inverse must map one column per eigenvalue to XFit's columns");
  kernel_ = kernel;
  fit_mean_ = number_from_json(member(s, "fitMean"), "fitMean");
  x_fit_ = std::move(x_fit);
  eigenvalues_ = std::move(values);
  eigenvectors_ = std::move(vectors);
  fit_column_means_ = means.transpose();
  inverse_ = std::move(inverse);
}

}  // namespace wasmlearn
