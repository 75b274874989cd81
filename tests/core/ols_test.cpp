// LinearRegression (lstsq: row-block QR, then the SVD of R) on tall, rank-deficient,
// ill-conditioned and wide X against scikit-learn (tests/fixtures/ols.py), and the minimum-norm
// solution checked by hand.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "wasmlearn/linear_model/linear_regression.hpp"
#include "test_support.hpp"

using namespace wasmlearn;
using wasmlearn::test_support::matrix_of;

namespace {

// tests/fixtures/ols.py's generator and data steps, bit for bit (each step rounds once).
struct Problem {
  Matrix X, Y;
};

Problem make_problem(const json& c) {
  const Index n = c["n"].get<Index>(), p = c["p"].get<Index>(), k = c["outputs"].get<Index>();
  std::uint64_t s = c["seed"].get<std::uint64_t>();
  const auto draw = [&s] {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(s >> 11) / 9007199254740992.0 - 0.5;
  };
  Problem d{Matrix(n, p), Matrix(n, k)};
  for (Index i = 0; i < n; ++i)
    for (Index j = 0; j < p; ++j) d.X(i, j) = draw();
  const auto column = [&d](const json& j) { return d.X.col(j.get<Index>()); };
  for (const json& t : c.value("scaled", json::array())) column(t[0]) = t[2].get<double>() * column(t[1]);
  for (const json& t : c.value("nudged", json::array()))
    column(t[0]) = column(t[1]) + t[2].get<double>() * column(t[0]);
  for (const json& t : c.value("constant", json::array())) column(t[0]).setConstant(t[1].get<double>());
  Matrix noise(n, k);
  for (Index i = 0; i < n; ++i)
    for (Index o = 0; o < k; ++o) noise(i, o) = draw();
  for (Index o = 0; o < k; ++o) {
    Vector acc = Vector::Zero(n);
    for (Index j = 0; j < p; ++j) acc = acc + (1.0 + 0.25 * static_cast<double>((j + o) % 7)) * d.X.col(j);
    d.Y.col(o) = acc + 0.1 * noise.col(o);
  }
  return d;
}

double residual_sum_of_squares(const Problem& d, const Matrix& coef, const Vector& intercept) {
  Matrix r = d.Y - d.X * coef.transpose();
  r.rowwise() -= intercept.transpose();
  return r.squaredNorm();
}

json case_named(const std::string& name) {
  const json f = test_support::read_fixture("ols.json");
  for (const json& c : f["cases"])
    if (c["name"] == name) return c;
  throw std::runtime_error("no case " + name + " in ols.json");
}

}  // namespace

TEST(LinearRegressionLarge, MatchesScikitLearn) {
  const json f = test_support::read_fixture("ols.json");
  ASSERT_EQ(f["cases"].size(), 3u);
  for (const json& c : f["cases"]) {
    SCOPED_TRACE(c["name"].get<std::string>());
    const Problem d = make_problem(c);
    LinearRegression m(LinearRegressionParams{c["fitIntercept"].get<bool>()});
    m.fit(d.X, d.Y);
    const Matrix want_coef = matrix_of(c["coef"]);
    // Without an intercept scikit-learn's intercept_ is the scalar 0.0, whatever the outputs.
    const Vector want_intercept =
        c["fitIntercept"].get<bool>() ? Vector(matrix_of(c["intercept"]).col(0)) : Vector::Zero(want_coef.rows());
    EXPECT_EQ(m.rank(), c["rank"].get<int>());
    const Vector want_s = matrix_of(c["singular"]).col(0);
    ASSERT_EQ(m.singular().size(), want_s.size());
    EXPECT_LT((m.singular() - want_s).cwiseAbs().maxCoeff(), 1e-11 * want_s[0]);
    // Coefficients to cond(X)·eps: column 19 of the ill-conditioned case is column 2 plus 1e-6 of
    // noise (cond ~2e6, coefficients ~1400), so those two move together by ~1e-6 there.
    const double cond = want_s[0] / want_s[m.rank() - 1];
    const double coef_tol = 50 * cond * std::numeric_limits<double>::epsilon() * want_coef.cwiseAbs().maxCoeff();
    ASSERT_EQ(m.coef().rows(), want_coef.rows());
    ASSERT_EQ(m.coef().cols(), want_coef.cols());
    EXPECT_LT((m.coef() - want_coef).cwiseAbs().maxCoeff(), coef_tol);
    EXPECT_LT((m.intercept() - want_intercept).cwiseAbs().maxCoeff(), 1e-9);
    const Matrix want_pred = matrix_of(c["predict"]);
    EXPECT_LT((m.predict(d.X.topRows(want_pred.rows())) - want_pred).cwiseAbs().maxCoeff(), 1e-9);
    // Both are the optimum: the residual sums of squares agree to rounding (the wide system is
    // solved exactly, its sums are rounding of |Y|²).
    const double rss = residual_sum_of_squares(d, m.coef(), m.intercept());
    const double rss_tol = 1e-10 * rss + 1e-20 * d.Y.squaredNorm();
    EXPECT_NEAR(rss, residual_sum_of_squares(d, want_coef, want_intercept), rss_tol);
  }
}

TEST(LinearRegressionLarge, CollinearAndConstantColumnsGetTheMinimumNormSplit) {
  // Column 48 = 2 x column 3 and column 49 constant: y weighs column 3 by 1.75 and column 48 by 2.5,
  // i.e. column 3 by 1.75 + 2 x 2.5 = 6.75 in all. Any (b3, b48) with b3 + 2·b48 = 6.75 fits; the
  // shortest is 6.75·(1, 2)/5, the constant column gets 0, and the others are the fit without
  // columns 48 and 49 (column 3 then carries the 6.75).
  const Problem d = make_problem(case_named("tall_rank_deficient"));
  LinearRegression full;
  full.fit(d.X, d.Y);
  EXPECT_EQ(full.rank(), 48);
  const Matrix coef = full.coef();
  LinearRegression reduced;
  reduced.fit(d.X.leftCols(48), d.Y);
  EXPECT_EQ(reduced.rank(), 48);
  const Matrix b = reduced.coef();
  EXPECT_NEAR(b(0, 3), 6.75, 0.01);  // 0.1 of noise on 16 000 rows
  EXPECT_NEAR(coef(0, 3), b(0, 3) / 5, 1e-11);
  EXPECT_NEAR(coef(0, 48), 2 * b(0, 3) / 5, 1e-11);
  EXPECT_NEAR(coef(0, 49), 0.0, 1e-12);
  for (Index j = 0; j < 48; ++j)
    if (j != 3) EXPECT_NEAR(coef(0, j), b(0, j), 1e-11) << "column " << j;
  EXPECT_NEAR(full.intercept()[0], reduced.intercept()[0], 1e-11);
}

TEST(Lstsq, WideSystemIsSolvedExactlyWithTheShortestSolution) {
  // n < p: X·B = Y holds exactly and B lies in the row space of X (B = Xᵀ·z), which makes it the
  // shortest solution.
  const Problem d = make_problem(case_named("wide"));
  Vector s;
  Index r = 0;
  const Matrix B = lstsq(Eigen::MatrixXd(d.X), d.Y, &s, &r);
  EXPECT_EQ(r, 40);
  EXPECT_LT((d.X * B - d.Y).cwiseAbs().maxCoeff(), 1e-12);
  const Eigen::MatrixXd z = (d.X * d.X.transpose()).ldlt().solve(d.X * B);
  EXPECT_LT((d.X.transpose() * z - B).cwiseAbs().maxCoeff(), 1e-10);
}
