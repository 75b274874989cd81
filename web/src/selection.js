// Page side of model selection: the option a grid search tunes for each estimator, the charts
// (validation curve, confusion matrix, code book) and the playground's panel — the figure's model
// scored by 5-fold cross-validation beside its train and test scores, its confusion matrix on the
// test points, and a grid search over its main option. The work runs in a worker of its own
// (selection_worker.js), so a long search never holds up the figure or the page.
import * as Plot from '@observablehq/plot';
import * as d3 from 'd3';
import { el } from './controls.js';
import { Engine } from './engine.js';
import { palette } from './plot.js';
const FOLD_TEXT = '5-fold CV';
const geometric = (lo, hi, n) => Array.from({ length: n }, (_, i) => +(lo * (hi / lo) ** (i / (n - 1))).toPrecision(3));
const linear = (lo, hi, n) => Array.from({ length: n }, (_, i) => +(lo + ((hi - lo) * i) / (n - 1)).toPrecision(3));
const counts = (lo, hi) => [...new Set(geometric(lo, hi, 12).map(Math.round))];

// The option that sets a model's flexibility, by scikit-learn's name, with the values a search
// tries; an estimator takes the first of these it declares (so a new estimator with one of these
// options is tuned without page code). `foldSize`: the training rows of one fold.
const mainOptions = [
  { name: 'nNeighbors', log: true, values: (foldSize) => counts(1, Math.max(2, Math.min(60, foldSize))) },
  { name: 'radius', log: true, values: () => geometric(0.05, 3, 12) },
  { name: 'C', log: true, values: () => geometric(1e-3, 1e3, 13) },
  { name: 'alpha', log: true, values: () => geometric(1e-4, 1e2, 13), applies: (params) => params.penalty !== null },
  { name: 'maxDepth', log: false, values: () => linear(1, 12, 12) },
  { name: 'nEstimators', log: true, values: () => [1, 2, 5, 10, 20, 50, 100] },
  { name: 'regParam', log: false, values: () => linear(0, 1, 11) },
  { name: 'varSmoothing', log: true, values: () => geometric(1e-9, 1, 10) },
  { name: 'nu', log: false, values: () => linear(0.05, 0.95, 10) },
  { name: 'codeSize', log: false, values: () => [0.5, 1, 1.5, 2, 3, 4] },
];

// Whether `v` lies in the declared range of `param` (metadata minimum, maximum, exclusive bounds).
const inRange = (param, v) => !(v < param.minimum || v <= param.exclusiveMinimum || v > param.maximum || v >= param.exclusiveMaximum);

// { name, log, values } for a classifier or regressor with options `params`, or null.
export function mainParameter(meta, params, nTrain) {
  if (meta.kind !== 'classifier' && meta.kind !== 'regressor') return null;
  const foldSize = Math.floor((nTrain * 4) / 5);
  for (const option of mainOptions) {
    const param = meta.params.find((p) => p.name === option.name && (p.type === 'integer' || p.type === 'number'));
    if (!param || (option.applies && !option.applies(params))) continue;
    const values = option.values(foldSize).filter((v) => inRange(param, v));
    if (values.length >= 2) return { name: option.name, log: option.log, values };
  }
  return null;
}

const fmt = (v) => (Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(1) : `${+v.toPrecision(3)}`);
export const formatScore = (metric, v) => (!Number.isFinite(v) ? '–' : metric === 'accuracy' ? `${(100 * v).toFixed(1)} %` : v.toFixed(3));

