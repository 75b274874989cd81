// Declarations of the tree ensembles (see base/describe.hpp); options shared with the trees come
// from tree/describe.hpp.
#pragma once
#include "wasmlearn/base/n_jobs.hpp"
#include "wasmlearn/ensemble/bagging.hpp"
#include "wasmlearn/ensemble/forest.hpp"
#include "wasmlearn/tree/describe.hpp"

namespace wasmlearn {
namespace forests {

// What forests and bagging share for fitting their members apart: which members (a slice of the
// ensemble of randomState), keeping fitted ones, and the workers of the JS pool.
template <class P>
auto member_params() {
  return std::make_tuple(
      param("firstEstimator", &P::first_estimator,
            "index of this model's first member in the ensemble of randomState; it holds that one and the next nEstimators - 1 "
            "(the worker pool fits slices so)",
            at_least(0)),
      param("warmStart", &P::warm_start, "a refit keeps the fitted members and adds only those missing up to nEstimators"),
      param("nJobs", &P::n_jobs,
            "workers fitAsync fits the members on (the JS worker pool; -1: every core, -2: all but one); fit fits them in the "
            "calling thread"));
}

template <class P, class Counterpart, bool classifier>
auto forest_params(const char* max_features_doc) {
  using trees::open_fraction;
  auto head = std::make_tuple(param("nEstimators", &P::n_estimators, "number of trees", at_least(1)));
  auto tail = std::make_tuple(
      param("bootstrap", &P::bootstrap, "grow each tree on a bootstrap sample (else on all samples)"),
      param("maxSamples", &P::max_samples,
            "bootstrap sample size: null (as many as the training samples), a count, or a fraction", {}, at_least(1),
            open_fraction()),
      param("oobScore", &P::oob_score, "score each training sample with the trees that did not see it (needs bootstrap)"));
  auto seed = trees::random_state_param<P>("seed; tree t draws from a stream derived from (randomState, t) alone");
  auto common = std::tuple_cat(head, trees::criterion_param<P, Counterpart, classifier>(), trees::size_params<P>(),
                               trees::max_features_param<P>(max_features_doc), trees::min_impurity_decrease_param<P>(), tail);
  if constexpr (classifier)
    return std::tuple_cat(common,
                          std::make_tuple(param("voting", &P::voting,
                                                "'soft': average the trees' class fractions; 'hard': majority of their votes",
                                                {{"soft", ForestVoting::soft}, {"hard", ForestVoting::hard}})),
                          seed, member_params<P>());
  else
    return std::tuple_cat(common, seed, member_params<P>());
}

// Forests and bagging score out of bag on bootstrap samples only.
template <class P>
auto oob_rule() {
  return rule<P>("oobScore requires bootstrap", [](const P& p) { return !p.oob_score || p.bootstrap; });
}

template <class E>
auto oob_score_attribute() {
  return attribute("oobScore", &E::oob_score, "out-of-bag accuracy (classifier) or R² (regressor); NaN without oobScore");
}

template <class P>
auto forest_rules() {
  return std::make_tuple(oob_rule<P>(),
                         rule<P>("maxSamples requires bootstrap (it sets the bootstrap sample size)",
                                 [](const P& p) { return !p.max_samples || p.bootstrap; }),
                         n_jobs_rule<P>());
}

template <class E>
auto forest_attributes() {
  return std::make_tuple(
      attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
      attribute("featureImportances", &E::feature_importances, "mean impurity-based importance over the trees (sums to 1)"),
      oob_score_attribute<E>(),
      attribute("estimatorDepths", &E::tree_depths, "depth of each tree"),
      attribute("estimatorNLeaves", &E::tree_n_leaves, "leaves of each tree"));
}

template <class E, class Counterpart>
struct ClassifierDescription {
  static constexpr const char* family = "ensemble";
  static constexpr Kind kind = Kind::classifier;
  static auto params() {
    return forest_params<typename E::Params, Counterpart, true>(
        "features examined per split: 'sqrt', 'log2', a count, a fraction, or null (all)");
  }
  static auto rules() { return forest_rules<typename E::Params>(); }
  static auto attributes() {
    return std::tuple_cat(forest_attributes<E>(),
                          std::make_tuple(attribute("nClasses", &E::n_classes, "number of classes seen in fit"),
                                          attribute("oobDecisionFunction", &E::oob_decision_function,
                                                    "out-of-bag class probabilities of each training sample (NaN: never out of bag)")));
  }
  static auto methods() {
    return std::make_tuple(method("predictLogProba", &E::predict_log_proba, "log of predictProba (−Infinity for a class no tree gives a share)"));
  }
};

template <class E, class Counterpart>
struct RegressorDescription {
  static constexpr const char* family = "ensemble";
  static constexpr Kind kind = Kind::regressor;
  static auto params() {
    return forest_params<typename E::Params, Counterpart, false>(
        "features examined per split: null (all, scikit-learn's 1.0), 'sqrt', 'log2', a count, or a fraction");
  }
  static auto rules() { return forest_rules<typename E::Params>(); }
  static auto attributes() {
    return std::tuple_cat(forest_attributes<E>(),
                          std::make_tuple(attribute("nOutputs", &E::n_outputs, "number of target columns seen in fit"),
                                          attribute("oobPrediction", &E::oob_prediction,
                                                    "out-of-bag prediction of each training sample (NaN: never out of bag)")));
  }
};

template <class P>
auto bagging_params(const char* estimator_doc) {
  using trees::open_fraction;
  auto own = std::make_tuple(
      param("estimator", &P::estimator, estimator_doc),
      param("estimatorOptions", &P::estimator_options, "options of each member, as for its own constructor"),
      param("nEstimators", &P::n_estimators, "number of members", at_least(1)),
      param("maxSamples", &P::max_samples, "samples drawn per member: null (as many as the training samples), a count, or a fraction",
            {}, at_least(1), open_fraction()),
      param("maxFeatures", &P::max_features, "features drawn per member: null (all), a count, or a fraction", {}, at_least(1),
            open_fraction()),
      param("bootstrap", &P::bootstrap, "draw samples with replacement"),
      param("bootstrapFeatures", &P::bootstrap_features, "draw features with replacement"),
      param("oobScore", &P::oob_score, "score each training sample with the members whose draws left it out (needs bootstrap)"),
      param("randomState", &P::random_state, "seed; member m draws from a stream derived from (randomState, m) alone", at_least(0)));
  return std::tuple_cat(own, member_params<P>());
}

template <class P>
auto bagging_rules() {
  return std::make_tuple(oob_rule<P>(), n_jobs_rule<P>());
}

template <class E>
auto bagging_attributes() {
  return std::make_tuple(attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
                         attribute("estimatorsFeatures", &E::estimators_features, "features drawn for each member (rows)"),
                         oob_score_attribute<E>());
}

}  // namespace forests

template <>
struct Describe<RandomForestClassifier> : forests::ClassifierDescription<RandomForestClassifier, RandomForestRegressor> {
  static constexpr const char* name = "RandomForestClassifier";
  static constexpr const char* doc = "Bootstrap-aggregated classification trees with random feature subsets per split";
};
template <>
struct Describe<ExtraTreesClassifier> : forests::ClassifierDescription<ExtraTreesClassifier, ExtraTreesRegressor> {
  static constexpr const char* name = "ExtraTreesClassifier";
  static constexpr const char* doc = "Extremely randomised classification trees: one random threshold per candidate feature";
};
template <>
struct Describe<RandomForestRegressor> : forests::RegressorDescription<RandomForestRegressor, RandomForestClassifier> {
  static constexpr const char* name = "RandomForestRegressor";
  static constexpr const char* doc = "Bootstrap-aggregated regression trees with random feature subsets per split";
};
template <>
struct Describe<ExtraTreesRegressor> : forests::RegressorDescription<ExtraTreesRegressor, ExtraTreesClassifier> {
  static constexpr const char* name = "ExtraTreesRegressor";
  static constexpr const char* doc = "Extremely randomised regression trees: one random threshold per candidate feature";
};

}  // namespace wasmlearn

