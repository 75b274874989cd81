// sampleWeight through the WASM package for GaussianNB, the trees, the forests, bagging,
// StandardScaler and SplineTransformer: scikit-learn's values (tests/fixtures/weights_trees.json,
// written by weights_trees.py), integer weights against repeated rows, typed-array weights, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  DecisionTreeClassifier, DecisionTreeRegressor, RandomForestClassifier, RandomForestRegressor,
  BaggingClassifier, BaggingRegressor, GaussianNB, StandardScaler, SplineTransformer,
} from 'wasmlearn';
import { close, camel } from './fixture_helpers.mjs';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/weights_trees.json', import.meta.url), 'utf8'));
const classes = { DecisionTreeClassifier, DecisionTreeRegressor, RandomForestClassifier, RandomForestRegressor, BaggingClassifier, BaggingRegressor };

for (const c of fixture.trees) {
  test(`weighted tree '${c.name}' equals scikit-learn's (structure, weighted counts, predictions)`, () => {
    const Class = classes[c.estimator];
    const model = new Class(camel(c.options)).fit(c.X, c.y, { sampleWeight: c.sampleWeight });
    const { tree } = model;
    const ref = c.variants.find((v) => v.feature.length === tree.feature.length && v.feature.every((f, i) => f === tree.feature[i]));
    assert.ok(ref, 'features match one of scikit-learn\'s tie-breaking variants');
    assert.deepEqual(Array.from(tree.childrenLeft), ref.childrenLeft);
    close(tree.threshold, ref.threshold, 0, 'threshold');
    assert.deepEqual(Array.from(tree.nNodeSamples), ref.nNodeSamples);
    close(tree.weightedNNodeSamples, ref.weightedNNodeSamples, 1e-10, 'weightedNNodeSamples');
    if (ref.impurity) close(tree.impurity, ref.impurity, 1e-10, 'impurity');  // left out for absolute_error (see the fixture script)
    close(tree.value.data, ref.value.flat(), 1e-10, 'value');
    if (Class === DecisionTreeClassifier) {
      assert.deepEqual(Array.from(model.predict(c.Q)), ref.predict);
      close(model.predictProba(c.Q).data, ref.predictProba.flat(), 1e-12, 'predictProba');
    } else {
      close(model.predict(c.Q), ref.predict, 1e-10, 'predict');
    }
    model.dispose();
  });
}

test('forests and bagging without their randomness equal scikit-learn\'s weighted ensembles', () => {
  const leafy = { maxDepth: 5, minSamplesLeaf: 5 };
  const options = {
    RandomForestClassifier: { nEstimators: 3, bootstrap: false, maxFeatures: null, ...leafy },
    RandomForestRegressor: { nEstimators: 3, bootstrap: false, maxFeatures: null, ...leafy },
    BaggingClassifier: { nEstimators: 3, bootstrap: false, estimatorOptions: leafy },
    BaggingRegressor: { nEstimators: 3, bootstrap: false, estimatorOptions: leafy },
  };
  for (const c of fixture.ensembles) {
    const model = new classes[c.estimator](options[c.estimator]).fit(c.X, c.y, { sampleWeight: Float64Array.from(c.sampleWeight) });
    if (c.predictProba) {
      close(model.predictProba(c.Q).data, c.predictProba.flat(), 1e-12, `${c.estimator} predictProba`);
      assert.deepEqual(Array.from(model.predict(c.Q)), c.predict);
    } else {
      close(model.predict(c.Q), c.predict, 1e-10, `${c.estimator} predict`);
    }
    model.dispose();
  }
});

