#include "wasmlearn/tree/builder.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <queue>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

TreeData TreeData::classification(MatrixRef X, IntVectorRef y, int n_classes) {
  check_float32_range(X);
  TreeData d;
  d.n = X.rows();
  d.d = X.cols();
  d.Xc.resize(static_cast<std::size_t>(d.n * d.d));
  for (Index i = 0; i < d.n; ++i)
    for (Index f = 0; f < d.d; ++f) d.Xc[f * d.n + i] = static_cast<float>(X(i, f));
  d.y.assign(y.data(), y.data() + y.size());
  d.n_classes = n_classes;
  return d;
}

TreeData TreeData::regression(MatrixRef X, MatrixRef Y) {
  TreeData d = classification(X, IntVector(), 0);
  d.n_outputs = static_cast<int>(Y.cols());
  d.Yc.resize(static_cast<std::size_t>(d.n * Y.cols()));
  for (Index i = 0; i < d.n; ++i)
    for (Index k = 0; k < Y.cols(); ++k) d.Yc[k * d.n + i] = Y(i, k);
  return d;
}

namespace {

constexpr double kEpsilon = std::numeric_limits<double>::epsilon();
constexpr double kFeatureThreshold = 1e-7;  // values closer than this are one value, as scikit-learn

// ---- criteria ----------------------------------------------------------------------------------
// Each holds the statistics of the current node ("total") and of the samples moved to its left
// child so far; the right child is total - left. proxy() ranks the splits of one node (larger is
// better); children_impurity() gives the exact impurities once a split is chosen.

class CriterionBase {
 public:
  explicit CriterionBase(const std::vector<double>& w) : w_(w.empty() ? nullptr : w.data()) {}
  double weight(int s) const { return w_ ? w_[s] : 1.0; }
  double w_total = 0, w_left = 0;
  double w_right() const { return w_total - w_left; }
  double proxy_from(double imp_left, double imp_right) const { return -w_right() * imp_right - w_left * imp_left; }

 protected:
  const double* w_;
};

// Gini, entropy (log base 2) and misclassification (1 - largest class fraction).
class ClassCriterion : public CriterionBase {
 public:
  ClassCriterion(const TreeData& d, const std::vector<double>& w, TreeCriterion kind)
      : CriterionBase(w), y_(d.y.data()), k_(d.n_classes), kind_(kind), total_(k_), left_(k_), right_(k_) {}

  void init(const int* s, Index start, Index end) {
    std::fill(total_.begin(), total_.end(), 0.0);
    w_total = 0;
    for (Index p = start; p < end; ++p) {
      const double w = weight(s[p]);
      total_[y_[s[p]]] += w;
      w_total += w;
    }
  }
  void reset() {
    std::fill(left_.begin(), left_.end(), 0.0);
    w_left = 0;
  }
  void move_left(int s) {
    const double w = weight(s);
    left_[y_[s]] += w;
    w_left += w;
  }
  double node_impurity() const { return impurity(total_.data(), w_total); }
  void children_impurity(double& l, double& r) {
    for (int c = 0; c < k_; ++c) right_[c] = total_[c] - left_[c];
    l = impurity(left_.data(), w_left);
    r = impurity(right_.data(), w_right());
  }
  double proxy() {
    double l, r;
    children_impurity(l, r);
    return proxy_from(l, r);
  }
  void node_value(double* out) const { std::copy(total_.begin(), total_.end(), out); }

 private:
  double impurity(const double* c, double w) const {
    switch (kind_) {
      case TreeCriterion::gini: {
        double sq = 0;
        for (int k = 0; k < k_; ++k) sq += c[k] * c[k];
        return 1.0 - sq / (w * w);
      }
      case TreeCriterion::entropy: {
        double e = 0;
        for (int k = 0; k < k_; ++k)
          if (c[k] > 0) {
            const double p = c[k] / w;
            e -= p * (det_log(p) / det_log(2.0));
          }
        return e;
      }
      default:
        return 1.0 - *std::max_element(c, c + k_) / w;
    }
  }

