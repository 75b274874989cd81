// Placed verbatim at the top of the emitted ES module (outside the factory). Emscripten 3.1.6 built
// for the web fetch()es its .wasm, and Node's fetch refuses file:// URLs; in Node we read the file
// instead. Browsers and bundlers never call this; the dynamic specifier and the comments keep Vite and
// webpack from resolving it.
function wasmlearnNodeInstantiate(wasmUrl, imports, onInstance, onError) {
  const nodeFs = 'node:fs/promises';
  import(/* @vite-ignore */ /* webpackIgnore: true */ nodeFs)
    .then((fs) => fs.readFile(new URL(/* webpackIgnore: true */ wasmUrl, import.meta.url)))
    .then((bytes) => WebAssembly.instantiate(bytes, imports))
    .then((result) => onInstance(result.instance, result.module), onError);
  return {}; // asynchronous instantiation
}
