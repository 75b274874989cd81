#include "wasmlearn/base/class_weight.hpp"

#include <cmath>
#include <string>

#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

std::vector<double> class_weight_values(const ClassWeight& class_weight, IntVectorRef y, int n_classes) {
  const auto classes = static_cast<std::size_t>(n_classes);
  if (!class_weight) return std::vector<double>(classes, 1.0);
  if (const auto* given = std::get_if<std::vector<double>>(&*class_weight)) {
    if (given->size() != classes)
      throw InvalidArgument("classWeight must hold one weight per class (" + std::to_string(n_classes) + "), got " +
                            std::to_string(given->size()));
    for (double v : *given)
      if (!std::isfinite(v) || v < 0) throw InvalidArgument("classWeight values must be at least 0, got " + format_number(v));
    return *given;
  }
  std::vector<double> count(classes, 0.0), weight(classes, 0.0);
  for (Index i = 0; i < y.size(); ++i) ++count[static_cast<std::size_t>(y[i])];
  for (std::size_t k = 0; k < classes; ++k)
    if (count[k] > 0) weight[k] = static_cast<double>(y.size()) / (n_classes * count[k]);
  return weight;
}

}  // namespace wasmlearn
