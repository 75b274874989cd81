// One live figure: a model trained in the worker on a dataset, drawn with what it learned.
// Used by the playground (one big figure) and the tutorial (several small ones). It shows a
// spinner with the elapsed time and a Cancel button while a request runs long, paints the
// coarse grid then the fine one, and optionally lets the user add/move points and see the
// neighbours a neighbour model uses for the point under the pointer.
import { el } from './controls.js';
import { drawFigure, drawTree, lineChart, pathChart, paintRegions, paintSurface, palette, seriesColours, MAX_DOTS, NO_ANSWER, surfaceColour } from './plot.js';
import { figureSize, scales } from './layout.js';
import { levelSetsSvg, svmLegend } from './svm_view.js';
import { onlyStepChanged, drawStep } from './step_draw.js';

const COARSE = 40; // grid columns of the first, quick pass
const QUICK = 64; // grid columns of a played step's only pass (a forest's or network's grid predict was half a picture at 100; the pause paints the fine grid)
// From this figure width on, an objective curve goes beside the plot (HISTORY_WIDTH px, style.css).
const HISTORY_BESIDE = 720, HISTORY_WIDTH = 280, HISTORY_GAP = 16;
let figures = 0;

// The axes' room for a played curve's next points: twice the steps so far, and half its range
// further the way it last moved (objectives fall or rise steadily, by less and less).
function roomAhead(points) {
  const [x, y] = points.at(-1) ?? [1, 0];
  const ys = points.map((p) => p[1]);
  const range = Math.max(...ys) - Math.min(...ys) || Math.abs(y) || 1;
  const moved = points.length > 1 ? Math.sign(y - points.at(-2)[1]) || -1 : -1;
  return { x: [1, Math.max(2 * x, x + 10)], y: [y + (moved * range) / 2] };
}

const fmtMs = (ms) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);
const pct = (v) => `${(100 * v).toFixed(1)} %`;
const num = (v) => (Math.abs(v) >= 1000 ? v.toFixed(0) : v.toPrecision(4));
const r2 = (v) => v.toFixed(3); // R² is at most 1: three decimals read alike for train and test
const fitTime = (fit) => `fit ${fmtMs(fit.fitMs)}${fit.workers > 1 ? ` on ${fit.workers} workers` : ''}`;

export class Figure {
  // root: a <figure>. options: engine, ids (give the parts the playground's ids), height (px
  // budget), grid (fixed fine grid width), editable ({ classFor(), onAdd(x, y, cls), onMove(i, x, y) }),
  // hover (neighbour overlay), residuals, featureNames(fit), onRender(figure, outcome).
  constructor(root, options) {
    this.root = root;
    this.o = options;
    this.engine = options.engine;
    this.fig = `f${++figures}`;
    this.renders = 0;
    this.frames = 0;
    this.last = null;
    this.curve = null;
    this.id = 0;
    const id = (name) => (options.ids ? name : undefined);
    root.classList.add('live-figure');
    this.canvas = el('canvas', { id: id('regions'), class: 'regions', 'aria-hidden': 'true' });
    this.axes = el('div', { id: id('axes'), class: 'axes' });
    this.hover = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.hover.classList.add('hover');
    this.elapsed = el('span', { class: 'elapsed', text: 'training…' });
    this.cancelButton = el('button', { type: 'button', class: 'cancel', text: 'Cancel' });
    this.busy = el('div', { class: 'busy', role: 'status', hidden: true }, el('span', { class: 'spinner', 'aria-hidden': 'true' }), this.elapsed, this.cancelButton);
    this.plot = el('div', { id: id('plot'), class: 'plot' }, this.canvas, this.axes, this.hover, this.busy);
    this.legend = el('ul', { id: id('legend'), class: 'legend', 'aria-label': 'legend' });
    this.score = el('strong', { id: id('accuracy'), text: '…' });
    this.scoreName = el('span', { class: 'metric-name', text: 'train accuracy' });
    this.testScore = el('span', { id: id('test-score'), class: 'test-score' });
    this.extra = el('span', { class: 'extra' });
    this.timing = el('span', { id: id('timing'), class: 'timing' });
    this.message = el('p', { id: id('message'), class: 'message', role: 'alert', hidden: true });
    this.treeBox = el('div', { class: 'tree', hidden: true });
    this.pathBox = el('div', { id: id('path-view'), class: 'path-view', hidden: true });
    this.historyBox = el('div', { class: 'history', hidden: true });
    const caption = el('figcaption', {},
      this.legend,
      el('p', { class: 'stats', 'aria-live': 'polite' }, this.scoreName, ' ', this.score, ' ', this.testScore, ' ', this.extra, ' ', this.timing));
    // The message above the plot: a tall figure would push it below the fold.
    root.replaceChildren(this.message, this.plot, caption, this.historyBox, this.treeBox, this.pathBox);
    if (options.caption) root.append(el('p', { class: 'hint', text: options.caption }));
    this.cancelButton.addEventListener('click', () => this.cancel());
    this.#pointer();
  }

