// KMeans with sample weights: scikit-learn 1.2.1's weighted centres, inertia, relocation and
// iteration counts from given starts (tests/fixtures/kmeans_weights.json: n > 256, 9 and 17
// features), and properties that hold whatever the reference: integer weights are repeated rows,
// a zero weight is a dropped row, uniform weights are no weights, and the starts come from weighted
// rows only.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <set>
#include <vector>

#include "../core/test_support.hpp"
#include "wasmlearn/cluster/describe.hpp"

using namespace wasmlearn;

namespace {

const json& doc() { return test_support::cached_fixture("kmeans_weights.json"); }

Vector vector_of(const json& j) {
  Vector v(static_cast<Index>(j.size()));
  for (Index i = 0; i < v.size(); ++i) v[i] = j[static_cast<std::size_t>(i)].get<double>();
  return v;
}

IntVector labels_of(const json& j) {
  IntVector v(static_cast<Index>(j.size()));
  for (Index i = 0; i < v.size(); ++i) v[i] = j[static_cast<std::size_t>(i)].get<int>();
  return v;
}

KMeans make(const json& options) { return KMeans(params_from_json<KMeans>(options)); }

double max_abs_diff(const Matrix& a, const Matrix& b) { return (a - b).cwiseAbs().maxCoeff(); }

// The first fixture case (601 × 9, 5 clusters) with the given weights, and its start.
struct Case {
  Matrix X = test_support::matrix_of(doc()["kmeans"][0]["X"]);
  json init = doc()["kmeans"][0]["init"];
  Index k = static_cast<Index>(init.size());
};

// Rows of X repeated counts[i] times.
Matrix repeated_rows(const Matrix& X, const std::vector<int>& counts) {
  Matrix R(std::accumulate(counts.begin(), counts.end(), Index{0}), X.cols());
  Index r = 0;
  for (Index i = 0; i < X.rows(); ++i)
    for (int c = 0; c < counts[static_cast<std::size_t>(i)]; ++c) R.row(r++) = X.row(i);
  return R;
}

void expect_same_model(const KMeans& a, const KMeans& b, const Matrix& X, double inertia_scale = 1) {
  EXPECT_EQ(a.predict(X), b.predict(X));
  EXPECT_LT(max_abs_diff(a.cluster_centers(), b.cluster_centers()), 1e-10);
  EXPECT_NEAR(a.inertia(), inertia_scale * b.inertia(), 1e-10 * a.inertia());
  EXPECT_EQ(a.n_iter(), b.n_iter());
}

}  // namespace

TEST(KMeansWeights, GivenStartsMatchScikitLearn) {
  for (const json& c : doc()["kmeans"]) {
    const Matrix X = test_support::matrix_of(c["X"]);
    const Vector w = vector_of(c["sample_weight"]);
    for (const char* algo : {"lloyd", "elkan"}) {
      SCOPED_TRACE(c["name"].get<std::string>() + " " + algo);
      const json& want = c[algo];
      KMeans km = make({{"nClusters", c["init"].size()}, {"init", c["init"]}, {"algorithm", algo}});
      km.fit(X, w);
      EXPECT_EQ(km.labels(), labels_of(want["labels"]));
      EXPECT_NEAR(km.inertia(), want["inertia"].get<double>(), 1e-10 * want["inertia"].get<double>());
      EXPECT_LT(max_abs_diff(km.cluster_centers(), test_support::matrix_of(want["centers"])), 1e-10);
      EXPECT_EQ(km.n_iter(), want["n_iter"].get<int>());
      EXPECT_LT(max_abs_diff(km.transform(X.topRows(5)), test_support::matrix_of(want["transform"])), 1e-10);
      // The history is weighted too: its last assignment, measured to the centres before their last
      // update, is at or just above the weighted inertia (an unweighted sum would be ~30% off).
      const double last = km.inertia_history()[km.n_iter() - 1];
      EXPECT_GE(last, km.inertia() * (1 - 1e-12));
      EXPECT_LT(last, km.inertia() * (1 + 1e-4));
    }
  }
}

