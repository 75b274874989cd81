// Dataset generators: shapes, class balance, geometry, argument checks, and bit-identity with the
// committed native output (the WebAssembly build is held to the same file by the JS tests).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <set>

#include "../fixtures/datasets_cases.hpp"
#include "wasmlearn/datasets/datasets.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using wasmlearn::test_support::error_of;

namespace {
std::map<int, int> class_counts(const Vector& y) {
  std::map<int, int> c;
  for (Index i = 0; i < y.size(); ++i) ++c[static_cast<int>(y[i])];
  return c;
}
std::uint64_t bits(double v) {
  std::uint64_t u;
  std::memcpy(&u, &v, sizeof u);
  return u;
}
}  // namespace

TEST(MakeBlobs, ShapesBalanceAndSpreadAroundCentres) {
  const Dataset d = make_blobs(301, 4, 3, 0.5, -10, 10, false, 1);
  ASSERT_EQ(d.X.rows(), 301);
  ASSERT_EQ(d.X.cols(), 4);
  EXPECT_EQ(class_counts(d.y), (std::map<int, int>{{0, 101}, {1, 100}, {2, 100}}));
  // Unshuffled: classes in blocks; each block's mean is inside the box and its spread ~ clusterStd.
  for (int c = 0; c < 3; ++c) {
    const Index start = c == 0 ? 0 : 101 + (c - 1) * 100, count = c == 0 ? 101 : 100;
    for (Index i = start; i < start + count; ++i) ASSERT_EQ(d.y[i], c);
    const auto block = d.X.middleRows(start, count);
    const RowVector mean = block.colwise().mean();
    EXPECT_TRUE((mean.array().abs() < 10.3).all());
    const double var = (block.rowwise() - mean).squaredNorm() / (count * 4.0);
    EXPECT_NEAR(var, 0.25, 0.06);
  }
  // Given centres: samples scatter around them.
  Matrix C(2, 2);
  C << 100, 0, -100, 5;
  const Dataset g = make_blobs(200, C, 0.1, true, 3);
  for (Index i = 0; i < 200; ++i) EXPECT_LT((g.X.row(i) - C.row(static_cast<Index>(g.y[i]))).norm(), 1.0);
}

TEST(MakeBlobs, ShuffleKeepsRowsAndLabelsTogether) {
  const Dataset a = make_blobs(60, 2, 3, 0.2, -10, 10, false, 4);
  const Dataset b = make_blobs(60, 2, 3, 0.2, -10, 10, true, 4);
  EXPECT_EQ(class_counts(a.y), class_counts(b.y));
  EXPECT_NE(a.y, b.y);
  // Same seed, so the same centres and points: every shuffled row is an unshuffled row of its class.
  for (Index i = 0; i < 60; ++i) {
    bool found = false;
    for (Index j = 0; j < 60 && !found; ++j) found = a.X.row(j) == b.X.row(i) && a.y[j] == b.y[i];
    EXPECT_TRUE(found) << "row " << i;
  }
}

TEST(MakeMoons, NoiseFreePointsLieOnTheTwoHalfCircles) {
  const Dataset d = make_moons(101, 0.0, false, 0);
  ASSERT_EQ(d.X.rows(), 101);
  EXPECT_EQ(class_counts(d.y), (std::map<int, int>{{0, 50}, {1, 51}}));
  for (Index i = 0; i < 101; ++i) {
    const double x = d.X(i, 0), y = d.X(i, 1);
    if (d.y[i] == 0) {
      EXPECT_NEAR(x * x + y * y, 1.0, 1e-15);
      EXPECT_GE(y, -1e-16);
    } else {
      EXPECT_NEAR((x - 1) * (x - 1) + (y - 0.5) * (y - 0.5), 1.0, 1e-15);
      EXPECT_LE(y, 0.5 + 1e-16);
    }
  }
  // Endpoints of the outer arc at angles 0 and π, of the inner arc (centre (1, 0.5), lower half) at
  // (1 - cos t, 0.5 - sin t).
  EXPECT_EQ(d.X(0, 0), 1.0);
  EXPECT_EQ(d.X(0, 1), 0.0);
  EXPECT_EQ(d.X(49, 0), -1.0);
  EXPECT_EQ(d.X(50, 0), 0.0);
  EXPECT_EQ(d.X(100, 0), 2.0);
  EXPECT_EQ(d.X(50, 1), 0.5);
}

TEST(MakeMoons, NoiseHasTheRequestedSpread) {
  const Dataset clean = make_moons(2000, 0.0, false, 5);
  const Dataset noisy = make_moons(2000, 0.2, false, 5);
  const double var = (noisy.X - clean.X).squaredNorm() / (2000 * 2);
  EXPECT_NEAR(var, 0.04, 0.004);
}

