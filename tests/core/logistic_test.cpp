// LogisticRegression against scikit-learn fixtures (l2/none coefficients and probabilities; l1 and
// elasticnet objective values), separable data, option errors, the adapter and JSON.
#include <gtest/gtest.h>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/datasets/datasets.hpp"
#include "wasmlearn/linear_model/describe.hpp"

#include "../fixtures/linear_penalised_fixture.hpp"

using namespace wasmlearn;

namespace {
using linear_penalised::fixture;
using linear_penalised::matrix_of;
LogisticRegression make(const json& options) {
  return LogisticRegression(params_from_json<LogisticRegression>(options));
}
// The fixtures' label-keyed classWeight ({"1": 5}, mapped by the JS layer) as the core's array in
// class order; classes not named weigh 1.
json with_class_weight_array(json options, int n_classes) {
  json& cw = options["classWeight"];
  if (!cw.is_object()) return options;
  json weights = json::array();
  for (int c = 0; c < n_classes; ++c) weights.push_back(cw.value(std::to_string(c), 1.0));
  cw = weights;
  return options;
}
}  // namespace

TEST(LogisticRegression, MatchesScikitLearnFixtures) {
  int smooth = 0, nonsmooth = 0;
  for (const json& c : fixture()["logistic"]) {
    SCOPED_TRACE(c["options"].dump() + " on " + c["data"].get<std::string>());
    const Matrix X = matrix_of(c["X"]);
    const IntVector y = matrix_of(c["y"]).col(0).cast<int>();
    json o = with_class_weight_array(c["options"], y.maxCoeff() + 1);
    o["tol"] = 1e-8;  // 1e-10 is below what floating point resolves on these objectives (~30)
    LogisticRegression m = make(o);
    m.fit(X, y);
    const double ref_obj = c["objective"];
    const double ours = m.objective(X, y);
    const std::string penalty = c["options"].value("penalty", "l2");
    if (penalty == "l2" || penalty == "none") {
      const Matrix ref = matrix_of(c["coef"]);
      EXPECT_LT((m.coef() - ref).cwiseAbs().maxCoeff(), 1e-5);
      EXPECT_LT((m.intercept() - Vector(matrix_of(c["intercept"]).col(0))).cwiseAbs().maxCoeff(), 1e-5);
      EXPECT_LT((m.predict_proba(X) - matrix_of(c["proba"])).cwiseAbs().maxCoeff(), 1e-6);
      ++smooth;
    } else {
      ++nonsmooth;
      EXPECT_LT((m.predict_proba(X) - matrix_of(c["proba"])).cwiseAbs().maxCoeff(), 1e-3);
    }
    // No worse than scikit-learn's objective, and equal to it within 1e-6 (relative).
    EXPECT_LE(ours, ref_obj + 1e-6 * std::max(1.0, ref_obj));
    EXPECT_NEAR(ours, ref_obj, 1e-6 * std::max(1.0, ref_obj));
    EXPECT_EQ(m.predict(X), matrix_of(c["predict"]).col(0).cast<int>());
    EXPECT_TRUE(m.warnings().empty()) << m.warnings().items[0].message;
  }
  EXPECT_EQ(smooth, 12);
  EXPECT_EQ(nonsmooth, 6);
}

TEST(LogisticRegression, CdAgreesWithLbfgsOnL2AndNone) {
  for (const json& c : fixture()["logistic"]) {
    const std::string penalty = c["options"].value("penalty", "l2");
    if (c["options"].value("solver", "lbfgs") != "lbfgs") continue;
    SCOPED_TRACE(c["options"].dump() + " on " + c["data"].get<std::string>());
    const Matrix X = matrix_of(c["X"]);
    const IntVector y = matrix_of(c["y"]).col(0).cast<int>();
    json o = with_class_weight_array(c["options"], y.maxCoeff() + 1);
    o["solver"] = "cd";
    o["tol"] = 1e-8;
    LogisticRegression m = make(o);
    m.fit(X, y);
    EXPECT_LT((m.coef() - matrix_of(c["coef"])).cwiseAbs().maxCoeff(), 1e-5);
    EXPECT_NEAR(m.objective(X, y), c["objective"].get<double>(), 1e-7 * c["objective"].get<double>());
  }
}

// Redundant features that are exact linear combinations of informative ones make the Newton model
// singular but for the small l2 term: cd must still reach the optimum (it stalled at maxIter when
// its inner coordinate descent was capped at 100 sweeps of O(np)).
TEST(LogisticRegression, CdConvergesOnCollinearFeatures) {
  const Dataset d = make_classification(5000, 20, 8, 4, 2, 2, 1.0, 0.01, true, 42);
  const IntVector y = d.y.cast<int>();
  LogisticRegression ref = make({{"tol", 1e-10}, {"maxIter", 1000}});
  ref.fit(d.X, y);
  for (const char* penalty : {"l2", "l1"}) {
    SCOPED_TRACE(penalty);
    LogisticRegression cd = make({{"solver", "cd"}, {"penalty", penalty}});
    cd.fit(d.X, y);
    EXPECT_TRUE(cd.warnings().empty()) << cd.warnings().items[0].message;
    EXPECT_LE(cd.n_iter()[0], 15);
    if (std::string(penalty) == "l2") EXPECT_NEAR(cd.objective(d.X, y), ref.objective(d.X, y), 1e-7 * ref.objective(d.X, y));
  }
}

