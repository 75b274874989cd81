// Warnings as a scikit-learn user meets them: each distinct one printed once through console.warn
// ("wasmlearn ConvergenceWarning: ..."), switched globally by setConfig and per fit by its
// `warnings` option; 'error' makes the call throw (the model stays fitted, its warnings kept).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KMeans, Lasso, RadiusNeighborsRegressor, Pipeline, StandardScaler, setConfig, getConfig, metrics, terminatePools } from '../../bindings/js/index.js';

// Duplicated points: fewer distinct clusters than nClusters, a ConvergenceWarning in scikit-learn too.
const duplicated = [[0, 0], [0, 0], [1, 1], [1, 1]];

// What console.warn printed while f ran.
function printed(f) {
  const lines = [];
  const original = console.warn;
  console.warn = (...args) => lines.push(args.join(' '));
  try {
    f();
  } finally {
    console.warn = original;
  }
  return lines;
}

test('by default each distinct warning is printed once, named after its scikit-learn class', () => {
  assert.deepEqual(getConfig(), { warnings: 'warn' });
  let km;
  const first = printed(() => (km = new KMeans({ nClusters: 3, nInit: 1, randomState: 0 }).fit(duplicated)));
  assert.equal(first.length, 1);
  assert.match(first[0], /^wasmlearn ConvergenceWarning: Number of distinct clusters \(2\) found smaller than nClusters \(3\)/);
  assert.equal(first[0], `wasmlearn ConvergenceWarning: ${km.warnings[0].message}`);
  // The same warning again (another model, same message): not printed again, still in model.warnings.
  const again = new KMeans({ nClusters: 3, nInit: 1, randomState: 0 });
  assert.deepEqual(printed(() => again.fit(duplicated)), []);
  assert.deepEqual(again.warnings.map((w) => w.kind), ['convergence']);
  // A parameter warning prints as scikit-learn's UserWarning.
  const lasso = new Lasso({ alpha: 0 });
  const lines = printed(() => lasso.fit([[0], [1], [2], [3]], [0, 1, 2, 3.5]));
  assert.equal(lines.length, 1);
  assert.ok(lines[0].startsWith('wasmlearn UserWarning: '), lines[0]);
  assert.equal(lasso.warnings[0].kind, 'parameter');
  [km, again, lasso].forEach((m) => m.dispose());
});

test('a method reports its own warnings (RadiusNeighborsRegressor.predict), not those fit left', () => {
  const rr = new RadiusNeighborsRegressor({ radius: 0.5 }).fit([[0], [1]], [0, 1]);
  assert.deepEqual(printed(() => rr.predict([[0.1]])), []);
  const lines = printed(() => rr.predict([[10], [11]]));
  assert.equal(lines.length, 1);
  assert.match(lines[0], /^wasmlearn UserWarning: RadiusNeighborsRegressor: 2 of the 2 /);
  const km = new KMeans({ nClusters: 3, nInit: 1, randomState: 1 }).fit(duplicated, undefined, { warnings: 'ignore' });
  setConfig({ warnings: 'error' });
  try {
    assert.throws(() => rr.predict([[20]]), { name: 'UserWarning' });
    // KMeans.predict adds no warning: the one its fit left does not make predict throw, nor does
    // the one a saved model brings back.
    assert.deepEqual(km.predict([[0, 0], [1, 1]]), km.labels.filter((_, i) => i % 2 === 0));
    const loaded = KMeans.fromJSON(JSON.stringify(km));
    assert.equal(loaded.warnings.length, 1);
    assert.deepEqual(loaded.predict([[0, 0], [1, 1]]), km.predict([[0, 0], [1, 1]]));
    loaded.dispose();
  } finally {
    setConfig({ warnings: 'warn' });
  }
  [rr, km].forEach((m) => m.dispose());
});

