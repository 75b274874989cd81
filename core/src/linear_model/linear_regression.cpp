#include "wasmlearn/linear_model/linear_regression.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {
namespace {

using ColMatrix = Eigen::MatrixXd;

// Ridge through the SVD: B = V diag(s / (s² + α)) Uᵀ Y. Used when Cholesky fails (α tiny next to
// the scale of X).
ColMatrix ridge_svd(const ColMatrix& X, const ColMatrix& Y, double alpha) {
  Eigen::BDCSVD<ColMatrix> svd(X, Eigen::ComputeThinU | Eigen::ComputeThinV);
  const Vector& s = svd.singularValues();
  const Vector d = s.array() / (s.array().square() + alpha);
  return svd.matrixV() * d.asDiagonal() * (svd.matrixU().transpose() * Y);
}

}  // namespace

Matrix lstsq(MatrixRef X, MatrixRef Y, Vector* singular, Index* rank) {
  const ColMatrix A = X;
  Eigen::BDCSVD<ColMatrix> svd(A, Eigen::ComputeThinU | Eigen::ComputeThinV);
  svd.setThreshold(static_cast<double>(std::max(A.rows(), A.cols())) * std::numeric_limits<double>::epsilon());
  if (singular) *singular = svd.singularValues();
  if (rank) *rank = svd.rank();
  const ColMatrix B = svd.solve(ColMatrix(Y));
  return B;
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
  const double alpha = params_.alpha;
  if (!std::isfinite(alpha) || alpha < 0) throw InvalidArgument("alpha must be at least 0, got " + format_number(alpha));
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
