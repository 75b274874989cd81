// KMeans against scikit-learn (tests/fixtures/gaussian.json): from explicit initial centres, Lloyd
// and Elkan give scikit-learn's labels, inertia, centres and iteration counts (also with an empty
// cluster relocated); k-means++ determinism; duplicates warning; errors; model JSON.
#include <gtest/gtest.h>

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

// initCenters is where the kept run started: rows of X for k-means++ and random starts, the
// matrix given as init, and the first assignment's inertia (inertiaHistory[0]) is measured to it.
TEST(ClusterKMeans, InitCentersAreTheKeptRunsStart) {
  const Matrix X = iris_X();
  for (const char* init : {"k-means++", "random"}) {
    SCOPED_TRACE(init);
    KMeans km = make({{"nClusters", 3}, {"init", init}, {"randomState", 5}});
    km.fit(X);
    const Matrix C0 = km.init_centers();
    ASSERT_EQ(C0.rows(), 3);
    ASSERT_EQ(C0.cols(), X.cols());
    double first_inertia = 0;
    for (Index i = 0; i < X.rows(); ++i) first_inertia += (C0.rowwise() - X.row(i)).rowwise().squaredNorm().minCoeff();
    EXPECT_NEAR(km.inertia_history()[0], first_inertia, 1e-9 * first_inertia);
    for (Index j = 0; j < 3; ++j) EXPECT_LT((X.rowwise() - C0.row(j)).rowwise().squaredNorm().minCoeff(), 1e-20);
    EXPECT_GT((C0 - km.cluster_centers()).cwiseAbs().maxCoeff(), 1e-3);  // the centres moved away from the start
  }
  const Matrix given = X.topRows(3);
  json rows = json::array();
  for (Index i = 0; i < given.rows(); ++i) rows.push_back(std::vector<double>(given.row(i).data(), given.row(i).data() + given.cols()));
  KMeans km = make({{"nClusters", 3}, {"init", rows}});
  km.fit(X);
  EXPECT_LT(max_abs_diff(km.init_centers(), given), 1e-12);
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
  ASSERT_EQ(km.warnings().size(), 1u);
  EXPECT_EQ(km.warnings().items[0].kind, WarningKind::convergence);  // scikit-learn's ConvergenceWarning
  EXPECT_EQ(km.warnings().items[0].message,
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

// Seven features (an odd count: the member sums and the bounds take two features or centres per
// step, then the last alone), five clusters: at strict convergence each centre is the mean of its
// rows, each row is nearest to its own centre, and the inertia is the sum of squared distances.
TEST(ClusterKMeans, OddShapesEndAtTheirOwnFixedPoint) {
  Random rng(4);
  Matrix X(600, 7);
  for (Index i = 0; i < X.rows(); ++i)
    for (Index t = 0; t < X.cols(); ++t) X(i, t) = rng.standard_normal() + 3.0 * static_cast<double>(i % 5 == t % 5);
  for (const char* algo : {"lloyd", "elkan"}) {
    KMeans km = make({{"nClusters", 5}, {"nInit", 1}, {"randomState", 2}, {"tol", 0}, {"algorithm", algo}});
    km.fit(X);
    ASSERT_LT(km.n_iter(), 300) << algo;
    const Matrix C = km.cluster_centers();
    const IntVector labels = km.labels();
    Matrix sums = Matrix::Zero(5, 7);
    Vector counts = Vector::Zero(5);
    double inertia = 0;
    for (Index i = 0; i < X.rows(); ++i) {
      sums.row(labels[i]) += X.row(i);
      counts[labels[i]] += 1;
      const Vector d = (C.rowwise() - X.row(i)).rowwise().squaredNorm();
      Index nearest;
      d.minCoeff(&nearest);
      EXPECT_EQ(labels[i], nearest) << algo << " row " << i;
      inertia += d[labels[i]];
    }
    for (Index j = 0; j < 5; ++j) EXPECT_LT((sums.row(j) / counts[j] - C.row(j)).cwiseAbs().maxCoeff(), 1e-12) << algo;
    EXPECT_NEAR(km.inertia(), inertia, 1e-9 * inertia) << algo;
  }
}

// Lloyd's assignment runs in float32 and falls back to float64 where float32 cannot tell the two
// nearest centres apart; predict must equal the float64 rule everywhere: argmin_j ‖c_j‖² − 2·x·c_j,
// x·c summed in feature order, the lowest index on ties. Rows: exact ties (midpoints, duplicated centres),
// near-ties a float32 computation cannot resolve, ordinary rows; then all of it far from the origin,
// at 1e30 (float32 would overflow) and at 1e-30 (its squares underflow).
TEST(ClusterKMeans, PredictIsTheFloat64RuleOnTiesAndNearTies) {
  const Index k = 5, p = 7, n = 1003;  // n: several blocks of rows and a partial one
  Random rng(11);
  Matrix C(k, p);
  for (Index j = 0; j < k; ++j)
    for (Index t = 0; t < p; ++t) C(j, t) = rng.standard_normal();
  C.row(3) = C.row(1);  // duplicated centre: rows nearest to it must take label 1
  Matrix X(n, p);
  for (Index i = 0; i < n; ++i) {
    const Index a = i % k, b = (i / k) % k;
    switch (i % 4) {
      case 0: X.row(i) = 0.5 * (C.row(a) + C.row(b)); break;  // midpoint
      case 1: X.row(i) = 0.5 * (C.row(a) + C.row(b)) + 1e-11 * (C.row(a) - C.row(b)); break;  // 1e-11 towards a
      case 2: X.row(i) = C.row(a); break;
      default:
        for (Index t = 0; t < p; ++t) X(i, t) = 2 * rng.standard_normal();
    }
  }
  auto float64_rule = [&](const Matrix& Xs, const Matrix& Cs) {
    const Vector sq = Cs.rowwise().squaredNorm();
    IntVector labels(Xs.rows());
    for (Index i = 0; i < Xs.rows(); ++i) {
      double best_d = INFINITY;
      for (Index j = 0; j < Cs.rows(); ++j) {
        double dot = 0;
        for (Index t = 0; t < p; ++t) dot += Xs(i, t) * Cs(j, t);
        if (sq[j] - 2 * dot < best_d) best_d = sq[j] - 2 * dot, labels[i] = static_cast<int>(j);
      }
    }
    return labels;
  };
  auto predict_with = [](const Matrix& centers, const Matrix& Xs) {
    KMeans km;
    // A state as saved before initCenters existed: it still loads.
    km.load_state({{"clusterCenters", to_json(centers)}, {"labels", json::array()}, {"inertia", 0},
                   {"nIter", 1}, {"inertiaHistory", json::array()}});
    return km.predict(Xs);
  };
  const IntVector near = predict_with(C, X);
  // Hand-checked: a near-tie goes to the centre it leans to (duplicates: the lower index), where no
  // third centre is nearer (distances to it 1e-9 apart are far beyond float64's reach, not float32's).
  Index near_ties = 0;
  for (Index i = 1; i < n; i += 4) {
    const Index a = i % k, b = (i / k) % k;
    const Vector d = (C.rowwise() - X.row(i)).rowwise().squaredNorm();
    bool a_and_b_nearest = a != b;
    for (Index j = 0; j < k; ++j)
      if (C.row(j) != C.row(a) && C.row(j) != C.row(b)) a_and_b_nearest &= d[j] > d[a] + 1e-9;
    if (!a_and_b_nearest) continue;
    ++near_ties;
    EXPECT_EQ(near[i], a == 3 ? 1 : a) << "row " << i << " between centres " << a << " and " << b;
  }
  EXPECT_GT(near_ties, 20);
  for (Index i = 2; i < n; i += 4) EXPECT_EQ(near[i], i % k == 3 ? 1 : i % k) << "row " << i;
  EXPECT_EQ(near, float64_rule(X, C));
  const RowVector offset = RowVector::Constant(p, 1e6);
  const Matrix far_X = X.rowwise() + offset, far_C = C.rowwise() + offset;
  EXPECT_EQ(predict_with(far_C, far_X), float64_rule(far_X, far_C));
  for (double scale : {1e30, 1e-30}) EXPECT_EQ(predict_with(scale * C, scale * X), float64_rule(scale * X, scale * C)) << scale;
}

}  // namespace

// Elkan's bounds only skip work: on overlapping blobs whose centres move for many iterations, with
// nine clusters (two distance tiles, a padding column), three features (odd; a bounds pass compiled
// for p = 3) and eighteen (the pass for any p), Elkan's labels, centres and inertia per iteration are
// Lloyd's, which measures every distance, at every stopping point.
TEST(ClusterKMeans, ElkanSkipsOnlyDistancesThatCannotWin) {
  for (Index p : {3, 18}) {
    Random rng(11);
    Matrix X(3000, p);
    for (Index i = 0; i < X.rows(); ++i)
      for (Index t = 0; t < p; ++t) X(i, t) = 2.0 * rng.standard_normal() + static_cast<double>((i * (t + 1)) % 7);
    for (int max_iter : {1, 2, 7, 300}) {
      SCOPED_TRACE(testing::Message() << p << " features, maxIter " << max_iter);
      const json options = {{"nClusters", 9}, {"nInit", 1}, {"randomState", 5}, {"tol", 0}, {"maxIter", max_iter}};
      json elkan_options = options;
      elkan_options["algorithm"] = "elkan";
      KMeans lloyd = make(options), elkan = make(elkan_options);
      lloyd.fit(X), elkan.fit(X);
      EXPECT_EQ(elkan.n_iter(), lloyd.n_iter());
      if (max_iter == 300) EXPECT_GT(lloyd.n_iter(), 7);  // so the shorter runs stop while centres move
      EXPECT_EQ(elkan.labels(), lloyd.labels());
      EXPECT_LT(max_abs_diff(elkan.cluster_centers(), lloyd.cluster_centers()), 1e-12);
      const Vector a = lloyd.inertia_history(), b = elkan.inertia_history();
      ASSERT_EQ(a.size(), b.size());
      for (Index i = 0; i < a.size(); ++i) EXPECT_NEAR(b[i], a[i], 1e-10 * a[i]) << "iteration " << i;
    }
  }
}
