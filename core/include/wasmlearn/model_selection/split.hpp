// train_test_split, as scikit-learn's sklearn.model_selection.train_test_split, on indices: the
// caller (the JS layer) takes the rows of X and y it needs.
#pragma once
#include <cstdint>
#include <optional>

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// A train or test size, either a count of samples or a fraction of them. scikit-learn tells them
// apart by Python type (30 vs 0.25); JavaScript has one number type, so trainTestSplit's declaration
// (model_selection/functions.hpp) maps an integer >= 1 to a count and anything else to a fraction.
struct SplitSize {
  double value = 0;
  bool is_count = false;
  static SplitSize count(double n) { return {n, true}; }
  static SplitSize fraction(double f) { return {f, false}; }
};

struct Split {
  IntVector train, test;  // indices into 0 .. n_samples-1, disjoint
};

// Sizes follow scikit-learn: with neither size given the test fraction is 0.25; a fraction gives
// n_test = ceil(f·n) or n_train = floor(f·n); an unset size is the rest. Errors name the JS options
// (testSize, trainSize) with scikit-learn's wording.
//   shuffle = false: train = 0 .. n_train-1, test = n_train .. n_train+n_test-1 (stratify not allowed).
//   shuffle = true, no stratify: a random permutation; its first n_test entries are the test set,
//     the next n_train the training set.
//   stratify (one class code per sample; pass nullptr or an empty vector for none): each class is
//     split in proportion to its size. Rounding rule: a class of c samples out of n gets c·n_train/n
//     training samples rounded down, and the samples still missing go one each to the classes with
//     the largest remainders (ties broken at random); then every class is moved to at least 1 and
//     at most c-1 training samples by taking from / giving to the class furthest above / below its
//     exact share. The test allocation is made the same way from what is left (at least 1 each).
//     So every class is present on both sides; a class of one sample is an error (as scikit-learn),
//     and so are fewer than nClasses training or test samples. Within a class the samples are chosen
//     by a random permutation, and both index lists are finally put in random order.
Split train_test_split(Index n_samples, std::optional<SplitSize> test_size = std::nullopt,
                       std::optional<SplitSize> train_size = std::nullopt, bool shuffle = true,
                       const IntVector* stratify = nullptr, std::uint64_t random_state = 0);

// The sizes alone (n_train, n_test) by the rules above; throws as train_test_split does.
std::pair<Index, Index> split_sizes(Index n_samples, std::optional<SplitSize> test_size,
                                    std::optional<SplitSize> train_size);

}  // namespace wasmlearn
