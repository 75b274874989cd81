// The WebAssembly module lives here, off the page's main thread. The page sends `render`
// requests; for each one this worker makes (or reuses) the dataset, fits the model once and
// answers a `fit` message (points, classes, train accuracy), then one `pass` message per grid
// width (coarse first, then fine), each computed with
// ONE batched predictProba (or predict) call over the whole grid.
import * as wl from 'wasmlearn';
import { figureSize } from './layout.js';

let latest = 0; // id of the newest render request; older ones stop between passes
let cached = { key: '', data: null };

function dataset({ name, nSamples, noise, seed }) {
  const key = JSON.stringify([name, nSamples, noise, seed]);
  if (cached.key !== key) {
    if (name !== 'moons') throw new Error(`unknown dataset ${name}`);
    if (typeof wl.datasets?.makeMoons !== 'function') throw new Error('this wasmlearn build has no datasets.makeMoons');
    const { X, y } = wl.datasets.makeMoons({ nSamples, noise, randomState: seed });
    cached = { key, data: { X: { data: Float64Array.from(X.data), rows: X.rows, cols: X.cols }, y: Array.from(y) } };
  }
  return cached.data;
}

// Padded bounding box of the points: the plotted domain, and the grid's extent.
function domainOf(X) {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < X.rows; i++) {
    const a = X.data[2 * i], b = X.data[2 * i + 1];
    if (a < x0) x0 = a;
    if (a > x1) x1 = a;
    if (b < y0) y0 = b;
    if (b > y1) y1 = b;
  }
  if (!(x1 >= x0)) [x0, x1, y0, y1] = [-1, 1, -1, 1];
  const px = 0.08 * (x1 - x0) + 0.25, py = 0.08 * (y1 - y0) + 0.25;
  return { x: [x0 - px, x1 + px], y: [y0 - py, y1 + py] };
}

// Cell centres, row-major, row 0 at the top (the canvas's orientation).
function gridPoints(domain, nx, ny) {
  const [x0, x1] = domain.x, [y0, y1] = domain.y;
  const data = new Float64Array(nx * ny * 2);
  for (let j = 0; j < ny; j++) {
    const yv = y1 - ((j + 0.5) * (y1 - y0)) / ny;
    for (let i = 0; i < nx; i++) {
      const k = 2 * (j * nx + i);
      data[k] = x0 + ((i + 0.5) * (x1 - x0)) / nx;
      data[k + 1] = yv;
    }
  }
  return { data, rows: nx * ny, cols: 2 };
}

// Class probabilities on the grid (rows x nClasses, columns in model.classes order). Models
// without predictProba give hard 0/1 votes from one predict call.
function gridProba(model, grid, classes) {
  if (typeof model.predictProba === 'function') return model.predictProba(grid).data;
  const labels = model.predict(grid);
  const k = classes.length, out = new Float64Array(grid.rows * k);
  const index = new Map(Array.from(classes, (c, i) => [c, i]));
  for (let r = 0; r < grid.rows; r++) {
    const c = index.get(labels[r]);
    if (c !== undefined) out[r * k + c] = 1;
  }
  return out;
}

async function render({ id, dataset: ds, model: spec, passes, view }) {
  latest = id;
  const Model = wl[spec.name];
  if (typeof Model !== 'function' || Model.metadata?.kind !== 'classifier') throw new Error(`no classifier named ${spec.name} in this build`);
  const { X, y } = dataset(ds);
  const domain = domainOf(X);
  const frame = figureSize(view.width, view.height, domain);
  const model = new Model(spec.params);
  try {
    let t = performance.now();
    model.fit(X, y);
    const fitMs = performance.now() - t;
    const accuracy = model.score(X, y);
    const classes = Array.from(model.classes);
    postMessage({ type: 'fit', id, X: X.data, y, classes, accuracy, fitMs, domain, view });
    for (let p = 0; p < passes.length; p++) {
      if (p > 0) {
        await new Promise((resolve) => setTimeout(resolve, 0)); // let a newer request in
        if (latest !== id) return;
      }
      const nx = passes[p];
      const ny = Math.max(2, Math.round((nx * frame.innerH) / frame.innerW));
      const grid = gridPoints(domain, nx, ny);
      t = performance.now();
      const proba = gridProba(model, grid, classes);
      const predictMs = performance.now() - t;
      const msg = { type: 'pass', id, pass: p, final: p === passes.length - 1, nx, ny, nClasses: classes.length, proba, predictMs };
      postMessage(msg, [proba.buffer]);
    }
  } finally {
    model.dispose();
  }
}

onmessage = async ({ data: msg }) => {
  if (msg.type !== 'render') return;
  try {
    await render(msg);
  } catch (e) {
    postMessage({ type: 'error', id: msg.id, message: e?.message ?? String(e) });
  }
};

postMessage({
  type: 'ready',
  estimators: wl.estimators(),
  datasets: typeof wl.datasets?.makeMoons === 'function' ? ['moons'] : [],
});
