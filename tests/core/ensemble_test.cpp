// Tree ensembles: held-out scores against scikit-learn's forests on fixtures
// (tests/fixtures/trees.json), determinism independent of tree order, OOB, voting, progress and
// cancellation, bagging over other estimators, errors and model JSON.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/model_binary.hpp"
#include "wasmlearn/ensemble/describe.hpp"
#include "wasmlearn/metrics/metrics.hpp"

#include "../fixtures/trees_fixture.hpp"

using namespace wasmlearn;
using namespace trees_fixture;

TEST(ForestFidelity, HeldOutScoresMatchScikitLearn) {
  for (const auto& c : fixtures()["forests"]) {
    const std::string name = c["estimator"];
    SCOPED_TRACE(name);
    // Both sides averaged over randomState 0..4 (the streams differ, so single seeds scatter by
    // about a point); classifiers: accuracy within 1 point; regressors: R² within 0.01.
    double ours = 0;
    for (int seed = 0; seed < 5; ++seed) {
      auto est = make_estimator(name, {{"nEstimators", 100}, {"randomState", seed}});
      est->fit(matrix_of(c["Xtrain"]), column_of(c["ytrain"]), true);
      ours += est->score(matrix_of(c["Xtest"]), column_of(c["ytest"])) / 5;
    }
    const double theirs = c["score"].get<double>();
    EXPECT_NEAR(ours, theirs, 0.01) << "ours " << ours << ", scikit-learn " << theirs;
  }
}

TEST(Forest, DeterministicAndIndependentOfTreeOrder) {
  IntVector y;
  const Matrix X = blobs(300, 6, 1, y, 3);
  RandomForestClassifierParams p;
  p.n_estimators = 12;
  p.random_state = 5;
  p.max_depth = 6;
  RandomForestClassifier a(p), b(p);
  a.fit(X, y);
  b.fit(X, y);
  EXPECT_EQ(a.predict_proba(X), b.predict_proba(X));
  // Trees grown one by one in reverse order (as a worker pool might) are the forest's trees.
  const TreeData data = TreeData::classification(X, y, 3);
  const GrowSettings s = resolve_growth(p, p.criterion, RandomForestClassifierParams::splitter, p.max_features, X.rows(), X.cols());
  for (int t = p.n_estimators - 1; t >= 0; --t) {
    const Tree tree = ForestBase::grow_tree_at(data, s, p, t, Vector::Ones(data.n));
    EXPECT_EQ(tree.threshold, a.trees()[t].threshold);
    EXPECT_EQ(tree.value, a.trees()[t].value);
  }
  p.random_state = 6;
  RandomForestClassifier c(p);
  c.fit(X, y);
  EXPECT_NE(c.predict_proba(X), a.predict_proba(X));
}

TEST(Forest, ExtraTreesUseRandomThresholdsAndNoBootstrap) {
  IntVector y;
  const Matrix X = blobs(200, 4, 2, y);
  ExtraTreesClassifierParams p;
  p.n_estimators = 5;
  ExtraTreesClassifier et(p);
  et.fit(X, y);
  for (const Tree& t : et.trees()) EXPECT_EQ(t.n_samples[0], 200);  // every tree sees every sample
  RandomForestClassifierParams q;
  q.n_estimators = 5;
  RandomForestClassifier rf(q);
  rf.fit(X, y);
  for (const Tree& t : rf.trees()) {
    EXPECT_LT(t.n_samples[0], 200);  // distinct samples of a bootstrap
    EXPECT_EQ(t.weighted_n[0], 200);  // with their multiplicities
  }
  EXPECT_GT(et.predict(X).cwiseEqual(y).count(), 190);
}

