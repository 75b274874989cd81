// Declarations of the linear models (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/linear_model/coordinate_descent.hpp"
#include "wasmlearn/linear_model/linear_regression.hpp"
#include "wasmlearn/linear_model/perceptron.hpp"
#include "wasmlearn/linear_model/subset_selection.hpp"
#include "wasmlearn/linear_model/logistic.hpp"

namespace wasmlearn {

template <>
struct Describe<LinearRegression> {
  static constexpr const char* name = "LinearRegression";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc = "Ordinary least squares (minimum-norm solution for rank-deficient X)";
  static constexpr Kind kind = Kind::regressor;
  static constexpr Float32Results float32_results = float32_predict(Float32Rule::fit_and_x);  // scikit-learn's coef_ has the fit's dtype
  static auto params() {
    using P = LinearRegression::Params;
    return std::make_tuple(param("fitIntercept", &P::fit_intercept, "fit an intercept (centre X and y first)"));
  }
  static auto attributes() {
    using E = LinearRegression;
    return std::make_tuple(attribute("coef", &E::coef, "coefficients, one row per target", true),
                           attribute("intercept", &E::intercept, "intercept of each target", true),
                           attribute("rank", &E::rank, "numerical rank of the (centred) X"),
                           attribute("singular", &E::singular, "singular values of the (centred) X"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

template <>
struct Describe<Ridge> {
  static constexpr const char* name = "Ridge";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc = "Least squares with an L2 penalty on the coefficients";
  static constexpr Kind kind = Kind::regressor;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // XᵀX
  static constexpr Float32Results float32_results = float32_predict(Float32Rule::fit_and_x);  // scikit-learn's coef_ has the fit's dtype
  static auto params() {
    using P = Ridge::Params;
    return std::make_tuple(param("alpha", &P::alpha, "strength of the L2 penalty", at_least(0)),
                           param("fitIntercept", &P::fit_intercept, "fit an (unpenalised) intercept"));
  }
  static auto attributes() {
    using E = Ridge;
    return std::make_tuple(attribute("coef", &E::coef, "coefficients, one row per target", true),
                           attribute("intercept", &E::intercept, "intercept of each target", true),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

// ---- coordinate descent (Lasso, ElasticNet) -------------------------------------------------------
namespace detail {
template <class P>
auto cd_params() {
  return std::make_tuple(
      param("fitIntercept", &P::fit_intercept, "fit an (unpenalised) intercept: centre X and y first"),
      param("tol", &P::tol, "stop when the duality gap is below tol·‖y‖²/n (checked when max|Δw|/max|w| < tol)", at_least(0)),
      param("maxIter", &P::max_iter, "maximum number of coordinate-descent sweeps", at_least(1)),
      param("warmStart", &P::warm_start, "start fit from the previous coefficients"),
      param("positive", &P::positive, "constrain the coefficients to be non-negative"),
      param("selection", &P::selection, "visit the coordinates in order, or at random in each sweep",
            {{"cyclic", CDSelection::cyclic}, {"random", CDSelection::random}}),
      param("randomState", &P::random_state, "seed of the random coordinate selection", at_least(0)));
}
template <class E>
auto cd_attributes() {
  return std::make_tuple(attribute("coef", &E::coef, "coefficients, one row per target", true),
                         attribute("intercept", &E::intercept, "intercept of each target", true),
                         attribute("nIter", &E::n_iters, "sweeps run, per target", true),
                         attribute("dualGap", &E::dual_gap, "final duality gap (objective units), per target", true),
                         attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
}
}  // namespace detail

template <>
struct Describe<Lasso> {
  static constexpr const char* name = "Lasso";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc = "Least squares with an L1 penalty, by coordinate descent: (1/2n)‖y − Xw‖² + α‖w‖₁";
  static constexpr Kind kind = Kind::regressor;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // the columns' squared norms
  static constexpr Float32Results float32_results = float32_predict(Float32Rule::fit_and_x);  // scikit-learn's coef_ has the fit's dtype
  static auto params() {
    using P = Lasso::Params;
    return std::tuple_cat(std::make_tuple(param("alpha", &P::alpha, "strength of the L1 penalty", at_least(0))),
                          detail::cd_params<P>());
  }
  static auto attributes() { return detail::cd_attributes<ElasticNet>(); }
};

template <>
struct Describe<ElasticNet> {
  static constexpr const char* name = "ElasticNet";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc =
      "Least squares with a mixed L1/L2 penalty, by coordinate descent: (1/2n)‖y − Xw‖² + αρ‖w‖₁ + ½α(1 − ρ)‖w‖²";
  static constexpr Kind kind = Kind::regressor;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // the columns' squared norms
  static constexpr Float32Results float32_results = float32_predict(Float32Rule::fit_and_x);  // scikit-learn's coef_ has the fit's dtype
  static auto params() {
    using P = ElasticNet::Params;
    return std::tuple_cat(std::make_tuple(param("alpha", &P::alpha, "strength of the penalty", at_least(0)),
                                          param("l1Ratio", &P::l1_ratio, "share ρ of the L1 part (1: lasso, 0: ridge)", between(0, 1))),
                          detail::cd_params<P>());
  }
  static auto attributes() { return detail::cd_attributes<ElasticNet>(); }
};

// ---- LogisticRegression ---------------------------------------------------------------------------
namespace detail {
inline std::string logistic_solver_hint(const std::string& rejected) {
  if (rejected == "saga" || rejected == "liblinear" || rejected == "sag")
    return "for l1 or elasticnet penalties use 'cd' (proximal Newton coordinate descent)";
  if (rejected == "newton-cg" || rejected == "newton-cholesky") return "use 'lbfgs' for l2 or none";
  return "";
}
}  // namespace detail

template <>
struct Describe<LogisticRegression> {
  static constexpr const char* name = "LogisticRegression";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc =
      "Logistic regression (binary, one-vs-rest or multinomial): C·Σ log-loss + penalty, intercept unpenalised";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // the curvature Xᵀ·D·X
  static auto params() {
    using P = LogisticRegression::Params;
    return std::make_tuple(
        param("penalty", &P::penalty, "penalty on the coefficients",
              {{"l2", LogisticPenalty::l2}, {"l1", LogisticPenalty::l1}, {"elasticnet", LogisticPenalty::elasticnet},
               {"none", LogisticPenalty::none}}),
        param("C", &P::C, "inverse strength of the penalty (the loss is multiplied by C)", greater_than(0)),
        param("l1Ratio", &P::l1_ratio, "share of the L1 part of 'elasticnet' (required there)", between(0, 1)),
        param("solver", &P::solver, "lbfgs: l2, none; cd (proximal Newton coordinate descent): l1, l2, elasticnet, none",
              {{"lbfgs", LogisticSolver::lbfgs}, {"cd", LogisticSolver::cd}})
            .with_hint(&detail::logistic_solver_hint),
        param("tol", &P::tol, "stop when the largest (sub)gradient entry of the objective / C is at most tol", at_least(0)),
        param("maxIter", &P::max_iter, "maximum number of solver iterations", at_least(1)),
        param("fitIntercept", &P::fit_intercept, "fit an (unpenalised) intercept"),
        param("multiClass", &P::multi_class, "auto: ovr for two classes, multinomial otherwise",
              {{"auto", MultiClass::automatic}, {"multinomial", MultiClass::multinomial}, {"ovr", MultiClass::ovr}}),
        param("classWeight", &P::class_weight,
              "null, 'balanced' (n / (classes · count)), one weight per class in the order of classes, or an "
              "object { label: weight } (labels not named weigh 1)",
              {{"balanced", ClassWeightMode::balanced}})
            .by_class(),
        param("randomState", &P::random_state, "unused (the solvers are deterministic); kept for scikit-learn's signature",
              at_least(0)));
  }
  static auto rules() {
    using P = LogisticRegression::Params;
    return std::make_tuple(
        rule<P>("penalty='l1' is not supported by solver 'lbfgs'; valid pairs: lbfgs: l2, none; cd: l1, l2, elasticnet, none",
                [](const P& p) { return p.solver != LogisticSolver::lbfgs || p.penalty != LogisticPenalty::l1; }),
        rule<P>("penalty='elasticnet' is not supported by solver 'lbfgs'; valid pairs: lbfgs: l2, none; cd: l1, l2, elasticnet, none",
                [](const P& p) { return p.solver != LogisticSolver::lbfgs || p.penalty != LogisticPenalty::elasticnet; }),
        rule<P>("l1Ratio must be a number in [0, 1] when penalty='elasticnet', got null",
                [](const P& p) { return p.penalty != LogisticPenalty::elasticnet || p.l1_ratio.has_value(); }));
  }
  static auto attributes() {
    using E = LogisticRegression;
    return std::make_tuple(attribute("coef", &E::coef, "coefficients: 1 x features for two classes, classes x features otherwise"),
                           attribute("intercept", &E::intercept, "intercepts, one per row of coef"),
                           attribute("nIter", &E::n_iter, "solver iterations (one entry, or one per one-vs-rest problem)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
  static auto methods() {
    using E = LogisticRegression;
    return std::make_tuple(method("predictLogProba", &E::predict_log_proba, "log of predictProba"));
  }
};

template <>
struct Describe<Perceptron> {
  static constexpr const char* name = "Perceptron";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc = "Rosenblatt's perceptron: steps on misclassified samples (one-vs-rest for 3+ classes)";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // scores of weights grown by X's rows
  static auto params() {
    using P = Perceptron::Params;
    return std::make_tuple(
        param("penalty", &P::penalty, "regularisation: null (none), 'l2', 'l1' or 'elasticnet'",
              {{"l2", PerceptronPenalty::l2}, {"l1", PerceptronPenalty::l1}, {"elasticnet", PerceptronPenalty::elasticnet}}),
        param("alpha", &P::alpha, "strength of the penalty", at_least(0)),
        param("l1Ratio", &P::l1_ratio, "share of L1 in the elastic-net penalty", between(0, 1)),
        param("maxIter", &P::max_iter, "most passes (epochs) over the data", at_least(1)),
        param("tol", &P::tol, "stop when the summed loss has not fallen by tol·n for nIterNoChange epochs (null: never)", at_least(0)),
        param("eta0", &P::eta0, "step size", greater_than(0)),
        param("shuffle", &P::shuffle, "visit the samples in a new random order each epoch"),
        param("randomState", &P::random_state, "seed of the shuffles", at_least(0)),
        param("fitIntercept", &P::fit_intercept, "learn an intercept"),
        param("nIterNoChange", &P::n_iter_no_change, "epochs without improvement before stopping", at_least(1)));
  }
  static auto attributes() {
    using E = Perceptron;
    return std::make_tuple(attribute("coef", &E::coef, "weights: one row for two classes, one per class (one-vs-rest) otherwise"),
                           attribute("intercept", &E::intercept, "intercept of each row of coef"),
                           attribute("nIter", &E::n_iter, "epochs run (the most over the one-vs-rest problems)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

template <>
struct Describe<RidgeClassifier> {
  static constexpr const char* name = "RidgeClassifier";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc = "Ridge regression on ±1 class indicators; predicts the largest score";
  static constexpr Kind kind = Kind::classifier;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_fit};  // XᵀX
  static constexpr Float32Results float32_results = float32_decision_function(Float32Rule::fit_and_x);  // scikit-learn's coef_ has the fit's dtype
  static auto params() {
    using P = RidgeClassifier::Params;
    return std::make_tuple(param("alpha", &P::alpha, "strength of the L2 penalty", at_least(0)),
                           param("fitIntercept", &P::fit_intercept, "fit an (unpenalised) intercept"));
  }
  static auto attributes() {
    using E = RidgeClassifier;
    return std::make_tuple(attribute("coef", &E::coef, "weights: one row for two classes, one per class otherwise"),
                           attribute("intercept", &E::intercept, "intercept of each row of coef"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

template <>
struct Describe<SubsetSelection> {
  static constexpr const char* name = "SubsetSelection";
  static constexpr const char* family = "linear_model";
  static constexpr const char* doc =
      "Least squares on a subset of the features chosen by best-subset, forward or backward search (RSS, AIC or BIC)";
  static constexpr Kind kind = Kind::regressor;
  static auto params() {
    using P = SubsetSelection::Params;
    return std::make_tuple(
        param("method", &P::method, "'best' (all subsets, at most 20 features), 'forward' or 'backward' stepwise",
              {{"best", SubsetMethod::best}, {"forward", SubsetMethod::forward}, {"backward", SubsetMethod::backward}}),
        param("criterion", &P::criterion,
              "how the size is chosen when nFeatures is null: 'rss' (always the largest), 'aic' or 'bic' (Gaussian likelihood)",
              {{"rss", SubsetCriterion::rss}, {"aic", SubsetCriterion::aic}, {"bic", SubsetCriterion::bic}}),
        param("nFeatures", &P::n_features, "number of features to keep (null: the size with the best criterion)", at_least(0)),
        param("fitIntercept", &P::fit_intercept, "fit an intercept (always in the model, not counted as a feature)"));
  }
  static auto attributes() {
    using E = SubsetSelection;
    return std::make_tuple(attribute("support", &E::support, "1 for each selected feature, 0 otherwise"),
                           attribute("selected", &E::selected, "indices of the selected features, ascending"),
                           attribute("coef", &E::coef, "least-squares coefficients (0 for features left out)", true),
                           attribute("intercept", &E::intercept, "intercept", true),
                           attribute("pathSize", &E::path_size, "number of features at each step of the search"),
                           attribute("pathSupport", &E::path_support, "the subset at each step, one 0/1 row per step"),
                           attribute("pathFeature", &E::path_feature, "feature added (forward) or removed (backward) at each step; -1 at the start and for 'best'"),
                           attribute("pathRss", &E::path_rss, "residual sum of squares at each step"),
                           attribute("pathScore", &E::path_score, "the criterion at each step (RSS, AIC or BIC)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

}  // namespace wasmlearn
