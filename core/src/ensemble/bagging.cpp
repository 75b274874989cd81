#include "wasmlearn/ensemble/bagging.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>

#include "wasmlearn/base/member_estimator.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/ensemble/describe.hpp"
#include "wasmlearn/ensemble/oob.hpp"

namespace wasmlearn {

namespace {

int resolve_size(const std::optional<SampleCount>& c, Index total, const char* option) {
  if (!c) return static_cast<int>(total);
  if (const int* k = std::get_if<int>(&*c)) {
    if (*k > total)
      throw InvalidArgument(std::string(option) + " must be between 1 and " + std::to_string(total) + ", got " + std::to_string(*k));
    return *k;
  }
  return std::max(1, static_cast<int>(std::get<double>(*c) * static_cast<double>(total)));
}

// k indices in [0, n): with replacement, or the first k of a random permutation.
std::vector<int> draw(Random& rng, Index n, int k, bool replace) {
  std::vector<int> out(static_cast<std::size_t>(k));
  if (replace) {
    for (int i = 0; i < k; ++i) out[i] = static_cast<int>(rng.index(n));
    return out;
  }
  std::vector<int> all(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) all[i] = static_cast<int>(i);
  for (int i = 0; i < k; ++i) std::swap(all[i], all[i + rng.index(n - i)]);
  std::copy(all.begin(), all.begin() + k, out.begin());
  return out;
}

// Member `index`'s draws: the first of its stream, its features then its rows (with repetitions when
// drawn with replacement); its seed also seeds the member's own randomState.
struct MemberDraws {
  std::uint64_t seed;
  std::vector<int> features, rows;
};
MemberDraws member_draws(const BaggingParams& p, int index, MatrixRef X, int n_samples, int n_feats) {
  const std::uint64_t seed = Random::derive_seed(static_cast<std::uint64_t>(p.random_state), static_cast<std::uint64_t>(index));
  Random rng(seed);
  std::vector<int> features = draw(rng, X.cols(), n_feats, p.bootstrap_features);
  return {seed, std::move(features), draw(rng, X.rows(), n_samples, p.bootstrap)};
}

// Whether the estimator's fit takes sampleWeight (its declared fit options). The metadata is fixed
// at compile time, so it is built once rather than on every fit.
bool takes_sample_weight(const std::string& estimator) {
  static const json metadata = estimators_metadata();
  for (const json& e : metadata)
    if (e["name"] == estimator) {
      const json& options = e["fitOptions"];
      return std::find(options.begin(), options.end(), "sampleWeight") != options.end();
    }
  return false;
}

}  // namespace

BaggingBase::BaggingBase(const BaggingParams& p, const char* name, Kind member_kind) : name_(name), member_kind_(member_kind) {
  // Unknown estimators, bad options and estimators of the wrong kind are reported at once.
  make_member_estimator(p.estimator, p.estimator_options, member_kind, name);
}

void BaggingBase::fit_members(const BaggingParams& p, MatrixRef X, MatrixRef Y, int n_values, const Vector* sample_weight) {
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  if (sample_weight) check_sample_weight(*sample_weight, X.rows());
  const int n_samples = resolve_size(p.max_samples, X.rows(), "maxSamples");
  const int n_feats = resolve_size(p.max_features, X.cols(), "maxFeatures");
  check_size(static_cast<double>(p.n_estimators) * static_cast<double>(n_samples),
             "an ensemble of nEstimators = " + std::to_string(p.n_estimators) + " members on " + std::to_string(n_samples) +
                 " samples each (members x samples)");
  const bool classifier = member_kind_ == Kind::classifier;
  const bool weighted_members = takes_sample_weight(p.estimator);
  if (sample_weight && !weighted_members)
    throw InvalidArgument("sampleWeight needs an estimator whose fit takes it; " + p.estimator + ".fit does not");
  const bool keep = p.warm_start && is_fitted();
  if (keep && (X.cols() != n_features_ || n_values != n_values_))
    throw InvalidArgument("warmStart: X has " + std::to_string(X.cols()) + " features and y " + std::to_string(n_values) +
                          " classes or outputs, the fitted members " + std::to_string(n_features_) + " and " +
                          std::to_string(n_values_) + ": fit on data of the same shape, or set warmStart to false");
  const int n_kept = keep ? n_estimators_fitted() : 0;
  if (p.n_estimators < n_kept)
    throw InvalidArgument("nEstimators = " + std::to_string(p.n_estimators) + " is less than the " + std::to_string(n_kept) +
                          " members fitted: with warmStart, nEstimators must be at least that");
  std::vector<Member> members;
  for (int m = n_kept; m < p.n_estimators; ++m) {
    const int index = p.first_estimator + m;
    MemberDraws draws = member_draws(p, index, X, n_samples, n_feats);
    const std::uint64_t seed = draws.seed;
    Member mem;
    mem.features = std::move(draws.features);
    std::vector<int> rows = std::move(draws.rows);
    Vector member_weight;
    if (weighted_members) {  // each drawn row once, weighted by its draw count times its weight
      std::vector<double> count(static_cast<std::size_t>(X.rows()), 0.0);
      for (int r : rows) count[r] += 1;
      rows.clear();
      for (Index i = 0; i < X.rows(); ++i)
        if (count[i] * (sample_weight ? (*sample_weight)[i] : 1.0) > 0) rows.push_back(static_cast<int>(i));
      if (rows.empty())
        throw InvalidArgument("sampleWeight is zero for every sample drawn for member " + std::to_string(index) +
                              ": give more samples a positive weight, or draw more (maxSamples)");
      member_weight.resize(static_cast<Index>(rows.size()));
      for (Index i = 0; i < member_weight.size(); ++i)
        member_weight[i] = count[rows[i]] * (sample_weight ? (*sample_weight)[rows[i]] : 1.0);
      if (!all_finite(member_weight.data(), member_weight.size()))  // the member would say "contains Infinity"
        throw InvalidArgument("sampleWeight times the draw count overflowed float64 for member " + std::to_string(index) +
                              " (sampleWeight near the float64 limit); scale sampleWeight");
    }
    const Index n_rows = static_cast<Index>(rows.size());
    Matrix Xs(n_rows, n_feats), Ys(n_rows, Y.cols());
    for (Index i = 0; i < n_rows; ++i) {
      for (int j = 0; j < n_feats; ++j) Xs(i, j) = X(rows[i], mem.features[j]);
      Ys.row(i) = Y.row(rows[i]);
    }
    if (classifier) {  // the classes present, re-encoded 0..k-1
      std::vector<int> local(static_cast<std::size_t>(n_values), -1);
      for (Index i = 0; i < n_rows; ++i) local[static_cast<int>(Ys(i, 0))] = 1;
      for (int c = 0; c < n_values; ++c)
        if (local[c] > 0) local[c] = static_cast<int>(mem.classes.size()), mem.classes.push_back(c);
      for (Index i = 0; i < n_rows; ++i) Ys(i, 0) = local[static_cast<int>(Ys(i, 0))];
    }
    mem.model = make_estimator(p.estimator, p.estimator_options);
    if (mem.model->get_params().contains("randomState") && !p.estimator_options.contains("randomState"))
      mem.model->set_params({{"randomState", static_cast<int>(seed >> 33)}});
    mem.model->set_float32_input(float32_input_);
    mem.model->fit(Xs, Ys, classifier, weighted_members ? &member_weight : nullptr);
    members.push_back(std::move(mem));
  }
  if (!keep) members_.clear();
  members_.insert(members_.end(), std::make_move_iterator(members.begin()), std::make_move_iterator(members.end()));
  n_features_ = static_cast<int>(X.cols());
  n_values_ = n_values;
  oob_score_ = std::numeric_limits<double>::quiet_NaN();
  oob_values_ = Matrix();
  if (p.oob_score) score_out_of_bag(p, X, Y, n_samples, n_feats);
}

void BaggingBase::score_out_of_bag(const BaggingParams& p, MatrixRef X, MatrixRef Y, int n_samples, int n_feats) {
  Matrix sum = Matrix::Zero(X.rows(), n_values_);
  Vector count = Vector::Zero(X.rows());
  for (std::size_t m = 0; m < members_.size(); ++m) {
    std::vector<bool> drawn(static_cast<std::size_t>(X.rows()), false);
    for (int r : member_draws(p, p.first_estimator + static_cast<int>(m), X, n_samples, n_feats).rows) drawn[r] = true;
    std::vector<Index> left_out;
    for (Index i = 0; i < X.rows(); ++i)
      if (!drawn[i]) left_out.push_back(i);
    if (left_out.empty()) continue;
    Matrix rows(static_cast<Index>(left_out.size()), X.cols());
    for (Index r = 0; r < rows.rows(); ++r) rows.row(r) = X.row(left_out[r]);
    const Matrix values = member_values(members_[m], rows);
    for (Index r = 0; r < rows.rows(); ++r) {
      sum.row(left_out[r]) += values.row(r);
      count[left_out[r]] += 1;
    }
  }
  oob_values_ = oob_means(sum, count);
  oob_score_ = member_kind_ == Kind::classifier ? oob_accuracy(sum, count, Y.col(0).cast<int>()) : oob_r2(sum, count, Y);
}

Matrix BaggingBase::member_values(const Member& mem, MatrixRef X) const {
  Matrix Xs(X.rows(), static_cast<Index>(mem.features.size()));
  for (Index j = 0; j < Xs.cols(); ++j) Xs.col(j) = X.col(mem.features[j]);
  if (member_kind_ == Kind::regressor) {
    const NdArray p = mem.model->predict(Xs);
    // a loaded model's member may have been fitted on another number of outputs
    if (static_cast<Index>(p.data.size()) != X.rows() * n_values_)
      throw InvalidArgument("model JSON: a member's outputs do not match the ensemble's");
    return Eigen::Map<const Matrix>(p.data.data(), X.rows(), n_values_);
  }
  Matrix out = Matrix::Zero(X.rows(), n_values_);
  const Index n_classes = static_cast<Index>(mem.classes.size());
  const char* mismatch = "model JSON: a member's classes do not match its model's";
  if (mem.model->supports("predictProba")) {
    const Matrix proba = mem.model->predict_proba(Xs);
    if (proba.cols() != n_classes) throw InvalidArgument(mismatch);
    for (Index c = 0; c < n_classes; ++c) out.col(mem.classes[c]) = proba.col(c);
  } else {
    const NdArray votes = mem.model->predict(Xs);
    for (Index i = 0; i < X.rows(); ++i) {
      const double vote = votes.data[i];
      if (!(vote >= 0 && vote < static_cast<double>(n_classes))) throw InvalidArgument(mismatch);
      out(i, mem.classes[static_cast<std::size_t>(vote)]) = 1;
    }
  }
  return out;
}

Matrix BaggingBase::aggregate(MatrixRef X, const char* method) const {
  check_fitted(is_fitted(), name_, method);
  check_n_features(n_features_, X);
  check_matrix(X);
  Matrix out = Matrix::Zero(X.rows(), n_values_);
  const double share = 1.0 / static_cast<double>(members_.size());
  for (const Member& mem : members_) out += share * member_values(mem, X);
  return out;
}

Matrix BaggingBase::estimators_features() const {
  Matrix out(static_cast<Index>(members_.size()), members_.empty() ? 0 : static_cast<Index>(members_[0].features.size()));
  for (Index m = 0; m < out.rows(); ++m)
    for (Index j = 0; j < out.cols(); ++j) out(m, j) = members_[m].features[j];
  return out;
}

json BaggingBase::bagging_state() const {
  json list = json::array();
  for (const Member& m : members_) list.push_back({{"features", m.features}, {"classes", m.classes}, {"model", m.model->to_json()}});
  json state = {{"nFeatures", n_features_}, {"nValues", n_values_}, {"members", list}};
  state.update(oob_state(oob_score_, oob_values_));
  return state;
}

void BaggingBase::load_bagging_state(const json& s) {
  // Whole numbers: with nValues 2.5, class 2 passed the range check below but had no column.
  const int d = integer_from_json<int>(member(s, "nFeatures"), "nFeatures", at_least(1));
  const int k = integer_from_json<int>(member(s, "nValues"), "nValues", at_least(1));
  const json& list = member(s, "members");
  if (!list.is_array() || list.empty()) throw InvalidArgument("model JSON: members must be a non-empty array");
  std::vector<Member> members;
  for (const auto& m : list) {
    Member mem;
    // Checked integers: get<std::vector<int>> converted 1e300 to int unchecked.
    const IntVector features = int_vector_from_json(member(m, "features"), "features");
    const IntVector classes = int_vector_from_json(member(m, "classes"), "classes");
    mem.features.assign(features.data(), features.data() + features.size());
    mem.classes.assign(classes.data(), classes.data() + classes.size());
    for (int f : mem.features)
      if (f < 0 || f >= d) throw InvalidArgument("model JSON: member feature out of range");
    for (int c : mem.classes)
      if (c < 0 || c >= k) throw InvalidArgument("model JSON: member class out of range");
    // the classes present in the member's sample, in order: a repeated class would take two columns
    if (std::adjacent_find(mem.classes.begin(), mem.classes.end(), std::greater_equal<int>()) != mem.classes.end())
      throw InvalidArgument("model JSON: a member's classes must be increasing");
    if (!members.empty() && mem.features.size() != members[0].features.size())
      throw InvalidArgument("model JSON: members must all have the same number of features");
    mem.model = estimator_from_json(member(m, "model"));
    if (mem.model->kind() != member_kind_) throw InvalidArgument("model JSON: member of the wrong kind");
    members.push_back(std::move(mem));
  }
  members_ = std::move(members);
  n_features_ = d;
  n_values_ = k;
  load_oob_state(s, n_values_, oob_score_, oob_values_);
}

BaggingClassifier::BaggingClassifier(Params p) : BaggingBase(p, Params::name, Params::member_kind), params_(std::move(p)) {}

BaggingClassifier& BaggingClassifier::fit(MatrixRef X, IntVectorRef y) { return fit_classes(X, y, nullptr); }

BaggingClassifier& BaggingClassifier::fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight) {
  const Vector w = sample_weight;
  return fit_classes(X, y, &w);
}

