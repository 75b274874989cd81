// The one binder of module functions: any function of the registry (base/function.hpp) is called by
// its JS name, so no function has glue code of its own. Arrays cross once each way, as for estimators:
// each { data, rows, cols } is copied into the WASM heap (Eigen maps it), results are copied out into
// fresh JS-owned arrays.
#include "bindings/embind/boundary.hpp"

#include "wasmlearn/base/function.hpp"

namespace wasmlearn::bindings {
namespace {

// arrays: a JS array of { name, data, rows, cols } in the declared order; options: a JSON string;
// classNames: the names of the classes the label arguments were coded with (string[]).
// Returns { results, warnings }: results { name: { data, shape } } for arrays and { name: string[] }
// for texts ("" names the one value), apart from the warnings ({ kind, message }[]) so that a result
// may be named "warnings" too.
val call_function_by_name(const val& name, const val& arrays, const val& options, const val& class_names) {
  return guarded([&] {
    const std::string function = name.as<std::string>();
    const int count = arrays["length"].as<int>();
    std::vector<std::string> names(static_cast<std::size_t>(count));  // outlive the buffers' messages
    std::vector<Buffer> buffers;
    buffers.reserve(names.size());
    for (int i = 0; i < count; ++i) {
      const val a = arrays[i];
      names[i] = a["name"].as<std::string>();
      buffers.emplace_back(a["data"], a["rows"].as<int>(), a["cols"].as<int>(), names[i].c_str());
    }
    FunctionArrays maps;
    for (const Buffer& b : buffers) maps.push_back(b.map());
    CallContext context;
    for (int i = 0, count_names = class_names["length"].as<int>(); i < count_names; ++i)
      context.class_names.push_back(class_names[i].as<std::string>());
    const FunctionResult result = call_function(function, maps, parse_json(options, "options"), context);
    val results = val::object();
    for (const auto& [key, array] : result.arrays) results.set(key, to_js(array));
    for (const auto& [key, texts] : result.texts) {
      val list = val::array();
      for (const auto& t : texts) list.call<void>("push", t);
      results.set(key, list);
    }
    val warnings = val::array();
    for (const auto& w : result.warnings.items) {
      val warning = val::object();
      warning.set("kind", warning_kind_name(w.kind));
      warning.set("message", w.message);
      warnings.call<void>("push", warning);
    }
    val out = val::object();
    out.set("results", results);
    out.set("warnings", warnings);
    return out;
  });
}

}  // namespace
}  // namespace wasmlearn::bindings

EMSCRIPTEN_BINDINGS(wasmlearn_functions) {
  emscripten::function("callFunction", &wasmlearn::bindings::call_function_by_name);
  emscripten::function("functions", emscripten::optional_override([] { return wasmlearn::functions_metadata().dump(); }));
}
