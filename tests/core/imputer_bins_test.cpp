// SimpleImputer and KBinsDiscretizer: hand-checked cases, scikit-learn 1.2.1's values
// (tests/fixtures/encoders.json: n past 256, p at and past 8, 16, 17, ties, constant features,
// features with no observed value) and the errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "test_support.hpp"
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/missing_values.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/preprocessing/describe.hpp"

namespace wasmlearn {
namespace {

using test_support::error_of;
using test_support::matrix_of;
using test_support::read_fixture;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<int> list(const IntVector& v) { return std::vector<int>(v.data(), v.data() + v.size()); }

SimpleImputerParams with_strategy(ImputeStrategy strategy) {
  SimpleImputerParams p;
  p.strategy = strategy;
  return p;
}

void expect_near_matrix(const Matrix& actual, const Matrix& expected, double tol, const std::string& what) {
  ASSERT_EQ(actual.rows(), expected.rows()) << what;
  ASSERT_EQ(actual.cols(), expected.cols()) << what;
  for (Index i = 0; i < expected.rows(); ++i)
    for (Index j = 0; j < expected.cols(); ++j) {
      if (std::isnan(expected(i, j))) {
        EXPECT_TRUE(std::isnan(actual(i, j))) << what << " (" << i << ", " << j << ")";
        continue;
      }
      EXPECT_NEAR(actual(i, j), expected(i, j), tol * std::max(1.0, std::abs(expected(i, j)))) << what << " (" << i << ", " << j << ")";
    }
}

TEST(SimpleImputer, HandCheckedStatistics) {
  Matrix X(5, 3);
  X << 1, kNaN, kNaN,  //
      3, 4, kNaN,      //
      kNaN, 8, kNaN,   //
      5, 8, kNaN,      //
      3, 1, kNaN;
  SimpleImputer mean;
  mean.fit(X);
  EXPECT_DOUBLE_EQ(mean.statistics()[0], 3.0);
  EXPECT_DOUBLE_EQ(mean.statistics()[1], 21.0 / 4);
  EXPECT_TRUE(std::isnan(mean.statistics()[2]));  // no observed value: dropped by transform
  ASSERT_EQ(mean.warnings().size(), 1u);
  EXPECT_EQ(mean.warnings().items[0].kind, WarningKind::data);
  const Matrix out = mean.transform(X);
  ASSERT_EQ(out.cols(), 2);
  EXPECT_DOUBLE_EQ(out(2, 0), 3.0);
  EXPECT_DOUBLE_EQ(out(0, 1), 21.0 / 4);
  EXPECT_DOUBLE_EQ(out(3, 1), 8.0);

  SimpleImputer median(with_strategy(ImputeStrategy::median));
  EXPECT_DOUBLE_EQ(median.fit(X).statistics()[0], 3.0);  // of 1, 3, 5, 3
  EXPECT_DOUBLE_EQ(median.statistics()[1], 6.0);          // of 1, 4, 8, 8
  SimpleImputer frequent(with_strategy(ImputeStrategy::most_frequent));
  EXPECT_DOUBLE_EQ(frequent.fit(X).statistics()[0], 3.0);
  EXPECT_DOUBLE_EQ(frequent.statistics()[1], 8.0);
  Matrix tied(4, 1);
  tied << 7, 2, 7, 2;
  EXPECT_DOUBLE_EQ(frequent.fit(tied).statistics()[0], 2.0);  // the smallest of the tied

  SimpleImputerParams constant{ImputeStrategy::constant, std::nullopt, -1.5, true, false};
  SimpleImputer filled(constant);
  const Matrix with_indicator = filled.fit(X).transform(X);
  ASSERT_EQ(with_indicator.cols(), 6);  // three features (constant keeps them all) and three indicators
  EXPECT_DOUBLE_EQ(with_indicator(0, 1), -1.5);
  EXPECT_DOUBLE_EQ(with_indicator(0, 4), 1.0);
  EXPECT_DOUBLE_EQ(with_indicator(1, 4), 0.0);
  EXPECT_DOUBLE_EQ(with_indicator(4, 5), 1.0);
  const Matrix back = filled.inverse_transform(with_indicator);
  EXPECT_TRUE(std::isnan(back(0, 1)));
  EXPECT_DOUBLE_EQ(back(1, 1), 4.0);
}

TEST(SimpleImputer, NaNOnlyWhenItIsTheMissingMarker) {
  EXPECT_TRUE(declared_allows_nan<Describe<SimpleImputer>>());
  EXPECT_FALSE(declared_allows_nan<Describe<StandardScaler>>());
  Matrix X(2, 2);
  X << 1, kNaN, -1, 2;
  SimpleImputerParams marker;
  marker.missing_values = -1;
  SimpleImputer numbered(marker);
  EXPECT_EQ(error_of([&] { numbered.fit(X); }), "X contains NaN at row 0, column 1");
  X(0, 1) = std::numeric_limits<double>::infinity();
  EXPECT_EQ(error_of([&] { SimpleImputer().fit(X); }), "X contains Infinity at row 0, column 1");
  X(0, 1) = 3;
  EXPECT_DOUBLE_EQ(numbered.fit(X).statistics()[0], 1.0);  // -1 is missing
  EXPECT_EQ(error_of([&] { SimpleImputer().fit(X).inverse_transform(X); }),
            "inverseTransform needs addIndicator true: the indicator columns say which values were missing");
}

TEST(SimpleImputer, MatchesScikitLearn) {
  const json fixture = read_fixture("encoders.json");
  int k = 0;
  for (const json& c : fixture["imputer"]) {
    const std::string what = "imputer case " + std::to_string(k++) + " " + c["options"].dump();
    SimpleImputer model(params_from_json<SimpleImputer>(c["options"]));
    model.fit(matrix_of(c["X"]));
    expect_near_matrix(model.statistics(), matrix_of(c["statistics"]), 1e-12, what + " statistics");
    const IntVector expected_indicator = int_vector_from_json(c["indicatorFeatures"], "indicatorFeatures");
    if (model.params().add_indicator) {
      EXPECT_EQ(list(model.indicator_features()), list(expected_indicator)) << what;
    }
    expect_near_matrix(model.transform(matrix_of(c["E"])), matrix_of(c["transform"]), 1e-12, what + " transform");
    SimpleImputer loaded(model.params());
    loaded.load_state(json::parse(model.state().dump()));
    const Matrix E = matrix_of(c["E"]);
    EXPECT_TRUE(loaded.transform(E).cwiseEqual(model.transform(E)).all()) << what << " round trip";
  }
  EXPECT_EQ(k, 30);
}

TEST(KBinsDiscretizer, HandCheckedUniformBins) {
  Matrix X(6, 1);
  X << 0, 2, 4, 6, 8, 10;
  KBinsDiscretizerParams p;
  p.strategy = BinStrategy::uniform;
  p.encode = BinEncode::ordinal;
  KBinsDiscretizer bins(p);
  bins.fit(X);
  const Matrix edges = bins.bin_edges();
  for (int b = 0; b <= 5; ++b) EXPECT_DOUBLE_EQ(edges(0, b), 2.0 * b);
  Matrix E(5, 1);
  E << -5, 1.99, 2, 10, 15;  // an edge belongs to the bin on its right; outside values to the outer bins
  const Matrix codes = bins.transform(E);
  EXPECT_EQ(std::vector<double>(codes.data(), codes.data() + 5), (std::vector<double>{0, 0, 1, 4, 4}));
  const Matrix centres = bins.inverse_transform(codes);
  EXPECT_DOUBLE_EQ(centres(0, 0), 1.0);
  EXPECT_DOUBLE_EQ(centres(3, 0), 9.0);
  EXPECT_EQ(error_of([&] { bins.inverse_transform(Matrix::Constant(1, 1, 5)); }), "X[0][0] must be a bin index in 0..4, got 5");
}

TEST(KBinsDiscretizer, TiedQuantilesAndConstantFeatures) {
  Matrix X(5, 2);
  X << 0, 1, 0, 1, 0, 1, 0, 1, 1, 1;
  KBinsDiscretizerParams p;
  p.n_bins = 4;
  KBinsDiscretizer bins(p);
  bins.fit(X);
  EXPECT_EQ(list(bins.n_bins_per_feature()), (std::vector<int>{1, 1}));  // quantiles 0, 0, 0, 0, 1: one bin
  EXPECT_DOUBLE_EQ(bins.bin_edges()(0, 1), 1.0);
  EXPECT_TRUE(std::isinf(bins.bin_edges()(1, 0)));  // a constant feature: (-∞, ∞)
  ASSERT_EQ(bins.warnings().size(), 2u);
  const Matrix onehot = bins.transform(X);
  EXPECT_EQ(onehot.cols(), 2);
  EXPECT_TRUE((onehot.array() == 1).all());
  KBinsDiscretizer loaded(p);
  loaded.load_state(json::parse(bins.state().dump()));
  EXPECT_TRUE(std::isinf(loaded.bin_edges()(1, 1)));
}

TEST(KBinsDiscretizer, SubsampleIsTheSeededPermutationsFirstRows) {
  // 300 rows: 0..299 in column 0; 40 of them drawn as the first rows of Random(7)'s permutation.
  Matrix X(300, 1);
  for (Index i = 0; i < 300; ++i) X(i, 0) = static_cast<double>((i * 37) % 300);
  KBinsDiscretizerParams p;
  p.n_bins = 4;
  p.subsample = 40;
  p.random_state = 7;
  const IntVector order = Random(7).permutation(300);
  Matrix chosen(40, 1);
  for (Index i = 0; i < 40; ++i) chosen(i, 0) = X(order[i], 0);
  KBinsDiscretizerParams all = p;
  all.subsample = std::nullopt;
  EXPECT_EQ(KBinsDiscretizer(p).fit(X).bin_edges(), KBinsDiscretizer(all).fit(chosen).bin_edges());
  // n ≤ subsample: every row, whatever the seed.
  p.subsample = 300;
  EXPECT_EQ(KBinsDiscretizer(p).fit(X).bin_edges(), KBinsDiscretizer(all).fit(X).bin_edges());
}

TEST(KBinsDiscretizer, Errors) {
  Matrix X(3, 2);
  X << 0, 1, 2, 3, kNaN, 5;
  EXPECT_EQ(error_of([&] { KBinsDiscretizer().fit(X); }), "X contains NaN at row 2, column 0");
  X(2, 0) = 4;
  KBinsDiscretizerParams p;
  p.n_bins = std::vector<double>{3};
  EXPECT_EQ(error_of([&] { KBinsDiscretizer(p).fit(X); }), "nBins has 1 counts but X has 2 columns");
  p.n_bins = std::vector<double>{3, 1.5};
  EXPECT_EQ(error_of([&] { KBinsDiscretizer(p).fit(X); }), "nBins[1] must be an integer, got 1.5");
  p.n_bins = 1;
  EXPECT_EQ(error_of([&] { KBinsDiscretizer(p).fit(X); }), "nBins must be at least 2, got 1");
  EXPECT_EQ(error_of([&] { params_from_json<KBinsDiscretizer>(json{{"encode", "onehot"}}); }),
            "encode must be one of 'onehot-dense', 'ordinal', got \"onehot\" (scikit-learn's 'onehot' is sparse, wasmlearn "
            "has no sparse output: use 'onehot-dense')");
}

TEST(KBinsDiscretizer, MatchesScikitLearn) {
  const json fixture = read_fixture("encoders.json");
  int k = 0;
  for (const json& c : fixture["bins"]) {
    const std::string what = "bins case " + std::to_string(k++) + " " + c["options"].dump();
    KBinsDiscretizer model(params_from_json<KBinsDiscretizer>(c["options"]));
    model.fit(matrix_of(c["X"]));
    EXPECT_EQ(list(model.n_bins_per_feature()), list(int_vector_from_json(c["nBinsPerFeature"], "n"))) << what;
    Matrix edges = model.bin_edges();
    for (Index j = 0; j < edges.rows(); ++j)
      if (c["constant"][static_cast<std::size_t>(j)].get<bool>()) edges.row(j).head(2).setConstant(kNaN);
    expect_near_matrix(edges, matrix_of(c["binEdges"]), 1e-12, what + " edges");
    const Matrix out = model.transform(matrix_of(c["E"]));
    expect_near_matrix(out, matrix_of(c["transform"]), 0, what + " transform");
    expect_near_matrix(model.inverse_transform(out), matrix_of(c["inverse"]), 1e-12, what + " inverse");
  }
  EXPECT_EQ(k, 26);
}

}  // namespace
}  // namespace wasmlearn