BaggingClassifier& BaggingClassifier::fit_classes(MatrixRef X, IntVectorRef y, const Vector* sample_weight) {
  check_params<BaggingClassifier>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  const int k = check_class_codes(y);
  fit_members(params_, X, y.cast<double>(), k, sample_weight);
  return *this;
}

Matrix BaggingClassifier::predict_proba(MatrixRef X) const { return aggregate(X, "predictProba"); }

IntVector BaggingClassifier::predict(MatrixRef X) const {
  const Matrix proba = aggregate(X, "predict");
  IntVector out(X.rows());
  for (Index i = 0; i < X.rows(); ++i) {
    Index best;
    proba.row(i).maxCoeff(&best);
    out[i] = static_cast<int>(best);
  }
  return out;
}

BaggingRegressor::BaggingRegressor(Params p) : BaggingBase(p, Params::name, Params::member_kind), params_(std::move(p)) {}

BaggingRegressor& BaggingRegressor::fit(MatrixRef X, MatrixRef Y) {
  check_params<BaggingRegressor>(params_);
  check_matrix(Y, "y");
  fit_members(params_, X, Y, static_cast<int>(Y.cols()), nullptr);
  return *this;
}

BaggingRegressor& BaggingRegressor::fit(MatrixRef X, MatrixRef Y, VectorRef sample_weight) {
  check_params<BaggingRegressor>(params_);
  check_matrix(Y, "y");
  const Vector w = sample_weight;
  fit_members(params_, X, Y, static_cast<int>(Y.cols()), &w);
  return *this;
}

Matrix BaggingRegressor::predict(MatrixRef X) const { return aggregate(X, "predict"); }

}  // namespace wasmlearn
