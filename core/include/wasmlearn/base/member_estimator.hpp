// Meta-estimators (bagging, the multiclass strategies) build their members by registered name with
// options, as JS would; this checks the name, the options and the member's kind once, up front.
#pragma once
#include <memory>
#include <string>

#include "wasmlearn/base/any_estimator.hpp"

namespace wasmlearn {

// A fresh estimator `name` with `options`; throws InvalidArgument naming `owner` when it is not of
// kind `required` ("estimator must be a classifier for OneVsRestClassifier, got 'Ridge' (a regressor)").
std::unique_ptr<AnyEstimator> make_member_estimator(const std::string& name, const json& options, Kind required,
                                                    const char* owner);

}  // namespace wasmlearn