  const int* y_;
  int k_;
  TreeCriterion kind_;
  std::vector<double> total_, left_, right_;
};

// Squared error: variance around the mean, averaged over outputs.
class SquaredErrorCriterion : public CriterionBase {
 public:
  SquaredErrorCriterion(const TreeData& d, const std::vector<double>& w, TreeCriterion)
      : CriterionBase(w), Y_(d.Yc.data()), n_(d.n), k_(d.n_outputs), total_(k_), left_(k_) {}

  void init(const int* s, Index start, Index end) {
    std::fill(total_.begin(), total_.end(), 0.0);
    w_total = sq_total_ = 0;
    for (Index p = start; p < end; ++p) {
      const double w = weight(s[p]);
      for (int k = 0; k < k_; ++k) {
        const double y = Y_[k * n_ + s[p]];
        total_[k] += w * y;
        sq_total_ += w * y * y;
      }
      w_total += w;
    }
  }
  void reset() {
    std::fill(left_.begin(), left_.end(), 0.0);
    w_left = sq_left_ = 0;
  }
  void move_left(int s) {
    const double w = weight(s);
    for (int k = 0; k < k_; ++k) {
      const double y = Y_[k * n_ + s];
      left_[k] += w * y;
      sq_left_ += w * y * y;
    }
    w_left += w;
  }
  double node_impurity() const {
    double imp = sq_total_ / w_total;
    for (int k = 0; k < k_; ++k) imp -= (total_[k] / w_total) * (total_[k] / w_total);
    return imp / k_;
  }
  void children_impurity(double& l, double& r) const {
    const double wr = w_right();
    l = sq_left_ / w_left;
    r = (sq_total_ - sq_left_) / wr;
    for (int k = 0; k < k_; ++k) {
      const double sr = total_[k] - left_[k];
      l -= (left_[k] / w_left) * (left_[k] / w_left);
      r -= (sr / wr) * (sr / wr);
    }
    l /= k_;
    r /= k_;
  }
  // The impurity improvement up to terms constant within a node (scikit-learn's proxy).
  double proxy() const {
    double pl = 0, pr = 0;
    for (int k = 0; k < k_; ++k) {
      const double sr = total_[k] - left_[k];
      pl += left_[k] * left_[k];
      pr += sr * sr;
    }
    return pl / w_left + pr / w_right();
  }
  void node_value(double* out) const {
    for (int k = 0; k < k_; ++k) out[k] = total_[k] / w_total;
  }

 private:
  const double* Y_;
  Index n_;
  int k_;
  std::vector<double> total_, left_;
  double sq_total_ = 0, sq_left_ = 0;
};

// Absolute error: mean absolute deviation from the (weighted) median, averaged over outputs. The
// node's targets are ranked once per node; Fenwick trees over the ranks hold the weights and
// weighted targets of the left child, so each move and each median query is O(log n).
class AbsoluteErrorCriterion : public CriterionBase {
 public:
  AbsoluteErrorCriterion(const TreeData& d, const std::vector<double>& w, TreeCriterion)
      : CriterionBase(w), Y_(d.Yc.data()), n_(d.n), k_(d.n_outputs), rank_(static_cast<std::size_t>(d.n * k_)), out_(k_) {}

