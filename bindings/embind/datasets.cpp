// sklearn.datasets generators and train_test_split's index computation. Options are checked by
// the core (messages use the JS names); the JS layer (bindings/js/datasets.js) maps option objects.
#include <cmath>

#include "bindings/embind/boundary.hpp"
#include "wasmlearn/datasets/datasets.hpp"
#include "wasmlearn/model_selection/split.hpp"

namespace wasmlearn::bindings {
namespace {

val dataset_to_js(const Dataset& d) {
  val out = val::object();
  out.set("X", to_js(NdArray::from(d.X)));
  out.set("y", to_js_double(d.y.data(), d.y.size()));
  return out;
}

std::uint64_t seed_of(double random_state) { return static_cast<std::uint64_t>(random_state); }

val blobs(double n_samples, double n_features, double centers, double cluster_std, double lo, double hi, bool shuffle,
          double random_state) {
  return guarded([&] {
    return dataset_to_js(make_blobs(static_cast<Index>(n_samples), static_cast<Index>(n_features), static_cast<Index>(centers),
                                    cluster_std, lo, hi, shuffle, seed_of(random_state)));
  });
}

val blobs_around(double n_samples, const val& centers, int rows, int cols, double cluster_std, bool shuffle, double random_state) {
  return guarded([&] {
    const Buffer c(centers, rows, cols, "centers");
    return dataset_to_js(make_blobs(static_cast<Index>(n_samples), c.map(), cluster_std, shuffle, seed_of(random_state)));
  });
}

val moons(double n_samples, double noise, bool shuffle, double random_state) {
  return guarded([&] { return dataset_to_js(make_moons(static_cast<Index>(n_samples), noise, shuffle, seed_of(random_state))); });
}

val circles(double n_samples, double noise, double factor, bool shuffle, double random_state) {
  return guarded([&] {
    return dataset_to_js(make_circles(static_cast<Index>(n_samples), noise, factor, shuffle, seed_of(random_state)));
  });
}

val classification(double n_samples, double n_features, double n_informative, double n_redundant, double n_classes,
                   double n_clusters_per_class, double class_sep, double flip_y, bool shuffle, double random_state,
                   double n_repeated) {
  return guarded([&] {
    return dataset_to_js(make_classification(static_cast<Index>(n_samples), static_cast<Index>(n_features),
                                             static_cast<Index>(n_informative), static_cast<Index>(n_redundant),
                                             static_cast<Index>(n_classes), static_cast<Index>(n_clusters_per_class),
                                             class_sep, flip_y, shuffle, seed_of(random_state), static_cast<Index>(n_repeated)));
  });
}

val regression(double n_samples, double n_features, double n_informative, double noise, double bias, bool shuffle,
               double random_state) {
  return guarded([&] {
    const RegressionDataset d = make_regression(static_cast<Index>(n_samples), static_cast<Index>(n_features),
                                                static_cast<Index>(n_informative), noise, bias, shuffle, seed_of(random_state));
    val out = dataset_to_js(d);
    out.set("coef", to_js_double(d.coef.data(), d.coef.size()));
    return out;
  });
}

val iris() {
  return guarded([&] {
    const NamedDataset d = load_iris();
    val out = dataset_to_js(d);
    val features = val::array(), targets = val::array();
    for (const auto& f : d.feature_names) features.call<void>("push", f);
    for (const auto& t : d.target_names) targets.call<void>("push", t);
    out.set("featureNames", features);
    out.set("targetNames", targets);
    return out;
  });
}

// A size is NaN when not given; `is_count` says whether it is a count or a fraction.
std::optional<SplitSize> size_of(double value, bool is_count) {
  if (std::isnan(value)) return std::nullopt;
  return is_count ? SplitSize::count(value) : SplitSize::fraction(value);
}

val split(double n_samples, double test_size, bool test_is_count, double train_size, bool train_is_count, bool shuffle,
          const val& stratify, double random_state) {
  return guarded([&] {
    const int n_stratify = stratify["length"].as<int>();
    IntVector codes;
    if (n_stratify > 0) codes = Buffer(stratify, n_stratify, 1, "stratify").map().col(0).cast<int>();
    const Split s = train_test_split(static_cast<Index>(n_samples), size_of(test_size, test_is_count),
                                     size_of(train_size, train_is_count), shuffle, n_stratify > 0 ? &codes : nullptr,
                                     seed_of(random_state));
    val out = val::object();
    out.set("train", to_js_int(s.train.data(), s.train.size()));
    out.set("test", to_js_int(s.test.data(), s.test.size()));
    return out;
  });
}

}  // namespace
}  // namespace wasmlearn::bindings

EMSCRIPTEN_BINDINGS(wasmlearn_datasets) {
  using namespace wasmlearn::bindings;
  emscripten::function("makeBlobs", &blobs);
  emscripten::function("makeBlobsAround", &blobs_around);
  emscripten::function("makeMoons", &moons);
  emscripten::function("makeCircles", &circles);
  emscripten::function("makeClassification", &classification);
  emscripten::function("makeRegression", &regression);
  emscripten::function("loadIris", &iris);
  emscripten::function("trainTestSplitIndices", &split);
}
