// Subset selection: the best subset of each size equals an exhaustive search written here with
// LinearRegression; forward/backward paths checked step by step; AIC/BIC by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/linear_model/subset_selection.hpp"

using namespace wasmlearn;

namespace {
// y depends on features 1, 3 and 4 (of 7); the others are noise, feature 6 nearly copies 1.
void data(Matrix& X, Matrix& y, Index n = 60, Index p = 7) {
  X.resize(n, p);
  y.resize(n, 1);
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < p; ++j) X(i, j) = std::sin(0.37 * (i + 1) * (j + 1.3) + j);
    if (p > 6) X(i, 6) = X(i, 1) + 0.3 * std::cos(2.1 * i);
    y(i, 0) = 2 * X(i, 1) - 1.5 * X(i, 3) + X(i, 4) + 0.3 * std::sin(5.3 * i) + 4;
  }
}
std::vector<Index> members(unsigned mask, Index p) {
  std::vector<Index> s;
  for (Index j = 0; j < p; ++j)
    if (mask & (1u << j)) s.push_back(j);
  return s;
}
double ols_rss(const Matrix& X, const Matrix& y, const std::vector<Index>& S, bool intercept) {
  if (S.empty()) return intercept ? (y.array() - y.mean()).matrix().squaredNorm() : y.squaredNorm();
  Matrix Xs(X.rows(), static_cast<Index>(S.size()));
  for (std::size_t a = 0; a < S.size(); ++a) Xs.col(static_cast<Index>(a)) = X.col(S[a]);
  LinearRegression m({intercept});
  m.fit(Xs, y);
  return (y - m.predict(Xs)).squaredNorm();
}
}  // namespace

TEST(SubsetSelection, BestSubsetOfEverySizeEqualsExhaustiveSearch) {
  Matrix X, y;
  data(X, y);
  for (bool intercept : {true, false}) {
    const Index p = X.cols();
    std::vector<double> best(static_cast<std::size_t>(p + 1), INFINITY);
    std::vector<unsigned> best_mask(static_cast<std::size_t>(p + 1), 0);
    for (unsigned mask = 0; mask < (1u << p); ++mask) {
      const auto S = members(mask, p);
      const double r = ols_rss(X, y, S, intercept);
      if (r < best[S.size()]) { best[S.size()] = r; best_mask[S.size()] = mask; }
    }
    const SubsetPath path = subset_search(X, y.col(0), SubsetMethod::best, intercept);
    ASSERT_EQ(path.size.size(), p + 1);
    for (Index k = 0; k <= p; ++k) {
      EXPECT_EQ(path.size[k], k);
      unsigned mask = 0;
      for (Index j = 0; j < p; ++j) mask |= path.support(k, j) ? 1u << j : 0u;
      EXPECT_EQ(mask, best_mask[static_cast<std::size_t>(k)]) << "size " << k;
      EXPECT_NEAR(path.rss[k], best[static_cast<std::size_t>(k)], 1e-9 * std::max(1.0, best[static_cast<std::size_t>(k)]));
    }
  }
}

