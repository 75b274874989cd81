// Figure geometry, shared by the page and the worker (so the grid a request asks for has the
// same aspect as the frame it is drawn in, whatever the order of requests).
export const margins = { top: 14, right: 14, bottom: 40, left: 48 };

// Size of the figure for a container width and a height budget: the frame keeps the data's
// aspect ratio (equal units on both axes) within sensible bounds, or `aspect` (height / width)
// when the axes measure different things.
export function figureSize(width, viewportHeight, domain, aspect) {
  let innerW = Math.max(120, Math.round(width) - margins.left - margins.right);
  const ratio = aspect ?? (domain.y[1] - domain.y[0]) / (domain.x[1] - domain.x[0]);
  const maxH = Math.max(220, Math.round(viewportHeight * 0.72));
  const innerH = Math.min(maxH, Math.max(Math.min(180, innerW * 0.6), Math.round(innerW * ratio)));
  // Equal units on both axes: a frame cut short by the height budget is narrowed to match.
  if (aspect === undefined && innerH < Math.round(innerW * ratio)) innerW = Math.max(120, Math.round(innerH / ratio));
  return { width: innerW + margins.left + margins.right, height: innerH + margins.top + margins.bottom, innerW, innerH };
}

// Data <-> pixel (within the whole figure, margins included).
export function scales(domain, size) {
  const [x0, x1] = domain.x, [y0, y1] = domain.y;
  return {
    px: (x) => margins.left + ((x - x0) / (x1 - x0)) * size.innerW,
    py: (y) => margins.top + ((y1 - y) / (y1 - y0)) * size.innerH,
    x: (px) => x0 + ((px - margins.left) / size.innerW) * (x1 - x0),
    y: (py) => y1 - ((py - margins.top) / size.innerH) * (y1 - y0),
    inside: (px, py) => px >= margins.left && px <= margins.left + size.innerW && py >= margins.top && py <= margins.top + size.innerH,
  };
}
