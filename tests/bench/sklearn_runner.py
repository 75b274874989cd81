"""scikit-learn benchmark runner: the same tasks and data files as the wasmlearn runners.
Times are process CPU time (*Ms) and wall time (*WallMs), medians in ms.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 tests/bench/sklearn_runner.py \
        <tasks.json> <out.json> [id-substring]

Each task's `sklearn` entry names the class (or, for a workload that `call`s a module function, the
function, e.g. sklearn.linear_model.lasso_path) and its parameters; `variants` adds extra rows
(results keyed "<id>@<variant>"); `nIter` tasks record n_iter_, `memory` tasks the pickle size of
the fitted model. Single-threaded: the thread variables are set by scripts/bench.sh
and checked here through threadpoolctl when it is available.
"""
import importlib
import json
import os
import pickle
import statistics
import sys
import time

import numpy as np


def load(spec):
    a = np.fromfile(spec["file"], dtype="<f8")
    n, m, d, yc = spec["nTrain"], spec["nTest"], spec["nFeatures"], spec["yCols"]
    o = 0

    def take(k):
        nonlocal o
        o += k
        return a[o - k:o]

    Xtr = take(n * d).reshape(n, d)
    ytr = take(n * yc)
    Xte = take(m * d).reshape(m, d)
    yte = take(m * yc)
    return Xtr, ytr, Xte, yte, spec


def run(task, cls, params, data, pred_file):
    Xtr, ytr, Xte, _, spec = data
    if spec["yCols"] == 1 and task.get("check") == "labels":
        ytr = ytr.astype(np.int64)
    elif spec["yCols"] == 0:
        ytr = None
    time_fit = "fit" in task["time"]
    time_predict = "predict" in task["time"]
    method = task.get("method", "predict")
    reps, warmup = task.get("reps", 5), task.get("warmup", 1)
    budget = task.get("budgetSeconds", 20.0)
    fit_s, pred_s, fit_w, pred_w = [], [], [], []
    state = {}

    def fit():
        t0, c0 = time.perf_counter(), time.process_time()
        if "call" in task:  # a module function such as lasso_path: (alphas, coefs, gaps); coefs are the output
            state["out"] = cls(Xtr, ytr, **params)[1]
        else:
            est = cls(**params)
            est.fit(Xtr) if ytr is None else est.fit(Xtr, ytr)
            state["est"] = est
        return time.process_time() - c0, time.perf_counter() - t0

    def predict():
        t0, c0 = time.perf_counter(), time.process_time()
        if "call" in task:
            return time.process_time() - c0, time.perf_counter() - t0
        out = getattr(state["est"], method)(Xte)
        t = time.process_time() - c0, time.perf_counter() - t0
        state["out"] = out
        return t

    start = time.perf_counter()
    for _ in range(warmup):
        fit()
        predict()
    if not time_fit:
        fit()
    for r in range(reps):
        if time_fit:
            c, t = fit()
            fit_s.append(c)
            fit_w.append(t)
        if time_predict or r == 0:
            c, t = predict()
            if time_predict:
                pred_s.append(c)
                pred_w.append(t)
        if time.perf_counter() - start > budget:
            break
    np.asarray(state["out"], dtype="<f8").ravel().tofile(pred_file)
    res = {"runner": "sklearn", "reps": max(len(fit_s), len(pred_s)), "predictions": pred_file}
    if task.get("nIter"):
        res["nIter"] = int(state["est"].n_iter_)
    if task.get("memory"):
        res["modelBytes"] = len(pickle.dumps(state["est"], protocol=pickle.HIGHEST_PROTOCOL))
        res["modelFormat"] = "pickle"
    if time_fit:
        res["fitMs"] = 1000 * statistics.median(fit_s)
        res["fitWallMs"] = 1000 * statistics.median(fit_w)
        res["fitSamples"] = [1000 * t for t in fit_s]
    if time_predict:
        res["predictMs"] = 1000 * statistics.median(pred_s)
        res["predictWallMs"] = 1000 * statistics.median(pred_w)
        res["predictSamples"] = [1000 * t for t in pred_s]
    return res


def main():
    tasks_file, out_file = sys.argv[1], sys.argv[2]
    filt = sys.argv[3] if len(sys.argv) > 3 else ""
    spec = json.load(open(tasks_file))
    pred_dir = os.path.join(spec["predDir"], "sklearn")
    os.makedirs(pred_dir, exist_ok=True)
    import sklearn

    threads = None
    try:
        from threadpoolctl import threadpool_info
        threads = {i["internal_api"]: i["num_threads"] for i in threadpool_info()}
    except Exception:
        pass
    blas = os.path.realpath("/etc/alternatives/libblas.so.3-x86_64-linux-gnu")  # Debian: netlib or OpenBLAS?
    results = {"_meta": {"sklearn": sklearn.__version__, "numpy": np.__version__, "threads": threads, "blas": blas}}
    for task in spec["tasks"]:
        if filt not in task["id"] or "sklearn" not in task["runners"] or not task.get("sklearn"):
            continue
        sk = task["sklearn"]
        mod, _, name = (sk.get("function") or sk["class"]).rpartition(".")
        cls = getattr(importlib.import_module(mod), name)
        data = load(task["dataset"])
        variants = [("", sk.get("params", {}))]
        variants += [("@" + k, {**sk.get("params", {}), **v}) for k, v in sk.get("variants", {}).items()]
        for suffix, params in variants:
            key = task["id"] + suffix
            try:
                res = run(task, cls, params, data, os.path.join(pred_dir, key + ".f64"))
                res["params"] = params
                results[key] = res
                print(f"  sklearn {key}: {res.get('fitMs', 0):.1f} ms fit, {res.get('predictMs', 0):.1f} ms predict",
                      file=sys.stderr)
            except Exception as e:  # noqa: BLE001 - reported in the table
                results[key] = {"runner": "sklearn", "error": f"{type(e).__name__}: {e}"}
                print(f"  sklearn {key}: error: {e}", file=sys.stderr)
    json.dump(results, open(out_file, "w"), indent=1)


if __name__ == "__main__":
    main()
