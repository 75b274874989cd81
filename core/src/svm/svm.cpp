#include "wasmlearn/svm/svm.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/row_blocks.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/svm/describe.hpp"
#include "wasmlearn/svm/platt.hpp"
#include "wasmlearn/svm/smo.hpp"

namespace wasmlearn {

// ---- the kernel expansion ---------------------------------------------------------------------------

Matrix KernelExpansion::values(MatrixRef X) const {
  check_matrix(X);
  check_n_features(n_columns, X);
  Matrix out(X.rows(), coef.rows());
  const bool precomputed = kernel.type == KernelType::precomputed;
  const bool rbf = kernel.type == KernelType::rbf;
  const Vector sv_norms = rbf ? row_squared_norms(support_vectors) : Vector();
  for_row_blocks(X.rows(), [&](Index begin, Index end) {
    const Index m = end - begin;
    Matrix K(m, support.size());
    if (precomputed) {
      for (Index s = 0; s < support.size(); ++s) K.col(s) = X.block(begin, support[s], m, 1);
    } else {
      const Vector x_norms = rbf ? row_squared_norms(X.middleRows(begin, m)) : Vector();
      kernel_block(kernel, X.middleRows(begin, m), x_norms, support_vectors, sv_norms, K);
    }
    multiply_by_transpose_in_order(K, coef, out.middleRows(begin, m));  // the same bits in every build
    out.middleRows(begin, m).rowwise() += intercept.transpose();
  });
  return out;
}

json KernelExpansion::state() const {
  json s = kernel_state(kernel);
  s.update({{"supportVectors", to_json(support_vectors)}, {"support", to_json(support)}, {"coef", to_json(coef)},
            {"intercept", to_json(intercept)}, {"nColumns", n_columns}});
  return s;
}

void KernelExpansion::load_state(const json& s) {
  kernel = kernel_from_state(s);
  support_vectors = matrix_from_json(member(s, "supportVectors"), "supportVectors");
  support = int_vector_from_json(member(s, "support"), "support");
  coef = matrix_from_json(member(s, "coef"), "coef");
  intercept = vector_from_json(member(s, "intercept"), "intercept");
  n_columns = integer_from_json<Index>(member(s, "nColumns"), "nColumns", at_least(0));
  const bool precomputed = kernel.type == KernelType::precomputed;
  if (coef.cols() != support.size() || coef.rows() != intercept.size() ||
      (!precomputed && (support_vectors.rows() != support.size() || support_vectors.cols() != n_columns)))
    throw InvalidArgument("model JSON: supportVectors, support, coef and intercept disagree in size");
  // A precomputed kernel's support indices pick columns of X.
  if (precomputed && support.size() && (support.minCoeff() < 0 || support.maxCoeff() >= n_columns))
    throw InvalidArgument("model JSON: support must hold training indices below nColumns for a precomputed kernel");
}

// ---- what every kernel SVM shares -----------------------------------------------------------------------

namespace {

Kernel resolve_kernel(const KernelSvmOptions& o, MatrixRef X) {
  if (o.kernel == KernelType::precomputed) {
    if (X.rows() != X.cols())
      throw InvalidArgument("X must be a square kernel matrix (n x n) when kernel is 'precomputed', got " +
                            std::to_string(X.rows()) + " x " + std::to_string(X.cols()));
    return {KernelType::precomputed, o.degree, 0.0, o.coef0};
  }
  return {o.kernel, o.degree, resolve_gamma(o.gamma, X), o.coef0};
}

// The training rows `rows` as a problem's own data (for a precomputed kernel, those rows and columns
// of the Gram matrix).
Matrix subset(MatrixRef X, const std::vector<Index>& rows, bool precomputed) {
  const Index m = static_cast<Index>(rows.size());
  Matrix out(m, precomputed ? m : X.cols());
  for (Index r = 0; r < m; ++r)
    if (precomputed)
      for (Index c = 0; c < m; ++c) out(r, c) = X(rows[r], rows[c]);
    else
      out.row(r) = X.row(rows[r]);
  return out;
}

SmoResult solve(const KernelSvmOptions& o, const Kernel& kernel, MatrixRef X, const SmoProblem& problem, bool nu,
                int& fit_status, Warnings& warnings) {
  KernelCache cache(kernel, X, o.cache_size);
  SmoResult r = solve_smo(problem, cache, {o.tol, o.shrinking, o.max_iter, nu});
  if (r.reached_max_iter) {
    fit_status = 1;
    warnings.add(WarningKind::convergence, "the solver stopped at maxIter (" + std::to_string(o.max_iter) +
                 ") iterations before reaching tol; the model is usable but not optimal");
  }
  return r;
}

// The ν problems' budget ν·ΣC_i, summed term by term as libsvm does (ν·Σ would round differently,
// and the last variable filled would start at a residue such as 2e-15 instead of 0, another path).
double nu_budget(double nu, const Vector& upper) {
  double total = 0;
  for (Index i = 0; i < upper.size(); ++i) total += nu * upper[i];
  return total;
}

// Feasible starts of the ν problems: the budget `total` spread over the variables in order, each
// up to its bound.
void fill_in_order(Vector& alpha, const Vector& upper, const std::vector<Index>& variables, double total) {
  for (Index i : variables) {
    alpha[i] = std::min(upper[i], total);
    total -= alpha[i];
  }
}

}  // namespace

template <class P>
json KernelSvmBase<P>::base_state() const {
  return {{"model", model_.state()}, {"fitStatus", fit_status_}, {"nFeaturesIn", n_features_in_}};
}

template <class P>
void KernelSvmBase<P>::load_base_state(const json& s) {
  model_.load_state(member(s, "model"));
  fit_status_ = integer_from_json<int>(member(s, "fitStatus"), "fitStatus");
  n_features_in_ = integer_from_json<Index>(member(s, "nFeaturesIn"), "nFeaturesIn", at_least(1));
  if (n_features_in_ != model_.n_columns) throw InvalidArgument("model JSON: nFeaturesIn must equal the model's nColumns");
  fitted_ = true;
}

template <class P>
void KernelSvmBase<P>::load_one_row_state(const json& s) {
  load_base_state(s);
  // One output (a regression, OneClassSVM's score): predict and offset read row 0.
  if (model_.coef.rows() != 1) throw InvalidArgument("model JSON: coef and intercept must have one row");
}

template <class P>
Matrix KernelSvmBase<P>::coef() const {
  if (model_.kernel.type != KernelType::linear)
    throw InvalidArgument("coef is only available when using a linear kernel");
  return model_.coef * model_.support_vectors;
}

// ---- classifiers ---------------------------------------------------------------------------------------

namespace {

constexpr const char* classifier_name(const SVCParams&) { return "SVC"; }
constexpr const char* classifier_name(const NuSVCParams&) { return "NuSVC"; }

template <class P>
void check_break_ties(const P& o) {
  if (o.break_ties && o.decision_function_shape == DecisionShape::ovo)
    throw InvalidArgument("breakTies must be false when decisionFunctionShape is 'ovo'");
}

// One factor per class: 1, classWeight's values, or 'balanced' n / (classes · count).
Vector class_weight_factors(const ClassWeight& option, IntVectorRef y, int n_classes) {
  Vector factors = Vector::Ones(n_classes);
  if (!option) return factors;
  if (const auto* given = std::get_if<std::vector<double>>(&*option)) {
    if (static_cast<int>(given->size()) != n_classes)
      throw InvalidArgument("classWeight must hold one weight per class (" + std::to_string(n_classes) + "), got " +
                            std::to_string(given->size()));
    for (int c = 0; c < n_classes; ++c) {
      factors[c] = (*given)[static_cast<std::size_t>(c)];
      if (!std::isfinite(factors[c]) || factors[c] < 0)
        throw InvalidArgument("classWeight values must be at least 0, got " + format_number(factors[c]));
    }
    return factors;
  }
  Vector count = Vector::Zero(n_classes);
  for (Index i = 0; i < y.size(); ++i) count[y[i]] += 1;
  for (int c = 0; c < n_classes; ++c)
    factors[c] = count[c] > 0 ? static_cast<double>(y.size()) / (n_classes * count[c]) : 1.0;
  return factors;
}

// The binary problem of a pair of classes over `members` (the first `positives` of class +1), with
// the samples' bounds `upper`: C-SVC minimises ½αᵀQα − Σα; ν-SVC minimises ½αᵀQα with Σα fixed to
// ν·ΣC_i/2 on each side. Returns the coefficients y_i·α_i (ν-SVC: divided by r) and rho.
template <class P>
SmoProblem pair_problem(const P& params, const Vector& upper, const std::vector<Index>& members, Index positives) {
  const Index m = static_cast<Index>(members.size());
  SmoProblem pb;
  pb.sample.resize(static_cast<std::size_t>(m));
  pb.y.resize(m);
  pb.upper.resize(m);
  for (Index t = 0; t < m; ++t) {
    pb.sample[t] = t;
    pb.y[t] = t < positives ? 1.0 : -1.0;
    pb.upper[t] = upper[members[t]];
  }
  pb.alpha = Vector::Zero(m);
  if constexpr (std::is_same_v<P, NuSVCParams>) {
    pb.p = Vector::Zero(m);
    const double side = nu_budget(params.nu, pb.upper) / 2;
    std::vector<Index> pos, neg;
    for (Index t = 0; t < m; ++t) (t < positives ? pos : neg).push_back(t);
    fill_in_order(pb.alpha, pb.upper, pos, side);
    fill_in_order(pb.alpha, pb.upper, neg, side);
  } else {
    pb.p = Vector::Constant(m, -1.0);
  }
  return pb;
}

// One pair's solution over the rows `members` of X (the first `positives` of class +1): each member's
// coefficient y_t·α_t and the intercept −rho (ν-SVC: both divided by r).
struct PairSolution {
  Vector coef;
  double intercept = 0;
};

template <class P>
PairSolution solve_pair(const P& o, const Kernel& kernel, MatrixRef X, const Vector& upper, const std::vector<Index>& members,
                        Index positives, int& fit_status, Warnings& warnings) {
  constexpr bool nu = std::is_same_v<P, NuSVCParams>;
  const SmoProblem pb = pair_problem(o, upper, members, positives);
  const SmoResult r = solve(o, kernel, subset(X, members, kernel.type == KernelType::precomputed), pb, nu, fit_status, warnings);
  // r ≤ 0: ν is at or below the smallest value the data allows, where the ν problem has no C-SVC
  // counterpart. libsvm divides by r all the same (a negative r flips the signs), and scikit-learn's
  // values are those; r = 0 would give infinities, so that solution is kept unscaled.
  double scale = 1.0;
  if constexpr (nu) {
    if (!(r.r > 0)) {
      const std::string message = "nu = " + format_number(o.nu) + " is below the smallest value the data allows (the "
                                  "margin r of a pair of classes is not positive, so the solution has no C-SVC "
                                  "counterpart; scaled by 1/r as libsvm does, unscaled when r = 0): raise nu";
      if (std::none_of(warnings.items.begin(), warnings.items.end(), [&](const Warning& w) { return w.message == message; }))
        warnings.add(WarningKind::parameter, message);
    }
    if (r.r > 0 || r.r < 0) scale = r.r;
  }
  PairSolution out;
  out.coef.resize(pb.y.size());
  // + 0.0: a zero α of class −1 gives +0, not −0, so the model survives a JSON round trip bit for bit.
  for (Index t = 0; t < pb.y.size(); ++t) out.coef[t] = pb.y[t] * r.alpha[t] / scale + 0.0;
  out.intercept = -r.rho / scale;
  return out;
}

// The decision values at the rows `held_out` of X of a pair solution fitted on the rows `trained`.
Vector held_out_values(const Kernel& kernel, MatrixRef X, const std::vector<Index>& trained, const PairSolution& solution,
                       const std::vector<Index>& held_out) {
  const bool precomputed = kernel.type == KernelType::precomputed;
  std::vector<Index> used;
  for (Index t = 0; t < solution.coef.size(); ++t)
    if (solution.coef[t] != 0) used.push_back(t);
  const Index n_used = static_cast<Index>(used.size()), n_trained = static_cast<Index>(trained.size());
  KernelExpansion e;
  e.kernel = kernel;
  e.support.resize(n_used);
  e.support_vectors.resize(precomputed ? 0 : n_used, precomputed ? 0 : X.cols());
  e.coef.resize(1, n_used);
  for (Index u = 0; u < n_used; ++u) {
    e.support[u] = static_cast<int>(used[u]);
    e.coef(0, u) = solution.coef[used[u]];
    if (!precomputed) e.support_vectors.row(u) = X.row(trained[used[u]]);
  }
  e.intercept = Vector::Constant(1, solution.intercept);
  // A precomputed kernel's rows are taken against the trained samples, as predict takes them.
  Matrix rows(static_cast<Index>(held_out.size()), precomputed ? n_trained : X.cols());
  for (Index h = 0; h < rows.rows(); ++h)
    if (precomputed)
      for (Index c = 0; c < n_trained; ++c) rows(h, c) = X(held_out[h], trained[c]);
    else
      rows.row(h) = X.row(held_out[h]);
  e.n_columns = rows.cols();
  return e.values(rows).col(0);
}

// libsvm's estimate of a pair's sigmoid: every member's decision value from a model fitted on the
// other folds (5 folds of a random permutation of the pair's samples), then fit_sigmoid.
template <class P>
Sigmoid cross_validated_sigmoid(const P& o, const Kernel& kernel, MatrixRef X, const Vector& upper,
                                const std::vector<Index>& members, Index positives, std::uint64_t seed, Warnings& warnings) {
  constexpr Index kFolds = 5;
  const Index m = static_cast<Index>(members.size());
  Random random(seed);
  const IntVector order = random.permutation(m);
  Vector decision(m);
  std::vector<bool> positive(static_cast<std::size_t>(m));
  for (Index t = 0; t < m; ++t) positive[static_cast<std::size_t>(t)] = t < positives;
  int fold_status = 0;  // fitStatus reports the final model's solve only
  for (Index fold = 0; fold < kFolds; ++fold) {
    std::vector<bool> held(static_cast<std::size_t>(m), false);
    for (Index i = fold * m / kFolds; i < (fold + 1) * m / kFolds; ++i) held[static_cast<std::size_t>(order[i])] = true;
    // In member order, so the fold's positives stay first.
    std::vector<Index> trained, held_out, held_at;
    Index trained_positives = 0;
    for (Index t = 0; t < m; ++t)
      if (held[static_cast<std::size_t>(t)]) {
        held_out.push_back(members[static_cast<std::size_t>(t)]);
        held_at.push_back(t);
      } else {
        trained.push_back(members[static_cast<std::size_t>(t)]);
        trained_positives += t < positives;
      }
    const Index trained_negatives = static_cast<Index>(trained.size()) - trained_positives;
    Vector values;
    if (trained_positives > 0 && trained_negatives > 0) {
      const PairSolution s = solve_pair(o, kernel, X, upper, trained, trained_positives, fold_status, warnings);
      values = held_out_values(kernel, X, trained, s, held_out);
    } else {  // the fold kept one class (or none): libsvm's ±1 (0)
      values = Vector::Constant(static_cast<Index>(held_out.size()), trained_positives > 0 ? 1.0 : trained_negatives > 0 ? -1.0 : 0.0);
    }
    for (std::size_t h = 0; h < held_at.size(); ++h) decision[held_at[h]] = values[static_cast<Index>(h)];
  }
  return fit_sigmoid(decision, positive);
}

}  // namespace

template <class P>
SupportVectorClassifier<P>& SupportVectorClassifier<P>::fit(MatrixRef X, IntVectorRef y) {
  return fit(X, y, Vector::Ones(X.rows()));
}

template <class P>
SupportVectorClassifier<P>& SupportVectorClassifier<P>::fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight) {
  const P& o = this->params_;
  check_params<SupportVectorClassifier<P>>(o);
  const char* name = classifier_name(o);
  check_break_ties(o);
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  const int k = check_class_codes(y);
  check_sample_weight(sample_weight, X.rows());
  const Kernel kernel = resolve_kernel(o, X);
  const Vector factors = class_weight_factors(o.class_weight, y, k);
  // Samples of weight 0 take no part (libsvm drops them); the bounds are the weights times the class's.
  std::vector<std::vector<Index>> members(static_cast<std::size_t>(k));
  Vector upper(X.rows());
  for (Index i = 0; i < X.rows(); ++i) {
    double c = sample_weight[i] * factors[y[i]];
    if constexpr (std::is_same_v<P, SVCParams>) c *= o.C;
    upper[i] = c;
    if (c > 0) members[static_cast<std::size_t>(y[i])].push_back(i);
  }
  int present = 0;
  for (const auto& m : members) present += !m.empty();
  if (present < 2)
    throw InvalidArgument(std::string("y has only one class (among samples of positive weight); ") + name +
                          " needs at least two");
  if (std::any_of(members.begin(), members.end(), [](const auto& m) { return m.empty(); }))
    throw InvalidArgument("every class of y needs a sample of positive weight");
  if constexpr (std::is_same_v<P, NuSVCParams>) {
    for (int a = 0; a < k; ++a)
      for (int b = a + 1; b < k; ++b) {
        double wa = 0, wb = 0;
        for (Index i : members[a]) wa += upper[i];
        for (Index i : members[b]) wb += upper[i];
        if (o.nu * (wa + wb) / 2 > std::min(wa, wb))
          throw InvalidArgument("nu is infeasible: nu = " + format_number(o.nu) + " asks for more than the smaller class " +
                                "can give (nu · (n1 + n2) / 2 must be at most min(n1, n2))");
      }
  }
  this->warnings_.clear();
  this->fit_status_ = 0;
  const int pairs = k * (k - 1) / 2;
  const bool precomputed = kernel.type == KernelType::precomputed;
  Matrix values = Matrix::Zero(pairs, X.rows());  // each pair's coefficient of each sample
  Vector intercept(pairs);
  prob_a_ = prob_b_ = Vector(o.probability ? pairs : 0);
  for (int a = 0, pair = 0; a < k; ++a)
    for (int b = a + 1; b < k; ++b, ++pair) {
      std::vector<Index> both = members[a];
      both.insert(both.end(), members[b].begin(), members[b].end());
      const Index positives = static_cast<Index>(members[a].size());
      const PairSolution s = solve_pair(o, kernel, X, upper, both, positives, this->fit_status_, this->warnings_);
      for (std::size_t t = 0; t < both.size(); ++t) values(pair, both[t]) = s.coef[static_cast<Index>(t)];
      intercept[pair] = s.intercept;
      if (o.probability) {
        const Sigmoid sigmoid = cross_validated_sigmoid(o, kernel, X, upper, both, positives,
                                                        Random::derive_seed(static_cast<std::uint64_t>(o.random_state), pair),
                                                        this->warnings_);
        prob_a_[pair] = sigmoid.a;
        prob_b_[pair] = sigmoid.b;
      }
    }
  // Support vectors: class by class, in sample order, those with a coefficient in some pair.
  std::vector<Index> sv;
  n_support_ = IntVector::Zero(k);
  for (int c = 0; c < k; ++c)
    for (Index i : members[c])
      if ((values.col(i).array() != 0).any()) {
        sv.push_back(i);
        ++n_support_[c];
      }
  const Index n_sv = static_cast<Index>(sv.size());
  KernelExpansion& model = this->model_;
  model.kernel = kernel;
  model.support.resize(n_sv);
  model.support_vectors.resize(precomputed ? 0 : n_sv, precomputed ? 0 : X.cols());
  model.coef.resize(pairs, n_sv);
  dual_coef_ = Matrix::Zero(k - 1, n_sv);
  for (Index s = 0; s < n_sv; ++s) {
    model.support[s] = static_cast<int>(sv[s]);
    if (!precomputed) model.support_vectors.row(s) = X.row(sv[s]);
    model.coef.col(s) = values.col(sv[s]);
    // libsvm's layout: a support vector of class c holds its coefficient against class d in row
    // d − 1 when d > c, in row d when d < c.
    const int c = y[sv[s]];
    for (int a = 0, pair = 0; a < k; ++a)
      for (int b = a + 1; b < k; ++b, ++pair) {
        if (c == a) dual_coef_(b - 1, s) = values(pair, sv[s]);
        if (c == b) dual_coef_(a, s) = values(pair, sv[s]);
      }
  }
  model.intercept = intercept;
  if (k == 2) {  // scikit-learn's sign: a positive value means the second class
    // 0 - v, not -v: a zero stays +0, so the model survives a JSON round trip bit for bit.
    model.coef = Matrix::Zero(model.coef.rows(), model.coef.cols()) - model.coef;
    dual_coef_ = Matrix::Zero(dual_coef_.rows(), dual_coef_.cols()) - dual_coef_;
    model.intercept = Vector::Zero(model.intercept.size()) - model.intercept;
  }
  model.n_columns = X.cols();
  n_classes_ = k;
  class_weight_ = factors;
  this->n_features_in_ = X.cols();
  this->fitted_ = true;
  return *this;
}

