// Clustering scores, as scikit-learn's sklearn.metrics.cluster. Labels are codes (the JS layer codes
// them); only the partition they make matters.
#pragma once
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// Euclidean silhouette of each sample: (b - a) / max(a, b), 0 in a cluster of one.
Vector silhouette_samples(MatrixRef X, IntVectorRef labels);
double silhouette_score(MatrixRef X, IntVectorRef labels);
double davies_bouldin_score(MatrixRef X, IntVectorRef labels);
double calinski_harabasz_score(MatrixRef X, IntVectorRef labels);

double adjusted_rand_score(IntVectorRef labels_true, IntVectorRef labels_pred);
enum class EntropyMean { min, geometric, arithmetic, max };
double normalized_mutual_info_score(IntVectorRef labels_true, IntVectorRef labels_pred, EntropyMean mean);

}  // namespace wasmlearn
