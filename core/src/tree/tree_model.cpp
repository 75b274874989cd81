#include "wasmlearn/tree/tree_model.hpp"

#include <algorithm>
#include <limits>
#include <type_traits>

#include "wasmlearn/base/model_binary.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

int Tree::add_node(int feat, double thr, double imp, int n, double wn, const double* val) {
  left.push_back(kTreeLeaf);
  right.push_back(kTreeLeaf);
  feature.push_back(feat);
  threshold.push_back(thr);
  impurity.push_back(imp);
  n_samples.push_back(n);
  weighted_n.push_back(wn);
  value.insert(value.end(), val, val + n_values);
  return static_cast<int>(left.size()) - 1;
}

int Tree::leaf_of(const double* x) const {
  int node = 0;
  while (left[node] != kTreeLeaf) node = static_cast<float>(x[feature[node]]) <= threshold[node] ? left[node] : right[node];
  return node;
}

IntVector Tree::apply(MatrixRef X) const {
  IntVector out(X.rows());
  for (Index i = 0; i < X.rows(); ++i) out[i] = leaf_of(row_ptr(X, i));
  return out;
}

NamedArrays Tree::decision_path(MatrixRef X) const {
  std::vector<double> indptr{0}, indices;
  for (Index i = 0; i < X.rows(); ++i) {
    const double* x = row_ptr(X, i);
    int node = 0;
    indices.push_back(0);
    while (left[node] != kTreeLeaf) {
      node = static_cast<float>(x[feature[node]]) <= threshold[node] ? left[node] : right[node];
      indices.push_back(node);
    }
    indptr.push_back(static_cast<double>(indices.size()));
  }
  const Index nnz = static_cast<Index>(indices.size());
  return NamedArrays{{{"indptr", NdArray{std::move(indptr), {X.rows() + 1}}}, {"indices", NdArray{std::move(indices), {nnz}}}}};
}

int Tree::depth() const {
  // Children always have larger ids than their parent, so one forward pass suffices.
  std::vector<int> d(left.size(), 0);
  int deepest = 0;
  for (std::size_t i = 0; i < left.size(); ++i) {
    deepest = std::max(deepest, d[i]);
    if (left[i] != kTreeLeaf) d[left[i]] = d[right[i]] = d[i] + 1;
  }
  return deepest;
}

int Tree::n_leaves() const { return static_cast<int>(std::count(left.begin(), left.end(), kTreeLeaf)); }

Vector Tree::feature_importances() const {
  Vector imp = Vector::Zero(n_features);
  for (Index i = 0; i < node_count(); ++i) {
    if (is_leaf(i)) continue;
    const int l = left[i], r = right[i];
    imp[feature[i]] += weighted_n[i] * impurity[i] - weighted_n[l] * impurity[l] - weighted_n[r] * impurity[r];
  }
  if (node_count() > 0) imp /= weighted_n[0];
  const double total = imp.sum();
  if (total > 0) imp /= total;
  return imp;
}

namespace {

// scikit-learn's _cost_complexity_prune: repeatedly collapse the internal node with the smallest
// effective alpha (r(node) - r(branch)) / (leaves(branch) - 1), the first such node on ties, until
// the root is a leaf or the next alpha exceeds `stop_alpha`. Returns which nodes remain and which
// of them are leaves.
struct Pruning {
  std::vector<char> in_subtree, leaf;
};

Pruning cost_complexity_prune(const Tree& t, double stop_alpha, Tree::PruningPath* path) {
  const Index n = t.node_count();
  std::vector<int> parent(n, kTreeUndefined), n_leaves(n, 0);
  std::vector<double> r_node(n), r_branch(n, 0.0);
  Pruning p{std::vector<char>(n, 1), std::vector<char>(n, 0)};
  std::vector<char> candidate(n, 0);
  const double total = t.weighted_n[0];
  for (Index i = 0; i < n; ++i) r_node[i] = t.weighted_n[i] * t.impurity[i] / total;
  for (Index i = 0; i < n; ++i) {
    if (t.is_leaf(i)) p.leaf[i] = 1;
    else parent[t.left[i]] = parent[t.right[i]] = static_cast<int>(i);
  }
  for (Index leaf = 0; leaf < n; ++leaf) {
    if (!p.leaf[leaf]) continue;
    r_branch[leaf] = r_node[leaf];
    for (Index i = leaf; i != 0;) {
      const int up = parent[i];
      r_branch[up] += r_node[leaf];
      n_leaves[up] += 1;
      i = up;
    }
  }
  for (Index i = 0; i < n; ++i) candidate[i] = !p.leaf[i];
  if (path) path->ccp_alphas.push_back(0.0), path->impurities.push_back(r_branch[0]);
  std::vector<int> stack;
  while (candidate[0]) {
    double alpha = std::numeric_limits<double>::max();
    Index pruned = 0;
    for (Index i = 0; i < n; ++i) {
      if (!candidate[i]) continue;
      const double a = (r_node[i] - r_branch[i]) / (n_leaves[i] - 1);
      if (a < alpha) alpha = a, pruned = i;
    }
    if (stop_alpha < alpha) break;
    stack.push_back(static_cast<int>(pruned));
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      if (!p.in_subtree[i]) continue;
      candidate[i] = p.leaf[i] = p.in_subtree[i] = 0;
      if (!t.is_leaf(i)) stack.push_back(t.left[i]), stack.push_back(t.right[i]);
    }
    p.leaf[pruned] = p.in_subtree[pruned] = 1;
    const int removed = n_leaves[pruned] - 1;
    n_leaves[pruned] = 0;
    const double r_diff = r_node[pruned] - r_branch[pruned];
    r_branch[pruned] = r_node[pruned];
    for (int i = parent[pruned]; i != kTreeUndefined; i = parent[i]) n_leaves[i] -= removed, r_branch[i] += r_diff;
    if (path) path->ccp_alphas.push_back(alpha), path->impurities.push_back(r_branch[0]);
  }
  return p;
}

}  // namespace