template <class P>
Matrix SupportVectorClassifier<P>::decision_function(MatrixRef X) const {
  Matrix pairs = this->model_.values(X);
  if (n_classes_ == 2 || this->params_.decision_function_shape == DecisionShape::ovo) return pairs;
  // scikit-learn's ovr: the votes plus the summed confidences squashed into (−1/3, 1/3).
  Matrix votes = Matrix::Zero(X.rows(), n_classes_), confidence = Matrix::Zero(X.rows(), n_classes_);
  for (int a = 0, pair = 0; a < n_classes_; ++a)
    for (int b = a + 1; b < n_classes_; ++b, ++pair)
      for (Index i = 0; i < X.rows(); ++i) {
        const double v = pairs(i, pair);
        confidence(i, a) += v;
        confidence(i, b) -= v;
        votes(i, v > 0 ? a : b) += 1;
      }
  return votes.array() + confidence.array() / (3 * (confidence.array().abs() + 1));
}

template <class P>
Matrix SupportVectorClassifier<P>::pair_values(MatrixRef X) const {
  const Matrix v = this->model_.values(X);
  return n_classes_ == 2 ? Matrix(-v) : v;  // undo scikit-learn's binary sign
}

template <class P>
Matrix SupportVectorClassifier<P>::predict_proba(MatrixRef X) const {
  check_available(*this, "predictProba");
  // probability was set after a fit without it: the sigmoids were never fitted.
  if (prob_a_.size() == 0) throw InvalidArgument("predictProba needs a fit with probability: true; fit this model again");
  const Matrix v = pair_values(X);
  // libsvm's clip keeps every pairwise estimate in (0, 1), where the coupling is well posed.
  constexpr double kSmallest = 1e-7;
  auto pair_probability = [&](Index i, int pair) {
    return std::clamp(Sigmoid{prob_a_[pair], prob_b_[pair]}.probability(v(i, pair)), kSmallest, 1 - kSmallest);
  };
  Matrix out(X.rows(), n_classes_);
  Matrix r = Matrix::Zero(n_classes_, n_classes_);
  for (Index i = 0; i < X.rows(); ++i) {
    if (n_classes_ == 2) {
      out(i, 0) = pair_probability(i, 0);
      out(i, 1) = 1 - out(i, 0);
      continue;
    }
    for (int a = 0, pair = 0; a < n_classes_; ++a)
      for (int b = a + 1; b < n_classes_; ++b, ++pair) {
        r(a, b) = pair_probability(i, pair);
        r(b, a) = 1 - r(a, b);
      }
    out.row(i) = couple_pairwise(r).transpose();
  }
  return out;
}

