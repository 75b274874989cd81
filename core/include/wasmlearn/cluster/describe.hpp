// Declarations of the clustering estimators (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/n_jobs.hpp"
#include "wasmlearn/cluster/kmeans.hpp"

namespace wasmlearn {

template <>
struct Describe<KMeans> {
  static constexpr const char* name = "KMeans";
  static constexpr const char* family = "cluster";
  static constexpr const char* doc = "k-means clustering (Lloyd or Elkan iterations from k-means++ or random starts)";
  static constexpr Kind kind = Kind::clusterer;
  static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};  // distances to the centres
  static constexpr Float32Results float32_results = {Float32Rule::fit_and_x};
  static auto params() {
    using P = KMeans::Params;
    return std::tuple_cat(std::make_tuple(
        param("nClusters", &P::n_clusters, "number of clusters", at_least(1)),
        param("init", &P::init, "'k-means++', 'random' (k distinct samples) or the initial centres (nClusters x nFeatures)",
              {{"k-means++", KMeansInit::k_means_plus_plus}, {"random", KMeansInit::random}}),
        param("nInit", &P::n_init,
              "runs from different starts, the best kept; 'auto': 1 for k-means++, 10 for random starts",
              {{"auto", AutoCount::automatic}}, at_least(1)),
        param("maxIter", &P::max_iter, "maximum iterations per run", at_least(1)),
        param("tol", &P::tol, "stop when the squared centre shift is at most tol times the mean feature variance",
              at_least(0)),
        param("algorithm", &P::algorithm, "'lloyd' or 'elkan' (triangle-inequality bounds; same result)",
              {{"lloyd", KMeansAlgorithm::lloyd}, {"elkan", KMeansAlgorithm::elkan}}),
        param("randomState", &P::random_state, "seed of the starts; start i draws from a stream derived from (randomState, i) alone",
              at_least(0))),
                          start_params<P>());
  }
  static auto rules() { return std::make_tuple(n_jobs_rule<KMeans::Params>()); }
  static auto attributes() {
    using E = KMeans;
    return std::make_tuple(attribute("clusterCenters", &E::cluster_centers, "centres (nClusters x nFeatures)").as(Role::centres),
                           attribute("labels", &E::labels, "cluster of each training sample"),
                           attribute("inertia", &E::inertia, "sum of squared distances of the samples to their centres"),
                           attribute("nIter", &E::n_iter, "iterations of the kept run"),
                           attribute("inertiaHistory", &E::inertia_history,
                                     "inertia of each iteration's assignment, to the centres that made it (a wasmlearn extension: scikit-learn keeps no history)")
                               .as(Role::objective_history, "inertia"),
                           attribute("initCenters", &E::init_centers,
                                     "centres the kept run started from (a wasmlearn extension, for step-by-step views)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

}  // namespace wasmlearn
