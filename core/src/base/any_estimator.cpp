#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/validation.hpp"

#include <cmath>

namespace wasmlearn::detail {

NdArray squeeze_outputs(NdArray a) {
  if (a.shape.size() == 2 && a.shape[1] == 1) a.shape = {a.shape[0]};        // n x 1 predictions -> n
  else if (a.shape.size() == 2 && a.shape[0] == 1) a.shape = {a.shape[1]};   // 1 x p coefficients -> p
  else if (a.shape.size() == 1 && a.shape[0] == 1) a.shape = {};             // one intercept -> scalar
  return a;
}

IntVector class_codes_from(MatrixRef Y) {
  if (Y.cols() != 1) throw InvalidArgument("y must be one-dimensional for a classifier, got " + std::to_string(Y.cols()) + " columns");
  IntVector codes(Y.rows());
  for (Index i = 0; i < Y.rows(); ++i) {
    const double v = Y(i, 0);
    if (!std::isfinite(v) || v < 0 || std::floor(v) != v)
      throw InvalidArgument("y class code at index " + std::to_string(i) + " must be a non-negative integer, got " + format_number(v));
    codes[i] = static_cast<int>(v);
  }
  return codes;
}

double subset_accuracy(MatrixRef Y, const Matrix& predicted) {
  if (Y.cols() != predicted.cols())
    throw InvalidArgument("y has " + std::to_string(Y.cols()) + " columns but the model was fitted with " +
                          std::to_string(predicted.cols()) + " labels");
  const Index matching = (Y.array() == predicted.array()).rowwise().all().count();
  return static_cast<double>(matching) / static_cast<double>(Y.rows());
}

std::optional<int> optional_count(double number, const char* name) {
  if (std::isnan(number)) return std::nullopt;
  return integer_argument<int>(number, name, at_least(1));
}

int required_count(double number, const char* method) {
  if (std::isnan(number)) throw InvalidArgument(std::string(method) + " needs a positive integer n");
  return *optional_count(number, method);
}

std::optional<double> optional_radius(double number, const char* name) {
  if (std::isnan(number)) return std::nullopt;
  if (!(std::isfinite(number) && number > 0))
    throw InvalidArgument(std::string(name) + " must be a positive finite number, got " + format_number(number));
  return number;
}

void check_saved_labels(const json& model, int n_classes) {
  const auto labels = model.find("labels");
  if (labels == model.end()) return;
  if (!labels->is_object() || !labels->contains("classes") || !(*labels)["classes"].is_array())
    throw InvalidArgument("model JSON: labels must be { kind, classes: [...] }");
  const std::size_t named = (*labels)["classes"].size();
  if (named != static_cast<std::size_t>(n_classes))
    throw InvalidArgument("model JSON: labels.classes names " + std::to_string(named) + " classes but the fitted state has " +
                          std::to_string(n_classes));
}

void check_finite_result(const NamedArrays& result, const char* method, const Warnings& warnings,
                         bool infinity_allowed) {
  for (const auto& [name, array] : result.items) {
    if (all_finite(array.data.data(), static_cast<Index>(array.data.size()))) continue;
    for (double v : array.data) {
      if (std::isfinite(v) || (infinity_allowed && std::isinf(v))) continue;
      for (const Warning& w : warnings.items)
        if (w.kind == WarningKind::data) return;
      throw InvalidArgument(std::string(method) + " overflowed float64: its result holds " + format_number(v) +
                            " for a finite X (values of X or of the fitted model near the float64 limit; scale X)");
    }
  }
}

void check_declared_results(const NamedArrays& result, const std::vector<ResultDecl>& declared, const char* method) {
  const bool keyed = declared.size() == 1 && declared[0].name[0] == '\0';
  bool same = keyed || result.items.size() == declared.size();
  for (std::size_t i = 0; same && i < result.items.size(); ++i)
    same = result.items[i].first == (keyed ? std::to_string(i) : std::string(declared[i].name));
  if (!same) throw std::logic_error(std::string(method) + " returned arrays other than those it declares");
}

void throw_unsupported(const char* estimator, const char* method) {
  throw InvalidArgument(std::string(estimator) + " does not support " + method);
}

std::string method_name(int id) {
  std::string name = "method " + std::to_string(id);
  int i = 0;
  for_each_standard_method([&](auto method) {
    if (i++ == id) name = method.spec.name;
  });
  return name;
}

void throw_no_sample_weight(const char* estimator) {
  throw InvalidArgument(std::string(estimator) + ".fit does not take sampleWeight");
}

}  // namespace wasmlearn::detail

namespace wasmlearn {

NamedArrays AnyEstimator::call(const std::string& method, MatrixRef X, MatrixRef Y, double number) const {
  const int id = method_id(method);
  if (id < 0) detail::throw_unsupported(name(), method.c_str());
  return call(id, X, Y, number);
}

const char* method_result_name(MethodResult r) {
  switch (r) {
    case MethodResult::prediction: return "prediction";
    case MethodResult::vector: return "vector";
    case MethodResult::matrix: return "matrix";
    case MethodResult::vector_or_matrix: return "vectorOrMatrix";
    case MethodResult::number: return "number";
    case MethodResult::neighbors: return "neighbors";
    case MethodResult::radius_neighbors: return "radiusNeighbors";
  }
  return "";
}

json standard_methods_metadata() {
  json all = json::array();
  for_each_standard_method([&](auto method) {
    const MethodSpec& s = method.spec;
    all.push_back({{"name", s.name}, {"id", all.size()}, {"args", method_args_name(s.args)}, {"result", method_result_name(s.result)}, {"doc", s.doc}});
  });
  return all;
}

}  // namespace wasmlearn
