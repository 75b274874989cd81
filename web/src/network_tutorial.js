// The tutorial's neural-network section: back-propagation on a 2-2-1 network learning XOR, written
// out step by step and checked against the library (the loss it reports at the starting weights,
// and the gradient it applies in one full-batch sgd step), then the activations compared and
// overfitting against width and alpha, each a complete fit in the worker (network_requests.js).
import { drawRegions } from './network_view.js';

// The starting weights: hidden neuron 1 ≈ x1 and not x2, hidden neuron 2 ≈ x2 and not x1, the output
// ≈ either: half-way to XOR, so one step visibly lowers the loss.
export const xorStart = { coefs: [[[2, -2], [-2, 2]], [[1], [1]]], intercepts: [[-1, -1], [-1]] };
export const xorRate = 1;
const X = [[0, 0], [0, 1], [1, 0], [1, 1]], y = [0, 1, 1, 0];
const sigma = (z) => 1 / (1 + Math.exp(-z));

// Every number of the forward and backward pass of the four points, by hand.
export function xorByHand({ coefs: [W1, W2], intercepts: [b1, b2] } = xorStart) {
  const rows = X.map((x, i) => {
    const z = [0, 1].map((j) => x[0] * W1[0][j] + x[1] * W1[1][j] + b1[j]);
    const a = z.map(sigma);
    const zOut = a[0] * W2[0][0] + a[1] * W2[1][0] + b2[0];
    const out = sigma(zOut);
    const loss = -(y[i] * Math.log(out) + (1 - y[i]) * Math.log(1 - out));
    const deltaOut = out - y[i];
    const delta = [0, 1].map((j) => deltaOut * W2[j][0] * a[j] * (1 - a[j]));
    return { x, y: y[i], z, a, zOut, out, loss, deltaOut, delta };
  });
  const mean = (f) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
  const gradient = {
    W1: [0, 1].map((i) => [0, 1].map((j) => mean((r) => r.x[i] * r.delta[j]))),
    b1: [0, 1].map((j) => mean((r) => r.delta[j])),
    W2: [0, 1].map((j) => mean((r) => r.a[j] * r.deltaOut)),
    b2: mean((r) => r.deltaOut),
  };
  return { rows, loss: mean((r) => r.loss), gradient };
}

// The gradient the library applied: (old − new) / rate, laid out as xorByHand's.
export function libraryGradient(answer, start = xorStart, rate = xorRate) {
  const [W1, W2] = answer.coefs, [b1, b2] = answer.intercepts; // row-major, 2 x 2 and 2 x 1
  return {
    W1: [0, 1].map((i) => [0, 1].map((j) => (start.coefs[0][i][j] - W1[2 * i + j]) / rate)),
    b1: [0, 1].map((j) => (start.intercepts[0][j] - b1[j]) / rate),
    W2: [0, 1].map((j) => (start.coefs[1][j][0] - W2[j]) / rate),
    b2: (start.intercepts[1][0] - b2[0]) / rate,
  };
}

const f4 = (v) => v.toFixed(4);
const steps = [
  'Forward, hidden layer: z = x·W₁ + b₁, then a = σ(z)',
  'Forward, output: z = a·W₂ + b₂, then ŷ = σ(z), the probability of class 1',
  'Loss: −[y log ŷ + (1 − y) log(1 − ŷ)], averaged over the four points',
  'Backward, output delta: δ = ŷ − y (the loss\'s derivative in the output\'s z)',
  'Backward, hidden deltas: δⱼ = δ · W₂[j] · aⱼ(1 − aⱼ) (σ\'(z) = a(1 − a))',
  'Gradients: each weight\'s input times the delta it feeds, averaged over the points',
  'Update: weight − rate × gradient (sgd, rate 1): the library\'s step',
];

