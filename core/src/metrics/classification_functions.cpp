// The runs of the classification metrics' declarations: options to the core's arguments.
#include "wasmlearn/metrics/classification_functions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wasmlearn {

namespace {
IntVector codes(const Eigen::Map<const Matrix>& a) { return a.col(0).cast<int>(); }
LabelledPair pair_of(const FunctionArrays& a, const std::vector<double>& sample_weight) {
  return LabelledPair(codes(a[0]), codes(a[1]), sample_weight);
}
// A labels_or_indicator argument with more than one column is an indicator matrix.
bool multilabel(const Eigen::Map<const Matrix>& a) { return a.cols() > 1; }
// One score, or one per class or label when no average is asked for (a binary score is one number).
NdArray averaged(const Vector& scores, const std::optional<Average>& average, const Eigen::Map<const Matrix>& y_score) {
  return !average && y_score.cols() > 1 ? NdArray::from(scores) : NdArray::scalar(scores[0]);
}
}  // namespace

ZeroDivision zero_division_of(const ZeroDivisionOption& option) {
  if (const auto* word = std::get_if<ZeroDivisionWord>(&option))
    return *word == ZeroDivisionWord::warn ? ZeroDivision{0.0, true}
                                           : ZeroDivision{std::numeric_limits<double>::quiet_NaN(), false};
  const double v = std::get<double>(option);
  if (v != 0 && v != 1) throw InvalidArgument("zeroDivision must be 'warn', 0, 1 or 'nan', got " + format_number(v));
  return {v, false};
}

int curve_pos_label(const std::optional<double>& option, const CallContext& context, int present) {
  if (option) return static_cast<int>(*option);
  std::vector<std::string> names(context.class_names.begin(),
                                 context.class_names.begin() + std::min<std::size_t>(context.class_names.size(), static_cast<std::size_t>(present)));
  auto within = [&](std::vector<std::string> allowed) {
    return std::all_of(names.begin(), names.end(), [&](const std::string& n) { return std::count(allowed.begin(), allowed.end(), n) > 0; });
  };
  if (!within({"0", "1"}) && !within({"-1", "1"})) {
    std::string shown;
    for (const auto& n : names) shown += (shown.empty() ? "" : ", ") + n;
    throw InvalidArgument("yTrue takes values in {" + shown +
                          "} and posLabel is not specified: either make yTrue take values in {0, 1} or {-1, 1} or "
                          "pass posLabel explicitly");
  }
  const auto one = std::find(names.begin(), names.end(), "1");
  return static_cast<int>(one - names.begin());  // `present` when 1 is absent: no sample is positive
}

FunctionResult Describe<fn::ConfusionMatrix>::run(const FunctionArrays& a, const P& o) {
  const LabelledPair s = pair_of(a, o.sample_weight);
  if (!o.labels.empty() &&
      std::none_of(o.labels.begin(), o.labels.end(), [&](double c) { return (s.y_true.array() == static_cast<int>(c)).any(); }))
    throw InvalidArgument("At least one label specified in labels must be in yTrue");
  Matrix cm = confusion_matrix(s, metric_labels(s, o.labels));
  if (o.normalize) {
    // A row or column with no samples stays 0 (scikit-learn's nan_to_num).
    auto divide = [](auto&& block) {
      const double total = block.sum();
      if (total != 0) block /= total;
    };
    if (*o.normalize == Normalize::true_rows)
      for (Index i = 0; i < cm.rows(); ++i) divide(cm.row(i));
    else if (*o.normalize == Normalize::pred_columns)
      for (Index j = 0; j < cm.cols(); ++j) divide(cm.col(j));
    else
      divide(cm);
  }
  return FunctionResult().add("", NdArray::from(cm));
}

FunctionResult Describe<fn::PrecisionRecallFscoreSupport>::run(const FunctionArrays& a, const P& o) {
  PrfsOptions options;
  options.beta = o.beta;
  options.labels = o.labels;
  options.pos_label = static_cast<int>(o.pos_label);
  options.average = o.average;
  options.zero_division = zero_division_of(o.zero_division);
  FunctionResult r;
  const Prfs prfs = precision_recall_fscore_support(pair_of(a, o.sample_weight), options, r.warnings);
  auto shaped = [&](const Vector& v) { return o.average ? NdArray::scalar(v[0]) : NdArray::from(v); };
  r.add("precision", shaped(prfs.precision)).add("recall", shaped(prfs.recall)).add("fbetaScore", shaped(prfs.fscore));
  if (!o.average) r.add("support", NdArray::from(prfs.support));
  return r;
}

