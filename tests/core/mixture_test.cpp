// GaussianMixture against scikit-learn on Iris (tests/fixtures/gaussian.json): from the same
// initial weights, means and precisions, EM reaches the same lower bound, iteration count and
// parameters for every covariance type; the shared Gaussian kernels; errors; model JSON.
#include <gtest/gtest.h>

#include "../fixtures/gaussian_fixture.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/dense_products.hpp"
#include "wasmlearn/datasets/datasets.hpp"
#include "wasmlearn/mixture/describe.hpp"

using namespace wasmlearn;
using namespace gaussian_fixture;

namespace {

json options_of(const json& c, int max_iter, double tol) {
  return {{"nComponents", 3}, {"covarianceType", c["covariance_type"]}, {"weightsInit", c["weights_init"]},
          {"meansInit", c["means_init"]}, {"precisionsInit", c["precisions_init"]}, {"maxIter", max_iter}, {"tol", tol}};
}

TEST(MixtureGaussian, SameInitialParametersGiveScikitLearnsFit) {
  const Matrix X = iris_X();
  for (const json& c : doc()["mixture"]) {
    SCOPED_TRACE(c["covariance_type"].get<std::string>());
    GaussianMixture g(params_from_json<GaussianMixture>(options_of(c, 200, 1e-6)));
    g.fit(X);
    EXPECT_NEAR(g.lower_bound(), c["lower_bound"].get<double>(), 1e-6);
    EXPECT_EQ(g.n_iter(), c["n_iter"].get<int>());
    EXPECT_EQ(g.converged(), c["converged"].get<bool>());
    EXPECT_LT(max_abs_diff(g.weights(), vec(c["weights"])), 1e-5);
    EXPECT_LT(max_abs_diff(g.means(), mat(c["means"])), 1e-5);
    EXPECT_NEAR(g.score(X), c["score"].get<double>(), 1e-6);
    EXPECT_LT(max_abs_diff(g.score_samples(X.topRows(10)), vec(c["score_samples"])), 1e-5);
    EXPECT_NEAR(g.bic(X), c["bic"].get<double>(), 1e-3);
    EXPECT_NEAR(g.aic(X), c["aic"].get<double>(), 1e-3);
    EXPECT_LT(max_abs_diff(g.predict_proba(X.topRows(10)), mat(c["proba"])), 1e-5);
    EXPECT_EQ(g.predict(X), ivec(c["predict"]));
    const Vector h = g.lower_bound_history();
    ASSERT_EQ(h.size(), g.n_iter());
    for (Index i = 1; i < h.size(); ++i) EXPECT_GE(h[i], h[i - 1] - 1e-9);  // EM never decreases it
    EXPECT_EQ(h[h.size() - 1], g.lower_bound());
    // Exactly three EM steps: the same lower bound to 1e-9.
    GaussianMixture g3(params_from_json<GaussianMixture>(options_of(c, 3, 1e-12)));
    g3.fit(X);
    EXPECT_NEAR(g3.lower_bound(), c["lower_bound_3"].get<double>(), 1e-9);
    EXPECT_FALSE(g3.converged());
    ASSERT_EQ(g3.warnings().size(), 1u);
    EXPECT_EQ(g3.warnings().items[0].kind, WarningKind::convergence);
  }
}

TEST(MixtureGaussian, DefaultInitialisationsAreDeterministicAndSensible) {
  const Matrix X = iris_X();
  for (const char* type : {"full", "tied", "diag", "spherical"})
    for (const char* init : {"kmeans", "random"}) {
      SCOPED_TRACE(std::string(type) + " " + init);
      const json o = {{"nComponents", 3}, {"covarianceType", type}, {"initParams", init}, {"randomState", 2}, {"nInit", 2}};
      GaussianMixture a(params_from_json<GaussianMixture>(o)), b(params_from_json<GaussianMixture>(o));
      a.fit(X), b.fit(X);
      EXPECT_EQ(a.means(), b.means());
      EXPECT_TRUE(a.predict_proba(X).allFinite());
      EXPECT_GT(a.lower_bound(), -3.0);
      EXPECT_LT(max_abs_diff(a.predict_proba(X).rowwise().sum(), Vector::Ones(150)), 1e-12);
    }
  GaussianMixture g(params_from_json<GaussianMixture>({{"nComponents", 2}, {"randomState", 4}}));
  g.fit(X);
  const NamedArrays s = g.sample(500);
  ASSERT_EQ(s.items.size(), 2u);
  EXPECT_EQ(s.items[0].first, "X");
  EXPECT_EQ(s.items[0].second.shape, (std::vector<Index>{500, 4}));
  EXPECT_EQ(s.items[1].second.shape, (std::vector<Index>{500}));
  // Samples are near the mixture's mean.
  const Eigen::Map<const Matrix> S(s.items[0].second.data.data(), 500, 4);
  const RowVector mixture_mean = g.weights().transpose() * g.means();
  EXPECT_LT((S.colwise().mean() - mixture_mean).cwiseAbs().maxCoeff(), 0.25);
}

// Regression (issue 12): the full-covariance M-step read the responsibilities of rows past the
// first 256-row block from the wrong place, so the default fit was wrong on any data past one block.
// One EM step from injected parameters on 700 rows (three blocks, the last partial) and 9 features
// (past one 8-column tile) must give the definition's covariances: E-step by the closed-form
// density, then Σ_i r_ij (x_i − μ_j)(x_i − μ_j)ᵀ / n_j + regCovar·I.
TEST(MixtureGaussian, FullCovariancesPastOneRowBlockEqualTheDefinition) {
  const Index n = 700, p = 9, k = 3;
  const Dataset d = make_blobs(n, p, k, 2.0, -4.0, 4.0, true, 11);
  Matrix means0(k, p);
  for (Index j = 0; j < k; ++j) means0.row(j) = d.X.row(j * 101);
  const Matrix precisions0 = Matrix::Identity(p, p) * 0.25;
  Matrix prec_init(k * p, p);
  for (Index j = 0; j < k; ++j) prec_init.middleRows(j * p, p) = precisions0;
  GaussianMixtureParams params;
  params.n_components = static_cast<int>(k);
  params.max_iter = 1;
  params.weights_init = std::vector<double>{0.2, 0.3, 0.5};
  params.means_init = means0;
  params.precisions_init = prec_init;
  GaussianMixture g(params);
  g.fit(d.X);

  // E-step by the definition (equal isotropic covariances: the log-determinant terms cancel).
  Matrix r(n, k);
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < k; ++j)
      r(i, j) = std::log((*params.weights_init)[static_cast<std::size_t>(j)]) -
                0.125 * (d.X.row(i) - means0.row(j)).squaredNorm();
    r.row(i) = (r.row(i).array() - r.row(i).maxCoeff()).exp().matrix();
    r.row(i) /= r.row(i).sum();
  }
  for (Index j = 0; j < k; ++j) {
    const double nj = r.col(j).sum();
    const RowVector mu = (r.col(j).transpose() * d.X) / nj;
    Matrix C = Matrix::Zero(p, p);
    for (Index i = 0; i < n; ++i) C += r(i, j) * (d.X.row(i) - mu).transpose() * (d.X.row(i) - mu);
    C /= nj;
    C.diagonal().array() += params.reg_covar;
    EXPECT_LT(max_abs_diff(g.means().row(j), mu), 1e-10) << "component " << j;
    EXPECT_LT(max_abs_diff(g.covariances().middleRows(j * p, p), C), 1e-9) << "component " << j;
  }
}