// The 2-2-1 network with its starting weights: inputs, hidden neurons and output as circles (bias
// inside), each weight on its link (blue positive, orange negative).
function xorDiagram() {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 300 150');
  svg.setAttribute('class', 'xor-diagram');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'the 2-2-1 network and its starting weights');
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    svg.append(node);
  };
  const [W1, W2] = xorStart.coefs, [b1, b2] = xorStart.intercepts;
  const at = { x1: [40, 40], x2: [40, 110], h1: [150, 40], h2: [150, 110], out: [260, 75] };
  const link = (from, to, w) => {
    const [x0, y0] = at[from], [x1, y1] = at[to];
    add('path', { d: `M${x0 + 16},${y0}L${x1 - 16},${y1}`, stroke: w >= 0 ? '#0877bd' : '#f59322', 'stroke-width': 1 + Math.abs(w) });
    add('text', { x: (x0 + x1) / 2 + (from === 'x2' && to === 'h1' ? -18 : 0), y: (y0 + y1) / 2 - 4 + (from === 'x1' && to === 'h2' ? 16 : 0), 'font-size': 11, 'text-anchor': 'middle' }, String(w));
  };
  ['h1', 'h2'].forEach((h, j) => ['x1', 'x2'].forEach((x, i) => link(x, h, W1[i][j])));
  ['h1', 'h2'].forEach((h, j) => link(h, 'out', W2[j][0]));
  const node = (name, label) => {
    const [x, y] = at[name];
    add('circle', { cx: x, cy: y, r: 16, fill: '#fff', stroke: '#333' });
    add('text', { x, y: y + 4, 'font-size': 11, 'text-anchor': 'middle' }, label);
  };
  node('x1', 'x₁');
  node('x2', 'x₂');
  node('h1', `b ${b1[0]}`);
  node('h2', `b ${b1[1]}`);
  node('out', `b ${b2[0]}`);
  return svg;
}

export async function xorBackprop(holder, { controls, el, ask }) {
  const answer = await ask({ type: 'xorEpoch', weights: xorStart, rate: xorRate });
  const hand = xorByHand();
  const library = libraryGradient(answer);
  let shown = 1;
  const next = el('button', { type: 'button', class: 'xor-next', text: 'Next step' });
  const back = el('button', { type: 'button', class: 'xor-back', text: 'Previous step' });
  controls.append(back, next);
  const cell = (v, tag = 'td') => el(tag, { text: typeof v === 'number' ? f4(v) : v, 'data-value': typeof v === 'number' ? String(v) : undefined });
  const table = (head, rows) => {
    const t = el('table', { class: 'xor-table' });
    t.append(el('tr', {}, ...head.map((h) => cell(h, 'th'))), ...rows.map((r) => el('tr', {}, ...r.map((v) => cell(v)))));
    return t;
  };
  const check = (a, b) => (Math.abs(a - b) <= 1e-12 ? '✓ equal' : `✗ differs by ${Math.abs(a - b).toExponential(1)}`);
  const points = hand.rows;
  const bodies = [
    () => table(['x₁', 'x₂', 'z₁', 'z₂', 'a₁', 'a₂'], points.map((r) => [...r.x.map(String), ...r.z, ...r.a])),
    () => table(['x₁', 'x₂', 'z', 'ŷ', 'y'], points.map((r) => [...r.x.map(String), r.zOut, r.out, String(r.y)])),
    () => el('div', {}, table(['x₁', 'x₂', 'loss'], points.map((r) => [...r.x.map(String), r.loss])),
      el('p', { class: 'xor-check', text: `mean loss ${f4(hand.loss)} · the library's loss at these weights (lossCurve[0]) ${f4(answer.loss)} · ${check(hand.loss, answer.loss)}` })),
    () => table(['x₁', 'x₂', 'ŷ', 'y', 'δ'], points.map((r) => [...r.x.map(String), r.out, String(r.y), r.deltaOut])),
    () => table(['x₁', 'x₂', 'δ', 'δ₁', 'δ₂'], points.map((r) => [...r.x.map(String), r.deltaOut, ...r.delta])),
    () => {
      const named = [
        ...[0, 1].flatMap((i) => [0, 1].map((j) => [`W₁[${i + 1}][${j + 1}]`, hand.gradient.W1[i][j], library.W1[i][j]])),
        ...[0, 1].map((j) => [`b₁[${j + 1}]`, hand.gradient.b1[j], library.b1[j]]),
        ...[0, 1].map((j) => [`W₂[${j + 1}]`, hand.gradient.W2[j], library.W2[j]]),
        ['b₂', hand.gradient.b2, library.b2],
      ];
      return table(['weight', 'by hand', 'the library', ''], named.map(([name, h, l]) => [name, h, l, check(h, l)]));
    },
    () => {
      const after = [0, 1, 2, 3].map((i) => answer.proba[2 * i + 1]);
      const loss = after.reduce((s, p, i) => s - (y[i] * Math.log(p) + (1 - y[i]) * Math.log(1 - p)), 0) / 4;
      return el('div', {}, table(['x₁', 'x₂', 'ŷ before', 'ŷ after', 'y'], points.map((r, i) => [...r.x.map(String), r.out, after[i], String(r.y)])),
        el('p', { class: 'xor-check', text: `mean loss ${f4(hand.loss)} → ${f4(loss)} after one step (the library's predictProba with its new weights)` }));
    },
  ];
  const diagram = xorDiagram();
  const start = el('p', { class: 'xor-start', text: 'Starting weights: W₁ = [[2, −2], [−2, 2]] (row i: input xᵢ), b₁ = [−1, −1], W₂ = [1, 1], b₂ = −1; XOR\'s classes y = 0, 1, 1, 0.' });
  const draw = () => {
    holder.replaceChildren(diagram, start, ...steps.slice(0, shown).map((title, i) => el('div', { class: 'xor-step', 'data-step': String(i + 1) }, el('p', { class: 'fig-title', text: `Step ${i + 1}. ${title}` }), bodies[i]())));
    holder.dataset.shown = String(shown);
    next.disabled = shown === steps.length;
    back.disabled = shown === 1;
  };
  next.addEventListener('click', () => ((shown = Math.min(steps.length, shown + 1)), draw()));
  back.addEventListener('click', () => ((shown = Math.max(1, shown - 1)), draw()));
  draw();
}

