// Instantiates the WebAssembly module once, at import (top-level await), so the whole API is
// synchronous afterwards. In Node the module reads its .wasm with node:fs; in browsers and Vite
// it is fetched from next to wasmlearn.js.
import createWasmlearnModule from './wasm/wasmlearn.js';

export const wasm = await createWasmlearnModule();
