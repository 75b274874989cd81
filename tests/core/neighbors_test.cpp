// The neighbours family: the search index (brute = KD-tree = ball tree, bit for bit), the four
// estimators against hand-checked cases and scikit-learn's values (tests/fixtures/neighbors.json,
// written by tests/fixtures/neighbors.py), errors, model JSON and the adapter.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/neighbors/describe.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using wasmlearn::test_support::error_of;
using wasmlearn::test_support::matrix_of;

namespace {


Matrix rows(std::initializer_list<std::initializer_list<double>> r) {
  Matrix m(static_cast<Index>(r.size()), static_cast<Index>(r.begin()->size()));
  Index i = 0;
  for (const auto& row : r) {
    Index j = 0;
    for (double v : row) m(i, j++) = v;
    ++i;
  }
  return m;
}

IntVector ints(std::initializer_list<int> v) {
  IntVector out(static_cast<Index>(v.size()));
  Index i = 0;
  for (int x : v) out[i++] = x;
  return out;
}

// Small integer coordinates: many exact distance ties and duplicate points.
Matrix tie_heavy(std::mt19937& g, Index n, Index d, int levels) {
  Matrix X(n, d);
  for (Index i = 0; i < n; ++i)
    for (Index j = 0; j < d; ++j) X(i, j) = static_cast<double>(g() % levels) * 0.5;
  return X;
}

NeighborsSearchParams search(NeighborsMetric metric, double p, NeighborsAlgorithm algorithm, int leaf) {
  NeighborsSearchParams s;
  s.metric = metric;
  s.p = p;
  s.algorithm = algorithm;
  s.leaf_size = leaf;
  return s;
}

struct MetricCase {
  NeighborsMetric metric;
  double p;
  const char* name;
};
const MetricCase kMetrics[] = {{NeighborsMetric::euclidean, 2, "euclidean"},
                               {NeighborsMetric::manhattan, 2, "manhattan"},
                               {NeighborsMetric::chebyshev, 2, "chebyshev"},
                               {NeighborsMetric::minkowski, 2, "minkowski p=2"},
                               {NeighborsMetric::minkowski, 1, "minkowski p=1"},
                               {NeighborsMetric::minkowski, 3, "minkowski p=3"},
                               {NeighborsMetric::minkowski, 1.5, "minkowski p=1.5"}};

// Reference: every reduced distance from the kernel, the k best by (reduced distance, index), listed
// by (distance, index), as neighbors_index.hpp documents (r^(1/p) can round two reduced distances to
// one distance, so ranking by the distances would pick another k-th neighbour).
KNeighborsResult naive_knn(const Matrix& X, const Matrix& Q, const nn::Distance& dist, Index k) {
  KNeighborsResult r{Matrix(Q.rows(), k), IntMatrix(Q.rows(), k)};
  for (Index i = 0; i < Q.rows(); ++i) {
    std::vector<std::pair<double, Index>> all;
    for (Index t = 0; t < X.rows(); ++t) all.emplace_back(dist.reduced(Q.row(i).data(), X.row(t).data(), X.cols()), t);
    std::sort(all.begin(), all.end());
    all.resize(static_cast<std::size_t>(k));
    for (auto& [d, t] : all) d = dist.to_distance(d);
    std::sort(all.begin(), all.end());
    for (Index j = 0; j < k; ++j) {
      r.distances(i, j) = all[j].first;
      r.indices(i, j) = static_cast<int>(all[j].second);
    }
  }
  return r;
}

void expect_same(const RadiusNeighborsResult& a, const RadiusNeighborsResult& b, const std::string& what) {
  EXPECT_EQ(a.offsets, b.offsets) << what;
  EXPECT_EQ(a.indices, b.indices) << what;
  EXPECT_EQ(a.distances, b.distances) << what;
}

}  // namespace

// ---- the kernel --------------------------------------------------------------------------------

