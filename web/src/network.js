// The network view's page (network.html): an MLPClassifier learning 2-D points (an MLPRegressor
// on a regression preset), played epoch by epoch or batch by batch with the playground's player. The settings (data, input features, layers, options and the
// step shown) live in the URL; each step is one worker answer (network_worker.js) drawn by
// NetworkView. Export: the model JSON and the equivalent scikit-learn code.
import { el } from './controls.js';
import { Player } from './player.js';
import { NetworkView } from './network_view.js';
import { networkPresets, inputFeatures, parseCsv, isRegression } from './network_data.js';

const MAX_LAYERS = 10, MAX_UNITS = 64;
// The maps' grid: 100 x 100 cells, fewer for large networks (the forward pass over the grid costs
// cells x weights).
const gridSize = (layers) => {
  const neurons = layers.reduce((a, b) => a + b, 0);
  return neurons <= 48 ? 100 : neurons <= 160 ? 50 : 25;
};

// The page's settings with their URL names and defaults.
const defaults = {
  preset: 'xor', nSamples: 500, noise: null, seed: 0, testSize: 0.3, nClasses: 3, features: ['x1', 'x2'],
  layers: [8, 8], activation: 'tanh', solver: 'adam', learningRateInit: 0.03, alpha: 0.0001, batchSize: 'auto', maxIter: 500, randomState: 0,
  stepBy: 'epoch',
};
const numbers = ['nSamples', 'noise', 'seed', 'testSize', 'nClasses', 'learningRateInit', 'alpha', 'maxIter', 'randomState'];

// hiddenLayerSizes as typed ("8, 8"): 0 to 10 layers of 1 to 64 neurons, or an Error naming the field.
export function parseLayers(text) {
  const parts = String(text).split(/[\s,]+/).filter(Boolean);
  const sizes = parts.map(Number);
  if (sizes.some((s) => !Number.isInteger(s) || s < 1 || s > MAX_UNITS)) throw new Error(`hidden layers: whole numbers of neurons from 1 to ${MAX_UNITS}, got "${text}"`);
  if (sizes.length > MAX_LAYERS) throw new Error(`hidden layers: at most ${MAX_LAYERS}, got ${sizes.length}`);
  return sizes;
}

// The starting weights kept in the URL after an edit ({ coefs, intercepts } as weightsInit takes
// them), or null (random ones) when missing or not readable.
function startOf(text) {
  try {
    const start = JSON.parse(text);
    return Array.isArray(start?.coefs) && Array.isArray(start?.intercepts) ? start : null;
  } catch {
    return null;
  }
}

// The weights drawn (weightsOf's flat arrays) as weightsInit, with one weight set to `value`.
export function editedStart({ units, coefs, intercepts }, { layer, from, to, value }) {
  const nested = coefs.map((W, l) => Array.from({ length: units[l] }, (_, a) => Array.from(W.subarray(a * units[l + 1], (a + 1) * units[l + 1]))));
  nested[layer][from][to] = value;
  return { coefs: nested, intercepts: intercepts.map((b) => Array.from(b)) };
}

function readUrl() {
  const q = new URLSearchParams(location.hash.slice(1));
  const s = structuredClone(defaults);
  for (const key of Object.keys(defaults)) {
    if (!q.has(key)) continue;
    const v = q.get(key);
    if (key === 'features') s.features = v ? v.split(',').filter((f) => inputFeatures.some((x) => x.name === f)) : [];
    else if (key === 'layers') s.layers = v ? v.split(',').map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= MAX_UNITS).slice(0, MAX_LAYERS) : [];
    else if (numbers.includes(key)) s[key] = v === '' ? null : Number(v);
    else s[key] = v;
  }
  s.start = startOf(q.get('start'));
  s.step = q.has('step') ? Number(q.get('step')) : 0;
  s.csv = sessionStorage.getItem('network-csv') && q.get('data') === 'csv' ? sessionStorage.getItem('network-csv') : null;
  return s;
}

function writeUrl(s, step) {
  const q = new URLSearchParams();
  for (const key of Object.keys(defaults)) {
    const v = s[key];
    if (JSON.stringify(v) === JSON.stringify(defaults[key])) continue;
    q.set(key, Array.isArray(v) ? v.join(',') : v ?? '');
  }
  if (s.csv) q.set('data', 'csv');
  if (s.start) q.set('start', JSON.stringify(s.start));
  if (step !== null && step !== undefined) q.set('step', String(step));
  history.replaceState(null, '', `#${q}`);
}

