// LinearRegression and Ridge: closed forms on hand-checked data, scikit-learn fixtures, the adapter.
#include <gtest/gtest.h>

#include <fstream>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/linear_model/linear_regression.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using wasmlearn::test_support::matrix_of;

namespace {
json load_fixture() { return test_support::read_fixture("linear_model.json"); }
}  // namespace

TEST(LinearRegression, ExactLineThroughHandPoints) {
  Matrix X(4, 1), y(4, 1);
  X << 0, 1, 2, 3;
  y << 1, 3, 5, 7;  // y = 2x + 1
  LinearRegression m;
  m.fit(X, y);
  EXPECT_NEAR(m.coef()(0, 0), 2.0, 1e-14);
  EXPECT_NEAR(m.intercept()[0], 1.0, 1e-14);
  EXPECT_EQ(m.rank(), 1);
  // Centred x = -1.5 -0.5 0.5 1.5: its one singular value is sqrt(5).
  EXPECT_NEAR(m.singular()[0], std::sqrt(5.0), 1e-14);
  Matrix Xt(2, 1);
  Xt << 10, -1;
  const Matrix p = m.predict(Xt);
  EXPECT_NEAR(p(0, 0), 21.0, 1e-13);
  EXPECT_NEAR(p(1, 0), -1.0, 1e-13);
}

TEST(LinearRegression, NormalEquationsOnNoisyData) {
  Matrix X(6, 2), y(6, 1);
  X << 1, 2, 2, 1, 3, 5, 4, 2, 5, 7, 6, 1;
  y << 3.1, 2.2, 7.9, 5.1, 11.8, 6.2;
  LinearRegression m(LinearRegressionParams{false});
  m.fit(X, y);
  // Without an intercept: coef solves XᵀX b = Xᵀy.
  const Eigen::Vector2d b = (X.transpose() * X).ldlt().solve(X.transpose() * y);
  EXPECT_NEAR(m.coef()(0, 0), b[0], 1e-12);
  EXPECT_NEAR(m.coef()(0, 1), b[1], 1e-12);
  EXPECT_EQ(m.intercept()[0], 0.0);
  // The residual is orthogonal to the columns.
  const Matrix r = y - m.predict(X);
  EXPECT_LT((X.transpose() * r).cwiseAbs().maxCoeff(), 1e-11);
}

TEST(LinearRegression, RankDeficientGivesTheMinimumNormSolution) {
  // Two identical columns: any (a, b) with a + b = 2 fits; the minimum-norm one is (1, 1).
  Matrix X(4, 2), y(4, 1);
  X << 0, 0, 1, 1, 2, 2, 3, 3;
  y << 1, 3, 5, 7;
  LinearRegression m;
  m.fit(X, y);
  EXPECT_EQ(m.rank(), 1);
  EXPECT_NEAR(m.coef()(0, 0), 1.0, 1e-13);
  EXPECT_NEAR(m.coef()(0, 1), 1.0, 1e-13);
  EXPECT_NEAR(m.intercept()[0], 1.0, 1e-13);
}

