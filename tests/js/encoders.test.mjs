// SimpleImputer, KBinsDiscretizer (core, through the WASM package) and the JS encoders OneHotEncoder,
// OrdinalEncoder, LabelEncoder: every case of tests/fixtures/encoders.json (scikit-learn 1.2.1; n past
// 256, p at and past 8, 16 and 17, ties, constant and empty features, mixed string and number
// columns), NaN through a Pipeline, encoders in pipelines, cross-validation and searches, JSON round
// trips and the errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from 'wasmlearn';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/encoders.json', import.meta.url), 'utf8'));
const nan = (rows) => rows.map((r) => r.map((v) => (v === null ? NaN : v)));
const near = (actual, expected, tol, what) => {
  const a = Array.from(actual?.data ?? actual), e = expected.flat();
  assert.equal(a.length, e.length, `${what} length`);
  a.forEach((v, i) => {
    if (e[i] === null || Number.isNaN(e[i])) assert.ok(Number.isNaN(v), `${what}[${i}]: ${v} vs NaN`);
    else assert.ok(Math.abs(v - e[i]) <= tol * Math.max(1, Math.abs(e[i])), `${what}[${i}]: ${v} vs ${e[i]}`);
  });
};

test('SimpleImputer equals scikit-learn: statistics, indicator features, transform, JSON round trip', () => {
  assert.equal(fixture.imputer.length, 30);
  for (const [i, c] of fixture.imputer.entries()) {
    const what = `imputer case ${i} ${JSON.stringify(c.options)}`;
    const model = new wl.SimpleImputer(c.options).fit(nan(c.X));
    near(model.statistics, c.statistics, 1e-12, `${what} statistics`);
    if (c.options.addIndicator) assert.deepEqual(Array.from(model.indicatorFeatures), c.indicatorFeatures, what);
    const out = model.transform(nan(c.E));
    near(out, c.transform, 1e-12, `${what} transform`);
    const copy = wl.loadModel(JSON.parse(JSON.stringify(model)));
    assert.deepEqual(copy.transform(nan(c.E)), out, `${what} round trip`);
    [model, copy].forEach((m) => m.dispose());
  }
});

test('KBinsDiscretizer equals scikit-learn: edges, bins per feature, transform, inverse transform', () => {
  assert.equal(fixture.bins.length, 26);
  for (const [i, c] of fixture.bins.entries()) {
    const what = `bins case ${i} ${JSON.stringify(c.options)}`;
    const model = new wl.KBinsDiscretizer(c.options).fit(c.X);
    assert.deepEqual(Array.from(model.nBinsPerFeature), c.nBinsPerFeature, what);
    const edges = model.binEdges;
    c.binEdges.forEach((row, j) =>
      row.forEach((e, b) => {
        const v = edges.get(j, b);
        if (c.constant[j] && b < 2) assert.equal(v, b === 0 ? -Infinity : Infinity, `${what} constant feature ${j}`);
        else if (e === null) assert.ok(Number.isNaN(v), `${what} padding (${j}, ${b})`);
        else assert.ok(Math.abs(v - e) <= 1e-12 * Math.max(1, Math.abs(e)), `${what} edge (${j}, ${b}): ${v} vs ${e}`);
      }),
    );
    const out = model.transform(c.E);
    near(out, c.transform, 0, `${what} transform`);
    near(model.inverseTransform(out), c.inverse, 1e-12, `${what} inverse`);
    model.dispose();
  }
  assert.throws(() => new wl.KBinsDiscretizer({ encode: 'onehot' }), /use 'onehot-dense'/);
});

test('KBinsDiscretizer subsample (≥ 1.5, every strategy): all rows when n ≤ subsample, else the seeded permutation\'s first rows', () => {
  const X = Array.from({ length: 600 }, (_, i) => [Math.sin(i * 1.3) * 10, ((i * 37) % 101) / 7, Math.cos(i) ** 3]);
  for (const strategy of ['quantile', 'uniform', 'kmeans']) {
    const edges = (options, rows = X) => new wl.KBinsDiscretizer({ strategy, nBins: 4, ...options }).fit(rows).binEdges.toArray();
    const all = edges({ subsample: null });
    // The default (200 000) and any subsample ≥ n use every row: exactly the unsampled edges.
    assert.deepEqual(edges({}), all, strategy);
    assert.deepEqual(edges({ subsample: 600, randomState: 5 }), all, strategy);
    // 100 rows: those of the seeded permutation (modelSelection.permutation, the same generator), so the
    // same randomState gives the same edges and another seed other edges.
    const order = wl.modelSelection.permutation({ nSamples: 600, randomState: 3 }).subarray(0, 100);
    const chosen = Array.from(order).sort((a, b) => a - b).map((i) => X[i]);
    const sampled = edges({ subsample: 100, randomState: 3 });
    assert.deepEqual(sampled, edges({ subsample: null }, chosen), strategy);
    assert.deepEqual(edges({ subsample: 100, randomState: 3 }), sampled, strategy);
    assert.notDeepEqual(edges({ subsample: 100, randomState: 4 }), sampled, strategy);
  }
  assert.throws(() => new wl.KBinsDiscretizer({ subsample: 0 }), /subsample must be at least 1/);
  assert.throws(() => new wl.KBinsDiscretizer({ subsample: 2.5 }), /subsample must be an integer/);
  assert.throws(() => new wl.KBinsDiscretizer({ randomState: -1 }), /randomState must be at least 0/);
});

