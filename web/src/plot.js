// Drawing: decision regions as an ImageData on a canvas (one pixel per grid cell, scaled by
// CSS to the plot's frame), with Observable Plot drawing the axes and training points in an SVG
// laid exactly over it (same domain, same margins).
import * as Plot from '@observablehq/plot';
import { margins } from './layout.js';

export const palette = ['#4269d0', '#ff725c', '#3ca951', '#efb118', '#a463f2', '#97bbf5', '#9c6b4e', '#ff8ab7'];

const rgb = palette.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));

// Paints class probabilities (nx*ny rows of nClasses, row 0 at the top) onto the canvas: the
// most likely class's colour, stronger where the model is surer.
export function paintRegions(canvas, { proba, nx, ny, nClasses }, size) {
  canvas.width = nx;
  canvas.height = ny;
  Object.assign(canvas.style, {
    left: `${margins.left}px`, top: `${margins.top}px`, width: `${size.innerW}px`, height: `${size.innerH}px`,
  });
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(nx, ny);
  const px = image.data;
  const chance = 1 / nClasses;
  for (let r = 0, n = nx * ny; r < n; r++) {
    let best = 0, pmax = -1;
    for (let c = 0; c < nClasses; c++) {
      const p = proba[r * nClasses + c];
      if (p > pmax) (pmax = p), (best = c);
    }
    const conf = nClasses > 1 ? Math.max(0, (pmax - chance) / (1 - chance)) : 1;
    const a = 0.1 + 0.5 * conf;
    const col = rgb[best % rgb.length];
    px[4 * r] = Math.round(255 + (col[0] - 255) * a);
    px[4 * r + 1] = Math.round(255 + (col[1] - 255) * a);
    px[4 * r + 2] = Math.round(255 + (col[2] - 255) * a);
    px[4 * r + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
}

// Axes, frame and the training points, as an SVG sized to `size`.
export function drawAxes({ X, y, classes, domain }, size) {
  const n = y.length;
  const index = new Map(classes.map((c, i) => [c, i]));
  const ids = Array.from({ length: n }, (_, i) => i);
  const small = size.width < 480;
  return Plot.plot({
    width: size.width,
    height: size.height,
    marginTop: margins.top,
    marginRight: margins.right,
    marginBottom: margins.bottom,
    marginLeft: margins.left,
    style: { background: 'transparent', fontSize: '12px' },
    ariaLabel: `Scatter plot of ${n} training points over the model's decision regions`,
    x: { domain: domain.x, label: 'feature 0', labelAnchor: 'center', labelArrow: 'none', nice: false, ticks: small ? 5 : 8 },
    y: { domain: domain.y, label: 'feature 1', labelAnchor: 'center', labelArrow: 'none', nice: false, ticks: Math.max(3, Math.round(size.innerH / 60)) },
    color: { type: 'ordinal', domain: classes.map((_, i) => i), range: palette },
    marks: [
      Plot.frame({ stroke: '#8a8f98' }),
      Plot.dot(ids, {
        x: (i) => X[2 * i],
        y: (i) => X[2 * i + 1],
        fill: (i) => index.get(y[i]),
        stroke: 'white',
        strokeWidth: 1,
        r: small ? 2.8 : 3.6,
      }),
    ],
  });
}
