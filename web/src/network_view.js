// The network view's pictures (network.html): the decision regions with the points, the network
// drawn as columns of neurons — each neuron a thumbnail of its value over the plane, shown large on
// hover — joined by links coloured by the weight's sign and as thick as its size, and the train
// and test loss curves. Everything is redrawn from one worker answer (network_worker.js) per step.
import { palette } from './plot.js';
import { el } from './controls.js';

const positive = [8, 119, 189], negative = [245, 147, 34]; // blue above zero, orange below (as TensorFlow Playground)
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const classColours = palette.map(rgb);

// Colour ramps of LEVELS + 1 steps from white to a colour, as 32-bit words to copy into an
// ImageData's pixels (bytes written as the canvas reads them, then viewed as words in the
// platform's order, the order the pixels are viewed in): a map costs one lookup per pixel.
const LEVELS = 255;
function ramp(colour) {
  const bytes = new Uint8ClampedArray(4 * (LEVELS + 1));
  for (let level = 0; level <= LEVELS; level++) {
    for (let c = 0; c < 3; c++) bytes[4 * level + c] = 255 + ((colour[c] - 255) * level) / LEVELS;
    bytes[4 * level + 3] = 255;
  }
  return new Uint32Array(bytes.buffer);
}
const positiveRamp = ramp(positive), negativeRamp = ramp(negative), classRamps = classColours.map(ramp);

// Paints one map (res x res values, the i-th at values[offset + i·stride]) into an ImageData:
// diverging around 0, scaled by the map's largest |value|; a probability map (of class `cls`) from
// white to that class's colour.
export function paintMap(values, offset, stride, res, image, cls = null) {
  const pixels = new Uint32Array(image.data.buffer), n = res * res;
  if (cls !== null) {
    const table = classRamps[cls % classRamps.length];
    for (let i = 0, at = offset; i < n; i++, at += stride) pixels[i] = table[Math.round(values[at] * LEVELS)];
    return image;
  }
  let top = 1e-12;
  for (let i = 0, at = offset; i < n; i++, at += stride) top = Math.max(top, Math.abs(values[at]));
  const scale = LEVELS / top;
  for (let i = 0, at = offset; i < n; i++, at += stride) {
    const v = values[at];
    pixels[i] = v >= 0 ? positiveRamp[Math.round(v * scale)] : negativeRamp[Math.round(-v * scale)];
  }
  return image;
}

// The class probabilities of every cell (res x res x k) from the output layer: one logistic
// output is p(class 1); k softmax outputs are the k probabilities.
export function probabilities(output, res, nOutputs) {
  if (nOutputs > 1) return { P: output, k: nOutputs };
  const P = new Float32Array(2 * res * res);
  for (let i = 0; i < res * res; i++) (P[2 * i] = 1 - output[i]), (P[2 * i + 1] = output[i]);
  return { P, k: 2 };
}

// The most likely class of each cell (res x res, k probabilities each), paler where the network is
// less sure, scaled to the canvas, with the points on top (test points hollow). A regression
// (P: the predicted values, k 1) colours the plane as the neuron maps, blue above zero and orange
// below, on the scale of the points' largest |target|, and the points by their target alike.
export function drawRegions(canvas, P, k, res, points) {
  const image = new ImageData(res, res);
  const top = points.t ? points.t.reduce((m, v) => Math.max(m, Math.abs(v)), 1e-12) : 0;
  const shade = (v) => (v >= 0 ? positiveRamp : negativeRamp)[Math.round(Math.min(1, Math.abs(v) / top) * LEVELS)];
  const pixels = new Uint32Array(image.data.buffer);
  for (let i = 0; i < res * res; i++) {
    if (points.t) {
      pixels[i] = shade(0.75 * P[i]); // paler than the points drawn on it
      continue;
    }
    let best = 0;
    for (let c = 1; c < k; c++) if (P[i * k + c] > P[i * k + best]) best = c;
    const certainty = k === 1 ? 1 : (P[i * k + best] - 1 / k) / (1 - 1 / k);
    pixels[i] = classRamps[best % classRamps.length][Math.round((0.15 + 0.45 * certainty) * LEVELS)];
  }
  const cssOf = (word) => {
    const [r, g, b] = new Uint8Array(Uint32Array.of(word).buffer);
    return `rgb(${r},${g},${b})`;
  };
  const tmp = el('canvas', { width: res, height: res });
  tmp.getContext('2d').putImageData(image, 0, 0);
  const g = canvas.getContext('2d');
  const W = canvas.width, H = canvas.height;
  g.imageSmoothingEnabled = true;
  g.drawImage(tmp, 0, 0, W, H);
  const { domain } = points;
  const sx = (x) => ((x - domain.x[0]) / (domain.x[1] - domain.x[0])) * W, sy = (y) => ((domain.y[1] - y) / (domain.y[1] - domain.y[0])) * H;
  for (let i = 0; i < points.P.length / 2; i++) {
    const colour = points.t ? cssOf(shade(points.t[i])) : palette[points.c[i] % palette.length];
    g.beginPath();
    g.arc(sx(points.P[2 * i]), sy(points.P[2 * i + 1]), 3.2, 0, 2 * Math.PI);
    g.lineWidth = 1.4;
    if (points.test[i]) {
      g.strokeStyle = colour;
      g.stroke();
    } else {
      g.fillStyle = colour;
      g.fill();
      g.strokeStyle = points.t ? '#333' : '#fff';
      g.stroke();
    }
  }
}

