// A/B of two builds of the package on the same host minute, alternated run by run:
//   node tests/bench/ab.mjs <packageA/bindings/js/index.js> <packageB/bindings/js/index.js>
// (e.g. a `git worktree` of an older commit built with scripts/build.sh). It measures what the
// bench's workloads do not: the per-call overhead of tiny predict / transform calls (wall µs per
// call, 10 rows, minimum and median of 61 rounds of 1 000 calls), and KMeans fits on 100 000 × 8
// with given starts (process CPU ms, median and minimum of 21). Minima are the figures to compare
// on a loaded machine.
const [pathA, pathB] = process.argv.slice(2);
if (!pathA || !pathB) throw new Error('usage: node tests/bench/ab.mjs <index.js of A> <index.js of B>');
const builds = [['A', await import(pathA)], ['B', await import(pathB)]];

let seed = 12345;
const uniform = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0].toFixed(2)}, median ${s[s.length >> 1].toFixed(2)}`;
};

// Tiny calls: the cost of crossing into WASM and back, which dominates predict on a few rows.
const X = Array.from({ length: 300 }, (_, i) => Array.from({ length: 4 }, (_, j) => Math.sin(i * 7 + j * 3)));
const y = X.map((r) => r[0] + 2 * r[1]);
const labels = y.map((v) => (v > 0 ? 1 : 0));
const Q = X.slice(0, 10);
const tiny = builds.map(([name, m]) => {
  const reg = new m.LinearRegression().fit(X, y), clf = new m.LogisticRegression().fit(X, labels);
  const scaler = new m.StandardScaler().fit(X);
  return [name, { 'LinearRegression.predict': () => reg.predict(Q), 'LogisticRegression.predict': () => clf.predict(Q),
    'StandardScaler.transform': () => scaler.transform(Q) }];
});
const perCall = Object.fromEntries(tiny.map(([name, calls]) => [name, Object.fromEntries(Object.keys(calls).map((k) => [k, []]))]));
for (let round = 0; round < 61; round++)
  for (const [name, calls] of tiny)
    for (const [what, f] of Object.entries(calls)) {
      const t = process.hrtime.bigint();
      for (let i = 0; i < 1000; i++) f();
      perCall[name][what].push(Number(process.hrtime.bigint() - t) / 1e6);
    }
for (const what of Object.keys(tiny[0][1]))
  console.log(`${what}, 10 rows (µs/call): A ${summary(perCall.A[what])} | B ${summary(perCall.B[what])}`);

// KMeans: the Lloyd and Elkan steps on a fixed start, 100 iterations (tol 0).
const n = 100000, p = 8;
const data = new Float64Array(n * p);
for (let i = 0; i < n; i++) for (let j = 0; j < p; j++) data[i * p + j] = 20 * uniform() + (i % 8) * 3;
const init = Array.from({ length: 8 }, () => Array.from({ length: p }, () => Math.round(2000 * uniform()) / 100));
for (const algorithm of ['lloyd', 'elkan']) {
  const ms = { A: [], B: [] };
  for (let r = 0; r < 21; r++)
    for (const [name, m] of builds) {
      const Xm = new m.DenseMatrix(data, n, p);
      const km = new m.KMeans({ nClusters: 8, init, nInit: 1, maxIter: 100, tol: 0, algorithm });
      const t = process.cpuUsage();
      km.fit(Xm);
      const used = process.cpuUsage(t);
      ms[name].push((used.user + used.system) / 1000);
      km.dispose();
    }
  console.log(`KMeans ${algorithm} fit 100 000 × 8 (CPU ms): A ${summary(ms.A)} | B ${summary(ms.B)}`);
}
