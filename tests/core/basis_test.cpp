// PolynomialFeatures and SplineTransformer against scikit-learn's fixtures (tests/fixtures/
// linear_misc.py), piecewise bases against hand-computed values, through the generic adapter.
#include <gtest/gtest.h>

#include <cmath>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/preprocessing/piecewise.hpp"
#include "wasmlearn/preprocessing/polynomial.hpp"
#include "wasmlearn/preprocessing/splines.hpp"

#include "../fixtures/linear_misc_fixture.hpp"

using namespace wasmlearn;
using namespace linear_misc;

namespace {
Matrix nd_matrix(const NdArray& a) {
  return values_like(a, Matrix(a.shape[0], a.shape.size() > 1 ? a.shape[1] : 1));
}
Matrix column(std::initializer_list<double> v) {
  Matrix m(static_cast<Index>(v.size()), 1);
  Index i = 0;
  for (double x : v) m(i++, 0) = x;
  return m;
}
}  // namespace

TEST(PolynomialFeatures, MatchesScikitLearnBitForBit) {
  const json& cases = fixture()["polynomial"];
  ASSERT_EQ(cases.size(), 14u);
  for (const auto& c : cases) {
    auto m = make_estimator("PolynomialFeatures", c["options"]);
    const Matrix X = matrix_of(c["X"]);
    m->fit(X, Matrix(), true);
    const Matrix expected = matrix_of(c["transform"]);
    const Matrix out = m->transform(X);
    EXPECT_EQ(out, expected) << c["options"].dump();  // same products in the same order
    EXPECT_EQ(nd_matrix(m->attribute("powers")), matrix_of(c["powers"])) << c["options"].dump();
    EXPECT_EQ(m->attribute("nFeaturesOut").data[0], static_cast<double>(expected.cols()));
  }
}

TEST(PolynomialFeatures, HandValuesAndErrors) {
  PolynomialFeatures m({2, false, true});
  Matrix X(1, 2);
  X << 2, 3;
  m.fit(X);
  Matrix expected(1, 6);
  expected << 1, 2, 3, 4, 6, 9;
  EXPECT_EQ(m.transform(X), expected);
  PolynomialFeatures inter({3, true, false});
  Matrix X3(1, 3);
  X3 << 2, 3, 5;
  inter.fit(X3);
  Matrix e3(1, 7);
  e3 << 2, 3, 5, 6, 10, 15, 30;
  EXPECT_EQ(inter.transform(X3), e3);
  EXPECT_THROW(PolynomialFeatures({-1, false, true}).fit(X), InvalidArgument);
  EXPECT_THROW(PolynomialFeatures({0, false, false}).fit(X), InvalidArgument);
  EXPECT_THROW(make_estimator("PolynomialFeatures", {{"degree", -1}}), InvalidArgument);
  Matrix wide = Matrix::Zero(2, 2000);
  EXPECT_THROW(PolynomialFeatures({3, false, true}).fit(wide), InvalidArgument);  // > 1e6 columns
}

TEST(SplineTransformer, MatchesScikitLearn) {
  const json& f = fixture();
  int n = 0;
  for (const auto& c : f["spline"]) {
    const json& data = f["splineData"][c["data"].get<std::string>()];
    auto m = make_estimator("SplineTransformer", c["options"]);
    const Matrix X = matrix_of(data["X"]);
    m->fit(X, Matrix(), true);
    const Matrix Xt = c["onTest"].get<bool>() ? matrix_of(data["XTest"]) : X;
    const std::string what = c["data"].dump() + " " + c["options"].dump();
    expect_close(nd_matrix(m->attribute("fullKnots")), matrix_of(c["fullKnots"]), 1e-12, what + " knots");
    expect_close(m->transform(Xt), matrix_of(c["transform"]), 1e-12, what);
    ++n;
  }
  EXPECT_EQ(n, 284);
}

