// The tutorial's sections: our own short text and the figures, following the outline of the
// chapter "Classic machine learning methods" (J. Faouzi, O. Colliot). Figure types:
//   live  a model trained in the worker on a dataset, with controls (model options from the
//         metadata, optionally narrowed; data options marked data: true)
//   path  the regularisation path of a linear model: every coefficient against alpha
//   draw  a drawing made here in JS, from its own numbers or the worker's (context.ask)
// `needs`: the estimators a figure requires; without them the page says "not yet".
import * as Plot from '@observablehq/plot';
import { palette } from './plot.js';
import { alphaByCrossValidation, codeBookFigure, complexityCurves } from './selection_sections.js';
import { xorBackprop, activationsCompared, widthAndAlpha } from './network_tutorial.js';

const noise = (def, max = 1) => ({ name: 'noise', data: true, type: 'number', default: def, minimum: 0, maximum: max, nullable: false, doc: 'noise of the data' });
const seed = { name: 'seed', data: true, type: 'integer', default: 0, minimum: 0, maximum: 50, nullable: false, doc: 'random seed of the data' };

// ---- drawings ------------------------------------------------------------------------------

function unitBalls(holder, { controls, el, onResize, ...context }) {
  let p = 3;
  const slider = el('input', { type: 'range', min: 0.5, max: 8, step: 0.1, value: p, 'aria-label': 'p of the extra ball' });
  const label = el('span', { text: `p = ${p}` });
  controls.append(el('div', { class: 'field' }, el('label', { text: 'an Lp ball for any p' }), el('div', { class: 'row' }, slider, label)));
  const ball = (q, name) => Array.from({ length: 401 }, (_, i) => {
    const t = (2 * Math.PI * i) / 400, c = Math.cos(t), s = Math.sin(t);
    const r = (Math.abs(c) ** q + Math.abs(s) ** q) ** (-1 / q);
    return { x: r * c, y: r * s, name };
  });
  const draw = () => {
    label.textContent = `p = ${p}`;
    const data = [...ball(1, 'L1: |w₁| + |w₂| = 1'), ...ball(2, 'L2: w₁² + w₂² = 1'), ...ball(60, 'L∞: max |wᵢ| = 1'), ...ball(p, `Lp, p = ${p}`)];
    holder.replaceChildren(Plot.plot({
      width: Math.min(context.width, 420), height: Math.min(context.width, 420) - 10, x: { domain: [-1.2, 1.2], label: 'w₁' }, y: { domain: [-1.2, 1.2], label: 'w₂' },
      color: { legend: true, range: palette }, style: { background: 'transparent' },
      marks: [Plot.ruleX([0], { stroke: '#ccc' }), Plot.ruleY([0], { stroke: '#ccc' }), Plot.line(data, { x: 'x', y: 'y', z: 'name', stroke: 'name', strokeWidth: 2 })],
    }));
  };
  slider.addEventListener('input', () => ((p = Number(slider.value)), draw()));
  onResize(draw);
  draw();
}

// Least squares with the coefficients kept in a ball of radius t: the optimum is where the
// loss's contour first touches the ball. The L1 ball's corners make that point sparse.
function constrainedOptimum(holder, { controls, el, onResize, ...context }) {
  let t = 1;
  const slider = el('input', { type: 'range', min: 0.1, max: 2.6, step: 0.05, value: t, 'aria-label': 'radius t of the ball' });
  const label = el('span', { text: `t = ${t}` });
  controls.append(el('div', { class: 'field' }, el('label', { text: 'size t of the allowed region' }), el('div', { class: 'row' }, slider, label)));
  const w0 = [2.2, 0.5];
  const A = [[1, 0.5], [0.5, 1.2]];
  const loss = (a, b) => {
    const u = a - w0[0], v = b - w0[1];
    return A[0][0] * u * u + 2 * A[0][1] * u * v + A[1][1] * v * v;
  };
  const best = (q) => {
    let arg = null, m = Infinity;
    for (let i = 0; i < 4000; i++) {
      const th = (2 * Math.PI * i) / 4000, c = Math.cos(th), s = Math.sin(th);
      const r = t * (Math.abs(c) ** q + Math.abs(s) ** q) ** (-1 / q);
      const l = loss(r * c, r * s);
      if (l < m) (m = l), (arg = [r * c, r * s]);
    }
    return loss(...w0) === 0 && (Math.abs(w0[0]) ** q + Math.abs(w0[1]) ** q) ** (1 / q) <= t ? { w: w0, l: 0 } : { w: arg, l: m };
  };
  const domain = { x: [-2.8, 3.6], y: [-2.2, 2.9] };
  const inside = (x, y) => x >= domain.x[0] && x <= domain.x[1] && y >= domain.y[0] && y <= domain.y[1];
  // Points with loss = level (solved along each direction from w0); a large contour (small t) is
  // broken where it leaves the frame rather than drawn over the axes.
  const contour = (level, name) => Array.from({ length: 721 }, (_, i) => {
    const th = (2 * Math.PI * i) / 720, c = Math.cos(th), s = Math.sin(th);
    const q = A[0][0] * c * c + 2 * A[0][1] * c * s + A[1][1] * s * s;
    const r = Math.sqrt(level / q), x = w0[0] + r * c, y = w0[1] + r * s;
    return inside(x, y) ? { x, y, name } : { x: NaN, y: NaN, name };
  });
  const ball = (q, name) => Array.from({ length: 401 }, (_, i) => {
    const th = (2 * Math.PI * i) / 400, c = Math.cos(th), s = Math.sin(th);
    const r = t * (Math.abs(c) ** q + Math.abs(s) ** q) ** (-1 / q);
    return { x: r * c, y: r * s, name };
  });
  const draw = () => {
    label.textContent = `t = ${t}`;
    const l1 = best(1), l2 = best(2);
    const lines = [...ball(1, 'L1 ball'), ...ball(2, 'L2 ball'), ...contour(l1.l, 'loss contour through the L1 optimum'), ...contour(l2.l, 'loss contour through the L2 optimum')];
    const pts = [{ x: l1.w[0], y: l1.w[1], name: 'L1 optimum (lasso)' }, { x: l2.w[0], y: l2.w[1], name: 'L2 optimum (ridge)' }, { x: w0[0], y: w0[1], name: 'least squares' }];
    const size = Math.min(context.width, 460);
    holder.replaceChildren(Plot.plot({
      width: size, height: size * 0.8, x: { domain: domain.x, label: 'w₁' }, y: { domain: domain.y, label: 'w₂' }, style: { background: 'transparent' },
      color: { legend: true, domain: ['L1 ball', 'L2 ball', 'loss contour through the L1 optimum', 'loss contour through the L2 optimum'], range: [palette[0], palette[1], '#9db4f0', '#ffb4a6'] },
      marks: [Plot.ruleX([0], { stroke: '#ccc' }), Plot.ruleY([0], { stroke: '#ccc' }), Plot.line(lines, { x: 'x', y: 'y', z: 'name', stroke: 'name', strokeWidth: 2 }),
        Plot.dot(pts, { x: 'x', y: 'y', fill: (d, i) => ['#1d4ed8', '#c2410c', '#111'][i], r: 5, title: 'name' }),
        // The lasso's label below its point, ridge's to the left of its own and least squares' to
        // the right of its own (the ridge optimum approaches it from the left), on a white halo.
        ...[[8, 12, 'start'], [-8, 0, 'end'], [8, -8, 'start']].map(([dx, dy, textAnchor], i) =>
          Plot.text([pts[i]], { x: 'x', y: 'y', text: 'name', fontSize: 11, stroke: 'white', strokeWidth: 3, fill: '#111', dx, dy, textAnchor }))],
    }));
  };
  slider.addEventListener('input', () => ((t = Number(slider.value)), draw()));
  onResize(draw);
  draw();
}

