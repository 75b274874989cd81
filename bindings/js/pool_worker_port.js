// The first module a pool worker evaluates (pool_worker.js imports it before the library): it listens
// on the worker's port at once and hands the library the WebAssembly.Module of the pool's first
// message ('init') through globalThis, which module.js awaits before it instantiates. Messages after
// 'init' wait until serve() names their handler.
const isNode = typeof process !== 'undefined' && process.versions?.node !== undefined && typeof WorkerGlobalScope === 'undefined';
const nodeWorkerThreads = 'node:worker_threads'; // a variable, so bundlers for browsers leave it alone
export const portReady = isNode ? import(/* @vite-ignore */ /* webpackIgnore: true */ nodeWorkerThreads).then((m) => m.parentPort) : Promise.resolve(self);

const early = [];
let handle = (message) => early.push(message);
globalThis[Symbol.for('wasmlearn.compiledModule')] = portReady.then(
  (port) =>
    new Promise((resolve) => {
      const receive = (event) => {
        const message = isNode ? event : event.data;
        if (message.type === 'init') resolve(message.module);
        else handle(message);
      };
      if (isNode) port.on('message', receive);
      else port.onmessage = receive;
    }),
);

// From now on `handler` receives every message but 'init', those that arrived earlier first.
export function serve(handler) {
  handle = handler;
  for (const message of early.splice(0)) handler(message);
}
