// KBinsDiscretizer, as scikit-learn's (1.2): each feature cut into bins — of equal width
// ('uniform'), holding equal counts ('quantile', numpy's linear percentiles), or around the centres
// of a 1-D k-means started from the uniform bins' midpoints ('kmeans', the library's KMeans, one
// run, as scikit-learn's) — then coded as the bin's index ('ordinal') or one indicator column per
// bin ('onehot-dense'; scikit-learn's default 'onehot' is sparse, which wasmlearn does not output).
// Quantile and k-means bins of width ≤ 1e-8 are removed (a data warning); a constant feature gets
// one bin, (-∞, ∞). A value is in bin b when edge b ≤ x < edge b+1 (the outer edges extend to ±∞).
// As scikit-learn ≥ 1.5, the edges of every strategy come from at most `subsample` rows (200 000 by
// default; nullopt: all), drawn without replacement by the library's generator seeded by randomState:
// the same rows natively and in WASM, but not numpy's rows, so a subsampled fit differs from
// scikit-learn's in the draws (with n ≤ subsample both use every row).
#pragma once
#include <optional>
#include <variant>
#include <vector>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

enum class BinEncode { onehot_dense, ordinal };
enum class BinStrategy { uniform, quantile, kmeans };

struct KBinsDiscretizerParams {
  std::variant<int, std::vector<double>> n_bins = 5;  // one count, or one per feature
  BinEncode encode = BinEncode::onehot_dense;
  BinStrategy strategy = BinStrategy::quantile;
  std::optional<Index> subsample = 200000;
  int random_state = 0;
};

class KBinsDiscretizer {
 public:
  using Params = KBinsDiscretizerParams;
  explicit KBinsDiscretizer(Params p = {}) : params_(std::move(p)) {}
  KBinsDiscretizer& fit(MatrixRef X);
  Matrix transform(MatrixRef X) const;
  // Each bin's centre (the midpoint of its edges) from bin indices or one-hot columns.
  Matrix inverse_transform(MatrixRef X) const;
  const Params& params() const { return params_; }
  bool is_fitted() const { return !edges_.empty(); }
  int n_features_in() const { return static_cast<int>(edges_.size()); }
  // One row per feature: its nBins + 1 edges, the rows of features with fewer bins padded with NaN.
  Matrix bin_edges() const;
  IntVector n_bins_per_feature() const;
  const Warnings& warnings() const { return warnings_; }
  json state() const;
  void load_state(const json& s);

 private:
  std::vector<double> feature_edges(const Vector& column, int n_bins, Index feature);
  // Bin index of x in a feature: the number of inner edges at or below it.
  static int bin_of(const std::vector<double>& edges, double x);

  Params params_;
  std::vector<std::vector<double>> edges_;  // per feature, increasing
  Warnings warnings_;
};

}  // namespace wasmlearn
