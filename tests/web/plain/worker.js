// A module Web Worker that imports the package as static files (its .wasm fetched next to it) and
// posts what it computed. It works at start rather than on a message: with the package's top-level
// await, a message posted while the worker's modules load may arrive before any handler exists.
import { KMeans, GaussianMixture, setConfig } from '/bindings/js/index.js';

const X = [[0, 0], [0, 1], [1, 0], [9, 9], [9, 10], [10, 9]];
try {
  setConfig({ warnings: 'error' });
  const km = new KMeans({ nClusters: 2, randomState: 0 });
  const labels = Array.from(km.fitPredict(X));
  const centres = km.clusterCenters.toArray();
  km.dispose();
  const gm = new GaussianMixture({ nComponents: 2, randomState: 0 }).fit(X);
  self.postMessage({ status: 'ok', labels, centres, converged: gm.converged, inWorker: typeof document === 'undefined' });
  gm.dispose();
} catch (e) {
  self.postMessage({ status: 'error', error: String(e && e.stack ? e.stack : e) });
}
