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

// A call that fails throws its JS Error from inside the WebAssembly frames (boundary.cpp), which then
// unwind without their epilogues: the shadow stack pointer stayed 16 to 32 bytes lower after every
// failed call, and some hundred thousand failures later the stack ran into the static data below it
// (malloc's state) and the heap broke. So every entry point puts the stack pointer back when it throws.
function restoringStack(f) {
  return function (...args) {
    const stack = wasm.stackSave();
    try {
      return f.apply(this, args);
    } catch (e) {
      wasm.stackRestore(stack);
      throw e;
    }
  };
}
// The functions embind registered (they carry argCount), the class RawEstimator aside: its factories and methods.
const bound = (holder) => Object.getOwnPropertyNames(holder).filter((n) => typeof holder[n] === 'function' && typeof holder[n].argCount === 'number' && holder[n] !== wasm.RawEstimator);
for (const [holder, names] of [[wasm, bound(wasm)], [wasm.RawEstimator, bound(wasm.RawEstimator)],
  [wasm.RawEstimator.prototype, Object.getOwnPropertyNames(wasm.RawEstimator.prototype).filter((n) => n !== 'constructor')]])
  for (const name of names) holder[name] = restoringStack(holder[name]);
