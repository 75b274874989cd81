// The tutorial: one section per page (hash routing: tutorial.html#s3), each with short text and
// live figures. A figure names the estimators it needs; when this build lacks one, the figure is
// replaced by a plain notice, decided at run time from estimators(), so a section lights up as
// soon as its estimator lands in the library.
import { el, paramControl } from './controls.js';
import { Engine } from './engine.js';
import { Figure } from './figure.js';
import { Player } from './player.js';
import { pathChart } from './plot.js';
import { sections } from './sections.js';

const engine = new Engine();
const toc = document.querySelector('#toc');
const article = document.querySelector('#section');
let metas = new Map();
let presetsAvailable = [];
let live = []; // figures of the current section

engine.ready.then((info) => {
  metas = new Map(info.estimators.map((m) => [m.name, m]));
  presetsAvailable = info.presets;
  for (const s of sections) {
    const missing = missingFor(s.figures.flatMap((f) => f.needs ?? []));
    const all = s.figures.some((f) => f.needs?.length) && missingFor(s.figures.flatMap((f) => f.needs ?? [])).length === new Set(s.figures.flatMap((f) => f.needs ?? [])).size;
    toc.append(el('li', { class: all ? 'not-yet' : missing.length ? 'partial' : '' },
      el('a', { href: `#${s.id}`, text: `${s.number ? `§${s.number} ` : ''}${s.title}` }),
      all ? el('span', { class: 'badge', text: 'not yet' }) : null));
  }
  window.addEventListener('hashchange', show);
  show();
}, (e) => {
  article.replaceChildren(el('p', { class: 'message', role: 'alert', text: e.message }));
  document.body.dataset.ready = '1';
});

// "Hover" means nothing on a touch screen, where sliding a finger over a figure does the same.
const touch = matchMedia('(hover: none)').matches;
const forPointer = (text) => (touch ? text.replaceAll('Hover over', 'Slide a finger over').replaceAll('Hover:', 'Touch and slide:').replaceAll('under the pointer', 'under your finger') : text);

const missingFor = (names) => [...new Set(names)].filter((n) => !metas.has(n));

function show() {
  for (const f of live) f.dispose?.();
  live = [];
  const id = location.hash.slice(1) || sections[0].id;
  const s = sections.find((x) => x.id === id) ?? sections[0];
  document.title = `${s.number ? `§${s.number} ` : ''}${s.title} — wasmlearn tutorial`;
  for (const a of toc.querySelectorAll('a')) a.toggleAttribute('aria-current', a.getAttribute('href') === `#${s.id}`);
  delete document.body.dataset.ready;
  const body = el('div', { class: 'prose' });
  body.innerHTML = forPointer(s.text);
  const figs = el('div', { class: 'figures' });
  const i = sections.indexOf(s);
  const pager = el('nav', { class: 'pager', 'aria-label': 'previous and next section' },
    i > 0 ? el('a', { href: `#${sections[i - 1].id}`, text: `← ${sections[i - 1].title}` }) : el('span'),
    i < sections.length - 1 ? el('a', { href: `#${sections[i + 1].id}`, text: `${sections[i + 1].title} →` }) : el('span'));
  article.replaceChildren(el('h2', { text: `${s.number ? `§${s.number} ` : ''}${s.title}` }), body, figs, pager);
  article.dataset.section = s.id;
  // Every box is in the grid before any figure measures its width: the first of a row must not
  // size itself while it is still alone (and spans the whole row).
  const boxes = s.figures.map(() => el('figure', { class: 'tfig' }));
  figs.append(...boxes);
  const pending = s.figures.map((spec, k) => mount(boxes[k], spec));
  Promise.allSettled(pending).then(() => {
    if (article.dataset.section === s.id) document.body.dataset.ready = '1';
  });
  window.scrollTo(0, 0);
}

// Calls `draw` again (debounced) whenever `node` changes width: figures are drawn at the width
// of their box, which moves with the window and with the layout settling. Ends with the section.
function onWidthChange(node, draw) {
  let width = node.clientWidth, timer = 0;
  const observer = new ResizeObserver(() => {
    if (node.clientWidth === width) return;
    width = node.clientWidth;
    clearTimeout(timer);
    // A failed redraw (a cancelled request) leaves the last drawing up; the first draw reports errors.
    timer = setTimeout(() => Promise.resolve().then(draw).catch(() => {}), 80);
  });
  observer.observe(node);
  live.push({ dispose: () => (observer.disconnect(), clearTimeout(timer)) });
}