FunctionResult Describe<fn::ClassificationReport>::run(const FunctionArrays& a, const P& o, const CallContext& context) {
  FunctionResult r;
  const LabelledPair s = pair_of(a, o.sample_weight);
  std::vector<std::string> names = context.class_names;
  // Called without the JS layer's names (natively): the codes name themselves.
  for (std::size_t c = names.size(); c < static_cast<std::size_t>(s.present) + o.labels.size(); ++c) names.push_back(std::to_string(c));
  const ReportOptions options{o.labels, o.target_names, static_cast<int>(o.digits), o.output_dict,
                              zero_division_of(o.zero_division)};
  const std::string report = classification_report(s, names, options, r.warnings);
  // The object form is already JSON text, in scikit-learn's key order.
  return r.add("", std::vector<std::string>{o.output_dict ? report : json(report).dump()});
}

FunctionResult Describe<fn::BalancedAccuracyScore>::run(const FunctionArrays& a, const P& o) {
  FunctionResult r;
  return r.add("", NdArray::scalar(balanced_accuracy_score(pair_of(a, o.sample_weight), o.adjusted, r.warnings)));
}

FunctionResult Describe<fn::MatthewsCorrcoef>::run(const FunctionArrays& a, const P& o) {
  return FunctionResult().add("", NdArray::scalar(matthews_corrcoef(pair_of(a, o.sample_weight))));
}

FunctionResult Describe<fn::CohenKappaScore>::run(const FunctionArrays& a, const P& o) {
  FunctionResult r;
  return r.add("", NdArray::scalar(cohen_kappa_score(pair_of(a, o.sample_weight), o.labels, o.weights.value_or(KappaWeights::none), r.warnings)));
}

FunctionResult Describe<fn::ZeroOneLoss>::run(const FunctionArrays& a, const P& o) {
  return FunctionResult().add("", NdArray::scalar(zero_one_loss(pair_of(a, o.sample_weight), o.normalize)));
}

FunctionResult Describe<fn::LogLoss>::run(const FunctionArrays& a, const P& o) {
  FunctionResult r;
  return r.add("", NdArray::scalar(log_loss(codes(a[0]), a[1], o.labels, o.normalize, o.sample_weight, r.warnings)));
}

FunctionResult Describe<fn::BrierScoreLoss>::run(const FunctionArrays& a, const P& o, const CallContext& context) {
  const IntVector y = codes(a[0]);
  const int pos = curve_pos_label(o.pos_label, context, y.size() ? y.maxCoeff() + 1 : 0);
  return FunctionResult().add("", NdArray::scalar(brier_score_loss(y, a[1].col(0), pos, o.sample_weight)));
}

FunctionResult Describe<fn::HingeLoss>::run(const FunctionArrays& a, const P& o) {
  return FunctionResult().add("", NdArray::scalar(hinge_loss(codes(a[0]), a[1], o.labels, o.sample_weight)));
}

FunctionResult Describe<fn::RocAucScore>::run(const FunctionArrays& a, const P& o) {
  const double max_fpr = o.max_fpr.value_or(1);
  if (!multilabel(a[0]))
    return FunctionResult().add("", NdArray::scalar(roc_auc_score(codes(a[0]), a[1], o.average, o.multi_class, o.labels,
                                                                  o.sample_weight, max_fpr)));
  if (!o.labels.empty())
    throw InvalidArgument("labels applies to multiclass yTrue, not to a multilabel indicator matrix");
  return FunctionResult().add(
      "", averaged(roc_auc_score(a[0], a[1], o.average, o.sample_weight, max_fpr), o.average, a[1]));
}

FunctionResult Describe<fn::AveragePrecisionScore>::run(const FunctionArrays& a, const P& o) {
  FunctionResult r;
  if (!multilabel(a[0]))
    return r.add("", averaged(average_precision_score(codes(a[0]), a[1], static_cast<int>(o.pos_label), o.average,
                                                      o.sample_weight, r.warnings),
                              o.average, a[1]));
  if (o.pos_label != 1)
    throw InvalidArgument("posLabel is fixed to 1 for a multilabel indicator yTrue: leave it out or set it to 1");
  return r.add("",
               averaged(average_precision_score(a[0], a[1], o.average, o.sample_weight, r.warnings), o.average, a[1]));
}

}  // namespace wasmlearn
