// sin, cos and log that give the same bits in every JavaScript engine. Math.sin, Math.cos, Math.log
// and Math.exp are not: Node 20's V8 and Chromium 156's differ in the last bit on about one argument
// in twenty (Chromium takes sin and cos from glibc, Node from fdlibm), so points generated with them
// differ and a model trained on them differs in its last bits. These use only + − × ÷ and sqrt,
// which IEEE 754 rounds the same way everywhere; they are within 2 ulp of the true value (checked
// against 60-digit references in tests/js/network_forward.test.mjs).

// π/2 in three parts: the first two have 33 significant bits, so n × part is exact for |n| < 2^20.
const HALF_PI_1 = 1.5707963267341256, HALF_PI_2 = 6.077100506303966e-11, HALF_PI_3 = 2.0222662487959506e-21;
const TWO_OVER_PI = 0.6366197723675814;
// ln 2 in two parts: the first has 32 significant bits, so k × part is exact for every exponent k.
const LN2_HI = 0.6931471803691238, LN2_LO = 1.9082149292705877e-10;

// Taylor coefficients: 1/1!, -1/3!, 1/5!, ... for sin; 1/0!, -1/2!, ... for cos. On |r| ≤ π/4 the
// first term left out is below 1e-19 of the value.
const taylor = (odd) => Array.from({ length: 10 }, (_, k) => {
  let factorial = 1;
  for (let j = 2; j <= 2 * k + odd; j++) factorial *= j;
  return (k % 2 ? -1 : 1) / factorial;
});
const SIN = taylor(1), COS = taylor(0);

const series = (coefficients, z) => {
  let sum = 0;
  for (let j = coefficients.length - 1; j >= 0; j--) sum = sum * z + coefficients[j];
  return sum;
};

// x = n·π/2 + r with |r| ≤ π/4 (Cody–Waite); returns [sin x, cos x]. Accurate for |x| < 2^19·π/2;
// larger x are first reduced modulo 4 × HALF_PI_1 (% is exact): finite, the same bits everywhere,
// but no longer within 2 ulp.
function sinCos(x) {
  if (!Number.isFinite(x)) return [NaN, NaN];
  if (Math.abs(x) >= 2 ** 19 * HALF_PI_1) x %= 4 * HALF_PI_1;
  const n = Math.round(x * TWO_OVER_PI);
  const r = x - n * HALF_PI_1 - n * HALF_PI_2 - n * HALF_PI_3;
  const z = r * r, s = r * series(SIN, z), c = series(COS, z);
  switch (((n % 4) + 4) % 4) {
    case 0: return [s, c];
    case 1: return [c, -s];
    case 2: return [-s, -c];
    default: return [-c, s];
  }
}

export const sin = (x) => (x === 0 ? x : sinCos(x)[0]); // keeps the sign of −0
export const cos = (x) => sinCos(x)[1];

const bits = new DataView(new ArrayBuffer(8));

// log x = k·ln 2 + log m with x = m·2^k, m in [√½, √2); log m = 2 atanh s, s = (m − 1)/(m + 1).
export function log(x) {
  if (!(x > 0) || x === Infinity) return Math.log(x); // NaN, ±0, negatives, ∞: exact everywhere
  let k = 0;
  if (x < 2.2250738585072014e-308) (x *= 2 ** 54), (k = -54); // subnormal: make the exponent field hold it
  bits.setFloat64(0, x);
  const high = bits.getUint32(0);
  k += (high >>> 20) - 1023;
  bits.setUint32(0, (high & 0x000fffff) | 0x3ff00000); // m in [1, 2)
  let m = bits.getFloat64(0);
  if (m > Math.SQRT2) (m /= 2), (k += 1);
  const s = (m - 1) / (m + 1), z = s * s;
  let sum = 0;
  for (let j = 25; j >= 3; j -= 2) sum = sum * z + 1 / j;
  const logM = 2 * s + 2 * s * z * sum;
  return k * LN2_HI + (logM + k * LN2_LO);
}
