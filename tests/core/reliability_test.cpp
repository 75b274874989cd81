// Issue 19: integers are checked on the whole double range before any conversion, sizes before any
// allocation, y wherever it enters, and loaded model JSON against the shapes its state implies.
#include <gtest/gtest.h>

#include <chrono>
#include <climits>
#include <cmath>
#include <set>
#include <string>

#include "test_support.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/function.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/linear_model/describe.hpp"
#include "wasmlearn/metrics/cluster.hpp"
#include "wasmlearn/metrics/pairwise.hpp"
#include "wasmlearn/metrics/regression.hpp"
#include "wasmlearn/svm/linear_describe.hpp"

using namespace wasmlearn;
using test_support::error_of;

namespace {

Matrix grid(Index n, Index p) {
  Matrix X(n, p);
  for (Index i = 0; i < n; ++i)
    for (Index j = 0; j < p; ++j) X(i, j) = std::sin(1.0 + static_cast<double>(i * p + j));
  return X;
}

Matrix two_classes(Index n) {
  Matrix y(n, 1);
  for (Index i = 0; i < n; ++i) y(i, 0) = static_cast<double>(i % 2);
  return y;
}

// Milliseconds f takes (it is expected to throw).
template <class F>
double millis_of(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  error_of(f);
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST(IntegerArgument, WholeDoubleRangeCheckedBeforeConversion) {
  EXPECT_EQ(integer_argument<int>(2147483647.0, "n"), INT_MAX);
  EXPECT_EQ(integer_argument<int>(-2147483648.0, "n"), INT_MIN);
  EXPECT_EQ(error_of([] { integer_argument<int>(4294967297.0, "nNeighbors", at_least(1)); }),
            "nNeighbors must be in [1, 2147483647], got 4294967297");
  EXPECT_EQ(error_of([] { integer_argument<int>(2147483648.0, "randomState"); }),
            "randomState must be in [-2147483648, 2147483647], got 2147483648");
  EXPECT_EQ(error_of([] { integer_argument<int>(2.5, "n"); }), "n must be an integer, got 2.5");
  EXPECT_EQ(error_of([] { integer_argument<int>(std::nan(""), "n"); }), "n must be an integer, got NaN");
  EXPECT_EQ(error_of([] { integer_argument<int>(1e300, "n"); }), "n must be in [-2147483648, 2147483647], got 1e+300");
  EXPECT_EQ(error_of([] { integer_argument<int>(0, "nNeighbors", at_least(1)); }), "nNeighbors must be at least 1, got 0");
  // An open end narrows to the next integer when the type's limit is named.
  EXPECT_EQ(error_of([] { integer_argument<int>(3e9, "n", greater_than(0)); }), "n must be in [1, 2147483647], got 3000000000");
  // 64-bit integers stop at 2^53, past which a double skips integers.
  EXPECT_EQ(integer_argument<long long>(9007199254740992.0, "n"), 9007199254740992LL);
  EXPECT_NE(error_of([] { integer_argument<long long>(18014398509481984.0, "n"); }), "<no error>");
  EXPECT_EQ(error_of([] { integer_argument<unsigned>(-1, "seed"); }), "seed must be in [0, 4294967295], got -1");
}

TEST(IntegerArgument, OptionsRefusePastInt32InsteadOfWrapping) {
  EXPECT_EQ(error_of([] { make_estimator("KNeighborsClassifier", {{"nNeighbors", 4294967297.0}}); }),
            "nNeighbors must be in [1, 2147483647], got 4294967297");
  EXPECT_EQ(error_of([] { make_estimator("KMeans", {{"randomState", 2147483648.0}}); }),
            "randomState must be in [0, 2147483647], got 2147483648");
  const std::string pca = error_of([] { make_estimator("PCA", {{"nComponents", 4294967296.0}}); });
  EXPECT_NE(pca.find("nComponents must be"), std::string::npos) << pca;
  EXPECT_NE(pca.find("got 4294967296"), std::string::npos) << pca;
  // The largest int is still taken as given.
  EXPECT_EQ(make_estimator("KMeans", {{"randomState", 2147483647}})->get_params()["randomState"], 2147483647);
}

// The same for the counts of a loaded model JSON: 1e300 in any of them was converted to int or
// Index unchecked (undefined behaviour; UBSan stops there).
TEST(IntegerArgument, LoadedCountsPastTheirTypeAreRefused) {
  const Matrix X = grid(12, 2);
  Matrix y(12, 1);
  for (Index i = 0; i < 12; ++i) y(i, 0) = static_cast<double>(i % 2);
  const std::pair<const char*, const char*> cases[] = {
      {"LogisticRegression", "nClasses"}, {"LinearSVC", "nIter"},      {"MLPClassifier", "nIter"},
      {"MLPClassifier", "t"},             {"MLPClassifier", "nClasses"}, {"Normalizer", "nFeaturesIn"},
      {"PiecewiseConstantFeatures", "nFeaturesIn"}, {"PolynomialFeatures", "nFeaturesIn"}};
  for (const auto& [name, field] : cases) {
    auto est = make_estimator(name, std::string(name) == "PiecewiseConstantFeatures" ? json{{"knots", {0.0}}} : json::object());
    est->fit(X, y, true);
    json saved = est->to_json();
    ASSERT_TRUE(saved["state"].contains(field)) << name << " " << field;
    saved["state"][field] = 1e300;
    EXPECT_NE(error_of([&] { estimator_from_json(saved); }).find(std::string("model JSON: ") + field + " must be"), std::string::npos)
        << name << " " << field;
  }
  // Integer arrays too: 2^32 + 1 was read as 1, a class code in range.
  auto knn = make_estimator("KNeighborsClassifier", {{"nNeighbors", 3}});
  knn->fit(X, y, true);
  json wrapped = knn->to_json();
  wrapped["state"]["y"][0] = 4294967297LL;
  EXPECT_EQ(error_of([&] { estimator_from_json(wrapped); }), "model JSON: y must be in [-2147483648, 2147483647], got 4294967297");
  // And matrix shapes: rows x cols of 2^40 x 2^40 overflowed Index.
  json shape = knn->to_json();
  shape["state"]["X"]["rows"] = shape["state"]["X"]["cols"] = 1099511627776LL;
  EXPECT_EQ(error_of([&] { estimator_from_json(shape); }), "model JSON: X has 24 values but rows*cols = 1.2089258196146292e+24");
}

TEST(IntegerArgument, MethodCountsAndFunctionOptions) {
  const Matrix X = grid(12, 3);
  auto knn = make_estimator("KNeighborsRegressor", {{"nNeighbors", 2}});
  knn->fit(X, X.col(0), true);
  EXPECT_EQ(error_of([&] { knn->call("kneighbors", X, Matrix(), 4294967297.0); }),
            "nNeighbors must be in [1, 2147483647], got 4294967297");
  auto gm = make_estimator("GaussianMixture", {{"nComponents", 2}, {"randomState", 0}});
  gm->fit(X, Matrix(), true);
  EXPECT_EQ(error_of([&] { gm->call("sample", Matrix(), Matrix(), 4294967299.0); }),
            "sample must be in [1, 2147483647], got 4294967299");
  EXPECT_EQ(error_of([] { call_function("makeMoons", {}, {{"nSamples", 2.5}}); }), "nSamples must be an integer, got 2.5");
  EXPECT_EQ(error_of([] { call_function("makeMoons", {}, {{"randomState", -1}}); }),
            "randomState must be at least 0, got -1");
}

TEST(SizeCheck, RefusesPastTheLimitWithTheNumberNeeded) {
  EXPECT_NO_THROW(check_size(kMaxArrayValues, "x"));
  EXPECT_EQ(error_of([] { check_size(kMaxArrayValues + 1, "the output"); }),
            "the output: 134217729 needed, past the limit of 134217728 (see Limits in the README)");
  EXPECT_NE(error_of([] { check_size(std::nan(""), "x"); }), "<no error>");
}

TEST(SizeCheck, HugeRequestsFailFastWithoutTheAllocator) {
  const Matrix X = grid(12, 3);
  auto forest = make_estimator("RandomForestClassifier", {{"nEstimators", 1e9}});
  const std::string trees = error_of([&] { forest->fit(X, two_classes(12), true); });
  EXPECT_EQ(trees,
            "a forest of nEstimators = 1000000000 trees on 12 samples (trees x samples): 12000000000 needed, past the limit of "
            "134217728 (see Limits in the README)");
  auto gm = make_estimator("GaussianMixture", {{"nComponents", 2}, {"randomState", 0}});
  gm->fit(X, Matrix(), true);
  std::string sample;
  EXPECT_LT(millis_of([&] { sample = error_of([&] { gm->call("sample", Matrix(), Matrix(), 2147483647.0); }); }), 1000);
  EXPECT_EQ(sample.rfind("sample(2147483647) (rows x (features + 1)): 8589934588 needed", 0), 0u) << sample;

  // The trap of issue 19: degree 2 ** 31 - 1 wrapped the number of splines.
  auto spline = make_estimator("SplineTransformer", {{"degree", 2147483647}});
  EXPECT_EQ(error_of([&] { spline->fit(X, Matrix(), true); }).rfind("SplineTransformer's output for 12 rows", 0), 0u);
  auto knots = make_estimator("SplineTransformer", {{"nKnots", 10000000}});
  EXPECT_EQ(error_of([&] { knots->fit(X, Matrix(), true); }),
            "SplineTransformer's output for 12 rows (rows x features x splines): 360000072 needed, past the limit of "
            "134217728 (see Limits in the README)");
  std::string poly;
  EXPECT_LT(millis_of([&] {
              poly = error_of([&] { make_estimator("PolynomialFeatures", {{"degree", 2147483647}})->fit(X, Matrix(), true); });
            }),
            1000);
  EXPECT_EQ(poly.rfind("PolynomialFeatures of degree 2147483647 on 3 features: output columns: ", 0), 0u) << poly;
  // The whole count, not the part counted before the limit: C(2^31 + 2, 3) with the bias; C(46, 6) of
  // 40 features at degree 6 (the degrees up to 5 alone pass the limit), and Σ_{d ≤ 6} C(40, d) of sets.
  EXPECT_NE(poly.find(": 1.6505867213530166e+27 needed"), std::string::npos) << poly;
  const Matrix X40 = grid(12, 40);
  EXPECT_EQ(error_of([&] { make_estimator("PolynomialFeatures", {{"degree", 6}})->fit(X40, Matrix(), true); }),
            "PolynomialFeatures of degree 6 on 40 features: output columns: 9366819 needed, past the limit of 1000000 "
            "(see Limits in the README)");
  EXPECT_EQ(error_of([&] {
              make_estimator("PolynomialFeatures", {{"degree", 6}, {"interactionOnly", true}})->fit(X40, Matrix(), true);
            }),
            "PolynomialFeatures of degree 6 on 40 features: output columns: 4598479 needed, past the limit of 1000000 "
            "(see Limits in the README)");
  EXPECT_LT(millis_of([&] { make_estimator("PolynomialFeatures", {{"degree", 2147483647}})->fit(X.leftCols(1), Matrix(), true); }),
            1000);
}

TEST(SizeCheck, ALoadedSplineModelWithAHugeDegreeIsRefusedAtTransform) {
  const Matrix X = grid(12, 3);
  auto spline = make_estimator("SplineTransformer", {});
  spline->fit(X, Matrix(), true);
  json model = spline->to_json();
  model["params"]["degree"] = 2147483647;
  auto loaded = estimator_from_json(model);
  EXPECT_NE(error_of([&] { loaded->transform(X); }).find("past the limit"), std::string::npos);
  EXPECT_NE(error_of([&] { loaded->attribute("fullKnots"); }).find("past the limit"), std::string::npos);
  EXPECT_NE(error_of([&] { loaded->attribute("nFeaturesOut"); }).find("past the limit"), std::string::npos);
}

TEST(TargetsChecked, ScoreAndMetricsRefuseNonFiniteY) {
  const Matrix X = grid(12, 3);
  Matrix y = X.col(0);
  auto ridge = make_estimator("Ridge", {});
  ridge->fit(X, y, true);
  y(4, 0) = std::nan("");
  EXPECT_EQ(error_of([&] { ridge->call("score", X, y); }), "y contains NaN at index 4");
  Matrix Y2(12, 2);
  Y2 << X.col(0), X.col(1);
  Y2(3, 1) = INFINITY;
  auto ridge2 = make_estimator("Ridge", {});
  ridge2->fit(X, X.leftCols(2), false);
  EXPECT_EQ(error_of([&] { ridge2->call("score", X, Y2); }), "y contains Infinity at row 3, column 1");
  const Matrix good = X.col(1);
  EXPECT_EQ(error_of([&] { call_function("r2Score", {Eigen::Map<const Matrix>(y.data(), 12, 1), Eigen::Map<const Matrix>(good.data(), 12, 1)}, {}); }),
            "yTrue contains NaN at index 4");
  EXPECT_EQ(error_of([&] { call_function("meanSquaredError", {Eigen::Map<const Matrix>(good.data(), 12, 1), Eigen::Map<const Matrix>(y.data(), 12, 1)}, {}); }),
            "yPred contains NaN at index 4");
  // The probabilities and decisions of the losses (logLoss gave NaN, hingeLoss 0.4, brierScoreLoss NaN).
  Matrix labels(5, 1), scores(5, 1), two(5, 2);
  labels << 0, 1, 0, 1, 1;
  scores << 0.1, std::nan(""), 0.2, 0.8, 0.9;
  two << 0.9, 0.1, 0.5, 0.5, 0.8, 0.2, 0.2, INFINITY, 0.1, 0.9;
  const auto map = [](const Matrix& m) { return Eigen::Map<const Matrix>(m.data(), m.rows(), m.cols()); };
  EXPECT_EQ(error_of([&] { call_function("logLoss", {map(labels), map(scores)}, {}); }), "yPred contains NaN at index 1");
  EXPECT_EQ(error_of([&] { call_function("logLoss", {map(labels), map(two)}, {}); }), "yPred contains Infinity at row 3, column 1");
  EXPECT_EQ(error_of([&] { call_function("brierScoreLoss", {map(labels), map(scores)}, {}); }), "yProba contains NaN at index 1");
  EXPECT_EQ(error_of([&] { call_function("hingeLoss", {map(labels), map(scores)}, {}); }), "predDecision contains NaN at index 1");
}

// The objectives on new y take the fitted classes' codes only: a code past them indexed the balanced
// class weights out of bounds.
TEST(TargetsChecked, ObjectivesTakeTheFittedClassCodesOnly) {
  const Matrix X = grid(6, 2);
  const Matrix y = two_classes(6);
  const IntVector codes = y.col(0).cast<int>();
  IntVector past = codes;
  past[5] = 2;
  const Vector weights = Vector::Ones(6);
  LinearSVC svc(params_from_json<LinearSVC>({{"classWeight", "balanced"}}));
  svc.fit(X, codes, weights);
  EXPECT_TRUE(std::isfinite(svc.objective(X, codes, weights)));
  EXPECT_EQ(error_of([&] { svc.objective(X, past, weights); }), "y has class code 2 but the model was fitted on 2 classes");
  LogisticRegression logistic(params_from_json<LogisticRegression>({{"classWeight", "balanced"}}));
  logistic.fit(X, codes);
  EXPECT_TRUE(std::isfinite(logistic.objective(X, codes)));
  EXPECT_EQ(error_of([&] { logistic.objective(X, past); }), "y has class code 2 but the model was fitted on 2 classes");
}

TEST(ModelJson, NestingPastTheLimitIsRefusedWhileParsing) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(error_of([&] { parse_json_text(deep, "model JSON"); }), "model JSON is nested deeper than 64 levels");
  const std::string ok = std::string(64, '[') + std::string(64, ']');
  EXPECT_NO_THROW(parse_json_text(ok, "model JSON"));
  EXPECT_EQ(error_of([] { parse_json_text("{\"a\": ", "options"); }), "options is not valid JSON");
}

TEST(ModelJson, SavedLabelsMustMatchTheFittedClasses) {
  const Matrix X = grid(12, 3);
  for (const char* name : {"Perceptron", "RidgeClassifier", "LogisticRegression", "DecisionTreeClassifier"}) {
    auto model = make_estimator(name, {});
    model->fit(X, two_classes(12), true);
    json saved = model->to_json();
    saved["labels"] = {{"kind", "number"}, {"classes", {0, 1}}};
    EXPECT_NO_THROW(estimator_from_json(saved)) << name;
    saved["labels"]["classes"] = {0};
    EXPECT_EQ(error_of([&] { estimator_from_json(saved); }),
              "model JSON: labels.classes names 1 classes but the fitted state has 2")
        << name;
    saved["labels"] = "x";
    EXPECT_EQ(error_of([&] { estimator_from_json(saved); }), "model JSON: labels must be { kind, classes: [...] }") << name;
  }
}

TEST(Overflow, RSquaredOfHugeTargetsIsComputedScaled) {
  const Matrix X = grid(20, 1);
  Matrix y(20, 1), p(20, 1);
  for (Index i = 0; i < 20; ++i) {
    y(i, 0) = 1e307 * X(i, 0);
    p(i, 0) = 1e307 * (X(i, 0) + 0.01 * std::cos(static_cast<double>(i)));
  }
  // The same R² on values scaled by 1e-307 by hand (R² does not change under scaling).
  const Matrix ys = y * 1e-307, ps = p * 1e-307;
  EXPECT_NEAR(r2_score(y, p), r2_score(ys, ps), 1e-12);
  EXPECT_GT(r2_score(y, p), 0.99);
}

// Scores that do not change when X (or yTrue and yPred) is scaled were NaN or 0 past ±1e150 (their
// sums of squares overflowed); distances, which scale with X, were Infinity. Computed on the values
// over a power of two now: at X·2^m exactly the values of X (distances exactly 2^m times), at X·1e300
// the same within rounding (R² and the explained variance weighted by variances too). Within ±1e150
// nothing is scaled (the values keep their bits).
TEST(Overflow, ScoresAndDistancesOfHugeValuesAreComputedScaled) {
  const Matrix X = grid(12, 3);
  IntVector labels(12);
  for (Index i = 0; i < 12; ++i) labels[i] = static_cast<int>(i % 3);
  Matrix y(12, 1), p(12, 1);
  for (Index i = 0; i < 12; ++i) y(i, 0) = X(i, 0), p(i, 0) = X(i, 0) + 0.3 * X(i, 1);
  const double two_to_520 = std::ldexp(1.0, 520), two_to_1000 = std::ldexp(1.0, 1000);
  for (const double factor : {two_to_520, two_to_1000, 1e300}) {
    const bool exact = factor != 1e300;
    const auto expect_same = [&](double got, double want, const char* what) {
      if (exact) EXPECT_EQ(got, want) << what << " at " << factor;
      else EXPECT_NEAR(got, want, 1e-13 * std::max(1.0, std::abs(want))) << what << " at " << factor;
    };
    const Matrix big = X * factor;
    for (const DistanceMetric metric : {DistanceMetric::euclidean, DistanceMetric::sqeuclidean, DistanceMetric::manhattan,
                                        DistanceMetric::cosine})
      expect_same(silhouette_score(big, labels, metric), silhouette_score(X, labels, metric), "silhouette");
    expect_same(davies_bouldin_score(big, labels), davies_bouldin_score(X, labels), "Davies-Bouldin");
    expect_same(calinski_harabasz_score(big, labels), calinski_harabasz_score(X, labels), "Calinski-Harabasz");
    const Matrix ys = y * factor, ps = p * factor;
    expect_same(explained_variance_score(ys, ps, Vector()), explained_variance_score(y, p, Vector()), "explained variance");
    expect_same(r2_score(ys, ps, Vector()), r2_score(y, p, Vector()), "R²");
    // Two outputs weighted by their variances (the weights overflowed: NaN); with only the first
    // scaled, the second's weight is nothing beside it.
    Matrix y2(12, 2), p2(12, 2);
    y2 << y, 3 * X.col(2);
    p2 << p, 3 * X.col(2) - 0.5 * X.col(0);
    for (const auto per_output : {&r2_score_per_output, &explained_variance_score_per_output}) {
      const auto weighted = [&](const Matrix& t, const Matrix& q) {
        return per_output(t, q, Vector()).combined(Multioutput::variance_weighted)[0];
      };
      const double unscaled = weighted(y2, p2);
      EXPECT_GT(std::abs(unscaled - per_output(y, p, Vector()).scores[0]), 0.01) << "both outputs weigh";
      expect_same(weighted(y2 * factor, p2 * factor), unscaled, "variance-weighted");
      Matrix y1 = y2, p1 = p2;
      y1.col(0) *= factor, p1.col(0) *= factor;
      expect_same(weighted(y1, p1), per_output(y, p, Vector()).scores[0], "variance-weighted, one output scaled");
    }
    // Distances scale with X: compared at X's scale.
    const Matrix D = pairwise_distances(big, big, DistanceMetric::euclidean, true) / factor,
                 M = pairwise_distances(big, big, DistanceMetric::manhattan, true) / factor,
                 C = pairwise_distances(big, big, DistanceMetric::cosine, true);
    const Matrix want_d = pairwise_distances(X, X, DistanceMetric::euclidean, true),
                 want_m = pairwise_distances(X, X, DistanceMetric::manhattan, true),
                 want_c = pairwise_distances(X, X, DistanceMetric::cosine, true);
    if (exact) {
      EXPECT_EQ(D, want_d) << factor;
      EXPECT_EQ(M, want_m) << factor;
      EXPECT_EQ(C, want_c) << factor;
    } else {
      EXPECT_LT((D - want_d).cwiseAbs().maxCoeff(), 1e-14 * want_d.maxCoeff()) << factor;
      EXPECT_LT((M - want_m).cwiseAbs().maxCoeff(), 1e-14 * want_m.maxCoeff()) << factor;
      EXPECT_LT((C - want_c).cwiseAbs().maxCoeff(), 1e-14) << factor;
    }
  }
  // Squared distances at X·2^500 (3.3e150, past the range): 2^1000 times X's, exactly; at X·2^520 the
  // off-diagonal ones are past float64, Infinity.
  const Matrix S = pairwise_distances(X * std::ldexp(1.0, 500), X, DistanceMetric::sqeuclidean, false);
  const Matrix within = pairwise_distances(X * std::ldexp(1.0, 500) / two_to_520, X / two_to_520, DistanceMetric::sqeuclidean, false);
  EXPECT_EQ(S, within * two_to_520 * two_to_520);
  const Matrix past = pairwise_distances(X * two_to_520, X * two_to_520, DistanceMetric::sqeuclidean, true);
  EXPECT_EQ(past(0, 0), 0);
  EXPECT_EQ(past(0, 1), std::numeric_limits<double>::infinity());
  // Values within range are not scaled: the same bits as the loops give them.
  EXPECT_EQ(pairwise_distances(X * 1e150, X, DistanceMetric::manhattan, false)(1, 2),
            std::abs(X(1, 0) * 1e150 - X(2, 0)) + std::abs(X(1, 1) * 1e150 - X(2, 1)) + std::abs(X(1, 2) * 1e150 - X(2, 2)));
}

// The kernel functions sum products of X's and Y's values: past ±1e150 an InvalidArgument naming the
// function, the place and the range (they gave NaN: ∞ − ∞ in the sums), as the kernel estimators.
TEST(Overflow, KernelFunctionsRefuseValuesPastTheSquarableRange) {
  Matrix X = grid(4, 3), Y = grid(2, 3);
  const json none = json::object();
  for (const char* kernel : {"linearKernel", "polynomialKernel", "rbfKernel", "sigmoidKernel"}) {
    const std::string name = kernel;
    EXPECT_NO_THROW(call_function(name, {Eigen::Map<const Matrix>(X.data(), 4, 3), Eigen::Map<const Matrix>(Y.data(), 2, 3)}, none));
    X(2, 1) = -1.5e160;
    EXPECT_EQ(error_of([&] { call_function(name, {Eigen::Map<const Matrix>(X.data(), 4, 3), Eigen::Map<const Matrix>(Y.data(), 0, 0)}, none); }),
              "X holds -1.5e+160 at row 2, column 1: " + name +
                  " sums squares of X's values, which stay within float64 for |x| ≤ 1e+150; scale X");
    X(2, 1) = 9e149;  // within range
    Y(1, 2) = 2e150;
    EXPECT_EQ(error_of([&] { call_function(name, {Eigen::Map<const Matrix>(X.data(), 4, 3), Eigen::Map<const Matrix>(Y.data(), 2, 3)}, none); }),
              "Y holds 2e+150 at row 1, column 2: " + name +
                  " sums squares of Y's values, which stay within float64 for |x| ≤ 1e+150; scale Y");
    X = grid(4, 3), Y = grid(2, 3);
  }
  X(0, 0) = 1e151;
  EXPECT_EQ(error_of([&] { call_function("pairwiseKernels", {Eigen::Map<const Matrix>(X.data(), 4, 3), Eigen::Map<const Matrix>(Y.data(), 0, 0)}, {{"metric", "rbf"}}); }),
            "X holds 1e+151 at row 0, column 0: pairwiseKernels sums squares of X's values, which stay within float64 "
            "for |x| ≤ 1e+150; scale X");
}

// Matthews' coefficient and Cohen's kappa do not change when the weights are scaled; they were NaN
// with weights past 1e150 (products of the confusion matrix's sums overflowed). The paths sum squares
// of X: past ±1e150 an InvalidArgument (lassoPath gave NaN coefficients).
TEST(Overflow, WeightedAgreementScoresAndPathsOfHugeValues) {
  Matrix truth(6, 1), predicted(6, 1);
  truth << 0, 1, 1, 0, 1, 0;
  predicted << 0, 1, 0, 0, 1, 1;
  const auto map = [](const Matrix& m) { return Eigen::Map<const Matrix>(m.data(), m.rows(), m.cols()); };
  const std::vector<double> weights = {1, 2, 1, 1, 3, 1};
  for (const char* score : {"matthewsCorrcoef", "cohenKappaScore"}) {
    const auto with = [&](double factor) {
      std::vector<double> scaled = weights;
      for (double& w : scaled) w *= factor;
      return call_function(score, {map(truth), map(predicted)}, {{"sampleWeight", scaled}}).arrays[0].second.data[0];
    };
    const double unscaled = with(1);
    EXPECT_GT(std::abs(unscaled), 0.2) << score;
    EXPECT_EQ(with(std::ldexp(1.0, 600)), unscaled) << score;
    EXPECT_NEAR(with(1e300), unscaled, 1e-15) << score;
  }
  Matrix X = grid(6, 2), y(6, 1);
  for (Index i = 0; i < 6; ++i) y(i, 0) = X(i, 0) - X(i, 1);
  for (const std::string path : {"lassoPath", "enetPath"}) {
    EXPECT_NO_THROW(call_function(path, {map(X), map(y)}, {{"nAlphas", 3}}));
    X(4, 1) = 2e150;
    EXPECT_EQ(error_of([&] { call_function(path, {map(X), map(y)}, {{"nAlphas", 3}}); }),
              "X holds 2e+150 at row 4, column 1: " + path + " sums squares of X's values, which stay within float64 for |x| ≤ 1e+150; scale X");
    X = grid(6, 2);
  }
}

// The paths on y past 1e150 (their duality gaps were NaN: maxIter sweeps and a warning at each alpha)
// solve y / 2^k with the L1 penalty / 2^k (enetPath's L2 penalty does not scale with y). A lasso's
// path then scales exactly: its grid and coefficients on y·2^k are 2^k times those on y, its gaps
// 4^k times (Infinity where that is past float64), in as many sweeps. With n past the 256-row
// blocks and p past 16 (the Gram matrix), and with p > n (the residuals).
TEST(Overflow, PathsOfHugeTargetsAreSolvedScaled) {
  const auto map = [](const Matrix& m) { return Eigen::Map<const Matrix>(m.data(), m.rows(), m.cols()); };
  for (const auto& [n, p] : {std::pair<Index, Index>{300, 20}, {12, 20}}) {
    const Matrix X = grid(n, p);
    Matrix y = X.col(0) - 2 * X.col(3) + 0.5 * X.col(p - 1);
    y /= std::exp2(std::floor(std::log2(y.cwiseAbs().maxCoeff())));  // max |y| in [1, 2): y·2^k / 2^k = y
    const json options = {{"nAlphas", 5}, {"eps", 1e-2}};
    const FunctionResult unit = call_function("lassoPath", {map(X), map(y)}, options);
    // 2^1020: Xᵀy overflows (n = 300), and so would the automatic grid's largest alpha read from it.
    for (const double factor : {std::ldexp(1.0, 600), std::ldexp(1.0, 1020)}) {
      const Matrix big = y * factor;
      const FunctionResult scaled = call_function("lassoPath", {map(X), map(big)}, options);
      ASSERT_EQ(scaled.texts[0].second.size(), 0u) << "no ConvergenceWarning";
      const auto& [alphas, coefs, gaps, sweeps] = std::tie(scaled.arrays[0].second.data, scaled.arrays[1].second.data,
                                                           scaled.arrays[2].second.data, scaled.arrays[3].second.data);
      for (std::size_t i = 0; i < alphas.size(); ++i) EXPECT_EQ(alphas[i], unit.arrays[0].second.data[i] * factor) << i;
      for (std::size_t i = 0; i < coefs.size(); ++i) EXPECT_EQ(coefs[i], unit.arrays[1].second.data[i] * factor) << i;
      for (std::size_t i = 0; i < gaps.size(); ++i) EXPECT_EQ(gaps[i], unit.arrays[2].second.data[i] * factor * factor) << i;
      EXPECT_EQ(sweeps, unit.arrays[3].second.data);
      EXPECT_GT(*std::max_element(coefs.begin(), coefs.end()), 0.1 * factor) << "a path that leaves zero";
    }
  }
  // y orthogonal to X: the grid is scikit-learn's floor of 1e-15 (the resolution of float64) at any scale.
  Matrix ones = Matrix::Ones(6, 1), alternating(6, 1);
  alternating << 1, -1, 1, -1, 1, -1;
  for (const double factor : {1.0, std::ldexp(1.0, 600)}) {
    const Matrix y = alternating * factor;
    EXPECT_EQ(call_function("lassoPath", {map(ones), map(y)}, {{"nAlphas", 3}}).arrays[0].second.data,
              std::vector<double>(3, 1e-15)) << factor;
  }
  // A largest alpha past float64 is an Error, not a path of Infinity.
  const Matrix X = grid(300, 20) * 1e140, y = grid(300, 1) * std::ldexp(1.0, 1020);
  EXPECT_EQ(error_of([&] { call_function("enetPath", {map(X), map(y)}, {{"l1Ratio", 0.01}}); }),
            "the automatic grid's largest alpha, max|Xᵀy| / (n·l1Ratio), overflows float64; scale y");
}

// A row whose norm overflows from finite values is scaled by its largest value first (it became zeros:
// x / Infinity); rows within range keep their bits.
TEST(Overflow, NormalizerOfHugeRowsIsComputedScaled) {
  Matrix X(3, 3);
  X << 1e200, 1e200, 0, 1e308, -1e308, 3e307, 3, 4, 0;
  const auto normalized = [&](const char* norm) {
    auto m = make_estimator("Normalizer", {{"norm", norm}});
    m->fit(X, Matrix(), true);
    return m->call("transform", X).items[0].second.data;
  };
  const auto expect_near = [](const std::vector<double>& got, const std::vector<double>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 4e-16) << i;
  };
  const double half = std::sqrt(0.5), r = std::sqrt(2.09);
  expect_near(normalized("l2"), {half, half, 0, 1 / r, -1 / r, 0.3 / r, 0.6, 0.8, 0});
  expect_near(normalized("l1"), {0.5, 0.5, 0, 1 / 2.3, -1 / 2.3, 0.3 / 2.3, 3.0 / 7, 4.0 / 7, 0});
  EXPECT_EQ(normalized("max"), (std::vector<double>{1, 1, 0, 1, -1, 0.3, 0.75, 1, 0}));
}

