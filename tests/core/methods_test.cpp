// The table of standard methods (base/standard_methods.hpp): an estimator gets a method from its
// C++ member alone, AnyEstimator::call dispatches by JS name, the metadata lists the table; and
// warnings with their kinds in the model JSON, including models saved when warnings were strings.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/mixture/describe.hpp"
#include "wasmlearn/mixture/gaussian_mixture.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using wasmlearn::test_support::error_of;

namespace {

// A made-up estimator with one standard member, score_samples, and nothing declared about it.
struct RowPowerParams {
  double power = 2;
};
class RowPower {
 public:
  using Params = RowPowerParams;
  explicit RowPower(Params p = {}) : params_(p) {}
  RowPower& fit(MatrixRef X) {
    cols_ = X.cols();
    return *this;
  }
  Vector score_samples(MatrixRef X) const { return X.array().abs().pow(params_.power).rowwise().sum(); }
  const Params& params() const { return params_; }
  bool is_fitted() const { return cols_ > 0; }
  json state() const { return {{"cols", cols_}}; }
  void load_state(const json& s) { cols_ = s.at("cols").get<Index>(); }

 private:
  Params params_;
  Index cols_ = 0;
};

}  // namespace

namespace wasmlearn {
template <>
struct Describe<RowPower> {
  static constexpr const char* name = "RowPower";
  static constexpr const char* family = "test";
  static constexpr const char* doc = "sum of |x|^power per row";
  static constexpr Kind kind = Kind::transformer;
  static auto params() { return std::make_tuple(param("power", &RowPowerParams::power, "the exponent")); }
};
}  // namespace wasmlearn

TEST(StandardMethods, TheMemberAloneGivesTheMethod) {
  Adapter<RowPower> adapter(json{{"power", 3}});
  AnyEstimator& est = adapter;
  EXPECT_EQ(Adapter<RowPower>::methods(), (std::vector<std::string>{"fit", "scoreSamples"}));
  EXPECT_TRUE(est.supports("scoreSamples"));
  EXPECT_FALSE(est.supports("score"));  // a transformer without score(X) has no score
  Matrix X(2, 2);
  X << 1, -2, 0, 3;
  EXPECT_EQ(error_of([&] { est.call("scoreSamples", X); }), "This RowPower is not fitted yet: call fit before scoreSamples");
  est.fit(X, Matrix(), true);
  const NamedArrays out = est.call("scoreSamples", X);
  ASSERT_EQ(out.items.size(), 1u);
  EXPECT_EQ(out.items[0].first, "");
  EXPECT_EQ(out.items[0].second.shape, (std::vector<Index>{2}));
  EXPECT_EQ(out.items[0].second.data, (std::vector<double>{9, 27}));  // 1 + 8, 0 + 27
  EXPECT_EQ(error_of([&] { est.call("predict", X); }), "RowPower does not support predict");
  const json meta = Adapter<RowPower>::metadata();
  EXPECT_EQ(meta["methods"], json({"fit", "scoreSamples"}));
}

TEST(StandardMethods, MetadataListsTheTableOnce) {
  const json table = standard_methods_metadata();
  ASSERT_EQ(table.size(), std::tuple_size_v<StandardMethods>);
  std::vector<std::string> names;
  for (const json& m : table) {
    names.push_back(m["name"]);
    EXPECT_FALSE(m["doc"].get<std::string>().empty());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"predict", "predictProba", "decisionFunction", "transform", "inverseTransform",
                                             "scoreSamples", "score", "kneighbors", "radiusNeighbors"}));
  EXPECT_EQ(table[5], json({{"name", "scoreSamples"}, {"id", 5}, {"args", "X"}, {"result", "vector"}, {"doc", "log-likelihood of each row of X"}}));
  for (std::size_t i = 0; i < table.size(); ++i) EXPECT_EQ(table[i]["id"], i);
  EXPECT_EQ(table[7]["args"], "X,nNeighbors?");
}

