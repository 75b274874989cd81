// JS benchmark runner, one process per runner so that runners do not share a heap or a JIT:
//   node tests/bench/js_runner.mjs <wasm-simd | wasm-nosimd | peer> <tasks.json> <out.json> [id-substring]
// wasm-*: the raw embind module (RawEstimator.create(name, JSON options), fit, call('predict' | 'transform'), or
// the module function a workload `call`s), timed including the copies across the boundary, as a user of the package pays them.
// peer: the workload's JavaScript competitor (ml.js, libsvm-js, TensorFlow.js) on number[][] (conversion not timed).
// Workload flags: float32 (X as float32 in every runner: a Float32Array, set_float32_input, numpy
// float32), nIter (record the fitted model's iteration count), memory (record the size of the
// saved model; WASM also the heap growth of one fitted model, from the module's heapUsed()).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadDataset, timeTask, toRows } from './common.mjs';
import { workloads } from './workloads.mjs';

const [runner, tasksFile, outFile, filter = ''] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(tasksFile, 'utf8'));
const predDir = `${spec.predDir}/${runner}`;
mkdirSync(predDir, { recursive: true });
const byId = new Map(workloads.map((w) => [w.id, w]));

let wasm = null;
let fitRaw = null;
if (runner.startsWith('wasm')) {
  const create = (await import(pathToFileURL(spec.modules[runner]).href)).default;
  wasm = await create();
  // RawEstimator.fit(X, rows, cols, Y, yCols, yIsVector[, onProgress, sampleWeight]): embind wants the exact count.
  const extra = Array(Math.max(0, wasm.RawEstimator.prototype.fit.length - 6)).fill(undefined);
  fitRaw = (est, ...args) => est.fit(...args, ...extra);
}

function wasmTask(task, ds) {
  const yIsVector = ds.yCols <= 1;
  const options = JSON.stringify(task.options);
  if (task.call) return wasmCall(task, ds, options);
  // RawEstimator.call takes a standard method's id (its place in the table), not its name.
  const methodId = JSON.parse(wasm.standardMethods()).find((spec) => spec.name === (task.method ?? 'predict')).id;
  const noY = new Float64Array(0);
  // Workload flag float32: X crosses as a Float32Array (converted before the timing).
  const Xtrain = task.float32 ? Float32Array.from(ds.Xtrain) : ds.Xtrain;
  const Xtest = task.float32 ? Float32Array.from(ds.Xtest) : ds.Xtest;
  return timeTask(task, {
    fit: () => {
      const est = wasm.RawEstimator.create(task.estimator, options);
      const model = { est, dispose: () => est.delete() };
      fitRaw(est, Xtrain, ds.nTrain, ds.d, ds.ytrain, ds.yCols, yIsVector);
      return model;
    },
    // RawEstimator.call(methodId, X, rows, cols, Y, yCols, number).
    predict: (m) => m.est.call(methodId, Xtest, ds.nTest, ds.d, noY, 0, NaN).data,
    inspect: (m) => ({
      ...(task.nIter ? { nIter: m.est.attribute('nIter').data[0] } : {}),
      ...(task.memory ? { modelBytes: m.est.toJSON().length, modelFormat: 'JSON' } : {}),
    }),
  });
}

// A module-level function (workload `call`, e.g. lassoPath on X and y) called by name, timed as the
// fit; its coefficients are the output checked against scikit-learn.
function wasmCall(task, ds, options) {
  const arrays = [
    { name: 'X', data: ds.Xtrain, rows: ds.nTrain, cols: ds.d },
    { name: 'y', data: ds.ytrain, rows: ds.nTrain, cols: 1 },
  ];
  return timeTask(task, {
    fit: () => wasm.callFunction(task.call, arrays, options),
    predict: (r) => r.coefs.data,
  });
}

