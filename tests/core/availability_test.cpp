// Per-instance methods (scikit-learn's available_if, declared in availability()): supports() answers
// for the instance, a call of an unavailable method says why, the metadata lists the conditions; and
// the declared update method (partialFit) through AnyEstimator::update.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "wasmlearn/base/any_estimator.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using wasmlearn::test_support::error_of;

namespace {

// Two interleaved classes of 300 rows (past a 256-row block), 3 features.
struct TwoClasses {
  Matrix X{300, 3};
  Matrix y{300, 1};
  TwoClasses() {
    for (Index i = 0; i < X.rows(); ++i) {
      const double t = static_cast<double>(i);
      y(i, 0) = static_cast<double>(i % 2);
      X(i, 0) = (i % 2 ? 1.5 : -1.5) + std::sin(t);
      X(i, 1) = std::cos(3 * t);
      X(i, 2) = static_cast<double>(i % 7) / 7;
    }
  }
};

const json& metadata_of(const std::string& name) {
  static const json all = estimators_metadata();
  for (const json& m : all)
    if (m["name"] == name) return m;
  throw std::runtime_error("no estimator " + name);
}

}  // namespace

TEST(Availability, SvcProbabilitiesFollowTheOption) {
  const TwoClasses d;
  for (const char* name : {"SVC", "NuSVC"}) {
    auto svc = make_estimator(name, json::object());
    EXPECT_FALSE(svc->supports("predictProba")) << name;
    EXPECT_FALSE(svc->supports("predictLogProba")) << name;
    EXPECT_TRUE(svc->supports("decisionFunction")) << name;
    svc->fit(d.X, d.y, true);
    // The condition is checked before anything else, as hasattr is.
    EXPECT_EQ(error_of([&] { svc->predict_proba(d.X); }), std::string(name) + ".predictProba is available only when probability is true");
    EXPECT_EQ(error_of([&] { svc->call("predictLogProba", d.X); }),
              std::string(name) + ".predictLogProba is available only when probability is true");
    // Asked for after a fit without it: available by the option, but the sigmoids were never fitted.
    svc->set_params({{"probability", true}});
    EXPECT_TRUE(svc->supports("predictProba"));
    EXPECT_EQ(error_of([&] { svc->predict_proba(d.X); }), "predictProba needs a fit with probability: true; fit this model again");
    svc->fit(d.X, d.y, true);
    const Matrix p = svc->predict_proba(d.X);
    EXPECT_EQ(p.rows(), 300);
    EXPECT_NEAR(p.row(7).sum(), 1.0, 1e-12);
    EXPECT_EQ(metadata_of(name)["availableIf"], json({{"predictProba", "probability is true"}, {"predictLogProba", "probability is true"}}));
  }
  // Estimators without conditions list none; the class's methods stay in `methods`.
  EXPECT_EQ(metadata_of("LogisticRegression")["availableIf"], json::object());
  const json& methods = metadata_of("SVC")["methods"];
  EXPECT_NE(std::find(methods.begin(), methods.end(), "predictProba"), methods.end());
}

// BaggingClassifier asks its members for predictProba: an SVC without probability now votes instead
// of failing in predictProba.
TEST(Availability, BaggingVotesWithMembersWithoutProbabilities) {
  const TwoClasses d;
  auto bagging = make_estimator("BaggingClassifier", {{"estimator", "SVC"}, {"nEstimators", 3}, {"randomState", 0}});
  bagging->fit(d.X, d.y, true);
  const Matrix p = bagging->predict_proba(d.X);
  for (Index i = 0; i < p.rows(); ++i)
    for (Index j = 0; j < p.cols(); ++j) {
      const double votes = p(i, j) * 3;
      EXPECT_NEAR(votes, std::round(votes), 1e-12);  // a share of 3 votes
    }
  EXPECT_GT(bagging->score(d.X, d.y), 0.9);
}

