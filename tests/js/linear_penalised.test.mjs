// Lasso, ElasticNet, lassoPath/enetPath and LogisticRegression through the WASM package against
// scikit-learn's fixtures (tests/fixtures/linear_penalised.py), option errors, JSON round trips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasmlearn from 'wasmlearn';
import { lassoPath, enetPath, linearModel, Lasso, ElasticNet, LogisticRegression } from 'wasmlearn';

const fx = JSON.parse(readFileSync(new URL('../fixtures/linear_penalised.json', import.meta.url), 'utf8'));
const near = (actual, expected, tol, what) => {
  const a = Array.from(actual), e = [expected].flat(2);
  assert.equal(a.length, e.length, `${what} length`);
  a.forEach((v, i) => assert.ok(Math.abs(v - e[i]) <= tol, `${what}[${i}]: ${v} vs ${e[i]}`));
};

for (const i of [0, 7, 14, 21, 25]) {
  const c = fx.cd[i];
  test(`${c.estimator}(${JSON.stringify(c.options)}) on ${c.data} equals scikit-learn`, () => {
    const model = new wasmlearn[c.estimator](c.options).fit(c.X, c.y);
    const multi = Array.isArray(c.y[0]);
    near(multi ? model.coef.data : model.coef, c.coef, 1e-6, 'coef');
    if (multi) near(model.intercept, Array.isArray(c.intercept) ? c.intercept : [c.intercept, c.intercept], 1e-6, 'intercept');
    else near([model.intercept], [c.intercept], 1e-6, 'intercept');
    assert.deepEqual(model.warnings, []);
    const loaded = wasmlearn[c.estimator].fromJSON(JSON.stringify(model));
    assert.deepEqual(loaded.predict(c.X), model.predict(c.X));
    assert.deepEqual(loaded.nIter, model.nIter);
    model.dispose();
    loaded.dispose();
  });
}

test('lassoPath and enetPath equal scikit-learn (layout nFeatures x nAlphas, descending alphas)', () => {
  for (const c of fx.paths) {
    const fn = c.path === 'lasso' ? lassoPath : enetPath;
    const r = fn(c.X, c.y, c.options);
    assert.ok(r.alphas instanceof Float64Array && r.dualGaps instanceof Float64Array && r.nIters instanceof Int32Array);
    assert.deepEqual([r.coefs.rows, r.coefs.cols], [c.coefs.length, c.alphas.length]);
    c.alphas.forEach((a, i) => assert.ok(Math.abs(r.alphas[i] - a) <= 1e-13 * a, `alpha ${i}`));
    for (let i = 1; i < r.alphas.length; i++) assert.ok(r.alphas[i] <= r.alphas[i - 1]);
    near(r.coefs.data, c.coefs, 1e-6, 'coefs');
    assert.deepEqual(r.warnings, []);
  }
  assert.equal(linearModel.lassoPath, lassoPath);
  // Defaults: 100 alphas from alphaMax = max|Xᵀy|/n down to 1e-3·alphaMax; the first solution is 0.
  const { X, y } = fx.paths[0];
  const r = lassoPath(X, y);
  assert.equal(r.alphas.length, 100);
  assert.ok(Math.abs(r.alphas[99] / r.alphas[0] - 1e-3) < 1e-12);
  assert.ok(Array.from({ length: r.coefs.rows }, (_, j) => r.coefs.get(j, 0)).every((v) => v === 0));
  assert.equal(r.coefs.cols, 100);
});

test('path and estimator option errors', () => {
  const { X, y } = fx.paths[0];
  assert.throws(() => enetPath(X, y, { l1Ratio: 1.5 }), { message: 'l1Ratio must be in [0, 1], got 1.5' });
  assert.throws(() => enetPath(X, y, { l1Ratio: 0 }), /l1Ratio = 0 needs an explicit alphas grid/);
  assert.throws(() => lassoPath(X, y, { l1Ratio: 0.5 }), /Unknown option 'l1Ratio' for lassoPath/);
  assert.throws(() => lassoPath(X, y, { eps: 0 }), /eps must be greater than 0/);
  assert.throws(() => lassoPath(X, [[1, 2]]), /y has 1 entries but X has 30 rows/);
  assert.throws(() => new Lasso({ alpha: -1 }), { message: 'alpha must be at least 0, got -1' });
  assert.throws(() => new ElasticNet({ l1Ratio: 2 }), /l1Ratio must be in \[0, 1\], got 2/);
  assert.throws(() => new Lasso({ selection: 'greedy' }), /selection must be one of 'cyclic', 'random'/);
  assert.throws(() => new LogisticRegression({ C: 0 }), /C must be greater than 0, got 0/);
  assert.throws(() => new LogisticRegression({ penalty: 'l3' }), /penalty must be one of 'l2', 'l1', 'elasticnet', 'none'/);
  assert.throws(() => new LogisticRegression({ solver: 'saga' }), /solver must be one of 'lbfgs', 'cd'.*use 'cd'/);
  const m = new LogisticRegression({ penalty: 'l1' });
  assert.throws(() => m.fit([[0], [1], [2], [3]], ['a', 'a', 'b', 'b']), {
    message: "penalty='l1' is not supported by solver 'lbfgs'; valid pairs: lbfgs: l2, none; cd: l1, l2, elasticnet, none",
  });
  assert.throws(() => new LogisticRegression().fit([[0], [1]], ['a', 'a']), /only one class/);
  m.dispose();
});

