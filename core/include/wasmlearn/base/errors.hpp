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
// not thrown; the JS layer exposes them as `model.warnings`, objects { kind, message }. The kinds
// are scikit-learn's warning categories, so code can test `kind` instead of matching sentences:
//   convergence  ConvergenceWarning (an iterative fit stopped at maxIter, a degenerate k-means init)
//   data         UserWarning about the data (collinear variables, queries with no neighbour)
//   parameter    UserWarning about an option's value (alpha = 0 in coordinate descent)
enum class WarningKind { convergence, data, parameter };
inline const char* warning_kind_name(WarningKind kind) {
  switch (kind) {
    case WarningKind::convergence: return "convergence";
    case WarningKind::data: return "data";
    case WarningKind::parameter: return "parameter";
  }
  return "";
}

struct Warning {
  WarningKind kind;
  std::string message;
};
struct Warnings {
  std::vector<Warning> items;
  void add(WarningKind kind, std::string message) { items.push_back({kind, std::move(message)}); }
  void clear() { items.clear(); }
  bool empty() const { return items.empty(); }
  std::size_t size() const { return items.size(); }
  std::vector<std::string> messages() const {
    std::vector<std::string> out;
    for (const Warning& w : items) out.push_back(w.message);
    return out;
  }
};

// Long fits call this with (steps done, total steps); returning false cancels the fit, which
// throws Error("fit cancelled ...") and leaves the model as it was. An estimator that reports
// progress has `void set_progress(ProgressHook)`.
using ProgressHook = std::function<bool(int done, int total)>;

}  // namespace wasmlearn