TEST(SplineTransformer, ErrorsNameTheProblem) {
  Matrix X(3, 1);
  X << 0, 1, 2;
  SplineTransformerParams p;
  p.knots = std::vector<double>{0, 2, 1};
  EXPECT_THROW(SplineTransformer(p).fit(X), InvalidArgument);
  p.knots = std::vector<double>{0};
  EXPECT_THROW(SplineTransformer(p).fit(X), InvalidArgument);
  p.knots = SplineKnots::uniform;
  p.extrapolation = SplineExtrapolation::error;
  SplineTransformer m(p);
  m.fit(X);
  try {
    m.transform(column({0.5, 3}));
    FAIL() << "no error beyond the knots";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("beyond the limits of the knots"), std::string::npos);
  }
  // Quantile knots that repeat a value of a feature that is not constant.
  SplineTransformerParams quantile;
  quantile.knots = SplineKnots::quantile;
  try {
    SplineTransformer(quantile).fit(column({0, 0, 0, 0, 0, 0, 1, 2}));
    FAIL() << "repeated quantile knots accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "knots must be strictly increasing, but for feature 0 knot 1 (0) is not greater than knot 0 (0) (a feature "
              "with many repeated values for its knots; use fewer knots or explicit ones)");
  }
  p.extrapolation = SplineExtrapolation::periodic;
  p.n_knots = 3;
  EXPECT_THROW(SplineTransformer(p).fit(X), InvalidArgument);  // degree 3 needs > 3 knots
}

// A constant feature under a knot rule: its knots are all its value, and its splines are zeros
// wherever it is evaluated (scikit-learn 1.2.1 gives NaN for periodic ones, later releases zeros),
// beside a varying feature whose splines are unchanged; 'error' refuses any other value.
TEST(SplineTransformer, ConstantFeatureGivesZeroSplines) {
  Matrix X(9, 2);
  for (Index i = 0; i < 9; ++i) X.row(i) << i * 0.25, 1.5;
  Matrix Z(3, 2);
  Z << 0.3, 1.5, 1.0, -2.0, 2.9, 7.0;
  for (int degree : {0, 1, 3})
    for (auto ex : {SplineExtrapolation::constant, SplineExtrapolation::linear, SplineExtrapolation::continue_,
                    SplineExtrapolation::periodic, SplineExtrapolation::error})
      for (auto rule : {SplineKnots::uniform, SplineKnots::quantile}) {
        SplineTransformerParams p;
        p.degree = degree;
        p.extrapolation = ex;
        p.knots = rule;
        p.n_knots = 5;
        SplineTransformer both(p), varying(p);
        both.fit(X);
        varying.fit(X.leftCols(1));
        const Matrix rows = ex == SplineExtrapolation::error ? Matrix(X.topRows(3)) : Z;
        const Matrix B = both.transform(rows);
        const Index ns = B.cols() / 2;
        const std::string what = "degree " + std::to_string(degree) + " extrapolation " + std::to_string(int(ex));
        EXPECT_EQ(B.leftCols(ns), varying.transform(rows.leftCols(1))) << what;
        EXPECT_TRUE((B.rightCols(ns).array() == 0).all()) << what;
        if (ex == SplineExtrapolation::error) {
          Matrix off(1, 2);
          off << 1.0, -2.0;
          try {
            both.transform(off);
            FAIL() << "a value other than the constant accepted";
          } catch (const InvalidArgument& e) {
            EXPECT_EQ(std::string(e.what()),
                      "X contains values beyond the limits of the knots: feature 1 = -2 at row 0 is outside [1.5, 1.5] "
                      "(extrapolation 'error')");
          }
        }
        SplineTransformer loaded(p);
        loaded.load_state(both.state());
        EXPECT_EQ(loaded.transform(rows), B) << what;
      }
}