// The SIMD path (SSE2 natively, wasm_simd128 in WebAssembly) follows the documented order, so it
// equals this scalar spelling of it bit for bit, and the 4-row form equals the 1-row form.
TEST(NeighborsKernel, SimdPathFollowsTheOneAccumulationOrder) {
  std::mt19937 g(7);
  std::uniform_real_distribution<double> u(-1e3, 1e3);
  for (Index d : {1, 2, 3, 7, 20, 21}) {
    std::vector<double> q(d), x(4 * d);
    for (auto& v : q) v = u(g) / 7.0;
    for (auto& v : x) v = u(g) / 3.0;
    double four[4];
    nn::reduce_rows<4>(nn::SquaredEuclideanOp{}, q.data(), x.data(), d, d, four);
    for (int r = 0; r < 4; ++r) {
      const double* xr = x.data() + r * d;
      double a0 = 0, a1 = 0;
      for (Index j = 0; j + 1 < d; j += 2) {
        a0 += (q[j] - xr[j]) * (q[j] - xr[j]);
        a1 += (q[j + 1] - xr[j + 1]) * (q[j + 1] - xr[j + 1]);
      }
      double s = a0 + a1;
      if (d % 2) s += (q[d - 1] - xr[d - 1]) * (q[d - 1] - xr[d - 1]);
      EXPECT_EQ(four[r], s) << "d=" << d << " row " << r;
      double one;
      nn::reduce_rows<1>(nn::SquaredEuclideanOp{}, q.data(), xr, d, d, &one);
      EXPECT_EQ(one, s);
      nn::reduce_rows<1>(nn::ManhattanOp{}, q.data(), xr, d, d, &one);
      double m0 = 0, m1 = 0;
      for (Index j = 0; j + 1 < d; j += 2) m0 += std::fabs(q[j] - xr[j]), m1 += std::fabs(q[j + 1] - xr[j + 1]);
      double ms = m0 + m1;
      if (d % 2) ms += std::fabs(q[d - 1] - xr[d - 1]);
      EXPECT_EQ(one, ms);
      nn::reduce_rows<1>(nn::ChebyshevOp{}, q.data(), xr, d, d, &one);
      double mx = 0;
      for (Index j = 0; j < d; ++j) mx = std::max(mx, std::fabs(q[j] - xr[j]));
      EXPECT_EQ(one, mx);
    }
  }
}

// ---- the index: three algorithms, one answer ----------------------------------------------------

TEST(NeighborsIndex, BruteKdAndBallAgreeExactlyWithTiesAndDuplicates) {
  std::mt19937 g(42);
  int compared = 0;
  for (Index d : {1, 3, 4, 17}) {
    const Matrix X = tie_heavy(g, 150, d, 4);
    Matrix Q(40, d);
    Q.topRows(20) = X.topRows(20);  // exact matches
    Q.bottomRows(20) = tie_heavy(g, 20, d, 5);
    for (const auto& m : kMetrics) {
      const nn::Distance dist = nn::resolve_distance(search(m.metric, m.p, NeighborsAlgorithm::brute, 1));
      nn::NeighborsIndex brute;
      brute.build(X, dist, nn::SearchAlgorithm::brute, 30);
      for (Index k : {Index(1), Index(4), Index(11), X.rows()}) {
        const KNeighborsResult ref = naive_knn(X, Q, dist, k);
        const KNeighborsResult b = brute.knn(Q, k);
        ASSERT_EQ(b.indices, ref.indices) << m.name << " d=" << d << " k=" << k;
        ASSERT_EQ(b.distances, ref.distances) << m.name;
        for (auto alg : {nn::SearchAlgorithm::kd_tree, nn::SearchAlgorithm::ball_tree})
          for (int leaf : {1, 2, 5, 40}) {
            nn::NeighborsIndex tree;
            tree.build(X, dist, alg, leaf);
            const KNeighborsResult t = tree.knn(Q, k);
            ASSERT_EQ(t.indices, ref.indices) << m.name << " d=" << d << " k=" << k << " leaf=" << leaf;
            ASSERT_EQ(t.distances, ref.distances) << m.name << " d=" << d << " k=" << k << " leaf=" << leaf;
            ++compared;
          }
      }
      for (double r : {0.0001, 0.5, 1.0, 1.5}) {
        const RadiusNeighborsResult rb = brute.radius(Q, r);
        for (auto alg : {nn::SearchAlgorithm::kd_tree, nn::SearchAlgorithm::ball_tree})
          for (int leaf : {1, 3, 30}) {
            nn::NeighborsIndex tree;
            tree.build(X, dist, alg, leaf);
            expect_same(tree.radius(Q, r), rb, std::string(m.name) + " radius " + std::to_string(r));
          }
        // The radius lists are the naive neighbours with distance <= r, in (distance, index) order.
        const KNeighborsResult all = naive_knn(X, Q, dist, X.rows());
        for (Index i = 0; i < Q.rows(); ++i) {
          Index j = 0;
          for (; j < X.rows() && all.distances(i, j) <= r; ++j) {
            ASSERT_LT(rb.offsets[i] + j, rb.offsets[i + 1]);
            EXPECT_EQ(rb.indices[rb.offsets[i] + j], all.indices(i, j));
          }
          EXPECT_EQ(rb.offsets[i] + j, rb.offsets[i + 1]) << m.name << " r=" << r << " query " << i;
        }
      }
    }
  }
  EXPECT_EQ(compared, 4 * 7 * 4 * 2 * 4);
}

