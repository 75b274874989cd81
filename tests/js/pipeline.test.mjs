// Pipeline / makePipeline against scikit-learn (tests/fixtures/model_selection.py), their parameters,
// JSON round trip and use in searches; clone; estimator instances given to meta-estimators.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from '../../bindings/js/index.js';
import { close } from './fixture_helpers.mjs';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/model_selection.json', import.meta.url)));
const { X, y } = fixture.knnGrid;
const scaled = X.map((row) => [row[0] * 1.0, row[1] * 30.0, row[2] * 0.1]);
const train = scaled.slice(0, 260), yTrain = y.slice(0, 260), rest = scaled.slice(260), yRest = y.slice(260);

test('makePipeline(StandardScaler, KNeighborsClassifier) predicts as scikit-learn', () => {
  const pipe = wl.makePipeline(new wl.StandardScaler(), new wl.KNeighborsClassifier({ nNeighbors: 7, algorithm: 'brute' })).fit(train, yTrain);
  const p = fixture.pipeline;
  assert.deepEqual(pipe.steps.map(([name]) => name), p.steps);
  assert.deepEqual(Array.from(pipe.predict(rest)), p.predict);
  close(pipe.predictProba(rest).data, p.predictProba.flat(), 1e-12, 'predictProba');
  assert.equal(pipe.score(rest, yRest), p.score);
  assert.deepEqual(Array.from(pipe.classes), [0, 1, 2]);
  // Without the scaler the answer differs (the pipeline really transforms).
  const bare = new wl.KNeighborsClassifier({ nNeighbors: 7 }).fit(train, yTrain);
  assert.notEqual(bare.score(rest, yRest), p.score);
  // transform runs the transformers; a passthrough last step makes it the pipeline's transform.
  const t = new wl.Pipeline([['scale', new wl.StandardScaler()], ['last', 'passthrough']]).fit(train);
  assert.deepEqual(t.transform(rest), new wl.StandardScaler().fit(train).transform(rest));
  assert.equal(t.estimatorKind, 'transformer');
  assert.deepEqual(new wl.Pipeline([['skip', null], ['pca', new wl.PCA({ nComponents: 2 })]]).fitTransform(train), new wl.PCA({ nComponents: 2 }).fitTransform(train));
});

test('Pipeline parameters: step__param, replacing steps, names', () => {
  const pipe = new wl.Pipeline([['scale', new wl.StandardScaler()], ['knn', new wl.KNeighborsClassifier()]]);
  const params = pipe.getParams();
  assert.equal(params.knn__nNeighbors, 5);
  assert.equal(params.scale__withMean, true);
  assert.equal(params.knn, pipe.namedSteps.knn);
  pipe.setParams({ knn__nNeighbors: 2, scale__withStd: false });
  assert.equal(pipe.namedSteps.knn.getParams().nNeighbors, 2);
  assert.equal(pipe.getParams().scale__withStd, false);
  pipe.setParams({ scale: 'passthrough' });
  assert.equal(pipe.steps[0][1], 'passthrough');
  assert.throws(() => pipe.setParams({ scale__withMean: true }), /step 'scale' is passthrough: it has no parameter withMean/);
  assert.throws(() => pipe.setParams({ knn__nNeighbours: 3 }), /nNeighbours/);
  assert.throws(() => pipe.setParams({ svc__C: 1 }), /Invalid parameter 'svc__C' for Pipeline/);
  assert.throws(() => new wl.Pipeline([['a__b', new wl.StandardScaler()], ['knn', new wl.KNeighborsClassifier()]]), { message: "Pipeline step names must not contain '__': 'a__b'" });
  assert.throws(() => new wl.Pipeline([['knn', new wl.KNeighborsClassifier()], ['scale', new wl.StandardScaler()]]), /intermediate steps of a Pipeline must be transformers or 'passthrough'; 'knn'/);
  assert.throws(() => new wl.Pipeline([['a', new wl.StandardScaler()], ['a', new wl.Ridge()]]), /'a' is given twice/);
  assert.throws(() => new wl.Pipeline([['a', new wl.Ridge()]], { memory: null }), /Pipeline takes no options/);
  assert.throws(() => new wl.Pipeline([['a', new wl.StandardScaler()]]).predict(train), /This Pipeline has no predict/);
  assert.deepEqual(
    wl.makePipeline(new wl.StandardScaler(), new wl.PCA(), new wl.StandardScaler(), new wl.Ridge()).steps.map(([n]) => n),
    ['standardscaler-1', 'pca', 'standardscaler-2', 'ridge'],
  );
  // fit options go to the step they name.
  const w = Array.from({ length: 260 }, (_, i) => 1 + (i % 3));
  const weighted = new wl.Pipeline([['ridge', new wl.Ridge()]]).fit(train, yTrain, { ridge__sampleWeight: w });
  assert.deepEqual(weighted.predict(rest), new wl.Ridge().fit(train, yTrain, { sampleWeight: w }).predict(rest));
  assert.throws(() => weighted.fit(train, yTrain, { sampleWeight: w }), /addressed to a step as <step>__<option>, got 'sampleWeight'/);
});

