// Perceptron, RidgeClassifier, SubsetSelection, the polynomial / spline / piecewise bases and the
// loss functions through the WASM package: scikit-learn fixtures, bad inputs, JSON round trips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasmlearn from 'wasmlearn';

const { Perceptron, RidgeClassifier, SubsetSelection, PolynomialFeatures, SplineTransformer,
  PiecewiseConstantFeatures, PiecewiseLinearFeatures, LinearRegression, losses } = wasmlearn;
const fixture = JSON.parse(readFileSync(new URL('../fixtures/linear_misc.json', import.meta.url), 'utf8'));
const near = (actual, expected, tol, what) => {
  const a = Array.from(actual), e = [expected].flat(2);
  assert.equal(a.length, e.length, `${what} length`);
  a.forEach((v, i) => assert.ok(Math.abs(v - e[i]) <= tol * Math.max(1, Math.abs(e[i])), `${what}[${i}]: ${v} vs ${e[i]}`));
};
const roundTrip = (model) => model.constructor.fromJSON(JSON.stringify(model));

test('PolynomialFeatures equals scikit-learn (values and powers)', () => {
  for (const c of fixture.polynomial) {
    const m = new PolynomialFeatures(c.options).fit(c.X);
    const out = m.transform(c.X);
    assert.deepEqual(out.toArray(), c.transform, JSON.stringify(c.options));
    assert.deepEqual(m.powers.toArray(), c.powers);
    assert.equal(m.nFeaturesOut, c.transform[0].length);
    assert.deepEqual(roundTrip(m).transform(c.X), out);
    m.dispose();
  }
});

test('SplineTransformer equals scikit-learn for every knot rule and extrapolation', () => {
  const checked = new Set();
  for (const c of fixture.spline.filter((_, i) => i % 3 === 0)) {
    const data = fixture.splineData[c.data];
    const m = new SplineTransformer(c.options).fit(data.X);
    const out = m.transform(c.onTest ? data.XTest : data.X);
    near(out.data, c.transform, 1e-12, `${c.data} ${JSON.stringify(c.options)}`);
    assert.deepEqual(roundTrip(m).transform(data.XTest.slice(0, 4)), m.transform(data.XTest.slice(0, 4)));
    checked.add(`${c.options.extrapolation}/${typeof c.options.knots === 'string' ? c.options.knots : Array.isArray(c.options.knots[0]) ? 'matrix' : 'array'}`);
    m.dispose();
  }
  assert.ok(checked.size >= 16, [...checked].join(' '));
});

test('piecewise bases: hand values, composition with a linear model, knots must increase', () => {
  const X = [[-1], [0], [0.5], [2]];
  const step = new PiecewiseConstantFeatures({ knots: [0, 1] }).fit(X);
  assert.deepEqual(step.transform(X).toArray(), [[1, 0, 0], [0, 1, 0], [0, 1, 0], [0, 0, 1]]);
  const hinge = new PiecewiseLinearFeatures({ knots: [0, 1] }).fit(X);
  assert.deepEqual(hinge.transform(X).toArray(), [[1, -1, 0, 0], [1, 0, 0, 0], [1, 0.5, 0.5, 0], [1, 2, 2, 1]]);
  const lines = new PiecewiseLinearFeatures({ knots: [0, 1], continuous: false, includeBias: false }).fit(X);
  assert.deepEqual(lines.transform(X).toArray(), [[0, 0, -1, 0, 0], [1, 0, 0, 0, 0], [1, 0, 0, 0.5, 0], [0, 1, 0, 0, 2]]);
  // A linear spline with a kink at 0 is recovered exactly by least squares on the truncated powers.
  const xs = Array.from({ length: 21 }, (_, i) => [-2 + i * 0.2]);
  const ys = xs.map(([x]) => 1 + 0.5 * x + 2 * Math.max(x, 0));
  const basis = new PiecewiseLinearFeatures({ knots: [0], includeBias: false }).fit(xs);
  const ols = new LinearRegression().fit(basis.transform(xs), ys);
  near(ols.coef, [0.5, 2], 1e-12, 'coef');
  near([ols.intercept], [1], 1e-12, 'intercept');
  assert.throws(() => new PiecewiseLinearFeatures({ knots: [0, 2, 1] }).fit(X),
    { message: 'knots must be strictly increasing, but knots[2] = 1 is not greater than knots[1] = 2' });
  assert.throws(() => new PiecewiseConstantFeatures({ knots: 'many' }), /knots must be an array of numbers/);
  assert.deepEqual(roundTrip(hinge).transform(X), hinge.transform(X));
  [step, hinge, lines, basis, ols].forEach((m) => m.dispose());
});