template <class P>
Matrix SupportVectorClassifier<P>::predict_log_proba(MatrixRef X) const {
  return det_log_of(predict_proba(X));
}

template <class P>
IntVector SupportVectorClassifier<P>::predict(MatrixRef X) const {
  const P& o = this->params_;
  check_break_ties(o);  // setParams may have changed the options since fit
  IntVector labels(X.rows());
  if (n_classes_ == 2) {
    const Matrix d = this->model_.values(X);
    for (Index i = 0; i < X.rows(); ++i) labels[i] = d(i, 0) >= 0 ? 1 : 0;
    return labels;
  }
  if (o.break_ties) {
    const Matrix d = decision_function(X);
    for (Index i = 0; i < X.rows(); ++i) d.row(i).maxCoeff(&labels[i]);
    return labels;
  }
  // libsvm's vote: each pair votes for its first class when its value is positive; ties go to the
  // class that comes first.
  const Matrix d = this->model_.values(X);
  std::vector<int> votes(static_cast<std::size_t>(n_classes_));
  for (Index i = 0; i < X.rows(); ++i) {
    std::fill(votes.begin(), votes.end(), 0);
    for (int a = 0, pair = 0; a < n_classes_; ++a)
      for (int b = a + 1; b < n_classes_; ++b, ++pair) ++votes[static_cast<std::size_t>(d(i, pair) > 0 ? a : b)];
    labels[i] = static_cast<int>(std::max_element(votes.begin(), votes.end()) - votes.begin());
  }
  return labels;
}

