// Lasso, ElasticNet (coordinate descent) and lasso/enet paths: scikit-learn fixtures at tol 1e-10,
// hand-checked closed forms, warm starts, warnings, and the adapter.
#include <gtest/gtest.h>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/linear_model/coordinate_descent.hpp"

#include "../fixtures/linear_penalised_fixture.hpp"

using namespace wasmlearn;

namespace {
using linear_penalised::fixture;
using linear_penalised::matrix_of;
double enet_objective(MatrixRef X, const Vector& y, const RowVector& w, double b, double alpha, double r) {
  const Vector res = y - X * w.transpose() - Vector::Constant(y.size(), b);
  return res.squaredNorm() / (2.0 * static_cast<double>(y.size())) + alpha * r * w.lpNorm<1>() +
         0.5 * alpha * (1 - r) * w.squaredNorm();
}
}  // namespace

TEST(Lasso, MatchesScikitLearnFixtures) {
  int n_cases = 0;
  for (const json& c : fixture()["cd"]) {
    SCOPED_TRACE(c["estimator"].get<std::string>() + " " + c["options"].dump() + " on " + c["data"].get<std::string>());
    const Matrix X = matrix_of(c["X"]), Y = matrix_of(c["y"]);
    const std::unique_ptr<AnyEstimator> m = make_estimator(c["estimator"], c["options"]);
    const bool vec = !c["y"][0].is_array();
    m->fit(X, Y, vec);
    const NdArray coef = m->attribute("coef"), icpt = m->attribute("intercept");
    const Matrix ref = matrix_of(vec ? json::array({c["coef"]}) : c["coef"]);
    // scikit-learn writes a scalar 0.0 intercept without fitIntercept, also for a 2-D y
    const Vector ref_b = c["intercept"].is_number() ? Vector::Constant(ref.rows(), c["intercept"].get<double>())
                                                    : Vector(matrix_of(c["intercept"]).col(0));
    const double alpha = c["options"]["alpha"], r = c["options"].value("l1Ratio", 1.0);
    ASSERT_EQ(coef.data.size(), static_cast<std::size_t>(ref.size()));
    for (Index k = 0; k < ref.rows(); ++k) {
      RowVector w(ref.cols());
      for (Index j = 0; j < ref.cols(); ++j) {
        w[j] = coef.data[static_cast<std::size_t>(k * ref.cols() + j)];
        EXPECT_NEAR(w[j], ref(k, j), 1e-6) << "coef[" << k << "][" << j << "]";
      }
      EXPECT_NEAR(icpt.data[static_cast<std::size_t>(k)], ref_b[k], 1e-6);
      // Our objective is no worse than scikit-learn's (both converged to 1e-10·‖y‖²).
      const double ours = enet_objective(X, Y.col(k), w, icpt.data[static_cast<std::size_t>(k)], alpha, r);
      EXPECT_LE(ours, c["objective"][static_cast<std::size_t>(k)].get<double>() + 1e-9);
    }
    EXPECT_TRUE(m->warnings().empty());
    ++n_cases;
  }
  EXPECT_EQ(n_cases, 28);
}

TEST(Lasso, PathsMatchScikitLearn) {
  for (const json& c : fixture()["paths"]) {
    SCOPED_TRACE(c["path"].get<std::string>() + " " + c["options"].dump());
    const Matrix X = matrix_of(c["X"]);
    const Vector y = matrix_of(c["y"]).col(0);
    EnetPathOptions o;
    o.l1_ratio = c["options"].value("l1Ratio", 1.0);
    o.eps = c["options"].value("eps", 1e-3);
    o.n_alphas = c["options"].value("nAlphas", 100);
    if (c["options"].contains("alphas")) o.alphas = c["options"]["alphas"].get<std::vector<double>>();
    o.tol = 1e-10;
    o.max_iter = 100000;
    const EnetPath p = enet_path(X, y, o);
    const Matrix ref = matrix_of(c["coefs"]);
    ASSERT_EQ(p.alphas.size(), static_cast<Index>(c["alphas"].size()));
    ASSERT_EQ(p.coefs.rows(), ref.rows());
    ASSERT_EQ(p.coefs.cols(), ref.cols());
    for (Index i = 0; i < p.alphas.size(); ++i) {
      const double a = c["alphas"][static_cast<std::size_t>(i)];
      EXPECT_NEAR(p.alphas[i], a, 1e-13 * a);
      EXPECT_LE(p.dual_gaps[i], 1e-10 * y.squaredNorm() / static_cast<double>(y.size()));
    }
    EXPECT_LT((p.coefs - ref).cwiseAbs().maxCoeff(), 1e-6);
    EXPECT_TRUE(p.warnings.empty());
  }
}