TEST(MakeCircles, RadiiAndEvenAngles) {
  const Dataset d = make_circles(20, 0.0, 0.3, false, 0);
  EXPECT_EQ(class_counts(d.y), (std::map<int, int>{{0, 10}, {1, 10}}));
  for (Index i = 0; i < 20; ++i) EXPECT_NEAR(d.X.row(i).norm(), d.y[i] == 0 ? 1.0 : 0.3, 1e-15);
  // Angle step 2π/10, endpoint excluded: the first two outer points are (1, 0) and (cos 36°, sin 36°).
  EXPECT_EQ(d.X(0, 0), 1.0);
  EXPECT_NEAR(d.X(1, 0), std::cos(2 * M_PI / 10), 1e-16);
  EXPECT_NEAR(d.X(1, 1), std::sin(2 * M_PI / 10), 1e-16);
  EXPECT_EQ(error_of([] { make_circles(10, 0.0, 1.0); }), "factor must be in [0, 1), got 1");
  EXPECT_EQ(error_of([] { make_circles(10, -0.1, 0.5); }), "noise must be a finite number at least 0, got -0.1");
}

TEST(MakeClassification, StructureOfInformativeRedundantAndNoiseFeatures) {
  const Index n = 400;
  const Dataset d = make_classification(n, 7, 3, 2, 3, 2, 2.0, 0.0, false, 11, 1);
  ASSERT_EQ(d.X.rows(), n);
  ASSERT_EQ(d.X.cols(), 7);
  const auto counts = class_counts(d.y);
  ASSERT_EQ(counts.size(), 3u);
  for (const auto& [c, k] : counts) EXPECT_NEAR(k, n / 3.0, 1.0) << "class " << c;
  // Unshuffled: columns 0-2 informative, 3-4 combinations of them, 5 a copy of one of 0-4, 6 noise.
  Eigen::FullPivLU<Eigen::MatrixXd> lu(Eigen::MatrixXd(d.X.leftCols(5)));
  lu.setThreshold(1e-10);
  EXPECT_EQ(lu.rank(), 3);
  bool repeated = false;
  for (Index j = 0; j < 5; ++j) repeated = repeated || d.X.col(5) == d.X.col(j);
  EXPECT_TRUE(repeated);
  Eigen::FullPivLU<Eigen::MatrixXd> all(Eigen::MatrixXd(d.X));
  all.setThreshold(1e-10);
  EXPECT_EQ(all.rank(), 4);  // 3 informative + 1 noise column
  const double noise_var = (d.X.col(6).array() - d.X.col(6).mean()).square().mean();
  EXPECT_NEAR(noise_var, 1.0, 0.2);
}

TEST(MakeClassification, FlipAndShuffleAndArgumentChecks) {
  const Dataset a = make_classification(1000, 5, 2, 1, 2, 1, 1.0, 0.0, false, 3);
  const Dataset b = make_classification(1000, 5, 2, 1, 2, 1, 1.0, 0.5, false, 3);
  EXPECT_EQ(a.X, b.X.block(0, 0, 1000, 5));
  const int changed = static_cast<int>((a.y.array() != b.y.array()).count());
  EXPECT_NEAR(changed, 250, 60);  // half are redrawn, and half of those land on the other class
  // One cluster per class on distinct vertices of [-1, 1]^2: the class means are >= 2 apart, up to noise.
  RowVector m0 = RowVector::Zero(2), m1 = RowVector::Zero(2);
  for (Index i = 0; i < 1000; ++i) (a.y[i] == 0 ? m0 : m1) += a.X.row(i).head(2) / 500.0;
  EXPECT_GT((m0 - m1).norm(), 1.7);
  const Dataset s = make_classification(100, 5, 2, 1, 2, 1, 1.0, 0.0, true, 3);
  EXPECT_EQ(class_counts(s.y), (std::map<int, int>{{0, 50}, {1, 50}}));
  EXPECT_EQ(error_of([] { make_classification(100, 3, 2, 2); }),
            "nInformative + nRedundant + nRepeated must be at most nFeatures, got 2 + 2 + 0 > 3");
  EXPECT_EQ(error_of([] { make_classification(100, 20, 2, 2, 3, 2); }),
            "nClasses (3) * nClustersPerClass (2) must be at most 2^nInformative = 4");
  EXPECT_EQ(error_of([] { make_classification(0); }), "nSamples must be at least 1, got 0");
  EXPECT_EQ(error_of([] { make_classification(10, 20, 2, 2, 2, 2, 1.0, 1.5); }), "flipY must be in [0, 1], got 1.5");
}

