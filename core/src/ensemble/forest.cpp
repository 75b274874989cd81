#include "wasmlearn/ensemble/forest.hpp"

#include <algorithm>
#include <cmath>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/ensemble/describe.hpp"
#include "wasmlearn/ensemble/oob.hpp"

namespace wasmlearn {

namespace {

Index bootstrap_size(const ForestParams& p, Index n) {
  if (!p.max_samples) return n;
  if (const int* k = std::get_if<int>(&*p.max_samples)) {
    if (*k > n)
      throw InvalidArgument("maxSamples must be between 1 and the number of samples (" + std::to_string(n) + "), got " +
                            std::to_string(*k));
    return *k;
  }
  return std::max<Index>(1, static_cast<Index>(std::llround(std::get<double>(*p.max_samples) * static_cast<double>(n))));
}

// The first draws of tree `index`'s stream: its bootstrap sample, as multiplicities.
std::vector<double> draw_bootstrap(Random& rng, const ForestParams& p, Index n) {
  if (!p.bootstrap) return {};
  std::vector<double> w(static_cast<std::size_t>(n), 0.0);
  for (Index k = bootstrap_size(p, n); k > 0; --k) w[rng.index(n)] += 1.0;
  return w;
}

std::vector<double> row_of(const TreeData& d, Index i) {
  std::vector<double> x(static_cast<std::size_t>(d.d));
  for (Index f = 0; f < d.d; ++f) x[f] = d.Xc[f * d.n + i];
  return x;
}

}  // namespace

std::vector<double> ForestBase::bootstrap_weights(const ForestParams& p, Index n, int index) {
  Random rng(Random::derive_seed(static_cast<std::uint64_t>(p.random_state), static_cast<std::uint64_t>(index)));
  return draw_bootstrap(rng, p, n);
}

Tree ForestBase::grow_tree_at(const TreeData& data, const GrowSettings& s, const ForestParams& p, int index,
                              VectorRef sample_weight) {
  Random rng(Random::derive_seed(static_cast<std::uint64_t>(p.random_state), static_cast<std::uint64_t>(index)));
  std::vector<double> w = draw_bootstrap(rng, p, data.n);
  if (w.empty()) w.assign(static_cast<std::size_t>(data.n), 1.0);
  for (Index i = 0; i < data.n; ++i) w[i] *= sample_weight[i];
  const std::vector<int> samples = weighted_samples(w, data.n);
  if (samples.empty())
    throw InvalidArgument("sampleWeight is zero for every sample drawn into the bootstrap sample of tree " +
                          std::to_string(index) + ": give more samples a positive weight, or set bootstrap to false");
  return grow_tree(data, samples, w, s, rng);
}

void ForestBase::check_warm_start(Index n_features, int n_values, int n_estimators) const {
  if (n_features != n_features_ || n_values != n_values_)
    throw InvalidArgument("warmStart: X has " + std::to_string(n_features) + " features and y " + std::to_string(n_values) +
                          " classes or outputs, the fitted trees " + std::to_string(n_features_) + " and " +
                          std::to_string(n_values_) + ": fit on data of the same shape, or set warmStart to false");
  if (n_estimators < n_estimators_fitted())
    throw InvalidArgument("nEstimators = " + std::to_string(n_estimators) + " is less than the " +
                          std::to_string(n_estimators_fitted()) + " trees fitted: with warmStart, nEstimators must be at least that");
}

void ForestBase::check_predict(MatrixRef X, const char* method) const {
  check_fitted(is_fitted(), name_, method);
  check_n_features(n_features_, X);
  check_matrix(X);
  check_float32_range(X);
}

void ForestBase::grow_forest(const TreeData& data, const ForestParams& p, TreeCriterion criterion, TreeSplitter splitter,
                             const std::function<double(const Matrix&, const Vector&)>& oob_score_of, bool normalise_leaves,
                             VectorRef sample_weight) {
  check_sample_weight(sample_weight, data.n);
  bootstrap_size(p, data.n);  // validates maxSamples before any work
  const GrowSettings s = resolve_growth(p, criterion, splitter, p.max_features, data.n, data.d);
  const int k = data.is_classification() ? data.n_classes : data.n_outputs;
  // Each tree draws a weight per sample and may grow up to 2n - 1 nodes: refuse a forest that could
  // not fit before growing any.
  check_size(static_cast<double>(p.n_estimators) * static_cast<double>(data.n),
             "a forest of nEstimators = " + std::to_string(p.n_estimators) + " trees on " + std::to_string(data.n) +
                 " samples (trees x samples)");
  std::vector<Tree> trees;
  if (p.warm_start && is_fitted()) {
    check_warm_start(data.d, k, p.n_estimators);
    trees = trees_;
  }
  trees.reserve(static_cast<std::size_t>(p.n_estimators));
  for (int t = static_cast<int>(trees.size()); t < p.n_estimators; ++t) {
    trees.push_back(grow_tree_at(data, s, p, p.first_estimator + t, sample_weight));
    if (progress_ && !progress_(t + 1, p.n_estimators))
      throw Error("fit cancelled after " + std::to_string(t + 1) + " of " + std::to_string(p.n_estimators) + " trees");
  }
  double oob = std::numeric_limits<double>::quiet_NaN();
  Matrix oob_values;
  if (p.oob_score) {
    Matrix sum = Matrix::Zero(data.n, k);
    Vector count = Vector::Zero(data.n);
    for (int t = 0; t < p.n_estimators; ++t) {
      const std::vector<double> w = bootstrap_weights(p, data.n, p.first_estimator + t);
      for (Index i = 0; i < data.n; ++i) {
        if (w[i] > 0) continue;
        const std::vector<double> x = row_of(data, i);
        Matrix one = Matrix::Zero(1, k);
        accumulate_leaf_values(trees[t], Eigen::Map<const Matrix>(x.data(), 1, data.d), normalise_leaves, 1.0, one);
        sum.row(i) += one.row(0);
        count[i] += 1;
      }
    }
    oob = oob_score_of(sum, count);
    oob_values = oob_means(sum, count);
  }
  trees_ = std::move(trees);
  n_features_ = static_cast<int>(data.d);
  n_values_ = k;
  oob_score_ = oob;
  oob_values_ = std::move(oob_values);
}

Vector ForestBase::feature_importances() const {
  Vector sum = Vector::Zero(n_features_);
  int used = 0;
  for (const Tree& t : trees_)
    if (t.node_count() > 1) sum += t.feature_importances(), ++used;
  if (used == 0) return sum;
  sum /= used;
  const double total = sum.sum();
  return total > 0 ? Vector(sum / total) : sum;
}

double ForestBase::oob_score() const { return oob_score_; }

std::size_t ForestBase::bytes() const {
  std::size_t b = sizeof(*this) + trees_.capacity() * sizeof(Tree);
  for (const Tree& t : trees_) b += t.bytes() - sizeof(Tree);
  return b;
}

IntVector ForestBase::tree_depths() const {
  IntVector d(static_cast<Index>(trees_.size()));
  for (Index i = 0; i < d.size(); ++i) d[i] = trees_[i].depth();
  return d;
}

IntVector ForestBase::tree_n_leaves() const {
  IntVector d(static_cast<Index>(trees_.size()));
  for (Index i = 0; i < d.size(); ++i) d[i] = trees_[i].n_leaves();
  return d;
}

json ForestBase::forest_state() const {
  json trees = json::array();
  for (const Tree& t : trees_) trees.push_back(t.to_json());
  json state = {{"nFeatures", n_features_}, {"nValues", n_values_}, {"trees", trees}};
  state.update(oob_state(oob_score_, oob_values_));
  return state;
}

void ForestBase::load_forest_state(const json& s) {
  const int d = integer_from_json<int>(member(s, "nFeatures"), "nFeatures", at_least(1));
  const int k = integer_from_json<int>(member(s, "nValues"), "nValues", at_least(1));
  const json& list = member(s, "trees");
  if (!list.is_array() || list.empty()) throw InvalidArgument("model JSON: trees must be a non-empty array");
  std::vector<Tree> trees;
  for (const auto& t : list) trees.push_back(Tree::from_json(t, d, k));
  trees_ = std::move(trees);
  n_features_ = d;
  n_values_ = k;
  load_oob_state(s, n_values_, oob_score_, oob_values_);
}

// ---- classifier ---------------------------------------------------------------------------------

template <class P>
ForestClassifier<P>::ForestClassifier(Params p) : ForestBase(P::estimator), params_(std::move(p)) {}

template <class P>
ForestClassifier<P>& ForestClassifier<P>::fit(MatrixRef X, IntVectorRef y) {
  return fit(X, y, Vector::Ones(X.rows()));
}

template <class P>
ForestClassifier<P>& ForestClassifier<P>::fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight) {
  check_params<ForestClassifier<P>>(params_);
  const int k = check_classification_fit(X, y);
  const IntVector codes = y;
  auto accuracy = [&](const Matrix& sum, const Vector& count) { return oob_accuracy(sum, count, codes); };
  grow_forest(TreeData::classification(X, y, k), params_, params_.criterion, P::splitter, accuracy, true, sample_weight);
  return *this;
}

