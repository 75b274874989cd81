// Sample weights in the linear models: scikit-learn fixtures (tests/fixtures/weights_linear.py), fitted
// through the type-erased adapter as the JS binding does, and properties that hold whatever the
// solver: integer weights are repeated rows (zero drops the row), and uniform weights c·1 are no
// weights (or, where the penalty is not rescaled, the same fit with alpha / c or C·c).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/linear_model/describe.hpp"

#include "test_support.hpp"

using namespace wasmlearn;
using test_support::error_of;
using test_support::matrix_of;

namespace {

const json& fixture() { return test_support::cached_fixture("weights_linear.json"); }

// coef then intercept, flattened, of a model fitted through the adapter.
std::vector<double> fitted(const std::string& name, const json& options, MatrixRef X, MatrixRef Y,
                           const Vector* sample_weight, bool y_is_vector = true) {
  const std::unique_ptr<AnyEstimator> m = make_estimator(name, options);
  m->fit(X, Y, y_is_vector, sample_weight);
  std::vector<double> out = m->attribute("coef").data;
  const std::vector<double> b = m->attribute("intercept").data;
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

void expect_close(const std::vector<double>& a, const std::vector<double>& b, double tol) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], tol * (1 + std::fabs(b[i]))) << "entry " << i;
}

// 300 rows (past one 256-row block) x 9 features, a noisy linear target and three classes from it.
struct Data {
  Matrix X;
  Matrix y_real, y_class, y_binary;
};
Data make_data(Index n = 300, Index p = 9) {
  Data d{Matrix(n, p), Matrix(n, 1), Matrix(n, 1), Matrix(n, 1)};
  for (Index i = 0; i < n; ++i) {
    double t = 0;
    for (Index j = 0; j < p; ++j) {
      d.X(i, j) = std::sin(0.37 * static_cast<double>(i * (j + 1)) + static_cast<double>(j)) + 0.1 * static_cast<double>(j);
      t += (static_cast<double>(j) - 4.0) * 0.5 * d.X(i, j);
    }
    d.y_real(i, 0) = t + 0.3 * std::cos(1.7 * static_cast<double>(i)) + 2.0;
    const double noisy = t + 0.8 * std::cos(2.3 * static_cast<double>(i));
    d.y_class(i, 0) = noisy < -0.5 ? 0 : noisy < 0.7 ? 1 : 2;
    d.y_binary(i, 0) = noisy > 0.1 ? 1 : 0;
  }
  return d;
}

// Row i repeated w_i times (w integer-valued; zero drops the row).
Matrix repeat_rows(MatrixRef A, const Vector& w) {
  Matrix out(static_cast<Index>(w.sum()), A.cols());
  Index r = 0;
  for (Index i = 0; i < A.rows(); ++i)
    for (int k = 0; k < static_cast<int>(w[i]); ++k) out.row(r++) = A.row(i);
  return out;
}

Vector integer_weights(Index n) {
  Vector w(n);
  for (Index i = 0; i < n; ++i) w[i] = static_cast<double>((i * 7) % 4);  // 0, 3, 2, 1, ...
  return w;
}

struct Case {
  const char* name;
  json options;
  Matrix Data::*target;
  double tol;  // closed forms: rounding only; iterative solvers: their stopping rule
};
const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"LinearRegression", json::object(), &Data::y_real, 1e-10},
      {"LinearRegression", {{"fitIntercept", false}}, &Data::y_real, 1e-10},
      {"Ridge", json::object(), &Data::y_real, 1e-10},
      {"RidgeClassifier", {{"alpha", 2.0}}, &Data::y_class, 1e-10},
      {"Lasso", {{"alpha", 0.01}, {"tol", 1e-14}, {"maxIter", 100000}}, &Data::y_real, 1e-9},
      {"ElasticNet", {{"alpha", 0.02}, {"l1Ratio", 0.3}, {"tol", 1e-14}, {"maxIter", 100000}}, &Data::y_real, 1e-9},
      {"LogisticRegression", {{"tol", 1e-12}, {"maxIter", 10000}}, &Data::y_class, 1e-6},
      {"LogisticRegression", {{"solver", "cd"}, {"penalty", "l1"}, {"C", 0.5}, {"tol", 1e-12}, {"maxIter", 10000}},
       &Data::y_binary, 1e-6},
  };
  return all;
}

}  // namespace

