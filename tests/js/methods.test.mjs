// The table of standard methods (core/include/wasmlearn/base/standard_methods.hpp) through the WASM
// package: scoreSamples, added as one entry of it, against scikit-learn's
// GaussianMixture.score_samples (tests/fixtures/score_samples.json); every method of the table in
// the metadata, the TypeScript declarations and the docs; warnings as { kind, message }.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  GaussianMixture, KMeans, Lasso, Perceptron, RadiusNeighborsRegressor, QuadraticDiscriminantAnalysis, StandardScaler,
  KNeighborsClassifier, estimators,
} from 'wasmlearn';
import { standardMethods } from '../../bindings/js/estimator.js';
import { close } from './fixture_helpers.mjs';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/score_samples.json', import.meta.url), 'utf8'));
const dts = readFileSync(new URL('../../bindings/js/index.d.ts', import.meta.url), 'utf8');
const api = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

test('scoreSamples equals scikit-learn\'s GaussianMixture.score_samples (n = 300, p = 9 and 17)', () => {
  for (const c of fixture.cases) {
    const init = { nComponents: 3, covarianceType: c.covariance_type, weightsInit: c.weights_init, meansInit: c.means_init, precisionsInit: c.precisions_init };
    const what = `p=${c.p} ${c.covariance_type}`;
    // One EM step from the same start: the same arithmetic, so agreement to rounding.
    const oneStep = new GaussianMixture({ ...init, maxIter: 1 }).fit(c.X);
    const got = oneStep.scoreSamples(c.X);
    assert.ok(got instanceof Float64Array && got.length === 300, what);
    close(got, c.one_step, 1e-9, `${what} one step`);
    assert.ok(Math.abs(oneStep.score(c.X) - got.reduce((a, b) => a + b) / got.length) < 1e-12, 'score is the mean of scoreSamples');
    // Run to convergence (the default maxIter): the same optimum.
    const converged = new GaussianMixture({ ...init, tol: 1e-10 }).fit(c.X);
    assert.equal(converged.nIter, c.converged_n_iter, what);
    close(converged.scoreSamples(c.X), c.converged, 1e-8, `${what} converged`);
    [oneStep, converged].forEach((m) => m.dispose());
  }
  // The default model (k-means start) also scores: finite, one value per row, mean = score.
  const { X } = fixture.cases[0];
  const g = new GaussianMixture({ nComponents: 3 }).fit(X);
  const s = g.scoreSamples(X.slice(0, 7));
  assert.equal(s.length, 7);
  assert.ok(Math.abs(g.score(X.slice(0, 7)) - s.reduce((a, b) => a + b) / 7) < 1e-12);
  assert.throws(() => g.scoreSamples([[1, 2]]), { message: 'X has 2 columns but the model was fitted with 9' });
  assert.throws(() => new GaussianMixture().scoreSamples(X), { name: 'NotFittedError' });
  g.dispose();
});

// An estimator's class in index.d.ts (a classifier's is generic: `class SVC<L ...>`).
function classBlock(name) {
  const start = dts.search(new RegExp(`export declare class ${name}[ <]`));
  return dts.slice(start, dts.indexOf('\n}\n', start));
}

test('every method of the table is in the metadata, the TypeScript declarations and the docs', () => {
  const all = estimators();
  assert.ok(standardMethods.some((s) => s.name === 'scoreSamples'));
  for (const spec of standardMethods) {
    const having = all.filter((m) => m.methods.includes(spec.name));
    assert.ok(having.length > 0, `no estimator has ${spec.name}`);
    assert.ok(api.includes(`| \`${spec.name}\` | \`${spec.args}\` | ${spec.result} |`), `docs table lacks ${spec.name}`);
    for (const m of having) {
      const block = classBlock(m.name);
      assert.ok(block.includes(`  ${spec.name}(`), `index.d.ts: ${m.name} lacks ${spec.name}`);
      assert.ok(api.includes(`## ${m.name}\n`), `docs lack ${m.name}`);
    }
    for (const m of all.filter((x) => !x.methods.includes(spec.name))) {
      const block = classBlock(m.name);
      assert.ok(!block.includes(`  ${spec.name}(`), `index.d.ts: ${m.name} declares ${spec.name} it does not have`);
    }
  }
  const gm = all.find((m) => m.name === 'GaussianMixture');
  assert.ok(gm.methods.includes('scoreSamples') && !gm.extraMethods.some((e) => e.name === 'scoreSamples'));
  assert.equal(typeof GaussianMixture.prototype.scoreSamples, 'function');
  assert.equal(KMeans.prototype.scoreSamples, undefined);
  // score exists only where it means something: supervised kinds, and estimators with their own.
  assert.equal(StandardScaler.prototype.score, undefined);
  assert.equal(typeof KMeans.prototype.score, 'function');
});

