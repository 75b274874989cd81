// Metrics on hand-checked values.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/metrics/classification.hpp"
#include "wasmlearn/metrics/cluster.hpp"
#include "wasmlearn/metrics/metrics.hpp"
#include "wasmlearn/metrics/pairwise.hpp"
#include "wasmlearn/metrics/ranking.hpp"
#include "wasmlearn/metrics/regression.hpp"

using namespace wasmlearn;

TEST(Metrics, AccuracyCountsMatches) {
  IntVector t(5), p(5);
  t << 0, 1, 2, 1, 0;
  p << 0, 2, 2, 1, 1;
  EXPECT_DOUBLE_EQ(accuracy_score(t, p), 3.0 / 5.0);
  EXPECT_DOUBLE_EQ(accuracy_score(t, t), 1.0);
  EXPECT_THROW(accuracy_score(t, IntVector::Zero(4)), InvalidArgument);
  EXPECT_THROW(accuracy_score(IntVector(), IntVector()), InvalidArgument);
}

TEST(Metrics, MseAndMaeHandChecked) {
  Matrix t(4, 1), p(4, 1);
  t << 3, -0.5, 2, 7;
  p << 2.5, 0.0, 2, 8;
  // errors 0.5, -0.5, 0, -1: squares 0.25 0.25 0 1 -> 1.5 / 4; absolute 0.5 0.5 0 1 -> 2 / 4
  EXPECT_DOUBLE_EQ(mean_squared_error(t, p), 0.375);
  EXPECT_DOUBLE_EQ(mean_absolute_error(t, p), 0.5);
  Matrix t2(3, 2), p2(3, 2);
  t2 << 0.5, 1, -1, 1, 7, -6;
  p2 << 0, 2, -1, 2, 8, -5;
  // per output MSE: (0.25 + 0 + 1) / 3 and (1 + 1 + 1) / 3, averaged
  EXPECT_DOUBLE_EQ(mean_squared_error(t2, p2), (1.25 / 3 + 1.0) / 2);
  EXPECT_DOUBLE_EQ(mean_absolute_error(t2, p2), ((0.5 + 0 + 1) / 3 + 1.0) / 2);
  EXPECT_THROW(mean_squared_error(t, t2.leftCols(1)), InvalidArgument);
}

TEST(Metrics, R2HandCheckedAndConstantTargetRules) {
  Matrix t(4, 1), p(4, 1);
  t << 3, -0.5, 2, 7;
  p << 2.5, 0.0, 2, 8;
  // mean 2.875; SS_tot = 0.015625 + 11.390625 + 0.765625 + 17.015625 = 29.1875; SS_res = 1.5
  EXPECT_DOUBLE_EQ(r2_score(t, p), 1 - 1.5 / 29.1875);
  EXPECT_DOUBLE_EQ(r2_score(t, t), 1.0);
  Matrix mean_pred = Matrix::Constant(4, 1, 2.875);
  EXPECT_NEAR(r2_score(t, mean_pred), 0.0, 1e-15);
  // Constant target: a perfect prediction scores 1, anything else 0 (scikit-learn's convention).
  const Matrix c = Matrix::Constant(3, 1, 5.0);
  EXPECT_EQ(r2_score(c, c), 1.0);
  Matrix off = c;
  off(1, 0) = 5.5;
  EXPECT_EQ(r2_score(c, off), 0.0);
  // Two outputs are averaged: one perfect, one constant-but-wrong -> (1 + 0) / 2.
  Matrix t2(3, 2), p2(3, 2);
  t2 << 1, 4, 2, 4, 3, 4;
  p2 << 1, 4, 2, 4, 3, 3;
  EXPECT_DOUBLE_EQ(r2_score(t2, p2), 0.5);
  EXPECT_THROW(r2_score(Matrix::Ones(1, 1), Matrix::Ones(1, 1)), InvalidArgument);
}

// ---- classification, ranking and clustering scores (tests/js/metrics.test.mjs compares them with
// scikit-learn's fixtures through the WASM package; these are closed forms, natively).

