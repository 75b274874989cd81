// PolynomialFeatures: every product of at most `degree` input features, as scikit-learn's, in its
// column order (the bias, then degree 1, 2, ...; within a degree the index tuples i1 <= i2 <= ...
// in lexicographic order, i1 < i2 < ... with interactionOnly).
#pragma once
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

struct PolynomialFeaturesParams {
  int degree = 2;
  bool interaction_only = false;
  bool include_bias = true;
};

class PolynomialFeatures {
 public:
  using Params = PolynomialFeaturesParams;
  explicit PolynomialFeatures(Params p = {}) : params_(p) {}

  PolynomialFeatures& fit(MatrixRef X);
  // Column c is the product of x_j^powers(c, j); products are accumulated right to left
  // (x_i·(x_j·x_k)), as scikit-learn, so the values agree to the last bit.
  Matrix transform(MatrixRef X) const;

  const Params& params() const { return params_; }
  bool is_fitted() const { return n_features_in_ > 0; }
  IntMatrix powers() const;  // n_features_out x n_features_in: exponent of each input in each output
  int n_features_in() const { return static_cast<int>(n_features_in_); }
  int n_features_out() const { return static_cast<int>(combos_.size()); }

  json state() const;              // {"nFeaturesIn"}
  void load_state(const json& s);

 private:
  void build(Index n_features);
  Params params_;
  Index n_features_in_ = 0;
  std::vector<std::vector<int>> combos_;  // the input indices multiplied in each output column
};

}  // namespace wasmlearn
