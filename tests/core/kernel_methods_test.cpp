// KernelRidge and KernelPCA against scikit-learn 1.2.1 (tests/fixtures/kernel_methods.py ->
// kernel_methods.json), through the declarations (make_estimator with camelCase options), as
// JavaScript uses them: KernelRidge's dualCoef within 1e-8 relative and predictions within 1e-8;
// KernelPCA's eigenvalues within 1e-8 relative, eigenvectors (svd_flip's signs), the embedding of
// training and held-out rows and the pre-images within 1e-8. Also hand-checked cases (the singular
// fallback, the weighted rule, centring) and the bad inputs.
#include <gtest/gtest.h>

#include <cmath>

#include "test_support.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/decomposition/kernel_pca.hpp"
#include "wasmlearn/kernel_ridge/kernel_ridge.hpp"

using namespace wasmlearn;
using test_support::as_matrix;
using test_support::error_of;
using test_support::matrix_of;

namespace {

const json& fixture() { return test_support::cached_fixture("kernel_methods.json"); }

// |got − want| ≤ tol·max(1, max|want|) entry by entry (relative to the largest entry).
void expect_close(const Matrix& got, const Matrix& want, double tol, const std::string& what) {
  ASSERT_EQ(got.rows(), want.rows()) << what;
  ASSERT_EQ(got.cols(), want.cols()) << what;
  const double scale = std::max(1.0, want.cwiseAbs().maxCoeff());
  for (Index i = 0; i < want.size(); ++i)
    ASSERT_NEAR(got.data()[i], want.data()[i], tol * scale) << what << " entry " << i;
}

struct Split {
  Matrix X_train, X_test, y_train;
};

Split split(const json& c) {
  const json& d = fixture()["data"][c["dataset"].get<std::string>()];
  const Index n = fixture()["nTrain"].get<Index>();
  const Matrix X = matrix_of(d["X"]), y = matrix_of(d["y"]);
  const Index targets = c.value("targets", static_cast<int>(y.cols()));
  Split s{X.topRows(n), X.bottomRows(X.rows() - n), y.topRows(n).leftCols(targets)};
  if (c.contains("precomputedGamma") && !c["precomputedGamma"].is_null()) {
    const Kernel rbf{KernelType::rbf, 3, c["precomputedGamma"].get<double>(), 0.0};
    s.X_test = kernel_matrix(rbf, s.X_test, s.X_train);
    s.X_train = kernel_matrix(rbf, s.X_train, s.X_train);
  }
  return s;
}

}  // namespace

TEST(KernelRidgeFixtures, AgreeWithScikitLearn) {
  const Vector weights = matrix_of(fixture()["weights"]).col(0);
  for (const json& c : fixture()["kernelRidge"]) {
    SCOPED_TRACE(c["options"].dump() + " on " + c["dataset"].get<std::string>() + (c["weighted"].get<bool>() ? " weighted" : ""));
    const Split s = split(c);
    auto est = make_estimator("KernelRidge", c["options"]);
    est->fit(s.X_train, s.y_train, s.y_train.cols() == 1, c["weighted"].get<bool>() ? &weights : nullptr);
    expect_close(as_matrix(est->attribute("dualCoef")), matrix_of(c["dualCoef"]), 1e-8, "dualCoef");
    expect_close(as_matrix(est->predict(s.X_test)), matrix_of(c["predict"]), 1e-8, "predict");
    EXPECT_TRUE(est->warnings().empty());
  }
}

TEST(KernelPCAFixtures, AgreeWithScikitLearn) {
  for (const json& c : fixture()["kernelPCA"]) {
    SCOPED_TRACE(c["options"].dump() + " on " + c["dataset"].get<std::string>());
    const Split s = split(c);
    auto est = make_estimator("KernelPCA", c["options"]);
    est->fit(s.X_train, Matrix(), false);
    const Matrix values = matrix_of(c["eigenvalues"]);
    expect_close(as_matrix(est->attribute("eigenvalues")), values, 1e-8, "eigenvalues");
    expect_close(as_matrix(est->attribute("eigenvectors")), matrix_of(c["eigenvectors"]), 1e-8, "eigenvectors");
    expect_close(est->transform(s.X_train), matrix_of(c["transformTrain"]), 1e-8, "transform of the training rows");
    const Matrix Z = est->transform(s.X_test);
    expect_close(Z, matrix_of(c["transformTest"]), 1e-8, "transform of held-out rows");
    if (c.contains("inverseTest")) expect_close(est->inverse_transform(Z), matrix_of(c["inverseTest"]), 1e-8, "inverseTransform");
  }
}

