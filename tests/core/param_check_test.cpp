// The parameter check generated from the declarations (check_params): every estimator's fit rejects an
// out-of-range option filled in by a C++ caller, with the message the JSON path gives; declared rules
// between options are checked too, and the defaults pass.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <variant>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/estimators.hpp"
#include "test_support.hpp"

namespace wasmlearn {
using test_support::error_of;

namespace {

// Calls f(static_cast<T*>(nullptr)) for each form T an option takes (each alternative of a variant).
template <class... A, class F>
void for_each_form(std::variant<A...>*, F&& f) {
  (f(static_cast<A*>(nullptr)), ...);
}
template <class T, class F>
void for_each_form(T*, F&& f) {
  f(static_cast<T*>(nullptr));
}

// A small sample every estimator can fit: 40 rows, 3 columns, two classes, one target.
struct Sample {
  Matrix X = Matrix(40, 3);
  IntVector y = IntVector(40);
  Matrix Y = Matrix(40, 1);
  Sample() {
    for (Index i = 0; i < 40; ++i) {
      X.row(i) << std::sin(0.7 * i), std::cos(1.3 * i), 0.05 * i;
      y[i] = static_cast<int>(i % 2);
      Y(i, 0) = X(i, 0) + 2 * X(i, 2);
    }
  }
};

template <class E>
void fit_on(E& est, const Sample& s) {
  if constexpr (Describe<E>::kind == Kind::classifier) est.fit(s.X, s.y);
  else if constexpr (Describe<E>::kind == Kind::regressor) est.fit(s.X, s.Y);
  else est.fit(s.X);
}

// One option set to a value outside its declaration, and the message the declaration words for it.
template <class E>
struct BadCase {
  typename E::Params params;
  std::string option, expected;
  std::optional<json> as_json;  // the same value as JS would send it, when it has one form only
};

std::vector<double> outside(const Range& r, bool integral) {
  std::vector<double> v;
  if (std::isfinite(r.lo)) v.push_back(r.lo_open ? r.lo : r.lo - 1);
  if (std::isfinite(r.hi)) v.push_back(r.hi_open ? r.hi : r.hi + 1);
  if (!integral) v.push_back(std::numeric_limits<double>::quiet_NaN());
  return v;
}

std::string quoted_choices(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "'" : ", '") + n + "'";
  return s;
}

// Every bad value the declaration of E can name: numbers just past each bound of each numeric form
// (NaN for reals), and an enum value outside the declared choices.
template <class E>
std::vector<BadCase<E>> bad_cases() {
  std::vector<BadCase<E>> out;
  for_each_in(Describe<E>::params(), [&](const auto& decl) {
    using Decl = std::decay_t<decltype(decl)>;
    using Value = typename Decl::Value;
    constexpr bool one_form = !detail::is_variant<Value>::value;
    auto add_form = [&](auto* tag) {
      using T = std::remove_pointer_t<decltype(tag)>;
      if constexpr (std::is_enum_v<T>) {
        std::vector<std::string> names;
        for (const auto& c : decl.choices) names.push_back(c.name);
        typename E::Params p{};
        p.*(decl.member) = static_cast<T>(1000);
        out.push_back({p, decl.name, std::string(decl.name) + " must be one of " + quoted_choices(names) + ", got another value",
                       std::nullopt});
      } else if constexpr ((std::is_integral_v<T> || std::is_floating_point_v<T>) && !std::is_same_v<T, bool>) {
        const bool real_form = std::is_floating_point_v<T> && detail::has_integral<Value>::value;
        const Range& r = real_form ? decl.real_range : decl.range;
        for (double x : outside(r, std::is_integral_v<T>)) {
          typename E::Params p{};
          p.*(decl.member) = static_cast<T>(x);
          std::optional<json> js;
          if (one_form && std::isfinite(x)) js = json::parse(format_number(x));
          out.push_back({p, decl.name, std::string(decl.name) + " must be " + range_text(r) + ", got " + format_number(x), js});
        }
      }
    };
    for_each_form(static_cast<Value*>(nullptr), add_form);
  });
  return out;
}

template <class L> struct gtest_types;
template <class... E> struct gtest_types<EstimatorList<E...>> { using type = ::testing::Types<E...>; };

template <class... E>
std::size_t count_bad_cases(EstimatorList<E...>) {
  return (bad_cases<E>().size() + ...);
}

}  // namespace

template <class E>
class ParamCheck : public ::testing::Test {};
TYPED_TEST_SUITE(ParamCheck, gtest_types<AllEstimators>::type);

TYPED_TEST(ParamCheck, DefaultsPass) {
  using E = TypeParam;
  EXPECT_NO_THROW(check_params<E>(typename E::Params{})) << Describe<E>::name;
}

TYPED_TEST(ParamCheck, FitRejectsEachOutOfRangeOptionWithTheDeclaredMessage) {
  using E = TypeParam;
  const Sample s;
  for (const BadCase<E>& c : bad_cases<E>()) {
    EXPECT_EQ(error_of([&] {
                E est(c.params);
                fit_on(est, s);
              }),
              c.expected)
        << Describe<E>::name << "." << c.option;
    if (c.as_json)
      EXPECT_EQ(error_of([&] { params_from_json<E>({{c.option, *c.as_json}}); }), c.expected)
          << Describe<E>::name << "." << c.option << " through JSON";
  }
}

