// The registry of module functions: one line per declared function (see base/function.hpp). The one
// binder, functions() and the generated JS wrappers, TypeScript and docs all read this list.
#include "wasmlearn/base/function.hpp"
#include "wasmlearn/datasets/functions.hpp"
#include "wasmlearn/linear_model/functions.hpp"
#include "wasmlearn/metrics/functions.hpp"
#include "wasmlearn/metrics/pairwise.hpp"
#include "wasmlearn/model_selection/functions.hpp"

namespace wasmlearn {

namespace detail {
const char* array_kind_name(ArrayKind k) {
  switch (k) {
    case ArrayKind::matrix: return "matrix";
    case ArrayKind::vector: return "vector";
    case ArrayKind::targets: return "targets";
    case ArrayKind::labels: return "labels";
    case ArrayKind::labels_or_indicator: return "labelsOrIndicator";
    case ArrayKind::values: return "values";
    case ArrayKind::coefs: return "coefs";
    case ArrayKind::rows: return "rows";
    case ArrayKind::entries: return "entries";
  }
  return "";
}
const char* result_kind_name(ResultKind k) {
  switch (k) {
    case ResultKind::number: return "number";
    case ResultKind::vector: return "vector";
    case ResultKind::int_vector: return "intVector";
    case ResultKind::matrix: return "matrix";
    case ResultKind::strings: return "strings";
    case ResultKind::array: return "array";
    case ResultKind::json: return "json";
    case ResultKind::indices: return "indices";
  }
  return "";
}
}  // namespace detail

namespace {

struct FunctionEntry {
  const char* name;
  FunctionResult (*call)(const FunctionArrays& arrays, const json& options, const CallContext& context);
  json (*metadata)();
};

template <class F>
FunctionEntry function_entry() {
  return {Describe<F>::name, &run_function<F>, &function_metadata<F>};
}

const std::vector<FunctionEntry>& function_registry() {
  static const std::vector<FunctionEntry> all = {
      function_entry<fn::AccuracyScore>(),
      function_entry<fn::RegressionMetric<fn::mean_squared_error>>(),
      function_entry<fn::RegressionMetric<fn::mean_absolute_error>>(),
      function_entry<fn::RegressionMetric<fn::r2_score>>(),
      function_entry<fn::RegressionMetric<fn::explained_variance_score>>(),
      function_entry<fn::RegressionMetric<fn::median_absolute_error>>(),
      function_entry<fn::RegressionMetric<fn::mean_absolute_percentage_error>>(),
      function_entry<fn::RegressionMetric<fn::max_error>>(),
      function_entry<fn::ConfusionMatrix>(),
      function_entry<fn::PrfScore<fn::PrfWhich::precision>>(),
      function_entry<fn::PrfScore<fn::PrfWhich::recall>>(),
      function_entry<fn::PrfScore<fn::PrfWhich::f1>>(),
      function_entry<fn::PrfScore<fn::PrfWhich::fbeta>>(),
      function_entry<fn::PrecisionRecallFscoreSupport>(),
      function_entry<fn::ClassificationReport>(),
      function_entry<fn::BalancedAccuracyScore>(),
      function_entry<fn::MatthewsCorrcoef>(),
      function_entry<fn::CohenKappaScore>(),
      function_entry<fn::ZeroOneLoss>(),
      function_entry<fn::LogLoss>(),
      function_entry<fn::BrierScoreLoss>(),
      function_entry<fn::HingeLoss>(),
      function_entry<fn::RocAucScore>(),
      function_entry<fn::CurveFunction<true>>(),
      function_entry<fn::CurveFunction<false>>(),
      function_entry<fn::AveragePrecisionScore>(),
      function_entry<fn::SilhouetteScore>(),
      function_entry<fn::SilhouetteSamples>(),
      function_entry<fn::ClusterScore<fn::davies_bouldin_score>>(),
      function_entry<fn::ClusterScore<fn::calinski_harabasz_score>>(),
      function_entry<fn::AdjustedRandScore>(),
      function_entry<fn::NormalizedMutualInfoScore>(),
      function_entry<fn::PairwiseKernels>(),
      function_entry<fn::KernelFunction<KernelType::linear>>(),
      function_entry<fn::KernelFunction<KernelType::poly>>(),
      function_entry<fn::KernelFunction<KernelType::rbf>>(),
      function_entry<fn::KernelFunction<KernelType::sigmoid>>(),
      function_entry<fn::PairwiseDistances>(),
      function_entry<fn::LassoPath>(),
      function_entry<fn::EnetPath>(),
      function_entry<fn::Loss<fn::zero_one>>(),
      function_entry<fn::Loss<fn::logistic>>(),
      function_entry<fn::Loss<fn::hinge>>(),
      function_entry<fn::Loss<fn::squared_hinge>>(),
      function_entry<fn::Loss<fn::exponential>>(),
      function_entry<fn::Loss<fn::perceptron>>(),
      function_entry<fn::Loss<fn::squared>>(),
      function_entry<fn::Loss<fn::absolute>>(),
      function_entry<fn::EpsilonInsensitive>(),
      function_entry<fn::Huber>(),
      function_entry<fn::Penalty<fn::l0>>(),
      function_entry<fn::Penalty<fn::l1>>(),
      function_entry<fn::Penalty<fn::l2>>(),
      function_entry<fn::ElasticNetPenalty>(),
      function_entry<fn::MakeBlobs>(),
      function_entry<fn::MakeMoons>(),
      function_entry<fn::MakeCircles>(),
      function_entry<fn::MakeClassification>(),
      function_entry<fn::MakeRegression>(),
      function_entry<fn::LoadBundled<fn::iris>>(),
      function_entry<fn::LoadBundled<fn::wine>>(),
      function_entry<fn::LoadBundled<fn::breast_cancer>>(),
      function_entry<fn::LoadBundled<fn::digits>>(),
      function_entry<fn::LoadBundled<fn::diabetes>>(),
      function_entry<fn::TrainTestSplit>(),
      function_entry<fn::Permutation>(),
      function_entry<fn::UniformDraws>(),
  };
  return all;
}

}  // namespace

FunctionResult call_function(const std::string& name, const FunctionArrays& arrays, const json& options,
                             const CallContext& context) {
  for (const auto& f : function_registry())
    if (name == f.name) return f.call(arrays, options, context);
  std::string names;
  for (const auto& f : function_registry()) names += std::string(names.empty() ? "" : ", ") + f.name;
  throw InvalidArgument("Unknown function '" + name + "'; known functions: " + names);
}

json functions_metadata() {
  json all = json::array();
  for (const auto& f : function_registry()) all.push_back(f.metadata());
  return all;
}

}  // namespace wasmlearn