// MinMaxScaler on a column spanning past double's range (−1e308 .. 1e308) scaled it to zeros; the
// ratio of the halves maps it to [0, 1] (and back), the other column as before.
TEST(Overflow, MinMaxScalerOfAHugeSpanIsComputedByHalves) {
  Matrix X(3, 2);
  X << -1e308, 1, 0, 2, 1e308, 5;
  auto m = make_estimator("MinMaxScaler", json::object());
  m->fit(X, Matrix(), true);
  const std::vector<double> out = m->call("transform", X).items[0].second.data;
  const std::vector<double> want = {0, 0, 0.5, 0.25, 1, 1};
  ASSERT_EQ(out.size(), want.size());
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], want[i], 1e-15) << i;
  Matrix Y(3, 2);
  for (Index i = 0; i < 6; ++i) Y.data()[i] = out[static_cast<std::size_t>(i)];
  const std::vector<double> back = m->call("inverseTransform", Y).items[0].second.data;
  for (std::size_t i = 0; i < back.size(); ++i) EXPECT_NEAR(back[i], X.data()[i], 1e-15 * std::max(1.0, std::abs(X.data()[i]))) << i;
}

// StandardScaler on columns whose sum or squared deviations overflow: the mean and scale of the
// values divided by the largest, scaled back (they gave a scale of Infinity: zeros).
TEST(Overflow, StandardScalerOfHugeColumnsIsComputedScaled) {
  Matrix X(4, 3);
  X << -1e308, 1e308, 1, 1e308, 1e308, 2, 0, 1e308, 3, 0, 1e308, 4;
  auto m = make_estimator("StandardScaler", json::object());
  m->fit(X, Matrix(), true);
  const std::vector<double> out = m->call("transform", X).items[0].second.data;
  const double r = std::sqrt(2.0), z = 1.5 / std::sqrt(1.25);  // column 3: mean 2.5, variance 1.25
  const std::vector<double> want = {-r, 0, -z, r, 0, -z / 3, 0, 0, z / 3, 0, 0, z};
  ASSERT_EQ(out.size(), want.size());
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], want[i], 1e-15) << i;
}

