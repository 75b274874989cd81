#include "wasmlearn/base/any_estimator.hpp"

#include <cmath>

namespace wasmlearn::detail {

NdArray squeeze_outputs(NdArray a) {
  if (a.shape.size() == 2 && a.shape[1] == 1) a.shape = {a.shape[0]};        // n x 1 predictions -> n
  else if (a.shape.size() == 2 && a.shape[0] == 1) a.shape = {a.shape[1]};   // 1 x p coefficients -> p
  else if (a.shape.size() == 1 && a.shape[0] == 1) a.shape = {};             // one intercept -> scalar
  return a;
}

IntVector class_codes_from(MatrixRef Y) {
  if (Y.cols() != 1) throw InvalidArgument("y must be one-dimensional for a classifier, got " + std::to_string(Y.cols()) + " columns");
  IntVector codes(Y.rows());
  for (Index i = 0; i < Y.rows(); ++i) {
    const double v = Y(i, 0);
    if (!std::isfinite(v) || v < 0 || std::floor(v) != v)
      throw InvalidArgument("y class code at index " + std::to_string(i) + " must be a non-negative integer, got " + format_number(v));
    codes[i] = static_cast<int>(v);
  }
  return codes;
}

void throw_unsupported(const char* estimator, const char* method) {
  throw InvalidArgument(std::string(estimator) + " does not support " + method);
}

void throw_no_sample_weight(const char* estimator) {
  throw InvalidArgument(std::string(estimator) + ".fit does not take sampleWeight");
}

}  // namespace wasmlearn::detail
