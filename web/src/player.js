// Play / pause / step / reset for an iterative method beside a live figure. The player only
// chooses which display step to show: `go(step, { quick })` asks the page to render the fit
// stopped at that step (steppers.js, in the worker), and `rendered(info)` tells the player the
// step a render showed (the worker's `step` of its fit message: k, phase, unit, last). Playing
// asks for the next step when the figure has drawn the last one, no sooner than one frame
// interval after it asked for that one, so the figure advances at a steady rate (at most
// `fps` steps a second) and the worker never gets a backlog. While playing, renders are quick
// (one grid pass); a pause draws the step shown on the fine grid. The speed (steps a picture)
// lets a method of hundreds of steps (SVC's solver iterations) be played through: playing skips
// the steps between pictures, and `go` is told so (`skip`: the objective curve keeps only the
// steps drawn, rather than fitting every skipped one for its value).
import { el } from './controls.js';
import { stepperFor } from './steppers.js';

const STRIDES = [1, 5, 25, 100];

export class Player {
  // root: an element to fill. options: go(step, { quick, skip }), onStep(step) (the URL keeps it), fps
  // (the most steps a second), ids (give the parts the playground's ids; classes name them always).
  constructor(root, { go, onStep = () => {}, fps = 60, ids = true }) {
    this.root = root;
    this.go = go;
    this.onStep = onStep;
    this.interval = 1000 / fps;
    this.step = null; // null: the complete fit, not stepping
    this.playing = false;
    this.asked = 0; // when the step shown last was asked for
    const button = (id, text, title, action) => {
      const b = el('button', { type: 'button', id: ids ? id : undefined, class: id, text, title });
      b.addEventListener('click', action);
      return b;
    };
    this.playButton = button('play', '▶ Play', 'train step by step', () => this.play());
    this.pauseButton = button('pause', '❚❚ Pause', 'stop at this step', () => this.pause());
    this.stepButton = button('step', 'Step', 'one step further', () => this.advance());
    this.resetButton = button('reset-steps', 'Reset', 'back to the start', () => this.reset());
    this.fullButton = button('full-fit', 'Full fit', 'the complete fit (leave step-by-step)', () => this.leave());
    this.label = el('span', { id: ids ? 'step-label' : undefined, class: 'step-label', 'aria-live': 'polite' });
    this.stride = 1;
    this.speed = el('select', { id: ids ? 'play-speed' : undefined, class: 'play-speed', title: 'steps a picture while playing' },
      ...STRIDES.map((n) => el('option', { value: n, text: n === 1 ? 'every step' : `${n} steps a picture` })));
    this.speed.addEventListener('change', () => (this.stride = Number(this.speed.value)));
    root.classList.add('player');
    root.setAttribute('role', 'group');
    root.setAttribute('aria-label', 'training step by step');
    root.replaceChildren(this.playButton, this.pauseButton, this.stepButton, this.resetButton, this.fullButton, this.speed, this.label);
    this.#sync();
  }

  // Shown only for estimators with a stepper; a new estimator starts from its complete fit.
  show(meta, step = null) {
    this.stepper = stepperFor(meta);
    this.root.hidden = !this.stepper;
    this.playing = false;
    this.step = this.stepper ? step : null;
    this.last = false;
    this.#sync();
  }

  play() {
    if (!this.stepper || this.playing) return;
    if (this.last) this.step = null; // at the end: play again from the start
    this.playing = true;
    this.#next();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    clearTimeout(this.timer);
    this.#sync();
    this.onStep(this.step);
    if (this.step !== null) this.go(this.step, { quick: false, skip: this.stride > 1 });
  }

  advance() {
    this.pause();
    if (!this.last) this.#show(this.step === null ? 0 : this.step + 1, false);
  }

  reset() {
    this.pause();
    this.#show(0, false);
  }

  leave() {
    this.pause();
    this.#show(null, false);
  }

  // What the figure drew: the worker's step of the fit it showed (undefined for a complete fit).
  rendered(info) {
    this.last = Boolean(info?.last);
    this.info = info ?? null;
    if (info?.last && this.step !== null && info.step < this.step) {
      this.step = info.step; // asked past the end: the last step was shown
      this.onStep(this.step);
    }
    this.#sync();
    if (!this.playing) return;
    if (this.last) return this.pause(); // the fine grid of the last step
    if (!info) {
      // The fit failed (its message shows) or the page rendered something else: stop here.
      this.playing = false;
      return this.#sync();
    }
    const wait = Math.max(0, this.asked + this.interval - performance.now());
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.playing && this.#next(), wait);
  }

  #next() {
    this.#show(this.step === null ? 0 : this.step + this.stride, true);
  }

  #show(step, quick) {
    this.step = step;
    this.info = null;
    this.asked = performance.now();
    this.#sync();
    if (!quick) this.onStep(step); // while playing the URL waits for the pause (writing it takes milliseconds)
    this.go(step, { quick, skip: this.stride > 1 });
  }

  #sync() {
    this.playButton.disabled = this.playing;
    this.pauseButton.disabled = !this.playing;
    this.stepButton.disabled = this.playing || this.last;
    this.root.dataset.playing = this.playing ? '1' : '';
    this.root.dataset.step = this.step === null ? '' : String(this.step);
    const i = this.info;
    this.label.textContent = this.step === null ? 'complete fit' : !i ? '…'
      : `${i.unit} ${i.k}${i.phase ? ` · ${i.phase}` : ''}${i.last ? ' (last)' : ''}`;
  }
}
