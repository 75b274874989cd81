#include "wasmlearn/neighbors/radius_neighbors.hpp"

#include <string>

#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/neighbors/describe.hpp"

namespace wasmlearn {

static constexpr const char* kClassifier = "RadiusNeighborsClassifier";
static constexpr const char* kRegressor = "RadiusNeighborsRegressor";

// "rows 0, 4, 7" (at most 10 listed).
static std::string list_rows(const std::vector<Index>& rows) {
  std::string s = rows.size() == 1 ? "row " : "rows ";
  for (std::size_t i = 0; i < rows.size() && i < 10; ++i) s += (i ? ", " : "") + std::to_string(rows[i]);
  if (rows.size() > 10) s += ", ...";
  return s;
}

// ---- RadiusNeighborsClassifier ------------------------------------------------------------------

RadiusNeighborsClassifier& RadiusNeighborsClassifier::fit(MatrixRef X, IntVectorRef y) {
  check_params<RadiusNeighborsClassifier>(params_);
  fitted_.fit(X, y, params_, std::nullopt);
  return *this;
}

Matrix RadiusNeighborsClassifier::votes(MatrixRef X, const char* method) const {
  const nn::NeighborLists lists = fitted_.model.radius_neighbors(X, params_.radius, kClassifier, method);
  Matrix v = nn::class_votes(lists, nn::neighbor_weights(lists, params_.weights), fitted_.targets.y, fitted_.targets.n_classes);
  const std::vector<Index> outliers = nn::empty_rows(lists);
  if (outliers.empty()) return v;
  if (!params_.outlier_label)
    throw InvalidArgument(std::string(kClassifier) + ": no training sample within radius " +
                          format_number(params_.radius) + " of " + std::to_string(outliers.size()) + " of the " +
                          std::to_string(X.rows()) + " query rows (" + list_rows(outliers) +
                          "); set outlierLabel to 'most_frequent' or use a larger radius");
  const int label = fitted_.targets.most_frequent();
  for (Index i : outliers) v(i, label) = 1.0;
  return v;
}

IntVector RadiusNeighborsClassifier::predict(MatrixRef X) const { return nn::argmax_rows(votes(X, "predict")); }

Matrix RadiusNeighborsClassifier::predict_proba(MatrixRef X) const {
  return nn::normalize_rows(votes(X, "predictProba"));
}

RadiusNeighborsResult RadiusNeighborsClassifier::radius_neighbors(MatrixRef X, std::optional<double> r) const {
  return fitted_.model.radius_neighbors(X, r.value_or(params_.radius), kClassifier, "radiusNeighbors");
}

void RadiusNeighborsClassifier::load_state(const json& s) { fitted_.load_state(s, params_, std::nullopt); }

// ---- RadiusNeighborsRegressor -------------------------------------------------------------------

RadiusNeighborsRegressor& RadiusNeighborsRegressor::fit(MatrixRef X, MatrixRef Y) {
  check_params<RadiusNeighborsRegressor>(params_);
  fitted_.fit(X, Y, params_, std::nullopt);
  warnings_.clear();
  return *this;
}

Matrix RadiusNeighborsRegressor::predict(MatrixRef X) const {
  warnings_.clear();
  const nn::NeighborLists lists = fitted_.model.radius_neighbors(X, params_.radius, kRegressor, "predict");
  const std::vector<Index> outliers = nn::empty_rows(lists);
  if (!outliers.empty())
    warnings_.add(WarningKind::data, std::string(kRegressor) + ": " + std::to_string(outliers.size()) + " of the " +
                  std::to_string(X.rows()) + " query rows (" + list_rows(outliers) +
                  ") have no training sample within radius " + format_number(params_.radius) +
                  "; their prediction is NaN (use a larger radius)");
  return nn::weighted_means(lists, nn::neighbor_weights(lists, params_.weights), fitted_.targets.Y);
}

RadiusNeighborsResult RadiusNeighborsRegressor::radius_neighbors(MatrixRef X, std::optional<double> r) const {
  return fitted_.model.radius_neighbors(X, r.value_or(params_.radius), kRegressor, "radiusNeighbors");
}

void RadiusNeighborsRegressor::load_state(const json& s) { fitted_.load_state(s, params_, std::nullopt); }

}  // namespace wasmlearn