test('standard methods check their arguments as before', () => {
  const X = [[0, 0], [1, 0], [0, 1], [5, 5], [6, 5], [5, 6]];
  const knn = new KNeighborsClassifier({ nNeighbors: 2 }).fit(X, [0, 0, 0, 1, 1, 1]);
  const r = knn.kneighbors([[0, 0]], 3);
  assert.deepEqual(Array.from(r.indices.data).slice(0, 1), [0]);
  assert.equal(r.indices.cols, 3);
  assert.ok(r.indices.data instanceof Int32Array);
  assert.throws(() => knn.kneighbors(X, 0), { message: 'nNeighbors must be at least 1, got 0' });
  assert.throws(() => knn.kneighbors(X, 1.5), { message: 'nNeighbors must be an integer, got 1.5' });
  assert.equal(knn.score(X, [0, 0, 0, 1, 1, 1]), 1);
  knn.dispose();
});

test('warnings are { kind, message }, kept by the model JSON; old string warnings still load', () => {
  const dup = [[0, 0], [0, 0], [1, 1], [1, 1]];
  const km = new KMeans({ nClusters: 3 }).fit(dup);
  assert.deepEqual(km.warnings.map((w) => w.kind), ['convergence']);
  assert.equal(typeof km.warnings[0].message, 'string');
  const saved = km.toJSON();
  assert.deepEqual(saved.state.warnings, km.warnings);
  assert.deepEqual(KMeans.fromJSON(JSON.stringify(saved)).warnings, km.warnings);
  // A model saved before warnings had kinds holds plain strings: they load as the estimator's kind.
  const old = structuredClone(saved);
  old.state.warnings = ['Number of distinct clusters (2) found smaller than nClusters (3).'];
  assert.deepEqual(KMeans.fromJSON(old).warnings, [{ kind: 'convergence', message: old.state.warnings[0] }]);
  old.state.warnings = [{ kind: 'sideways', message: 'x' }];
  assert.throws(() => KMeans.fromJSON(old), /model JSON: warnings kind must be 'convergence', 'data' or 'parameter', got "sideways"/);
  km.dispose();

  const perceptron = new Perceptron({ maxIter: 1, tol: null }).fit([[0, 0], [1, 1], [0, 1], [1, 0]], [0, 1, 1, 0]);
  assert.deepEqual(perceptron.warnings.map((w) => w.kind), ['convergence']);
  const lasso = new Lasso({ alpha: 0 }).fit([[0], [1], [2], [3]], [0, 1, 2, 3.5]);
  assert.equal(lasso.warnings[0].kind, 'parameter');
  const rr = new RadiusNeighborsRegressor({ radius: 0.5 }).fit([[0], [1]], [0, 1]);
  rr.predict([[10]]);
  assert.deepEqual(rr.warnings.map((w) => w.kind), ['data']);
  const q = new QuadraticDiscriminantAnalysis({ regParam: 0.1 }).fit([[0, 0], [1, 1], [2, 2], [5, 6], [6, 8], [7, 6]], [0, 0, 0, 1, 1, 1]);
  assert.deepEqual(q.warnings.map((w) => w.kind), ['data']);
  [perceptron, lasso, rr, q].forEach((m) => m.dispose());
});