  void init(const int* s, Index start, Index end) {
    m_ = end - start;
    w_total = 0;
    for (Index p = start; p < end; ++p) w_total += weight(s[p]);
    for (int k = 0; k < k_; ++k) {
      Output& o = out_[k];
      o.sorted.resize(m_);
      for (Index p = 0; p < m_; ++p) o.sorted[p] = {Y_[k * n_ + s[start + p]], s[start + p]};
      std::sort(o.sorted.begin(), o.sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first || (a.first == b.first && a.second < b.second); });
      o.tw.assign(m_ + 1, 0.0);
      o.twy.assign(m_ + 1, 0.0);
      for (Index r = 0; r < m_; ++r) {
        rank_[k * n_ + o.sorted[r].second] = static_cast<int>(r);
        add(o.tw, r, weight(o.sorted[r].second));
        add(o.twy, r, weight(o.sorted[r].second) * o.sorted[r].first);
      }
      o.sum_wy = 0;
      for (Index r = 0; r < m_; ++r) o.sum_wy += weight(o.sorted[r].second) * o.sorted[r].first;
    }
  }
  void reset() {
    w_left = 0;
    for (auto& o : out_) {
      o.lw.assign(m_ + 1, 0.0);
      o.lwy.assign(m_ + 1, 0.0);
      o.left_wy = 0;
    }
  }
  void move_left(int s) {
    const double w = weight(s);
    for (int k = 0; k < k_; ++k) {
      Output& o = out_[k];
      const Index r = rank_[k * n_ + s];
      add(o.lw, r, w);
      add(o.lwy, r, w * Y_[k * n_ + s]);
      o.left_wy += w * Y_[k * n_ + s];
    }
    w_left += w;
  }
  double node_impurity() const {
    double imp = 0;
    for (const auto& o : out_) imp += deviation(o, o.tw, o.twy, nullptr, nullptr, w_total, o.sum_wy);
    return imp / (w_total * k_);
  }
  void children_impurity(double& l, double& r) const {
    l = r = 0;
    for (const auto& o : out_) {
      l += deviation(o, o.lw, o.lwy, nullptr, nullptr, w_left, o.left_wy);
      r += deviation(o, o.tw, o.twy, &o.lw, &o.lwy, w_right(), o.sum_wy - o.left_wy);
    }
    l /= w_left * k_;
    r /= w_right() * k_;
  }
  double proxy() const {
    double l, r;
    children_impurity(l, r);
    return proxy_from(l, r);
  }
  // The weighted median of each output, as scikit-learn's WeightedMedianCalculator: the value
  // where the cumulative weight first reaches half, or the mean of it and the next value when the
  // cumulative weight is exactly half.
  void node_value(double* out) const {
    for (int k = 0; k < k_; ++k) {
      const auto& sorted = out_[k].sorted;
      double cum = 0;
      for (Index r = 0; r < m_; ++r) {
        cum += weight(sorted[r].second);
        if (cum >= w_total / 2) {
          out[k] = cum == w_total / 2 && r + 1 < m_ ? (sorted[r].first + sorted[r + 1].first) / 2 : sorted[r].first;
          break;
        }
      }
    }
  }

 private:
  struct Output {
    std::vector<std::pair<double, int>> sorted;  // the node's (target, sample) by target
    std::vector<double> tw, twy, lw, lwy;         // Fenwick trees: node and left weights, weighted targets
    double sum_wy = 0, left_wy = 0;
  };
  static void add(std::vector<double>& t, Index r, double v) {
    for (Index i = r + 1; i < static_cast<Index>(t.size()); i += i & -i) t[i] += v;
  }
  // Sum of w·|y - median| over a set given by Fenwick trees (a - b when b is given).
  double deviation(const Output& o, const std::vector<double>& aw, const std::vector<double>& awy,
                   const std::vector<double>* bw, const std::vector<double>* bwy, double W, double SWY) const {
    if (W <= 0) return 0;
    // Descend to the largest prefix with cumulative weight < W/2; the next rank holds the median.
    Index pos = 0;
    double cw = 0, cwy = 0;
    Index step = 1;
    while (step * 2 <= m_) step *= 2;
    for (; step > 0; step /= 2) {
      const Index nxt = pos + step;
      if (nxt > m_) continue;
      const double w = aw[nxt] - (bw ? (*bw)[nxt] : 0.0);
      if (cw + w < W / 2) {
        pos = nxt;
        cw += w;
        cwy += awy[nxt] - (bwy ? (*bwy)[nxt] : 0.0);
      }
    }
    const double median = o.sorted[std::min(pos, m_ - 1)].first;
    // Ranks < pos lie at or below the median; the rest at or above it.
    return (median * cw - cwy) + ((SWY - cwy) - median * (W - cw));
  }

  const double* Y_;
  Index n_;
  int k_;
  std::vector<int> rank_;
  std::vector<Output> out_;
  Index m_ = 0;
};

// ---- the grower --------------------------------------------------------------------------------

struct Split {
  int feature = kTreeUndefined;
  double threshold = kTreeUndefined;
  Index pos = 0;
  double impurity_left = 0, impurity_right = 0, improvement = 0;
};

