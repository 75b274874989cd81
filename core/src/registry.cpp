// The list of every estimator the library exposes by name. Adding an estimator: include its
// family's describe.hpp and add one entry<...>() line.
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/cluster/describe.hpp"
#include "wasmlearn/decomposition/describe.hpp"
#include "wasmlearn/discriminant_analysis/describe.hpp"
#include "wasmlearn/ensemble/describe.hpp"
#include "wasmlearn/linear_model/describe.hpp"
#include "wasmlearn/mixture/describe.hpp"
#include "wasmlearn/naive_bayes/describe.hpp"
#include "wasmlearn/neighbors/describe.hpp"
#include "wasmlearn/preprocessing/describe.hpp"
#include "wasmlearn/tree/describe.hpp"

namespace wasmlearn {
namespace {

struct Entry {
  const char* name;
  std::unique_ptr<AnyEstimator> (*make)(const json& options);
  std::unique_ptr<AnyEstimator> (*load)(const json& options, const json& model);
  json (*metadata)();
};

template <class E>
Entry entry() {
  return {Describe<E>::name,
          [](const json& options) -> std::unique_ptr<AnyEstimator> { return std::make_unique<Adapter<E>>(options); },
          [](const json& options, const json& model) -> std::unique_ptr<AnyEstimator> {
            auto a = std::make_unique<Adapter<E>>(options);
            a->load(model);
            return a;
          },
          &Adapter<E>::metadata};
}

const std::vector<Entry>& registry() {
  static const std::vector<Entry> all = {
      entry<StandardScaler>(),
      entry<MinMaxScaler>(),
      entry<MaxAbsScaler>(),
      entry<RobustScaler>(),
      entry<Normalizer>(),
      entry<PolynomialFeatures>(),
      entry<SplineTransformer>(),
      entry<PiecewiseConstantFeatures>(),
      entry<PiecewiseLinearFeatures>(),
      entry<KNeighborsClassifier>(),
      entry<KNeighborsRegressor>(),
      entry<RadiusNeighborsClassifier>(),
      entry<RadiusNeighborsRegressor>(),
      entry<NearestCentroid>(),
      entry<GaussianNB>(),
      entry<LinearDiscriminantAnalysis>(),
      entry<QuadraticDiscriminantAnalysis>(),
      entry<KMeans>(),
      entry<GaussianMixture>(),
      entry<PCA>(),
      entry<LinearRegression>(),
      entry<Ridge>(),
      entry<Perceptron>(),
      entry<RidgeClassifier>(),
      entry<SubsetSelection>(),
      entry<Lasso>(),
      entry<ElasticNet>(),
      entry<LogisticRegression>(),
      entry<DecisionTreeClassifier>(),
      entry<DecisionTreeRegressor>(),
      entry<RandomForestClassifier>(),
      entry<RandomForestRegressor>(),
      entry<ExtraTreesClassifier>(),
      entry<ExtraTreesRegressor>(),
      entry<BaggingClassifier>(),
      entry<BaggingRegressor>(),
  };
  return all;
}

const Entry& find(const std::string& name) {
  for (const auto& e : registry())
    if (name == e.name) return e;
  std::string names;
  for (const auto& e : registry()) names += std::string(names.empty() ? "" : ", ") + e.name;
  throw InvalidArgument("Unknown estimator '" + name + "'; known estimators: " + names);
}

}  // namespace

std::unique_ptr<AnyEstimator> make_estimator(const std::string& name, const json& options) {
  return find(name).make(options);
}

std::unique_ptr<AnyEstimator> estimator_from_json(const json& model) {
  if (!model.is_object()) throw InvalidArgument("model JSON must be an object");
  const json& format = member(model, "format");
  if (format != kModelFormat) throw InvalidArgument(std::string("model JSON: format must be '") + kModelFormat + "', got " + format.dump());
  const json& version = member(model, "version");
  if (!version.is_number_integer() || version.get<int>() != kModelVersion)
    throw InvalidArgument("model JSON: version " + version.dump() + " is not supported (this build reads version " +
                          std::to_string(kModelVersion) + ")");
  const json& name = member(model, "estimator");
  if (!name.is_string()) throw InvalidArgument("model JSON: estimator must be a string");
  try {
    return find(name.get<std::string>()).load(member(model, "params"), model);
  } catch (const json::exception& e) {
    throw InvalidArgument(std::string("model JSON: ") + e.what());
  }
}

json estimators_metadata() {
  json all = json::array();
  for (const auto& e : registry()) all.push_back(e.metadata());
  return all;
}

}  // namespace wasmlearn
