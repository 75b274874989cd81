// sklearn.metrics.pairwise: kernel matrices (on base/kernels.hpp) and distance matrices (on
// base/distances.hpp and the product tiles), and their declarations as module functions of the JS
// namespace metrics.pairwise (see base/function.hpp). Y left out means Y = X.
#pragma once
#include <optional>

#include "wasmlearn/base/function.hpp"
#include "wasmlearn/base/kernels.hpp"

namespace wasmlearn {

// precomputed: X's rows are already the distances to Y's rows (scikit-learn's metric='precomputed';
// the silhouettes take it, pairwiseDistances does not).
enum class DistanceMetric { euclidean, sqeuclidean, manhattan, cosine, precomputed };

// scikit-learn's names of the computed metrics, with their aliases (and 'precomputed' if asked).
inline std::vector<Choice<DistanceMetric>> distance_metric_choices(bool with_precomputed) {
  std::vector<Choice<DistanceMetric>> choices{{"euclidean", DistanceMetric::euclidean}, {"l2", DistanceMetric::euclidean},
                                              {"sqeuclidean", DistanceMetric::sqeuclidean}, {"manhattan", DistanceMetric::manhattan},
                                              {"cityblock", DistanceMetric::manhattan},   {"l1", DistanceMetric::manhattan},
                                              {"cosine", DistanceMetric::cosine}};
  if (with_precomputed) choices.push_back({"precomputed", DistanceMetric::precomputed});
  return choices;
}

// D(i, j) between the rows of X and of Y (precomputed: X itself). `same`: Y is X (the cosine
// diagonal is then exactly 0, as scikit-learn's). Values past ±1e150 are read over a power of two and
// the distances scaled back (exact), so that no square overflows.
Matrix pairwise_distances(MatrixRef X, MatrixRef Y, DistanceMetric metric, bool same);
// The same for X and Y already within ±1e150 (see squarable.hpp), without looking at their values
// again: the silhouettes' blocks of rows of an X scaled once.
Matrix distances_within_range(MatrixRef X, MatrixRef Y, DistanceMetric metric, bool same);

namespace fn {
// The kernel options of scikit-learn's kernel functions: gamma null = 1/p, coef0 1, degree 3.
struct KernelFunctionParams {
  int degree = 3;
  std::optional<double> gamma;
  double coef0 = 1.0;
};
template <KernelType T>
struct KernelFunction {
  struct Params : KernelFunctionParams {};
};
struct PairwiseKernels {
  struct Params : KernelFunctionParams {
    KernelType metric = KernelType::linear;
  };
};
struct PairwiseDistances {
  struct Params {
    DistanceMetric metric = DistanceMetric::euclidean;
  };
};
}  // namespace fn

namespace pairwise_decl {

constexpr const char* kModule = "metrics.pairwise";

inline std::vector<ArrayArg> arrays() {
  return {{"X", ArrayKind::matrix, "the first samples, one per row"},
          {"Y", ArrayKind::matrix, "the second samples, with X's columns (left out: Y = X)", true}};
}
inline std::vector<ResultDecl> matrix_result(const char* doc) { return {{"", ResultKind::matrix, doc}}; }

// X and Y of a call (Y = X when left out), checked.
std::pair<Matrix, bool> second_argument(const FunctionArrays& a);
// The kernel matrix of X and Y; X's and Y's values past ±1e150, whose products overflow float64, are
// an InvalidArgument naming the function.
FunctionResult kernel_result(const FunctionArrays& a, KernelType type, const fn::KernelFunctionParams& o,
                             const char* function);

template <class P>
auto gamma_param() {
  return param("gamma", &P::gamma, "kernel coefficient; null for 1 / nFeatures", greater_than(0));
}
template <class P>
auto degree_param() {
  return param("degree", &P::degree, "degree of the polynomial", at_least(0));
}
template <class P>
auto coef0_param() {
  return param("coef0", &P::coef0, "independent term");
}

}  // namespace pairwise_decl

template <KernelType T>
struct Describe<fn::KernelFunction<T>> {
  using P = typename fn::KernelFunction<T>::Params;
  static constexpr const char* name = T == KernelType::linear ? "linearKernel"
                                      : T == KernelType::poly ? "polynomialKernel"
                                      : T == KernelType::rbf  ? "rbfKernel"
                                                              : "sigmoidKernel";
  static constexpr const char* module = pairwise_decl::kModule;
  static constexpr const char* doc = T == KernelType::linear ? "the linear kernel X·Yᵀ"
                                     : T == KernelType::poly ? "the polynomial kernel (gamma·X·Yᵀ + coef0)^degree"
                                     : T == KernelType::rbf  ? "the RBF kernel exp(-gamma·‖x - y‖²)"
                                                             : "the sigmoid kernel tanh(gamma·X·Yᵀ + coef0)";
  static std::vector<ArrayArg> arrays() { return pairwise_decl::arrays(); }
  static auto params() {
    if constexpr (T == KernelType::linear) return std::tuple<>();
    else if constexpr (T == KernelType::poly)
      return std::make_tuple(pairwise_decl::degree_param<P>(), pairwise_decl::gamma_param<P>(), pairwise_decl::coef0_param<P>());
    else if constexpr (T == KernelType::rbf) return std::make_tuple(pairwise_decl::gamma_param<P>());
    else return std::make_tuple(pairwise_decl::gamma_param<P>(), pairwise_decl::coef0_param<P>());
  }
  static std::vector<ResultDecl> results() { return pairwise_decl::matrix_result("the kernel matrix (X rows x Y rows)"); }
  static FunctionResult run(const FunctionArrays& a, const P& o) { return pairwise_decl::kernel_result(a, T, o, name); }
};

template <>
struct Describe<fn::PairwiseKernels> {
  using P = fn::PairwiseKernels::Params;
  static constexpr const char* name = "pairwiseKernels";
  static constexpr const char* module = pairwise_decl::kModule;
  static constexpr const char* doc = "the kernel matrix of a named kernel between the rows of X and Y";
  static std::vector<ArrayArg> arrays() { return pairwise_decl::arrays(); }
  static auto params() {
    return std::make_tuple(param("metric", &P::metric, "the kernel",
                                 {{"linear", KernelType::linear},
                                  {"poly", KernelType::poly},
                                  {"polynomial", KernelType::poly},
                                  {"rbf", KernelType::rbf},
                                  {"sigmoid", KernelType::sigmoid}}),
                           pairwise_decl::degree_param<P>(), pairwise_decl::gamma_param<P>(), pairwise_decl::coef0_param<P>());
  }
  static std::vector<ResultDecl> results() { return pairwise_decl::matrix_result("the kernel matrix (X rows x Y rows)"); }
  static FunctionResult run(const FunctionArrays& a, const P& o) { return pairwise_decl::kernel_result(a, o.metric, o, name); }
};

template <>
struct Describe<fn::PairwiseDistances> {
  using P = fn::PairwiseDistances::Params;
  static constexpr const char* name = "pairwiseDistances";
  static constexpr const char* module = pairwise_decl::kModule;
  static constexpr const char* doc = "the distance matrix between the rows of X and Y";
  static std::vector<ArrayArg> arrays() { return pairwise_decl::arrays(); }
  static auto params() {
    return std::make_tuple(param("metric", &P::metric, "euclidean, sqeuclidean, manhattan (cityblock, l1) or cosine",
                                 distance_metric_choices(false)));
  }
  static std::vector<ResultDecl> results() { return pairwise_decl::matrix_result("the distances (X rows x Y rows)"); }
  static FunctionResult run(const FunctionArrays& a, const P& o) {
    const auto [Y, same] = pairwise_decl::second_argument(a);
    return FunctionResult().add("", NdArray::from(pairwise_distances(a[0], Y, o.metric, same)));
  }
};

}  // namespace wasmlearn
