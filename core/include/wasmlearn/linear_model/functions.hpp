// The declarations of sklearn.linear_model's module functions (lassoPath, enetPath) and of the loss
// functions and penalties (the JS namespace `losses`); see base/function.hpp.
#pragma once
#include "wasmlearn/base/function.hpp"
#include "wasmlearn/linear_model/coordinate_descent.hpp"
#include "wasmlearn/linear_model/losses.hpp"

namespace wasmlearn {

namespace fn {
struct LassoPath {
  using Params = EnetPathOptions;
};
struct EnetPath {
  struct Params : EnetPathOptions {
    Params() { l1_ratio = 0.5; }
  };
};
}  // namespace fn

namespace detail {

inline auto path_params() {
  using P = EnetPathOptions;
  return std::make_tuple(
      param("eps", &P::eps, "automatic grid: alphaMin = eps·alphaMax, alphaMax = max|Xᵀy| / (n·l1Ratio)",
            greater_than(0)),
      param("nAlphas", &P::n_alphas, "length of the automatic grid", at_least(1)),
      param("alphas", &P::alphas, "an explicit grid instead (used in descending order)"),
      param("tol", &P::tol, "duality-gap tolerance (relative to ‖y‖²/n)", at_least(0)),
      param("maxIter", &P::max_iter, "coordinate-descent sweeps per alpha", at_least(1)),
      param("positive", &P::positive, "non-negative coefficients only"));
}

// What lassoPath and enetPath (Self, the function's tag) share: their arrays, their results and the call.
template <class Self>
struct PathDeclaration {
  static constexpr const char* module = "linearModel";
  static constexpr bool top_level = true;
  static std::vector<ArrayArg> arrays() {
    return {{"X", ArrayKind::matrix, "samples in rows (not centred: no intercept is fitted)"},
            {"y", ArrayKind::vector, "the target, one per sample"}};
  }
  static std::vector<ResultDecl> results() {
    return {{"alphas", ResultKind::vector, "the grid, descending"},
            {"coefs", ResultKind::matrix, "nFeatures x nAlphas: column i is the solution at alphas[i]"},
            {"dualGaps", ResultKind::vector, "duality gap at each alpha (objective units)"},
            {"nIters", ResultKind::int_vector, "sweeps run at each alpha"},
            {"warnings", ResultKind::strings, "one ConvergenceWarning per alpha that reached maxIter"}};
  }
  static FunctionResult run(const FunctionArrays& a, const EnetPathOptions& options) {
    // The path sums squares of X's values (XᵀX): past ±1e150 they overflow. y past it is solved scaled.
    check_powers_in_range(a[0], 2, Describe<Self>::name, "X");
    wasmlearn::EnetPath r = enet_path(a[0], a[1].col(0), options);
    return FunctionResult()
        .add("alphas", NdArray::from(r.alphas))
        .add("coefs", NdArray::from(r.coefs))
        .add("dualGaps", NdArray::from(r.dual_gaps))
        .add("nIters", NdArray::from(r.n_iters))
        .add("warnings", r.warnings.messages());
  }
};

}  // namespace detail

template <>
struct Describe<fn::LassoPath> : detail::PathDeclaration<fn::LassoPath> {
  static constexpr const char* name = "lassoPath";
  static constexpr const char* doc =
      "sklearn.linear_model.lasso_path: the lasso solutions along a descending grid of alphas, warm-started "
      "(no intercept, no centring)";
  static auto params() { return detail::path_params(); }
};

template <>
struct Describe<fn::EnetPath> : detail::PathDeclaration<fn::EnetPath> {
  static constexpr const char* name = "enetPath";
  static constexpr const char* doc =
      "sklearn.linear_model.enet_path: as lassoPath for the elastic-net penalty (no intercept, no centring)";
  static auto params() {
    return std::tuple_cat(std::make_tuple(param("l1Ratio", &EnetPathOptions::l1_ratio,
                                                "mix of the L1 and L2 penalties (1: lasso; 0 needs alphas)",
                                                between(0, 1))),
                          detail::path_params());
  }
};

// ---- losses and penalties ------------------------------------------------------------------------
// A loss maps margins m = y·f(x) (classification) or residuals r = y − f(x) (regression) element by
// element; a penalty maps each row of coefficients to a number. Those without options are declared
// by a row of a table (LossSpec, PenaltySpec below); the others have declarations of their own.
struct LossSpec {
  const char* name;
  const char* doc;
  const char* input;  // "margins" or "residuals"
  Vector (*compute)(VectorRef);
};
struct PenaltySpec {
  const char* name;
  const char* doc;
  Vector (*compute)(MatrixRef);
};

namespace fn {
template <const LossSpec& S>
struct Loss {
  struct Params {};
};
template <const PenaltySpec& S>
struct Penalty {
  struct Params {};
};
struct EpsilonInsensitive {
  struct Params {
    double epsilon = 0.1;
  };
};
struct Huber {
  struct Params {
    double delta = 1.35;
  };
};
struct ElasticNetPenalty {
  struct Params {
    double l1_ratio = 0.5;
  };
};

inline constexpr LossSpec zero_one{"zeroOne", "1 where m <= 0 (a sign error, or on the boundary), else 0", "margins",
                                   &losses::zero_one};
inline constexpr LossSpec logistic{"logistic", "ln(1 + e^-m), natural log (divide by ln 2 for the curve through (0, 1))",
                                   "margins", &losses::logistic};
inline constexpr LossSpec hinge{"hinge", "max(0, 1 - m)", "margins", &losses::hinge};
inline constexpr LossSpec squared_hinge{"squaredHinge", "max(0, 1 - m)²", "margins", &losses::squared_hinge};
inline constexpr LossSpec exponential{"exponential", "e^-m (AdaBoost)", "margins", &losses::exponential};
inline constexpr LossSpec perceptron{"perceptron", "max(0, -m) (the perceptron's)", "margins", &losses::perceptron};
inline constexpr LossSpec squared{"squared", "r²", "residuals", &losses::squared};
inline constexpr LossSpec absolute{"absolute", "|r|", "residuals", &losses::absolute};
inline constexpr PenaltySpec l0{"l0", "number of non-zero coefficients of a vector, or of each row of a matrix", &losses::l0};
inline constexpr PenaltySpec l1{"l1", "Σ|w_j| of a vector, or of each row of a matrix", &losses::l1};
inline constexpr PenaltySpec l2{"l2", "√Σw_j², the Euclidean norm (ridge's penalty is its square), of a vector or of each row",
                                &losses::l2};
}  // namespace fn

namespace detail {

inline ArrayArg loss_input(const char* input) {
  return {input, ArrayKind::values,
          std::string(input) == "margins" ? "margins m = y·f(x), y in {-1, +1}: a number or an array"
                                          : "residuals r = y - f(x): a number or an array"};
}

struct LossDeclaration {
  static constexpr const char* module = "losses";
  static constexpr bool positional = true;
  static std::vector<ResultDecl> results() {
    return {{"", ResultKind::vector, "the loss of each value (a number for a number)"}};
  }
};

struct PenaltyDeclaration {
  static constexpr const char* module = "losses";
  static constexpr bool positional = true;
  static std::vector<ArrayArg> arrays() {
    return {{"w", ArrayKind::coefs, "one coefficient vector, or a matrix with one vector per row"}};
  }
  static std::vector<ResultDecl> results() {
    return {{"", ResultKind::vector, "the penalty of each row (a number for one vector)"}};
  }
};

inline FunctionResult vector_result(const Vector& v) { return FunctionResult().add("", NdArray::from(v)); }

}  // namespace detail

template <const LossSpec& S>
struct Describe<fn::Loss<S>> : detail::LossDeclaration {
  static constexpr const char* name = S.name;
  static constexpr const char* doc = S.doc;
  static std::vector<ArrayArg> arrays() { return {detail::loss_input(S.input)}; }
  static auto params() { return std::tuple<>(); }
  static FunctionResult run(const FunctionArrays& a, const typename fn::Loss<S>::Params&) {
    return detail::vector_result(S.compute(a[0].col(0)));
  }
};

template <>
struct Describe<fn::EpsilonInsensitive> : detail::LossDeclaration {
  static constexpr const char* name = "epsilonInsensitive";
  static constexpr const char* doc = "max(0, |r| - epsilon)";
  static std::vector<ArrayArg> arrays() { return {detail::loss_input("residuals")}; }
  static auto params() {
    return std::make_tuple(param("epsilon", &fn::EpsilonInsensitive::Params::epsilon, "width of the insensitive tube", at_least(0)));
  }
  static FunctionResult run(const FunctionArrays& a, const fn::EpsilonInsensitive::Params& o) {
    return detail::vector_result(losses::epsilon_insensitive(a[0].col(0), o.epsilon));
  }
};

template <>
struct Describe<fn::Huber> : detail::LossDeclaration {
  static constexpr const char* name = "huber";
  static constexpr const char* doc = "r²/2 if |r| <= delta, else delta·(|r| - delta/2)";
  static std::vector<ArrayArg> arrays() { return {detail::loss_input("residuals")}; }
  static auto params() {
    return std::make_tuple(param("delta", &fn::Huber::Params::delta, "where the square turns linear", greater_than(0)));
  }
  static FunctionResult run(const FunctionArrays& a, const fn::Huber::Params& o) {
    return detail::vector_result(losses::huber(a[0].col(0), o.delta));
  }
};

template <const PenaltySpec& S>
struct Describe<fn::Penalty<S>> : detail::PenaltyDeclaration {
  static constexpr const char* name = S.name;
  static constexpr const char* doc = S.doc;
  static auto params() { return std::tuple<>(); }
  static FunctionResult run(const FunctionArrays& a, const typename fn::Penalty<S>::Params&) {
    return detail::vector_result(S.compute(a[0]));
  }
};

template <>
struct Describe<fn::ElasticNetPenalty> : detail::PenaltyDeclaration {
  static constexpr const char* name = "elasticNet";
  static constexpr const char* doc = "l1Ratio·Σ|w_j| + (1 - l1Ratio)/2·Σw_j² (scikit-learn's elastic net, per unit alpha)";
  static auto params() {
    return std::make_tuple(param("l1Ratio", &fn::ElasticNetPenalty::Params::l1_ratio, "weight of the L1 part", between(0, 1)));
  }
  static FunctionResult run(const FunctionArrays& a, const fn::ElasticNetPenalty::Params& o) {
    return detail::vector_result(losses::elastic_net(a[0], o.l1_ratio));
  }
};

}  // namespace wasmlearn
