#include "wasmlearn/multiclass/multiclass.hpp"

#include <cmath>
#include <limits>

#include "wasmlearn/base/member_estimator.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/multiclass/describe.hpp"

namespace wasmlearn {

// ---- shared -----------------------------------------------------------------------------------

MulticlassBase::MulticlassBase(const MulticlassParams& p, const char* name) : name_(name) {
  // Unknown estimators, bad options and non-classifiers are reported at once.
  make_member_estimator(p.estimator, p.estimator_options, Kind::classifier, name);
}

void MulticlassBase::start_fit(const MulticlassParams& p, MatrixRef X, IntVectorRef y) {
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  const int K = check_class_codes(y);
  if ((y.array() != y[0]).count() == 0)
    throw InvalidArgument(std::string(name_) + " needs samples of at least 2 classes; y holds only one class");
  const auto probe = make_member_estimator(p.estimator, p.estimator_options, Kind::classifier, name_);
  member_decision_ = probe->supports("decisionFunction");
  member_proba_ = probe->supports("predictProba");
  if (!member_decision_ && !member_proba_)
    throw InvalidArgument(std::string(name_) + " needs an estimator with decisionFunction or predictProba; '" + p.estimator +
                          "' has neither");
  n_classes_ = K;
  n_features_ = static_cast<int>(X.cols());
  members_.clear();
}

MulticlassBase::Member MulticlassBase::fit_member(const MulticlassParams& p, MatrixRef X, const std::vector<int>& labels,
                                                  const double constant_score[2]) const {
  std::vector<Index> rows;
  bool seen[2] = {false, false};
  for (std::size_t i = 0; i < labels.size(); ++i)
    if (labels[i] >= 0) {
      rows.push_back(static_cast<Index>(i));
      seen[labels[i]] = true;
    }
  Member m;
  if (!(seen[0] && seen[1])) {
    m.constant = constant_score[seen[1] ? 1 : 0];
    return m;
  }
  Matrix Xs(static_cast<Index>(rows.size()), X.cols()), Ys(static_cast<Index>(rows.size()), 1);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    Xs.row(static_cast<Index>(k)) = X.row(rows[k]);
    Ys(static_cast<Index>(k), 0) = labels[static_cast<std::size_t>(rows[k])];
  }
  m.model = make_member_estimator(p.estimator, p.estimator_options, Kind::classifier, name_);
  m.model->set_float32_input(float32_input_);
  m.model->fit(Xs, Ys, true);
  return m;
}

namespace {
// A loaded model's member may have been fitted on one class or on more than two (spliced from
// another fit): its scores would not be one per row.
constexpr const char* kNotTwoClass = "model JSON: a member is not a two-class classifier";
}  // namespace

Vector MulticlassBase::positive_proba(const AnyEstimator& model, MatrixRef X) {
  const Matrix p = model.predict_proba(X);
  if (p.cols() != 2) throw InvalidArgument(kNotTwoClass);
  return p.col(1);
}

Vector MulticlassBase::score(const Member& m, MatrixRef X) const {
  if (!m.model) return Vector::Constant(X.rows(), m.constant);
  if (member_decision_) {
    const NdArray d = m.model->decision_function(X);
    if (static_cast<Index>(d.data.size()) != X.rows()) throw InvalidArgument(kNotTwoClass);
    return Eigen::Map<const Vector>(d.data.data(), X.rows());
  }
  return positive_proba(*m.model, X);
}

Matrix MulticlassBase::scores(MatrixRef X) const {
  Matrix out(X.rows(), static_cast<Index>(members_.size()));
  for (std::size_t k = 0; k < members_.size(); ++k) out.col(static_cast<Index>(k)) = score(members_[k], X);
  return out;
}

void MulticlassBase::check_predict(MatrixRef X, const char* method) const {
  check_fitted(is_fitted(), name_, method);
  check_n_features(n_features_, X);
  check_matrix(X);
}

