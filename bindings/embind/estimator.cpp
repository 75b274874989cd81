// The one generic binder: every estimator of the registry is reached through RawEstimator, built
// by name from its declaration, so no estimator has glue code of its own. Arrays cross once each
// way: a JS typed array is copied into a WASM-heap vector (Eigen maps it), and results are copied
// out into fresh JS-owned typed arrays (views of WASM memory detach when memory grows), or into
// one the caller passes (callXInto).
#include "bindings/embind/boundary.hpp"

#include <cmath>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/model_binary.hpp"

namespace wasmlearn::bindings {
namespace {

class RawEstimator {
 public:
  explicit RawEstimator(std::unique_ptr<AnyEstimator> impl) : impl_(std::move(impl)) {}

  // Factories rather than constructors, and strings taken as JS values and converted inside
  // guarded(): a JS Error unwinding through embind's frames would skip the destructors of any
  // std::string arguments embind made, so none may exist when it is thrown.
  static RawEstimator* create(const val& name, const val& options) {
    return guarded([&] {
      return new RawEstimator(make_estimator(name.as<std::string>(), parse_json(options, "options")));
    });
  }
  static RawEstimator* from_json(const val& text) {
    return guarded([&] { return new RawEstimator(estimator_from_json(parse_json(text, "model JSON"))); });
  }
  // The model as toJSON's document in CBOR (a Uint8Array), and back: how pool workers exchange models.
  static RawEstimator* from_binary(const val& bytes) {
    return guarded([&] { return new RawEstimator(estimator_from_json(model_from_bytes(bytes))); });
  }
  val to_binary() const {
    return guarded([&] { return bytes_to_js(model_to_binary(*impl_)); });
  }
  // An ensemble fitted in slices (a JS array of binary models, each holding some of the members in
  // state[list]) joined into one model with the options `params` (JSON text).
  static RawEstimator* join_members(const val& parts, const val& list, const val& params) {
    return guarded([&] {
      std::vector<json> models;
      const int count = parts["length"].as<int>();
      for (int k = 0; k < count; ++k) models.push_back(model_from_bytes(parts[k]));
      return new RawEstimator(
          estimator_from_json(wasmlearn::join_members(std::move(models), list.as<std::string>(), parse_json(params, "options"))));
    });
  }

  // on_progress: undefined, or a JS function (done, total[, values]) -> boolean (false cancels);
  // values, when the step has some, is { name: number or null (NaN) } (an MLP's loss). The JS
  // layer wraps the user's callback so that it never throws through WASM frames.
  // sample_weight: undefined, or a Float64Array / Float32Array / number[] (its length is checked
  // against the rows of X in the core), copied once into the vector fit reads.
  void fit(const val& X, int rows, int cols, const val& Y, int y_cols, bool y_is_vector, const val& on_progress,
           const val& sample_weight) {
    guarded([&] {
      const Buffer x(X, rows, cols, "X");
      const Buffer y(Y, rows, y_cols, "y");
      std::optional<Vector> weights;
      if (!sample_weight.isUndefined() && !sample_weight.isNull()) weights = vector_from_js(sample_weight);
      // Unset again however fit ends, so the model keeps no reference to the JS function.
      struct ProgressScope {
        AnyEstimator& est;
        ~ProgressScope() { est.set_progress(nullptr); }
      } scope{*impl_};
      if (on_progress.typeOf().as<std::string>() == "function")
        impl_->set_progress([this, &on_progress](int done, int total) {
          const NamedArrays values = impl_->progress_values();
          if (values.items.empty()) return on_progress(done, total).as<bool>();
          val named = val::object();
          for (const auto& [name, array] : values.items) {
            const double v = array.data.at(0);
            named.set(name, std::isnan(v) ? val::null() : val(v));
          }
          return on_progress(done, total, named).as<bool>();
        });
      impl_->set_float32_input(is_float32(X));
      impl_->fit(x.map(), y.map(), y_is_vector, weights ? &*weights : nullptr);
    });
  }
  val attribute(const val& name) const {
    return guarded([&] { return to_js(impl_->attribute(name.as<std::string>())); });
  }
  // Any method, standard or declared, by its id (AnyEstimator::call); number: NaN when not given.
  // A single unnamed result comes back as {data, shape}, named ones as { name: {data, shape}, ... }.
  val call(int method, const val& X, int rows, int cols, const val& Y, int y_cols, double number) const {
    return guarded([&] {
      impl_->set_float32_input(is_float32(X));
      const Buffer x(X, rows, cols, "X");
      const Buffer y(Y, y_cols == 0 ? 0 : rows, y_cols, "y");
      return result_to_js(impl_->call(method, x.map(), y.map(), number));
    });
  }
  // The same for methods of X alone (predict, transform, ...): the calls made in tight loops on
  // few rows, where every argument crossing the boundary shows.
  // single: the result's values rounded to float in WASM memory and given as a Float32Array (a
  // float32 X of a method that keeps its precision), one copy out.
  val call_x(int method, const val& X, int rows, int cols, bool single) const {
    return guarded([&] {
      impl_->set_float32_input(is_float32(X));
      NamedArrays result = impl_->call(method, Buffer(X, rows, cols, "X").map());
      if (single && is_single(result) && !result.items[0].second.is_float32) {
        NdArray& values = result.items[0].second;
        values.floats.assign(values.data.begin(), values.data.end());
        values.data.clear();
        values.is_float32 = true;
      }
      return result_to_js(result);
    });
  }
  // call_x with its one result written into `out`, a Float64Array (Float32Array) the caller keeps (of the result's
  // size): no fresh JS array a call. The network view draws every neuron's map from 10 000 rows, and
  // a fresh 1.4 MB array cost Chromium about 1 ms, half the picture's budget. Returns the shape.
  val call_x_into(int method, const val& X, int rows, int cols, const val& out) const {
    return guarded([&] {
      impl_->set_float32_input(is_float32(X));
      const NamedArrays result = impl_->call(method, Buffer(X, rows, cols, "X").map());
      if (!is_single(result)) throw InvalidArgument("out: this method has several results; call it without out");
      const NdArray& values = result.items[0].second;
      const std::size_t size = values.is_float32 ? values.floats.size() : values.data.size();
      const auto length = out["length"].as<double>();
      if (length != static_cast<double>(size))
        throw InvalidArgument("out has " + std::to_string(static_cast<long long>(length)) + " values but the result has " +
                              std::to_string(size));
      if (values.is_float32) out.call<void>("set", emscripten::typed_memory_view(size, values.floats.data()));
      else out.call<void>("set", emscripten::typed_memory_view(size, values.data.data()));
      return shape_to_js(values.shape);
    });
  }
  // A method that changes the model (partialFit) by its id; number: the count of classes, NaN when not given.
  void update(int method, const val& X, int rows, int cols, const val& Y, int y_cols, bool y_is_vector, double number) {
    guarded([&] {
      const Buffer x(X, rows, cols, "X");
      const Buffer y(Y, rows, y_cols, "y");
      impl_->set_float32_input(is_float32(X));
      impl_->update(method, x.map(), y.map(), y_is_vector, number);
    });
  }
  std::string get_params() const { return guarded([&] { return impl_->get_params().dump(); }); }
  void set_params(const val& options) {
    guarded([&] { impl_->set_params(parse_json(options, "options")); });
  }
  std::string to_json() const { return guarded([&] { return impl_->to_json().dump(); }); }
  std::string warnings() const { return guarded([&] { return wasmlearn::to_json(impl_->warnings()).dump(); }); }
  // What JS asks after every method call: most models have no warnings, and a count costs no text.
  int warning_count() const { return static_cast<int>(impl_->warnings().items.size()); }
  // Whether the last fit's X was a Float32Array: transform keeps a float32 X's precision then (fitAndX).
  bool fitted_on_float32() const { return impl_->fitted_on_float32(); }
  bool supports(const val& method) const { return impl_->supports(method.as<std::string>()); }