TEST(MakeRegression, TargetIsTheLinearModelPlusNoise) {
  const RegressionDataset d = make_regression(50, 6, 3, 0.0, 2.5, true, 8);
  ASSERT_EQ(d.X.rows(), 50);
  ASSERT_EQ(d.coef.size(), 6);
  EXPECT_EQ((d.coef.array() != 0).count(), 3);
  EXPECT_TRUE((d.coef.array() >= 0 && d.coef.array() < 100).all());
  const Vector fitted = d.X * d.coef + Vector::Constant(50, 2.5);
  EXPECT_LT((fitted - d.y).cwiseAbs().maxCoeff(), 1e-12);
  const RegressionDataset noisy = make_regression(4000, 2, 2, 3.0, 0.0, false, 8);
  const Vector resid = noisy.y - noisy.X * noisy.coef;
  EXPECT_NEAR(std::sqrt(resid.squaredNorm() / 4000), 3.0, 0.15);
  // Unshuffled: the informative coefficients come first.
  const RegressionDataset u = make_regression(10, 5, 2, 0.0, 0.0, false, 1);
  EXPECT_TRUE((u.coef.head(2).array() > 0).all());
  EXPECT_TRUE((u.coef.tail(3).array() == 0).all());
}

TEST(LoadIris, ShapeClassesAndKnownValues) {
  const NamedDataset iris = load_iris();
  ASSERT_EQ(iris.X.rows(), 150);
  ASSERT_EQ(iris.X.cols(), 4);
  EXPECT_EQ(class_counts(iris.y), (std::map<int, int>{{0, 50}, {1, 50}, {2, 50}}));
  EXPECT_EQ(iris.target_names, (std::vector<std::string>{"setosa", "versicolor", "virginica"}));
  EXPECT_EQ(iris.feature_names.size(), 4u);
  EXPECT_EQ(iris.X.row(0), (RowVector(4) << 5.1, 3.5, 1.4, 0.2).finished());
  EXPECT_EQ(iris.X.row(149), (RowVector(4) << 5.9, 3.0, 5.1, 1.8).finished());
  // Known summary: the first principal component explains 92.46 % of the variance.
  const Matrix C = iris.X.rowwise() - iris.X.colwise().mean();
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(Eigen::MatrixXd(C.transpose() * C));
  EXPECT_NEAR(eig.eigenvalues()[3] / eig.eigenvalues().sum(), 0.9246, 5e-5);
}

TEST(DatasetsNative, RegeneratedValuesAreBitIdenticalToTheCommittedJson) {
  const json file = test_support::read_fixture("datasets_native.json");
  ASSERT_EQ(file["cases"].size(), fixtures::dataset_case_args().size());
  int compared = 0;
  for (const json& c : file["cases"]) {
    const json got = fixtures::run_dataset_case(c["args"]);
    const json& want = c["result"];
    ASSERT_EQ(got.size(), want.size()) << c["args"].dump();
    for (auto it = want.begin(); it != want.end(); ++it) {
      const json& w = it.value().is_object() ? it.value()["data"] : it.value();
      const json& g = got[it.key()].is_object() ? got[it.key()]["data"] : got[it.key()];
      ASSERT_EQ(w.size(), g.size()) << it.key();
      for (std::size_t i = 0; i < w.size(); ++i, ++compared)
        ASSERT_EQ(bits(w[i].get<double>()), bits(g[i].get<double>()))
            << c["args"]["function"] << " " << it.key() << "[" << i << "]";
    }
  }
  EXPECT_GT(compared, 300);
}

TEST(Datasets, ArgumentErrorsNameTheJsOption) {
  EXPECT_EQ(error_of([] { make_blobs(0); }), "nSamples must be at least 1, got 0");
  EXPECT_EQ(error_of([] { make_blobs(10, 2, 0); }), "centers must be at least 1, got 0");
  EXPECT_EQ(error_of([] { make_blobs(10, 2, 3, -1.0); }), "clusterStd must be a finite number at least 0, got -1");
  EXPECT_EQ(error_of([] { make_blobs(10, 2, 3, 1.0, 5, -5); }), "centerBox must be [low, high] with low <= high, got [5, -5]");
  EXPECT_EQ(error_of([] { make_moons(10, NAN); }), "noise must be a finite number at least 0, got NaN");
  EXPECT_EQ(error_of([] { make_regression(10, 0); }), "nFeatures must be at least 1, got 0");
}
