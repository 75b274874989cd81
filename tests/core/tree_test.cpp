// Decision trees: scikit-learn fidelity on fixtures (tests/fixtures/trees.json, written by
// tests/fixtures/trees.py), pruning, best-first growth, introspection, options and model JSON.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/tree/describe.hpp"

#include "../fixtures/trees_fixture.hpp"

using namespace wasmlearn;
using namespace trees_fixture;

TEST(TreeFidelity, MatchesScikitLearnOnEveryFixtureCase) {
  ASSERT_EQ(fixtures()["sklearn"], "1.2.1");
  for (const auto& c : fixtures()["trees"]) check_tree_case(c);
}

TEST(Tree, FitsTrainingDataPerfectlyWithoutLimits) {
  IntVector y;
  const Matrix X = blobs(200, 4, 1, y);
  DecisionTreeClassifier t;
  t.fit(X, y);
  EXPECT_EQ(t.predict(X), y);
  EXPECT_EQ(t.get_n_leaves(), (t.node_count() + 1) / 2);
  EXPECT_NEAR(t.feature_importances().sum(), 1.0, 1e-12);
}

TEST(Tree, MisclassificationCriterionAndLimitsAreRespected) {
  IntVector y;
  const Matrix X = blobs(300, 5, 2, y);
  DecisionTreeClassifierParams p;
  p.criterion = TreeCriterion::misclassification;
  p.max_depth = 3;
  p.min_samples_leaf = 10;
  DecisionTreeClassifier t(p);
  t.fit(X, y);
  EXPECT_LE(t.get_depth(), 3);
  EXPECT_GE(t.n_node_samples().minCoeff(), 10);
  for (Index i = 0; i < t.node_count(); ++i) {
    const Matrix v = t.value();
    EXPECT_NEAR(t.impurity()[i], 1.0 - v.row(i).maxCoeff() / v.row(i).sum(), 1e-12);
  }
  p.max_depth.reset();
  p.max_leaf_nodes = 5;
  DecisionTreeClassifier b(p);
  b.fit(X, y);
  EXPECT_LE(b.get_n_leaves(), 5);
}

TEST(Tree, RandomSplitterAndMaxFeaturesAreSeeded) {
  IntVector y;
  const Matrix X = blobs(200, 6, 3, y);
  DecisionTreeClassifierParams p;
  p.splitter = TreeSplitter::random;
  p.max_features = MaxFeatures(MaxFeaturesRule::sqrt);
  p.random_state = 7;
  DecisionTreeClassifier a(p), b(p);
  a.fit(X, y);
  b.fit(X, y);
  EXPECT_EQ(a.threshold(), b.threshold());
  p.random_state = 8;
  DecisionTreeClassifier c(p);
  c.fit(X, y);
  EXPECT_NE(a.threshold().size() == c.threshold().size() ? (a.threshold() - c.threshold()).norm() : 1.0, 0.0);
  EXPECT_EQ(a.predict(X).size(), X.rows());
}

TEST(Tree, PruningWithTheLastAlphaLeavesOnlyTheRoot) {
  IntVector y;
  const Matrix X = blobs(120, 3, 4, y);
  DecisionTreeClassifier t;
  const NamedArrays path = t.cost_complexity_pruning_path(X, y.cast<double>());
  const auto& alphas = path.items[0].second.data;
  ASSERT_GT(alphas.size(), 2u);
  for (std::size_t i = 1; i < alphas.size(); ++i) EXPECT_GE(alphas[i], alphas[i - 1]);
  DecisionTreeClassifierParams p;
  p.ccp_alpha = alphas.back();
  DecisionTreeClassifier root(p);
  root.fit(X, y);
  EXPECT_EQ(root.node_count(), 1);
  p.ccp_alpha = alphas[alphas.size() / 2];
  DecisionTreeClassifier mid(p);
  mid.fit(X, y);
  t.fit(X, y);
  EXPECT_LT(mid.node_count(), t.node_count());
  EXPECT_GT(mid.node_count(), 1);
}

TEST(Tree, DecisionPathAndApplyAgree) {
  IntVector y;
  const Matrix X = blobs(80, 3, 5, y);
  DecisionTreeClassifierParams p;
  p.max_depth = 4;
  DecisionTreeClassifier t(p);
  t.fit(X, y);
  const NamedArrays path = t.decision_path(X);
  const IntVector leaves = t.apply(X);
  const auto& indptr = path.items[0].second.data;
  const auto& indices = path.items[1].second.data;
  ASSERT_EQ(indptr.size(), static_cast<std::size_t>(X.rows() + 1));
  for (Index i = 0; i < X.rows(); ++i) {
    EXPECT_EQ(indices[static_cast<std::size_t>(indptr[i])], 0);
    EXPECT_EQ(indices[static_cast<std::size_t>(indptr[i + 1]) - 1], leaves[i]);
    EXPECT_LE(indptr[i + 1] - indptr[i], t.get_depth() + 1);
  }
}

