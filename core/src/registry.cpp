// Estimators by name, from the list in wasmlearn/estimators.hpp.
#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/missing_values.hpp"
#include "wasmlearn/base/value_types.hpp"
#include "wasmlearn/estimators.hpp"

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
          [] {
            json metadata = Adapter<E>::metadata();
            add_value_types<Describe<E>>(metadata);
            metadata["allowsNan"] = declared_allows_nan<Describe<E>>();
            return metadata;
          }};
}

template <class... E>
std::vector<Entry> entries(EstimatorList<E...>) {
  return {entry<E>()...};
}

const std::vector<Entry>& registry() {
  static const std::vector<Entry> all = entries(AllEstimators{});
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