// One figure of a section; resolves once it has drawn (or said why it cannot).
function mount(box, spec) {
  const missing = missingFor(spec.needs ?? []).concat((spec.presets ?? []).filter((p) => !presetsAvailable.includes(p)).map((p) => `the ${p} dataset`));
  const title = el('p', { class: 'fig-title', text: spec.title });
  if (missing.length) {
    box.dataset.state = 'notyet';
    box.replaceChildren(title, el('p', { class: 'notyet', text: `Not yet in wasmlearn: ${missing.join(', ')}. This figure appears here as soon as the library has ${missing.length > 1 ? 'them' : 'it'}.` }));
    return Promise.resolve();
  }
  if (spec.type === 'live') return mountLive(box, title, spec);
  if (spec.type === 'path') return mountPath(box, title, spec);
  if (spec.type === 'draw') {
    const holder = el('div', { class: 'drawing' });
    const controls = el('div', { class: 'fig-controls' });
    box.replaceChildren(title, controls, holder, el('figcaption', { class: 'hint', text: spec.caption }));
    // A drawing may ask the worker for the library's numbers (ask resolves with its answer), and
    // registers its draw function to be called again when the box changes width.
    const context = {
      get width() {
        return Math.min(560, holder.clientWidth || 560);
      },
      controls, el,
      ask: (msg) => engine.ask({ ...msg, fig: `draw-${spec.title}` }),
      onResize: (draw) => onWidthChange(holder, draw),
    };
    return Promise.resolve()
      .then(() => spec.draw(holder, context))
      .then(() => (box.dataset.state = 'drawn'), (e) => {
        holder.replaceChildren(el('p', { class: 'message', role: 'alert', text: e.message }));
        box.dataset.state = 'error';
      });
  }
  return Promise.resolve();
}

// The figure's settings as a playground URL; `spec.playground` overrides dataset options there
// (a projection figure opens the projected preset).
function playgroundLink(spec, state) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...state.dataset, ...spec.playground })) if (v !== undefined && v !== null) q.set(k, v);
  q.set('model', spec.model);
  for (const [k, v] of Object.entries(state.params)) q.set(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  return `./index.html#${q}`;
}

function mountLive(box, title, spec) {
  const meta = metas.get(spec.model);
  const state = { dataset: { nSamples: 200, seed: 0, testSize: 0.25, ...spec.dataset }, params: { ...spec.params } };
  const controls = el('div', { class: 'fig-controls' });
  const holder = el('figure', { class: 'tfig-live' });
  // An iterative method's figure can be played step by step (player.js).
  const player = spec.player ? new Player(el('div'), { ids: false, go: (step, { quick }) => ((state.step = step), render({ quick })) }) : null;
  if (player) {
    player.show(meta);
    controls.append(player.root);
  }
  const link = el('a', { class: 'open', text: 'open in the playground' });
  box.replaceChildren(title, controls, holder, el('figcaption', { class: 'hint' }, forPointer(spec.caption ?? ''), ' ', link));
  let resolveFirst;
  const first = new Promise((r) => (resolveFirst = r));
  const figure = new Figure(holder, {
    engine,
    height: 560,
    residuals: spec.residuals,
    tree: spec.tree,
    editable: spec.editable ? {
      onAdd(x, y) {
        state.edits = state.edits ?? { clear: false, add: [], move: [] };
        state.edits.add.push([x, y, 0]);
        render();
      },
      onMove() {},
    } : null,
    onRender(f, outcome) {
      box.dataset.state = outcome === 'ok' ? 'drawn' : outcome;
      player?.rendered(f.last?.step);
      resolveFirst();
    },
  });
  const render = ({ quick = false } = {}) => {
    link.href = playgroundLink(spec, state);
    const step = state.step == null ? {} : { step: state.step };
    figure.update({ dataset: state.dataset, edits: state.edits, model: { name: spec.model, params: state.params, project: spec.project, ...step } }, { quick });
  };
  let timer = 0;
  for (const c of spec.controls ?? []) {
    // A control over a model option (from the metadata, optionally narrowed) or a data option.
    const isData = c.data === true;
    const base = isData ? c : meta.params.find((p) => p.name === c.name);
    if (!base) continue;
    const param = { ...base, ...c };
    const value = isData ? state.dataset[c.name] ?? c.default : state.params[c.name] ?? base.default;
    const ctl = paramControl(param, value, (name, v) => {
      if (isData) state.dataset[name] = v;
      else state.params[name] = v;
      clearTimeout(timer);
      timer = setTimeout(render, 60);
    });
    controls.append(ctl.root);
  }
  render();
  onWidthChange(holder, render);
  live.push({ dispose: () => clearTimeout(timer) });
  return first;
}

// A regularisation path, drawn once computed.
async function mountPath(box, title, spec) {
  const holder = el('div', { class: 'drawing' });
  box.replaceChildren(title, holder, el('figcaption', { class: 'hint', text: spec.caption }));
  holder.append(el('p', { class: 'hint', text: 'training one model per value…' }));
  try {
    const answer = await engine.ask({
      type: 'path', fig: `path-${spec.title}`, dataset: { nSamples: 200, seed: 0, testSize: 0.25, ...spec.dataset }, model: { name: spec.model, params: spec.params ?? {} },
    });
    const draw = () => holder.replaceChildren(pathChart({ ...answer, alpha: null }, { width: Math.min(560, holder.clientWidth || 560) }));
    draw();
    onWidthChange(holder, draw);
    box.dataset.state = 'drawn';
  } catch (e) {
    holder.replaceChildren(el('p', { class: 'message', role: 'alert', text: e.message }));
    box.dataset.state = e.cancelled ? 'cancelled' : 'error';
  }
}
