// The declarations of the sklearn.datasets functions (JS namespace `datasets`); see base/function.hpp.
#pragma once
#include <variant>

#include "wasmlearn/base/function.hpp"
#include "wasmlearn/datasets/datasets.hpp"

namespace wasmlearn {

// The options every generator has.
struct GeneratorParams {
  Index n_samples = 100;
  bool shuffle = true;
  std::uint64_t random_state = 0;
};

namespace fn {
struct MakeBlobs {
  struct Params : GeneratorParams {
    Index n_features = 2;
    std::variant<Index, Matrix> centers = Index(3);
    double cluster_std = 1.0;
    std::vector<double> center_box = {-10.0, 10.0};
  };
};
struct MakeMoons {
  struct Params : GeneratorParams {
    double noise = 0;
  };
};
struct MakeCircles {
  struct Params : GeneratorParams {
    double noise = 0;
    double factor = 0.8;
  };
};
struct MakeClassification {
  struct Params : GeneratorParams {
    Index n_features = 20;
    Index n_informative = 2;
    Index n_redundant = 2;
    Index n_repeated = 0;
    Index n_classes = 2;
    Index n_clusters_per_class = 2;
    double class_sep = 1.0;
    double flip_y = 0.01;
  };
};
struct MakeRegression {
  struct Params : GeneratorParams {
    Index n_features = 100;
    Index n_informative = 10;
    double noise = 0;
    double bias = 0;
  };
};
}  // namespace fn

namespace detail {

// What the classification generators share: no arrays in, X and y out.
struct GeneratorDeclaration {
  static constexpr const char* module = "datasets";
  static std::vector<ArrayArg> arrays() { return {}; }
  static std::vector<ResultDecl> results() {
    return {{"X", ResultKind::matrix, "the samples"}, {"y", ResultKind::int_vector, "class codes 0..k-1"}};
  }
};

inline FunctionResult dataset_result(const Dataset& d) {
  return FunctionResult().add("X", NdArray::from(d.X)).add("y", NdArray::from(d.y));
}

inline auto sample_count(const char* doc = "number of samples") {
  return param("nSamples", &GeneratorParams::n_samples, doc, at_least(1));
}
inline auto shuffle_and_seed() {
  return std::make_tuple(param("shuffle", &GeneratorParams::shuffle, "permute the samples"),
                         param("randomState", &GeneratorParams::random_state,
                               "seed: the same seed gives the same data everywhere", at_least(0)));
}

}  // namespace detail

template <>
struct Describe<fn::MakeBlobs> : detail::GeneratorDeclaration {
  using P = fn::MakeBlobs::Params;
  static constexpr const char* name = "makeBlobs";
  static constexpr const char* doc = "Isotropic Gaussian blobs around random or given centres";
  static auto params() {
    return std::tuple_cat(
        std::make_tuple(detail::sample_count("number of samples, spread as evenly as possible over the blobs"),
                        param("nFeatures", &P::n_features, "columns of X (with a number of centres)", at_least(1)),
                        param("centers", &P::centers, "a number of random centres, or the centres as rows", {},
                              at_least(1)),
                        param("clusterStd", &P::cluster_std, "standard deviation of every blob", at_least(0)),
                        param("centerBox", &P::center_box, "[low, high]: random centres are uniform in this box")),
        detail::shuffle_and_seed());
  }
  static FunctionResult run(const FunctionArrays&, const P& o) {
    if (const Matrix* centers = std::get_if<Matrix>(&o.centers))
      return detail::dataset_result(make_blobs(o.n_samples, *centers, o.cluster_std, o.shuffle, o.random_state));
    if (o.center_box.size() != 2) throw InvalidArgument("centerBox must be [low, high]");
    return detail::dataset_result(make_blobs(o.n_samples, o.n_features, std::get<Index>(o.centers), o.cluster_std,
                                             o.center_box[0], o.center_box[1], o.shuffle, o.random_state));
  }
};

template <>
struct Describe<fn::MakeMoons> : detail::GeneratorDeclaration {
  using P = fn::MakeMoons::Params;
  static constexpr const char* name = "makeMoons";
  static constexpr const char* doc = "Two interleaving half circles";
  static auto params() {
    return std::tuple_cat(std::make_tuple(detail::sample_count(),
                                          param("noise", &P::noise, "standard deviation of the Gaussian noise", at_least(0))),
                          detail::shuffle_and_seed());
  }
  static FunctionResult run(const FunctionArrays&, const P& o) {
    return detail::dataset_result(make_moons(o.n_samples, o.noise, o.shuffle, o.random_state));
  }
};

template <>
struct Describe<fn::MakeCircles> : detail::GeneratorDeclaration {
  using P = fn::MakeCircles::Params;
  static constexpr const char* name = "makeCircles";
  static constexpr const char* doc = "A large circle containing a smaller one";
  static auto params() {
    return std::tuple_cat(
        std::make_tuple(detail::sample_count(),
                        param("noise", &P::noise, "standard deviation of the Gaussian noise", at_least(0)),
                        param("factor", &P::factor, "radius of the inner circle", Range{0, 1, false, true})),
        detail::shuffle_and_seed());
  }
  static FunctionResult run(const FunctionArrays&, const P& o) {
    return detail::dataset_result(make_circles(o.n_samples, o.noise, o.factor, o.shuffle, o.random_state));
  }
};

template <>
struct Describe<fn::MakeClassification> : detail::GeneratorDeclaration {
  using P = fn::MakeClassification::Params;
  static constexpr const char* name = "makeClassification";
  static constexpr const char* doc =
      "Gaussian clusters on the vertices of a hypercube, with redundant, repeated and noise features";
  static auto params() {
    return std::tuple_cat(
        std::make_tuple(
            detail::sample_count(), param("nFeatures", &P::n_features, "columns of X", at_least(1)),
            param("nInformative", &P::n_informative, "features the classes depend on", at_least(1)),
            param("nRedundant", &P::n_redundant, "random linear combinations of the informative features", at_least(0)),
            param("nRepeated", &P::n_repeated, "copies of random earlier features", at_least(0)),
            param("nClasses", &P::n_classes, "number of classes", at_least(1)),
            param("nClustersPerClass", &P::n_clusters_per_class, "clusters (hypercube vertices) per class", at_least(1)),
            param("classSep", &P::class_sep, "half the side of the hypercube"),
            param("flipY", &P::flip_y, "fraction of labels replaced by random classes", between(0, 1))),
        detail::shuffle_and_seed());
  }
  static FunctionResult run(const FunctionArrays&, const P& o) {
    return detail::dataset_result(make_classification(o.n_samples, o.n_features, o.n_informative, o.n_redundant,
                                                      o.n_classes, o.n_clusters_per_class, o.class_sep, o.flip_y,
                                                      o.shuffle, o.random_state, o.n_repeated));
  }
};

template <>
struct Describe<fn::MakeRegression> {
  using P = fn::MakeRegression::Params;
  static constexpr const char* name = "makeRegression";
  static constexpr const char* module = "datasets";
  static constexpr const char* doc = "A linear regression problem: y = X·coef + bias + noise";
  static std::vector<ArrayArg> arrays() { return {}; }
  static auto params() {
    return std::tuple_cat(
        std::make_tuple(detail::sample_count(), param("nFeatures", &P::n_features, "columns of X", at_least(1)),
                        param("nInformative", &P::n_informative, "features with a non-zero coefficient", at_least(0)),
                        param("noise", &P::noise, "standard deviation of the Gaussian noise added to y", at_least(0)),
                        param("bias", &P::bias, "the intercept")),
        detail::shuffle_and_seed());
  }
  static std::vector<ResultDecl> results() {
    return {{"X", ResultKind::matrix, "the samples"},
            {"y", ResultKind::vector, "the targets"},
            {"coef", ResultKind::vector, "the true coefficients"}};
  }
  static FunctionResult run(const FunctionArrays&, const P& o) {
    const RegressionDataset d =
        make_regression(o.n_samples, o.n_features, o.n_informative, o.noise, o.bias, o.shuffle, o.random_state);
    return detail::dataset_result(d).add("coef", NdArray::from(d.coef));
  }
};

// A bundled data set is declared by a row of this table: no arrays or options in; X, y, featureNames
// and targetNames out.
struct BundledDatasetSpec {
  const char* name;
  const char* doc;
  const char* x_doc;
  const char* y_doc;
  ResultKind y_kind;
  NamedDataset (*load)();
};

namespace fn {
template <const BundledDatasetSpec& S>
struct LoadBundled {
  struct Params {};
};
inline NamedDataset load_scaled_diabetes() { return load_diabetes(true); }
inline constexpr BundledDatasetSpec iris{"loadIris", "Fisher's Iris data: 150 x 4 measurements in cm, 3 species",
                                         "sepal length, sepal width, petal length, petal width",
                                         "0 setosa, 1 versicolor, 2 virginica", ResultKind::int_vector, &load_iris};
inline constexpr BundledDatasetSpec wine{"loadWine", "the UCI wine data: 178 x 13 chemical measurements, 3 cultivars",
                                         "alcohol, malic acid, ..., proline (see featureNames)", "cultivar 0, 1, 2",
                                         ResultKind::int_vector, &load_wine};
inline constexpr BundledDatasetSpec breast_cancer{
    "loadBreastCancer", "the Wisconsin diagnostic breast cancer data: 569 x 30 cell-nucleus features, 2 classes",
    "mean, error and worst of 10 nucleus measurements (see featureNames)", "0 malignant, 1 benign",
    ResultKind::int_vector, &load_breast_cancer};
inline constexpr BundledDatasetSpec digits{"loadDigits", "8 x 8 images of handwritten digits: 1797 x 64 pixels in 0..16",
                                           "pixel intensities, row by row", "the digit 0..9", ResultKind::int_vector,
                                           &load_digits};
inline constexpr BundledDatasetSpec diabetes{
    "loadDiabetes", "the diabetes data: 442 x 10 baseline variables, scaled as scikit-learn's (each column centred, unit norm)",
    "age, sex, bmi, bp, s1..s6", "disease progression one year after baseline (no targetNames)", ResultKind::vector,
    &load_scaled_diabetes};
}  // namespace fn

template <const BundledDatasetSpec& S>
struct Describe<fn::LoadBundled<S>> {
  static constexpr const char* name = S.name;
  static constexpr const char* module = "datasets";
  static constexpr const char* doc = S.doc;
  static std::vector<ArrayArg> arrays() { return {}; }
  static auto params() { return std::tuple<>(); }
  static std::vector<ResultDecl> results() {
    return {{"X", ResultKind::matrix, S.x_doc},
            {"y", S.y_kind, S.y_doc},
            {"featureNames", ResultKind::strings, "the names of the columns"},
            {"targetNames", ResultKind::strings, "the name of each class code"}};
  }
  static FunctionResult run(const FunctionArrays&, const typename fn::LoadBundled<S>::Params&) {
    NamedDataset d = S.load();
    return detail::dataset_result(d).add("featureNames", std::move(d.feature_names)).add("targetNames", std::move(d.target_names));
  }
};

}  // namespace wasmlearn