TEST(Forest, OobScoreVotingAndImportances) {
  IntVector y;
  const Matrix X = blobs(400, 5, 3, y);
  RandomForestClassifierParams p;
  p.n_estimators = 30;
  p.oob_score = true;
  RandomForestClassifier f(p);
  f.fit(X, y);
  EXPECT_GT(f.oob_score(), 0.6);
  EXPECT_LE(f.oob_score(), 1.0);
  EXPECT_EQ(f.oob_decision_function().rows(), 400);
  const Vector imp = f.feature_importances();
  EXPECT_NEAR(imp.sum(), 1.0, 1e-12);
  EXPECT_GT(imp[0] + imp[1], imp[2] + imp[3] + imp[4]);  // only the first two features are informative
  p.oob_score = false;
  p.voting = ForestVoting::hard;
  RandomForestClassifier h(p);
  h.fit(X, y);
  const Matrix proba = h.predict_proba(X);
  for (Index i = 0; i < 10; ++i) EXPECT_NEAR(proba(i, 0) * 30, std::round(proba(i, 0) * 30), 1e-9);
  RandomForestRegressorParams r;
  r.n_estimators = 20;
  r.oob_score = true;
  RandomForestRegressor reg(r);
  reg.fit(X, y.cast<double>());
  EXPECT_GT(reg.oob_score(), 0.1);
}

TEST(Forest, ProgressIsReportedAndCancelStopsTheFit) {
  IntVector y;
  const Matrix X = blobs(100, 3, 4, y);
  RandomForestClassifierParams p;
  p.n_estimators = 10;
  RandomForestClassifier f(p);
  std::vector<int> seen;
  f.set_progress([&](int done, int total) {
    seen.push_back(done);
    EXPECT_EQ(total, 10);
    return true;
  });
  f.fit(X, y);
  EXPECT_EQ(seen.size(), 10u);
  EXPECT_EQ(seen.back(), 10);
  const Matrix before = f.predict_proba(X);
  RandomForestClassifierParams q = p;
  q.random_state = 3;
  RandomForestClassifier g(q);
  g.fit(X, y);
  g.set_progress([](int done, int) { return done < 4; });
  EXPECT_EQ(error_of([&] { g.fit(X, y); }), "fit cancelled after 4 of 10 trees");
  EXPECT_EQ(g.n_estimators_fitted(), 10);  // the previous model is kept
}

TEST(Forest, OptionErrorsAreClear) {
  IntVector y;
  const Matrix X = blobs(40, 3, 5, y);
  const Matrix Y = y.cast<double>();
  auto fit = [&](const char* name, const json& o) { return error_of([&] { make_estimator(name, o)->fit(X, Y, true); }); };
  EXPECT_EQ(fit("RandomForestClassifier", {{"oobScore", true}, {"bootstrap", false}}), "oobScore requires bootstrap");
  EXPECT_EQ(fit("RandomForestClassifier", {{"nEstimators", 0}}), "nEstimators must be at least 1, got 0");
  EXPECT_EQ(fit("ExtraTreesRegressor", {{"maxSamples", 100}, {"bootstrap", true}}),
            "maxSamples must be between 1 and the number of samples (40), got 100");
  EXPECT_EQ(fit("RandomForestRegressor", {{"criterion", "entropy"}}),
            "criterion must be one of 'squared_error', 'absolute_error', got \"entropy\" "
            "(a classification criterion: use RandomForestClassifier)");
  EXPECT_EQ(fit("ExtraTreesClassifier", {{"maxDepth", -2}}), "maxDepth must be at least 1, got -2");
  EXPECT_EQ(fit("RandomForestClassifier", {{"maxSamples", 0}}), "maxSamples must be at least 1, got 0");
  EXPECT_EQ(fit("RandomForestClassifier", {{"minSamplesSplit", 1.5}}), "minSamplesSplit must be in (0, 1), got 1.5");
}

TEST(Forest, ModelJsonRoundTripAndDefaults) {
  IntVector y;
  const Matrix X = blobs(60, 3, 6, y);
  auto a = make_estimator("ExtraTreesClassifier", {{"nEstimators", 7}});
  EXPECT_EQ(a->get_params()["bootstrap"], false);
  EXPECT_EQ(a->get_params()["maxFeatures"], "sqrt");
  EXPECT_TRUE(make_estimator("RandomForestRegressor", json::object())->get_params()["maxFeatures"].is_null());
  a->fit(X, y.cast<double>(), true);
  auto b = estimator_from_json(json::parse(a->to_json().dump()));
  EXPECT_EQ(b->predict_proba(X), a->predict_proba(X));
}

