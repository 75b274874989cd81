#include "wasmlearn/base/squarable.hpp"

#include <cmath>

namespace wasmlearn {

double power_of_two_scale(double largest) {
  return largest > kLargestSquarable && std::isfinite(largest) ? std::ldexp(1.0, std::ilogb(largest)) : 1.0;
}

double largest_magnitude(MatrixRef A) { return A.size() ? A.cwiseAbs().maxCoeff() : 0.0; }

MatrixRef squarable(MatrixRef A, Matrix& storage) {
  const double scale = power_of_two_scale(largest_magnitude(A));
  if (scale == 1) return A;
  storage = A / scale;
  return storage;
}

}  // namespace wasmlearn
