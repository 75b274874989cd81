// continueFit: a fit of k epochs continued epoch by epoch equals, bit for bit, the fit of k + j
// epochs (weights, loss curve, validation scores, stopping counters, warnings, maxIter), for adam
// and sgd with Nesterov's momentum, with and without early stopping, on 300 rows (past a block of
// 256; batches of 200 and a last one of 100 or 70) and 9 or 17 features (past 8 and 16).
// continueBatch: the batches of an epoch one at a time end in the same model; layerActivations: every
// layer's values equal a forward pass by hand and the output layer predictProba / predict.
#include <gtest/gtest.h>

#include <algorithm>
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

namespace {

template <class E>
Matrix targets_of(const E&, const IntVector& y) {
  return y.cast<double>();
}
template <class E>
Matrix targets_of(const E&, const Matrix& Y) {
  return Y;
}

// Fits k epochs (k = 0: initialize, the fit's start), then takes `batches` batches one at a time
// (past an epoch's end), comparing the model at every epoch's end with the direct fit; between,
// maxIter already counts the epoch under way.
template <class E, class Target>
void expect_batches_exact(json o, const Matrix& X, const Target& y, int k, int batches_per_epoch, int batches,
                          const std::string& what) {
  E continued(params_from_json<E>(o));
  const Matrix T = targets_of(continued, y);
  if (k == 0) {
    continued.initialize(X, T);
    EXPECT_EQ(continued.n_iter(), 0) << what;
    EXPECT_EQ(continued.params().max_iter, 1) << what << ": the first epoch is under way";
    EXPECT_EQ(continued.loss_curve().size(), 0) << what;
  } else {
    continued.fit(X, y);
  }
  Vector before = continued.weights().packed;
  for (int b = 1; b <= batches; ++b) {
    continued.continue_batch(X, T);
    const int epochs = k + b / batches_per_epoch, under_way = k + (b + batches_per_epoch - 1) / batches_per_epoch;
    EXPECT_EQ(continued.n_iter(), epochs) << what << ", batch " << b;
    EXPECT_EQ(continued.params().max_iter, under_way) << what << ", batch " << b;
    EXPECT_NE(continued.weights().packed, before) << what << ", batch " << b << " moved the weights";
    before = continued.weights().packed;
    if (b % batches_per_epoch != 0) continue;
    o["maxIter"] = epochs;
    E direct(params_from_json<E>(o));
    direct.fit(X, y);
    expect_same_model(continued, direct, what + ", epoch " + std::to_string(epochs) + " by batches");
  }
  // continueFit finishes the epoch under way.
  continued.continue_fit(X, T);
  o["maxIter"] = k + batches / batches_per_epoch + 1;
  E direct(params_from_json<E>(o));
  direct.fit(X, y);
  expect_same_model(continued, direct, what + ", the epoch under way finished by continueFit");
}

}  // namespace

TEST(MLPContinueBatch, TheBatchesOfAnEpochEqualTheLongerFitBitForBit) {
  const Data small(300, 9), wide(300, 17);
  for (const char* solver : {"adam", "sgd"})
    for (bool early_stopping : {false, true}) {
      const std::string what = std::string(solver) + (early_stopping ? " early stopping" : "");
      json o = options(solver, early_stopping, 2);
      o["batchSize"] = 64;  // 300 rows: 4 batches of 64 and one of 44 (270 with early stopping: 4 + 14)
      expect_batches_exact<MLPClassifier>(o, small.X, small.y, 2, 5, 12, what + " 3 classes p 9");
      expect_batches_exact<MLPRegressor>(o, wide.X, wide.Y, 2, 5, 7, what + " regressor p 17");
      expect_batches_exact<MLPClassifier>(o, small.X, small.y, 0, 5, 12, what + " 3 classes p 9 from initialize");
      expect_batches_exact<MLPRegressor>(o, wide.X, wide.Y, 0, 5, 7, what + " regressor p 17 from initialize");
    }
  // scikit-learn's defaults: batches of min(200, n), so 300 rows take 2 per epoch.
  expect_batches_exact<MLPClassifier>({{"maxIter", 1}}, small.X, small.y, 1, 2, 3, "defaults");
  expect_batches_exact<MLPClassifier>(json::object(), small.X, small.y, 0, 2, 3, "defaults from initialize");
  const IntVector two = (small.y.array() > 0).cast<int>();
  expect_batches_exact<MLPClassifier>(json::object(), small.X, two, 0, 2, 3, "two classes from initialize");
}

// initialize is the fit's start: the weights a fit starts from (seen through an sgd epoch at a rate
// of 1e-300, which moves none of them), and continueFit then runs the first epoch.
TEST(MLPInitialize, TheStartOfTheFit) {
  const Data data(300, 9);
  json o = options("sgd", false, 1);
  o["learningRateInit"] = 1e-300;
  o["momentum"] = 0.0;
  MLPClassifier started(params_from_json<MLPClassifier>(o)), still(params_from_json<MLPClassifier>(o));
  started.initialize(data.X, data.y.cast<double>());
  still.fit(data.X, data.y);
  EXPECT_EQ(started.weights().packed, still.weights().packed);
  EXPECT_EQ(started.predict_proba(data.X).rows(), 300);
  o = options("adam", true, 3);
  MLPRegressor regressor(params_from_json<MLPRegressor>(o)), direct(params_from_json<MLPRegressor>(o));
  regressor.initialize(data.X, data.Y);
  direct.fit(data.X, data.Y);
  for (int epoch = 0; epoch < 3; ++epoch) regressor.continue_fit(data.X, data.Y);
  expect_same_model(regressor, direct, "initialize + 3 continueFit");

  MLPClassifier lbfgs(params_from_json<MLPClassifier>({{"solver", "lbfgs"}}));
  EXPECT_EQ(error_of([&] { lbfgs.initialize(data.X, data.y.cast<double>()); }),
            "MLPClassifier.initialize is available only when solver is 'sgd' or 'adam'");
  MLPClassifier model;
  EXPECT_EQ(error_of([&] { model.initialize(data.X, data.Y); }),
            "MLPClassifier.initialize takes one class per row (a multi-label fit starts with fit)");
  EXPECT_EQ(error_of([&] { model.initialize(data.X, Matrix::Zero(300, 1)); }), "MLPClassifier needs at least 2 classes in y, got 1");
  EXPECT_FALSE(model.is_fitted());
}

