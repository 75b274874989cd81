#include "wasmlearn/preprocessing/discretizer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "wasmlearn/base/random.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/cluster/kmeans.hpp"
#include "wasmlearn/preprocessing/describe.hpp"
#include "wasmlearn/preprocessing/numpy_quantiles.hpp"

namespace wasmlearn {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The bin counts of the features: nBins for all, or the per-feature list (each an integer ≥ 2).
std::vector<int> bin_counts(const std::variant<int, std::vector<double>>& n_bins, Index n_features) {
  if (std::holds_alternative<int>(n_bins)) return std::vector<int>(static_cast<std::size_t>(n_features), std::get<int>(n_bins));
  const auto& given = std::get<std::vector<double>>(n_bins);
  if (static_cast<Index>(given.size()) != n_features)
    throw InvalidArgument("nBins has " + std::to_string(given.size()) + " counts but X has " + std::to_string(n_features) +
                          " columns");
  std::vector<int> counts;
  for (std::size_t j = 0; j < given.size(); ++j)
    counts.push_back(integer_argument<int>(given[j], "nBins[" + std::to_string(j) + "]", at_least(2)));
  return counts;
}

// scikit-learn's KMeans(n_bins, init = the uniform bins' midpoints, n_init = 1) on one feature:
// the sorted centres' midpoints are the inner edges.
std::vector<double> kmeans_edges(const Vector& column, int n_bins, double lo, double hi) {
  const std::vector<double> uniform = linspace(lo, hi, n_bins + 1);
  Matrix init(n_bins, 1);
  for (int b = 0; b < n_bins; ++b) init(b, 0) = (uniform[b + 1] + uniform[b]) * 0.5;
  KMeansParams p;
  p.n_clusters = n_bins;
  p.init = init;
  p.n_init = 1;
  KMeans km(p);
  km.fit(column);
  Vector centres = km.cluster_centers().col(0);
  std::sort(centres.data(), centres.data() + centres.size());
  std::vector<double> edges{lo};
  for (int b = 1; b < n_bins; ++b) edges.push_back((centres[b] + centres[b - 1]) * 0.5);
  edges.push_back(hi);
  return edges;
}

// `count` rows of X drawn without replacement (the first of a seeded permutation), in X's order.
Matrix sampled_rows(MatrixRef X, Index count, int random_state) {
  const IntVector order = Random(static_cast<std::uint64_t>(random_state)).permutation(X.rows());
  std::vector<Index> rows(order.data(), order.data() + count);
  std::sort(rows.begin(), rows.end());
  Matrix out(count, X.cols());
  for (Index i = 0; i < count; ++i) out.row(i) = X.row(rows[static_cast<std::size_t>(i)]);
  return out;
}

}  // namespace

std::vector<double> KBinsDiscretizer::feature_edges(const Vector& column, int n_bins, Index feature) {
  const double lo = column.minCoeff(), hi = column.maxCoeff();
  if (lo == hi) {
    warnings_.add(WarningKind::data, "feature " + std::to_string(feature) + " is constant and will be replaced with 0");
    return {-kInf, kInf};
  }
  if (params_.strategy == BinStrategy::uniform) return linspace(lo, hi, n_bins + 1);
  std::vector<double> edges;
  if (params_.strategy == BinStrategy::quantile) {
    std::vector<double> sorted(column.data(), column.data() + column.size());
    std::sort(sorted.begin(), sorted.end());
    for (double q : linspace(0, 100, n_bins + 1)) edges.push_back(percentile(sorted, q / 100));
  } else {
    edges = kmeans_edges(column, n_bins, lo, hi);
  }
  // Bins of width ≤ 1e-8 go, each edge compared with the one before it (numpy.ediff1d).
  // (+0 for -0: model JSON written by JS has no -0.)
  std::vector<double> kept{edges[0] + 0.0};
  for (std::size_t b = 1; b < edges.size(); ++b)
    if (edges[b] - edges[b - 1] > 1e-8) kept.push_back(edges[b] + 0.0);
  if (kept.size() != edges.size())
    warnings_.add(WarningKind::data, "bins whose width is at most 1e-8 in feature " + std::to_string(feature) +
                                         " are removed; consider fewer bins");
  return kept;
}

KBinsDiscretizer& KBinsDiscretizer::fit(MatrixRef X) {
  check_params<KBinsDiscretizer>(params_);
  check_matrix(X);
  const std::vector<int> counts = bin_counts(params_.n_bins, X.cols());
  check_size(std::accumulate(counts.begin(), counts.end(), 0.0, [](double sum, int c) { return sum + c + 1.0; }),
             "KBinsDiscretizer's bin edges for nBins (features x (nBins + 1))");
  warnings_.clear();
  const bool subsampled = params_.subsample && X.rows() > *params_.subsample;
  const Matrix sample = subsampled ? sampled_rows(X, *params_.subsample, params_.random_state) : Matrix();
  const MatrixRef rows = subsampled ? MatrixRef(sample) : X;
  std::vector<std::vector<double>> edges;
  for (Index j = 0; j < X.cols(); ++j)
    edges.push_back(feature_edges(rows.col(j), counts[static_cast<std::size_t>(j)], j));
  edges_ = std::move(edges);
  return *this;
}