TEST(SubsetSelection, ForwardAndBackwardStepwise) {
  Matrix X, y;
  data(X, y);
  const Index p = X.cols();
  // Forward: each step adds the feature that lowers the RSS most (checked by brute force).
  const SubsetPath f = subset_search(X, y.col(0), SubsetMethod::forward, true);
  ASSERT_EQ(f.size.size(), p + 1);
  std::vector<Index> current;
  for (Index s = 1; s <= p; ++s) {
    Index pick = -1;
    double best = INFINITY;
    for (Index j = 0; j < p; ++j) {
      if (std::find(current.begin(), current.end(), j) != current.end()) continue;
      auto S = current;
      S.push_back(j);
      const double r = ols_rss(X, y, S, true);
      if (r < best) { best = r; pick = j; }
    }
    EXPECT_EQ(f.feature[s], pick) << "step " << s;
    current.push_back(pick);
    EXPECT_NEAR(f.rss[s], best, 1e-9 * std::max(1.0, best));
  }
  EXPECT_EQ(f.feature[0], -1);
  EXPECT_EQ(f.feature[1], 1);  // the strongest signal enters first
  // Backward: each step removes the feature whose removal raises the RSS least.
  const SubsetPath b = subset_search(X, y.col(0), SubsetMethod::backward, true);
  ASSERT_EQ(b.size[0], p);
  std::vector<Index> left;
  for (Index j = 0; j < p; ++j) left.push_back(j);
  for (Index s = 1; s <= p; ++s) {
    std::size_t drop = 0;
    double best = INFINITY;
    for (std::size_t a = 0; a < left.size(); ++a) {
      auto S = left;
      S.erase(S.begin() + static_cast<std::ptrdiff_t>(a));
      const double r = ols_rss(X, y, S, true);
      if (r < best) { best = r; drop = a; }
    }
    EXPECT_EQ(b.feature[s], left[drop]) << "step " << s;
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(drop));
    EXPECT_EQ(b.size[s], p - s);
  }
}

TEST(SubsetSelection, CriteriaChooseTheTrueSubset) {
  Matrix X, y;
  data(X, y);
  for (const char* method : {"best", "forward", "backward"})
    for (const char* criterion : {"aic", "bic"}) {
      auto m = make_estimator("SubsetSelection", {{"method", method}, {"criterion", criterion}});
      m->fit(X, y, true);
      const NdArray sel = m->attribute("selected");
      EXPECT_EQ(sel.data, (std::vector<double>{1, 3, 4})) << method << " " << criterion;
      EXPECT_GT(m->score(X, y), 0.9);
    }
  // AIC and BIC by hand for the chosen model.
  SubsetSelection s({SubsetMethod::best, SubsetCriterion::bic, std::nullopt, true});
  s.fit(X, y);
  const Index n = X.rows();
  const double rss = s.path_rss()[3];
  const double m2ll = n * (std::log(2 * M_PI) + std::log(rss / n) + 1);
  EXPECT_NEAR(s.path_score()[3], 5 * std::log(double(n)) + m2ll, 1e-9);  // k = 3 + intercept + σ²
  EXPECT_NEAR(subset_criterion(SubsetCriterion::aic, rss, n, 4), 10 + m2ll, 1e-9);
  // nFeatures fixes the size; rss with no size takes every feature.
  SubsetSelection two({SubsetMethod::forward, SubsetCriterion::rss, 2, true});
  two.fit(X, y);
  EXPECT_EQ(two.support().sum(), 2);
  SubsetSelection all({SubsetMethod::backward, SubsetCriterion::rss, std::nullopt, true});
  all.fit(X, y);
  EXPECT_EQ(all.support().sum(), 7);
  // The coefficients are least squares on the chosen columns.
  const Matrix Xs = (Matrix(n, 3) << X.col(1), X.col(3), X.col(4)).finished();
  LinearRegression ols;
  ols.fit(Xs, y);
  EXPECT_NEAR(s.coef()(0, 3), ols.coef()(0, 1), 1e-12);
  EXPECT_NEAR(s.intercept()[0], ols.intercept()[0], 1e-12);
  EXPECT_EQ(s.coef()(0, 0), 0.0);
}

TEST(SubsetSelection, Errors) {
  Matrix X, y;
  data(X, y, 30, 21);
  try {
    SubsetSelection().fit(X, y);
    FAIL() << "no error for 21 features";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()),
              "method 'best' tries all 2^p subsets and is limited to 20 features, X has 21; use method 'forward' or 'backward'");
  }
  EXPECT_NO_THROW(SubsetSelection({SubsetMethod::forward, SubsetCriterion::bic, std::nullopt, true}).fit(X, y));
  EXPECT_THROW(SubsetSelection({SubsetMethod::forward, SubsetCriterion::bic, 22, true}).fit(X, y), InvalidArgument);
  EXPECT_THROW(SubsetSelection().fit(X.leftCols(3), Matrix::Ones(30, 2)), InvalidArgument);
}