test('GaussianNB, StandardScaler and SplineTransformer equal scikit-learn\'s weighted fits', () => {
  for (const c of fixture.naiveBayes) {
    const model = new GaussianNB(camel(c.options)).fit(c.X, c.y, { sampleWeight: c.sampleWeight });
    close(model.theta.data, c.theta.flat(), 1e-12, `${c.name} theta`);
    close(model.var.data, c.var.flat(), 1e-11, `${c.name} var`);
    close(model.classCount, c.classCount, 1e-10, `${c.name} classCount`);
    close(model.predictProba(c.Q).data, c.predictProba.flat(), 1e-10, `${c.name} predictProba`);
    model.dispose();
  }
  for (const c of fixture.standardScaler) {
    const model = new StandardScaler(camel(c.options)).fit(c.X, undefined, { sampleWeight: c.sampleWeight });
    close(model.var, c.var, 1e-10, `${c.name} var`);
    assert.ok(Math.abs(model.nSamplesSeen - c.nSamplesSeen) < 1e-10, `${c.name} nSamplesSeen ${model.nSamplesSeen}`);
    close(model.transform(c.Q).data, c.transform.flat(), 1e-12, `${c.name} transform`);
    model.dispose();
  }
  for (const c of fixture.splines) {
    const model = new SplineTransformer(camel(c.options)).fit(c.X, undefined, { sampleWeight: c.sampleWeight });
    close(model.fullKnots.data, c.fullKnots.flat(), 1e-12, `${c.name} knots`);
    close(model.transform(c.Q).data, c.transform.flat(), 1e-12, `${c.name} transform`);
    model.dispose();
  }
});

test('integer weights (as a Float32Array) equal repeated rows; a zero weight drops the row', () => {
  const c = fixture.trees.find((t) => t.estimator === 'DecisionTreeRegressor');
  const counts = c.sampleWeight.map((w, i) => (Math.round(w * 7) + i) % 4);  // 0..3, a quarter zero
  const repeat = (rows) => rows.flatMap((r, i) => Array(counts[i]).fill(r));
  // Depth-limited, compared on the training rows (see weights_trees_test.cpp for why).
  const regressors = [
    [DecisionTreeRegressor, { maxDepth: 4 }], [RandomForestRegressor, { nEstimators: 3, bootstrap: false, maxFeatures: null, maxDepth: 4 }],
    [BaggingRegressor, { nEstimators: 3, bootstrap: false, estimatorOptions: { maxDepth: 4 } }],
  ];
  for (const [Class, options] of regressors) {
    const weighted = new Class(options).fit(c.X, c.y, { sampleWeight: Float32Array.from(counts) });
    const repeated = new Class(options).fit(repeat(c.X), repeat(c.y));
    close(weighted.predict(c.X), repeated.predict(c.X), 1e-10, Class.name);
    const unweighted = new Class(options).fit(c.X, c.y);
    assert.ok(unweighted.predict(c.Q).some((v, i) => Math.abs(v - weighted.predict(c.Q)[i]) > 1e-3), `${Class.name}: the weights change the model`);
    for (const m of [weighted, repeated, unweighted]) m.dispose();
  }
  const labels = fixture.trees[0].y.map((k) => ['low', 'mid', 'high'][k]);
  const X = fixture.trees[0].X;
  const nb = new GaussianNB({ varSmoothing: 0 }).fit(X, labels, { sampleWeight: counts });
  const nbRepeated = new GaussianNB({ varSmoothing: 0 }).fit(repeat(X), repeat(labels));
  assert.deepEqual(nb.classes, nbRepeated.classes);
  close(nb.predictProba(X).data, nbRepeated.predictProba(X).data, 1e-10, 'GaussianNB');
  close(nb.classCount, nbRepeated.classCount, 0, 'GaussianNB classCount');
  nb.dispose();
  nbRepeated.dispose();
});

test('bad weights and estimators that cannot take them give clear Errors', () => {
  const c = fixture.trees[0];
  const tree = new DecisionTreeClassifier();
  assert.throws(() => tree.fit(c.X, c.y, { sampleWeight: [1, 2, 3] }), /sampleWeight has 3 entries but X has 300 rows/);
  assert.throws(() => tree.fit(c.X, c.y, { sampleWeight: c.y.map(() => -1) }), /sampleWeight must be at least 0/);
  assert.throws(() => new DecisionTreeClassifier({ minWeightFractionLeaf: 0.7 }), { message: 'minWeightFractionLeaf must be in [0, 0.5], got 0.7' });
  const knn = new BaggingClassifier({ estimator: 'KNeighborsClassifier' });
  assert.throws(() => knn.fit(c.X, c.y, { sampleWeight: c.sampleWeight }),
    { message: 'sampleWeight needs an estimator whose fit takes it; KNeighborsClassifier.fit does not' });
  knn.fit(c.X, c.y);  // without weights it bags repeated rows
  assert.equal(knn.predict(c.Q).length, c.Q.length);
  for (const m of [tree, knn]) m.dispose();
});
