// The ONNX tests' data, shared by the Node tests (tests/js/onnx.test.mjs) and the page of the
// browser test (tests/web/onnx/), which imports it as a static file.

// Deterministic float32 data: X standard-normal-ish, a noisy linear rule for y.
export function data(n, p, seed) {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  const X = Array.from({ length: n }, () => Array.from({ length: p }, (_, j) => Math.fround(normal() * (1 + j / p) + j / 4)));
  const w = Array.from({ length: p }, () => normal());
  const score = X.map((row) => row.reduce((acc, v, j) => acc + v * w[j], 0) / Math.sqrt(p) + 0.5 * normal());
  const third = [...score].sort((a, b) => a - b);
  const [low, high] = [third[Math.floor(n / 3)], third[Math.floor((2 * n) / 3)]];
  return { X, yReg: score, yBin: score.map((v) => (v > high ? 1 : 0)), y3: score.map((v) => (v < low ? 0 : v < high ? 1 : 2)) };
}