function sigmoid(holder, context) {
  const rows = Array.from({ length: 241 }, (_, i) => {
    const z = -6 + i / 20;
    return { z, p: 1 / (1 + Math.exp(-z)) };
  });
  const draw = () => holder.replaceChildren(Plot.plot({
    width: Math.min(context.width, 520), height: 220, x: { label: 'z = w·x + b (‖w‖ times the signed distance to the boundary)' }, y: { label: 'P(class 1)', domain: [0, 1], grid: true },
    style: { background: 'transparent' },
    marks: [Plot.ruleX([0], { stroke: '#bbb' }), Plot.ruleY([0.5], { stroke: '#bbb', strokeDasharray: '4 3' }), Plot.line(rows, { x: 'z', y: 'p', stroke: palette[0], strokeWidth: 2.5 })],
  }));
  context.onResize(draw);
  draw();
}

// Loss functions from the library (wl.losses, computed in the worker): a line per loss.
async function lossPlot(holder, context, { names, labels, x, label, epsilon, yMax }) {
  const { values } = await context.ask({ type: 'losses', names, x, epsilon });
  const rows = names.flatMap((n, k) => values[n].map((v, i) => ({ x: x[i], v: n === 'logistic' ? v / Math.LN2 : v, name: labels[k] })));
  holder.replaceChildren(Plot.plot({
    width: Math.min(context.width, 520), height: 260, x: { label }, y: { label: 'loss', domain: [0, yMax], grid: true }, style: { background: 'transparent' },
    color: { legend: true, domain: labels, range: palette },
    marks: [Plot.ruleX([0], { stroke: '#bbb' }), Plot.line(rows, { x: 'x', y: 'v', z: 'name', stroke: 'name', strokeWidth: 2, clip: true })],
  }));
}

const grid = (a, b, n) => Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));

function marginLosses(holder, context) {
  const draw = () => lossPlot(holder, context, {
    names: ['zeroOne', 'hinge', 'logistic', 'squaredHinge', 'perceptron'],
    labels: ['zero-one', 'hinge (SVM)', 'logistic / ln 2', 'squared hinge', 'perceptron'],
    x: grid(-3, 3, 601), label: 'margin m = y·f(x) (y = ±1; negative: wrong side)', yMax: 4,
  });
  context.onResize(draw);
  return draw();
}

function regressionLosses(holder, context) {
  let epsilon = 0.5;
  const slider = context.el('input', { type: 'range', min: 0, max: 2, step: 0.05, value: epsilon, 'aria-label': 'epsilon of the ε-insensitive loss' });
  const text = context.el('span', { text: `ε = ${epsilon}` });
  context.controls.append(context.el('div', { class: 'field' }, context.el('label', { text: 'width ε of the insensitive tube' }), context.el('div', { class: 'row' }, slider, text)));
  const draw = () => lossPlot(holder, context, {
    names: ['squared', 'absolute', 'epsilonInsensitive', 'huber'], labels: ['squared', 'absolute', `ε-insensitive (SVR), ε = ${epsilon}`, 'Huber (δ = 1.35)'],
    x: grid(-3, 3, 601), label: 'residual r = y − f(x)', epsilon, yMax: 4,
  });
  slider.addEventListener('input', () => {
    epsilon = Number(slider.value);
    text.textContent = `ε = ${epsilon}`;
    draw().catch(() => {});
  });
  context.onResize(draw);
  return draw();
}

function criteria(holder, context) {
  const ps = Array.from({ length: 201 }, (_, i) => i / 200);
  const h = (p) => (p <= 0 || p >= 1 ? 0 : -(p * Math.log2(p) + (1 - p) * Math.log2(1 - p)));
  const rows = ps.flatMap((p) => [
    { p, v: 2 * p * (1 - p), name: 'Gini: 2p(1 − p)' },
    { p, v: h(p) / 2, name: 'entropy / 2' },
    { p, v: 1 - Math.max(p, 1 - p), name: 'misclassification: 1 − max(p, 1 − p)' },
  ]);
  const draw = () => holder.replaceChildren(Plot.plot({
    width: Math.min(context.width, 520), height: 260, x: { label: 'p (share of class 1 in a node)' }, y: { label: 'impurity', grid: true }, style: { background: 'transparent' },
    color: { legend: true, range: palette },
    marks: [Plot.line(rows, { x: 'p', y: 'v', z: 'name', stroke: 'name', strokeWidth: 2 })],
  }));
  context.onResize(draw);
  draw();
}

