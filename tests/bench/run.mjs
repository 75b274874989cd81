// `npm run bench` orchestrator (scripts/bench.sh builds first, then runs this):
//   node tests/bench/run.mjs [id-substring]
// 1. picks the workloads of tests/bench/workloads.mjs whose estimator is in the registry,
// 2. writes their data sets once to build/bench/data (every runner reads the same numbers),
// 3. runs each runner in its own process, one after the other (no two compete for a core),
// 4. checks predictions (accuracy; agreement with scikit-learn, explaining kNN disagreements),
// 5. prints one markdown table and writes build/bench/results.{md,json}.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync, execSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import * as wl from 'wasmlearn';
import { datasets, workloads } from './workloads.mjs';
import { loadDataset } from './common.mjs';

const root = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
process.chdir(root);
const filter = process.argv[2] ?? '';
const out = 'build/bench';
for (const d of ['data', 'results', 'pred']) mkdirSync(`${out}/${d}`, { recursive: true });

const loadAtStart = loadavg().map((v) => v.toFixed(1)).join(' ');
if (loadavg()[0] > cpus().length * 0.5) console.error(`bench: load average ${loadAtStart} on ${cpus().length} cores — other processes will disturb wall times`);

// ---- 1. workloads ----------------------------------------------------------------------------
const registry = new Set(wl.estimators().map((e) => e.name));
const skipped = [];
const selected = workloads.filter((w) => w.id.includes(filter)).filter((w) => {
  if (w.call ? typeof wl[w.call] === 'function' : registry.has(w.estimator)) return true;
  skipped.push(`${w.id} (${w.call ?? w.estimator} is not in the package yet)`);
  return false;
});

// ---- 2. data ---------------------------------------------------------------------------------
const dataSpecs = {};
for (const name of new Set(selected.map((w) => w.dataset))) {
  const def = datasets[name];
  const file = `${out}/data/${name}.f64`, metaFile = `${out}/data/${name}.json`;
  const key = def.make.toString() + def.doc;
  let meta = existsSync(metaFile) && existsSync(file) ? JSON.parse(readFileSync(metaFile, 'utf8')) : null;
  if (!meta || meta.key !== key) {
    const t0 = performance.now();
    const ds = def.make(wl);
    const nTrain = ds.Xtrain.length / ds.nFeatures, nTest = ds.Xtest.length / ds.nFeatures;
    const parts = [ds.Xtrain, ds.ytrain, ds.Xtest, ds.ytest];
    const all = new Float64Array(parts.reduce((n, a) => n + a.length, 0));
    let o = 0;
    for (const a of parts) { all.set(a, o); o += a.length; }
    writeFileSync(file, Buffer.from(all.buffer));
    meta = { key, doc: def.doc, file, nTrain, nTest, nFeatures: ds.nFeatures, yCols: ds.yCols };
    writeFileSync(metaFile, JSON.stringify(meta));
    console.error(`data ${name}: ${def.doc} (${(performance.now() - t0).toFixed(0)} ms)`);
  }
  const { key: _k, ...spec } = meta;
  dataSpecs[name] = spec;
}

const modules = {
  'wasm-simd': `${root}/bindings/js/wasm/wasmlearn.js`,
  'wasm-nosimd': `${root}/build/wasm-nosimd/js/wasmlearn-nosimd.js`,
};
const tasks = selected.map(({ peer, sklearn, title, group, dataset, ...w }) => ({
  ...w, dataset: dataSpecs[dataset], peer: peer?.name, sklearn,
}));
const tasksFile = `${out}/tasks.json`;
writeFileSync(tasksFile, JSON.stringify({ predDir: `${out}/pred`, modules, tasks }, null, 1));