test('a fitted Pipeline round-trips through JSON and loadModel', () => {
  const pipe = wl.makePipeline(new wl.StandardScaler(), 'passthrough', new wl.LogisticRegression({ C: 0.5 })).fit(train, yTrain.map((v) => `c${v}`));
  const json = JSON.parse(JSON.stringify(pipe));
  assert.equal(json.estimator, 'Pipeline');
  const loaded = wl.loadModel(JSON.stringify(json));
  assert.ok(loaded instanceof wl.Pipeline);
  assert.deepEqual(loaded.predict(rest), pipe.predict(rest));
  assert.deepEqual(loaded.predictProba(rest), pipe.predictProba(rest));
  assert.deepEqual(loaded.getParams().logisticregression__C, 0.5);
  assert.throws(() => wl.Pipeline.fromJSON({ estimator: 'Ridge' }), /not a Pipeline/);
});

test('searches and cross-validation take pipelines (step__param grids)', async () => {
  const pipe = wl.makePipeline(new wl.StandardScaler(), new wl.KNeighborsClassifier({ algorithm: 'brute' }));
  const search = await new wl.GridSearchCV(pipe, { kneighborsclassifier__nNeighbors: [1, 9, 25] }, { cv: 4 }).fit(scaled, y);
  assert.deepEqual(search.cvResults.paramKneighborsclassifier__nNeighbors, [1, 9, 25]);
  assert.ok(search.bestEstimator instanceof wl.Pipeline);
  assert.equal(search.bestEstimator.getParams().kneighborsclassifier__nNeighbors, search.bestParams.kneighborsclassifier__nNeighbors);
  // The original pipeline is untouched (each fold fits a clone).
  assert.equal(pipe.getParams().kneighborsclassifier__nNeighbors, 5);
  assert.throws(() => pipe.predict(rest), /not fitted/);
  // Each fold's score is the pipeline's own on that fold.
  const folds = [...new wl.StratifiedKFold({ nSplits: 4 }).split(scaled, y)];
  const take = (a, idx) => Array.from(idx, (i) => a[i]);
  const expected = folds.map(({ train: tr, test: te }) =>
    wl.makePipeline(new wl.StandardScaler(), new wl.KNeighborsClassifier({ nNeighbors: 9 })).fit(take(scaled, tr), take(y, tr)).score(take(scaled, te), take(y, te)));
  assert.deepEqual([0, 1, 2, 3].map((k) => search.cvResults[`split${k}TestScore`][1]), expected);
  // A search inside cross-validation (nested).
  const nested = await wl.crossValScore(new wl.GridSearchCV(new wl.Ridge(), { alpha: [0.1, 10] }, { cv: 3 }), fixture.ridgeGrid.X, fixture.ridgeGrid.y, { cv: 3 });
  assert.equal(nested.length, 3);
  assert.ok(nested.every((s) => s > 0.5 && s <= 1));
});

