// Trees and tree ensembles through the WASM package: scikit-learn's trees on fixtures, the fitted
// structure as model.tree, pruning path, JSON round trips, bad inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  DecisionTreeClassifier, DecisionTreeRegressor, RandomForestClassifier, RandomForestRegressor,
  ExtraTreesClassifier, BaggingClassifier, BaggingRegressor,
} from 'wasmlearn';
import { close, camel } from './fixture_helpers.mjs';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/trees.json', import.meta.url), 'utf8'));
const caseNamed = (name) => fixture.trees.find((c) => c.name === name);

for (const name of ['iris gini', 'synthetic gini depth 4', 'synthetic best-first 10 leaves', 'regression absolute depth 3']) {
  test(`${name}: the tree equals scikit-learn's (structure, predictions, pruning path)`, () => {
    const c = caseNamed(name);
    const Class = c.estimator === 'DecisionTreeClassifier' ? DecisionTreeClassifier : DecisionTreeRegressor;
    const model = new Class(camel(c.options)).fit(c.X, c.y);
    const { tree } = model;
    const ref = c.variants.find((v) => v.feature.every((f, i) => f === tree.feature[i]) && v.feature.length === tree.feature.length);
    assert.ok(ref, 'features match one of scikit-learn\'s tie-breaking variants');
    assert.equal(tree.nodeCount, ref.nodeCount);
    assert.deepEqual(Array.from(tree.childrenLeft), ref.childrenLeft);
    assert.deepEqual(Array.from(tree.childrenRight), ref.childrenRight);
    close(tree.threshold, ref.threshold, 0, 'threshold');
    close(tree.impurity, ref.impurity, 1e-10, 'impurity');
    assert.deepEqual(Array.from(tree.nNodeSamples), ref.nNodeSamples);
    close(tree.value.data, ref.value.flat(), 1e-10, 'value');
    assert.equal(model.getDepth(), ref.depth);
    assert.equal(model.getNLeaves(), ref.nLeaves);
    assert.deepEqual(Array.from(model.apply(c.Q)), ref.apply);
    if (Class === DecisionTreeClassifier) {
      assert.deepEqual(Array.from(model.predict(c.Q)), ref.predict);
      close(model.predictProba(c.Q).data, ref.predictProba.flat(), 1e-12, 'predictProba');
    } else {
      close(model.predict(c.Q), ref.predict, 1e-10, 'predict');
    }
    if (ref.ccpAlphas) {
      const path = new Class(camel(c.options)).costComplexityPruningPath(c.X, c.y);
      close(path.ccpAlphas, ref.ccpAlphas, 1e-10, 'ccpAlphas');
      close(path.impurities, ref.ccpImpurities, 1e-10, 'impurities');
    }
    const { indptr, indices } = model.decisionPath(c.Q.slice(0, 3));
    assert.equal(indptr.length, 4);
    assert.equal(indices[indptr[1] - 1], model.apply(c.Q.slice(0, 1))[0]);
    model.dispose();
  });
}

const iris = caseNamed('iris gini');
const names = ['setosa', 'versicolor', 'virginica'];
const labels = iris.y.map((k) => names[k]);

test('string labels, feature importances and a JSON round trip with identical predictions', () => {
  for (const Class of [DecisionTreeClassifier, RandomForestClassifier, ExtraTreesClassifier, BaggingClassifier]) {
    const model = new Class(Class === DecisionTreeClassifier ? { maxDepth: 3 } : { nEstimators: 15, randomState: 3 }).fit(iris.X, labels);
    assert.deepEqual(model.classes, names);
    const loaded = Class.fromJSON(JSON.stringify(model));
    assert.deepEqual(loaded.predict(iris.X), model.predict(iris.X));
    assert.deepEqual(loaded.predictProba(iris.X), model.predictProba(iris.X));
    assert.ok(model.score(iris.X, labels) > 0.93, `${Class.name} training accuracy`);
    if (Class !== BaggingClassifier) {
      const imp = model.featureImportances;
      assert.ok(Math.abs(imp.reduce((a, b) => a + b, 0) - 1) < 1e-12);
      assert.ok(imp[2] + imp[3] > imp[0] + imp[1], 'petal features dominate');
    }
    model.dispose();
    loaded.dispose();
  }
});