// A neuron's short name in the weight field's label: an input's feature, then "layer l neuron j".
const neuronName = (l, j, units, names) => (l === 0 ? names[j] : l === units.length - 1 ? `output ${j + 1}` : `layer ${l} neuron ${j + 1}`);

export class NetworkView {
  // root: the element to fill; onEdit({ layer, from, to, value }): a weight typed in after a click on its link.
  constructor(root, { onEdit = () => {} } = {}) {
    this.root = root;
    this.onEdit = onEdit;
    this.regions = el('canvas', { id: 'net-regions', width: 360, height: 360, 'aria-label': 'decision regions and points' });
    this.links = el('canvas', { class: 'net-links' });
    this.diagram = el('div', { id: 'net-diagram', class: 'net-diagram' });
    this.large = el('canvas', { id: 'neuron-large', width: 200, height: 200, hidden: true });
    this.largeCaption = el('p', { id: 'neuron-caption', class: 'doc' });
    this.loss = el('canvas', { id: 'net-loss', width: 360, height: 150, 'aria-label': 'train and test loss per epoch' });
    this.status = el('p', { id: 'net-status', class: 'net-status', 'aria-live': 'polite' });
    this.diagram.append(this.links);
    this.diagram.addEventListener('click', (e) => {
      if (e.target.closest('canvas.neuron, input')) return;
      const box = this.diagram.getBoundingClientRect();
      const link = this.linkAt(e.clientX - box.left, e.clientY - box.top);
      if (link) this.#editWeight(link, e.clientX - box.left, e.clientY - box.top);
    });
    const side = el('div', { class: 'net-side' });
    side.append(this.regions, this.loss, this.status);
    const largeBox = el('div', { class: 'net-large' });
    largeBox.append(this.large, this.largeCaption);
    // A network wider than the screen scrolls sideways inside its box, not the page.
    const diagramBox = el('div', { class: 'net-diagram-box' });
    diagramBox.append(this.diagram);
    root.replaceChildren(diagramBox, side, largeBox);
    root.dataset.frames = '0';
    this.hovered = null;
  }

  // Draws a worker answer; names: the input features' labels; activation: the hidden layers'.
  draw(answer, { names, activation }) {
    this.answer = answer;
    this.names = names;
    this.activation = activation;
    this.#diagram();
    this.#regions();
    this.#loss();
    const { accuracy, lossCurve, testLoss, k, batch, batches, regression } = answer;
    const f = (v, d = 4) => (Number.isFinite(v) ? v.toFixed(d) : '–');
    const score = regression ? `R² ${f(accuracy.train, 3)} train, ${f(accuracy.test, 3)} test` : `accuracy ${f(100 * accuracy.train, 1)} % train, ${f(100 * accuracy.test, 1)} % test`;
    this.status.textContent = `epoch ${k}${batch ? ` + ${batch} of ${batches} batches` : ''} · train loss ${f(lossCurve[k - 1])} · test loss ${f(testLoss[k - 1])} · ${score}${answer.stopped ? ' · stopped: no improvement' : ''}`;
    Object.assign(this.root.dataset, { epoch: String(k), inputs: String(answer.weights.units[0]), neurons: String(answer.weights.units.slice(1).reduce((a, b) => a + b, 0)) });
    this.root.dataset.frames = String(Number(this.root.dataset.frames) + 1);
    if (this.hovered) this.#showLarge(...this.hovered);
  }

