// What the four neighbours estimators share: their options, the fitted search index, the weighting
// of neighbours, class votes and (weighted) averages. The estimators in kneighbors.hpp and
// radius_neighbors.hpp only combine these pieces.
#pragma once
#include <optional>

#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"
#include "wasmlearn/neighbors/neighbors_index.hpp"

namespace wasmlearn {

enum class NeighborsWeights { uniform, distance };
enum class NeighborsAlgorithm { automatic, ball_tree, kd_tree, brute };  // JS: 'auto', 'ball_tree', ...
enum class NeighborsMetric { minkowski, euclidean, manhattan, chebyshev };
enum class OutlierLabel { most_frequent };

// Options of every neighbours estimator (JS: weights, algorithm, leafSize, p, metric).
struct NeighborsSearchParams {
  NeighborsWeights weights = NeighborsWeights::uniform;
  NeighborsAlgorithm algorithm = NeighborsAlgorithm::automatic;
  int leaf_size = 30;
  double p = 2;  // Minkowski power (metric 'minkowski' only): 1 = manhattan, 2 = euclidean
  NeighborsMetric metric = NeighborsMetric::minkowski;
};

namespace nn {

// The metric the options denote (minkowski with p = 1 or 2 is manhattan or euclidean).
Distance resolve_distance(const NeighborsSearchParams& p);
// scikit-learn's 'auto': brute when n_features > 15 or n_neighbors >= n_samples / 2, else KD-tree.
SearchAlgorithm resolve_algorithm(const NeighborsSearchParams& p, Index n_samples, Index n_features,
                                  std::optional<int> n_neighbors);

// "radius must be a finite number greater than 0, got ..." unless it is.
void check_radius(double radius);

// Neighbour lists of varying length (a KNeighborsResult is converted to this shape).
using NeighborLists = RadiusNeighborsResult;
NeighborLists to_lists(const KNeighborsResult& r);

// Weights of each listed neighbour, aligned with lists.distances: 1 for 'uniform'; 1/distance for
// 'distance', except that a query with any neighbour at distance 0 gives its zero-distance
// neighbours weight 1 and the others 0 (scikit-learn's rule).
std::vector<double> neighbor_weights(const NeighborLists& lists, NeighborsWeights w);
// Per query, the summed weight of each class among its neighbours (rows of queries without
// neighbours are 0). Not normalised: the vote is the argmax (ties -> smallest class code).
Matrix class_votes(const NeighborLists& lists, const std::vector<double>& weights, const IntVector& y, int n_classes);
IntVector argmax_rows(const Matrix& votes);
// Rows scaled to sum to 1 (all-zero rows stay 0), as scikit-learn's predict_proba.
Matrix normalize_rows(Matrix votes);
// Per query, the weighted mean of the neighbours' targets; NaN rows for queries without neighbours.
Matrix weighted_means(const NeighborLists& lists, const std::vector<double>& weights, const Matrix& Y);
// Query rows that have no neighbour.
std::vector<Index> empty_rows(const NeighborLists& lists);

// The fitted part every neighbours estimator holds: validated training data and the search index.
class NeighborsModel {
 public:
  // Validates X and builds the index; `n_neighbors` (k-neighbours estimators) must not exceed the
  // number of samples.
  void fit(MatrixRef X, const NeighborsSearchParams& p, std::optional<int> n_neighbors);
  bool is_fitted() const { return index_.built(); }
  // Query-time checks (fitted, columns, finite) then the search. `k` is named nNeighbors in messages.
  KNeighborsResult kneighbors(MatrixRef X, int k, const char* estimator, const char* method) const;
  RadiusNeighborsResult radius_neighbors(MatrixRef X, double radius, const char* estimator, const char* method) const;
  const NeighborsIndex& index() const { return index_; }
  int n_features_in() const { return static_cast<int>(index_.n_features()); }
  int n_samples_fit() const { return static_cast<int>(index_.n_samples()); }

  // {"X": matrix}; load_state validates and rebuilds the index from the stored rows.
  json state() const;
  void load_state(const json& s, const NeighborsSearchParams& p, std::optional<int> n_neighbors);

 private:
  NeighborsIndex index_;
};

// Class codes of a classifier's training targets: validated, stored, counted.
struct ClassTargets {
  IntVector y;
  int n_classes = 0;
  void fit(IntVectorRef y_in, Index n_rows);
  void store(json& s) const;
  void load(const json& s, Index n_rows);
  int most_frequent() const;  // smallest code among the most frequent
};

// A regressor's training targets (n x outputs).
struct RegressionTargets {
  Matrix Y;
  void fit(MatrixRef Y_in, Index n_rows);
  void store(json& s) const;
  void load(const json& s, Index n_rows);
};

// The fitted state of an estimator: index + targets, fitted, saved and loaded together (a failed
// fit or load leaves the previous state untouched).
template <class Targets>
struct Fitted {
  NeighborsModel model;
  Targets targets;

  template <class YRef>
  void fit(MatrixRef X, const YRef& y, const NeighborsSearchParams& p, std::optional<int> n_neighbors) {
    Fitted f;
    f.targets.fit(y, X.rows());
    f.model.fit(X, p, n_neighbors);
    *this = std::move(f);
  }
  json state() const {
    json s = model.state();
    targets.store(s);
    return s;
  }
  void load_state(const json& s, const NeighborsSearchParams& p, std::optional<int> n_neighbors) {
    Fitted f;
    f.model.load_state(s, p, n_neighbors);
    f.targets.load(s, f.model.n_samples_fit());
    *this = std::move(f);
  }
};

// What every neighbours estimator exposes besides its own methods: options, fitted state, the
// numeric attributes, model JSON.
template <class P, class Targets>
class Estimator {
 public:
  using Params = P;
  explicit Estimator(Params p) : params_(p) {}
  const Params& params() const { return params_; }
  bool is_fitted() const { return fitted_.model.is_fitted(); }
  int n_features_in() const { return fitted_.model.n_features_in(); }
  int n_samples_fit() const { return fitted_.model.n_samples_fit(); }
  json state() const { return fitted_.state(); }

 protected:
  Params params_;
  Fitted<Targets> fitted_;
};

}  // namespace nn
}  // namespace wasmlearn