// Heap growth of one fitted model (untimed, after the timed runs): what keeping it alive costs, and
// what is left once it is deleted (should be nothing).
function wasmMemory(task, ds) {
  const h0 = wasm.heapUsed();
  const est = wasm.RawEstimator.create(task.estimator, JSON.stringify(task.options));
  fitRaw(est, ds.Xtrain, ds.nTrain, ds.d, ds.ytrain, ds.yCols, ds.yCols <= 1);
  const heapBytes = wasm.heapUsed() - h0;
  est.delete();
  return { heapBytes, heapAfterDeleteBytes: wasm.heapUsed() - h0 };
}

async function peerTask(task, ds) {
  const peer = byId.get(task.id)?.peer;
  // peer.load: for a module whose export is a promise (libsvm-js resolves once its WASM is compiled).
  const imported = await import(peer.module);
  const mod = peer.load ? await peer.load(imported) : imported;
  // A slow peer may predict only the first `predictQueries` rows; its predict time is then scaled to
  // the whole test set (prediction cost is linear in the number of queries) and flagged.
  const nq = Math.min(ds.nTest, peer.predictQueries ?? ds.nTest);
  // One whose fit is too slow for the whole training set may fit its first `trainRows` rows (flagged;
  // not scaled: its cost is not linear in the rows).
  const nt = Math.min(ds.nTrain, peer.trainRows ?? ds.nTrain);
  const Xtr = toRows(ds.Xtrain, nt, ds.d), Xte = toRows(ds.Xtest, nq, ds.d);
  const ytr = ds.ytrain.subarray(0, nt * ds.yCols);
  const w = byId.get(task.id);
  const inspect = (m) => ({
    ...(peer.nIter ? { nIter: peer.nIter(m) } : {}),
    ...(task.memory ? { modelBytes: JSON.stringify(m).length, modelFormat: 'JSON' } : {}),
  });
  const r = await timeTask(task, { fit: () => peer.fit(mod, Xtr, ytr, w), predict: (m) => peer.predict(mod, m, Xte), inspect },
    { reps: peer.reps ?? 1, warmup: peer.warmup ?? 0 });
  r.res.peer = peer.name;
  if (nt < ds.nTrain) r.res.trainRows = nt;
  // A slow peer may build a part of the model only (partial.part, e.g. 4 of 100 trees); its fit and
  // predict times are multiplied by partial.factor (both linear in the number of trees) and flagged.
  if (peer.partial) {
    const f = peer.partial.factor;
    r.res.partial = peer.partial;
    for (const k of ['fitMs', 'fitWallMs', 'predictMs', 'predictWallMs']) if (r.res[k] != null) r.res[k] *= f;
  }
  if (nq < ds.nTest && r.res.predictMs != null) {
    const f = ds.nTest / nq;
    Object.assign(r.res, { extrapolatedFrom: nq, predictMs: r.res.predictMs * f, predictWallMs: r.res.predictWallMs * f });
  }
  r.out = Float64Array.from(r.out.flat ? r.out.flat() : r.out);
  return r;
}

const results = {};
for (const task of spec.tasks) {
  if (!task.id.includes(filter)) continue;
  const kind = runner === 'peer' ? 'peer' : runner;
  if (!task.runners.includes(kind) || (runner === 'peer' && !task.peer)) continue;
  try {
    const ds = loadDataset(task.dataset);
    const { res, out } = runner === 'peer' ? await peerTask(task, ds) : await wasmTask(task, ds);
    if (runner !== 'peer' && task.memory) Object.assign(res, wasmMemory(task, ds));
    const file = `${predDir}/${task.id}.f64`;
    writeFileSync(file, Buffer.from(Float64Array.from(out).buffer));
    results[task.id] = { runner, ...res, predictions: file };
    console.error(`  ${runner} ${task.id}: ${(res.fitMs ?? 0).toFixed(1)} ms fit, ${(res.predictMs ?? 0).toFixed(1)} ms predict`);
  } catch (e) {
    results[task.id] = { runner, error: String(e?.message ?? e) };
    console.error(`  ${runner} ${task.id}: error: ${e?.message ?? e}`);
  }
}
writeFileSync(outFile, JSON.stringify(results, null, 1));
