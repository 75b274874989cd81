#include "wasmlearn/ensemble/oob.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "wasmlearn/base/model_binary.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/metrics/metrics.hpp"

namespace wasmlearn {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

json values_to_json(const Matrix& values) {
  if (values.size() == 0) return nullptr;
  json data;
  if (PackedArrays::active()) {
    data = packable(std::vector<double>(values.data(), values.data() + values.size()));
  } else {  // null, not NaN, so that documents compare equal (NaN != NaN) and read back as the text does
    data = json::array();
    for (Index i = 0; i < values.size(); ++i) data.push_back(std::isnan(values.data()[i]) ? json(nullptr) : json(values.data()[i]));
  }
  return {{"rows", values.rows()}, {"cols", values.cols()}, {"data", std::move(data)}};
}

Matrix values_from_json(const json& j, int n_values) {
  if (j.is_null()) return Matrix();
  const double rows = number_from_json(member(j, "rows"), "oobValues.rows");
  if (rows < 1 || rows != std::floor(rows) || member(j, "cols") != n_values)
    throw InvalidArgument("model JSON: oobValues must have a positive integer number of rows and nValues columns");
  check_size(rows * n_values, "model JSON: oobValues (rows x nValues)");
  const std::size_t size = static_cast<std::size_t>(rows) * static_cast<std::size_t>(n_values);
  const json& data = member(j, "data");
  std::optional<std::vector<double>> values = unpacked<double>(data, "oobValues.data", size);
  if (!values) {
    if (!data.is_array() || data.size() != size)
      throw InvalidArgument("model JSON: oobValues.data must be an array of rows * nValues numbers");
    values.emplace();
    values->reserve(size);
    for (const json& v : data) {
      if (!v.is_number() && !v.is_null()) throw InvalidArgument("model JSON: oobValues.data must hold numbers or null");
      values->push_back(v.is_null() ? kNaN : v.get<double>());
    }
  }
  return Eigen::Map<const Matrix>(values->data(), static_cast<Index>(rows), n_values);
}

}  // namespace

Matrix oob_means(const Matrix& sum, const Vector& count) {
  Matrix means = sum;
  for (Index i = 0; i < sum.rows(); ++i)
    means.row(i) = count[i] > 0 ? Eigen::RowVectorXd(sum.row(i) / count[i]) : Eigen::RowVectorXd::Constant(sum.cols(), kNaN);
  return means;
}

double oob_accuracy(const Matrix& sum, const Vector& count, const IntVector& codes) {
  Index right = 0, seen = 0;
  for (Index i = 0; i < sum.rows(); ++i) {
    if (count[i] == 0) continue;
    Index best;
    sum.row(i).maxCoeff(&best);
    right += best == codes[i];
    ++seen;
  }
  return seen ? static_cast<double>(right) / static_cast<double>(seen) : kNaN;
}

double oob_r2(const Matrix& sum, const Vector& count, const Matrix& targets) {
  std::vector<Index> seen;
  for (Index i = 0; i < sum.rows(); ++i)
    if (count[i] > 0) seen.push_back(i);
  if (seen.size() < 2) return kNaN;
  Matrix truth(static_cast<Index>(seen.size()), targets.cols()), pred(truth.rows(), truth.cols());
  for (Index r = 0; r < truth.rows(); ++r) {
    truth.row(r) = targets.row(seen[r]);
    pred.row(r) = sum.row(seen[r]) / count[seen[r]];
  }
  return r2_score(truth, pred);
}

json oob_state(double score, const Matrix& values) {
  return {{"oobScore", std::isnan(score) ? json(nullptr) : json(score)}, {"oobValues", values_to_json(values)}};
}

void load_oob_state(const json& state, int n_values, double& score, Matrix& values) {
  // Models saved before these were kept lack oobValues (and bagging's, oobScore).
  const json none = nullptr;
  const json& s = state.contains("oobScore") ? state["oobScore"] : none;
  if (!s.is_null() && !s.is_number()) throw InvalidArgument("model JSON: oobScore must be a number or null");
  score = s.is_number() ? s.get<double>() : kNaN;
  values = values_from_json(state.contains("oobValues") ? state["oobValues"] : none, n_values);
}

}  // namespace wasmlearn
