// The playground: a static site with root web/, built to web/dist (`npx vite build web`).
// `wasmlearn` resolves to the package in this repository, so the page always runs the module
// that was just built; its .wasm is emitted as a hashed asset next to the worker bundle.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  base: './', // relative asset URLs: the built site works from any sub-path
  resolve: {
    alias: { wasmlearn: fileURLToPath(new URL('../bindings/js/index.js', import.meta.url)) },
  },
  server: { host: '127.0.0.1', fs: { allow: ['..'] } },
  preview: { host: '127.0.0.1' },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1000 },
});
