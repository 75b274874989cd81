// The multiclass strategies against scikit-learn 1.2.1 (tests/fixtures/multiclass.py), the output
// code decoding against its own code book, round trips and the checks.
#include <gtest/gtest.h>

#include "test_support.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/multiclass/describe.hpp"

namespace wasmlearn {
namespace {

using test_support::error_of;
using test_support::matrix_of;
using test_support::read_fixture;

const json& fixture() { return test_support::cached_fixture("multiclass.json"); }

Matrix nd_matrix(const NdArray& a) {
  const Index cols = a.shape.size() == 2 ? a.shape[1] : 1;
  return Eigen::Map<const Matrix>(a.data.data(), a.shape[0], cols);
}

TEST(MulticlassFixture, PredictionsDecisionsAndProbabilitiesMatchScikitLearn) {
  for (const json& c : fixture()["cases"]) {
    SCOPED_TRACE(c["strategy"].get<std::string>() + " " + c["estimator"].get<std::string>() + " " + c["data"].get<std::string>());
    const json& d = fixture()["data"][c["data"].get<std::string>()];
    const Matrix X = matrix_of(d["X"]), Xtest = matrix_of(d["Xtest"]), y = matrix_of(d["y"]);
    auto model = make_estimator(c["strategy"], {{"estimator", c["estimator"]}, {"estimatorOptions", c["estimatorOptions"]}});
    model->fit(X, y, true);
    EXPECT_EQ(nd_matrix(model->predict(Xtest)), matrix_of(c["predict"]));
    if (c.contains("decision")) {
      const Matrix expected = matrix_of(c["decision"]);
      EXPECT_LT((nd_matrix(model->decision_function(Xtest)) - expected).cwiseAbs().maxCoeff(), 1e-5);
    }
    if (c.contains("proba")) {
      const Matrix proba = model->predict_proba(Xtest);
      EXPECT_LT((proba - matrix_of(c["proba"])).cwiseAbs().maxCoeff(), 1e-6);
      EXPECT_LT((proba.rowwise().sum().array() - 1).abs().maxCoeff(), 1e-12);
    }
    // The JSON round trip predicts the same.
    const auto loaded = estimator_from_json(model->to_json());
    EXPECT_EQ(nd_matrix(loaded->predict(Xtest)), matrix_of(c["predict"]));
  }
}

// Output codes: the prediction is the class whose code is nearest to the members' scores; the
// members are refitted here from the model's own code book to check that decoding end to end.
TEST(OutputCodeClassifier, DecodesToTheNearestCodeOfItsOwnBook) {
  const json& d = fixture()["data"]["four17"];
  const Matrix X = matrix_of(d["X"]), Xtest = matrix_of(d["Xtest"]), y = matrix_of(d["y"]);
  for (const char* member : {"LogisticRegression", "GaussianNB"}) {
    SCOPED_TRACE(member);
    const bool decision = std::string(member) == "LogisticRegression";
    auto model = make_estimator("OutputCodeClassifier", {{"estimator", member}, {"codeSize", 2.0}, {"randomState", 3}});
    model->fit(X, y, true);
    const Matrix book = nd_matrix(model->attribute("codeBook"));
    ASSERT_EQ(book.rows(), 4);
    ASSERT_EQ(book.cols(), 8);  // ⌊4 · 2⌋
    for (Index i = 0; i < book.size(); ++i) EXPECT_TRUE(book(i) == 1 || book(i) == (decision ? -1 : 0));
    Matrix scores(Xtest.rows(), book.cols());
    for (Index b = 0; b < book.cols(); ++b) {
      Matrix labels(y.rows(), 1);
      for (Index i = 0; i < y.rows(); ++i) labels(i, 0) = book(static_cast<Index>(y(i, 0)), b) == 1 ? 1 : 0;
      if (labels.minCoeff() == labels.maxCoeff()) {  // a column of one bit: a constant member scores that bit
        scores.col(b).setConstant(book(static_cast<Index>(y(0, 0)), b));
        continue;
      }
      auto bit = make_estimator(member, json::object());
      bit->fit(X, labels, true);
      scores.col(b) = decision ? nd_matrix(bit->decision_function(Xtest)).col(0) : Matrix(bit->predict_proba(Xtest).col(1));
    }
    const Matrix predicted = nd_matrix(model->predict(Xtest));
    int correct = 0;
    for (Index i = 0; i < Xtest.rows(); ++i) {
      Index nearest;
      (book.rowwise() - scores.row(i)).rowwise().squaredNorm().minCoeff(&nearest);
      EXPECT_EQ(predicted(i, 0), nearest);
    }
    const Matrix truth = matrix_of(fixture()["cases"][2]["predict"]);  // OvR GaussianNB on four17: a baseline
    for (Index i = 0; i < Xtest.rows(); ++i) correct += predicted(i, 0) == truth(i, 0);
    EXPECT_GT(correct, 60);  // the strategies agree on most held-out rows
    // Same seed, same book; another seed, another book.
    auto again = make_estimator("OutputCodeClassifier", {{"estimator", member}, {"codeSize", 2.0}, {"randomState", 3}});
    again->fit(X, y, true);
    EXPECT_EQ(nd_matrix(again->attribute("codeBook")), book);
    auto other = make_estimator("OutputCodeClassifier", {{"estimator", member}, {"codeSize", 2.0}, {"randomState", 4}});
    other->fit(X, y, true);
    EXPECT_NE(nd_matrix(other->attribute("codeBook")), book);
    EXPECT_EQ(nd_matrix(estimator_from_json(model->to_json())->predict(Xtest)), predicted);
  }
}

TEST(Multiclass, DefaultsFitLogisticRegressionMembers) {
  const json& d = fixture()["data"]["three8"];
  const Matrix X = matrix_of(d["X"]), y = matrix_of(d["y"]);
  // Output codes with the default 1.5 bits per class (4 bits for 3 classes) separate the classes
  // less well: better than chance (1/3) is all that holds for any code book.
  for (const auto& [strategy, least] : {std::pair<const char*, double>{"OneVsRestClassifier", 0.8},
                                        {"OneVsOneClassifier", 0.8}, {"OutputCodeClassifier", 0.5}}) {
    auto model = make_estimator(strategy, json::object());
    EXPECT_EQ(model->get_params()["estimator"], "LogisticRegression");
    model->fit(X, y, true);
    EXPECT_GT(model->score(X, y), least) << strategy;
  }
  EXPECT_EQ(make_estimator("OneVsRestClassifier", json::object())->get_params()["estimatorOptions"], json::object());
}

TEST(Multiclass, RejectsNonClassifiersAndMissingMethods) {
  EXPECT_EQ(error_of([] { make_estimator("OneVsRestClassifier", {{"estimator", "Ridge"}}); }),
            "estimator must be a classifier for OneVsRestClassifier, got 'Ridge' (a regressor)");
  EXPECT_EQ(error_of([] { make_estimator("OneVsOneClassifier", {{"estimator", "KMeans"}}); }),
            "estimator must be a classifier for OneVsOneClassifier, got 'KMeans' (a clusterer)");
  EXPECT_NE(error_of([] { make_estimator("OutputCodeClassifier", {{"estimator", "Nope"}}); }).find("Unknown estimator 'Nope'"),
            std::string::npos);
  EXPECT_NE(error_of([] { make_estimator("OneVsRestClassifier", {{"estimatorOptions", {{"nNeighbors", 3}}}}); })
                .find("Unknown option 'nNeighbors' for LogisticRegression"),
            std::string::npos);
  EXPECT_EQ(error_of([] { make_estimator("OutputCodeClassifier", {{"codeSize", 0}}); }), "codeSize must be greater than 0, got 0");

  const json& d = fixture()["data"]["three8"];
  const Matrix X = matrix_of(d["X"]), y = matrix_of(d["y"]);
  // The methods follow the member's, before and after fit (scikit-learn's available_if).
  auto nb = make_estimator("OneVsRestClassifier", {{"estimator", "GaussianNB"}});
  EXPECT_FALSE(nb->supports("decisionFunction"));
  EXPECT_TRUE(nb->supports("predictProba"));
  nb->fit(X, y, true);
  EXPECT_FALSE(nb->supports("decisionFunction"));
  EXPECT_EQ(error_of([&] { nb->decision_function(X); }),
            "OneVsRestClassifier.decisionFunction is available only when the estimator has decisionFunction");
  auto perceptron = make_estimator("OneVsRestClassifier", {{"estimator", "Perceptron"}});
  perceptron->fit(X, y, true);
  EXPECT_EQ(error_of([&] { perceptron->predict_proba(X); }),
            "OneVsRestClassifier.predictProba is available only when the estimator has predictProba");
  // A member's own condition counts: SVC has predictProba only with probability: true.
  auto svc = make_estimator("OneVsRestClassifier", {{"estimator", "SVC"}});
  EXPECT_FALSE(svc->supports("predictProba"));
  svc->set_params({{"estimatorOptions", {{"probability", true}}}});
  EXPECT_TRUE(svc->supports("predictProba"));
  svc->fit(X, y, true);
  EXPECT_EQ(svc->predict_proba(X).rows(), X.rows());
  EXPECT_EQ(error_of([&] { make_estimator("OneVsOneClassifier", json::object())->fit(X, Matrix::Zero(X.rows(), 1), true); }),
            "OneVsOneClassifier needs samples of at least 2 classes; y holds only one class");
  EXPECT_NE(error_of([&] { make_estimator("OneVsRestClassifier", json::object())->predict(X); }).find("OneVsRestClassifier"),
            std::string::npos);
}

// A saved model whose members do not match its classes (the model JSON fuzzer found one that read
// past the members when predicting) is an Error naming the count, for every strategy.
TEST(Multiclass, ModelJsonWithTheWrongNumberOfMembersIsAnError) {
  const json& d = fixture()["data"]["three8"];
  const Matrix X = matrix_of(d["X"]), y = matrix_of(d["y"]);
  for (const auto& [strategy, members] : {std::pair<const char*, int>{"OneVsRestClassifier", 3}, {"OneVsOneClassifier", 3},
                                          {"OutputCodeClassifier", 4}}) {
    auto model = make_estimator(strategy, json::object());
    model->fit(X, y, true);
    json saved = model->to_json();
    ASSERT_EQ(saved["state"]["members"].size(), static_cast<std::size_t>(members)) << strategy;
    saved["state"]["members"].erase(saved["state"]["members"].size() - 1);
    const std::string error = error_of([&] { estimator_from_json(saved); });
    if (std::string(strategy) == "OutputCodeClassifier")  // its code book's columns say how many
      EXPECT_EQ(error, "model JSON: members must hold 4 classifiers for 3 classes, got 3");
    else
      EXPECT_EQ(error, "model JSON: members must hold 3 classifiers for 3 classes, got 2") << strategy;
    saved["state"]["nClasses"] = 1e300;
    EXPECT_NE(error_of([&] { estimator_from_json(saved); }).find("nClasses"), std::string::npos) << strategy;
  }
}

// Every member of a strategy is a two-class classifier: one spliced in from a fit on other classes
// (a one-class tree's predictProba has one column, read past its end for class 1's; a three-class
// member's decisions were read as if they were one column) is an Error when used.
TEST(Multiclass, LoadedMembersThatAreNotTwoClassClassifiersAreErrors) {
  const json& d = fixture()["data"]["three8"];
  const Matrix X = matrix_of(d["X"]), y = matrix_of(d["y"]);
  const char* error = "model JSON: a member is not a two-class classifier";
  for (const char* estimator : {"DecisionTreeClassifier", "LogisticRegression"}) {  // by predictProba, by decisionFunction
    auto other = make_estimator(estimator, json::object());
    if (std::string(estimator) == "DecisionTreeClassifier") other->fit(X, Matrix::Zero(X.rows(), 1), true);  // one class
    else other->fit(X, y, true);                                                                            // three
    for (const char* strategy : {"OneVsRestClassifier", "OneVsOneClassifier", "OutputCodeClassifier"}) {
      auto model = make_estimator(strategy, {{"estimator", estimator}});
      model->fit(X, y, true);
      json spliced = model->to_json();
      spliced["state"]["members"][0] = {{"model", other->to_json()}};  // also in place of a constant member
      auto loaded = estimator_from_json(spliced);
      EXPECT_EQ(error_of([&] { loaded->predict(X); }), error) << strategy << " " << estimator;
      if (loaded->supports("predictProba"))
        EXPECT_EQ(error_of([&] { loaded->predict_proba(X); }), error) << strategy << " " << estimator;
      EXPECT_EQ(estimator_from_json(model->to_json())->predict(X).data, model->predict(X).data);  // unedited: as fitted
    }
  }
}

// One-vs-one on two classes is one member; its decision is class 1's column.
TEST(OneVsOneClassifier, TwoClassesGiveOneMemberAndOneColumn) {
  const json& d = fixture()["data"]["two8"];
  const Matrix X = matrix_of(d["X"]), y = matrix_of(d["y"]);
  auto model = make_estimator("OneVsOneClassifier", {{"estimator", "GaussianNB"}});
  model->fit(X, y, true);
  EXPECT_EQ(model->attribute("nEstimators").data[0], 1);
  EXPECT_EQ(model->decision_function(X).shape, std::vector<Index>{X.rows()});
}

}  // namespace
}  // namespace wasmlearn