// Four classes on 320 rows of 40 features of four values each, a third zeros: lbfgs's Xᵀ·R sums R's
// rows a value at a time. The native build's bits (tests/core/logistic_test.cpp
// LogisticRegression.SumsByValueSameBitsInEveryBuild pins the same values).
test('LogisticRegression: the native build\'s bits when X repeats its values', () => {
  const level = (i, j) => (i * 37 + j * 11 + i * j) % 29;
  const X = Array.from({ length: 320 }, (_, i) => Array.from({ length: 40 }, (_, j) => (level(i, j) < 10 ? 0 : (((level(i, j) - 10) % 4) + 1) / 4)));
  const y = X.map((_, i) => (level(i, 0) + level(i, 5) + i) % 4);
  const m = new LogisticRegression().fit(X, y);
  const c = m.coef.data;
  assert.equal(m.nIter[0], 62);
  assert.deepEqual([c[0], c[77], c[159]], [0.06760910288904019, -0.07694640301871322, -0.00286724751510143]);
  assert.deepEqual(Array.from(m.intercept), [-0.04258946230874896, 0.24394376435083387, -0.10568268780173624, -0.09567161424034867]);
  m.dispose();
});

test('LogisticRegression equals scikit-learn: binary, multinomial iris and digits (zeros skipped) probabilities, l1 objective', () => {
  for (const i of [0, 4, 5, 7, 8, 11]) {
    const c = fx.logistic[i];
    const labels = c.y.map((v) => `class ${v}`);
    const m = new LogisticRegression({ ...c.options, tol: 1e-8 }).fit(c.X, labels);
    const P = m.predictProba(c.X);
    assert.deepEqual([P.rows, P.cols], [c.proba.length, c.proba[0].length]);
    near(P.data, c.proba, i === 11 ? 1e-3 : 1e-6, `proba ${i}`);
    if (i !== 11) near(m.coef.data, c.coef, 1e-5, `coef ${i}`);
    assert.deepEqual(m.predict(c.X), c.predict.map((v) => `class ${v}`));
    const logP = m.predictLogProba(c.X);
    assert.ok(Math.abs(Math.exp(logP.data[0]) - P.data[0]) < 1e-15);
    const loaded = LogisticRegression.fromJSON(JSON.stringify(m));
    assert.deepEqual(loaded.predictProba(c.X), P);
    m.dispose();
    loaded.dispose();
  }
});

test("classWeight as an object keyed by label equals scikit-learn's class_weight dict, for number and string labels", () => {
  const names = ['setosa', 'versicolor', 'virginica'];
  const cases = fx.logistic.filter((c) => typeof c.options.classWeight === 'object');
  assert.equal(cases.length, 3);
  for (const c of cases) {
    const tol = c.options.penalty === 'l1' ? 1e-3 : 1e-6;  // l1: saga's reference is less exact
    const numbers = new LogisticRegression({ ...c.options, tol: 1e-8 }).fit(c.X, c.y);
    near(numbers.predictProba(c.X).data, c.proba, tol, `proba ${JSON.stringify(c.options)}`);
    const byName = Object.fromEntries(Object.entries(c.options.classWeight).map(([code, w]) => [names[code], w]));
    const strings = new LogisticRegression({ ...c.options, classWeight: byName, tol: 1e-8 }).fit(c.X, c.y.map((v) => names[v]));
    near(strings.predictProba(c.X).data, c.proba, tol, `proba with string labels ${JSON.stringify(byName)}`);
    assert.deepEqual(strings.getParams().classWeight, byName);
    const loaded = LogisticRegression.fromJSON(JSON.stringify(strings));
    assert.deepEqual(loaded.getParams().classWeight, byName);
    assert.deepEqual(loaded.predictProba(c.X), strings.predictProba(c.X));
    for (const m of [numbers, strings, loaded]) m.dispose();
  }
});