TEST(SplineTransformer, PartitionOfUnityInside) {
  Matrix X(50, 2);
  for (Index i = 0; i < 50; ++i) X.row(i) << std::sin(i * 1.3) * 5, i * 0.1;
  SplineTransformer m;
  m.fit(X);
  const Matrix B = m.transform(X);
  ASSERT_EQ(B.cols(), 14);
  for (Index i = 0; i < 50; ++i) {
    EXPECT_NEAR(B.row(i).head(7).sum(), 1.0, 1e-14);
    EXPECT_NEAR(B.row(i).tail(7).sum(), 1.0, 1e-14);
  }
}

TEST(PiecewiseConstantFeatures, IndicatorsOfLeftClosedIntervals) {
  PiecewiseConstantFeatures m({{0.0, 1.0}, true});
  const Matrix X = column({-1, 0, 0.5, 1, 7});
  m.fit(X);
  Matrix expected(5, 3);
  expected << 1, 0, 0,  //
      0, 1, 0,          //
      0, 1, 0,          //
      0, 0, 1,          //
      0, 0, 1;
  EXPECT_EQ(m.transform(X), expected);
  PiecewiseConstantFeatures nobias({{0.0, 1.0}, false});
  nobias.fit(X);
  EXPECT_EQ(nobias.transform(X), expected.rightCols(2));
  Matrix X2(1, 2);
  X2 << 0.5, -3;
  m.fit(X2);
  Matrix e2(1, 6);
  e2 << 0, 1, 0, 1, 0, 0;
  EXPECT_EQ(m.transform(X2), e2);
  EXPECT_EQ(m.n_features_out(), 6);
}

TEST(PiecewiseLinearFeatures, TruncatedPowerAndPerIntervalLines) {
  const Matrix X = column({-1, 0, 0.5, 2});
  PiecewiseLinearFeatures cont({{0.0, 1.0}, true, true});
  cont.fit(X);
  Matrix ec(4, 4);  // 1, x, (x-0)+, (x-1)+
  ec << 1, -1, 0, 0,  //
      1, 0, 0, 0,     //
      1, 0.5, 0.5, 0, //
      1, 2, 2, 1;
  EXPECT_EQ(cont.transform(X), ec);
  PiecewiseLinearFeatures cont_nb({{0.0, 1.0}, true, false});
  cont_nb.fit(X);
  EXPECT_EQ(cont_nb.transform(X), ec.rightCols(3));
  PiecewiseLinearFeatures disc({{0.0, 1.0}, false, true});
  disc.fit(X);
  Matrix ed(4, 6);  // I0 I1 I2 xI0 xI1 xI2
  ed << 1, 0, 0, -1, 0, 0,  //
      0, 1, 0, 0, 0, 0,     //
      0, 1, 0, 0, 0.5, 0,   //
      0, 0, 1, 0, 0, 2;
  EXPECT_EQ(disc.transform(X), ed);
  PiecewiseLinearFeatures disc_nb({{0.0, 1.0}, false, false});
  disc_nb.fit(X);
  EXPECT_EQ(disc_nb.transform(X), ed.rightCols(5));
}

TEST(PiecewiseBases, KnotsMustIncrease) {
  const Matrix X = column({1, 2});
  try {
    PiecewiseLinearFeatures({{0.0, 2.0, 2.0}, true, true}).fit(X);
    FAIL() << "no error";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "knots must be strictly increasing, but knots[2] = 2 is not greater than knots[1] = 2");
  }
  EXPECT_THROW(make_estimator("PiecewiseConstantFeatures", {{"knots", {3, 1}}})->fit(X, Matrix(), true), InvalidArgument);
  EXPECT_THROW(PiecewiseConstantFeatures({{}, false}).fit(X), InvalidArgument);  // no columns
  // A step function fitted by least squares on the indicators is the mean of each interval.
  auto m = make_estimator("PiecewiseConstantFeatures", {{"knots", {0.0}}});
  m->fit(column({-2, -1, 1, 3}), Matrix(), true);
  EXPECT_EQ(m->transform(column({-5, 5})), (Matrix(2, 2) << 1, 0, 0, 1).finished());
}
