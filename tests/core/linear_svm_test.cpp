// LinearSVC and LinearSVR against scikit-learn 1.2.1 (tests/fixtures/linear_svm.py), hand-checked
// cases and the option checks.
#include <gtest/gtest.h>

#include "test_support.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/svm/linear_describe.hpp"

namespace wasmlearn {
namespace {

using test_support::error_of;
using test_support::matrix_of;
using test_support::read_fixture;

const json& fixture() { return test_support::cached_fixture("linear_svm.json"); }

IntVector labels_of(const json& y) {
  IntVector out(static_cast<Index>(y.size()));
  for (std::size_t i = 0; i < y.size(); ++i) out[static_cast<Index>(i)] = y[i].get<int>();
  return out;
}

// Fits the case's estimator through the registry (so options are parsed as from JS) and compares
// coefficients, intercepts, predictions and the objective with scikit-learn's.
void check_case(const json& c) {
  SCOPED_TRACE(c.dump().substr(0, 160));
  const json& data = fixture()["data"][c["data"].get<std::string>()];
  const Matrix X = matrix_of(data["X"]);
  const Matrix Y = matrix_of(data["y"]);
  const bool classifier = c["estimator"] == "LinearSVC";
  const Vector sw = c.contains("sampleWeight") ? Vector(matrix_of(c["sampleWeight"]).col(0)) : Vector::Ones(X.rows());
  const Matrix coef = matrix_of(c["coef"]);
  const Vector intercept = matrix_of(c["intercept"]).col(0);
  const double reference = c["objective"].get<double>();
  double ours;
  if (classifier) {
    LinearSVC m(params_from_json<LinearSVC>(c["options"]));
    const IntVector y = labels_of(data["y"]);
    m.fit(X, y, sw);
    ASSERT_TRUE(m.warnings().empty());
    ASSERT_EQ(m.coef().rows(), coef.rows());
    EXPECT_LT((m.coef() - coef).cwiseAbs().maxCoeff(), 1e-4);
    EXPECT_LT((m.intercept() - intercept).cwiseAbs().maxCoeff(), 1e-4);
    EXPECT_EQ(m.predict(X), labels_of(c["predict"]));
    EXPECT_LT((m.decision_function(X) - matrix_of(c["decision"])).cwiseAbs().maxCoeff(), 1e-3);
    ours = m.objective(X, y, sw);
  } else {
    LinearSVR m(params_from_json<LinearSVR>(c["options"]));
    m.fit(X, Y, sw);
    ASSERT_TRUE(m.warnings().empty());
    EXPECT_LT((m.coef().row(0) - coef.col(0).transpose()).cwiseAbs().maxCoeff(), 1e-4);
    EXPECT_LT((m.intercept() - intercept).cwiseAbs().maxCoeff(), 1e-4);
    EXPECT_LT((m.predict(X).col(0) - matrix_of(c["predict"]).col(0)).cwiseAbs().maxCoeff(), 1e-3);
    ours = m.objective(X, Y, sw);
  }
  // Both solve the same strictly convex problem to tol 1e-8: the objectives agree, and where
  // liblinear's stop leaves it short of the optimum ours is not worse.
  EXPECT_LE(ours - reference, 1e-8 * std::abs(reference));
  EXPECT_NEAR(ours, reference, 1e-7 * std::abs(reference));
}

TEST(LinearSVMFixture, EveryCaseMatchesScikitLearn) {
  for (const json& c : fixture()["cases"]) check_case(c);
}

}  // namespace
}  // namespace wasmlearn
