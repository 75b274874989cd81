// Starts the WebAssembly worker as soon as the page's first, small script runs — before the page's
// own code (mostly the plotting libraries) has loaded — so that both downloads and compilations
// overlap. The Engine adopts the worker with whatever it said meanwhile.
let booted = null;

export function bootWorker() {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const early = [];
  worker.onmessage = ({ data }) => early.push({ data });
  worker.onerror = (e) => {
    e.preventDefault();
    early.push({ error: e.message || 'unknown error' });
  };
  booted = { worker, early };
}

// The booted worker and its early messages ({ data } or { error }), once; null without a boot.
export function adoptWorker() {
  const b = booted;
  booted = null;
  return b;
}