namespace {
IntVector codes(std::vector<int> v) { return Eigen::Map<IntVector>(v.data(), static_cast<Index>(v.size())); }
}  // namespace

TEST(Metrics, PrecisionRecallF1PerLabelAndAveraged) {
  // true 0 0 1 1 2 2, predicted 0 1 1 1 2 0: per class tp 1 2 1, predicted 2 3 1, true 2 2 2.
  const LabelledPair s(codes({0, 0, 1, 1, 2, 2}), codes({0, 1, 1, 1, 2, 0}), {});
  Warnings w;
  PrfsOptions o;
  o.average = std::nullopt;
  const Prfs per = precision_recall_fscore_support(s, o, w);
  EXPECT_DOUBLE_EQ(per.precision[0], 0.5);
  EXPECT_DOUBLE_EQ(per.precision[1], 2.0 / 3);
  EXPECT_DOUBLE_EQ(per.recall[1], 1.0);
  EXPECT_DOUBLE_EQ(per.fscore[1], 2 * 2.0 / (2 + 3));  // 2 tp / (true + predicted)
  EXPECT_DOUBLE_EQ(per.support[2], 2);
  o.average = Average::micro;
  EXPECT_DOUBLE_EQ(precision_recall_fscore_support(s, o, w).fscore[0], 4.0 / 6);
  o.average = Average::macro;
  EXPECT_DOUBLE_EQ(precision_recall_fscore_support(s, o, w).precision[0], (0.5 + 2.0 / 3 + 1) / 3);
  EXPECT_TRUE(w.empty());
  o.average = Average::binary;
  EXPECT_THROW(precision_recall_fscore_support(s, o, w), InvalidArgument);
}

TEST(Metrics, ConfusionMatrixMatthewsKappaBalancedAccuracy) {
  const LabelledPair s(codes({0, 0, 1, 1}), codes({0, 1, 1, 1}), {1, 2, 1, 1});
  const Matrix cm = confusion_matrix(s, {0, 1});
  EXPECT_EQ(cm(0, 0), 1);
  EXPECT_EQ(cm(0, 1), 2);
  EXPECT_EQ(cm(1, 1), 2);
  // Unweighted 2x2 [[1, 1], [0, 2]]: MCC = (1·2 - 1·0) / √(2·2·1·3).
  const LabelledPair u(codes({0, 0, 1, 1}), codes({0, 1, 1, 1}), {});
  EXPECT_DOUBLE_EQ(matthews_corrcoef(u), 2 / std::sqrt(12.0));
  Warnings w;
  // Observed agreement 3/4, chance (2·1 + 2·3) / 16 = 1/2: kappa = (3/4 - 1/2) / (1 - 1/2).
  EXPECT_DOUBLE_EQ(cohen_kappa_score(u, {}, KappaWeights::none, w), 0.5);
  EXPECT_DOUBLE_EQ(balanced_accuracy_score(u, false, w), (0.5 + 1) / 2);
  EXPECT_DOUBLE_EQ(zero_one_loss(s, true), 2.0 / 5);
}

TEST(Metrics, RocCurveAndAucWithTies) {
  // Scores 0.1 0.4 0.4 0.8 for labels 0 0 1 1: the tie moves one positive and one negative together.
  Vector score(4);
  score << 0.1, 0.4, 0.4, 0.8;
  Warnings w;
  const Curve c = roc_curve(codes({0, 0, 1, 1}), score, 1, {}, false, w);
  ASSERT_EQ(c.x.size(), 4);
  EXPECT_TRUE(std::isinf(c.thresholds[0]));
  EXPECT_DOUBLE_EQ(c.y[1], 0.5);
  EXPECT_DOUBLE_EQ(c.x[2], 0.5);
  EXPECT_DOUBLE_EQ(c.y[2], 1.0);
  // Area: 0.5·0 + trapezoid (0→0.5 fpr, tpr 0.5→1) + 0.5·1 = 0.875.
  EXPECT_DOUBLE_EQ(roc_auc_score(codes({0, 0, 1, 1}), score, Average::macro, MultiClass::raise, {}, {}), 0.875);
}

