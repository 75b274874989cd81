// The declarations of the sklearn.metrics functions (JS namespace `metrics`); see base/function.hpp.
#pragma once
#include "wasmlearn/base/function.hpp"
#include "wasmlearn/metrics/classification_functions.hpp"
#include "wasmlearn/metrics/cluster_functions.hpp"
#include "wasmlearn/metrics/metrics.hpp"
#include "wasmlearn/metrics/regression.hpp"

namespace wasmlearn {

// A regression metric of (yTrue, yPred) is declared by a row of this table.
enum class Averages { none, uniform, variance_weighted };  // the multioutput choices it has beyond raw values
struct RegressionMetricSpec {
  const char* name;
  const char* doc;
  OutputScores (*compute)(MatrixRef y_true, MatrixRef y_pred, VectorRef sample_weight);
  // none: one output only, and neither sampleWeight nor multioutput
  Averages averages = Averages::uniform;
  // takes scikit-learn's `squared` (false: the root of each output's score, before averaging)
  bool has_squared = false;
};

namespace fn {
struct AccuracyScore {
  struct Params {
    bool normalize = true;
    std::vector<double> sample_weight;
  };
};
template <const RegressionMetricSpec& S>
struct RegressionMetric {
  struct Params {
    std::vector<double> sample_weight;
    Multioutput multioutput = Multioutput::uniform_average;
    bool squared = true;
  };
};

inline constexpr RegressionMetricSpec mean_squared_error{
    "meanSquaredError", "mean of (yTrue - yPred)² (its root when squared is false), averaged over outputs as multioutput says",
    &wasmlearn::mean_squared_error_per_output, Averages::uniform, true};
inline constexpr RegressionMetricSpec mean_absolute_error{
    "meanAbsoluteError", "mean of |yTrue - yPred|, averaged over outputs as multioutput says", &wasmlearn::mean_absolute_error_per_output};
inline constexpr RegressionMetricSpec r2_score{
    "r2Score", "coefficient of determination R², averaged over outputs as multioutput says", &wasmlearn::r2_score_per_output,
    Averages::variance_weighted};
inline constexpr RegressionMetricSpec explained_variance_score{
    "explainedVarianceScore", "1 - Var(yTrue - yPred) / Var(yTrue), averaged over outputs as multioutput says (a constant yTrue scores 1 when predicted exactly, else 0)",
    &wasmlearn::explained_variance_score_per_output, Averages::variance_weighted};
inline constexpr RegressionMetricSpec median_absolute_error{
    "medianAbsoluteError", "median of |yTrue - yPred| (weighted: scikit-learn's weighted percentile), averaged over outputs as multioutput says",
    &wasmlearn::median_absolute_error_per_output};
inline constexpr RegressionMetricSpec mean_absolute_percentage_error{
    "meanAbsolutePercentageError", "mean of |yTrue - yPred| / max(|yTrue|, ε), a fraction (not percent), averaged over outputs as multioutput says",
    &wasmlearn::mean_absolute_percentage_error_per_output};
inline constexpr RegressionMetricSpec max_error{
    "maxError", "largest |yTrue - yPred| (one output)", &wasmlearn::max_error_per_output, Averages::none};
}  // namespace fn

template <>
struct Describe<fn::AccuracyScore> {
  static constexpr const char* name = "accuracyScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "fraction (normalize) or number of samples whose predicted label is the true one";
  static std::vector<ArrayArg> arrays() {
    return {{"yTrue", ArrayKind::labels, "true labels (numbers or strings)"},
            {"yPred", ArrayKind::labels, "predicted labels, of the same kind"}};
  }
  static auto params() {
    using P = fn::AccuracyScore::Params;
    return std::make_tuple(param("normalize", &P::normalize, "a fraction rather than a count"), metric_params::sample_weight<P>());
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the accuracy, in [0, 1], or the count"}}; }
  static FunctionResult run(const FunctionArrays& a, const fn::AccuracyScore::Params& o) {
    const LabelledPair pair(a[0].col(0).cast<int>(), a[1].col(0).cast<int>(), o.sample_weight);
    return FunctionResult().add("", NdArray::scalar(accuracy_score(pair, o.normalize)));
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
    if constexpr (S.averages == Averages::none) {
      return std::tuple<>();
    } else {
      auto common = std::make_tuple(param("sampleWeight", &P::sample_weight, "one weight per sample (empty: all 1)"),
                                    param("multioutput", &P::multioutput,
                                          S.averages == Averages::variance_weighted
                                              ? "'raw_values' (one score per output), 'uniform_average' or 'variance_weighted' (weighted by each output's variance of yTrue)"
                                              : "'raw_values' (one score per output) or 'uniform_average'",
                                          multioutput_choices()));
      if constexpr (S.has_squared)
        return std::tuple_cat(common, std::make_tuple(param("squared", &P::squared, "false: the root mean squared error of each output, then averaged")));
      else
        return common;
    }
  }
  static std::vector<Choice<Multioutput>> multioutput_choices() {
    std::vector<Choice<Multioutput>> c{{"raw_values", Multioutput::raw_values}, {"uniform_average", Multioutput::uniform_average}};
    if (S.averages == Averages::variance_weighted) c.push_back({"variance_weighted", Multioutput::variance_weighted});
    return c;
  }
  static std::vector<ResultDecl> results() {
    return {{"", ResultKind::array, "the score (a Float64Array, one per output, when multioutput is 'raw_values')"}};
  }
  static FunctionResult run(const FunctionArrays& a, const typename fn::RegressionMetric<S>::Params& o) {
    const Vector w = Eigen::Map<const Vector>(o.sample_weight.data(), static_cast<Index>(o.sample_weight.size()));
    OutputScores per_output = S.compute(a[0], a[1], w);
    if (!o.squared) per_output.scores = per_output.scores.cwiseSqrt();
    const Vector scores = per_output.combined(o.multioutput);
    if (o.multioutput == Multioutput::raw_values) return FunctionResult().add("", NdArray::from(scores));
    return FunctionResult().add("", NdArray::scalar(scores[0]));
  }
};

}  // namespace wasmlearn