template <class Criterion>
class Grower {
 public:
  Grower(const TreeData& data, const std::vector<int>& samples, const std::vector<double>& weights,
         const GrowSettings& s, Random& rng)
      : data_(data), s_(s), rng_(rng), crit_(data, weights, s.criterion), samples_(samples),
        order_(samples.size()), keys_(2 * samples.size()), one_side_(samples.size()), features_(static_cast<std::size_t>(data.d)) {
    for (Index f = 0; f < data.d; ++f) features_[f] = static_cast<int>(f);
    tree_.n_features = static_cast<int>(data.d);
    tree_.n_values = data.is_classification() ? data.n_classes : data.n_outputs;
    value_.resize(tree_.n_values);
  }

  Tree grow() {
    const Index m = static_cast<Index>(samples_.size());
    crit_.init(samples_.data(), 0, m);
    w_root_ = crit_.w_total;
    min_weight_leaf_ = s_.min_weight_fraction_leaf * w_root_;
    if (s_.max_leaf_nodes > 0) grow_best_first(m);
    else grow_depth_first(m);
    for (auto* v : {&tree_.left, &tree_.right, &tree_.feature, &tree_.n_samples}) v->shrink_to_fit();
    for (auto* v : {&tree_.threshold, &tree_.impurity, &tree_.weighted_n, &tree_.value}) v->shrink_to_fit();
    return std::move(tree_);
  }

 private:
  struct Record {
    Index start, end;
    int depth, parent;
    bool is_left;
    double impurity;
    int node = 0;
    bool is_leaf = true;
    Split split{};
  };

  // Evaluates one node: creates it (linked to its parent) and finds its split unless it is a leaf.
  Record add_node(Record r, bool first) {
    const Index n = r.end - r.start;
    crit_.init(samples_.data(), r.start, r.end);
    const double w_node = crit_.w_total;
    bool leaf = r.depth >= s_.max_depth || n < s_.min_samples_split || n < 2 * s_.min_samples_leaf ||
                w_node < 2 * min_weight_leaf_;
    if (first) r.impurity = crit_.node_impurity();
    leaf = leaf || r.impurity <= kEpsilon;
    crit_.node_value(value_.data());
    if (!leaf) {
      r.split = find_split(r.start, r.end, r.impurity);
      leaf = r.split.pos >= r.end || r.split.improvement + kEpsilon < s_.min_impurity_decrease;
    }
    r.is_leaf = leaf;
    r.node = tree_.add_node(leaf ? kTreeUndefined : r.split.feature, leaf ? kTreeUndefined : r.split.threshold,
                            r.impurity, static_cast<int>(n), w_node, value_.data());
    if (r.parent >= 0) (r.is_left ? tree_.left : tree_.right)[r.parent] = r.node;
    return r;
  }

  void grow_depth_first(Index m) {
    std::vector<Record> stack{{0, m, 0, -1, false, 0}};
    bool first = true;
    while (!stack.empty()) {
      const Record r = add_node(stack.back(), first);
      stack.pop_back();
      first = false;
      if (r.is_leaf) continue;
      stack.push_back({r.split.pos, r.end, r.depth + 1, r.node, false, r.split.impurity_right});
      stack.push_back({r.start, r.split.pos, r.depth + 1, r.node, true, r.split.impurity_left});
    }
  }

  // Best-first (maxLeafNodes): expand the frontier node of largest improvement, as scikit-learn's
  // BestFirstTreeBuilder; equal improvements expand the older node first.
  void grow_best_first(Index m) {
    auto worse = [](const Record& a, const Record& b) {
      const double ia = a.is_leaf ? 0.0 : a.split.improvement, ib = b.is_leaf ? 0.0 : b.split.improvement;
      return ia < ib || (ia == ib && a.node > b.node);
    };
    std::priority_queue<Record, std::vector<Record>, decltype(worse)> frontier(worse);
    frontier.push(add_node({0, m, 0, -1, false, 0}, true));
    int split_budget = s_.max_leaf_nodes - 1;
    while (!frontier.empty()) {
      const Record r = frontier.top();
      frontier.pop();
      if (r.is_leaf || split_budget <= 0) {
        tree_.feature[r.node] = kTreeUndefined;
        tree_.threshold[r.node] = kTreeUndefined;
        continue;
      }
      --split_budget;
      frontier.push(add_node({r.start, r.split.pos, r.depth + 1, r.node, true, r.split.impurity_left}, false));
      frontier.push(add_node({r.split.pos, r.end, r.depth + 1, r.node, false, r.split.impurity_right}, false));
    }
  }

