// k-means' starts: k-means++ (scikit-learn's greedy _kmeans_plusplus, with sample weights as
// scikit-learn ≥ 1.3 weighs them) and k random rows.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/cluster/k_means_common.hpp"

namespace wasmlearn {
namespace k_means {

namespace {

// One k-means++ trial on rows [begin, end): squared distance to the candidate, capped by the
// distance to the closest centre so far; returns their sum weighted by w.
[[gnu::noinline]] double trial_block(MatrixRef X, const double* w, Index begin, Index end, const double* candidate,
                                     const double* closest, double* dist) {
  double pot = 0;
  for (Index i = begin; i < end; ++i) {
    dist[i] = std::min(closest[i], squared_distance(row_of(X, i), candidate, X.cols()));
    pot += w[i] * dist[i];
  }
  return pot;
}

double trial_potential(MatrixRef X, const Vector& w, Index candidate_row, const Vector& closest, Vector& dist) {
  const RowVector candidate = X.row(candidate_row);
  double pot = 0;
  for_row_blocks(X.rows(), [&](Index b, Index e) {
    pot += trial_block(X, w.data(), b, e, candidate.data(), closest.data(), dist.data());
  });
  return pot;
}

// The row drawn by v in [0, total) from running sums: the first whose sum reaches v (side 'left', as
// scikit-learn's searchsorted of the trials) or exceeds it (side 'right', as numpy's weighted choice
// of the first centre); the last row if rounding leaves v beyond every sum.
template <bool kExceeds>
Index row_at(const Vector& cumulative, double v) {
  const double *begin = cumulative.data(), *end = begin + cumulative.size();
  const double* found = kExceeds ? std::upper_bound(begin, end, v) : std::lower_bound(begin, end, v);
  return std::min<Index>(found - begin, cumulative.size() - 1);
}

}  // namespace

Matrix kmeans_plus_plus(const Matrix& X, const Vector& w, bool weighted, Index k, Random& rng) {
  const Index n = X.rows();
  Matrix C(k, X.cols());
  const int trials = 2 + static_cast<int>(det_log(static_cast<double>(k)));
  Vector cum(n);
  Index first;
  if (weighted) {
    std::partial_sum(w.data(), w.data() + n, cum.data());
    first = row_at<true>(cum, rng.uniform() * cum[n - 1]);
  } else {
    first = rng.index(n);
  }
  C.row(0) = X.row(first);
  Vector closest(n), dist(n), best_dist(n);
  double pot = trial_potential(X, w, first, Vector::Constant(n, std::numeric_limits<double>::infinity()), closest);
  for (Index c = 1; c < k; ++c) {
    double running = 0;
    for (Index i = 0; i < n; ++i) cum[i] = running += w[i] * closest[i];
    double best_pot = std::numeric_limits<double>::infinity();
    Index best_id = 0;
    for (int t = 0; t < trials; ++t) {
      const Index id = row_at<false>(cum, rng.uniform() * pot);
      const double cand_pot = trial_potential(X, w, id, closest, dist);
      if (cand_pot < best_pot) {
        best_pot = cand_pot;
        best_id = id;
        best_dist.swap(dist);
      }
    }
    C.row(c) = X.row(best_id);
    closest.swap(best_dist);
    pot = best_pot;
  }
  return C;
}

Matrix random_rows(const Matrix& X, const Vector& w, Index k, Random& rng) {
  const IntVector perm = rng.permutation(X.rows());
  Matrix C(k, X.cols());
  for (Index i = 0, j = 0; j < k; ++i)
    if (w[perm[i]] > 0) C.row(j++) = X.row(perm[i]);
  return C;
}

}  // namespace k_means
}  // namespace wasmlearn