TEST(MLPContinueBatch, ErrorsAsContinueFit) {
  const Data data(300, 9);
  MLPClassifier model(params_from_json<MLPClassifier>(options("adam", false, 1)));
  EXPECT_EQ(error_of([&] { model.continue_batch(data.X, data.y.cast<double>()); }),
            "This MLPClassifier is not fitted yet: call fit before continueBatch");
  model.fit(data.X, data.y);
  Matrix other = data.X;
  other(0, 0) += 1;
  EXPECT_EQ(error_of([&] { model.continue_batch(other, data.y.cast<double>()); }),
            "MLPClassifier.continueBatch needs the X and y of the last fit");
  MLPRegressor lbfgs(params_from_json<MLPRegressor>({{"solver", "lbfgs"}, {"maxIter", 3}}));
  lbfgs.fit(data.X, data.Y);
  EXPECT_EQ(error_of([&] { lbfgs.continue_batch(data.X, data.Y); }),
            "MLPRegressor.continueBatch is available only when solver is 'sgd' or 'adam'");
}

// layerActivations on 300 rows (past a block of 256): each hidden layer is f(A·W + b) of the layer
// before, written out here; the last layer is predictProba (softmax, logistic) or predict (identity);
// in float32 within float precision of those.
TEST(MLPLayerActivations, EveryLayerByHandAndTheOutputsAsPredicted) {
  const Data data(300, 9);
  const IntVector two = (data.y.array() > 0).cast<int>();
  const auto hand = [](const char* activation, double z) {
    const std::string f = activation;
    return f == "tanh" ? std::tanh(z) : f == "relu" ? std::max(z, 0.0) : f == "logistic" ? 1 / (1 + std::exp(-z)) : z;
  };
  const auto check = [&](const MultilayerPerceptron& model, const char* activation, const Matrix& outputs,
                         const std::string& what) {
    const NdArray values = model.layer_activations(data.X);
    const auto& units = model.weights().units;
    const Index n = data.X.rows();
    Matrix input = data.X;
    Index at = 0;
    for (std::size_t l = 1; l < units.size(); ++l) {
      const Eigen::Map<const Matrix> layer(values.data.data() + at, n, units[l]);
      at += n * units[l];
      if (l + 1 == units.size()) {
        EXPECT_EQ(Matrix(layer), outputs) << what << ": the output layer";
        break;
      }
      const Matrix z = (input * model.weights().coef(l - 1)).rowwise() + model.weights().intercept(l - 1).transpose();
      const Matrix want = z.unaryExpr([&](double v) { return hand(activation, v); });
      EXPECT_LE((Matrix(layer) - want).cwiseAbs().maxCoeff(), 1e-13) << what << ": layer " << l;
      input = layer;
    }
    EXPECT_EQ(at, static_cast<Index>(values.data.size())) << what;
    EXPECT_EQ(values.shape, std::vector<Index>{at}) << what;
    // In float32 (the network view's maps): within float precision of every value (layers of 17 and
    // 9 units: a tile of 16 floats and one more; 3 packets).
    const NdArray floats = model.layer_activations_float32(data.X);
    ASSERT_TRUE(floats.is_float32 && floats.data.empty()) << what;
    ASSERT_EQ(floats.floats.size(), values.data.size()) << what;
    EXPECT_EQ(floats.shape, values.shape) << what;
    double worst = 0;
    for (std::size_t i = 0; i < values.data.size(); ++i)
      worst = std::max(worst, std::fabs(floats.floats[i] - values.data[i]) / (1 + std::fabs(values.data[i])));
    EXPECT_LE(worst, 2e-6) << what << ": float32";
    EXPECT_GT(worst, 0) << what << ": computed in float32";
  };
  for (const char* activation : {"tanh", "relu", "logistic", "identity"}) {
    json o = options("adam", false, 5);
    o["activation"] = activation;
    o["hiddenLayerSizes"] = {17, 9};
    MLPClassifier three(params_from_json<MLPClassifier>(o)), binary(params_from_json<MLPClassifier>(o));
    three.fit(data.X, data.y);
    binary.fit(data.X, two);
    check(three, activation, three.predict_proba(data.X), std::string(activation) + " softmax");
    Matrix p1 = binary.predict_proba(data.X).col(1);
    check(binary, activation, p1, std::string(activation) + " logistic");
    MLPRegressor regressor(params_from_json<MLPRegressor>(o));
    regressor.fit(data.X, data.Y);
    check(regressor, activation, regressor.predict(data.X), std::string(activation) + " regressor");
  }
  MLPClassifier unfitted;
  EXPECT_EQ(error_of([&] { unfitted.layer_activations(data.X); }).substr(0, 32), "This MLPClassifier is not fitted");
  EXPECT_EQ(error_of([&] { unfitted.layer_activations_float32(data.X); }).substr(0, 32), "This MLPClassifier is not fitted");
}
