// Property test of the JS API (fast-check, seeded and bounded): random shapes, values across the
// whole double range, options drawn from the declared ranges and beyond them, random label kinds,
// every estimator and every method. The oracle is the package's promise: each call gives a finite
// result or an Error whose message names what was wrong, and the module works afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as wl from 'wasmlearn';

const SEED = 19;
const TIME_LIMIT_MS = 45_000;

// Numbers: mostly ordinary, some near the float64 limit, some tiny, a few non-finite.
const value = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: -10, max: 10, noNaN: true }) },
  { weight: 1, arbitrary: fc.tuple(fc.double({ min: 1e154, max: 1.7e308, noNaN: true }), fc.boolean()).map(([v, negative]) => (negative ? -v : v)) },
  { weight: 1, arbitrary: fc.constantFrom(0, 5e-324, -0, 1e-300) },
  { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity) },
);

// An option's value from its declaration: inside the declared range (kept small where it counts
// work, so fits stay quick) or beyond it; wrong types now and then.
function optionValue(p) {
  const beyond = fc.constantFrom(-1, 1.5, 2 ** 31, 2 ** 32 + 1, 1e300, -1e300, 'text', null, true);
  const lo = p.minimum ?? (p.exclusiveMinimum !== undefined ? p.exclusiveMinimum + 1e-3 : -5);
  const hi = Math.min(p.maximum ?? (p.exclusiveMaximum !== undefined ? p.exclusiveMaximum - 1e-3 : lo + 20), lo + 20);
  switch (p.type) {
    case 'integer':
      return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) }) }, beyond);
    case 'number':
      return fc.oneof({ weight: 4, arbitrary: fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true }) }, beyond);
    case 'boolean':
      return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, beyond);
    case 'string':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(p.values ?? ['x'])) }, beyond);
    default:
      return fc.constant(undefined); // unions, arrays, objects: their defaults (covered by their own tests)
  }
}

const estimatorCase = fc
  .constantFrom(...wl.estimators())
  .chain((meta) =>
    fc.record({
      meta: fc.constant(meta),
      options: fc.record(Object.fromEntries(meta.params.filter((p) => p.name !== 'estimator').map((p) => [p.name, optionValue(p)])), { requiredKeys: [] }),
      rows: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 24 }) }, fc.constant(300)),
      cols: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) }, fc.constantFrom(8, 9, 17)),
      labelKind: fc.constantFrom('number', 'string', 'mixed', 'boolean'),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      count: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(0, 2.5, 2 ** 32 + 1, -3)),
    }),
  );

// A deterministic matrix from the drawn value arbitrary.
function matrixOf(rows, cols, seed) {
  const values = fc.sample(value, { seed, numRuns: Math.max(1, rows * cols) });
  return Array.from({ length: rows }, (_, i) => values.slice(i * cols, (i + 1) * cols));
}

function labelsOf(kind, rows) {
  return Array.from({ length: rows }, (_, i) => {
    if (kind === 'number') return i % 3;
    if (kind === 'string') return ['a', 'b', 'c'][i % 3];
    if (kind === 'boolean') return i % 2 === 0;
    return i % 2 ? 'a' : 1;
  });
}

// Every number in a result (typed arrays, DenseMatrix, plain objects, arrays of those).
function* numbersIn(out) {
  if (typeof out === 'number') yield out;
  else if (ArrayBuffer.isView(out)) yield* out;
  else if (Array.isArray(out)) for (const v of out) yield* numbersIn(v);
  else if (out && typeof out === 'object') for (const v of Object.values(out)) yield* numbersIn(v);
}

// The words an error may name: options, arguments, methods, the estimator.
function namesFor(meta) {
  return [meta.name, ...meta.params.map((p) => p.name), ...meta.methods, ...meta.extraMethods.map((m) => m.name),
    'X', 'y', 'sampleWeight', 'nNeighbors', 'radius', 'labels', 'classes', 'fit', 'model'];
}

function checkOutcome(meta, method, run) {
  let out;
  try {
    out = run();
  } catch (e) {
    assert.ok(e instanceof Error && e.constructor === Error, `${meta.name}.${method} threw a ${e?.constructor?.name}: ${e?.message}`);
    const names = namesFor(meta);
    assert.ok(names.some((n) => e.message.includes(n)) || /overflowed float64|past the limit|not fitted/.test(e.message),
      `${meta.name}.${method}: the message names no argument: ${e.message}`);
    return false;
  }
  for (const v of numbersIn(out))
    if (!Number.isFinite(v) && !(method === 'scoreSamples' && v === -Infinity))
      assert.ok(false, `${meta.name}.${method} returned ${v} without an Error`);
  return true;
}

// Ridge (alpha 1) on x = 0, 1, 2, y = x: slope 2 / (2 + 1), intercept 1/3, so predict(1) = 1.
function moduleStillWorks() {
  const m = new wl.Ridge().fit([[0], [1], [2]], [0, 1, 2]);
  assert.ok(Math.abs(m.predict([[1]])[0] - 1) < 1e-12);
  m.dispose();
}

test('every estimator and method: a finite result or an Error naming the argument; the module stays usable', () => {
  fc.assert(
    fc.property(estimatorCase, ({ meta, options, rows, cols, labelKind, seed, count }) => {
      const Class = wl[meta.name];
      let model;
      if (!checkOutcome(meta, 'constructor', () => (model = new Class(options)))) return moduleStillWorks();
      const X = matrixOf(rows, cols, seed);
      const y = meta.kind === 'classifier' ? labelsOf(labelKind, rows) : meta.kind === 'regressor' ? X.map((r) => r[0] * 2) : undefined;
      try {
        checkOutcome(meta, 'fit', () => model.fit(X, y));
        const methods = [...meta.methods, ...meta.extraMethods.map((m) => m.name)].filter((m) => m !== 'fit' && typeof model[m] === 'function');
        for (const method of methods) {
          const form = meta.extraMethods.find((m) => m.name === method)?.args;
          const args = form === 'count' ? [count] : form === 'none' ? [] : method === 'score' || form === 'Xy' ? [X, y] : [X, count];
          checkOutcome(meta, method, () => model[method](...args));
        }
      } finally {
        model.dispose();
      }
      moduleStillWorks();
    }),
    // errorWithCause: the failing assertion's message is shown with the counterexample.
    { seed: SEED, numRuns: 400, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, errorWithCause: true },
  );
});