TEST(KernelRidge, SingularSystemFallsBackToLeastSquares) {
  // alpha 0 on the linear kernel of rows (1, 0), (2, 0), (0, 1): K = [[1, 2, 0], [2, 4, 0], [0, 0, 1]] is
  // singular (Cholesky meets an exact 0 pivot). y = (1, 2, 3) lies in its range; the minimum-norm
  // solution of K·c = y is c = (1/5, 2/5, 3).
  Matrix X(3, 2), y(3, 1);
  X << 1, 0, 2, 0, 0, 1;
  y << 1, 2, 3;
  KernelRidgeParams p;
  p.alpha = 0.0;
  KernelRidge est(p);
  est.fit(X, y);
  ASSERT_EQ(est.warnings().size(), 1u);
  EXPECT_EQ(est.warnings().items[0].kind, WarningKind::data);
  const Matrix c = est.dual_coef();
  EXPECT_NEAR(c(0, 0), 0.2, 1e-12);
  EXPECT_NEAR(c(1, 0), 0.4, 1e-12);
  EXPECT_NEAR(c(2, 0), 3.0, 1e-12);
  expect_close(est.predict(X), y, 1e-12, "predict");
}

TEST(KernelRidge, WeightsScaleTheSystemBySquareRoots) {
  // One sample of weight w, kernel k = x² = 4, alpha a: (w·k + a)·c' = √w·y, dualCoef = √w·c'.
  // w = 4, a = 2, y = 3: c' = 2·3 / 18 = 1/3, dualCoef = 2/3; predict(x) = k·dualCoef = 8/3.
  Matrix X(1, 1), y(1, 1);
  X << 2;
  y << 3;
  KernelRidgeParams p;
  p.alpha = 2.0;
  KernelRidge est(p);
  est.fit(X, y, Vector::Constant(1, 4.0));
  EXPECT_NEAR(est.dual_coef()(0, 0), 2.0 / 3.0, 1e-15);
  EXPECT_NEAR(est.predict(X)(0, 0), 8.0 / 3.0, 1e-14);
  // Integer weights are repeated rows: weight 2 on a row equals the row twice (same predictions).
  Matrix X2(3, 1), y2(3, 1), X3(2, 1), y3(2, 1);
  X2 << 1, 1, -0.5;
  y2 << 1, 1, 2;
  X3 << 1, -0.5;
  y3 << 1, 2;
  p.kernel = KernelType::rbf;
  p.alpha = 0.0;
  KernelRidge repeated(p), weighted(p);
  repeated.fit(X2, y2);
  weighted.fit(X3, y3, (Vector(2) << 2, 1).finished());
  const Matrix grid = Vector::LinSpaced(7, -2, 2);
  // alpha 0: the repeated system is singular (two equal rows) and takes the least-squares path.
  expect_close(weighted.predict(grid), repeated.predict(grid), 1e-12, "weighted vs repeated");
}

TEST(KernelRidge, PrecomputedKernelIsReadFromItsUpperTriangle) {
  // scikit-learn solves K + alpha·I by scipy's solve(assume_a='pos'), which reads the upper triangle
  // (scikit-learn 1.2.1 gives 0.28571429 for both). K = [[2, 1], [0, 2]], alpha 0.5, y = [1, 1]:
  // [[2.5, 1], [1, 2.5]]·c = 1 gives c = 1/3.5 = 2/7 each (the lower triangle would give 1/2.5 = 0.4).
  Matrix K(2, 2), y(2, 1);
  K << 2, 1, 0, 2;
  y << 1, 1;
  KernelRidgeParams p;
  p.kernel = KernelType::precomputed;
  p.alpha = 0.5;
  KernelRidge est(p);
  est.fit(K, y);
  EXPECT_NEAR(est.dual_coef()(0, 0), 2.0 / 7.0, 1e-15);
  EXPECT_NEAR(est.dual_coef()(1, 0), 2.0 / 7.0, 1e-15);
}

TEST(KernelRidge, PerTargetAlphaIsOneRidgePerColumn) {
  const json& c = fixture()["kernelRidge"][3];  // rbf, alpha [0.2, 2] on two targets
  const Split s = split(c);
  KernelRidgeParams p;
  p.kernel = KernelType::rbf;
  p.gamma = 0.1;
  p.alpha = std::vector<double>{0.2, 2.0};
  KernelRidge both(p);
  both.fit(s.X_train, s.y_train);
  for (Index t = 0; t < 2; ++t) {
    p.alpha = t == 0 ? 0.2 : 2.0;
    KernelRidge one(p);
    one.fit(s.X_train, s.y_train.col(t));
    expect_close(both.dual_coef().col(t), one.dual_coef(), 1e-14, "target " + std::to_string(t));
  }
}

