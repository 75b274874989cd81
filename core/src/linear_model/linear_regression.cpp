#include "wasmlearn/linear_model/linear_regression.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/linear_model/describe.hpp"

namespace wasmlearn {
namespace {

using ColMatrix = Eigen::MatrixXd;

// Ridge through the SVD: B = V diag(s / (s² + α)) Uᵀ Y. Used when Cholesky fails (α tiny next to
// the scale of X).
ColMatrix ridge_svd(const ColMatrix& X, const ColMatrix& Y, double alpha) {
  check_not_overflowed(X, "The ridge solve", "X, y or sampleWeight");
  Eigen::BDCSVD<ColMatrix> svd(X, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const Vector& s = svd.singularValues();
  const Vector d = s.array() / (s.array().square() + alpha);
  return svd.matrixV() * d.asDiagonal() * (svd.matrixU().transpose() * Y);
}

// Householder QR of a tall X one block of rows at a time, without forming Q: each block is folded
// into R by p reflectors that touch R's row j and the block only (R's zeros below the diagonal
// stay zero), so the work is a whole-X QR's 2np² but on a block that stays in cache. Y's columns
// ride along on the right and come out as Q₁ᵀY. Returns [R | Q₁ᵀY] (p x (p + outputs)).
ColMatrix triangularise(const Eigen::Ref<const ColMatrix>& X, MatrixRef Y) {
  const Index n = X.rows(), p = X.cols(), width = p + Y.cols();
  ColMatrix RC = ColMatrix::Zero(p, width);
  ColMatrix W(std::min(n, kRowBlock), width);
  RowVector w(width);
  for_row_blocks(n, [&](Index begin, Index end) {
    auto block = W.topRows(end - begin);
    block.leftCols(p) = X.middleRows(begin, end - begin);
    block.rightCols(Y.cols()) = Y.middleRows(begin, end - begin);
    for (Index j = 0; j < p; ++j) {
      auto v = block.col(j);
      const double tail = v.squaredNorm();
      if (tail == 0) continue;  // nothing below R's diagonal to annihilate
      const double head = RC(j, j);
      const double norm = std::sqrt(head * head + tail);
      const double beta = head > 0 ? -norm : norm;  // opposite signs, so head - beta does not cancel
      v /= head - beta;                              // the reflector is 1 on R's row j, v on the block
      const double tau = (beta - head) / beta;
      RC(j, j) = beta;
      const Index rest = width - 1 - j;
      auto wr = w.head(rest);
      wr.noalias() = v.transpose() * block.rightCols(rest);
      wr = tau * (wr + RC.row(j).tail(rest));
      RC.row(j).tail(rest) -= wr;
      block.rightCols(rest).noalias() -= v * wr;
    }
  });
  return RC;
}

}  // namespace

Matrix lstsq(const Eigen::Ref<const Eigen::MatrixXd>& X, MatrixRef Y, Vector* singular, Index* rank) {
  const Index n = X.rows(), p = X.cols();
  // A tall X is reduced to R (p x p) first, as LAPACK's gelsd does: R has X's singular values and
  // the same minimum-norm solution, and its SVD is cheap. A wide X is decomposed whole.
  ColMatrix A, rhs;
  if (n >= p) {
    const ColMatrix RC = triangularise(X, Y);
    A = RC.leftCols(p);
    rhs = RC.rightCols(Y.cols());
  } else {
    A = X;
    rhs = Y;
  }
  check_not_overflowed(A, "The least-squares solve", "X, y or sampleWeight");
  check_not_overflowed(rhs, "The least-squares solve", "X, y or sampleWeight");
  Eigen::BDCSVD<ColMatrix> svd(A, Eigen::ComputeThinU | Eigen::ComputeThinV);
  svd.setThreshold(static_cast<double>(std::max(n, p)) * std::numeric_limits<double>::epsilon());
  if (singular) *singular = svd.singularValues();
  if (rank) *rank = svd.rank();
  return svd.solve(rhs);
}

// ---- centring -------------------------------------------------------------------------------------

CentredData centre_data(MatrixRef X, MatrixRef Y, bool fit_intercept, const VectorRef* sample_weight) {
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  if (Y.cols() == 0) throw InvalidArgument("y has no columns");
  check_matrix(Y, "y");
  if (sample_weight) check_sample_weight(*sample_weight, X.rows());
  CentredData c{X, Y, RowVector::Zero(X.cols()), RowVector::Zero(Y.cols())};
  if (fit_intercept) {
    if (sample_weight) {
      const double total = sample_weight->sum();
      c.x_mean = sample_weight->transpose() * X / total;
      c.y_mean = sample_weight->transpose() * Y / total;
    } else {
      c.x_mean = X.colwise().mean();
      c.y_mean = Y.colwise().mean();
    }
    c.X.rowwise() -= c.x_mean;
    c.Y.rowwise() -= c.y_mean;
  }
  if (sample_weight) {
    const Vector root = sample_weight->cwiseSqrt();
    c.X = root.asDiagonal() * c.X;
    c.Y = root.asDiagonal() * c.Y;
  }
  return c;
}

// ---- LinearModel ----------------------------------------------------------------------------------

Matrix LinearModel::predict(MatrixRef X) const {
  check_fitted(is_fitted(), name_, "predict");
  check_n_features(coef_.cols(), X);
  check_matrix(X);
  Matrix out = X * coef_.transpose();
  out.rowwise() += intercept_.transpose();
  return out;
}

void LinearModel::set_from_centred(const CentredData& c, const Eigen::MatrixXd& B) {
  coef_ = B.transpose();
  intercept_ = (c.y_mean - c.x_mean * B).transpose();
}

json LinearModel::state() const { return {{"coef", to_json(coef_)}, {"intercept", to_json(intercept_)}}; }

void LinearModel::load_state(const json& s) {
  Matrix c = matrix_from_json(member(s, "coef"), "coef");
  Vector b = vector_from_json(member(s, "intercept"), "intercept");
  if (c.rows() == 0 || c.cols() == 0) throw InvalidArgument("model JSON: coef must be a non-empty matrix");
  if (b.size() != c.rows())
    throw InvalidArgument("model JSON: intercept has " + std::to_string(b.size()) + " entries but coef has " +
                          std::to_string(c.rows()) + " rows");
  if (!c.allFinite() || !b.allFinite()) throw InvalidArgument("model JSON: coef and intercept must be finite");
  coef_ = std::move(c);
  intercept_ = std::move(b);
}

// ---- LinearRegression ---------------------------------------------------------------------------

LinearRegression& LinearRegression::fit(MatrixRef X, MatrixRef Y) { return fit_impl(X, Y, nullptr); }
LinearRegression& LinearRegression::fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight) {
  return fit_impl(X, Y, &sample_weight);
}

LinearRegression& LinearRegression::fit_impl(MatrixRef X, MatrixRef Y, const VectorRef* sample_weight) {
  check_params<LinearRegression>(params_);
  const CentredData c = centre_data(X, Y, params_.fit_intercept, sample_weight);
  Vector s;
  Index r = 0;
  set_from_centred(c, lstsq(c.X, c.Y, &s, &r));
  singular_ = std::move(s);
  rank_ = r;
  return *this;
}

json LinearRegression::state() const {
  json s = LinearModel::state();
  s["rank"] = rank_;
  s["singular"] = to_json(singular_);
  return s;
}

void LinearRegression::load_state(const json& s) {
  LinearRegression loaded(params_);
  loaded.LinearModel::load_state(s);
  const double r = number_from_json(member(s, "rank"), "rank");
  Vector sv = vector_from_json(member(s, "singular"), "singular");
  const Index p = loaded.coef_.cols();
  if (std::floor(r) != r || r < 0 || r > static_cast<double>(p))
    throw InvalidArgument("model JSON: rank must be an integer in [0, " + std::to_string(p) + "]");
  if (sv.size() > p || (sv.array() < 0).any())
    throw InvalidArgument("model JSON: singular must hold at most " + std::to_string(p) + " non-negative values");
  loaded.rank_ = static_cast<Index>(r);
  loaded.singular_ = std::move(sv);
  *this = std::move(loaded);
}

// ---- Ridge ----------------------------------------------------------------------------------------

Ridge& Ridge::fit(MatrixRef X, MatrixRef Y) { return fit_impl(X, Y, nullptr); }
Ridge& Ridge::fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight) { return fit_impl(X, Y, &sample_weight); }