TEST(Ridge, ClosedFormPrimalAndDual) {
  Matrix X(5, 2), y(5, 1);
  X << 1, 0, 0, 1, 1, 1, 2, 1, 0, 3;
  y << 1, 2, 2, 4, 5;
  const double alpha = 0.7;
  Ridge m(RidgeParams{alpha, false});
  m.fit(X, y);
  // 2 x 2 hand solve: (XᵀX + αI) b = Xᵀy with XᵀX = [[6, 3], [3, 12]], Xᵀy = [11, 23].
  const double a = 6 + alpha, bb = 3, d = 12 + alpha, det = a * d - bb * bb;
  EXPECT_NEAR(m.coef()(0, 0), (d * 11 - bb * 23) / det, 1e-14);
  EXPECT_NEAR(m.coef()(0, 1), (a * 23 - bb * 11) / det, 1e-14);
  // p > n uses the dual; it must agree with the primal formula.
  Matrix W(3, 5), z(3, 1);
  W << 1, 2, 0, -1, 3, 0, 1, 1, 2, -2, 4, 0, 1, 1, 1;
  z << 1, -1, 2;
  Ridge wide(RidgeParams{alpha, true});
  wide.fit(W, z);
  const Matrix Wc = W.rowwise() - W.colwise().mean();
  const Matrix zc = z.rowwise() - z.colwise().mean();
  const Eigen::MatrixXd A = Wc.transpose() * Wc + alpha * Eigen::MatrixXd::Identity(5, 5);
  const Eigen::VectorXd primal = A.ldlt().solve(Wc.transpose() * zc);
  EXPECT_LT((wide.coef().row(0).transpose() - primal).cwiseAbs().maxCoeff(), 1e-13);
  EXPECT_NEAR(wide.intercept()[0], z.mean() - W.colwise().mean().dot(primal), 1e-13);
}

TEST(Ridge, AlphaZeroWithSingularXIsLeastSquaresAndLargeAlphaShrinks) {
  Matrix X(4, 2), y(4, 1);
  X << 0, 0, 1, 1, 2, 2, 3, 3;
  y << 1, 3, 5, 7;
  Ridge r0(RidgeParams{0.0, true});
  r0.fit(X, y);
  EXPECT_NEAR(r0.coef()(0, 0), 1.0, 1e-13);
  EXPECT_NEAR(r0.coef()(0, 1), 1.0, 1e-13);
  Ridge big(RidgeParams{1e8, true});
  big.fit(X, y);
  EXPECT_LT(big.coef().cwiseAbs().maxCoeff(), 1e-6);
  EXPECT_NEAR(big.intercept()[0], 4.0, 1e-5);  // the mean of y
  Ridge bad(RidgeParams{-1.0, true});
  EXPECT_THROW(bad.fit(X, y), InvalidArgument);
}

TEST(LinearModels, MatchScikitLearnFixtures) {
  const json f = load_fixture();
  ASSERT_GE(f["cases"].size(), 20u);
  for (const json& c : f["cases"]) {
    SCOPED_TRACE(c["data"].get<std::string>() + " " + c["estimator"].get<std::string>() + " " + c["options"].dump());
    const Matrix X = matrix_of(c["X"]), Y = matrix_of(c["y"]);
    auto est = make_estimator(c["estimator"], c["options"]);
    est->fit(X, Y, !c["y"][0].is_array());
    // Well-conditioned problems agree to ~1e-10; minimum-norm solutions of rank-deficient or
    // underdetermined problems are still unique but lose a few more digits.
    const bool exact = c["data"] == "well_conditioned" || c["data"] == "multi_output";
    const double tol = exact ? 1e-10 : 1e-8;
    const NdArray coef = est->attribute("coef"), intercept = est->attribute("intercept");
    const Matrix want_coef = matrix_of(c["coef"][0].is_array() ? c["coef"] : json::array({c["coef"]}));
    ASSERT_EQ(static_cast<Index>(coef.data.size()), want_coef.size());
    for (Index k = 0; k < want_coef.size(); ++k) EXPECT_NEAR(coef.data[k], want_coef.data()[k], tol) << "coef " << k;
    // scikit-learn's intercept_ is the scalar 0.0 without an intercept, whatever the number of targets.
    json want_b = c["intercept"];
    if (!want_b.is_array()) want_b = json::array();
    if (want_b.empty())
      for (Index k = 0; k < want_coef.rows(); ++k) want_b.push_back(c["intercept"]);
    ASSERT_EQ(intercept.data.size(), want_b.size());
    EXPECT_EQ(intercept.shape.size(), want_coef.rows() > 1 ? 1u : 0u);
    for (std::size_t k = 0; k < want_b.size(); ++k) EXPECT_NEAR(intercept.data[k], want_b[k].get<double>(), tol);
    const NdArray pred = est->predict(X);
    const Matrix want_pred = matrix_of(c["predict"]);
    for (Index k = 0; k < want_pred.size(); ++k) EXPECT_NEAR(pred.data[k], want_pred.data()[k], tol);
    if (c.contains("rank")) {
      EXPECT_EQ(est->attribute("rank").data[0], c["rank"].get<double>());
      const NdArray s = est->attribute("singular");
      ASSERT_EQ(s.data.size(), c["singular"].size());
      for (std::size_t k = 0; k < s.data.size(); ++k) EXPECT_NEAR(s.data[k], c["singular"][k].get<double>(), 1e-10);
    }
  }
}