TEST(WeightsLinear, MatchScikitLearnFixtures) {
  int n_cases = 0;
  for (const json& c : fixture()["cases"]) {
    const std::string name = c["estimator"];
    SCOPED_TRACE(name + " " + c["options"].dump());
    const Matrix X = matrix_of(c["X"]), Y = matrix_of(c["y"]);
    const Vector w = matrix_of(c["sampleWeight"]).col(0);
    const bool vec = !c["y"][0].is_array();
    const std::vector<double> ours = fitted(name, c["options"], X, Y, &w, vec);
    std::vector<double> ref;
    const json coef = c["coef"][0].is_array() ? c["coef"] : json::array({c["coef"]});
    for (const json& row : coef)
      for (const json& v : row) ref.push_back(v);
    for (const json& v : c["intercept"]) ref.push_back(v);
    if (!c["options"].value("fitIntercept", true) && ref.size() < ours.size())
      ref.resize(ours.size(), 0.0);  // scikit-learn writes one 0.0 intercept for several outputs
    if (name == "LogisticRegression") {
      // scikit-learn's reference solver stops at its own tolerance: compare objectives at the optimum.
      LogisticRegression m(params_from_json<LogisticRegression>(c["options"]));
      IntVector y = Y.col(0).cast<int>();
      m.fit(X, y, w);
      const double ref_objective = c["objective"];
      EXPECT_LE(m.objective(X, y, w), ref_objective * (1 + 1e-9));
      EXPECT_GE(m.objective(X, y, w), ref_objective * (1 - 1e-6));
      expect_close(ours, ref, 2e-3);
    } else if (name == "Lasso" || name == "ElasticNet") {
      const double alpha = c["options"]["alpha"], r = c["options"].value("l1Ratio", 1.0);
      const Index p = X.cols();
      const Vector coef_v = Eigen::Map<const Vector>(ours.data(), p);
      const Vector res = Y.col(0) - X * coef_v - Vector::Constant(X.rows(), ours[static_cast<std::size_t>(p)]);
      const double objective = w.dot(res.cwiseAbs2()) / (2 * w.sum()) + alpha * r * coef_v.lpNorm<1>() +
                               0.5 * alpha * (1 - r) * coef_v.squaredNorm();
      EXPECT_LE(objective, c["objective"].get<double>() + 1e-12);
      expect_close(ours, ref, 1e-7);
    } else {
      expect_close(ours, ref, 1e-9);  // closed forms, and the perceptron's updates in scikit-learn's order
    }
    ++n_cases;
  }
  EXPECT_EQ(n_cases, 26);
}

TEST(WeightsLinear, IntegerWeightsAreRepeatedRowsAndZeroDropsTheRow) {
  const Data d = make_data();
  const Vector w = integer_weights(d.X.rows());
  const Matrix Xr = repeat_rows(d.X, w);
  for (const Case& c : cases()) {
    SCOPED_TRACE(std::string(c.name) + " " + c.options.dump());
    const Matrix& Y = d.*c.target;
    expect_close(fitted(c.name, c.options, d.X, Y, &w), fitted(c.name, c.options, Xr, repeat_rows(Y, w), nullptr), c.tol);
  }
}

TEST(WeightsLinear, UniformWeightsAreNoWeightsOrARescaledPenalty) {
  const Data d = make_data();
  const double c4 = 4.0;
  const Vector uniform = Vector::Constant(d.X.rows(), c4);
  for (const Case& c : cases()) {
    SCOPED_TRACE(std::string(c.name) + " " + c.options.dump());
    const std::string name = c.name;
    const Matrix& Y = d.*c.target;
    json unweighted = c.options;
    // Ridge's alpha and logistic regression's C are not rescaled by the weights (as scikit-learn):
    // Σ c·loss + alpha·|w|² is c times Σ loss + (alpha/c)·|w|².
    if (name == "Ridge" || name == "RidgeClassifier") unweighted["alpha"] = c.options.value("alpha", 1.0) / c4;
    if (name == "LogisticRegression") unweighted["C"] = c.options.value("C", 1.0) * c4;
    expect_close(fitted(name, c.options, d.X, Y, &uniform), fitted(name, unweighted, d.X, Y, nullptr), c.tol);
  }
}

