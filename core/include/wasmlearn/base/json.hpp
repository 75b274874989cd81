// Model I/O helpers: fitted state is stored as plain JSON (nlohmann/json). Doubles are written with
// a round-trip representation, so a model saved anywhere predicts bit-identically when loaded.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "wasmlearn/base/errors.hpp"
#include "wasmlearn/base/types.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

using json = nlohmann::json;

// Text of a model or of options, parsed with limits: nesting past kMaxJsonDepth is refused while
// parsing (a state nested 100 000 deep would overflow the stack of whatever walks it), and so is text
// past kMaxJsonBytes. `what` names it in the messages ("model JSON is nested deeper than 64 levels").
constexpr int kMaxJsonDepth = 64;
constexpr std::size_t kMaxJsonBytes = std::size_t(1) << 30;
json parse_json_text(const std::string& text, const char* what);

json to_json(const Matrix& m);     // {"rows": r, "cols": c, "data": [...]} row-major
json to_json(const Vector& v);     // [...]
json to_json(const IntVector& v);  // [...]

json to_json(const Warnings& w);   // [{"kind": "convergence", "message": "..."}, ...]

// Readers validate the shape and types and throw InvalidArgument("model JSON: <field> ...").
Matrix matrix_from_json(const json& j, const char* field);
Vector vector_from_json(const json& j, const char* field);
IntVector int_vector_from_json(const json& j, const char* field);
double number_from_json(const json& j, const char* field);
// An integer field: whole, in `allowed` and in T's range, checked before conversion (integer_argument),
// so 1e300 in a saved nIter is refused, not converted with undefined behaviour.
template <class T>
T integer_from_json(const json& j, const char* field, const Range& allowed = {}) {
  return integer_argument<T>(number_from_json(j, field), std::string("model JSON: ") + field, allowed);
}
// The "warnings" member of a saved state (none when missing). Models saved before warnings had
// kinds hold plain strings; those load with `kind_of_strings`, the kind the estimator gave them.
Warnings warnings_from_json(const json& state, WarningKind kind_of_strings);
// The member `field` of object `j`, or an InvalidArgument naming it when it is missing.
const json& member(const json& j, const char* field);

}  // namespace wasmlearn