  // Columns of thumbnails (inputs, hidden layers, outputs) and the links between them.
  #diagram() {
    const { weights, maps, res } = this.answer;
    const units = weights.units, columns = units.length;
    const tallest = Math.max(...units);
    const size = Math.max(8, Math.min(44, Math.floor(560 / tallest) - 4));
    const gap = Math.max(2, Math.min(10, Math.floor(size / 4)));
    const spacing = Math.max(70, size + 40);
    const width = spacing * (columns - 1) + size + 20, height = tallest * (size + gap) + 20;
    const shapeKey = `${units.join('-')}/${res}`;
    const dpr = globalThis.devicePixelRatio || 1;
    // A new shape places the thumbnails and sizes the links' canvas; a step of the same network only
    // repaints them (resizing a canvas reallocates it).
    if (this.shape !== shapeKey) {
      this.shape = shapeKey;
      const centre = (l, j) => [10 + l * spacing + size / 2, 10 + ((tallest - units[l]) * (size + gap)) / 2 + j * (size + gap) + size / 2];
      this.ends = (l, a, b) => [centre(l, a)[0] + size / 2, centre(l, a)[1], centre(l + 1, b)[0] - size / 2, centre(l + 1, b)[1]];
      for (const c of this.diagram.querySelectorAll('canvas.neuron')) c.remove();
      this.thumbs = units.map((n, l) => Array.from({ length: n }, (_, j) => {
        const c = el('canvas', { class: 'neuron', width: res, height: res, title: this.#caption(l, j) });
        Object.assign(c.dataset, { layer: String(l), unit: String(j) });
        const [x, y] = centre(l, j);
        Object.assign(c.style, { width: `${size}px`, height: `${size}px`, left: `${x - size / 2}px`, top: `${y - size / 2}px` });
        c.addEventListener('mouseenter', () => this.#showLarge(l, j));
        c.addEventListener('mouseleave', () => this.#hideLarge());
        this.diagram.append(c);
        return c.getContext('2d');
      }));
      this.image = new ImageData(res, res);
      Object.assign(this.diagram.style, { width: `${width}px`, height: `${height}px` });
      this.links.width = width * dpr;
      this.links.height = height * dpr;
      Object.assign(this.links.style, { width: `${width}px`, height: `${height}px` });
    }
    this.thumbs.forEach((column, l) => column.forEach((g, j) => g.putImageData(this.#mapImage(l, j), 0, 0)));
    const g = this.links.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, width, height);
    for (let l = 0; l + 1 < columns; l++) {
      const W = weights.coefs[l], fanOut = units[l + 1];
      let top = 1e-12;
      for (const w of W) top = Math.max(top, Math.abs(w));
      for (let a = 0; a < units[l]; a++)
        for (let b = 0; b < fanOut; b++) {
          const w = W[a * fanOut + b], t = Math.abs(w) / top;
          const [r, gr, bl] = w >= 0 ? positive : negative;
          g.strokeStyle = `rgba(${r},${gr},${bl},${0.15 + 0.85 * t})`;
          g.lineWidth = 0.4 + 3.6 * t;
          const [x0, y0, x1, y1] = this.ends(l, a, b);
          g.beginPath();
          g.moveTo(x0, y0);
          g.lineTo(x1, y1);
          g.stroke();
        }
    }
  }

  // The link nearest to (x, y) in the diagram's pixels, within 6 px: { layer, from, to, value }, or null.
  linkAt(x, y) {
    const { units, coefs } = this.answer?.weights ?? {};
    if (!units) return null;
    let best = null, nearest = 6;
    for (let l = 0; l + 1 < units.length; l++)
      for (let a = 0; a < units[l]; a++)
        for (let b = 0; b < units[l + 1]; b++) {
          const [x0, y0, x1, y1] = this.ends(l, a, b);
          const dx = x1 - x0, dy = y1 - y0;
          const t = Math.min(1, Math.max(0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)));
          const distance = Math.hypot(x - x0 - t * dx, y - y0 - t * dy);
          if (distance < nearest) (nearest = distance), (best = { layer: l, from: a, to: b, value: coefs[l][a * units[l + 1] + b] });
        }
    return best;
  }

  // A number field at the click holding the link's weight: Enter (or leaving it changed) hands the
  // new value to onEdit, Escape drops it.
  #editWeight(link, x, y) {
    this.diagram.querySelector('#net-weight')?.remove();
    const units = this.answer.weights.units;
    const name = `weight from ${neuronName(link.layer, link.from, units, this.names)} to ${neuronName(link.layer + 1, link.to, units, this.names)}`;
    const input = el('input', { id: 'net-weight', type: 'number', step: 'any', value: String(link.value), 'aria-label': name, title: name });
    Object.assign(input.style, { left: `${x}px`, top: `${y}px` });
    // Removing a focused field blurs it: `finished` keeps the blur of the removal from acting twice.
    let finished = false;
    const finish = (apply) => {
      if (finished) return;
      finished = true;
      const value = Number(input.value);
      input.remove();
      if (apply && input.value.trim() !== '' && Number.isFinite(value) && value !== link.value) this.onEdit({ ...link, value });
    };
    input.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== 'Escape') return;
      e.preventDefault();
      finish(e.key === 'Enter');
    });
    input.addEventListener('blur', () => finish(true));
    this.diagram.append(input);
    input.focus();
    input.select();
  }

