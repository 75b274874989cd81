#include "bindings/embind/boundary.hpp"

#include <emscripten/emscripten.h>
#include <malloc.h>

#include "wasmlearn/base/errors.hpp"

EM_JS(void, wasmlearn_throw_error, (const char* name, const char* message), {
  const error = new Error(UTF8ToString(message));
  error.name = UTF8ToString(name);
  throw error;
});

namespace wasmlearn::bindings {

void throw_js_error(const std::string& name, const std::string& message) {
  // Copied to static storage so no live C++ object owns the text while the JS error unwinds.
  static std::string stored_name, stored_message;
  stored_name = name;
  stored_message = message;
  wasmlearn_throw_error(stored_name.c_str(), stored_message.c_str());
  __builtin_unreachable();
}

Buffer::Buffer(const val& array, int rows, int cols, const char* name) : rows_(rows), cols_(cols) {
  if (rows < 0 || cols < 0) throw InvalidArgument(std::string(name) + " must have non-negative rows and cols");
  // An empty array (y of a method that takes none) needs one look at its length, not a copy.
  if (rows == 0 || cols == 0) {
    if (array["length"].as<double>() != 0) throw InvalidArgument(std::string(name) + " has values but rows*cols = 0");
    return;
  }
  values_ = emscripten::convertJSArrayToNumberVector<double>(array);
  if (values_.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols))
    throw InvalidArgument(std::string(name) + " has " + std::to_string(values_.size()) + " values but rows*cols = " +
                          std::to_string(static_cast<long long>(rows) * cols));
}

Vector vector_from_js(const val& array) {
  Vector out(array["length"].as<Index>());
  val(emscripten::typed_memory_view(static_cast<std::size_t>(out.size()), out.data())).call<void>("set", array);
  return out;
}

std::vector<std::uint8_t> bytes_from_js(const val& array) {
  if (!array.instanceof(val::global("Uint8Array"))) throw InvalidArgument("a binary model must be a Uint8Array");
  std::vector<std::uint8_t> out(array["length"].as<std::size_t>());
  val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", array);
  return out;
}

val bytes_to_js(const std::vector<std::uint8_t>& bytes) {
  return val::global("Uint8Array").new_(emscripten::typed_memory_view(bytes.size(), bytes.data()));
}

val to_js_double(const double* p, Index n) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(static_cast<std::size_t>(n), p));
}

val shape_to_js(const std::vector<Index>& shape) {
  val out = val::array();
  for (Index s : shape) out.call<void>("push", static_cast<double>(s));
  return out;
}

val to_js(const NdArray& a) {
  val out = val::object();
  out.set("data", a.is_float32 ? val::global("Float32Array").new_(emscripten::typed_memory_view(a.floats.size(), a.floats.data()))
                               : to_js_double(a.data.data(), static_cast<Index>(a.data.size())));
  out.set("shape", shape_to_js(a.shape));
  return out;
}

json parse_json(const val& text, const char* what) {
  if (!text.isString()) throw InvalidArgument(std::string(what) + " must be a string");
  return parse_json_text(text.as<std::string>(), what);
}

}  // namespace wasmlearn::bindings

EMSCRIPTEN_BINDINGS(wasmlearn_runtime) {
  // Bytes currently allocated in the WASM heap, for leak tests.
  emscripten::function("heapUsed", emscripten::optional_override([] { return static_cast<double>(mallinfo().uordblks); }));
}
