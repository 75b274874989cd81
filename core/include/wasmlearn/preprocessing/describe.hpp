// Declarations of the preprocessing estimators (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/preprocessing/standard_scaler.hpp"

namespace wasmlearn {

template <>
struct Describe<StandardScaler> {
  static constexpr const char* name = "StandardScaler";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc = "Standardise features to zero mean and unit variance";
  static constexpr Kind kind = Kind::transformer;
  static auto params() {
    using P = StandardScaler::Params;
    return std::make_tuple(param("withMean", &P::with_mean, "subtract the mean of each feature"),
                           param("withStd", &P::with_std, "divide by the standard deviation of each feature"));
  }
  static auto attributes() {
    using E = StandardScaler;
    return std::make_tuple(attribute("mean", &E::mean, "per-feature mean seen in fit"),
                           attribute("var", &E::var, "per-feature population variance seen in fit"),
                           attribute("scale", &E::scale, "per-feature divisor (1 for constant features)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
                           attribute("nSamplesSeen", &E::n_samples_seen, "number of rows seen in fit"));
  }
};

}  // namespace wasmlearn
