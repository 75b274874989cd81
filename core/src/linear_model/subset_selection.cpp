#include "wasmlearn/linear_model/subset_selection.hpp"

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "wasmlearn/base/det_math.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/linear_model/describe.hpp"

namespace wasmlearn {
namespace {

using ColMatrix = Eigen::MatrixXd;

// The centred problem in Gram form: RSS(S) = yy − b_Sᵀ G_SS⁻¹ b_S.
struct Gram {
  ColMatrix G;
  Vector b;
  double yy = 0;
};

Gram gram_of(MatrixRef X, VectorRef y, bool fit_intercept) {
  ColMatrix Xc = X;
  Vector yc = y;
  if (fit_intercept) {
    Xc.rowwise() -= Xc.colwise().mean();
    yc.array() -= yc.mean();
  }
  return {Xc.transpose() * Xc, Xc.transpose() * yc, yc.squaredNorm()};
}

// A Cholesky factor grown one feature at a time (rows of L for S in order, z = L⁻¹ b_S), so that
// adding a feature costs O(k²). A feature already in the span of S (pivot <= 1e-12·G_jj) gets a
// zero row and adds nothing, as a pseudo-inverse would.
class GrowingCholesky {
 public:
  explicit GrowingCholesky(const Gram& g) : g_(g) {}
  Index size() const { return static_cast<Index>(features_.size()); }
  double rss() const { return std::max(g_.yy - zz_, 0.0); }

  // The RSS after adding feature j, without adding it (fills the pending row).
  double try_add(Index j) {
    const Index k = size();
    row_.resize(k);
    for (Index a = 0; a < k; ++a) {
      double s = g_.G(features_[static_cast<std::size_t>(a)], j);
      for (Index c = 0; c < a; ++c) s -= L_[static_cast<std::size_t>(a)][static_cast<std::size_t>(c)] * row_[c];
      const double piv = L_[static_cast<std::size_t>(a)][static_cast<std::size_t>(a)];
      row_[a] = piv > 0 ? s / piv : 0.0;
    }
    double d = g_.G(j, j) - row_.squaredNorm();
    if (!(d > 1e-12 * g_.G(j, j))) {
      pending_pivot_ = 0;
      pending_z_ = 0;
    } else {
      pending_pivot_ = std::sqrt(d);
      double s = g_.b[j];
      for (Index a = 0; a < k; ++a) s -= row_[a] * z_[static_cast<std::size_t>(a)];
      pending_z_ = s / pending_pivot_;
    }
    return std::max(g_.yy - zz_ - pending_z_ * pending_z_, 0.0);
  }
  void add(Index j) {
    try_add(j);
    std::vector<double> r(row_.data(), row_.data() + row_.size());
    r.push_back(pending_pivot_);
    L_.push_back(std::move(r));
    z_.push_back(pending_z_);
    zz_ += pending_z_ * pending_z_;
    features_.push_back(j);
  }
  void pop() {
    zz_ -= z_.back() * z_.back();
    L_.pop_back();
    z_.pop_back();
    features_.pop_back();
  }

