// Toy and synthetic data sets, as scikit-learn's sklearn.datasets. Generators follow scikit-learn's
// algorithms (shapes, sample order, what is drawn when) with the library's own generator (base/
// random.hpp), so the numbers differ from scikit-learn's but are identical in the native and the
// WebAssembly build for the same randomState. Classification targets hold class codes as doubles.
// Arguments are checked and errors name them as the JS API does (nSamples, noise, factor, ...).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

struct Dataset {
  Matrix X;  // n_samples x n_features
  Vector y;  // n_samples: class codes 0..k-1 (classification) or the target (regression)
};

struct RegressionDataset : Dataset {
  Vector coef;  // n_features: the true coefficients of the linear model behind y
};

struct NamedDataset : Dataset {
  std::vector<std::string> feature_names;
  std::vector<std::string> target_names;  // one per class code
};

// Isotropic Gaussian blobs: `centers` centres drawn uniformly in [centerBoxLo, centerBoxHi) per
// feature, samples spread as evenly as possible over the centres (the first n % centers get one
// more), each N(centre, clusterStd²·I). y = index of the blob. shuffle permutes the rows.
Dataset make_blobs(Index n_samples = 100, Index n_features = 2, Index centers = 3, double cluster_std = 1.0,
                   double center_box_lo = -10.0, double center_box_hi = 10.0, bool shuffle = true,
                   std::uint64_t random_state = 0);
// The same around given centres (one per row of `centers`).
Dataset make_blobs(Index n_samples, MatrixRef centers, double cluster_std = 1.0, bool shuffle = true,
                   std::uint64_t random_state = 0);

// Two interleaving half circles: n/2 (rounded down) samples on the outer (upper) unit half circle,
// class 0, the rest on the inner one centred at (1, 0.5), class 1, at evenly spaced angles in [0, π];
// then optional shuffling, then N(0, noise²) added to every coordinate (noise = 0: none).
Dataset make_moons(Index n_samples = 100, double noise = 0.0, bool shuffle = true, std::uint64_t random_state = 0);

// A large circle (radius 1, n/2 rounded down samples, class 0) containing a small one (radius
// factor, class 1), at evenly spaced angles in [0, 2π) (endpoint excluded); 0 <= factor < 1.
Dataset make_circles(Index n_samples = 100, double noise = 0.0, double factor = 0.8, bool shuffle = true,
                     std::uint64_t random_state = 0);

// scikit-learn's make_classification (weights = None, hypercube = True, shift 0, scale 1): clusters
// of N(0, I) points on distinct vertices of the hypercube [-classSep, classSep]^nInformative, each
// cluster given a random covariance (multiplied by a matrix uniform in [-1, 1)); nRedundant random
// linear combinations of the informative features; nRepeated copies of random earlier columns;
// the remaining features pure N(0, 1) noise; a fraction flipY of labels replaced by random classes;
// shuffle permutes rows and columns. Requires nInformative + nRedundant + nRepeated <= nFeatures and
// nClasses·nClustersPerClass <= 2^nInformative.
Dataset make_classification(Index n_samples = 100, Index n_features = 20, Index n_informative = 2,
                            Index n_redundant = 2, Index n_classes = 2, Index n_clusters_per_class = 2,
                            double class_sep = 1.0, double flip_y = 0.01, bool shuffle = true,
                            std::uint64_t random_state = 0, Index n_repeated = 0);

// Linear regression problem: X ~ N(0, 1); the first nInformative coefficients uniform in [0, 100),
// the rest 0; y = X·coef + bias + N(0, noise²). shuffle permutes rows and columns (and coef with them).
RegressionDataset make_regression(Index n_samples = 100, Index n_features = 100, Index n_informative = 10,
                                  double noise = 0.0, double bias = 0.0, bool shuffle = true,
                                  std::uint64_t random_state = 0);

// Fisher's Iris data: 150 x 4 (sepal length, sepal width, petal length, petal width in cm),
// y = 0 setosa, 1 versicolor, 2 virginica, in the canonical order (50 of each).
NamedDataset load_iris();
// scikit-learn's bundled data: wine (178 x 13, 3 cultivars), breast cancer (569 x 30, malignant 0 /
// benign 1), digits (1797 x 64 pixels 0..16, digits 0..9), diabetes (442 x 10, y the disease
// progression; scaled: each column centred to unit norm, as scikit-learn's default; no target names).
NamedDataset load_wine();
NamedDataset load_breast_cancer();
NamedDataset load_digits();
NamedDataset load_diabetes(bool scaled = true);

}  // namespace wasmlearn