// Train and cross-validated scores (or errors) against one option: the cross-validated mean with a
// band of ± one standard deviation over the folds, the best value dashed, `current` (the model's
// value) solid grey. answer: { values, train, test, testStd, bestIndex }.
// `xLabel` names the axis when `param` is too short to; `yLog` draws errors spanning decades.
export function validationChart(answer, { width, height = 250, param, xLabel = param, y, log = false, yLog = false, current, reverse = false, lowerIsBetter = false }) {
  const { values, train, test, testStd, bestIndex } = answer;
  const shown = (v) => Number.isFinite(v) && (!yLog || v > 0);
  const rows = values.flatMap((v, i) => [{ v, s: 'train', y: train[i] }, { v, s: 'cross-validated', y: test[i] }]).filter((r) => shown(r.y));
  const band = values.map((v, i) => ({ v, lo: test[i] - testStd[i], hi: test[i] + testStd[i] })).filter((r) => shown(r.lo) && shown(r.hi));
  const best = values[bestIndex];
  const marks = [
    Plot.areaY(band, { x: 'v', y1: 'lo', y2: 'hi', fill: palette[1], fillOpacity: 0.15 }),
    Plot.line(rows, { x: 'v', y: 'y', z: 's', stroke: 's', strokeWidth: 2 }),
    Plot.dot(rows, { x: 'v', y: 'y', fill: 's', r: 2.4 }),
    Plot.ruleX([best], { stroke: '#111', strokeDasharray: '4 3' }),
    Plot.text([best], { x: (b) => b, frameAnchor: 'top', dy: -4, dx: 4, textAnchor: 'start', fontSize: 11, text: () => `best ${param} = ${fmt(best)}` }),
  ];
  if (current !== undefined && current !== null && current !== best) marks.unshift(Plot.ruleX([current], { stroke: '#9aa1ad', strokeWidth: 1.5 }));
  const ys = rows.map((r) => r.y).concat(band.flatMap((b) => [b.lo, b.hi]));
  const yScale = (yLog ? d3.scaleLog() : d3.scaleLinear()).domain(d3.extent(ys)).nice();
  const yFormat = yLog ? d3.format('~g') : yScale.tickFormat(); // the left margin fits the widest tick label
  const widest = d3.max(yScale.ticks(Math.max(3, Math.round(height / 45))).map(yFormat), (t) => t.length) ?? 4;
  return Plot.plot({
    width, height, marginLeft: Math.max(40, 14 + 7 * widest), marginTop: 22, marginBottom: 38, marginRight: 16,
    style: { background: 'transparent', fontSize: '12px' },
    ariaLabel: `Validation curve: train and cross-validated ${y} against ${param}${lowerIsBetter ? ' (lower is better)' : ''}`,
    x: { type: log ? 'log' : 'linear', reverse, label: xLabel, labelAnchor: 'center', labelArrow: 'none', tickFormat: log ? d3.format('~g') : undefined, ticks: Math.max(3, Math.round(width / 90)) },
    y: { type: yLog ? 'log' : 'linear', label: `${y}${yLog ? ' (log scale)' : ''}`, labelAnchor: 'top', labelArrow: 'none', grid: true, nice: true, tickFormat: yLog ? yFormat : undefined },
    color: { domain: ['train', 'cross-validated'], range: [palette[0], palette[1]], legend: true },
    marks,
  });
}

// A confusion matrix as a table: true class (rows) against predicted class (columns), each cell
// shaded by its share of its row; the diagonal (correct) in the class colours' blue.
export function confusionTable({ names, matrix }) {
  const table = el('table', { class: 'confusion', 'aria-label': 'confusion matrix: true class (rows) against predicted class (columns)' });
  table.append(el('caption', { text: 'Confusion matrix on the test points' }));
  const head = el('tr', {}, el('th', { scope: 'col', text: 'true ↓ · predicted →' }), ...names.map((n) => el('th', { scope: 'col', text: n })));
  table.append(el('thead', {}, head));
  const body = el('tbody');
  matrix.forEach((row, r) => {
    const total = row.reduce((a, b) => a + b, 0) || 1;
    body.append(el('tr', {}, el('th', { scope: 'row', text: names[r] }), ...row.map((v, c) => {
      const share = v / total;
      const colour = r === c ? '66, 105, 208' : '255, 114, 92';
      return el('td', { class: r === c ? 'diagonal' : undefined, style: `background: rgba(${colour}, ${(0.08 + 0.6 * share).toFixed(2)})`, text: String(v) });
    })));
  });
  table.append(body);
  return table;
}

// An output code's code book: one row per class, one column per binary problem; + (the class is
// on the positive side of that problem) blue, − red.
export function codeBookChart({ classes, rows, names }, { width }) {
  const cells = rows.flatMap((row, r) => row.map((v, j) => ({ cls: names?.[r] ?? `class ${classes[r]}`, problem: `f${j + 1}`, v })));
  const problems = rows[0]?.length ?? 0;
  const cell = Math.max(18, Math.min(44, Math.floor((width - 90) / Math.max(1, problems))));
  return Plot.plot({
    width: Math.min(width, 90 + cell * problems + 10), height: 40 + 34 * rows.length, marginLeft: 80, marginTop: 30, marginBottom: 8,
    style: { background: 'transparent', fontSize: '12px' }, ariaLabel: `Code book: ${rows.length} classes × ${problems} binary problems`,
    x: { axis: 'top', label: null, domain: cells.slice(0, problems).map((c) => c.problem) },
    y: { label: null, domain: [...new Set(cells.map((c) => c.cls))] },
    color: { domain: [-1, 1], range: [palette[1], palette[0]] },
    marks: [
      Plot.cell(cells, { x: 'problem', y: 'cls', fill: 'v', inset: 1, fillOpacity: 0.75 }),
      Plot.text(cells, { x: 'problem', y: 'cls', text: (c) => (c.v > 0 ? '+' : '−'), fill: 'white', fontSize: 15, fontWeight: 700 }),
    ],
  });
}

