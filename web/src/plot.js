// Drawing. Dense rasters (decision regions, regression surfaces) are ImageData on a canvas, one
// pixel per grid cell, scaled by CSS to the plot's frame; Observable Plot draws the axes, points,
// curves, centres and ellipses in an SVG laid exactly over it (same domain, same margins); D3
// lays out the tree diagram.
import * as Plot from '@observablehq/plot';
import * as d3 from 'd3';
import { margins } from './layout.js';

export const palette = ['#4269d0', '#ff725c', '#3ca951', '#efb118', '#a463f2', '#97bbf5', '#9c6b4e', '#ff8ab7'];
const rgb = palette.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
export const MAX_DOTS = 4000;

// n distinguishable line colours: the palette, or beyond its eight evenly spaced hues.
export const seriesColours = (n) => (n <= palette.length ? palette.slice(0, n) : d3.quantize(d3.interpolateSinebow, n + 1).slice(0, -1)); // points drawn as SVG; beyond, a sample (the model still sees all)

function placeCanvas(canvas, nx, ny, size) {
  canvas.width = nx;
  canvas.height = ny;
  Object.assign(canvas.style, { left: `${margins.left}px`, top: `${margins.top}px`, width: `${size.innerW}px`, height: `${size.innerH}px` });
  return canvas.getContext('2d');
}

// The shade of grid cells the model has no answer for (a radius classifier's cells with no
// training point within the radius: all-zero probabilities).
export const NO_ANSWER = '#d9d9de';
const noAnswer = [0xd9, 0xd9, 0xde];