TEST(Bagging, OverTreesAndOtherEstimators) {
  IntVector y;
  const Matrix X = blobs(200, 4, 7, y, 3);
  const Matrix Y = y.cast<double>();
  auto trees = make_estimator("BaggingClassifier", {{"nEstimators", 8}, {"maxFeatures", 0.75}});
  trees->fit(X, Y, true);
  EXPECT_GT(trees->score(X, Y), 0.9);
  EXPECT_EQ(trees->attribute("estimatorsFeatures").shape, (std::vector<Index>{8, 3}));
  auto knn = make_estimator("BaggingClassifier", {{"estimator", "KNeighborsClassifier"}, {"estimatorOptions", {{"nNeighbors", 3}}},
                                                  {"maxSamples", 0.5}, {"bootstrap", false}});
  knn->fit(X, Y, true);
  const Matrix proba = knn->predict_proba(X);
  EXPECT_EQ(proba.cols(), 3);
  EXPECT_NEAR(proba.row(0).sum(), 1.0, 1e-12);
  auto again = estimator_from_json(json::parse(knn->to_json().dump()));
  EXPECT_EQ(again->predict_proba(X), proba);
  Matrix target(200, 1);
  for (Index i = 0; i < 200; ++i) target(i, 0) = 2 * X(i, 0) - X(i, 2);
  auto ridge = make_estimator("BaggingRegressor", {{"estimator", "Ridge"}, {"nEstimators", 5}});
  ridge->fit(X, target, true);
  EXPECT_GT(ridge->score(X, target), 0.95);
  auto same = make_estimator("BaggingRegressor", {{"estimator", "Ridge"}, {"nEstimators", 5}});
  same->fit(X, target, true);
  EXPECT_EQ(same->predict(X).data, ridge->predict(X).data);
}

TEST(Bagging, ErrorsNameTheProblem) {
  EXPECT_EQ(error_of([] { make_estimator("BaggingClassifier", {{"estimator", "Ridge"}}); }),
            "estimator must be a classifier for BaggingClassifier, got 'Ridge' (a regressor)");
  EXPECT_NE(error_of([] { make_estimator("BaggingClassifier", {{"estimator", "Nope"}}); }).find("Unknown estimator 'Nope'"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              make_estimator("BaggingClassifier", {{"estimatorOptions", {{"maxDepth", 0}}}});
            }).find("maxDepth must be at least 1, got 0"),
            std::string::npos);
  EXPECT_EQ(error_of([] { make_estimator("BaggingClassifier", {{"nEstimators", 0}}); }), "nEstimators must be at least 1, got 0");
}

// A model JSON whose members disagree with the ensemble (edited, or members spliced from another
// fit) is a clear Error when it is read or used, never a read past a member's values.
TEST(Bagging, LoadedMembersThatDoNotFitTheEnsembleAreErrors) {
  IntVector y;
  const Matrix X = blobs(90, 4, 7, y, 3);
  for (const char* estimator : {"DecisionTreeClassifier", "LinearSVC"}) {  // with and without predictProba
    auto bag = make_estimator("BaggingClassifier", {{"estimator", estimator}, {"nEstimators", 3}});
    bag->fit(X, y.cast<double>(), true);
    json fewer = bag->to_json();
    ASSERT_EQ(fewer["state"]["members"][1]["classes"], json({0, 1, 2}));
    fewer["state"]["members"][1]["classes"] = {0, 1};
    auto loaded = estimator_from_json(fewer);
    EXPECT_EQ(error_of([&] { loaded->predict(X); }), "model JSON: a member's classes do not match its model's") << estimator;
    EXPECT_EQ(estimator_from_json(bag->to_json())->predict(X).data, bag->predict(X).data);  // unedited: as fitted
  }
  auto bag = make_estimator("BaggingClassifier", {{"nEstimators", 3}});
  bag->fit(X, y.cast<double>(), true);
  json repeated = bag->to_json();
  repeated["state"]["members"][0]["classes"] = {0, 2, 2};  // its model's three columns, one class twice
  EXPECT_EQ(error_of([&] { estimator_from_json(repeated); }), "model JSON: a member's classes must be increasing");
  json narrow = bag->to_json();
  narrow["state"]["members"][2]["features"] = {0, 1};
  EXPECT_EQ(error_of([&] { estimator_from_json(narrow); }), "model JSON: members must all have the same number of features");
  Matrix two_outputs(90, 2);
  two_outputs << X.col(0), X.col(1);
  auto wide = make_estimator("BaggingRegressor", {{"nEstimators", 2}});
  wide->fit(X, two_outputs, true);
  auto single = make_estimator("BaggingRegressor", {{"nEstimators", 2}});
  single->fit(X, two_outputs.leftCols(1), true);
  json spliced = single->to_json();
  spliced["state"]["members"][1] = wide->to_json()["state"]["members"][0];
  EXPECT_EQ(error_of([&] { estimator_from_json(spliced)->predict(X); }), "model JSON: a member's outputs do not match the ensemble's");
}

