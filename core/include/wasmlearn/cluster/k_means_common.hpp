// What k-means' variants share (as scikit-learn's _k_means_common and mlpack's KMeans around its
// naive_kmeans / elkan_kmeans policies): the member sums an assignment step fills, the centre update
// with empty-cluster relocation, the inertia, and the one driver that runs a step to convergence.
// The variants are steps behind one interface: Lloyd's (k_means_lloyd.cpp) and Elkan's
// (k_means_elkan.cpp), chosen at run time by KMeansAlgorithm. The starts are in k_means_init.cpp.
//
// Rows carry weights (sample_weight; all ones for an unweighted fit, which then gives the unweighted
// bits: 1·v = v): a row adds w·x to its cluster's sum, w to its weight and w·‖x − c‖² to the inertia.
#pragma once
#include <memory>
#include <utility>
#include <vector>

#include "wasmlearn/base/distances.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/types.hpp"
#include "wasmlearn/cluster/kmeans.hpp"

namespace wasmlearn {
namespace k_means {

inline const double* row_of(MatrixRef X, Index i) { return X.data() + i * X.outerStride(); }

// The per-block kernels of the variants are compiled for each feature count p from 1 to
// kUnrolledFeatures (template argument kFeatures = p) and for any (kFeatures = 0): V8 runs a loop of
// unknown count with a check per step, and a known count lets the loops over features unroll
// (WebAssembly: KMeans 10-15% faster at p = 8; native code gains nothing).
// kernel_for_features(p, instantiate) returns instantiate(std::integral_constant<int, kFeatures>)
// for p, a kernel's address.
constexpr int kUnrolledFeatures = 16;

template <class Instantiate, int... kFeatures>
auto kernel_for_features(Index p, Instantiate instantiate, std::integer_sequence<int, kFeatures...>) {
  const decltype(instantiate(std::integral_constant<int, 0>())) kernels[] = {
      instantiate(std::integral_constant<int, kFeatures>())...};
  return p < static_cast<Index>(sizeof...(kFeatures)) ? kernels[p] : kernels[0];
}

template <class Instantiate>
auto kernel_for_features(Index p, Instantiate instantiate) {
  return kernel_for_features(p, instantiate, std::make_integer_sequence<int, kUnrolledFeatures + 1>());
}

// The weights in the per-block passes, a template argument beside kFeatures: UnitWeights when every
// weight is 1 (an unweighted fit), so that those passes neither load nor multiply weights (the
// constant 1 folds away; 1·v = v, same bits), RowWeights otherwise.
struct UnitWeights {
  UnitWeights() = default;
  explicit UnitWeights(const double*) {}
  double operator[](Index) const { return 1.0; }
};
struct RowWeights {
  const double* w;
  double operator[](Index i) const { return w[i]; }
};
inline bool unit_weights(const Vector& w) { return (w.array() == 1.0).all(); }

// kernel_for_features for a weight policy (unit: unit_weights, computed once per fit):
// instantiate(p, UnitWeights{} or RowWeights{}).
template <class Instantiate>
auto kernel_for_weights(Index p, bool unit, Instantiate instantiate) {
  return unit ? kernel_for_features(p, [&](auto k) { return instantiate(k, UnitWeights{}); })
                         : kernel_for_features(p, [&](auto k) { return instantiate(k, RowWeights{}); });
}

// sum += w·x (p entries), two at a time.
inline void add_scaled(const double* __restrict x, double w, Index p, double* __restrict sum) {
  const Lanes2 w2 = splat_lanes(w);
  Index t = 0;
  for (; t + 2 <= p; t += 2) store_lanes(sum + t, load_lanes(sum + t) + w2 * load_lanes(x + t));
  if (t < p) sum[t] += w * x[t];
}

// What one pass over the labelled rows adds up for the next centres: member sums and weights, and
// the inertia of the labels to the centres they were measured against.
struct MemberSums {
  Matrix sums;
  Vector weights;
  double inertia = 0;
  void reset(Index k, Index p) {
    sums.setZero(k, p);
    weights.setZero(k);
    inertia = 0;
  }
  // Row x, of weight w, joins cluster j.
  void add_row(const double* x, double w, Index j, Index p) {
    add_scaled(x, w, p, sums.data() + j * p);
    weights[j] += w;
  }
  // Row x leaves cluster `from` for cluster `to` (its values subtracted again: the sums then differ
  // from sums over the final members by rounding only).
  void move_row(const double* x, double w, Index from, Index to, Index p) {
    sums.row(from) -= w * Eigen::Map<const RowVector>(x, p);
    weights[from] -= w;
    add_row(x, w, to, p);
  }
  // Row x, of weight w, joins cluster j, whose centre is c, adding w·‖x − c‖² to the inertia.
  void add(const double* x, double w, const double* c, Index j, Index p) {
    inertia += w * squared_distance(x, c, p);
    add_row(x, w, j, p);
  }
};

// One assignment step of a variant: the label of every row to its nearest centre, and the member
// sums, weights and inertia of the new labels to those centres. `shift` holds how far each centre
// moved since the previous call (zeros on the first). Returns how many labels changed.
class AssignmentStep {
 public:
  virtual ~AssignmentStep() = default;
  virtual Index assign(const Matrix& centers, const Vector& shift, MemberSums& members) = 0;
  virtual IntVector& labels() = 0;
};

// X is centred, w has X.rows() entries; both outlive the step.
std::unique_ptr<AssignmentStep> lloyd_step(const Matrix& X, const Vector& w);
std::unique_ptr<AssignmentStep> elkan_step(const Matrix& X, const Vector& w, Index k);

// Labels of the rows of X to the nearest of `centers` (Lloyd's certified assignment); returns how
// many changed.
Index assign_nearest(MatrixRef X, const Matrix& centers, IntVector& labels);

// Σ_i w_i·‖x_i − c_{labels_i}‖².
double inertia_of(MatrixRef X, const Vector& w, const Matrix& centers, const IntVector& labels);

// One run from `centers` to convergence (labels unchanged, or the squared centre shift at most
// tol), then one more assignment if the labels could still change, so that they match the centres.
struct Run {
  Matrix centers;
  IntVector labels;
  double inertia = 0;
  int n_iter = 0;
  std::vector<double> history;  // the inertia of each iteration's assignment
};
Run run(KMeansAlgorithm algorithm, const Matrix& X, const Vector& w, Matrix centers, int max_iter, double tol);

// scikit-learn's greedy k-means++ with the library's generator; rows drawn in proportion to their
// weight times their squared distance to the closest centre so far. `weighted` false: the first
// centre is drawn uniformly (the unweighted draw), else in proportion to w.
Matrix kmeans_plus_plus(const Matrix& X, const Vector& w, bool weighted, Index k, Random& rng);
// k distinct rows of positive weight, in the order of a random permutation.
Matrix random_rows(const Matrix& X, const Vector& w, Index k, Random& rng);

}  // namespace k_means
}  // namespace wasmlearn
