// The playground and the tutorial: a static site with root web/, built to web/dist
// (`npx vite build web`), the playground and the tutorial sharing one worker bundle, the network view
// (network.html) with its own worker, and the API reference (api.html,
// written by bindings/js/tools/generate.mjs). `wasmlearn` resolves to the
// package in this repository, so the pages always run the module that was just built; its .wasm
// is emitted as a hashed asset next to the worker bundle.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const page = (name) => fileURLToPath(new URL(`./${name}`, import.meta.url));

export default defineConfig({
  base: './', // relative asset URLs: the built site works from any sub-path
  resolve: {
    alias: { wasmlearn: fileURLToPath(new URL('../bindings/js/index.js', import.meta.url)) },
  },
  server: { host: '127.0.0.1', fs: { allow: ['..'] } },
  preview: { host: '127.0.0.1' },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1000,
    rollupOptions: { input: { index: page('index.html'), tutorial: page('tutorial.html'), network: page('network.html'), api: page('api.html') } },
  },
});
