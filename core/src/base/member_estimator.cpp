#include "wasmlearn/base/member_estimator.hpp"

namespace wasmlearn {
namespace {

const char* kind_article(Kind k) {
  switch (k) {
    case Kind::classifier: return "a classifier";
    case Kind::regressor: return "a regressor";
    case Kind::transformer: return "a transformer";
    default: return "a clusterer";
  }
}

}  // namespace

std::unique_ptr<AnyEstimator> make_member_estimator(const std::string& name, const json& options, Kind required,
                                                    const char* owner) {
  auto member = make_estimator(name, options);
  if (member->kind() != required)
    throw InvalidArgument(std::string("estimator must be ") + kind_article(required) + " for " + owner + ", got '" + name +
                          "' (" + kind_article(member->kind()) + ")");
  return member;
}

}  // namespace wasmlearn