TEST(KernelRidge, JsonRoundTripPredictsTheSame) {
  const json& c = fixture()["kernelRidge"][4];
  const Split s = split(c);
  auto est = make_estimator("KernelRidge", c["options"]);
  est->fit(s.X_train, s.y_train, false);
  const auto loaded = estimator_from_json(est->to_json());
  EXPECT_EQ(as_matrix(loaded->predict(s.X_test)), as_matrix(est->predict(s.X_test)));
}

TEST(KernelRidge, BadInputIsAnError) {
  Matrix X = Matrix::Random(5, 2), y = Matrix::Random(5, 2);
  const auto fit = [&](const json& options, MatrixRef Xf, MatrixRef yf) {
    return error_of([&] { make_estimator("KernelRidge", options)->fit(Xf, yf, false); });
  };
  EXPECT_EQ(fit({{"alpha", -1}}, X, y), "alpha must be at least 0, got -1");
  EXPECT_EQ(fit({{"alpha", {1, -2}}}, X, y), "alpha[1] must be at least 0, got -2");
  EXPECT_EQ(fit({{"alpha", {1, 2, 3}}}, X, y), "alpha has 3 values but y has 2 targets: give one alpha, or one per target");
  EXPECT_EQ(fit({{"kernel", "rbf"}, {"gamma", 0}}, X, y), "gamma must be greater than 0, got 0");
  EXPECT_EQ(fit({{"kernel", "precomputed"}}, X, y),
            "X must be a square kernel matrix (n x n) when kernel is 'precomputed', got 5 x 2");
  EXPECT_NE(error_of([&] { make_estimator("KernelRidge", {{"nComponents", 2}}); }), "<no error>");
  auto est = make_estimator("KernelRidge", {{"kernel", "precomputed"}});
  const Matrix K = X * X.transpose();
  est->fit(K, y, false);
  EXPECT_NE(error_of([&] { est->predict(Matrix::Ones(2, 4)); }).find("X has 4"), std::string::npos);
}

// A precomputed kernel's XFit is the square training kernel: one with a column more made predict
// and transform multiply matrices of unequal inner sizes (a read past dualCoef, past the
// eigenvectors); the saved degree is an integer in range (1e300 was converted to int).
TEST(KernelRidge, LoadedKernelsThatDoNotFitAreErrors) {
  const Matrix X = Matrix::Random(6, 2), y = Matrix::Random(6, 1);
  const Matrix K = X * X.transpose();
  Matrix wider(6, 7);
  wider << K, Matrix::Ones(6, 1);
  for (const char* name : {"KernelRidge", "KernelPCA"}) {
    const bool ridge = std::string(name) == "KernelRidge";
    const char* method = ridge ? "predict" : "transform";
    auto est = make_estimator(name, {{"kernel", "precomputed"}});
    est->fit(K, ridge ? y : Matrix(), true);
    json wide = est->to_json();
    wide["state"]["XFit"] = {{"rows", 6}, {"cols", 7}, {"data", std::vector<double>(wider.data(), wider.data() + wider.size())}};
    EXPECT_EQ(error_of([&] { estimator_from_json(wide)->call(method, wider); }),
              "model JSON: XFit must be square for a precomputed kernel") << name;
    EXPECT_EQ(estimator_from_json(est->to_json())->call(method, K).items[0].second.data,
              est->call(method, K).items[0].second.data);  // unedited: as fitted
    json huge = est->to_json();
    huge["state"]["degree"] = 1e300;
    EXPECT_EQ(error_of([&] { estimator_from_json(huge); }), "model JSON: degree must be in [0, 2147483647], got 1e+300") << name;
  }
  // KernelPCA's pre-image map from another fit (another number of components) gave rows of another width.
  auto two = make_estimator("KernelPCA", {{"nComponents", 2}, {"fitInverseTransform", true}});
  auto three = make_estimator("KernelPCA", {{"nComponents", 3}, {"fitInverseTransform", true}});
  two->fit(X, Matrix(), true);
  three->fit(X, Matrix(), true);
  json spliced = two->to_json();
  spliced["state"]["inverse"] = three->to_json()["state"]["inverse"];
  EXPECT_EQ(error_of([&] { estimator_from_json(spliced)->inverse_transform(Matrix::Zero(1, 2)); }),
            "model JSON: inverse must map one column per eigenvalue to XFit's columns");
  EXPECT_EQ(estimator_from_json(two->to_json())->inverse_transform(Matrix::Zero(1, 2)), two->inverse_transform(Matrix::Zero(1, 2)));
}

