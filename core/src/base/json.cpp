#include "wasmlearn/base/json.hpp"

#include <cmath>
#include <optional>

namespace wasmlearn {

static InvalidArgument bad(const char* field, const std::string& what) {
  return InvalidArgument(std::string("model JSON: ") + field + " " + what);
}

json to_json(const Matrix& m) {
  return {{"rows", m.rows()}, {"cols", m.cols()}, {"data", std::vector<double>(m.data(), m.data() + m.size())}};
}
json to_json(const Vector& v) { return std::vector<double>(v.data(), v.data() + v.size()); }
json to_json(const IntVector& v) { return std::vector<int>(v.data(), v.data() + v.size()); }

json to_json(const Warnings& w) {
  json out = json::array();
  for (const Warning& item : w.items) out.push_back({{"kind", warning_kind_name(item.kind)}, {"message", item.message}});
  return out;
}

Warnings warnings_from_json(const json& state, WarningKind kind_of_strings) {
  Warnings out;
  if (!state.contains("warnings")) return out;
  const json& list = state["warnings"];
  if (!list.is_array()) throw bad("warnings", "must be an array");
  for (const json& w : list) {
    if (w.is_string()) {
      out.add(kind_of_strings, w.get<std::string>());
      continue;
    }
    const json& kind = member(w, "kind");
    const json& message = member(w, "message");
    if (!message.is_string()) throw bad("warnings", "messages must be strings");
    std::optional<WarningKind> known;
    for (WarningKind k : {WarningKind::convergence, WarningKind::data, WarningKind::parameter})
      if (kind == warning_kind_name(k)) known = k;
    if (!known) throw bad("warnings", "kind must be 'convergence', 'data' or 'parameter', got " + kind.dump());
    out.add(*known, message.get<std::string>());
  }
  return out;
}

const json& member(const json& j, const char* field) {
  if (!j.is_object()) throw bad(field, "is missing (the enclosing value is not an object)");
  auto it = j.find(field);
  if (it == j.end()) throw bad(field, "is missing");
  return *it;
}

double number_from_json(const json& j, const char* field) {
  if (!j.is_number()) throw bad(field, "must be a number");
  const double v = j.get<double>();
  if (!std::isfinite(v)) throw bad(field, "must be finite");
  return v;
}

Vector vector_from_json(const json& j, const char* field) {
  if (!j.is_array()) throw bad(field, "must be an array of numbers");
  Vector v(static_cast<Index>(j.size()));
  for (std::size_t i = 0; i < j.size(); ++i) v[static_cast<Index>(i)] = number_from_json(j[i], field);
  return v;
}

IntVector int_vector_from_json(const json& j, const char* field) {
  if (!j.is_array()) throw bad(field, "must be an array of integers");
  IntVector v(static_cast<Index>(j.size()));
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_number_integer()) throw bad(field, "must contain only integers");
    // get<int> would wrap 2^32 + 5 to 5, a valid-looking index.
    v[static_cast<Index>(i)] = integer_argument<int>(j[i].get<double>(), std::string("model JSON: ") + field);
  }
  return v;
}

json parse_json_text(const std::string& text, const char* what) {
  if (text.size() > kMaxJsonBytes)
    throw InvalidArgument(std::string(what) + " is " + std::to_string(text.size()) + " bytes, past the limit of " +
                          std::to_string(kMaxJsonBytes));
  const auto limit_depth = [what](int depth, json::parse_event_t, json&) {
    if (depth >= kMaxJsonDepth)  // depth counts from 0: the outermost value is level 1
      throw InvalidArgument(std::string(what) + " is nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return true;
  };
  try {
    return json::parse(text, limit_depth);
  } catch (const json::exception&) {
    throw InvalidArgument(std::string(what) + " is not valid JSON");
  }
}

Matrix matrix_from_json(const json& j, const char* field) {
  const json& rows = member(j, "rows");
  const json& cols = member(j, "cols");
  if (!rows.is_number_integer() || !cols.is_number_integer() || rows.get<Index>() < 0 || cols.get<Index>() < 0)
    throw bad(field, "rows/cols must be non-negative integers");
  const Vector data = vector_from_json(member(j, "data"), field);
  const Index r = rows.get<Index>(), c = cols.get<Index>();
  // In double: rows and cols of 2^40 each overflowed Index (exact below 2^53, past any data array).
  const double cells = static_cast<double>(r) * static_cast<double>(c);
  if (static_cast<double>(data.size()) != cells)
    throw bad(field, "has " + std::to_string(data.size()) + " values but rows*cols = " + format_number(cells));
  return Eigen::Map<const Matrix>(data.data(), r, c);
}

}  // namespace wasmlearn