test('SplineTransformer and PolynomialFeatures reject bad options with clear messages', () => {
  assert.throws(() => new PolynomialFeatures({ degree: -1 }), { message: 'degree must be at least 0, got -1' });
  assert.throws(() => new PolynomialFeatures({ degree: 0, includeBias: false }).fit([[1, 2]]), /would produce no columns/);
  assert.throws(() => new SplineTransformer({ nKnots: 1 }), { message: 'nKnots must be at least 2, got 1' });
  assert.throws(() => new SplineTransformer({ knots: [0, 2, 1] }).fit([[0], [1]]), /knots must be strictly increasing/);
  assert.throws(() => new SplineTransformer({ knots: 'even' }), /knots must be one of 'uniform', 'quantile'/);
  assert.throws(() => new SplineTransformer({ knots: [[0, 0], [1, 1]] }).fit([[0], [1]]), /knots has 2 columns but X has 1 features/);
  const m = new SplineTransformer({ extrapolation: 'error' }).fit([[0], [1], [2]]);
  assert.throws(() => m.transform([[3]]), /X contains values beyond the limits of the knots/);
  const periodic = new SplineTransformer({ extrapolation: 'periodic', nKnots: 4, degree: 2 }).fit([[0], [1], [3]]);
  near(periodic.transform([[0.5]]).data, Array.from(periodic.transform([[3.5]]).data), 1e-14, 'periodic');
  [m, periodic].forEach((x) => x.dispose());
});

test('SplineTransformer: a constant feature\'s splines are zeros in every extrapolation; repeated quantile knots are an Error', () => {
  const X = Array.from({ length: 300 }, (_, i) => [Math.sin(i), 2.5]);
  const Z = [[0.1, 2.5], [-3, -1], [4, 9]];
  for (const extrapolation of ['constant', 'linear', 'continue', 'periodic']) {
    for (const degree of [0, 2, 3]) {
      const both = new SplineTransformer({ extrapolation, degree }).fit(X);
      const varying = new SplineTransformer({ extrapolation, degree }).fit(X.map((r) => [r[0]]));
      const out = both.transform(Z).toArray(), alone = varying.transform(Z.map((r) => [r[0]])).toArray();
      const ns = alone[0].length, what = `${extrapolation} degree ${degree}`;
      assert.equal(out[0].length, 2 * ns, what);
      out.forEach((row, i) => {
        assert.deepEqual(row.slice(0, ns), alone[i], what);
        assert.deepEqual(row.slice(ns), new Array(ns).fill(0), what);
      });
      assert.deepEqual(roundTrip(both).transform(Z).toArray(), out, what);
      [both, varying].forEach((m) => m.dispose());
    }
  }
  const error = new SplineTransformer({ extrapolation: 'error' }).fit(X);
  assert.equal(error.transform(X.slice(0, 2)).toArray()[1].slice(7).every((v) => v === 0), true);
  assert.throws(() => error.transform([[0, 2.6]]),
    { message: "X contains values beyond the limits of the knots: feature 1 = 2.6 at row 0 is outside [2.5, 2.5] (extrapolation 'error')" });
  error.dispose();
  assert.throws(() => new SplineTransformer({ knots: 'quantile' }).fit([[0], [0], [0], [0], [0], [0], [1], [2]]),
    { message: 'knots must be strictly increasing, but for feature 0 knot 1 (0) is not greater than knot 0 (0) (a feature with many repeated values for its knots; use fewer knots or explicit ones)' });
});

test('Perceptron equals scikit-learn without shuffling, warns when it does not converge', () => {
  for (const c of fixture.perceptron) {
    const m = new Perceptron(c.options).fit(c.X, c.y);
    const coef = m.coef;
    near(coef.data, c.coef, 1e-12, `${c.data} ${JSON.stringify(c.options)} coef`);
    near(m.intercept, c.intercept, 1e-12, 'intercept');
    assert.deepEqual(Array.from(m.predict(c.X)), c.predict);
    if (!c.converged) assert.equal(m.warnings[0].kind, 'convergence');
    const loaded = roundTrip(m);
    assert.deepEqual(loaded.decisionFunction(c.X), m.decisionFunction(c.X));
    assert.equal(loaded.nIter, m.nIter);
    [m, loaded].forEach((x) => x.dispose());
  }
  const sep = new Perceptron().fit([[0, 0], [1, 1], [3, 3], [4, 4]], ['lo', 'lo', 'hi', 'hi']);
  assert.deepEqual(sep.predict([[0, 0], [4, 4]]), ['lo', 'hi']);
  assert.ok(sep.nIter < 1000);
  assert.deepEqual(sep.warnings, []);
  assert.throws(() => new Perceptron({ penalty: 'l3' }), /penalty must be one of 'l2', 'l1', 'elasticnet', or null|penalty must be one of/);
  assert.throws(() => new Perceptron({ eta0: 0 }), /eta0 must be greater than 0/);
  sep.dispose();
});