// The id JS calls by is the place in the table, then the declared extras in order; a name and its
// id reach the same method, and an id the estimator lacks is refused by the table's name.
TEST(StandardMethods, CallByIdMatchesCallByName) {
  Matrix X(300, 9);
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = std::cos(0.41 * static_cast<double>(i * 9 + j)) + 2.0 * static_cast<double>(i % 3);
  auto est = make_estimator("GaussianMixture", {{"nComponents", 3}, {"randomState", 0}});
  est->fit(X, Matrix(), true);
  const int score_samples = standard_method_id<methods::ScoreSamples>();
  EXPECT_EQ(score_samples, 5);
  EXPECT_EQ(est->method_id("scoreSamples"), score_samples);
  EXPECT_EQ(est->call(score_samples, X).items.at(0).second.data, est->call("scoreSamples", X).items.at(0).second.data);
  const json extras = estimators_metadata();
  for (const json& e : extras) {
    if (e["name"] != "GaussianMixture") continue;
    for (const json& m : e["extraMethods"]) EXPECT_EQ(est->method_id(m["name"]), m["id"].get<int>()) << m["name"];
  }
  EXPECT_EQ(est->method_id("kneighbors"), -1);
  EXPECT_EQ(error_of([&] { est->call(standard_method_id<methods::KNeighbors>(), X); }), "GaussianMixture does not support kneighbors");
  EXPECT_EQ(error_of([&] { est->call("kneighbors", X); }), "GaussianMixture does not support kneighbors");
}

TEST(StandardMethods, GaussianMixtureScoreSamplesThroughCall) {
  Matrix X(300, 9);
  for (Index i = 0; i < X.rows(); ++i)
    for (Index j = 0; j < X.cols(); ++j) X(i, j) = std::sin(0.37 * static_cast<double>(i * 9 + j)) + 3.0 * static_cast<double>(i % 3);
  auto est = make_estimator("GaussianMixture", {{"nComponents", 3}, {"randomState", 0}});
  est->fit(X, Matrix(), true);
  GaussianMixture direct(params_from_json<GaussianMixture>({{"nComponents", 3}, {"randomState", 0}}));
  direct.fit(X);
  const NdArray got = est->call("scoreSamples", X).items.at(0).second;
  const Vector want = direct.score_samples(X);
  ASSERT_EQ(got.data.size(), 300u);
  for (Index i = 0; i < 300; ++i) EXPECT_EQ(got.data[static_cast<std::size_t>(i)], want[i]) << i;
  EXPECT_DOUBLE_EQ(est->score(X, Matrix()), want.mean());
}

TEST(StandardMethods, OptionalNumbersAreChecked) {
  EXPECT_FALSE(detail::optional_count(std::nan(""), "nNeighbors").has_value());
  EXPECT_EQ(detail::optional_count(4, "nNeighbors").value(), 4);
  EXPECT_EQ(error_of([] { detail::optional_count(2.5, "nNeighbors"); }), "nNeighbors must be an integer, got 2.5");
  EXPECT_EQ(error_of([] { detail::optional_count(4294967297.0, "nNeighbors"); }), "nNeighbors must be in [1, 2147483647], got 4294967297");
  EXPECT_EQ(error_of([] { detail::required_count(2147483648.0, "sample"); }), "sample must be in [1, 2147483647], got 2147483648");
  EXPECT_EQ(error_of([] { detail::optional_count(0, "nNeighbors"); }), "nNeighbors must be at least 1, got 0");
  EXPECT_EQ(error_of([] { detail::optional_radius(-1, "radius"); }), "radius must be a positive finite number, got -1");
  EXPECT_EQ(error_of([] { detail::required_count(std::nan(""), "sample"); }), "sample needs a positive integer n");
}

TEST(Warnings, KindsInTheModelJsonAndOldStringsLoad) {
  Matrix X(4, 2);
  X << 0, 0, 0, 0, 1, 1, 1, 1;
  auto km = make_estimator("KMeans", {{"nClusters", 3}});
  km->fit(X, Matrix(), true);
  ASSERT_EQ(km->warnings().size(), 1u);
  EXPECT_EQ(km->warnings().items[0].kind, WarningKind::convergence);
  json model = km->to_json();
  EXPECT_EQ(model["state"]["warnings"][0]["kind"], "convergence");
  EXPECT_EQ(estimator_from_json(model)->warnings().items[0].message, km->warnings().items[0].message);
  model["state"]["warnings"] = json::array({"an old warning"});  // as saved before warnings had kinds
  const Warnings old = estimator_from_json(model)->warnings();
  ASSERT_EQ(old.size(), 1u);
  EXPECT_EQ(old.items[0].kind, WarningKind::convergence);
  EXPECT_EQ(old.items[0].message, "an old warning");
  model["state"]["warnings"] = json::array({{{"kind", "loud"}, {"message", "x"}}});
  EXPECT_EQ(error_of([&] { estimator_from_json(model); }),
            "model JSON: warnings kind must be 'convergence', 'data' or 'parameter', got \"loud\"");
}

