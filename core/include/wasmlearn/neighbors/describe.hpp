// Declarations of the neighbours estimators (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/n_jobs.hpp"
#include "wasmlearn/neighbors/kneighbors.hpp"
#include "wasmlearn/neighbors/radius_neighbors.hpp"

namespace wasmlearn {
namespace nn {

// The options every neighbours estimator has, declared once.
template <class P>
auto search_params() {
  return std::make_tuple(
      param("weights", &P::weights, "'uniform' votes, or 'distance': inverse-distance weights (exact matches win)",
            {{"uniform", NeighborsWeights::uniform}, {"distance", NeighborsWeights::distance}}),
      param("algorithm", &P::algorithm,
            "search structure; 'auto' is brute force above 15 features or for many neighbours, else a KD-tree",
            {{"auto", NeighborsAlgorithm::automatic},
             {"ball_tree", NeighborsAlgorithm::ball_tree},
             {"kd_tree", NeighborsAlgorithm::kd_tree},
             {"brute", NeighborsAlgorithm::brute}}),
      param("leafSize", &P::leaf_size, "points per tree leaf (between leafSize and 2*leafSize)", at_least(1)),
      param("p", &P::p, "power of the Minkowski metric (1 = manhattan, 2 = euclidean)", at_least(1)),
      param("metric", &P::metric, "distance between samples",
            {{"minkowski", NeighborsMetric::minkowski},
             {"euclidean", NeighborsMetric::euclidean},
             {"manhattan", NeighborsMetric::manhattan},
             {"chebyshev", NeighborsMetric::chebyshev}}));
}

// The power of X's values the metric's sums reach, in the fit and in every query: 2 for euclidean, 1
// for manhattan and chebyshev, p for minkowski (Describe's feature_power).
inline FeaturePower feature_power_of(const NeighborsSearchParams& p) {
  const Distance d = resolve_distance(p);
  const double power = d.kind == DistanceKind::squared_euclidean ? 2 : d.kind == DistanceKind::minkowski ? d.p : 1;
  return {power, FeaturePower::at_every_method};
}

template <class E>
auto shared_attributes() {
  return std::make_tuple(attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
                         attribute("nSamplesFit", &E::n_samples_fit, "number of training samples"));
}

// The k-nearest estimators: nNeighbors, the search options and the workers of their queries.
inline auto k_neighbors_params() {
  return std::tuple_cat(
      std::make_tuple(param("nNeighbors", &KNeighborsParams::n_neighbors,
                            "number of neighbours; samples as far as the k-th are taken in training order, whatever the "
                            "algorithm (scikit-learn's pick among them depends on its algorithm and threads)",
                            at_least(1))),
      search_params<KNeighborsParams>(),
      std::make_tuple(param("nJobs", &KNeighborsParams::n_jobs,
                            "workers predictAsync, predictProbaAsync and kneighborsAsync query on, one block of rows each "
                            "(the JS worker pool; -1: every core, -2: all but one); the other methods run in the calling thread")));
}
inline auto radius_param() {
  return std::make_tuple(param("radius", &RadiusNeighborsParams::radius, "neighbourhood radius", greater_than(0)));
}

}  // namespace nn

template <>
struct Describe<KNeighborsClassifier> {
  static constexpr const char* name = "KNeighborsClassifier";
  static constexpr const char* family = "neighbors";
  static constexpr const char* doc = "Vote among the k nearest training samples";
  static constexpr Kind kind = Kind::classifier;
  static FeaturePower feature_power(const KNeighborsClassifier& e) { return nn::feature_power_of(e.params()); }
  static auto params() { return nn::k_neighbors_params(); }
  static auto rules() { return std::make_tuple(n_jobs_rule<KNeighborsParams>()); }
  static auto attributes() {
    using E = KNeighborsClassifier;
    return std::tuple_cat(nn::shared_attributes<E>(),
                          std::make_tuple(attribute("nClasses", &E::n_classes, "number of classes seen in fit")));
  }
};

template <>
struct Describe<KNeighborsRegressor> {
  static constexpr const char* name = "KNeighborsRegressor";
  static constexpr const char* family = "neighbors";
  static constexpr const char* doc = "Average the targets of the k nearest training samples";
  static constexpr Kind kind = Kind::regressor;
  static FeaturePower feature_power(const KNeighborsRegressor& e) { return nn::feature_power_of(e.params()); }
  static auto params() { return nn::k_neighbors_params(); }
  static auto rules() { return std::make_tuple(n_jobs_rule<KNeighborsParams>()); }
  static auto attributes() {
    using E = KNeighborsRegressor;
    return std::tuple_cat(nn::shared_attributes<E>(),
                          std::make_tuple(attribute("nOutputs", &E::n_outputs, "number of target columns seen in fit")));
  }
};

template <>
struct Describe<RadiusNeighborsClassifier> {
  static constexpr const char* name = "RadiusNeighborsClassifier";
  static constexpr const char* family = "neighbors";
  static constexpr const char* doc = "Vote among the training samples within a radius";
  static constexpr Kind kind = Kind::classifier;
  static FeaturePower feature_power(const RadiusNeighborsClassifier& e) { return nn::feature_power_of(e.params()); }
  static auto params() {
    using P = RadiusNeighborsClassifierParams;
    return std::tuple_cat(
        nn::radius_param(), nn::search_params<P>(),
        std::make_tuple(param("outlierLabel", &P::outlier_label,
                              "label of queries with no neighbour in the radius: null (an error) or 'most_frequent'",
                              {{"most_frequent", OutlierLabel::most_frequent}})));
  }
  static auto attributes() {
    using E = RadiusNeighborsClassifier;
    return std::tuple_cat(nn::shared_attributes<E>(),
                          std::make_tuple(attribute("nClasses", &E::n_classes, "number of classes seen in fit")));
  }
};

template <>
struct Describe<RadiusNeighborsRegressor> {
  static constexpr const char* name = "RadiusNeighborsRegressor";
  static constexpr const char* family = "neighbors";
  static constexpr const char* doc = "Average the targets of the training samples within a radius (NaN if none)";
  static constexpr Kind kind = Kind::regressor;
  static FeaturePower feature_power(const RadiusNeighborsRegressor& e) { return nn::feature_power_of(e.params()); }
  static auto params() { return std::tuple_cat(nn::radius_param(), nn::search_params<RadiusNeighborsParams>()); }
  static auto attributes() {
    using E = RadiusNeighborsRegressor;
    return std::tuple_cat(nn::shared_attributes<E>(),
                          std::make_tuple(attribute("nOutputs", &E::n_outputs, "number of target columns seen in fit")));
  }
};

}  // namespace wasmlearn