test("'ignore' and 'error', globally and per fit; the per-fit option wins", () => {
  const previous = setConfig({ warnings: 'ignore' });
  assert.deepEqual(previous, { warnings: 'warn' });
  try {
    const quiet = new KMeans({ nClusters: 3, nInit: 1, randomState: 2 });
    assert.deepEqual(printed(() => quiet.fit(duplicated)), []);
    assert.equal(quiet.warnings.length, 1);
    setConfig({ warnings: 'error' });
    const strict = new KMeans({ nClusters: 3, nInit: 1, randomState: 3 });
    assert.throws(() => strict.fit(duplicated), (e) => {
      assert.equal(e.name, 'ConvergenceWarning');
      assert.match(e.message, /^wasmlearn ConvergenceWarning: Number of distinct clusters \(2\)/);
      assert.deepEqual(e.warning, strict.warnings[0]);
      return true;
    });
    // As after Python's simplefilter('error'), the fit raised; here the model is fitted all the same.
    assert.equal(strict.predict([[1, 1]]).length, 1);
    // Per fit: 'ignore' under a global 'error'.
    assert.doesNotThrow(() => strict.fit(duplicated, undefined, { warnings: 'ignore' }));
    // A fit without warnings does not throw under 'error'.
    assert.doesNotThrow(() => new KMeans({ nClusters: 2, nInit: 1 }).fit(duplicated).dispose());
    // Module functions follow the setting too (scikit-learn's UndefinedMetricWarning).
    assert.throws(() => metrics.precisionScore([0, 1], [0, 0]), { name: 'UserWarning', message: /^wasmlearn UserWarning: precisionScore: Precision is ill-defined/ });
    setConfig({ warnings: 'warn' });
    const ignored = new KMeans({ nClusters: 3, nInit: 1, randomState: 4 });
    assert.throws(() => ignored.fit(duplicated, undefined, { warnings: 'error' }), { name: 'ConvergenceWarning' });
    [quiet, strict, ignored].forEach((m) => m.dispose());
  } finally {
    setConfig(previous);
  }
});

test('bad settings and warnings options are Errors naming them', () => {
  assert.throws(() => setConfig({ warnings: 'loud' }), { message: `warnings must be one of 'warn', 'ignore', 'error', got "loud"` });
  assert.throws(() => setConfig({ verbose: 1 }), { message: "Unknown setting 'verbose'; valid settings: warnings" });
  assert.throws(() => setConfig('ignore'), { message: "setConfig takes an object like { warnings: 'ignore' }, got string" });
  assert.deepEqual(getConfig(), { warnings: 'warn' });
  const km = new KMeans({ nClusters: 2 });
  assert.throws(() => km.fit(duplicated, undefined, { warnings: true }), { message: `warnings must be one of 'warn', 'ignore', 'error', got true` });
  assert.throws(() => km.fit(duplicated, undefined, { warning: 'ignore' }), { message: "Unknown fit option 'warning' for KMeans; valid fit options: sampleWeight, warnings" });
  // A Pipeline addresses fit options to steps: { kmeans__warnings: 'ignore' }.
  const pipe = new Pipeline([['scale', new StandardScaler()], ['kmeans', new KMeans({ nClusters: 3, nInit: 1, randomState: 5 })]]);
  assert.deepEqual(printed(() => pipe.fit(duplicated, undefined, { kmeans__warnings: 'ignore' })), []);
  km.dispose();
});

test('fitAsync reports in the calling thread, by its own option or the setting', { timeout: 60000 }, async () => {
  const km = new KMeans({ nClusters: 3, nInit: 1, randomState: 6 });
  await assert.rejects(km.fitAsync(duplicated, undefined, { warnings: 'error' }), { name: 'ConvergenceWarning' });
  assert.equal(km.warnings[0].kind, 'convergence');
  assert.equal(km.predict([[0, 0]]).length, 1);
  const quiet = new KMeans({ nClusters: 3, nInit: 1, randomState: 7 });
  const original = console.warn;
  const lines = [];
  console.warn = (...args) => lines.push(args.join(' '));
  try {
    await quiet.fitAsync(duplicated, undefined, { warnings: 'ignore' });
  } finally {
    console.warn = original;
  }
  assert.deepEqual(lines, []);
  [km, quiet].forEach((m) => m.dispose());
  terminatePools();
});
