// Loss functions and penalties for plots, computed in the WASM core (wasmlearn::losses).
// Margin losses take m = y·f(x) (y in {-1, +1}); regression losses take residuals r = y - f(x).
// Each accepts a number (-> number) or an array / typed array (-> Float64Array, element by element).
// Penalties take one coefficient vector (-> number) or a matrix, one vector per row (-> Float64Array).
import { wasm } from './module.js';
import { toMatrix } from './arrays.js';

const isTyped = (a) => ArrayBuffer.isView(a) && !(a instanceof DataView);
const show = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`);

function values(v, name) {
  if (typeof v === 'number') return { data: [v], scalar: true };
  if (isTyped(v)) return { data: v, scalar: false };
  if (!Array.isArray(v)) throw new Error(`${name} must be a number or an array of numbers, got ${show(v)}`);
  v.forEach((x, i) => {
    if (typeof x !== 'number') throw new Error(`${name}[${i}] must be a number, got ${show(x)}`);
  });
  return { data: v, scalar: false };
}

function elementwise(fn, name) {
  return (input, ...rest) => {
    const { data, scalar } = values(input, name);
    const out = fn(data, data.length, ...rest);
    return scalar ? out[0] : out;
  };
}

function parameter(value, name) {
  if (typeof value !== 'number') throw new Error(`${name} must be a number, got ${show(value)}`);
  return value;
}

/** 1 where m <= 0 (a sign error, or on the boundary), else 0. */
export const zeroOne = elementwise((d, n) => wasm.lossZeroOne(d, n, 'margins'), 'margins');
/** ln(1 + e^-m), natural log (divide by ln 2 for the curve through (0, 1)). */
export const logistic = elementwise((d, n) => wasm.lossLogistic(d, n, 'margins'), 'margins');
/** max(0, 1 - m). */
export const hinge = elementwise((d, n) => wasm.lossHinge(d, n, 'margins'), 'margins');
/** max(0, 1 - m)². */
export const squaredHinge = elementwise((d, n) => wasm.lossSquaredHinge(d, n, 'margins'), 'margins');
/** e^-m (AdaBoost). */
export const exponential = elementwise((d, n) => wasm.lossExponential(d, n, 'margins'), 'margins');
/** max(0, -m) (the perceptron's). */
export const perceptron = elementwise((d, n) => wasm.lossPerceptron(d, n, 'margins'), 'margins');
/** r². */
export const squared = elementwise((d, n) => wasm.lossSquared(d, n, 'residuals'), 'residuals');
/** |r|. */
export const absolute = elementwise((d, n) => wasm.lossAbsolute(d, n, 'residuals'), 'residuals');
/** max(0, |r| - epsilon). */
export const epsilonInsensitive = elementwise(
  (d, n, epsilon = 0.1) => wasm.lossEpsilonInsensitive(d, n, parameter(epsilon, 'epsilon')), 'residuals');
/** r²/2 if |r| <= delta, else delta·(|r| - delta/2). */
export const huber = elementwise((d, n, delta = 1.35) => wasm.lossHuber(d, n, parameter(delta, 'delta')), 'residuals');

// A vector -> one row; a matrix -> its rows.
function penalty(fn) {
  return (w, ...rest) => {
    if (typeof w === 'number' || w === null || w === undefined) throw new Error(`w must be an array of numbers or a matrix, got ${show(w)}`);
    const vector = isTyped(w) || (Array.isArray(w) && (w.length === 0 || typeof w[0] === 'number'));
    if (vector) {
      const { data } = values(w, 'w');
      return fn(data, 1, data.length, ...rest)[0];
    }
    const m = toMatrix(w, 'w');
    return fn(m.data, m.rows, m.cols, ...rest);
  };
}

/** Number of non-zero coefficients. */
export const l0 = penalty((d, r, c) => wasm.penaltyL0(d, r, c));
/** Σ|w_j|. */
export const l1 = penalty((d, r, c) => wasm.penaltyL1(d, r, c));
/** √Σw_j², the Euclidean norm (ridge's penalty is its square). */
export const l2 = penalty((d, r, c) => wasm.penaltyL2(d, r, c));
/** l1Ratio·Σ|w_j| + (1 - l1Ratio)/2·Σw_j² (scikit-learn's elastic net, per unit alpha). */
export const elasticNet = penalty((d, r, c, l1Ratio = 0.5) => wasm.penaltyElasticNet(d, r, c, parameter(l1Ratio, 'l1Ratio')));
