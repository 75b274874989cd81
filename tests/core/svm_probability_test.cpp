// SVC / NuSVC with probability: true. The sigmoid fit against closed forms and against the optimum of
// Platt's likelihood on cross-validated decision values; the coupling against hand-worked matrices;
// whole models against scikit-learn 1.2.1's held-out log-loss (tests/fixtures/svm_probability.py ->
// svm_probability.json; scikit-learn's folds come from its own generator, so only the quality of the
// probabilities is comparable: within 10 %, where scikit-learn's own spread over seeds is ≤ 2 %). The
// reference couples scikit-learn's sigmoids exactly; its predict_proba stops the coupling early and
// misplaces tiny probabilities (0.230 instead of 0.185 on the linear binary case; see the script).
#include <gtest/gtest.h>

#include <cmath>

#include "test_support.hpp"
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/svm/platt.hpp"

using namespace wasmlearn;
using test_support::error_of;
using test_support::matrix_of;

namespace {

const json& fixture() { return test_support::cached_fixture("svm_probability.json"); }

std::unique_ptr<AnyEstimator> fitted(const json& c, json options) {
  for (auto& [key, value] : c["options"].items()) options[key] = value;
  auto est = make_estimator(c["estimator"], options);
  est->fit(matrix_of(c["XTrain"]), matrix_of(c["yTrain"]), true);
  return est;
}

double log_loss(const Matrix& proba, const json& y) {
  double sum = 0;
  for (std::size_t i = 0; i < y.size(); ++i) sum -= std::log(proba(static_cast<Index>(i), y[i].get<Index>()));
  return sum / static_cast<double>(y.size());
}

std::vector<double> values(const NdArray& a) { return a.data; }

}  // namespace

// Decision values at −1 and +1 only: two points and two parameters, so the optimum puts the sigmoid at
// each point on the mean smoothed target there. 30 positives and 10 negatives at +1, 5 and 25 at −1:
// n₊ = n₋ = 35, targets 36/37 and 1/37, m₊₁ = (30·36 + 10)/(37·40), m₋₁ = (5·36 + 25)/(37·30), and
// 1 / (1 + e^{a·f + b}) = m_f gives a + b and −a + b.
TEST(PlattSigmoid, TwoDecisionValuesHaveAClosedForm) {
  Vector f(70);
  std::vector<bool> positive(70);
  for (int i = 0; i < 70; ++i) {
    f[i] = i < 40 ? 1.0 : -1.0;
    positive[static_cast<std::size_t>(i)] = i < 30 || (i >= 40 && i < 45);
  }
  const double m_plus = (30.0 * 36 + 10) / (37.0 * 40), m_minus = (5.0 * 36 + 25) / (37.0 * 30);
  const double at_plus = std::log((1 - m_plus) / m_plus), at_minus = std::log((1 - m_minus) / m_minus);  // a + b, −a + b
  const Sigmoid s = fit_sigmoid(f, positive);
  EXPECT_NEAR(s.a, (at_plus - at_minus) / 2, 1e-6);
  EXPECT_NEAR(s.b, (at_plus + at_minus) / 2, 1e-6);
  EXPECT_NEAR(s.probability(1.0), m_plus, 1e-7);
  EXPECT_NEAR(s.probability(-1.0), m_minus, 1e-7);
}

// Decision values of scikit-learn's 5-fold cross_val_predict (what libsvm's probability fit sees),
// against the optimum found in the fixture script by Newton's method to a gradient of 1e-13.
TEST(PlattSigmoid, ReachesTheOptimumOnCrossValidatedDecisionValues) {
  for (const json& c : fixture()["sigmoids"]) {
    const Vector f = matrix_of(c["decision"]).col(0);
    std::vector<bool> positive;
    for (const json& v : c["positive"]) positive.push_back(v.get<int>() == 1);
    const Sigmoid s = fit_sigmoid(f, positive);
    EXPECT_NEAR(s.a, c["a"].get<double>(), 1e-6) << c["name"];
    EXPECT_NEAR(s.b, c["b"].get<double>(), 1e-6) << c["name"];
  }
}

