// sklearn.linear_model's module-level functions: lasso_path / enet_path. Options arrive as a JSON
// string and are checked by the core (enet_path_options: unknown key, type, range; messages use the
// JS names); the JS layer (bindings/js/linear_model.js) normalises X and y and wraps the result.
#include "bindings/embind/boundary.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/linear_model/coordinate_descent.hpp"

namespace wasmlearn::bindings {
namespace {

val path(const val& X, int rows, int cols, const val& y, const val& options, bool enet) {
  return guarded([&] {
    const Buffer x(X, rows, cols, "X");
    const Buffer t(y, rows, 1, "y");
    const EnetPath r = enet_path(x.map(), t.map().col(0), enet_path_options(parse_json(options, "options"), enet));
    val out = val::object();
    out.set("alphas", to_js_double(r.alphas.data(), r.alphas.size()));
    out.set("coefs", to_js(NdArray::from(r.coefs)));
    out.set("dualGaps", to_js_double(r.dual_gaps.data(), r.dual_gaps.size()));
    out.set("nIters", to_js_int(r.n_iters.data(), r.n_iters.size()));
    val warnings = val::array();
    for (const auto& w : r.warnings.messages) warnings.call<void>("push", w);
    out.set("warnings", warnings);
    return out;
  });
}

val lasso(const val& X, int rows, int cols, const val& y, const val& options) { return path(X, rows, cols, y, options, false); }
val enet(const val& X, int rows, int cols, const val& y, const val& options) { return path(X, rows, cols, y, options, true); }

}  // namespace
}  // namespace wasmlearn::bindings

EMSCRIPTEN_BINDINGS(wasmlearn_linear_model) {
  using namespace wasmlearn::bindings;
  emscripten::function("lassoPath", &lasso);
  emscripten::function("enetPath", &enet);
}
