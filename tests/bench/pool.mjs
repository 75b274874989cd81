// The worker pool (issue #16): pool start-up, per-task overhead, GridSearchCV 5-fold × 12
// candidates, RandomForestClassifier 100 trees on 16 000 × 20 and KMeans 10 starts on 20 000 × 10
// with nJobs 1 and 2 (wall time: the point is using more than one core; the process's CPU
// time, all threads, shows what the pool adds to the work).
// `node tests/bench/pool.mjs` (after the build); prints one markdown table. Not part of npm test.
import * as wl from '../../bindings/js/index.js';
import { WorkerPool } from '../../bindings/js/pool.js';
import { cpus, loadavg } from 'node:os';

const seconds = (start) => (performance.now() - start) / 1000;
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const rows = [];

// Start-up: a fresh pool of one worker running one trivial task (compile, spawn, instantiate).
const tiny = { X: new wl.DenseMatrix(Float64Array.from({ length: 60 }, (_, i) => Math.sin(i)), 20, 3), y: Float64Array.from({ length: 20 }, (_, i) => i) };
const tinyTask = { estimator: new wl.Ridge().toJSON(), train: Int32Array.from({ length: 15 }, (_, i) => i), test: Int32Array.from({ length: 5 }, (_, i) => 15 + i) };
const startups = [];
for (let rep = 0; rep < 3; rep++) {
  const pool = new WorkerPool(1);
  const start = performance.now();
  await pool.run('fitAndScore', tinyTask, { job: pool.job(tiny) });
  startups.push(seconds(start));
  pool.terminate();
}
rows.push(['pool start-up (1 worker, first task)', `${(1000 * median(startups)).toFixed(1)} ms`]);

// Per-task overhead: 400 trivial tasks on a warm pool of one worker, against the same tasks inline.
{
  const pool = new WorkerPool(1);
  const job = pool.job(tiny);
  await pool.run('fitAndScore', tinyTask, { job });
  let start = performance.now();
  for (let k = 0; k < 400; k++) await pool.run('fitAndScore', tinyTask, { job });
  const pooled = seconds(start) / 400;
  const { fitAndScore } = await import('../../bindings/js/validation.js');
  const inlineTask = { ...tinyTask, estimator: new wl.Ridge() };
  start = performance.now();
  for (let k = 0; k < 400; k++) await fitAndScore(inlineTask, tiny);
  const inline = seconds(start) / 400;
  rows.push(['trivial task (Ridge 15 × 3), warm worker, round trip', `${(1e6 * pooled).toFixed(0)} µs`]);
  rows.push(['the same task inline (nJobs 1)', `${(1e6 * inline).toFixed(0)} µs`]);
  pool.terminate();
}

// Wall and CPU time (all threads) of `run(nJobs)` for nJobs 1 and 2, medians of `reps` runs whose
// results (`same(result)`) must not depend on nJobs; one row each and the speed-up.
async function nJobsRows(name, reps, run, same) {
  const times = {};
  let reference = null;
  for (const nJobs of [1, 2]) {
    const samples = [], cpu = [];
    for (let rep = 0; rep < reps; rep++) {
      const start = performance.now(), cpuStart = process.cpuUsage();
      const result = await run(nJobs);
      samples.push(seconds(start));
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1e6);
      reference ??= same(result);
      if (same(result) !== reference) throw new Error(`${name}: nJobs ${nJobs} changed the result`);
    }
    times[nJobs] = median(samples);
    rows.push([`${name}, nJobs ${nJobs}`, `${times[nJobs].toFixed(2)} s wall, ${median(cpu).toFixed(2)} s CPU (all threads)`]);
  }
  rows.push([`${name}: speed-up nJobs 2 / nJobs 1`, `${(times[1] / times[2]).toFixed(2)}×`]);
}

// GridSearchCV: 5 folds × 12 candidates of a decision tree on 6 000 × 20.
const data = wl.datasets.makeClassification({ nSamples: 6000, nFeatures: 20, nInformative: 10, nClasses: 3, randomState: 0 });
const grid = { maxDepth: [4, 8, 12, 16], minSamplesLeaf: [1, 5, 20] };
await nJobsRows(
  'GridSearchCV 5-fold × 12 (tree, 6 000 × 20)',
  3,
  (nJobs) => new wl.GridSearchCV(new wl.DecisionTreeClassifier({ randomState: 0 }), grid, { nJobs }).fit(data.X, data.y),
  (search) => JSON.stringify(Array.from(search.cvResults.meanTestScore)),
);

// RandomForestClassifier, 100 trees on 16 000 × 20: fit in this thread (nJobs 1) against fitAsync
// on two workers.
const forestData = wl.datasets.makeClassification({ nSamples: 16000, nFeatures: 20, nInformative: 10, nClasses: 3, randomState: 1 });
await nJobsRows(
  'RandomForestClassifier 100 trees (16 000 × 20)',
  1,
  (nJobs) => {
    const forest = new wl.RandomForestClassifier({ nEstimators: 100, randomState: 0, nJobs });
    return nJobs === 1 ? forest.fit(forestData.X, forestData.y) : forest.fitAsync(forestData.X, forestData.y);
  },
  (forest) => JSON.stringify(forest.setParams({ nJobs: 1 }).toJSON()),
);

// KMeans, 10 k-means++ starts on 20 000 × 10: fit in this thread against fitAsync on two workers.
const blobs = wl.datasets.makeBlobs({ nSamples: 20000, nFeatures: 10, centers: 8, randomState: 2 });
await nJobsRows(
  'KMeans nInit 10 (20 000 × 10)',
  1,
  (nJobs) => {
    const kmeans = new wl.KMeans({ nClusters: 8, nInit: 10, randomState: 0, nJobs });
    return nJobs === 1 ? kmeans.fit(blobs.X) : kmeans.fitAsync(blobs.X);
  },
  (kmeans) => JSON.stringify(kmeans.setParams({ nJobs: 1 }).toJSON()),
);
wl.terminatePools();

console.log(`machine: ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
console.log('| measure | value |\n|---|---|');
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
