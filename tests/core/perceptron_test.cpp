// Perceptron and RidgeClassifier against scikit-learn (tests/fixtures/linear_misc.py), and the
// perceptron's stopping rules and hand-computed updates.
#include <gtest/gtest.h>

#include <cmath>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/linear_model/perceptron.hpp"

#include "../fixtures/linear_misc_fixture.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using namespace linear_misc;

namespace {
IntVector ints_of(const json& v) {
  IntVector out(static_cast<Index>(v.size()));
  for (Index i = 0; i < out.size(); ++i) out[i] = v[static_cast<std::size_t>(i)].get<int>();
  return out;
}
}  // namespace

TEST(Perceptron, EqualsScikitLearnWithoutShuffling) {
  int exact = 0, n = 0;
  for (const auto& c : fixture()["perceptron"]) {
    const std::string what = c["data"].dump() + " " + c["options"].dump();
    auto m = make_estimator("Perceptron", c["options"]);
    const Matrix X = matrix_of(c["X"]);
    const IntVector y = ints_of(c["y"]);
    m->fit(X, y.cast<double>(), true);
    const Matrix coef = matrix_of(c["coef"]);
    const Matrix got = values_like(m->attribute("coef"), coef);
    expect_close(got, coef, 1e-12, what + " coef");
    const Matrix intercept = matrix_of(c["intercept"]);
    expect_close(values_like(m->attribute("intercept"), intercept), intercept, 1e-12, what + " intercept");
    exact += got == coef;
    ++n;
    EXPECT_EQ(m->predict(X).data, std::vector<double>(c["predict"].begin(), c["predict"].end())) << what;
    const int sk_iter = c["nIter"].get<int>();
    const int iter = static_cast<int>(m->attribute("nIter").data[0]);
    const bool penalised = c["options"].contains("penalty");
    // Without a penalty we stop at the first epoch without an update; scikit-learn runs up to
    // nIterNoChange more (they change nothing). With a penalty, the same rule as scikit-learn's.
    if (penalised) EXPECT_EQ(iter, sk_iter) << what;
    else EXPECT_LE(iter, sk_iter) << what;
    const bool warned = !m->warnings().empty();
    if (!c["converged"].get<bool>()) EXPECT_TRUE(warned) << what;
    if (warned) EXPECT_EQ(iter, c["options"].value("maxIter", 1000)) << what;
  }
  EXPECT_EQ(n, 16);
  EXPECT_EQ(exact, n) << "coefficients bit-identical to scikit-learn's";
}

TEST(Perceptron, SeparatesSeparableDataAndWarnsOtherwise) {
  Matrix X(40, 2);
  IntVector y(40);
  for (Index i = 0; i < 40; ++i) {
    X(i, 0) = std::sin(i * 0.7) * 3;
    X(i, 1) = std::cos(i * 1.3) * 3;
    y[i] = X(i, 0) + 0.5 * X(i, 1) > 0.2 ? 1 : 0;
  }
  Perceptron p;
  p.fit(X, y);
  EXPECT_EQ(p.predict(X), y);
  EXPECT_LT(p.n_iter(), 1000);
  EXPECT_TRUE(p.warnings().empty());
  // XOR is not linearly separable: maxIter is reached, with a ConvergenceWarning.
  Matrix Xx(4, 2);
  Xx << 0, 0, 1, 1, 0, 1, 1, 0;
  IntVector yx(4);
  yx << 0, 0, 1, 1;
  PerceptronParams params;
  params.max_iter = 50;
  params.tol.reset();
  Perceptron x(params);
  x.fit(Xx, yx);
  EXPECT_EQ(x.n_iter(), 50);
  ASSERT_EQ(x.warnings().size(), 1u);
  EXPECT_EQ(x.warnings().items[0].kind, WarningKind::convergence);
  EXPECT_EQ(x.warnings().items[0].message.rfind("Perceptron reached maxIter=50", 0), 0u);
}

TEST(Perceptron, HandComputedUpdates) {
  // Two samples, no shuffle, eta0 = 1: epoch 1: x1=(1,2), y=+1: f=0 -> update w=(1,2), b=1;
  // x2=(2,-1), y=-1: f=2-2+1=1 > 0 -> mistake: w=(1,2)-(2,-1)=(-1,3), b=0.
  // Epoch 2: f(x1)=-1+6=5 ok; f(x2)=-2-3=-5 ok -> no update, stop.
  Matrix X(2, 2);
  X << 1, 2, 2, -1;
  IntVector y(2);
  y << 1, 0;
  PerceptronParams params;
  params.shuffle = false;
  Perceptron p(params);
  p.fit(X, y);
  EXPECT_EQ(p.coef(), (Matrix(1, 2) << -1, 3).finished());
  EXPECT_EQ(p.intercept()[0], 0.0);
  EXPECT_EQ(p.n_iter(), 2);
  EXPECT_THROW(Perceptron(params).fit(X, (IntVector(2) << 0, 0).finished()), InvalidArgument);
}

TEST(RidgeClassifier, DecisionFunctionEqualsScikitLearn) {
  int n = 0;
  for (const auto& c : fixture()["ridgeClassifier"]) {
    const std::string what = c["data"].dump() + " " + c["options"].dump();
    auto m = make_estimator("RidgeClassifier", c["options"]);
    const Matrix X = matrix_of(c["X"]);
    m->fit(X, ints_of(c["y"]).cast<double>(), true);
    const Matrix expected = matrix_of(c["decision"]);
    expect_close(values_like(m->decision_function(X), expected), expected, 1e-10, what);
    EXPECT_EQ(m->predict(X).data, std::vector<double>(c["predict"].begin(), c["predict"].end())) << what;
    ++n;
  }
  EXPECT_EQ(n, 12);
}

// A linear classifier's coef has one row for two classes or one per class: a model JSON with two rows
// (a three-class fit cut down, or a two-class one doubled) has no meaning and is refused on load, by
// RidgeClassifier as by Perceptron (RidgeClassifier took it and argmaxed two rows).
TEST(LinearClassifier, LoadedCoefOfTwoRowsIsAnError) {
  const Matrix X = matrix_of(json::parse("[[0,0],[1,0],[0,1],[1,1],[2,2],[2,3],[3,2],[3,3],[0,3],[3,0]]"));
  const Matrix y = matrix_of(json::parse("[0,0,0,0,1,1,1,1,2,2]"));
  for (const char* name : {"RidgeClassifier", "Perceptron"}) {
    auto m = make_estimator(name, name == std::string("Perceptron") ? json{{"shuffle", false}} : json::object());
    m->fit(X, y, true);
    json two = m->to_json();
    json& coef = two["state"]["coef"];
    ASSERT_EQ(coef["rows"], 3) << name;
    coef["rows"] = 2;
    coef["data"].erase(coef["data"].end() - 2, coef["data"].end());
    two["state"]["intercept"].erase(two["state"]["intercept"].end() - 1);
    EXPECT_EQ(test_support::error_of([&] { estimator_from_json(two); }),
              "model JSON: coef must have 1 row (two classes) or one per class (3 or more)")
        << name;
    EXPECT_EQ(estimator_from_json(m->to_json())->predict(X).data, m->predict(X).data) << name;  // unedited: as fitted
  }
}
