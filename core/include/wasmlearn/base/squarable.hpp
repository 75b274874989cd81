// Computations whose results do not change when their inputs are scaled (R², silhouettes), or scale
// exactly with them (distances), read inputs past ±1e150 divided by a power of two, so that the
// squares they sum stay within float64 and the results are right at any magnitude.
#pragma once
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// Past this magnitude a square, or a sum of squares, can overflow float64 (check_powers_in_range's
// limit for squares, 10^⌊300 / 2⌋).
constexpr double kLargestSquarable = 1e150;

// 1 when `largest` (the largest |value| a computation reads) is within ±kLargestSquarable, else the
// power of two 2^k ≤ largest < 2^(k + 1). Dividing by it is exact, so a result proportional to the
// values is exactly 2^k times the one of values / 2^k; values within range are read as they are.
double power_of_two_scale(double largest);

// The largest |value| of A (0 when A is empty).
double largest_magnitude(MatrixRef A);

// A, or A / power_of_two_scale(its largest |value|) in `storage` when that is not 1.
MatrixRef squarable(MatrixRef A, Matrix& storage);

}  // namespace wasmlearn