// Consistent estimates r_ij = p_i / (p_i + p_j) make the objective 0 at p itself.
TEST(PairwiseCoupling, ConsistentEstimatesGiveTheirProbabilities) {
  for (const Vector& p : {Vector((Vector(3) << 0.5, 0.3, 0.2).finished()), Vector((Vector(4) << 0.1, 0.4, 0.15, 0.35).finished())}) {
    Matrix r = Matrix::Zero(p.size(), p.size());
    for (Index i = 0; i < p.size(); ++i)
      for (Index j = 0; j < p.size(); ++j)
        if (i != j) r(i, j) = p[i] / (p[i] + p[j]);
    const Vector got = couple_pairwise(r);
    for (Index i = 0; i < p.size(); ++i) EXPECT_NEAR(got[i], p[i], 1e-14);
  }
}

// Inconsistent estimates r01 = 0.6, r02 = 0.7, r12 = 0.4. By hand: Q = [[0.25, −0.24, −0.21],
// [−0.24, 0.72, −0.24], [−0.21, −0.24, 0.65]] (Q_ii = Σ_j r_ji², Q_ij = −r_ji·r_ij); Q x = 1 has the
// exact solution x = (1075/12, 425/9, 575/12), so p = x / Σx = (129, 68, 69) / 266.
TEST(PairwiseCoupling, HandWorkedThreeClasses) {
  Matrix r(3, 3);
  r << 0, 0.6, 0.7, 0.4, 0, 0.4, 0.3, 0.6, 0;
  const Vector p = couple_pairwise(r);
  EXPECT_NEAR(p[0], 129.0 / 266, 1e-14);
  EXPECT_NEAR(p[1], 68.0 / 266, 1e-14);
  EXPECT_NEAR(p[2], 69.0 / 266, 1e-14);
}

// 2, 3 and 4 classes, rbf and linear, p 8 and 17, n 400: probabilities in [0, 1] whose rows sum to 1,
// and held-out log-loss within 10 % of scikit-learn's.
TEST(SvmProbability, HeldOutLogLossAgreesWithScikitLearn) {
  for (const json& c : fixture()["models"]) {
    const std::string what = c["estimator"].get<std::string>() + " " + c["options"].dump() + " p " +
                             std::to_string(c["p"].get<int>()) + ", " + std::to_string(c["classes"].get<int>()) + " classes";
    const auto est = fitted(c, {{"probability", true}});
    const Matrix proba = est->predict_proba(matrix_of(c["XTest"]));
    const int k = c["classes"].get<int>();
    ASSERT_EQ(proba.cols(), k) << what;
    EXPECT_EQ(est->attribute("probA").data.size(), static_cast<std::size_t>(k * (k - 1) / 2)) << what;
    for (Index i = 0; i < proba.rows(); ++i) {
      EXPECT_NEAR(proba.row(i).sum(), 1.0, 1e-12) << what;
      EXPECT_GE(proba.row(i).minCoeff(), 0.0) << what;
    }
    const double ours = log_loss(proba, c["yTest"]), theirs = c["logLoss"].get<double>();
    EXPECT_NEAR(ours, theirs, 0.1 * theirs) << what;
    // predictLogProba is the log of predictProba.
    const std::vector<double> logs = values(est->call("predictLogProba", matrix_of(c["XTest"])).items[0].second);
    for (Index i = 0; i < proba.size(); ++i) EXPECT_NEAR(logs[static_cast<std::size_t>(i)], std::log(proba.data()[i]), 1e-14);
  }
}

// The folds come from randomState alone: the same seed gives the same bits, another seed other folds.
// The probability fit leaves the decision function as it is without it. The sigmoids' bits and the
// first two test rows' decision values are pinned (printed once from this build with %.17g);
// tests/js/svm_probability.test.mjs requires the same bits from WebAssembly: the kernel products run
// in one fixed order in both builds (multiply_by_transpose_in_order).
const std::vector<double> kProbA{-2.6740602316407278, -2.7966813657039196, -4.1886223551701915};
const std::vector<double> kProbB{-0.0748579961963909, 0.0031627214058183085, -0.25844521059345765};
const std::vector<double> kDecision{-0.17689474927242371, 2.2216287426291643, 0.84652606041674372,
                                    0.95099058343451703,  2.2098414415199996, -0.20141734626043686};

