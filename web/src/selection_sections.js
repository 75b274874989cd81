// The tutorial's model-selection drawings (sections.js lists them), each computed live in the
// worker by the library's GridSearchCV (selection_worker.js) and redrawn when a control moves:
//   complexityCurves  §6: training and cross-validated error against a model's flexibility
//   alphaByCrossValidation  §7: the lasso's α chosen by cross-validation, on its path
//   codeBookFigure  §9: the code words of a fitted error-correcting output code
import { pathChart } from './plot.js';
import { codeBookChart, validationChart } from './selection.js';

// Labelled sliders over `state`'s keys (their values shown beside them); a move sets the key and
// asks for a new drawing. specs: [{ key, label, min, max, step }].
function sliders(context, state, live, specs) {
  for (const { key, label, min, max, step } of specs) {
    const input = context.el('input', { type: 'range', min, max, step, value: state[key], 'aria-label': label });
    const shown = context.el('span', { text: String(state[key]) });
    input.addEventListener('input', () => {
      shown.textContent = input.value;
      state[key] = Number(input.value);
      live.update();
    });
    context.controls.append(context.el('div', { class: 'field' }, context.el('label', { text: label }), context.el('div', { class: 'row' }, input, shown)));
  }
}

// Asks the worker for `request()` whenever a control changes (once the previous answer is in, the
// newest settings only) and draws each answer; resolves after the first drawing.
function liveDrawing(holder, context, request, draw) {
  let answer = null, running = false, again = false;
  const redraw = () => answer && draw(answer);
  const update = async () => {
    if (running) return void (again = true);
    running = true;
    holder.dataset.state = 'computing';
    try {
      answer = await context.ask(request());
      redraw();
      holder.dataset.state = 'drawn';
    } catch (e) {
      if (!e.cancelled) holder.replaceChildren(context.el('p', { class: 'message', role: 'alert', text: e.message }));
      holder.dataset.state = 'error';
      if (!answer) throw e;
    } finally {
      running = false;
      if (again) (again = false), update();
    }
  };
  context.onResize(redraw);
  return { update, first: update() };
}

const mse = 'mean squared error';
const dataSeed = { key: 'seed', label: 'random seed of the data', min: 0, max: 50, step: 1 };
const flexibility = {
  knn: {
    label: 'k-nearest neighbours (k)', param: 'nNeighbors', short: 'k', model: { name: 'KNeighborsRegressor', params: {} }, dataset: { basis: 'none' },
    values: [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 60], log: true, reverse: true, yLog: false, x: 'k, the number of neighbours (flexible on the right)',
  },
  degree: {
    label: 'polynomial degree', param: 'polynomialfeatures__degree', short: 'degree', model: { name: 'LinearRegression', params: {} }, dataset: { basis: 'polynomial', basisSize: 1 },
    values: Array.from({ length: 15 }, (_, i) => i + 1), log: false, reverse: false, yLog: true, x: 'degree of the polynomial (flexible on the right)',
  },
};

// §6, Figure 5b: one model per setting of its flexibility, scored on its training points and by
// 5-fold cross-validation; the training error keeps falling as the model bends, the
// cross-validated error falls then rises (overfitting), and its minimum picks the setting.
export function complexityCurves(holder, context) {
  const state = { kind: 'knn', noise: 0.3, seed: 0 };
  const select = context.el('select', { 'aria-label': 'flexible model' }, ...Object.entries(flexibility).map(([k, f]) => context.el('option', { value: k, text: f.label })));
  context.controls.append(context.el('div', { class: 'field' }, context.el('label', { text: 'model and its flexibility' }), select));
  const summary = context.el('p', { class: 'hint chosen' });
  const request = () => {
    const f = flexibility[state.kind];
    return { type: 'tune', dataset: { preset: 'sine', nSamples: 80, noise: state.noise, seed: state.seed, testSize: 0, ...f.dataset },
      model: f.model, param: f.param, values: f.values, scoring: 'neg_mean_squared_error' };
  };
  const draw = (a) => {
    const f = flexibility[state.kind];
    const errors = { ...a, train: a.train.map((v) => -v), test: a.test.map((v) => -v) };
    const best = a.values[a.bestIndex];
    summary.textContent = `Lowest cross-validated error at ${f.short} = ${best}: ${errors.test[a.bestIndex].toFixed(3)} (training error there ${errors.train[a.bestIndex].toFixed(3)}).`;
    summary.dataset.best = String(best);
    holder.replaceChildren(validationChart(errors, { width: context.width, param: f.short, xLabel: f.x, y: mse, log: f.log, reverse: f.reverse, yLog: f.yLog, lowerIsBetter: true }), summary);
  };
  const live = liveDrawing(holder, context, request, draw);
  select.addEventListener('change', () => ((state.kind = select.value), live.update()));
  sliders(context, state, live, [{ key: 'noise', label: 'noise of the data', min: 0, max: 1, step: 0.05 }, dataSeed]);
  return live.first;
}

