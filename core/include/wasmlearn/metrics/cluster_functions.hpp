// The declarations of sklearn.metrics' clustering scores (JS namespace `metrics`); see base/function.hpp.
#pragma once
#include "wasmlearn/base/function.hpp"
#include "wasmlearn/metrics/cluster.hpp"

namespace wasmlearn {

// A score of samples X and their cluster labels is declared by a row of this table.
struct ClusterScoreSpec {
  const char* name;
  const char* doc;
  double (*compute)(MatrixRef X, IntVectorRef labels);
};

namespace fn {
template <const ClusterScoreSpec& S>
struct ClusterScore {
  struct Params {};
};
struct SilhouetteSamples {
  struct Params {};
};
struct AdjustedRandScore {
  struct Params {};
};
struct NormalizedMutualInfoScore {
  struct Params {
    EntropyMean average_method = EntropyMean::arithmetic;
  };
};

inline constexpr ClusterScoreSpec silhouette_score{
    "silhouetteScore", "mean Euclidean silhouette coefficient of the samples, in [-1, 1]", &wasmlearn::silhouette_score};
inline constexpr ClusterScoreSpec davies_bouldin_score{
    "daviesBouldinScore", "mean over clusters of the worst ratio of within-cluster spreads to centroid distance (lower is better)",
    &wasmlearn::davies_bouldin_score};
inline constexpr ClusterScoreSpec calinski_harabasz_score{
    "calinskiHarabaszScore", "ratio of between-cluster to within-cluster dispersion, scaled by degrees of freedom",
    &wasmlearn::calinski_harabasz_score};
}  // namespace fn

inline std::vector<ArrayArg> samples_and_clusters() {
  return {{"X", ArrayKind::matrix, "samples in rows"},
          {"labels", ArrayKind::labels, "the cluster of each sample (numbers or strings; 2 to n - 1 clusters)"}};
}
inline std::vector<ArrayArg> two_labelings() {
  return {{"labelsTrue", ArrayKind::labels, "reference clustering"}, {"labelsPred", ArrayKind::labels, "clustering to compare"}};
}

template <const ClusterScoreSpec& S>
struct Describe<fn::ClusterScore<S>> {
  static constexpr const char* name = S.name;
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = S.doc;
  static std::vector<ArrayArg> arrays() { return samples_and_clusters(); }
  static auto params() { return std::tuple<>(); }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the score"}}; }
  static FunctionResult run(const FunctionArrays& a, const typename fn::ClusterScore<S>::Params&) {
    return FunctionResult().add("", NdArray::scalar(S.compute(a[0], a[1].col(0).cast<int>())));
  }
};

template <>
struct Describe<fn::SilhouetteSamples> {
  static constexpr const char* name = "silhouetteSamples";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "Euclidean silhouette coefficient of each sample (0 in a cluster of one)";
  static std::vector<ArrayArg> arrays() { return samples_and_clusters(); }
  static auto params() { return std::tuple<>(); }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::vector, "one coefficient per sample"}}; }
  static FunctionResult run(const FunctionArrays& a, const fn::SilhouetteSamples::Params&) {
    return FunctionResult().add("", NdArray::from(silhouette_samples(a[0], a[1].col(0).cast<int>())));
  }
};

template <>
struct Describe<fn::AdjustedRandScore> {
  static constexpr const char* name = "adjustedRandScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "Rand index of two clusterings adjusted for chance (1 identical, about 0 random)";
  static std::vector<ArrayArg> arrays() { return two_labelings(); }
  static auto params() { return std::tuple<>(); }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the index"}}; }
  static FunctionResult run(const FunctionArrays& a, const fn::AdjustedRandScore::Params&) {
    return FunctionResult().add("", NdArray::scalar(adjusted_rand_score(a[0].col(0).cast<int>(), a[1].col(0).cast<int>())));
  }
};

template <>
struct Describe<fn::NormalizedMutualInfoScore> {
  using P = fn::NormalizedMutualInfoScore::Params;
  static constexpr const char* name = "normalizedMutualInfoScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "mutual information of two clusterings divided by a mean of their entropies, in [0, 1]";
  static std::vector<ArrayArg> arrays() { return two_labelings(); }
  static auto params() {
    return std::make_tuple(param("averageMethod", &P::average_method, "the mean of the entropies that normalises",
                                 {{"min", EntropyMean::min}, {"geometric", EntropyMean::geometric},
                                  {"arithmetic", EntropyMean::arithmetic}, {"max", EntropyMean::max}}));
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the score"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o) {
    return FunctionResult().add(
        "", NdArray::scalar(normalized_mutual_info_score(a[0].col(0).cast<int>(), a[1].col(0).cast<int>(), o.average_method)));
  }
};

}  // namespace wasmlearn