// Brute force's float32 filter (squared Euclidean, from 8 queries and 8 features) keeps exactly the
// exact kernel's neighbours and distances, k-nearest and within a radius: past its blocks of 64 queries and 1024 training rows, on
// exact ties, on neighbours closer than float32 can tell apart, at tiny and large scales (past 2^48
// the exact kernel runs alone), for one, some and all neighbours, and for queries read with a stride.
TEST(NeighborsIndex, BruteForceFilterKeepsTheExactNeighbours) {
  std::mt19937 g(7);
  std::normal_distribution<double> normal;
  const nn::Distance dist = nn::resolve_distance(search(NeighborsMetric::euclidean, 2, NeighborsAlgorithm::brute, 1));
  int compared = 0;
  for (const Index d : {8, 9, 20, 33}) {
    Matrix spread(2100, d);
    for (Index i = 0; i < spread.rows(); ++i)
      for (Index j = 0; j < d; ++j) spread(i, j) = normal(g);
    // pairs of rows 1e-9 apart (relative): far below float32's resolution
    Matrix close = spread;
    for (Index i = 1; i < close.rows(); i += 2) close.row(i) = close.row(i - 1) * (1 + 1e-9);
    const Matrix lattice = tie_heavy(g, 2100, d, 3);
    const Matrix* bases[] = {&spread, &close, &lattice};
    for (const Matrix* base : bases)
      for (const double scale : {1.0, 1e-30, 1e-41, 1e12, 1e15}) {
        const Matrix X = base->topRows(1100) * scale;
        Matrix Q(140, d);
        Q.topRows(60) = X.middleRows(100, 60);  // exact matches
        Q.bottomRows(80) = base->bottomRows(80) * scale;
        nn::NeighborsIndex brute;
        brute.build(X, dist, nn::SearchAlgorithm::brute, 30);
        const KNeighborsResult all = naive_knn(X, Q, dist, X.rows());
        for (const Index k : {Index(1), Index(5), X.rows()}) {
          const KNeighborsResult ref = k == X.rows() ? all : naive_knn(X, Q, dist, k), got = brute.knn(Q, k);
          ASSERT_EQ(got.indices, ref.indices) << "d=" << d << " scale " << scale << " k=" << k;
          ASSERT_EQ(got.distances, ref.distances) << "d=" << d << " scale " << scale << " k=" << k;
          Matrix wider(Q.rows(), d + 3);  // the queries as a block, rows d + 3 apart
          wider.leftCols(d) = Q;
          wider.rightCols(3).setConstant(1e300);
          const KNeighborsResult strided = brute.knn(wider.leftCols(d), k);
          ASSERT_EQ(strided.indices, ref.indices) << "strided queries, d=" << d;
          ASSERT_EQ(strided.distances, ref.distances) << "strided queries, d=" << d;
          ++compared;
        }
        // Radius searches: the naive neighbours within r, for r = 0 (the exact matches), two radii that
        // take some of the rows, and one whose square is past float32's range (all rows).
        for (const double r : {0.0, all.distances(70, 5), all.distances(70, 40), 1e30}) {
          const RadiusNeighborsResult within = brute.radius(Q, r);
          for (Index i = 0; i < Q.rows(); ++i) {
            Index j = 0;
            for (; j < X.rows() && all.distances(i, j) <= r; ++j) {
              ASSERT_LT(within.offsets[i] + j, within.offsets[i + 1]) << "d=" << d << " scale " << scale << " r=" << r;
              ASSERT_EQ(within.indices[within.offsets[i] + j], all.indices(i, j));
              ASSERT_EQ(within.distances[within.offsets[i] + j], all.distances(i, j));
            }
            ASSERT_EQ(within.offsets[i] + j, within.offsets[i + 1]) << "d=" << d << " scale " << scale << " r=" << r;
          }
        }
      }
  }
  EXPECT_EQ(compared, 4 * 3 * 5 * 3);
}

