// The network view's data: the points (the playground's presets, blobs and spirals of 2 to 5
// classes, two regression targets over the plane as TensorFlow Playground's, or pasted CSV rows), their train/test split, the input features the toggles choose
// (x1, x2 and the playground's expansions), and the grid the neuron maps are drawn on.
import { generate, rng, isTestPoint, expansions2d } from './data.js';
import { sin, cos } from './portable_math.js';

export const networkPresets = [
  { name: 'moons', label: 'two moons', classes: false },
  { name: 'circles', label: 'circles', classes: false },
  { name: 'xor', label: 'XOR', classes: false },
  { name: 'spiral', label: 'spiral (2 to 5 arms)', classes: true, noise: 0.2 },
  { name: 'blobs', label: 'blobs (2 to 5)', classes: true, noise: 0.8 },
  { name: 'plane', label: 'plane (regression)', regression: true, noise: 0.1 },
  { name: 'bumps', label: 'bumps (regression)', regression: true, noise: 0.05 },
];

// Whether the data spec's points carry a number to predict (an MLPRegressor) rather than a class.
export const isRegression = (spec) => !spec.csv && Boolean(networkPresets.find((p) => p.name === spec.preset)?.regression);

// n points uniform on [-3, 3]² with a target: a tilted plane, or two bumps up and two down (each
// 1 / (1 + d²/r²) of the distance d to its centre: no exp, whose last bit differs between engines).
function regressionPoints(kind, n, noise, seed) {
  const r = rng(seed * 7919 + 17);
  const P = new Float64Array(2 * n), t = new Float64Array(n);
  const bumps = [[-1.5, -1.5, 1], [1.5, 1.5, 1], [-1.5, 1.5, -1], [1.5, -1.5, -1]];
  for (let i = 0; i < n; i++) {
    const a = 6 * r.uniform() - 3, b = 6 * r.uniform() - 3;
    let value = (a + b) / 6;
    if (kind === 'bumps') value = bumps.reduce((sum, [x, y, sign]) => sum + sign / (1 + ((a - x) * (a - x) + (b - y) * (b - y)) / 0.8), 0);
    P[2 * i] = a;
    P[2 * i + 1] = b;
    t[i] = value + noise * r.normal();
  }
  return { P, t };
}

export const inputFeatures = [
  { name: 'x1', label: 'x1', f: (a) => a },
  { name: 'x2', label: 'x2', f: (a, b) => b },
  ...expansions2d,
];

// k classes of n points: arms of a spiral (each turning once and a half) or blobs on a circle.
function manyClasses(kind, n, k, noise, seed) {
  const r = rng(seed * 7919 + 17);
  const P = new Float64Array(2 * n), c = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const cls = i % k;
    c[i] = cls;
    if (kind === 'spiral') {
      const t = r.uniform(), angle = 3 * Math.PI * t + (2 * Math.PI * cls) / k, radius = 0.3 + 2.7 * t;
      P[2 * i] = radius * cos(angle) + noise * r.normal();
      P[2 * i + 1] = radius * sin(angle) + noise * r.normal();
    } else {
      const angle = (2 * Math.PI * cls) / k;
      P[2 * i] = 2.5 * cos(angle) + noise * r.normal();
      P[2 * i + 1] = 2.5 * sin(angle) + noise * r.normal();
    }
  }
  return { P, c };
}

// Rows of "x1, x2, class" (a header line and blank lines are skipped); classes become 0 .. k-1 in
// order of first appearance. Throws with the line number of a bad row.
export function parseCsv(text) {
  const points = [], classes = new Map();
  text.split(/\r?\n/).forEach((line, i) => {
    const cells = line.split(/[,;\t]/).map((s) => s.trim());
    if (cells.join('') === '') return;
    const [a, b] = cells.map(Number);
    if (points.length === 0 && i === 0 && !(Number.isFinite(a) && Number.isFinite(b))) return; // a header
    if (cells.length !== 3 || !Number.isFinite(a) || !Number.isFinite(b) || cells[2] === '')
      throw new Error(`CSV line ${i + 1}: expected "x1, x2, class", got "${line}"`);
    if (!classes.has(cells[2])) classes.set(cells[2], classes.size);
    points.push([a, b, classes.get(cells[2])]);
  });
  if (classes.size < 2) throw new Error('CSV: the points need at least 2 classes');
  if (classes.size > 5) throw new Error(`CSV: at most 5 classes, got ${classes.size}`);
  return { P: Float64Array.from(points.flatMap(([a, b]) => [a, b])), c: Int32Array.from(points, (p) => p[2]), names: [...classes.keys()] };
}

