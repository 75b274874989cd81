// Declarations of the multiclass strategies (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/method_availability.hpp"
#include "wasmlearn/base/n_jobs.hpp"
#include "wasmlearn/multiclass/multiclass.hpp"

namespace wasmlearn {
namespace multiclass {

template <class P>
auto member_params() {
  return std::make_tuple(param("estimator", &P::estimator, "name of any registered classifier (the binary member)"),
                         param("estimatorOptions", &P::estimator_options, "options of each member, as for its own constructor"));
}

// One-vs-rest and one-vs-one: which members a model fits, and the workers of the JS pool.
template <class P>
auto slice_params() {
  return std::tuple_cat(
      member_params<P>(),
      split_params<P>("firstMember", &P::first_member,
                      "index of this model's first member; it fits that one and the next nMembers - 1 (the worker pool fits "
                      "slices so)",
                      "workers fitAsync fits the members on (the JS worker pool; -1: every core, -2: all but one); fit fits them "
                      "in the calling thread"),
      std::make_tuple(
          param("nMembers", &P::n_members, "number of members this model fits from firstMember; null: through the last", at_least(1))));
}

template <class E>
auto member_attributes() {
  return std::make_tuple(attribute("nClasses", &E::n_classes, "number of classes seen in fit"),
                         attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
                         attribute("nEstimators", &E::n_estimators, "number of fitted binary members"));
}

}  // namespace multiclass

template <>
struct Describe<OneVsRestClassifier> {
  static constexpr const char* name = "OneVsRestClassifier";
  static constexpr const char* family = "multiclass";
  static constexpr const char* doc = "One binary classifier per class against the rest; the largest score wins";
  static constexpr Kind kind = Kind::classifier;
  static auto params() { return multiclass::slice_params<OneVsRestClassifier::Params>(); }
  static auto rules() { return std::make_tuple(n_jobs_rule<OneVsRestClassifier::Params>()); }
  static auto attributes() { return multiclass::member_attributes<OneVsRestClassifier>(); }
  // scikit-learn's available_if(_estimators_has(...)).
  static auto availability() {
    using E = OneVsRestClassifier;
    return std::make_tuple(
        available_if<E>("predictProba", "the estimator has predictProba", [](const E& e) { return e.members_have(e.params(), "predictProba"); }),
        available_if<E>("decisionFunction", "the estimator has decisionFunction",
                        [](const E& e) { return e.members_have(e.params(), "decisionFunction"); }));
  }
};

template <>
struct Describe<OneVsOneClassifier> {
  static constexpr const char* name = "OneVsOneClassifier";
  static constexpr const char* family = "multiclass";
  static constexpr const char* doc = "One binary classifier per pair of classes; votes, ties broken by summed confidences";
  static constexpr Kind kind = Kind::classifier;
  static auto params() { return multiclass::slice_params<OneVsOneClassifier::Params>(); }
  static auto rules() { return std::make_tuple(n_jobs_rule<OneVsOneClassifier::Params>()); }
  static auto attributes() { return multiclass::member_attributes<OneVsOneClassifier>(); }
};

template <>
struct Describe<OutputCodeClassifier> {
  static constexpr const char* name = "OutputCodeClassifier";
  static constexpr const char* family = "multiclass";
  static constexpr const char* doc = "Error-correcting output codes: one binary classifier per bit of a random code book";
  static constexpr Kind kind = Kind::classifier;
  static auto params() {
    using P = OutputCodeClassifier::Params;
    return std::tuple_cat(
        multiclass::member_params<P>(),
        std::make_tuple(param("codeSize", &P::code_size, "bits per class code as a multiple of the number of classes",
                              greater_than(0)),
                        param("randomState", &P::random_state,
                              "seed of the code book (the library's generator: its bits differ from scikit-learn's)",
                              at_least(0))));
  }
  static auto attributes() {
    return std::tuple_cat(multiclass::member_attributes<OutputCodeClassifier>(),
                          std::make_tuple(attribute("codeBook", &OutputCodeClassifier::code_book,
                                                    "the code of each class (rows), one column per member")));
  }
};

}  // namespace wasmlearn