// Counts read from a model JSON are whole numbers: a fractional nValues or nFeatures let member
// classes and features one past the ensemble's columns through (a write past predictProba's
// columns, a read past X's under ASan), and 1e300 did not fit an int.
TEST(Bagging, LoadedCountsMustBeWholeNumbers) {
  IntVector y;
  const Matrix X = blobs(90, 4, 7, y, 3);
  auto bag = make_estimator("BaggingClassifier", {{"nEstimators", 2}});
  bag->fit(X, y.cast<double>(), true);
  json classes = bag->to_json();
  classes["state"]["nValues"] = 2.5;
  EXPECT_EQ(error_of([&] { estimator_from_json(classes)->predict(X); }), "model JSON: nValues must be an integer, got 2.5");
  json huge_feature = bag->to_json();
  huge_feature["state"]["members"][0]["features"][0] = 1e300;
  EXPECT_EQ(error_of([&] { estimator_from_json(huge_feature); }), "model JSON: features must contain only integers");
  json features = bag->to_json();
  features["state"]["nFeatures"] = 3.5;
  EXPECT_EQ(error_of([&] { estimator_from_json(features)->predict(X.leftCols(3)); }),
            "model JSON: nFeatures must be an integer, got 3.5");
  for (auto* name : {"RandomForestClassifier", "BaggingClassifier"}) {
    auto model = make_estimator(name, {{"nEstimators", 2}});
    model->fit(X, y.cast<double>(), true);
    json huge = model->to_json();
    huge["state"]["nFeatures"] = 1e300;
    EXPECT_EQ(error_of([&] { estimator_from_json(huge); }), "model JSON: nFeatures must be in [1, 2147483647], got 1e+300") << name;
  }
}

// The worker pool's split of an ensemble: slices fitted apart (firstEstimator), their members
// concatenated in index order and refitted with warmStart (which fits none and scores out of bag
// over them all), give the model JSON of one fit; so does growing a smaller fit with warmStart.
TEST(EnsembleSlices, ConcatenatedSlicesAndWarmStartsEqualOneFit) {
  IntVector y;
  const Matrix X = blobs(300, 9, 8, y, 3);  // past one block of 256 rows, and 8 features
  const Matrix Y = y.cast<double>();
  const std::vector<std::pair<std::string, json>> cases = {
      {"RandomForestClassifier", {{"oobScore", true}, {"maxDepth", 5}}},
      {"ExtraTreesRegressor", {{"maxDepth", 4}}},
      {"RandomForestRegressor", {{"oobScore", true}, {"maxSamples", 0.5}, {"maxDepth", 4}}},
      {"BaggingClassifier", {{"maxFeatures", 0.5}, {"oobScore", true}, {"estimatorOptions", {{"maxDepth", 3}}}}},
      {"BaggingRegressor", {{"estimator", "Ridge"}, {"maxSamples", 100}, {"oobScore", true}}}};
  for (const auto& c : cases) {
    const std::string& name = c.first;  // not structured bindings: C++17 lambdas cannot capture those
    const json& options = c.second;
    SCOPED_TRACE(name);
    const bool forest = name.find("Bagging") == std::string::npos;
    const char* list = forest ? "trees" : "members";
    auto with = [&](json extra) {
      json o = options;
      o.update({{"nEstimators", 12}, {"randomState", 3}});
      o.update(extra);
      return make_estimator(name, o);
    };
    auto whole = with(json::object());
    whole->fit(X, Y, true);
    const json expected = whole->to_json();
    json members = json::array();
    for (const auto& [first, count] : std::vector<std::pair<int, int>>{{0, 5}, {5, 1}, {6, 6}}) {
      json slice_options = {{"firstEstimator", first}, {"nEstimators", count}};
      slice_options["oobScore"] = false;  // scored once, over all members, by the warm refit
      auto slice = with(slice_options);
      slice->fit(X, Y, true);
      const json fitted = slice->to_json();
      for (const json& m : fitted["state"][list]) members.push_back(m);
    }
    EXPECT_EQ(members, expected["state"][list]);
    json merged = expected;
    merged["params"]["warmStart"] = true;
    merged["state"][list] = members;
    merged["state"]["oobScore"] = merged["state"]["oobValues"] = nullptr;
    auto joined = estimator_from_json(merged);
    joined->fit(X, Y, true);
    joined->set_params({{"warmStart", false}});
    EXPECT_EQ(joined->to_json(), expected);
    auto grown = with({{"nEstimators", 4}});
    grown->fit(X, Y, true);
    grown->set_params({{"nEstimators", 12}, {"warmStart", true}});
    grown->fit(X, Y, true);
    grown->set_params({{"warmStart", false}});
    EXPECT_EQ(grown->to_json(), expected);
  }
}

