// The generic machinery: option validation from declarations, the type-erased adapter, model JSON.
#include <gtest/gtest.h>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/preprocessing/standard_scaler.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using wasmlearn::test_support::error_of;


TEST(Options, UnknownOptionListsValidOnes) {
  EXPECT_EQ(error_of([] { make_estimator("StandardScaler", {{"withMeen", true}}); }),
            "Unknown option 'withMeen' for StandardScaler; valid options: withMean, withStd");
}

TEST(Options, WrongTypeNamesTheOption) {
  EXPECT_EQ(error_of([] { make_estimator("StandardScaler", {{"withStd", 1}}); }), "withStd must be true or false, got 1");
}

TEST(Options, UnknownEstimatorListsKnownOnes) {
  EXPECT_NE(error_of([] { make_estimator("Nope", json::object()); }).find("Unknown estimator 'Nope'; known estimators: "),
            std::string::npos);
}

TEST(Validation, MessagesNameArgumentAndPlace) {
  Matrix X(2, 2);
  X << 1, 2, 3, std::nan("");
  EXPECT_EQ(error_of([&] { check_matrix(X); }), "X contains NaN at row 1, column 1");
  EXPECT_EQ(error_of([&] { check_n_features(4, X); }), "X has 2 columns but the model was fitted with 4");
  EXPECT_EQ(error_of([] { check_matrix(Matrix(0, 3)); }), "X is empty (0 rows, 3 columns)");
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(3), "3");
  EXPECT_EQ(format_number(10), "10");
  EXPECT_EQ(format_number(-2500), "-2500");
  EXPECT_EQ(format_number(1e-7), "1e-07");
  EXPECT_EQ(format_number(0.30000000000000004), "0.30000000000000004");
}

// The finiteness check sums v − v in packets of 8 values and a scalar tail: a non-finite value in
// every place of the packets and the tail, for widths past 8 and 16, in a matrix read with an outer
// stride; the largest finite values pass.
TEST(Validation, NonFiniteValuesFoundInEveryPlace) {
  const double inf = std::numeric_limits<double>::infinity();
  for (const Index cols : {1, 2, 7, 8, 9, 16, 17, 19}) {
    Matrix wide = Matrix::Constant(3, cols + 3, std::numeric_limits<double>::max());
    wide(1, 0) = -std::numeric_limits<double>::max();
    wide.rightCols(3).setConstant(std::nan(""));  // outside the view
    const MatrixRef X = wide.leftCols(cols);
    EXPECT_NO_THROW(check_matrix(X)) << cols;
    EXPECT_NO_THROW(check_finite(Vector(X.row(2).transpose()), "w")) << cols;
    for (Index j = 0; j < cols; ++j)
      for (const double bad : {std::nan(""), inf, -inf}) {
        wide(2, j) = bad;
        const std::string what = std::isnan(bad) ? "NaN" : bad > 0 ? "Infinity" : "-Infinity";
        EXPECT_EQ(error_of([&] { check_matrix(X); }), "X contains " + what + " at row 2, column " + std::to_string(j))
            << cols;
        EXPECT_EQ(error_of([&] { check_finite(Vector(X.row(2).transpose()), "w"); }),
                  "w contains " + what + " at index " + std::to_string(j))
            << cols;
        wide(2, j) = 1;
      }
  }
}

TEST(StandardScaler, MatchesHandComputedMomentsAndRoundTrips) {
  Matrix X(4, 2);
  X << 1, 5, 2, 5, 3, 5, 6, 5;  // second column constant: centred, scale stays 1
  StandardScaler s;
  s.fit(X);
  EXPECT_DOUBLE_EQ(s.mean()[0], 3.0);
  EXPECT_DOUBLE_EQ(s.var()[0], (4.0 + 1.0 + 0.0 + 9.0) / 4.0);
  EXPECT_DOUBLE_EQ(s.scale()[0], std::sqrt(3.5));
  EXPECT_DOUBLE_EQ(s.scale()[1], 1.0);
  const Matrix Z = s.transform(X);
  EXPECT_NEAR(Z(0, 0), -2.0 / std::sqrt(3.5), 1e-15);
  EXPECT_DOUBLE_EQ(Z(2, 1), 0.0);
  EXPECT_TRUE(s.inverse_transform(Z).isApprox(X, 1e-14));
}

TEST(Adapter, FitTransformAttributesAndJsonRoundTrip) {
  auto est = make_estimator("StandardScaler", {{"withMean", false}});
  EXPECT_THROW(est->transform(Matrix::Ones(1, 2)), NotFitted);
  Matrix X(3, 2);
  X << 1, 2, 3, 4, 5, 9;
  est->fit(X, Matrix(3, 0), true);
  const NdArray mean = est->attribute("mean");
  ASSERT_EQ(mean.shape, std::vector<Index>{2});
  EXPECT_EQ(mean.data, (std::vector<double>{0, 0}));
  EXPECT_EQ(est->attribute("nFeaturesIn").shape.size(), 0u);
  EXPECT_THROW(est->predict(X), InvalidArgument);
  const json saved = est->to_json();
  auto loaded = estimator_from_json(json::parse(saved.dump()));
  EXPECT_EQ(loaded->get_params(), est->get_params());
  EXPECT_EQ(loaded->transform(X), est->transform(X));  // bit-identical
}

