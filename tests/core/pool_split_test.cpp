// What the worker pool's split of a fit (bindings/js/pool.js) relies on in the core. Models in binary
// (base/model_binary.hpp), what workers exchange: CBOR that reads back as the document the text reads
// back as, refused when malformed or nested too deep. Slices of an ensemble or of one-vs-rest /
// one-vs-one members joined: the model of one fit. k-means starts run apart: the starts of one fit.
#include <gtest/gtest.h>

#include "../fixtures/trees_fixture.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/model_binary.hpp"

using namespace wasmlearn;
using namespace trees_fixture;

namespace {
json from_binary(const std::vector<std::uint8_t>& bytes) { return parse_binary(bytes.data(), bytes.size(), "binary model"); }
}  // namespace

TEST(PoolSplit, ReadsBackAsTheText) {
  IntVector y;
  const Matrix X = blobs(300, 9, 2, y, 3);
  auto forest = make_estimator("RandomForestClassifier", {{"nEstimators", 3}, {"randomState", 0}});
  forest->fit(X, y.cast<double>(), true);
  const json document = forest->to_json();
  const std::vector<std::uint8_t> bytes = to_binary(document);
  EXPECT_EQ(from_binary(bytes), document);
  EXPECT_EQ(from_binary(bytes), json::parse(document.dump()));
  EXPECT_LT(bytes.size(), document.dump().size());
  // Bit for bit: the trees predict as the fitted forest.
  EXPECT_EQ(estimator_from_json(from_binary(bytes))->predict_proba(X), forest->predict_proba(X));
  // A model's binary form packs the trees' node arrays as typed arrays, read back to the same model.
  const std::vector<std::uint8_t> packed = model_to_binary(*forest);
  const json packed_document = from_binary(packed);
  EXPECT_TRUE(packed_document["state"]["trees"][0]["threshold"].is_binary());
  EXPECT_EQ(estimator_from_json(packed_document)->to_json(), document);
  EXPECT_FALSE(PackedArrays::active());
  json cut = packed_document;
  cut["state"]["trees"][1]["value"].get_binary().resize(16);
  EXPECT_EQ(error_of([&] { estimator_from_json(cut); }), "binary model: tree.value must be a typed array of " +
                                                          std::to_string(document["state"]["trees"][1]["value"].size()) + " float64 values");
  // Non-finite numbers become null, as in the text.
  const json odd = {{"a", std::nan("")}, {"b", {1.5, -HUGE_VAL, 2}}, {"c", 0.1}};
  EXPECT_EQ(from_binary(to_binary(odd)), json::parse(odd.dump()));
  EXPECT_EQ(from_binary(to_binary(odd))["b"], json({1.5, nullptr, 2}));
}

TEST(PoolSplit, MalformedOrDeepInputIsRefused) {
  std::vector<std::uint8_t> bytes = to_binary({{"a", {1, 2, 3}}});
  bytes.pop_back();
  EXPECT_EQ(error_of([&] { from_binary(bytes); }), "binary model is not valid CBOR");
  EXPECT_EQ(error_of([&] { from_binary({}); }), "binary model is not valid CBOR");
  std::vector<std::uint8_t> deep(100000, 0x81);  // arrays of one array, 100 000 deep
  deep.push_back(0x01);
  EXPECT_EQ(error_of([&] { from_binary(deep); }), "binary model is nested deeper than 64 levels");
  json nested = json::array();
  for (int level = 1; level < kMaxJsonDepth; ++level) nested = json::array({nested});
  EXPECT_EQ(from_binary(to_binary(nested)), nested);  // 64 levels are allowed, as in the text
}

