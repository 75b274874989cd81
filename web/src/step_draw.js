// Played steps drawn in place (issue 17). From one step of an iterative fit to the next only the
// points' classes (k-means' assignments), the centres and the ellipses change; the frame, axes and
// points stay. So the SVG Observable Plot drew for an earlier step is updated — dots recoloured,
// centre crosses moved, ellipse outlines redrawn — and the region layer repainted by the figure,
// instead of Plot laying the whole figure out again. Anything else that changed: drawn anew.
import { dotsOf, ellipsePoints } from './plot.js';
import { scales } from './layout.js';

const sameValues = (a, b) => a === b || (a != null && b != null && a.length === b.length && Array.prototype.every.call(a, (v, i) => v === b[i]));
const sameJSON = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Whether `next` (a fit message) differs from `drawn` (the one whose SVG is shown, at `size`) only in
// what a step changes: labels, centres (as many), ellipses (as many).
export function onlyStepChanged(drawn, next, size) {
  if (!drawn || !sameJSON(drawn.size, size) || drawn.fit.view !== next.view || next.view !== 'regions' || next.error || drawn.fit.error) return false;
  const a = drawn.fit, b = next;
  const { centres: c0, ellipses: e0, ...rest0 } = a.overlay;
  const { centres: c1, ellipses: e1, ...rest1 } = b.overlay;
  return (c0?.rows ?? 0) === (c1?.rows ?? 0) && (e0?.length ?? 0) === (e1?.length ?? 0) && sameValues(a.X, b.X) && sameValues(a.test, b.test) &&
    sameJSON([a.domain, a.classes, a.axisLabels, rest0], [b.domain, b.classes, b.axisLabels, rest1]);
}

const dotGroups = (svg) => svg.querySelectorAll('g[aria-label="dot"]');
const point = (s, x, y) => `${s.px(x)},${s.py(y)}`;

// Updates `svg` (drawn for `drawn.fit`) to show `fit`, which onlyStepChanged allowed.
export function drawStep(svg, drawn, fit, size) {
  const s = scales(fit.domain, size);
  const groups = dotGroups(svg);
  // The points: Plot drew them first, one element per drawn point in order.
  const before = dotsOf(drawn.fit), after = dotsOf(fit);
  const dots = groups[0]?.querySelectorAll('circle') ?? [];
  after.ids.forEach((i, k) => {
    if (drawn.fit.labels?.[i] === fit.labels?.[i] || !dots[k]) return;
    const dot = dots[k];
    dot.setAttribute('fill', after.fill(i));
    dot.setAttribute('stroke', after.stroke(i));
    const title = dot.querySelector('title');
    if (title && before.title(i) !== after.title(i)) title.textContent = after.title(i);
  });
  // The centres: the last two dot marks (a dark cross under a coloured one), one path per centre.
  const c = fit.overlay.centres;
  if (c) for (const group of [...groups].slice(-2))
    group.querySelectorAll('path').forEach((cross, k) => cross.setAttribute('transform', `translate(${point(s, c.data[2 * k], c.data[2 * k + 1])})`));
  // The ellipses: one path per component in the line mark.
  const e = fit.overlay.ellipses;
  const outlines = e ? svg.querySelectorAll('g[aria-label="line"] path') : [];
  e?.forEach((ellipse, k) => outlines[k]?.setAttribute('d', `M${ellipsePoints(ellipse, k).map((p) => point(s, p.x, p.y)).join('L')}`));
}
