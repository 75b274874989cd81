// The declarations of sklearn.metrics' clustering scores (JS namespace `metrics`); see base/function.hpp.
#pragma once
#include "wasmlearn/base/function.hpp"
#include "wasmlearn/base/random.hpp"
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
  struct Params {
    DistanceMetric metric = DistanceMetric::euclidean;
  };
};
struct SilhouetteScore {
  struct Params : SilhouetteSamples::Params {
    std::optional<int> sample_size;
    int random_state = 0;
  };
};
struct AdjustedRandScore {
  struct Params {};
};
struct NormalizedMutualInfoScore {
  struct Params {
    EntropyMean average_method = EntropyMean::arithmetic;
  };
};

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
// The metric option of the silhouettes (scikit-learn's names; 'precomputed': X is the distances).
template <class P>
auto silhouette_metric_param() {
  return param("metric", &P::metric,
               "distance between samples: euclidean, sqeuclidean, manhattan (cityblock, l1), cosine, or precomputed "
               "(X is the n x n matrix of distances)",
               distance_metric_choices(true));
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
struct Describe<fn::SilhouetteScore> {
  using P = fn::SilhouetteScore::Params;
  static constexpr const char* name = "silhouetteScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "mean silhouette coefficient of the samples (or of a random subset), in [-1, 1]";
  static std::vector<ArrayArg> arrays() { return samples_and_clusters(); }
  static auto params() {
    return std::make_tuple(
        silhouette_metric_param<P>(),
        param("sampleSize", &P::sample_size, "score a random subset of this many samples (null: all)", at_least(1)),
        param("randomState", &P::random_state,
              "seed of the subset (the library's generator: the same subset natively and in WASM, not numpy's)", at_least(0)));
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the score"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o) {
    const IntVector labels = a[1].col(0).cast<int>();
    if (!o.sample_size) return FunctionResult().add("", NdArray::scalar(silhouette_score(a[0], labels, o.metric)));
    check_matrix(a[0], "X");
    check_same_rows(a[0].rows(), labels.size(), "labels");
    // As scikit-learn: the rows at the first sampleSize entries of a random permutation (and those
    // columns of precomputed distances), their labels coded anew (0..k-1 in the same order) so that
    // clusters the subset misses do not count.
    Random rng(static_cast<std::uint64_t>(o.random_state));
    const IntVector order = rng.permutation(a[0].rows());
    const Index m = std::min<Index>(*o.sample_size, a[0].rows());
    const bool precomputed = o.metric == DistanceMetric::precomputed;
    if (precomputed) check_precomputed_distances(a[0]);
    Matrix X(m, precomputed ? m : a[0].cols());
    std::vector<int> present(static_cast<std::size_t>(labels.maxCoeff() + 1), 0);
    for (Index i = 0; i < m; ++i) {
      if (precomputed)
        for (Index j = 0; j < m; ++j) X(i, j) = a[0](order[i], order[j]);
      else X.row(i) = a[0].row(order[i]);
      present[static_cast<std::size_t>(labels[order[i]])] = 1;
    }
    std::vector<int> code(present.size());
    for (std::size_t c = 0, next = 0; c < present.size(); ++c) code[c] = present[c] ? static_cast<int>(next++) : -1;
    IntVector subset(m);
    for (Index i = 0; i < m; ++i) subset[i] = code[static_cast<std::size_t>(labels[order[i]])];
    return FunctionResult().add("", NdArray::scalar(silhouette_score(X, subset, o.metric)));
  }
};

template <>
struct Describe<fn::SilhouetteSamples> {
  static constexpr const char* name = "silhouetteSamples";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "silhouette coefficient of each sample (0 in a cluster of one)";
  static std::vector<ArrayArg> arrays() { return samples_and_clusters(); }
  static auto params() { return std::make_tuple(silhouette_metric_param<fn::SilhouetteSamples::Params>()); }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::vector, "one coefficient per sample"}}; }
  static FunctionResult run(const FunctionArrays& a, const fn::SilhouetteSamples::Params& o) {
    return FunctionResult().add("", NdArray::from(silhouette_samples(a[0], a[1].col(0).cast<int>(), o.metric)));
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
