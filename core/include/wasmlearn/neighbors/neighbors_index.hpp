// The search structure shared by every neighbours estimator: brute force, a KD-tree or a ball tree
// over the training rows, chosen at build time.
//
// All three return exactly the same neighbours and distances on every input (ties and duplicate
// points included): candidates are ranked by (reduced distance, training index), every reported
// distance comes from the one kernel in distance.hpp, and results are listed by (distance, index).
// The trees only prune, with bounds that are loosened by a small relative slack so that rounding in a
// bound can never discard a point that brute force would keep. Brute force with the squared
// Euclidean distance first picks candidates in float32 (brute_filtered), with a proven bound on its
// error; their distances then come from the kernel, so it returns what the kernel alone would.
#pragma once
#include <utility>
#include <vector>

#include "wasmlearn/neighbors/distance.hpp"

namespace wasmlearn {
namespace nn {

enum class SearchAlgorithm { brute, kd_tree, ball_tree };
struct Cand;
class KBest;

class NeighborsIndex {
 public:
  // Copies X (rows = samples). leaf_size >= 1 bounds the points per leaf (between leaf_size and
  // 2*leaf_size, as scikit-learn's trees). Deterministic: the same X gives the same structure.
  void build(MatrixRef X, Distance distance, SearchAlgorithm algorithm, int leaf_size);

  // The k nearest training rows of each row of Q (1 <= k <= n_samples, Q.cols() == n_features).
  KNeighborsResult knn(MatrixRef Q, Index k) const;
  // All training rows within `radius` (distance <= radius) of each row of Q.
  RadiusNeighborsResult radius(MatrixRef Q, double radius) const;

  bool built() const { return X_.rows() > 0; }
  const Matrix& data() const { return X_; }
  Index n_samples() const { return X_.rows(); }
  Index n_features() const { return X_.cols(); }
  SearchAlgorithm algorithm() const { return algorithm_; }
  const Distance& distance() const { return distance_; }
  Index n_nodes() const { return static_cast<Index>(nodes_.size()); }

 private:
  struct Node {
    Index start, end;       // rows start..end-1 of tree_X_ / perm_
    Index left = -1, right = -1;  // children (both -1 for a leaf)
    double radius = 0;      // ball tree: max distance from the centroid to a point of the node
  };
  Index build_node(Index start, Index end);
  template <class Op> double lower_bound(const Op& op, const Node& node, Index id, const double* q) const;  // reduced units
  template <class Op> void knn_brute(const Op& op, MatrixRef Q, Index k, KNeighborsResult& out) const;
  template <class Op> bool filtered_brute_suits(const Op& op, MatrixRef Q) const;
  template <class Start, class Take> void brute_filtered(MatrixRef Q, Start start, Take take) const;
  void knn_brute_filtered(MatrixRef Q, Index k, KNeighborsResult& out) const;
  template <class Op>
  void tree_search(const Op& op, const double* q, KBest* best, double r_reduced, std::vector<Cand>* found,
                   std::vector<std::pair<Index, double>>& stack) const;
  template <class Op> void knn_tree(const Op& op, MatrixRef Q, Index k, KNeighborsResult& out) const;
  template <class Op> void radius_all(const Op& op, MatrixRef Q, double r, RadiusNeighborsResult& out) const;

  Matrix X_;            // training rows, original order
  Distance distance_;
  SearchAlgorithm algorithm_ = SearchAlgorithm::brute;
  int leaf_size_ = 30;
  // Trees: rows of X_ permuted so that every node is a contiguous block, and the permutation.
  Matrix tree_X_;
  std::vector<Index> perm_;
  std::vector<Node> nodes_;
  std::vector<double> lo_, hi_;   // KD-tree: bounding box of each node (node-major, n_features each)
  std::vector<double> centroid_;  // ball tree: centroid of each node (node-major, n_features each)
};

}  // namespace nn
}  // namespace wasmlearn
