// sklearn.metrics functions; the JS layer encodes labels to codes before calling accuracyScore.
#include "bindings/embind/boundary.hpp"
#include "wasmlearn/metrics/metrics.hpp"

namespace wasmlearn::bindings {
namespace {

using RegressionMetric = double (*)(MatrixRef, MatrixRef);

template <RegressionMetric metric>
double regression(const val& y_true, const val& y_pred, int rows, int cols) {
  return guarded([&] {
    const Buffer t(y_true, rows, cols, "yTrue");
    const Buffer p(y_pred, rows, cols, "yPred");
    return metric(t.map(), p.map());
  });
}

double accuracy(const val& y_true, const val& y_pred) {
  return guarded([&] {
    const int n = y_true["length"].as<int>();
    const Buffer t(y_true, n, 1, "yTrue");
    const Buffer p(y_pred, n, 1, "yPred");
    return accuracy_score(t.map().col(0).cast<int>(), p.map().col(0).cast<int>());
  });
}

}  // namespace
}  // namespace wasmlearn::bindings

EMSCRIPTEN_BINDINGS(wasmlearn_metrics) {
  using namespace wasmlearn;
  using namespace wasmlearn::bindings;
  emscripten::function("accuracyScore", &accuracy);
  emscripten::function("meanSquaredError", &regression<&mean_squared_error>);
  emscripten::function("meanAbsoluteError", &regression<&mean_absolute_error>);
  emscripten::function("r2Score", &regression<&r2_score>);
}
