// LDA, QDA and NearestCentroid against scikit-learn on Iris (tests/fixtures/gaussian.json):
// probabilities, decision functions, coefficients, projections up to sign; errors; model JSON.
#include <gtest/gtest.h>

#include "../fixtures/gaussian_fixture.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/discriminant_analysis/describe.hpp"

using namespace wasmlearn;
using namespace gaussian_fixture;

namespace {

const json& want(const char* name) { return doc()["discriminant"][name]; }

template <class E>
E fitted(const json& options, const Matrix& X = iris_X(), const IntVector& y = iris_y()) {
  E e(params_from_json<E>(options));
  e.fit(X, y);
  return e;
}

TEST(DiscriminantLDA, SvdSolverMatchesScikitLearn) {
  const Matrix X = iris_X();
  auto lda = fitted<LinearDiscriminantAnalysis>(json::object());
  const json& w = want("lda_svd");
  EXPECT_LT(max_abs_diff(lda.predict_proba(X), mat(w["proba"])), 1e-8);
  EXPECT_LT(max_abs_diff(lda.decision_function(X), mat(w["decision"])), 1e-8);
  EXPECT_LT(max_abs_diff(lda.coef(), mat(w["coef"])), 1e-9);
  EXPECT_LT(max_abs_diff(lda.intercept(), vec(w["intercept"])), 1e-9);
  EXPECT_LT(max_abs_diff(lda.explained_variance_ratio(), vec(w["explained_variance_ratio"])), 1e-12);
  EXPECT_LT(max_abs_diff_up_to_sign(lda.transform(X), mat(w["transform"])), 1e-9);
  EXPECT_EQ(lda.predict(X), ivec(w["predict"]));
  auto one = fitted<LinearDiscriminantAnalysis>({{"nComponents", 1}});
  EXPECT_LT(max_abs_diff_up_to_sign(one.transform(X.topRows(20)), mat(want("lda_svd_1")["transform"])), 1e-9);
  auto pri = fitted<LinearDiscriminantAnalysis>({{"priors", {0.5, 0.25, 0.25}}});
  EXPECT_LT(max_abs_diff(pri.predict_proba(X), mat(want("lda_priors")["proba"])), 1e-8);
}

TEST(DiscriminantLDA, EigenSolverAndShrinkage) {
  const Matrix X = iris_X();
  auto e = fitted<LinearDiscriminantAnalysis>({{"solver", "eigen"}});
  EXPECT_LT(max_abs_diff(e.predict_proba(X), mat(want("lda_eigen")["proba"])), 1e-8);
  EXPECT_LT(max_abs_diff(e.coef(), mat(want("lda_eigen")["coef"])), 1e-8);
  EXPECT_LT(max_abs_diff(e.explained_variance_ratio(), vec(want("lda_eigen")["explained_variance_ratio"])), 1e-10);
  EXPECT_LT(max_abs_diff_up_to_sign(e.transform(X), mat(want("lda_eigen")["transform"])), 1e-8);
  for (const json& s : {json("auto"), json(0.3)}) {
    const std::string key = "lda_eigen_shrink_" + (s.is_string() ? s.get<std::string>() : std::string("0.3"));
    auto m = fitted<LinearDiscriminantAnalysis>({{"solver", "eigen"}, {"shrinkage", s}});
    EXPECT_LT(max_abs_diff(m.predict_proba(X), mat(doc()["discriminant"][key]["proba"])), 1e-8) << key;
    EXPECT_LT(max_abs_diff(m.coef(), mat(doc()["discriminant"][key]["coef"])), 1e-8) << key;
  }
}

TEST(DiscriminantLDA, TwoClasses) {
  const Matrix X = iris_X().bottomRows(100);
  const IntVector y = (iris_y().tail(100).array() - 1).matrix();
  auto b = fitted<LinearDiscriminantAnalysis>(json::object(), X, y);
  const json& w = want("lda_binary");
  EXPECT_EQ(b.coef().rows(), 1);
  EXPECT_LT(max_abs_diff(b.decision_function(X).col(0), vec(w["decision"])), 1e-8);
  EXPECT_LT(max_abs_diff(b.predict_proba(X), mat(w["proba"])), 1e-8);
  EXPECT_LT(max_abs_diff(b.predict_log_proba(X).array().exp().matrix(), mat(w["proba"])), 1e-8);
}

TEST(DiscriminantQDA, MatchesScikitLearn) {
  const Matrix X = iris_X();
  auto q = fitted<QuadraticDiscriminantAnalysis>(json::object());
  EXPECT_LT(max_abs_diff(q.predict_proba(X), mat(want("qda")["proba"])), 1e-8);
  EXPECT_LT(max_abs_diff(q.decision_function(X), mat(want("qda")["decision"])), 1e-7);
  auto r = fitted<QuadraticDiscriminantAnalysis>({{"regParam", 0.1}, {"priors", {0.2, 0.3, 0.5}}});
  EXPECT_LT(max_abs_diff(r.predict_proba(X), mat(want("qda_reg")["proba"])), 1e-8);
  const IntVector y = (iris_y().tail(100).array() - 1).matrix();
  auto b = fitted<QuadraticDiscriminantAnalysis>(json::object(), X.bottomRows(100), y);
  EXPECT_LT(max_abs_diff(b.decision_function(X.bottomRows(100)).col(0), vec(want("qda_binary")["decision"])), 1e-7);
}

TEST(DiscriminantQDA, SingularClassIsAnErrorOrRegularised) {
  Matrix X = iris_X();
  X.col(3) = X.col(2) * 2.0;  // collinear features
  EXPECT_EQ(error_of([&] { fitted<QuadraticDiscriminantAnalysis>(json::object(), X); }),
            "the covariance of class 0 is singular (rank 3 of 4 features: too few samples, or collinear or constant "
            "features): set regParam > 0");
  auto q = fitted<QuadraticDiscriminantAnalysis>({{"regParam", 0.01}}, X);
  EXPECT_TRUE(q.predict_proba(X).allFinite());
  ASSERT_EQ(q.warnings().size(), 3u);
  for (const Warning& w : q.warnings().items) EXPECT_EQ(w.kind, WarningKind::data);  // "Variables are collinear"
  Matrix few = iris_X().topRows(6);
  IntVector fy(6);
  fy << 0, 0, 0, 1, 1, 1;
  EXPECT_TRUE(fitted<QuadraticDiscriminantAnalysis>({{"regParam", 0.5}}, few, fy).predict_proba(few).allFinite());
}

TEST(DiscriminantNearestCentroid, EuclideanMatchesScikitLearnAndMahalanobisIsLdaWithEqualPriors) {
  const Matrix X = iris_X();
  auto nc = fitted<NearestCentroid>(json::object());
  EXPECT_EQ(nc.predict(X), ivec(want("nearest_centroid")["predict"]));
  EXPECT_LT(max_abs_diff(nc.centroids(), mat(want("nearest_centroid")["centroids"])), 1e-12);
  auto mh = fitted<NearestCentroid>({{"metric", "mahalanobis"}});
  auto lda = fitted<LinearDiscriminantAnalysis>({{"solver", "eigen"}, {"priors", {1.0 / 3, 1.0 / 3, 1.0 / 3}}});
  EXPECT_EQ(mh.predict(X), lda.predict(X));
}

TEST(DiscriminantAnalysis, ErrorsNameTheArgument) {
  const Matrix X = iris_X();
  const IntVector y = iris_y();
  EXPECT_EQ(error_of([&] { fitted<LinearDiscriminantAnalysis>({{"shrinkage", "auto"}}); }),
            "shrinkage is not supported with solver 'svd': use solver 'eigen'");
  EXPECT_EQ(error_of([&] { fitted<LinearDiscriminantAnalysis>({{"nComponents", 3}}); }),
            "nComponents=3 must be at most min(nClasses - 1, nFeatures) = 2");
  EXPECT_EQ(error_of([&] { fitted<LinearDiscriminantAnalysis>({{"solver", "eigen"}, {"shrinkage", 1.5}}); }),
            "shrinkage must be in [0, 1], got 1.5");
  EXPECT_EQ(error_of([&] { fitted<LinearDiscriminantAnalysis>({{"priors", {0.25, 0.25, 0.25}}}); }), "priors must sum to 1, got 0.75");
  EXPECT_EQ(error_of([&] { fitted<LinearDiscriminantAnalysis>(json::object(), X, IntVector::Zero(150)); }),
            "y has a single class: LinearDiscriminantAnalysis needs at least 2 classes");
  IntVector one = y;
  one[0] = 3;  // class 3 has a single sample
  EXPECT_EQ(error_of([&] { fitted<QuadraticDiscriminantAnalysis>(json::object(), X, one); }),
            "y has 1 sample(s) in class 3: QuadraticDiscriminantAnalysis needs at least 2 per class (a class covariance "
            "is ill-defined with fewer)");
  EXPECT_EQ(error_of([&] { fitted<LinearDiscriminantAnalysis>(json::object(), X.topRows(3), IntVector::LinSpaced(3, 0, 2)); }),
            "LinearDiscriminantAnalysis needs more samples (3) than classes (3): the within-class covariance is ill-defined");
  Matrix collinear = X;
  collinear.col(3) = collinear.col(2);
  EXPECT_EQ(error_of([&] { fitted<NearestCentroid>({{"metric", "mahalanobis"}}, collinear); }),
            "the pooled within-class covariance is singular (constant or collinear features): use metric 'euclidean'");
}

TEST(DiscriminantAnalysis, ModelJson) {
  const Matrix X = iris_X();
  const Matrix Y = iris_y().cast<double>();
  for (const char* name : {"LinearDiscriminantAnalysis", "QuadraticDiscriminantAnalysis", "NearestCentroid"}) {
    auto m = make_estimator(name, json::object());
    m->fit(X, Y, true);
    auto loaded = estimator_from_json(json::parse(m->to_json().dump()));
    EXPECT_EQ(loaded->predict(X).data, m->predict(X).data) << name;
    if (m->supports("predictProba")) EXPECT_EQ(loaded->predict_proba(X), m->predict_proba(X)) << name;
  }
  auto lda = make_estimator("LinearDiscriminantAnalysis", json::object());
  lda->fit(X, Y, true);
  EXPECT_EQ(estimator_from_json(lda->to_json())->transform(X), lda->transform(X));
}

}  // namespace