// Class probabilities (nx*ny rows of nClasses, row 0 at the top): the most likely class's
// colour, stronger where the model is surer; NO_ANSWER where every probability is zero.
export function paintRegions(canvas, { proba, nx, ny, nClasses }, size) {
  const ctx = placeCanvas(canvas, nx, ny, size);
  const image = ctx.createImageData(nx, ny);
  const px = image.data;
  const chance = 1 / nClasses;
  for (let r = 0, n = nx * ny; r < n; r++) {
    let best = 0, pmax = -1;
    for (let c = 0; c < nClasses; c++) {
      const p = proba[r * nClasses + c];
      if (p > pmax) (pmax = p), (best = c);
    }
    if (pmax <= 0) {
      px.set(noAnswer, 4 * r);
      px[4 * r + 3] = 255;
      continue;
    }
    const conf = nClasses > 1 ? Math.max(0, (pmax - chance) / (1 - chance)) : 1;
    const a = 0.1 + 0.5 * conf;
    const col = rgb[best % rgb.length];
    px[4 * r] = Math.round(255 + (col[0] - 255) * a);
    px[4 * r + 1] = Math.round(255 + (col[1] - 255) * a);
    px[4 * r + 2] = Math.round(255 + (col[2] - 255) * a);
    px[4 * r + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
}

// The surface's colour at u in [0, 1] (low to high): a pale blue→red scale.
export function surfaceColour(u) {
  const c = d3.rgb(d3.interpolateRdYlBu(1 - u));
  return d3.rgb(Math.round(255 + (c.r - 255) * 0.55), Math.round(255 + (c.g - 255) * 0.55), Math.round(255 + (c.b - 255) * 0.55));
}

// A regression surface: the predicted number on a pale blue→red scale over `range`.
export function paintSurface(canvas, { values, nx, ny, range }, size) {
  const ctx = placeCanvas(canvas, nx, ny, size);
  const image = ctx.createImageData(nx, ny);
  const px = image.data;
  const [lo, hi] = range[1] > range[0] ? range : [range[0] - 1, range[0] + 1];
  for (let r = 0, n = nx * ny; r < n; r++) {
    const c = surfaceColour(Math.min(1, Math.max(0, (values[r] - lo) / (hi - lo))));
    px[4 * r] = c.r;
    px[4 * r + 1] = c.g;
    px[4 * r + 2] = c.b;
    px[4 * r + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
}

// Points of an ellipse: the 2-sigma contour of a 2x2 covariance [sxx, sxy, syy].
export function ellipsePoints({ mean, cov: [a, b, c] }, k, scale = 2) {
  const tr = (a + c) / 2, det = Math.sqrt(Math.max(0, ((a - c) / 2) ** 2 + b * b));
  const l1 = Math.max(0, tr + det), l2 = Math.max(0, tr - det);
  const theta = Math.abs(b) < 1e-12 ? (a >= c ? 0 : Math.PI / 2) : Math.atan2(l1 - a, b);
  const pts = [];
  for (let i = 0; i <= 64; i++) {
    const t = (2 * Math.PI * i) / 64;
    const u = scale * Math.sqrt(l1) * Math.cos(t), v = scale * Math.sqrt(l2) * Math.sin(t);
    pts.push({ x: mean[0] + u * Math.cos(theta) - v * Math.sin(theta), y: mean[1] + u * Math.sin(theta) + v * Math.cos(theta), k });
  }
  return pts;
}

// The SVG over the raster: frame, axes, points (test points hollow), and the model's overlays.
// `fit` is the worker's `fit` message; `curve` ({xs, ys}) the predicted curve, when it exists.
// The points drawn (every one, or a sample past MAX_DOTS), and how point i is painted: its class's
// colour, test points hollow.
export function dotsOf({ X, labels, test, classes, view }) {
  const n = X.length / 2;
  const step = n > MAX_DOTS ? Math.ceil(n / MAX_DOTS) : 1;
  const ids = [];
  for (let i = 0; i < n; i += step) ids.push(i);
  const index = new Map((classes ?? []).map((c, i) => [c, i]));
  const colourOf = (i) => (labels ? palette[(index.get(labels[i]) ?? 0) % palette.length] : '#30343c');
  return {
    ids,
    fill: (i) => (test[i] ? 'white' : colourOf(i)),
    stroke: (i) => (test[i] ? colourOf(i) : 'white'),
    title: (i) => `${test[i] ? 'test' : 'training'} point ${i}${labels ? ` · ${view === 'curve' ? 'y' : 'class'} ${labels[i]}` : ''}`,
  };
}

export function drawFigure(fit, size, { curve = null, residuals = false, highlight = null } = {}) {
  const { X, test, domain, axisLabels, overlay, view } = fit;
  const n = X.length / 2;
  const { ids, fill, stroke, title } = dotsOf(fit);
  const small = size.width < 480;
  const r = small ? 2.8 : n > 600 ? 2.6 : 3.6;
  const marks = [Plot.frame({ stroke: '#8a8f98' })];
  if (view === 'basis') {
    const colours = seriesColours(fit.basis.columns.length);
    fit.basis.columns.forEach((col, c) => marks.push(Plot.line(col, { x: (_, j) => fit.basis.xs[j], y: (v) => v, stroke: colours[c], strokeWidth: 2, clip: true })));
  }
  if (view === 'curve' && residuals && fit.pred)
    marks.push(Plot.link(ids.filter((i) => !test[i]), { x1: (i) => X[2 * i], y1: (i) => X[2 * i + 1], x2: (i) => X[2 * i], y2: (i) => fit.pred[i], stroke: '#c2410c', strokeOpacity: 0.7 }));
  if (view !== 'basis') marks.push(
    Plot.dot(ids, {
      x: (i) => X[2 * i],
      y: (i) => X[2 * i + 1],
      fill,
      stroke,
      strokeWidth: (i) => (test[i] ? 1.8 : 1),
      r,
      title,
    }),
  );
  if (curve) marks.push(Plot.line(Array.from(curve.xs, (x, j) => [x, curve.ys[j]]), { x: '0', y: '1', stroke: '#1d4ed8', strokeWidth: 2.5, clip: true }));
  // An SVM's ε-tube around its curve, and its support vectors ringed.
  if (curve && overlay?.epsilon != null)
    for (const side of [-1, 1])
      marks.push(Plot.line(Array.from(curve.xs, (x, j) => [x, curve.ys[j] + side * overlay.epsilon]), { x: '0', y: '1', stroke: '#1d4ed8', strokeWidth: 1.5, strokeDasharray: '6 4', clip: true, className: 'tube' }));
  if (overlay?.support?.length)
    marks.push(Plot.dot(overlay.support, { x: (i) => X[2 * i], y: (i) => X[2 * i + 1], r: r + 3.2, fill: 'none', stroke: '#111', strokeWidth: 1.6, clip: true, className: 'support-ring' }));
  if (overlay?.ellipses)
    marks.push(Plot.line(overlay.ellipses.flatMap((e, k) => ellipsePoints(e, k)), { x: 'x', y: 'y', z: 'k', stroke: (d) => palette[d.k % palette.length], strokeWidth: 2, clip: true }));
  if (overlay?.centres) {
    const c = overlay.centres;
    const rows = Array.from({ length: c.rows }, (_, k) => k);
    marks.push(Plot.dot(rows, { x: (k) => c.data[2 * k], y: (k) => c.data[2 * k + 1], symbol: 'times', r: 7, stroke: '#111', strokeWidth: 3.5, clip: true }));
    marks.push(Plot.dot(rows, { x: (k) => c.data[2 * k], y: (k) => c.data[2 * k + 1], symbol: 'times', r: 7, stroke: (k) => palette[k % palette.length], strokeWidth: 2, clip: true }));
  }
  if (highlight) marks.push(highlight);
  return Plot.plot({
    width: size.width,
    height: size.height,
    marginTop: margins.top,
    marginRight: margins.right,
    marginBottom: margins.bottom,
    marginLeft: margins.left,
    style: { background: 'transparent', fontSize: '12px' },
    ariaLabel: `Scatter plot of ${n} points${view === 'regions' ? " over the model's decision regions" : ''}`,
    x: { domain: domain.x, label: axisLabels[0], labelAnchor: 'center', labelArrow: 'none', nice: false, ticks: small ? 5 : 8 },
    y: { domain: domain.y, label: axisLabels[1], labelAnchor: 'center', labelArrow: 'none', nice: false, ticks: Math.max(3, Math.round(size.innerH / 60)) },
    marks,
  });
}

// A small line chart (sweeps: scores against an option, coefficient paths, criteria).
// `zero`: draw the y = 0 rule (which also pulls 0 into the y domain); `integerX`: x counts
// something (iterations), so its ticks are whole numbers. The y label sits above the axis, where
// it cannot cover the tick labels, and the left margin fits the widest of them.
// `include` ({ x: [...], y: [...] }): values the axes cover besides the data's (a curve laid out with
// room for the points to come); the domains are then fixed, y's rounded to nice ticks.
export function lineChart(series, { width, height = 240, x, y, xType = 'linear', legend = true, zero = true, integerX = false, include = null }) {
  const rows = series.flatMap((s) => s.points.map(([a, b]) => ({ a, b, s: s.name })));
  const ys = rows.map((r) => r.b).concat(zero ? [0] : [], include?.y ?? []);
  const yScale = d3.scaleLinear().domain(d3.extent(ys)).nice();
  const yTicks = yScale.ticks(Math.max(3, Math.round(height / 40))).map(yScale.tickFormat());
  const marginLeft = Math.max(40, 14 + 7 * d3.max(yTicks, (t) => t.length));
  const xDomain = d3.extent(rows.map((r) => r.a).concat(include?.x ?? []));
  const fixed = include ? { x: { domain: xDomain }, y: { domain: yScale.domain() } } : { x: {}, y: {} };
  let xTicks;
  if (integerX) {
    const [lo, hi] = xDomain;
    const step = Math.max(1, Math.ceil((hi - lo) / Math.max(2, Math.floor(width / 60))));
    xTicks = d3.range(Math.ceil(lo), hi + 1, step);
  }
  return Plot.plot({
    width,
    height,
    marginLeft,
    marginTop: 22,
    marginBottom: 38,
    inset: 6, // the first and last dots clear the axes' tick marks
    style: { background: 'transparent', fontSize: '12px' },
    x: { label: x, type: xType, labelAnchor: 'center', labelArrow: 'none', ...fixed.x, ...(xTicks ? { ticks: xTicks, tickFormat: 'd' } : {}) },
    y: { label: y, labelAnchor: 'top', labelArrow: 'none', grid: true, ...fixed.y },
    color: { domain: series.map((s) => s.name), range: series.map((s, i) => s.colour ?? palette[i % palette.length]), legend },
    marks: [...(zero ? [Plot.ruleY([0], { stroke: '#bbb' })] : []), Plot.line(rows, { x: 'a', y: 'b', z: 's', stroke: 's', strokeWidth: 2 }), Plot.dot(rows, { x: 'a', y: 'b', fill: 's', r: 2.2 })],
  });
}

// A regularisation path: each coefficient against α (log scale, largest α on the left, as the
// weights grow from zero), the model's α marked.
export function pathChart({ alphas, coefs, alpha, names }, { width, height = 260 }) {
  const rows = coefs.flatMap((w, j) => w.map((v, i) => ({ a: alphas[i], v, name: names[j] ?? `coef ${j}` })));
  const marks = [Plot.ruleY([0], { stroke: '#bbb' }), Plot.line(rows, { x: 'a', y: 'v', z: 'name', stroke: 'name', strokeWidth: 1.8 })];
  if (alpha > 0) marks.push(Plot.ruleX([alpha], { stroke: '#111', strokeDasharray: '4 3' }), Plot.text([alpha], { x: (a) => a, frameAnchor: 'top', dy: -2, text: () => `α = ${+alpha.toPrecision(3)}`, textAnchor: 'start', dx: 4, fontSize: 11 }));
  return Plot.plot({
    width,
    height,
    marginLeft: 52,
    marginBottom: 38,
    marginTop: 16,
    style: { background: 'transparent', fontSize: '12px' },
    ariaLabel: `Regularisation path: ${coefs.length} coefficients against alpha`,
    x: { type: 'log', reverse: true, label: 'α (penalty strength; weaker to the right)', labelAnchor: 'center', labelArrow: 'none', tickFormat: d3.format('~g'), ticks: Math.max(3, Math.round(width / 90)) },
    y: { label: 'coefficient', labelAnchor: 'center', labelArrow: 'none', grid: true },
    color: { domain: names, range: seriesColours(names.length), legend: true },
    marks,
  });
}

// A decision tree's first levels as a node-link diagram (D3 tree layout, SVG). A split's test
// sits above its node on two lines (feature, then ≤ threshold), a leaf's sample count below it,
// and each branch says whether the test holds ("yes" left, "no" right). Nodes are spaced for
// their labels; a tree wider than `width` scrolls in its box. Classifier nodes take the colour of
// their majority class; regressor nodes (one value per node) their mean target, blue low to red
// high.
export function drawTree(tree, { width, featureNames = ['feature 0', 'feature 1'], maxDepth = 3 }) {
  const build = (node, depth) => {
    const leaf = tree.left[node] < 0;
    const d = { node, leaf, depth, children: [] };
    if (!leaf && depth < maxDepth) d.children = [build(tree.left[node], depth + 1), build(tree.right[node], depth + 1)];
    else if (!leaf) d.more = true;
    return d;
  };
  const root = d3.hierarchy(build(0, 0));
  const nameOf = (f) => featureNames[f] ?? `x${f}`;
  const longest = d3.max(root.descendants(), (d) => (d.data.leaf ? 6 : Math.max(nameOf(tree.feature[d.data.node]).length, 9)));
  const gapX = Math.max(64, 6.4 * longest + 14), gapY = 84;
  d3.tree().nodeSize([gapX, gapY]).separation((a, b) => (a.parent === b.parent ? 1 : 1.15))(root);
  const [x0, x1] = d3.extent(root.descendants(), (d) => d.x);
  const w = Math.max(width, x1 - x0 + gapX), h = gapY * root.height + 74;
  const svg = d3.create('svg').attr('width', w).attr('height', h).attr('role', 'img').attr('aria-label', 'decision tree diagram').style('font', '11px system-ui, sans-serif');
  // Labels on a white halo: the branch into a node passes under its split's label.
  svg.append('style').text('text { paint-order: stroke; stroke: white; stroke-width: 3px; stroke-linejoin: round; }');
  const g = svg.append('g').attr('transform', `translate(${(w - (x1 - x0)) / 2 - x0},34)`);
  const link = (l) => `M${l.source.x},${l.source.y}C${l.source.x},${(l.source.y + l.target.y) / 2} ${l.target.x},${(l.source.y + l.target.y) / 2} ${l.target.x},${l.target.y}`;
  g.selectAll('path').data(root.links()).join('path').attr('fill', 'none').attr('stroke', '#9aa1ad').attr('d', link);
  const isLeft = (l) => tree.left[l.source.data.node] === l.target.data.node;
  g.selectAll('text.branch').data(root.links()).join('text').attr('class', 'branch').attr('fill', '#5b6270')
    .attr('x', (l) => l.source.x + 0.3 * (l.target.x - l.source.x) + (isLeft(l) ? -5 : 5))
    .attr('y', (l) => l.source.y + 0.32 * gapY)
    .attr('text-anchor', (l) => (isLeft(l) ? 'end' : 'start'))
    .text((l) => (isLeft(l) ? 'yes' : 'no'));
  const value = (node) => (tree.value ? tree.value.data.slice(node * tree.value.cols, (node + 1) * tree.value.cols) : []);
  const regression = tree.value?.cols === 1;
  const means = regression ? root.descendants().map((d) => value(d.data.node)[0]) : [];
  const [lo, hi] = regression ? d3.extent(means) : [0, 1];
  const fill = (d) => {
    const v = value(d.data.node);
    if (regression) return d3.interpolateRdYlBu(1 - (hi > lo ? (v[0] - lo) / (hi - lo) : 0.5));
    let best = 0;
    v.forEach((x, i) => x > v[best] && (best = i));
    return palette[best % palette.length];
  };
  const nodes = g.selectAll('g.node').data(root.descendants()).join('g').attr('class', 'node').attr('transform', (d) => `translate(${d.x},${d.y})`);
  nodes.append('circle').attr('r', 7).attr('stroke', '#333').attr('fill', fill);
  const split = nodes.filter((d) => !d.data.leaf).append('text').attr('class', 'split').attr('text-anchor', 'middle');
  split.append('tspan').attr('x', 0).attr('dy', -24).text((d) => nameOf(tree.feature[d.data.node]));
  split.append('tspan').attr('x', 0).attr('dy', 12).text((d) => `≤ ${+tree.threshold[d.data.node].toFixed(2)}`);
  nodes.filter((d) => d.data.leaf).append('text').attr('class', 'leaf').attr('dy', 21).attr('text-anchor', 'middle').text((d) => `n=${tree.samples[d.data.node]}`);
  nodes.filter((d) => d.data.more).append('text').attr('dy', 21).attr('text-anchor', 'middle').attr('fill', '#777').text('…');
  nodes.append('title').text((d) => `node ${d.data.node}: ${tree.samples[d.data.node]} samples, impurity ${tree.impurity[d.data.node].toFixed(3)}${regression ? `, mean ${num3(value(d.data.node)[0])}` : ''}`);
  return svg.node();
}

const num3 = (v) => +v.toPrecision(3);
