// The neighbours' metrics: the metric chosen by the estimator's options, resolved to one of the
// shared distance kernels (base/distances.hpp). Brute force and the leaves of both trees call the
// kernels through `Distance::visit`, so every distance the family reports comes from the same
// operations in the same order, whatever the search algorithm.
#pragma once
#include <cmath>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/distances.hpp"

namespace wasmlearn {
namespace nn {

// The shared kernels under the family's names.
using wasmlearn::ChebyshevOp;
using wasmlearn::ManhattanOp;
using wasmlearn::MinkowskiOp;
using wasmlearn::reduce_rows;
using wasmlearn::SquaredEuclideanOp;

enum class DistanceKind { squared_euclidean, manhattan, chebyshev, minkowski };

// A metric resolved from the estimator's options (metric + p).
struct Distance {
  DistanceKind kind = DistanceKind::squared_euclidean;
  double p = 2;

  // Calls f(op) with the concrete kernel, so hot loops are compiled once per metric.
  template <class F>
  decltype(auto) visit(F&& f) const {
    switch (kind) {
      case DistanceKind::manhattan: return f(ManhattanOp{});
      case DistanceKind::chebyshev: return f(ChebyshevOp{});
      case DistanceKind::minkowski: return f(MinkowskiOp{p});
      case DistanceKind::squared_euclidean: break;
    }
    return f(SquaredEuclideanOp{});
  }
  double reduced(const double* a, const double* b, Index d) const {
    return visit([&](const auto& op) { double r; reduce_rows<1>(op, a, b, 0, d, &r); return r; });
  }
  double to_distance(double r) const {
    switch (kind) {
      case DistanceKind::squared_euclidean: return std::sqrt(r);
      case DistanceKind::minkowski: return det_pow(r, 1.0 / p);
      default: return r;
    }
  }
  double to_reduced(double dist) const {
    switch (kind) {
      case DistanceKind::squared_euclidean: return dist * dist;
      case DistanceKind::minkowski: return det_pow(dist, p);
      default: return dist;
    }
  }
};

}  // namespace nn
}  // namespace wasmlearn