// Four classes on 320 rows of 40 features of four values each, a third zeros: lbfgs's Xᵀ·R sums R's
// rows a value at a time (list_values_if_repeated: about 50 entries a value). The same bits natively and
// in WebAssembly (values printed from the WebAssembly build; tests/js/linear_penalised.test.mjs requires
// them too), at the optimum a tighter run reaches.
TEST(LogisticRegression, SumsByValueSameBitsInEveryBuild) {
  const auto level = [](Index i, Index j) { return static_cast<int>((i * 37 + j * 11 + i * j) % 29); };
  Matrix X(320, 40);
  IntVector y(320);
  for (Index i = 0; i < X.rows(); ++i) {
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = level(i, j) < 10 ? 0.0 : ((level(i, j) - 10) % 4 + 1) / 4.0;
    y[i] = static_cast<int>((level(i, 0) + level(i, 5) + i) % 4);
  }
  LogisticRegression m = make(json::object());
  m.fit(X, y);
  EXPECT_EQ(m.n_iter()[0], 62);
  EXPECT_EQ((std::vector<double>{m.coef()(0, 0), m.coef()(1, 37), m.coef()(3, 39)}),
            (std::vector<double>{0.06760910288904019, -0.07694640301871322, -0.00286724751510143}));
  const Vector b = m.intercept();
  EXPECT_EQ(std::vector<double>(b.begin(), b.end()),
            (std::vector<double>{-0.04258946230874896, 0.24394376435083387, -0.10568268780173624, -0.09567161424034867}));
  LogisticRegression tight = make({{"tol", 1e-12}, {"maxIter", 1000}});
  tight.fit(X, y);
  EXPECT_NEAR(m.objective(X, y), tight.objective(X, y), 1e-6 * tight.objective(X, y));
}

TEST(LogisticRegression, SeparableWithoutPenaltyWarnsAndStaysFinite) {
  Matrix X(6, 2);
  X << 0, 0, 1, 0, 0, 1, 3, 3, 4, 3, 3, 4;
  IntVector y(6);
  y << 0, 0, 0, 1, 1, 1;
  for (const char* solver : {"lbfgs", "cd"}) {
    LogisticRegression m = make({{"penalty", "none"}, {"solver", solver}, {"maxIter", 100}});
    m.fit(X, y);
    EXPECT_TRUE(m.coef().allFinite());
    EXPECT_TRUE(std::isfinite(m.intercept()[0]));
    EXPECT_TRUE(m.predict_proba(X).allFinite());
    ASSERT_FALSE(m.warnings().empty()) << solver;
    EXPECT_EQ(m.warnings().items.back().kind, WarningKind::convergence);
    EXPECT_EQ(m.predict(X), y);
  }
  // Multinomial on three separated groups: also finite, also warned.
  Matrix X3(6, 1);
  X3 << 0, 0.5, 5, 5.5, 10, 10.5;
  IntVector y3(6);
  y3 << 0, 0, 1, 1, 2, 2;
  LogisticRegression m3 = make({{"penalty", "none"}});
  m3.fit(X3, y3);
  EXPECT_TRUE(m3.predict_proba(X3).allFinite());
  EXPECT_FALSE(m3.warnings().empty());
}

TEST(LogisticRegression, OptionErrorsAndShapes) {
  Matrix X(4, 1);
  X << 0, 1, 2, 3;
  IntVector y(4);
  y << 0, 0, 1, 1;
  try {
    make({{"penalty", "l1"}}).fit(X, y);
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_STREQ(e.what(),
                 "penalty='l1' is not supported by solver 'lbfgs'; valid pairs: lbfgs: l2, none; cd: l1, l2, elasticnet, none");
  }
  EXPECT_THROW(make({{"penalty", "elasticnet"}, {"solver", "cd"}}).fit(X, y), InvalidArgument);  // l1Ratio missing
  EXPECT_THROW(make({{"C", 0}}), InvalidArgument);
  EXPECT_THROW(make({{"l1Ratio", 2}}), InvalidArgument);
  try {
    make({{"solver", "saga"}});
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("use 'cd'"), std::string::npos) << e.what();
  }
  IntVector one = IntVector::Zero(4);
  EXPECT_THROW(make({}).fit(X, one), InvalidArgument);
  EXPECT_THROW(make({{"classWeight", json::array({1.0})}}).fit(X, y), InvalidArgument);

  LogisticRegression m = make({{"classWeight", json::array({1.0, 3.0})}});
  m.fit(X, y);
  EXPECT_EQ(m.coef().rows(), 1);
  EXPECT_EQ(m.decision_function(X).cols(), 1);
  const Matrix lp = m.predict_log_proba(X);
  EXPECT_LT((lp.array().exp().matrix() - m.predict_proba(X)).cwiseAbs().maxCoeff(), 1e-15);
  // Binary multinomial keeps one row and predicts softmax(−d, d).
  LogisticRegression mm = make({{"multiClass", "multinomial"}});
  mm.fit(X, y);
  EXPECT_EQ(mm.coef().rows(), 1);
  const Matrix P = mm.predict_proba(X);
  const double d = mm.decision_function(X)(0, 0);
  EXPECT_NEAR(P(0, 1), 1 / (1 + std::exp(-2 * d)), 1e-15);
}

TEST(LogisticRegression, JsonRoundTripThroughTheAdapter) {
  const json& c = fixture()["logistic"][4];  // iris multinomial
  const Matrix X = matrix_of(c["X"]), Y = matrix_of(c["y"]);
  auto m = make_estimator("LogisticRegression", {{"C", 0.5}});
  m->fit(X, Y, true);
  auto loaded = estimator_from_json(m->to_json());
  EXPECT_EQ(loaded->predict_proba(X), m->predict_proba(X));
  EXPECT_EQ(loaded->call("predictLogProba", X, Y, 0).items[0].second.data,
            m->call("predictLogProba", X, Y, 0).items[0].second.data);
  EXPECT_EQ(m->attribute("coef").shape, (std::vector<Index>{3, 4}));
}
