// The playground page: dataset and model controls, URL state, and one live figure. All machine
// learning happens in the worker (src/worker.js); the figure (src/figure.js) draws what it sends.
import { el, paramControl, parseParam, formatParam, editable } from './controls.js';
import { Engine } from './engine.js';
import { Figure } from './figure.js';
import { presets, presetByName, datasetParams, irisFeatures, editsToQuery, editsFromQuery, editTarget, noEdits } from './data.js';
import { keyboardEditing } from './keyboard.js';
import { SelectionPanel } from './selection.js';
import { kernelControls, showKernelOptions } from './kernel_options.js';
import { svmHint } from './svm_view.js';
import { Player } from './player.js';
import { OnnxPanel } from './onnx_panel.js';

const DEFAULT_MODEL = 'KNeighborsClassifier';
const $ = (sel) => document.querySelector(sel);
const ui = {
  preset: $('#preset'), presetDoc: $('#preset-doc'), irisFeatures: $('#iris-features'), fx: $('#fx'), fy: $('#fy'),
  dataParams: $('#data-params'), addClass: $('#add-class'), classField: $('#class-field'),
  newSeed: $('#new-seed'), clear: $('#clear'), reset: $('#reset'),
  model: $('#model'), modelDoc: $('#model-doc'), modelParams: $('#model-params'), keyStatus: $('#key-status'), viewHint: $('#view-hint'),
};

const engine = new Engine();
let flags = new URLSearchParams(location.hash.slice(1)); // test-only: grid=<columns>, huge=<points>, jobs=<pool workers>
let metas = []; // every estimator of this build
let available = []; // presets this build can make
let state = null; // { data, edits, model, params }
let controls = { data: new Map(), params: new Map() };
let renders = 0;
let figure;
let keyboard;
let selection; // cross-validation, confusion matrix and tuning under the figure (selection.js)
let player; // play / pause / step / reset of an iterative method (player.js)
let onnxPanel; // an .onnx file drawn instead of a trained model (onnx_panel.js)
let onnx = null; // { file, bytes } of the open .onnx file (not in the URL: the file is the user's)
let skipping = false; // the player skips steps between pictures (player.js)

// ---- URL state ---------------------------------------------------------------------------

function readHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  const preset = available.includes(q.get('preset')) ? q.get('preset') : 'moons';
  const data = { preset };
  for (const p of datasetParams) data[p.name] = parseParam(p, q.get(p.name) ?? undefined) ?? p.default;
  const feature = (name, def) => {
    const v = Number(q.get(name));
    return q.has(name) && Number.isInteger(v) && v >= 0 && v < 4 ? v : def;
  };
  if (data.noise === null) data.noise = presetByName.get(preset).noise;
  data.fx = feature('fx', 0);
  data.fy = feature('fy', 1);
  const meta = metas.find((m) => m.name === q.get('model')) ?? metas.find((m) => m.name === DEFAULT_MODEL) ?? metas[0];
  const params = {};
  const defaults = meta ? playgroundDefaults(meta, preset) : {};
  for (const p of meta ? modelParams(meta) : []) {
    const v = q.get(p.name);
    params[p.name] = (v === null ? undefined : parseParam(p, v)) ?? defaults[p.name];
  }
  const cls = Number(q.get('class'));
  const step = q.has('step') ? Number(q.get('step')) : NaN;
  return { data, edits: editsFromQuery(q), model: meta?.name, params, cls: Number.isInteger(cls) && cls >= 0 ? cls : 0, step: Number.isInteger(step) && step >= 0 ? step : null };
}