 private:
  const Gram& g_;
  std::vector<Index> features_;
  std::vector<std::vector<double>> L_;
  std::vector<double> z_;
  double zz_ = 0;
  Vector row_;
  double pending_pivot_ = 0, pending_z_ = 0;
};

// RSS of a subset by a fresh robust Cholesky (LDLT) of G_SS (backward search).
double gram_rss(const Gram& g, const std::vector<Index>& S) {
  if (S.empty()) return g.yy;
  const Index k = static_cast<Index>(S.size());
  ColMatrix A(k, k);
  Vector b(k);
  for (Index a = 0; a < k; ++a) {
    b[a] = g.b[S[static_cast<std::size_t>(a)]];
    for (Index c = 0; c < k; ++c) A(a, c) = g.G(S[static_cast<std::size_t>(a)], S[static_cast<std::size_t>(c)]);
  }
  const Vector beta = Eigen::LDLT<ColMatrix>(A).solve(b);
  return std::max(g.yy - b.dot(beta), 0.0);
}

// Least-squares RSS of y on the columns S (and an intercept), through the SVD.
double lstsq_rss(MatrixRef X, VectorRef y, const std::vector<Index>& S, bool fit_intercept) {
  Vector yc = y;
  if (fit_intercept) yc.array() -= yc.mean();
  if (S.empty()) return yc.squaredNorm();
  Matrix Xs(X.rows(), static_cast<Index>(S.size()));
  for (std::size_t a = 0; a < S.size(); ++a) Xs.col(static_cast<Index>(a)) = X.col(S[a]);
  if (fit_intercept) Xs.rowwise() -= Xs.colwise().mean();
  const Vector beta = lstsq(Xs, yc).col(0);
  return (yc - Xs * beta).squaredNorm();
}

}  // namespace

double subset_criterion(SubsetCriterion c, double rss, Index n_samples, Index n_coef) {
  if (c == SubsetCriterion::rss) return rss;
  const double n = static_cast<double>(n_samples);
  const double k = static_cast<double>(n_coef + 1);  // + σ²
  const double two_pi = 6.283185307179586;
  const double minus_2_loglik = n * (det_log(two_pi) + det_log(std::max(rss, std::numeric_limits<double>::min()) / n) + 1);
  return (c == SubsetCriterion::aic ? 2 * k : k * det_log(n)) + minus_2_loglik;
}

SubsetPath subset_search(MatrixRef X, VectorRef y, SubsetMethod method, bool fit_intercept) {
  const Index p = X.cols();
  if (method == SubsetMethod::best && p > kMaxBestSubsetFeatures)
    throw InvalidArgument("method 'best' tries all 2^p subsets and is limited to " + std::to_string(kMaxBestSubsetFeatures) +
                          " features, X has " + std::to_string(p) + "; use method 'forward' or 'backward'");
  const Gram g = gram_of(X, y, fit_intercept);
  std::vector<std::vector<Index>> subsets;
  std::vector<int> changed;
  if (method == SubsetMethod::best) {
    // Depth first over subsets in lexicographic order of their sorted indices; each child adds
    // one feature with a larger index to its parent, so its RSS costs one O(k²) Cholesky row.
    std::vector<double> best(static_cast<std::size_t>(p + 1), std::numeric_limits<double>::infinity());
    std::vector<std::vector<Index>> best_set(static_cast<std::size_t>(p + 1));
    GrowingCholesky chol(g);
    std::vector<Index> current;
    best[0] = g.yy;
    std::function<void(Index)> visit = [&](Index from) {
      for (Index j = from; j < p; ++j) {
        chol.add(j);
        current.push_back(j);
        const double r = chol.rss();
        const std::size_t k = current.size();
        if (r < best[k]) { best[k] = r; best_set[k] = current; }
        visit(j + 1);
        current.pop_back();
        chol.pop();
      }
    };
    visit(0);
    for (Index k = 0; k <= p; ++k) {
      subsets.push_back(best_set[static_cast<std::size_t>(k)]);
      changed.push_back(-1);
    }
  } else if (method == SubsetMethod::forward) {
    GrowingCholesky chol(g);
    std::vector<bool> in(static_cast<std::size_t>(p), false);
    std::vector<Index> current;
    subsets.push_back(current);
    changed.push_back(-1);
    for (Index step = 0; step < p; ++step) {
      Index pick = -1;
      double best = std::numeric_limits<double>::infinity();
      for (Index j = 0; j < p; ++j) {
        if (in[static_cast<std::size_t>(j)]) continue;
        const double r = chol.try_add(j);
        if (r < best) { best = r; pick = j; }
      }
      chol.add(pick);
      in[static_cast<std::size_t>(pick)] = true;
      current.push_back(pick);
      subsets.push_back(current);
      changed.push_back(static_cast<int>(pick));
    }
  } else {
    std::vector<Index> current;
    for (Index j = 0; j < p; ++j) current.push_back(j);
    subsets.push_back(current);
    changed.push_back(-1);
    while (!current.empty()) {
      std::size_t drop = 0;
      double best = std::numeric_limits<double>::infinity();
      for (std::size_t a = 0; a < current.size(); ++a) {
        std::vector<Index> without = current;
        without.erase(without.begin() + static_cast<std::ptrdiff_t>(a));
        const double r = gram_rss(g, without);
        if (r < best) { best = r; drop = a; }
      }
      changed.push_back(static_cast<int>(current[drop]));
      current.erase(current.begin() + static_cast<std::ptrdiff_t>(drop));
      subsets.push_back(current);
    }
  }
  const Index steps = static_cast<Index>(subsets.size());
  SubsetPath path{IntVector(steps), IntMatrix::Zero(steps, p), IntVector(steps), Vector(steps)};
  for (Index s = 0; s < steps; ++s) {
    const auto& S = subsets[static_cast<std::size_t>(s)];
    path.size[s] = static_cast<int>(S.size());
    for (Index j : S) path.support(s, j) = 1;
    path.feature[s] = changed[static_cast<std::size_t>(s)];
    path.rss[s] = lstsq_rss(X, y, S, fit_intercept);
  }
  return path;
}

SubsetSelection& SubsetSelection::fit(MatrixRef X, MatrixRef Y) {
  check_params<SubsetSelection>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), Y.rows());
  if (Y.cols() != 1) throw InvalidArgument("SubsetSelection needs one target, y has " + std::to_string(Y.cols()) + " columns");
  check_matrix(Y, "y");
  const Index p = X.cols(), n = X.rows();
  if (params_.n_features && *params_.n_features > p)
    throw InvalidArgument("nFeatures is " + std::to_string(*params_.n_features) + " but X has only " + std::to_string(p) + " features");
  SubsetPath path = subset_search(X, Y.col(0), params_.method, params_.fit_intercept);
  const Index steps = path.size.size();
  Vector score(steps);
  for (Index s = 0; s < steps; ++s)
    score[s] = subset_criterion(params_.criterion, path.rss[s], n, path.size[s] + (params_.fit_intercept ? 1 : 0));
  Index chosen = -1;
  for (Index s = 0; s < steps; ++s) {
    if (params_.n_features) {
      if (path.size[s] == *params_.n_features) chosen = s;
    } else if (chosen < 0 || score[s] < score[chosen] ||
               (score[s] == score[chosen] && path.size[s] < path.size[chosen])) {
      chosen = s;
    }
  }
  // Least squares on the chosen columns.
  std::vector<Index> S;
  for (Index j = 0; j < p; ++j)
    if (path.support(chosen, j)) S.push_back(j);
  Matrix coef = Matrix::Zero(1, p);
  Vector intercept = Vector::Zero(1);
  if (params_.fit_intercept) intercept[0] = Y.col(0).mean();
  if (!S.empty()) {
    Matrix Xs(n, static_cast<Index>(S.size()));
    for (std::size_t a = 0; a < S.size(); ++a) Xs.col(static_cast<Index>(a)) = X.col(S[a]);
    LinearRegression ols({params_.fit_intercept});
    ols.fit(Xs, Y);
    for (std::size_t a = 0; a < S.size(); ++a) coef(0, S[a]) = ols.coef()(0, static_cast<Index>(a));
    intercept = ols.intercept();
  }
  coef_ = std::move(coef);
  intercept_ = std::move(intercept);
  path_ = std::move(path);
  score_ = std::move(score);
  chosen_ = chosen;
  n_samples_ = n;
  return *this;
}

