// The two declarations of methods beyond describe.hpp's: methods an instance has only under a
// condition (scikit-learn's available_if), and methods that change the model as fit does (partialFit).
// A Describe<E> may add
//   static auto availability() { return std::make_tuple(available_if<E>("predictProba", "probability is true",
//                                                                        [](const E& e) { return e.params().probability; })); }
//   static auto update_methods() { return std::make_tuple(update_method("partialFit", &E::partial_fit, "doc")); }
// AnyEstimator reads both: supports() answers per instance, call() refuses an unavailable method
// with its condition, update() runs an update method, and the metadata lists them (availableIf;
// extraMethods with result "model").
#pragma once
#include <string>
#include <tuple>
#include <type_traits>

#include "wasmlearn/base/describe.hpp"

namespace wasmlearn {

// A method that changes the model as fit does (partialFit): a member taking X and y as fit does and,
// for a classifier, the number of classes (JS: the `classes` option of the first call). Its id
// follows the declared methods'; JS returns the model.
// starting_fit() marks a method that starts a new fit as fit does (MLPs' initialize): JS encodes a
// classifier's labels anew rather than by the fitted classes (metadata startsFit).
template <class E, class F>
struct UpdateMethod {
  const char* name;
  F function;
  const char* doc;
  bool starts_fit = false;
  UpdateMethod starting_fit() const {
    UpdateMethod m = *this;
    m.starts_fit = true;
    return m;
  }
};
template <class E>
UpdateMethod<E, E& (E::*)(MatrixRef, IntVectorRef, int)> update_method(const char* name, E& (E::*f)(MatrixRef, IntVectorRef, int),
                                                                       const char* doc) {
  return {name, f, doc, false};
}
template <class E>
UpdateMethod<E, E& (E::*)(MatrixRef, MatrixRef)> update_method(const char* name, E& (E::*f)(MatrixRef, MatrixRef), const char* doc) {
  return {name, f, doc, false};
}
template <class F> struct update_args;
template <class E> struct update_args<E& (E::*)(MatrixRef, IntVectorRef, int)> { static constexpr const char* value = "Xy,classes?"; };
template <class E> struct update_args<E& (E::*)(MatrixRef, MatrixRef)> { static constexpr const char* value = "Xy"; };

// A method an instance has only while its condition holds (scikit-learn's available_if): SVC's
// predictProba needs probability: true, an MLP's partialFit a stochastic solver. `condition` ends
// the sentence "<method> is available only when ..." (the error of a call; metadata availableIf);
// `holds` reads the options or, for a meta-estimator, its members.
template <class E>
struct Availability {
  const char* method;
  const char* condition;
  bool (*holds)(const E&);
};
template <class E>
Availability<E> available_if(const char* method, const char* condition, bool (*holds)(const E&)) {
  return {method, condition, holds};
}

namespace detail {
template <class D, class = void> struct has_update_methods : std::false_type {};
template <class D> struct has_update_methods<D, std::void_t<decltype(D::update_methods())>> : std::true_type {};
template <class D, class = void> struct has_availability : std::false_type {};
template <class D> struct has_availability<D, std::void_t<decltype(D::availability())>> : std::true_type {};
}  // namespace detail
template <class D>
auto declared_update_methods() {
  if constexpr (detail::has_update_methods<D>::value) return D::update_methods();
  else return std::tuple<>();
}
template <class D>
auto declared_availability() {
  if constexpr (detail::has_availability<D>::value) return D::availability();
  else return std::tuple<>();
}

// Why `e` lacks `method` now (its declared condition does not hold), or empty when it has it.
template <class E>
std::string unavailable_reason(const E& e, const std::string& method) {
  std::string reason;
  for_each_in(declared_availability<Describe<E>>(), [&](const auto& a) {
    if (reason.empty() && method == a.method && !a.holds(e))
      reason = std::string(Describe<E>::name) + "." + method + " is available only when " + a.condition;
  });
  return reason;
}

// The check every call makes (AnyEstimator::call); members that C++ callers reach directly make it too.
template <class E>
void check_available(const E& e, const std::string& method) {
  const std::string reason = unavailable_reason(e, method);
  if (!reason.empty()) throw InvalidArgument(reason);
}

}  // namespace wasmlearn
