// KMeans against scikit-learn (tests/fixtures/gaussian.json): from explicit initial centres, Lloyd
// and Elkan give scikit-learn's labels, inertia, centres and iteration counts (also with an empty
// cluster relocated); k-means++ determinism; duplicates warning; errors; model JSON.
#include <gtest/gtest.h>

#include <chrono>

#include "../fixtures/gaussian_fixture.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/cluster/describe.hpp"

using namespace wasmlearn;
using namespace gaussian_fixture;

namespace {

KMeans make(const json& options) { return KMeans(params_from_json<KMeans>(options)); }

TEST(ClusterKMeans, ExplicitInitMatchesScikitLearn) {
  for (const json& c : doc()["kmeans"]) {
    const Matrix X = mat(c["X"]);
    for (const char* algo : {"lloyd", "elkan"}) {
      SCOPED_TRACE(c["name"].get<std::string>() + " " + algo);
      const json& want = c[algo];
      KMeans km = make({{"nClusters", c["init"].size()}, {"init", c["init"]}, {"algorithm", algo}});
      km.fit(X);
      EXPECT_EQ(km.labels(), ivec(want["labels"]));
      EXPECT_NEAR(km.inertia(), want["inertia"].get<double>(), 1e-8);
      EXPECT_LT(max_abs_diff(km.cluster_centers(), mat(want["centers"])), 1e-10);
      EXPECT_EQ(km.n_iter(), want["n_iter"].get<int>());
      EXPECT_LT(max_abs_diff(km.transform(X.topRows(5)), mat(want["transform"])), 1e-10);
      EXPECT_NEAR(km.score(X), want["score"].get<double>(), 1e-8);
      EXPECT_EQ(km.predict(X), km.labels());
      // The assignment inertia never increases and ends at or above the final inertia.
      const Vector h = km.inertia_history();
      ASSERT_EQ(h.size(), km.n_iter());
      for (Index i = 1; i < h.size(); ++i) EXPECT_LE(h[i], h[i - 1] + 1e-9);
      EXPECT_GE(h[h.size() - 1], km.inertia() - 1e-9);
    }
  }
}

TEST(ClusterKMeans, HistoryEndsAtTheInertiaWhenTheLabelsSettle) {
  const Matrix X = iris_X();
  for (const char* algo : {"lloyd", "elkan"}) {
    KMeans km = make({{"nClusters", 3}, {"init", "random"}, {"nInit", 1}, {"tol", 0}, {"algorithm", algo}});
    km.fit(X);
    ASSERT_LT(km.n_iter(), 300) << algo;  // stopped because no label changed
    const Vector h = km.inertia_history();
    ASSERT_EQ(h.size(), km.n_iter());
    EXPECT_NEAR(h[h.size() - 1], km.inertia(), 1e-12 * km.inertia()) << algo;
    EXPECT_GT(h[0], km.inertia()) << algo;
  }
}

TEST(ClusterKMeans, LloydAndElkanAgreeAndSeedsAreDeterministic) {
  const Matrix X = iris_X();
  for (const char* init : {"k-means++", "random"}) {
    KMeans a = make({{"nClusters", 4}, {"init", init}, {"randomState", 3}});
    KMeans b = make({{"nClusters", 4}, {"init", init}, {"randomState", 3}, {"algorithm", "elkan"}});
    KMeans c = make({{"nClusters", 4}, {"init", init}, {"randomState", 3}});
    a.fit(X), b.fit(X), c.fit(X);
    EXPECT_EQ(a.labels(), b.labels());
    EXPECT_NEAR(a.inertia(), b.inertia(), 1e-9);
    EXPECT_EQ(a.cluster_centers(), c.cluster_centers());
    EXPECT_LT(a.inertia(), 60.0);  // scikit-learn's best for k = 4 is 57.2
  }
  // More starts never end worse than one.
  KMeans one = make({{"nClusters", 5}, {"nInit", 1}}), ten = make({{"nClusters", 5}, {"nInit", 10}});
  one.fit(X), ten.fit(X);
  EXPECT_LE(ten.inertia(), one.inertia() + 1e-12);
  KMeans autoinit = make({{"nInit", "auto"}});
  autoinit.fit(X);
  EXPECT_EQ(autoinit.cluster_centers().rows(), 8);
}

TEST(ClusterKMeans, DuplicatePointsWarnAsScikitLearn) {
  Matrix X(6, 2);
  X << 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1;
  KMeans km = make({{"nClusters", 3}});
  km.fit(X);
  ASSERT_EQ(km.warnings().messages.size(), 1u);
  EXPECT_EQ(km.warnings().messages[0],
            "Number of distinct clusters (2) found smaller than nClusters (3). Possibly due to duplicate points in X.");
  EXPECT_NEAR(km.inertia(), 0.0, 1e-12);
}

TEST(ClusterKMeans, ErrorsNameTheOption) {
  const Matrix X = iris_X();
  EXPECT_EQ(error_of([&] { make({{"nClusters", 151}}).fit(X); }), "nClusters=151 must be at most the number of samples (150)");
  EXPECT_EQ(error_of([&] { make({{"nClusters", 0}}); }), "nClusters must be at least 1, got 0");
  EXPECT_EQ(error_of([&] { make({{"nClusters", 2}, {"init", {{1, 2, 3, 4}}}}).fit(X); }), "init has 1 rows but nClusters is 2");
  EXPECT_EQ(error_of([&] { make({{"nClusters", 1}, {"init", {{1, 2, 3}}}}).fit(X); }), "init has 3 columns but X has 4");
  EXPECT_EQ(error_of([&] { make({{"init", "kmeans++"}}); }),
            "init must be one of 'k-means++', 'random', got \"kmeans++\"");
  EXPECT_EQ(error_of([&] { make({{"algorithm", "full"}}); }), "algorithm must be one of 'lloyd', 'elkan', got \"full\"");
  EXPECT_EQ(error_of([&] { KMeans().predict(X); }), "This KMeans is not fitted yet: call fit before predict");
}

TEST(ClusterKMeans, ModelJsonAndAdapter) {
  auto m = make_estimator("KMeans", {{"nClusters", 3}, {"randomState", 1}});
  const Matrix X = iris_X();
  m->fit(X, Matrix(), true);
  auto loaded = estimator_from_json(json::parse(m->to_json().dump()));
  EXPECT_EQ(loaded->predict(X).data, m->predict(X).data);
  EXPECT_EQ(loaded->transform(X), m->transform(X));
  EXPECT_DOUBLE_EQ(m->score(X, Matrix()), -m->attribute("inertia").data[0]);
  EXPECT_EQ(loaded->attribute("inertiaHistory").data, m->attribute("inertiaHistory").data);
}

// Lloyd on 100 000 x 8 with k = 8: time per iteration (printed; a loose bound guards regressions).
TEST(ClusterKMeans, LloydIterationCost) {
  Random rng(5);
  Matrix X(100000, 8);
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = rng.standard_normal() + 4.0 * static_cast<double>((i % 8) == j);
  for (const char* algo : {"lloyd", "elkan"}) {
    KMeans km = make({{"nClusters", 8}, {"nInit", 1}, {"algorithm", algo}, {"maxIter", 20}, {"tol", 0}});
    const auto t0 = std::chrono::steady_clock::now();
    km.fit(X);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("[ KMeans %s 100000x8 k=8 ] %d iterations, %.2f ms per iteration (incl. k-means++)\n", algo, km.n_iter(),
                ms / km.n_iter());
    EXPECT_LT(ms / km.n_iter(), 200.0);
  }
}

}  // namespace
