// Figure geometry, shared by the page and the worker (so the grid a request asks for has the
// same aspect as the frame it is drawn in, whatever the order of requests).
export const margins = { top: 14, right: 14, bottom: 40, left: 48 };

// Size of the figure for a container width and viewport height: the frame keeps the data's
// aspect ratio (equal units on both axes) within sensible bounds.
export function figureSize(width, viewportHeight, domain) {
  const innerW = Math.max(120, Math.round(width) - margins.left - margins.right);
  const ratio = (domain.y[1] - domain.y[0]) / (domain.x[1] - domain.x[0]);
  const maxH = Math.max(220, Math.round(viewportHeight * 0.72));
  const innerH = Math.min(maxH, Math.max(180, Math.round(innerW * ratio)));
  return { width: innerW + margins.left + margins.right, height: innerH + margins.top + margins.bottom, innerW, innerH };
}
