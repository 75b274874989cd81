// Native benchmark runner: the same tasks as the WebAssembly and scikit-learn runners, through the
// same by-name entry point the JS binding uses (make_estimator), so a new workload needs no code here;
// a workload that times a module-level function (`call`, e.g. lassoPath) calls it by name too
// (call_function, the core's function registry).
//
//   wasmlearn_bench <tasks.json> <out.json> <runner-name> [task-id-substring]
//
// tasks.json is written by tests/bench/run.mjs (see README.md there); each task names a dataset file
// (float64, little-endian: Xtrain | ytrain | Xtest | ytest), an estimator and its options, the timed
// phases ("fit", "predict") and the number of repetitions. Predictions (or the transform) of the last
// repetition are written to build/bench/pred/<runner>/<task id>.f64 for the agreement checks; tasks
// flagged nIter / memory also record the last model's iteration count / saved-JSON size.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "wasmlearn/base/any_estimator.hpp"
#include "wasmlearn/base/function.hpp"

using wasmlearn::Index;
using wasmlearn::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Dataset {
  Index n_train = 0, n_test = 0, d = 0, y_cols = 0;
  std::vector<double> Xtrain, ytrain, Xtest, ytest;
};

Dataset load(const json& spec) {
  Dataset ds;
  ds.n_train = spec.at("nTrain").get<Index>();
  ds.n_test = spec.at("nTest").get<Index>();
  ds.d = spec.at("nFeatures").get<Index>();
  ds.y_cols = spec.at("yCols").get<Index>();
  const std::string file = spec.at("file").get<std::string>();
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + file);
  auto read = [&](std::vector<double>& v, Index n) {
    v.resize(static_cast<std::size_t>(n));
    in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(n * sizeof(double)));
    if (!in) throw std::runtime_error(file + " is shorter than its description");
  };
  read(ds.Xtrain, ds.n_train * ds.d);
  read(ds.ytrain, ds.n_train * ds.y_cols);
  read(ds.Xtest, ds.n_test * ds.d);
  read(ds.ytest, ds.n_test * ds.y_cols);
  return ds;
}

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}
// Process CPU time (user + system), as the JS and Python runners measure it.
double cpu_ms() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
}
struct Stopwatch {
  Clock::time_point wall = Clock::now();
  double cpu = cpu_ms();
  std::pair<double, double> lap() const { return {cpu_ms() - cpu, ms_since(wall)}; }
};

using Map = Eigen::Map<const wasmlearn::Matrix>;

