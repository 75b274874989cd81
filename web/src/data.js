// Datasets of the playground and the tutorial: the presets (what they are, their options), a
// small seeded generator for the shapes the library does not make itself (XOR, spiral, sine,
// line, anisotropic blobs), the train/test split, and the user's edits (added and moved points).
// Shared by the page (catalogue, URL parsing) and the worker (generation).

import { sin, cos, log } from './portable_math.js';

// xoshiro-free and tiny: mulberry32 for uniforms, Box–Muller for normals. Deterministic per seed, the
// same bits in every engine (portable_math.js).
export function rng(seed) {
  let a = (seed >>> 0) ^ 0x9e3779b9;
  const uniform = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let spare = null;
  const normal = () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    const u = 1 - uniform(), v = uniform();
    const r = Math.sqrt(-2 * log(u));
    spare = r * sin(2 * Math.PI * v);
    return r * cos(2 * Math.PI * v);
  };
  return { uniform, normal };
}

// Point i is a test point when its hash falls under the test fraction: adding or moving points
// never reshuffles the others.
export function isTestPoint(seed, i, fraction) {
  if (!(fraction > 0)) return false;
  let h = Math.imul((seed >>> 0) ^ 0x85ebca6b, 0xc2b2ae35) ^ Math.imul(i + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296 < fraction;
}

// The presets. `kind`: 'classes' (2-D points with a class) or 'curve' (1-D x with a number y).
// `needs`: estimator names the preset requires (it is offered only when they exist).
export const presets = [
  { name: 'moons', label: 'two moons', kind: 'classes', noise: 0.25, doc: 'two interleaving half circles' },
  { name: 'circles', label: 'circles', kind: 'classes', noise: 0.1, doc: 'a small circle inside a large one' },
  { name: 'blobs', label: 'blobs', kind: 'classes', noise: 1.0, doc: 'three Gaussian blobs (noise = their standard deviation)' },
  { name: 'blobs2', label: 'two blobs', kind: 'classes', noise: 1.0, doc: 'two overlapping Gaussian blobs (noise = their standard deviation): a linear boundary fits' },
  { name: 'xor', label: 'XOR', kind: 'classes', noise: 0.15, doc: 'four quadrants, opposite ones share a class' },
  { name: 'spiral', label: 'spiral', kind: 'classes', noise: 0.2, doc: 'two interleaved spiral arms' },
  { name: 'aniso', label: 'anisotropic blobs', kind: 'classes', noise: 0.5, doc: 'three elongated blobs (a linear map of Gaussian blobs)' },
  { name: 'iris', label: 'Iris (two features)', kind: 'classes', noise: 0, fixedSize: 150, doc: "Fisher's Iris flowers, two of the four measurements" },
  { name: 'iris-pca', label: 'Iris (PCA projection)', kind: 'classes', noise: 0, fixedSize: 150, needs: ['PCA'], doc: 'Iris projected on its first two principal components' },
  { name: 'iris-lda', label: 'Iris (LDA projection)', kind: 'classes', noise: 0, fixedSize: 150, needs: ['LinearDiscriminantAnalysis'], doc: 'Iris projected on its two discriminant axes' },
  { name: 'sine', label: 'noisy sine (regression)', kind: 'curve', noise: 0.25, doc: 'y = sin(x) + noise on [-3, 3]' },
  { name: 'line', label: 'noisy line (regression)', kind: 'curve', noise: 0.5, doc: 'y = 0.8 x + 0.5 + noise on [-3, 3]' },
  { name: 'linear8', label: 'linear regression, 8 features', kind: 'table', noise: 5, hidden: true, doc: 'makeRegression: 8 features, 4 informative' },
];
export const presetByName = new Map(presets.map((p) => [p.name, p]));
export const irisFeatures = ['sepal length (cm)', 'sepal width (cm)', 'petal length (cm)', 'petal width (cm)'];

// Features computed from the two coordinates (x1, x2) of 2-D data, offered as toggles: with them a
// linear classifier separates circles (x1², x2²) or XOR (x1·x2).
export const expansions2d = [
  { name: 'x1Squared', label: 'x1²', f: (a) => a * a },
  { name: 'x2Squared', label: 'x2²', f: (a, b) => b * b },
  { name: 'x1TimesX2', label: 'x1·x2', f: (a, b) => a * b },
  { name: 'sinX1', label: 'sin x1', f: (a) => sin(a) },
  { name: 'sinX2', label: 'sin x2', f: (a, b) => sin(b) },
];

// The dataset's own options, described like estimator parameters so they share the controls.
export const datasetParams = [
  { name: 'nSamples', type: 'integer', default: 200, minimum: 10, maximum: 1000, nullable: false, doc: 'number of generated points' },
  { name: 'noise', type: 'number', default: null, minimum: 0, maximum: 3, nullable: true, doc: 'noise of the generator (standard deviation; empty: the preset default)' },
  { name: 'seed', type: 'integer', default: 0, minimum: 0, maximum: 2 ** 31 - 1, nullable: false, doc: 'random seed: the same seed gives the same points and split' },
  { name: 'testSize', type: 'number', default: 0.25, minimum: 0, maximum: 0.8, nullable: false, doc: 'fraction of the points held out as a test set (hollow marks)' },
  { name: 'basis', type: 'string', values: ['none', 'polynomial', 'spline'], default: 'none', nullable: false, curveOnly: true,
    doc: 'features a regressor sees on a 1-D dataset: x itself, its powers (standardised) or cubic B-splines of x' },
  { name: 'basisSize', type: 'integer', default: 8, minimum: 1, maximum: 20, nullable: false, curveOnly: true, doc: 'degree of the polynomial, or number of spline knots (at least 2)' },
  // Extra features a supervised model sees on 2-D data (worker.js adds them as columns).
  // Shown as one row of checkboxes; the last carries the row's explanation.
  ...expansions2d.map((e, i) => ({ name: e.name, label: e.label, type: 'boolean', default: false, nullable: false, planeOnly: true,
    doc: i === expansions2d.length - 1 ? 'extra features of x1, x2 for the model: with them a linear model draws curved boundaries' : '' })),
];

// The generated points. Returns { P (n*2 display coordinates), c (classes) | null, t (targets) |
// null, full ({data, rows, cols}: all features, for transformers), labels: [x, y] axis names }.
export function generate(wl, spec) {
  const preset = presetByName.get(spec.preset);
  if (!preset) throw new Error(`unknown dataset ${spec.preset}`);
  const n = preset.fixedSize ?? Math.max(1, spec.huge || spec.nSamples);
  const noise = spec.noise ?? preset.noise;
  const seed = spec.seed;
  const r = rng(seed * 7919 + 17);
  const d = wl.datasets;
  const classes = (X, y) => ({ P: Float64Array.from(X.data), c: Int32Array.from(y), t: null, full: null, labels: ['feature 0', 'feature 1'] });
  switch (preset.name) {
    case 'moons': { const o = d.makeMoons({ nSamples: n, noise, randomState: seed }); return classes(o.X, o.y); }
    case 'circles': { const o = d.makeCircles({ nSamples: n, noise, factor: 0.5, randomState: seed }); return classes(o.X, o.y); }
    case 'blobs': { const o = d.makeBlobs({ nSamples: n, centers: 3, clusterStd: Math.max(noise, 1e-3), randomState: seed }); return classes(o.X, o.y); }
    case 'blobs2': { const o = d.makeBlobs({ nSamples: n, centers: [[-1.5, -1], [1.5, 1]], clusterStd: Math.max(noise, 1e-3), randomState: seed }); return classes(o.X, o.y); }
    case 'aniso': {
      const o = d.makeBlobs({ nSamples: n, centers: [[-4, 2], [0, -3], [4, 3]], clusterStd: Math.max(noise, 1e-3), randomState: seed });
      const P = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) {
        const a = o.X.data[2 * i], b = o.X.data[2 * i + 1];
        P[2 * i] = 0.6 * a - 0.64 * b;
        P[2 * i + 1] = -0.41 * a + 0.85 * b;
      }
      return { ...classes(o.X, o.y), P };
    }
    case 'xor': {
      const P = new Float64Array(2 * n), c = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const a = 2 * r.uniform() - 1, b = 2 * r.uniform() - 1;
        c[i] = a * b > 0 ? 0 : 1;
        P[2 * i] = a + noise * r.normal();
        P[2 * i + 1] = b + noise * r.normal();
      }
      return { P, c, t: null, full: null, labels: ['feature 0', 'feature 1'] };
    }
    case 'spiral': {
      const P = new Float64Array(2 * n), c = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const arm = i % 2, s = r.uniform();
        const angle = 0.5 + 3.2 * Math.PI * s + arm * Math.PI, radius = 0.2 + 2.6 * s;
        c[i] = arm;
        P[2 * i] = radius * cos(angle) + noise * r.normal();
        P[2 * i + 1] = radius * sin(angle) + noise * r.normal();
      }
      return { P, c, t: null, full: null, labels: ['feature 0', 'feature 1'] };
    }
    case 'sine':
    case 'line': {
      const P = new Float64Array(2 * n), t = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const x = -3 + 6 * r.uniform();
        t[i] = (preset.name === 'sine' ? sin(x) : 0.8 * x + 0.5) + noise * r.normal();
        P[2 * i] = x;
        P[2 * i + 1] = t[i];
      }
      return { P, c: null, t, full: null, labels: ['x', 'y'] };
    }
    case 'linear8': {
      const o = d.makeRegression({ nSamples: n, nFeatures: 8, nInformative: 4, noise, randomState: seed });
      const full = { data: Float64Array.from(o.X.data), rows: o.X.rows, cols: o.X.cols };
      const P = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) (P[2 * i] = full.data[8 * i]), (P[2 * i + 1] = full.data[8 * i + 1]);
      return { P, c: null, t: Float64Array.from(o.y), full, labels: ['feature 0', 'feature 1'] };
    }
    case 'iris':
    case 'iris-pca':
    case 'iris-lda': {
      const iris = d.loadIris();
      const X4 = { data: Float64Array.from(iris.X.data), rows: iris.X.rows, cols: iris.X.cols };
      const c = Int32Array.from(iris.y);
      let P = new Float64Array(2 * X4.rows), labels;
      if (preset.name === 'iris') {
        const fx = spec.fx ?? 0, fy = spec.fy ?? 1;
        for (let i = 0; i < X4.rows; i++) {
          P[2 * i] = X4.data[4 * i + fx];
          P[2 * i + 1] = X4.data[4 * i + fy];
        }
        labels = [irisFeatures[fx], irisFeatures[fy]];
      } else {
        const Model = preset.name === 'iris-pca' ? wl.PCA : wl.LinearDiscriminantAnalysis;
        if (typeof Model !== 'function') throw new Error(`this build has no ${preset.needs[0]}`);
        const m = new Model({ nComponents: 2 });
        try {
          m.fit(X4, preset.name === 'iris-lda' ? c : undefined);
          P = Float64Array.from(m.transform(X4).data);
        } finally {
          m.dispose();
        }
        labels = preset.name === 'iris-pca' ? ['PC1', 'PC2'] : ['LD1', 'LD2'];
      }
      return { P, c, t: null, full: X4, labels, classNames: iris.targetNames };
    }
  }
  throw new Error(`unknown dataset ${spec.preset}`);
}