template <class P>
json SupportVectorClassifier<P>::state() const {
  json s = this->base_state();
  s["nClasses"] = n_classes_;
  s["nSupport"] = to_json(n_support_);
  s["classWeight"] = to_json(class_weight_);
  s["dualCoef"] = to_json(dual_coef_);
  s["probA"] = to_json(prob_a_);
  s["probB"] = to_json(prob_b_);
  return s;
}

template <class P>
void SupportVectorClassifier<P>::load_state(const json& s) {
  this->load_base_state(s);
  n_classes_ = integer_from_json<int>(member(s, "nClasses"), "nClasses", at_least(2));
  n_support_ = int_vector_from_json(member(s, "nSupport"), "nSupport");
  class_weight_ = vector_from_json(member(s, "classWeight"), "classWeight");
  dual_coef_ = matrix_from_json(member(s, "dualCoef"), "dualCoef");
  prob_a_ = vector_from_json(member(s, "probA"), "probA");
  prob_b_ = vector_from_json(member(s, "probB"), "probB");
  const Index k = n_classes_, pairs = k * (k - 1) / 2;  // in Index: k up to 2^31 - 1 overflowed int
  if (prob_a_.size() != prob_b_.size() || (prob_a_.size() != 0 && prob_a_.size() != pairs))
    throw InvalidArgument("model JSON: probA and probB must hold one value per pair of classes, or none");
  if (n_classes_ < 2 || n_support_.size() != n_classes_ || this->model_.coef.rows() != pairs ||
      dual_coef_.rows() != n_classes_ - 1 || dual_coef_.cols() != this->model_.support.size())
    throw InvalidArgument("model JSON: nClasses, nSupport, dualCoef and the support vectors disagree in size");
  // nSupport counts the support vectors class by class; classWeight has one factor per class.
  if (n_support_.minCoeff() < 0 || n_support_.sum() != this->model_.support.size())
    throw InvalidArgument("model JSON: nSupport must count the support vectors class by class");
  if (class_weight_.size() != n_classes_) throw InvalidArgument("model JSON: classWeight must have one entry per class");
}

