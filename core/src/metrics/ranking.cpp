#include "wasmlearn/metrics/ranking.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <string>

#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

namespace {

// Cumulative (weighted) true and false positives at each distinct score, from the highest score down.
struct Counts {
  Vector fps, tps, thresholds;
};

Counts binary_counts(const std::vector<bool>& positive, VectorRef score, const Vector& w) {
  const Index n = score.size();
  check_finite(score, "yScore");
  // scikit-learn's order: a stable ascending sort, reversed (ties in reverse order of appearance).
  std::vector<Index> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), Index{0});
  std::stable_sort(order.begin(), order.end(), [&](Index a, Index b) { return score[a] < score[b]; });
  std::reverse(order.begin(), order.end());
  std::vector<double> fps, tps, thresholds;
  double tp = 0, fp = 0;
  for (Index r = 0; r < n; ++r) {
    const Index i = order[static_cast<std::size_t>(r)];
    const double weight = w.size() ? w[i] : 1.0;
    (positive[static_cast<std::size_t>(i)] ? tp : fp) += weight;
    // The last sample of a run of equal scores closes a threshold.
    if (r + 1 == n || score[order[static_cast<std::size_t>(r + 1)]] != score[i]) {
      tps.push_back(tp);
      fps.push_back(fp);
      thresholds.push_back(score[i]);
    }
  }
  auto vec = [](const std::vector<double>& v) { return Vector(Eigen::Map<const Vector>(v.data(), static_cast<Index>(v.size()))); };
  return {vec(fps), vec(tps), vec(thresholds)};
}

std::vector<bool> positives_of(IntVectorRef y_true, int pos_label) {
  std::vector<bool> positive(static_cast<std::size_t>(y_true.size()));
  for (Index i = 0; i < y_true.size(); ++i) positive[static_cast<std::size_t>(i)] = y_true[i] == pos_label;
  return positive;
}

void check_binary(IntVectorRef y_true, VectorRef score) {
  if (y_true.size() == 0) throw InvalidArgument("yTrue is empty");
  if (score.size() != y_true.size())
    throw InvalidArgument("yScore has " + std::to_string(score.size()) + " entries but yTrue has " +
                          std::to_string(y_true.size()));
  if (check_class_codes(y_true, "yTrue") > 2)
    throw InvalidArgument("yTrue must be binary for a curve, got more than 2 classes");
}

Vector keep(const Vector& v, const std::vector<Index>& kept) {
  Vector out(static_cast<Index>(kept.size()));
  for (std::size_t k = 0; k < kept.size(); ++k) out[static_cast<Index>(k)] = v[kept[k]];
  return out;
}

// Trapezoidal area under y(x), x monotonic (either direction).
double area(const Vector& x, const Vector& y) {
  double sum = 0;
  for (Index i = 0; i + 1 < x.size(); ++i) sum += (x[i + 1] - x[i]) * (y[i + 1] + y[i]) / 2;
  return std::abs(sum);
}

double binary_roc_auc(IntVectorRef y_true, VectorRef score, int pos_label, const std::vector<double>& sample_weight,
                      double max_fpr = 1) {
  const bool both = (y_true.array() == pos_label).any() && (y_true.array() != pos_label).any();
  if (!both) throw InvalidArgument("Only one class present in yTrue. ROC AUC score is not defined in that case.");
  Warnings ignored;
  const Curve c = roc_curve(y_true, score, pos_label, sample_weight, true, ignored);
  if (max_fpr >= 1) return area(c.x, c.y);
  // The curve cut at max_fpr (tpr interpolated as numpy.interp there; fpr ends at 1 > max_fpr), its
  // area standardised by McClish's correction: 0.5 for a chance ranking, 1 for a perfect one.
  const Index stop = std::upper_bound(c.x.data(), c.x.data() + c.x.size(), max_fpr) - c.x.data();
  Vector x(stop + 1), y(stop + 1);
  x.head(stop) = c.x.head(stop);
  y.head(stop) = c.y.head(stop);
  const double slope = (c.y[stop] - c.y[stop - 1]) / (c.x[stop] - c.x[stop - 1]);
  x[stop] = max_fpr;
  y[stop] = slope * (max_fpr - c.x[stop - 1]) + c.y[stop - 1];
  const double min_area = 0.5 * max_fpr * max_fpr, max_area = max_fpr;
  return 0.5 * (1 + (area(x, y) - min_area) / (max_area - min_area));
}