template <class P>
Matrix ForestClassifier<P>::predict_proba(MatrixRef X) const {
  check_predict(X, "predictProba");
  Matrix out = Matrix::Zero(X.rows(), n_values_);
  const double share = 1.0 / static_cast<double>(trees_.size());
  if (params_.voting == ForestVoting::soft) {
    for (const Tree& t : trees_) accumulate_leaf_values(t, X, true, share, out);
    return out;
  }
  for (const Tree& t : trees_)
    for (Index i = 0; i < X.rows(); ++i) {
      const double* v = t.value_of(t.leaf_of(row_ptr(X, i)));
      out(i, std::max_element(v, v + n_values_) - v) += share;
    }
  return out;
}

template <class P>
IntVector ForestClassifier<P>::predict(MatrixRef X) const {
  const Matrix proba = predict_proba(X);
  IntVector out(X.rows());
  for (Index i = 0; i < X.rows(); ++i) {
    Index best;
    proba.row(i).maxCoeff(&best);  // the first maximum: lowest code on ties
    out[i] = static_cast<int>(best);
  }
  return out;
}

// ---- regressor ----------------------------------------------------------------------------------

template <class P>
ForestRegressor<P>::ForestRegressor(Params p) : ForestBase(P::estimator), params_(std::move(p)) {}

