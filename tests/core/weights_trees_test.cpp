// Sample weights in GaussianNB, the decision trees, the forests, bagging, StandardScaler and
// SplineTransformer: scikit-learn's values (tests/fixtures/weights_trees.json, written by
// weights_trees.py), and properties that hold on any data: integer weights equal repeated rows, a
// zero weight equals dropping the row, uniform weights c·1 equal no weights; the bootstrap of a
// forest multiplies the weights; minWeightFractionLeaf by hand; the errors.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/ensemble/describe.hpp"
#include "wasmlearn/naive_bayes/describe.hpp"
#include "wasmlearn/preprocessing/describe.hpp"

#include "../fixtures/trees_fixture.hpp"

using namespace wasmlearn;
using namespace trees_fixture;

namespace {

const json& weights_fixture() { return test_support::cached_fixture("weights_trees.json"); }

double max_diff(const Matrix& a, const Matrix& b) {
  EXPECT_EQ(a.rows(), b.rows());
  EXPECT_EQ(a.cols(), b.cols());
  if (a.rows() != b.rows() || a.cols() != b.cols()) return std::numeric_limits<double>::infinity();
  return a.size() ? (a - b).cwiseAbs().maxCoeff() : 0.0;
}

Matrix as_matrix(const NdArray& a) {
  const Index rows = a.shape.empty() ? 1 : a.shape[0], cols = a.shape.size() > 1 ? a.shape[1] : 1;
  return Eigen::Map<const Matrix>(a.data.data(), rows, cols);
}

// 300 rows (past one 256-row block) of 9 features, three classes, a continuous target, and integer
// weights 0..3 (about a quarter zero).
struct Data {
  Matrix X, Y, C;  // Y: regression target; C: class codes as a column
  IntVector y;
  Vector w;
};
Data make_data(std::uint64_t seed) {
  Random rng(seed);
  const Index n = 300, p = 9;
  Data d{Matrix(n, p), Matrix(n, 1), Matrix(n, 1), IntVector(n), Vector(n)};
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < p; ++j) d.X(i, j) = rng.normal();
    const double s = d.X(i, 0) + 0.8 * d.X(i, 1) * d.X(i, 1) - 0.5 * d.X(i, 2) + 0.3 * rng.normal();
    d.y[i] = s < 0 ? 0 : s < 1 ? 1 : 2;
    d.C(i, 0) = d.y[i];
    d.Y(i, 0) = std::sin(2 * d.X(i, 0)) + d.X(i, 1) * d.X(i, 3) + 0.2 * rng.normal();
    d.w[i] = static_cast<double>(rng.index(4));
  }
  return d;
}

// Row i of A repeated count[i] times (count: non-negative integers).
Matrix repeat_rows(const Matrix& A, const Vector& count) {
  Matrix out(static_cast<Index>(count.sum()), A.cols());
  Index k = 0;
  for (Index i = 0; i < A.rows(); ++i)
    for (int r = 0; r < count[i]; ++r) out.row(k++) = A.row(i);
  return out;
}
Vector positive(const Vector& w) { return (w.array() > 0).cast<double>(); }
Vector keep_positive(const Vector& w) { return repeat_rows(Matrix(w), positive(w)); }

// What a fitted estimator says about Q: class probabilities, predictions or the transform.
Matrix outputs(const AnyEstimator& est, MatrixRef Q) {
  switch (est.kind()) {
    case Kind::classifier: return est.predict_proba(Q);
    case Kind::regressor: return as_matrix(est.predict(Q));
    default: return est.transform(Q);
  }
}

struct Case {
  const char* estimator;
  json options;
  // Integer weights fit exactly as repeated rows. Not so for absolute_error (its objective is flat
  // between thresholds, so different splits tie exactly and rounding picks one) nor for random
  // regression trees (a node of one repeated row is tried for a split, drawing from the generator,
  // when rounding leaves its impurity above zero; the weighted node of one row is a leaf at once).
  bool repeats_exactly = true;
};