// The MLPClassifier options of the settings.
const paramsOf = (s) => ({
  hiddenLayerSizes: s.layers, activation: s.activation, solver: s.solver, learningRateInit: s.learningRateInit, alpha: s.alpha,
  batchSize: s.batchSize === 'auto' ? 'auto' : Number(s.batchSize), maxIter: s.maxIter, randomState: s.randomState,
  ...(s.start ? { weightsInit: s.start } : {}),
});

const snake = (name) => name.replace(/([A-Z])/g, '_$1').toLowerCase().replace(/([a-z])(\d)/g, '$1_$2');
const python = (v) => (v === true ? 'True' : v === false ? 'False' : v === null ? 'None' : Array.isArray(v) ? `(${v.map(python).join(', ')}${v.length === 1 ? ',' : ''})` : typeof v === 'string' ? `'${v}'` : String(v));

// scikit-learn code that trains the same network on the same features (the options that differ
// from scikit-learn's defaults; the weights differ: numpy draws other random numbers).
export function sklearnCode(s, meta) {
  const { weightsInit, ...params } = paramsOf(s); // scikit-learn has no option for starting weights
  const name = isRegression(s) ? 'MLPRegressor' : 'MLPClassifier';
  const defaultsOf = Object.fromEntries(meta.params.map((p) => [p.name, p.default]));
  const args = Object.entries(params).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaultsOf[k])).map(([k, v]) => `${snake(k)}=${python(v)}`);
  const columns = inputFeatures.filter((f) => s.features.includes(f.name)).map((f) => ({
    x1: 'X[:, 0]', x2: 'X[:, 1]', x1Squared: 'X[:, 0] ** 2', x2Squared: 'X[:, 1] ** 2', x1TimesX2: 'X[:, 0] * X[:, 1]', sinX1: 'np.sin(X[:, 0])', sinX2: 'np.sin(X[:, 1])',
  })[f.name]);
  return [
    'import numpy as np',
    `from sklearn.neural_network import ${name}`,
    '',
    `# X: the points (n x 2), y: their ${name === 'MLPRegressor' ? 'targets' : 'classes'}`,
    `def features(X):\n    return np.column_stack([${columns.join(', ')}])`,
    '',
    ...(weightsInit ? ['# this view started from edited weights; scikit-learn starts from random ones'] : []),
    `model = ${name}(${args.join(', ')})`,
    'model.fit(features(X), y)',
  ].join('\n');
}