// ---- 3. runners ------------------------------------------------------------------------------
const runners = [
  { name: 'wasm-simd', label: 'WASM SIMD', cmd: ['node', 'tests/bench/js_runner.mjs', 'wasm-simd'], needs: modules['wasm-simd'] },
  { name: 'wasm-nosimd', label: 'WASM no SIMD', cmd: ['node', 'tests/bench/js_runner.mjs', 'wasm-nosimd'], needs: modules['wasm-nosimd'] },
  { name: 'native', label: 'native -O3 (SSE2)', cmd: ['build/native/wasmlearn_bench'], needs: 'build/native/wasmlearn_bench', last: 'native' },
  { name: 'native-march', label: 'native -march=native', cmd: ['build/native-march/wasmlearn_bench'], needs: 'build/native-march/wasmlearn_bench', last: 'native-march' },
  { name: 'sklearn', label: 'scikit-learn 1 thread', cmd: ['/usr/bin/python3', 'tests/bench/sklearn_runner.py'], needs: '/usr/bin/python3', env: 'sklearn' },
  { name: 'peer', label: 'JS peer (npm)', cmd: ['node', 'tests/bench/js_runner.mjs', 'peer'], needs: null },
];
const results = {};
const missing = [];
const env = { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
// scikit-learn runs on Debian's OpenBLAS (what pip users get), whichever libblas.so.3 the
// alternatives select: its folder comes first in LD_LIBRARY_PATH. OPENBLAS_CORETYPE and
// OPENBLAS_L2_SIZE, which this machine may set for older OpenBLAS builds, slow a current one, so
// this runner goes without both; the kernel that ran is what threadpoolctl reports in the results.
const openblasDir = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/openblas-pthread`;
const sklearnUnset = ['OPENBLAS_CORETYPE', 'OPENBLAS_L2_SIZE'].filter((k) => k in env);
const runnerEnvs = { sklearn: { ...env, LD_LIBRARY_PATH: [openblasDir, env.LD_LIBRARY_PATH].filter(Boolean).join(':') } };
for (const k of sklearnUnset) delete runnerEnvs.sklearn[k];
// BENCH_RUNNERS=peer,sklearn runs only those runners. BENCH_REUSE=1 keeps every runner's earlier
// results (build/bench/results/<runner>.json) and adds the new ones over them, so that filtered runs
// (or a runner whose build finished later) add up to one report; the report says which were reused.
const only = process.env.BENCH_RUNNERS?.split(',').filter(Boolean);
const reuse = process.env.BENCH_REUSE === '1';
const reused = [];
const previous = (r) => {
  const file = `${out}/results/${r.name}.json`;
  return reuse && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
};
for (const r of runners) {
  if (only && !only.includes(r.name)) {
    const prev = previous(r);
    const ids = tasks.map((t) => t.id).filter((id) => prev[id]);
    if (ids.length) { results[r.name] = prev; reused.push(`${r.label} (${ids.join(', ')})`); }
    continue;
  }
  if (r.needs && !existsSync(r.needs)) { missing.push(`${r.label}: ${r.needs} not built`); continue; }
  const resFile = `${out}/results/${r.name}.new.json`;
  const args = [...r.cmd.slice(1)];
  if (r.last) args.push(tasksFile, resFile, r.last, filter);  // native: <tasks> <out> <runner name> [filter]
  else args.push(tasksFile, resFile, filter);
  console.error(`runner ${r.label}`);
  const t0 = performance.now();
  const p = spawnSync(r.cmd[0], args, { stdio: ['ignore', 'inherit', 'inherit'], env: runnerEnvs[r.env] ?? env });
  if (p.status !== 0 || !existsSync(resFile)) { missing.push(`${r.label}: exited with ${p.status ?? p.signal}`); continue; }
  const fresh = JSON.parse(readFileSync(resFile, 'utf8'));
  const prev = previous(r);
  const kept = Object.keys(prev).filter((id) => !(id in fresh) && id !== '_meta' && tasks.some((t) => id === t.id || id.startsWith(`${t.id}@`)));
  if (kept.length) reused.push(`${r.label} (${kept.join(', ')})`);
  results[r.name] = { ...prev, ...fresh };
  writeFileSync(`${out}/results/${r.name}.json`, JSON.stringify(results[r.name], null, 1));
  console.error(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

// ---- 4. checks -------------------------------------------------------------------------------
const readPred = (res) => {
  if (!res?.predictions || !existsSync(res.predictions)) return null;
  const b = readFileSync(res.predictions);
  return new Float64Array(b.buffer, b.byteOffset, b.byteLength / 8);
};
const countDiff = (a, b) => { let n = 0; for (let i = 0; i < a.length; i++) n += a[i] !== b[i]; return n; };

// Why do wasmlearn and scikit-learn disagree on a kNN query? Near-equal k-th and (k+1)-th
// distances (scikit-learn's brute force uses the |x|²+|y|²-2x·y form, which rounds differently).
function explainKnn(task, idx) {
  const ds = loadDataset(task.dataset);
  const k = task.options.nNeighbors;
  const m = new wl.KNeighborsClassifier({ nNeighbors: k + 1, algorithm: 'brute' });
  m.fit({ data: ds.Xtrain, rows: ds.nTrain, cols: ds.d }, Int32Array.from(ds.ytrain));
  const Q = new Float64Array(idx.length * ds.d);
  idx.forEach((q, i) => Q.set(ds.Xtest.subarray(q * ds.d, (q + 1) * ds.d), i * ds.d));
  const { distances } = m.kneighbors({ data: Q, rows: idx.length, cols: ds.d });
  m.dispose();
  const rel = idx.map((_, i) => {
    const a = distances.get(i, k - 1), b = distances.get(i, k);
    return (b - a) / Math.max(b, 1e-300);
  });
  return { nearTies: rel.filter((r) => r <= 1e-9).length, maxGap: Math.max(0, ...rel) };
}

// check 'values' (numeric outputs such as a path's coefficients): largest absolute difference from
// scikit-learn's and from WASM SIMD's, relative to the largest absolute reference value.
const maxRelDiff = (a, b) => {
  if (a.length !== b.length) return NaN;
  let d = 0, scale = 0;
  for (let i = 0; i < a.length; i++) { d = Math.max(d, Math.abs(a[i] - b[i])); scale = Math.max(scale, Math.abs(b[i])); }
  return d / (scale || 1);
};
const checks = {};
for (const task of tasks) {
  if (task.check === 'values') {
    const ref = readPred(results.sklearn?.[task.id]), simd = readPred(results['wasm-simd']?.[task.id]);
    const c = (checks[task.id] = { accuracy: {}, vsSklearn: {}, vsWasmSimd: {} });
    for (const r of Object.keys(results)) {
      const p = readPred(results[r][task.id]);
      if (!p) continue;
      if (ref) c.vsSklearn[r] = maxRelDiff(p, ref).toExponential(1);
      if (simd) c.vsWasmSimd[r] = maxRelDiff(p, simd).toExponential(1);
    }
    continue;
  }
  if (task.check !== 'labels') continue;
  const ds = loadDataset(task.dataset);
  const c = (checks[task.id] = { accuracy: {}, vsSklearn: {}, vsWasmSimd: {} });
  const ref = readPred(results.sklearn?.[task.id]);
  const simd = readPred(results['wasm-simd']?.[task.id]);
  const keys = [];
  for (const r of Object.keys(results)) for (const key of Object.keys(results[r])) if (key === task.id || key.startsWith(`${task.id}@`)) keys.push([r, key]);
  for (const [r, key] of keys) {
    const p = readPred(results[r][key]);
    if (!p || !p.length || p.length > ds.nTest) continue;  // a peer may have predicted the first rows only
    const name = key === task.id ? r : `${r}${key.slice(task.id.length)}`;
    c.accuracy[name] = 1 - countDiff(p, ds.ytest) / p.length;
    if (p.length < ds.nTest) c.rows = { ...c.rows, [name]: p.length };
    if (ref && task.agreement !== false) c.vsSklearn[name] = countDiff(p, ref);
    if (simd) c.vsWasmSimd[name] = countDiff(p, simd);
  }
  if (ref && simd && task.estimator === 'KNeighborsClassifier') {
    const idx = [];
    for (let i = 0; i < simd.length; i++) if (simd[i] !== ref[i]) idx.push(i);
    c.disagreements = idx.length ? { queries: idx.slice(0, 20), ...explainKnn(task, idx) } : { queries: [] };
  }
}

// ---- 5. report -------------------------------------------------------------------------------
const byId = new Map(workloads.map((w) => [w.id, w]));
const total = (res) => (res && !res.error ? (res.fitMs ?? 0) + (res.predictMs ?? 0) : null);
const ms = (v) => (v == null ? '—' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const ratio = (a, b) => (a == null || b == null || !b ? '—' : `${(a / b).toFixed(2)}×`);
const cols = ['wasm-simd', 'wasm-nosimd', 'native', 'native-march', 'peer', 'sklearn'];
const head = ['Workload', 'timed', 'WASM SIMD', 'WASM no SIMD', 'native SSE2', 'native -march', 'JS peer', 'sklearn 1 thr',
  'SIMD / native', 'no-SIMD / SIMD', 'peer / SIMD', 'SIMD / sklearn'];
const lines = [];
let group = null;
const row = (cells) => lines.push(`| ${cells.join(' | ')} |`);
const summary = [];
for (const task of tasks) {
  const w = byId.get(task.id);
  if (w.group !== group) {
    group = w.group;
    lines.push('', `**${group}**`, '', `| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`);
  }
  const t = Object.fromEntries(cols.map((r) => [r, total(results[r]?.[task.id])]));
  const peerName = results.peer?.[task.id]?.peer;
  const timed = task.time.join(' + ');
  row([w.title, timed, ...cols.map((r) => ms(t[r]) + (r === 'peer' && peerName ? ` (${peerName})` : '')),
    ratio(t['wasm-simd'], t.native), ratio(t['wasm-nosimd'], t['wasm-simd']), ratio(t.peer, t['wasm-simd']), ratio(t['wasm-simd'], t.sklearn)]);
  summary.push({ id: task.id, title: w.title, timed, ms: t, peer: peerName ?? null,
    simdOverNative: t.native ? t['wasm-simd'] / t.native : null, nosimdOverSimd: t['wasm-simd'] ? t['wasm-nosimd'] / t['wasm-simd'] : null,
    peerOverSimd: t.peer && t['wasm-simd'] ? t.peer / t['wasm-simd'] : null, simdOverSklearn: t.sklearn ? t['wasm-simd'] / t.sklearn : null });
  for (const v of Object.keys(w.sklearn?.variants ?? {})) {
    const sv = total(results.sklearn?.[`${task.id}@${v}`]);
    const changed = Object.entries(w.sklearn.variants[v]).map(([k, x]) => `${k}=${typeof x === 'string' ? `'${x}'` : x}`).join(', ');
    row([`↳ scikit-learn with ${changed}`, timed, '', '', '', '', '', ms(sv), '', '', '', ratio(t['wasm-simd'], sv)]);
  }
}

// Fit / predict split, accuracy and agreement, per runner.
const notes = [];
const memory = [];
const detail = ['', '**Details** (median CPU ms / median wall ms; accuracy on the held-out rows; labels differing from scikit-learn / from WASM SIMD, or for numeric outputs the largest difference relative to the largest reference value)', '',
  '| Workload | runner | fit ms (CPU / wall) | predict ms (CPU / wall) | reps | accuracy | ≠ sklearn | ≠ WASM SIMD |', '|---|---|---:|---:|---:|---:|---:|---:|'];
for (const task of tasks) {
  const c = checks[task.id];
  for (const r of Object.keys(results)) {
    for (const key of Object.keys(results[r])) {
      if (key !== task.id && !key.startsWith(`${task.id}@`)) continue;
      const res = results[r][key];
      const name = key === task.id ? r : `${r}${key.slice(task.id.length)}`;
      const label = name + (res.peer ? ` (${res.peer})` : '');
      if (res.error) { detail.push(`| ${task.id} | ${label} | error: ${res.error.replace(/\|/g, '/')} | | | | | |`); continue; }
      const sub = (c?.rows?.[name] ? ` (first ${c.rows[name]} rows)` : '') + (res.trainRows ? ` (fitted on the first ${res.trainRows} rows)` : '');
      const pct = c?.accuracy[name] != null ? `${(100 * c.accuracy[name]).toFixed(2)} %${sub}` : '';
      const part = res.partial ? ` (×${res.partial.factor}: ${res.partial.part})` : '';
      const pms = ms(res.predictMs) + (res.extrapolatedFrom ? ` (×${task.dataset.nTest / res.extrapolatedFrom} of ${res.extrapolatedFrom} rows)` : '') + part;
      const reps = `${res.reps}${res.nIter != null ? ` · ${res.nIter} iter` : ''}`;
      detail.push(`| ${task.id} | ${label} | ${ms(res.fitMs)}${part} / ${ms(res.fitWallMs)} | ${pms} / ${ms(res.predictWallMs)} | ${reps} | ${pct} | ${c?.vsSklearn[name] ?? ''} | ${c?.vsWasmSimd[name] ?? ''} |`);
      if (res.trainRows || res.partial)
        notes.push(`- ${task.id}: the ${res.peer ?? name} row ${[res.trainRows && `fits the first ${res.trainRows} of ${task.dataset.nTrain} training rows (time not scaled: the peer's cost grows faster than linearly)`, res.partial && `builds ${res.partial.part}, times ×${res.partial.factor}`].filter(Boolean).join(' and ')}; its accuracy is that model's.`);
      if (res.modelBytes != null)
        memory.push(`| ${task.id} | ${label} | ${(res.modelBytes / 2 ** 20).toFixed(2)} MiB ${res.modelFormat}${res.partial ? ` (${res.partial.part})` : ''} | ${res.heapBytes != null ? `${(res.heapBytes / 2 ** 20).toFixed(2)} MiB` : ''} | ${res.heapAfterDeleteBytes != null ? `${res.heapAfterDeleteBytes} B` : ''} |`);
    }
  }
}
for (const [id, c] of Object.entries(checks)) {
  if (!c.disagreements) continue;
  const d = c.disagreements;
  notes.push(d.queries.length === 0
    ? `- ${id}: WASM SIMD and scikit-learn predict identical labels.`
    : `- ${id}: ${c.vsSklearn['wasm-simd']} labels differ from scikit-learn; ${d.nearTies} of them have k-th and (k+1)-th distances equal to 1e-9 (near-ties, rounding decides), largest relative gap ${d.maxGap.toExponential(1)}.`);
}
let commit = '';
try { commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim() + (execSync('git status --porcelain core bindings', { encoding: 'utf8' }).trim() ? ' (+ uncommitted core/bindings changes)' : ''); } catch {}
const meta = {
  date: new Date().toISOString(), commit, cpu: cpus()[0]?.model, cores: cpus().length, node: process.version,
  sklearn: results.sklearn?._meta ?? null, sklearnUnset, filter, load: loadAtStart, reused,
};
const md = [
  `# wasmlearn benchmarks`, '',
  `${meta.date.slice(0, 16)} · ${meta.cpu} × ${meta.cores} · Node ${meta.node} · scikit-learn ${meta.sklearn?.sklearn ?? '—'} (BLAS: ${meta.sklearn?.blas ?? '?'}${sklearnUnset.length ? `; ${sklearnUnset.join(' and ')} unset for it` : ''}) · commit ${commit}`, '',
  `Median process CPU time in ms (warm-up first; every runner is single-threaded, so on an idle machine CPU and wall time agree; wall times are in the details). Load average at start: ${meta.load}. WASM columns include the copies across the JS boundary; "fit + predict" rows add both medians. Targets: SIMD / native ≤ 1.5×, peer / SIMD ≥ 10×, SIMD / sklearn ≈ 1×.`,
  ...lines, ...detail,
  ...(memory.length ? ['', '**Fitted model size** (saved model: wasmlearn JSON, scikit-learn pickle, peer JSON.stringify; WASM heap: growth of heapUsed() while one fitted model is alive, and what is left after deleting it)', '',
    '| Workload | runner | saved model | WASM heap | heap left after delete |', '|---|---|---:|---:|---:|', ...memory] : []),
  '', ...notes,
  ...(skipped.length ? ['', `Skipped: ${skipped.join('; ')}.`] : []),
  ...(missing.length ? ['', `Missing runners: ${missing.join('; ')}.`] : []),
  ...(reused.length ? ['', `Reused from an earlier run (BENCH_REUSE): ${reused.join('; ')}.`] : []),
].join('\n') + '\n';
writeFileSync(`${out}/results.md`, md);
writeFileSync(`${out}/results.json`, JSON.stringify({ meta, tasks, results, checks, summary, skipped, missing }, null, 1));
console.log(md);
