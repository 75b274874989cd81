// The declarations of the sklearn.metrics functions (JS namespace `metrics`); see base/function.hpp.
#pragma once
#include "wasmlearn/base/function.hpp"
#include "wasmlearn/metrics/classification_functions.hpp"
#include "wasmlearn/metrics/cluster_functions.hpp"
#include "wasmlearn/metrics/metrics.hpp"
#include "wasmlearn/metrics/regression.hpp"

namespace wasmlearn {

// A regression metric of (yTrue, yPred) is declared by a row of this table.
struct RegressionMetricSpec {
  const char* name;
  const char* doc;
  double (*compute)(MatrixRef y_true, MatrixRef y_pred, VectorRef sample_weight);
  bool weighted = true;  // takes sampleWeight
};

namespace fn {
struct AccuracyScore {
  struct Params {};
};
template <const RegressionMetricSpec& S>
struct RegressionMetric {
  struct Params {
    std::vector<double> sample_weight;
  };
};

inline constexpr RegressionMetricSpec mean_squared_error{
    "meanSquaredError", "mean of (yTrue - yPred)², averaged uniformly over outputs", &wasmlearn::mean_squared_error};
inline constexpr RegressionMetricSpec mean_absolute_error{
    "meanAbsoluteError", "mean of |yTrue - yPred|, averaged uniformly over outputs", &wasmlearn::mean_absolute_error};
inline constexpr RegressionMetricSpec r2_score{
    "r2Score", "coefficient of determination R², averaged uniformly over outputs", &wasmlearn::r2_score};
inline constexpr RegressionMetricSpec explained_variance_score{
    "explainedVarianceScore", "1 - Var(yTrue - yPred) / Var(yTrue), averaged uniformly over outputs (a constant yTrue scores 1 when predicted exactly, else 0)",
    &wasmlearn::explained_variance_score};
inline constexpr RegressionMetricSpec median_absolute_error{
    "medianAbsoluteError", "median of |yTrue - yPred| (weighted: scikit-learn's weighted percentile), averaged uniformly over outputs",
    &wasmlearn::median_absolute_error};
inline constexpr RegressionMetricSpec mean_absolute_percentage_error{
    "meanAbsolutePercentageError", "mean of |yTrue - yPred| / max(|yTrue|, ε), a fraction (not percent), averaged uniformly over outputs",
    &wasmlearn::mean_absolute_percentage_error};
inline constexpr RegressionMetricSpec max_error{
    "maxError", "largest |yTrue - yPred| (one output)", &wasmlearn::max_error, false};
}  // namespace fn

template <>
struct Describe<fn::AccuracyScore> {
  static constexpr const char* name = "accuracyScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "fraction of samples whose predicted label is the true one";
  static std::vector<ArrayArg> arrays() {
    return {{"yTrue", ArrayKind::labels, "true labels (numbers or strings)"},
            {"yPred", ArrayKind::labels, "predicted labels, of the same kind"}};
  }
  static auto params() { return std::tuple<>(); }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the accuracy, in [0, 1]"}}; }
  static FunctionResult run(const FunctionArrays& a, const fn::AccuracyScore::Params&) {
    const IntVector y_true = a[0].col(0).cast<int>(), y_pred = a[1].col(0).cast<int>();
    return FunctionResult().add("", NdArray::scalar(accuracy_score(y_true, y_pred)));
  }
};

template <const RegressionMetricSpec& S>
struct Describe<fn::RegressionMetric<S>> {
  static constexpr const char* name = S.name;
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = S.doc;
  static std::vector<ArrayArg> arrays() {
    return {{"yTrue", ArrayKind::targets, "true targets: one per sample, or a matrix of several outputs"},
            {"yPred", ArrayKind::targets, "predicted targets, of the same shape"}};
  }
  static auto params() {
    using P = typename fn::RegressionMetric<S>::Params;
    if constexpr (S.weighted)
      return std::make_tuple(param("sampleWeight", &P::sample_weight, "one weight per sample (empty: all 1)"));
    else
      return std::tuple<>();
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the score"}}; }
  static FunctionResult run(const FunctionArrays& a, const typename fn::RegressionMetric<S>::Params& o) {
    const Vector w = Eigen::Map<const Vector>(o.sample_weight.data(), static_cast<Index>(o.sample_weight.size()));
    return FunctionResult().add("", NdArray::scalar(S.compute(a[0], a[1], w)));
  }
};

}  // namespace wasmlearn
