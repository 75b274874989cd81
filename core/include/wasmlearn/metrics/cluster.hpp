// Clustering scores, as scikit-learn's sklearn.metrics.cluster. Labels are codes (the JS layer codes
// them); only the partition they make matters.
#pragma once
#include "wasmlearn/base/types.hpp"
#include "wasmlearn/metrics/pairwise.hpp"

namespace wasmlearn {

// Silhouette of each sample: (b - a) / max(a, b), 0 in a cluster of one; the distances by `metric`
// between X's rows, or X itself (precomputed: an n x n matrix, non-negative with a zero diagonal).
Vector silhouette_samples(MatrixRef X, IntVectorRef labels, DistanceMetric metric = DistanceMetric::euclidean);
double silhouette_score(MatrixRef X, IntVectorRef labels, DistanceMetric metric = DistanceMetric::euclidean);
// Distances as 'precomputed' takes them: square, non-negative, the diagonal zero (within 100 eps).
void check_precomputed_distances(MatrixRef D);
double davies_bouldin_score(MatrixRef X, IntVectorRef labels);
double calinski_harabasz_score(MatrixRef X, IntVectorRef labels);

double adjusted_rand_score(IntVectorRef labels_true, IntVectorRef labels_pred);
enum class EntropyMean { min, geometric, arithmetic, max };
double normalized_mutual_info_score(IntVectorRef labels_true, IntVectorRef labels_pred, EntropyMean mean);

}  // namespace wasmlearn
