// The playground page: controls, URL state, and the view. All machine learning happens in the
// worker (src/worker.js); this file only asks for renders and draws what comes back.
import { el, paramControl, parseParam, formatParam, editable } from './controls.js';
import { drawAxes, paintRegions, palette } from './plot.js';
import { figureSize } from './layout.js';

// The dataset's options, described like estimator parameters so they share the controls.
const datasetParams = [
  { name: 'nSamples', type: 'integer', default: 200, minimum: 10, maximum: 1000, nullable: false, doc: 'number of points (half per moon)' },
  { name: 'noise', type: 'number', default: 0.25, minimum: 0, maximum: 1, nullable: false, doc: 'standard deviation of the Gaussian noise added to the points' },
  { name: 'seed', type: 'integer', default: 0, minimum: 0, maximum: 2 ** 31 - 1, nullable: false, doc: 'random seed: the same seed gives the same points' },
];
const DEFAULT_MODEL = 'KNeighborsClassifier';
const COARSE = 40; // grid columns of the first, quick pass

const $ = (sel) => document.querySelector(sel);
const ui = {
  model: $('#model'),
  modelDoc: $('#model-doc'),
  modelParams: $('#model-params'),
  dataParams: $('#data-params'),
  newSeed: $('#new-seed'),
  plot: $('#plot'),
  canvas: $('#regions'),
  axes: $('#axes'),
  legend: $('#legend'),
  accuracy: $('#accuracy'),
  timing: $('#timing'),
  message: $('#message'),
  figure: $('#figure'),
};

let classifiers = []; // metadata of the classifiers in this build
let state = null; // { data: {nSamples, noise, seed}, model, params }
let controls = { data: new Map(), params: new Map() };
let requestId = 0;
let renders = 0;
let last = null; // the latest `fit` message (points, classes, domain, view size)

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.onmessage = ({ data: msg }) => {
  if (msg.type === 'ready') return start(msg);
  if (msg.id !== requestId) return; // an answer to a request that has been superseded
  if (msg.type === 'fit') return showFit(msg);
  if (msg.type === 'pass') return showPass(msg);
  if (msg.type === 'error') return showError(msg.message);
};
worker.onerror = (e) => {
  e.preventDefault();
  showError(`The WebAssembly worker failed to start: ${e.message || 'unknown error'}`);
};

// ---- URL state ---------------------------------------------------------------------------

function readHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  const data = {};
  for (const p of datasetParams) data[p.name] = parseParam(p, q.get(p.name) ?? undefined) ?? p.default;
  const requested = classifiers.find((m) => m.name === q.get('model'));
  const meta = requested ?? classifiers.find((m) => m.name === DEFAULT_MODEL) ?? classifiers[0];
  const params = {};
  for (const p of editable(meta?.params ?? [])) {
    const v = q.get(p.name);
    params[p.name] = (v === null ? undefined : parseParam(p, v)) ?? p.default;
  }
  return { data, model: meta?.name, params };
}