test('forests: oobScore, progress-free fit, regressors and bagging over another estimator', () => {
  const rf = new RandomForestClassifier({ nEstimators: 40, oobScore: true, randomState: 1 }).fit(iris.X, labels);
  assert.ok(rf.oobScore > 0.9 && rf.oobScore <= 1, `oobScore ${rf.oobScore}`);
  assert.equal(rf.estimatorDepths.length, 40);
  rf.dispose();
  const c = caseNamed('regression squared depth 5');
  const rr = new RandomForestRegressor({ nEstimators: 30, maxDepth: 6 }).fit(c.X, c.y);
  assert.ok(rr.score(c.X, c.y) > 0.8);
  assert.equal(rr.predict(c.Q).length, c.Q.length);
  rr.dispose();
  const bag = new BaggingRegressor({ estimator: 'KNeighborsRegressor', estimatorOptions: { nNeighbors: 4 }, nEstimators: 5 }).fit(c.X, c.y);
  assert.ok(bag.score(c.X, c.y) > 0.5);
  bag.dispose();
});

test('predictLogProba of the tree classifiers is the log of predictProba, −Infinity for a class without a share', () => {
  const models = [
    new DecisionTreeClassifier({ randomState: 0 }),
    new RandomForestClassifier({ nEstimators: 5, randomState: 0 }),
    new ExtraTreesClassifier({ nEstimators: 5, randomState: 0 }),
    new BaggingClassifier({ nEstimators: 5, randomState: 0 }),
  ];
  for (const model of models) {
    model.fit(iris.X, labels);
    const proba = model.predictProba(iris.X).data, logProba = model.predictLogProba(iris.X).data;
    assert.equal(logProba.length, proba.length);
    proba.forEach((p, i) => assert.ok(Math.abs(logProba[i] - Math.log(p)) <= 1e-15 * Math.abs(Math.log(p)) || logProba[i] === Math.log(p)));
    assert.ok(logProba.includes(-Infinity), model.constructor.name);
    model.dispose();
  }
  assert.equal(typeof new RandomForestRegressor().predictLogProba, 'undefined');
});

test('bad options and inputs give clear messages', () => {
  assert.throws(() => new DecisionTreeClassifier({ criterion: 'squared_error' }), {
    message: 'criterion must be one of \'gini\', \'entropy\', \'misclassification\', got "squared_error" (a regression criterion: use DecisionTreeRegressor)',
  });
  assert.throws(() => new DecisionTreeRegressor({ criterion: 'entropy' }), /\(a classification criterion: use DecisionTreeClassifier\)$/);
  assert.throws(() => new DecisionTreeClassifier({ maxDepth: 0 }), { message: 'maxDepth must be at least 1, got 0' });
  assert.throws(() => new DecisionTreeClassifier({ minSamplesSplit: 1 }), { message: 'minSamplesSplit must be at least 2, got 1' });
  assert.throws(() => new DecisionTreeClassifier({ minSamplesLeaf: 0 }), { message: 'minSamplesLeaf must be at least 1, got 0' });
  assert.throws(() => new DecisionTreeClassifier({ minSamplesLeaf: 1.5 }), { message: 'minSamplesLeaf must be in (0, 1), got 1.5' });
  assert.throws(() => new DecisionTreeClassifier({ maxFeatures: 'all' }), { message: 'maxFeatures must be one of \'sqrt\', \'log2\', got "all"' });
  assert.throws(() => new RandomForestClassifier({ nEstimators: 0 }), { message: 'nEstimators must be at least 1, got 0' });
  assert.throws(() => new RandomForestClassifier({ oobScore: true, bootstrap: false }).fit(iris.X, labels), { message: 'oobScore requires bootstrap' });
  assert.throws(() => new BaggingClassifier({ estimator: 'Ridge' }), { message: 'estimator must be a classifier for BaggingClassifier, got \'Ridge\' (a regressor)' });
  assert.throws(() => new DecisionTreeClassifier().getDepth(), { name: 'NotFittedError' });
  const ok = new DecisionTreeClassifier({ maxFeatures: 'sqrt', splitter: 'random', minSamplesSplit: 0.1 }).fit(iris.X, labels);
  assert.throws(() => ok.apply([[1, 2]]), { message: 'X has 2 columns but the model was fitted with 4' });
  ok.dispose();
});
