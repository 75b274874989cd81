// Shared by the JS runners and the orchestrator: reading a data set file, timing, medians.
import { readFileSync } from 'node:fs';

export function loadDataset(spec) {
  const buf = readFileSync(spec.file);
  const all = new Float64Array(buf.buffer, buf.byteOffset, buf.byteLength / 8);
  const { nTrain, nTest, nFeatures: d, yCols } = spec;
  let o = 0;
  const take = (n) => all.slice(o, (o += n));
  return { Xtrain: take(nTrain * d), ytrain: take(nTrain * yCols), Xtest: take(nTest * d), ytest: take(nTest * yCols), nTrain, nTest, d, yCols };
}

export const median = (v) => {
  if (!v.length) return 0;
  const s = [...v].sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
};

export const toRows = (data, rows, cols) => Array.from({ length: rows }, (_, i) => Array.from(data.subarray(i * cols, (i + 1) * cols)));

// Process CPU time in ms (user + system): on a shared machine it is much less disturbed by other
// processes than wall time; the runners are single-threaded, so unloaded the two agree.
export const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

// Runs warm-up and timed repetitions of one task. fit() -> model, predict(model) -> array;
// inspect(model), if given, reads facts off the last fitted model (untimed) into res.
// Returns { res: { fitMs, fitWallMs, fitSamples, predictMs, predictWallMs, predictSamples, reps, ... }, out }
// where *Ms are medians of CPU time and *WallMs medians of wall time.
// fit and predict may return promises (a peer whose training is asynchronous, as TensorFlow.js's).
export async function timeTask(task, { fit, predict, inspect }, { reps = task.reps ?? 5, warmup = task.warmup ?? 1 } = {}) {
  const timeFit = task.time.includes('fit'), timePredict = task.time.includes('predict');
  const budget = 1000 * (task.budgetSeconds ?? 20);
  const fitSamples = [], predictSamples = [], fitWall = [], predictWall = [];
  let model = null, out = null;
  const runFit = async () => {
    model?.dispose?.();
    const t0 = performance.now(), c0 = cpuMs();
    model = await fit();
    return [cpuMs() - c0, performance.now() - t0];
  };
  const runPredict = async () => {
    const t0 = performance.now(), c0 = cpuMs();
    out = await predict(model);
    return [cpuMs() - c0, performance.now() - t0];
  };
  const start = performance.now();
  for (let w = 0; w < warmup; w++) { await runFit(); await runPredict(); }
  // Then on, while a fit's process CPU time exceeds its wall time (other threads at work: V8 still
  // compiling the hot WebAssembly functions with its optimising tier in the background, which the
  // medians would otherwise count; the runners themselves are single-threaded), up to 30 more or a
  // quarter of the budget.
  for (let extra = 0; extra < 30 && performance.now() - start < budget / 4; extra++) {
    const [cpu, wall] = await runFit();
    await runPredict();
    if (cpu <= 1.05 * wall + 0.5) break;
  }
  if (!timeFit) await runFit();
  for (let r = 0; r < reps; r++) {
    if (timeFit) { const [c, t] = await runFit(); fitSamples.push(c); fitWall.push(t); }
    if (timePredict || r === 0) {
      const [c, t] = await runPredict();
      if (timePredict) { predictSamples.push(c); predictWall.push(t); }
    }
    if (performance.now() - start > budget) break;
  }
  const res = { reps: Math.max(fitSamples.length, predictSamples.length), ...(inspect ? inspect(model) : {}) };
  model?.dispose?.();
  if (timeFit) Object.assign(res, { fitMs: median(fitSamples), fitWallMs: median(fitWall), fitSamples });
  if (timePredict) Object.assign(res, { predictMs: median(predictSamples), predictWallMs: median(predictWall), predictSamples });
  return { res, out };
}
