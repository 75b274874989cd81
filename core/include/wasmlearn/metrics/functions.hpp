// The declarations of the sklearn.metrics functions (JS namespace `metrics`); see base/function.hpp.
#pragma once
#include "wasmlearn/base/function.hpp"
#include "wasmlearn/metrics/metrics.hpp"

namespace wasmlearn {

// A regression metric of (yTrue, yPred) is declared by a row of this table.
struct RegressionMetricSpec {
  const char* name;
  const char* doc;
  double (*compute)(MatrixRef y_true, MatrixRef y_pred);
};

namespace fn {
struct AccuracyScore {
  struct Params {};
};
template <const RegressionMetricSpec& S>
struct RegressionMetric {
  struct Params {};
};

inline constexpr RegressionMetricSpec mean_squared_error{
    "meanSquaredError", "mean of (yTrue - yPred)², averaged uniformly over outputs", &wasmlearn::mean_squared_error};
inline constexpr RegressionMetricSpec mean_absolute_error{
    "meanAbsoluteError", "mean of |yTrue - yPred|, averaged uniformly over outputs", &wasmlearn::mean_absolute_error};
inline constexpr RegressionMetricSpec r2_score{
    "r2Score", "coefficient of determination R², averaged uniformly over outputs", &wasmlearn::r2_score};
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
  static auto params() { return std::tuple<>(); }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the score"}}; }
  static FunctionResult run(const FunctionArrays& a, const typename fn::RegressionMetric<S>::Params&) {
    return FunctionResult().add("", NdArray::scalar(S.compute(a[0], a[1])));
  }
};

}  // namespace wasmlearn
