"""scikit-learn benchmark runner: the same tasks and data files as the wasmlearn runners.
Times are process CPU time (*Ms) and wall time (*WallMs), medians in ms.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 tests/bench/sklearn_runner.py \
        <tasks.json> <out.json> [id-substring]

Each task's `sklearn` entry names the class (or, for a workload that `call`s a module function, the
function, e.g. sklearn.linear_model.lasso_path) and its parameters; `variants` adds extra rows
(results keyed "<id>@<variant>"); `nIter` tasks record n_iter_, `memory` tasks the pickle size of
the fitted model. Single-threaded on OpenBLAS: tests/bench/run.mjs sets the thread variables and
loads Debian's OpenBLAS (LD_LIBRARY_PATH); what threadpoolctl reports (library, version, kernel,
threads) goes into the results, and more than one thread is an error.
"""
import importlib
import json
import os
import pickle
import re
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
    if task.get("float32"):  # X in float32, which scikit-learn's MLPs keep in float32
        Xtr, Xte = Xtr.astype(np.float32), Xte.astype(np.float32)
    if spec["yCols"] == 1 and task.get("check") == "labels":
        ytr = ytr.astype(np.int64)
    elif spec["yCols"] == 0:
        ytr = None
    time_fit = "fit" in task["time"]
    time_predict = "predict" in task["time"]
    # The package's camelCase method name in scikit-learn's spelling (decisionFunction -> decision_function).
    method = re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), task.get("method", "predict"))
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


def describe_blas(blas):
    """One line for the report, e.g. "openblas 0.3.21, Zen kernel, 1 thread (pthreads)"."""
    if blas is None:
        return "no optimised BLAS found by threadpoolctl (reference BLAS?)"
    return (f"{blas['internal_api']} {blas['version']}, {blas['architecture']} kernel, "
            f"{blas['num_threads']} thread ({blas['threading_layer']})")


def main():
    tasks_file, out_file = sys.argv[1], sys.argv[2]
    filt = sys.argv[3] if len(sys.argv) > 3 else ""
    spec = json.load(open(tasks_file))
    pred_dir = os.path.join(spec["predDir"], "sklearn")
    os.makedirs(pred_dir, exist_ok=True)
    import sklearn

    from threadpoolctl import threadpool_info

    keys = ("internal_api", "version", "num_threads", "architecture", "threading_layer", "filepath")
    pools = [{k: i.get(k) for k in keys} for i in threadpool_info()]
    if any(i["num_threads"] != 1 for i in pools):
        sys.exit(f"sklearn runner: a thread pool has more than one thread: {pools}")
    blas = next((i for i in pools if i["internal_api"] in ("openblas", "mkl", "blis")), None)
    env = {k: os.environ.get(k) for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "LD_LIBRARY_PATH")}
    results = {"_meta": {"sklearn": sklearn.__version__, "numpy": np.__version__, "threadpools": pools,
                         "blas": describe_blas(blas), "env": env}}
    print(f"  sklearn BLAS: {describe_blas(blas)}", file=sys.stderr)
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