test('clone: same class and parameters, unfitted, independent, deep', async () => {
  const knn = new wl.KNeighborsClassifier({ nNeighbors: 3, weights: 'distance' }).fit(train, yTrain);
  const copy = wl.clone(knn);
  assert.ok(copy instanceof wl.KNeighborsClassifier);
  assert.deepEqual(copy.getParams(), knn.getParams());
  assert.throws(() => copy.predict(rest), /not fitted|fit/);
  copy.setParams({ nNeighbors: 8 });
  assert.equal(knn.getParams().nNeighbors, 3);
  const pipe = wl.makePipeline(new wl.StandardScaler(), knn);
  const pipeCopy = wl.clone(pipe);
  assert.notEqual(pipeCopy.namedSteps.kneighborsclassifier, knn);
  assert.deepEqual(pipeCopy.getParams().kneighborsclassifier__weights, 'distance');
  const search = new wl.GridSearchCV(pipe, { kneighborsclassifier__nNeighbors: [1, 2] }, { cv: 3 });
  const searchCopy = wl.clone(search);
  assert.ok(searchCopy instanceof wl.GridSearchCV);
  assert.notEqual(searchCopy.estimator, pipe);
  assert.deepEqual(searchCopy.getParams().paramGrid, search.getParams().paramGrid);
  assert.throws(() => wl.clone({ fit() {} }), /clone needs a wasmlearn estimator, pipeline or search/);
  // A search's own parameters and its estimator's (estimator__...) through setParams.
  search.setParams({ cv: 4, estimator__kneighborsclassifier__weights: 'uniform', paramGrid: { kneighborsclassifier__nNeighbors: [3] } });
  assert.equal(search.getParams().cv, 4);
  assert.deepEqual(search.getParams().paramGrid, [{ kneighborsclassifier__nNeighbors: [3] }]);
  assert.equal(pipe.getParams().kneighborsclassifier__weights, 'uniform');
  assert.throws(() => search.setParams({ nIter: 3 }), /Unknown option 'nIter' for GridSearchCV/);
});

test('meta-estimators take estimator instances (and the positional form)', () => {
  const member = new wl.KNeighborsClassifier({ nNeighbors: 3 });
  const byInstance = new wl.BaggingClassifier({ estimator: member, nEstimators: 4, randomState: 1 });
  const byName = new wl.BaggingClassifier({ estimator: 'KNeighborsClassifier', estimatorOptions: member.getParams(), nEstimators: 4, randomState: 1 });
  assert.deepEqual(byInstance.getParams(), byName.getParams());
  assert.equal(byInstance.getParams().estimatorOptions.nNeighbors, 3);
  assert.deepEqual(byInstance.fit(train, yTrain).predict(rest), byName.fit(train, yTrain).predict(rest));
  const positional = new wl.BaggingClassifier(new wl.GaussianNB());
  assert.equal(positional.getParams().estimator, 'GaussianNB');
  assert.equal(wl.clone(byInstance).getParams().estimatorOptions.nNeighbors, 3);
  byInstance.setParams({ estimator: new wl.DecisionTreeClassifier({ maxDepth: 2 }) });
  assert.equal(byInstance.getParams().estimatorOptions.maxDepth, 2);
  assert.throws(() => new wl.BaggingClassifier({ estimator: member, estimatorOptions: {} }), /as an instance or as a name with estimatorOptions, not both/);
  assert.throws(() => new wl.BaggingClassifier({ estimator: wl.makePipeline(new wl.StandardScaler(), new wl.GaussianNB()) }), /a Pipeline or a search cannot be a member/);
  assert.throws(() => new wl.Ridge(new wl.GaussianNB()), /Ridge takes an options object, not an estimator/);
  // A member of the wrong kind is the core's clear error, as with its name.
  assert.throws(() => new wl.BaggingClassifier({ estimator: new wl.Ridge() }), { message: "estimator must be a classifier for BaggingClassifier, got 'Ridge' (a regressor)" });
  assert.throws(() => new wl.BaggingRegressor(new wl.GaussianNB()), { message: "estimator must be a regressor for BaggingRegressor, got 'GaussianNB' (a classifier)" });
});