TEST(Metrics, MultilabelAreasByHand) {
  // Label 0: positives 0.9, 0.6 above negatives 0.3, 0.1; label 1: positives 0.8, 0.7 against
  // negatives 0.2, 0.75 (three of four pairs ordered). Micro: 14 of the 16 pairs of all entries.
  Matrix y(4, 2), score(4, 2);
  y << 1, 0, 0, 1, 1, 1, 0, 0;
  score << 0.9, 0.2, 0.3, 0.8, 0.6, 0.7, 0.1, 0.75;
  const Vector per_label = roc_auc_score(y, score, std::nullopt, {});
  ASSERT_EQ(per_label.size(), 2);
  EXPECT_DOUBLE_EQ(per_label[0], 1.0);
  EXPECT_DOUBLE_EQ(per_label[1], 0.75);
  EXPECT_DOUBLE_EQ(roc_auc_score(y, score, Average::macro, {})[0], 0.875);
  EXPECT_DOUBLE_EQ(roc_auc_score(y, score, Average::micro, {})[0], 14.0 / 16);
  // Weighted by positives, with sample weights 1 1 2 1: label 0 has weight 3, label 1 weight 3.
  EXPECT_DOUBLE_EQ(roc_auc_score(y, score, Average::weighted, {1, 1, 2, 1})[0],
                   (roc_auc_score(y, score, std::nullopt, {1, 1, 2, 1}).sum()) / 2);
  EXPECT_THROW(roc_auc_score(y, score, Average::samples, {}), InvalidArgument);  // row 3 holds one class
  Warnings w;
  // Label 1 ranked +, -, +, -: precision 1 at recall 1/2, then 2/3 at recall 1.
  EXPECT_DOUBLE_EQ(average_precision_score(y, score, std::nullopt, {}, w)[1], 0.5 + 0.5 * 2 / 3);
  y(0, 0) = 2;
  EXPECT_THROW(average_precision_score(y, score, Average::macro, {}, w), InvalidArgument);
}

TEST(Metrics, ClusterScoresClosedForms) {
  Matrix X(4, 1);
  X << 0, 1, 5, 6;
  const IntVector labels = codes({0, 0, 1, 1});
  // Sample 0: a = 1, b = (5 + 6) / 2; sample 1: a = 1, b = (4 + 5) / 2.
  const Vector s = silhouette_samples(X, labels);
  EXPECT_DOUBLE_EQ(s[0], (5.5 - 1) / 5.5);
  EXPECT_DOUBLE_EQ(s[1], (4.5 - 1) / 4.5);
  // Spreads 0.5 each, centroids 0.5 and 5.5: DB = (0.5 + 0.5) / 5.
  EXPECT_DOUBLE_EQ(davies_bouldin_score(X, labels), 0.2);
  EXPECT_DOUBLE_EQ(adjusted_rand_score(labels, codes({1, 1, 0, 0})), 1.0);
  // Pairs: together in both 0; the chance-adjusted index of a crossing split is -0.5.
  EXPECT_DOUBLE_EQ(adjusted_rand_score(labels, codes({0, 1, 0, 1})), -0.5);
  EXPECT_DOUBLE_EQ(normalized_mutual_info_score(labels, codes({0, 1, 0, 1}), EntropyMean::arithmetic), 0.0);
  EXPECT_THROW(silhouette_samples(X, codes({0, 0, 0, 0})), InvalidArgument);
}