// A column whose mean's square overflows (values near 1e154 and past) is not constant: its scale was
// taken for 1 (the variance compared with mean², Infinity), leaving it unscaled.
TEST(Overflow, StandardScalerOfColumnsPast1e154IsScaled) {
  Matrix X(3, 2);
  X << 1, 0, 2, 1, 4, 5;
  auto m = make_estimator("StandardScaler", json::object());
  m->fit(X, Matrix(), true);
  const std::vector<double> want = m->call("transform", X).items[0].second.data;
  for (const double s : {1e154, 1e160, 1e300}) {
    Matrix big = X;
    big.col(0) *= s;
    m->fit(big, Matrix(), true);
    const std::vector<double> out = m->call("transform", big).items[0].second.data;
    for (std::size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], want[i], 1e-15) << s << " " << i;
  }
  Matrix constant = Matrix::Constant(3, 1, 1e160);  // still constant: scale 1, zeros
  m->fit(constant, Matrix(), true);
  EXPECT_EQ(m->call("transform", constant).items[0].second.data, std::vector<double>(3, 0.0));
}

// Estimators whose sums reach squares of X's values (distances, variances, kernels, XᵀX) refuse
// values past 1e150 at fit and at partialFit, and those whose methods square them (not the linear
// models) at every method, naming the estimator and the range: they gave wrong models (every query
// in one class, one cluster). The neighbours by their metric:
// manhattan sums the values themselves (up to 1e300), minkowski p = 3 their cubes (1e100).
TEST(Overflow, PowersOfXPastFloat64AreRefused) {
  Matrix X(8, 2), y(8, 1);
  X << 0, 0, 0.1, 0.2, 0, 0.1, 0.2, 0, 1, 1, 1.1, 0.9, 1, 1.2, 0.9, 1;
  y << 0, 0, 0, 0, 1, 1, 1, 1;
  const std::vector<std::pair<const char*, json>> guarded = {
      {"KNeighborsClassifier", {{"nNeighbors", 1}}}, {"KNeighborsRegressor", {{"nNeighbors", 1}}},
      {"RadiusNeighborsClassifier", {{"radius", 1}}}, {"RadiusNeighborsRegressor", {{"radius", 1}}},
      {"NearestCentroid", json::object()}, {"GaussianNB", json::object()},
      {"QuadraticDiscriminantAnalysis", {{"regParam", 0.1}}}, {"KMeans", {{"nClusters", 2}, {"randomState", 0}}},
      {"GaussianMixture", {{"nComponents", 2}, {"randomState", 0}}}, {"KernelPCA", {{"nComponents", 1}}},
      {"SVC", json::object()}, {"NuSVC", json::object()}, {"SVR", json::object()},
      {"NuSVR", json::object()}, {"OneClassSVM", json::object()}, {"LinearSVC", json::object()},
      {"LinearSVR", json::object()}, {"Ridge", json::object()}, {"Lasso", {{"alpha", 0.01}}},
      {"ElasticNet", {{"alpha", 0.01}}}, {"LogisticRegression", json::object()}, {"Perceptron", json::object()},
      {"RidgeClassifier", json::object()}, {"MLPClassifier", {{"randomState", 0}, {"maxIter", 5}}},
      {"MLPRegressor", {{"randomState", 0}, {"maxIter", 5}}}};
  // Their predictions are linear in X (a network's first layer too): the squares are the fit's.
  const std::set<std::string> fit_only = {"LinearSVC",  "LinearSVR",       "Ridge",         "Lasso",
                                          "ElasticNet", "LogisticRegression", "Perceptron", "RidgeClassifier",
                                          "MLPClassifier", "MLPRegressor"};
  Matrix far = X;
  far(2, 0) = 1e160;
  const auto refusal = [](const char* name, const std::string& value, const std::string& place) {
    return "X holds " + value + " at row " + place + ": " + name +
           " sums squares of X's values, which stay within float64 for |x| ≤ 1e+150; scale X";
  };
  for (const auto& [name, options] : guarded) {
    SCOPED_TRACE(name);
    auto m = make_estimator(name, options);
    Matrix big = X;
    big(3, 1) = -1.5e160;
    EXPECT_EQ(error_of([&] { m->fit(big, y, true); }), refusal(name, "-1.5e+160", "3, column 1")) << name;
    EXPECT_NO_THROW(m->fit(X * 1e140, y, true));  // within the range
    m->fit(X, y, true);
    const char* method = m->kind() == Kind::transformer ? "transform" : "predict";
    if (fit_only.count(name)) EXPECT_NO_THROW(m->call(method, far)) << name;  // linear in X
    else EXPECT_EQ(error_of([&] { m->call(method, far); }), refusal(name, "1e+160", "2, column 0")) << name;
    EXPECT_EQ(m->call(method, X).items[0].second.data.size() % 8, 0u) << name;  // still usable
  }
  // Found in every place of rows of 20 (past the check's blocks of 8), either sign, and values just
  // within the range pass; NaN and Infinity are check_matrix's to name.
  auto kmeans = make_estimator("KMeans", {{"nClusters", 2}, {"randomState", 0}});
  for (Index j = 0; j < 20; ++j) {
    Matrix wide = Matrix::Ones(3, 20);
    wide(1, j) = j % 2 ? -1.1e150 : 1.1e150;
    EXPECT_EQ(error_of([&] { kmeans->fit(wide, Matrix(), true); }),
              refusal("KMeans", j % 2 ? "-1.1e+150" : "1.1e+150", "1, column " + std::to_string(j)));
    wide(1, j) = j % 2 ? -9e149 : 9e149;  // within, past the power of two the first look takes at once
    EXPECT_NO_THROW(kmeans->fit(wide, Matrix(), true)) << j;
    wide(1, j) = std::nan("");
    EXPECT_EQ(error_of([&] { kmeans->fit(wide, Matrix(), true); }), "X contains NaN at row 1, column " + std::to_string(j));
    wide(1, j) = -INFINITY;
    EXPECT_EQ(error_of([&] { kmeans->fit(wide, Matrix(), true); }), "X contains -Infinity at row 1, column " + std::to_string(j));
  }
  auto mlp = make_estimator("MLPClassifier", {{"randomState", 0}});
  EXPECT_EQ(error_of([&] { mlp->update(mlp->method_id("partialFit"), far, y, true, 2); }), refusal("MLPClassifier", "1e+160", "2, column 0"));
  // A member of a meta-estimator refuses them as itself.
  auto ovr = make_estimator("OneVsRestClassifier", {{"estimator", "SVC"}});
  EXPECT_EQ(error_of([&] { ovr->fit(far, y, true); }), refusal("SVC", "1e+160", "2, column 0"));
  // Manhattan distances sum the values: 1e160 is within range and the model is the unscaled one's.
  auto manhattan = make_estimator("KNeighborsClassifier", {{"nNeighbors", 1}, {"metric", "manhattan"}});
  manhattan->fit(X * 1e160, y, true);
  EXPECT_EQ(manhattan->call("predict", X * 1e160).items[0].second.data, std::vector<double>(y.data(), y.data() + 8));
  far(2, 0) = 1e301;
  EXPECT_EQ(error_of([&] { manhattan->call("predict", far); }),
            "X holds 1e+301 at row 2, column 0: KNeighborsClassifier sums X's values, which stay within float64 for |x| ≤ "
            "1e+300; scale X");
  auto cubes = make_estimator("KNeighborsRegressor", {{"nNeighbors", 1}, {"p", 3}});
  far(2, 0) = 1e101;
  EXPECT_EQ(error_of([&] { cubes->fit(far, y, true); }),
            "X holds 1e+101 at row 2, column 0: KNeighborsRegressor sums X's values to the power 3, which stay within "
            "float64 for |x| ≤ 1e+100; scale X");
}