TEST(SvmProbability, RandomStateFixesTheFolds) {
  const json& c = fixture()["models"][2];  // SVC rbf, 3 classes, p 17
  const Matrix X = matrix_of(c["XTest"]);
  const auto first = fitted(c, {{"probability", true}, {"randomState", 3}});
  const auto again = fitted(c, {{"probability", true}, {"randomState", 3}});
  const auto other = fitted(c, {{"probability", true}, {"randomState", 4}});
  const auto plain = fitted(c, json::object());
  EXPECT_EQ(first->predict_proba(X), again->predict_proba(X));
  EXPECT_EQ(values(first->attribute("probA")), values(again->attribute("probA")));
  EXPECT_NE(values(first->attribute("probA")), values(other->attribute("probA")));
  EXPECT_EQ(values(first->attribute("probA")), kProbA);
  EXPECT_EQ(values(first->attribute("probB")), kProbB);
  const std::vector<double> decision = first->decision_function(X).data;
  EXPECT_EQ(std::vector<double>(decision.begin(), decision.begin() + 6), kDecision);
  EXPECT_EQ(first->decision_function(X).data, plain->decision_function(X).data);
  EXPECT_EQ(first->predict(X).data, plain->predict(X).data);
  EXPECT_TRUE(plain->attribute("probA").data.empty());
}

// A precomputed linear kernel gives the linear kernel's folds and sigmoids (up to the rounding of the
// Gram matrix), so the held-out rows are taken against the right training columns.
TEST(SvmProbability, PrecomputedKernelMatchesTheLinearKernel) {
  const json& c = fixture()["models"][1];  // SVC linear, binary, p 17
  const Matrix X = matrix_of(c["XTrain"]), T = matrix_of(c["XTest"]);
  // tol 1e-10: at the default tol the fold models stop at points that depend on the last bits of K.
  const auto linear = fitted(c, {{"probability", true}, {"tol", 1e-10}});
  auto pre = make_estimator("SVC", {{"kernel", "precomputed"}, {"probability", true}, {"tol", 1e-10}});
  pre->fit(X * X.transpose(), matrix_of(c["yTrain"]), true);
  const std::vector<double> a = values(linear->attribute("probA")), b = values(pre->attribute("probA"));
  EXPECT_NEAR(a[0], b[0], 1e-6 * std::fabs(a[0]));
  const Matrix p = linear->predict_proba(T), q = pre->predict_proba(T * X.transpose());
  EXPECT_LT((p - q).cwiseAbs().maxCoeff(), 1e-6);
}

TEST(SvmProbability, JsonRoundTripKeepsTheSigmoids) {
  const json& c = fixture()["models"][5];  // NuSVC rbf, 3 classes
  const auto est = fitted(c, {{"probability", true}});
  const auto loaded = estimator_from_json(json::parse(est->to_json().dump()));
  const Matrix X = matrix_of(c["XTest"]);
  EXPECT_EQ(loaded->predict_proba(X), est->predict_proba(X));
}

TEST(SvmProbability, BadInput) {
  const json& c = fixture()["models"][0];
  const Matrix X = matrix_of(c["XTest"]);
  for (const char* name : {"SVC", "NuSVC"}) {
    const auto plain = fitted({{"estimator", name}, {"options", json::object()}, {"XTrain", c["XTrain"]}, {"yTrain", c["yTrain"]}},
                              json::object());
    EXPECT_EQ(error_of([&] { plain->predict_proba(X); }), std::string(name) + ".predictProba is available only when probability is true");
    EXPECT_EQ(error_of([&] { plain->call("predictLogProba", X); }),
              std::string(name) + ".predictLogProba is available only when probability is true");
  }
  EXPECT_EQ(error_of([&] { make_estimator("SVC", {{"randomState", -1}})->fit(X, matrix_of(c["yTest"]), true); }),
            "randomState must be at least 0, got -1");
  EXPECT_EQ(error_of([&] { make_estimator("SVC", {{"probability", 1.5}}); }).substr(0, 11), "probability");
}
