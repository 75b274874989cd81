// Declarations of the decision trees (see base/describe.hpp). The option helpers here are shared
// with the tree ensembles (ensemble/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/tree/decision_tree.hpp"

namespace wasmlearn {
namespace trees {

inline std::vector<Choice<TreeCriterion>> classification_criteria() {
  return {{"gini", TreeCriterion::gini}, {"entropy", TreeCriterion::entropy}, {"misclassification", TreeCriterion::misclassification}};
}
inline std::vector<Choice<TreeCriterion>> regression_criteria() {
  return {{"squared_error", TreeCriterion::squared_error}, {"absolute_error", TreeCriterion::absolute_error}};
}

// "a regression criterion: use DecisionTreeRegressor" when a classifier is given a regression
// criterion (and the reverse); nothing for other wrong values.
template <class Counterpart, bool counterpart_is_regressor>
std::string criterion_hint(const std::string& v) {
  const auto others = counterpart_is_regressor ? regression_criteria() : classification_criteria();
  for (const auto& c : others)
    if (v == c.name)
      return std::string(counterpart_is_regressor ? "a regression" : "a classification") + " criterion: use " +
             Describe<Counterpart>::name;
  return "";
}

template <class P, class Counterpart, bool classifier>
auto criterion_param() {
  const char* doc = classifier ? "impurity measure of a split: 'gini', 'entropy' (log base 2) or 'misclassification' (1 - largest class fraction)"
                               : "impurity measure of a split: 'squared_error' (mean leaves) or 'absolute_error' (median leaves)";
  return std::make_tuple(param("criterion", &P::criterion, doc, classifier ? classification_criteria() : regression_criteria())
                             .with_hint(&criterion_hint<Counterpart, classifier>));
}

inline Range open_fraction() { return Range{0, 1, true, true}; }

template <class P>
auto max_features_param(const char* doc) {
  return std::make_tuple(param("maxFeatures", &P::max_features, doc,
                               {{"sqrt", MaxFeaturesRule::sqrt}, {"log2", MaxFeaturesRule::log2}}, at_least(1), open_fraction()));
}

// maxDepth, minSamplesSplit, minSamplesLeaf, maxLeafNodes, minWeightFractionLeaf (options of every tree estimator).
template <class P>
auto size_params() {
  return std::make_tuple(
      param("maxDepth", &P::max_depth, "deepest level a tree may reach; null grows until leaves are pure or too small", at_least(1)),
      param("minSamplesSplit", &P::min_samples_split,
            "fewest samples a node needs to be split: a count (at least 2) or a fraction of the samples (rounded up)", {},
            at_least(2), open_fraction()),
      param("minSamplesLeaf", &P::min_samples_leaf,
            "fewest samples each child of a split must keep: a count (at least 1) or a fraction of the samples (rounded up)", {},
            at_least(1), open_fraction()),
      param("maxLeafNodes", &P::max_leaf_nodes, "most leaves; when set the tree grows best-first (largest impurity decrease first)",
            at_least(2)),
      param("minWeightFractionLeaf", &P::min_weight_fraction_leaf,
            "smallest fraction of the total sample weight each child of a split must keep", between(0, 0.5)));
}

template <class P>
auto min_impurity_decrease_param() {
  return std::make_tuple(param("minImpurityDecrease", &P::min_impurity_decrease,
                               "split a node only if the weighted impurity decrease is at least this", at_least(0)));
}

template <class P>
auto random_state_param(const char* doc) {
  return std::make_tuple(param("randomState", &P::random_state, doc, at_least(0)));
}

// Fitted structure, shared by the classifier and the regressor.
template <class E>
auto tree_attributes() {
  return std::make_tuple(
      attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
      attribute("featureImportances", &E::feature_importances, "impurity-based importance of each feature (sums to 1)"),
      attribute("tree.nodeCount", &E::node_count, "number of nodes"),
      attribute("tree.childrenLeft", &E::children_left, "left child of each node, -1 for a leaf"),
      attribute("tree.childrenRight", &E::children_right, "right child of each node, -1 for a leaf"),
      attribute("tree.feature", &E::feature, "feature tested at each node, -2 for a leaf"),
      attribute("tree.threshold", &E::threshold, "go left when x[feature] <= threshold; -2 for a leaf"),
      attribute("tree.impurity", &E::impurity, "impurity of each node's training samples"),
      attribute("tree.nNodeSamples", &E::n_node_samples, "training samples reaching each node"),
      attribute("tree.weightedNNodeSamples", &E::weighted_n_node_samples, "their total weight"),
      attribute("tree.value", &E::value,
                "per node: weighted class counts (classifier, as scikit-learn 1.2) or the mean/median of each output (regressor)"));
}

template <class E>
auto tree_methods() {
  return std::make_tuple(
      method("apply", &E::apply, "the leaf each sample lands in"),
      method("decisionPath", &E::decision_path, "nodes each sample passes through, as CSR {indptr, indices}")
          .returns({{"indptr", ResultKind::vector, "row i's nodes are indices[indptr[i]] up to indices[indptr[i + 1]]"},
                    {"indices", ResultKind::vector, "node ids, root first, for each sample in turn"}}),
      method("getDepth", &E::get_depth, "depth of the tree (a single leaf has depth 0)"),
      method("getNLeaves", &E::get_n_leaves, "number of leaves"),
      method("costComplexityPruningPath", &E::cost_complexity_pruning_path,
             "fits a tree to (X, y) and returns {ccpAlphas, impurities} of minimal cost-complexity pruning", false)
          .returns({{"ccpAlphas", ResultKind::vector, "effective alphas of the pruned subtrees, increasing"},
                    {"impurities", ResultKind::vector, "total leaf impurity of the subtree at each alpha"}}));
}

template <class P, class Counterpart, bool classifier>
auto decision_tree_params() {
  return std::tuple_cat(
      criterion_param<P, Counterpart, classifier>(),
      std::make_tuple(param("splitter", &P::splitter, "'best' threshold of each candidate feature, or one 'random' threshold per feature",
                            {{"best", TreeSplitter::best}, {"random", TreeSplitter::random}})),
      size_params<P>(),
      max_features_param<P>("features examined per split: null (all), 'sqrt', 'log2', a count, or a fraction"),
      min_impurity_decrease_param<P>(),
      std::make_tuple(param("ccpAlpha", &P::ccp_alpha, "complexity cost of minimal cost-complexity pruning (0: no pruning)", at_least(0))),
      random_state_param<P>("seed of the feature draws (maxFeatures) and random thresholds"));
}

}  // namespace trees

template <>
struct Describe<DecisionTreeClassifier> {
  static constexpr const char* name = "DecisionTreeClassifier";
  static constexpr const char* family = "tree";
  static constexpr const char* doc = "Classification tree (CART) with optional cost-complexity pruning";
  static constexpr Kind kind = Kind::classifier;
  static auto params() { return trees::decision_tree_params<DecisionTreeClassifierParams, DecisionTreeRegressor, true>(); }
  static auto attributes() {
    using E = DecisionTreeClassifier;
    return std::tuple_cat(trees::tree_attributes<E>(),
                          std::make_tuple(attribute("nClasses", &E::n_classes, "number of classes seen in fit")));
  }
  static auto methods() {
    return std::tuple_cat(trees::tree_methods<DecisionTreeClassifier>(),
                          std::make_tuple(method("predictLogProba", &DecisionTreeClassifier::predict_log_proba, "log of predictProba (−Infinity for a class absent from the leaf)")));
  }
};

template <>
struct Describe<DecisionTreeRegressor> {
  static constexpr const char* name = "DecisionTreeRegressor";
  static constexpr const char* family = "tree";
  static constexpr const char* doc = "Regression tree (CART): mean or median leaves, optional cost-complexity pruning";
  static constexpr Kind kind = Kind::regressor;
  static auto params() { return trees::decision_tree_params<DecisionTreeRegressorParams, DecisionTreeClassifier, false>(); }
  static auto attributes() {
    using E = DecisionTreeRegressor;
    return std::tuple_cat(trees::tree_attributes<E>(),
                          std::make_tuple(attribute("nOutputs", &E::n_outputs, "number of target columns seen in fit")));
  }
  static auto methods() { return trees::tree_methods<DecisionTreeRegressor>(); }
};

}  // namespace wasmlearn