// ---- regressors ----------------------------------------------------------------------------------------

template <class P>
SupportVectorRegressor<P>& SupportVectorRegressor<P>::fit(MatrixRef X, MatrixRef y) {
  return fit(X, y, Vector::Ones(X.rows()));
}

// ε-SVR: variables α_i (y = +1) and α*_i (y = −1) per sample, p = ε ∓ z_i, bounds C·w_i.
// ν-SVR: the same pairs with p = ∓z_i and Σα = Σα* = C·ν·Σw/2 (the ν solver finds ε).
template <class P>
SupportVectorRegressor<P>& SupportVectorRegressor<P>::fit(MatrixRef X, MatrixRef y, VectorRef sample_weight) {
  const P& o = this->params_;
  check_params<SupportVectorRegressor<P>>(o);
  check_matrix(X);
  check_same_rows(X.rows(), y.rows());
  if (y.cols() != 1) throw InvalidArgument("y must be one-dimensional (one target per sample), got " + std::to_string(y.cols()) + " columns");
  check_finite(y.col(0), "y");
  check_sample_weight(sample_weight, X.rows());
  const Kernel kernel = resolve_kernel(o, X);
  const bool precomputed = kernel.type == KernelType::precomputed;
  std::vector<Index> kept;
  for (Index i = 0; i < X.rows(); ++i)
    if (sample_weight[i] > 0) kept.push_back(i);
  const Index m = static_cast<Index>(kept.size());
  SmoProblem pb;
  pb.sample.resize(static_cast<std::size_t>(2 * m));
  pb.y.resize(2 * m);
  pb.p.resize(2 * m);
  pb.upper.resize(2 * m);
  pb.alpha = Vector::Zero(2 * m);
  constexpr bool nu = std::is_same_v<P, NuSVRParams>;
  double epsilon = 0;
  if constexpr (!nu) epsilon = o.epsilon;
  for (Index t = 0; t < m; ++t) {
    const double z = y(kept[t], 0), c = o.C * sample_weight[kept[t]];
    pb.sample[t] = pb.sample[t + m] = t;
    pb.y[t] = 1.0;
    pb.y[t + m] = -1.0;
    pb.p[t] = epsilon - z;
    pb.p[t + m] = epsilon + z;
    pb.upper[t] = pb.upper[t + m] = c;
  }
  if constexpr (nu) {
    const double side = nu_budget(o.nu, pb.upper.head(m)) / 2;
    std::vector<Index> first(static_cast<std::size_t>(m)), second(static_cast<std::size_t>(m));
    for (Index t = 0; t < m; ++t) first[t] = t, second[t] = t + m;
    fill_in_order(pb.alpha, pb.upper, first, side);
    fill_in_order(pb.alpha, pb.upper, second, side);
  }
  this->warnings_.clear();
  this->fit_status_ = 0;
  const SmoResult r = solve(o, kernel, subset(X, kept, precomputed), pb, nu, this->fit_status_, this->warnings_);
  std::vector<Index> sv;
  for (Index t = 0; t < m; ++t)
    if (r.alpha[t] - r.alpha[t + m] != 0) sv.push_back(t);
  KernelExpansion& model = this->model_;
  const Index n_sv = static_cast<Index>(sv.size());
  model.kernel = kernel;
  model.support.resize(n_sv);
  model.support_vectors.resize(precomputed ? 0 : n_sv, precomputed ? 0 : X.cols());
  model.coef.resize(1, n_sv);
  for (Index s = 0; s < n_sv; ++s) {
    model.support[s] = static_cast<int>(kept[sv[s]]);
    if (!precomputed) model.support_vectors.row(s) = X.row(kept[sv[s]]);
    model.coef(0, s) = r.alpha[sv[s]] - r.alpha[sv[s] + m];
  }
  model.intercept = Vector::Constant(1, -r.rho);
  model.n_columns = X.cols();
  this->n_features_in_ = X.cols();
  this->fitted_ = true;
  return *this;
}