// The out-of-bag values (oobDecisionFunction, oobPrediction) are part of the model: text and binary
// round trips give them back bit for bit, rows never out of bag (NaN) included; a malformed array is
// refused, and models saved before they were kept load without them.
TEST(Forest, OobValuesSurviveTextAndBinary) {
  IntVector y;
  const Matrix X = blobs(300, 9, 7, y, 3);
  const Matrix Y = y.cast<double>();
  for (const auto& [name, oob_attribute] : std::vector<std::pair<std::string, std::string>>{
           {"RandomForestClassifier", "oobDecisionFunction"}, {"ExtraTreesRegressor", "oobPrediction"},
           {"BaggingClassifier", "oobDecisionFunction"}, {"BaggingRegressor", "oobPrediction"}}) {
    SCOPED_TRACE(name);
    const std::string attribute = oob_attribute;  // C++17 lambdas cannot capture a structured binding (clang refuses)
    // Few members: some rows are in every bootstrap sample, never out of bag.
    auto forest = make_estimator(name, {{"nEstimators", 3}, {"oobScore", true}, {"bootstrap", true}, {"randomState", 2}});
    forest->fit(X, Y, true);
    const NdArray values = forest->attribute(attribute);
    const auto nan_rows = std::count_if(values.data.begin(), values.data.end(), [](double v) { return std::isnan(v); });
    EXPECT_GT(nan_rows, 0);
    EXPECT_LT(nan_rows, static_cast<long>(values.data.size()) / 4);
    const auto same_bits = [&](const AnyEstimator& read) {
      const NdArray back = read.attribute(attribute);
      EXPECT_EQ(back.shape, values.shape);
      ASSERT_EQ(back.data.size(), values.data.size());
      EXPECT_EQ(std::memcmp(back.data.data(), values.data.data(), values.data.size() * sizeof(double)), 0);
      EXPECT_EQ(read.attribute("oobScore").data, forest->attribute("oobScore").data);
    };
    const json text = json::parse(forest->to_json().dump());
    same_bits(*estimator_from_json(text));
    const std::vector<std::uint8_t> bytes = model_to_binary(*forest);
    const json packed = parse_binary(bytes.data(), bytes.size(), "binary model");
    EXPECT_TRUE(packed["state"]["oobValues"]["data"].is_binary());
    same_bits(*estimator_from_json(packed));
    json cut = packed;
    cut["state"]["oobValues"]["data"].get_binary().resize(16);
    EXPECT_EQ(error_of([&] { estimator_from_json(cut); }),
              "binary model: oobValues.data must be a typed array of " + std::to_string(values.data.size()) + " float64 values");
    json wide = text;
    wide["state"]["oobValues"]["rows"] = 1e9;
    EXPECT_EQ(error_of([&] { estimator_from_json(wide); }).rfind("model JSON: oobValues (rows x nValues): ", 0), 0u);
    json short_data = text;
    short_data["state"]["oobValues"]["data"].erase(0);
    EXPECT_EQ(error_of([&] { estimator_from_json(short_data); }), "model JSON: oobValues.data must be an array of rows * nValues numbers");
    json old = text;
    old["state"].erase("oobValues");
    EXPECT_EQ(estimator_from_json(old)->attribute(attribute).data.size(), 0u);
  }
}