namespace wasmlearn {

template <>
struct Describe<BaggingClassifier> {
  static constexpr const char* name = "BaggingClassifier";
  static constexpr const char* family = "ensemble";
  static constexpr const char* doc = "Any classifier fitted on random subsets of samples and features; averaged probabilities or votes";
  static constexpr Kind kind = Kind::classifier;
  static auto params() { return forests::bagging_params<BaggingClassifierParams>("name of any registered classifier"); }
  static auto rules() { return forests::bagging_rules<BaggingClassifierParams>(); }
  static auto attributes() {
    using E = BaggingClassifier;
    return std::tuple_cat(forests::bagging_attributes<E>(),
                          std::make_tuple(attribute("nClasses", &E::n_classes, "number of classes seen in fit"),
                                          attribute("oobDecisionFunction", &E::oob_decision_function,
                                                    "out-of-bag class probabilities (or vote shares) of each training sample (NaN: never out of bag)")));
  }
  static auto methods() {
    using E = BaggingClassifier;
    return std::make_tuple(method("predictLogProba", &E::predict_log_proba, "log of predictProba (−Infinity for a class no member gives a share)"));
  }
};

template <>
struct Describe<BaggingRegressor> {
  static constexpr const char* name = "BaggingRegressor";
  static constexpr const char* family = "ensemble";
  static constexpr const char* doc = "Any regressor fitted on random subsets of samples and features; averaged predictions";
  static constexpr Kind kind = Kind::regressor;
  static auto params() { return forests::bagging_params<BaggingRegressorParams>("name of any registered regressor"); }
  static auto rules() { return forests::bagging_rules<BaggingRegressorParams>(); }
  static auto attributes() {
    using E = BaggingRegressor;
    return std::tuple_cat(forests::bagging_attributes<E>(),
                          std::make_tuple(attribute("nOutputs", &E::n_outputs, "number of target columns seen in fit"),
                                          attribute("oobPrediction", &E::oob_prediction,
                                                    "out-of-bag prediction of each training sample (NaN: never out of bag)")));
  }
};

}  // namespace wasmlearn
