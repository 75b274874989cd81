#include "wasmlearn/neighbors/kneighbors.hpp"

#include "wasmlearn/neighbors/describe.hpp"

namespace wasmlearn {

static constexpr const char* kClassifier = "KNeighborsClassifier";
static constexpr const char* kRegressor = "KNeighborsRegressor";

// ---- KNeighborsClassifier -----------------------------------------------------------------------

KNeighborsClassifier& KNeighborsClassifier::fit(MatrixRef X, IntVectorRef y) {
  check_params<KNeighborsClassifier>(params_);
  fitted_.fit(X, y, params_, params_.n_neighbors);
  return *this;
}

Matrix KNeighborsClassifier::votes(MatrixRef X, const char* method) const {
  const auto lists = nn::to_lists(fitted_.model.kneighbors(X, params_.n_neighbors, kClassifier, method));
  return nn::class_votes(lists, nn::neighbor_weights(lists, params_.weights), fitted_.targets.y, fitted_.targets.n_classes);
}

IntVector KNeighborsClassifier::predict(MatrixRef X) const { return nn::argmax_rows(votes(X, "predict")); }

Matrix KNeighborsClassifier::predict_proba(MatrixRef X) const { return nn::normalize_rows(votes(X, "predictProba")); }

KNeighborsResult KNeighborsClassifier::kneighbors(MatrixRef X, std::optional<int> k) const {
  return fitted_.model.kneighbors(X, k.value_or(params_.n_neighbors), kClassifier, "kneighbors");
}

void KNeighborsClassifier::load_state(const json& s) { fitted_.load_state(s, params_, params_.n_neighbors); }

// ---- KNeighborsRegressor ------------------------------------------------------------------------

KNeighborsRegressor& KNeighborsRegressor::fit(MatrixRef X, MatrixRef Y) {
  check_params<KNeighborsRegressor>(params_);
  fitted_.fit(X, Y, params_, params_.n_neighbors);
  return *this;
}

Matrix KNeighborsRegressor::predict(MatrixRef X) const {
  const auto lists = nn::to_lists(fitted_.model.kneighbors(X, params_.n_neighbors, kRegressor, "predict"));
  return nn::weighted_means(lists, nn::neighbor_weights(lists, params_.weights), fitted_.targets.Y);
}

KNeighborsResult KNeighborsRegressor::kneighbors(MatrixRef X, std::optional<int> k) const {
  return fitted_.model.kneighbors(X, k.value_or(params_.n_neighbors), kRegressor, "kneighbors");
}

void KNeighborsRegressor::load_state(const json& s) { fitted_.load_state(s, params_, params_.n_neighbors); }

}  // namespace wasmlearn
