// The table of standard methods (predict, transform, score, ...). Each is one entry: its JS name,
// the form of its arguments, the kind of its result, a doc line, and `run`, which calls the C++
// member. An estimator has the method when its class has that member (run is detected at compile
// time), and everything else follows from the entry: AnyEstimator::call dispatches to it by id,
// the metadata lists it (estimators()[i].methods, standardMethods()), the JS class gets it
// (bindings/js/estimator.js reads the arguments and converts the result by their kinds), and the
// TypeScript declaration and docs are generated from it (bindings/js/tools/generate.mjs).
// Adding a standard method: one struct below, and its name in StandardMethods.
#pragma once
#include <cmath>
#include <optional>
#include <tuple>
#include <type_traits>

#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/metrics/metrics.hpp"

namespace wasmlearn {

// What the JS caller gets back: predictions (labels for a classifier, cluster indices for a
// clusterer, numbers otherwise), a vector, a matrix, a vector or a matrix (by the shape of y),
// one number, or the neighbours' {distances, indices} (radius: ragged, as {offsets, ...}).
enum class MethodResult { prediction, vector, matrix, vector_or_matrix, number, neighbors, radius_neighbors };
const char* method_result_name(MethodResult r);

struct MethodSpec {
  const char* name;  // in JS
  MethodArgs args;
  MethodResult result;
  const char* doc;
};

// The arguments of one call. Y: n x outputs (regressor), n x 1 class codes (classifier), empty
// when unused. number: nNeighbors, radius or count; NaN when the caller gave none.
struct MethodCall {
  MatrixRef X;
  MatrixRef Y;
  double number;
  bool y_is_vector;  // the model was fitted on a 1-D y: per-output results drop their output axis
};

namespace detail {
NdArray squeeze_outputs(NdArray a);  // drops the leading output axis of a per-output result
IntVector class_codes_from(MatrixRef Y);  // n x 1 of integer-valued doubles -> codes, validated
std::optional<int> optional_count(double number, const char* name);     // NaN: none; else an integer >= 1
int required_count(double number, const char* method);                  // an integer >= 1
std::optional<double> optional_radius(double number, const char* name);  // NaN: none; else finite > 0
constexpr bool supervised(Kind k) { return k == Kind::classifier || k == Kind::regressor; }
// A classifier fitted on a 0/1 indicator y (y_is_vector false) predicts indicator rows.
template <class E, class = void> struct has_predict_multilabel : std::false_type {};
template <class E>
struct has_predict_multilabel<E, std::void_t<decltype(std::declval<const E&>().predict_multilabel(std::declval<MatrixRef>()))>>
    : std::true_type {};
double subset_accuracy(MatrixRef Y, const Matrix& predicted);  // the share of rows whose labels all match
}  // namespace detail

namespace methods {

struct Predict {
  static constexpr MethodSpec spec{"predict", MethodArgs::X, MethodResult::prediction,
                                   "predictions for the rows of X (labels, targets or cluster indices)"};
  template <class E>
  static auto run(const E& e, const MethodCall& c) -> decltype(NdArray::from(e.predict(c.X))) {
    if constexpr (detail::has_predict_multilabel<E>::value)
      if (!c.y_is_vector) return NdArray::from(e.predict_multilabel(c.X));
    NdArray out = NdArray::from(e.predict(c.X));
    return Describe<E>::kind == Kind::regressor && c.y_is_vector ? detail::squeeze_outputs(std::move(out)) : out;
  }
};

struct PredictProba {
  static constexpr MethodSpec spec{"predictProba", MethodArgs::X, MethodResult::matrix,
                                   "class probabilities, one column per class in the order of classes"};
  template <class E>
  static auto run(const E& e, const MethodCall& c) -> decltype(NdArray::from(e.predict_proba(c.X))) {
    return NdArray::from(e.predict_proba(c.X));
  }
};

struct DecisionFunction {
  static constexpr MethodSpec spec{"decisionFunction", MethodArgs::X, MethodResult::vector_or_matrix,
                                   "confidence scores (one column per class, or one value with two classes)"};
  template <class E>
  static auto run(const E& e, const MethodCall& c) -> decltype(NdArray::from(e.decision_function(c.X))) {
    NdArray out = NdArray::from(e.decision_function(c.X));
    // A two-class classifier's single column of scores is one-dimensional, as in scikit-learn.
    if (Describe<E>::kind == Kind::classifier && out.shape.size() == 2 && out.shape[1] == 1) out.shape = {out.shape[0]};
    return out;
  }
};

struct Transform {
  static constexpr MethodSpec spec{"transform", MethodArgs::X, MethodResult::matrix, "X transformed"};
  template <class E>
  static auto run(const E& e, const MethodCall& c) -> decltype(NdArray::from(e.transform(c.X))) {
    return NdArray::from(e.transform(c.X));
  }
};

struct InverseTransform {
  static constexpr MethodSpec spec{"inverseTransform", MethodArgs::X, MethodResult::matrix,
                                   "X mapped back to the original space"};
  template <class E>
  static auto run(const E& e, const MethodCall& c) -> decltype(NdArray::from(e.inverse_transform(c.X))) {
    return NdArray::from(e.inverse_transform(c.X));
  }
};

struct ScoreSamples {
  static constexpr MethodSpec spec{"scoreSamples", MethodArgs::X, MethodResult::vector,
                                   "log-likelihood of each row of X"};
  template <class E>
  static auto run(const E& e, const MethodCall& c) -> decltype(NdArray::from(e.score_samples(c.X))) {
    return NdArray::from(e.score_samples(c.X));
  }
};

// Accuracy (classifiers) and R² (regressors) as scikit-learn's mixins; other kinds have a score
// only when the estimator defines score(X) (e.g. a mixture's mean log-likelihood, k-means' −inertia).
struct Score {
  static constexpr MethodSpec spec{"score", MethodArgs::X_y, MethodResult::number,
                                   "accuracy (classifiers), R² (regressors) or the estimator's own score"};
  template <class E, std::enable_if_t<detail::supervised(Describe<E>::kind), int> = 0>
  static double run(const E& e, const MethodCall& c) {
    if (c.X.size() == 0) check_matrix(c.X);  // "X is empty" before anything is said about y
    check_same_rows(c.X.rows(), c.Y.rows());
    check_finite_values(c.Y, "y");
    if constexpr (detail::has_predict_multilabel<E>::value)
      if (!c.y_is_vector) return detail::subset_accuracy(c.Y, e.predict_multilabel(c.X));
    if constexpr (Describe<E>::kind == Kind::classifier) return accuracy_score(detail::class_codes_from(c.Y), e.predict(c.X));
    else return r2_score(c.Y, e.predict(c.X));
  }
  template <class E, std::enable_if_t<!detail::supervised(Describe<E>::kind), int> = 0>
  static auto run(const E& e, const MethodCall& c) -> decltype(double(e.score(c.X))) {
    if (c.X.size() == 0) check_matrix(c.X);
    return e.score(c.X);
  }
};

struct KNeighbors {
  static constexpr MethodSpec spec{"kneighbors", MethodArgs::X_neighbors, MethodResult::neighbors,
                                   "the nNeighbors nearest training rows of each row of X: {distances, indices}"};
  template <class E>
  static auto run(const E& e, const MethodCall& c) -> decltype(e.kneighbors(c.X, std::optional<int>()), NamedArrays()) {
    KNeighborsResult r = e.kneighbors(c.X, detail::optional_count(c.number, "nNeighbors"));
    return {{{"distances", NdArray::from(r.distances)}, {"indices", NdArray::from(r.indices)}}};
  }
};

struct RadiusNeighbors {
  static constexpr MethodSpec spec{"radiusNeighbors", MethodArgs::X_radius, MethodResult::radius_neighbors,
                                   "the training rows within radius of each row of X, nearest first: {distances, indices}"};
  template <class E>
  static auto run(const E& e, const MethodCall& c)
      -> decltype(e.radius_neighbors(c.X, std::optional<double>()), NamedArrays()) {
    RadiusNeighborsResult r = e.radius_neighbors(c.X, detail::optional_radius(c.number, "radius"));
    auto flat = [](const auto& v) { return NdArray{std::vector<double>(v.begin(), v.end()), {static_cast<Index>(v.size())}}; };
    return {{{"offsets", flat(r.offsets)}, {"distances", flat(r.distances)}, {"indices", flat(r.indices)}}};
  }
};

}  // namespace methods

using StandardMethods = std::tuple<methods::Predict, methods::PredictProba, methods::DecisionFunction, methods::Transform,
                                   methods::InverseTransform, methods::ScoreSamples, methods::Score, methods::KNeighbors,
                                   methods::RadiusNeighbors>;

// Whether estimator E has the standard method M (whether M::run<E> compiles).
template <class M, class E, class = void> struct has_standard_method : std::false_type {};
template <class M, class E>
struct has_standard_method<M, E, std::void_t<decltype(M::template run<E>(std::declval<const E&>(), std::declval<const MethodCall&>()))>>
    : std::true_type {};

// f(M{}) for each entry M of the table, in order.
template <class F>
void for_each_standard_method(F&& f) {
  std::apply([&](auto... m) { (f(m), ...); }, StandardMethods{});
}

// A method's id is its place in the table; an estimator's declared methods follow, in declaration
// order. Callers in tight loops (the JS binding, meta-estimators) call by id, not by name.
constexpr int kStandardMethodCount = std::tuple_size_v<StandardMethods>;
template <class M, int I = 0>
constexpr int standard_method_id() {
  static_assert(I < kStandardMethodCount, "not a standard method");
  if constexpr (std::is_same_v<M, std::tuple_element_t<I, StandardMethods>>) return I;
  else return standard_method_id<M, I + 1>();
}

// [{name, id, args, result, doc}, ...] in table order.
json standard_methods_metadata();

}  // namespace wasmlearn