function writeHash() {
  const q = new URLSearchParams();
  q.set('preset', state.data.preset);
  for (const p of datasetParams) q.set(p.name, formatParam(state.data[p.name]));
  if (state.data.preset === 'iris') (q.set('fx', state.data.fx), q.set('fy', state.data.fy));
  editsToQuery(state.edits, q);
  if (state.cls) q.set('class', state.cls);
  q.set('model', state.model);
  for (const [k, v] of Object.entries(state.params)) q.set(k, formatParam(v));
  if (state.step !== null) q.set('step', state.step);
  for (const f of ['grid', 'huge', 'jobs']) if (flags.has(f)) q.set(f, flags.get(f));
  const hash = `#${q}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

const metaOf = (name) => metas.find((m) => m.name === name);
// The options the page shows for an estimator (a kernel method's with its sliders).
const modelParams = (meta) => kernelControls(meta, editable(meta.params));

// The groups each preset is generated with (a clusterer's natural number of clusters).
const presetGroups = { moons: 2, circles: 2, blobs: 3, blobs2: 2, xor: 4, spiral: 2, aniso: 3, iris: 3, 'iris-pca': 3, 'iris-lda': 3 };

// An estimator's options as the playground starts them on a preset: the library's defaults,
// except where those show nothing here — a clusterer gets the preset's number of groups, the
// lasso a penalty the sine survives, knot-based bases knots across the data. The library's own
// defaults do not change.
function playgroundDefaults(meta, preset) {
  const params = Object.fromEntries(editable(meta.params).map((p) => [p.name, p.default]));
  const has = (name) => Object.hasOwn(params, name);
  if (meta.kind === 'clusterer' && presetGroups[preset]) for (const name of ['nClusters', 'nComponents']) if (has(name)) params[name] = presetGroups[preset];
  if (['Lasso', 'ElasticNet'].includes(meta.name) && params.alpha === 1) params.alpha = 0.01;
  if (has('knots') && params.knots?.length === 0) params.knots = [-2, -1, 0, 1, 2];
  return params;
}

// ---- controls ----------------------------------------------------------------------------

function buildFields(container, params, group) {
  const made = new Map();
  container.replaceChildren();
  for (const p of params) {
    const c = paramControl(p, state[group][p.name], (name, value) => {
      state[group][name] = value;
      if (name === 'basis') syncDataControls();
      if (name === 'kernel') showKernelOptions(controls.params, state.params);
      changed();
    });
    made.set(p.name, c);
    if (p.planeOnly) c.root.classList.add('feature-toggle');
    container.append(c.root);
  }
  return made;
}

function buildModelControls() {
  const meta = metaOf(state.model);
  ui.model.value = state.model;
  ui.modelDoc.textContent = `${meta.doc} (${meta.kind}, ${meta.family})`;
  ui.model.title = meta.doc;
  controls.params = buildFields(ui.modelParams, modelParams(meta), 'params');
  showKernelOptions(controls.params, state.params);
}

function syncDataControls() {
  const preset = presetByName.get(state.data.preset);
  ui.preset.value = preset.name;
  // A transformer is fitted on all four Iris measurements (worker.js), so the pickers do nothing.
  const allFeatures = preset.name === 'iris' && metaOf(state.model)?.kind === 'transformer';
  ui.presetDoc.textContent = allFeatures ? `${preset.doc}; a transformer sees all four measurements` : preset.doc;
  ui.irisFeatures.hidden = preset.name !== 'iris' || allFeatures;
  ui.fx.value = state.data.fx;
  ui.fy.value = state.data.fy;
  for (const [name, c] of controls.data) {
    c.set(state.data[name]);
    const param = datasetParams.find((p) => p.name === name);
    c.root.hidden = (name === 'nSamples' && preset.fixedSize) || (name === 'noise' && preset.name.startsWith('iris')) ||
      (param.curveOnly && (preset.kind !== 'curve' || metaOf(state.model)?.kind !== 'regressor')) || (name === 'basisSize' && state.data.basis === 'none') ||
      (param.planeOnly && (preset.kind !== 'classes' || !['classifier', 'regressor'].includes(metaOf(state.model)?.kind)));
  }
  ui.classField.hidden = preset.kind === 'curve';
  const k = preset.name === 'blobs' || preset.name === 'aniso' || preset.name.startsWith('iris') ? 3 : 2;
  ui.addClass.replaceChildren(...Array.from({ length: k + 1 }, (_, i) => el('option', { value: i, text: `class ${i}${i === k ? ' (new)' : ''}` })));
  ui.addClass.value = String(Math.min(state.cls, k));
  state.cls = Number(ui.addClass.value);
}

function syncControls() {
  syncDataControls();
  if (ui.model.value !== state.model || controls.params.size !== Object.keys(state.params).length) buildModelControls();
  else {
    for (const [name, c] of controls.params) c.set(state.params[name]);
    showKernelOptions(controls.params, state.params);
  }
}

document.querySelector('form.panel').addEventListener('submit', (e) => e.preventDefault());

// A change renders at once when the figure is idle (no timer delays it). Changes made while it
// renders — a dragged slider fires many — are merged into one render when it finishes, so the
// worker never gets a backlog. `now` (a new dataset or model) replaces the render under way.
let rendering = false, pending = false;
function changed({ now = false } = {}) {
  if (rendering && !now) pending = true;
  else render();
  writeHash(); // after the request: Chromium's replaceState takes milliseconds, the worker need not wait
}

function render({ quick = false } = {}) {
  pending = false;
  rendering = true;
  const huge = Number(flags.get('huge')) || 0;
  const step = state.step === null ? {} : { step: state.step, skip: skipping };
  const jobs = flags.has('jobs') ? { jobs: Number(flags.get('jobs')) } : {};
  const model = onnx ? { name: 'onnx', onnx: onnx.bytes, file: onnx.file } : { name: state.model, params: { ...state.params }, ...step, ...jobs };
  // An objective curve: a played step's, or the complete fit's declared history (k-means, EM).
  const history = !onnx && (state.step !== null || metaOf(state.model).attributes.some((a) => a.role === 'objectiveHistory'));
  figure.update({ dataset: { ...state.data, huge }, edits: state.edits, model }, { quick, history });
}

// ---- editing points ----------------------------------------------------------------------

// Coordinates are kept to 3 decimals, as in the URL, so a link reproduces the picture exactly.
const r3 = (v) => Math.round(v * 1000) / 1000;
const editing = {
  onAdd(x, y) {
    [x, y] = [r3(x), r3(y)];
    state.edits.add.push([x, y, state.cls]);
    changed({ now: true });
  },
  onMove(i, x, y) {
    [x, y] = [r3(x), r3(y)];
    const { added, generated } = editTarget(state.edits, figure.last.X.length / 2, i);
    if (added !== undefined) state.edits.add[added] = [x, y, state.edits.add[added][2]];
    else state.edits.move = state.edits.move.filter((m) => m[0] !== generated).concat([[generated, x, y]]);
    changed({ now: true });
  },
  onRemove(i) {
    const { added, generated } = editTarget(state.edits, figure.last.X.length / 2, i);
    if (added !== undefined) state.edits.add.splice(added, 1);
    else {
      state.edits.move = state.edits.move.filter((m) => m[0] !== generated);
      state.edits.remove.push(generated);
    }
    changed({ now: true });
  },
};

// Test-only: grid=<columns> or grid=<columns>x<rows> fixes the fine grid.
function gridFlag(text) {
  const m = /^(\d+)(?:x(\d+))?$/.exec(text ?? '');
  if (!m) return undefined;
  const [nx, ny] = [Number(m[1]), Number(m[2])];
  return nx >= 2 && nx <= 1000 ? (ny >= 2 && ny <= 1000 ? [nx, ny] : nx) : undefined;
}

// What the colours of each view mean.
const viewHints = {
  regions: 'Regions: the most likely class, stronger where the model is more certain.',
  clusters: 'Regions: the cluster each place would join, stronger where the model is more certain.',
  surface: "Colour: the model's prediction (the target is the class number), blue low to red high.",
  curve: "The line: the model's prediction along x.",
  projection: "The points in the transformer's first two output columns that vary (no regions: a transformer does not predict).",
  basis: 'Each line: one output column of the transformer as a function of x — the features a linear model would weigh and add.',
};

// ---- start-up ----------------------------------------------------------------------------

function fail(message) {
  $('#figure').replaceChildren(el('p', { class: 'message', role: 'alert', text: message }));
  document.body.dataset.ready = '1';
}

engine.ready.then(start, (e) => fail(e.message));

function start(info) {
  metas = info.estimators;
  available = info.presets;
  if (metas.length === 0 || !available.includes('moons')) return fail('This build of wasmlearn has no estimator or no makeMoons yet.');
  // Every estimator, grouped by family (adding one to the library adds it here).
  const families = [...new Set(metas.map((m) => m.family))].sort();
  for (const fam of families) {
    const group = el('optgroup', { label: fam.replaceAll('_', ' ') });
    for (const m of metas.filter((x) => x.family === fam)) group.append(el('option', { value: m.name, title: m.doc, text: `${m.name} — ${m.kind}` }));
    ui.model.append(group);
  }
  for (const p of presets.filter((x) => !x.hidden && available.includes(x.name))) ui.preset.append(el('option', { value: p.name, title: p.doc, text: p.label }));
  irisFeatures.forEach((f, i) => (ui.fx.append(el('option', { value: i, text: f })), ui.fy.append(el('option', { value: i, text: f }))));

  state = readHash();
  figure = new Figure($('#figure'), {
    engine,
    ids: true,
    grid: gridFlag(flags.get('grid')),
    editable: editing,
    onRender() {
      rendering = false;
      player.rendered(figure.last?.step);
      if (pending) render();
      keyboard.refresh();
      // Nothing to cross-validate or tune in an imported model.
      selection.refresh(figure.spec, onnx ? { kind: 'imported', name: onnx.file } : metaOf(figure.spec.model.name), figure.last);
      const fresh = figure.last?.id === figure.id ? figure.last : null;
      if (onnx) onnxPanel.shown(fresh, fresh ? null : figure.message.textContent);
      if (figure.last) {
        const view = figure.last.kind === 'clusterer' ? 'clusters' : figure.last.view;
        const svm = figure.last.error ? '' : svmHint(figure.last.overlay);
        ui.viewHint.textContent = `${viewHints[view] ?? ''}${svm ? ` ${svm}` : ''}${view === 'basis' ? '' : ' Hollow marks are test points (not used for training).'}`;
      }
      document.body.dataset.renders = String(++renders);
      document.body.dataset.ready = '1';
    },
  });
  player = new Player($('#player'), {
    go(step, { quick, skip }) {
      state.step = step;
      skipping = skip;
      if (rendering) pending = true;
      else render({ quick });
    },
    onStep(step) {
      state.step = step;
      writeHash();
    },
  });
  player.show(metaOf(state.model), state.step);
  const onnxRoot = el('div', { id: 'onnx' }), rules = el('div', { class: 'onnx-rules' });
  ui.model.closest('.field').after(onnxRoot);
  $('#selection').before(rules);
  onnxPanel = new OnnxPanel(onnxRoot, rules, {
    onOpen(file) {
      onnx = file;
      ui.modelParams.hidden = true;
      player.show(null);
      changed({ now: true });
    },
    onClose: closeOnnx,
  });
  selection = new SelectionPanel($('#selection'), {
    statsLine: $('#figure .stats'),
    apply(name, value) {
      state.params[name] = value;
      syncControls();
      changed({ now: true });
    },
  });
  keyboard = keyboardEditing(figure, {
    helpId: 'edit-help',
    status: ui.keyStatus,
    classCount: () => (ui.classField.hidden ? 0 : ui.addClass.options.length),
    chosenClass: () => state.cls,
    onClass(c) {
      state.cls = c;
      ui.addClass.value = String(c);
      writeHash();
    },
    onAdd: editing.onAdd,
    onRemove: editing.onRemove,
  });
  controls.data = buildFields(ui.dataParams, datasetParams, 'data');
  syncDataControls();
  buildModelControls();
  writeHash();

  ui.preset.addEventListener('change', () => {
    // Options still at the old preset's playground default follow the new preset's.
    const before = playgroundDefaults(metaOf(state.model), state.data.preset);
    const after = playgroundDefaults(metaOf(state.model), ui.preset.value);
    for (const [name, v] of Object.entries(state.params)) if (v === before[name]) state.params[name] = after[name];
    state.data.preset = ui.preset.value;
    state.data.noise = presetByName.get(state.data.preset).noise;
    state.edits = noEdits();
    const meta = metaOf(state.model);
    if (presetByName.get(state.data.preset).kind === 'curve' && meta.kind === 'classifier') switchModel(metas.find((m) => m.kind === 'regressor')?.name ?? state.model);
    syncControls();
    changed({ now: true });
  });
  for (const [sel, key] of [[ui.fx, 'fx'], [ui.fy, 'fy']])
    sel.addEventListener('change', () => {
      state.data[key] = Number(sel.value);
      changed({ now: true });
    });
  ui.addClass.addEventListener('change', () => {
    state.cls = Number(ui.addClass.value);
    writeHash();
  });
  ui.model.addEventListener('change', () => {
    switchModel(ui.model.value);
    changed({ now: true });
  });
  ui.newSeed.addEventListener('click', () => {
    state.data.seed = Math.floor(Math.random() * 10000);
    controls.data.get('seed').set(state.data.seed);
    changed({ now: true });
  });
  ui.clear.addEventListener('click', () => {
    state.edits = { ...noEdits(), clear: true };
    changed({ now: true });
  });
  ui.reset.addEventListener('click', () => {
    state.edits = noEdits();
    changed({ now: true });
  });
  window.addEventListener('hashchange', () => {
    flags = new URLSearchParams(location.hash.slice(1));
    figure.o.grid = gridFlag(flags.get('grid'));
    state = readHash();
    syncControls();
    player.show(metaOf(state.model), state.step);
    changed({ now: true });
  });
  let lastWidth = $('#figure').clientWidth;
  new ResizeObserver(() => {
    if ($('#figure').clientWidth === lastWidth) return;
    lastWidth = $('#figure').clientWidth;
    changed();
  }).observe($('#figure'));
  render();
}

// Back from an .onnx file to the estimator of the URL.
function closeOnnx() {
  onnx = null;
  ui.modelParams.hidden = false;
  player.show(metaOf(state.model), state.step);
  changed({ now: true });
}

// A new estimator: its defaults, and a dataset it can use.
function switchModel(name) {
  if (onnx) (onnx = null), onnxPanel.reset(), (ui.modelParams.hidden = false);
  const meta = metaOf(name);
  state.model = meta.name;
  const preset = presetByName.get(state.data.preset);
  if (meta.kind === 'classifier' && preset.kind === 'curve') state.data.preset = 'moons';
  if (meta.kind === 'regressor' && preset.kind !== 'curve' && state.data.preset === 'moons') state.data.preset = 'sine';
  // Preprocessing transformers (bases, scalers) are shown as functions of x on the 1-D sine; the
  // others (projections) on Iris.
  const basisView = meta.family === 'preprocessing';
  if (meta.kind === 'transformer' && basisView && preset.kind !== 'curve' && state.data.preset === 'moons') state.data.preset = 'sine';
  if (meta.kind === 'transformer' && !basisView && preset.kind === 'curve') state.data.preset = 'iris';
  if (meta.kind === 'clusterer' && preset.kind === 'curve') state.data.preset = available.includes('aniso') ? 'aniso' : 'blobs';
  if (preset.name !== state.data.preset) (state.data.noise = presetByName.get(state.data.preset).noise), (state.edits = noEdits());
  state.params = playgroundDefaults(meta, state.data.preset);
  state.step = null;
  player.show(meta);
  syncDataControls();
  buildModelControls();
}
