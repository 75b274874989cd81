// libFuzzer target: the model-JSON loader (what Estimator.fromJSON hands the core). Any text must
// load or be refused with wasmlearn::Error; a model that loads must save again and answer the methods
// of X alone on a small finite X with a result or an Error, never a crash or a sanitizer report.
// Seeds: tests/fuzz/corpus/model_json (saved models of every estimator).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/standard_methods.hpp"

using namespace wasmlearn;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::unique_ptr<AnyEstimator> model;
  try {
    model = estimator_from_json(parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "model JSON"));
    model->to_json();
  } catch (const Error&) {
    return 0;
  }
  // A small X whose column count is taken from the input, so that matching shapes are reached.
  const Index cols = static_cast<Index>(size % 5) + 1;
  Matrix X(3, cols);
  for (Index i = 0; i < X.size(); ++i) X.data()[i] = std::sin(static_cast<double>(i + 1));
  for (int id = 0; id < kStandardMethodCount; ++id) {
    MethodSpec spec{};
    int i = 0;
    for_each_standard_method([&](auto m) {
      if (i++ == id) spec = m.spec;
    });
    if (spec.args != MethodArgs::X || !model->supports(spec.name)) continue;
    try {
      model->call(id, X);
    } catch (const Error&) {
    }
  }
  return 0;
}