 private:
  static json model_from_bytes(const val& bytes) {
    const std::vector<std::uint8_t> data = bytes_from_js(bytes);
    return parse_binary(data.data(), data.size(), "binary model");
  }
  // X given as a Float32Array: the estimators that keep float32 input in float32 train (and an MLP
  // trained in float32 predicts) in float32.
  static bool is_float32(const val& X) { return X.instanceof(val::global("Float32Array")); }
  // One unnamed array: what a method of one result returns.
  static bool is_single(const NamedArrays& result) { return result.items.size() == 1 && result.items[0].first.empty(); }
  static val result_to_js(const NamedArrays& result) {
    if (is_single(result)) return to_js(result.items[0].second);
    val out = val::object();
    for (const auto& [name, array] : result.items) out.set(name, to_js(array));
    return out;
  }

  std::unique_ptr<AnyEstimator> impl_;
};

}  // namespace
}  // namespace wasmlearn::bindings

EMSCRIPTEN_BINDINGS(wasmlearn_estimators) {
  using wasmlearn::bindings::RawEstimator;
  emscripten::class_<RawEstimator>("RawEstimator")
      .class_function("create", &RawEstimator::create, emscripten::allow_raw_pointers())
      .class_function("fromJSON", &RawEstimator::from_json, emscripten::allow_raw_pointers())
      .class_function("fromBinary", &RawEstimator::from_binary, emscripten::allow_raw_pointers())
      .class_function("joinMembers", &RawEstimator::join_members, emscripten::allow_raw_pointers())
      .function("fit", &RawEstimator::fit)
      .function("attribute", &RawEstimator::attribute)
      .function("call", &RawEstimator::call)
      .function("callX", &RawEstimator::call_x)
      .function("callXInto", &RawEstimator::call_x_into)
      .function("update", &RawEstimator::update)
      .function("getParams", &RawEstimator::get_params)
      .function("setParams", &RawEstimator::set_params)
      .function("toJSON", &RawEstimator::to_json)
      .function("toBinary", &RawEstimator::to_binary)
      .function("warnings", &RawEstimator::warnings)
      .function("warningCount", &RawEstimator::warning_count)
      .function("fittedOnFloat32", &RawEstimator::fitted_on_float32)
      .function("supports", &RawEstimator::supports);
  emscripten::function("estimators", emscripten::optional_override([] { return wasmlearn::estimators_metadata().dump(); }));
  emscripten::function("standardMethods",
                       emscripten::optional_override([] { return wasmlearn::standard_methods_metadata().dump(); }));
}