// With one feature every covariance type describes the same model: 'full' and 'diag' from the same
// default (k-means) start must agree, at sizes below and past one row block.
TEST(MixtureGaussian, OneFeatureFullEqualsDiagAtEverySize) {
  for (Index n : {200, 256, 264, 1000}) {
    SCOPED_TRACE(n);
    const Dataset d = make_blobs(n, 1, 3, 1.0, -10.0, 10.0, true, 5);
    auto fit = [&](const char* type) {
      GaussianMixture g(params_from_json<GaussianMixture>({{"nComponents", 3}, {"covarianceType", type}, {"randomState", 0}}));
      g.fit(d.X);
      return g;
    };
    const GaussianMixture full = fit("full"), diag = fit("diag");
    EXPECT_NEAR(full.lower_bound(), diag.lower_bound(), 1e-10);
    EXPECT_EQ(full.n_iter(), diag.n_iter());
    EXPECT_LT(max_abs_diff(full.means(), diag.means()), 1e-9);
    EXPECT_LT(max_abs_diff(full.covariances(), diag.covariances()), 1e-9);
  }
}

// The case: well-separated blobs (2 000 x 2), defaults. Every fitted mean lies near its own
// blob's centre and every covariance is near the identity the blobs were drawn with; EM's lower
// bound never falls.
TEST(MixtureGaussian, DefaultFitFindsSeparatedBlobs) {
  Matrix centres(3, 2);
  centres << -6, 0, 0, 6, 6, -3;
  const Dataset d = make_blobs(2000, centres, 1.0, true, 1);
  GaussianMixture g(params_from_json<GaussianMixture>({{"nComponents", 3}, {"randomState", 0}}));
  g.fit(d.X);
  for (Index j = 0; j < 3; ++j) {
    Index nearest = 0;
    (centres.rowwise() - g.means().row(j)).rowwise().squaredNorm().minCoeff(&nearest);
    EXPECT_LT((g.means().row(j) - centres.row(nearest)).norm(), 0.15) << "component " << j;
    EXPECT_LT(max_abs_diff(g.covariances().middleRows(j * 2, 2), Matrix::Identity(2, 2)), 0.15) << "component " << j;
  }
  const Vector h = g.lower_bound_history();
  for (Index i = 1; i < h.size(); ++i) EXPECT_GE(h[i], h[i - 1] - 1e-9);
  // The mean log-density of N(0, I) in 2-D is −log(2π) − 1 ≈ −2.84; three equal blobs add −log 3.
  EXPECT_NEAR(g.lower_bound(), -std::log(2 * M_PI) - 1 - std::log(3.0), 0.1);
}