test('only SimpleImputer takes NaN; in a Pipeline imputer -> scaler -> model works on rows with NaN', () => {
  assert.deepEqual(wl.estimators().filter((m) => m.allowsNan).map((m) => m.name), ['SimpleImputer']);
  const X = Array.from({ length: 300 }, (_, i) => [Math.sin(i), i % 7 === 0 ? NaN : Math.cos(i) * 3, (i % 5) - 2]);
  const y = X.map((r, i) => (Math.sin(i) + (i % 5) > 1.5 ? 'yes' : 'no'));
  assert.throws(() => new wl.StandardScaler().fit(X), { message: 'X contains NaN at row 0, column 1' });
  const pipe = wl.makePipeline(new wl.SimpleImputer({ strategy: 'median' }), new wl.StandardScaler(), new wl.LogisticRegression());
  pipe.fit(X, y);
  // By hand: the median fills the NaNs, then the same scaler and model.
  const filled = new wl.SimpleImputer({ strategy: 'median' }).fit(X).transform(X);
  const byHand = new wl.LogisticRegression().fit(new wl.StandardScaler().fit(filled).transform(filled), y);
  assert.deepEqual(pipe.predictProba(X), byHand.predictProba(new wl.StandardScaler().fit(filled).transform(filled)));
  assert.ok(pipe.score(X, y) > 0.8);
  const restored = wl.loadModel(JSON.stringify(pipe));
  assert.deepEqual(restored.predict(X), pipe.predict(X));
  const imputer = new wl.SimpleImputer({ missingValues: -1 });
  assert.throws(() => imputer.fit(X), { message: 'X contains NaN at row 0, column 1' });
  assert.throws(() => new wl.SimpleImputer({ missingValues: NaN }), /missingValues must be a finite number/);
});

const encoderOf = (c) => new wl[c.encoder](c.options);

test('OneHotEncoder, OrdinalEncoder and LabelEncoder equal scikit-learn on mixed string and number columns', () => {
  let count = 0;
  for (const [i, c] of fixture.encoders.entries()) {
    const what = `${c.encoder} case ${i} ${JSON.stringify(c.options ?? {})}`;
    if (c.encoder === 'LabelEncoder') {
      const le = new wl.LabelEncoder().fit(c.y);
      assert.deepEqual(Array.from(le.classes), c.classes, what);
      assert.deepEqual(Array.from(le.transform(c.y)), c.transform, what);
      assert.deepEqual(Array.from(le.inverseTransform(le.transform(c.y))), c.y, what);
      assert.deepEqual(Array.from(wl.LabelEncoder.fromJSON(JSON.stringify(le)).transform(c.y)), c.transform, `${what} round trip`);
      count++;
      continue;
    }
    const model = encoderOf(c).fit(c.X);
    assert.deepEqual(model.categories, c.categories, what);
    const out = model.transform(c.E);
    near(out, c.transform, 0, what);
    const copy = wl.loadModel(JSON.parse(JSON.stringify(model)));
    assert.equal(copy.constructor, model.constructor);
    assert.deepEqual(copy.transform(c.E), out, `${what} round trip`);
    const unknown = c.options.handleUnknown && c.options.handleUnknown !== 'error';
    if (!unknown) assert.deepEqual(model.inverseTransform(out), c.E, `${what} inverse`);
    count++;
  }
  assert.equal(count, fixture.encoders.length);
});