Ridge& Ridge::fit_impl(MatrixRef X, MatrixRef Y, const VectorRef* sample_weight) {
  check_params<Ridge>(params_);
  const double alpha = params_.alpha;
  const CentredData c = centre_data(X, Y, params_.fit_intercept, sample_weight);
  const Index n = c.X.rows(), p = c.X.cols();
  ColMatrix B;
  if (alpha == 0) {
    B = lstsq(c.X, c.Y);
  } else if (n >= p) {  // primal: (XᵀX + αI) B = XᵀY
    ColMatrix A = c.X.transpose() * c.X;
    A.diagonal().array() += alpha;
    Eigen::LLT<ColMatrix> llt(A);
    B = llt.info() == Eigen::Success ? ColMatrix(llt.solve(c.X.transpose() * c.Y)) : ridge_svd(c.X, c.Y, alpha);
  } else {  // dual: B = Xᵀ (XXᵀ + αI)⁻¹ Y
    ColMatrix K = c.X * c.X.transpose();
    K.diagonal().array() += alpha;
    Eigen::LLT<ColMatrix> llt(K);
    B = llt.info() == Eigen::Success ? ColMatrix(c.X.transpose() * llt.solve(c.Y)) : ridge_svd(c.X, c.Y, alpha);
  }
  set_from_centred(c, B);
  return *this;
}

}  // namespace wasmlearn
