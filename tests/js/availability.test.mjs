// Methods an instance has only under a condition (scikit-learn's available_if, declared in the core's
// availability()): model.hasMethod answers per instance (scikit-learn's hasattr), a call says why it
// is unavailable, the metadata lists the conditions and the docs and types show them; pipelines and
// searches follow their last step / best estimator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from 'wasmlearn';

const { X, y } = wl.datasets.makeMoons({ nSamples: 300, noise: 0.25, randomState: 2 });
const labels = Array.from(y, (c) => (c ? 'b' : 'a'));

test('SVC / NuSVC: predictProba and predictLogProba only with probability: true', () => {
  for (const Class of [wl.SVC, wl.NuSVC]) {
    const name = Class.metadata.name;
    assert.deepEqual(Class.metadata.availableIf, { predictProba: 'probability is true', predictLogProba: 'probability is true' });
    const plain = new Class().fit(X, labels);
    assert.equal(plain.hasMethod('predictProba'), false);
    assert.equal(plain.hasMethod('predictLogProba'), false);
    assert.equal(plain.hasMethod('decisionFunction'), true);
    assert.equal(plain.hasMethod('predict'), true);
    assert.equal(plain.hasMethod('transform'), false);
    assert.throws(() => plain.predictProba(X), { message: `${name}.predictProba is available only when probability is true` });
    assert.throws(() => plain.predictLogProba(X), { message: `${name}.predictLogProba is available only when probability is true` });
    // Before fit too, as hasattr: the condition reads the options.
    const withProbability = new Class({ probability: true });
    assert.equal(withProbability.hasMethod('predictProba'), true);
    withProbability.fit(X, labels);
    const p = withProbability.predictProba(X.slice(0, 4));
    assert.equal(p.cols, 2);
    // The saved model keeps what it has.
    const back = Class.fromJSON(JSON.stringify(withProbability));
    assert.equal(back.hasMethod('predictProba'), true);
    assert.deepEqual(back.predictProba(X.slice(0, 4)).data, p.data);
    assert.equal(plain.setParams({ probability: true }).hasMethod('predictProba'), true);
    assert.throws(() => plain.predictProba(X), { message: 'predictProba needs a fit with probability: true; fit this model again' });
    [plain, withProbability, back].forEach((m) => m.dispose());
  }
});

test('estimators without conditions: hasMethod is the class\'s methods', () => {
  const lr = new wl.LogisticRegression();
  assert.deepEqual(wl.LogisticRegression.metadata.availableIf, {});
  assert.equal(lr.hasMethod('predictProba'), true);
  assert.equal(lr.hasMethod('transform'), false);
  assert.equal(lr.hasMethod('fitTransform'), false);
  assert.equal(lr.hasMethod('getParams'), true);
  const scaler = new wl.StandardScaler();
  assert.equal(scaler.hasMethod('fitTransform'), true);
  assert.equal(scaler.hasMethod('predict'), false);
  lr.dispose();
  scaler.dispose();
  assert.throws(() => lr.hasMethod('predict'), { message: 'This LogisticRegression has been disposed; create a new one' });
});

test('OneVsRestClassifier has the methods its members have, their conditions included', () => {
  const ovr = new wl.OneVsRestClassifier(new wl.SVC());
  assert.equal(ovr.hasMethod('predictProba'), false);
  assert.equal(ovr.hasMethod('decisionFunction'), true);
  ovr.setParams({ estimatorOptions: { probability: true } });
  assert.equal(ovr.hasMethod('predictProba'), true);
  ovr.fit(X, labels);
  assert.equal(ovr.predictProba(X.slice(0, 3)).cols, 2);
  const nb = new wl.OneVsRestClassifier(new wl.GaussianNB()).fit(X, labels);
  assert.equal(nb.hasMethod('decisionFunction'), false);
  assert.throws(() => nb.decisionFunction(X), { message: 'OneVsRestClassifier.decisionFunction is available only when the estimator has decisionFunction' });
  [ovr, nb].forEach((m) => m.dispose());
});

test('BaggingClassifier of SVCs without probability votes (it asks its members for predictProba)', () => {
  const bagging = new wl.BaggingClassifier({ estimator: 'SVC', nEstimators: 4, randomState: 0 }).fit(X, labels);
  const p = bagging.predictProba(X);
  assert.ok(Array.from(p.data).every((v) => Number.isInteger(v * 4)), 'shares of 4 votes');
  assert.ok(bagging.score(X, labels) > 0.9);
  bagging.dispose();
});

test('Pipeline and GridSearchCV: the methods of the last step / the best estimator', async () => {
  const pipe = wl.makePipeline(new wl.StandardScaler(), new wl.SVC());
  assert.equal(pipe.hasMethod('predictProba'), false);
  assert.equal(pipe.hasMethod('decisionFunction'), true);
  assert.equal(pipe.hasMethod('transform'), false);
  assert.equal(pipe.hasMethod('fit'), true);
  pipe.setParams({ svc__probability: true });
  assert.equal(pipe.hasMethod('predictProba'), true);
  const passthrough = wl.makePipeline(new wl.StandardScaler(), 'passthrough');
  assert.equal(passthrough.hasMethod('transform'), true);
  assert.equal(passthrough.hasMethod('predict'), false);

  const search = new wl.GridSearchCV(new wl.SVC(), { C: [0.5, 1] }, { cv: 3 });
  assert.equal(search.hasMethod('predictProba'), false);
  assert.equal(search.hasMethod('predict'), true);
  const probabilities = new wl.GridSearchCV(new wl.SVC({ probability: true }), { C: [0.5, 1] }, { cv: 3 });
  await probabilities.fit(X, labels);
  assert.equal(probabilities.hasMethod('predictProba'), true);
  assert.equal(probabilities.predictProba(X.slice(0, 2)).cols, 2);
  [pipe, passthrough, search, probabilities].forEach((m) => m.dispose());
});

test('the docs and the TypeScript declarations say when a method is available', () => {
  const api = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
  const dts = readFileSync(new URL('../../bindings/js/index.d.ts', import.meta.url), 'utf8');
  const svc = api.slice(api.indexOf('### SVC\n'), api.indexOf('### NuSVC\n'));
  assert.match(svc, /\| `predictProba\(X\)` \| `DenseMatrix` \| .*\(only when probability is true: see hasMethod\) \|/);
  assert.match(dts, /\(only when probability is true: see hasMethod\)\. \*\/\n {2}predictLogProba\(X: MatrixLike, options\?: \{ out\?: Float64Array \}\)/);
  assert.match(dts, /partialFit\(X: MatrixLike, y: Labels, options\?: \{ classes\?: Labels \}\): this;/);
  assert.match(dts, /hasMethod\(name: string\): boolean;/);
});

test('a classifier without multi-label fits says so for an indicator y', () => {
  const svc = new wl.SVC();
  assert.equal(wl.SVC.metadata.multilabel, false);
  assert.equal(wl.MLPClassifier.metadata.multilabel, true);
  assert.throws(() => svc.fit(X, Array.from(y, (c) => [c, 1 - c])), {
    message: 'SVC does not take a multi-label y (a matrix of 0/1 indicators); give one label per row',
  });
  svc.dispose();
});