double binary_average_precision(IntVectorRef y_true, VectorRef score, int pos_label,
                                const std::vector<double>& sample_weight, Warnings& warnings) {
  const Curve c = precision_recall_curve(y_true, score, pos_label, sample_weight, false, warnings);
  double sum = 0;
  for (Index i = 0; i + 1 < c.y.size(); ++i) sum += (c.y[i + 1] - c.y[i]) * c.x[i];
  return std::max(0.0, -sum);  // ≥ 1.4 clips the -0.0 of rounding
}

// A binary score of 0/1 truths against scores, with optional weights (empty: all 1).
using BinaryScore = std::function<double(IntVectorRef, VectorRef, const std::vector<double>&)>;

// scikit-learn's _average_binary_score over the columns of a 0/1 indicator matrix (see ranking.hpp).
Vector average_binary_score(MatrixRef y_true, MatrixRef score, std::optional<Average> average,
                            const std::vector<double>& sample_weight, const BinaryScore& binary) {
  const Index n = y_true.rows(), labels = y_true.cols();
  if (score.rows() != n || score.cols() != labels)
    throw InvalidArgument("yScore must have the shape of yTrue, " + std::to_string(n) + "x" + std::to_string(labels) +
                          ", got " + std::to_string(score.rows()) + "x" + std::to_string(score.cols()));
  if (average == Average::binary)
    throw InvalidArgument("average must be 'micro', 'macro', 'weighted', 'samples' or null for multilabel targets");
  const Vector w = sample_weights(sample_weight, n);
  if (average == Average::micro) {
    // Every entry, row by row (numpy's ravel), is one sample with its row's weight.
    IntVector truth(n * labels);
    Vector scores(n * labels);
    std::vector<double> weights;
    for (Index i = 0; i < n; ++i)
      for (Index j = 0; j < labels; ++j) {
        truth[i * labels + j] = static_cast<int>(y_true(i, j));
        scores[i * labels + j] = score(i, j);
        if (w.size()) weights.push_back(w[i]);
      }
    return Vector::Constant(1, binary(truth, scores, weights));
  }
  const bool by_row = average == Average::samples;
  Vector weight_of;  // empty: a uniform mean
  if (average == Average::weighted) {
    weight_of = w.size() ? Vector(y_true.transpose() * w) : Vector(y_true.colwise().sum().transpose());
    if (std::abs(weight_of.sum()) <= 1e-8) return Vector::Zero(1);  // numpy.isclose(sum, 0)
  } else if (by_row) {
    weight_of = w;
  }
  const Index count = by_row ? n : labels;
  Vector scores(count);
  for (Index c = 0; c < count; ++c) {
    const IntVector truth = (by_row ? Vector(y_true.row(c).transpose()) : Vector(y_true.col(c))).cast<int>();
    const Vector s = by_row ? Vector(score.row(c).transpose()) : Vector(score.col(c));
    scores[c] = binary(truth, s, by_row ? std::vector<double>{} : sample_weight);
  }
  if (!average) return scores;
  if (weight_of.size() == 0) return Vector::Constant(1, scores.mean());
  for (Index c = 0; c < count; ++c)
    if (weight_of[c] == 0) scores[c] = 0;
  return Vector::Constant(1, scores.dot(weight_of) / weight_of.sum());
}

void check_indicator(MatrixRef y_true) {
  if (y_true.rows() == 0) throw InvalidArgument("yTrue is empty");
  if (!(y_true.array() == 0 || y_true.array() == 1).all())
    throw InvalidArgument("yTrue as a matrix must be a multilabel indicator matrix of 0 and 1");
}

// One column per class: 1 where yTrue is that class (codes[c] is column c's class).
Matrix binarize(IntVectorRef y_true, const std::vector<int>& codes) {
  Matrix out(y_true.size(), static_cast<Index>(codes.size()));
  for (std::size_t c = 0; c < codes.size(); ++c)
    out.col(static_cast<Index>(c)) = (y_true.array() == codes[c]).cast<double>();
  return out;
}

}  // namespace

