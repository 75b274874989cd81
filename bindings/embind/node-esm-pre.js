// Inside the module factory: in Node (and only when the caller supplied no wasm of its own) load
// the .wasm through node:fs. Relies on 3.1.6 internals wasmBinaryFile/readyPromiseReject.
var wasmlearnInNode = typeof process == 'object' && typeof process.versions == 'object' &&
  typeof process.versions.node == 'string';
if (wasmlearnInNode && !Module['wasmBinary'] && !Module['instantiateWasm']) {
  Module['instantiateWasm'] = function (imports, onInstance) {
    return wasmlearnNodeInstantiate(wasmBinaryFile, imports, onInstance, readyPromiseReject);
  };
}
