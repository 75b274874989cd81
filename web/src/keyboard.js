// Keyboard editing of the playground's points, the alternative to clicking and dragging: with the
// plot focused, the arrow keys move a cursor (Shift: five steps), Enter or Space adds a point of
// the chosen class at it, Delete or Backspace removes the point nearest to it, and the digit keys
// pick the class. Every action is announced in a polite live region (`status`).
import { el } from './controls.js';

const STEPS = 40; // cursor steps across the frame

const fmt = (v) => (Math.abs(v) < 0.005 ? '0.00' : v.toFixed(2));

// figure: the playground's Figure. options: helpId (element describing the keys), status (live
// region), classCount() (classes offered, 0 for a regression curve), chosenClass(), onClass(c),
// onAdd(x, y), onRemove(i) (index among the drawn points).
export function keyboardEditing(figure, { helpId, status, classCount, chosenClass, onClass, onAdd, onRemove }) {
  const plot = figure.plot;
  plot.tabIndex = 0;
  // An application role: screen readers pass the arrow keys through to the handler below.
  plot.setAttribute('role', 'application');
  plot.setAttribute('aria-roledescription', 'data editor');
  plot.setAttribute('aria-label', 'Data points. Arrow keys move the cursor, Enter adds a point, Delete removes the nearest point, digits pick the class.');
  plot.setAttribute('aria-describedby', helpId);
  const cursor = el('div', { class: 'kbd-cursor', 'aria-hidden': 'true', hidden: true });
  plot.append(cursor);
  let at = null; // cursor position in data units

  const say = (text) => (status.textContent = text);
  const editable = () => figure.editable;

  // Keeps the cursor inside the frame and puts it where it belongs in pixels.
  function place() {
    const s = figure.frameScales();
    if (!s || !at || document.activeElement !== plot || !editable()) return (cursor.hidden = true);
    const { x, y } = figure.last.domain;
    at = [Math.min(x[1], Math.max(x[0], at[0])), Math.min(y[1], Math.max(y[0], at[1]))];
    cursor.style.left = `${s.px(at[0])}px`;
    cursor.style.top = `${s.py(at[1])}px`;
    cursor.hidden = false;
  }

  function nearest() {
    const X = figure.last.X;
    let best = -1, bestD = Infinity;
    const { x, y } = figure.last.domain;
    // Distance in frame units, so both axes count alike whatever their scales.
    const sx = 1 / (x[1] - x[0]), sy = 1 / (y[1] - y[0]);
    for (let i = 0; i < X.length / 2; i++) {
      const d = ((X[2 * i] - at[0]) * sx) ** 2 + ((X[2 * i + 1] - at[1]) * sy) ** 2;
      if (d < bestD) (bestD = d), (best = i);
    }
    return best;
  }

  plot.addEventListener('focus', () => {
    if (!editable()) return say('This view does not show the data points: they cannot be edited here.');
    const { x, y } = figure.last.domain;
    at ??= [(x[0] + x[1]) / 2, (y[0] + y[1]) / 2];
    place();
    say(`Cursor at x ${fmt(at[0])}, y ${fmt(at[1])}; ${figure.last.X.length / 2} points.`);
  });
  plot.addEventListener('blur', () => (cursor.hidden = true));

  plot.addEventListener('keydown', (e) => {
    if (e.target !== plot || e.altKey || e.ctrlKey || e.metaKey || !editable() || !at) return;
    const { x, y } = figure.last.domain;
    const step = e.shiftKey ? 5 : 1;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const n = figure.last.X.length / 2;
    if (moves[e.key]) {
      const [dx, dy] = moves[e.key];
      at = [at[0] + (dx * step * (x[1] - x[0])) / STEPS, at[1] + (dy * step * (y[1] - y[0])) / STEPS];
      place();
      say(`Cursor at x ${fmt(at[0])}, y ${fmt(at[1])}.`);
    } else if (e.key === 'Enter' || e.key === ' ') {
      onAdd(at[0], at[1]);
      say(`Added a ${classCount() ? `class ${chosenClass()} ` : ''}point at x ${fmt(at[0])}, y ${fmt(at[1])}; ${n + 1} points.`);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      const i = nearest();
      if (i < 0) say('There is no point to remove.');
      else {
        const X = figure.last.X;
        onRemove(i);
        say(`Removed the point at x ${fmt(X[2 * i])}, y ${fmt(X[2 * i + 1])}; ${n - 1} points.`);
      }
    } else if (/^[0-9]$/.test(e.key) && classCount()) {
      const c = Number(e.key);
      if (c >= classCount()) say(`There are classes 0 to ${classCount() - 1} only.`);
      else {
        onClass(c);
        say(`New points will be class ${c}.`);
      }
    } else return;
    e.preventDefault();
  });

  return { refresh: place };
}
