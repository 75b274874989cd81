// GaussianNB against scikit-learn on Iris (tests/fixtures/gaussian.json), and the spherical and
// tied-spherical rules against their hand formulas (F&C §10.1).
#include <gtest/gtest.h>

#include "../fixtures/gaussian_fixture.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/naive_bayes/describe.hpp"

using namespace wasmlearn;
using namespace gaussian_fixture;

namespace {

GaussianNB fitted(const json& options) {
  GaussianNB g(params_from_json<GaussianNB>(options));
  g.fit(iris_X(), iris_y());
  return g;
}

TEST(NaiveBayesGaussian, DiagMatchesScikitLearnOnIris) {
  const json& want = doc()["discriminant"]["gnb"];
  const Matrix X = iris_X();
  GaussianNB g = fitted(json::object());
  EXPECT_LT(max_abs_diff(g.predict_proba(X), mat(want["proba"])), 1e-8);
  EXPECT_LT(max_abs_diff(g.predict_log_proba(X), mat(want["log_proba"])), 1e-8 * 1e3);  // log of tiny probabilities
  EXPECT_LT(max_abs_diff(g.theta(), mat(want["theta"])), 1e-12);
  EXPECT_LT(max_abs_diff(g.var(), mat(want["var"])), 1e-12);
  EXPECT_LT(max_abs_diff(g.class_prior(), vec(want["class_prior"])), 1e-15);
  EXPECT_NEAR(g.epsilon(), want["epsilon"].get<double>(), 1e-20);
  const json& wp = doc()["discriminant"]["gnb_priors"];
  GaussianNB p = fitted({{"priors", {0.2, 0.3, 0.5}}, {"varSmoothing", 1e-3}});
  EXPECT_LT(max_abs_diff(p.predict_proba(X), mat(wp["proba"])), 1e-8);
  EXPECT_LT(max_abs_diff(p.var(), mat(wp["var"])), 1e-12);
}

TEST(NaiveBayesGaussian, IsotropicRulesEqualTheHandFormulas) {
  const Matrix X = iris_X();
  const IntVector y = iris_y();
  const Index p = X.cols();
  GaussianNB s = fitted({{"covarianceType", "spherical"}, {"varSmoothing", 0.0}});
  GaussianNB t = fitted({{"covarianceType", "tied-spherical"}, {"varSmoothing", 0.0}, {"priors", {1.0 / 3, 1.0 / 3, 1.0 / 3}}});
  double pooled = 0;
  for (int k = 0; k < 3; ++k) {
    double ss = 0;
    int n = 0;
    for (Index i = 0; i < X.rows(); ++i)
      if (y[i] == k) ss += (X.row(i) - s.theta().row(k)).squaredNorm(), ++n;
    pooled += ss;
    EXPECT_NEAR(s.var()(k, 0), ss / (n * p), 1e-12);  // σ²_k = Σ‖x − μ_k‖² / (n_k·p)
    EXPECT_NEAR(s.var()(k, 3), ss / (n * p), 1e-12);
  }
  EXPECT_NEAR(t.var()(0, 0), pooled / (X.rows() * p), 1e-12);
  // log P(k | x) ∝ log π_k − p/2·log σ²_k − ‖x − μ_k‖²/(2σ²_k)
  const Matrix P = s.predict_proba(X);
  for (Index i = 0; i < X.rows(); i += 7) {
    Vector l(3);
    for (int k = 0; k < 3; ++k)
      l[k] = std::log(1.0 / 3) - 0.5 * p * std::log(s.var()(k, 0)) - (X.row(i) - s.theta().row(k)).squaredNorm() / (2 * s.var()(k, 0));
    const Vector want = (l.array() - l.maxCoeff()).exp() / (l.array() - l.maxCoeff()).exp().sum();
    EXPECT_LT((P.row(i).transpose() - want).cwiseAbs().maxCoeff(), 1e-12);
  }
  // Shared σ² and equal priors: the nearest class mean wins.
  const IntVector pred = t.predict(X);
  for (Index i = 0; i < X.rows(); ++i) {
    Index nearest;
    (t.theta().rowwise() - X.row(i)).rowwise().squaredNorm().minCoeff(&nearest);
    EXPECT_EQ(pred[i], nearest);
  }
}

TEST(NaiveBayesGaussian, ErrorsAndJson) {
  const Matrix X = iris_X();
  const IntVector y = iris_y();
  EXPECT_EQ(error_of([&] { fitted({{"priors", {0.5, 0.5}}}); }), "priors has 2 values but y has 3 classes");
  EXPECT_EQ(error_of([&] { fitted({{"priors", {0.5, 0.5, 0.5}}}); }), "priors must sum to 1, got 1.5");
  EXPECT_EQ(error_of([&] { fitted({{"priors", {-0.5, 0.5, 1.0}}}); }), "priors must be non-negative, got -0.5 at index 0");
  EXPECT_EQ(error_of([&] { params_from_json<GaussianNB>({{"covarianceType", "full"}}); }),
            "covarianceType must be one of 'diag', 'spherical', 'tied-spherical', got \"full\"");
  EXPECT_EQ(error_of([&] { GaussianNB().fit(Matrix::Ones(4, 2), y.head(4)); }),
            "X has a feature with zero variance within a class and varSmoothing adds nothing (every feature is constant, "
            "or varSmoothing is 0): use varSmoothing > 0");
  auto m = make_estimator("GaussianNB", {{"covarianceType", "spherical"}});
  m->fit(X, y.cast<double>(), true);
  auto loaded = estimator_from_json(json::parse(m->to_json().dump()));
  EXPECT_EQ(loaded->predict_proba(X), m->predict_proba(X));
  const NamedArrays lp = m->call("predictLogProba", X.topRows(3), Matrix(), 0);
  EXPECT_NEAR(std::exp(lp.items[0].second.data[0]), m->predict_proba(X.topRows(3))(0, 0), 1e-15);
}

}  // namespace