  #caption(l, j) {
    const units = this.answer.weights.units;
    if (l === 0) return `input ${this.names[j]}`;
    if (l === units.length - 1 && this.answer.regression) return 'output: the predicted value (identity)';
    if (l === units.length - 1) return units[l] === 1 ? 'output: probability of class 1 (logistic)' : `output ${j}: probability of class ${j} (softmax)`;
    return `hidden layer ${l}, neuron ${j + 1} (${this.activation})`;
  }

  #mapImage(l, j) {
    const { maps, res, weights } = this.answer;
    const units = weights.units;
    const outputs = l === units.length - 1 && !this.answer.regression;
    const cls = outputs ? (units[l] === 1 ? 1 : j) : null;
    return paintMap(maps[l], j, units[l], res, this.image, cls);
  }

  #showLarge(l, j) {
    this.hovered = [l, j];
    const { res } = this.answer;
    const tmp = el('canvas', { width: res, height: res });
    tmp.getContext('2d').putImageData(this.#mapImage(l, j), 0, 0);
    const g = this.large.getContext('2d');
    g.imageSmoothingEnabled = true;
    g.drawImage(tmp, 0, 0, this.large.width, this.large.height);
    this.large.hidden = false;
    this.largeCaption.textContent = this.#caption(l, j);
  }

  #hideLarge() {
    this.hovered = null;
    this.large.hidden = true;
    this.largeCaption.textContent = 'hover a neuron to see its map large';
  }

  #regions() {
    const { maps, res, weights, points } = this.answer;
    const nOut = weights.units[weights.units.length - 1];
    const { P, k } = points.t ? { P: maps[maps.length - 1], k: 1 } : probabilities(maps[maps.length - 1], res, nOut);
    drawRegions(this.regions, P, k, res, points);
  }

  #loss() {
    const { lossCurve, testLoss } = this.answer;
    const g = this.loss.getContext('2d');
    const W = this.loss.width, H = this.loss.height, left = 40, bottom = 20;
    g.clearRect(0, 0, W, H);
    const all = [...lossCurve, ...testLoss].filter(Number.isFinite);
    const top = Math.max(1e-9, ...all), n = Math.max(2, lossCurve.length);
    const x = (i) => left + ((W - left - 8) * i) / (n - 1), y = (v) => 6 + (H - bottom - 6) * (1 - v / top);
    g.strokeStyle = '#999';
    g.lineWidth = 1;
    g.strokeRect(left, 6, W - left - 8, H - bottom - 6);
    g.fillStyle = '#444';
    g.font = '11px system-ui, sans-serif';
    g.fillText(top.toPrecision(3), 2, 14);
    g.fillText('0', 28, H - bottom);
    g.fillText(`epoch ${lossCurve.length}`, W - 70, H - 4);
    const line = (values, colour, dash) => {
      g.strokeStyle = colour;
      g.lineWidth = 1.6;
      g.setLineDash(dash);
      g.beginPath();
      let started = false;
      values.forEach((v, i) => {
        if (!Number.isFinite(v)) return;
        started ? g.lineTo(x(i), y(v)) : g.moveTo(x(i), y(v));
        started = true;
      });
      g.stroke();
      g.setLineDash([]);
    };
    line(lossCurve, '#222', []);
    line(testLoss, '#d62728', [5, 3]);
    g.fillStyle = '#222';
    g.fillText('train loss', left + 6, H - bottom - 18);
    g.fillStyle = '#d62728';
    g.fillText('test loss (dashed)', left + 70, H - bottom - 18);
  }
}