TEST(Availability, MlpPartialFitOnlyForStochasticSolvers) {
  const TwoClasses d;
  const auto named = [](const json& methods, const char* name) {
    return *std::find_if(methods.begin(), methods.end(), [&](const json& m) { return m["name"] == name; });
  };
  const json partial = named(metadata_of("MLPClassifier")["extraMethods"], "partialFit");
  EXPECT_EQ(partial["name"], "partialFit");
  EXPECT_EQ(partial["args"], "Xy,classes?");
  EXPECT_EQ(partial["result"], "model");
  EXPECT_EQ(named(metadata_of("MLPRegressor")["extraMethods"], "partialFit")["args"], "Xy");
  EXPECT_EQ(named(metadata_of("MLPClassifier")["extraMethods"], "continueFit")["args"], "Xy");  // no classes: it continues a fit
  // initialize starts a fit (JS encodes a classifier's labels from its y, as fit); the others do not say so.
  EXPECT_EQ(named(metadata_of("MLPClassifier")["extraMethods"], "initialize")["startsFit"], true);
  EXPECT_FALSE(named(metadata_of("MLPClassifier")["extraMethods"], "continueFit").contains("startsFit"));
  EXPECT_EQ(metadata_of("MLPRegressor")["availableIf"],
            json({{"partialFit", "solver is 'sgd' or 'adam'"},
                  {"initialize", "solver is 'sgd' or 'adam'"},
                  {"continueFit", "solver is 'sgd' or 'adam'"},
                  {"continueBatch", "solver is 'sgd' or 'adam'"}}));
  EXPECT_TRUE(metadata_of("MLPClassifier")["multilabel"].get<bool>());
  EXPECT_FALSE(metadata_of("SVC")["multilabel"].get<bool>());

  auto mlp = make_estimator("MLPClassifier", {{"hiddenLayerSizes", {4}}, {"solver", "lbfgs"}});
  const int id = partial["id"].get<int>();
  EXPECT_EQ(mlp->method_id("partialFit"), id);
  EXPECT_FALSE(mlp->supports("partialFit"));
  EXPECT_EQ(error_of([&] { mlp->update(id, d.X, d.y, true, 2); }),
            "MLPClassifier.partialFit is available only when solver is 'sgd' or 'adam'");
  mlp->set_params({{"solver", "sgd"}});
  EXPECT_TRUE(mlp->supports("partialFit"));
  EXPECT_EQ(error_of([&] { mlp->update(id, d.X, d.y, true, std::nan("")); }), "classes must be given on the first call to partialFit");
  mlp->update(id, d.X, d.y, true, 2);
  mlp->update(id, d.X, d.y, true, std::nan(""));  // later calls keep the classes
  EXPECT_EQ(mlp->attribute("nIter").data, std::vector<double>{2});
  EXPECT_EQ(mlp->attribute("t").data, std::vector<double>{600});
  EXPECT_EQ(error_of([&] { mlp->call(id, d.X, d.y); }), "MLPClassifier does not support method " + std::to_string(id));
}

TEST(Availability, MlpMultilabelThroughTheAdapter) {
  const TwoClasses d;
  Matrix Y(300, 3);
  for (Index i = 0; i < 300; ++i) {
    Y(i, 0) = d.y(i, 0);
    Y(i, 1) = d.X(i, 1) > 0;
    Y(i, 2) = 1 - d.y(i, 0);
  }
  auto mlp = make_estimator("MLPClassifier", {{"hiddenLayerSizes", {8}}, {"maxIter", 300}, {"learningRateInit", 0.01}});
  mlp->fit(d.X, Y, false);
  const NdArray predicted = mlp->predict(d.X);
  ASSERT_EQ(predicted.shape, (std::vector<Index>{300, 3}));
  Index matching = 0;
  for (Index i = 0; i < 300; ++i) {
    bool all = true;
    for (Index j = 0; j < 3; ++j) {
      const double v = predicted.data[static_cast<std::size_t>(i * 3 + j)];
      EXPECT_TRUE(v == 0 || v == 1);
      all = all && v == Y(i, j);
    }
    matching += all;
  }
  EXPECT_DOUBLE_EQ(mlp->score(d.X, Y), static_cast<double>(matching) / 300);
  EXPECT_EQ(mlp->predict_proba(d.X).cols(), 3);
  EXPECT_EQ(error_of([&] { mlp->score(d.X, Y.leftCols(2)); }), "y has 2 columns but the model was fitted with 3 labels");
  auto loaded = estimator_from_json(mlp->to_json());
  EXPECT_EQ(loaded->predict(d.X).data, predicted.data);
}
