#include "wasmlearn/preprocessing/numpy_quantiles.hpp"

#include <algorithm>
#include <cmath>

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

std::vector<double> linspace(double start, double stop, int num) {
  std::vector<double> y(static_cast<std::size_t>(std::max(num, 0)));
  if (num == 1) { y[0] = start; return y; }
  const double step = (stop - start) / (num - 1);
  for (int i = 0; i < num; ++i) y[static_cast<std::size_t>(i)] = i * step + start;
  if (num > 1) y.back() = stop;
  return y;
}

double percentile(const std::vector<double>& sorted, double q) {
  const double n = static_cast<double>(sorted.size());
  const double virtual_index = n * q + (1 - q) - 1;
  const double below = std::floor(virtual_index);
  const Index last = static_cast<Index>(sorted.size()) - 1;
  if (virtual_index >= static_cast<double>(last)) return sorted.back();
  if (virtual_index < 0) return sorted.front();
  const Index lo = static_cast<Index>(below);
  const double a = sorted[static_cast<std::size_t>(lo)], b = sorted[static_cast<std::size_t>(lo + 1)];
  const double t = virtual_index - below, diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

}  // namespace wasmlearn