bool MulticlassBase::members_have(const MulticlassParams& p, const std::string& method) const {
  if (is_fitted()) return method == "predictProba" ? member_proba_ : member_decision_;
  return make_member_estimator(p.estimator, p.estimator_options, Kind::classifier, name_)->supports(method);
}

json MulticlassBase::state() const {
  json list = json::array();
  for (const Member& m : members_) list.push_back(m.model ? json{{"model", m.model->to_json()}} : json{{"constant", m.constant}});
  return {{"nClasses", n_classes_}, {"nFeatures", n_features_}, {"memberDecision", member_decision_},
          {"memberProba", member_proba_}, {"members", list}};
}

void MulticlassBase::load_state(const json& s, const std::function<double(double)>& members_for) {
  const double k = number_from_json(member(s, "nClasses"), "nClasses");
  const double d = number_from_json(member(s, "nFeatures"), "nFeatures");
  const json& decision = member(s, "memberDecision");
  const json& proba = member(s, "memberProba");
  const json& list = member(s, "members");
  constexpr double kIntMax = std::numeric_limits<int>::max();
  if (k < 2 || d < 1 || k > kIntMax || d > kIntMax || std::floor(k) != k || std::floor(d) != d || !decision.is_boolean() ||
      !proba.is_boolean() || !list.is_array() || list.empty())
    throw InvalidArgument("model JSON: nClasses, nFeatures, memberDecision, memberProba or members are missing or invalid");
  if (static_cast<double>(list.size()) != members_for(k))
    throw InvalidArgument("model JSON: members must hold " + std::to_string(static_cast<long long>(members_for(k))) +
                          " classifiers for " + std::to_string(static_cast<long long>(k)) + " classes, got " +
                          std::to_string(list.size()));
  std::vector<Member> members;
  for (const json& m : list) {
    Member mem;
    if (m.contains("constant")) {
      mem.constant = number_from_json(m["constant"], "constant");
    } else {
      mem.model = estimator_from_json(member(m, "model"));
      if (mem.model->kind() != Kind::classifier) throw InvalidArgument("model JSON: a member is not a classifier");
    }
    members.push_back(std::move(mem));
  }
  members_ = std::move(members);
  n_classes_ = static_cast<int>(k);
  n_features_ = static_cast<int>(d);
  member_decision_ = decision.get<bool>();
  member_proba_ = proba.get<bool>();
}

void OneVsRestClassifier::load_state(const json& s) {
  MulticlassBase::load_state(s, [](double k) { return k == 2 ? 1 : k; });
}

void OneVsOneClassifier::load_state(const json& s) {
  MulticlassBase::load_state(s, [](double k) { return k * (k - 1) / 2; });
}

bool MulticlassBase::in_slice(const MulticlassParams& p, int index, int members) {
  if (p.first_member >= members)
    throw InvalidArgument("firstMember = " + std::to_string(p.first_member) + " is past the last of the " + std::to_string(members) +
                          " members");
  return index >= p.first_member && (!p.n_members || index - p.first_member < *p.n_members);
}

namespace {
constexpr double kZeroOne[2] = {0.0, 1.0};
}

// ---- one-vs-rest ------------------------------------------------------------------------------

OneVsRestClassifier::OneVsRestClassifier(Params p) : MulticlassBase(p, "OneVsRestClassifier"), params_(std::move(p)) {}

OneVsRestClassifier& OneVsRestClassifier::fit(MatrixRef X, IntVectorRef y) {
  check_params<OneVsRestClassifier>(params_);
  FitInProgress fitting(*this);
  start_fit(params_, X, y);
  const int problems = n_classes_ == 2 ? 1 : n_classes_;
  const int first = n_classes_ == 2 ? 1 : 0;  // two classes: one member, class 1 against class 0
  for (int k = first; k < first + problems; ++k) {
    if (!in_slice(params_, k - first, problems)) continue;
    std::vector<int> labels(static_cast<std::size_t>(y.size()));
    for (Index i = 0; i < y.size(); ++i) labels[static_cast<std::size_t>(i)] = y[i] == k ? 1 : 0;
    members_.push_back(fit_member(params_, X, labels, kZeroOne));
  }
  fitting.done();
  return *this;
}

