// One worker of the pool (pool.js): a single-threaded wasmlearn instance made from the posted
// WebAssembly.Module, holding each job's data once and running the tasks named in poolTasks. Workers
// run it bundled with everything it imports into one file, pool_worker_bundle.mjs
// (tools/bundle_worker.mjs), which bundlers copy as an asset and browsers, Node, Deno and Bun load
// as they find it.
import { portReady, serve } from './pool_worker_port.js'; // first: module.js awaits the module it receives
import { poolTasks } from './pool_tasks.js';

portReady.then((port) => {
  const jobs = new Map();
  serve(async ({ type, job, data, id, kind, payload, progress }) => {
    if (type === 'data') return jobs.set(job, data);
    if (type === 'drop') return jobs.delete(job);
    const onProgress = progress ? (...args) => port.postMessage({ id, progress: args }) : undefined;
    try {
      const result = await poolTasks[kind](payload, jobs.get(job), onProgress);
      port.postMessage({ id, result }, result?.binary ? [result.binary.buffer] : []); // a binary model moves, uncopied
    } catch (e) {
      port.postMessage({ id, error: { name: e?.name ?? 'Error', message: e?.message ?? String(e) } });
    }
  });
});
