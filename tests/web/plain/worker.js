// A module Web Worker that imports the package as static files (its .wasm fetched next to it).
import { KMeans, GaussianMixture, setConfig } from '/bindings/js/index.js';

self.onmessage = ({ data }) => {
  try {
    setConfig({ warnings: 'error' });
    const km = new KMeans({ nClusters: 2, randomState: 0 });
    const labels = Array.from(km.fitPredict(data.X));
    const centres = km.clusterCenters.toArray();
    km.dispose();
    const gm = new GaussianMixture({ nComponents: 2, randomState: 0 }).fit(data.X);
    self.postMessage({ status: 'ok', labels, centres, converged: gm.converged, inWorker: typeof document === 'undefined' });
    gm.dispose();
  } catch (e) {
    self.postMessage({ status: 'error', error: String(e && e.stack ? e.stack : e) });
  }
};
