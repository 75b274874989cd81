// sklearn.linear_model's module-level functions: lasso_path / enet_path. Options arrive as a JSON
// string and are checked here (unknown key, type, range; messages use the JS names); the JS layer
// (bindings/js/linear_model.js) normalises X and y and wraps the result.
#include <cmath>

#include "bindings/embind/boundary.hpp"
#include "wasmlearn/base/validation.hpp"
#include "wasmlearn/linear_model/coordinate_descent.hpp"

namespace wasmlearn::bindings {
namespace {

double number_option(const json& v, const std::string& name) {
  if (!v.is_number() || !std::isfinite(v.get<double>())) throw InvalidArgument(name + " must be a number, got " + v.dump());
  return v.get<double>();
}
int int_option(const json& v, const std::string& name) {
  const double x = number_option(v, name);
  if (std::floor(x) != x) throw InvalidArgument(name + " must be an integer, got " + v.dump());
  return static_cast<int>(x);
}

EnetPathOptions path_options(const json& o, bool enet) {
  EnetPathOptions p;
  if (enet) p.l1_ratio = 0.5;
  if (o.is_null()) return p;
  if (!o.is_object()) throw InvalidArgument(std::string(enet ? "enetPath" : "lassoPath") + " options must be an object");
  const std::string valid = std::string(enet ? "l1Ratio, " : "") + "eps, nAlphas, alphas, tol, maxIter, positive";
  for (auto it = o.begin(); it != o.end(); ++it) {
    const std::string& k = it.key();
    const json& v = it.value();
    if (v.is_null()) continue;  // not set: the default
    if (k == "l1Ratio" && enet) {
      p.l1_ratio = number_option(v, k);
      if (p.l1_ratio < 0 || p.l1_ratio > 1) throw InvalidArgument("l1Ratio must be in [0, 1], got " + v.dump());
    } else if (k == "eps") {
      p.eps = number_option(v, k);
      if (!(p.eps > 0)) throw InvalidArgument("eps must be greater than 0, got " + v.dump());
    } else if (k == "nAlphas") {
      p.n_alphas = int_option(v, k);
      if (p.n_alphas < 1) throw InvalidArgument("nAlphas must be at least 1, got " + v.dump());
    } else if (k == "alphas") {
      if (!v.is_array()) throw InvalidArgument("alphas must be an array of numbers, got " + v.dump());
      std::vector<double> a;
      for (const auto& x : v) a.push_back(number_option(x, "alphas[" + std::to_string(a.size()) + "]"));
      p.alphas = std::move(a);
    } else if (k == "tol") {
      p.tol = number_option(v, k);
      if (p.tol < 0) throw InvalidArgument("tol must be at least 0, got " + v.dump());
    } else if (k == "maxIter") {
      p.max_iter = int_option(v, k);
      if (p.max_iter < 1) throw InvalidArgument("maxIter must be at least 1, got " + v.dump());
    } else if (k == "positive") {
      if (!v.is_boolean()) throw InvalidArgument("positive must be true or false, got " + v.dump());
      p.positive = v.get<bool>();
    } else {
      throw InvalidArgument("Unknown option '" + k + "' for " + (enet ? "enetPath" : "lassoPath") + "; valid options: " + valid);
    }
  }
  return p;
}

val path(const val& X, int rows, int cols, const val& y, const val& options, bool enet) {
  return guarded([&] {
    const Buffer x(X, rows, cols, "X");
    const Buffer t(y, rows, 1, "y");
    const EnetPath r = enet_path(x.map(), t.map().col(0), path_options(parse_json(options, "options"), enet));
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