export function startNetworkPage(root) {
  const s = readUrl();
  const worker = new Worker(new URL('./network_worker.js', import.meta.url), { type: 'module' });
  let meta = null, asked = 0, shownStep = s.step;
  // An edited weight: training starts again from the weights drawn with that one changed; step -1
  // shows them before the first epoch.
  const view = new NetworkView(root.querySelector('#network'), {
    onEdit: (link) => {
      s.start = editedStart(view.answer.weights, link);
      writeUrl(s, -1);
      player.show(meta, -1);
      request(-1);
    },
  });
  const message = root.querySelector('#net-message');
  const player = new Player(root.querySelector('#player'), {
    go: (step, { quick }) => request(step, quick),
    onStep: (step) => writeUrl(s, step),
  });

  const spec = () => ({
    data: { preset: s.preset, nSamples: s.nSamples, noise: s.noise, seed: s.seed, testSize: s.testSize, nClasses: s.nClasses, features: s.features, csv: s.csv },
    params: paramsOf(s),
    stepBy: s.stepBy,
    res: gridSize(s.layers),
  });
  function request(step, quick = false) {
    shownStep = step;
    asked += 1;
    worker.postMessage({ type: 'step', id: asked, spec: spec(), step, quick });
  }
  // Hands an answer's maps back to the worker once nothing draws from them (the view keeps only its
  // last answer), for the next answer to write into.
  function recycle(answer) {
    const buffers = new Set(answer?.maps?.map((m) => m.buffer));
    for (const buffer of buffers) if (buffer.byteLength) worker.postMessage({ type: 'recycle', buffer }, [buffer]);
  }
  worker.onmessage = ({ data }) => {
    if (data.type === 'ready') {
      meta = data.meta;
      player.show(meta, s.step);
      request(s.step);
      return;
    }
    if (data.id !== asked) return recycle(data); // a newer request is on its way
    if (data.type === 'error') {
      message.textContent = data.message;
      message.hidden = false;
      player.rendered(null);
      return;
    }
    if (data.type === 'export') return showExport(JSON.stringify(data.json, null, 1), 'wasmlearn-network.json');
    message.hidden = true;
    const t0 = performance.now();
    const drawn = view.answer;
    view.draw(data, { names: inputFeatures.filter((f) => s.features.includes(f.name)).map((f) => f.label), activation: s.activation });
    root.dataset.drawMs = (performance.now() - t0).toFixed(3); // the page's share of a picture (the worker's: trainMs, mapsMs)
    if (drawn !== data) recycle(drawn);
    const phase = data.batch ? `batch ${data.batch} of ${data.batches}` : null;
    player.rendered({ step: data.step, k: data.batch ? data.k + 1 : data.k, unit: 'epoch', phase, last: data.last });
    root.dataset.trainMs = data.timing.trainMs.toFixed(3);
    root.dataset.mapsMs = data.timing.mapsMs.toFixed(3);
    root.dataset.res = String(data.res); // the grid the maps were computed on (coarser while playing)
  };
  worker.onerror = (e) => {
    message.textContent = `the worker failed: ${e.message}`;
    message.hidden = false;
  };

  // A settings change starts training again from the first epoch, from random weights.
  const changed = () => {
    s.start = null;
    writeUrl(s, 0);
    player.show(meta, 0);
    request(0);
  };

  const form = root.querySelector('#net-settings');
  const field = (label, input, doc) => el('div', { class: 'field' }, el('label', { for: input.id, text: label }), input, doc ? el('p', { class: 'doc', text: doc }) : null);
  const select = (id, options, value) => {
    const node = el('select', { id, name: id });
    for (const [v, text] of options) node.append(el('option', { value: v, text, selected: String(v) === String(value) }));
    return node;
  };
  const number = (id, value, attrs = {}) => el('input', { id, name: id, type: 'number', value: value ?? '', ...attrs });
  const onInput = (node, key, parse = (v) => v) => node.addEventListener('change', () => {
    try {
      s[key] = parse(node.value);
      node.removeAttribute('aria-invalid');
      changed();
    } catch (e) {
      node.setAttribute('aria-invalid', 'true');
      message.textContent = e.message;
      message.hidden = false;
    }
  });
  const num = (name, min, max, integer) => (v) => {
    const x = Number(v);
    if (v === '' || !Number.isFinite(x) || x < min || x > max || (integer && !Number.isInteger(x))) throw new Error(`${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, got "${v}"`);
    return x;
  };

  const preset = select('net-preset', networkPresets.map((p) => [p.name, p.label]), s.preset);
  onInput(preset, 'preset');
  const classes = number('net-classes', s.nClasses, { min: 2, max: 5, step: 1 });
  onInput(classes, 'nClasses', num('classes', 2, 5, true));
  const samples = number('net-samples', s.nSamples, { min: 10, max: 2000, step: 10 });
  onInput(samples, 'nSamples', num('points', 10, 2000, true));
  const noise = number('net-noise', s.noise, { min: 0, max: 3, step: 0.05, placeholder: 'preset' });
  onInput(noise, 'noise', (v) => (v === '' ? null : num('noise', 0, 3)(v)));
  const testSize = number('net-test', s.testSize, { min: 0, max: 0.9, step: 0.05 });
  onInput(testSize, 'testSize', num('test share', 0, 0.9));
  const seed = number('net-seed', s.seed, { min: 0, step: 1 });
  onInput(seed, 'seed', num('seed', 0, 2 ** 31 - 1, true));
  const dataSet = el('fieldset', {}, el('legend', { text: 'Data' }), field('dataset', preset), field('classes (blobs, spiral)', classes), field('points', samples), field('noise', noise), field('test share', testSize), field('seed', seed));

  const csv = el('textarea', { id: 'net-csv', rows: 4, placeholder: 'x1, x2, class\n0.5, 1.2, a\n…' });
  const useCsv = el('button', { type: 'button', id: 'net-use-csv', text: 'Use pasted points' });
  const dropCsv = el('button', { type: 'button', id: 'net-drop-csv', text: 'Back to the dataset' });
  useCsv.addEventListener('click', () => {
    try {
      parseCsv(csv.value);
      s.csv = csv.value;
      sessionStorage.setItem('network-csv', s.csv);
      changed();
    } catch (e) {
      message.textContent = e.message;
      message.hidden = false;
    }
  });
  dropCsv.addEventListener('click', () => ((s.csv = null), changed()));
  dataSet.append(field('paste points (CSV: x1, x2, class)', csv), el('div', { class: 'buttons' }, useCsv, dropCsv));

  const toggles = el('fieldset', { id: 'net-features' }, el('legend', { text: 'Input features' }));
  for (const f of inputFeatures) {
    const box = el('input', { type: 'checkbox', id: `net-f-${f.name}`, name: f.name, checked: s.features.includes(f.name) });
    box.addEventListener('change', () => {
      s.features = inputFeatures.filter((g) => (g.name === f.name ? box.checked : s.features.includes(g.name))).map((g) => g.name);
      changed();
    });
    toggles.append(el('label', { class: 'toggle' }, box, ` ${f.label}`));
  }

  const layers = el('input', { id: 'net-layers', name: 'layers', value: s.layers.join(', '), 'aria-describedby': 'net-layers-doc' });
  onInput(layers, 'layers', parseLayers);
  const activation = select('net-activation', ['identity', 'logistic', 'tanh', 'relu'].map((a) => [a, a]), s.activation);
  onInput(activation, 'activation');
  const solver = select('net-solver', [['adam', 'adam'], ['sgd', 'sgd (momentum, Nesterov)'], ['lbfgs', 'lbfgs (full batch)']], s.solver);
  onInput(solver, 'solver');
  const rate = number('net-rate', s.learningRateInit, { min: 0, step: 0.001 });
  onInput(rate, 'learningRateInit', num('learning rate', 1e-6, 10));
  const alpha = number('net-alpha', s.alpha, { min: 0, step: 0.0001 });
  onInput(alpha, 'alpha', num('alpha', 0, 100));
  const batch = el('input', { id: 'net-batch', name: 'batchSize', value: s.batchSize });
  onInput(batch, 'batchSize', (v) => (v.trim() === 'auto' ? 'auto' : num('batch size', 1, 100000, true)(v)));
  const epochs = number('net-epochs', s.maxIter, { min: 1, step: 1 });
  onInput(epochs, 'maxIter', num('epochs', 1, 100000, true));
  const randomState = number('net-random', s.randomState, { min: 0, step: 1 });
  onInput(randomState, 'randomState', num('random state', 0, 2 ** 31 - 1, true));
  const stepBy = select('net-step-by', [['epoch', 'an epoch'], ['batch', 'a minibatch']], s.stepBy);
  onInput(stepBy, 'stepBy');
  const network = el('fieldset', {}, el('legend', { text: 'Network' }),
    field('hidden layers', layers, `neurons per hidden layer, e.g. "8, 8" (up to ${MAX_LAYERS} layers of ${MAX_UNITS})`),
    field('activation', activation), field('solver', solver), field('learning rate (learningRateInit)', rate), field('alpha (L2 penalty)', alpha),
    field('batch size', batch, "'auto': min(200, n)"), field('epochs (maxIter)', epochs), field('random state', randomState),
    field('a step trains', stepBy, 'adam and sgd: a step is one epoch, or one minibatch of batchSize rows'));

  const exportText = root.querySelector('#net-export-text');
  const download = root.querySelector('#net-download');
  function showExport(text, file) {
    exportText.value = text;
    exportText.hidden = false;
    download.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    download.download = file;
    download.hidden = false;
  }
  root.querySelector('#net-export-json').addEventListener('click', () => worker.postMessage({ type: 'export', id: asked, spec: spec(), step: shownStep }));
  root.querySelector('#net-export-sklearn').addEventListener('click', () => showExport(sklearnCode(s, meta), 'network.py'));

  form.replaceChildren(dataSet, toggles, network);
  writeUrl(s, s.step);
}
