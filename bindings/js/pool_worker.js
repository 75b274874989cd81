// One worker of the pool (pool.js): a single-threaded wasmlearn instance made from the posted
// WebAssembly.Module, holding each job's data once and running the tasks named in poolTasks.
const isNode = typeof process !== 'undefined' && process.versions?.node !== undefined && typeof WorkerGlobalScope === 'undefined';
const nodeWorkerThreads = 'node:worker_threads'; // a variable, so bundlers for browsers leave it alone
// No top-level await: bundlers with older targets reject it. Node queues messages until a listener is attached.
const portReady = isNode ? import(/* @vite-ignore */ nodeWorkerThreads).then((m) => m.parentPort) : Promise.resolve(self);
portReady.then((port) => {
  const jobs = new Map();
  let tasks = null;
  const ready = new Promise((resolve) => {
    const receive = async (message) => {
      const { type, module, job, data, id, kind, payload, progress } = isNode ? message : message.data;
      if (type === 'init') {
        globalThis[Symbol.for('wasmlearn.compiledModule')] = module;
        tasks = (await import('./pool_tasks.js')).poolTasks;
        return resolve();
      }
      await ready;
      if (type === 'data') return jobs.set(job, data);
      if (type === 'drop') return jobs.delete(job);
      const onProgress = progress ? (...args) => port.postMessage({ id, progress: args }) : undefined;
      try {
        const result = await tasks[kind](payload, jobs.get(job), onProgress);
        port.postMessage({ id, result });
      } catch (e) {
        port.postMessage({ id, error: { name: e?.name ?? 'Error', message: e?.message ?? String(e) } });
      }
    };
    if (isNode) port.on('message', receive);
    else port.onmessage = receive;
  });
});