// The points of a data spec { preset, nSamples, noise, seed, nClasses, csv }.
export function networkPoints(wl, spec) {
  if (spec.csv) return parseCsv(spec.csv);
  const preset = networkPresets.find((p) => p.name === spec.preset);
  if (!preset) throw new Error(`unknown dataset ${spec.preset}`);
  if (preset.regression) return regressionPoints(preset.name, spec.nSamples, spec.noise ?? preset.noise, spec.seed);
  if (preset.classes) return manyClasses(preset.name, spec.nSamples, spec.nClasses, spec.noise ?? preset.noise, spec.seed);
  const { P, c } = generate(wl, { preset: preset.name, nSamples: spec.nSamples, noise: spec.noise, seed: spec.seed });
  return { P, c };
}

// The chosen features of 2-D points (n x 2, row-major) as the model's rows.
export function featureRows(P, n, features) {
  const chosen = inputFeatures.filter((f) => features.includes(f.name));
  const data = new Float64Array(n * chosen.length);
  for (let i = 0; i < n; i++) chosen.forEach((f, j) => (data[i * chosen.length + j] = f.f(P[2 * i], P[2 * i + 1])));
  return { data, rows: n, cols: chosen.length };
}

// Padded bounding box of the points.
export function domainOf(P) {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < P.length; i += 2) {
    x0 = Math.min(x0, P[i]), x1 = Math.max(x1, P[i]), y0 = Math.min(y0, P[i + 1]), y1 = Math.max(y1, P[i + 1]);
  }
  if (!(x1 >= x0)) [x0, x1, y0, y1] = [-1, 1, -1, 1];
  const px = 0.08 * (x1 - x0) + 0.1, py = 0.08 * (y1 - y0) + 0.1;
  return { x: [x0 - px, x1 + px], y: [y0 - py, y1 + py] };
}

// res x res cell centres of the domain, row 0 at the top (a canvas's orientation), as 2-D points.
export function gridOf(domain, res) {
  const P = new Float64Array(2 * res * res);
  for (let r = 0; r < res; r++)
    for (let q = 0; q < res; q++) {
      P[2 * (r * res + q)] = domain.x[0] + ((q + 0.5) * (domain.x[1] - domain.x[0])) / res;
      P[2 * (r * res + q) + 1] = domain.y[1] - ((r + 0.5) * (domain.y[1] - domain.y[0])) / res;
    }
  return P;
}

// The points, split (isTestPoint, as the playground), as training and test rows of the features;
// y: classes, or the targets of a regression preset (t, with c null and nClasses 0).
export function networkData(wl, spec) {
  const { P, c = null, t = null, names } = networkPoints(wl, spec);
  const n = P.length / 2;
  if (spec.features.length === 0) throw new Error('features: toggle at least one input feature');
  const test = Uint8Array.from({ length: n }, (_, i) => (isTestPoint(spec.seed, i, spec.testSize) ? 1 : 0));
  const pick = (keep) => {
    const idx = [];
    for (let i = 0; i < n; i++) if (test[i] === keep) idx.push(i);
    const Q = Float64Array.from(idx.flatMap((i) => [P[2 * i], P[2 * i + 1]]));
    return { X: featureRows(Q, idx.length, spec.features), y: t ? Float64Array.from(idx, (i) => t[i]) : Int32Array.from(idx, (i) => c[i]) };
  };
  const train = pick(0), held = pick(1);
  if (train.y.length === 0) throw new Error('no training points: lower testSize or add points');
  const nClasses = c ? Math.max(...c) + 1 : 0;
  return { P, c, t, test, train, held, nClasses, classNames: names ?? Array.from({ length: nClasses }, (_, k) => `class ${k}`), domain: domainOf(P) };
}
