// PCA against scikit-learn (tests/fixtures/gaussian.json): explained variance, components with
// scikit-learn's sign convention, whitening, fractions, the 'arpack' solver; errors; model JSON.
#include <gtest/gtest.h>

#include <cmath>

#include "../fixtures/gaussian_fixture.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/decomposition/describe.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using namespace gaussian_fixture;
using test_support::error_of;

namespace {

PCA fitted(const json& options) {
  PCA p(params_from_json<PCA>(options));
  p.fit(iris_X());
  return p;
}

// 'auto' picks 'covariance_eigh' on Iris (150 ≥ 10 · 4 rows); both whole-spectrum solvers must
// give scikit-learn's SVD results.
class DecompositionPCAWholeSpectrum : public ::testing::TestWithParam<const char*> {};

TEST_P(DecompositionPCAWholeSpectrum, MatchesScikitLearnOnIris) {
  const json& want = doc()["pca"]["full"];
  const Matrix X = iris_X();
  PCA p = fitted({{"svdSolver", GetParam()}});
  EXPECT_LT(max_abs_diff(p.explained_variance(), vec(want["explained_variance"])), 1e-10);
  EXPECT_LT(max_abs_diff(p.explained_variance_ratio(), vec(want["explained_variance_ratio"])), 1e-10);
  EXPECT_NEAR(p.explained_variance_ratio()[0], 0.92461872, 1e-8);  // PC1 of Iris: 92.46 %
  EXPECT_LT(max_abs_diff(p.singular_values(), vec(want["singular_values"])), 1e-10);
  EXPECT_LT(max_abs_diff(p.mean(), vec(want["mean"])), 1e-12);
  // Same signs as scikit-learn's svd_flip, so components and projections agree exactly.
  EXPECT_LT(max_abs_diff(p.components(), mat(want["components"])), 1e-10);
  EXPECT_LT(max_abs_diff(p.transform(X.topRows(10)), mat(want["transform"])), 1e-10);
  EXPECT_EQ(p.n_components(), 4);
  EXPECT_DOUBLE_EQ(p.noise_variance(), 0.0);
  EXPECT_LT(max_abs_diff(p.inverse_transform(p.transform(X)), X), 1e-12);
  // Rows of the components are orthonormal.
  EXPECT_LT(max_abs_diff(p.components() * p.components().transpose(), Matrix::Identity(4, 4)), 1e-12);
}

INSTANTIATE_TEST_SUITE_P(Solvers, DecompositionPCAWholeSpectrum, ::testing::Values("auto", "full", "covariance_eigh"));

// Why 'full' stays an SVD: a variance 1e-18 times the largest is lost in XᵀX's rounding, not in
// the SVD of X. Xc = U·diag(1, 1e-9)·Vᵀ with U's columns orthonormal and centred, V a rotation.
TEST(DecompositionPCA, FullSolverKeepsTinySingularValues) {
  const double c = std::cos(0.5), s = std::sin(0.5), tiny = 1e-9;
  const double u1[4] = {0.5, 0.5, -0.5, -0.5}, u2[4] = {0.5, -0.5, 0.5, -0.5};
  Matrix X(4, 2);
  for (Index i = 0; i < 4; ++i) {
    X(i, 0) = u1[i] * c - u2[i] * tiny * s;
    X(i, 1) = u1[i] * s + u2[i] * tiny * c;
  }
  PCA full(params_from_json<PCA>({{"svdSolver", "full"}}));
  full.fit(X);
  EXPECT_NEAR(full.singular_values()[0], 1.0, 1e-12);
  EXPECT_NEAR(full.singular_values()[1] / tiny, 1.0, 1e-6);
  PCA eigh(params_from_json<PCA>({{"svdSolver", "covariance_eigh"}}));
  eigh.fit(X);
  EXPECT_NEAR(eigh.singular_values()[0], 1.0, 1e-12);
  EXPECT_GT(std::abs(eigh.singular_values()[1] / tiny - 1.0), 1e-3);  // documented loss of precision
}

TEST(DecompositionPCA, WhiteningFractionAndArpack) {
  const json& pca = doc()["pca"];
  const Matrix X = iris_X();
  PCA w = fitted({{"nComponents", 2}, {"whiten", true}});
  EXPECT_LT(max_abs_diff(w.transform(X.topRows(10)), mat(pca["whiten2"]["transform"])), 1e-10);
  EXPECT_NEAR(w.noise_variance(), pca["whiten2"]["noise_variance"].get<double>(), 1e-10);
  EXPECT_LT(max_abs_diff(w.inverse_transform(w.transform(X.topRows(10))), mat(pca["whiten2"]["inverse"])), 1e-10);
  // Whitened projections have unit variance.
  const Matrix Z = w.transform(X);
  EXPECT_NEAR((Z.col(0).array() - Z.col(0).mean()).square().sum() / 149, 1.0, 1e-10);

  EXPECT_EQ(fitted({{"nComponents", 0.95}}).n_components(), pca["fraction95"]["n_components"].get<int>());
  EXPECT_EQ(fitted({{"nComponents", 0.5}}).n_components(), 1);

  PCA a = fitted({{"nComponents", 2}, {"svdSolver", "arpack"}});
  EXPECT_LT(max_abs_diff(a.explained_variance(), vec(pca["arpack2"]["explained_variance"])), 1e-9);
  EXPECT_LT(max_abs_diff(a.explained_variance_ratio(), vec(pca["arpack2"]["explained_variance_ratio"])), 1e-10);
  EXPECT_LT(max_abs_diff(a.components(), mat(pca["arpack2"]["components"])), 1e-8);
  EXPECT_LT(max_abs_diff(a.transform(X.topRows(10)), mat(pca["arpack2"]["transform"])), 1e-8);
}

TEST(DecompositionPCA, ArpackEqualsFullOnLargerData) {
  Matrix X(700, 12);
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = std::sin(0.37 * i * (j + 1) + j) * (j + 1) + 0.01 * ((i * 7 + j) % 13);
  PCA full(params_from_json<PCA>({{"nComponents", 3}, {"svdSolver", "full"}}));
  PCA arpack(params_from_json<PCA>({{"nComponents", 3}}));  // 'auto' picks arpack here
  full.fit(X);
  arpack.fit(X);
  EXPECT_LT(max_abs_diff(full.explained_variance(), arpack.explained_variance()), 1e-9 * full.explained_variance()[0]);
  EXPECT_LT(max_abs_diff(full.components(), arpack.components()), 1e-7);
}

// Wide data (more features than rows, as gene expression or pixels): 'auto' picks arpack, which works
// on the n x n matrix Xc·Xcᵀ; a p x p one (here 4·10^8 values) would be refused, and took minutes.
TEST(DecompositionPCA, ArpackOnWideDataWorksOnTheRows) {
  for (const Index p : {Index{600}, Index{20000}}) {
    Matrix X(40, p);
    for (Index i = 0; i < X.rows(); ++i)
      for (Index j = 0; j < X.cols(); ++j) X(i, j) = std::sin(0.37 * i * (j % 17 + 1) + j) * (i % 5 + 1) + 0.01 * ((i * 7 + j) % 13);
    PCA full(params_from_json<PCA>({{"nComponents", 3}, {"svdSolver", "full"}}));
    PCA arpack(params_from_json<PCA>({{"nComponents", 3}}));
    full.fit(X);
    arpack.fit(X);
    EXPECT_LT(max_abs_diff(full.explained_variance(), arpack.explained_variance()), 1e-9 * full.explained_variance()[0]);
    EXPECT_LT(max_abs_diff(full.explained_variance_ratio(), arpack.explained_variance_ratio()), 1e-12);
    EXPECT_LT(max_abs_diff(full.components(), arpack.components()), 1e-7) << p;
    EXPECT_LT(max_abs_diff(full.transform(X.topRows(5)), arpack.transform(X.topRows(5))), 1e-7 * full.singular_values()[0]);
  }
  Matrix wide(20, 12000);
  for (Index i = 0; i < wide.rows(); ++i)
    for (Index j = 0; j < wide.cols(); ++j) wide(i, j) = std::cos(0.1 * i * j + i);
  PCA eigh(params_from_json<PCA>({{"nComponents", 2}, {"svdSolver", "covariance_eigh"}}));
  EXPECT_EQ(error_of([&] { eigh.fit(wide); }),
            "PCA's features x features matrix: 144000000 needed, past the limit of 134217728 (see Limits in the README)");
}

TEST(DecompositionPCA, ErrorsNameTheOption) {
  const Matrix X = iris_X();
  EXPECT_EQ(error_of([&] { fitted({{"nComponents", 5}}); }), "nComponents=5 must be at most min(nSamples, nFeatures) = 4");
  EXPECT_EQ(error_of([&] { fitted({{"nComponents", 4}, {"svdSolver", "arpack"}}); }),
            "nComponents=4 must be less than min(nSamples, nFeatures) = 4 with svdSolver 'arpack'");
  EXPECT_EQ(error_of([&] { params_from_json<PCA>({{"nComponents", 0}}); }),
            "nComponents must be at least 1, got 0");
  EXPECT_EQ(error_of([&] { params_from_json<PCA>({{"nComponents", 1.5}}); }),
            "nComponents must be in (0, 1), got 1.5");
  EXPECT_EQ(error_of([&] { params_from_json<PCA>({{"svdSolver", "lapack"}}); }),
            "svdSolver must be one of 'auto', 'full', 'covariance_eigh', 'arpack', got \"lapack\"");
  EXPECT_EQ(error_of([&] { PCA().fit(X.topRows(1)); }), "X has 1 rows but at least 2 are needed");
  EXPECT_EQ(error_of([&] { PCA().transform(X); }), "This PCA is not fitted yet: call fit before transform");
  EXPECT_EQ(error_of([&] { fitted(json::object()).transform(X.leftCols(3)); }), "X has 3 columns but the model was fitted with 4");
}

TEST(DecompositionPCA, ModelJsonRoundTrip) {
  auto m = make_estimator("PCA", {{"nComponents", 2}, {"whiten", true}});
  const Matrix X = iris_X();
  m->fit(X, Matrix(), true);
  auto loaded = estimator_from_json(json::parse(m->to_json().dump()));
  EXPECT_EQ(loaded->transform(X), m->transform(X));
  EXPECT_EQ(loaded->inverse_transform(m->transform(X)), m->inverse_transform(m->transform(X)));
  EXPECT_EQ(loaded->attribute("nComponents").data[0], 2);
}

}  // namespace