  // The next candidate feature: in index order when every feature is examined, else a uniformly
  // random one not drawn yet at this node (partial Fisher–Yates).
  int draw_feature(Index visited) {
    if (s_.max_features >= data_.d) return features_[visited];
    const Index j = visited + rng_.index(data_.d - visited);
    std::swap(features_[visited], features_[j]);
    return features_[visited];
  }

  Split find_split(Index start, Index end, double impurity) {
    const Index m = end - start;
    const int msl = s_.min_samples_leaf;
    const int* s = samples_.data();
    double best_proxy = -std::numeric_limits<double>::infinity();
    Split best;
    best.pos = end;
    int examined = 0;  // non-constant features examined
    for (Index visited = 0; visited < data_.d && examined < s_.max_features; ++visited) {
      const int f = draw_feature(visited);
      const float* x = data_.Xc.data() + f * data_.n;
      if (s_.splitter == TreeSplitter::best) {
        sort_by_value(x, s + start, m);
        if (static_cast<double>(order_[m - 1].v) <= order_[0].v + kFeatureThreshold) continue;  // constant at this node
        ++examined;
        crit_.reset();
        for (Index p = 0; p + 1 < m; ++p) {
          crit_.move_left(order_[p].s);
          if (static_cast<double>(order_[p + 1].v) <= order_[p].v + kFeatureThreshold) continue;
          const Index nl = p + 1;
          if (nl < msl) continue;
          if (m - nl < msl) break;
          if (!keeps_min_weight()) continue;
          const double proxy = crit_.proxy();
          if (proxy > best_proxy) {
            best_proxy = proxy;
            best.feature = f;
            best.pos = start + nl;
            double thr = static_cast<double>(order_[p].v) / 2.0 + static_cast<double>(order_[p + 1].v) / 2.0;
            if (thr == static_cast<double>(order_[p + 1].v) || std::isinf(thr)) thr = order_[p].v;
            best.threshold = thr;
          }
        }
      } else {
        // The node's values gathered once; the samples at most thr are then listed without a branch
        // (about half go left, and a branch on each mispredicts half the time) and moved left in order.
        Entry* gathered = order_.data();
        float lo = x[s[start]], hi = lo;
        for (Index p = 0; p < m; ++p) {
          const float v = x[s[start + p]];
          gathered[p] = {v, s[start + p]};
          lo = std::min(lo, v);
          hi = std::max(hi, v);
        }
        if (static_cast<double>(hi) <= lo + kFeatureThreshold) continue;
        ++examined;
        double thr = rng_.uniform(lo, hi);
        if (thr == hi) thr = lo;
        int* left = one_side_.data();
        Index nl = 0;
        for (Index p = 0; p < m; ++p) {
          left[nl] = gathered[p].s;
          nl += gathered[p].v <= thr;
        }
        crit_.reset();
        for (Index p = 0; p < nl; ++p) crit_.move_left(left[p]);
        if (nl < msl || m - nl < msl || !keeps_min_weight()) continue;
        const double proxy = crit_.proxy();
        if (proxy > best_proxy) {
          best_proxy = proxy;
          best.feature = f;
          best.pos = start + nl;
          best.threshold = thr;
        }
      }
    }
    if (best.pos >= end) return best;
    // Partition the node's samples (stable) and evaluate the chosen split exactly. Without a branch:
    // each sample is written to both sides' next places, and only its own side's count moves on.
    const float* x = data_.Xc.data() + best.feature * data_.n;
    scratch_.assign(samples_.begin() + start, samples_.begin() + end);
    int* right = one_side_.data();
    Index w = 0, r = 0;
    for (Index p = 0; p < m; ++p) {
      const int sample = scratch_[p];
      const bool goes_left = x[sample] <= best.threshold;
      samples_[start + w] = sample;
      right[r] = sample;
      w += goes_left;
      r += !goes_left;
    }
    std::copy(right, right + r, samples_.begin() + start + w);
    crit_.reset();
    for (Index p = start; p < best.pos; ++p) crit_.move_left(samples_[p]);
    crit_.children_impurity(best.impurity_left, best.impurity_right);
    const double wn = crit_.w_total, wl = crit_.w_left, wr = crit_.w_right();
    best.improvement = (wn / w_root_) * (impurity - (wr / wn) * best.impurity_right - (wl / wn) * best.impurity_left);
    return best;
  }