// Bagging's out-of-bag values by hand: with one member, a sample left out of its draws gets that
// member's values (the ensemble's own predictProba / predict there), a drawn one NaN, and the score is
// the accuracy or R² over the samples left out; a member without predictProba votes (one-hot).
TEST(Bagging, OutOfBagValuesOfOneMemberAreItsPredictions) {
  IntVector y;
  const Matrix X = blobs(300, 9, 4, y, 3);
  const Matrix Y = y.cast<double>();
  struct Case {
    std::string name;
    json options;
    const char* attribute;
  };
  const std::vector<Case> cases = {
      {"BaggingClassifier", {{"maxFeatures", 8}, {"estimatorOptions", {{"maxDepth", 3}}}}, "oobDecisionFunction"},
      {"BaggingClassifier", {{"estimator", "LinearSVC"}}, "oobDecisionFunction"},
      {"BaggingRegressor", {{"estimator", "Ridge"}, {"maxSamples", 0.7}}, "oobPrediction"}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name + " " + c.options.dump());
    json options = c.options;
    options.update({{"nEstimators", 1}, {"oobScore", true}, {"randomState", 5}});
    auto model = make_estimator(c.name, options);
    model->fit(X, Y, true);
    const bool classifier = c.name == "BaggingClassifier";
    const NdArray values = model->attribute(c.attribute);
    const Index k = classifier ? 3 : 1;
    ASSERT_EQ(values.data.size(), static_cast<std::size_t>(300 * k));
    const Matrix expected = classifier ? model->predict_proba(X) : Matrix(Eigen::Map<const Matrix>(model->predict(X).data.data(), 300, 1));
    std::vector<Index> left_out;
    for (Index i = 0; i < 300; ++i) {
      if (std::isnan(values.data[i * k])) continue;
      left_out.push_back(i);
      for (Index j = 0; j < k; ++j) EXPECT_EQ(values.data[i * k + j], expected(i, j)) << "row " << i;
    }
    // A bootstrap sample of n (or 0.7 n) draws leaves out about e^-1 (e^-0.7) of the samples.
    const double share = static_cast<double>(left_out.size()) / 300;
    EXPECT_NEAR(share, std::exp(-(options.contains("maxSamples") ? 0.7 : 1.0)), 0.07);
    Matrix truth(static_cast<Index>(left_out.size()), 1), pred(truth.rows(), 1);
    for (Index r = 0; r < truth.rows(); ++r) {
      truth(r, 0) = Y(left_out[r], 0);
      Index best = 0;
      if (classifier) expected.row(left_out[r]).maxCoeff(&best);
      pred(r, 0) = classifier ? static_cast<double>(best) : expected(left_out[r], 0);
    }
    const double score = model->attribute("oobScore").data[0];
    if (classifier) {
      EXPECT_DOUBLE_EQ(score, static_cast<double>((truth.array() == pred.array()).count()) / static_cast<double>(truth.rows()));
      if (c.options.contains("estimator"))  // votes: one-hot rows
        for (Index i : left_out) EXPECT_EQ(Eigen::Map<const Eigen::RowVectorXd>(&values.data[i * k], k).sum(), 1.0);
    } else {
      EXPECT_DOUBLE_EQ(score, r2_score(truth, pred));
    }
    EXPECT_GT(score, 0.5);
  }
  EXPECT_EQ(error_of([&] { make_estimator("BaggingRegressor", {{"oobScore", true}, {"bootstrap", false}})->fit(X, Y, true); }),
            "oobScore requires bootstrap");
}