TEST(LinearModels, AdapterShapesScoreAndJsonRoundTrip) {
  Matrix X(5, 2), Y(5, 2);
  X << 1, 0, 0, 1, 1, 1, 2, 1, 0, 3;
  Y << 1, 0, 2, 1, 2, 1, 4, 3, 5, 2;
  for (const char* name : {"LinearRegression", "Ridge"}) {
    SCOPED_TRACE(name);
    auto est = make_estimator(name, json::object());
    EXPECT_THROW(est->predict(X), NotFitted);
    est->fit(X, Y, false);
    EXPECT_EQ(est->attribute("coef").shape, (std::vector<Index>{2, 2}));
    EXPECT_EQ(est->attribute("intercept").shape, (std::vector<Index>{2}));
    EXPECT_EQ(est->predict(X).shape, (std::vector<Index>{5, 2}));
    EXPECT_EQ(est->attribute("nFeaturesIn").data[0], 2.0);
    EXPECT_GT(est->score(X, Y), 0.5);
    auto loaded = estimator_from_json(json::parse(est->to_json().dump()));
    EXPECT_EQ(loaded->predict(X).data, est->predict(X).data);  // bit-identical
    EXPECT_THROW(est->predict(Matrix::Ones(2, 3)), InvalidArgument);
    // A 1-D y drops the output axis.
    est->fit(X, Y.col(0), true);
    EXPECT_EQ(est->attribute("coef").shape, (std::vector<Index>{2}));
    EXPECT_EQ(est->attribute("intercept").shape.size(), 0u);
    EXPECT_EQ(est->predict(X).shape, (std::vector<Index>{5}));
  }
  EXPECT_EQ([] {
    try {
      make_estimator("Ridge", {{"alpha", -1}});
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string();
  }(), "alpha must be at least 0, got -1");
  Matrix bad = X;
  bad(2, 1) = NAN;
  EXPECT_THROW(make_estimator("LinearRegression", json::object())->fit(bad, Y, false), InvalidArgument);
  EXPECT_THROW(make_estimator("LinearRegression", json::object())->fit(X, Y.topRows(4), false), InvalidArgument);
}

TEST(LinearModels, CorruptStateIsRejected) {
  // Through text, as a saved model arrives (base's reader wants unsigned rows/cols, as parse gives).
  const auto load = [](const json& model) { return estimator_from_json(json::parse(model.dump())); };
  json m = make_estimator("LinearRegression", json::object())->to_json();
  m["fitted"] = true;
  m["state"] = json::object();
  m["state"]["coef"] = to_json(Matrix(Matrix::Ones(1, 2)));
  m["state"]["intercept"] = {1, 2};  // two intercepts for one output
  m["state"]["rank"] = 2;
  m["state"]["singular"] = {1, 1};
  EXPECT_THROW(load(m), InvalidArgument);
  m["state"]["intercept"] = {1};
  m["state"]["rank"] = 3;  // more than the 2 features
  EXPECT_THROW(load(m), InvalidArgument);
  m["state"]["rank"] = 2;
  EXPECT_EQ(load(m)->predict(Matrix::Ones(1, 2)).data, std::vector<double>{3.0});
}
