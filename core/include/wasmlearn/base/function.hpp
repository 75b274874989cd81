// One declaration per module function, as for estimators (scikit-learn's @validate_params is the
// model). `Describe<F>`, for a tag type F whose `Params` struct holds the options, names the function
// as in JavaScript, the JS namespace it belongs to, a one-line doc, its array arguments, its options
// (declared with param(...) exactly as estimator options: type, default, range or choices, doc) and
// its results, and runs it. From that one declaration the generic code validates the options, the one
// binder calls any function by name, functions() lists them, and the JS wrappers, the TypeScript
// declarations and the docs are generated; no function has glue code of its own.
//
//   namespace fn { struct MakeMoons { struct Params { Index n_samples = 100; double noise = 0; }; }; }
//   template <> struct Describe<fn::MakeMoons> {
//     static constexpr const char* name = "makeMoons";
//     static constexpr const char* module = "datasets";
//     static constexpr const char* doc = "Two interleaving half circles";
//     static std::vector<ArrayArg> arrays() { return {}; }
//     static auto params() { using P = fn::MakeMoons::Params; return std::make_tuple(
//         param("nSamples", &P::n_samples, "number of samples", at_least(1)),
//         param("noise", &P::noise, "standard deviation of the noise", at_least(0))); }
//     static std::vector<ResultDecl> results() { return {{"X", ResultKind::matrix, "the samples"}, ...}; }
//     static FunctionResult run(const FunctionArrays& a, const fn::MakeMoons::Params& o);
//   };
// Optional members: `static constexpr bool top_level = true` (also exported at the package's top
// level, as lassoPath), `static constexpr bool positional = true` (the options are positional JS
// arguments after the arrays, as losses.huber(residuals, delta)).
#pragma once
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "wasmlearn/base/describe.hpp"

namespace wasmlearn {

// What the JS layer accepts for an array argument and what reaches the core (a rows x cols map).
enum class ArrayKind {
  matrix,   // number[][] or { data, rows, cols }                                   -> n x p
  vector,   // one number per row of the first array argument (number[] or typed)   -> n x 1
  targets,  // one number per sample, or a matrix of several outputs                -> n x outputs
  labels,   // numbers or strings; all label arguments of a call are encoded with one
            // set of classes (sorted as scikit-learn's classes_)                    -> n x 1 codes
  labels_or_indicator,  // labels as above, or a 0/1 indicator matrix of two or more columns, one per
            // label (scikit-learn's multilabel-indicator), passed as it is               -> n x 1 codes or n x L
  values,   // a number or a 1-D array; a number gives a number back                -> n x 1
  coefs,    // one coefficient vector (gives a number back) or a matrix, one per row -> rows x p
  rows,     // a matrix whose rows are only counted here and taken by the JS layer (trainTestSplit's
            // X, kept in the form it was given in)                                  -> n x 0
  entries,  // anything with one entry per row of the first array (trainTestSplit's y), counted and
            // taken as `rows`                                                       -> n x 0
};

struct ArrayArg {
  const char* name;  // as in JavaScript (X, y, yTrue, margins, ...)
  ArrayKind kind;
  const char* doc;
  bool optional = false;  // may be left out (then the options follow directly)
};

// The arrays of one call, in the declared order.
using FunctionArrays = std::vector<Eigen::Map<const Matrix>>;

// What a function returns: named arrays and named lists of strings, as declared by results(), and
// warnings (scikit-learn's UndefinedMetricWarning and the like), which the JS layer prints.
struct FunctionResult {
  std::vector<std::pair<std::string, NdArray>> arrays;
  std::vector<std::pair<std::string, std::vector<std::string>>> texts;
  Warnings warnings;

  FunctionResult& add(std::string name, NdArray value) {
    arrays.emplace_back(std::move(name), std::move(value));
    return *this;
  }
  FunctionResult& add(std::string name, std::vector<std::string> value) {
    texts.emplace_back(std::move(name), std::move(value));
    return *this;
  }
  FunctionResult& add(std::string name, const json& value) { return add(std::move(name), std::vector<std::string>{value.dump()}); }
};

// What a call knows besides its arrays and options: the names of the classes its label arguments
// were coded with (code c is class_names[c]), for results that name classes (a report's rows).
struct CallContext {
  std::vector<std::string> class_names;
};


// Calls a declared function by its JS name; options are validated against its declaration.
FunctionResult call_function(const std::string& name, const FunctionArrays& arrays, const json& options,
                             const CallContext& context = {});
// [{name, module, doc, topLevel, positional, arrays: [...], params: [...], results: [...]}, ...]
json functions_metadata();

// ---- generic operations on a function declaration -----------------------------------------------
namespace detail {
template <class D, class = void> struct declared_top_level : std::false_type {};
template <class D> struct declared_top_level<D, std::void_t<decltype(D::top_level)>> : std::bool_constant<D::top_level> {};
template <class D, class = void> struct declared_positional : std::false_type {};
template <class D> struct declared_positional<D, std::void_t<decltype(D::positional)>> : std::bool_constant<D::positional> {};

const char* array_kind_name(ArrayKind k);
}  // namespace detail

// A declaration's run takes (arrays, params) or, when it names classes, (arrays, params, context).
template <class F>
FunctionResult run_function(const FunctionArrays& arrays, const json& options, const CallContext& context) {
  using D = Describe<F>;
  const std::size_t declared = D::arrays().size();
  if (arrays.size() != declared)
    throw InvalidArgument(std::string(D::name) + " takes " + std::to_string(declared) + " arrays, got " +
                          std::to_string(arrays.size()));
  if constexpr (std::is_invocable_v<decltype(&D::run), const FunctionArrays&, const typename F::Params&, const CallContext&>)
    return D::run(arrays, params_from_json<F>(options), context);
  else
    return D::run(arrays, params_from_json<F>(options));
}

template <class F>
json function_metadata() {
  using D = Describe<F>;
  json arrays = json::array(), params = json::array(), results = json::array();
  for (const ArrayArg& a : D::arrays())
    arrays.push_back({{"name", a.name}, {"kind", detail::array_kind_name(a.kind)}, {"doc", a.doc}, {"optional", a.optional}});
  const typename F::Params defaults{};
  for_each_in(D::params(), [&](const auto& p) { params.push_back(p.metadata(defaults)); });
  for (const ResultDecl& r : D::results())
    results.push_back({{"name", r.name}, {"kind", detail::result_kind_name(r.kind)}, {"doc", r.doc}});
  return {{"name", D::name},
          {"module", D::module},
          {"doc", D::doc},
          {"topLevel", detail::declared_top_level<D>::value},
          {"positional", detail::declared_positional<D>::value},
          {"arrays", arrays},
          {"params", params},
          {"results", results}};
}

}  // namespace wasmlearn
