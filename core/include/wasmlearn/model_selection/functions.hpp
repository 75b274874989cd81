// The declarations of the sklearn.model_selection functions (JS namespace `modelSelection`); see
// base/function.hpp.
#pragma once
#include <optional>
#include <vector>

#include "wasmlearn/base/function.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/model_selection/split.hpp"

namespace wasmlearn {

namespace fn {
struct TrainTestSplit {
  struct Params {
    std::optional<double> test_size;
    std::optional<double> train_size;
    bool shuffle = true;
    std::optional<std::vector<double>> stratify;  // class codes (the JS layer encodes the labels)
    std::uint64_t random_state = 0;
  };
};
// The core's seeded generator for the JS splitters and searches (KFold with shuffle, ShuffleSplit,
// RandomizedSearchCV, ...), so that the same randomState gives the same folds and candidates natively,
// in Node and in browsers.
struct RandomDraws {
  struct Params {
    Index n_samples = 1;
    std::uint64_t random_state = 0;
  };
};
struct Permutation : RandomDraws {};
struct UniformDraws : RandomDraws {};
}  // namespace fn

namespace detail {
struct RandomDrawsDeclaration {
  using P = fn::RandomDraws::Params;
  static constexpr const char* module = "modelSelection";
  static std::vector<ArrayArg> arrays() { return {}; }
  static auto params() {
    return std::make_tuple(param("nSamples", &P::n_samples, "how many", at_least(1)),
                           param("randomState", &P::random_state, "seed of the generator", at_least(0)));
  }
};
}  // namespace detail

template <>
struct Describe<fn::Permutation> : detail::RandomDrawsDeclaration {
  static constexpr const char* name = "permutation";
  static constexpr const char* doc =
      "0 .. nSamples-1 in random order, from the library's seeded generator (the shuffle of the splitters)";
  static std::vector<ResultDecl> results() { return {{"", ResultKind::int_vector, "the permutation"}}; }
  static FunctionResult run(const FunctionArrays&, const P& o) {
    Random rng(o.random_state);
    return FunctionResult().add("", NdArray::from(rng.permutation(o.n_samples)));
  }
};

template <>
struct Describe<fn::UniformDraws> : detail::RandomDrawsDeclaration {
  static constexpr const char* name = "uniformDraws";
  static constexpr const char* doc =
      "nSamples uniform numbers in [0, 1), each a multiple of 2^-53, from the library's seeded generator (the "
      "draws of RandomizedSearchCV and the seeds of repeated splitters)";
  static std::vector<ResultDecl> results() { return {{"", ResultKind::vector, "the draws"}}; }
  static FunctionResult run(const FunctionArrays&, const P& o) {
    Random rng(o.random_state);
    Vector draws(o.n_samples);
    for (Index i = 0; i < o.n_samples; ++i) draws[i] = rng.uniform();
    return FunctionResult().add("", NdArray::from(draws));
  }
};

template <>
struct Describe<fn::TrainTestSplit> {
  using P = fn::TrainTestSplit::Params;
  static constexpr const char* name = "trainTestSplit";
  static constexpr const char* module = "modelSelection";
  static constexpr const char* doc =
      "sklearn.model_selection.train_test_split: random (optionally stratified) train and test rows of X and y, "
      "which keep the form they were given in";
  static constexpr bool top_level = true;
  static std::vector<ArrayArg> arrays() {
    return {{"X", ArrayKind::rows, "samples in rows"},
            {"y", ArrayKind::entries, "labels or targets, one per sample", true}};
  }
  static auto params() {
    const char* size_doc = "an integer ≥ 1 is a count of samples, anything else a fraction (null: the rest, or 0.25 for the test set when both are null)";
    return std::make_tuple(param("testSize", &P::test_size, size_doc), param("trainSize", &P::train_size, size_doc),
                           param("shuffle", &P::shuffle, "draw the rows at random (else the first rows train)"),
                           param("stratify", &P::stratify, "labels to split in proportion (every class on both sides)").of_labels(),
                           param("randomState", &P::random_state, "seed of the draw", at_least(0)));
  }
  static std::vector<ResultDecl> results() {
    return {{"train", ResultKind::indices, "the training rows"}, {"test", ResultKind::indices, "the test rows"}};
  }
  static FunctionResult run(const FunctionArrays& a, const P& o) {
    const Index n = a[0].rows();
    IntVector codes;
    if (o.stratify) {
      if (static_cast<Index>(o.stratify->size()) != n)
        throw InvalidArgument("stratify has " + std::to_string(o.stratify->size()) + " entries but X has " +
                              std::to_string(n) + " rows");
      codes = Eigen::Map<const Vector>(o.stratify->data(), n).cast<int>();
    }
    const Split s = train_test_split(n, size_of(o.test_size), size_of(o.train_size), o.shuffle,
                                     o.stratify ? &codes : nullptr, o.random_state);
    return FunctionResult().add("train", NdArray::from(s.train)).add("test", NdArray::from(s.test));
  }

 private:
  // JavaScript has one number type, so an integer >= 1 is a count and anything else a fraction
  // (1 means one sample).
  static std::optional<SplitSize> size_of(std::optional<double> value) {
    if (!value) return std::nullopt;
    const bool is_count = *value >= 1 && std::floor(*value) == *value;
    return is_count ? SplitSize::count(*value) : SplitSize::fraction(*value);
  }
};

}  // namespace wasmlearn