// Past 2^22 training values the filter converts the training rows a block at a time; the same
// neighbours and distances.
TEST(NeighborsIndex, BruteForceFilterOnLargeTrainingSets) {
  std::mt19937 g(11);
  std::normal_distribution<double> normal;
  const Index n = (Index(1) << 19) + 1000, d = 8;
  Matrix X(n, d), Q(10, d);
  for (Index i = 0; i < n; ++i)
    for (Index j = 0; j < d; ++j) X(i, j) = std::round(normal(g) * 8) / 8;  // ties among the neighbours
  for (Index i = 0; i < Q.rows(); ++i) Q.row(i) = X.row(i * 50000 + 7);
  const nn::Distance dist = nn::resolve_distance(search(NeighborsMetric::euclidean, 2, NeighborsAlgorithm::brute, 1));
  nn::NeighborsIndex brute;
  brute.build(X, dist, nn::SearchAlgorithm::brute, 30);
  const KNeighborsResult ref = naive_knn(X, Q, dist, 4), got = brute.knn(Q, 4);
  EXPECT_EQ(got.indices, ref.indices);
  EXPECT_EQ(got.distances, ref.distances);
}

TEST(NeighborsIndex, LeafSizeBoundsTheLeaves) {
  std::mt19937 g(3);
  const Matrix X = tie_heavy(g, 1000, 2, 50);
  nn::NeighborsIndex a, b;
  a.build(X, {}, nn::SearchAlgorithm::kd_tree, 10);
  b.build(X, {}, nn::SearchAlgorithm::kd_tree, 100);
  // Leaves hold between leafSize and 2*leafSize points: 1000/10 -> 64 leaves, 1000/100 -> 8 leaves.
  EXPECT_EQ(a.n_nodes(), 127);
  EXPECT_EQ(b.n_nodes(), 15);
}

TEST(NeighborsIndex, AutoFollowsScikitLearnsRule) {
  NeighborsSearchParams p;
  EXPECT_EQ(nn::resolve_algorithm(p, 100, 15, 5), nn::SearchAlgorithm::kd_tree);
  EXPECT_EQ(nn::resolve_algorithm(p, 100, 16, 5), nn::SearchAlgorithm::brute);
  EXPECT_EQ(nn::resolve_algorithm(p, 100, 2, 50), nn::SearchAlgorithm::brute);
  EXPECT_EQ(nn::resolve_algorithm(p, 100, 2, 49), nn::SearchAlgorithm::kd_tree);
  EXPECT_EQ(nn::resolve_algorithm(p, 100, 2, std::nullopt), nn::SearchAlgorithm::kd_tree);
  p.algorithm = NeighborsAlgorithm::ball_tree;
  EXPECT_EQ(nn::resolve_algorithm(p, 100, 40, 5), nn::SearchAlgorithm::ball_tree);
}

// ---- hand-checked estimators --------------------------------------------------------------------

// X = 0, 1, 3, 6 on a line.
TEST(KNeighbors, HandCheckedVotesWeightsAndTies) {
  const Matrix X = rows({{0}, {1}, {3}, {6}});
  KNeighborsParams p;
  p.n_neighbors = 3;
  KNeighborsClassifier c(p);
  c.fit(X, ints({0, 1, 1, 0}));
  const Matrix q = rows({{2}});
  const KNeighborsResult nb = c.kneighbors(q, 2);
  EXPECT_EQ(nb.indices, (IntMatrix(1, 2) << 1, 2).finished());  // tie at distance 1: by index
  EXPECT_EQ(nb.distances, (Matrix(1, 2) << 1, 1).finished());
  EXPECT_EQ(c.predict(q)[0], 1);
  EXPECT_TRUE(c.predict_proba(q).isApprox((Matrix(1, 2) << 1.0 / 3, 2.0 / 3).finished(), 1e-15));

  p.weights = NeighborsWeights::distance;  // weights 1, 1, 1/2 -> class 0: 0.5, class 1: 2
  KNeighborsClassifier w(p);
  w.fit(X, ints({0, 1, 1, 0}));
  EXPECT_TRUE(w.predict_proba(q).isApprox((Matrix(1, 2) << 0.2, 0.8).finished(), 1e-15));
  // Exact match: only the zero-distance neighbour counts.
  EXPECT_EQ(w.predict_proba(rows({{3}})), (Matrix(1, 2) << 0, 1).finished());
  w.fit(X, ints({0, 0, 1, 0}));
  EXPECT_EQ(w.predict(rows({{3}}))[0], 1);  // the two class-0 neighbours get weight 0

  KNeighborsRegressor r(p);
  r.fit(X, rows({{0}, {10}, {30}, {60}}));
  EXPECT_EQ(r.predict(rows({{1}}))(0, 0), 10.0);
  // query 2: neighbours 1 (d 1), 3 (d 1), 0 (d 2): (10 + 30 + 0/2) / 2.5
  EXPECT_DOUBLE_EQ(r.predict(rows({{2}}))(0, 0), 40.0 / 2.5);
  p.weights = NeighborsWeights::uniform;
  KNeighborsRegressor u(p);
  u.fit(X, rows({{0, 1}, {10, 2}, {30, 3}, {60, 4}}));
  EXPECT_EQ(u.predict(rows({{2}})), (Matrix(1, 2) << 40.0 / 3, 2).finished());
}