template <class P>
Matrix SupportVectorRegressor<P>::predict(MatrixRef X) const {
  return this->model_.values(X);
}

// ---- one-class -------------------------------------------------------------------------------------------

OneClassSVM& OneClassSVM::fit(MatrixRef X) { return fit(X, Vector::Ones(X.rows())); }

// min ½αᵀKα with 0 ≤ α_i ≤ w_i and Σα = ν·Σw, started by filling the first samples to their bound.
OneClassSVM& OneClassSVM::fit(MatrixRef X, VectorRef sample_weight) {
  check_params<OneClassSVM>(params_);
  check_matrix(X);
  check_sample_weight(sample_weight, X.rows());
  const Kernel kernel = resolve_kernel(params_, X);
  const bool precomputed = kernel.type == KernelType::precomputed;
  std::vector<Index> kept, order;
  for (Index i = 0; i < X.rows(); ++i)
    if (sample_weight[i] > 0) kept.push_back(i);
  const Index m = static_cast<Index>(kept.size());
  SmoProblem pb;
  pb.sample.resize(static_cast<std::size_t>(m));
  pb.y = Vector::Ones(m);
  pb.p = Vector::Zero(m);
  pb.upper.resize(m);
  pb.alpha = Vector::Zero(m);
  for (Index t = 0; t < m; ++t) {
    pb.sample[t] = t;
    pb.upper[t] = sample_weight[kept[t]];
    order.push_back(t);
  }
  fill_in_order(pb.alpha, pb.upper, order, nu_budget(params_.nu, pb.upper));
  warnings_.clear();
  fit_status_ = 0;
  const SmoResult r = solve(params_, kernel, subset(X, kept, precomputed), pb, false, fit_status_, warnings_);
  std::vector<Index> sv;
  for (Index t = 0; t < m; ++t)
    if (r.alpha[t] != 0) sv.push_back(t);
  const Index n_sv = static_cast<Index>(sv.size());
  model_.kernel = kernel;
  model_.support.resize(n_sv);
  model_.support_vectors.resize(precomputed ? 0 : n_sv, precomputed ? 0 : X.cols());
  model_.coef.resize(1, n_sv);
  for (Index s = 0; s < n_sv; ++s) {
    model_.support[s] = static_cast<int>(kept[sv[s]]);
    if (!precomputed) model_.support_vectors.row(s) = X.row(kept[sv[s]]);
    model_.coef(0, s) = r.alpha[sv[s]];
  }
  model_.intercept = Vector::Constant(1, -r.rho);
  model_.n_columns = X.cols();
  n_features_in_ = X.cols();
  fitted_ = true;
  return *this;
}

Matrix OneClassSVM::decision_function(MatrixRef X) const { return model_.values(X); }

Vector OneClassSVM::score_samples(MatrixRef X) const { return model_.values(X).col(0).array() + offset(); }

IntVector OneClassSVM::predict(MatrixRef X) const {
  const Matrix d = model_.values(X);
  IntVector labels(X.rows());
  for (Index i = 0; i < X.rows(); ++i) labels[i] = d(i, 0) > 0 ? 1 : -1;
  return labels;
}

template class KernelSvmBase<SVCParams>;
template class KernelSvmBase<NuSVCParams>;
template class KernelSvmBase<SVRParams>;
template class KernelSvmBase<NuSVRParams>;
template class KernelSvmBase<OneClassSVMParams>;
template class SupportVectorClassifier<SVCParams>;
template class SupportVectorClassifier<NuSVCParams>;
template class SupportVectorRegressor<SVRParams>;
template class SupportVectorRegressor<NuSVRParams>;

}  // namespace wasmlearn