// An ensemble fitted in three slices (firstEstimator, nEstimators), and one-vs-rest / one-vs-one
// members fitted in three (firstMember, nMembers), joined: the model of one fit.
TEST(PoolSplit, JoinedSlicesAreOneFit) {
  IntVector y;
  const Matrix X = blobs(300, 9, 8, y, 5);
  const Matrix Y = y.cast<double>();
  struct Case {
    std::string name, list, first, count;
    json options;
    std::vector<std::pair<int, int>> slices;  // (first, count)
  };
  const std::vector<std::pair<int, int>> ten = {{0, 4}, {4, 1}, {5, 5}};
  const std::vector<Case> cases = {
      {"ExtraTreesClassifier", "trees", "firstEstimator", "nEstimators", {{"nEstimators", 10}, {"randomState", 4}}, ten},
      {"BaggingRegressor", "members", "firstEstimator", "nEstimators", {{"nEstimators", 10}, {"randomState", 4}}, ten},
      {"OneVsOneClassifier", "members", "firstMember", "nMembers", {{"estimator", "SVC"}}, ten},  // 10 pairs of classes
      {"OneVsRestClassifier", "members", "firstMember", "nMembers", {{"estimatorOptions", {{"C", 0.5}}}}, {{0, 2}, {2, 1}, {3, 2}}}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    auto whole = make_estimator(c.name, c.options);
    whole->fit(X, Y, true);
    std::vector<json> parts;
    for (const auto& [first, count] : c.slices) {
      json slice_options = c.options;
      slice_options.update({{c.first, first}, {c.count, count}});
      auto slice = make_estimator(c.name, slice_options);
      slice->fit(X, Y, true);
      parts.push_back(from_binary(to_binary(slice->to_json())));
    }
    const json params = whole->get_params();
    EXPECT_EQ(estimator_from_json(join_members(parts, c.list, params))->to_json(), whole->to_json());
    EXPECT_EQ(error_of([&] { join_members(parts, "members of nothing", params); }), "model JSON: state.members of nothing must be an array");
  }
  EXPECT_EQ(error_of([&] { make_estimator("OneVsRestClassifier", {{"firstMember", 5}})->fit(X, Y, true); }),
            "firstMember = 5 is past the last of the 5 members");
}

// Start i of a k-means or mixture fit is the fit of that start alone (firstInit i, nInit 1): the fit
// keeps the start of least inertia / greatest lower bound (the starts here end in distinct clusterings).
TEST(PoolSplit, StartsRunApartAreTheStartsOfOneFit) {
  IntVector y;
  const Matrix X = blobs(300, 9, 6, y, 3);
  const Matrix none(0, 0);
  struct Case {
    std::string name, objective;
    double sign;  // +1: least objective kept, -1: greatest
    json options;
  };
  const std::vector<Case> cases = {
      {"KMeans", "inertia", 1, {{"randomState", 3}}},
      {"KMeans", "inertia", 1, {{"init", "random"}, {"nClusters", 4}, {"nInit", 5}}},
      {"GaussianMixture", "lowerBound", -1, {{"nComponents", 4}, {"nInit", 5}, {"covarianceType", "diag"}}},
      {"GaussianMixture", "lowerBound", -1, {{"nComponents", 3}, {"nInit", 4}, {"initParams", "random"}, {"randomState", 1}}}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name + " " + c.options.dump());
    auto whole = make_estimator(c.name, c.options);
    whole->fit(X, none, true);
    const int starts = c.options.value("nInit", 10);
    json best;
    for (int start = 0; start < starts; ++start) {
      json one = c.options;
      one.update({{"firstInit", start}, {"nInit", 1}});
      auto run = make_estimator(c.name, one);
      run->fit(X, none, true);
      const json state = run->to_json()["state"];
      if (best.is_null() || c.sign * state[c.objective].get<double>() < c.sign * best[c.objective].get<double>()) best = state;
    }
    EXPECT_EQ(whole->to_json()["state"], best);
  }
}

// The pool cuts X into blocks of rows (predictAsync): a row's probabilities do not depend on the rows
// before it (three classes: a row of votes is aligned or not by its index).
TEST(PoolSplit, NeighborProbabilitiesDoNotDependOnTheRowsBefore) {
  IntVector y;
  const Matrix X = blobs(300, 9, 5, y, 3);
  auto model = make_estimator("KNeighborsClassifier", {{"nNeighbors", 7}, {"weights", "distance"}});
  model->fit(X.topRows(200), y.head(200).cast<double>(), true);
  const Matrix whole = model->predict_proba(X);
  for (const Index first : {Index(1), Index(157), Index(257)})
    EXPECT_EQ(model->predict_proba(X.bottomRows(X.rows() - first)), whole.bottomRows(X.rows() - first)) << "rows from " << first;
}
