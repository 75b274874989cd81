#include "wasmlearn/linear_model/perceptron.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/linear_model/describe.hpp"

namespace wasmlearn {
namespace {

int check_two_or_more_classes(IntVectorRef y, const char* estimator) {
  const int k = check_class_codes(y);
  if (k < 2) throw InvalidArgument(std::string(estimator) + " needs at least 2 classes in y, got 1");
  return k;
}

// scikit-learn's WeightVector: w = wscale · v, so that L2 shrinkage is O(1).
struct WeightVector {
  std::vector<double> v;
  double wscale = 1.0;

  double dot(const double* x) const {
    double s = 0.0;
    for (std::size_t j = 0; j < v.size(); ++j) s += v[j] * x[j];
    return s * wscale;
  }
  void add(const double* x, double c) {
    c /= wscale;
    for (std::size_t j = 0; j < v.size(); ++j) v[j] += x[j] * c;
  }
  void scale(double c) {
    wscale *= c;
    if (wscale < 1e-9) reset();
  }
  void reset() {
    for (double& w : v) w *= wscale;
    wscale = 1.0;
  }
};

struct BinaryFit {
  std::vector<double> w;
  double intercept = 0.0;
  int epochs = 0;
  bool converged = false;
};

// One binary problem, y in {-1, +1}: scikit-learn's _plain_sgd with the perceptron loss
// (Hinge at threshold 0), constant learning rate, no averaging. A sample's step is scaled by its
// weight; the summed loss of the stopping rule is not (as scikit-learn's).
BinaryFit fit_binary(const Matrix& X, const std::vector<double>& y, VectorRef sample_weight, const PerceptronParams& p,
                     std::uint64_t seed) {
  const Index n = X.rows(), d = X.cols();
  const PerceptronPenalty penalty = p.penalty.value_or(PerceptronPenalty::none);
  double l1_ratio = p.l1_ratio;
  if (penalty == PerceptronPenalty::l2) l1_ratio = 0.0;
  if (penalty == PerceptronPenalty::l1) l1_ratio = 1.0;
  const bool shrink = penalty == PerceptronPenalty::l2 || penalty == PerceptronPenalty::elasticnet;
  const bool truncate = penalty == PerceptronPenalty::l1 || penalty == PerceptronPenalty::elasticnet;
  const double eta = p.eta0, alpha = p.alpha;
  const double tol = p.tol ? *p.tol : -std::numeric_limits<double>::infinity();

  WeightVector w{std::vector<double>(static_cast<std::size_t>(d), 0.0)};
  std::vector<double> q(truncate ? static_cast<std::size_t>(d) : 0, 0.0);
  double u = 0.0, intercept = 0.0, best_loss = std::numeric_limits<double>::infinity();
  int no_improvement = 0;
  std::vector<Index> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), Index{0});
  Random rng(seed);
  BinaryFit out;
  for (int epoch = 0; epoch < p.max_iter; ++epoch) {
    if (p.shuffle) rng.shuffle(order.begin(), order.end());
    double sumloss = 0.0;
    bool updated = false;
    for (Index idx : order) {
      const double* x = X.row(idx).data();
      const double yi = y[static_cast<std::size_t>(idx)];
      const double pred = w.dot(x) + intercept;
      const double z = pred * yi;
      double update = 0.0;
      if (z <= 0.0) {
        sumloss += -z;
        update = -eta * -yi * sample_weight[idx];  // -eta · dloss · weight, dloss = -y
      }
      if (shrink) w.scale(std::max(0.0, 1.0 - (1.0 - l1_ratio) * eta * alpha));
      if (update != 0.0) {
        w.add(x, update);
        if (p.fit_intercept) intercept += update;
        updated = true;
      }
      if (truncate) {  // Tsuruoka et al.'s cumulative L1 penalty on the features of x
        u += l1_ratio * eta * alpha;
        for (Index j = 0; j < d; ++j) {
          double& wj = w.v[static_cast<std::size_t>(j)];
          const double before = wj;
          if (w.wscale * before > 0.0) wj = std::max(0.0, wj - (u + q[static_cast<std::size_t>(j)]) / w.wscale);
          else if (w.wscale * before < 0.0) wj = std::min(0.0, wj + (u - q[static_cast<std::size_t>(j)]) / w.wscale);
          q[static_cast<std::size_t>(j)] += w.wscale * (wj - before);
        }
      }
    }
    out.epochs = epoch + 1;
    bool finite = std::isfinite(intercept);
    for (double v : w.v) finite = finite && std::isfinite(v);
    if (!finite)
      throw InvalidArgument("Perceptron: floating-point overflow at epoch " + std::to_string(epoch + 1) +
                            "; scaling X (e.g. StandardScaler) or a smaller eta0 might help");
    if (!updated && !shrink && !truncate) { out.converged = true; break; }  // a fixed point
    if (tol > -std::numeric_limits<double>::infinity() && sumloss > best_loss - tol * static_cast<double>(n))
      ++no_improvement;
    else
      no_improvement = 0;
    if (sumloss < best_loss) best_loss = sumloss;
    if (no_improvement >= p.n_iter_no_change) { out.converged = true; break; }
  }
  w.reset();
  out.w = std::move(w.v);
  out.intercept = intercept;
  return out;
}

}  // namespace