// A module-level function a workload calls, by its JS name (the core's function registry, as the
// WASM module calls it) on (X, y); its "coefs" result, flat, is what the checks read.
std::vector<double> call_named(const std::string& name, const Map& X, const Map& Y, const json& options) {
  const wasmlearn::FunctionResult r = wasmlearn::call_function(name, {X, Y}, options);
  for (const auto& [key, array] : r.arrays)
    if (key == "coefs") return array.data;
  throw std::runtime_error(name + " returns no coefs for the native runner to check");
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

json run_task(const json& task, const std::string& runner, const std::string& pred_dir) {
  const Dataset ds = load(task.at("dataset"));
  const std::string name = task.value("estimator", "");
  const json options = task.at("options");
  const std::string method = task.value("method", "predict");
  const auto phases = task.at("time").get<std::vector<std::string>>();
  const bool time_fit = std::find(phases.begin(), phases.end(), "fit") != phases.end();
  const bool time_predict = std::find(phases.begin(), phases.end(), "predict") != phases.end();
  const int reps = task.value("reps", 5), warmup = task.value("warmup", 1);
  const double budget_ms = 1000.0 * task.value("budgetSeconds", 20.0);

  const Map Xtr(ds.Xtrain.data(), ds.n_train, ds.d), Xte(ds.Xtest.data(), ds.n_test, ds.d);
  const Map Ytr(ds.ytrain.data(), ds.n_train, ds.y_cols);
  const bool y_is_vector = ds.y_cols <= 1;

  std::vector<double> fit_ms, predict_ms, fit_wall, predict_wall;
  std::vector<double> out;
  std::unique_ptr<wasmlearn::AnyEstimator> est;
  const std::string call = task.value("call", "");
  auto fit = [&] {
    if (!call.empty()) {  // the call is the timed phase; its result is the output
      const Stopwatch sw;
      out = call_named(call, Xtr, Ytr, options);
      return sw.lap();
    }
    est = wasmlearn::make_estimator(name, options);
    est->set_float32_input(task.value("float32", false));
    const Stopwatch sw;
    est->fit(Xtr, Ytr, y_is_vector);
    return sw.lap();
  };
  auto predict = [&] {
    const Stopwatch sw;
    if (!call.empty()) return sw.lap();
    if (method == "transform") {
      const wasmlearn::Matrix r = est->transform(Xte);
      const auto t = sw.lap();
      out.assign(r.data(), r.data() + r.size());
      return t;
    }
    const wasmlearn::NdArray r = est->call(method, Xte).items.at(0).second;
    const auto t = sw.lap();
    out = r.data;
    return t;
  };

  const auto start = Clock::now();
  for (int w = 0; w < warmup; ++w) {
    fit();
    predict();
  }
  if (!time_fit) fit();
  for (int r = 0; r < reps; ++r) {
    if (time_fit) {
      const auto [c, w] = fit();
      fit_ms.push_back(c);
      fit_wall.push_back(w);
    }
    if (time_predict || r == 0) {
      const auto [c, w] = predict();
      if (time_predict) predict_ms.push_back(c), predict_wall.push_back(w);
    }
    if (ms_since(start) > budget_ms) break;
  }

  const std::string pred_file = pred_dir + "/" + task.at("id").get<std::string>() + ".f64";
  std::ofstream(pred_file, std::ios::binary)
      .write(reinterpret_cast<const char*>(out.data()), static_cast<std::streamsize>(out.size() * sizeof(double)));
  json res = {{"runner", runner}, {"reps", std::max(fit_ms.size(), predict_ms.size())}, {"predictions", pred_file}};
  if (time_fit) res["fitMs"] = median(fit_ms), res["fitWallMs"] = median(fit_wall), res["fitSamples"] = fit_ms;
  if (time_predict)
    res["predictMs"] = median(predict_ms), res["predictWallMs"] = median(predict_wall), res["predictSamples"] = predict_ms;
  // Facts about the last fitted model (untimed): iterations run, size of the saved model.
  if (task.value("nIter", false)) res["nIter"] = est->attribute("nIter").data.at(0);
  if (task.value("memory", false)) res["modelBytes"] = est->to_json().dump().size(), res["modelFormat"] = "JSON";
  return res;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: wasmlearn_bench <tasks.json> <out.json> <runner-name> [task-id-substring]\n";
    return 2;
  }
  const std::string runner = argv[3], filter = argc > 4 ? argv[4] : "";
  std::ifstream in(argv[1]);
  const json spec = json::parse(in);
  const std::string pred_dir = spec.at("predDir").get<std::string>() + "/" + runner;
  std::system(("mkdir -p '" + pred_dir + "'").c_str());
  json results = json::object();
  for (const json& task : spec.at("tasks")) {
    const std::string id = task.at("id").get<std::string>();
    const auto runners = task.at("runners").get<std::vector<std::string>>();
    if (std::find(runners.begin(), runners.end(), "native") == runners.end()) continue;
    if (!filter.empty() && id.find(filter) == std::string::npos) continue;
    try {
      results[id] = run_task(task, runner, pred_dir);
      std::cerr << "  " << runner << " " << id << ": "
                << results[id].value("fitMs", 0.0) << " ms fit, " << results[id].value("predictMs", 0.0) << " ms predict\n";
    } catch (const std::exception& e) {
      results[id] = {{"runner", runner}, {"error", e.what()}};
      std::cerr << "  " << runner << " " << id << ": error: " << e.what() << "\n";
    }
  }
  std::ofstream(argv[2]) << results.dump(1) << "\n";
  return 0;
}
