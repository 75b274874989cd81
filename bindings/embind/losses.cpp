// Loss functions and penalties (wasmlearn::losses) for plotting; the JS layer
// (bindings/js/losses.js) accepts a number, an array or a matrix and shapes the result.
#include "bindings/embind/boundary.hpp"
#include "wasmlearn/linear_model/losses.hpp"

namespace wasmlearn::bindings {
namespace {

using Elementwise = Vector (*)(VectorRef);

template <Elementwise f>
val elementwise(const val& values, int n, const std::string& name) {
  return guarded([&] {
    const Buffer b(values, n, 1, name.c_str());
    const Vector out = f(b.map().col(0));
    return to_js_double(out.data(), out.size());
  });
}

using WithParameter = Vector (*)(VectorRef, double);

template <WithParameter f>
val with_parameter(const val& values, int n, double parameter) {
  return guarded([&] {
    const Buffer b(values, n, 1, "residuals");
    const Vector out = f(b.map().col(0), parameter);
    return to_js_double(out.data(), out.size());
  });
}

using Penalty = Vector (*)(MatrixRef);

template <Penalty f>
val penalty(const val& w, int rows, int cols) {
  return guarded([&] {
    const Buffer b(w, rows, cols, "w");
    const Vector out = f(b.map());
    return to_js_double(out.data(), out.size());
  });
}

val elastic_net(const val& w, int rows, int cols, double l1_ratio) {
  return guarded([&] {
    const Buffer b(w, rows, cols, "w");
    const Vector out = losses::elastic_net(b.map(), l1_ratio);
    return to_js_double(out.data(), out.size());
  });
}

}  // namespace
}  // namespace wasmlearn::bindings

EMSCRIPTEN_BINDINGS(wasmlearn_losses) {
  using namespace wasmlearn;
  using namespace wasmlearn::bindings;
  emscripten::function("lossZeroOne", &elementwise<&losses::zero_one>);
  emscripten::function("lossLogistic", &elementwise<&losses::logistic>);
  emscripten::function("lossHinge", &elementwise<&losses::hinge>);
  emscripten::function("lossSquaredHinge", &elementwise<&losses::squared_hinge>);
  emscripten::function("lossExponential", &elementwise<&losses::exponential>);
  emscripten::function("lossPerceptron", &elementwise<&losses::perceptron>);
  emscripten::function("lossSquared", &elementwise<&losses::squared>);
  emscripten::function("lossAbsolute", &elementwise<&losses::absolute>);
  emscripten::function("lossEpsilonInsensitive", &with_parameter<&losses::epsilon_insensitive>);
  emscripten::function("lossHuber", &with_parameter<&losses::huber>);
  emscripten::function("penaltyL0", &penalty<&losses::l0>);
  emscripten::function("penaltyL1", &penalty<&losses::l1>);
  emscripten::function("penaltyL2", &penalty<&losses::l2>);
  emscripten::function("penaltyElasticNet", &elastic_net);
}
