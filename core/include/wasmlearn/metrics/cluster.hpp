// Clustering scores, as scikit-learn's sklearn.metrics.cluster. Labels are codes (the JS layer codes
// them); only the partition they make matters.
#pragma once
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// The distance of a silhouette: a metric between X's rows, or X itself ('precomputed': an n x n
// matrix of distances, non-negative with a zero diagonal).
enum class SilhouetteMetric { euclidean, sqeuclidean, manhattan, cosine, precomputed };

// Silhouette of each sample: (b - a) / max(a, b), 0 in a cluster of one.
Vector silhouette_samples(MatrixRef X, IntVectorRef labels, SilhouetteMetric metric = SilhouetteMetric::euclidean);
double silhouette_score(MatrixRef X, IntVectorRef labels, SilhouetteMetric metric = SilhouetteMetric::euclidean);
// Distances as 'precomputed' takes them: square, non-negative, the diagonal zero (within 100 eps).
void check_precomputed_distances(MatrixRef D);
double davies_bouldin_score(MatrixRef X, IntVectorRef labels);
double calinski_harabasz_score(MatrixRef X, IntVectorRef labels);

double adjusted_rand_score(IntVectorRef labels_true, IntVectorRef labels_pred);
enum class EntropyMean { min, geometric, arithmetic, max };
double normalized_mutual_info_score(IntVectorRef labels_true, IntVectorRef labels_pred, EntropyMean mean);

}  // namespace wasmlearn