TEST(EnsembleSlices, WarmStartAndNJobsErrorsAreClear) {
  IntVector y;
  const Matrix X = blobs(60, 4, 9, y);
  const Matrix Y = y.cast<double>();
  for (const char* name : {"RandomForestClassifier", "BaggingRegressor"}) {
    SCOPED_TRACE(name);
    const std::string what = std::string(name) == "BaggingRegressor" ? "members" : "trees";
    auto model = make_estimator(name, {{"nEstimators", 6}, {"warmStart", true}});
    model->fit(X, Y, true);
    model->set_params({{"nEstimators", 3}});
    EXPECT_EQ(error_of([&] { model->fit(X, Y, true); }),
              "nEstimators = 3 is less than the 6 " + what + " fitted: with warmStart, nEstimators must be at least that");
    model->set_params({{"nEstimators", 8}});
    EXPECT_EQ(error_of([&] { model->fit(X.leftCols(3), Y, true); }),
              "warmStart: X has 3 features and y " + std::string(what == "trees" ? "2" : "1") + " classes or outputs, the fitted " +
                  what + " 4 and " + (what == "trees" ? "2" : "1") + ": fit on data of the same shape, or set warmStart to false");
    EXPECT_EQ(model->to_json()["state"][what == "trees" ? "trees" : "members"].size(), 6u);  // failed fits keep the model
    EXPECT_EQ(error_of([&] { make_estimator(name, {{"nJobs", 0}})->fit(X, Y, true); }),
              "nJobs is not 0 (1: the calling thread, n: n workers, -1: every core)");
  }
  EXPECT_EQ(error_of([] { make_estimator("ExtraTreesClassifier", {{"firstEstimator", -1}}); }),
            "firstEstimator must be at least 0, got -1");
}

// predictLogProba of the tree classifiers is the log of predictProba entry by entry (det_log: the
// same bits in every build), −Infinity where a class has no share, as scikit-learn's np.log. 300 rows
// of 3 classes: deep trees give leaves of one class, so zeros and −Infinity occur in every tree model.
TEST(TreeClassifiers, PredictLogProbaIsTheLogOfPredictProba) {
  IntVector y;
  const Matrix X = blobs(300, 6, 1, y, 3);
  Matrix Y(y.size(), 1);
  for (Index i = 0; i < y.size(); ++i) Y(i, 0) = y[i];
  const std::pair<const char*, json> models[] = {
      {"DecisionTreeClassifier", {{"randomState", 0}}},
      {"RandomForestClassifier", {{"nEstimators", 5}, {"randomState", 0}}},
      {"ExtraTreesClassifier", {{"nEstimators", 5}, {"randomState", 0}}},
      {"RandomForestClassifier", {{"nEstimators", 5}, {"voting", "hard"}, {"randomState", 0}}},
      {"BaggingClassifier", {{"nEstimators", 5}, {"randomState", 0}}},
      {"BaggingClassifier", {{"estimator", "GaussianNB"}, {"nEstimators", 5}, {"randomState", 0}}}};
  for (const auto& [name, options] : models) {
    SCOPED_TRACE(std::string(name) + " " + options.dump());
    auto est = make_estimator(name, options);
    est->fit(X, Y, true);
    const std::vector<double> proba = est->call("predictProba", X).items.at(0).second.data;
    const std::vector<double> log_proba = est->call("predictLogProba", X).items.at(0).second.data;
    ASSERT_EQ(log_proba.size(), proba.size());
    Index minus_infinity = 0;
    for (std::size_t i = 0; i < proba.size(); ++i) {
      EXPECT_EQ(log_proba[i], det_log(proba[i]));
      if (proba[i] == 0) {
        EXPECT_EQ(log_proba[i], -INFINITY);
        ++minus_infinity;
      } else {
        EXPECT_NEAR(log_proba[i], std::log(proba[i]), 1e-15 * std::abs(std::log(proba[i])));
      }
    }
    if (!options.contains("estimator")) EXPECT_GT(minus_infinity, 0);  // trees
  }
  EXPECT_FALSE(make_estimator("RandomForestRegressor", json::object())->supports("predictLogProba"));
  EXPECT_FALSE(make_estimator("DecisionTreeRegressor", json::object())->supports("predictLogProba"));
}
