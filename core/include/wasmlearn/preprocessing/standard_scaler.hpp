// StandardScaler: centre each feature and divide by its (population) standard deviation, as
// scikit-learn's; a constant feature keeps scale 1 so it is centred but not blown up. With sample
// weights, the weighted mean and variance (total weight as the count), as scikit-learn's.
#pragma once
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

// Params live at namespace scope: a nested struct with default member initialisers cannot be a
// default argument inside its own class (a GCC/C++17 rule), so every estimator follows this shape.
struct StandardScalerParams {
  bool with_mean = true;
  bool with_std = true;
};

class StandardScaler {
 public:
  using Params = StandardScalerParams;

  explicit StandardScaler(Params p = {}) : params_(p) {}
  StandardScaler& fit(MatrixRef X);
  StandardScaler& fit(MatrixRef X, VectorRef sample_weight);
  Matrix transform(MatrixRef X) const;
  Matrix inverse_transform(MatrixRef X) const;

  const Params& params() const { return params_; }
  bool is_fitted() const { return n_features_in_ > 0; }
  Vector mean() const { return mean_; }
  Vector var() const { return var_; }
  Vector scale() const { return scale_; }
  int n_features_in() const { return static_cast<int>(n_features_in_); }
  double n_samples_seen() const { return n_samples_seen_; }  // rows, or their total weight

  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  Index n_features_in_ = 0;
  double n_samples_seen_ = 0;
  Vector mean_, var_, scale_;
};

}  // namespace wasmlearn
