// Classification scores, as scikit-learn's sklearn.metrics (≥ 1.5 where versions differ). Labels are
// codes: the JS layer codes every label argument of a call with one sorted set of classes, so the
// classes present in yTrue and yPred are 0..k-1; a label named only by an option (labels, posLabel)
// that appears in neither gets a code >= k.
#pragma once
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class Average { binary, micro, macro, weighted, samples };  // samples: multilabel only

// scikit-learn's zero_division: the value of 0/0 (0, 1 or NaN); `warn` means 0 with a warning.
struct ZeroDivision {
  double value = 0;
  bool warn = true;
};

// sampleWeight as a Vector (empty when not given), checked: n finite, non-negative entries.
Vector sample_weights(const std::vector<double>& sample_weight, Index n);

// The samples of a classification metric: codes, optional weights (empty: all 1), and the classes
// present in either array (0..present-1).
struct LabelledPair {
  IntVector y_true, y_pred;
  Vector weights;
  int present = 0;
  LabelledPair(IntVectorRef y_true, IntVectorRef y_pred, const std::vector<double>& sample_weight);
  double weight(Index i) const { return weights.size() ? weights[i] : 1.0; }
};

// Row i, column j: weight of samples of true class labels[i] predicted as labels[j].
Matrix confusion_matrix(const LabelledPair& s, const std::vector<int>& labels);
// The labels a metric reports on: `given` (codes) when not empty, else every present class.
std::vector<int> metric_labels(const LabelledPair& s, const std::vector<double>& given);

struct PrfsOptions {
  double beta = 1;
  std::optional<Average> average = Average::binary;  // nullopt: one value per label
  std::vector<double> labels;                        // codes; empty: every present class
  int pos_label = 1;
  ZeroDivision zero_division;
  // Which of "precision", "recall", "f-score" warn when ill-defined (scikit-learn's warn_for).
  std::vector<std::string> warn_for = {"precision", "recall", "f-score"};
};
struct Prfs {
  Vector precision, recall, fscore, support;  // one entry when averaged
};
Prfs precision_recall_fscore_support(const LabelledPair& s, const PrfsOptions& o, Warnings& warnings);

double balanced_accuracy_score(const LabelledPair& s, bool adjusted, Warnings& warnings);
double matthews_corrcoef(const LabelledPair& s);
enum class KappaWeights { none, linear, quadratic };
double cohen_kappa_score(const LabelledPair& s, const std::vector<double>& labels, KappaWeights weights,
                         Warnings& warnings);
double zero_one_loss(const LabelledPair& s, bool normalize);
// The (weighted) share of samples whose labels agree, or their (weighted) count without normalize.
double accuracy_score(const LabelledPair& s, bool normalize);

// Probabilistic losses: y_true codes (classes 0..k-1 of yTrue alone) against scores; `labels` (codes)
// name the score columns in order (scikit-learn's sorted labels), when yTrue lacks some.
// proba: n x k probabilities (n x 1: the probability of the greater of two classes).
double log_loss(IntVectorRef y_true, MatrixRef proba, const std::vector<double>& labels, bool normalize,
                const std::vector<double>& sample_weight, Warnings& warnings);
double brier_score_loss(IntVectorRef y_true, VectorRef proba, int pos_label, const std::vector<double>& sample_weight);
// decision: n x 1 (binary, the greater class positive) or n x k (one column per label).
double hinge_loss(IntVectorRef y_true, MatrixRef decision, const std::vector<double>& labels,
                  const std::vector<double>& sample_weight);

// scikit-learn's text report (or its dictionary as JSON text when as_json); names[c] names code c.
// target_names (scikit-learn's): the rows' display names in the order of the reported labels; a
// count that differs from the labels' is an error when labels are not given, else a warning and
// the rows past the shorter list are left out (as scikit-learn's zip).
struct ReportOptions {
  std::vector<double> labels;
  std::optional<std::vector<std::string>> target_names;
  int digits = 2;
  bool as_json = false;
  ZeroDivision zero_division;
};
std::string classification_report(const LabelledPair& s, const std::vector<std::string>& names, const ReportOptions& o,
                                  Warnings& warnings);

}  // namespace wasmlearn
