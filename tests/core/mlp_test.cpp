// MLPClassifier / MLPRegressor: scikit-learn 1.2.1's loss curves, final weights, predictions and
// stopping epochs from its own starting weights (tests/fixtures/mlp.json: adam and sgd with and
// without Nesterov, invscaling and adaptive rates, every activation, multi-label, lbfgs, early
// stopping on scikit-learn's split; 300 and 520 rows, 8, 9, 16 and 17 features), closed forms (a
// network without hidden layers is least squares / ridge), the Glorot start of the defaults, and
// the rules of warm starts, partial fits, cancellation and bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <string>

#include "../core/test_support.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/metrics/metrics.hpp"
#include "wasmlearn/neural_network/describe.hpp"

using namespace wasmlearn;
using test_support::error_of;
using test_support::matrix_of;

namespace {

const json& doc() { return test_support::cached_fixture("mlp.json"); }

IntVector codes_of(const json& j) {
  IntVector v(static_cast<Index>(j.size()));
  for (Index i = 0; i < v.size(); ++i) v[i] = j[static_cast<std::size_t>(i)].get<int>();
  return v;
}

json options_with_start(const json& c) {
  json o = c["options"];
  o["weightsInit"] = c["weightsInit"];
  return o;
}

double relative_error(double got, double want) { return std::fabs(got - want) / std::max(std::fabs(want), 1e-300); }

void expect_weights(const MultilayerPerceptron& m, const json& c, double tol) {
  const NamedArrays coefs = m.coefs(), intercepts = m.intercepts();
  ASSERT_EQ(coefs.items.size(), c["coefs"].size());
  for (std::size_t l = 0; l < coefs.items.size(); ++l) {
    const Matrix want = matrix_of(c["coefs"][l]);
    const NdArray& got = coefs.items[l].second;
    ASSERT_EQ(got.shape, (std::vector<Index>{want.rows(), want.cols()}));
    for (Index k = 0; k < want.size(); ++k) EXPECT_NEAR(got.data[static_cast<std::size_t>(k)], want.data()[k], tol) << "coefs[" << l << "]";
    const Matrix b = matrix_of(c["intercepts"][l]);
    for (Index k = 0; k < b.size(); ++k)
      EXPECT_NEAR(intercepts.items[l].second.data[static_cast<std::size_t>(k)], b.data()[k], tol) << "intercepts[" << l << "]";
  }
}

void expect_history(const MultilayerPerceptron& m, const json& c) {
  EXPECT_EQ(m.n_iter(), c["nIter"].get<int>());
  EXPECT_EQ(m.t(), c["t"].get<double>());
  EXPECT_EQ(m.n_layers(), c["nLayers"].get<int>());
  EXPECT_EQ(m.n_outputs(), c["nOutputs"].get<int>());
  const Vector curve = m.loss_curve();
  ASSERT_EQ(static_cast<std::size_t>(curve.size()), c["lossCurve"].size());
  for (Index e = 0; e < curve.size(); ++e)
    EXPECT_LT(relative_error(curve[e], c["lossCurve"][static_cast<std::size_t>(e)].get<double>()), 1e-9) << "epoch " << e;
  EXPECT_LT(relative_error(m.loss(), c["loss"].get<double>()), 1e-9);
  if (c.contains("bestLoss")) {
    EXPECT_LT(relative_error(m.best_loss(), c["bestLoss"].get<double>()), 1e-9);
  }
  if (c.contains("validationScores")) {
    const Vector scores = m.validation_scores();
    ASSERT_EQ(static_cast<std::size_t>(scores.size()), c["validationScores"].size());
    for (Index e = 0; e < scores.size(); ++e)
      EXPECT_NEAR(scores[e], c["validationScores"][static_cast<std::size_t>(e)].get<double>(), 1e-9) << "epoch " << e;
    EXPECT_NEAR(m.best_validation_score(), c["bestValidationScore"].get<double>(), 1e-9);
  }
}

const char* out_name(MLPActivation a) {
  switch (a) {
    case MLPActivation::identity: return "identity";
    case MLPActivation::logistic: return "logistic";
    case MLPActivation::softmax: return "softmax";
    default: return "hidden only";
  }
}

TEST(MLPParity, StochasticSolversFollowScikitLearnEpochByEpoch) {
  int checked = 0;
  for (const json& c : doc()["cases"]) {
    if (c["options"].value("solver", "adam") == "lbfgs") continue;
    SCOPED_TRACE(c["name"].get<std::string>());
    const Matrix X = matrix_of(c["X"]);
    const Index n_val = c["nValidation"].get<Index>(), n_train = X.rows() - n_val;
    if (c["estimator"] == "MLPClassifier") {
      MLPClassifier m(params_from_json<MLPClassifier>(options_with_start(c)));
      if (c["kind"] == "multilabel") {
        const Matrix Y = matrix_of(c["y"]);
        m.fit_multilabel(X, Y);
        EXPECT_EQ(m.predict_multilabel(X), matrix_of(c["predict"]));
      } else {
        const IntVector y = codes_of(c["y"]);
        if (n_val) m.fit_with_validation(X.topRows(n_train), y.head(n_train), X.bottomRows(n_val), y.tail(n_val));
        else m.fit(X, y);
        EXPECT_EQ(m.predict(X), codes_of(c["predict"]));
      }
      EXPECT_LT((m.predict_proba(X) - matrix_of(c["proba"])).cwiseAbs().maxCoeff(), 1e-8);
      expect_history(m, c);
      expect_weights(m, c, 1e-8);
      EXPECT_STREQ(out_name(m.out_activation()), c["outActivation"].get<std::string>().c_str());
    } else {
      MLPRegressor m(params_from_json<MLPRegressor>(options_with_start(c)));
      const Matrix Y = matrix_of(c["y"]);
      if (n_val) m.fit_with_validation(X.topRows(n_train), Y.topRows(n_train), X.bottomRows(n_val), Y.bottomRows(n_val));
      else m.fit(X, Y);
      EXPECT_LT((m.predict(X) - matrix_of(c["predict"])).cwiseAbs().maxCoeff(), 1e-8);
      expect_history(m, c);
      expect_weights(m, c, 1e-8);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 14);
}

// scikit-learn's L-BFGS-B stops on its relative-decrease rule, so the losses are compared, not the weights.
TEST(MLPParity, LbfgsReachesScikitLearnsLoss) {
  int checked = 0;
  for (const json& c : doc()["cases"]) {
    if (c["options"].value("solver", "adam") != "lbfgs") continue;
    SCOPED_TRACE(c["name"].get<std::string>());
    const Matrix X = matrix_of(c["X"]);
    double loss;
    if (c["estimator"] == "MLPClassifier") {
      MLPClassifier m(params_from_json<MLPClassifier>(options_with_start(c)));
      m.fit(X, codes_of(c["y"]));
      loss = m.loss();
      EXPECT_EQ(m.loss_curve().size(), 0);
    } else {
      MLPRegressor m(params_from_json<MLPRegressor>(options_with_start(c)));
      m.fit(X, matrix_of(c["y"]));
      loss = m.loss();
    }
    EXPECT_NEAR(loss, c["loss"].get<double>(), 1e-6);
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

// Without hidden layers and with identity outputs the loss is (1/2n)‖y − Xw − b‖² + α/(2n)‖w‖²:
// ridge regression with an unpenalised intercept (least squares for α = 0).
TEST(MLPClosedForm, NoHiddenLayerIsRidge) {
  Random random(5);
  const Index n = 300, p = 9;
  Matrix X(n, p);
  for (Index i = 0; i < X.size(); ++i) X.data()[i] = random.normal();
  Vector w_true = Vector::LinSpaced(p, -1, 1);
  Matrix y = X * w_true + Vector::Constant(n, 0.5);
  for (Index i = 0; i < n; ++i) y(i, 0) += 0.1 * random.normal();
  for (double alpha : {0.0, 30.0}) {
    MLPParams params;
    params.hidden_layer_sizes = {};
    params.solver = MLPSolver::lbfgs;
    params.alpha = alpha;
    params.tol = 1e-12;
    params.max_iter = 1000;
    MLPRegressor m(params);
    m.fit(X, y);
    const RowVector mean = X.colwise().mean();
    const Matrix Xc = X.rowwise() - mean;
    const Vector yc = y.col(0).array() - y.mean();
    const Vector w = (Xc.transpose() * Xc + alpha * Matrix::Identity(p, p)).ldlt().solve(Xc.transpose() * yc);
    const double b = y.mean() - mean.dot(w);
    // lbfgs stops on scipy's relative decrease (2.2e-9): the objective is compared with the optimum.
    const double optimum = (y.col(0) - X * w - Vector::Constant(n, b)).squaredNorm() / (2.0 * n) +
                           alpha * w.squaredNorm() / (2.0 * n);
    EXPECT_GE(m.loss(), optimum - 1e-12);
    EXPECT_LE(m.loss(), optimum * (1 + 1e-9));
    const NamedArrays coefs = m.coefs();
    for (Index j = 0; j < p; ++j) EXPECT_NEAR(coefs.items[0].second.data[static_cast<std::size_t>(j)], w[j], 1e-4) << alpha;
    EXPECT_NEAR(m.intercepts().items[0].second.data[0], b, 1e-4);
  }
}

// The defaults start from Glorot-uniform weights: ±sqrt(6 / (fanIn + fanOut)), 2 for logistic.
TEST(MLPDefaults, GlorotUniformStartFromTheOwnGenerator) {
  Random random(1);
  Matrix X(40, 17);
  for (Index i = 0; i < X.size(); ++i) X.data()[i] = random.normal();
  IntVector y(40);
  for (Index i = 0; i < 40; ++i) y[i] = static_cast<int>(i % 3);
  for (auto activation : {MLPActivation::relu, MLPActivation::logistic}) {
    MLPParams params;
    params.activation = activation;
    params.solver = MLPSolver::sgd;
    params.learning_rate_init = 1e-300;  // the start, unchanged
    params.max_iter = 1;
    MLPClassifier m(params);
    m.fit(X, y);
    const NamedArrays coefs = m.coefs();
    ASSERT_EQ(coefs.items.size(), 2u);
    const double factor = activation == MLPActivation::logistic ? 2.0 : 6.0;
    const double bounds[2] = {std::sqrt(factor / (17 + 100)), std::sqrt(factor / (100 + 3))};
    for (int l = 0; l < 2; ++l) {
      const auto& w = coefs.items[static_cast<std::size_t>(l)].second.data;
      double largest = 0, sum = 0;
      for (double v : w) {
        largest = std::max(largest, std::fabs(v));
        sum += v;
      }
      EXPECT_LE(largest, bounds[l]);
      EXPECT_GT(largest, 0.97 * bounds[l]);
      // The mean of m uniform draws on ±b has standard deviation b / sqrt(3m): within 5 of them.
      EXPECT_LT(std::fabs(sum / static_cast<double>(w.size())), 5 * bounds[l] / std::sqrt(3.0 * static_cast<double>(w.size())));
    }
    MLPClassifier again(params);
    again.fit(X, y);
    EXPECT_EQ(again.weights().packed, m.weights().packed);
  }
}

TEST(MLPDefaults, LearnsAndStopsWithScikitLearnsDefaults) {
  const json& c = doc()["cases"][0];  // 300 x 9, three classes
  const Matrix X = matrix_of(c["X"]);
  const IntVector y = codes_of(c["y"]);
  MLPClassifier m;
  m.fit(X, y);
  EXPECT_EQ(m.n_layers(), 3);
  EXPECT_EQ(m.n_outputs(), 3);
  EXPECT_EQ(m.out_activation(), MLPActivation::softmax);
  EXPECT_EQ(m.t(), 300.0 * m.n_iter());
  EXPECT_LT(m.loss_curve()[m.n_iter() - 1], 0.5 * m.loss_curve()[0]);
  EXPECT_GT(accuracy_score(y, m.predict(X)), 0.85);
  // Probabilities sum to one; the log is predictLogProba.
  const Matrix P = m.predict_proba(X);
  EXPECT_LT((P.rowwise().sum().array() - 1.0).abs().maxCoeff(), 1e-12);
  EXPECT_NEAR(m.predict_log_proba(X)(7, 2), std::log(P(7, 2)), 1e-12);
  // A JSON round trip through the registry predicts the same bits.
  auto any = make_estimator("MLPClassifier", json::object());
  any->fit(X, y.cast<double>(), true);
  auto back = estimator_from_json(any->to_json());
  EXPECT_EQ(back->predict_proba(X), any->predict_proba(X));
  EXPECT_EQ(any->predict_proba(X), P);
}

// The first fixture case (300 x 9, three classes, adam) with scikit-learn's start and `epochs` epochs.
struct ThreeClasses {
  explicit ThreeClasses(int epochs) { o["maxIter"] = epochs; }
  const json& c = doc()["cases"][0];
  const Matrix X = matrix_of(c["X"]);
  const IntVector y = codes_of(c["y"]);
  json o = options_with_start(c);
};

TEST(MLPRules, PartialFitKeepsTheOptimiserAsEpochsDo) {
  ThreeClasses data(3);
  const Matrix& X = data.X;
  const IntVector& y = data.y;
  json& o = data.o;
  MLPClassifier epochs(params_from_json<MLPClassifier>(o));
  epochs.fit(X, y);
  MLPClassifier partial(params_from_json<MLPClassifier>(o));
  for (int i = 0; i < 3; ++i) partial.partial_fit(X, y, 3);
  EXPECT_EQ(partial.loss_curve(), epochs.loss_curve());
  EXPECT_EQ(partial.weights().packed, epochs.weights().packed);
  EXPECT_EQ(partial.n_iter(), 3);
  o["solver"] = "lbfgs";
  MLPClassifier lbfgs(params_from_json<MLPClassifier>(o));
  EXPECT_EQ(error_of([&] { lbfgs.partial_fit(X, y, 3); }), "MLPClassifier.partialFit is available only when solver is 'sgd' or 'adam'");
}

TEST(MLPRules, WarmStartContinuesFromTheWeights) {
  ThreeClasses data(4);
  const Matrix& X = data.X;
  const IntVector& y = data.y;
  json& o = data.o;
  MLPClassifier cold(params_from_json<MLPClassifier>(o));
  cold.fit(X, y);
  o["warmStart"] = true;
  MLPClassifier warm(params_from_json<MLPClassifier>(o));
  warm.fit(X, y).fit(X, y);
  ASSERT_EQ(warm.loss_curve().size(), 8);
  EXPECT_EQ(Vector(warm.loss_curve().head(4)), cold.loss_curve());
  EXPECT_EQ(warm.n_iter(), 8);
  EXPECT_LT(warm.loss_curve()[7], cold.loss_curve()[3]);
}

TEST(MLPRules, CancelAndErrorsLeaveTheModelAsItWas) {
  ThreeClasses data(20);
  const Matrix& X = data.X;
  const IntVector& y = data.y;
  MLPClassifier m(params_from_json<MLPClassifier>(data.o));
  m.fit(X, y);
  const Vector before = m.weights().packed;
  const Vector before_curve = m.loss_curve();
  int calls = 0;
  std::vector<double> losses;
  m.set_progress([&](int done, int total) {
    // Each epoch's loss, and no validation score without early stopping (NaN: null in JS).
    const NamedArrays values = m.progress_values();
    EXPECT_EQ(values.items.size(), 2u);
    EXPECT_EQ(values.items[0].first, "loss");
    EXPECT_EQ(values.items[1].first, "validationScore");
    EXPECT_TRUE(std::isnan(values.items[1].second.data.at(0)));
    losses.push_back(values.items[0].second.data.at(0));
    EXPECT_EQ(done, ++calls);
    EXPECT_EQ(total, 20);
    return done < 5;
  });
  EXPECT_EQ(error_of([&] { m.fit(X, y); }), "fit cancelled after 5 of 20 epochs");
  ASSERT_EQ(losses.size(), 5u);
  EXPECT_DOUBLE_EQ(losses[0], before_curve[0]);  // the same start: the same first epoch
  EXPECT_EQ(m.weights().packed, before);
  EXPECT_EQ(m.loss_curve().size(), 20);

  // Huge inputs and a huge step overflow the weights: a clear error, not NaN predictions.
  MLPParams params;
  params.solver = MLPSolver::sgd;
  params.learning_rate_init = 1e10;
  params.max_iter = 5;
  MLPRegressor r(params);
  const Matrix big = X * 1e150;
  EXPECT_NE(error_of([&] { r.fit(big, X.col(0)); }).find("non-finite weights"), std::string::npos);
  EXPECT_FALSE(r.is_fitted());
}

// A multi-label model's nClasses is its number of outputs: a one-label fit (nClasses 1) failed to
// load, and a count other than the outputs loaded (its labels then named other columns than
// predictProba's).
TEST(MLPRules, LoadedMultilabelClassesAreTheOutputs) {
  ThreeClasses data(20);
  for (const Index labels : {1, 3}) {
    Matrix Y(data.X.rows(), labels);
    for (Index i = 0; i < Y.rows(); ++i)
      for (Index j = 0; j < labels; ++j) Y(i, j) = (data.y[i] + j) % 2;
    auto m = make_estimator("MLPClassifier", {{"maxIter", 5}});
    m->fit(data.X, Y, false);
    EXPECT_EQ(estimator_from_json(m->to_json())->predict_proba(data.X), m->predict_proba(data.X)) << labels;
    json other = m->to_json();
    other["state"]["nClasses"] = labels + 1;
    EXPECT_EQ(error_of([&] { estimator_from_json(other); }), "model JSON: nClasses does not match the network's outputs") << labels;
  }
  // Layer sizes whose weight count overflows int64 (2^32 x 2^32) are refused, not multiplied.
  auto m = make_estimator("MLPClassifier", {{"maxIter", 5}, {"hiddenLayerSizes", {3}}});
  m->fit(data.X, data.y.cast<double>(), true);
  json huge = m->to_json();
  huge["state"]["units"][0] = 4294967296LL;
  huge["state"]["units"][1] = 4294967296LL;
  EXPECT_EQ(error_of([&] { estimator_from_json(huge); }), "model JSON: weights do not match units");
  json wrapped = m->to_json();
  wrapped["state"]["outActivation"] = 4294967297LL;  // was read as 1 (logistic)
  EXPECT_EQ(error_of([&] { estimator_from_json(wrapped); }), "model JSON: outActivation must be in [0, 4], got 4294967297");
}

TEST(MLPRules, BadOptionsNameTheArgument) {
  const Matrix X = Matrix::Random(10, 3);
  const IntVector y = (Vector::LinSpaced(10, 0, 1).array() > 0.5).cast<int>();
  EXPECT_EQ(error_of([] { make_estimator("MLPClassifier", {{"hiddenLayerSizes", {4, 0}}})->fit(Matrix::Ones(2, 1), Matrix::Zero(2, 1), true); }),
            "hiddenLayerSizes must hold integers of at least 1");
  EXPECT_EQ(error_of([] { make_estimator("MLPRegressor", {{"batchSize", "big"}}); }),
            "batchSize must be one of 'auto', got \"big\"");
  EXPECT_EQ(error_of([] { make_estimator("MLPRegressor", {{"beta2", 1}}); }), "beta2 must be in [0, 1), got 1");
  EXPECT_EQ(error_of([] { make_estimator("MLPRegressor", {{"verbose", true}}); }).substr(0, 44),
            "Unknown option 'verbose' for MLPRegressor; v");
  MLPParams params;
  params.hidden_layer_sizes = {2};
  params.weights_init = json::parse(R"({"coefs": [[[1, 2]]], "intercepts": [[0, 0], [0]]})");
  MLPClassifier m(params);
  EXPECT_EQ(error_of([&] { m.fit(X, y); }), "weightsInit must hold 2 coefs and intercepts (one per layer), got 1 and 2");
  params.weights_init = json::parse(R"({"coefs": [[[1, 2]], [[1], [1]]], "intercepts": [[0, 0], [0]]})");
  MLPClassifier wrong_rows(params);
  EXPECT_EQ(error_of([&] { wrong_rows.fit(X, y); }), "weightsInit.coefs[0] must have 3 rows");
  MLPClassifier fitted;
  fitted.fit(X, y);
  EXPECT_EQ(error_of([&] { fitted.predict(Matrix::Ones(2, 4)); }), "X has 4 columns but the model was fitted with 3");
}

// The integer levels the pinned fits below build their data from (tests/js/mlp.test.mjs builds the same).
int level(Index i, Index j) { return static_cast<int>((i * 37 + j * 11 + i * j) % 29); }

// 320 rows of 40 features in sixteenths of [0, 1], a third of them exact zeros (digits-like: the input
// products skip them).
Matrix sparse_levels() {
  Matrix X(320, 40);
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = level(i, j) < 10 ? 0.0 : (level(i, j) - 10) / 16.0;
  return X;
}

// Three classes the network can learn from those rows.
IntVector three_level_classes(Index rows) {
  IntVector y(rows);
  for (Index i = 0; i < rows; ++i) y[i] = (level(i, 0) + level(i, 1) + level(i, 2)) % 3;
  return y;
}

// What the same-bits tests pin of a fit: nIter, the loss, the weights' sum in order (as the JS test sums
// them), the first, the 101st and the last weight.
std::vector<double> pinned_values(const MLPClassifier& m) {
  const Vector& w = m.weights().packed;
  return {static_cast<double>(m.n_iter()), m.loss(), std::accumulate(w.begin(), w.end(), 0.0), w[0], w[100],
          w[w.size() - 1]};
}
}  // namespace

// The same fit gives the same bits natively and in WebAssembly: the products run one fixed order in
// both builds (ordered_products.hpp; before, Eigen's GEMM natively and other tiles in WebAssembly).
// Defaults (adam, batches of 200, relu) but a hidden layer of 24, on 320 rows of 40 features, a third
// of them exact zeros (the input products skip them). The values were printed from the WebAssembly
// build; tests/js/mlp.test.mjs requires them too. Re-pinned when training's softmax, the intercepts'
// gradients and the loss were summed in order (Eigen's reductions had added them in another order).
TEST(MLPDefaults, SameBitsInEveryBuild) {
  const Matrix X = sparse_levels();
  const IntVector y = three_level_classes(X.rows());
  MLPParams params;
  params.hidden_layer_sizes = {24};
  params.random_state = 0;
  MLPClassifier m(params);
  m.fit(X, y);
  EXPECT_EQ(pinned_values(m), (std::vector<double>{200, 0.052380133598441556, 9.577140584931307, -0.09353383228468705,
                                                   -0.1109519446334992, -0.01866797325841779}));
}

// sparse_levels with four values a column (1/4 .. 1): about 50 entries a value in all the rows and 31
// in a batch of 200, so that Xᵀ·δ₁ sums δ₁'s rows a value at a time (list_values_if_repeated).
Matrix few_levels() {
  Matrix X(320, 40);
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = level(i, j) < 10 ? 0.0 : ((level(i, j) - 10) % 4 + 1) / 4.0;
  return X;
}

// The products a value at a time give the same bits natively and in WebAssembly (values printed from the
// WebAssembly build; tests/js/mlp.test.mjs requires them too): adam in batches of 200, lbfgs over
// every row, adam in float32.
TEST(MLPDefaults, SumsByValueSameBitsInEveryBuild) {
  const Matrix X = few_levels();
  const IntVector y = three_level_classes(X.rows());
  const auto pins = [&](MLPSolver solver, double alpha, bool float32) {
    MLPParams params;
    params.hidden_layer_sizes = {24};
    params.solver = solver;
    params.alpha = alpha;
    params.random_state = 0;
    MLPClassifier m(params);
    m.set_float32_input(float32);
    m.fit(float32 ? Matrix(X.cast<float>().cast<double>()) : X, y);
    return pinned_values(m);
  };
  EXPECT_EQ(pins(MLPSolver::adam, 1e-4, false),
            (std::vector<double>{200, 0.04113408359151201, 15.865047339029545, -0.07146016097062101, -0.3302172144293728,
                                 0.046337087759725934}));
  EXPECT_EQ(pins(MLPSolver::lbfgs, 0.01, false),
            (std::vector<double>{30, 0.001728285160979926, 10.174897949887658, -0.08862329484892947,
                                 -0.21849133132238333, 0.9809128518746592}));
  EXPECT_EQ(pins(MLPSolver::adam, 1e-4, true),
            (std::vector<double>{200, 0.041137203617298786, 15.867541296114911, -0.07148201763629913,
                                 -0.3300168514251709, 0.0463462695479393}));
}

// tanh and logistic (activation_lanes.hpp) give the same bits natively and in WebAssembly, in training
// and in prediction: tanh hidden layers of 8 and 8 with one logistic output (two classes), and a
// logistic hidden layer of 9 with softmax outputs (three classes), on 300 rows of 9 features; and
// layerActivations in float32. tests/js/mlp.test.mjs requires the same values.
TEST(MLPDefaults, TanhAndLogisticSameBitsInEveryBuild) {
  Matrix X(300, 9);
  IntVector y(X.rows());
  for (Index i = 0; i < X.rows(); ++i) {
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = (level(i, j) - 14) / 7.0;
    y[i] = (level(i, 0) + level(i, 1) + level(i, 2)) % 3;
  }
  const auto fitted = [&](MLPActivation activation, std::vector<double> hidden, const IntVector& labels) {
    MLPParams params;
    params.hidden_layer_sizes = std::move(hidden);
    params.activation = activation;
    params.random_state = 0;
    params.max_iter = 30;
    MLPClassifier m(params);
    m.fit(X, labels);
    const Vector& w = m.weights().packed;
    const Matrix P = m.predict_proba(X);
    // layerActivations in float32 (FloatActivationLanes): the sum of every value in order, two of them.
    const std::vector<float> maps = m.layer_activations_float32(X).floats;
    return std::vector<double>{m.loss(), std::accumulate(w.begin(), w.end(), 0.0), w[5], P(0, 0), P(299, P.cols() - 1),
                               std::accumulate(maps.begin(), maps.end(), 0.0), maps[5], maps.back()};
  };
  const IntVector two = y.unaryExpr([](int v) { return v == 0 ? 1 : 0; });
  EXPECT_EQ(fitted(MLPActivation::tanh, {8, 8}, two),
            (std::vector<double>{0.7591121526509715, 3.5655492669246147, 0.5558337663074324, 0.44789944151587013, 0.4897926820485356,
                                 234.62929743225686, -0.8764214515686035, 0.48979267477989197}));
  EXPECT_EQ(fitted(MLPActivation::logistic, {9}, y),
            (std::vector<double>{1.0462205969976697, 1.8668614134366528, 0.27998963983950176, 0.3120210930854885, 0.49953929639294503,
                                 1644.3110400661826, 0.36910489201545715, 0.499539315700531}));
}

// lbfgs gives the same bits natively and in WebAssembly: LBFGSpp's algebra runs on Eigen's blocked
// products, which sum in the order Eigen's register and cache settings give, the same in every build
// (CMakeLists.txt). 42 iterations of a 40-24-3 network on labels it can barely fit (alpha 0.01).
// tests/js/mlp.test.mjs requires the same values; with either build's own settings (natively cpuid's
// caches, in wasm32 8 registers) nIter agrees but the loss and weights differ in their last bits.
TEST(MLPLbfgs, SameBitsInEveryBuild) {
  const Matrix X = sparse_levels();
  IntVector y(X.rows());
  for (Index i = 0; i < X.rows(); ++i) y[i] = static_cast<int>((i * 7 + level(i, 3) + (i * i) % 5) % 3);
  MLPParams params;
  params.hidden_layer_sizes = {24};
  params.solver = MLPSolver::lbfgs;
  params.alpha = 0.01;
  params.random_state = 0;
  MLPClassifier m(params);
  m.fit(X, y);
  EXPECT_EQ(pinned_values(m), (std::vector<double>{42, 1.0751068209407757, -10.20081483447879, 0.12703519787450207,
                                                   -0.28504277487452867, -0.03414289719617841}));
}

// Float32 training (X float32, set_float32_input: the JS binding's Float32Array): adam and sgd run the
// passes in float32, on both products (X's zeros listed on sparse data, dense otherwise). The loss
// curve follows the double fit's within float precision (1e-6 relative; 3e-8 seen), is not the double fit's, and is the same in
// every build (pinned here and in tests/js/mlp.test.mjs); continueFit keeps the fit's precision and
// lbfgs runs in double. Shapes past a 256-row block, 16 and 32 columns and a packet of floats.
TEST(MLPFloat32, FollowsTheDoubleFitWithinFloatPrecisionSameBitsInEveryBuild) {
  const Matrix sparse = sparse_levels();
  const IntVector y3 = three_level_classes(sparse.rows());
  Matrix dense(300, 17);
  IntVector y2(300);
  for (Index i = 0; i < dense.rows(); ++i) {
    for (Index j = 0; j < dense.cols(); ++j) dense(i, j) = (level(i, j) - 14) / 7.0;
    y2[i] = (level(i, 0) + level(i, 3)) % 2;
  }
  const Matrix targets = dense.leftCols(2).rowwise().sum().cwiseAbs() * 0.5;
  struct Case {
    const char* name;
    MLPActivation activation;
    std::vector<double> hidden;
    MLPSolver solver;
  };
  // relu 33: 8 packets of floats and one column; tanh 8-8 one logistic output; logistic 17 softmax.
  const Case cases[] = {{"relu 33 adam, sparse X, 3 classes", MLPActivation::relu, {33}, MLPSolver::adam},
                        {"tanh 8-8 sgd, dense X, 2 classes", MLPActivation::tanh, {8, 8}, MLPSolver::sgd},
                        {"logistic 17 adam, dense X, regression", MLPActivation::logistic, {17}, MLPSolver::adam}};
  std::vector<double> pins;
  for (const Case& c : cases) {
    MLPParams params;
    params.hidden_layer_sizes = c.hidden;
    params.activation = c.activation;
    params.solver = c.solver;
    params.random_state = 0;
    params.max_iter = 20;
    const bool regression = c.activation == MLPActivation::logistic;
    const Matrix& X = c.activation == MLPActivation::relu ? sparse : dense;
    struct Fit {
      Vector curve, weights;
      double loss;
    };
    const auto fitted = [&](bool float32) {
      const auto result = [](const MultilayerPerceptron& m) { return Fit{m.loss_curve(), m.weights().packed, m.loss()}; };
      if (regression) {
        MLPRegressor m(params);
        m.set_float32_input(float32);
        return result(m.fit(X, targets));
      }
      MLPClassifier m(params);
      m.set_float32_input(float32);
      return result(m.fit(X, c.activation == MLPActivation::relu ? y3 : y2));
    };
    const Fit single = fitted(true), twice = fitted(false);
    ASSERT_EQ(single.curve.size(), 20) << c.name;
    EXPECT_NE(single.curve, twice.curve) << c.name << ": the float32 fit ran in double";
    for (Index e = 0; e < single.curve.size(); ++e)
      EXPECT_NEAR(single.curve[e], twice.curve[e], 1e-6 * twice.curve[e]) << c.name << ", epoch " << e + 1;  // 3e-8 seen
    const Vector& w = single.weights;
    pins.push_back(single.loss);
    pins.push_back(std::accumulate(w.begin(), w.end(), 0.0));  // summed in order, as in JS
    pins.push_back(w[w.size() - 1]);
  }
  EXPECT_EQ(pins, (std::vector<double>{0.75299598851825378, 7.1978263958590105, 0.0097792083397507668,
                                        0.69805574879425092, 1.3426560861989856, 0.26420491933822632,
                                        0.12568447436444607, 4.807822236471111, 0.21040734648704529}));

  // continueFit keeps the fit's precision: equal, bit for bit, to the float32 fit with one more epoch.
  MLPParams params;
  params.hidden_layer_sizes = {33};
  params.random_state = 0;
  params.max_iter = 3;
  MLPClassifier continued(params), longer([&] {
    MLPParams p = params;
    p.max_iter = 4;
    return p;
  }());
  continued.set_float32_input(true);
  longer.set_float32_input(true);
  continued.fit(sparse, y3);
  continued.set_float32_input(false);  // as a later call with a Float64Array sets it
  continued.continue_fit(sparse, y3.cast<double>());
  longer.fit(sparse, y3);
  EXPECT_EQ(continued.weights().packed, longer.weights().packed);
  EXPECT_EQ(continued.loss_curve(), longer.loss_curve());

  // lbfgs runs in double whatever X's precision.
  params.solver = MLPSolver::lbfgs;
  params.max_iter = 15;
  MLPClassifier lbfgs_single(params), lbfgs_double(params);
  lbfgs_single.set_float32_input(true);
  lbfgs_single.fit(sparse, y3);
  lbfgs_double.fit(sparse, y3);
  EXPECT_EQ(lbfgs_single.weights().packed, lbfgs_double.weights().packed);
}

// A model trained in float32 (adam or sgd on a float32 X) predicts a float32 X in float32, as
// scikit-learn's float32 weights on a float32 X: the float32 forward pass (layerActivations'
// { dtype: 'float32' } output layer), near the double one and not it; a float64 X, or an lbfgs
// model, in double. The model JSON keeps whether it trained in float32.
TEST(MLPFloat32, PredictsAFloat32XInFloat32AfterAFloat32Fit) {
  Matrix X(300, 17);
  IntVector y(300);
  for (Index i = 0; i < X.rows(); ++i) {
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = static_cast<double>((i * 37 + j * 11 + i * j) % 29 - 14) / 7.0;
    y[i] = static_cast<int>((i * 7 + (i * 37) % 29) % 3);
  }
  MLPParams params;
  params.hidden_layer_sizes = {20};
  params.random_state = 0;
  params.max_iter = 5;
  MLPClassifier m(params);
  m.set_float32_input(true);
  m.fit(X, y);
  EXPECT_TRUE(m.trained_in_float32());
  const Matrix single = m.predict_proba(X);
  const NdArray all = m.layer_activations_float32(X);
  const Index outputs = single.size();
  ASSERT_EQ(all.floats.size(), static_cast<std::size_t>(20 * 300 + outputs));
  for (Index k = 0; k < outputs; ++k)
    ASSERT_EQ(single.data()[k], static_cast<double>(all.floats[static_cast<std::size_t>(20 * 300 + k)])) << k;
  m.set_float32_input(false);
  const Matrix twice = m.predict_proba(X);
  EXPECT_NE(single, twice);
  EXPECT_LT((single - twice).cwiseAbs().maxCoeff(), 1e-5);
  EXPECT_EQ(m.state()["float32"], true);
  MLPClassifier loaded(params);
  loaded.load_state(json::parse(m.state().dump()));
  loaded.set_float32_input(true);
  EXPECT_TRUE(loaded.trained_in_float32());
  EXPECT_EQ(loaded.predict_proba(X), single);
  EXPECT_EQ(loaded.predict(X), m.predict(X));

  params.solver = MLPSolver::lbfgs;
  MLPClassifier lbfgs(params);
  lbfgs.set_float32_input(true);
  lbfgs.fit(X, y);
  EXPECT_FALSE(lbfgs.trained_in_float32());
  EXPECT_FALSE(lbfgs.state().contains("float32"));
  const Matrix in_double = lbfgs.predict_proba(X);
  lbfgs.set_float32_input(false);
  EXPECT_EQ(lbfgs.predict_proba(X), in_double);
}

// Early stopping in a float32 fit scores the float32 pass's outputs, as scikit-learn's float32 fit
// scores its float32 predictions: the best validation score is the R² of the kept (best) weights'
// float32 predictions of the validation rows, bit for bit, and not of the double pass's (it was).
TEST(MLPFloat32, EarlyStoppingScoresTheFloat32Pass) {
  const auto value = [](Index i, Index j) { return static_cast<double>((i * 37 + j * 11 + i * j) % 29 - 14) / 7.0; };
  Matrix X(300, 17), X_val(40, 17);
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = value(i, j);
  for (Index i = 0; i < X_val.rows(); ++i)
    for (Index j = 0; j < X_val.cols(); ++j) X_val(i, j) = value(i + 300, j);
  const auto target = [](const Matrix& A) { return Matrix(A.leftCols(3).rowwise().sum().cwiseAbs() * 0.5); };
  MLPParams params;
  params.hidden_layer_sizes = {20};
  params.random_state = 0;
  params.max_iter = 30;
  params.early_stopping = true;
  MLPRegressor m(params);
  m.set_float32_input(true);
  m.fit_with_validation(X, target(X), X_val, target(X_val));
  ASSERT_TRUE(m.trained_in_float32());
  ASSERT_EQ(m.validation_scores().size(), 30);
  const Matrix single = m.predict(X_val);  // float32 input: the float32 pass
  m.set_float32_input(false);
  const Matrix twice = m.predict(X_val);
  EXPECT_EQ(m.best_validation_score(), r2_score(target(X_val), single));
  EXPECT_NE(r2_score(target(X_val), single), r2_score(target(X_val), twice));
  EXPECT_NEAR(m.best_validation_score(), r2_score(target(X_val), twice), 1e-6);
}