TEST(KernelPCA, CentredLinearKernelIsPCA) {
  // With the linear kernel the eigenvalues are the squared singular values of the centred data and
  // the embedding is PCA's scores (the signs may differ: svd_flip is applied to other matrices).
  Matrix X(6, 2);
  X << 0, 0, 1, 0.5, 2, 1.5, 3, 2, 4, 2.5, 5, 4;
  KernelPCAParams p;
  p.n_components = 2;
  KernelPCA est(p);
  est.fit(X);
  const Matrix Xc = X.rowwise() - X.colwise().mean();
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(Eigen::MatrixXd(Xc), Eigen::ComputeThinV);
  expect_close(est.eigenvalues(), svd.singularValues().array().square().matrix(), 1e-12, "eigenvalues");
  const Matrix scores = Xc * svd.matrixV();
  const Matrix Z = est.transform(X);
  for (Index j = 0; j < 2; ++j) expect_close(Z.col(j).cwiseAbs(), scores.col(j).cwiseAbs(), 1e-12, "scores");
  // svd_flip: each eigenvector's entry of largest magnitude is positive.
  for (Index j = 0; j < 2; ++j) {
    Index top = 0;
    est.eigenvectors().col(j).cwiseAbs().maxCoeff(&top);
    EXPECT_GT(est.eigenvectors()(top, j), 0);
  }
}

TEST(KernelPCA, DenseAndArpackAgreePastTheRowBlock) {
  const json& c = fixture()["kernelPCA"][3];  // poly on 300 rows of 8 columns
  const Split s = split(c);
  json options = c["options"];
  auto dense = make_estimator("KernelPCA", options);
  options["eigenSolver"] = "arpack";
  options["randomState"] = 7;
  auto arpack = make_estimator("KernelPCA", options);
  dense->fit(s.X_train, Matrix(), false);
  arpack->fit(s.X_train, Matrix(), false);
  expect_close(arpack->transform(s.X_test), dense->transform(s.X_test), 1e-9, "arpack vs dense");
}

TEST(KernelPCA, JsonRoundTripTransformsTheSame) {
  const json& c = fixture()["kernelPCA"][2];  // with fitInverseTransform
  const Split s = split(c);
  auto est = make_estimator("KernelPCA", c["options"]);
  est->fit(s.X_train, Matrix(), false);
  const auto loaded = estimator_from_json(est->to_json());
  const Matrix Z = est->transform(s.X_test);
  EXPECT_EQ(loaded->transform(s.X_test), Z);
  EXPECT_EQ(loaded->inverse_transform(Z), est->inverse_transform(Z));
}

TEST(KernelPCA, BadInputIsAnError) {
  const Matrix X = Matrix::Random(12, 3);
  const auto fit = [&](const json& options, MatrixRef Xf) {
    return error_of([&] { make_estimator("KernelPCA", options)->fit(Xf, Matrix(), false); });
  };
  EXPECT_EQ(fit({{"nComponents", 0}}, X), "nComponents must be at least 1, got 0");
  EXPECT_EQ(fit({{"kernel", "rbf"}, {"gamma", -1}}, X), "gamma must be greater than 0, got -1");
  EXPECT_EQ(fit({{"alpha", -0.5}}, X), "alpha must be at least 0, got -0.5");
  EXPECT_EQ(fit({{"nComponents", 12}, {"eigenSolver", "arpack"}}, X),
            "nComponents=12 must be less than nSamples = 12 with eigenSolver 'arpack'");
  EXPECT_EQ(fit({{"kernel", "precomputed"}}, X), "X must be a square kernel matrix (n x n) when kernel is 'precomputed', got 12 x 3");
  EXPECT_NE(fit({{"kernel", "precomputed"}, {"fitInverseTransform", true}}, X).find("fitInverseTransform needs a kernel other than 'precomputed'"),
            std::string::npos);
  EXPECT_NE(fit({{"eigenSolver", "randomized"}}, X).find("not implemented"), std::string::npos);
  auto est = make_estimator("KernelPCA", {{"nComponents", 2}});
  est->fit(X, Matrix(), false);
  EXPECT_NE(error_of([&] { est->inverse_transform(Matrix::Zero(1, 2)); }).find("fitInverseTransform"), std::string::npos);
  EXPECT_NE(error_of([&] { est->transform(Matrix::Zero(1, 4)); }).find("X has 4"), std::string::npos);
}