// The probabilistic model against scikit-learn (tests/fixtures/pca_likelihood.json): 300 rows fitted
// (past the row block), 40 held-out rows scored, p = 20 and 9, every component or fewer, whiten.
TEST(DecompositionPCA, LikelihoodMatchesScikitLearn) {
  const json& doc = test_support::cached_fixture("pca_likelihood.json");
  const Index n_fit = doc["nFit"].get<Index>();
  for (const json& c : doc["cases"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    const Matrix X = test_support::matrix_of(doc["data"][c["data"].get<std::string>()]);
    PCA p(params_from_json<PCA>(c["options"]));
    p.fit(X.topRows(n_fit));
    const Matrix held_out = X.bottomRows(X.rows() - n_fit);
    EXPECT_EQ(p.n_components(), c["nComponents"].get<int>());
    EXPECT_NEAR(p.noise_variance(), c["noiseVariance"].get<double>(), 1e-12 * (1 + c["noiseVariance"].get<double>()));
    const Matrix covariance = test_support::matrix_of(c["covariance"]), precision = test_support::matrix_of(c["precision"]);
    EXPECT_LT(max_abs_diff(p.get_covariance(), covariance), 1e-11 * covariance.cwiseAbs().maxCoeff());
    EXPECT_LT(max_abs_diff(p.get_precision(), precision), 1e-9 * precision.cwiseAbs().maxCoeff());
    const Vector want = vec(c["scoreSamples"]);
    EXPECT_LT(max_abs_diff(p.score_samples(held_out), want), 1e-10 * want.cwiseAbs().maxCoeff());
    EXPECT_NEAR(p.score(held_out), c["score"].get<double>(), 1e-10 * std::abs(c["score"].get<double>()));
  }
}

// Two features, one component: the discarded direction's variance is the noise, so the model's
// covariance is the sample covariance S (ddof 1) and each row's log-density the Gaussian's,
// −½(dᵀS⁻¹d + 2·log 2π + log det S), written out for 2 × 2.
TEST(DecompositionPCA, LikelihoodOfTwoFeaturesIsTheSampleGaussian) {
  Matrix X(5, 2);
  X << 1, 2, 2, 1, 4, 5, 0, -1, 3, 3;
  PCA p(params_from_json<PCA>({{"nComponents", 1}}));
  p.fit(X);
  const RowVector mean = X.colwise().mean();
  const Matrix centred = X.rowwise() - mean;
  const Matrix S = centred.transpose() * centred / 4.0;
  EXPECT_LT(max_abs_diff(p.get_covariance(), S), 1e-12);
  const double det = S(0, 0) * S(1, 1) - S(0, 1) * S(1, 0);
  Matrix inverse(2, 2);
  inverse << S(1, 1), -S(0, 1), -S(1, 0), S(0, 0);
  inverse /= det;
  EXPECT_LT(max_abs_diff(p.get_precision(), inverse), 1e-12);
  Matrix queries(3, 2);
  queries << 0, 0, 10, -3, 2.2, 1.9;
  const Vector got = p.score_samples(queries);
  for (Index i = 0; i < queries.rows(); ++i) {
    const Vector d = (queries.row(i) - mean).transpose();
    const double want = -0.5 * (d.dot(inverse * d) + 2 * std::log(2 * M_PI) + std::log(det));
    EXPECT_NEAR(got[i], want, 1e-12 * std::abs(want));
  }
  EXPECT_NEAR(p.score(queries), got.mean(), 1e-15);
}

// Data in fewer dimensions than features: scikit-learn's inverse returns arbitrary numbers
// (13.3 and −1.0e15 for these models of rank-3 data); here the precision and the likelihood are
// an Error, the covariance still the model's.
TEST(DecompositionPCA, LikelihoodOfASingularModelIsAnError) {
  Matrix X(40, 4);
  for (Index i = 0; i < X.rows(); ++i) {
    const double t = static_cast<double>(i);
    X(i, 0) = std::sin(t);
    X(i, 1) = std::cos(1.3 * t);
    X(i, 2) = std::sin(0.7 * t + 1);
    X(i, 3) = X(i, 0) + X(i, 1);  // rank 3
  }
  for (const json& options : {json::object(), json{{"nComponents", 3}}, json{{"nComponents", 3}, {"whiten", true}}}) {
    SCOPED_TRACE(options.dump());
    PCA p(params_from_json<PCA>(options));
    p.fit(X);
    const std::string error = error_of([&] { p.score_samples(X); });
    EXPECT_EQ(error.rfind("PCA scoreSamples: the model's covariance is singular (its smallest variance, ", 0), 0u) << error;
    EXPECT_NE(error.find("keep fewer components than the data's rank"), std::string::npos) << error;
    EXPECT_EQ(error_of([&] { p.get_precision(); }).rfind("PCA getPrecision: the model's covariance is singular", 0), 0u);
    EXPECT_EQ(error_of([&] { p.score(X); }).rfind("PCA scoreSamples: the model's covariance is singular", 0), 0u);
    EXPECT_EQ(p.get_covariance().rows(), 4);
  }
  PCA two(params_from_json<PCA>({{"nComponents", 2}}));  // the noise of the third direction is real
  two.fit(X);
  EXPECT_TRUE(two.score_samples(X).allFinite());
  // Fewer rows than features: every component kept leaves the covariance of rank n − 1 < p.
  PCA wide;
  wide.fit(Matrix(X.topRows(3)));
  EXPECT_EQ(error_of([&] { wide.get_precision(); }).rfind("PCA getPrecision: the model's covariance is singular", 0), 0u);
  EXPECT_EQ(error_of([&] { PCA().score_samples(X); }), "This PCA is not fitted yet: call fit before scoreSamples");
}
