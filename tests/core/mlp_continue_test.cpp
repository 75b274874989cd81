// continueFit: a fit of k epochs continued epoch by epoch equals, bit for bit, the fit of k + j
// epochs (weights, loss curve, validation scores, stopping counters, warnings, maxIter), for adam
// and sgd with Nesterov's momentum, with and without early stopping, on 300 rows (past a block of
// 256; batches of 200 and a last one of 100 or 70) and 9 or 17 features (past 8 and 16).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../core/test_support.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/neural_network/describe.hpp"

using namespace wasmlearn;
using test_support::error_of;

namespace {

// Three classes on two noisy features of p (the others noise), from the library's generator.
struct Data {
  Matrix X;
  IntVector y;
  Matrix Y;  // a regression target
  Data(Index n, Index p) : X(n, p), y(n), Y(n, 2) {
    Random random(7);
    for (Index i = 0; i < n; ++i) {
      for (Index j = 0; j < p; ++j) X(i, j) = random.normal();
      y[i] = X(i, 0) + 0.3 * random.normal() > 0.5 ? 2 : X(i, 1) > 0 ? 1 : 0;
      Y(i, 0) = X(i, 0) * X(i, 1) + 0.1 * random.normal();
      Y(i, 1) = X(i, 2) - X(i, 0);
    }
  }
};

json options(const char* solver, bool early_stopping, int epochs) {
  return {{"hiddenLayerSizes", {8, 8}}, {"solver", solver}, {"earlyStopping", early_stopping}, {"maxIter", epochs},
          {"learningRateInit", 0.01}, {"randomState", 3}, {"nIterNoChange", 4}};
}

template <class E>
void expect_same_model(const E& continued, const E& direct, const std::string& what) {
  EXPECT_EQ(continued.weights().packed, direct.weights().packed) << what;
  EXPECT_EQ(continued.state(), direct.state()) << what;  // curves, scores, best loss, nIter, t, warnings
  EXPECT_EQ(params_to_json<E>(continued.params()), params_to_json<E>(direct.params())) << what;
}

// Fits k epochs, continues `more` epochs one at a time, and compares each with the direct fit.
template <class E, class Target>
void expect_continuation_exact(json o, const Matrix& X, const Target& y, int k, int more, const std::string& what) {
  E continued(params_from_json<E>(o));
  continued.fit(X, y);
  for (int j = 1; j <= more; ++j) {
    continued.continue_fit(X, [&] {
      if constexpr (std::is_same_v<Target, IntVector>) return Matrix(y.template cast<double>());
      else return y;
    }());
    o["maxIter"] = k + j;
    E direct(params_from_json<E>(o));
    direct.fit(X, y);
    expect_same_model(continued, direct, what + ", epoch " + std::to_string(k + j));
  }
}

}  // namespace

TEST(MLPContinueFit, EqualsTheLongerFitBitForBit) {
  const Data small(300, 9), wide(300, 17);
  for (const char* solver : {"adam", "sgd"})
    for (bool early_stopping : {false, true}) {
      const std::string what = std::string(solver) + (early_stopping ? " early stopping" : "");
      expect_continuation_exact<MLPClassifier>(options(solver, early_stopping, 3), small.X, small.y, 3, 4, what + " 3 classes p 9");
      expect_continuation_exact<MLPRegressor>(options(solver, early_stopping, 2), wide.X, wide.Y, 2, 3, what + " regressor p 17");
    }
}