Curve roc_curve(IntVectorRef y_true, VectorRef score, int pos_label, const std::vector<double>& sample_weight,
                bool drop_intermediate, Warnings& warnings) {
  check_binary(y_true, score);
  Counts c = binary_counts(positives_of(y_true, pos_label), score, sample_weights(sample_weight, y_true.size()));
  const Index m = c.fps.size();
  std::vector<Index> kept;
  for (Index i = 0; i < m; ++i) {
    // An interior point on a straight segment (second differences both zero) is dropped.
    const bool corner = i == 0 || i == m - 1 || !drop_intermediate || m <= 2 ||
                        (c.fps[i + 1] - c.fps[i]) - (c.fps[i] - c.fps[i - 1]) != 0 ||
                        (c.tps[i + 1] - c.tps[i]) - (c.tps[i] - c.tps[i - 1]) != 0;
    if (corner) kept.push_back(i);
  }
  const Index k = static_cast<Index>(kept.size());
  Curve out{Vector::Zero(k + 1), Vector::Zero(k + 1), Vector(k + 1)};
  out.thresholds[0] = std::numeric_limits<double>::infinity();
  out.x.tail(k) = keep(c.fps, kept);
  out.y.tail(k) = keep(c.tps, kept);
  out.thresholds.tail(k) = keep(c.thresholds, kept);
  const double negatives = out.x[k], positives = out.y[k];
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (negatives <= 0) warnings.add(WarningKind::data, "No negative samples in yTrue, false positive value should be meaningless");
  if (positives <= 0) warnings.add(WarningKind::data, "No positive samples in yTrue, true positive value should be meaningless");
  out.x = negatives > 0 ? Vector(out.x / negatives) : Vector::Constant(k + 1, nan);
  out.y = positives > 0 ? Vector(out.y / positives) : Vector::Constant(k + 1, nan);
  return out;
}

Curve precision_recall_curve(IntVectorRef y_true, VectorRef score, int pos_label,
                             const std::vector<double>& sample_weight, bool drop_intermediate, Warnings& warnings) {
  check_binary(y_true, score);
  Counts c = binary_counts(positives_of(y_true, pos_label), score, sample_weights(sample_weight, y_true.size()));
  const Index m = c.fps.size();
  std::vector<Index> kept;
  for (Index i = 0; i < m; ++i)
    // Of a run of equal true-positive counts only the ends are kept.
    if (!drop_intermediate || m <= 2 || i == 0 || i == m - 1 || c.tps[i] != c.tps[i - 1] || c.tps[i + 1] != c.tps[i])
      kept.push_back(i);
  const Vector fps = keep(c.fps, kept), tps = keep(c.tps, kept), thresholds = keep(c.thresholds, kept);
  const Index k = tps.size();
  const double positives = tps[k - 1];
  if (positives == 0)
    warnings.add(WarningKind::data, "No positive class found in yTrue, recall is set to one for all thresholds which is meaningless.");
  // Reversed so that recall decreases, then the final point (precision 1, recall 0).
  Curve out{Vector(k + 1), Vector(k + 1), thresholds.reverse()};
  for (Index i = 0; i < k; ++i) {
    const Index j = k - 1 - i;
    const double predicted = tps[j] + fps[j];
    out.x[i] = predicted != 0 ? tps[j] / predicted : 0.0;
    out.y[i] = positives != 0 ? tps[j] / positives : 1.0;
  }
  out.x[k] = 1;
  out.y[k] = 0;
  return out;
}

Vector average_precision_score(IntVectorRef y_true, MatrixRef score, int pos_label, std::optional<Average> average,
                               const std::vector<double>& sample_weight, Warnings& warnings) {
  if (score.cols() == 1)
    return Vector::Constant(1, binary_average_precision(y_true, score.col(0), pos_label, sample_weight, warnings));
  const Index classes = check_class_codes(y_true, "yTrue");
  if (score.cols() != classes)
    throw InvalidArgument("yScore has " + std::to_string(score.cols()) + " columns but yTrue has " +
                          std::to_string(classes) + " classes");
  std::vector<int> codes(static_cast<std::size_t>(classes));
  std::iota(codes.begin(), codes.end(), 0);
  return average_precision_score(binarize(y_true, codes), score, average, sample_weight, warnings);
}

Vector average_precision_score(MatrixRef y_true, MatrixRef score, std::optional<Average> average,
                               const std::vector<double>& sample_weight, Warnings& warnings) {
  check_indicator(y_true);
  return average_binary_score(y_true, score, average, sample_weight,
                              [&](IntVectorRef truth, VectorRef s, const std::vector<double>& w) {
                                return binary_average_precision(truth, s, 1, w, warnings);
                              });
}

