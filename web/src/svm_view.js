// The page's side of a support vector machine's figure (the worker's is svm_overlay.js): the level
// sets of its decision function sampled on the figure's grid (the boundary f = 0 solid, the margins
// f = ±1 dashed), drawn as SVG paths over the regions, and what the legend and hint say about them.
import * as d3 from 'd3';
import { margins } from './layout.js';

// d3.contours closes each region along the grid's edge; those edge runs are not level sets, so
// every ring is cut where it touches the edge and only the runs inside are kept (as polylines).
function insideRuns(ring, nx, ny) {
  const onEdge = ([x, y]) => x <= 0 || y <= 0 || x >= nx || y >= ny;
  const cut = ring.findIndex(onEdge);
  if (cut < 0) return [ring];
  const turned = ring.slice(cut).concat(ring.slice(1, cut + 1)); // start on the edge: no run wraps around
  const runs = [];
  let run = [];
  for (const p of turned) {
    if (!onEdge(p)) run.push(p);
    else if (run.length) (runs.push(run), (run = []));
  }
  if (run.length) runs.push(run);
  return runs.filter((r) => r.length > 1);
}

// values: nx*ny samples at the cell centres, row 0 at the top. Returns an <svg> the size of the
// figure, with one path per level (class level-0, level-margin), or null when no level is crossed.
export function levelSetsSvg({ values, nx, ny, levels }, size) {
  const sx = size.innerW / nx, sy = size.innerH / ny;
  const svg = d3.create('svg').attr('class', 'levels').attr('width', size.width).attr('height', size.height).attr('aria-hidden', 'true');
  let drawn = 0;
  for (const level of levels) {
    const [contour] = d3.contours().size([nx, ny]).thresholds([level])(values);
    const lines = contour.coordinates.flatMap((polygon) => polygon.flatMap((ring) => insideRuns(ring, nx, ny)));
    if (!lines.length) continue;
    const d = lines.map((line) => `M${line.map(([x, y]) => `${(margins.left + x * sx).toFixed(1)},${(margins.top + y * sy).toFixed(1)}`).join('L')}`).join('');
    svg.append('path').attr('class', level === 0 ? 'level-0' : 'level-margin').attr('data-level', level).attr('d', d);
    drawn++;
  }
  return drawn ? svg.node() : null;
}

const fmt = (v) => +v.toPrecision(3);

// Legend entries ([swatch, text]) for an SVM overlay.
export function svmLegend({ support, levels, epsilon }) {
  const items = [];
  if (levels?.length === 3) items.push(['line', 'boundary f(x) = 0'], ['dashed', 'margins f(x) = ±1']);
  else if (levels) items.push(['line', 'edge of the support f(x) = 0']);
  if (epsilon !== null && epsilon !== undefined) items.push(['dashed', `tube: prediction ± ε (ε = ${fmt(epsilon)})`]);
  if (support) items.push(['ring', 'support vector']);
  return items;
}

// What the playground's hint says about an SVM overlay.
export function svmHint({ support, supportKept, levels, epsilon }) {
  const parts = [];
  if (levels?.length === 3) parts.push('Solid line: the decision boundary f(x) = 0; dashed: the margins f(x) = ±1.');
  else if (levels) parts.push('Line: f(x) = 0, the edge of the region the model calls inliers.');
  if (epsilon !== null && epsilon !== undefined) parts.push('Dashed: the ε-tube, inside which errors cost nothing.');
  if (support) parts.push(supportKept ? 'Ringed: the support vectors, the only points the model keeps.' : 'Ringed: the points with a non-zero loss, the support vectors of the dual problem (a primal solver keeps none).');
  return parts.join(' ');
}