function writeHash() {
  const q = new URLSearchParams();
  for (const p of datasetParams) q.set(p.name, formatParam(state.data[p.name]));
  q.set('model', state.model);
  for (const [k, v] of Object.entries(state.params)) q.set(k, formatParam(v));
  const hash = `#${q}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

// ---- controls ----------------------------------------------------------------------------

// One control per parameter into `container`, editing state[group]; returns them by name.
function buildFields(container, params, group) {
  const made = new Map();
  container.replaceChildren();
  for (const p of params) {
    const c = paramControl(p, state[group][p.name], (name, value) => {
      state[group][name] = value;
      changed();
    });
    made.set(p.name, c);
    container.append(c.root);
  }
  return made;
}

function buildModelControls() {
  const meta = classifiers.find((m) => m.name === state.model);
  ui.model.value = state.model;
  ui.modelDoc.textContent = meta.doc;
  ui.model.title = meta.doc;
  controls.params = buildFields(ui.modelParams, editable(meta.params), 'params');
}

// Puts the state's values into the existing controls (after a hash change).
function syncControls() {
  for (const [name, c] of controls.data) c.set(state.data[name]);
  if (ui.model.value !== state.model || controls.params.size !== Object.keys(state.params).length) buildModelControls();
  else for (const [name, c] of controls.params) c.set(state.params[name]);
}

document.querySelector('form.panel').addEventListener('submit', (e) => e.preventDefault());

let debounce = 0;
function changed({ now = false } = {}) {
  writeHash();
  clearTimeout(debounce);
  if (now) requestRender();
  else debounce = setTimeout(requestRender, 120);
}

// ---- rendering ---------------------------------------------------------------------------

function requestRender() {
  clearTimeout(debounce);
  const width = ui.plot.clientWidth;
  // The fine pass: about one grid cell per two CSS pixels (sharper on dense screens), capped.
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  const fine = Math.max(COARSE + 1, Math.min(400, Math.round((width * dpr) / 2)));
  ui.figure.setAttribute('aria-busy', 'true');
  worker.postMessage({
    type: 'render',
    id: ++requestId,
    dataset: { name: 'moons', ...state.data },
    model: { name: state.model, params: { ...state.params } },
    view: { width, height: window.innerHeight },
    passes: [COARSE, fine],
  });
}

// The model is fitted: axes, points, legend and accuracy (regions follow in passes).
function showFit(msg) {
  last = msg;
  const size = figureSize(msg.view.width, msg.view.height, msg.domain);
  ui.axes.replaceChildren(drawAxes(msg, size));
  ui.plot.style.height = `${size.height}px`;
  ui.legend.replaceChildren(
    ...msg.classes.map((c, i) =>
      el('li', {}, el('span', { class: 'swatch', style: `background:${palette[i % palette.length]}`, 'aria-hidden': 'true' }), `class ${c}`)),
  );
  ui.accuracy.textContent = `${(100 * msg.accuracy).toFixed(1)} %`;
  ui.timing.textContent = `fit ${fmtMs(msg.fitMs)}`;
  ui.message.hidden = true;
  ui.message.textContent = '';
}

function showPass(msg) {
  paintRegions(ui.canvas, msg, figureSize(last.view.width, last.view.height, last.domain));
  ui.canvas.hidden = false;
  ui.figure.dataset.pass = msg.final ? 'fine' : 'coarse';
  ui.timing.textContent = `fit ${fmtMs(last.fitMs)} · ${(msg.nx * msg.ny).toLocaleString('en')} grid points in ${fmtMs(msg.predictMs)}`;
  if (msg.final) done();
}

// A failed request: the message, and no regions (the points stay if the fit succeeded).
function showError(message) {
  ui.message.textContent = message;
  ui.message.hidden = false;
  ui.canvas.hidden = true;
  if (last?.id !== requestId) {
    ui.axes.replaceChildren();
    ui.legend.replaceChildren();
    ui.accuracy.textContent = '–';
    ui.timing.textContent = '';
  }
  ui.figure.dataset.pass = 'error';
  done();
}

function done() {
  ui.figure.removeAttribute('aria-busy');
  document.body.dataset.renders = String(++renders);
  document.body.dataset.ready = '1';
}

const fmtMs = (ms) => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);

// ---- start-up ----------------------------------------------------------------------------

function start({ estimators, datasets }) {
  classifiers = estimators.filter((m) => m.kind === 'classifier' && m.methods.includes('predict'));
  if (classifiers.length === 0 || !datasets.includes('moons')) {
    showError('This build of wasmlearn has no classifier or no makeMoons yet.');
    return;
  }
  for (const m of classifiers) ui.model.append(el('option', { value: m.name, title: m.doc, text: m.name }));
  state = readHash();
  controls.data = buildFields(ui.dataParams, datasetParams, 'data');
  buildModelControls();
  writeHash();

  ui.model.addEventListener('change', () => {
    const meta = classifiers.find((m) => m.name === ui.model.value);
    state.model = meta.name;
    state.params = Object.fromEntries(editable(meta.params).map((p) => [p.name, p.default]));
    buildModelControls();
    changed({ now: true });
  });
  ui.newSeed.addEventListener('click', () => {
    state.data.seed = Math.floor(Math.random() * 10000);
    controls.data.get('seed').set(state.data.seed);
    changed({ now: true });
  });
  window.addEventListener('hashchange', () => {
    state = readHash();
    syncControls();
    changed({ now: true });
  });
  let lastWidth = ui.plot.clientWidth;
  new ResizeObserver(() => {
    if (ui.plot.clientWidth === lastWidth) return;
    lastWidth = ui.plot.clientWidth;
    changed();
  }).observe(ui.plot);
  requestRender();
}