Vector roc_auc_score(MatrixRef y_true, MatrixRef score, std::optional<Average> average,
                     const std::vector<double>& sample_weight, double max_fpr) {
  check_indicator(y_true);
  return average_binary_score(y_true, score, average, sample_weight,
                              [&](IntVectorRef truth, VectorRef s, const std::vector<double>& w) {
                                return binary_roc_auc(truth, s, 1, w, max_fpr);
                              });
}

double roc_auc_score(IntVectorRef y_true, MatrixRef score, std::optional<Average> average, MultiClass multi_class,
                     const std::vector<double>& labels, const std::vector<double>& sample_weight, double max_fpr) {
  if (score.rows() != y_true.size())
    throw InvalidArgument("yScore has " + std::to_string(score.rows()) + " rows but yTrue has " +
                          std::to_string(y_true.size()));
  const Index present = check_class_codes(y_true, "yTrue");
  if (score.cols() == 1) {
    if (present > 2) throw InvalidArgument("yTrue is multiclass: yScore needs one column of probabilities per class");
    return binary_roc_auc(y_true, score.col(0), present == 2 ? 1 : -1, sample_weight, max_fpr);
  }
  if (max_fpr < 1)
    throw InvalidArgument("maxFpr must be null (or 1) for multiclass targets: the partial AUC is binary only, got " +
                          format_number(max_fpr));
  if (multi_class == MultiClass::raise)
    throw InvalidArgument("multiClass must be 'ovr' or 'ovo' for multiclass targets");
  if (average != Average::macro && average != Average::weighted)
    throw InvalidArgument("average must be 'macro' or 'weighted' for multiclass targets");
  const Index classes = labels.empty() ? present : static_cast<Index>(labels.size());
  if (score.cols() != classes)
    throw InvalidArgument(std::string(labels.empty() ? "Number of classes in yTrue" : "Number of given labels") +
                          ", " + std::to_string(classes) + ", not equal to the number of columns in yScore, " +
                          std::to_string(score.cols()));
  if (!labels.empty() && present > classes) throw InvalidArgument("yTrue contains labels not in labels");
  if (((score.rowwise().sum().array() - 1).abs() > 1e-8 + 1e-5).any())
    throw InvalidArgument("Target scores need to be probabilities for multiclass rocAucScore, i.e. they should sum "
                          "up to 1.0 over classes");
  // A label given only by `labels` has code >= present; column j belongs to labels[j].
  std::vector<int> codes;
  for (Index c = 0; c < classes; ++c)
    codes.push_back(labels.empty() ? static_cast<int>(c) : static_cast<int>(labels[static_cast<std::size_t>(c)]));
  auto code_of = [&](Index column) { return codes[static_cast<std::size_t>(column)]; };
  if (multi_class == MultiClass::ovr) return roc_auc_score(binarize(y_true, codes), score, average, sample_weight)[0];
  if (!sample_weight.empty()) throw InvalidArgument("sampleWeight is not supported for multiclass one-vs-one ROC AUC");
  // Each pair of classes on the samples of either: the mean of the AUCs with each as the positive class.
  double sum = 0, total = 0;
  for (Index a = 0; a < classes; ++a)
    for (Index b = a + 1; b < classes; ++b) {
      std::vector<Index> rows;
      for (Index i = 0; i < y_true.size(); ++i)
        if (y_true[i] == code_of(a) || y_true[i] == code_of(b)) rows.push_back(i);
      IntVector pair(static_cast<Index>(rows.size()));
      Vector score_a(pair.size()), score_b(pair.size());
      for (std::size_t r = 0; r < rows.size(); ++r) {
        const Index i = rows[r];
        pair[static_cast<Index>(r)] = y_true[i] == code_of(a) ? 0 : 1;
        score_a[static_cast<Index>(r)] = score(i, a);
        score_b[static_cast<Index>(r)] = score(i, b);
      }
      if (pair.size() == 0) throw InvalidArgument("Only one class present in yTrue. ROC AUC score is not defined in that case.");
      const double pair_score = (binary_roc_auc(pair, score_a, 0, {}) + binary_roc_auc(pair, score_b, 1, {})) / 2;
      const double weight = average == Average::weighted ? static_cast<double>(rows.size()) / static_cast<double>(y_true.size()) : 1.0;
      sum += weight * pair_score;
      total += weight;
    }
  return sum / total;
}

}  // namespace wasmlearn