test('encoders: unknown categories, bad options and bad input are clear Errors', () => {
  const rows = [['red', 1], ['blue', 2], ['red', 3]];
  const hot = new wl.OneHotEncoder().fit(rows);
  assert.throws(() => hot.transform([['green', 1]]), { message: "OneHotEncoder: found unknown category 'green' in column 0 (row 0) during transform" });
  assert.throws(() => hot.transform([['red', 7]]), { message: 'OneHotEncoder: found unknown category 7 in column 1 (row 0) during transform' });
  assert.throws(() => hot.transform([['red', 'x']]), /X\[0\]\[1\] is a string but column 1 was fitted with numbers/);
  assert.throws(() => hot.transform([['red']]), { message: 'X has 1 columns but the model was fitted with 2' });
  assert.throws(() => new wl.OneHotEncoder({ handleUnknown: 'infrequent' }), /handleUnknown must be 'error', 'ignore' or 'infrequent_if_exist'/);
  assert.throws(() => new wl.OneHotEncoder({ sparse: false }), { message: "Unknown option 'sparse' for OneHotEncoder; valid options: categories, drop, handleUnknown, minFrequency, maxCategories" });
  assert.throws(() => new wl.OneHotEncoder().fit([['a', 1], [2, 1]]), /column 0 mixes strings and numbers \(row 1\)/);
  assert.throws(() => new wl.OneHotEncoder().fit([['a', NaN]]), /X\[0\]\[1\] must be a string or a finite number, got NaN/);
  assert.throws(() => new wl.OneHotEncoder({ drop: ['purple', null] }).fit(rows), { message: "drop[0] is 'purple', which is not a category of column 0" });
  assert.throws(() => new wl.OneHotEncoder({ categories: [['red'], [1, 2, 3]] }).fit(rows), /unknown category 'blue' in column 0 \(row 1\) during fit/);
  assert.throws(() => new wl.OneHotEncoder().fit(rows, null, { sampleWeight: [1, 2, 3] }), /fit takes no options/);
  assert.throws(() => new wl.OneHotEncoder().transform(rows), { name: 'NotFittedError' });
  assert.throws(() => new wl.OrdinalEncoder({ handleUnknown: 'use_encoded_value' }).fit(rows), /unknownValue must be set/);
  assert.throws(() => new wl.OrdinalEncoder({ handleUnknown: 'use_encoded_value', unknownValue: 1 }).fit(rows), /unknownValue 1 is already the code/);
  const ordinal = new wl.OrdinalEncoder({ handleUnknown: 'use_encoded_value', unknownValue: NaN }).fit(rows);
  assert.ok(Number.isNaN(ordinal.transform([['green', 1]]).get(0, 0)));
  assert.deepEqual(ordinal.inverseTransform([[NaN, 0]]), [[null, 1]]);
  assert.throws(() => new wl.LabelEncoder().fit(['a', 'b']).transform(['c']), { message: "y contains the previously unseen label 'c'" });
  // drop 'first' and 'if_binary': the first category of every / of two-category columns gets no column.
  assert.deepEqual(new wl.OneHotEncoder({ drop: 'first' }).fit(rows).transform(rows).toArray(), [[1, 0, 0], [0, 1, 0], [1, 0, 1]]);
  assert.deepEqual(new wl.OneHotEncoder({ drop: 'if_binary' }).fit(rows).transform(rows).toArray(), [[1, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 1]]);
});

test('OneHotEncoder infrequent categories equal scikit-learn: minFrequency, maxCategories, drop, handleUnknown', () => {
  // Python writes a float category 10.0 where JS writes 10.
  const jsNumber = (name) => name.replace(/(\d)\.0$/, '$1');
  assert.ok(fixture.infrequent.length >= 12);
  for (const [i, c] of fixture.infrequent.entries()) {
    const what = `infrequent case ${i} ${JSON.stringify(c.options)}`;
    const model = new wl.OneHotEncoder(c.options).fit(c.X);
    assert.deepEqual(model.categories, c.categories, what);
    assert.deepEqual(model.infrequentCategories, c.infrequentCategories, what);
    const out = model.transform(c.E);
    near(out, c.transform, 0, what);
    assert.deepEqual(model.inverseTransform(out), c.inverse, `${what} inverse`);
    assert.deepEqual(model.getFeatureNamesOut(), c.featureNamesOut.map(jsNumber), `${what} names`);
    const copy = wl.loadModel(JSON.parse(JSON.stringify(model)));
    assert.deepEqual(copy.transform(c.E), out, `${what} round trip`);
    assert.deepEqual(copy.infrequentCategories, c.infrequentCategories, `${what} round trip`);
  }
});