// The weighted estimators, with options that keep the properties exact: no bootstrap (its draws
// depend on the number of rows), varSmoothing 0 (scikit-learn smooths by the unweighted variance),
// regression trees limited in depth (weighted and repeated sums round differently, which decides
// exact ties among the splits of tiny nodes).
std::vector<Case> property_cases() {
  return {{"DecisionTreeClassifier", json::object()},
          {"DecisionTreeClassifier", {{"criterion", "entropy"}, {"maxDepth", 6}, {"minWeightFractionLeaf", 0.02}}},
          {"DecisionTreeClassifier", {{"maxLeafNodes", 15}, {"ccpAlpha", 0.002}}},
          {"DecisionTreeRegressor", {{"maxDepth", 4}}},
          {"DecisionTreeRegressor", {{"criterion", "absolute_error"}, {"maxDepth", 4}}, false},
          {"RandomForestClassifier", {{"nEstimators", 4}, {"bootstrap", false}}},
          {"RandomForestRegressor", {{"nEstimators", 4}, {"bootstrap", false}, {"maxFeatures", 0.5}, {"maxDepth", 4}}, false},
          {"RandomForestRegressor", {{"nEstimators", 2}, {"bootstrap", false}, {"maxFeatures", nullptr}, {"maxDepth", 4}}},
          {"ExtraTreesClassifier", {{"nEstimators", 4}}},
          {"ExtraTreesRegressor", {{"nEstimators", 4}, {"maxDepth", 4}}, false},
          {"BaggingClassifier", {{"nEstimators", 3}, {"bootstrap", false}, {"maxFeatures", 0.7}}},
          {"BaggingRegressor", {{"nEstimators", 3}, {"bootstrap", false}, {"estimatorOptions", {{"maxDepth", 4}}}}},
          {"GaussianNB", {{"varSmoothing", 0.0}}},
          {"StandardScaler", json::object()}};
}

Matrix fitted_outputs(const Case& c, MatrixRef X, MatrixRef target, const Vector* w, MatrixRef Q) {
  auto est = make_estimator(c.estimator, c.options);
  est->fit(X, target, true, w);
  return outputs(*est, Q);
}

const Matrix& target_of(const Data& d, const char* estimator) {
  return make_estimator(estimator, json::object())->kind() == Kind::classifier ? d.C : d.Y;
}

}  // namespace

// ---- scikit-learn's values ----------------------------------------------------------------------

TEST(WeightsFidelity, TreesMatchScikitLearn) {
  ASSERT_EQ(weights_fixture()["sklearn"], "1.2.1");
  ASSERT_EQ(weights_fixture()["trees"].size(), 8u);
  for (const auto& c : weights_fixture()["trees"]) check_tree_case(c);
}

TEST(WeightsFidelity, ForestsAndBaggingWithoutRandomnessMatchScikitLearn) {
  const std::map<std::string, json> options = {
      {"RandomForestClassifier", {{"nEstimators", 3}, {"bootstrap", false}, {"maxFeatures", nullptr}, {"maxDepth", 5}, {"minSamplesLeaf", 5}}},
      {"RandomForestRegressor", {{"nEstimators", 3}, {"bootstrap", false}, {"maxFeatures", nullptr}, {"maxDepth", 5}, {"minSamplesLeaf", 5}}},
      {"BaggingClassifier", {{"nEstimators", 3}, {"bootstrap", false}, {"estimatorOptions", {{"maxDepth", 5}, {"minSamplesLeaf", 5}}}}},
      {"BaggingRegressor", {{"nEstimators", 3}, {"bootstrap", false}, {"estimatorOptions", {{"maxDepth", 5}, {"minSamplesLeaf", 5}}}}}};
  ASSERT_EQ(weights_fixture()["ensembles"].size(), 4u);
  for (const auto& c : weights_fixture()["ensembles"]) {
    const std::string name = c["estimator"];
    SCOPED_TRACE(name);
    auto est = make_estimator(name, options.at(name));
    const Vector w = reals_of(c["sampleWeight"]);
    est->fit(matrix_of(c["X"]), column_of(c["y"]), true, &w);
    const Matrix Q = matrix_of(c["Q"]);
    if (c.contains("predictProba")) {
      EXPECT_LT(max_diff(est->predict_proba(Q), matrix_of(c["predictProba"])), 1e-12);
      EXPECT_EQ(as_matrix(est->predict(Q)), matrix_of(c["predict"]));
    } else {
      EXPECT_LT(max_diff(as_matrix(est->predict(Q)), matrix_of(c["predict"])), 1e-10);
    }
  }
}