TEST(MLPContinueFit, DefaultsAndTwoClassesAndStopping) {
  const Data data(300, 9);
  const IntVector two = (data.y.array() > 0).cast<int>();
  // scikit-learn's defaults (adam, [100], batches of 200) from maxIter 1.
  expect_continuation_exact<MLPClassifier>({{"maxIter", 1}}, data.X, two, 1, 2, "defaults, two classes");
  // sgd's adaptive rate (divided by 5 after nIterNoChange epochs without improvement) and invscaling.
  json adaptive = options("sgd", false, 2);
  adaptive["learningRate"] = "adaptive";
  adaptive["tol"] = 0.5;
  adaptive["nIterNoChange"] = 1;
  expect_continuation_exact<MLPClassifier>(adaptive, data.X, data.y, 2, 5, "adaptive");
  json invscaling = options("sgd", false, 2);
  invscaling["learningRate"] = "invscaling";
  invscaling["nesterovsMomentum"] = false;
  expect_continuation_exact<MLPClassifier>(invscaling, data.X, data.y, 2, 2, "invscaling");
  // A fit that stops for lack of improvement (tol 10: no epoch after the first improves, and the
  // third of them exceeds nIterNoChange 2) stays as it is.
  json stops = options("adam", false, 8);
  stops["tol"] = 10;
  stops["nIterNoChange"] = 2;
  MLPClassifier stopped(params_from_json<MLPClassifier>(stops));
  stopped.fit(data.X, data.y);
  ASSERT_EQ(stopped.n_iter(), 4);
  expect_continuation_exact<MLPClassifier>(stops, data.X, data.y, 8, 2, "stopped");
  // The longer fit's warning that maxIter was reached moves to the new maxIter.
  MLPClassifier once(params_from_json<MLPClassifier>(options("adam", false, 1)));
  once.fit(data.X, data.y).continue_fit(data.X, data.y.cast<double>());
  ASSERT_EQ(once.warnings().size(), 1u);
  EXPECT_EQ(once.warnings().items[0].kind, WarningKind::convergence);
  EXPECT_NE(once.warnings().items[0].message.find("maxIter (2)"), std::string::npos);
}

TEST(MLPContinueFit, ThroughTheAdapterAndItsErrors) {
  const Data data(300, 9);
  const Matrix codes = data.y.cast<double>();
  auto continued = make_estimator("MLPClassifier", options("sgd", true, 2));
  auto direct = make_estimator("MLPClassifier", options("sgd", true, 4));
  const int id = continued->method_id("continueFit");
  ASSERT_GE(id, 0);
  EXPECT_EQ(error_of([&] { continued->update(id, data.X, codes, true, NAN); }),
            "This MLPClassifier is not fitted yet: call fit before continueFit");
  continued->fit(data.X, codes, true, nullptr);
  direct->fit(data.X, codes, true, nullptr);
  continued->update(id, data.X, codes, true, NAN);
  continued->update(id, data.X, codes, true, NAN);
  EXPECT_EQ(continued->to_json(), direct->to_json());

  Matrix other = data.X;
  other(299, 8) += 1e-12;
  EXPECT_EQ(error_of([&] { continued->update(id, other, codes, true, NAN); }),
            "MLPClassifier.continueFit needs the X and y of the last fit");
  Matrix relabelled = codes;
  relabelled(0, 0) = std::fmod(relabelled(0, 0) + 1, 3);
  EXPECT_EQ(error_of([&] { continued->update(id, data.X, relabelled, true, NAN); }),
            "MLPClassifier.continueFit needs the X and y of the last fit");
  EXPECT_EQ(continued->to_json(), direct->to_json());  // the refused calls changed nothing

  // A model loaded from JSON (or rebuilt by setParams) has no fit in memory to continue.
  auto loaded = estimator_from_json(continued->to_json());
  const std::string none = error_of([&] { loaded->update(id, data.X, codes, true, NAN); });
  EXPECT_EQ(none.substr(0, 72), "MLPClassifier.continueFit continues the last fit of this model in memory");
  continued->set_params({{"alpha", 0.01}});
  EXPECT_EQ(error_of([&] { continued->update(id, data.X, codes, true, NAN); }), none);
  // partialFit's epochs are not a fit to continue.
  MLPClassifier partial(params_from_json<MLPClassifier>(options("adam", false, 2)));
  partial.partial_fit(data.X, data.y, 3);
  EXPECT_EQ(error_of([&] { partial.continue_fit(data.X, codes); }), none);

  auto lbfgs = make_estimator("MLPRegressor", {{"solver", "lbfgs"}, {"maxIter", 5}});
  lbfgs->fit(data.X, data.Y, false, nullptr);
  EXPECT_FALSE(lbfgs->supports("continueFit"));
  EXPECT_EQ(error_of([&] { lbfgs->update(lbfgs->method_id("continueFit"), data.X, data.Y, false, NAN); }),
            "MLPRegressor.continueFit is available only when solver is 'sgd' or 'adam'");
}