IntVector OneVsRestClassifier::predict(MatrixRef X) const {
  check_predict(X, "predict");
  const Matrix s = scores(X);
  IntVector out(X.rows());
  if (n_classes_ == 2) {
    const double threshold = member_decision_ ? 0.0 : 0.5;
    for (Index i = 0; i < X.rows(); ++i) out[i] = s(i, 0) > threshold ? 1 : 0;
    return out;
  }
  for (Index i = 0; i < X.rows(); ++i) {
    Index best = 0;
    for (Index k = 1; k < s.cols(); ++k)
      if (s(i, k) >= s(i, best)) best = k;  // the last of equal maxima, as scikit-learn
    out[i] = static_cast<int>(best);
  }
  return out;
}

Matrix OneVsRestClassifier::predict_proba(MatrixRef X) const {
  check_predict(X, "predictProba");
  check_available(*this, "predictProba");
  Matrix p(X.rows(), static_cast<Index>(members_.size()));
  for (std::size_t k = 0; k < members_.size(); ++k) {
    const Member& m = members_[k];
    p.col(static_cast<Index>(k)) = m.model ? positive_proba(*m.model, X) : Vector::Constant(X.rows(), m.constant);
  }
  if (n_classes_ == 2) {
    Matrix two(X.rows(), 2);
    two.col(0) = 1.0 - p.col(0).array();
    two.col(1) = p.col(0);
    return two;
  }
  for (Index i = 0; i < p.rows(); ++i) p.row(i) /= p.row(i).sum();
  return p;
}

Matrix OneVsRestClassifier::decision_function(MatrixRef X) const {
  check_predict(X, "decisionFunction");
  check_available(*this, "decisionFunction");
  return scores(X);
}

// ---- one-vs-one -------------------------------------------------------------------------------

OneVsOneClassifier::OneVsOneClassifier(Params p) : MulticlassBase(p, "OneVsOneClassifier"), params_(std::move(p)) {}

OneVsOneClassifier& OneVsOneClassifier::fit(MatrixRef X, IntVectorRef y) {
  check_params<OneVsOneClassifier>(params_);
  FitInProgress fitting(*this);
  start_fit(params_, X, y);
  const int pairs = n_classes_ * (n_classes_ - 1) / 2;
  for (int i = 0, index = 0; i < n_classes_; ++i)
    for (int j = i + 1; j < n_classes_; ++j, ++index) {
      if (!in_slice(params_, index, pairs)) continue;
      std::vector<int> labels(static_cast<std::size_t>(y.size()));
      for (Index r = 0; r < y.size(); ++r) labels[static_cast<std::size_t>(r)] = y[r] == j ? 1 : y[r] == i ? 0 : -1;
      members_.push_back(fit_member(params_, X, labels, kZeroOne));
    }
  fitting.done();
  return *this;
}

Matrix OneVsOneClassifier::decision_function(MatrixRef X) const {
  check_predict(X, "decisionFunction");
  const Index n = X.rows();
  Matrix votes = Matrix::Zero(n, n_classes_), confidence = Matrix::Zero(n, n_classes_);
  std::size_t k = 0;
  for (int i = 0; i < n_classes_; ++i)
    for (int j = i + 1; j < n_classes_; ++j, ++k) {
      const Member& m = members_[k];
      const Vector s = score(m, X);
      // The member's own prediction casts the vote (a constant member always votes its class).
      const NdArray predicted = m.model ? m.model->predict(X) : NdArray{std::vector<double>(static_cast<std::size_t>(n), m.constant), {n}};
      for (Index r = 0; r < n; ++r) {
        confidence(r, i) -= s[r];
        confidence(r, j) += s[r];
        votes(r, predicted.data[static_cast<std::size_t>(r)] == 1 ? j : i) += 1;
      }
    }
  // Confidences squashed into (−1/3, 1/3) so they only break ties between vote counts.
  Matrix out = votes.array() + confidence.array() / (3.0 * (confidence.array().abs() + 1.0));
  if (n_classes_ == 2) return out.col(1);
  return out;
}

