// Declarations of the multi-layer perceptrons (see base/describe.hpp).
#pragma once
#include <cmath>

#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/method_availability.hpp"
#include "wasmlearn/neural_network/multilayer_perceptron.hpp"

namespace wasmlearn {
namespace detail {

inline auto mlp_params() {
  using P = MLPParams;
  const Range below_one{0, 1, false, true};
  return std::make_tuple(
      param("hiddenLayerSizes", &P::hidden_layer_sizes, "neurons of each hidden layer, e.g. [100] or [8, 8]"),
      param("activation", &P::activation, "activation of the hidden layers",
            {{"identity", MLPActivation::identity}, {"logistic", MLPActivation::logistic}, {"tanh", MLPActivation::tanh},
             {"relu", MLPActivation::relu}}),
      param("solver", &P::solver, "adam, sgd (momentum, Nesterov, rate schedules) or lbfgs (full batch)",
            {{"lbfgs", MLPSolver::lbfgs}, {"sgd", MLPSolver::sgd}, {"adam", MLPSolver::adam}}),
      param("alpha", &P::alpha, "L2 penalty: alpha/2·Σ‖W‖² divided by the batch's rows is added to the loss", at_least(0)),
      param("batchSize", &P::batch_size, "rows per minibatch of adam and sgd; 'auto' is min(200, n)",
            {{"auto", BatchSizeAuto::automatic}}, at_least(1)),
      param("learningRate", &P::learning_rate,
            "sgd's step schedule: constant, invscaling (learningRateInit / (t + 1)^powerT, t samples seen), or "
            "adaptive (divided by 5 after nIterNoChange epochs without improvement)",
            {{"constant", LearningRateSchedule::constant}, {"invscaling", LearningRateSchedule::invscaling},
             {"adaptive", LearningRateSchedule::adaptive}}),
      param("learningRateInit", &P::learning_rate_init, "initial step size (adam, sgd)", greater_than(0)),
      param("powerT", &P::power_t, "exponent of the invscaling schedule", at_least(0)),
      param("maxIter", &P::max_iter, "epochs of adam / sgd, iterations of lbfgs", at_least(1)),
      param("shuffle", &P::shuffle, "visit the rows in a new random order each epoch (adam, sgd)"),
      param("randomState", &P::random_state, "seed of the initial weights, the shuffles and the validation split", at_least(0)),
      param("tol", &P::tol,
            "an epoch improves when the loss falls (or the validation score rises) by more than tol; lbfgs stops when "
            "the largest gradient entry is at most tol",
            at_least(0)),
      param("warmStart", &P::warm_start, "fit from the previous weights (same network)"),
      param("momentum", &P::momentum, "sgd's momentum", between(0, 1)),
      param("nesterovsMomentum", &P::nesterovs_momentum, "sgd takes Nesterov's momentum step"),
      param("earlyStopping", &P::early_stopping,
            "hold out validationFraction of the rows, stop when their score stops improving, keep the best weights"),
      param("validationFraction", &P::validation_fraction, "share of the rows held out by earlyStopping", below_one),
      param("beta1", &P::beta_1, "adam's decay of the first moment", below_one),
      param("beta2", &P::beta_2, "adam's decay of the second moment", below_one),
      param("epsilon", &P::epsilon, "adam's guard in the denominator", greater_than(0)),
      param("nIterNoChange", &P::n_iter_no_change,
            "epochs without improvement by tol before stopping; Infinity (also 'Infinity') never stops early",
            {{"Infinity", NoChangeLimit::infinity}}, at_least(1)),
      param("maxFun", &P::max_fun, "most loss evaluations of lbfgs", at_least(1)),
      param("weightsInit", &P::weights_init,
            "starting weights instead of random ones: { coefs: [W per layer, fanIn x fanOut], intercepts: [b per "
            "layer] } (scikit-learn's coefs_ / intercepts_)"));
}

inline auto mlp_rules() {
  using P = MLPParams;
  return std::make_tuple(rule<P>("hiddenLayerSizes must hold integers of at least 1", [](const P& p) {
    for (double h : p.hidden_layer_sizes)
      if (!(h >= 1) || std::floor(h) != h) return false;
    return true;
  }));
}

template <class E>
auto mlp_attributes() {
  return std::make_tuple(
      attribute("lossCurve", &E::loss_curve, "the loss (with the penalty) of each epoch (adam, sgd)")
          .as(Role::objective_history, "loss"),
      attribute("loss", &E::loss, "the loss of the last epoch or of the lbfgs solution"),
      attribute("bestLoss", &E::best_loss, "the lowest epoch loss (NaN with earlyStopping or lbfgs, where scikit-learn has None)"),
      attribute("validationScores", &E::validation_scores,
                "the validation score of each epoch (earlyStopping; empty without, where scikit-learn has None)"),
      attribute("bestValidationScore", &E::best_validation_score,
                "the best validation score (NaN without earlyStopping, where scikit-learn has None)"),
      attribute("nIter", &E::n_iter, "epochs (adam, sgd) or iterations (lbfgs) run"),
      attribute("t", &E::t, "training samples seen by the optimiser"),
      attribute("nLayers", &E::n_layers, "layers including the input and the output layer"),
      attribute("nOutputs", &E::n_outputs, "output neurons"),
      attribute("outActivation", &E::out_activation_code,
                "activation of the output layer: 0 identity, 1 logistic, 4 softmax (2 tanh, 3 relu are hidden only)"),
      attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
}

// scikit-learn's available_if: partial_fit only for the stochastic solvers (continueFit likewise).
template <class E>
auto mlp_availability() {
  const auto stochastic = [](const E& e) { return e.params().solver != MLPSolver::lbfgs; };
  return std::make_tuple(available_if<E>("partialFit", "solver is 'sgd' or 'adam'", stochastic),
                         available_if<E>("initialize", "solver is 'sgd' or 'adam'", stochastic),
                         available_if<E>("continueFit", "solver is 'sgd' or 'adam'", stochastic),
                         available_if<E>("continueBatch", "solver is 'sgd' or 'adam'", stochastic));
}

// Not a scikit-learn method: the step of the playground's training player, which shows the fit of
// maxIter k at step k without refitting k epochs each step.
constexpr const char* kContinueFitDoc =
    "one more epoch of the last fit (adam, sgd), on the same X and y: the model then equals, bit for bit, the fit "
    "with maxIter + 1, which maxIter becomes (the generator, the optimiser and the stopping counters carry on; "
    "in memory only, not after loading or setParams); after continueBatch, the rest of the epoch under way";
constexpr const char* kInitializeDoc =
    "the start of fit(X, y) without any batch (adam, sgd): the starting weights (random or weightsInit), the "
    "optimiser, the shuffling generator and the early-stopping split; maxIter becomes 1, the epoch under way. "
    "continueBatch then takes the first epoch's batches one at a time (after the last, the model equals, bit for "
    "bit, the fit with maxIter 1), continueFit the whole epoch";
constexpr const char* kContinueBatchDoc =
    "the next minibatch of the last fit or initialize (adam, sgd), on the same X and y, the first of an epoch starting "
    "it: after an epoch's last batch the model equals, bit for bit, the fit with that many epochs (maxIter counts the "
    "epoch under way)";

template <class E>
auto mlp_methods() {
  return std::make_tuple(
      method("coefs", &E::coefs, "the coefficient matrices, { 0: W1 (features x units), 1: W2, ... }")
          .returns({{"", ResultKind::matrix, "layer i's weights (units[i] x units[i + 1])"}}),
      method("intercepts", &E::intercepts, "the intercept vectors, { 0: b1, 1: b2, ... }")
          .returns({{"", ResultKind::vector, "layer i's biases (units[i + 1])"}}),
      method("layerActivations", &E::layer_activations,
             "every neuron's value for the rows of X after its activation: the hidden layers, then the output layer, "
             "one after the other (layer l's n x units[l] values row by row)")
          .returns({{"", ResultKind::vector, "n x units[1], then n x units[2], ..., row-major, in one array"}}),
      method("layerActivations", &E::layer_activations_float32,
             "the same computed in single precision (a Float32Array, within a few float ulp of each value)")
          .in_float32());
}

}  // namespace detail

template <>
struct Describe<MLPClassifier> {
  static constexpr const char* name = "MLPClassifier";
  static constexpr const char* family = "neural_network";
  static constexpr const char* doc =
      "Multi-layer perceptron classifier: softmax (or logistic for two classes) outputs, cross-entropy loss. "
      "X as a Float32Array trains adam and sgd (and then predicts such an X) in float32, as scikit-learn keeps float32 input";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // scores of weights grown by X's rows
  static constexpr Float32Results float32_results = float32_predict_proba(Float32Rule::fit_and_x);  // when trained in float32 (adam, sgd)
  static auto params() { return detail::mlp_params(); }
  static auto rules() { return detail::mlp_rules(); }
  static auto attributes() { return detail::mlp_attributes<MLPClassifier>(); }
  static auto methods() {
    return std::tuple_cat(detail::mlp_methods<MLPClassifier>(),
                          std::make_tuple(method("predictLogProba", &MLPClassifier::predict_log_proba, "log of predictProba")));
  }
  static auto update_methods() {
    return std::make_tuple(update_method("partialFit", &MLPClassifier::partial_fit,
                                         "one epoch on (X, y) from the current weights and optimiser state; the first call "
                                         "(of an unfitted model) needs { classes }, every label y may hold"),
                           update_method("initialize", &MLPClassifier::initialize, detail::kInitializeDoc).starting_fit(),
                           update_method("continueFit", &MLPClassifier::continue_fit, detail::kContinueFitDoc),
                           update_method("continueBatch", &MLPClassifier::continue_batch, detail::kContinueBatchDoc));
  }
  static auto availability() { return detail::mlp_availability<MLPClassifier>(); }
};

template <>
struct Describe<MLPRegressor> {
  static constexpr const char* name = "MLPRegressor";
  static constexpr const char* family = "neural_network";
  static constexpr const char* doc =
      "Multi-layer perceptron regressor: identity outputs, squared-error loss. X as a Float32Array trains adam and "
      "sgd (and then predicts such an X) in float32, as scikit-learn keeps float32 input";
  static constexpr Kind kind = Kind::regressor;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // scores of weights grown by X's rows
  static constexpr Float32Results float32_results = float32_predict(Float32Rule::fit_and_x);  // when trained in float32 (adam, sgd)
  static auto params() { return detail::mlp_params(); }
  static auto rules() { return detail::mlp_rules(); }
  static auto attributes() { return detail::mlp_attributes<MLPRegressor>(); }
  static auto methods() { return detail::mlp_methods<MLPRegressor>(); }
  static auto update_methods() {
    return std::make_tuple(
        update_method("partialFit", &MLPRegressor::partial_fit, "one epoch on (X, y) from the current weights and optimiser state"),
        update_method("initialize", &MLPRegressor::initialize, detail::kInitializeDoc).starting_fit(),
        update_method("continueFit", &MLPRegressor::continue_fit, detail::kContinueFitDoc),
        update_method("continueBatch", &MLPRegressor::continue_batch, detail::kContinueBatchDoc));
  }
  static auto availability() { return detail::mlp_availability<MLPRegressor>(); }
};

}  // namespace wasmlearn