TEST(ParamCheck, EveryEstimatorsDeclarationYieldsCases) {
  // Past each bound of each numeric form, NaN for reals, one enum value outside the choices.
  EXPECT_GE(count_bad_cases(AllEstimators{}), 150u);
}

TEST(ParamCheck, MessagesAsWrittenByHand) {
  const Sample s;
  KMeans::Params km;
  km.n_clusters = 0;
  EXPECT_EQ(error_of([&] { KMeans(km).fit(s.X); }), "nClusters must be at least 1, got 0");
  LogisticRegression::Params lr;
  lr.C = 0;
  EXPECT_EQ(error_of([&] { LogisticRegression(lr).fit(s.X, s.y); }), "C must be greater than 0, got 0");
  DecisionTreeClassifier::Params dt;
  dt.min_samples_split = 1;
  EXPECT_EQ(error_of([&] { DecisionTreeClassifier(dt).fit(s.X, s.y); }), "minSamplesSplit must be at least 2, got 1");
  dt.min_samples_split = 1.5;
  EXPECT_EQ(error_of([&] { DecisionTreeClassifier(dt).fit(s.X, s.y); }), "minSamplesSplit must be in (0, 1), got 1.5");
  DecisionTreeRegressor::Params dr;
  dr.criterion = TreeCriterion::gini;
  EXPECT_EQ(error_of([&] { DecisionTreeRegressor(dr).fit(s.X, s.Y); }),
            "criterion must be one of 'squared_error', 'absolute_error', got another value");
  Perceptron::Params pc;
  pc.tol = -0.5;
  EXPECT_EQ(error_of([&] { Perceptron(pc).fit(s.X, s.y); }), "tol must be at least 0, got -0.5");
  KMeans::Params init;
  init.init = Matrix::Constant(2, 3, std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(error_of([&] { KMeans(init).fit(s.X); }), "init[0][0] must be a finite number, got NaN");
}

// The rules reach the metadata (and from it the docs) in declaration order; estimators without
// rules list none.
TEST(ParamCheck, RulesAreInTheMetadata) {
  std::map<std::string, json> rules;
  for (const json& e : estimators_metadata()) rules[e["name"]] = e["rules"];
  EXPECT_EQ(rules.at("RandomForestClassifier"),
            json({"oobScore requires bootstrap", "maxSamples requires bootstrap (it sets the bootstrap sample size)",
                  "nJobs is not 0 (1: the calling thread, n: n workers, -1: every core)"}));
  EXPECT_EQ(rules.at("KMeans"), json({"nJobs is not 0 (1: the calling thread, n: n workers, -1: every core)"}));
  EXPECT_EQ(rules.at("LinearRegression"), json::array());
}

TEST(ParamCheck, DeclaredRulesBetweenOptions) {
  const Sample s;
  RandomForestClassifier::Params rf;
  rf.n_estimators = 3;
  rf.bootstrap = false;
  rf.oob_score = true;
  EXPECT_EQ(error_of([&] { RandomForestClassifier(rf).fit(s.X, s.y); }), "oobScore requires bootstrap");
  rf.oob_score = false;
  rf.max_samples = 10;
  EXPECT_EQ(error_of([&] { RandomForestClassifier(rf).fit(s.X, s.y); }),
            "maxSamples requires bootstrap (it sets the bootstrap sample size)");
  ExtraTreesRegressor::Params et;  // bootstrap false by default
  et.oob_score = true;
  EXPECT_EQ(error_of([&] { ExtraTreesRegressor(et).fit(s.X, s.Y); }), "oobScore requires bootstrap");
  LogisticRegression::Params lr;
  lr.penalty = LogisticPenalty::elasticnet;
  EXPECT_EQ(error_of([&] { LogisticRegression(lr).fit(s.X, s.y); }),
            "penalty='elasticnet' is not supported by solver 'lbfgs'; valid pairs: lbfgs: l2, none; cd: l1, l2, elasticnet, none");
  lr.solver = LogisticSolver::cd;
  EXPECT_EQ(error_of([&] { LogisticRegression(lr).fit(s.X, s.y); }),
            "l1Ratio must be a number in [0, 1] when penalty='elasticnet', got null");
  lr.l1_ratio = 0.5;
  EXPECT_EQ(error_of([&] { LogisticRegression(lr).fit(s.X, s.y); }), "<no error>");
  LinearDiscriminantAnalysis::Params lda;
  lda.shrinkage = 0.1;
  EXPECT_EQ(error_of([&] { LinearDiscriminantAnalysis(lda).fit(s.X, s.y); }),
            "shrinkage is not supported with solver 'svd': use solver 'eigen'");
  PCA::Params pca;
  pca.svd_solver = PCASolver::arpack;
  EXPECT_EQ(error_of([&] { PCA(pca).fit(s.X); }), "svdSolver 'arpack' needs nComponents to be a count");
  PolynomialFeatures::Params poly;
  poly.degree = 0;
  poly.include_bias = false;
  EXPECT_EQ(error_of([&] { PolynomialFeatures(poly).fit(s.X); }), "degree 0 with includeBias false would produce no columns");
  PiecewiseConstantFeatures::Params pw;
  pw.include_bias = false;
  EXPECT_EQ(error_of([&] { PiecewiseConstantFeatures(pw).fit(s.X); }),
            "PiecewiseConstantFeatures with no knots and includeBias false produces no columns");
}

}  // namespace wasmlearn