TEST(KNeighbors, VoteTieGoesToTheSmallestClassCode) {
  KNeighborsParams p;
  p.n_neighbors = 2;
  KNeighborsClassifier c(p);
  c.fit(rows({{0}, {2}, {9}}), ints({2, 1, 0}));
  EXPECT_EQ(c.predict(rows({{1}}))[0], 1);
  EXPECT_EQ(c.n_classes(), 3);
  EXPECT_EQ(c.predict_proba(rows({{1}})), (Matrix(1, 3) << 0, 0.5, 0.5).finished());
}

TEST(RadiusNeighbors, OutliersErrorOrMostFrequentLabel) {
  const Matrix X = rows({{0, 0}, {1, 0}, {0, 1}, {5, 5}});
  const IntVector y = ints({1, 1, 0, 0});  // tie 2-2: most frequent is the smallest code, 0
  RadiusNeighborsClassifierParams p;
  p.radius = 1.0;
  RadiusNeighborsClassifier c(p);
  c.fit(X, y);
  const Matrix Q = rows({{0.1, 0}, {20, 20}, {2.5, 2.5}, {5, 5.5}});
  EXPECT_EQ(error_of([&] { c.predict(Q); }),
            "RadiusNeighborsClassifier: no training sample within radius 1 of 2 of the 4 query rows (rows 1, 2); "
            "set outlierLabel to 'most_frequent' or use a larger radius");
  EXPECT_EQ(error_of([&] { c.predict_proba(Q.row(2)); }),
            "RadiusNeighborsClassifier: no training sample within radius 1 of 1 of the 1 query rows (row 0); "
            "set outlierLabel to 'most_frequent' or use a larger radius");
  p.outlier_label = OutlierLabel::most_frequent;
  RadiusNeighborsClassifier o(p);
  o.fit(X, y);
  EXPECT_EQ(o.predict(Q), ints({1, 0, 0, 0}));
  // query 0 sees (0,0) d .1, (1,0) d .9, (0,1) d ~1.005 > 1: two votes for class 1
  EXPECT_EQ(o.predict_proba(Q), (Matrix(4, 2) << 0, 1, 1, 0, 1, 0, 1, 0).finished());
  const RadiusNeighborsResult nb = o.radius_neighbors(Q, 1.01);
  EXPECT_EQ(nb.offsets, (std::vector<Index>{0, 3, 3, 3, 4}));
  EXPECT_EQ(nb.indices, (std::vector<Index>{0, 1, 2, 3}));
  EXPECT_DOUBLE_EQ(nb.distances[2], std::sqrt(0.01 + 1));
  EXPECT_EQ(nb.distances[3], 0.5);
}

TEST(RadiusNeighbors, RegressorPredictsNanAndWarnsOnlyForThatPredict) {
  RadiusNeighborsParams p;
  p.radius = 1.5;
  p.weights = NeighborsWeights::distance;
  RadiusNeighborsRegressor r(p);
  r.fit(rows({{0}, {1}, {2}}), rows({{0}, {10}, {20}}));
  const Matrix pred = r.predict(rows({{1}, {10}, {0.5}}));
  EXPECT_EQ(pred(0, 0), 10.0);  // exact match
  EXPECT_TRUE(std::isnan(pred(1, 0)));
  EXPECT_DOUBLE_EQ(pred(2, 0), (0 / 0.5 + 10 / 0.5 + 20 / 1.5) / (2 / 0.5 + 1 / 1.5));
  ASSERT_EQ(r.warnings().size(), 1u);
  EXPECT_EQ(r.warnings().items[0].kind, WarningKind::data);
  EXPECT_EQ(r.warnings().items[0].message,
            "RadiusNeighborsRegressor: 1 of the 3 query rows (row 1) have no training sample within radius 1.5; "
            "their prediction is NaN (use a larger radius)");
  r.predict(rows({{1}}));
  EXPECT_TRUE(r.warnings().empty());
}

// ---- scikit-learn's values --------------------------------------------------------------------