TEST(Lasso, SingleFeatureClosedForm) {
  // One centred feature: w = S(xᵀy/n, α) / (xᵀx/n). x = (-1, 1), y = (-3, 3): xᵀy/n = 3, xᵀx/n = 1.
  Matrix X(2, 1), y(2, 1);
  X << -1, 1;
  y << -3, 3;
  Lasso m(LassoParams{0.5, false});
  m.fit(X, y);
  EXPECT_NEAR(m.coef()(0, 0), 2.5, 1e-14);
  ElasticNet e(ElasticNetParams{1.0, 0.5, false});
  e.fit(X, y);  // S(3, 0.5) / (1 + 0.5)
  EXPECT_NEAR(e.coef()(0, 0), 2.5 / 1.5, 1e-14);
  Lasso big(LassoParams{3.5});
  big.fit(X, y);  // α ≥ max|xᵀy|/n: all zero, intercept = mean(y)
  EXPECT_EQ(big.coef()(0, 0), 0.0);
  EXPECT_EQ(big.intercept()[0], 0.0);
}

TEST(Lasso, WarmStartPositiveAndRandomSelection) {
  const json& c = fixture()["cd"][0];
  const Matrix X = matrix_of(c["X"]), Y = matrix_of(c["y"]);
  LassoParams p;
  p.alpha = 0.1;
  p.tol = 1e-10;
  Lasso cold(p);
  cold.fit(X, Y);
  p.warm_start = true;
  Lasso warm(p);
  warm.fit(X, Y);
  const int first = warm.n_iter();
  warm.fit(X, Y);  // starts at the solution: one sweep finds nothing to change
  EXPECT_LE(warm.n_iter(), 2);
  EXPECT_GT(first, warm.n_iter());
  EXPECT_LT((warm.coef() - cold.coef()).cwiseAbs().maxCoeff(), 1e-8);

  p.warm_start = false;
  p.selection = CDSelection::random;
  p.random_state = 3;
  Lasso rnd(p), rnd2(p);
  rnd.fit(X, Y);
  rnd2.fit(X, Y);
  EXPECT_LT((rnd.coef() - cold.coef()).cwiseAbs().maxCoeff(), 1e-6);
  EXPECT_EQ(rnd.coef(), rnd2.coef());  // same seed, same model

  p.selection = CDSelection::cyclic;
  p.positive = true;
  Lasso pos(p);
  pos.fit(X, -Y);
  EXPECT_GE(pos.coef().minCoeff(), 0.0);
}

TEST(Lasso, MaxIterWarnsAndOptionsAreChecked) {
  const json& c = fixture()["cd"][14];  // collinear_constant: needs tens of sweeps
  const Matrix X = matrix_of(c["X"]), Y = matrix_of(c["y"]);
  LassoParams p;
  p.alpha = 0.1;
  p.tol = 1e-12;
  p.max_iter = 2;
  Lasso m(p);
  m.fit(X, Y);
  ASSERT_EQ(m.warnings().size(), 1u);
  EXPECT_EQ(m.warnings().items[0].kind, WarningKind::convergence);
  EXPECT_EQ(m.n_iter(), 2);
  EXPECT_TRUE(m.coef().allFinite());

  EXPECT_THROW(make_estimator("Lasso", {{"alpha", -1}}), InvalidArgument);
  EXPECT_THROW(make_estimator("ElasticNet", {{"l1Ratio", 1.5}}), InvalidArgument);
  EXPECT_THROW(make_estimator("Lasso", {{"selection", "greedy"}}), InvalidArgument);
  EnetPathOptions o;
  o.l1_ratio = 0;
  EXPECT_THROW(enet_path(X, Y.col(0), o), InvalidArgument);
  o.l1_ratio = 1;
  o.eps = 0;
  EXPECT_THROW(enet_path(X, Y.col(0), o), InvalidArgument);
}

TEST(Lasso, StateRoundTripThroughTheAdapter) {
  const json& c = fixture()["cd"][7];  // multi-output
  const Matrix X = matrix_of(c["X"]), Y = matrix_of(c["y"]);
  auto m = make_estimator("ElasticNet", {{"alpha", 0.1}, {"l1Ratio", 0.3}});
  m->fit(X, Y, false);
  const json saved = m->to_json();
  auto loaded = estimator_from_json(saved);
  EXPECT_EQ(loaded->predict(X).data, m->predict(X).data);
  EXPECT_EQ(loaded->attribute("nIter").data, m->attribute("nIter").data);
  EXPECT_EQ(loaded->attribute("dualGap").shape, std::vector<Index>{2});
}
