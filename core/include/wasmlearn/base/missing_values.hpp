// Missing values. An estimator that takes them (SimpleImputer) declares `static constexpr bool
// allows_nan = true;` in its Describe<E>: X may then hold NaN (a missing value) in its fit and
// transform, which check X with check_matrix_allowing_nan; metadata "allowsNan" says so to the JS
// layer and the tests. Every other estimator keeps rejecting NaN by name (check_matrix).
#pragma once
#include <type_traits>

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

namespace detail {
template <class D, class = void> struct has_allows_nan : std::false_type {};
template <class D> struct has_allows_nan<D, std::void_t<decltype(D::allows_nan)>> : std::true_type {};
}  // namespace detail

template <class D>
constexpr bool declared_allows_nan() {
  if constexpr (detail::has_allows_nan<D>::value) return D::allows_nan;
  else return false;
}

// check_matrix's checks (rows, columns, no ±Infinity) with NaN allowed.
void check_matrix_allowing_nan(MatrixRef X, const char* name = "X");

}  // namespace wasmlearn