// The other metrics by hand on the same points, 300 rows (past the blocks of 64 rows), precomputed
// distances, and distances that are not a distance matrix.
TEST(Metrics, SilhouetteMetrics) {
  Matrix X(4, 2);
  X << 0, 1, 1, 1, 5, 5, 6, 5;  // in 2-D: manhattan, squared, cosine differ from euclidean
  const IntVector labels = codes({0, 0, 1, 1});
  // Sample 0 by manhattan: a = 1, b = (9 + 10) / 2; by squared distances: a = 1, b = (41 + 52) / 2.
  EXPECT_DOUBLE_EQ(silhouette_samples(X, labels, DistanceMetric::manhattan)[0], (9.5 - 1) / 9.5);
  EXPECT_DOUBLE_EQ(silhouette_samples(X, labels, DistanceMetric::sqeuclidean)[0], (46.5 - 1) / 46.5);
  // Cosine: (0, 1) against (1, 1): 1 − 1/√2; against (5, 5) the same; against (6, 5): 1 − 5/√61.
  const double a = 1 - 1 / std::sqrt(2.0), b = (a + 1 - 5 / std::sqrt(61.0)) / 2;
  EXPECT_NEAR(silhouette_samples(X, labels, DistanceMetric::cosine)[0], (b - a) / std::max(a, b), 1e-15);

  Matrix Y(300, 3);
  IntVector many(300);
  for (Index i = 0; i < 300; ++i) {
    Y.row(i) << std::sin(i * 0.7), std::cos(i * 1.3) + (i % 3), (i % 5) * 0.25;
    many[i] = static_cast<int>((i * 7) % 4);
  }
  const Matrix D = pairwise_distances(Y, Y, DistanceMetric::manhattan, true);
  const Vector by_rows = silhouette_samples(Y, many, DistanceMetric::manhattan);
  const Vector given = silhouette_samples(D, many, DistanceMetric::precomputed);
  EXPECT_EQ(by_rows, given);
  for (Index i : {0, 63, 64, 255, 256, 299}) {  // each sample's silhouette from its own sums
    Eigen::Vector4d sums = Eigen::Vector4d::Zero(), sizes = Eigen::Vector4d::Zero();
    for (Index j = 0; j < 300; ++j) {
      sums[many[j]] += D(i, j);
      sizes[many[j]] += 1;
    }
    const int own = many[i];
    const double own_mean = sums[own] / (sizes[own] - 1);
    double nearest = std::numeric_limits<double>::infinity();
    for (int c = 0; c < 4; ++c)
      if (c != own) nearest = std::min(nearest, sums[c] / sizes[c]);
    EXPECT_NEAR(by_rows[i], (nearest - own_mean) / std::max(own_mean, nearest), 1e-14) << i;
  }
  const auto message = [&](const Matrix& bad) {
    try {
      silhouette_samples(bad, codes({0, 0, 1, 1}), DistanceMetric::precomputed);
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  Matrix square = pairwise_distances(X, X, DistanceMetric::euclidean, true);
  EXPECT_EQ(message(Matrix(square.leftCols(3))).rfind("Precomputed metric requires shape (n_queries, n_indexed)", 0), 0u);
  square(2, 2) = 1e-3;
  EXPECT_EQ(message(square),
            "The precomputed distance matrix contains non-zero elements on the diagonal: X(2, 2) = 0.001");
  square(2, 2) = 0;
  square(1, 3) = -0.5;
  EXPECT_EQ(message(square), "Negative values in the precomputed distance matrix: X(1, 3) = -0.5");
}

TEST(Metrics, WeightedRegressionScores) {
  Matrix t(4, 1), p(4, 1);
  t << 1, 2, 3, 4;
  p << 1, 2, 3, 8;
  Vector w(4);
  w << 1, 1, 1, 3;
  EXPECT_DOUBLE_EQ(mean_squared_error(t, p, w), 16.0 * 3 / 6);
  EXPECT_DOUBLE_EQ(max_error(t, p, Vector()), 4);
  // Errors 0 0 0 4 with weights 1 1 1 3: half the weight (3) is reached at the third smallest.
  EXPECT_DOUBLE_EQ(median_absolute_error(t, p, w), 0);
  EXPECT_DOUBLE_EQ(explained_variance_score(t, t, Vector()), 1);
}
