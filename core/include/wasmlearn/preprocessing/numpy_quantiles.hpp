// numpy's linspace and percentile, bit for bit, for the transformers that place knots or bin edges
// as scikit-learn does (SplineTransformer, KBinsDiscretizer).
#pragma once
#include <vector>

namespace wasmlearn {

// numpy.linspace(start, stop, num): i·step + start, the last value exactly `stop`.
std::vector<double> linspace(double start, double stop, int num);
// numpy.percentile(sorted, 100·q) with the default 'linear' method; `sorted` ascending, non-empty.
double percentile(const std::vector<double>& sorted, double q);

}  // namespace wasmlearn
