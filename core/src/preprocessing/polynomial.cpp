#include "wasmlearn/preprocessing/polynomial.hpp"

#include <algorithm>
#include <string>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/preprocessing/describe.hpp"

namespace wasmlearn {
namespace {

constexpr double kMaxOutputs = 1e6;  // refuse bases that could not fit in memory for any data

// Number of output columns: multisets (or sets, interaction only) of each size d <= degree from p
// items, the bias being the empty one. Multisets: C(p + degree, degree), as the product over i <= m =
// min(p, degree) of (p + degree - m + i) / i; sets: the sum over d <= min(p, degree) of C(p, d), each
// from the one before. Every partial result is a whole count (exact below 2^53), and the loops are
// min(p, degree) long whatever the degree (2^31 - 1 included); past double's range the count is
// Infinity, refused all the same.
double count_outputs(Index p, int degree, bool interaction_only, bool include_bias) {
  const Index m = std::min<Index>(p, degree);
  double total = 1;
  if (interaction_only) {
    double of_size = 1;
    for (Index d = 1; d <= m; ++d) {
      of_size = of_size * static_cast<double>(p - d + 1) / static_cast<double>(d);
      total += of_size;
    }
  } else {
    const double n = static_cast<double>(p) + degree;
    for (Index i = 1; i <= m; ++i) total = total * (n - static_cast<double>(m - i)) / static_cast<double>(i);
  }
  return include_bias ? total : total - 1;
}

}  // namespace

void PolynomialFeatures::build(Index p) {
  const int degree = params_.degree;
  const double total = count_outputs(p, degree, params_.interaction_only, params_.include_bias);
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
