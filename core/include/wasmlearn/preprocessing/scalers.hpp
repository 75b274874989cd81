// MinMaxScaler, MaxAbsScaler, RobustScaler and Normalizer, as scikit-learn's. The three scalers are
// one per-feature affine map x·multiplier + offset fitted differently (AffineScaler); a feature of
// (near) zero range keeps divisor 1, as scikit-learn's _handle_zeros_in_scale.
#pragma once
#include <string>
#include <vector>

#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

class AffineScaler {
 public:
  Matrix transform(MatrixRef X) const;
  Matrix inverse_transform(MatrixRef X) const;
  bool is_fitted() const { return multiplier_.size() > 0; }
  int n_features_in() const { return static_cast<int>(multiplier_.size()); }

 protected:
  explicit AffineScaler(const char* name) : name_(name) {}
  // Checks X and starts a fit: the validated matrix's columns are the features.
  void begin_fit(MatrixRef X) const;
  void set_map(Vector multiplier, Vector offset);

  Vector multiplier_, offset_;
  const char* name_;
};

struct MinMaxScalerParams {
  std::vector<double> feature_range = {0.0, 1.0};
  bool clip = false;
};

class MinMaxScaler : public AffineScaler {
 public:
  using Params = MinMaxScalerParams;
  explicit MinMaxScaler(Params p = {}) : AffineScaler("MinMaxScaler"), params_(std::move(p)) {}
  MinMaxScaler& fit(MatrixRef X);
  Matrix transform(MatrixRef X) const;  // clipped to featureRange when clip
  const Params& params() const { return params_; }
  Vector data_min() const { return data_min_; }
  Vector data_max() const { return data_max_; }
  Vector data_range() const { return data_max_ - data_min_; }
  Vector scale() const { return multiplier_; }
  Vector min() const { return offset_; }
  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  Vector data_min_, data_max_;
};

struct MaxAbsScalerParams {};

class MaxAbsScaler : public AffineScaler {
 public:
  using Params = MaxAbsScalerParams;
  explicit MaxAbsScaler(Params p = {}) : AffineScaler("MaxAbsScaler"), params_(p) {}
  MaxAbsScaler& fit(MatrixRef X);
  const Params& params() const { return params_; }
  Vector max_abs() const { return max_abs_; }
  Vector scale() const { return scale_; }
  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  Vector max_abs_, scale_;
};

struct RobustScalerParams {
  bool with_centering = true;
  bool with_scaling = true;
  std::vector<double> quantile_range = {25.0, 75.0};
  bool unit_variance = false;
};

class RobustScaler : public AffineScaler {
 public:
  using Params = RobustScalerParams;
  explicit RobustScaler(Params p = {}) : AffineScaler("RobustScaler"), params_(std::move(p)) {}
  RobustScaler& fit(MatrixRef X);
  const Params& params() const { return params_; }
  Vector center() const { return center_; }  // zeros without centering
  Vector scale() const { return scale_; }    // ones without scaling
  json state() const;
  void load_state(const json& s);

 private:
  Params params_;
  Vector center_, scale_;
};

enum class NormKind { l1, l2, max };
struct NormalizerParams {
  NormKind norm = NormKind::l2;
};

// Each row divided by its norm (a zero row stays zero); fit only records the number of features.
class Normalizer {
 public:
  using Params = NormalizerParams;
  explicit Normalizer(Params p = {}) : params_(p) {}
  Normalizer& fit(MatrixRef X);
  Matrix transform(MatrixRef X) const;
  const Params& params() const { return params_; }
  bool is_fitted() const { return n_features_in_ > 0; }
  int n_features_in() const { return static_cast<int>(n_features_in_); }
  json state() const { return {{"nFeaturesIn", n_features_in_}}; }
  void load_state(const json& s);

 private:
  Params params_;
  Index n_features_in_ = 0;
};

}  // namespace wasmlearn