// Lasso and ElasticNet rescale the weights to sum to n (their scale does not matter): weights of 1e307,
// whose sum overflows, fit as uniform ones (they were "zero for every sample").
TEST(Overflow, LassoOfHugeUniformWeightsFitsAsUnweighted) {
  const Matrix X = grid(30, 3);
  Matrix y(30, 1);
  for (Index i = 0; i < 30; ++i) y(i, 0) = X(i, 0) - 2 * X(i, 1) + 0.1 * std::cos(static_cast<double>(i));
  const Vector huge = Vector::Constant(30, 1e307);
  for (const char* name : {"Lasso", "ElasticNet"}) {
    auto weighted = make_estimator(name, {{"alpha", 0.01}}), plain = make_estimator(name, {{"alpha", 0.01}});
    weighted->fit(X, y, true, &huge);
    plain->fit(X, y, true);
    const std::vector<double> a = weighted->call("predict", X).items[0].second.data,
                              b = plain->call("predict", X).items[0].second.data;
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-12) << name << " " << i;
  }
}

// Lasso and ElasticNet with y past 1e150: the duality gap was NaN, so every fit ran maxIter sweeps and
// warned, its coefficients near but not at the solution. Solved on y / 2^k and the L1 penalty / 2^k:
// a Lasso with y and alpha times 2^600 has exactly 2^600 times the coefficients and intercept, in as
// many sweeps; an ElasticNet (whose L2 penalty does not scale so) converges, without a warning.
TEST(Overflow, LassoOfHugeTargetsIsSolvedScaled) {
  const Matrix X = grid(30, 3);
  Matrix y(30, 1);
  for (Index i = 0; i < 30; ++i) y(i, 0) = X(i, 0) - 2 * X(i, 1) + 0.1 * std::cos(static_cast<double>(i));
  const double factor = std::ldexp(1.0, 600);
  const Matrix y_big = y * factor;
  auto plain = make_estimator("Lasso", {{"alpha", 0.01}}), big = make_estimator("Lasso", {{"alpha", 0.01 * factor}});
  plain->fit(X, y, true);
  big->fit(X, y_big, true);
  for (const char* attribute : {"coef", "intercept"}) {
    std::vector<double> got = big->attribute(attribute).data;
    for (double& v : got) v /= factor;
    EXPECT_EQ(got, plain->attribute(attribute).data) << attribute;
  }
  EXPECT_EQ(big->attribute("nIter").data, plain->attribute("nIter").data);
  EXPECT_TRUE(big->warnings().empty());
  auto enet = make_estimator("ElasticNet", {{"alpha", 0.01 * factor}});
  enet->fit(X, y_big, true);
  EXPECT_TRUE(enet->warnings().empty());
  EXPECT_LT(enet->attribute("nIter").data[0], 1000);
}