TEST(MixtureGaussian, SharedKernels) {
  // log N(x | μ, Σ) from the Cholesky factor equals the closed form.
  Matrix cov(2, 2);
  cov << 2.0, 0.6, 0.6, 1.0;
  const Matrix P = gauss::precision_cholesky(cov, "singular");
  EXPECT_LT(max_abs_diff(P * P.transpose(), cov.inverse()), 1e-12);
  Matrix x(1, 2), mu(1, 2);
  x << 0.3, -1.2;
  mu << 1.0, 0.5;
  const RowVector d = x - mu;
  const double want = -std::log(2 * M_PI) - 0.5 * std::log(cov.determinant()) - 0.5 * (d * cov.inverse() * d.transpose())(0, 0);
  EXPECT_NEAR(gauss::log_gaussian_prob(x, mu, P, CovarianceType::full)(0, 0), want, 1e-12);
  EXPECT_NEAR(gauss::log_gaussian_prob(x, mu, P, CovarianceType::tied)(0, 0), want, 1e-12);
  Matrix big(1, 3);
  big << 1000, 1001, 999;
  EXPECT_NEAR(gauss::logsumexp_rows(big)[0], 1001 + std::log(1 + std::exp(-1) + std::exp(-2)), 1e-12);
  Matrix singular = Matrix::Ones(2, 2);
  EXPECT_EQ(error_of([&] { gauss::precision_cholesky(singular, "is singular"); }), "is singular");
  // Ledoit–Wolf shrinks toward the scaled identity with α in [0, 1].
  double alpha = -1;
  const Matrix lw = gauss::ledoit_wolf(iris_X(), &alpha);
  EXPECT_GE(alpha, 0.0);
  EXPECT_LE(alpha, 1.0);
  EXPECT_NEAR(lw.trace(), gauss::empirical_covariance(iris_X()).trace(), 1e-12);
}

TEST(MixtureGaussian, WeightedScatterFillsTheLowerTriangle) {
  // By hand: rows (1, 2) and (3, −1) weighted 2 and 0.5 give [[6.5, 2.5], [2.5, 8.5]].
  const double D2[] = {1, 2, 3, -1}, w2[] = {2, 0.5};
  double C2[4] = {0, 0, 0, 0};
  weighted_scatter_lower(D2, 2, 2, 2, w2, 1, C2, 2);
  EXPECT_EQ(std::vector<double>(C2, C2 + 4), (std::vector<double>{6.5, 2.5, 2.5, 8.5}));
  // 11 features (odd, past one 8-column tile; zero-padded to 12), weights 3 apart: the definition's
  // sums on the lower triangle and beside the diagonal in each pair of rows, the rest untouched.
  const Index rows = 37, p = 11, width = 12;
  Matrix D = Matrix::Zero(rows, width), w(rows, 3), C = Matrix::Zero(width, width);
  for (Index i = 0; i < rows; ++i) {
    for (Index t = 0; t < p; ++t) D(i, t) = std::sin(static_cast<double>(13 * i + t));
    w(i, 0) = 1.5 + std::cos(static_cast<double>(i));
  }
  weighted_scatter_lower(D.data(), rows, width, width, w.data(), 3, C.data(), width);
  for (Index s = 0; s < width; ++s)
    for (Index t = 0; t < width; ++t) {
      double want = 0;
      const bool filled = t <= s || (s % 2 == 0 && t == s + 1);
      for (Index i = 0; filled && i < rows; ++i) want += w(i, 0) * D(i, s) * D(i, t);
      EXPECT_NEAR(C(s, t), want, 1e-12) << s << ", " << t;
    }
}