// Applies the user's edits: { clear, add: [[x, y, class]], move: [[i, x, y]], remove: [i] }
// (moves and removals of generated points by their generated index; added points are moved or
// removed by editing `add`). Edited data loses the extra features (transformers then see the 2-D
// points). `origin` gives each point a stable index (generated i, or generated count + j for the
// j-th added point), so the train/test split of the others never changes under an edit.
export function applyEdits(base, edits, isCurve) {
  if (!edits || (!edits.clear && !edits.add?.length && !edits.move?.length && !edits.remove?.length)) return base;
  const generated = edits.clear ? 0 : base.P.length / 2;
  const removed = new Set(edits.remove ?? []);
  const kept = [];
  for (let i = 0; i < generated; i++) if (!removed.has(i)) kept.push(i);
  const add = edits.add ?? [];
  const n = kept.length + add.length;
  const moved = new Map((edits.move ?? []).map(([i, x, y]) => [i, [x, y]]));
  const P = new Float64Array(2 * n);
  const origin = new Int32Array(n);
  kept.forEach((i, r) => {
    const [x, y] = moved.get(i) ?? [base.P[2 * i], base.P[2 * i + 1]];
    (P[2 * r] = x), (P[2 * r + 1] = y), (origin[r] = i);
  });
  add.forEach(([x, y], j) => {
    const r = kept.length + j;
    (P[2 * r] = x), (P[2 * r + 1] = y), (origin[r] = generated + j);
  });
  const out = { ...base, P, origin, full: null };
  if (isCurve) {
    out.t = new Float64Array(n);
    for (let i = 0; i < n; i++) out.t[i] = P[2 * i + 1];
  } else {
    out.c = new Int32Array(n);
    kept.forEach((i, r) => (out.c[r] = base.c[i]));
    add.forEach(([, , cls], j) => (out.c[kept.length + j] = cls | 0));
  }
  return out;
}

