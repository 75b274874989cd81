// The module functions' one path: declarations -> registry -> call_function / functions_metadata.
// Results through the registry are the core functions' own, bit for bit; options are validated by
// the declarations with the estimators' messages.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "test_support.hpp"
#include "wasmlearn/base/function.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/datasets/datasets.hpp"
#include "wasmlearn/linear_model/coordinate_descent.hpp"
#include "wasmlearn/model_selection/split.hpp"

namespace wasmlearn {
namespace {

using test_support::error_of;
using Map = Eigen::Map<const Matrix>;

const NdArray& array_named(const FunctionResult& r, const std::string& name) {
  for (const auto& [key, value] : r.arrays)
    if (key == name) return value;
  throw std::runtime_error("no result " + name);
}

Matrix random_matrix(Index rows, Index cols, std::uint64_t seed) {
  Random rng(seed);
  Matrix m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = rng.normal();
  return m;
}

TEST(Functions, MetadataListsEveryFunctionOnceWithItsDeclaration) {
  const json all = functions_metadata();
  const std::set<std::string> modules = {"metrics", "metrics.pairwise", "datasets", "losses", "linearModel", "modelSelection"};
  std::set<std::string> names;
  for (const json& f : all) {
    EXPECT_TRUE(names.insert(f["name"].get<std::string>()).second) << f["name"];
    EXPECT_TRUE(modules.count(f["module"].get<std::string>())) << f["name"];
    EXPECT_FALSE(f["doc"].get<std::string>().empty()) << f["name"];
    EXPECT_FALSE(f["results"].empty()) << f["name"];
  }
  for (const char* expected : {"accuracyScore", "r2Score", "lassoPath", "enetPath", "hinge", "huber", "elasticNet",
                               "makeBlobs", "makeClassification", "loadIris", "trainTestSplit", "permutation", "uniformDraws",
                               "rbfKernel", "pairwiseDistances"})
    EXPECT_TRUE(names.count(expected)) << expected;
  EXPECT_EQ(names.size(), 67u);

  const json& enet = *std::find_if(all.begin(), all.end(), [](const json& f) { return f["name"] == "enetPath"; });
  EXPECT_EQ(enet["module"], "linearModel");
  EXPECT_TRUE(enet["topLevel"].get<bool>());
  EXPECT_EQ(enet["arrays"][0]["kind"], "matrix");
  EXPECT_EQ(enet["arrays"][1]["kind"], "vector");
  EXPECT_EQ(enet["params"][0]["name"], "l1Ratio");
  EXPECT_EQ(enet["params"][0]["default"], 0.5);  // lassoPath's l1Ratio is 1 and not an option
  EXPECT_EQ(enet["params"][0]["minimum"], 0);
  EXPECT_EQ(enet["params"][0]["maximum"], 1);
}

TEST(Functions, OptionsAreCheckedByTheDeclarationWithTheEstimatorsMessages) {
  const FunctionArrays none;
  EXPECT_EQ(error_of([&] { call_function("makeMoons", none, {{"noice", 0.1}}); }),
            "Unknown option 'noice' for makeMoons; valid options: nSamples, noise, shuffle, randomState");
  EXPECT_EQ(error_of([&] { call_function("makeMoons", none, {{"nSamples", 2.5}}); }),
            "nSamples must be an integer, got 2.5");
  EXPECT_EQ(error_of([&] { call_function("makeMoons", none, {{"shuffle", "yes"}}); }),
            "shuffle must be true or false, got \"yes\"");
  EXPECT_EQ(error_of([&] { call_function("makeCircles", none, {{"factor", 1}}); }), "factor must be in [0, 1), got 1");
  EXPECT_EQ(error_of([&] { call_function("makeBlobs", none, {{"centers", 0}}); }),
            "centers must be at least 1, got 0");
  EXPECT_EQ(error_of([&] { call_function("makeMoons", none, json::array()); }), "makeMoons options must be an object, got []");
  EXPECT_EQ(error_of([&] { call_function("makeMoon", none, json::object()); })
                .find("Unknown function 'makeMoon'; known functions: accuracyScore, meanSquaredError, "),
            0u);
  EXPECT_EQ(error_of([&] { call_function("loadIris", {Map(nullptr, 0, 0)}, json::object()); }), "loadIris takes 0 arrays, got 1");

  const Matrix X = random_matrix(30, 3, 1), y = random_matrix(30, 1, 2);
  const FunctionArrays Xy = {Map(X.data(), 30, 3), Map(y.data(), 30, 1)};
  EXPECT_EQ(error_of([&] { call_function("lassoPath", Xy, {{"l1Ratio", 0.5}}); }),
            "Unknown option 'l1Ratio' for lassoPath; valid options: eps, nAlphas, alphas, tol, maxIter, positive");
  EXPECT_EQ(error_of([&] { call_function("enetPath", Xy, {{"l1Ratio", 1.5}}); }), "l1Ratio must be in [0, 1], got 1.5");
  EXPECT_EQ(error_of([&] { call_function("lassoPath", Xy, {{"eps", 0}}); }), "eps must be greater than 0, got 0");
  EXPECT_EQ(error_of([&] { call_function("lassoPath", Xy, {{"alphas", {1, "a"}}}); }), "alphas[1] must be a number, got \"a\"");
  const Matrix r = random_matrix(4, 1, 3);
  EXPECT_EQ(error_of([&] { call_function("huber", {Map(r.data(), 4, 1)}, {{"delta", 0}}); }),
            "delta must be greater than 0, got 0");
}

// Past one 256-row block and past 16 features: the registry hands the arrays and options through unchanged.
TEST(Functions, PathsAreEnetPathBitForBitWithTheDeclaredDefaults) {
  const Index n = 300, p = 17;
  const Matrix X = random_matrix(n, p, 4);
  Vector w = Vector::Zero(p);
  w.head(4) << 3, -2, 1.5, 0.5;
  const Matrix y = X * w + 0.1 * random_matrix(n, 1, 5);
  const FunctionArrays Xy = {Map(X.data(), n, p), Map(y.data(), n, 1)};

  EnetPathOptions lasso;
  lasso.n_alphas = 12;
  const EnetPath expected_lasso = enet_path(X, y.col(0), lasso);
  const FunctionResult got_lasso = call_function("lassoPath", Xy, {{"nAlphas", 12}});
  EXPECT_EQ(array_named(got_lasso, "coefs").data, NdArray::from(expected_lasso.coefs).data);
  EXPECT_EQ(array_named(got_lasso, "alphas").data, NdArray::from(expected_lasso.alphas).data);
  EXPECT_EQ(array_named(got_lasso, "coefs").shape, (std::vector<Index>{p, 12}));

  EnetPathOptions enet;
  enet.l1_ratio = 0.5;  // enetPath's declared default
  const EnetPath expected_enet = enet_path(X, y.col(0), enet);
  const FunctionResult got_enet = call_function("enetPath", Xy, json::object());
  EXPECT_EQ(array_named(got_enet, "coefs").data, NdArray::from(expected_enet.coefs).data);
  EXPECT_EQ(array_named(got_enet, "nIters").data, NdArray::from(expected_enet.n_iters).data);
  EXPECT_EQ(array_named(got_enet, "alphas").shape, (std::vector<Index>{100}));
}

TEST(Functions, LossesPenaltiesAndMetricsGiveTheirClosedForms) {
  const Matrix m = (Matrix(4, 1) << -2, 0, 0.5, 3).finished();
  EXPECT_EQ(call_function("hinge", {Map(m.data(), 4, 1)}, nullptr).arrays[0].second.data, (std::vector<double>{3, 1, 0.5, 0}));
  EXPECT_EQ(call_function("huber", {Map(m.data(), 4, 1)}, {{"delta", 1}}).arrays[0].second.data,
            (std::vector<double>{1.5, 0, 0.125, 2.5}));
  const Matrix w = (Matrix(2, 2) << 3, -4, 0, 2).finished();
  EXPECT_EQ(call_function("l2", {Map(w.data(), 2, 2)}, nullptr).arrays[0].second.data, (std::vector<double>{5, 2}));
  EXPECT_EQ(call_function("elasticNet", {Map(w.data(), 1, 2)}, {{"l1Ratio", 0.5}}).arrays[0].second.data,
            (std::vector<double>{0.5 * 7 + 0.25 * 25}));
  const Matrix t = (Matrix(3, 1) << 1, 2, 3).finished(), pr = (Matrix(3, 1) << 1, 2, 5).finished();
  EXPECT_EQ(call_function("meanSquaredError", {Map(t.data(), 3, 1), Map(pr.data(), 3, 1)}, nullptr).arrays[0].second.data,
            (std::vector<double>{4.0 / 3}));
  EXPECT_EQ(call_function("accuracyScore", {Map(t.data(), 3, 1), Map(pr.data(), 3, 1)}, nullptr).arrays[0].second.shape,
            std::vector<Index>{});
  // Weighted and counted: the two right samples weigh 1 + 2 of 1 + 2 + 5.
  const auto accuracy = [&](const json& options) {
    return call_function("accuracyScore", {Map(t.data(), 3, 1), Map(pr.data(), 3, 1)}, options).arrays[0].second.data[0];
  };
  EXPECT_EQ(accuracy({{"sampleWeight", {1, 2, 5}}}), 3.0 / 8);
  EXPECT_EQ(accuracy({{"sampleWeight", {1, 2, 5}}, {"normalize", false}}), 3.0);
  EXPECT_EQ(accuracy({{"normalize", false}}), 2.0);
  // cohenKappaScore's weights: null is scikit-learn's None, the same as 'none'.
  const auto kappa = [&](const json& options) {
    return call_function("cohenKappaScore", {Map(t.data(), 3, 1), Map(pr.data(), 3, 1)}, options).arrays[0].second.data[0];
  };
  EXPECT_EQ(kappa({{"weights", nullptr}}), kappa({{"weights", "none"}}));
  EXPECT_EQ(kappa(nullptr), kappa({{"weights", "none"}}));
}

TEST(Functions, DatasetsAndSplitAreTheCoreFunctions) {
  const FunctionResult blobs = call_function("makeBlobs", {}, {{"nSamples", 300}, {"nFeatures", 17}, {"randomState", 7}});
  const Dataset expected = make_blobs(300, 17, 3, 1.0, -10, 10, true, 7);
  EXPECT_EQ(array_named(blobs, "X").data, NdArray::from(expected.X).data);
  EXPECT_EQ(array_named(blobs, "y").data, NdArray::from(expected.y).data);

  const FunctionResult iris = call_function("loadIris", {}, nullptr);
  EXPECT_EQ(array_named(iris, "X").shape, (std::vector<Index>{150, 4}));
  ASSERT_EQ(iris.texts.size(), 2u);
  EXPECT_EQ(iris.texts[1].first, "targetNames");
  EXPECT_EQ(iris.texts[1].second, (std::vector<std::string>{"setosa", "versicolor", "virginica"}));

  // stratify as class codes, sizes: 30 is a count, 0.5 a fraction.
  const Index n = 300;
  std::vector<double> strata(n);
  IntVector codes(n);
  for (Index i = 0; i < n; ++i) codes[i] = static_cast<int>(strata[i] = static_cast<double>(i % 3));
  const Matrix none(n, 0);
  const FunctionResult split = call_function("trainTestSplit", {Map(none.data(), n, 0), Map(nullptr, 0, 0)},
                                             {{"testSize", 30}, {"stratify", strata}, {"randomState", 3}});
  const Split expected_split = train_test_split(n, SplitSize::count(30), std::nullopt, true, &codes, 3);
  EXPECT_EQ(array_named(split, "test").data, NdArray::from(expected_split.test).data);
  EXPECT_EQ(array_named(split, "train").data, NdArray::from(expected_split.train).data);
  const FunctionResult half = call_function("trainTestSplit", {Map(none.data(), n, 0), Map(nullptr, 0, 0)}, {{"testSize", 0.5}});
  EXPECT_EQ(array_named(half, "test").data.size(), 150u);
  EXPECT_EQ(error_of([&] {
              call_function("trainTestSplit", {Map(none.data(), n, 0), Map(nullptr, 0, 0)}, {{"stratify", {0, 1}}});
            }),
            "stratify has 2 entries but X has 300 rows");
}

// The splitters' and searches' draws are the core generator's own: a permutation of 0 .. n-1 (n past a
// row block) and uniforms in [0, 1) that are exact multiples of 2^-53 (so JS can turn them into seeds).
TEST(Functions, PermutationAndUniformDrawsAreTheSeededGenerators) {
  const FunctionArrays none;
  const json options{{"nSamples", 300}, {"randomState", 7}};
  const NdArray p = array_named(call_function("permutation", none, options), "");
  Random rng(7);
  const IntVector expected = rng.permutation(300);
  ASSERT_EQ(p.data.size(), 300u);
  std::set<double> seen(p.data.begin(), p.data.end());
  EXPECT_EQ(seen.size(), 300u);
  EXPECT_EQ(*seen.begin(), 0);
  EXPECT_EQ(*seen.rbegin(), 299);
  for (Index i = 0; i < 300; ++i) EXPECT_EQ(p.data[static_cast<std::size_t>(i)], expected[i]);
  const NdArray u = array_named(call_function("uniformDraws", none, options), "");
  Random again(7);
  for (double draw : u.data) {
    EXPECT_EQ(draw, again.uniform());
    EXPECT_EQ(std::ldexp(draw, 53), std::floor(std::ldexp(draw, 53)));
  }
  EXPECT_NE(array_named(call_function("uniformDraws", none, {{"nSamples", 3}, {"randomState", 8}}), "").data,
            std::vector<double>(u.data.begin(), u.data.begin() + 3));
  EXPECT_EQ(error_of([&] { call_function("permutation", none, {{"nSamples", 0}}); }), "nSamples must be at least 1, got 0");
}

}  // namespace
}  // namespace wasmlearn