  // Starts a render of spec = { dataset, edits, model: { name, params, step? } }. quick: one grid
  // pass of at most QUICK columns (a played step: the next one follows within a frame). history:
  // the fit will have an objective curve, drawn beside the plot when the figure is wide enough.
  update(spec, { quick = false, history = false } = {}) {
    this.spec = spec;
    this.quick = quick;
    if (this.id) this.engine.done(this.id);
    // The room the figure has (the plot itself is as wide as its frame, centred in it).
    const room = this.root.clientWidth || 300;
    this.root.classList.toggle('history-beside', history && room >= HISTORY_BESIDE);
    const width = this.root.classList.contains('history-beside') ? room - HISTORY_WIDTH - HISTORY_GAP : room;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const fine = this.o.grid ?? Math.max(COARSE + 1, Math.min(400, Math.round((width * dpr) / 2)));
    const passes = quick ? [Math.min(QUICK, fine)] : [COARSE, fine];
    const height = this.o.height ?? window.innerHeight;
    this.root.setAttribute('aria-busy', 'true');
    delete this.root.dataset.progress;
    this.started = performance.now();
    this.#busy(true);
    this.id = this.engine.send(
      { type: 'render', fig: this.fig, dataset: spec.dataset, edits: spec.edits, model: spec.model, view: { width, height }, passes },
      (msg) => this.#answer(msg),
    );
  }

  // Whether the view shows the data's points where they are (so they can be added and moved).
  get editable() {
    return Boolean(this.last) && ['regions', 'surface', 'curve'].includes(this.last.view);
  }

  // Data <-> pixel scales of the frame shown (null before the first fit).
  frameScales() {
    return this.last ? scales(this.last.domain, this.#size()) : null;
  }

  cancel() {
    this.cancelling = true;
    this.engine.cancel();
  }

  #answer(msg) {
    if (msg.type === 'fit') return this.#showFit(msg);
    if (msg.type === 'pass') return this.#showPass(msg);
    if (msg.type === 'error') return this.#showError(msg.message);
    if (msg.type === 'progress') return this.#progress(msg);
    if (msg.type === 'cancelled') {
      if (this.cancelling) {
        this.cancelling = false;
        this.#showError('Training cancelled. Change a setting to train again.', 'cancelled');
      } else if (this.spec) this.update(this.spec); // another figure's cancel restarted the worker
    }
  }

