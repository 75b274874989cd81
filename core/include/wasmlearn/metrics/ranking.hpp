// Scores of rankings (sklearn.metrics._ranking, ≥ 1.5 where versions differ): ROC and
// precision-recall curves, the areas under them. Labels are codes, as in classification.hpp.
#pragma once
#include <optional>
#include <vector>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/types.hpp"
#include "wasmlearn/metrics/classification.hpp"

namespace wasmlearn {

// A curve with its thresholds, in scikit-learn's order: ROC (x = fpr, y = tpr, thresholds decreasing,
// the first one +inf since 1.3) or precision-recall (x = precision, y = recall, thresholds increasing).
struct Curve {
  Vector x, y, thresholds;
};
Curve roc_curve(IntVectorRef y_true, VectorRef score, int pos_label, const std::vector<double>& sample_weight,
                bool drop_intermediate, Warnings& warnings);
Curve precision_recall_curve(IntVectorRef y_true, VectorRef score, int pos_label,
                             const std::vector<double>& sample_weight, bool drop_intermediate, Warnings& warnings);

// Binary yTrue with one score column (the positive class is posLabel), or multiclass with one
// column per class (each class against the rest, averaged as average_binary_score). One entry, or
// one per class when average is nullopt.
Vector average_precision_score(IntVectorRef y_true, MatrixRef score, int pos_label, std::optional<Average> average,
                               const std::vector<double>& sample_weight, Warnings& warnings);

// Multilabel scores (scikit-learn's _average_binary_score): y_true an n x L 0/1 indicator matrix, one
// score column per label, each label scored as a binary problem, then averaged: 'micro' (every entry
// of the matrix one sample), 'macro', 'weighted' (by each label's weighted positives; 0 when there
// are none), 'samples' (each row scored over its labels, the mean weighted by sampleWeight), or
// nullopt (one score per label). Scores of a zero weight count as 0. One entry unless nullopt.
Vector average_precision_score(MatrixRef y_true, MatrixRef score, std::optional<Average> average,
                               const std::vector<double>& sample_weight, Warnings& warnings);
Vector roc_auc_score(MatrixRef y_true, MatrixRef score, std::optional<Average> average,
                     const std::vector<double>& sample_weight, double max_fpr = 1);

enum class MultiClass { raise, ovr, ovo };
// Binary: one score column, of the greater class; with max_fpr < 1 McClish's standardised partial
// area up to that false positive rate (scikit-learn's max_fpr; binary only). Multiclass:
// probabilities, one column per class (of `labels` when given), one-vs-rest or one-vs-one, averaged
// 'macro' or 'weighted'.
double roc_auc_score(IntVectorRef y_true, MatrixRef score, std::optional<Average> average, MultiClass multi_class,
                     const std::vector<double>& labels, const std::vector<double>& sample_weight, double max_fpr = 1);

}  // namespace wasmlearn