int KBinsDiscretizer::bin_of(const std::vector<double>& edges, double x) {
  return static_cast<int>(std::upper_bound(edges.begin() + 1, edges.end() - 1, x) - (edges.begin() + 1));
}

IntVector KBinsDiscretizer::n_bins_per_feature() const {
  IntVector n(static_cast<Index>(edges_.size()));
  for (std::size_t j = 0; j < edges_.size(); ++j) n[static_cast<Index>(j)] = static_cast<int>(edges_[j].size()) - 1;
  return n;
}

Matrix KBinsDiscretizer::bin_edges() const {
  const IntVector n = n_bins_per_feature();
  Matrix out = Matrix::Constant(n.size(), n.maxCoeff() + 1, std::numeric_limits<double>::quiet_NaN());
  for (std::size_t j = 0; j < edges_.size(); ++j)
    for (std::size_t b = 0; b < edges_[j].size(); ++b) out(static_cast<Index>(j), static_cast<Index>(b)) = edges_[j][b];
  return out;
}

Matrix KBinsDiscretizer::transform(MatrixRef X) const {
  check_fitted(is_fitted(), "KBinsDiscretizer", "transform");
  check_n_features(n_features_in(), X);
  check_matrix(X);
  const IntVector n = n_bins_per_feature();
  const bool onehot = params_.encode == BinEncode::onehot_dense;
  if (onehot)
    check_size(static_cast<double>(X.rows()) * n.cast<double>().sum(),
               "KBinsDiscretizer's one-hot output for " + std::to_string(X.rows()) + " rows (rows x bins)");
  Matrix out = Matrix::Zero(X.rows(), onehot ? n.sum() : X.cols());
  Index first_column = 0;
  for (Index j = 0; j < X.cols(); ++j) {
    const auto& edges = edges_[static_cast<std::size_t>(j)];
    for (Index i = 0; i < X.rows(); ++i) {
      const int bin = bin_of(edges, X(i, j));
      if (onehot) out(i, first_column + bin) = 1;
      else out(i, j) = bin;
    }
    first_column += n[j];
  }
  return out;
}

Matrix KBinsDiscretizer::inverse_transform(MatrixRef X) const {
  check_fitted(is_fitted(), "KBinsDiscretizer", "inverseTransform");
  const IntVector n = n_bins_per_feature();
  const bool onehot = params_.encode == BinEncode::onehot_dense;
  check_n_features(onehot ? n.sum() : n.size(), X);
  check_matrix(X);
  Matrix out(X.rows(), n.size());
  Index first_column = 0;
  for (Index j = 0; j < n.size(); ++j) {
    const auto& edges = edges_[static_cast<std::size_t>(j)];
    for (Index i = 0; i < X.rows(); ++i) {
      Index bin;
      if (onehot) {
        const double largest = X.row(i).segment(first_column, n[j]).maxCoeff(&bin);
        if (largest == 0)
          throw InvalidArgument("X row " + std::to_string(i) + " has no bin set for feature " + std::to_string(j));
      } else {
        const double code = X(i, j);
        if (code < 0 || code >= n[j] || std::floor(code) != code)
          throw InvalidArgument("X[" + std::to_string(i) + "][" + std::to_string(j) + "] must be a bin index in 0.." +
                                std::to_string(n[j] - 1) + ", got " + format_number(code));
        bin = static_cast<Index>(code);
      }
      out(i, j) = (edges[static_cast<std::size_t>(bin) + 1] + edges[static_cast<std::size_t>(bin)]) * 0.5;
    }
    first_column += n[j];
  }
  return out;
}

// JSON has no infinities: a constant feature's edges (-∞, ∞) are saved as [].
json KBinsDiscretizer::state() const {
  json edges = json::array();
  for (const auto& e : edges_) edges.push_back(std::isinf(e[0]) ? std::vector<double>{} : e);
  return {{"binEdges", edges}, {"warnings", to_json(warnings_)}};
}

void KBinsDiscretizer::load_state(const json& s) {
  const json& saved = member(s, "binEdges");
  if (!saved.is_array() || saved.empty()) throw InvalidArgument("model JSON: binEdges must be a non-empty array");
  std::vector<std::vector<double>> edges;
  for (const json& e : saved) {
    const Vector v = vector_from_json(e, "binEdges");
    if (v.size() == 0) {
      edges.push_back({-kInf, kInf});
      continue;
    }
    if (v.size() < 2 || !std::is_sorted(v.data(), v.data() + v.size()))
      throw InvalidArgument("model JSON: binEdges must hold at least two increasing edges per feature");
    edges.emplace_back(v.data(), v.data() + v.size());
  }
  edges_ = std::move(edges);
  warnings_ = warnings_from_json(s, WarningKind::data);
}

}  // namespace wasmlearn