Tree::PruningPath Tree::pruning_path() const {
  PruningPath path;
  cost_complexity_prune(*this, std::numeric_limits<double>::infinity(), &path);
  return path;
}

Tree Tree::pruned(double alpha) const {
  const Pruning p = cost_complexity_prune(*this, alpha, nullptr);
  Tree out;
  out.n_features = n_features;
  out.n_values = n_values;
  struct Item {
    int node, parent;
    bool is_left;
  };
  std::vector<Item> stack{{0, -1, false}};
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    const bool leaf = p.leaf[it.node];
    const int id = out.add_node(leaf ? kTreeUndefined : feature[it.node], leaf ? kTreeUndefined : threshold[it.node],
                                impurity[it.node], n_samples[it.node], weighted_n[it.node], value_of(it.node));
    if (it.parent >= 0) (it.is_left ? out.left : out.right)[it.parent] = id;
    if (!leaf) stack.push_back({right[it.node], id, false}), stack.push_back({left[it.node], id, true});
  }
  return out;
}

std::size_t Tree::bytes() const {
  return sizeof(Tree) + (left.capacity() + right.capacity() + feature.capacity() + n_samples.capacity()) * sizeof(std::int32_t) +
         (threshold.capacity() + impurity.capacity() + weighted_n.capacity() + value.capacity()) * sizeof(double);
}

json Tree::to_json() const {
  return {{"childrenLeft", packable(left)},     {"childrenRight", packable(right)},
          {"feature", packable(feature)},       {"threshold", packable(threshold)},
          {"impurity", packable(impurity)},     {"nNodeSamples", packable(n_samples)},
          {"weightedNNodeSamples", packable(weighted_n)}, {"value", packable(value)}};
}

namespace {
template <class T>
std::vector<T> array_from_json(const json& j, const char* field, std::size_t size) {
  const json& a = member(j, field);
  if (auto values = unpacked<T>(a, std::string("tree.") + field, size)) return std::move(*values);
  if (!a.is_array() || a.size() != size)
    throw InvalidArgument(std::string("model JSON: tree.") + field + " must be an array of " + std::to_string(size) + " numbers");
  std::vector<T> out;
  out.reserve(size);
  for (const auto& v : a) {
    if (!v.is_number()) throw InvalidArgument(std::string("model JSON: tree.") + field + " must hold numbers");
    // Integer fields through the one integer check: get<int32_t> of 1e38 is undefined behaviour (fuzzer).
    if constexpr (std::is_integral_v<T>)
      out.push_back(integer_argument<T>(v.get<double>(), std::string("model JSON: tree.") + field));
    else
      out.push_back(v.get<T>());
  }
  return out;
}
}  // namespace

Tree Tree::from_json(const json& j, int n_features, int n_values) {
  if (!j.is_object()) throw InvalidArgument("model JSON: a tree must be an object");
  const json& l = member(j, "childrenLeft");
  const std::size_t n = l.is_binary() ? l.get_binary().size() / sizeof(std::int32_t) : l.size();
  if (!(l.is_array() || l.is_binary()) || n == 0) throw InvalidArgument("model JSON: tree.childrenLeft must be a non-empty array");
  Tree t;
  t.n_features = n_features;
  t.n_values = n_values;
  t.left = array_from_json<std::int32_t>(j, "childrenLeft", n);
  t.right = array_from_json<std::int32_t>(j, "childrenRight", n);
  t.feature = array_from_json<std::int32_t>(j, "feature", n);
  t.threshold = array_from_json<double>(j, "threshold", n);
  t.impurity = array_from_json<double>(j, "impurity", n);
  t.n_samples = array_from_json<std::int32_t>(j, "nNodeSamples", n);
  t.weighted_n = array_from_json<double>(j, "weightedNNodeSamples", n);
  t.value = array_from_json<double>(j, "value", n * static_cast<std::size_t>(n_values));
  // Children must come after their parent (no cycles) and within the tree; splits name a feature.
  for (std::size_t i = 0; i < n; ++i) {
    const int a = t.left[i], b = t.right[i];
    const bool leaf = a == kTreeLeaf && b == kTreeLeaf;
    const bool split = a > static_cast<int>(i) && b > static_cast<int>(i) && a < static_cast<int>(n) && b < static_cast<int>(n) &&
                       t.feature[i] >= 0 && t.feature[i] < n_features;
    if (!leaf && !split) throw InvalidArgument("model JSON: tree node " + std::to_string(i) + " is malformed");
  }
  return t;
}

}  // namespace wasmlearn