// What a search depends on: the data and the model's options but the one searched (setting the
// best value keeps the curve).
function searchKey(spec, param) {
  const { [param]: _, ...params } = spec.model.params;
  return JSON.stringify([spec.dataset, spec.edits, spec.model.name, params]);
}

// The playground's panel. `statsLine`: the figure's line of scores, which gets the CV score;
// `apply(name, value)` sets an option of the model (the "use it" button of a search).
export class SelectionPanel {
  #engine = null;
  #asked = 0;
  #timer = 0;
  #searched = null;
  #searching = false;
  #confusionKey = ''; // the data and model the confusion matrix shown was computed for

  constructor(root, { statsLine, apply }) {
    this.apply = apply;
    this.cv = el('span', { id: 'cv-score', class: 'cv-score' });
    statsLine.querySelector('.test-score').after(' ', this.cv); // beside the train and test scores
    this.confusion = el('div', { id: 'confusion', class: 'confusion-box', hidden: true });
    this.tuneButton = el('button', { type: 'button', id: 'tune-run' });
    this.cancelButton = el('button', { type: 'button', id: 'tune-cancel', text: 'Cancel', hidden: true });
    this.tuneStatus = el('p', { id: 'tune-status', class: 'hint', 'aria-live': 'polite' });
    this.chart = el('div', { id: 'tune-chart', class: 'tune-chart' });
    this.useButton = el('button', { type: 'button', id: 'tune-use', hidden: true });
    this.tune = el('section', { id: 'tune', class: 'tune', 'aria-label': 'tune the main option' },
      el('p', { class: 'fig-title', text: 'Tune' }),
      el('div', { class: 'buttons' }, this.tuneButton, this.cancelButton, this.useButton), this.tuneStatus, this.chart);
    root.replaceChildren(this.confusion, this.tune);
    this.tuneButton.addEventListener('click', () => this.#search());
    this.cancelButton.addEventListener('click', () => this.#engine?.cancel());
    this.useButton.addEventListener('click', () => this.#searched && this.apply(this.#searched.param.name, this.#searched.answer.best));
    new ResizeObserver(() => this.#drawChart()).observe(this.chart);
  }

  // The second worker, started on first use.
  get engine() {
    this.#engine ??= new Engine();
    return this.#engine;
  }

  // After each render of the figure: spec { dataset, edits, model }, meta of its estimator, fit
  // (the figure's last `fit` message). The cross-validation waits for a pause (a dragged slider
  // renders many times) and a newer render drops an older answer.
  refresh(spec, meta, fit) {
    const asked = ++this.#asked;
    clearTimeout(this.#timer);
    const scored = (meta.kind === 'classifier' || meta.kind === 'regressor') && fit && !fit.error;
    this.param = scored ? mainParameter(meta, spec.model.params, fit.nTrain) : null;
    this.spec = spec;
    this.meta = meta;
    this.#syncTune();
    // Nothing to score or tune: a clusterer or transformer, or a fit that failed (its message shows).
    this.tune.hidden = !scored;
    if (!scored) {
      this.cv.textContent = '';
      this.confusion.hidden = true;
      return;
    }
    this.cv.textContent = `· ${FOLD_TEXT} …`;
    this.cv.dataset.state = 'pending';
    // Another data set or model: the matrix shown is not this one's (an option change keeps it until
    // the answer, so a dragged slider does not blink it).
    const confusionKey = JSON.stringify([spec.dataset, spec.model.name]);
    if (confusionKey !== this.#confusionKey) this.confusion.hidden = true;
    this.#timer = setTimeout(() => {
      const onPool = (p) => asked === this.#asked && p.total && (this.cv.textContent = `· ${FOLD_TEXT} … ${p.done} of ${p.total} folds on ${p.workers} workers`);
      this.engine.ask({ type: 'crossValidation', fig: 'selection', ...spec }, onPool)
        .then((a) => asked === this.#asked && this.#showCV(a), (e) => asked === this.#asked && this.#showCVError(e));
    }, 300);
  }

  #showCV(a) {
    const spread = a.metric === 'accuracy' ? `${(100 * a.mean).toFixed(1)} ± ${(100 * a.std).toFixed(1)} %` : `${a.mean.toFixed(3)} ± ${a.std.toFixed(3)}`;
    this.cv.textContent = `· ${FOLD_TEXT} ${a.metric} ${spread}`;
    this.cv.title = `scores of the ${a.scores.length} folds: ${a.scores.map((s) => formatScore(a.metric, s)).join(', ')}`;
    this.cv.dataset.state = 'done';
    this.cv.dataset.mean = String(a.mean);
    this.#confusionKey = JSON.stringify([this.spec.dataset, this.spec.model.name]);
    this.confusion.hidden = !a.confusion;
    if (!a.confusion) return this.confusion.replaceChildren();
    this.confusion.replaceChildren(a.confusion.matrix ? confusionTable(a.confusion) : el('p', { class: 'hint', text: 'No test points: raise testSize to see the confusion matrix.' }));
  }

  #showCVError(e) {
    this.cv.textContent = e.cancelled ? '' : `· ${FOLD_TEXT}: ${e.message}`;
    this.cv.dataset.state = 'error';
    this.confusion.hidden = true;
  }

  // The tune section follows the model: its button names the option, and a search made for
  // other settings is dropped.
  #syncTune() {
    if (this.#searched && this.#searched.key !== searchKey(this.spec, this.#searched.param.name)) {
      this.#searched = null;
      this.chart.replaceChildren();
      this.useButton.hidden = true;
      this.tuneStatus.textContent = '';
    }
    this.tuneButton.hidden = !this.param;
    this.tuneButton.textContent = this.param ? `Grid-search ${this.param.name} (${this.param.values.length} values × 5 folds)` : '';
    if (!this.#searching && !this.#searched)
      this.tuneStatus.textContent = this.param || !this.meta ? '' : `${this.meta.name} has no option this panel tunes.`;
    this.#drawChart();
  }

  async #search() {
    if (!this.param) return;
    const param = this.param, spec = this.spec, key = searchKey(spec, param.name);
    this.#searching = true;
    this.tuneButton.disabled = true;
    this.cancelButton.hidden = false;
    this.useButton.hidden = true;
    this.tune.dataset.state = 'searching';
    this.tuneStatus.textContent = `Searching ${param.name} over ${param.values.length} values, 5 folds each…`;
    try {
      const done = (p) => (p.total ? ` ${p.done} of ${p.total} folds` : '');
      const onPool = (p) => (this.tuneStatus.textContent = `Searching ${param.name} over ${param.values.length} values, 5 folds each, on ${p.workers} workers…${done(p)}`);
      const answer = await this.engine.ask({ type: 'tune', fig: 'selection', ...spec, param: param.name, values: param.values }, onPool);
      if (key !== searchKey(this.spec, param.name)) return; // the settings changed meanwhile
      this.#searched = { key, param, answer };
      const metric = answer.metric;
      this.tuneStatus.textContent = `Best ${param.name} = ${fmt(answer.best)}: cross-validated ${metric} ${formatScore(metric, answer.test[answer.bestIndex])} (the model now: ${fmt(spec.model.params[param.name])}).`;
      this.useButton.textContent = `Use ${param.name} = ${fmt(answer.best)}`;
      this.useButton.hidden = false;
      this.tune.dataset.state = 'done';
      this.#drawChart();
    } catch (e) {
      this.tuneStatus.textContent = e.cancelled ? 'Search cancelled.' : `The search failed: ${e.message}`;
      this.tune.dataset.state = e.cancelled ? 'cancelled' : 'error';
    } finally {
      this.#searching = false;
      this.tuneButton.disabled = false;
      this.cancelButton.hidden = true;
    }
  }

  // Redrawn when the search, the model's value of the option or the chart's width changes.
  #drawChart() {
    const s = this.#searched;
    if (!s) return;
    const width = Math.max(260, Math.min(640, this.chart.clientWidth || 560));
    const current = this.spec.model.params[s.param.name];
    const drawn = JSON.stringify([width, current, s.answer.values, s.answer.test]);
    if (this.chart.firstChild && this.chart.dataset.drawn === drawn) return;
    this.chart.dataset.drawn = drawn;
    this.chart.replaceChildren(validationChart(s.answer, { width, param: s.param.name, y: s.answer.metric, log: s.param.log, current }));
  }
}