// Small multiples of complete fits: regions, points and train / test accuracy under each.
async function fitsFigure(holder, { el, ask, onResize }, data, fits, labels) {
  const res = 60;
  const answer = await ask({ type: 'networkFits', data, fits, res });
  const draw = () => {
    const grid = el('div', { class: 'net-multiples' });
    answer.fits.forEach((f, i) => {
      const canvas = el('canvas', { width: 170, height: 170, class: 'regions net-multiple' });
      drawRegions(canvas, f.proba, f.k, res, answer.points);
      const pct = (v) => (Number.isFinite(v) ? `${(100 * v).toFixed(0)} %` : '–');
      grid.append(el('figure', { class: 'net-multiple-box', 'data-train': String(f.train), 'data-test': String(f.test) }, canvas,
        el('figcaption', { text: `${labels[i]} · train ${pct(f.train)} · test ${pct(f.test)}` })));
    });
    holder.replaceChildren(grid);
  };
  onResize(draw);
  draw();
}

export function activationsCompared(holder, context) {
  const activations = ['identity', 'logistic', 'tanh', 'relu'];
  const data = { preset: 'xor', nSamples: 300, noise: 0.15, seed: 0, testSize: 0.3, features: ['x1', 'x2'] };
  return fitsFigure(holder, context, data, activations.map((activation) => ({ hiddenLayerSizes: [8], activation, solver: 'lbfgs', maxIter: 500, randomState: 0 })), activations);
}

export function widthAndAlpha(holder, context) {
  const cases = [];
  for (const alpha of [0.0001, 1]) for (const width of [2, 20, 200]) cases.push({ width, alpha });
  const data = { preset: 'moons', nSamples: 80, noise: 0.35, seed: 1, testSize: 0.5, features: ['x1', 'x2'] };
  return fitsFigure(holder, context, data, cases.map(({ width, alpha }) => ({ hiddenLayerSizes: [width], alpha, activation: 'relu', solver: 'lbfgs', maxIter: 2000, randomState: 0 })),
    cases.map(({ width, alpha }) => `${width} neurons, α ${alpha}`));
}
