#include "wasmlearn/tree/decision_tree.hpp"

#include <cmath>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/tree/describe.hpp"

namespace wasmlearn {

namespace {
int count_of(const SampleCount& c, Index n) {
  if (const int* k = std::get_if<int>(&c)) return *k;
  return static_cast<int>(std::ceil(std::get<double>(c) * static_cast<double>(n)));
}
}  // namespace

GrowSettings resolve_growth(const TreeGrowthParams& p, TreeCriterion criterion, TreeSplitter splitter,
                            const std::optional<MaxFeatures>& max_features, Index n_samples, Index n_features) {
  GrowSettings s;
  s.criterion = criterion;
  s.splitter = splitter;
  if (p.max_depth) s.max_depth = *p.max_depth;
  s.min_samples_leaf = std::max(1, count_of(p.min_samples_leaf, n_samples));
  s.min_samples_split = std::max({2, count_of(p.min_samples_split, n_samples), 2 * s.min_samples_leaf});
  if (p.max_leaf_nodes) s.max_leaf_nodes = *p.max_leaf_nodes;
  s.min_impurity_decrease = p.min_impurity_decrease;
  s.min_weight_fraction_leaf = p.min_weight_fraction_leaf;
  const int d = static_cast<int>(n_features);
  s.max_features = d;
  if (max_features) {
    if (const auto* rule = std::get_if<MaxFeaturesRule>(&*max_features)) {
      int whole_log2 = 0;  // ⌊log2 d⌋, scikit-learn's int(log2(d)), from the bits rather than libm
      while (d >> (whole_log2 + 1)) ++whole_log2;
      const int v = *rule == MaxFeaturesRule::sqrt ? static_cast<int>(std::sqrt(static_cast<double>(d))) : whole_log2;
      s.max_features = std::max(1, v);
    } else if (const int* k = std::get_if<int>(&*max_features)) {
      if (*k > d)
        throw InvalidArgument("maxFeatures must be between 1 and the number of features (" + std::to_string(d) + "), got " +
                              std::to_string(*k));
      s.max_features = *k;
    } else {
      s.max_features = std::max(1, static_cast<int>(std::get<double>(*max_features) * d));
    }
  }
  return s;
}

int check_classification_fit(MatrixRef X, IntVectorRef y) {
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  return check_class_codes(y);
}

void check_regression_fit(MatrixRef X, MatrixRef Y) {
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  check_matrix(Y, "y");
}

void accumulate_leaf_values(const Tree& t, MatrixRef X, bool normalise, double scale, Matrix& out) {
  for (Index i = 0; i < X.rows(); ++i) {
    const double* v = t.value_of(t.leaf_of(row_ptr(X, i)));
    double f = scale;
    if (normalise) {
      double sum = 0;
      for (int k = 0; k < t.n_values; ++k) sum += v[k];
      f = sum > 0 ? scale / sum : 0.0;
    }
    for (int k = 0; k < t.n_values; ++k) out(i, k) += f * v[k];
  }
}

// ---- DecisionTreeBase ---------------------------------------------------------------------------

void DecisionTreeBase::check_predict(MatrixRef X, const char* method) const {
  check_fitted(is_fitted(), name_, method);
  check_n_features(tree_.n_features, X);
  check_matrix(X);
  check_float32_range(X);
}

IntVector DecisionTreeBase::apply(MatrixRef X) const {
  check_predict(X, "apply");
  return tree_.apply(X);
}

NamedArrays DecisionTreeBase::decision_path(MatrixRef X) const {
  check_predict(X, "decisionPath");
  return tree_.decision_path(X);
}

namespace {
template <class V>
IntVector ints(const V& v) {
  IntVector out(static_cast<Index>(v.size()));
  for (Index i = 0; i < out.size(); ++i) out[i] = v[i];
  return out;
}
Vector reals(const std::vector<double>& v) { return Eigen::Map<const Vector>(v.data(), static_cast<Index>(v.size())); }
}  // namespace

IntVector DecisionTreeBase::children_left() const { return ints(tree_.left); }
IntVector DecisionTreeBase::children_right() const { return ints(tree_.right); }
IntVector DecisionTreeBase::feature() const { return ints(tree_.feature); }
Vector DecisionTreeBase::threshold() const { return reals(tree_.threshold); }
Vector DecisionTreeBase::impurity() const { return reals(tree_.impurity); }
IntVector DecisionTreeBase::n_node_samples() const { return ints(tree_.n_samples); }
Vector DecisionTreeBase::weighted_n_node_samples() const { return reals(tree_.weighted_n); }
Matrix DecisionTreeBase::value() const {
  return Eigen::Map<const Matrix>(tree_.value.data(), tree_.node_count(), tree_.n_values);
}

void DecisionTreeBase::grow(const TreeData& data, const GrowSettings& s, int random_state, double ccp_alpha,
                            VectorRef sample_weight) {
  check_sample_weight(sample_weight, data.n);
  const std::vector<double> w(sample_weight.data(), sample_weight.data() + sample_weight.size());
  Random rng(static_cast<std::uint64_t>(random_state));
  Tree t = grow_tree(data, weighted_samples(w, data.n), w, s, rng);
  tree_ = ccp_alpha > 0 ? t.pruned(ccp_alpha) : std::move(t);
}

NamedArrays DecisionTreeBase::pruning_path_of(const TreeData& data, const GrowSettings& s, int random_state) {
  Random rng(static_cast<std::uint64_t>(random_state));
  const Tree::PruningPath path = grow_tree(data, weighted_samples({}, data.n), {}, s, rng).pruning_path();
  const Index k = static_cast<Index>(path.ccp_alphas.size());
  return NamedArrays{{{"ccpAlphas", NdArray{path.ccp_alphas, {k}}}, {"impurities", NdArray{path.impurities, {k}}}}};
}

json DecisionTreeBase::tree_state() const {
  return {{"nFeatures", tree_.n_features}, {"nValues", tree_.n_values}, {"tree", tree_.to_json()}};
}

void DecisionTreeBase::load_tree_state(const json& s, int n_values_min) {
  const int d = integer_from_json<int>(member(s, "nFeatures"), "nFeatures", at_least(1));
  const int k = integer_from_json<int>(member(s, "nValues"), "nValues", at_least(n_values_min));
  tree_ = Tree::from_json(member(s, "tree"), d, k);
}

// ---- classifier / regressor --------------------------------------------------------------------

DecisionTreeClassifier& DecisionTreeClassifier::fit(MatrixRef X, IntVectorRef y) { return fit(X, y, Vector::Ones(X.rows())); }

DecisionTreeClassifier& DecisionTreeClassifier::fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight) {
  check_params<DecisionTreeClassifier>(params_);
  const int k = check_classification_fit(X, y);
  const GrowSettings s = resolve_growth(params_, params_.criterion, params_.splitter, params_.max_features, X.rows(), X.cols());
  grow(TreeData::classification(X, y, k), s, params_.random_state, params_.ccp_alpha, sample_weight);
  return *this;
}

