// SimpleImputer, as scikit-learn's (1.2): each feature's missing values replaced by a statistic of
// its observed ones (mean, median, most frequent — the smallest on ties —, or a constant). Missing
// is NaN (missingValues null, the default; X may then hold NaN, which its declaration allows) or a
// given number. A feature with no observed value has no statistic (NaN) and is dropped by transform,
// unless keepEmptyFeatures (statistic 0) or the strategy is 'constant'. addIndicator appends one 0/1
// column per feature that had missing values in fit (scikit-learn's MissingIndicator, 'missing-only').
#pragma once
#include <optional>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class ImputeStrategy { mean, median, most_frequent, constant };

struct SimpleImputerParams {
  ImputeStrategy strategy = ImputeStrategy::mean;
  std::optional<double> missing_values;  // nullopt: NaN
  double fill_value = 0;
  bool add_indicator = false;
  bool keep_empty_features = false;
};

class SimpleImputer {
 public:
  using Params = SimpleImputerParams;
  explicit SimpleImputer(Params p = {}) : params_(p) {}
  SimpleImputer& fit(MatrixRef X);
  Matrix transform(MatrixRef X) const;
  // Needs addIndicator (as scikit-learn): the indicator columns say which values go back to missing.
  Matrix inverse_transform(MatrixRef X) const;
  const Params& params() const { return params_; }
  bool is_fitted() const { return statistics_.size() > 0; }
  int n_features_in() const { return static_cast<int>(statistics_.size()); }
  Vector statistics() const { return statistics_; }
  IntVector indicator_features() const { return indicator_features_; }
  const Warnings& warnings() const { return warnings_; }
  json state() const;
  void load_state(const json& s);

 private:
  bool is_missing(double v) const;
  void check_input(MatrixRef X) const;
  // The fitted features transform keeps (those with a statistic), in order.
  std::vector<Index> kept_features() const;
  double missing_value() const;

  Params params_;
  Vector statistics_;
  IntVector indicator_features_;
  Warnings warnings_;
};

}  // namespace wasmlearn