test('classWeight objects: a label not in y or a bad weight is named; setParams replaces the object', () => {
  const X = [[0], [1], [2], [3], [4], [5]], y = ['cat', 'cat', 'bird', 'bird', 'cat', 'bird'];
  const m = new LogisticRegression({ classWeight: { cat: 2, dog: 1 } });
  assert.throws(() => m.fit(X, y), { message: 'classWeight names the label "dog", which is not a class of y (classes: "bird", "cat")' });
  assert.throws(() => new LogisticRegression({ classWeight: { cat: -1 } }), { message: 'classWeight must be a number at least 0 for each label, got -1 for label "cat"' });
  assert.throws(() => new LogisticRegression({ classWeight: { cat: '2' } }), { message: 'classWeight must be a number at least 0 for each label, got "2" for label "cat"' });
  assert.throws(() => new LogisticRegression({ classWeight: [1, 2, 3] }).fit(X, y), /classWeight must hold one weight per class \(2\), got 3/);
  // The same weights as an object, as an array in class order (bird, cat), and doubled samples agree.
  m.setParams({ classWeight: { cat: 2 }, tol: 1e-10 }).fit(X, y);
  const asArray = new LogisticRegression({ classWeight: [1, 2], tol: 1e-10 }).fit(X, y);
  const repeated = new LogisticRegression({ tol: 1e-10 }).fit([...X, [0], [1], [4]], [...y, 'cat', 'cat', 'cat']);
  near(m.coef.data, asArray.coef.data, 0, 'object vs array');
  near(m.coef.data, repeated.coef.data, 1e-6, 'weight 2 vs repeated samples');
  m.setParams({ classWeight: 'balanced' });
  assert.equal(m.getParams().classWeight, 'balanced');
  for (const e of [m, asArray, repeated]) e.dispose();
});

test('more features than samples and constant features: finite fits, constant columns get weight 0', () => {
  // p > n: 4 samples, 10 features (a hand pattern); the l2 and l1 fits separate them with finite weights.
  const X = [0, 1, 2, 3].map((i) => Array.from({ length: 10 }, (_, j) => Math.sin(1 + i * 10 + j)));
  for (const options of [{}, { solver: 'cd', penalty: 'l1' }, { solver: 'cd', penalty: 'elasticnet', l1Ratio: 0.5 }]) {
    const m = new LogisticRegression({ ...options, C: 10 }).fit(X, ['a', 'b', 'a', 'b']);
    assert.ok(Array.from(m.coef.data).every(Number.isFinite), JSON.stringify(options));
    assert.deepEqual(m.predict(X), ['a', 'b', 'a', 'b']);
    m.dispose();
  }
  // A constant column carries no information beside the intercept: its weight is 0 and the other
  // weights are those of the fit without it (l2, lbfgs and cd; Lasso).
  const base = [[0, 1], [1, 3], [2, 2], [3, 5], [4, 4], [5, 7]], y = [0, 0, 1, 0, 1, 1];
  const withConstant = base.map((r) => [r[0], 7, r[1]]);
  for (const solver of ['lbfgs', 'cd']) {
    const a = new LogisticRegression({ solver, tol: 1e-10 }).fit(base, y), b = new LogisticRegression({ solver, tol: 1e-10 }).fit(withConstant, y);
    near([b.coef.data[1]], [0], 1e-6, `${solver} constant column`);
    near([b.coef.data[0], b.coef.data[2]], Array.from(a.coef.data), 1e-6, `${solver} other columns`);
    a.dispose();
    b.dispose();
  }
  const lasso = new Lasso({ alpha: 0.01 }).fit(withConstant, base.map((r) => r[0] + 2 * r[1]));
  assert.equal(lasso.coef[1], 0);
  lasso.dispose();
  assert.throws(() => new LogisticRegression({ l1Ratio: 1.5 }), { message: 'l1Ratio must be in [0, 1], got 1.5' });
  assert.throws(() => new LogisticRegression({ C: -1 }), /C must be greater than 0, got -1/);
});

test('separable data without a penalty stops with a warning and finite numbers', () => {
  const X = [[0, 0], [1, 0], [0, 1], [3, 3], [4, 3], [3, 4]];
  const m = new LogisticRegression({ penalty: 'none' }).fit(X, [0, 0, 0, 1, 1, 1]);
  assert.ok(m.warnings.some((w) => w.kind === 'convergence'));
  assert.ok(Array.from(m.coef.data ?? m.coef).every(Number.isFinite));
  assert.ok(Array.from(m.predictProba(X).data).every(Number.isFinite));
  m.dispose();
});