// PCA on a 2-D cloud, in two panels: the principal axes drawn on the points (from the mean, two
// standard deviations long), then the same points in the axes' coordinates — the cloud rotated
// so that its widest spread lies along PC1. Both panels in equal units.
async function principalAxesFigure(holder, context) {
  const a = await context.ask({ type: 'principalAxes', dataset: { preset: 'blobs2', nSamples: 200, noise: 1, seed: 0, testSize: 0 } });
  const n = a.X.length / 2;
  const rows = (P) => Array.from({ length: n }, (_, i) => ({ x: P[2 * i], y: P[2 * i + 1], c: a.labels[i] }));
  const axes = [0, 1].map((k) => {
    const len = 2 * Math.sqrt(a.variance[k]);
    return { x1: a.mean[0], y1: a.mean[1], x2: a.mean[0] + len * a.components[2 * k], y2: a.mean[1] + len * a.components[2 * k + 1], label: `PC${k + 1} (${(100 * a.ratio[k]).toFixed(0)} %)` };
  });
  const tips = axes.flatMap((t) => [t.x2, t.y2]);
  const square = (P) => {
    // One domain for both axes around the points' centre (and the arrows' tips): equal units in a
    // square panel.
    const xs = P.filter((_, i) => i % 2 === 0), ys = P.filter((_, i) => i % 2 === 1);
    const [cx, cy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    const half = 0.55 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    return { x: [cx - half, cx + half], y: [cy - half, cy + half] };
  };
  const panel = (title, P, labels, extra, width) => {
    const d = square(P);
    return Plot.plot({
      // Margins adding up the same both ways, so the square domain gets a square frame.
      width, height: width, marginTop: 22, marginBottom: 38, marginLeft: 40, marginRight: 20, style: { background: 'transparent', fontSize: '11px' }, ariaLabel: title,
      x: { domain: d.x, label: labels[0], labelAnchor: 'center', labelArrow: 'none', ticks: 4 }, y: { domain: d.y, label: labels[1], labelAnchor: 'center', labelArrow: 'none', ticks: 4 },
      marks: [Plot.frame({ stroke: '#ccc' }), Plot.text([title], { frameAnchor: 'top', dy: -16, fontWeight: 600 }),
        Plot.dot(rows(P.slice(0, 2 * n)), { x: 'x', y: 'y', r: 2.2, fill: (p) => palette[p.c % palette.length], fillOpacity: 0.75 }), ...extra],
    });
  };
  const draw = () => {
    const width = Math.min(280, context.width >= 440 ? Math.floor(context.width / 2) - 6 : context.width);
    holder.replaceChildren(context.el('div', { class: 'panels' },
      panel('the principal axes on the data', [...a.X, ...tips], ['feature 0', 'feature 1'], [
        Plot.arrow(axes, { x1: 'x1', y1: 'y1', x2: 'x2', y2: 'y2', stroke: '#111', strokeWidth: 2.5, headLength: 10 }),
        Plot.text(axes, { x: 'x2', y: 'y2', text: 'label', dy: -10, stroke: 'white', strokeWidth: 3, fill: '#111', fontWeight: 600 })], width),
      panel('the same points on PC1 and PC2', a.Z, ['PC1', 'PC2'], [Plot.ruleX([0], { stroke: '#999' }), Plot.ruleY([0], { stroke: '#999' })], width)));
  };
  context.onResize(draw);
  draw();
}

// The three ways to build a multiclass classifier from binary ones, on three classes A, B, C:
// one-vs-rest (one boundary per class against the others), one-vs-one (one per pair) and an
// error-correcting output code (each binary problem splits the classes as a column of the code
// says; a point takes the class whose row its answers match best).
function multiclassSchemes(holder, context) {
  const centre = { A: [-2, 0], B: [2, 0], C: [0, 3] };
  const names = Object.keys(centre);
  const points = names.flatMap((c, k) => Array.from({ length: 14 }, (_, i) => {
    const angle = 2.4 * i, radius = 0.25 + 0.055 * i; // a small deterministic spiral of points
    return { x: centre[c][0] + radius * Math.cos(angle), y: centre[c][1] + radius * Math.sin(angle), c, k };
  }));
  // 1.5 units from a class's centre, away from the middle of the picture: where its letter goes.
  const outward = (c) => {
    const [dx, dy] = [centre[c][0], centre[c][1] - 1], len = Math.hypot(dx, dy);
    return [(1.5 * dx) / len, (1.5 * dy) / len];
  };
  const mean = (cs) => [0, 1].map((j) => cs.reduce((sum, c) => sum + centre[c][j], 0) / cs.length);
  // The line half-way between the means of two groups of classes, across them, labelled on its
  // outer part (away from the middle of the picture, where the lines meet).
  const between = (one, other, label) => {
    const [p, q] = [mean(one), mean(other)], mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    const along = [-(q[1] - p[1]), q[0] - p[0]], len = Math.hypot(...along);
    const at = (t) => ({ x: mid[0] + (t * along[0]) / len, y: mid[1] + (t * along[1]) / len });
    const inside = (u) => Math.abs(u.x) < 3.4 && u.y > -1.7 && u.y < 4.7;
    const outer = [at(2.6), at(-2.6), at(1.6), at(-1.6)].filter(inside).sort((u, v) => Math.hypot(v.x, v.y - 1) - Math.hypot(u.x, u.y - 1))[0];
    return { ends: [at(-8), at(8)], label: { ...outer, label } };
  };
  const ovr = names.map((c) => between([c], names.filter((o) => o !== c), `${c} vs rest`));
  const ovo = [['A', 'B'], ['A', 'C'], ['B', 'C']].map(([a, b]) => between([a], [b], `${a} vs ${b}`));
  const code = [[1, 1, -1, 1, -1], [1, -1, 1, -1, 1], [-1, 1, 1, -1, -1]]; // rows A, B, C; 5 binary problems
  const panel = (title, lines, width) => Plot.plot({
    width, height: width * 0.95, x: { domain: [-4.2, 4.2], axis: null }, y: { domain: [-2, 5.2], axis: null },
    style: { background: 'transparent', fontSize: '11px' }, ariaLabel: title, marginTop: 20,
    marks: [
      Plot.frame({ stroke: '#ccc' }),
      Plot.text([title], { frameAnchor: 'top', dy: -14, fontWeight: 600 }),
      Plot.dot(points, { x: 'x', y: 'y', r: 2.6, fill: (d) => palette[d.k] }),
      Plot.text(names, { x: (c) => centre[c][0] + outward(c)[0], y: (c) => centre[c][1] + outward(c)[1], text: (c) => c, fontWeight: 700, fontSize: 13 }),
      ...lines.map((line) => Plot.line(line.ends, { x: 'x', y: 'y', stroke: '#111', strokeDasharray: '5 3', clip: true })),
      Plot.text(lines.map((line) => line.label), { x: 'x', y: 'y', text: 'label', stroke: 'white', strokeWidth: 3, fill: '#111' }),
    ],
  });
  const matrix = (width) => Plot.plot({
    width, height: width * 0.75, marginTop: 34, marginLeft: 34, padding: 0.06,
    style: { background: 'transparent', fontSize: '11px' }, ariaLabel: 'output code',
    x: { axis: 'top', label: 'binary problem', labelAnchor: 'center', labelArrow: 'none', tickFormat: (j) => `f${j + 1}` }, y: { label: null, tickFormat: (r) => names[r] },
    color: { domain: [-1, 1], range: ['#e8ebf1', '#5b6270'] },
    marks: [
      Plot.cell(code.flatMap((row, r) => row.map((v, j) => ({ r, j, v }))), { x: 'j', y: 'r', fill: 'v', inset: 0.5 }),
      Plot.text(code.flatMap((row, r) => row.map((v, j) => ({ r, j, v }))), { x: 'j', y: 'r', text: (d) => (d.v > 0 ? '+' : '−'), fill: (d) => (d.v > 0 ? 'white' : '#111'), fontSize: 14 }),
    ],
  });
  const draw = () => {
    const columns = context.width >= 520 ? 3 : context.width >= 360 ? 2 : 1;
    const width = Math.min(260, Math.floor(context.width / columns) - 8);
    holder.replaceChildren(context.el('div', { class: 'panels' },
      panel('one-vs-rest: 3 classifiers', ovr, width), panel('one-vs-one: 3 classifiers', ovo, width), matrix(width)));
  };
  context.onResize(draw);
  draw();
}

// k-means from several random starts on the same points, side by side: most runs find the three
// blobs, some stop in a local minimum (two centres share a blob, one covers two) with a far
// higher inertia. Each run is one fit in the worker.
async function kMeansRuns(holder, context) {
  const starts = [0, 1, 2, 3, 4, 5];
  const answer = await context.ask({
    type: 'runs', dataset: { preset: 'blobs', nSamples: 300, noise: 1, seed: 3, testSize: 0 },
    model: { name: 'KMeans', params: { nClusters: 3, nInit: 1, init: 'random' } }, param: 'randomState', values: starts,
  });
  const best = Math.min(...answer.runs.map((r) => r.inertia));
  const place = (i, columns) => ({ col: i % columns, row: Math.floor(i / columns) });
  const draw = () => {
    const columns = context.width >= 420 ? 3 : 2;
    const points = answer.runs.flatMap((r, i) => r.labels.map((c, j) => ({ x: answer.X[2 * j], y: answer.X[2 * j + 1], c, ...place(i, columns) })));
    const centres = answer.runs.flatMap((r, i) => Array.from({ length: r.centres.rows }, (_, k) => ({ x: r.centres.data[2 * k], y: r.centres.data[2 * k + 1], ...place(i, columns) })));
    const titles = answer.runs.map((r, i) => ({
      ...place(i, columns),
      text: `start ${r.value}: ${r.inertia.toFixed(0)}${r.inertia > 1.01 * best ? ` (${(r.inertia / best).toFixed(1)}×)` : ''}`,
    }));
    const panel = Math.floor(context.width / columns);
    holder.replaceChildren(Plot.plot({
      width: context.width, height: Math.ceil(starts.length / columns) * (panel * 0.85 + 18) + 30, marginTop: 24, marginLeft: 36,
      style: { background: 'transparent', fontSize: '11px' }, ariaLabel: `k-means from ${starts.length} random starts`,
      fx: { axis: null, padding: 0.08 }, fy: { axis: null, padding: 0.16 }, x: { label: null, ticks: 3 }, y: { label: null, ticks: 3 },
      marks: [
        Plot.frame({ stroke: '#ccc' }),
        Plot.dot(points, { x: 'x', y: 'y', fx: 'col', fy: 'row', r: 1.8, fill: (d) => palette[d.c % palette.length] }),
        Plot.dot(centres, { x: 'x', y: 'y', fx: 'col', fy: 'row', symbol: 'times', r: 6, stroke: '#111', strokeWidth: 2.5 }),
        Plot.text(titles, { fx: 'col', fy: 'row', text: 'text', frameAnchor: 'top', dy: -12, fontWeight: 600 }),
      ],
    }));
  };
  context.onResize(draw);
  draw();
}

// ---- the sections --------------------------------------------------------------------------

export const sections = [
  {
    id: 'intro', number: '1–2', title: 'Introduction and notation',
    text: `<p>Every method in this tutorial learns from <em>n</em> examples, each a vector <strong>x</strong> of <em>p</em> numbers (features), and, for supervised learning, a target <em>y</em>: a class for classification, a number for regression. Training chooses a function from a family (the model) that fits the examples; the hope is that it also does well on examples it has not seen, which is why every figure holds some points out as a <em>test set</em> (hollow marks).</p>
<p>All figures are trained live in your browser by <strong>wasmlearn</strong>, a C++ port of scikit-learn's classic estimators compiled to WebAssembly. Move a slider and the model is retrained; “open in the playground” carries a figure to the playground, where you can also add and drag points. Sections whose methods are not in the library yet say so, and fill in by themselves once they are.</p>`,
    figures: [],
  },
  {
    id: 's3', number: 3, title: 'Nearest neighbours',
    text: `<p>The simplest way to predict the class of a new point is to look at the training points around it and let them vote. Two ways to say “around”: the <em>k</em> closest points (k-nearest neighbours), or all points within a fixed <em>radius</em>. A fixed k adapts to the density of the data — in sparse regions the neighbourhood grows — while a fixed radius may find no neighbour at all far from the data.</p>
<p>Small neighbourhoods follow every wiggle of the training data; large ones smooth the boundary. The votes can also be <em>weighted</em> by inverse distance, so that the closest neighbours count most. Hover over a figure to see the neighbourhood of the point under the pointer.</p>`,
    figures: [
      { type: 'live', title: 'Figure 1a — k nearest neighbours', needs: ['KNeighborsClassifier'], model: 'KNeighborsClassifier', dataset: { preset: 'moons', noise: 0.3 }, params: { nNeighbors: 7 },
        controls: [{ name: 'nNeighbors', maximum: 60 }, { name: 'weights' }], caption: 'Hover: lines join the point under the pointer to the k training points that vote.' },
      { type: 'live', title: 'Figure 1b — all neighbours within a radius', needs: ['RadiusNeighborsClassifier'], model: 'RadiusNeighborsClassifier', dataset: { preset: 'moons', noise: 0.3 }, params: { radius: 0.4, outlierLabel: 'most_frequent' },
        controls: [{ name: 'radius', minimum: 0.05, maximum: 1.5, step: 0.05 }, { name: 'weights' }], caption: 'Hover: the dashed disc is the neighbourhood; far from the data it is empty and the most frequent class is used.' },
    ],
  },
  {
    id: 's4', number: 4, title: 'Linear regression',
    text: `<p>Linear regression predicts a number as a weighted sum of the features plus an intercept. Ordinary least squares picks the weights that make the sum of squared <em>residuals</em> — the vertical gaps between each point and the line — as small as possible. The answer has a closed form (the normal equations), which the library computes through a singular value decomposition for numerical safety.</p>`,
    figures: [
      { type: 'live', title: 'Figure 3 — ordinary least squares', needs: ['LinearRegression'], model: 'LinearRegression', dataset: { preset: 'line', nSamples: 40, noise: 0.6 }, residuals: true,
        controls: [noise(0.6, 2), seed, { name: 'fitIntercept' }], caption: 'Orange segments: the residuals whose squares the fit minimises.' },
    ],
  },
  {
    id: 's5', number: 5, title: 'Logistic regression',
    text: `<p>For classification, a linear function of the features can be turned into a probability by the logistic (sigmoid) function: the decision function w·x + b is a signed distance to a straight boundary, and 1 / (1 + e<sup>−(w·x + b)</sup>) maps it to (0, 1). Training maximises the likelihood of the observed classes; a penalty on the weights (parameter C, its inverse strength) keeps them finite when the classes are separable.</p>`,
    figures: [
      { type: 'draw', title: 'Figure 4a — the logistic function', draw: sigmoid, caption: 'σ(z) = 1 / (1 + e^−z): 0.5 on the boundary (z = 0), near 0 or 1 a few units away from it.' },
      { type: 'live', title: 'Figure 4b — logistic regression: probabilities along a linear boundary', needs: ['LogisticRegression'], model: 'LogisticRegression', dataset: { preset: 'blobs2', noise: 1.2 }, params: {},
        controls: [{ name: 'C', maximum: 10 }, noise(1.2, 3)],
        caption: 'Two classes. Shading: the predicted probability of the more likely class; it changes only across the straight boundary, following σ(w·x + b). A smaller C (stronger penalty) gives smaller weights and a wider band of uncertainty.' },
    ],
  },
  {
    id: 's6', number: 6, title: 'Underfitting and overfitting',
    text: `<p>A model too simple for the data misses its shape (underfitting): it does badly on the training set and on new data. A model too flexible learns the noise as well (overfitting): it is excellent on the training set and worse on new data. The gap between training and test scores tells them apart.</p>
<p>Below, k-nearest-neighbour regression on a noisy sine: with k = 1 the curve passes through every training point; with k near the number of points it is almost flat. The third figure fits least squares on the powers of x up to a degree: a higher degree is a more flexible model.</p>
<p>A test set used to choose the flexibility is no longer a fair test. <em>Cross-validation</em> chooses it from the training points alone: split them into 5 folds, train on 4 and measure the error on the fifth, five times over, and average. The second figure does this for every k (or degree): the training error keeps falling as the model bends, while the cross-validated error falls, then rises again once the model learns the noise — its lowest point is the setting to keep.</p>`,
    figures: [
      { type: 'live', title: 'Figure 5a — one flexibility setting', needs: ['KNeighborsRegressor'], model: 'KNeighborsRegressor', dataset: { preset: 'sine', nSamples: 80, noise: 0.3 }, params: { nNeighbors: 1 },
        controls: [{ name: 'nNeighbors', maximum: 59 }, noise(0.3, 1)], caption: 'Compare the train and test R² under the figure as k changes.' },
      { type: 'draw', title: 'Figure 5b — training and cross-validated error against flexibility', needs: ['KNeighborsRegressor', 'LinearRegression', 'PolynomialFeatures', 'StandardScaler'], draw: complexityCurves,
        caption: 'Every point is the library\'s GridSearchCV at work: one model per setting, 5-fold cross-validation on 80 points of the noisy sine. Flexible models (small k, high degree) sit on the right: their training error is lowest and their cross-validated error rises again (overfitting); on the left both errors are high (underfitting). The band is ± one standard deviation over the folds; the dashed line, the setting with the lowest cross-validated error. Move the noise: more noise, a stiffer best model.' },
      { type: 'live', title: 'Figure 5c — polynomial regression: the degree as the flexibility', needs: ['LinearRegression', 'PolynomialFeatures', 'StandardScaler'], model: 'LinearRegression',
        dataset: { preset: 'sine', nSamples: 30, noise: 0.3, basis: 'polynomial', basisSize: 3 },
        controls: [{ name: 'basisSize', label: 'degree', data: true, type: 'integer', default: 3, minimum: 1, maximum: 15, nullable: false, doc: 'degree of the polynomial' }, noise(0.3, 1), seed],
        caption: 'Degree 1: a straight line, too simple (underfitting). About 3 to 5: the sine. 12 and more: the curve chases the noise between the training points — train R² still rises while test R² falls.' },
    ],
  },
  {
    id: 's7', number: 7, title: 'Penalised models',
    text: `<p>Penalised (regularised) models trade a little training error for smaller weights: they minimise the loss plus a penalty on the size of the weight vector. With a squared L2 norm this is <em>ridge</em> regression; with the L1 norm, the <em>lasso</em>. Equivalently, the weights must stay inside a ball of some radius.</p>
<p>The shape of the ball matters. The L1 ball has corners on the axes, and the loss's contours usually touch it first at a corner, where some weights are exactly zero: the lasso selects features. The L2 ball is round, so ridge shrinks all weights without zeroing any. The strength of the penalty (alpha) moves the solution from least squares (alpha → 0) to all-zero weights.</p>
<p>Which alpha? The one whose model predicts best on points it was not trained on, estimated by cross-validation along the path (Figure 8d): the noisier the data, the stronger the penalty it asks for.</p>`,
    figures: [
      { type: 'draw', title: 'Figure 6 — unit balls of the L1, L2 and L∞ norms', draw: unitBalls, caption: 'All points at distance 1 from the origin, for several ways of measuring distance.' },
      { type: 'draw', title: 'Figure 7 — the constrained optimum', draw: constrainedOptimum, caption: 'The L1 optimum sits on a corner, on the w₁ axis (w₂ = 0: a sparse solution), while the L2 optimum keeps both weights non-zero. Grow t past the least-squares point and both constraints stop mattering.' },
      { type: 'path', title: 'Figure 8a — ridge: the weights as the penalty grows', needs: ['Ridge'], model: 'Ridge', dataset: { preset: 'linear8', nSamples: 100, testSize: 0 },
        caption: 'Eight features, four of them informative. Read from the right (weak penalty) to the left: every weight shrinks smoothly towards zero, and none reaches it exactly.' },
      { type: 'path', title: 'Figure 8b — lasso: the weights as the penalty grows', needs: ['Lasso'], model: 'Lasso', dataset: { preset: 'linear8', nSamples: 100, testSize: 0 },
        caption: 'From lassoPath (one warm-started coordinate descent along 60 values of alpha): read from the left, the weights leave zero one after another, the informative features first — the lasso selects features.' },
      { type: 'live', title: 'Figure 8c — the lasso on the powers of x, and its path', needs: ['Lasso', 'PolynomialFeatures', 'StandardScaler'], model: 'Lasso',
        dataset: { preset: 'sine', nSamples: 60, noise: 0.3, basis: 'polynomial', basisSize: 9 }, params: { alpha: 0.02 },
        controls: [{ name: 'alpha', minimum: 0.001, maximum: 0.3, step: 0.001 }, { name: 'basisSize', label: 'degree', data: true, type: 'integer', default: 9, minimum: 1, maximum: 15, nullable: false, doc: 'degree of the polynomial' }],
        caption: 'Nine powers of x, standardised. Raise alpha: the fitted curve stiffens as powers drop out of the model; the path below marks where this alpha cuts it.' },
      { type: 'draw', title: 'Figure 8d — choosing α by cross-validation on the path', needs: ['Lasso'], draw: alphaByCrossValidation,
        caption: 'Sixty points, eight features of which four are informative. Top: the mean squared error of 5-fold cross-validation (GridSearchCV over every other α of the lasso path, 30 values; band: ± one standard deviation over the folds) and on the training points; dashed: the α with the lowest cross-validated error. Bottom: the path, cut at that α. Raise the noise: the chosen α moves left (a stronger penalty) and more weights are zero.' },
    ],
  },
  {
    id: 's8', number: 8, title: 'Support vector machines',
    text: `<p>A support vector machine looks for the boundary with the widest <em>margin</em> — the largest band free of training points between the classes. Only the points on or inside the band (the <em>support vectors</em>, ringed in the figures) determine it: move any other point and nothing changes. A soft margin (parameter C) lets some points cross the band, and kernels replace the dot product so the same algorithm draws curved boundaries.</p>
<p>The soft-margin SVM is also a penalised linear model with its own loss: the <em>hinge</em> loss max(0, 1 − m), zero for points beyond the margin, where logistic regression's loss never quite reaches zero. For regression, the <em>ε-insensitive</em> loss ignores residuals smaller than ε. In every figure the solid line is the decision function's zero level set f(x) = 0, the dashed lines its level sets f(x) = ±1 (the edges of the margin); the loss functions come from wasmlearn.losses.</p>`,
    figures: [
      { type: 'live', title: 'Figure 9 — the maximum-margin boundary on separable data', needs: ['SVC'], model: 'SVC', dataset: { preset: 'blobs2', nSamples: 60, noise: 0.45, testSize: 0 }, params: { kernel: 'linear', C: 1000 },
        controls: [seed], caption: 'C = 1000: almost a hard margin. The boundary sits halfway across the widest empty band; only the ringed points touch its edges, and they alone fix it.' },
      { type: 'live', title: 'Figure 10 — the soft margin: support vectors as C changes', needs: ['SVC'], model: 'SVC', dataset: { preset: 'blobs2', nSamples: 100, noise: 1.0, testSize: 0 }, params: { kernel: 'linear', C: 1 },
        controls: [{ name: 'C', slider: { min: 0.001, max: 100, log: true } }, seed],
        caption: 'Overlapping classes: no band is empty. A small C buys a wide margin with many points inside it (all support vectors); a large C narrows the margin to pay for fewer violations.' },
      { type: 'draw', title: 'Figure 11 — classification losses against the margin', draw: marginLosses, caption: 'All are computed by wasmlearn.losses. The hinge loss is zero beyond m = 1: points well on the right side do not count, which is what makes an SVM depend on its support vectors only.' },
      { type: 'live', title: 'Figure 12a — linear kernel', needs: ['SVC'], model: 'SVC', dataset: { preset: 'circles', noise: 0.1 }, params: { kernel: 'linear', C: 1 },
        controls: [{ name: 'C', slider: { min: 0.01, max: 100, log: true } }], caption: 'x·x′: no straight line separates the circles.' },
      { type: 'live', title: 'Figure 12b — polynomial kernel', needs: ['SVC'], model: 'SVC', dataset: { preset: 'circles', noise: 0.1 }, params: { kernel: 'poly', degree: 2, gamma: 1, coef0: 1, C: 1 },
        controls: [{ name: 'degree', slider: { min: 1, max: 6, step: 1 } }, { name: 'coef0', slider: { min: 0, max: 2, step: 0.1 } }],
        caption: '(γ x·x′ + coef0)^degree: degree 2 holds x₁² + x₂², and the boundary becomes a closed curve.' },
      { type: 'live', title: 'Figure 12c — RBF kernel', needs: ['SVC'], model: 'SVC', dataset: { preset: 'circles', noise: 0.1 }, params: { kernel: 'rbf', gamma: 1, C: 1 },
        controls: [{ name: 'gamma', slider: { min: 0.01, max: 100, log: true } }, { name: 'C', slider: { min: 0.01, max: 100, log: true } }],
        caption: 'exp(−γ‖x − x′‖²): a bump around each support vector; a large γ makes them narrow and the boundary wiggly.' },
      { type: 'draw', title: 'Figure 13 — regression losses against the residual', draw: regressionLosses, caption: 'The ε-insensitive loss is zero inside a tube of half-width ε around the prediction; outside it grows like the absolute loss.' },
      { type: 'live', title: 'Support vector regression and its ε-tube', needs: ['SVR'], model: 'SVR', dataset: { preset: 'sine', nSamples: 80, noise: 0.25 }, params: { kernel: 'rbf', epsilon: 0.3, C: 1 },
        controls: [{ name: 'epsilon', slider: { min: 0, max: 1, step: 0.01 } }, { name: 'C', slider: { min: 0.01, max: 100, log: true } }],
        caption: 'Dashed: the prediction ± ε. Points inside the tube cost nothing and are not support vectors; widen it and fewer points are ringed.' },
    ],
  },
  {
    id: 's9', number: 9, title: 'Multiclass classification',
    text: `<p>Some methods separate only two classes. Two strategies extend them to more: <em>one-vs-rest</em> trains one classifier per class against all the others and picks the most confident; <em>one-vs-one</em> trains one per pair of classes and lets them vote. Logistic regression can also be made multiclass directly: the <em>multinomial</em> (softmax) model gives each class a linear score and turns the scores into probabilities that sum to one.</p>
<p>wasmlearn's LogisticRegression does one-vs-rest and multinomial itself (option <code>multiClass</code>); OneVsRestClassifier, OneVsOneClassifier and OutputCodeClassifier make any classifier of the library multiclass, as scikit-learn's do. Figure 15 compares the three strategies with the same logistic regression on the same three classes. An <em>error-correcting output code</em> gives each class a code word of + and − (its code book, below); each binary problem learns one column, and a point takes the class whose code word is nearest to the answers.</p>`,
    figures: [
      { type: 'draw', title: 'Figure 14 — one-vs-rest, one-vs-one and output codes', draw: multiclassSchemes,
        caption: 'Three classes, A, B and C. One-vs-rest trains a classifier per class against all others; one-vs-one one per pair, and the pairs vote; an output code gives each class a row of + and − (the table): binary problem fj learns to tell the classes marked + from those marked −, and a point takes the class whose row best matches its answers, so one wrong answer can be outvoted.' },
      { type: 'live', title: 'Figure 15a — one-vs-rest logistic regression', needs: ['LogisticRegression'], model: 'LogisticRegression', dataset: { preset: 'blobs', noise: 2 }, params: { multiClass: 'ovr' },
        controls: [{ name: 'C', maximum: 10 }, noise(2, 3)], caption: 'One binary model per class against the rest; the most confident wins.' },
      { type: 'live', title: 'Figure 15b — one-vs-one logistic regressions', needs: ['OneVsOneClassifier', 'LogisticRegression'], model: 'OneVsOneClassifier', dataset: { preset: 'blobs', noise: 2 },
        params: { estimator: 'LogisticRegression' }, controls: [noise(2, 3)],
        caption: 'OneVsOneClassifier: one logistic regression per pair of classes (three here), and the pairs vote; the regions are its votes, with no probabilities to shade them.' },
      { type: 'live', title: 'Figure 15c — multinomial (softmax) logistic regression', needs: ['LogisticRegression'], model: 'LogisticRegression', dataset: { preset: 'blobs', noise: 2 }, params: { multiClass: 'multinomial' },
        controls: [{ name: 'C', maximum: 10 }, noise(2, 3)], caption: 'One model for all classes: compare the boundaries and the uncertain bands with one-vs-rest and one-vs-one.' },
      { type: 'draw', title: 'An error-correcting output code: the code book', needs: ['OutputCodeClassifier', 'LogisticRegression'], draw: codeBookFigure,
        caption: 'OutputCodeClassifier over logistic regressions on the three blobs: each column is one binary problem (the classes marked + against those marked −), each row the code word of a class, drawn at random from randomState. More bits per class (codeSize) give the code words more room to differ, so a wrong binary answer is more often outvoted.' },
      { type: 'live', title: 'Figure 15d — error-correcting output codes', needs: ['OutputCodeClassifier', 'LogisticRegression'], model: 'OutputCodeClassifier', dataset: { preset: 'blobs', noise: 2 },
        params: { estimator: 'LogisticRegression', codeSize: 2 }, controls: [{ name: 'codeSize', minimum: 0.5, maximum: 4, step: 0.5 }, { name: 'randomState', maximum: 20 }],
        caption: 'The same code, its regions: a point takes the class whose code word is nearest to the binary answers.' },
    ],
  },
  {
    id: 's10', number: 10, title: 'Models based on normal distributions',
    text: `<p>Another way to classify is to model how each class's points are spread, then ask which class makes a new point most likely (Bayes' rule). With a normal distribution per class: <em>quadratic discriminant analysis</em> gives each class its own covariance (curved boundaries); <em>linear discriminant analysis</em> shares one covariance between classes (straight boundaries); <em>Gaussian naive Bayes</em> assumes independent features within a class (axis-aligned ellipses).</p>
<p>The ellipses show two standard deviations of each fitted normal distribution; the crosses are the class means.</p>`,
    figures: [
      { type: 'live', title: 'Figure 16a — linear discriminant analysis (shared covariance)', needs: ['LinearDiscriminantAnalysis'], model: 'LinearDiscriminantAnalysis', dataset: { preset: 'aniso', noise: 0.6 }, params: {}, controls: [noise(0.6, 2), seed] },
      { type: 'live', title: 'Figure 16b — quadratic discriminant analysis (one covariance per class)', needs: ['QuadraticDiscriminantAnalysis'], model: 'QuadraticDiscriminantAnalysis', dataset: { preset: 'aniso', noise: 0.6 }, params: {}, controls: [{ name: 'regParam' }, seed] },
      { type: 'live', title: 'Figure 16c — Gaussian naive Bayes (independent features)', needs: ['GaussianNB'], model: 'GaussianNB', dataset: { preset: 'aniso', noise: 0.6 }, params: {}, controls: [seed] },
    ],
  },
  {
    id: 's11', number: 11, title: 'Decision trees and forests',
    text: `<p>A decision tree asks a sequence of yes/no questions about one feature at a time (“is x₁ ≤ 0.3?”) and predicts the majority class of the leaf a point ends in, so its regions are rectangles. Each split is chosen to make the two children as <em>pure</em> as possible, measured by an impurity criterion — Gini, entropy or the misclassification rate — which is zero for a node with a single class and largest for an even mix.</p>
<p>Deep trees overfit; limiting the depth or the leaf size controls them. A <em>random forest</em> averages many trees grown on bootstrap samples with random feature choices, which smooths the rectangles and usually predicts better than any single tree.</p>`,
    figures: [
      { type: 'live', title: 'Figure 18 — a decision tree and its rectangles', needs: ['DecisionTreeClassifier'], model: 'DecisionTreeClassifier', dataset: { preset: 'moons', noise: 0.3 }, params: { maxDepth: 3, randomState: 0 },
        controls: [{ name: 'maxDepth', maximum: 12 }, { name: 'criterion' }], caption: 'Below the figure: the tree’s first levels.' },
      { type: 'draw', title: 'Figure 19 — impurity criteria for two classes', draw: criteria, caption: 'All three vanish for a pure node; entropy is halved to share the scale.' },
      { type: 'live', title: 'A random forest', needs: ['RandomForestClassifier'], model: 'RandomForestClassifier', dataset: { preset: 'moons', noise: 0.3 }, params: { nEstimators: 50, randomState: 0 },
        controls: [{ name: 'nEstimators', maximum: 200 }, { name: 'maxDepth', maximum: 12 }], tree: false },
    ],
  },
  {
    id: 's12', number: 12, title: 'Clustering: k-means and Gaussian mixtures',
    text: `<p>Without labels, clustering groups similar points. <em>k-means</em> alternates two steps — assign each point to its nearest centre, move each centre to the mean of its points — and so lowers the <em>inertia</em> (sum of squared distances to the centres) until nothing changes. It stops at a local minimum that depends on the starting centres, which is why it is usually run from several starts and the best kept.</p>
<p>A <em>Gaussian mixture</em> replaces hard assignments by probabilities and round clusters by ellipses; it is fitted by the EM algorithm, which raises the likelihood at each step.</p>`,
    figures: [
      { type: 'live', title: 'Figure 20 — k-means', needs: ['KMeans'], model: 'KMeans', dataset: { preset: 'blobs', noise: 1.0, testSize: 0 }, params: { nClusters: 3, randomState: 0 },
        controls: [{ name: 'nClusters', maximum: 8 }, seed], player: true,
        caption: 'Crosses: the centres. Regions: the nearest centre. Below: the inertia at each iteration of the best start; it never rises. Step through it: each iteration assigns the points to their nearest centre, then moves each centre to the mean of its points.' },
      { type: 'draw', title: 'Figure 21 — local minima: k-means from six random starts', needs: ['KMeans'], draw: kMeansRuns,
        caption: 'The same 300 points, k = 3, one run per random start (nInit = 1); above each panel the start and the inertia it reached (× the best). Most runs find the three blobs; some stop where two centres share a blob and one centre covers the other two — a local minimum with a much higher inertia. This is why KMeans keeps the best of nInit starts.' },
      { type: 'live', title: 'Figure 22 — Gaussian mixture', needs: ['GaussianMixture'], model: 'GaussianMixture', dataset: { preset: 'aniso', noise: 0.6, testSize: 0 }, params: { nComponents: 3, randomState: 0 },
        controls: [{ name: 'nComponents', maximum: 6 }, { name: 'covarianceType' }], player: true, caption: 'Ellipses: two standard deviations of each component. Below: the mean log-likelihood (the lower bound EM raises) at each iteration.' },
    ],
  },
  {
    id: 's13', number: 13, title: 'Dimensionality reduction: PCA and LDA',
    text: `<p>Principal component analysis finds the orthogonal directions along which the data vary most and projects onto the first few. On the four Iris measurements, the first principal component alone carries about 92 % of the variance, so a 2-D picture loses little.</p>
<p>Linear discriminant analysis also projects, but it uses the labels: it looks for the directions that best separate the class means relative to the spread within classes — at most one fewer than the number of classes.</p>`,
    figures: [
      { type: 'draw', title: 'Figure 23 — the principal axes of a 2-D cloud, and the cloud rotated onto them', needs: ['PCA'], draw: principalAxesFigure,
        caption: 'First panel: from the mean, each arrow is a principal axis, two standard deviations of the points along it long; PC1 follows the widest spread, PC2 is at a right angle to it. Second panel: the same points in those coordinates — PCA only centres and rotates the cloud, and the new coordinates are uncorrelated; keeping PC1 alone keeps the share of the variance shown.' },
      { type: 'live', title: 'Figure 24 — Iris projected on its first two principal components', needs: ['PCA'], model: 'PCA', dataset: { preset: 'iris', testSize: 0 }, params: { nComponents: 2 },
        controls: [{ name: 'whiten' }], caption: 'Explained variance per component under the figure.' },
      { type: 'live', title: 'Figure 25 — Iris projected on its two discriminant axes', needs: ['LinearDiscriminantAnalysis'], model: 'LinearDiscriminantAnalysis', project: true, dataset: { preset: 'iris', testSize: 0 }, params: { nComponents: 2 },
        playground: { preset: 'iris-lda' },
        caption: 'The classes separate better than with PCA: LDA knows them.' },
    ],
  },
  {
    id: 's14', number: 14, title: 'Kernel methods',
    text: `<p>Many linear methods only use dot products between points. Replacing the dot product by a <em>kernel</em> — a similarity such as exp(−γ‖x − x′‖²) — makes them work in a (possibly infinite) feature space without ever computing it: kernel ridge regression fits curves with ridge's closed form, kernel PCA finds non-linear components.</p>
<p>Below, ridge regression on x draws a straight line through the sine; kernel ridge, the same penalised least squares with the RBF kernel, follows the curve. On concentric circles PCA can only rotate the plane, while kernel PCA's first component tells the two circles apart.</p>`,
    figures: [
      { type: 'live', title: 'Ridge regression on x', needs: ['Ridge'], model: 'Ridge', dataset: { preset: 'sine', nSamples: 80, noise: 0.25 }, params: { alpha: 1 },
        controls: [{ name: 'alpha', slider: { min: 0.0001, max: 100, log: true } }], caption: 'A linear model of x: a straight line, whatever the penalty.' },
      { type: 'live', title: 'Kernel ridge regression (RBF kernel)', needs: ['KernelRidge'], model: 'KernelRidge', dataset: { preset: 'sine', nSamples: 80, noise: 0.25 }, params: { kernel: 'rbf', alpha: 0.1, gamma: 1 },
        controls: [{ name: 'alpha', slider: { min: 0.0001, max: 100, log: true } }, { name: 'gamma', slider: { min: 0.01, max: 100, log: true } }],
        caption: 'The same penalty, one weight per training point on its kernel bump: the curve bends with the data; a large γ overfits, a large alpha flattens.' },
      { type: 'live', title: 'Figure 26a — PCA on concentric circles', needs: ['PCA'], model: 'PCA', dataset: { preset: 'circles', noise: 0.05, testSize: 0 }, params: { nComponents: 2 },
        caption: 'PCA rotates the plane: the circles stay nested, and no single component separates them.' },
      { type: 'live', title: 'Figure 26b — kernel PCA on concentric circles', needs: ['KernelPCA'], model: 'KernelPCA', dataset: { preset: 'circles', noise: 0.05, testSize: 0 }, params: { nComponents: 2, kernel: 'rbf', gamma: 15 },
        controls: [{ name: 'gamma', slider: { min: 0.1, max: 100, log: true } }],
        caption: 'With an RBF kernel the first component alone puts the inner circle to one side and the outer to the other, all but a few points near the middle; lower γ and they mix again.' },
    ],
  },
  {
    id: 's15', number: 15, title: 'Neural networks',
    text: `<p>A neural network chains simple units: each <em>neuron</em> takes a weighted sum of its inputs plus a bias, z = Σ wᵢxᵢ + b, and passes it through an <em>activation</em> a = f(z) — the logistic σ(z) = 1 / (1 + e^−z), tanh, or the rectifier max(0, z). Neurons in a layer share their inputs; a layer's outputs are the next layer's inputs; the last layer gives the class probabilities. Without a non-linear activation the whole chain is one linear map, and no number of layers helps.</p>
<p>Training is gradient descent on the loss (the cross-entropy of the true classes). <em>Back-propagation</em> computes every weight's gradient in one backward sweep: the output's error δ = ŷ − y flows back through the weights, each neuron's share multiplied by its activation's slope, and each weight's gradient is its input times the δ it feeds. Below, a 2-2-1 network meets XOR, the four points no single line separates: every number of one step, by hand, next to the library's own.</p>
<p>More neurons draw more intricate boundaries and can fit noise; the L2 penalty α keeps the weights small and the boundary smooth. The <a href="./network.html">network view</a> shows a network learning epoch by epoch, every neuron's map included.</p>`,
    figures: [
      { type: 'draw', title: 'Back-propagation on XOR, step by step', needs: ['MLPClassifier'], draw: xorBackprop,
        caption: 'Logistic hidden neurons and output, no penalty, one full-batch step of plain gradient descent at rate 1 from the starting weights above the steps. ✓: the library\'s numbers (its loss, and the change of each weight in its sgd step) agree to 1e-12.' },
      { type: 'draw', title: 'The activations compared on noisy XOR', needs: ['MLPClassifier'], draw: activationsCompared,
        caption: 'Eight hidden neurons, lbfgs. Identity neurons make the network linear: it cannot solve XOR; the others bend the boundary — smoothly (logistic, tanh) or piecewise straight (relu).' },
      { type: 'draw', title: 'Overfitting against width and alpha', needs: ['MLPClassifier'], draw: widthAndAlpha,
        caption: '40 training points of noisy moons (filled), 40 test points (hollow). Wider networks fit the training points ever closer; a large α smooths the boundary back.' },
    ],
  },
];