  // Both children of the split the criterion holds keep minWeightFractionLeaf of the weight.
  bool keeps_min_weight() const { return crit_.w_left >= min_weight_leaf_ && crit_.w_right() >= min_weight_leaf_; }

  struct Entry {
    float v;
    int s;
  };

  // order_[0..m) = the samples s[0..m) by value of feature column x, equal values in their order
  // in s (a stable sort, so the result does not depend on the sort's implementation): the float
  // bits are mapped to order-preserving unsigned keys and sorted by an LSD radix sort (insertion
  // sort for small nodes).
  void sort_by_value(const float* x, const int* s, Index m) {
    auto key_of = [](float f) {
      std::uint32_t u;
      std::memcpy(&u, &f, sizeof u);
      return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
    };
    std::uint64_t* a = keys_.data();
    std::uint64_t* b = keys_.data() + keys_.size() / 2;
    for (Index p = 0; p < m; ++p)
      a[p] = (static_cast<std::uint64_t>(key_of(x[s[p]])) << 32) | static_cast<std::uint32_t>(s[p]);
    if (m < 64) {
      for (Index p = 1; p < m; ++p) {
        const std::uint64_t k = a[p];
        Index q = p;
        for (; q > 0 && (a[q - 1] >> 32) > (k >> 32); --q) a[q] = a[q - 1];
        a[q] = k;
      }
    } else {
      for (int shift = 32; shift < 64; shift += 8) {
        Index count[257] = {0};
        for (Index p = 0; p < m; ++p) ++count[((a[p] >> shift) & 255u) + 1];
        if (count[((a[0] >> shift) & 255u) + 1] == m) continue;  // one bucket: nothing to do
        for (int d = 0; d < 256; ++d) count[d + 1] += count[d];
        for (Index p = 0; p < m; ++p) b[count[(a[p] >> shift) & 255u]++] = a[p];
        std::swap(a, b);
      }
    }
    for (Index p = 0; p < m; ++p) {
      std::uint32_t u = static_cast<std::uint32_t>(a[p] >> 32);
      u = (u & 0x80000000u) ? (u & 0x7fffffffu) : ~u;
      float f;
      std::memcpy(&f, &u, sizeof f);
      order_[p] = {f, static_cast<int>(a[p] & 0xffffffffu)};
    }
  }

  const TreeData& data_;
  const GrowSettings& s_;
  Random& rng_;
  Criterion crit_;
  std::vector<int> samples_;
  std::vector<Entry> order_;
  std::vector<std::uint64_t> keys_;  // two halves: radix sort buffers
  std::vector<int> scratch_;
  std::vector<int> one_side_;  // a split's samples of one side: the random splitter's left, the partition's right
  std::vector<int> features_;
  std::vector<double> value_;
  Tree tree_;
  double w_root_ = 1, min_weight_leaf_ = 0;
};

template <class C>
Tree grow_with(const TreeData& data, const std::vector<int>& samples, const std::vector<double>& weights,
               const GrowSettings& s, Random& rng) {
  return Grower<C>(data, samples, weights, s, rng).grow();
}

}  // namespace

std::vector<int> weighted_samples(const std::vector<double>& weights, Index n) {
  std::vector<int> samples;
  samples.reserve(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i)
    if (weights.empty() || weights[i] > 0) samples.push_back(static_cast<int>(i));
  return samples;
}

Tree grow_tree(const TreeData& data, const std::vector<int>& samples, const std::vector<double>& weights,
               const GrowSettings& s, Random& rng) {
  switch (s.criterion) {
    case TreeCriterion::squared_error: return grow_with<SquaredErrorCriterion>(data, samples, weights, s, rng);
    case TreeCriterion::absolute_error: return grow_with<AbsoluteErrorCriterion>(data, samples, weights, s, rng);
    default: return grow_with<ClassCriterion>(data, samples, weights, s, rng);
  }
}

}  // namespace wasmlearn
