// The declarations of the sklearn.model_selection functions (JS namespace `modelSelection`); see
// base/function.hpp.
#pragma once
#include <optional>
#include <vector>

#include "wasmlearn/base/function.hpp"
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
}  // namespace fn

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