test('RidgeClassifier decision function equals scikit-learn', () => {
  for (const c of fixture.ridgeClassifier) {
    const m = new RidgeClassifier(c.options).fit(c.X, c.y);
    const decision = m.decisionFunction(c.X);
    // One-dimensional for two classes (scikit-learn's shape), n x classes otherwise.
    assert.equal(decision instanceof Float64Array, new Set(c.y).size === 2);
    near(decision.data ?? decision, c.decision, 1e-10, `${c.data} ${JSON.stringify(c.options)}`);
    assert.deepEqual(Array.from(m.predict(c.X)), c.predict);
    assert.deepEqual(roundTrip(m).decisionFunction(c.X), m.decisionFunction(c.X));
    m.dispose();
  }
});

test('SubsetSelection finds the informative features; best refuses more than 20', () => {
  const X = Array.from({ length: 50 }, (_, i) => Array.from({ length: 6 }, (_, j) => Math.sin(0.41 * (i + 1) * (j + 1.7) + j)));
  const y = X.map((r, i) => 3 * r[0] - 2 * r[4] + 0.2 * Math.cos(7 * i));
  for (const method of ['best', 'forward', 'backward']) {
    const m = new SubsetSelection({ method, criterion: 'aic' }).fit(X, y);
    assert.deepEqual(Array.from(m.selected), [0, 4], method);
    assert.deepEqual(Array.from(m.support), [1, 0, 0, 0, 1, 0]);
    assert.equal(m.pathRss.length, 7);
    assert.equal(m.pathSupport.rows, 7);
    assert.equal(m.coef[1], 0);
    assert.deepEqual(roundTrip(m).predict(X), m.predict(X));
    m.dispose();
  }
  const wide = Array.from({ length: 30 }, (_, i) => Array.from({ length: 21 }, (_, j) => Math.sin(i * 1.1 + j * 0.7 + i * j)));
  assert.throws(() => new SubsetSelection().fit(wide, wide.map((r) => r[0])),
    { message: "method 'best' tries all 2^p subsets and is limited to 20 features, X has 21; use method 'forward' or 'backward'" });
  const two = new SubsetSelection({ method: 'forward', nFeatures: 2 }).fit(wide, wide.map((r) => r[0] + r[5]));
  assert.deepEqual(Array.from(two.selected), [0, 5]);
  assert.throws(() => new SubsetSelection({ method: 'sideways' }), /method must be one of 'best', 'forward', 'backward'/);
  assert.throws(() => new SubsetSelection({ nFeatures: 9 }).fit(X, y), { message: 'nFeatures is 9 but X has only 6 features' });
  two.dispose();
});

test('losses and penalties: hand values, numbers and arrays, bad input', () => {
  assert.deepEqual(losses.hinge([-2, 0, 0.5, 1, 3]), Float64Array.from([3, 1, 0.5, 0, 0]));
  assert.deepEqual(losses.zeroOne([-1, 0, 1]), Float64Array.from([1, 1, 0]));
  assert.equal(losses.logistic(0), Math.log(2));
  assert.equal(losses.squared(-3), 9);
  assert.equal(losses.absolute(-3), 3);
  assert.equal(losses.exponential(0), 1);
  assert.deepEqual(losses.epsilonInsensitive([-3, -0.5, 2], 1), Float64Array.from([2, 0, 1]));
  assert.deepEqual(losses.huber([-3, 0.5], 1), Float64Array.from([2.5, 0.125]));
  assert.equal(losses.l2([3, -4]), 5);
  assert.equal(losses.l1([3, -4]), 7);
  assert.equal(losses.l0([3, 0, -4]), 2);
  assert.deepEqual(losses.l2([[3, 4], [0, 2]]), Float64Array.from([5, 2]));
  assert.equal(losses.elasticNet([3, -4], 0.5), 9.75);
  assert.throws(() => losses.hinge(['a']), { message: 'margins[0] must be a number, got string "a"' });
  assert.throws(() => losses.hinge([NaN]), /margins contains NaN/);
  assert.throws(() => losses.epsilonInsensitive([1], -1), { message: 'epsilon must be at least 0, got -1' });
  assert.throws(() => losses.elasticNet([1], 2), { message: 'l1Ratio must be in [0, 1], got 2' });
  assert.throws(() => losses.l1(5), /w must be an array of numbers or a matrix/);
});