IntVector SubsetSelection::support() const { return path_.support.row(chosen_).transpose(); }

IntVector SubsetSelection::selected() const {
  std::vector<int> s;
  for (Index j = 0; j < path_.support.cols(); ++j)
    if (path_.support(chosen_, j)) s.push_back(static_cast<int>(j));
  return Eigen::Map<const IntVector>(s.data(), static_cast<Index>(s.size()));
}

json SubsetSelection::state() const {
  json s = LinearModel::state();
  s["pathSize"] = to_json(path_.size);
  s["pathSupport"] = to_json(Matrix(path_.support.cast<double>()));
  s["pathFeature"] = to_json(path_.feature);
  s["pathRss"] = to_json(path_.rss);
  s["pathScore"] = to_json(score_);
  s["chosen"] = chosen_;
  return s;
}

void SubsetSelection::load_state(const json& s) {
  SubsetSelection loaded(params_);
  loaded.LinearModel::load_state(s);
  const Index p = loaded.coef_.cols();
  if (loaded.coef_.rows() != 1) throw InvalidArgument("model JSON: coef must have one row");
  SubsetPath path;
  path.size = int_vector_from_json(member(s, "pathSize"), "pathSize");
  const Matrix sup = matrix_from_json(member(s, "pathSupport"), "pathSupport");
  path.feature = int_vector_from_json(member(s, "pathFeature"), "pathFeature");
  path.rss = vector_from_json(member(s, "pathRss"), "pathRss");
  const Vector score = vector_from_json(member(s, "pathScore"), "pathScore");
  const Index steps = path.size.size();
  if (steps == 0 || sup.rows() != steps || sup.cols() != p || path.feature.size() != steps || path.rss.size() != steps ||
      score.size() != steps)
    throw InvalidArgument("model JSON: the path arrays must all have one entry per step and pathSupport one column per feature");
  if (((sup.array() != 0) && (sup.array() != 1)).any()) throw InvalidArgument("model JSON: pathSupport must hold 0 and 1 only");
  const double chosen = number_from_json(member(s, "chosen"), "chosen");
  if (!(chosen >= 0 && chosen < static_cast<double>(steps)) || std::floor(chosen) != chosen)
    throw InvalidArgument("model JSON: chosen must be a step index");
  path.support = sup.cast<int>();
  loaded.path_ = std::move(path);
  loaded.score_ = score;
  loaded.chosen_ = static_cast<Index>(chosen);
  *this = std::move(loaded);
}

}  // namespace wasmlearn