// Attributes and extra methods carry their JS type, from the C++ type of their getter or result, so
// the JS getters and the TypeScript declarations follow it (a bool is a boolean, integer arrays Int32Array).
TEST(Methods, AttributeAndResultTypesFollowTheCppTypes) {
  std::map<std::string, json> by_name;
  for (const json& e : estimators_metadata()) by_name[e["name"].get<std::string>()] = e;
  const auto attribute = [&](const std::string& estimator, const std::string& name) {
    for (const json& a : by_name.at(estimator)["attributes"])
      if (a["name"] == name) return a;
    return json();
  };
  const auto result = [&](const std::string& estimator, const std::string& name) {
    for (const json& m : by_name.at(estimator)["extraMethods"])
      if (m["name"] == name) return m["result"].get<std::string>();
    return std::string();
  };
  EXPECT_EQ(attribute("GaussianMixture", "converged")["type"], "boolean");
  EXPECT_EQ(attribute("GaussianMixture", "nIter")["type"], "integer");
  EXPECT_EQ(attribute("GaussianMixture", "lowerBound")["type"], "number");
  EXPECT_EQ(attribute("GaussianMixture", "means")["type"], "matrix");
  EXPECT_EQ(attribute("KMeans", "labels")["type"], "intVector");
  EXPECT_EQ(attribute("PolynomialFeatures", "powers")["type"], "intMatrix");
  EXPECT_EQ(attribute("LinearRegression", "coef"), json({{"name", "coef"}, {"doc", attribute("LinearRegression", "coef")["doc"]}, {"type", "matrix"}, {"perOutput", true}}));
  EXPECT_EQ(attribute("PCA", "explainedVarianceRatio")["type"], "vector");
  EXPECT_FALSE(attribute("PCA", "explainedVarianceRatio").contains("perOutput"));
  EXPECT_EQ(result("GaussianMixture", "bic"), "number");
  EXPECT_EQ(result("GaussianMixture", "sample"), "arrays");
  EXPECT_EQ(result("DecisionTreeClassifier", "apply"), "intVector");
  EXPECT_EQ(result("DecisionTreeClassifier", "getDepth"), "integer");
  EXPECT_EQ(result("GaussianNB", "predictLogProba"), "matrix");
}

// A method returning several arrays declares them (name, kind, doc), the metadata lists them (the
// TypeScript types name them from there), and a result naming other arrays is a logic error, so the
// types cannot disagree with the arrays.
TEST(Methods, NamedArraysAreDeclared) {
  std::map<std::string, json> results;
  for (const json& e : estimators_metadata())
    for (const json& m : e["extraMethods"])
      if (m["result"] == "arrays") {
        ASSERT_TRUE(m.contains("results")) << e["name"] << "." << m["name"];
        results[e["name"].get<std::string>() + "." + m["name"].get<std::string>()] = m["results"];
      }
  const auto names_and_kinds = [&](const std::string& method) {
    std::vector<std::string> out;
    for (const json& r : results.at(method)) out.push_back(r["name"].get<std::string>() + ":" + r["kind"].get<std::string>());
    return out;
  };
  EXPECT_EQ(names_and_kinds("GaussianMixture.sample"), (std::vector<std::string>{"X:matrix", "y:vector"}));
  EXPECT_EQ(names_and_kinds("DecisionTreeRegressor.decisionPath"), (std::vector<std::string>{"indptr:vector", "indices:vector"}));
  EXPECT_EQ(names_and_kinds("DecisionTreeClassifier.costComplexityPruningPath"),
            (std::vector<std::string>{"ccpAlphas:vector", "impurities:vector"}));
  EXPECT_EQ(names_and_kinds("MLPClassifier.coefs"), (std::vector<std::string>{":matrix"}));

  const NamedArrays two{{{"a", NdArray::scalar(1)}, {"b", NdArray::scalar(2)}}};
  const std::vector<ResultDecl> a_b{{"a", ResultKind::vector, ""}, {"b", ResultKind::vector, ""}};
  EXPECT_NO_THROW(detail::check_declared_results(two, a_b, "m"));
  EXPECT_THROW(detail::check_declared_results(two, {a_b[1], a_b[0]}, "m"), std::logic_error);
  EXPECT_THROW(detail::check_declared_results(two, {a_b[0]}, "m"), std::logic_error);
  const std::vector<ResultDecl> per_layer{{"", ResultKind::matrix, ""}};
  EXPECT_THROW(detail::check_declared_results(two, per_layer, "m"), std::logic_error);
  EXPECT_NO_THROW(detail::check_declared_results(NamedArrays{{{"0", NdArray::scalar(1)}, {"1", NdArray::scalar(2)}}}, per_layer, "m"));
}