TEST(Tree, AbsoluteErrorLeavesHoldMedians) {
  Matrix X(6, 1);
  X << 0, 1, 2, 10, 11, 12;
  Matrix Y(6, 1);
  Y << 1, 2, 9, 20, 21, 40;
  DecisionTreeRegressorParams p;
  p.criterion = TreeCriterion::absolute_error;
  p.max_depth = 1;
  DecisionTreeRegressor t(p);
  t.fit(X, Y);
  EXPECT_EQ(t.threshold()[0], 6.0);
  EXPECT_EQ(t.predict(X)(0, 0), 2.0);
  EXPECT_EQ(t.predict(X)(5, 0), 21.0);
  EXPECT_DOUBLE_EQ(t.value()(0, 0), (9.0 + 20.0) / 2);  // even count: mean of the middle two
}

TEST(Tree, MultiOutputRegression) {
  Matrix X(8, 1);
  X << 0, 1, 2, 3, 4, 5, 6, 7;
  Matrix Y(8, 2);
  for (Index i = 0; i < 8; ++i) Y(i, 0) = i < 4 ? 1 : 5, Y(i, 1) = i < 4 ? -1 : 3;
  DecisionTreeRegressor t;
  t.fit(X, Y);
  EXPECT_EQ(t.node_count(), 3);
  EXPECT_EQ(t.predict(X), Y);
}

TEST(Tree, OptionErrorsAreClear) {
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeClassifier", {{"criterion", "squared_error"}}); }),
            "criterion must be one of 'gini', 'entropy', 'misclassification', got \"squared_error\" "
            "(a regression criterion: use DecisionTreeRegressor)");
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeRegressor", {{"criterion", "gini"}}); }),
            "criterion must be one of 'squared_error', 'absolute_error', got \"gini\" "
            "(a classification criterion: use DecisionTreeClassifier)");
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeRegressor", {{"criterion", "mse"}}); }),
            "criterion must be one of 'squared_error', 'absolute_error', got \"mse\"");
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeClassifier", {{"maxDepth", 0}}); }), "maxDepth must be at least 1, got 0");
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeClassifier", {{"minSamplesSplit", 1}}); }),
            "minSamplesSplit must be at least 2, got 1");
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeClassifier", {{"minSamplesLeaf", 0}}); }),
            "minSamplesLeaf must be at least 1, got 0");
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeClassifier", {{"minSamplesLeaf", 1.5}}); }),
            "minSamplesLeaf must be in (0, 1), got 1.5");
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeClassifier", {{"maxFeatures", "half"}}); }),
            "maxFeatures must be one of 'sqrt', 'log2', got \"half\"");
  EXPECT_EQ(error_of([] { make_estimator("DecisionTreeClassifier", {{"ccpAlpha", -1}}); }), "ccpAlpha must be at least 0, got -1");
  Matrix X = Matrix::Random(10, 3);
  Matrix Y(10, 1);
  for (Index i = 0; i < 10; ++i) Y(i, 0) = i % 2;
  auto t = make_estimator("DecisionTreeClassifier", {{"maxFeatures", 4}});
  EXPECT_EQ(error_of([&] { t->fit(X, Y, true); }), "maxFeatures must be between 1 and the number of features (3), got 4");
}

TEST(Tree, ModelJsonRoundTripPredictsIdentically) {
  IntVector y;
  const Matrix X = blobs(100, 3, 6, y);
  Matrix Y = y.cast<double>();
  auto a = make_estimator("DecisionTreeClassifier", {{"maxDepth", 5}});
  a->fit(X, Y, true);
  auto b = estimator_from_json(json::parse(a->to_json().dump()));
  EXPECT_EQ(b->predict_proba(X), a->predict_proba(X));
  json broken = a->to_json();
  broken["state"]["tree"]["childrenLeft"][0] = 0;
  EXPECT_NE(error_of([&] { estimator_from_json(broken); }).find("model JSON: tree node 0 is malformed"), std::string::npos);
  // A node index no int32 holds (the fuzzer's input: -7.8e37) is refused before any conversion.
  for (const double huge : {-7.77778e37, 4294967296.0, 1.5}) {
    json wrong = a->to_json();
    wrong["state"]["tree"]["childrenLeft"][0] = huge;
    EXPECT_NE(error_of([&] { estimator_from_json(wrong); }).find("model JSON: tree.childrenLeft"), std::string::npos) << huge;
  }
  // The counts too: 1e300 was converted to int (undefined behaviour, UBSan's report).
  json counts = a->to_json();
  counts["state"]["nValues"] = 1e300;
  EXPECT_EQ(error_of([&] { estimator_from_json(counts); }), "model JSON: nValues must be in [1, 2147483647], got 1e+300");
}
