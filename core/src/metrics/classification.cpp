#include "wasmlearn/metrics/classification.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/squarable.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

namespace {

int present_classes(IntVectorRef y, const char* name) {
  if (y.size() == 0) throw InvalidArgument(std::string(name) + " is empty");
  return check_class_codes(y, name);
}

// tp / denominator per entry; 0/0 gives the zeroDivision value and, with 'warn', scikit-learn's warning.
Vector divide(const Vector& numerator, const Vector& denominator, const char* metric, const char* modifier,
              bool warn_for_this, ZeroDivision zd, Warnings& warnings) {
  Vector out(numerator.size());
  bool undefined = false;
  for (Index i = 0; i < out.size(); ++i) {
    undefined |= denominator[i] == 0;
    out[i] = denominator[i] == 0 ? zd.value : numerator[i] / denominator[i];
  }
  if (undefined && zd.warn && warn_for_this)
    warnings.add(WarningKind::data, std::string(metric) + " is ill-defined and being set to 0.0 " +
                 (out.size() > 1 ? "in labels with" : "due to") + " no " + modifier +
                 " samples. Use `zeroDivision` parameter to control this behavior.");
  return out;
}

// Left to right, as numpy sums the few entries of a per-label array.
double sequential_sum(const Vector& v) {
  double sum = 0;
  for (Index i = 0; i < v.size(); ++i) sum += v[i];
  return sum;
}

bool listed(const std::vector<std::string>& names, const char* name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Mean of the non-NaN entries, weighted when `weights` is given; all-zero weights are ignored (≥ 1.5).
double nan_average(const Vector& values, const Vector* weights) {
  double sum = 0, total = 0, plain_sum = 0;
  Index count = 0;
  for (Index i = 0; i < values.size(); ++i) {
    if (std::isnan(values[i])) continue;
    const double w = weights ? (*weights)[i] : 1.0;
    sum += w * values[i];
    total += w;
    plain_sum += values[i];
    ++count;
  }
  if (count == 0) return std::numeric_limits<double>::quiet_NaN();
  return total > 0 ? sum / total : plain_sum / static_cast<double>(count);
}

}  // namespace

Vector sample_weights(const std::vector<double>& sample_weight, Index n) {
  if (sample_weight.empty()) return Vector();
  const Vector w = Eigen::Map<const Vector>(sample_weight.data(), static_cast<Index>(sample_weight.size()));
  if (w.size() != n)
    throw InvalidArgument("sampleWeight has " + std::to_string(w.size()) + " entries but yTrue has " + std::to_string(n));
  check_finite(w, "sampleWeight");
  if (w.minCoeff() < 0) throw InvalidArgument("sampleWeight must be non-negative");
  return w;
}

LabelledPair::LabelledPair(IntVectorRef t, IntVectorRef p, const std::vector<double>& sample_weight)
    : y_true(t), y_pred(p) {
  if (t.size() != p.size())
    throw InvalidArgument("yTrue and yPred must have the same length, got " + std::to_string(t.size()) + " and " +
                          std::to_string(p.size()));
  present = std::max(present_classes(t, "yTrue"), present_classes(p, "yPred"));
  weights = sample_weights(sample_weight, t.size());
}

std::vector<int> metric_labels(const LabelledPair& s, const std::vector<double>& given) {
  std::vector<int> labels;
  if (given.empty())
    for (int c = 0; c < s.present; ++c) labels.push_back(c);
  for (double c : given) labels.push_back(static_cast<int>(c));
  return labels;
}

Matrix confusion_matrix(const LabelledPair& s, const std::vector<int>& labels) {
  const int codes = std::max(s.present, labels.empty() ? 0 : *std::max_element(labels.begin(), labels.end()) + 1);
  std::vector<int> row_of(static_cast<std::size_t>(codes), -1);
  for (std::size_t k = 0; k < labels.size(); ++k) row_of[static_cast<std::size_t>(labels[k])] = static_cast<int>(k);
  const Index k = static_cast<Index>(labels.size());
  Matrix cm = Matrix::Zero(k, k);
  for (Index i = 0; i < s.y_true.size(); ++i) {
    const int r = row_of[static_cast<std::size_t>(s.y_true[i])], c = row_of[static_cast<std::size_t>(s.y_pred[i])];
    if (r >= 0 && c >= 0) cm(r, c) += s.weight(i);
  }
  return cm;
}

Prfs precision_recall_fscore_support(const LabelledPair& s, const PrfsOptions& o, Warnings& warnings) {
  std::vector<int> labels = metric_labels(s, o.labels);
  if (o.average == Average::binary) {
    if (s.present > 2)
      throw InvalidArgument("Target is multiclass but average='binary'. Choose another average setting, one of "
                            "null, 'micro', 'macro', 'weighted'");
    if (o.pos_label >= s.present && s.present == 2)
      throw InvalidArgument("posLabel is not one of the labels of yTrue and yPred");
    labels = {o.pos_label};
  }
  // Per label: true positives, predicted and true totals (weighted), summed in sample order (as
  // scikit-learn's bincount, so that weighted supports print the same digits).
  const Index k = static_cast<Index>(labels.size());
  Vector tp = Vector::Zero(k), pred = Vector::Zero(k), truth = Vector::Zero(k);
  std::vector<Index> row_of(static_cast<std::size_t>(std::max(s.present, *std::max_element(labels.begin(), labels.end()) + 1)), -1);
  for (Index j = 0; j < k; ++j) row_of[static_cast<std::size_t>(labels[static_cast<std::size_t>(j)])] = j;
  for (Index i = 0; i < s.y_true.size(); ++i) {
    const Index t = row_of[static_cast<std::size_t>(s.y_true[i])], p = row_of[static_cast<std::size_t>(s.y_pred[i])];
    if (t >= 0) truth[t] += s.weight(i);
    if (p >= 0) pred[p] += s.weight(i);
    if (t >= 0 && s.y_true[i] == s.y_pred[i]) tp[t] += s.weight(i);
  }
  // scikit-learn takes the totals back from the multilabel confusion matrix, tp + (total - tp); so do we, for
  // the same last bits.
  pred = tp + (pred - tp);
  truth = tp + (truth - tp);
  if (o.average == Average::micro) {
    tp = Vector::Constant(1, sequential_sum(tp));
    pred = Vector::Constant(1, sequential_sum(pred));
    truth = Vector::Constant(1, sequential_sum(truth));
  }
  const ZeroDivision zd = o.zero_division;
  Prfs r;
  r.precision = divide(tp, pred, "Precision", "predicted", listed(o.warn_for, "precision"), zd, warnings);
  r.recall = divide(tp, truth, "Recall", "true", listed(o.warn_for, "recall"), zd, warnings);
  if (std::isinf(o.beta)) {
    r.fscore = r.recall;
  } else if (o.beta == 0) {
    r.fscore = r.precision;
  } else {
    // ≥ 1.3: F from the counts, (1 + β²) tp / (β² true + predicted), so 0/0 follows zeroDivision.
    const double b2 = o.beta * o.beta;
    r.fscore = divide((1 + b2) * tp, b2 * truth + pred, "F-score", "true nor predicted", listed(o.warn_for, "f-score"),
                      zd, warnings);
  }
  r.support = truth;
  if (!o.average || *o.average == Average::micro || *o.average == Average::binary) return r;
  const Vector* weights = *o.average == Average::weighted ? &truth : nullptr;
  r.precision = Vector::Constant(1, nan_average(r.precision, weights));
  r.recall = Vector::Constant(1, nan_average(r.recall, weights));
  r.fscore = Vector::Constant(1, nan_average(r.fscore, weights));
  return r;
}

double balanced_accuracy_score(const LabelledPair& s, bool adjusted, Warnings& warnings) {
  const Matrix cm = confusion_matrix(s, metric_labels(s, {}));
  double sum = 0;
  Index classes = 0;
  for (Index c = 0; c < cm.rows(); ++c) {
    const double support = cm.row(c).sum();
    if (support == 0) continue;
    sum += cm(c, c) / support;
    ++classes;
  }
  if (classes < cm.rows()) warnings.add(WarningKind::data, "yPred contains classes not in yTrue");
  double score = sum / static_cast<double>(classes);
  if (adjusted) {
    const double chance = 1.0 / static_cast<double>(classes);
    score = (score - chance) / (1 - chance);
  }
  return score;
}

// The (weighted) confusion matrix over a power of two that keeps the products of its sums within
// float64 (1 when its counts are within ±1e150): the coefficients below do not change when the
// weights are scaled.
static Matrix squarable_confusion_matrix(const LabelledPair& s, const std::vector<int>& labels) {
  Matrix cm = confusion_matrix(s, labels);
  cm /= power_of_two_scale(largest_magnitude(cm));
  return cm;
}

double matthews_corrcoef(const LabelledPair& s) {
  const Matrix cm = squarable_confusion_matrix(s, metric_labels(s, {}));
  const Vector t = cm.rowwise().sum(), p = cm.colwise().sum().transpose();
  const double n = p.sum(), correct = cm.trace();
  const double cov_tp = correct * n - t.dot(p), cov_pp = n * n - p.dot(p), cov_tt = n * n - t.dot(t);
  if (cov_pp * cov_tt == 0) return 0.0;
  return cov_tp / std::sqrt(cov_tt * cov_pp);
}

double cohen_kappa_score(const LabelledPair& s, const std::vector<double>& labels, KappaWeights weights,
                         Warnings& warnings) {
  const Matrix cm = squarable_confusion_matrix(s, metric_labels(s, labels));
  const Index k = cm.rows();
  const Vector rows = cm.rowwise().sum(), cols = cm.colwise().sum().transpose();
  const Matrix expected = rows * cols.transpose() / rows.sum();
  double observed_cost = 0, expected_cost = 0;
  for (Index i = 0; i < k; ++i)
    for (Index j = 0; j < k; ++j) {
      const double d = std::abs(static_cast<double>(i - j));
      const double w = weights == KappaWeights::none ? (i != j ? 1.0 : 0.0) : weights == KappaWeights::linear ? d : d * d;
      observed_cost += w * cm(i, j);
      expected_cost += w * expected(i, j);
    }
  if (expected_cost == 0) {
    warnings.add(WarningKind::data, "cohenKappaScore is undefined: the expected disagreement is 0 (both raters use one label)");
    return std::numeric_limits<double>::quiet_NaN();
  }
  return 1 - observed_cost / expected_cost;
}

namespace {
// The weight of the samples whose labels agree (or disagree), over the total weight when normalize.
double weight_where(const LabelledPair& s, bool agree, bool normalize) {
  double part = 0, total = 0;
  for (Index i = 0; i < s.y_true.size(); ++i) {
    total += s.weight(i);
    if ((s.y_true[i] == s.y_pred[i]) == agree) part += s.weight(i);
  }
  return normalize ? part / total : part;
}
}  // namespace

double zero_one_loss(const LabelledPair& s, bool normalize) { return weight_where(s, false, normalize); }
double accuracy_score(const LabelledPair& s, bool normalize) { return weight_where(s, true, normalize); }

namespace {

// Weighted mean of per-sample losses (or their weighted sum).
double weighted_mean(const Vector& losses, const Vector& w, bool normalize) {
  if (w.size() == 0) return normalize ? losses.mean() : losses.sum();
  return normalize ? losses.dot(w) / w.sum() : losses.dot(w);
}

// The score column of each sample: its class's position in `labels` (the columns' labels, in order),
// or its code when labels is empty (the columns are yTrue's sorted classes).
std::vector<Index> score_columns(IntVectorRef y_true, const std::vector<double>& labels, Index& classes) {
  const int present = present_classes(y_true, "yTrue");
  classes = labels.empty() ? present : static_cast<Index>(labels.size());
  std::vector<Index> column_of(static_cast<std::size_t>(present), -1);
  for (std::size_t j = 0; j < labels.size(); ++j)
    if (labels[j] < present) column_of[static_cast<std::size_t>(labels[j])] = static_cast<Index>(j);
  std::vector<Index> columns(static_cast<std::size_t>(y_true.size()));
  for (Index i = 0; i < y_true.size(); ++i) {
    const Index c = labels.empty() ? y_true[i] : column_of[static_cast<std::size_t>(y_true[i])];
    if (c < 0) throw InvalidArgument("labels must include every label of yTrue");
    columns[static_cast<std::size_t>(i)] = c;
  }
  return columns;
}

}  // namespace

double log_loss(IntVectorRef y_true, MatrixRef proba, const std::vector<double>& labels, bool normalize,
                const std::vector<double>& sample_weight, Warnings& warnings) {
  const Index n = y_true.size();
  if (proba.rows() != n)
    throw InvalidArgument("yPred has " + std::to_string(proba.rows()) + " rows but yTrue has " + std::to_string(n));
  check_finite_values(proba, "yPred");
  Index k = 0;
  const std::vector<Index> column = score_columns(y_true, labels, k);
  if (k == 1)
    throw InvalidArgument("yTrue contains only one label; give the true labels explicitly through the labels option");
  Matrix p = proba;
  if (p.cols() == 1) {
    p.resize(n, 2);
    p.col(1) = proba.col(0);
    p.col(0) = 1 - proba.col(0).array();
  }
  if (p.cols() != k)
    throw InvalidArgument("yTrue and yPred contain different numbers of classes, " + std::to_string(k) + " and " +
                          std::to_string(p.cols()) + "; give the true labels explicitly through the labels option");
  if (p.minCoeff() < 0 || p.maxCoeff() > 1) throw InvalidArgument("yPred must hold probabilities in [0, 1]");
  const double eps = std::numeric_limits<double>::epsilon();
  // ≥ 1.5: rows are not renormalised; a row far from summing to 1 warns (np.allclose, rtol √eps).
  const Vector sums = p.rowwise().sum();
  if (((sums.array() - 1).abs() > 1e-8 + std::sqrt(eps)).any())
    warnings.add(WarningKind::data, "The yPred values do not sum to one. Make sure to pass probabilities.");
  Vector losses(n);
  for (Index i = 0; i < n; ++i) losses[i] = -det_log(std::clamp(p(i, column[static_cast<std::size_t>(i)]), eps, 1 - eps));
  return weighted_mean(losses, sample_weights(sample_weight, n), normalize);
}

double brier_score_loss(IntVectorRef y_true, VectorRef proba, int pos_label, const std::vector<double>& sample_weight) {
  const Index n = y_true.size();
  if (proba.size() != n)
    throw InvalidArgument("yProba has " + std::to_string(proba.size()) + " entries but yTrue has " + std::to_string(n));
  check_finite(proba, "yProba");
  if (present_classes(y_true, "yTrue") > 2) throw InvalidArgument("brierScoreLoss needs binary yTrue, got more than 2 classes");
  if (proba.minCoeff() < 0 || proba.maxCoeff() > 1) throw InvalidArgument("yProba must hold probabilities in [0, 1]");
  Vector losses(n);
  for (Index i = 0; i < n; ++i) {
    const double miss = (y_true[i] == pos_label ? 1.0 : 0.0) - proba[i];
    losses[i] = miss * miss;
  }
  return weighted_mean(losses, sample_weights(sample_weight, n), true);
}

double hinge_loss(IntVectorRef y_true, MatrixRef decision, const std::vector<double>& labels,
                  const std::vector<double>& sample_weight) {
  const Index n = y_true.size();
  if (decision.rows() != n)
    throw InvalidArgument("predDecision has " + std::to_string(decision.rows()) + " rows but yTrue has " + std::to_string(n));
  check_finite_values(decision, "predDecision");
  Index k = 0;
  const std::vector<Index> column = score_columns(y_true, labels, k);
  Vector losses(n);
  if (k <= 2 && decision.cols() != 1)
    throw InvalidArgument("predDecision must have one column for two classes, got " + std::to_string(decision.cols()));
  if (decision.cols() == 1) {
    if (k > 2) throw InvalidArgument("predDecision has one column but yTrue has " + std::to_string(k) + " classes");
    // The greater class is +1, the other -1 (a single class is the negative one, as scikit-learn's binariser).
    for (Index i = 0; i < n; ++i) losses[i] = std::max(0.0, 1 - (y_true[i] == 1 ? 1.0 : -1.0) * decision(i, 0));
  } else {
    if (decision.cols() != k)
      throw InvalidArgument("predDecision has " + std::to_string(decision.cols()) + " columns but there are " +
                            std::to_string(k) + " classes; give every label through the labels option");
    for (Index i = 0; i < n; ++i) {
      const Index own = column[static_cast<std::size_t>(i)];
      double other = -std::numeric_limits<double>::infinity();
      for (Index j = 0; j < k; ++j)
        if (j != own) other = std::max(other, decision(i, j));
      losses[i] = std::max(0.0, 1 - (decision(i, own) - other));
    }
  }
  return weighted_mean(losses, sample_weights(sample_weight, n), true);
}

namespace {

std::string fixed(double v, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
  return buffer;
}
// Python pads by characters: the length of UTF-8 text in code points (continuation bytes not counted).
std::size_t text_width(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}
std::string right(const std::string& s, std::size_t width) {
  const std::size_t w = text_width(s);
  return w >= width ? s : std::string(width - w, ' ') + s;
}
// One column of the report: a space, then the text right-aligned in 9 (Python's " {:>9}").
std::string column(const std::string& s) { return " " + right(s, 9); }
// Python's str() of a support: an integer count, or the weighted total as Python prints a float.
std::string support_text(double v, bool weighted) {
  if (!weighted) return std::to_string(static_cast<long long>(v));
  const std::string s = format_number(v);
  return s.find_first_of(".eE") == std::string::npos && std::isfinite(v) ? s + ".0" : s;
}

}  // namespace

std::string classification_report(const LabelledPair& s, const std::vector<std::string>& names,
                                  const ReportOptions& options, Warnings& warnings) {
  const int digits = options.digits;
  const std::vector<int> rows = metric_labels(s, options.labels);
  // The micro average is the accuracy when every present class is reported.
  bool micro_is_accuracy = true;
  for (int c = 0; c < s.present; ++c) micro_is_accuracy &= std::find(rows.begin(), rows.end(), c) != rows.end();
  PrfsOptions o;
  o.labels.assign(rows.begin(), rows.end());
  o.zero_division = options.zero_division;
  o.average = std::nullopt;
  const Prfs per_label = precision_recall_fscore_support(s, o, warnings);
  const double total = sequential_sum(per_label.support);
  const bool weighted = s.weights.size() > 0;

  std::vector<std::string> row_names;
  for (int c : rows) row_names.push_back(names.at(static_cast<std::size_t>(c)));
  if (const auto& given = options.target_names) {
    if (given->size() != rows.size()) {
      const std::string sizes =
          std::to_string(rows.size()) + ", does not match size of targetNames, " + std::to_string(given->size());
      if (options.labels.empty())
        throw InvalidArgument("Number of classes, " + sizes + ". Try specifying the labels parameter");
      warnings.add(WarningKind::parameter, "labels size, " + sizes);
    }
    row_names = *given;  // every name sets the width, as scikit-learn's
  }
  std::size_t width = std::max<std::size_t>(std::string("weighted avg").size(), static_cast<std::size_t>(digits));
  for (const auto& name : row_names) width = std::max(width, text_width(name));
  const std::size_t shown_rows = std::min(rows.size(), row_names.size());

  nlohmann::ordered_json dict = nlohmann::ordered_json::object();  // in scikit-learn's key order
  std::string text = right("", width) + " " + column("precision") + column("recall") + column("f1-score") +
                     column("support") + "\n\n";
  auto add_row = [&](const std::string& name, double p, double r, double f, double support) {
    dict[name] = {{"precision", p}, {"recall", r}, {"f1-score", f}, {"support", support}};
    text += right(name, width) + " " + column(fixed(p, digits)) + column(fixed(r, digits)) + column(fixed(f, digits)) +
            column(support_text(support, weighted)) + "\n";
  };
  for (std::size_t k = 0; k < shown_rows; ++k)
    add_row(row_names[k], per_label.precision[static_cast<Index>(k)], per_label.recall[static_cast<Index>(k)],
            per_label.fscore[static_cast<Index>(k)], per_label.support[static_cast<Index>(k)]);
  text += "\n";
  for (Average average : {Average::micro, Average::macro, Average::weighted}) {
    o.average = average;
    const Prfs a = precision_recall_fscore_support(s, o, warnings);
    if (average == Average::micro && micro_is_accuracy) {
      dict["accuracy"] = a.fscore[0];
      text += right("accuracy", width) + " " + column("") + column("") + column(fixed(a.fscore[0], digits)) +
              column(support_text(total, weighted)) + "\n";
    } else {
      add_row(average == Average::micro ? "micro avg" : average == Average::macro ? "macro avg" : "weighted avg",
              a.precision[0], a.recall[0], a.fscore[0], total);
    }
  }
  return options.as_json ? dict.dump() : text;
}

}  // namespace wasmlearn