// A Bagging member's weights are the draw counts times sampleWeight: past the float64 limit that is
// an overflow named as such (the member said "sampleWeight contains Infinity" of finite weights).
TEST(Overflow, BaggingWeightsTimesDrawCountsOverflowNamed) {
  const Matrix X = grid(30, 2);
  Matrix y(30, 1);
  for (Index i = 0; i < 30; ++i) y(i, 0) = static_cast<double>(i % 2);
  const Vector huge = Vector::Constant(30, 1e308);
  auto bagging = make_estimator("BaggingClassifier", {{"randomState", 0}});
  EXPECT_EQ(error_of([&] { bagging->fit(X, y, true, &huge); }).rfind("sampleWeight times the draw count overflowed float64 for member ", 0),
            0u);
}

TEST(Overflow, ANonFiniteResultForFiniteXIsAnErrorUnlessWarned) {
  Matrix X(4, 2);
  X << 1e300, 1, -1e300, 2, 1e300, 3, -1e300, 4;
  auto scaler = make_estimator("StandardScaler", {});
  scaler->fit(X / 1e150, Matrix(), true);  // a deviation of 1e150
  Matrix beyond(1, 2);
  beyond << 1e200, 1;  // 1e200 deviations from the mean: 1e350
  EXPECT_EQ(error_of([&] { scaler->call("inverseTransform", beyond); }).rfind("inverseTransform overflowed float64", 0), 0u);
  // A NaN the estimator warns about is its documented answer (a query with no neighbour in the radius).
  auto radius = make_estimator("RadiusNeighborsRegressor", {{"radius", 0.5}});
  radius->fit(X.col(1), X.col(1), true);
  Matrix lonely(1, 1);
  lonely << 100;
  EXPECT_TRUE(std::isnan(radius->call("predict", lonely).items[0].second.data[0]));
  EXPECT_EQ(radius->warnings().items.at(0).kind, WarningKind::data);
}

