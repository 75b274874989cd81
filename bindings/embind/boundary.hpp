// What every binding file shares: turning C++ exceptions into JS Errors, and moving arrays across
// the JS/WASM boundary exactly once each way.
#pragma once
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <string>
#include <vector>

#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn::bindings {

using emscripten::val;

// Throws a JS Error (name "NotFittedError" for NotFitted, "Error" otherwise) carrying `message`.
[[noreturn]] void throw_js_error(const std::string& name, const std::string& message);

// Runs f; a C++ exception becomes a JS Error with the same message. The JS error is thrown only
// after the catch block has ended, so the C++ exception object and everything it owned are freed.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  std::string name, message;
  try {
    return f();
  } catch (const NotFitted& e) {
    name = "NotFittedError";
    message = e.what();
  } catch (const std::bad_alloc&) {
    name = "Error";
    message = "out of memory in the WebAssembly heap";
  } catch (const std::exception& e) {
    name = "Error";
    message = e.what();
  } catch (...) {
    name = "Error";
    message = "unknown error in the WebAssembly module";
  }
  throw_js_error(name, message);
}

// A row-major rows x cols array copied once from a JS Float64Array/Float32Array/number[] into the
// WASM heap; `map()` views it as an Eigen matrix without another copy.
class Buffer {
 public:
  Buffer(const val& array, int rows, int cols, const char* name);
  Eigen::Map<const Matrix> map() const { return {values_.data(), rows_, cols_}; }

 private:
  std::vector<double> values_;
  Index rows_, cols_;
};

// A Float64Array/Float32Array/number[] copied once into a vector of the WASM heap.
Vector vector_from_js(const val& array);

// A Uint8Array copied into the WASM heap, and bytes copied out into a fresh Uint8Array.
std::vector<std::uint8_t> bytes_from_js(const val& array);
val bytes_to_js(const std::vector<std::uint8_t>& bytes);

// Copies out into fresh JS-owned arrays: {data: Float64Array, shape: number[]}.
val to_js(const NdArray& a);
val shape_to_js(const std::vector<Index>& shape);  // a number[]
val to_js_double(const double* p, Index n);
json parse_json(const val& text, const char* what);  // text: a JS string

}  // namespace wasmlearn::bindings