TEST(MixtureGaussian, UpperTriangularTileSkipsOnlyZeros) {
  // 11 x 16 upper triangular M (columns padded to two tiles): the same bits as the full tile product.
  const Index p = 11, padded = 16;
  Matrix M = Matrix::Zero(p, padded);
  RowVector x(p);
  for (Index t = 0; t < p; ++t) {
    x[t] = std::cos(static_cast<double>(7 * t + 1));
    for (Index c = t; c < p; ++c) M(t, c) = std::sin(static_cast<double>(5 * t + c + 1));
  }
  for (Index c0 = 0; c0 < padded; c0 += kTileColumns) {
    Lanes2 full[kTileColumns / 2], upper[kTileColumns / 2];
    row_times_tile(x.data(), p, M.data() + c0, padded, full);
    row_times_upper_tile(x.data(), p, M.data() + c0, padded, c0, upper);
    for (Index l = 0; l < kTileColumns / 2; ++l) {
      EXPECT_EQ(upper[l][0], full[l][0]) << c0 + 2 * l;
      EXPECT_EQ(upper[l][1], full[l][1]) << c0 + 2 * l + 1;
    }
    EXPECT_NE(full[0][0], 0.0);
  }
}

TEST(MixtureGaussian, ErrorsNameTheOption) {
  const Matrix X = iris_X();
  auto fit = [&](const json& o) { GaussianMixture(params_from_json<GaussianMixture>(o)).fit(X); };
  EXPECT_EQ(error_of([&] { fit({{"nComponents", 151}}); }), "nComponents=151 must be at most the number of samples (150)");
  EXPECT_EQ(error_of([&] { fit({{"nComponents", 2}, {"weightsInit", {0.5, 0.6}}}); }), "weightsInit must sum to 1, got 1.1");
  EXPECT_EQ(error_of([&] { fit({{"nComponents", 2}, {"weightsInit", {1.0}}}); }), "weightsInit has 1 values but nComponents is 2");
  EXPECT_EQ(error_of([&] { fit({{"nComponents", 2}, {"meansInit", {{1, 2, 3, 4}}}}); }), "meansInit must be 2 x 4, got 1 x 4");
  EXPECT_EQ(error_of([&] { fit({{"nComponents", 2}, {"covarianceType", "diag"}, {"precisionsInit", {{1, 2, 3, 4}}}}); }),
            "precisionsInit must be 2 x 4, got 1 x 4");
  EXPECT_EQ(error_of([&] { fit({{"covarianceType", "tied"}, {"precisionsInit", {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, -1}}}}); }),
            "precisionsInit must hold positive definite matrices");
  EXPECT_EQ(error_of([&] { params_from_json<GaussianMixture>({{"covarianceType", "isotropic"}}); }),
            "covarianceType must be one of 'full', 'tied', 'diag', 'spherical', got \"isotropic\"");
  Matrix dup = Matrix::Zero(10, 2);
  dup.bottomRows(5).setOnes();
  EXPECT_EQ(error_of([&] { GaussianMixture(params_from_json<GaussianMixture>({{"nComponents", 2}, {"regCovar", 0}})).fit(dup); }),
            "Fitting the mixture model failed because some components have ill-defined empirical covariance (for instance "
            "caused by singleton or collapsed samples). Try to decrease nComponents, or increase regCovar.");
}

TEST(MixtureGaussian, ModelJsonAndExtraMethods) {
  const Matrix X = iris_X();
  for (const char* type : {"full", "tied", "diag", "spherical"}) {
    auto m = make_estimator("GaussianMixture", {{"nComponents", 3}, {"covarianceType", type}});
    m->fit(X, Matrix(), true);
    auto loaded = estimator_from_json(json::parse(m->to_json().dump()));
    EXPECT_EQ(loaded->predict_proba(X), m->predict_proba(X)) << type;
    EXPECT_EQ(loaded->score(X, Matrix()), m->score(X, Matrix())) << type;
    EXPECT_EQ(loaded->call("bic", X, Matrix(), 0).items[0].second.data, m->call("bic", X, Matrix(), 0).items[0].second.data);
    EXPECT_EQ(loaded->call("sample", X, Matrix(), 7).items[0].second.data, m->call("sample", X, Matrix(), 7).items[0].second.data);
  }
}

}  // namespace