  // A fit on the worker pool: its workers and members done so far (tests read them too).
  #progress(msg) {
    this.progress = msg;
    this.root.dataset.progress = String(msg.done);
  }

  #busy(on) {
    clearInterval(this.ticker);
    clearTimeout(this.showBusy);
    this.progress = null;
    if (!on) {
      this.busy.hidden = true;
      this.root.removeAttribute('data-busy');
      return;
    }
    this.showBusy = setTimeout(() => {
      this.busy.hidden = false;
      this.root.dataset.busy = '1';
      const tick = () => {
        const p = this.progress, seconds = `${((performance.now() - this.started) / 1000).toFixed(1)} s`;
        this.elapsed.textContent = p ? `training on ${p.workers} workers… ${p.done}${p.total ? ` of ${p.total}` : ''} ${p.unit} · ${seconds}` : `training… ${seconds}`;
      };
      tick();
      this.ticker = setInterval(tick, 100);
    }, 250);
  }

  #size(fit = this.last) {
    return figureSize(fit.size.width, fit.size.height, fit.domain, fit.view === 'basis' ? 0.55 : undefined);
  }

  #showFit(msg) {
    this.last = msg;
    this.curve = null;
    this.root.dataset.view = msg.view;
    this.root.dataset.centres = msg.overlay.centres?.data.map((v) => v.toFixed(4)).join(' ') ?? ''; // where the crosses are (tests)
    const size = this.#size();
    this.plot.style.height = `${size.height}px`;
    this.plot.style.width = `${size.width}px`; // narrower than the room when the data's aspect asks for it
    this.hover.replaceChildren();
    this.hover.setAttribute('width', size.width);
    this.hover.setAttribute('height', size.height);
    this.#draw();
    if (!msg.view.match(/^(regions|surface)$/)) this.canvas.hidden = true;
    if (!msg.overlay.levels || msg.error) this.#showLevels(null); // else kept until the new model's first pass
    this.#legend(msg);
    this.#stats(msg);
    this.message.hidden = !msg.error;
    this.message.textContent = msg.error ?? '';
    if (msg.error) {
      // No model: the points in their frame, and why nothing was trained.
      this.canvas.hidden = true;
      this.scoreName.textContent = msg.metrics.metric ?? 'not trained';
      this.score.textContent = '–';
    }
    this.root.dataset.workers = String(msg.workers ?? 1);
    this.timing.textContent = msg.error ? '' : fitTime(msg);
    this.#history(msg.metrics.history);
    if (msg.overlay.tree && this.o.tree !== false) {
      const names = msg.featureNames;
      const colour = msg.kind === 'regressor' ? 'mean target of the node, blue low to red high' : 'majority class';
      this.treeBox.replaceChildren(el('p', { class: 'hint', text: `The tree’s first levels (colour: ${colour}; a node’s samples and impurity in its tooltip).` }),
        drawTree(msg.overlay.tree, { width: Math.max(280, this.root.clientWidth), featureNames: names }));
      this.treeBox.hidden = false;
    } else this.treeBox.hidden = true;
    this.#showPath(msg.path);
  }

  #showPath(path) {
    this.pathBox.hidden = !path;
    if (!path) return this.pathBox.replaceChildren();
    if (path.error) return this.pathBox.replaceChildren(el('p', { class: 'message', role: 'alert', text: `No regularisation path: ${path.error}` }));
    const atZero = path.alphaMax ? ` From α_max = ${+path.alphaMax.toPrecision(3)} on, every weight is zero.` : '';
    this.pathBox.replaceChildren(
      el('p', { class: 'fig-title', text: 'Regularisation path' }),
      pathChart(path, { width: Math.max(280, this.root.clientWidth) }),
      el('p', { class: 'hint', text: `Each coefficient of the model refitted on the training data at every α (dashed: this model’s α).${atZero}` }));
  }

  // Redraws the SVG layer, unless it would be the same as the one shown (a model option changed
  // but the points, frame and overlays did not: the common case when dragging a slider).
  #draw() {
    const size = this.#size();
    const f = this.last;
    let sum = 0;
    const n = f.X.length;
    for (let i = 0; i < n; i += Math.max(1, n >> 9)) sum = (sum * 31 + f.X[i] * 1000 + (f.test[i >> 1] ?? 0) + (f.labels?.[i >> 1] ?? 0)) % 1e12;
    const key = JSON.stringify([n, sum, f.domain, size, f.overlay, f.axisLabels, f.view, f.classes, this.curve ? Array.from(this.curve.ys) : null, f.pred]);
    if (key === this.drawnKey && this.axes.firstChild) return;
    this.drawnKey = key;
    // A played step: the SVG of the last one updated in place (step_draw.js).
    const svg = this.axes.firstChild;
    if (svg && !this.curve && onlyStepChanged(this.drawn, f, size)) drawStep(svg, this.drawn, f, size);
    else this.axes.replaceChildren(drawFigure(f, size, { curve: this.curve, residuals: this.o.residuals }));
    this.drawn = { fit: f, size };
    this.root.dataset.drawnInPlace = String(this.axes.firstChild === svg); // tests
  }

  #legend(msg) {
    const items = [];
    const names = msg.classNames;
    if (msg.view === 'curve') items.push(['#30343c', 'data'], ['#1d4ed8', 'prediction']);
    else if (msg.view === 'basis') seriesColours(msg.basis.columns.length).forEach((c, j) => items.push([c, msg.basis.names[j]]));
    else if (msg.kind === 'clusterer') msg.classes.forEach((c, i) => items.push([palette[i % palette.length], names?.[c] ?? `cluster ${c}`]));
    else msg.classes?.forEach((c, i) => items.push([palette[i % palette.length], names?.[c] ?? `class ${c}`]));
    if (msg.nTest && msg.view !== 'basis') items.push(['hollow', 'test point']);
    if (msg.overlay.centres) items.push(['cross', msg.kind === 'clusterer' ? 'centre' : 'class mean']);
    if (!msg.error) items.push(...svmLegend(msg.overlay));
    this.legend.replaceChildren(...items.map(([c, text]) =>
      el('li', {}, el('span', { class: `swatch${c.startsWith('#') ? '' : ` ${c}`}`, style: c.startsWith('#') ? `background:${c}` : undefined, 'aria-hidden': 'true' }), text)));
    // The surface's colour scale, over the range the worker paints it on (the class numbers).
    if (msg.view === 'surface' && msg.classes?.length && !msg.error) {
      const [lo, hi] = [Math.min(...msg.classes), Math.max(...msg.classes)];
      const stops = Array.from({ length: 11 }, (_, i) => surfaceColour(i / 10).formatHex()).join(', ');
      this.legend.append(el('li', { class: 'ramp' }, 'prediction ', `${lo} `,
        el('span', { class: 'ramp-bar', style: `background:linear-gradient(to right, ${stops})`, 'aria-hidden': 'true' }), ` ${hi}`));
    }
  }

  #stats(msg) {
    const m = msg.metrics;
    this.testScore.textContent = '';
    this.extra.textContent = '';
    if (m.metric) {
      const f = m.metric === 'accuracy' ? pct : r2;
      this.scoreName.textContent = `train ${m.metric}`;
      this.score.textContent = m.train === undefined ? '–' : f(m.train);
      if (m.test !== undefined) this.testScore.textContent = `· test ${m.metric} ${f(m.test)}`;
    } else if (m.inertia !== undefined) {
      this.scoreName.textContent = 'inertia';
      this.score.textContent = num(m.inertia);
    } else if (m.lowerBound !== undefined || m.logLikelihood !== undefined) {
      this.scoreName.textContent = 'mean log-likelihood';
      this.score.textContent = num(m.lowerBound ?? m.logLikelihood);
    } else if (m.explained) {
      this.scoreName.textContent = 'explained variance';
      this.score.textContent = m.explained.slice(0, 2).map((v) => pct(v).replace('.', '.')).join(' + ');
    } else {
      this.scoreName.textContent = msg.kind;
      this.score.textContent = 'fitted';
    }
    const extra = [];
    if (m.explained && m.metric === undefined && m.inertia === undefined && this.scoreName.textContent !== 'explained variance')
      extra.push(`explained variance ${m.explained.slice(0, 2).map(pct).join(', ')}`);
    if (m.explained && this.scoreName.textContent === 'explained variance') this.score.textContent = m.explained.slice(0, 2).map((v, i) => `${m.axis}${i + 1} ${(100 * v).toFixed(2)} %`).join(', ');
    if (m.nIter !== undefined) extra.push(`${m.nIter} iterations`);
    if (msg.overlay.support && !msg.error) extra.push(`${msg.overlay.support.length} support vectors`);
    this.root.dataset.supportVectors = msg.overlay.support && !msg.error ? String(msg.overlay.support.length) : '';
    if (m.oobScore !== undefined) extra.push(`out-of-bag ${m.metric === 'accuracy' ? pct(m.oobScore) : num(m.oobScore)}`);
    const n = msg.X.length / 2;
    if (n > MAX_DOTS) extra.push(`${n.toLocaleString('en')} points (a sample drawn)`);
    this.extra.textContent = extra.length ? `· ${extra.join(' · ')}` : '';
  }

  // The objective per iteration, beside or under the figure. While playing, a curve is laid out
  // with room for the steps to come and each played step appends its points to it in place
  // (Plot lays a chart out in milliseconds: most of a played picture's JavaScript); a pause, or a
  // point out of that room, lays it out anew.
  #history(history) {
    this.historyBox.hidden = !history;
    if (!history) {
      this.curveDrawn = null;
      return this.historyBox.replaceChildren();
    }
    const unit = history.unit ?? 'iteration';
    // (steps the player skipped have no value)
    const points = history.values.flatMap((v, i) => (v == null ? [] : [[i + 1, v]]));
    const beside = this.root.classList.contains('history-beside');
    const form = JSON.stringify([history.label, unit, beside, this.root.clientWidth]);
    this.historyBox.dataset.points = String(history.values.length);
    if (this.quick && this.#appendToCurve(form, points)) return;
    const chart = lineChart([{ name: history.label, points }],
      { width: beside ? HISTORY_WIDTH : Math.max(280, this.root.clientWidth), height: beside ? 220 : 170, x: unit, y: history.label, legend: false, zero: false, integerX: true,
        include: this.quick ? roomAhead(points) : null });
    chart.setAttribute?.('aria-label', `${history.label} per ${unit}`);
    this.curveDrawn = { form, points, chart };
    this.historyBox.dataset.appended = '0';
    const Label = `${history.label[0].toUpperCase()}${history.label.slice(1)}`;
    this.historyBox.replaceChildren(el('p', { class: 'hint', text: history.unit ? `${Label} after each ${unit} so far.` : `${Label} per iteration of the kept run.` }), chart);
  }

  // Extends the curve shown to `points` when they continue it inside its axes; false otherwise.
  #appendToCurve(form, points) {
    const drawn = this.curveDrawn;
    if (!drawn || drawn.form !== form || points.length < drawn.points.length) return false;
    if (drawn.points.some(([x, y], i) => points[i][0] !== x || points[i][1] !== y)) return false;
    const sx = drawn.chart.scale?.('x'), sy = drawn.chart.scale?.('y');
    const line = drawn.chart.querySelector('g[aria-label="line"] path'), dots = drawn.chart.querySelector('g[aria-label="dot"]');
    if (!sx || !line || !dots?.lastElementChild) return false;
    const within = (v, [a, b]) => v >= Math.min(a, b) && v <= Math.max(a, b);
    if (!points.every(([x, y]) => within(x, sx.domain) && within(y, sy.domain))) return false;
    const pixels = points.map(([x, y]) => [sx.apply(x), sy.apply(y)]);
    line.setAttribute('d', `M${pixels.join('L')}`);
    for (const [cx, cy] of pixels.slice(drawn.points.length)) {
      const dot = dots.lastElementChild.cloneNode(false);
      dot.setAttribute('cx', cx);
      dot.setAttribute('cy', cy);
      dots.append(dot);
    }
    drawn.points = points;
    this.historyBox.dataset.appended = String(Number(this.historyBox.dataset.appended) + 1); // tests
    return true;
  }

  #showPass(msg) {
    if (!this.last) return;
    const size = this.#size();
    if (msg.xs) {
      this.curve = { xs: msg.xs, ys: msg.ys };
      this.#draw();
      this.canvas.hidden = true;
    } else if (msg.values) {
      paintSurface(this.canvas, msg, size);
      this.canvas.hidden = false;
    } else if (msg.proba) {
      paintRegions(this.canvas, msg, size);
      this.canvas.hidden = false;
      if (msg.levels) this.#showLevels(levelSetsSvg({ values: msg.levels, nx: msg.nx, ny: msg.ny, levels: this.last.overlay.levels }, size));
      if (msg.empty && !this.legend.querySelector('.no-answer'))
        this.legend.append(el('li', { class: 'no-answer' }, el('span', { class: 'swatch', style: `background:${NO_ANSWER}`, 'aria-hidden': 'true' }), 'no training point within the radius'));
    }
    const failed = Boolean(this.last.error);
    this.root.dataset.pass = failed ? 'error' : msg.final ? 'fine' : 'coarse';
    if (msg.nx && !msg.xs) this.timing.textContent = `${fitTime(this.last)} · ${(msg.nx * msg.ny).toLocaleString('en')} grid points in ${fmtMs(msg.predictMs)}`;
    if (msg.final) {
      this.root.dataset.frames = String(++this.frames); // pictures completed (the player's frame rate)
      this.#done(failed ? 'error' : 'ok');
    }
  }

  // The level sets of an SVM's decision function, between the regions and the points.
  #showLevels(svg) {
    this.levelSets?.remove();
    this.levelSets = svg;
    if (svg) this.plot.insertBefore(svg, this.axes);
    this.root.dataset.levels = String(svg?.querySelectorAll('path').length ?? 0);
  }

  #showError(message, outcome = 'error') {
    this.message.textContent = message;
    this.message.hidden = false;
    this.canvas.hidden = true;
    if (this.last?.id !== this.id) {
      this.drawnKey = null;
      this.axes.replaceChildren();
      this.legend.replaceChildren();
      this.score.textContent = '–';
      this.testScore.textContent = '';
      this.extra.textContent = '';
      this.timing.textContent = '';
      this.treeBox.hidden = true;
      this.pathBox.hidden = true;
      this.#history(null);
      this.#showLevels(null);
    }
    this.root.dataset.pass = outcome;
    this.#done(outcome);
  }

  #done(outcome) {
    this.engine.done(this.id);
    this.#busy(false);
    this.root.removeAttribute('aria-busy');
    this.root.dataset.renders = String(++this.renders);
    this.lastMs = performance.now() - this.started;
    this.root.dataset.ms = this.lastMs.toFixed(1);
    this.o.onRender?.(this, outcome);
  }

  // Pointer: drag a point, click to add one, hover for neighbours.
  #pointer() {
    let drag = null, asking = false, queued = null;
    const local = (e) => {
      const box = this.plot.getBoundingClientRect();
      return [e.clientX - box.left, e.clientY - box.top];
    };
    const ready = () => this.editable;
    this.plot.addEventListener('pointerdown', (e) => {
      if (!this.o.editable || !ready() || e.button !== 0 || e.target.closest?.('.busy')) return;
      const [px, py] = local(e);
      const s = scales(this.last.domain, this.#size());
      if (!s.inside(px, py)) return;
      const X = this.last.X, n = X.length / 2;
      let best = -1, bestD = 64; // within 8 px
      if (n <= MAX_DOTS)
        for (let i = 0; i < n; i++) {
          const d = (s.px(X[2 * i]) - px) ** 2 + (s.py(X[2 * i + 1]) - py) ** 2;
          if (d < bestD) (bestD = d), (best = i);
        }
      drag = { i: best, x0: px, y0: py, moved: false, s };
      this.plot.setPointerCapture?.(e.pointerId);
      e.preventDefault();
    });
    this.plot.addEventListener('pointermove', (e) => {
      const [px, py] = local(e);
      if (drag) {
        if (Math.hypot(px - drag.x0, py - drag.y0) > 3) drag.moved = true;
        if (drag.moved && drag.i >= 0) {
          const dot = this.axes.querySelector('g[aria-label="dot"]')?.children[drag.i];
          dot?.setAttribute('cx', px);
          dot?.setAttribute('cy', py);
        }
        return;
      }
      if (!ready() || !this.last.overlay.neighbours || this.o.hover === false) return;
      const s = scales(this.last.domain, this.#size());
      if (!s.inside(px, py)) return this.hover.replaceChildren();
      queued = [s.x(px), s.y(py)];
      if (asking) return;
      const askNext = () => {
        const point = queued;
        queued = null;
        asking = true;
        this.engine.ask({ type: 'neighbours', fig: this.fig, point })
          .then((a) => this.#drawNeighbours(a))
          .catch(() => {})
          .finally(() => {
            asking = false;
            if (queued) askNext();
          });
      };
      askNext();
    });
    this.plot.addEventListener('pointerleave', () => {
      queued = null;
      this.hover.replaceChildren();
    });
    const end = (e) => {
      if (!drag) return;
      const d = drag;
      drag = null;
      const [px, py] = local(e);
      if (d.i >= 0 && d.moved) this.o.editable.onMove(d.i, d.s.x(px), d.s.y(py));
      else if (d.i < 0 && !d.moved) this.o.editable.onAdd(d.s.x(px), d.s.y(py));
    };
    this.plot.addEventListener('pointerup', end);
    this.plot.addEventListener('pointercancel', () => (drag = null));
  }

  #drawNeighbours({ point, indices, radius }) {
    if (!this.last || !point) return;
    const s = scales(this.last.domain, this.#size());
    const X = this.last.X;
    const ns = 'http://www.w3.org/2000/svg';
    const mk = (tag, attrs) => {
      const node = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      return node;
    };
    const qx = s.px(point[0]), qy = s.py(point[1]);
    const parts = [];
    if (radius) {
      const rx = Math.abs(s.px(point[0] + radius) - qx), ry = Math.abs(s.py(point[1] + radius) - qy);
      parts.push(mk('ellipse', { cx: qx, cy: qy, rx, ry, class: 'radius' }));
    }
    for (const i of indices) parts.push(mk('line', { x1: qx, y1: qy, x2: s.px(X[2 * i]), y2: s.py(X[2 * i + 1]), class: 'nb' }));
    for (const i of indices) parts.push(mk('circle', { cx: s.px(X[2 * i]), cy: s.py(X[2 * i + 1]), r: 6, class: 'nb-ring' }));
    parts.push(mk('circle', { cx: qx, cy: qy, r: 4, class: 'query' }));
    this.hover.replaceChildren(...parts);
    this.root.dataset.neighbours = String(indices.length);
  }
}

