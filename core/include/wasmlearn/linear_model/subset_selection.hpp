// Subset selection (Beaulac §2.3.3): least squares on the subset of the features picked by
// exhaustive best-subset search, forward or backward stepwise search.
//
// Every search scores subsets by their residual sum of squares (RSS; the intercept, when fitted,
// is always in the model). The size is nFeatures, or the size whose subset minimises the criterion:
//   rss  RSS itself (always decreases with size, so it picks all features: use nFeatures with it)
//   aic  2k − 2 ln L       bic  k ln n − 2 ln L
// with the Gaussian likelihood at its maximum, σ̂² = RSS/n:  −2 ln L = n (ln 2π + ln(RSS/n) + 1),
// and k = the number of estimated parameters: the selected coefficients, the intercept (when
// fitted) and σ² (as R's AIC()/BIC() for lm). Within a size all three criteria order subsets alike.
// Ties: the smaller size; within a size the first subset found (lowest feature indices first).
#pragma once
#include <optional>

#include "wasmlearn/linear_model/linear_regression.hpp"

namespace wasmlearn {

enum class SubsetMethod { best, forward, backward };
enum class SubsetCriterion { rss, aic, bic };

constexpr Index kMaxBestSubsetFeatures = 20;

// The sequence of subsets a search visits: best -> the best subset of each size 0..p; forward ->
// sizes 0..p, each adding one feature; backward -> sizes p..0, each removing one.
struct SubsetPath {
  IntVector size;     // features in the subset at each step
  IntMatrix support;  // steps x p, 1 = in the subset
  IntVector feature;  // feature added / removed at the step; -1 at the start and for best subset
  Vector rss;         // least-squares RSS of each step's subset (SVD solve)
};

// Runs the search on X (n x p) and y. best refuses p > 20 (2^p subsets).
SubsetPath subset_search(MatrixRef X, VectorRef y, SubsetMethod method, bool fit_intercept);
// The criterion for a model with `n_coef` coefficients (intercept included, σ² added inside).
double subset_criterion(SubsetCriterion c, double rss, Index n_samples, Index n_coef);

struct SubsetSelectionParams {
  SubsetMethod method = SubsetMethod::best;
  SubsetCriterion criterion = SubsetCriterion::bic;
  std::optional<int> n_features{};
  bool fit_intercept = true;
};

class SubsetSelection : public LinearModel {
 public:
  using Params = SubsetSelectionParams;
  explicit SubsetSelection(Params p = {}) : LinearModel("SubsetSelection"), params_(p) {}

  // y: one target (n x 1).
  SubsetSelection& fit(MatrixRef X, MatrixRef Y);
  const Params& params() const { return params_; }

  IntVector support() const;   // p entries, 1 = selected
  IntVector selected() const;  // indices of the selected features, ascending
  IntVector path_size() const { return path_.size; }
  IntMatrix path_support() const { return path_.support; }
  IntVector path_feature() const { return path_.feature; }
  Vector path_rss() const { return path_.rss; }
  Vector path_score() const { return score_; }
  int chosen_step() const { return static_cast<int>(chosen_); }

  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  SubsetPath path_;
  Vector score_;
  Index chosen_ = 0, n_samples_ = 0;
};

}  // namespace wasmlearn
