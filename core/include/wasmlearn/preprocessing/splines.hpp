// SplineTransformer: a B-spline basis of each feature, as scikit-learn's. Each feature gets
// nKnots + degree - 1 basis functions (nKnots - 1 when periodic) on its base knots, which are
// spread uniformly over the feature's range, at its quantiles, or given; `degree` extra knots are
// added on each side at the spacing of the first / last two base knots (not repeated boundary
// knots), as scikit-learn does. Values are the Cox–de Boor recursion as SciPy's BSpline evaluates it.
#pragma once
#include <variant>
#include <vector>

#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class SplineKnots { uniform, quantile };
// Beyond the base knots: 'error' refuses, 'constant' holds the boundary values, 'linear' continues
// each boundary basis function along its tangent, 'continue' extends the boundary polynomials,
// 'periodic' wraps around with period last - first knot (the basis is then periodic and smooth).
// Known difference: scikit-learn 1.2's 'linear' with degree <= 1 on several features evaluates the
// second and later features with the wrong boundary knots (it increments `degree` inside its loop
// over features); here every feature is treated as the first. Degree 0 with 'constant' (a shape
// error there) gives zeros beyond the knots here. A constant feature under a knot rule has all its
// knots at its value and zero splines everywhere, periodic ones too (NaN in scikit-learn 1.2, zeros
// in later releases); 'error' refuses any other value. Quantile knots that repeat a value of a
// feature that is not constant are an error (scikit-learn evaluates its degenerate splines).
enum class SplineExtrapolation { error, constant, linear, continue_, periodic };

struct SplineTransformerParams {
  int n_knots = 5;
  int degree = 3;
  // 'uniform' | 'quantile' | explicit knots: one increasing array for every feature, or a
  // matrix of nKnots rows x nFeatures columns (scikit-learn's layout).
  std::variant<SplineKnots, std::vector<double>, Matrix> knots = SplineKnots::uniform;
  SplineExtrapolation extrapolation = SplineExtrapolation::constant;
  bool include_bias = true;
};

class SplineTransformer {
 public:
  using Params = SplineTransformerParams;
  explicit SplineTransformer(Params p = {}) : params_(std::move(p)) {}

  SplineTransformer& fit(MatrixRef X);
  // With sample weights, as scikit-learn's: 'uniform' knots span the rows of positive weight,
  // 'quantile' knots are lower weighted percentiles (not numpy.percentile's interpolation, so unit
  // weights need not give the unweighted knots).
  SplineTransformer& fit(MatrixRef X, VectorRef sample_weight);
  // n x (nFeatures · nSplines) (one column fewer per feature without includeBias: the last spline
  // of each feature is dropped, as scikit-learn does).
  Matrix transform(MatrixRef X) const;

  const Params& params() const { return params_; }
  bool is_fitted() const { return base_knots_.size() > 0; }
  Matrix base_knots() const { return base_knots_; }  // nKnots x nFeatures
  Matrix knots_full() const;                        // with the added knots: (nKnots + 2·degree) x nFeatures
  int n_splines() const;                             // basis functions per feature (before includeBias)
  int n_features_in() const { return static_cast<int>(base_knots_.cols()); }
  int n_features_out() const { return n_features_in() * (n_splines() - (params_.include_bias ? 0 : 1)); }

  json state() const;  // {"baseKnots"}
  void load_state(const json& s);

 private:
  SplineTransformer& fit_weighted(MatrixRef X, const Vector* sample_weight);  // null: unweighted

  Params params_;
  Matrix base_knots_;
};

// The k+1 B-splines of degree k (or their m-th derivative) that do not vanish at x, on knots t,
// where t[ell] <= x < t[ell+1]: out[a] belongs to spline ell - k + a. SciPy's _deBoor_D.
void bspline_basis(const double* t, double x, int k, Index ell, int m, double* out);

}  // namespace wasmlearn
