#include "wasmlearn/model_selection/split.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {
namespace {

void check_size(const std::optional<SplitSize>& s, Index n, const char* name) {
  if (!s) return;
  const double v = s->value;
  const bool bad = s->is_count ? !(std::isfinite(v) && std::floor(v) == v && v > 0 && v < static_cast<double>(n))
                               : !(v > 0 && v < 1);
  if (bad)
    throw InvalidArgument(std::string(name) + "=" + format_number(v) + (s->is_count ? " (a count)" : " (a fraction)") +
                          " should be either positive and smaller than the number of samples " + std::to_string(n) +
                          " or a float in the (0, 1) range");
}

// Integer shares of n_draws over classes in proportion to `weights`, with lo[i] <= share[i] <= hi[i]
// (see the rounding rule in split.hpp). sum(lo) <= n_draws <= sum(hi) is guaranteed by the caller.
std::vector<Index> allocate(const std::vector<Index>& weights, Index n_draws, const std::vector<Index>& lo,
                            const std::vector<Index>& hi, Random& rng) {
  const std::size_t k = weights.size();
  double total = 0;
  for (Index w : weights) total += static_cast<double>(w);
  std::vector<double> exact(k), remainder(k);
  std::vector<Index> share(k);
  Index need = n_draws;
  for (std::size_t i = 0; i < k; ++i) {
    exact[i] = static_cast<double>(weights[i]) / total * static_cast<double>(n_draws);
    share[i] = static_cast<Index>(std::floor(exact[i]));
    remainder[i] = exact[i] - static_cast<double>(share[i]);
    need -= share[i];
  }
  // Largest remainders first; among equal remainders a random subset.
  std::vector<double> values = remainder;
  std::sort(values.begin(), values.end(), std::greater<double>());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  for (double value : values) {
    if (need <= 0) break;
    std::vector<std::size_t> tied;
    for (std::size_t i = 0; i < k; ++i)
      if (remainder[i] == value) tied.push_back(i);
    rng.shuffle(tied.begin(), tied.end());
    const std::size_t now = std::min<std::size_t>(tied.size(), static_cast<std::size_t>(need));
    for (std::size_t t = 0; t < now; ++t) ++share[tied[t]];
    need -= static_cast<Index>(now);
  }
  // Bounds: move single samples from the class furthest above its exact share / to the one furthest below.
  for (std::size_t i = 0; i < k; ++i)
    while (share[i] < lo[i]) {
      std::size_t best = k;
      for (std::size_t j = 0; j < k; ++j)
        if (j != i && share[j] > lo[j] &&
            (best == k || static_cast<double>(share[j]) - exact[j] > static_cast<double>(share[best]) - exact[best]))
          best = j;
      if (best == k) break;
      --share[best];
      ++share[i];
    }
  for (std::size_t i = 0; i < k; ++i)
    while (share[i] > hi[i]) {
      std::size_t best = k;
      for (std::size_t j = 0; j < k; ++j)
        if (j != i && share[j] < hi[j] &&
            (best == k || exact[j] - static_cast<double>(share[j]) > exact[best] - static_cast<double>(share[best])))
          best = j;
      if (best == k) break;
      --share[i];
      ++share[best];
    }
  return share;
}

IntVector to_int_vector(const std::vector<int>& v) {
  IntVector out(static_cast<Index>(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i) out[static_cast<Index>(i)] = v[i];
  return out;
}

Split stratified(const IntVector& y, Index n_train, Index n_test, Random& rng) {
  std::vector<int> classes(y.data(), y.data() + y.size());
  std::sort(classes.begin(), classes.end());
  classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
  const std::size_t k = classes.size();
  std::vector<std::vector<int>> members(k);  // sample indices of each class, ascending
  for (Index i = 0; i < y.size(); ++i) {
    const auto c = std::lower_bound(classes.begin(), classes.end(), y[i]) - classes.begin();
    members[static_cast<std::size_t>(c)].push_back(static_cast<int>(i));
  }
  std::vector<Index> counts(k);
  for (std::size_t c = 0; c < k; ++c) counts[c] = static_cast<Index>(members[c].size());
  if (*std::min_element(counts.begin(), counts.end()) < 2)
    throw InvalidArgument(
        "The least populated class in stratify has only 1 member, which is too few. The minimum number of "
        "groups for any class cannot be less than 2.");
  const Index nk = static_cast<Index>(k);
  if (n_train < nk)
    throw InvalidArgument("The train size = " + std::to_string(n_train) +
                          " should be greater or equal to the number of classes = " + std::to_string(nk));
  if (n_test < nk)
    throw InvalidArgument("The test size = " + std::to_string(n_test) +
                          " should be greater or equal to the number of classes = " + std::to_string(nk));
  std::vector<Index> ones(k, 1), hi(k);
  for (std::size_t c = 0; c < k; ++c) hi[c] = counts[c] - 1;
  const std::vector<Index> n_i = allocate(counts, n_train, ones, hi, rng);
  std::vector<Index> left(k);
  for (std::size_t c = 0; c < k; ++c) left[c] = counts[c] - n_i[c];
  const std::vector<Index> t_i = allocate(left, n_test, ones, left, rng);
  std::vector<int> train, test;
  for (std::size_t c = 0; c < k; ++c) {
    std::vector<int>& m = members[c];
    rng.shuffle(m.begin(), m.end());
    train.insert(train.end(), m.begin(), m.begin() + n_i[c]);
    test.insert(test.end(), m.begin() + n_i[c], m.begin() + n_i[c] + t_i[c]);
  }
  rng.shuffle(train.begin(), train.end());
  rng.shuffle(test.begin(), test.end());
  return {to_int_vector(train), to_int_vector(test)};
}

}  // namespace

std::pair<Index, Index> split_sizes(Index n, std::optional<SplitSize> test_size, std::optional<SplitSize> train_size) {
  if (n < 1) throw InvalidArgument("nSamples must be at least 1, got " + std::to_string(n));
  if (!test_size && !train_size) test_size = SplitSize::fraction(0.25);
  check_size(test_size, n, "testSize");
  check_size(train_size, n, "trainSize");
  if (test_size && train_size && !test_size->is_count && !train_size->is_count &&
      test_size->value + train_size->value > 1)
    throw InvalidArgument("The sum of testSize and trainSize = " + format_number(test_size->value + train_size->value) +
                          ", should be in the (0, 1) range. Reduce testSize and/or trainSize.");
  const double dn = static_cast<double>(n);
  Index n_test = 0, n_train = 0;
  if (test_size)
    n_test = static_cast<Index>(test_size->is_count ? test_size->value : std::ceil(test_size->value * dn));
  if (train_size)
    n_train = static_cast<Index>(train_size->is_count ? train_size->value : std::floor(train_size->value * dn));
  if (!train_size) n_train = n - n_test;
  else if (!test_size) n_test = n - n_train;
  if (n_train + n_test > n)
    throw InvalidArgument("The sum of trainSize and testSize = " + std::to_string(n_train + n_test) +
                          ", should be smaller than the number of samples " + std::to_string(n) +
                          ". Reduce testSize and/or trainSize.");
  if (n_train == 0)
    throw InvalidArgument("With nSamples=" + std::to_string(n) + ", testSize=" +
                          (test_size ? format_number(test_size->value) : std::string("null")) + " and trainSize=" +
                          (train_size ? format_number(train_size->value) : std::string("null")) +
                          ", the resulting train set will be empty. Adjust any of the aforementioned parameters.");
  return {n_train, n_test};
}

Split train_test_split(Index n_samples, std::optional<SplitSize> test_size, std::optional<SplitSize> train_size,
                       bool shuffle, const IntVector* stratify, std::uint64_t random_state) {
  const auto [n_train, n_test] = split_sizes(n_samples, test_size, train_size);
  const bool strat = stratify != nullptr && stratify->size() > 0;
  if (strat && stratify->size() != n_samples)
    throw InvalidArgument("stratify has " + std::to_string(stratify->size()) + " entries but there are " +
                          std::to_string(n_samples) + " samples");
  Split s;
  if (!shuffle) {
    if (strat) throw InvalidArgument("Stratified train/test split is not implemented for shuffle=false");
    s.train = IntVector::LinSpaced(n_train, 0, static_cast<int>(n_train - 1));
    s.test = IntVector::LinSpaced(n_test, static_cast<int>(n_train), static_cast<int>(n_train + n_test - 1));
    return s;
  }
  Random rng(random_state);
  if (strat) return stratified(*stratify, n_train, n_test, rng);
  const IntVector p = rng.permutation(n_samples);
  s.test = p.head(n_test);
  s.train = p.segment(n_test, n_train);
  return s;
}

}  // namespace wasmlearn
