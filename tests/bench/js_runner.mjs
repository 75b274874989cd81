// JS benchmark runner, one process per runner so that runners do not share a heap or a JIT:
//   node tests/bench/js_runner.mjs <wasm-simd | wasm-nosimd | peer> <tasks.json> <out.json> [id-substring]
// wasm-*: the raw embind module (RawEstimator.create(name, JSON options), fit, predict/transform),
// timed including the copies across the boundary, as a user of the package pays them.
// peer: the workload's ml.js competitor on number[][] (conversion not timed).
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
if (runner.startsWith('wasm')) {
  const create = (await import(pathToFileURL(spec.modules[runner]).href)).default;
  wasm = await create();
}

function wasmTask(task, ds) {
  const yIsVector = ds.yCols <= 1;
  const options = JSON.stringify(task.options);
  const transform = task.method === 'transform';
  return timeTask(task, {
    fit: () => {
      const est = wasm.RawEstimator.create(task.estimator, options);
      const model = { est, dispose: () => est.delete() };
      est.fit(ds.Xtrain, ds.nTrain, ds.d, ds.ytrain, ds.yCols, yIsVector);
      return model;
    },
    predict: (m) => (transform ? m.est.transform(ds.Xtest, ds.nTest, ds.d) : m.est.predict(ds.Xtest, ds.nTest, ds.d)).data,
  });
}

async function peerTask(task, ds) {
  const peer = byId.get(task.id)?.peer;
  const mod = await import(peer.module);
  // A slow peer may predict only the first `predictQueries` rows; its predict time is then scaled to
  // the whole test set (prediction cost is linear in the number of queries) and flagged.
  const nq = Math.min(ds.nTest, peer.predictQueries ?? ds.nTest);
  const Xtr = toRows(ds.Xtrain, ds.nTrain, ds.d), Xte = toRows(ds.Xtest, nq, ds.d);
  const w = byId.get(task.id);
  const r = timeTask(task, { fit: () => peer.fit(mod, Xtr, ds.ytrain, w), predict: (m) => peer.predict(mod, m, Xte) },
    { reps: peer.reps ?? 1, warmup: peer.warmup ?? 0 });
  r.res.peer = peer.name;
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
    const { res, out } = runner === 'peer' ? await peerTask(task, ds) : wasmTask(task, ds);
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