// Fits whose centred data, triangle or least-squares problem overflow float64 from finite inputs
// near its limit: an error naming what to scale, never a decomposition of NaN (Eigen's BDCSVD then
// read past its buffers, a trap in WebAssembly, or gave a different answer each call).
TEST(Overflow, DecompositionsOfOverflowedValuesAreRefused) {
  Matrix X(5, 2), y(5, 1);
  X << 1, 2, 2, 1, 3, 5, 4, 3, 5, 4;
  y << 1, 2, 3, 4, 5;
  const std::string least_squares =
      "The least-squares solve overflowed float64 (values of X, y or sampleWeight too large in magnitude, near the "
      "float64 limit); scale X, y or sampleWeight";
  auto ols = make_estimator("LinearRegression", {});
  EXPECT_EQ(error_of([&] { ols->fit(X * 1e300, y, true); }), least_squares);
  Vector heavy = Vector::Ones(5);
  heavy[0] = 1e308;
  EXPECT_EQ(error_of([&] { ols->fit(X, y, true, &heavy); }), least_squares);
  EXPECT_EQ(error_of([&] { make_estimator("SubsetSelection", {})->fit(X * 1e300, y, true); }), least_squares);
  ols->fit(X, y, true);  // still usable
  EXPECT_NEAR(ols->call("predict", X).items[0].second.data[4], 5.0, 1e-12);
  Matrix huge(4, 2);
  huge << 1e308, 1, -1e308, 2, 0, 3, 5e307, 4;
  const std::string scale_x = " overflowed float64 (values of X too large in magnitude, near the float64 limit); scale X";
  for (const char* solver : {"full", "covariance_eigh", "arpack"}) {
    json options = {{"svdSolver", solver}};
    if (std::string(solver) == "arpack") options["nComponents"] = 1;
    auto pca = make_estimator("PCA", options);
    const std::string part = std::string(solver) == "full" ? "PCA's QR factorisation of X" : "PCA's covariance of X";
    for (int call = 0; call < 2; ++call)  // the same answer each call
      EXPECT_EQ(error_of([&] { pca->fit(huge, Matrix(), true); }), part + scale_x) << solver;
  }
  Matrix wide(2, 3);  // arpack on wide data: the rows' Gram matrix
  wide << 1e200, 1e200, 1, -1e200, 3, 1e200;
  EXPECT_EQ(error_of([&] { make_estimator("PCA", {{"svdSolver", "arpack"}, {"nComponents", 1}})->fit(wide, Matrix(), true); }),
            "PCA's Gram matrix of X" + scale_x);
  Matrix classes(6, 1);
  classes << 0, 0, 0, 1, 1, 1;
  Matrix lda_X(6, 2);
  lda_X << 1e200, 1, -1e200, 2, 3e199, 1, 1e200, 5, -1e200, 4, 2e199, 6;
  EXPECT_EQ(error_of([&] { make_estimator("LinearDiscriminantAnalysis", {})->fit(lda_X, classes, true); }),
            "LinearDiscriminantAnalysis's within-class deviation of X" + scale_x);
}

