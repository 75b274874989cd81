#include "wasmlearn/preprocessing/polynomial.hpp"

#include <string>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/preprocessing/describe.hpp"

namespace wasmlearn {
namespace {

constexpr double kMaxOutputs = 1e6;  // refuse bases that could not fit in memory for any data

// Number of output columns: multisets (or sets, interaction only) of each size d <= degree from p
// items, as a double, each size's count from the previous one's. Counting stops once past `limit`
// (degree 2 ** 31 - 1 would otherwise count for seconds), so the result is exact or already too many.
double count_outputs(Index p, int degree, bool interaction_only, bool include_bias, double limit) {
  double total = include_bias ? 1 : 0, of_size = 1;
  for (int d = 1; d <= degree && total <= limit; ++d) {
    of_size = of_size * static_cast<double>(interaction_only ? p - d + 1 : p + d - 1) / d;
    if (of_size <= 0) break;
    total += of_size;
  }
  return total;
}

}  // namespace

void PolynomialFeatures::build(Index p) {
  const int degree = params_.degree;
  const double total = count_outputs(p, degree, params_.interaction_only, params_.include_bias, kMaxOutputs);
  check_size(total, "PolynomialFeatures of degree " + std::to_string(degree) + " on " + std::to_string(p) +
                        " features: output columns", kMaxOutputs);
  if (total == 0) throw InvalidArgument("interactionOnly with degree " + std::to_string(degree) + " on " +
                                        std::to_string(p) + " feature(s) produces no columns");
  std::vector<std::vector<int>> combos;
  if (params_.include_bias) combos.emplace_back();
  const int step = params_.interaction_only ? 1 : 0;
  for (int d = 1; d <= degree; ++d) {
    // Lexicographic enumeration of non-decreasing (or increasing) index tuples of length d.
    std::vector<int> c(d);
    for (int i = 0; i < d; ++i) c[i] = i * step;
    if (c[d - 1] >= p) break;  // no tuple of this length (interaction only, d > p)
    while (true) {
      combos.push_back(c);
      int i = d - 1;
      // Rightmost position that can still grow: its largest value is p-1 - step·(d-1-i).
      while (i >= 0 && c[i] == p - 1 - step * (d - 1 - i)) --i;
      if (i < 0) break;
      ++c[i];
      for (int k = i + 1; k < d; ++k) c[k] = c[k - 1] + step;
    }
  }
  combos_ = std::move(combos);
  n_features_in_ = p;
}

PolynomialFeatures& PolynomialFeatures::fit(MatrixRef X) {
  check_params<PolynomialFeatures>(params_);
  check_matrix(X);
  build(X.cols());
  return *this;
}

Matrix PolynomialFeatures::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "PolynomialFeatures", "transform");
  check_n_features(n_features_in_, X);
  check_matrix(X);
  const Index n = X.rows(), m = static_cast<Index>(combos_.size());
  Matrix out(n, m);
  for (Index i = 0; i < n; ++i)
    for (Index c = 0; c < m; ++c) {
      const auto& idx = combos_[static_cast<std::size_t>(c)];
      double v = 1.0;
      if (!idx.empty()) {
        v = X(i, idx.back());
        for (std::size_t k = idx.size() - 1; k-- > 0;) v = v * X(i, idx[k]);
      }
      out(i, c) = v;
    }
  return out;
}

IntMatrix PolynomialFeatures::powers() const {
  IntMatrix P = IntMatrix::Zero(static_cast<Index>(combos_.size()), n_features_in_);
  for (std::size_t c = 0; c < combos_.size(); ++c)
    for (int j : combos_[c]) ++P(static_cast<Index>(c), j);
  return P;
}

json PolynomialFeatures::state() const { return {{"nFeaturesIn", n_features_in_}}; }

void PolynomialFeatures::load_state(const json& s) {
  // Checked before conversion: the old whole-number test converted 3.7e61 to Index first (UBSan).
  const Index p = integer_from_json<Index>(member(s, "nFeaturesIn"), "nFeaturesIn", between(1, 1e6));
  PolynomialFeatures loaded(params_);
  loaded.build(p);
  *this = std::move(loaded);
}

}  // namespace wasmlearn