namespace {
void expect_near(const Matrix& got, const Matrix& want, double tol, const std::string& what) {
  ASSERT_EQ(got.rows(), want.rows()) << what;
  ASSERT_EQ(got.cols(), want.cols()) << what;
  for (Index i = 0; i < got.rows(); ++i)
    for (Index c = 0; c < got.cols(); ++c) {
      if (std::isnan(want(i, c))) {
        EXPECT_TRUE(std::isnan(got(i, c))) << what << " (" << i << "," << c << ")";
      } else {
        EXPECT_NEAR(got(i, c), want(i, c), tol) << what << " (" << i << "," << c << ")";
      }
    }
}
}  // namespace

TEST(NeighborsScikitLearn, MatchesReferenceValues) {
  const json doc = test_support::read_fixture("neighbors.json");
  int checked = 0;
  for (const json& ds : doc["datasets"]) {
    const Matrix X = matrix_of(ds["X"]), Q = matrix_of(ds["Q"]), Y = matrix_of(ds["Y"]);
    IntVector y(static_cast<Index>(ds["y"].size()));
    for (Index i = 0; i < y.size(); ++i) y[i] = ds["y"][i].get<int>();
    for (const json& cs : ds["cases"]) {
      const std::string metric = cs["metric"];
      const std::string where = ds["name"].get<std::string>() + " " + metric + " p=" + cs["p"].dump();
      json opts = {{"metric", metric}, {"p", cs["p"]}};
      for (const char* alg : {"brute", "kd_tree", "ball_tree"}) {
        opts["algorithm"] = alg;
        const std::string at = where + " " + alg;
        json kopts = opts;
        kopts["nNeighbors"] = cs["k"];
        json ropts = opts;
        ropts["radius"] = cs["radius"];
        const KNeighborsResult nb = [&] {
          KNeighborsRegressor r(params_from_json<KNeighborsRegressor>(kopts));
          r.fit(X, Y);
          return r.kneighbors(Q);
        }();
        expect_near(nb.distances, matrix_of(cs["kneighbors"]["distances"]), 1e-12, at + " kneighbors");
        EXPECT_EQ(nb.indices, matrix_of(cs["kneighbors"]["indices"]).cast<int>()) << at;
        {
          RadiusNeighborsRegressor r(params_from_json<RadiusNeighborsRegressor>(ropts));
          r.fit(X, Y);
          const RadiusNeighborsResult rn = r.radius_neighbors(Q);
          const json& want = cs["radius_neighbors"];
          ASSERT_EQ(rn.offsets.size(), want["indices"].size() + 1) << at;
          for (std::size_t i = 0; i < want["indices"].size(); ++i) {
            const std::vector<Index> wi = want["indices"][i];
            const std::vector<double> wd = want["distances"][i];
            ASSERT_EQ(std::vector<Index>(rn.indices.begin() + rn.offsets[i], rn.indices.begin() + rn.offsets[i + 1]), wi)
                << at << " radius query " << i;
            for (std::size_t j = 0; j < wd.size(); ++j) EXPECT_NEAR(rn.distances[rn.offsets[i] + j], wd[j], 1e-12) << at;
          }
        }
        for (const char* w : {"uniform", "distance"}) {
          const std::string wat = at + " " + w;
          kopts["weights"] = w;
          ropts["weights"] = w;
          json copts = ropts;
          copts["outlierLabel"] = "most_frequent";
          const json& want = cs[w];
          auto kc = make_estimator("KNeighborsClassifier", kopts);
          kc->fit(X, y.cast<double>(), true);
          EXPECT_EQ(kc->predict(Q).data, want["knn_classifier"]["predict"].get<std::vector<double>>()) << wat;
          expect_near(kc->predict_proba(Q), matrix_of(want["knn_classifier"]["proba"]), 1e-12, wat + " knn proba");
          auto kr = make_estimator("KNeighborsRegressor", kopts);
          kr->fit(X, Y, false);
          NdArray kp = kr->predict(Q);
          expect_near(Eigen::Map<Matrix>(kp.data.data(), kp.shape[0], kp.shape[1]),
                      matrix_of(want["knn_regressor"]["predict"]), 1e-12, wat + " knn regressor");
          auto rc = make_estimator("RadiusNeighborsClassifier", copts);
          rc->fit(X, y.cast<double>(), true);
          EXPECT_EQ(rc->predict(Q).data, want["radius_classifier"]["predict"].get<std::vector<double>>()) << wat;
          expect_near(rc->predict_proba(Q), matrix_of(want["radius_classifier"]["proba"]), 1e-12, wat + " radius proba");
          auto rr = make_estimator("RadiusNeighborsRegressor", ropts);
          rr->fit(X, Y, false);
          NdArray rp = rr->predict(Q);
          expect_near(Eigen::Map<Matrix>(rp.data.data(), rp.shape[0], rp.shape[1]),
                      matrix_of(want["radius_regressor"]["predict"]), 1e-12, wat + " radius regressor");
          EXPECT_EQ(rr->warnings().size(), 1u) << wat;  // the far query
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 3 * 5 * 3 * 2);
}

// ---- errors ---------------------------------------------------------------------------------------

TEST(NeighborsErrors, BadInputsNameTheArgument) {
  const Matrix X = rows({{0, 0}, {1, 1}, {2, 2}});
  KNeighborsParams p;
  EXPECT_EQ(error_of([&] { KNeighborsClassifier(p).fit(X, ints({0, 1, 0})); }),
            "nNeighbors = 5 is greater than the number of training samples (3)");
  p.n_neighbors = 2;
  KNeighborsClassifier c(p);
  EXPECT_EQ(error_of([&] { c.predict(X); }), "This KNeighborsClassifier is not fitted yet: call fit before predict");
  EXPECT_THROW(c.predict(X), NotFitted);
  EXPECT_EQ(error_of([&] { c.fit(X, ints({0, 1})); }), "y has 2 entries but X has 3 rows");
  EXPECT_EQ(error_of([&] { c.fit(X, ints({0, -1, 1})); }), "y class codes must be non-negative, got -1");
  Matrix bad = X;
  bad(1, 0) = std::nan("");
  EXPECT_EQ(error_of([&] { c.fit(bad, ints({0, 1, 0})); }), "X contains NaN at row 1, column 0");
  c.fit(X, ints({0, 1, 0}));
  EXPECT_EQ(error_of([&] { c.predict(rows({{1, 2, 3}})); }), "X has 3 columns but the model was fitted with 2");
  EXPECT_EQ(error_of([&] { c.predict(bad); }), "X contains NaN at row 1, column 0");
  EXPECT_EQ(error_of([&] { c.kneighbors(X, 4); }), "nNeighbors = 4 is greater than the number of training samples (3)");
  EXPECT_EQ(error_of([&] { c.kneighbors(X, 0); }), "nNeighbors must be at least 1, got 0");
  EXPECT_EQ(c.kneighbors(X, 3).indices.cols(), 3);

  KNeighborsRegressor r(p);
  Matrix Ybad = rows({{1}, {2}, {3}});
  Ybad(2, 0) = std::numeric_limits<double>::infinity();
  EXPECT_EQ(error_of([&] { r.fit(X, Ybad); }), "y contains Infinity at index 2");
  RadiusNeighborsRegressor rr;
  rr.fit(X, rows({{1}, {2}, {3}}));
  EXPECT_EQ(error_of([&] { rr.radius_neighbors(X, 0.0); }), "radius must be a finite number greater than 0, got 0");
}

TEST(NeighborsErrors, OptionsAreCheckedByTheDeclaration) {
  EXPECT_EQ(error_of([] { make_estimator("KNeighborsClassifier", {{"p", 0.5}}); }), "p must be at least 1, got 0.5");
  EXPECT_EQ(error_of([] { make_estimator("KNeighborsClassifier", {{"nNeighbors", 0}}); }),
            "nNeighbors must be at least 1, got 0");
  EXPECT_EQ(error_of([] { make_estimator("KNeighborsRegressor", {{"leafSize", 2.5}}); }),
            "leafSize must be an integer, got 2.5");
  EXPECT_EQ(error_of([] { make_estimator("RadiusNeighborsRegressor", {{"radius", 0}}); }),
            "radius must be greater than 0, got 0");
  EXPECT_EQ(error_of([] { make_estimator("RadiusNeighborsClassifier", {{"metric", "cosine"}}); }),
            "metric must be one of 'minkowski', 'euclidean', 'manhattan', 'chebyshev', got \"cosine\"");
  EXPECT_EQ(error_of([] { make_estimator("RadiusNeighborsClassifier", {{"outlierLabel", "mode"}}); }),
            "outlierLabel must be one of 'most_frequent', got \"mode\"");
  EXPECT_EQ(error_of([] { make_estimator("KNeighborsClassifier", {{"algorithm", "auto"}, {"weights", "distance"}}); }),
            "<no error>");
}

// ---- adapter, metadata, model JSON --------------------------------------------------------------

TEST(NeighborsAdapter, MethodsAttributesAndWarnings) {
  const json meta = estimators_metadata();
  auto find = [&](const char* n) { return *std::find_if(meta.begin(), meta.end(), [&](const json& e) { return e["name"] == n; }); };
  EXPECT_EQ(find("KNeighborsClassifier")["methods"], json({"fit", "predict", "predictProba", "score", "kneighbors"}));
  EXPECT_EQ(find("RadiusNeighborsRegressor")["methods"], json({"fit", "predict", "score", "radiusNeighbors"}));
  EXPECT_EQ(find("RadiusNeighborsClassifier")["params"][6]["name"], "outlierLabel");
  EXPECT_EQ(find("RadiusNeighborsClassifier")["params"][6]["nullable"], true);
  EXPECT_EQ(find("KNeighborsRegressor")["params"][0]["default"], 5);
  EXPECT_EQ(find("KNeighborsRegressor")["params"][2]["default"], "auto");

  auto est = make_estimator("RadiusNeighborsRegressor", {{"radius", 0.5}});
  est->fit(rows({{0}, {1}}), rows({{3}, {4}}), true);
  EXPECT_EQ(est->attribute("nSamplesFit").data, std::vector<double>{2});
  EXPECT_EQ(est->attribute("nOutputs").data, std::vector<double>{1});
  const NdArray pred = est->predict(rows({{0.1}, {9}}));
  EXPECT_EQ(pred.shape, std::vector<Index>{2});
  EXPECT_EQ(pred.data[0], 3.0);
  EXPECT_EQ(est->warnings().size(), 1u);
  auto clf = make_estimator("KNeighborsClassifier", {{"nNeighbors", 1}});
  clf->fit(rows({{0}, {1}, {2}}), rows({{0}, {2}, {1}}), true);
  EXPECT_EQ(clf->attribute("nClasses").data, std::vector<double>{3});
  EXPECT_EQ(clf->score(rows({{0}, {1.1}}), rows({{0}, {1}})), 0.5);
}

TEST(NeighborsJson, RoundTripPredictsIdenticallyAndCorruptionIsRejected) {
  std::mt19937 g(5);
  const Matrix X = tie_heavy(g, 80, 3, 6), Q = tie_heavy(g, 30, 3, 7);
  IntVector y(80);
  for (Index i = 0; i < 80; ++i) y[i] = static_cast<int>(g() % 3);
  for (const char* alg : {"kd_tree", "ball_tree", "brute"}) {
    auto est = make_estimator("KNeighborsClassifier", {{"algorithm", alg}, {"weights", "distance"}, {"nNeighbors", 7}});
    est->fit(X, y.cast<double>(), true);
    auto loaded = estimator_from_json(json::parse(est->to_json().dump()));
    EXPECT_EQ(loaded->predict_proba(Q), est->predict_proba(Q)) << alg;
    const auto indices = [&](const AnyEstimator& e) { return e.call("kneighbors", Q, Matrix(), 7).items.at(1).second.data; };
    EXPECT_EQ(indices(*loaded), indices(*est)) << alg;
  }
  auto reg = make_estimator("RadiusNeighborsRegressor", {{"radius", 2}});
  reg->fit(X, Matrix(X.leftCols(2)), false);
  auto reg2 = estimator_from_json(json::parse(reg->to_json().dump()));
  EXPECT_EQ(reg2->predict(Q).data, reg->predict(Q).data);

  json m = make_estimator("KNeighborsClassifier", {{"nNeighbors", 2}})->to_json();
  m["fitted"] = true;
  m["state"] = {{"X", {{"rows", 2u}, {"cols", 1u}, {"data", {0, 1}}}}, {"y", {0, 1, 1}}, {"nClasses", 2}};
  EXPECT_EQ(error_of([&] { estimator_from_json(m); }), "model JSON: y has 3 entries but X has 2 rows");
  m["state"]["y"] = {0, 2};
  EXPECT_EQ(error_of([&] { estimator_from_json(m); }), "model JSON: y must hold class codes in [0, nClasses)");
  m["state"]["X"]["data"] = {0};
  EXPECT_EQ(error_of([&] { estimator_from_json(m); }), "model JSON: X has 1 values but rows*cols = 2");
  m["state"]["X"] = {{"rows", 1u}, {"cols", 1u}, {"data", {0}}};
  m["state"]["y"] = {0};
  EXPECT_EQ(error_of([&] { estimator_from_json(m); }),
            "nNeighbors = 2 is greater than the number of training samples (1)");
  m["state"] = {{"X", "oops"}};
  EXPECT_EQ(error_of([&] { estimator_from_json(m); }), "model JSON: rows is missing (the enclosing value is not an object)");
}