void LinearClassifier::load_state(const json& s) {
  LinearClassifier loaded(*this);
  loaded.LinearModel::load_state(s);
  if (loaded.coef_.rows() == 2) throw InvalidArgument("model JSON: coef must have 1 row (two classes) or one per class (3 or more)");
  static_cast<LinearClassifier&>(*this) = std::move(loaded);
}

IntVector LinearClassifier::predict(MatrixRef X) const {
  const Matrix s = decision_function(X);
  IntVector out(s.rows());
  for (Index i = 0; i < s.rows(); ++i) {
    if (s.cols() == 1) {
      out[i] = s(i, 0) > 0 ? 1 : 0;
    } else {
      Index best = 0;
      s.row(i).maxCoeff(&best);  // first of equal maxima, as numpy.argmax
      out[i] = static_cast<int>(best);
    }
  }
  return out;
}

// ---- Perceptron ---------------------------------------------------------------------------------

Perceptron& Perceptron::fit(MatrixRef X, IntVectorRef y) { return fit(X, y, Vector::Ones(y.size())); }

Perceptron& Perceptron::fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight) {
  const auto& p = params_;
  check_params<Perceptron>(p);
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  const int k = check_two_or_more_classes(y, "Perceptron");
  check_sample_weight(sample_weight, X.rows());
  const Matrix Xc = X;
  const int problems = k == 2 ? 1 : k;
  Matrix coef(problems, X.cols());
  Vector intercept(problems);
  Warnings warnings;
  int n_iter = 0;
  for (int c = 0; c < problems; ++c) {
    const int positive = k == 2 ? 1 : c;
    std::vector<double> yc(static_cast<std::size_t>(y.size()));
    for (Index i = 0; i < y.size(); ++i) yc[static_cast<std::size_t>(i)] = y[i] == positive ? 1.0 : -1.0;
    const BinaryFit f = fit_binary(Xc, yc, sample_weight, p, Random::derive_seed(static_cast<std::uint64_t>(p.random_state), c));
    for (Index j = 0; j < X.cols(); ++j) coef(c, j) = f.w[static_cast<std::size_t>(j)];
    intercept[c] = f.intercept;
    n_iter = std::max(n_iter, f.epochs);
    if (!f.converged)
      warnings.add(WarningKind::convergence, "Perceptron reached maxIter=" + std::to_string(p.max_iter) +
                   " epochs without converging" + (k == 2 ? std::string() : " (class " + std::to_string(c) + " vs rest)") +
                   "; the classes may not be linearly separable: increase maxIter or set tol");
  }
  coef_ = std::move(coef);
  intercept_ = std::move(intercept);
  n_iter_ = n_iter;
  warnings_ = std::move(warnings);
  return *this;
}

json Perceptron::state() const {
  json s = LinearModel::state();
  s["nIter"] = n_iter_;
  return s;
}

void Perceptron::load_state(const json& s) {
  Perceptron loaded(params_);
  loaded.LinearClassifier::load_state(s);
  loaded.n_iter_ = integer_from_json<int>(member(s, "nIter"), "nIter", at_least(0));
  *this = std::move(loaded);
}

// ---- RidgeClassifier ----------------------------------------------------------------------------

RidgeClassifier& RidgeClassifier::fit(MatrixRef X, IntVectorRef y) { return fit_impl(X, y, nullptr); }
RidgeClassifier& RidgeClassifier::fit(MatrixRef X, IntVectorRef y, VectorRef sample_weight) {
  return fit_impl(X, y, &sample_weight);
}

RidgeClassifier& RidgeClassifier::fit_impl(MatrixRef X, IntVectorRef y, const VectorRef* sample_weight) {
  check_params<RidgeClassifier>(params_);
  check_matrix(X);
  check_same_rows(X.rows(), y.size());
  const int k = check_two_or_more_classes(y, "RidgeClassifier");
  const Index cols = k == 2 ? 1 : k;
  Matrix Y = Matrix::Constant(y.size(), cols, -1.0);
  for (Index i = 0; i < y.size(); ++i) {
    if (k == 2) Y(i, 0) = y[i] == 1 ? 1.0 : -1.0;
    else Y(i, y[i]) = 1.0;
  }
  Ridge r({params_.alpha, params_.fit_intercept});
  if (sample_weight) r.fit(X, Y, *sample_weight);
  else r.fit(X, Y);
  coef_ = r.coef();
  intercept_ = r.intercept();
  return *this;
}

}  // namespace wasmlearn