Matrix DecisionTreeClassifier::predict_proba(MatrixRef X) const {
  check_predict(X, "predictProba");
  Matrix out = Matrix::Zero(X.rows(), tree_.n_values);
  accumulate_leaf_values(tree_, X, true, 1.0, out);
  return out;
}

IntVector DecisionTreeClassifier::predict(MatrixRef X) const {
  check_predict(X, "predict");
  IntVector out(X.rows());
  for (Index i = 0; i < X.rows(); ++i) {
    const double* v = tree_.value_of(tree_.leaf_of(row_ptr(X, i)));
    out[i] = static_cast<int>(std::max_element(v, v + tree_.n_values) - v);
  }
  return out;
}

NamedArrays DecisionTreeClassifier::cost_complexity_pruning_path(MatrixRef X, MatrixRef Y) const {
  check_params<DecisionTreeClassifier>(params_);
  const IntVector y = detail::class_codes_from(Y);
  const int k = check_classification_fit(X, y);
  const GrowSettings s = resolve_growth(params_, params_.criterion, params_.splitter, params_.max_features, X.rows(), X.cols());
  return pruning_path_of(TreeData::classification(X, y, k), s, params_.random_state);
}

DecisionTreeRegressor& DecisionTreeRegressor::fit(MatrixRef X, MatrixRef Y) { return fit(X, Y, Vector::Ones(X.rows())); }

DecisionTreeRegressor& DecisionTreeRegressor::fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight) {
  check_params<DecisionTreeRegressor>(params_);
  check_regression_fit(X, Y);
  const GrowSettings s = resolve_growth(params_, params_.criterion, params_.splitter, params_.max_features, X.rows(), X.cols());
  grow(TreeData::regression(X, Y), s, params_.random_state, params_.ccp_alpha, sample_weight);
  return *this;
}

Matrix DecisionTreeRegressor::predict(MatrixRef X) const {
  check_predict(X, "predict");
  Matrix out = Matrix::Zero(X.rows(), tree_.n_values);
  accumulate_leaf_values(tree_, X, false, 1.0, out);
  return out;
}

NamedArrays DecisionTreeRegressor::cost_complexity_pruning_path(MatrixRef X, MatrixRef Y) const {
  check_params<DecisionTreeRegressor>(params_);
  check_regression_fit(X, Y);
  const GrowSettings s = resolve_growth(params_, params_.criterion, params_.splitter, params_.max_features, X.rows(), X.cols());
  return pruning_path_of(TreeData::regression(X, Y), s, params_.random_state);
}

}  // namespace wasmlearn
