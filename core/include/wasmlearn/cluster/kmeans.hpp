// k-means clustering, as scikit-learn's KMeans (1.2): k-means++ (greedy, 2 + ⌊log k⌋ local trials)
// or random starts, then Lloyd's iterations or Elkan's (the same result, fewer distances, via
// triangle-inequality bounds). The data are centred before the iterations (as scikit-learn does)
// and the centres shifted back after. Each variant is an assignment step behind one driver
// (k_means_common.hpp; the steps in core/src/cluster/k_means_lloyd.cpp and k_means_elkan.cpp).
//   - Lloyd's assignment step: argmin_j ‖c_j‖² − 2·x·c_j in float64, computed in float32 (X
//     copied once per fit, feature-major, four rows per register) where a bound on the rounding
//     error certifies that float64 would pick the same centre, and in float64 for the rows it does
//     not (near-ties); labels, centres and inertia are those of float64. Then a pass adding the rows
//     to the sums of the next centres. Both in blocks of rows (each block one call, so V8's
//     optimising tier takes over).
//   - Elkan's assignment step: per block, first every row's distance to its own centre and its
//     lower bounds loosened by the centre shifts, tested against them and half the distances
//     between centres with no branch at all, and the row added to the next centres' sums; then the
//     rows some centre's bounds leave open get all k distances (all become lower bounds) and move
//     to the nearest.
//   - The per-block kernels of both are compiled for each p from 1 to 16 as well as for any p: V8
//     runs a loop of unknown count with a check per step.
//   - Convergence: labels unchanged (strict), or Σ_j ‖c_j(new) − c_j(old)‖² ≤ tol · mean feature
//     variance; then one more assignment if convergence was not strict, so that labels match the
//     centres.
//   - Empty clusters take the points farthest from their centres (largest first), as scikit-learn.
//   - nInit: runs from different starts, the best inertia kept (a later run replaces the best only
//     if it is a different clustering); 10 by default as scikit-learn 1.2; 'auto' is 1 for
//     k-means++ and 10 for random starts (scikit-learn ≥ 1.4); an explicit init matrix runs once.
//     Run r draws from the generator seeded by Random::derive_seed(randomState, r), so results do
//     not depend on how runs are spread over workers.
#pragma once
#include <variant>
#include <vector>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class KMeansInit { k_means_plus_plus, random };
enum class KMeansAlgorithm { lloyd, elkan };
enum class AutoCount { automatic };

struct KMeansParams {
  int n_clusters = 8;
  std::variant<KMeansInit, Matrix> init = KMeansInit::k_means_plus_plus;
  std::variant<AutoCount, int> n_init = 10;
  int max_iter = 300;
  double tol = 1e-4;
  KMeansAlgorithm algorithm = KMeansAlgorithm::lloyd;
  int random_state = 0;
  int first_init = 0;  // run r starts from the stream of (random_state, first_init + r)
  int n_jobs = 1;      // read by the JS layer (fitAsync on the worker pool); fit runs every start in this thread
};

class KMeans {
 public:
  using Params = KMeansParams;

  explicit KMeans(Params p = {}) : params_(std::move(p)) {}
  KMeans& fit(MatrixRef X);
  // Weighted k-means (scikit-learn's sample_weight): a row counts w times in the centres, the inertia
  // and k-means++'s draws (as scikit-learn ≥ 1.3; 1.2 seeds unweighted); random starts take rows of
  // positive weight only.
  KMeans& fit(MatrixRef X, VectorRef sample_weight);
  IntVector predict(MatrixRef X) const;   // index of the nearest centre
  Matrix transform(MatrixRef X) const;    // n x nClusters Euclidean distances to the centres
  double score(MatrixRef X) const;        // −inertia of X with its nearest centres, as scikit-learn

  const Params& params() const { return params_; }
  bool is_fitted() const { return centers_.size() > 0; }
  Matrix cluster_centers() const { return centers_; }
  IntVector labels() const { return labels_; }
  double inertia() const { return inertia_; }
  int n_iter() const { return n_iter_; }
  // Inertia of the assignment made at each iteration of the kept run, measured to the centres
  // that made it (so it is ≥ the final inertia, which uses the updated centres).
  Vector inertia_history() const { return inertia_history_; }
  // The centres the kept run started from (k-means++'s or the random draw, or init), so a viewer
  // can show the first assignment; fits with maxIter 1, 2, ... give every later iterate.
  Matrix init_centers() const { return init_centers_; }
  int n_features_in() const { return static_cast<int>(centers_.cols()); }
  const Warnings& warnings() const { return warnings_; }

  json state() const;
  void load_state(const json& s);

 private:
  // fit with row weights w (ones for an unweighted fit: then `weighted` is false, which only keeps
  // k-means++'s unweighted first draw).
  KMeans& fit_rows(MatrixRef X, const Vector& w, bool weighted);

  Params params_;
  Matrix centers_;
  IntVector labels_;
  double inertia_ = 0;
  int n_iter_ = 0;
  Vector inertia_history_;
  Matrix init_centers_;
  Warnings warnings_;
};

}  // namespace wasmlearn
