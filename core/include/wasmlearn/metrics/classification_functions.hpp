// The declarations of sklearn.metrics' classification and ranking functions (JS namespace `metrics`);
// see base/function.hpp. Labels of any kind reach the core as codes of one sorted set of classes; a
// label option (labels, posLabel) is coded with the same classes.
#pragma once
#include <optional>
#include <variant>

#include "wasmlearn/base/function.hpp"
#include "wasmlearn/metrics/classification.hpp"
#include "wasmlearn/metrics/ranking.hpp"

namespace wasmlearn {

enum class ZeroDivisionWord { warn, nan };
using ZeroDivisionOption = std::variant<ZeroDivisionWord, double>;
enum class Normalize { true_rows, pred_columns, all };

// The options shared by the classification metrics, declared once each.
namespace metric_params {
template <class P>
auto labels() {
  return param("labels", &P::labels, "the labels to report on, in this order (empty: every label of the arrays, sorted)")
      .of_labels();
}
template <class P>
auto sample_weight() {
  return param("sampleWeight", &P::sample_weight, "one weight per sample (empty: all 1)");
}
template <class P>
auto pos_label() {
  return param("posLabel", &P::pos_label, "the positive class when average is 'binary'").of_labels();
}
template <class P>
auto zero_division() {
  return param("zeroDivision", &P::zero_division,
               "the value of a ratio 0/0: 0, 1, 'nan', or 'warn' (0 with a warning)",
               {{"warn", ZeroDivisionWord::warn}, {"nan", ZeroDivisionWord::nan}}, between(0, 1));
}
// A curve's positive class: null means 1 when yTrue's labels are {0, 1} or {-1, 1} (else an error).
template <class P>
auto curve_pos_label() {
  return param("posLabel", &P::pos_label, "the positive class (null: 1 for labels {0, 1} or {-1, 1})").of_labels();
}
}  // namespace metric_params

ZeroDivision zero_division_of(const ZeroDivisionOption& option);
// The positive class's code for a curve: the option, or 1's code when the classes are {0, 1} / {-1, 1}.
int curve_pos_label(const std::optional<double>& option, const CallContext& context, int present);

inline std::vector<Choice<Average>> average_choices() {
  return {{"binary", Average::binary}, {"micro", Average::micro}, {"macro", Average::macro}, {"weighted", Average::weighted}};
}

namespace fn {
struct ConfusionMatrix {
  struct Params {
    std::vector<double> labels, sample_weight;
    std::optional<Normalize> normalize;
  };
};
// Precision, recall, F-beta and F1 share one declaration, told apart by `Which`.
enum class PrfWhich { precision, recall, f1, fbeta };
template <PrfWhich W>
struct PrfScore {
  struct Params {
    std::vector<double> labels, sample_weight;
    double pos_label = 1;
    std::optional<Average> average = Average::binary;
    ZeroDivisionOption zero_division = ZeroDivisionWord::warn;
    double beta = 1;
  };
};
struct PrecisionRecallFscoreSupport {
  struct Params {
    double beta = 1;
    std::vector<double> labels, sample_weight;
    double pos_label = 1;
    std::optional<Average> average;
    ZeroDivisionOption zero_division = ZeroDivisionWord::warn;
  };
};
struct ClassificationReport {
  struct Params {
    std::vector<double> labels, sample_weight;
    std::optional<std::vector<std::string>> target_names;
    Index digits = 2;
    bool output_dict = false;
    ZeroDivisionOption zero_division = ZeroDivisionWord::warn;
  };
};
struct BalancedAccuracyScore {
  struct Params {
    std::vector<double> sample_weight;
    bool adjusted = false;
  };
};
struct MatthewsCorrcoef {
  struct Params {
    std::vector<double> sample_weight;
  };
};
struct CohenKappaScore {
  struct Params {
    std::vector<double> labels, sample_weight;
    std::optional<KappaWeights> weights;  // null: none, as scikit-learn's None
  };
};
struct ZeroOneLoss {
  struct Params {
    bool normalize = true;
    std::vector<double> sample_weight;
  };
};
struct LogLoss {
  struct Params {
    bool normalize = true;
    std::vector<double> sample_weight, labels;
  };
};
struct BrierScoreLoss {
  struct Params {
    std::vector<double> sample_weight;
    std::optional<double> pos_label;
  };
};
struct HingeLoss {
  struct Params {
    std::vector<double> labels, sample_weight;
  };
};
struct RocAucScore {
  struct Params {
    std::optional<Average> average = Average::macro;
    std::vector<double> sample_weight, labels;
    MultiClass multi_class = MultiClass::raise;
    std::optional<double> max_fpr;
  };
};
// rocCurve and precisionRecallCurve share one declaration.
template <bool Roc>
struct CurveFunction {
  struct Params {
    std::optional<double> pos_label;
    std::vector<double> sample_weight;
    bool drop_intermediate = Roc;
  };
};
struct AveragePrecisionScore {
  struct Params {
    std::optional<Average> average = Average::macro;
    double pos_label = 1;
    std::vector<double> sample_weight;
  };
};
}  // namespace fn

// The averages of a ranking score over classes or labels (multilabel: scikit-learn's
// _average_binary_score; multiclass rocAucScore takes 'macro' and 'weighted' only).
inline std::vector<Choice<Average>> ranking_average_choices() {
  return {{"micro", Average::micro},
          {"macro", Average::macro},
          {"weighted", Average::weighted},
          {"samples", Average::samples}};
}
// yTrue of a ranking score: labels, or a multilabel indicator matrix.
inline ArrayArg ranking_truth() {
  return {"yTrue", ArrayKind::labels_or_indicator,
          "true labels, or a 0/1 indicator matrix with one column per label (multilabel)"};
}

// The arrays (yTrue, yPred) of the label-against-label metrics.
inline std::vector<ArrayArg> label_pair_arrays() {
  return {{"yTrue", ArrayKind::labels, "true labels (numbers or strings)"},
          {"yPred", ArrayKind::labels, "predicted labels, of the same kind"}};
}

template <>
struct Describe<fn::ConfusionMatrix> {
  using P = fn::ConfusionMatrix::Params;
  static constexpr const char* name = "confusionMatrix";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc =
      "counts (or weights) of samples by true label (rows) and predicted label (columns), optionally normalised";
  static std::vector<ArrayArg> arrays() { return label_pair_arrays(); }
  static auto params() {
    return std::make_tuple(
        metric_params::labels<P>(), metric_params::sample_weight<P>(),
        param("normalize", &P::normalize, "divide by the true totals (rows), predicted totals (columns) or all (null: counts)",
              {{"true", Normalize::true_rows}, {"pred", Normalize::pred_columns}, {"all", Normalize::all}}));
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::matrix, "the k x k matrix"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

template <fn::PrfWhich W>
struct Describe<fn::PrfScore<W>> {
  using P = typename fn::PrfScore<W>::Params;
  static constexpr const char* name = W == fn::PrfWhich::precision ? "precisionScore"
                                      : W == fn::PrfWhich::recall  ? "recallScore"
                                      : W == fn::PrfWhich::f1      ? "f1Score"
                                                                   : "fbetaScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc =
      W == fn::PrfWhich::precision ? "precision tp / (tp + fp) of the positive class, or per label averaged"
      : W == fn::PrfWhich::recall  ? "recall tp / (tp + fn) of the positive class, or per label averaged"
      : W == fn::PrfWhich::f1      ? "F1, the harmonic mean of precision and recall (≥ 1.3: from the counts, so 0/0 follows zeroDivision)"
                                   : "F-beta, recall weighted beta times as much as precision (≥ 1.3: from the counts)";
  static std::vector<ArrayArg> arrays() { return label_pair_arrays(); }
  static auto params() {
    auto common = std::make_tuple(
        metric_params::labels<P>(), metric_params::pos_label<P>(),
        param("average", &P::average, "how labels are combined (null: one score per label)", average_choices()),
        metric_params::sample_weight<P>(), metric_params::zero_division<P>());
    if constexpr (W == fn::PrfWhich::fbeta)
      return std::tuple_cat(std::make_tuple(param("beta", &P::beta, "weight of recall against precision", at_least(0))), common);
    else
      return common;
  }
  static std::vector<ResultDecl> results() {
    return {{"", ResultKind::array, "the score (a Float64Array, one per label, when average is null)"}};
  }
  static FunctionResult run(const FunctionArrays& a, const P& o) {
    PrfsOptions options;
    options.labels = o.labels;
    options.pos_label = static_cast<int>(o.pos_label);
    options.average = o.average;
    options.zero_division = zero_division_of(o.zero_division);
    options.beta = W == fn::PrfWhich::f1 ? 1.0 : o.beta;
    options.warn_for = {W == fn::PrfWhich::precision ? "precision" : W == fn::PrfWhich::recall ? "recall" : "f-score"};
    FunctionResult r;
    const LabelledPair s(a[0].col(0).cast<int>(), a[1].col(0).cast<int>(), o.sample_weight);
    const Prfs prfs = precision_recall_fscore_support(s, options, r.warnings);
    const Vector& v = W == fn::PrfWhich::precision ? prfs.precision : W == fn::PrfWhich::recall ? prfs.recall : prfs.fscore;
    return r.add("", options.average ? NdArray::scalar(v[0]) : NdArray::from(v));
  }
};

template <>
struct Describe<fn::PrecisionRecallFscoreSupport> {
  using P = fn::PrecisionRecallFscoreSupport::Params;
  static constexpr const char* name = "precisionRecallFscoreSupport";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc =
      "precision, recall, F-beta and support per label (average null) or averaged (support then null)";
  static std::vector<ArrayArg> arrays() { return label_pair_arrays(); }
  static auto params() {
    return std::make_tuple(param("beta", &P::beta, "weight of recall against precision", at_least(0)),
                           metric_params::labels<P>(), metric_params::pos_label<P>(),
                           param("average", &P::average, "how labels are combined (null: per label)", average_choices()),
                           metric_params::sample_weight<P>(), metric_params::zero_division<P>());
  }
  static std::vector<ResultDecl> results() {
    return {{"precision", ResultKind::array, "precision"},
            {"recall", ResultKind::array, "recall"},
            {"fbetaScore", ResultKind::array, "F-beta"},
            {"support", ResultKind::array, "true samples (weighted) per label; null when averaged"}};
  }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

template <>
struct Describe<fn::ClassificationReport> {
  using P = fn::ClassificationReport::Params;
  static constexpr const char* name = "classificationReport";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc =
      "scikit-learn's text report of precision, recall, F1 and support per label with the accuracy and averages, "
      "or the same as an object (outputDict)";
  static std::vector<ArrayArg> arrays() { return label_pair_arrays(); }
  static auto params() {
    return std::make_tuple(metric_params::labels<P>(),
                           param("targetNames", &P::target_names,
                                 "display names of the report's rows, one per label in the order of labels (null: "
                                 "the labels themselves)"),
                           metric_params::sample_weight<P>(),
                           param("digits", &P::digits, "digits of the text's numbers", at_least(0)),
                           param("outputDict", &P::output_dict, "return an object keyed by label instead of text"),
                           metric_params::zero_division<P>());
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::json, "the report (text, or an object)"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o, const CallContext& context);
};

template <>
struct Describe<fn::BalancedAccuracyScore> {
  using P = fn::BalancedAccuracyScore::Params;
  static constexpr const char* name = "balancedAccuracyScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "mean recall over the classes of yTrue (adjusted: 0 for chance, 1 for perfect)";
  static std::vector<ArrayArg> arrays() { return label_pair_arrays(); }
  static auto params() {
    return std::make_tuple(metric_params::sample_weight<P>(),
                           param("adjusted", &P::adjusted, "rescale so that chance scores 0"));
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the balanced accuracy"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

template <>
struct Describe<fn::MatthewsCorrcoef> {
  using P = fn::MatthewsCorrcoef::Params;
  static constexpr const char* name = "matthewsCorrcoef";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "Matthews correlation coefficient (multiclass: Gorodkin's R_K), 0 when undefined";
  static std::vector<ArrayArg> arrays() { return label_pair_arrays(); }
  static auto params() { return std::make_tuple(metric_params::sample_weight<P>()); }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the coefficient, in [-1, 1]"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

template <>
struct Describe<fn::CohenKappaScore> {
  using P = fn::CohenKappaScore::Params;
  static constexpr const char* name = "cohenKappaScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "Cohen's kappa, the agreement of two raters beyond chance (NaN with a warning when undefined)";
  static std::vector<ArrayArg> arrays() {
    return {{"y1", ArrayKind::labels, "labels of the first rater"}, {"y2", ArrayKind::labels, "labels of the second rater"}};
  }
  static auto params() {
    return std::make_tuple(metric_params::labels<P>(),
                           param("weights", &P::weights, "cost of a disagreement by distance between label ranks (null or 'none': 1 for any)",
                                 {{"none", KappaWeights::none}, {"linear", KappaWeights::linear}, {"quadratic", KappaWeights::quadratic}}),
                           metric_params::sample_weight<P>());
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "kappa"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

template <>
struct Describe<fn::ZeroOneLoss> {
  using P = fn::ZeroOneLoss::Params;
  static constexpr const char* name = "zeroOneLoss";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "fraction (normalize) or number of misclassified samples";
  static std::vector<ArrayArg> arrays() { return label_pair_arrays(); }
  static auto params() {
    return std::make_tuple(param("normalize", &P::normalize, "a fraction rather than a count"), metric_params::sample_weight<P>());
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the loss"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

template <>
struct Describe<fn::LogLoss> {
  using P = fn::LogLoss::Params;
  static constexpr const char* name = "logLoss";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc =
      "cross-entropy of predicted probabilities, clipped to [ε, 1 - ε]; as scikit-learn ≥ 1.5, rows are not "
      "renormalised and a row that does not sum to 1 gives a warning";
  static std::vector<ArrayArg> arrays() {
    return {{"yTrue", ArrayKind::labels, "true labels"},
            {"yPred", ArrayKind::targets, "probabilities: one column per class (sorted labels), or of the greater of two classes"}};
  }
  static auto params() {
    return std::make_tuple(param("normalize", &P::normalize, "the mean rather than the sum"), metric_params::sample_weight<P>(),
                           metric_params::labels<P>());
  }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the loss"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

template <>
struct Describe<fn::BrierScoreLoss> {
  using P = fn::BrierScoreLoss::Params;
  static constexpr const char* name = "brierScoreLoss";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc = "mean squared difference between the positive class's probability and the outcome (binary)";
  static std::vector<ArrayArg> arrays() {
    return {{"yTrue", ArrayKind::labels, "true labels (two classes)"},
            {"yProba", ArrayKind::vector, "probability of the positive class"}};
  }
  static auto params() { return std::make_tuple(metric_params::sample_weight<P>(), metric_params::curve_pos_label<P>()); }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the loss"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o, const CallContext& context);
};

template <>
struct Describe<fn::HingeLoss> {
  using P = fn::HingeLoss::Params;
  static constexpr const char* name = "hingeLoss";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc =
      "mean hinge loss of decision values (binary: one column, the greater class positive; multiclass: Crammer-Singer)";
  static std::vector<ArrayArg> arrays() {
    return {{"yTrue", ArrayKind::labels, "true labels"},
            {"predDecision", ArrayKind::targets, "decision values: one per sample, or one column per label"}};
  }
  static auto params() { return std::make_tuple(metric_params::labels<P>(), metric_params::sample_weight<P>()); }
  static std::vector<ResultDecl> results() { return {{"", ResultKind::number, "the loss"}}; }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

template <>
struct Describe<fn::RocAucScore> {
  using P = fn::RocAucScore::Params;
  static constexpr const char* name = "rocAucScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc =
      "area under the ROC curve: binary (scores of the greater class), multiclass one-vs-rest / one-vs-one on "
      "probabilities, or multilabel (one score column per label)";
  static std::vector<ArrayArg> arrays() {
    return {ranking_truth(),
            {"yScore", ArrayKind::targets,
             "scores: one per sample (binary), probabilities, one column per class, or one column per label"}};
  }
  static auto params() {
    return std::make_tuple(
        param("average", &P::average,
              "multiclass: the mean over classes or pairs, uniform ('macro') or weighted by prevalence; multilabel "
              "also 'micro' (every entry one sample), 'samples' (per row) and null (one area per label)",
              ranking_average_choices()),
        metric_params::sample_weight<P>(),
        param("multiClass", &P::multi_class, "multiclass strategy (needed for multiclass yTrue)",
              {{"raise", MultiClass::raise}, {"ovr", MultiClass::ovr}, {"ovo", MultiClass::ovo}}),
        metric_params::labels<P>(),
        param("maxFpr", &P::max_fpr,
              "binary: the standardised partial area (McClish) up to this false positive rate; null: the whole area",
              Range{0, 1, true, false}));
  }
  static std::vector<ResultDecl> results() {
    return {{"", ResultKind::array, "the area (a Float64Array, one per label, when average is null)"}};
  }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

template <bool Roc>
struct Describe<fn::CurveFunction<Roc>> {
  using P = typename fn::CurveFunction<Roc>::Params;
  static constexpr const char* name = Roc ? "rocCurve" : "precisionRecallCurve";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc =
      Roc ? "false and true positive rates at each distinct score (≥ 1.3: the first threshold is Infinity)"
          : "precision and recall at each distinct score, recall decreasing, ending at (1, 0)";
  static std::vector<ArrayArg> arrays() {
    return {{"yTrue", ArrayKind::labels, "true labels (two classes)"},
            {"yScore", ArrayKind::vector, "scores of the positive class"}};
  }
  static auto params() {
    return std::make_tuple(metric_params::curve_pos_label<P>(), metric_params::sample_weight<P>(),
                           param("dropIntermediate", &P::drop_intermediate, "leave out points that do not change the curve's shape"));
  }
  static std::vector<ResultDecl> results() {
    if constexpr (Roc)
      return {{"fpr", ResultKind::vector, "false positive rates, increasing"},
              {"tpr", ResultKind::vector, "true positive rates, increasing"},
              {"thresholds", ResultKind::vector, "the score thresholds, decreasing"}};
    else
      return {{"precision", ResultKind::vector, "precision"},
              {"recall", ResultKind::vector, "recall, decreasing"},
              {"thresholds", ResultKind::vector, "the score thresholds, increasing"}};
  }
  static FunctionResult run(const FunctionArrays& a, const P& o, const CallContext& context) {
    FunctionResult r;
    const IntVector y = a[0].col(0).cast<int>();
    const int pos = curve_pos_label(o.pos_label, context, y.size() ? y.maxCoeff() + 1 : 0);
    const Curve c = Roc ? roc_curve(y, a[1].col(0), pos, o.sample_weight, o.drop_intermediate, r.warnings)
                        : precision_recall_curve(y, a[1].col(0), pos, o.sample_weight, o.drop_intermediate, r.warnings);
    r.add(Roc ? "fpr" : "precision", NdArray::from(c.x));
    r.add(Roc ? "tpr" : "recall", NdArray::from(c.y));
    return r.add("thresholds", NdArray::from(c.thresholds));
  }
};

template <>
struct Describe<fn::AveragePrecisionScore> {
  using P = fn::AveragePrecisionScore::Params;
  static constexpr const char* name = "averagePrecisionScore";
  static constexpr const char* module = "metrics";
  static constexpr const char* doc =
      "area under the precision-recall step curve: binary, multiclass one-vs-rest, or multilabel (one score column "
      "per label), averaged over classes or labels";
  static std::vector<ArrayArg> arrays() {
    return {ranking_truth(),
            {"yScore", ArrayKind::targets, "scores of the positive class, or one column per class or label"}};
  }
  static auto params() {
    return std::make_tuple(
        param("average", &P::average,
              "multiclass and multilabel: the mean over classes, uniform ('macro') or weighted by "
              "support, 'micro' (every entry one sample), 'samples' (per row) or null (one per class)",
              ranking_average_choices()),
        param("posLabel", &P::pos_label, "the positive class (binary; 1 for multilabel)").of_labels(),
        metric_params::sample_weight<P>());
  }
  static std::vector<ResultDecl> results() {
    return {{"", ResultKind::array, "the average precision (a Float64Array, one per class, when average is null)"}};
  }
  static FunctionResult run(const FunctionArrays& a, const P& o);
};

}  // namespace wasmlearn