// Which edit a shown point (index i of the drawn points) comes from: { added: j } for the j-th
// added point, else { generated: g } (its index among the generated points).
export function editTarget(edits, nShown, i) {
  const firstAdded = nShown - (edits.add?.length ?? 0);
  if (i >= firstAdded) return { added: i - firstAdded };
  let g = i;
  for (const r of [...(edits.remove ?? [])].sort((a, b) => a - b)) if (r <= g) g++;
  return { generated: g };
}

export const noEdits = () => ({ clear: false, add: [], move: [], remove: [] });

// URL form of edits: add=x,y,c;x,y,c  move=i,x,y;...  del=i;i  clear=1 (3 decimals; small
// datasets only).
const r3 = (v) => Math.round(v * 1000) / 1000;
export function editsToQuery(edits, q) {
  if (edits.clear) q.set('clear', '1');
  if (edits.add?.length) q.set('add', edits.add.map((a) => a.map(r3).join(',')).join(';'));
  if (edits.move?.length) q.set('move', edits.move.map((m) => m.map(r3).join(',')).join(';'));
  if (edits.remove?.length) q.set('del', edits.remove.join(';'));
}
export function editsFromQuery(q) {
  const list = (s, width) => (s ? s.split(';').map((e) => e.split(',').map(Number)).filter((e) => e.length === width && e.every(Number.isFinite)) : []);
  const remove = list(q.get('del'), 1).map(([i]) => i).filter((i) => Number.isInteger(i) && i >= 0);
  return { clear: q.get('clear') === '1', add: list(q.get('add'), 3), move: list(q.get('move'), 3), remove: [...new Set(remove)] };
}
