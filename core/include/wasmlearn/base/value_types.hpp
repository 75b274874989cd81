// The JS type of each fitted attribute and of each extra method's result, from the C++ type of its
// getter or method (metadata attributes[].type, attributes[].perOutput and extraMethods[].result),
// so that the JS getters and the TypeScript declarations follow it: a bool is a boolean, integer
// arrays are Int32Array. Only the registry includes this, when it builds the metadata.
#pragma once
#include <type_traits>

#include "wasmlearn/base/any_estimator.hpp"

namespace wasmlearn {

// "boolean", "integer", "number", or an Eigen type's "vector" / "intVector" / "matrix" / "intMatrix".
template <class R>
const char* value_type_name() {
  using T = std::decay_t<R>;
  if constexpr (std::is_same_v<T, bool>) return "boolean";
  else if constexpr (std::is_integral_v<T>) return "integer";
  else if constexpr (std::is_floating_point_v<T>) return "number";
  else if constexpr (std::is_same_v<T, NamedArrays>) return "arrays";
  else if constexpr (std::is_same_v<T, NdArray>) return "array";  // a shape known only when called
  else if constexpr (T::ColsAtCompileTime == 1) return std::is_integral_v<typename T::Scalar> ? "intVector" : "vector";
  else return std::is_integral_v<typename T::Scalar> ? "intMatrix" : "matrix";
}

// Adds the types to the metadata of one estimator (its attributes and extras, in declared order).
template <class D>
void add_value_types(json& metadata) {
  std::size_t i = 0;
  for_each_in(declared_attributes<D>(), [&](const auto& a) {
    json& attribute = metadata["attributes"][i++];
    attribute["type"] = value_type_name<typename detail::returns<decltype(a.getter)>::type>();
    if (a.per_output) attribute["perOutput"] = true;
  });
  i = 0;
  for_each_in(declared_methods<D>(), [&](const auto& m) {
    if (m.float32) return;  // no entry of its own (AnyEstimator's metadata)
    metadata["extraMethods"][i++]["result"] = value_type_name<typename detail::returns<decltype(m.function)>::type>();
  });
}

}  // namespace wasmlearn
