// Instantiates the WebAssembly module once, at import (top-level await), so the whole API is
// synchronous afterwards. In Node the module reads its .wasm with node:fs; in browsers and Vite
// it is fetched from next to wasmlearn.js. A pool worker instead instantiates the WebAssembly.Module
// the pool compiled once and posted to it (pool_worker_port.js sets a promise of it before this runs).
import createWasmlearnModule from './wasm/wasmlearn.js';

const compiled = await globalThis[Symbol.for('wasmlearn.compiledModule')];
const fromCompiled = (imports, receive) => {
  WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
  return {};
};

export const wasm = await createWasmlearnModule(compiled ? { instantiateWasm: fromCompiled } : {});