TEST(Json, MatrixRoundTripsInMemoryAndAsText) {
  Matrix m(2, 3);
  m << 1, 2, 3, 4, 5, 6.5;
  EXPECT_EQ(matrix_from_json(to_json(m), "m"), m);
  EXPECT_EQ(matrix_from_json(json::parse(to_json(m).dump()), "m"), m);
  EXPECT_THROW(matrix_from_json(json{{"rows", -1}, {"cols", 1}, {"data", json::array()}}, "m"), InvalidArgument);
}

TEST(Adapter, CorruptModelJsonIsRejectedClearly) {
  EXPECT_EQ(error_of([] { estimator_from_json({{"format", "other"}}); }),
            "model JSON: format must be 'wasmlearn-model', got \"other\"");
  json m = make_estimator("StandardScaler", json::object())->to_json();
  m["fitted"] = true;
  EXPECT_EQ(error_of([&] { estimator_from_json(m); }), "model JSON: state is missing");
  m["state"] = {{"mean", {1, 2}}, {"var", {1}}, {"scale", {1, 1}}, {"nSamplesSeen", 3}};
  EXPECT_EQ(error_of([&] { estimator_from_json(m); }), "model JSON: mean, var and scale must be non-empty and of equal length");
}

TEST(Metadata, ListsParamsWithTypesAndDefaults) {
  const json meta = estimators_metadata();
  const auto it = std::find_if(meta.begin(), meta.end(), [](const json& e) { return e["name"] == "StandardScaler"; });
  ASSERT_NE(it, meta.end());
  EXPECT_EQ((*it)["kind"], "transformer");
  EXPECT_EQ((*it)["params"][0]["name"], "withMean");
  EXPECT_EQ((*it)["params"][0]["type"], "boolean");
  EXPECT_EQ((*it)["params"][0]["default"], true);
  EXPECT_EQ((*it)["methods"], json({"fit", "transform", "inverseTransform"}));
}

// The adapter keeps whether the last fit's X was float32 (a Float32Array in JS), for the methods
// whose values keep a float32 X's precision only after a float32 fit (Float32Rule::fit_and_x), and
// saves it with the model (an MLP keeps its own); the metadata names each estimator's rules.
TEST(Adapter, RemembersAFloat32FitAcrossJson) {
  Matrix X(3, 2);
  X << 1, 2, 3, 4, 5, 7;
  auto est = make_estimator("PCA", json::object());
  est->set_float32_input(true);
  est->fit(X, Matrix(), true);
  EXPECT_TRUE(est->fitted_on_float32());
  json saved = est->to_json();
  EXPECT_EQ(saved["float32Fit"], true);
  EXPECT_TRUE(estimator_from_json(json::parse(saved.dump()))->fitted_on_float32());
  saved["float32Fit"] = 1;
  EXPECT_EQ(error_of([&] { estimator_from_json(saved); }), "model JSON: float32Fit must be true or false");
  est->set_float32_input(false);
  est->fit(X, Matrix(), true);
  EXPECT_FALSE(est->fitted_on_float32());
  EXPECT_FALSE(est->to_json().contains("float32Fit"));
  EXPECT_FALSE(estimator_from_json(est->to_json())->fitted_on_float32());
  // an estimator whose results do not depend on it does not keep it (an MLP's float32 fit is in its weights)
  auto scaler = make_estimator("StandardScaler", json::object());
  scaler->set_float32_input(true);
  scaler->fit(X, Matrix(), true);
  EXPECT_FALSE(scaler->fitted_on_float32());
  EXPECT_FALSE(scaler->to_json().contains("float32Fit"));
  // an MLP keeps it in its own state: trained in float32 or not (lbfgs trains in double)
  auto mlp = make_estimator("MLPRegressor", json{{"maxIter", 2}, {"hiddenLayerSizes", {3}}});
  mlp->set_float32_input(true);
  mlp->fit(X, X.col(0), true);
  EXPECT_TRUE(mlp->fitted_on_float32());
  EXPECT_FALSE(mlp->to_json().contains("float32Fit"));
  EXPECT_EQ(mlp->to_json()["state"]["float32"], true);
  EXPECT_TRUE(estimator_from_json(mlp->to_json())->fitted_on_float32());

  const json meta = estimators_metadata();
  const auto rules = [&](const char* name) {
    return (*std::find_if(meta.begin(), meta.end(), [&](const json& e) { return e["name"] == name; }))["float32Results"];
  };
  EXPECT_EQ(rules("StandardScaler"), json({{"transform", "x"}, {"inverseTransform", "x"}}));
  EXPECT_EQ(rules("SimpleImputer"), json({{"transform", "x"}}));
  EXPECT_EQ(rules("PCA"), json({{"transform", "fitAndX"}, {"inverseTransform", "fitAndX"}}));
  EXPECT_EQ(rules("LinearDiscriminantAnalysis"), json::object());
  EXPECT_EQ(rules("Ridge"), json({{"predict", "fitAndX"}}));
  EXPECT_EQ(rules("RidgeClassifier"), json({{"decisionFunction", "fitAndX"}}));
  EXPECT_EQ(rules("MLPClassifier"), json({{"predictProba", "fitAndX"}}));  // after adam or sgd on float32: the MLP knows
}