test('OneHotEncoder infrequent categories by hand, and their errors', () => {
  // a: 3, b: 2, c: 1, d: 1. minFrequency 2 groups c and d; a fraction 0.4 of 7 rows (2.8) also b.
  const rows = [['a'], ['a'], ['a'], ['b'], ['b'], ['c'], ['d']];
  const count = new wl.OneHotEncoder({ minFrequency: 2 }).fit(rows);
  assert.deepEqual(count.infrequentCategories, [['c', 'd']]);
  assert.deepEqual(count.transform([['a'], ['c'], ['d'], ['b']]).toArray(), [[1, 0, 0], [0, 0, 1], [0, 0, 1], [0, 1, 0]]);
  assert.deepEqual(count.getFeatureNamesOut(['letter']), ['letter_a', 'letter_b', 'letter_infrequent_sklearn']);
  assert.deepEqual(count.inverseTransform([[0, 0, 1]]), [['infrequent_sklearn']]);
  assert.deepEqual(new wl.OneHotEncoder({ minFrequency: 0.4 }).fit(rows).infrequentCategories, [['b', 'c', 'd']]);
  // maxCategories 2: one frequent column and the infrequent one; ties broken by category order.
  assert.deepEqual(new wl.OneHotEncoder({ maxCategories: 2 }).fit(rows).infrequentCategories, [['b', 'c', 'd']]);
  assert.deepEqual(new wl.OneHotEncoder({ maxCategories: 3 }).fit(rows).infrequentCategories, [['c', 'd']]);
  // Unknown categories: an Error, all zeros, or the infrequent column.
  assert.throws(() => count.transform([['z']]), /found unknown category 'z' in column 0/);
  assert.deepEqual(new wl.OneHotEncoder({ minFrequency: 2, handleUnknown: 'ignore' }).fit(rows).transform([['z']]).toArray(), [[0, 0, 0]]);
  const ifExist = new wl.OneHotEncoder({ minFrequency: 2, handleUnknown: 'infrequent_if_exist' }).fit(rows);
  assert.deepEqual(ifExist.transform([['z']]).toArray(), [[0, 0, 1]]);
  // Without infrequent categories (the default) the attribute does not exist, as scikit-learn's.
  assert.throws(() => new wl.OneHotEncoder().fit(rows).infrequentCategories, /infrequentCategories is defined when minFrequency or maxCategories is set/);
  assert.throws(() => new wl.OneHotEncoder({ minFrequency: 2, drop: ['c'] }).fit(rows), /drop\[0\]: unable to drop category 'c' from feature 0 because it is infrequent/);
  assert.throws(() => new wl.OneHotEncoder({ minFrequency: 0 }), /minFrequency must be null, an integer count at least 1 or a fraction in \(0, 1\)/);
  assert.throws(() => new wl.OneHotEncoder({ minFrequency: 1.5 }), /minFrequency must be/);
  assert.throws(() => new wl.OneHotEncoder({ maxCategories: 0 }), /maxCategories must be null or an integer at least 1/);
  assert.throws(() => count.getFeatureNamesOut(['a', 'b']), /inputFeatures must be 1 strings/);
  const saved = JSON.parse(JSON.stringify(count));
  saved.state.infrequent = [[9]];
  assert.throws(() => wl.loadModel(saved), /state.infrequent must hold/);
});

test('encoders in a Pipeline, cross-validation and a grid search over string rows; clone and JSON', async () => {
  const colours = ['red', 'green', 'blue', 'amber'];
  const X = Array.from({ length: 120 }, (_, i) => [colours[i % 4], (i * 7) % 5, i % 3 === 0 ? 'small' : 'large']);
  const y = X.map((r) => (r[0] === 'red' || r[2] === 'small' ? 'a' : 'b'));
  const pipe = wl.makePipeline(new wl.OneHotEncoder(), new wl.LogisticRegression());
  assert.deepEqual(pipe.steps.map(([name]) => name), ['onehotencoder', 'logisticregression']);
  assert.equal(pipe.fit(X, y).score(X, y), 1);
  const restored = wl.loadModel(JSON.stringify(pipe));
  assert.deepEqual(restored.predict(X), pipe.predict(X));
  const twin = wl.clone(pipe);
  assert.deepEqual(twin.getParams().onehotencoder__drop, null);
  assert.throws(() => twin.predict(X), { name: 'NotFittedError' });
  const scores = await wl.crossValScore(pipe, X, y, { cv: 3 });
  assert.deepEqual(Array.from(scores), [1, 1, 1]);
  const search = new wl.GridSearchCV(pipe, { onehotencoder__drop: [null, 'first'], logisticregression__C: [0.01, 1] }, { cv: 3 });
  await search.fit(X, y);
  assert.equal(search.cvResults.params.length, 4);
  assert.equal(search.bestScore, 1);
  assert.deepEqual(search.predict(X), pipe.predict(X));
});