// §7: the lasso on eight features (four informative), its α chosen by 5-fold cross-validation
// among every other of the 60 values of its path: the error curve with the chosen α, then the
// path cut there.
export function alphaByCrossValidation(holder, context) {
  const state = { noise: 10, seed: 0 };
  const summary = context.el('p', { class: 'hint chosen' });
  const request = () => ({ type: 'alphaByCV', dataset: { preset: 'linear8', nSamples: 60, noise: state.noise, seed: state.seed, testSize: 0 }, model: { name: 'Lasso', params: {} } });
  const draw = (a) => {
    const at = a.alphas.indexOf(a.best);
    const zeros = a.coefs.filter((w) => w[at] === 0).length;
    summary.textContent = `Chosen α = ${+a.best.toPrecision(3)} (lowest cross-validated error, ${a.test[a.bestIndex].toFixed(1)}); there ${zeros} of the ${a.coefs.length} weights are exactly zero.`;
    summary.dataset.alpha = String(a.best);
    const width = context.width;
    holder.replaceChildren(
      validationChart(a, { width, height: 230, param: 'α', xLabel: 'α (penalty strength; weaker to the right)', y: mse, log: true, yLog: true, reverse: true, lowerIsBetter: true }),
      pathChart({ alphas: a.alphas, coefs: a.coefs, alpha: a.best, names: a.names }, { width, height: 240 }),
      summary);
  };
  const live = liveDrawing(holder, context, request, draw);
  sliders(context, state, live, [{ key: 'noise', label: 'noise of the data (its standard deviation)', min: 0, max: 40, step: 1 }, dataSeed]);
  return live.first;
}

// §9: OutputCodeClassifier (logistic regressions) on three blobs: its random code book — one row of
// + and − per class, one column per binary problem — and the accuracy it reaches.
export function codeBookFigure(holder, context) {
  const state = { codeSize: 2, randomState: 0 };
  const summary = context.el('p', { class: 'hint chosen' });
  const request = () => ({ type: 'codeBook', dataset: { preset: 'blobs', nSamples: 200, noise: 2, seed: 0, testSize: 0.25 },
    model: { name: 'OutputCodeClassifier', params: { estimator: 'LogisticRegression', ...state } } });
  const draw = (a) => {
    const bits = a.rows[0]?.length ?? 0;
    summary.textContent = `${bits} binary problem${bits === 1 ? '' : 's'} for ${a.rows.length} classes; test accuracy ${a.test === null ? '–' : `${(100 * a.test).toFixed(1)} %`}.`;
    summary.dataset.bits = String(bits);
    holder.replaceChildren(codeBookChart(a, { width: context.width }), summary);
  };
  const live = liveDrawing(holder, context, request, draw);
  sliders(context, state, live, [
    { key: 'codeSize', label: 'codeSize (bits per class)', min: 0.5, max: 4, step: 0.5 },
    { key: 'randomState', label: 'randomState of the code book', min: 0, max: 20, step: 1 },
  ]);
  return live.first;
}