template <class P>
ForestRegressor<P>& ForestRegressor<P>::fit(MatrixRef X, MatrixRef Y) {
  return fit(X, Y, Vector::Ones(X.rows()));
}

template <class P>
ForestRegressor<P>& ForestRegressor<P>::fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight) {
  check_params<ForestRegressor<P>>(params_);
  check_regression_fit(X, Y);
  const Matrix targets = Y;
  auto r2 = [&](const Matrix& sum, const Vector& count) { return oob_r2(sum, count, targets); };
  grow_forest(TreeData::regression(X, Y), params_, params_.criterion, P::splitter, r2, false, sample_weight);
  return *this;
}

template <class P>
Matrix ForestRegressor<P>::predict(MatrixRef X) const {
  check_predict(X, "predict");
  Matrix out = Matrix::Zero(X.rows(), n_values_);
  const double share = 1.0 / static_cast<double>(trees_.size());
  for (const Tree& t : trees_) accumulate_leaf_values(t, X, false, share, out);
  return out;
}

template class ForestClassifier<RandomForestClassifierParams>;
template class ForestClassifier<ExtraTreesClassifierParams>;
template class ForestRegressor<RandomForestRegressorParams>;
template class ForestRegressor<ExtraTreesRegressorParams>;

}  // namespace wasmlearn