TEST(WeightsFidelity, GaussianNBMatchesScikitLearn) {
  ASSERT_EQ(weights_fixture()["naiveBayes"].size(), 2u);
  for (const auto& c : weights_fixture()["naiveBayes"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    GaussianNB m(params_from_json<GaussianNB>(our_options(c["options"])));
    m.fit(matrix_of(c["X"]), ints_of(c["y"]), reals_of(c["sampleWeight"]));
    EXPECT_LT(max_diff(m.theta(), matrix_of(c["theta"])), 1e-12);
    EXPECT_LT(max_diff(m.var(), matrix_of(c["var"])), 1e-11);
    EXPECT_LT(max_diff(m.class_count(), reals_of(c["classCount"])), 1e-10);
    EXPECT_LT(max_diff(m.class_prior(), reals_of(c["classPrior"])), 1e-14);
    EXPECT_NEAR(m.epsilon(), c["epsilon"].get<double>(), 1e-15 * c["epsilon"].get<double>());
    EXPECT_LT(max_diff(m.predict_proba(matrix_of(c["Q"])), matrix_of(c["predictProba"])), 1e-10);
  }
}

TEST(WeightsFidelity, StandardScalerMatchesScikitLearn) {
  ASSERT_EQ(weights_fixture()["standardScaler"].size(), 2u);
  for (const auto& c : weights_fixture()["standardScaler"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    StandardScaler m(params_from_json<StandardScaler>(our_options(c["options"])));
    m.fit(matrix_of(c["X"]), reals_of(c["sampleWeight"]));
    if (!c["mean"].is_null()) EXPECT_LT(max_diff(m.mean(), reals_of(c["mean"])), 1e-12);
    EXPECT_LT(max_diff(m.var(), reals_of(c["var"])), 1e-10);
    EXPECT_LT(max_diff(m.scale(), reals_of(c["scale"])), 1e-12);
    EXPECT_NEAR(m.n_samples_seen(), c["nSamplesSeen"].get<double>(), 1e-10);
    EXPECT_LT(max_diff(m.transform(matrix_of(c["Q"])), matrix_of(c["transform"])), 1e-12);
  }
}

TEST(WeightsFidelity, SplineTransformerMatchesScikitLearn) {
  ASSERT_EQ(weights_fixture()["splines"].size(), 3u);
  for (const auto& c : weights_fixture()["splines"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    SplineTransformer m(params_from_json<SplineTransformer>(our_options(c["options"])));
    m.fit(matrix_of(c["X"]), reals_of(c["sampleWeight"]));
    EXPECT_LT(max_diff(m.knots_full(), matrix_of(c["fullKnots"])), 1e-12);
    EXPECT_LT(max_diff(m.transform(matrix_of(c["Q"])), matrix_of(c["transform"])), 1e-12);
  }
}

// ---- properties -----------------------------------------------------------------------------------

TEST(WeightsProperties, IntegerWeightsEqualRepeatedRows) {
  // Compared on the training rows: where two features split a node into the same two sets, which
  // one wins is decided by rounding (weighted and repeated sums differ in the last bits), and the
  // two trees then differ only between the training rows.
  const Data d = make_data(11);
  ASSERT_GT((d.w.array() == 0).count(), 40);
  const Matrix& Q = d.X;
  for (const Case& c : property_cases()) {
    SCOPED_TRACE(std::string(c.estimator) + " " + c.options.dump());
    const Matrix& target = target_of(d, c.estimator);
    const Matrix weighted = fitted_outputs(c, d.X, target, &d.w, Q);
    const Matrix repeated = fitted_outputs(c, repeat_rows(d.X, d.w), repeat_rows(target, d.w), nullptr, Q);
    if (c.repeats_exactly) EXPECT_LT(max_diff(weighted, repeated), 1e-10);
    // The weights matter: the unweighted fit differs.
    EXPECT_GT(max_diff(weighted, fitted_outputs(c, d.X, target, nullptr, Q)), 1e-3);
  }
}

TEST(WeightsProperties, ZeroWeightEqualsDroppingTheRow) {
  Data d = make_data(21);
  Random rng(22);
  for (Index i = 0; i < d.w.size(); ++i) d.w[i] = d.w[i] > 0 ? rng.uniform(0.2, 3.0) : 0.0;
  const Matrix Q = make_data(23).X;
  const Vector kept = keep_positive(d.w);
  for (const Case& c : property_cases()) {
    SCOPED_TRACE(std::string(c.estimator) + " " + c.options.dump());
    const Matrix& target = target_of(d, c.estimator);
    const Matrix dropped = fitted_outputs(c, repeat_rows(d.X, positive(d.w)), repeat_rows(target, positive(d.w)), &kept, Q);
    EXPECT_LT(max_diff(fitted_outputs(c, d.X, target, &d.w, Q), dropped), 1e-10);
  }
}

TEST(WeightsProperties, UniformWeightsEqualNoWeights) {
  // c a power of two, so every weighted sum is the unweighted one scaled exactly and exact ties
  // among splits are decided alike.
  const Data d = make_data(31);
  const Vector c_ones = Vector::Constant(d.X.rows(), 0.25);
  const Matrix Q = make_data(32).X;
  for (const Case& c : property_cases()) {
    SCOPED_TRACE(std::string(c.estimator) + " " + c.options.dump());
    const Matrix& target = target_of(d, c.estimator);
    EXPECT_LT(max_diff(fitted_outputs(c, d.X, target, &c_ones, Q), fitted_outputs(c, d.X, target, nullptr, Q)), 1e-10);
  }
}

TEST(WeightsProperties, TreeArraysOfIntegerWeightsEqualRepeatedRows) {
  const Data d = make_data(41);
  DecisionTreeClassifier weighted, repeated;
  weighted.fit(d.X, d.y, d.w);
  repeated.fit(repeat_rows(d.X, d.w), repeat_rows(d.C, d.w).col(0).cast<int>());
  const Tree &a = weighted.tree(), &b = repeated.tree();
  EXPECT_EQ(a.feature, b.feature);
  EXPECT_EQ(a.threshold, b.threshold);
  EXPECT_EQ(a.value, b.value);  // weighted class counts: sums of integers
  EXPECT_EQ(a.impurity, b.impurity);
  EXPECT_EQ(a.weighted_n, b.weighted_n);
  // Distinct samples: a repeated row counts once in the weighted tree.
  EXPECT_EQ(a.n_samples[0], (d.w.array() > 0).count());
  EXPECT_EQ(b.n_samples[0], static_cast<int>(d.w.sum()));
}

TEST(WeightsProperties, ForestTreesGrowOnBootstrapCountsTimesWeights) {
  Data d = make_data(51);
  Random rng(52);
  for (Index i = 0; i < d.w.size(); ++i) d.w[i] = rng.uniform(0.0, 2.0);
  RandomForestRegressorParams p;
  p.n_estimators = 3;
  p.max_features = std::nullopt;  // every feature, so the trees draw nothing after the bootstrap
  p.max_depth = 6;
  p.random_state = 3;
  RandomForestRegressor forest(p);
  forest.fit(d.X, d.Y, d.w);
  for (int t = 0; t < p.n_estimators; ++t) {
    const std::vector<double> counts = ForestBase::bootstrap_weights(p, d.X.rows(), t);
    DecisionTreeRegressorParams tp;
    tp.max_depth = p.max_depth;
    DecisionTreeRegressor tree(tp);
    tree.fit(d.X, d.Y, Eigen::Map<const Vector>(counts.data(), d.X.rows()).cwiseProduct(d.w));
    EXPECT_EQ(forest.trees()[t].threshold, tree.tree().threshold) << "tree " << t;
    EXPECT_EQ(forest.trees()[t].value, tree.tree().value) << "tree " << t;
    EXPECT_EQ(forest.trees()[t].n_samples, tree.tree().n_samples) << "tree " << t;
  }
}

TEST(WeightsProperties, QuantileSplineKnotsOfIntegerWeightsEqualRepeatedRows) {
  // The weighted knots are lower weighted percentiles (scikit-learn's), not numpy.percentile's
  // interpolation, so the repeated rows are fitted with unit weights.
  const Data d = make_data(61);
  SplineTransformerParams p;
  p.knots = SplineKnots::quantile;
  p.n_knots = 7;
  SplineTransformer weighted(p), repeated(p), dropped(p);
  weighted.fit(d.X, d.w);
  const Matrix Xr = repeat_rows(d.X, d.w);
  repeated.fit(Xr, Vector::Ones(Xr.rows()));
  EXPECT_EQ(weighted.base_knots(), repeated.base_knots());
  // Each knot is a value of a row of positive weight.
  for (Index j = 0; j < d.X.cols(); ++j)
    for (Index k = 0; k < p.n_knots; ++k) {
      bool found = false;
      for (Index i = 0; i < d.X.rows() && !found; ++i) found = d.w[i] > 0 && d.X(i, j) == weighted.base_knots()(k, j);
      EXPECT_TRUE(found) << "knot " << k << " of feature " << j;
    }
  const Matrix Xd = repeat_rows(d.X, positive(d.w));
  dropped.fit(Xd, keep_positive(d.w));
  EXPECT_EQ(weighted.base_knots(), dropped.base_knots());
}

TEST(WeightsProperties, UniformSplineKnotsSpanTheRowsOfPositiveWeight) {
  Matrix X(5, 1);
  X << -3, 0, 1, 2, 10;
  Vector w(5);
  w << 0, 1, 0.5, 2, 0;
  SplineTransformerParams p;
  p.n_knots = 3;
  SplineTransformer m(p);
  m.fit(X, w);
  EXPECT_EQ(m.base_knots(), (Matrix(3, 1) << 0, 1, 2).finished());
}

TEST(WeightsProperties, GaussianNBIsTheWeightedMomentsByHand) {
  Matrix X(5, 1);
  X << 1, 3, 10, 20, 40;
  IntVector y(5);
  y << 0, 0, 1, 1, 1;
  Vector w(5);
  w << 1, 3, 2, 1, 1;
  GaussianNB m(params_from_json<GaussianNB>({{"varSmoothing", 0.0}}));
  m.fit(X, y, w);
  // Class 0: mean (1 + 9) / 4 = 2.5, variance (1.5² + 3·0.5²) / 4 = 0.75; class 1: mean
  // (20 + 20 + 40) / 4 = 20, variance (2·100 + 0 + 400) / 4 = 150; priors 4/8 and 4/8.
  EXPECT_NEAR(m.theta()(0, 0), 2.5, 1e-15);
  EXPECT_NEAR(m.theta()(1, 0), 20.0, 1e-15);
  EXPECT_NEAR(m.var()(0, 0), 0.75, 1e-15);
  EXPECT_NEAR(m.var()(1, 0), 150.0, 1e-13);
  EXPECT_EQ(m.class_count(), (Vector(2) << 4, 4).finished());
  EXPECT_EQ(m.class_prior(), (Vector(2) << 0.5, 0.5).finished());
}

TEST(WeightsProperties, StandardScalerIsTheWeightedMomentsByHand) {
  Matrix X(3, 2);
  X << 1, 5, 2, 5, 4, 5;
  Vector w(3);
  w << 1, 2, 1;
  StandardScaler m;
  m.fit(X, w);
  // mean (1 + 4 + 4) / 4 = 2.25; variance (1.25² + 2·0.25² + 1.75²) / 4 = 1.1875; a constant feature
  // keeps scale 1.
  EXPECT_NEAR(m.mean()[0], 2.25, 1e-15);
  EXPECT_NEAR(m.var()[0], 1.1875, 1e-15);
  EXPECT_EQ(m.scale()[1], 1.0);
  EXPECT_EQ(m.n_samples_seen(), 4.0);
}

TEST(WeightsProperties, MinWeightFractionLeafByHand) {
  // y = x on x = 0..9; the first sample weighs 9, the others 1 (total 18). With half the weight
  // required on each side, the only admissible split isolates the first sample (9 | 9), and
  // neither child can split again.
  Matrix X(10, 1), Y(10, 1);
  Vector w = Vector::Ones(10);
  w[0] = 9;
  for (Index i = 0; i < 10; ++i) X(i, 0) = Y(i, 0) = static_cast<double>(i);
  DecisionTreeRegressorParams p;
  p.min_weight_fraction_leaf = 0.5;
  DecisionTreeRegressor tree(p);
  tree.fit(X, Y, w);
  EXPECT_EQ(tree.node_count(), 3);
  EXPECT_EQ(tree.threshold()[0], 0.5);
  EXPECT_EQ(tree.weighted_n_node_samples(), (Vector(3) << 18, 9, 9).finished());
  EXPECT_NEAR(tree.value()(2, 0), 5.0, 1e-15);  // mean of 1..9
  // Without it the tree splits to single samples.
  DecisionTreeRegressor free;
  free.fit(X, Y, w);
  EXPECT_EQ(free.get_n_leaves(), 10);
}

// ---- errors ----------------------------------------------------------------------------------------

TEST(WeightsErrors, EveryWeightedFitChecksTheWeights) {
  const Data d = make_data(71);
  Vector short_w = Vector::Ones(5), negative = Vector::Ones(300), zeros = Vector::Zero(300), nan = Vector::Ones(300);
  negative[3] = -1;
  nan[7] = std::numeric_limits<double>::quiet_NaN();
  std::vector<Case> cases = property_cases();
  cases.push_back({"SplineTransformer", json::object()});
  for (const Case& c : cases) {
    SCOPED_TRACE(c.estimator);
    const Matrix& target = target_of(d, c.estimator);
    for (const Vector* w : {&short_w, &negative, &zeros, &nan}) {
      auto est = make_estimator(c.estimator, c.options);
      const std::string message = error_of([&] { est->fit(d.X, target, true, w); });
      std::string expected;
      try {
        check_sample_weight(*w, d.X.rows());
      } catch (const InvalidArgument& e) {
        expected = e.what();
      }
      EXPECT_EQ(message, expected);
      EXPECT_NE(message.find("sampleWeight"), std::string::npos);
    }
  }
}

TEST(WeightsErrors, NameTheProblem) {
  const Data d = make_data(81);
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeClassifier", {{"minWeightFractionLeaf", 0.6}}); }),
            "minWeightFractionLeaf must be in [0, 0.5], got 0.6");
  // A class whose samples all weigh nothing.
  Vector w = Vector::Ones(300);
  for (Index i = 0; i < 300; ++i)
    if (d.y[i] == 1) w[i] = 0;
  EXPECT_EQ(error_of([&] { GaussianNB().fit(d.X, d.y, w); }),
            "y has 0 sample(s) of positive sampleWeight in class 1: GaussianNB needs at least 1 per class");
  // Bagging over an estimator whose fit takes no weights.
  auto knn = make_estimator("BaggingClassifier", {{"estimator", "KNeighborsClassifier"}});
  EXPECT_EQ(error_of([&] { knn->fit(d.X, d.C, true, &d.w); }),
            "sampleWeight needs an estimator whose fit takes it; KNeighborsClassifier.fit does not");
  // A bootstrap sample that draws only rows of zero weight.
  Vector one = Vector::Zero(300);
  one[0] = 1;
  auto forest = make_estimator("RandomForestRegressor", {{"nEstimators", 5}, {"maxSamples", 1}});
  EXPECT_NE(error_of([&] { forest->fit(d.X, d.Y, true, &one); }).find("zero for every sample drawn into the bootstrap sample of tree"),
            std::string::npos);
}
