// The library's errors. Messages are written for people: they name the argument and what was wrong.
#pragma once
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace wasmlearn {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A bad argument or hyper-parameter ("nNeighbors must be at least 1, got 0").
struct InvalidArgument : Error {
  using Error::Error;
};
// A method that needs a fitted model was called before fit.
struct NotFitted : Error {
  using Error::Error;
};

// Non-fatal conditions (non-convergence, samples with no neighbour in the radius) are collected,
// not thrown; the JS layer exposes them as `model.warnings`.
struct Warnings {
  std::vector<std::string> messages;
  void add(std::string m) { messages.push_back(std::move(m)); }
  void clear() { messages.clear(); }
};

// Long fits call this with (steps done, total steps); returning false cancels the fit, which
// throws Error("fit cancelled ...") and leaves the model as it was. An estimator that reports
// progress has `void set_progress(ProgressHook)`.
using ProgressHook = std::function<bool(int done, int total)>;

}  // namespace wasmlearn