TEST(WeightsLinear, PerceptronStepsScaleWithTheWeights) {
  const Data d = make_data();
  const Vector twos = Vector::Constant(d.X.rows(), 2.0);
  // Default shuffling; no tol, so the stopping rule does not see the scale of the loss. Starting at
  // zero, steps twice as long give exactly twice the weights (a power of two: no rounding).
  const json options = {{"tol", nullptr}, {"maxIter", 20}};
  std::vector<double> doubled = fitted("Perceptron", options, d.X, d.y_class, nullptr);
  for (double& v : doubled) v *= 2;
  EXPECT_EQ(fitted("Perceptron", options, d.X, d.y_class, &twos), doubled);
  // Zero weights are dropped rows, update for update (in order: no shuffling).
  const json in_order = {{"tol", nullptr}, {"maxIter", 20}, {"shuffle", false}};
  Vector zero_one(d.X.rows());
  for (Index i = 0; i < zero_one.size(); ++i) zero_one[i] = i % 5 == 2 ? 0.0 : 1.0;
  EXPECT_EQ(fitted("Perceptron", in_order, d.X, d.y_class, &zero_one),
            fitted("Perceptron", in_order, repeat_rows(d.X, zero_one), repeat_rows(d.y_class, zero_one), nullptr));
  // Other weights change the model.
  Vector uneven = Vector::LinSpaced(d.X.rows(), 0.5, 2.0);
  EXPECT_NE(fitted("Perceptron", in_order, d.X, d.y_class, &uneven), fitted("Perceptron", in_order, d.X, d.y_class, nullptr));
}

TEST(WeightsLinear, BadWeightsAreRejectedNamingSampleWeight) {
  const Data d = make_data(20, 3);
  for (const char* name : {"LinearRegression", "Ridge", "Lasso", "ElasticNet", "RidgeClassifier", "Perceptron", "LogisticRegression"}) {
    SCOPED_TRACE(name);
    const bool classifier = std::string(name) == "RidgeClassifier" || std::string(name) == "Perceptron" || std::string(name) == "LogisticRegression";
    const Matrix& Y = classifier ? d.y_binary : d.y_real;
    auto fit_with = [&](Vector w) { return error_of([&] { fitted(name, json::object(), d.X, Y, &w); }); };
    Vector w = Vector::Ones(20);
    EXPECT_EQ(fit_with(Vector::Ones(19)), "sampleWeight has 19 entries but X has 20 rows");
    w[3] = std::nan("");
    EXPECT_EQ(fit_with(w), "sampleWeight contains NaN at index 3");
    w[3] = -0.5;
    EXPECT_EQ(fit_with(w), "sampleWeight must be at least 0, got -0.5 at index 3");
    EXPECT_EQ(fit_with(Vector::Zero(20)), "sampleWeight is zero for every sample");
  }
}

TEST(WeightsLinear, EstimatorsWithoutWeightsSaySo) {
  const Data d = make_data(20, 3);
  const Vector w = Vector::Ones(20);
  const std::unique_ptr<AnyEstimator> knn = make_estimator("KNeighborsClassifier", json::object());
  EXPECT_EQ(error_of([&] { knn->fit(d.X, d.y_binary, true, &w); }), "KNeighborsClassifier.fit does not take sampleWeight");
  const std::unique_ptr<AnyEstimator> pca = make_estimator("PCA", json::object());
  EXPECT_EQ(error_of([&] { pca->fit(d.X, Matrix(20, 0), true, &w); }), "PCA.fit does not take sampleWeight");
  for (const json& meta : estimators_metadata()) {
    const std::vector<std::string> options = meta["fitOptions"];
    const bool weighted = std::find(options.begin(), options.end(), "sampleWeight") != options.end();
    const std::string name = meta["name"];
    const bool linear = name == "LinearRegression" || name == "Ridge" || name == "Lasso" || name == "ElasticNet" ||
                        name == "RidgeClassifier" || name == "Perceptron" || name == "LogisticRegression";
    if (linear) EXPECT_TRUE(weighted) << name;
    if (name == "KNeighborsClassifier" || name == "PCA" || name == "SubsetSelection") EXPECT_FALSE(weighted) << name;
  }
}