// Trees compare features in float32 (as scikit-learn's): values past its range would all become ±inf
// and give another model than the same data scaled down; an error at fit and at predict instead.
TEST(Overflow, TreesRefuseValuesPastFloat32) {
  Matrix X(6, 2), y(6, 1);
  X << 1, 0, 2, 0, 3, 1, 4, 1, 5, 0, 6, 1;
  y << 0, 0, 0, 1, 1, 1;
  for (const char* name : {"DecisionTreeClassifier", "DecisionTreeRegressor", "RandomForestClassifier", "ExtraTreesRegressor"}) {
    auto m = make_estimator(name, {});
    Matrix big = X;
    big(2, 0) = -1e39;
    EXPECT_EQ(error_of([&] { m->fit(big, y, true); }),
              "X holds -1e+39 at row 2, column 0: trees compare features in float32, whose range ends at "
              "±3.4028234663852886e+38; scale X")
        << name;
    m->fit(X * 5e37, y, true);  // within the range (up to 3e38)
    EXPECT_NEAR(m->call("predict", X * 5e37).items[0].second.data[5], 1.0, 1e-12) << name;
    EXPECT_EQ(error_of([&] { m->call("predict", X * 1e39); }).rfind("X holds 1e+39 at row 0, column 0", 0), 0u) << name;
  }
}

// The declared methods and scoreSamples: a log-probability of -Infinity is a true value, a NaN for a
// finite X is an overflow (GaussianNB and QDA's predictLogProba gave NaN at 1e300, now refused as X
// past their squares' range; LDA's scores of 1e307 overflow).
TEST(Overflow, DeclaredMethodsAndScoreSamplesRefuseNaN) {
  Matrix X(6, 2), y(6, 1);
  X << 0, 1, 1, 0, 1, 1, 4, 5, 5, 4, 5, 5;
  y << 0, 0, 0, 1, 1, 1;
  auto m = make_estimator("LinearDiscriminantAnalysis", json::object());
  m->fit(X, y, true);
  EXPECT_EQ(error_of([&] { m->call("predictLogProba", X * 1e307); }).rfind("predictLogProba overflowed float64: its result holds NaN", 0), 0u);
  EXPECT_TRUE(m->call("predictLogProba", X).items[0].second.data.size() == 12);
}