// tol 0: iterate until no label changes, so that the tolerance (from the unweighted variance, as
// scikit-learn's) plays no part.
TEST(KMeansWeights, IntegerWeightsEqualRepeatedRowsAndZeroWeightsDroppedRows) {
  const Case c;
  std::vector<int> counts(static_cast<std::size_t>(c.X.rows()));
  for (Index i = 0; i < c.X.rows(); ++i) counts[static_cast<std::size_t>(i)] = static_cast<int>((i * 7) % 4);  // 0 to 3
  Vector w(c.X.rows());
  for (Index i = 0; i < c.X.rows(); ++i) w[i] = counts[static_cast<std::size_t>(i)];
  for (const char* algo : {"lloyd", "elkan"}) {
    SCOPED_TRACE(algo);
    const json options = {{"nClusters", c.k}, {"init", c.init}, {"algorithm", algo}, {"tol", 0}};
    KMeans weighted = make(options), repeated = make(options);
    weighted.fit(c.X, w);
    repeated.fit(repeated_rows(c.X, counts));
    expect_same_model(weighted, repeated, c.X);
    EXPECT_GT(weighted.n_iter(), 2);

    // Zero weights: the rows with weight 0 removed, the others keeping theirs.
    std::vector<int> kept(counts.size());
    for (std::size_t i = 0; i < counts.size(); ++i) kept[i] = counts[i] > 0;
    const Matrix X_kept = repeated_rows(c.X, kept);
    Vector w_kept(X_kept.rows());
    for (Index i = 0, r = 0; i < c.X.rows(); ++i)
      if (w[i] > 0) w_kept[r++] = w[i];
    KMeans dropped = make(options);
    dropped.fit(X_kept, w_kept);
    expect_same_model(weighted, dropped, c.X);
  }
}

TEST(KMeansWeights, UniformWeightsEqualNoWeights) {
  const Case c;
  const Vector w = Vector::Constant(c.X.rows(), 2.5);
  for (const char* algo : {"lloyd", "elkan"}) {
    SCOPED_TRACE(algo);
    // Given starts, and random starts (drawn the same when every weight is positive).
    for (const json& init : {c.init, json("random")}) {
      const json options = {{"nClusters", c.k}, {"init", init}, {"algorithm", algo}, {"nInit", 3}};
      KMeans weighted = make(options), plain = make(options);
      weighted.fit(c.X, w);
      plain.fit(c.X);
      EXPECT_EQ(weighted.labels(), plain.labels());
      expect_same_model(weighted, plain, c.X, 2.5);
    }
  }
}

// Only k rows weigh anything: k-means++ and random starts must pick exactly those, and each centre
// is then its one weighted row (the weightless rows join clusters but add nothing).
TEST(KMeansWeights, StartsComeFromWeightedRowsOnly) {
  const Case c;
  const std::vector<Index> chosen = {3, 100, 257, 400, 600};
  Vector w = Vector::Zero(c.X.rows());
  for (const Index i : chosen) w[i] = 1.0 + static_cast<double>(i) / 100;
  for (const char* init : {"k-means++", "random"}) {
    for (const char* algo : {"lloyd", "elkan"}) {
      SCOPED_TRACE(std::string(init) + " " + algo);
      KMeans km = make({{"nClusters", c.k}, {"init", init}, {"algorithm", algo}, {"randomState", 4}});
      km.fit(c.X, w);
      std::set<std::vector<double>> centres, rows;
      for (Index j = 0; j < c.k; ++j) {
        const RowVector centre = km.cluster_centers().row(j);
        std::vector<double> nearest;
        double best = INFINITY;
        for (const Index i : chosen) {
          const double d = (c.X.row(i) - centre).norm();
          if (d < best) best = d, nearest.assign(c.X.row(i).data(), c.X.row(i).data() + c.X.cols());
        }
        EXPECT_LT(best, 1e-12);
        centres.insert(nearest);
      }
      EXPECT_EQ(centres.size(), chosen.size());
      EXPECT_NEAR(km.inertia(), 0.0, 1e-18);
    }
  }
  EXPECT_EQ(test_support::error_of([&] { make({{"nClusters", 6}}).fit(c.X, w); }),
            "nClusters=6 must be at most the number of samples with a positive sampleWeight (5)");
}

TEST(KMeansWeights, BadWeightsNameTheArgument) {
  const Case c;
  Vector w = Vector::Ones(c.X.rows());
  w[7] = -1;
  EXPECT_NE(test_support::error_of([&] { KMeans().fit(c.X, w); }).find("sampleWeight"), std::string::npos);
  EXPECT_NE(test_support::error_of([&] { KMeans().fit(c.X, Vector::Ones(3)); }).find("sampleWeight"), std::string::npos);
}