IntVector OneVsOneClassifier::predict(MatrixRef X) const {
  const Matrix d = decision_function(X);
  // Two classes: scikit-learn thresholds class 1's column at 0 for decision scores, 0.5 for probabilities.
  const double threshold = member_decision_ ? 0.0 : 0.5;
  IntVector out(X.rows());
  for (Index i = 0; i < X.rows(); ++i) {
    if (d.cols() == 1) {
      out[i] = d(i, 0) > threshold ? 1 : 0;
    } else {
      Index best;
      d.row(i).maxCoeff(&best);
      out[i] = static_cast<int>(best);
    }
  }
  return out;
}

// ---- error-correcting output codes -------------------------------------------------------------

OutputCodeClassifier::OutputCodeClassifier(Params p) : MulticlassBase(p, "OutputCodeClassifier"), params_(std::move(p)) {}

OutputCodeClassifier& OutputCodeClassifier::fit(MatrixRef X, IntVectorRef y) {
  check_params<OutputCodeClassifier>(params_);
  FitInProgress fitting(*this);
  if (!(params_.code_size > 0) || !std::isfinite(params_.code_size))
    throw InvalidArgument("codeSize must be greater than 0, got " + format_number(params_.code_size));
  start_fit(params_, X, y);
  const double members = std::floor(n_classes_ * params_.code_size);  // int(n_classes · codeSize), as scikit-learn
  if (members < 1)
    throw InvalidArgument("codeSize · classes must be at least 1 (one member), got " + format_number(n_classes_ * params_.code_size));
  // Counted in double before the int: past int32 it wrapped (a wrong message, or a code book too large).
  check_size(members * static_cast<double>(X.cols() + n_classes_),
             "OutputCodeClassifier's members (codeSize · classes = " + format_number(members) +
                 ", each with a column of the code book and its weights)");
  const int bits = static_cast<int>(members);
  // scikit-learn's rule: a uniform draw above 0.5 is a 1, the others −1 (scores are decision
  // values) or 0 (scores are probabilities).
  const double off = member_decision_ ? -1.0 : 0.0;
  const double constant_score[2] = {off, 1.0};
  Random rng(static_cast<std::uint64_t>(params_.random_state));
  Matrix book(n_classes_, bits);
  for (Index c = 0; c < book.rows(); ++c)
    for (Index b = 0; b < bits; ++b) book(c, b) = rng.uniform() > 0.5 ? 1.0 : off;
  for (Index b = 0; b < bits; ++b) {
    std::vector<int> labels(static_cast<std::size_t>(y.size()));
    for (Index i = 0; i < y.size(); ++i) labels[static_cast<std::size_t>(i)] = book(y[i], b) == 1.0 ? 1 : 0;
    members_.push_back(fit_member(params_, X, labels, constant_score));
  }
  code_book_ = std::move(book);
  fitting.done();
  return *this;
}

IntVector OutputCodeClassifier::predict(MatrixRef X) const {
  check_predict(X, "predict");
  const Matrix s = scores(X);
  IntVector out(X.rows());
  for (Index i = 0; i < X.rows(); ++i) {
    Index nearest;
    (code_book_.rowwise() - s.row(i)).rowwise().squaredNorm().minCoeff(&nearest);
    out[i] = static_cast<int>(nearest);
  }
  return out;
}

json OutputCodeClassifier::state() const {
  json s = MulticlassBase::state();
  s["codeBook"] = to_json(code_book_);
  return s;
}

void OutputCodeClassifier::load_state(const json& s) {
  Matrix book = matrix_from_json(member(s, "codeBook"), "codeBook");
  MulticlassBase::load_state(s, [&](double) { return static_cast<double>(book.cols()); });
  if (book.rows() != n_classes_ || book.cols() != n_estimators())
    throw InvalidArgument("model JSON: codeBook must have one row per class and one column per member");
  code_book_ = std::move(book);
}

}  // namespace wasmlearn
