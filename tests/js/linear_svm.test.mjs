// LinearSVC / LinearSVR and the multiclass strategies through the WASM package, against scikit-learn
// 1.2.1 (tests/fixtures/linear_svm.py, multiclass.py): the same values as natively, labels of any
// kind, the errors JS users see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LinearSVC, LinearSVR, OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier } from 'wasmlearn';
import { close } from './fixture_helpers.mjs';

const svm = JSON.parse(readFileSync(new URL('../fixtures/linear_svm.json', import.meta.url), 'utf8'));
const multi = JSON.parse(readFileSync(new URL('../fixtures/multiclass.json', import.meta.url), 'utf8'));
const flat = (v) => (typeof v === 'number' ? [v] : Array.isArray(v) ? v.flat() : Array.from(v.data ?? v));
const classes = { LinearSVC, LinearSVR, OneVsOneClassifier, OneVsRestClassifier };

for (const c of svm.cases) {
  test(`${c.estimator}(${JSON.stringify(c.options)}) on ${c.data} equals scikit-learn`, () => {
    const { X, y } = svm.data[c.data];
    const fitOptions = c.sampleWeight ? { sampleWeight: c.sampleWeight } : undefined;
    const model = new classes[c.estimator](c.options).fit(X, y, fitOptions);
    assert.deepEqual(model.warnings, []);
    close(flat(model.coef), c.coef.flat(), 1e-4, 'coef');
    close(flat(model.intercept), c.intercept, 1e-4, 'intercept');
    if (c.estimator === 'LinearSVC') {
      assert.deepEqual(Array.from(model.predict(X)), c.predict);
      close(flat(model.decisionFunction(X)), c.decision.flat(), 1e-3, 'decisionFunction');
    } else {
      close(flat(model.predict(X)), c.predict, 1e-3, 'predict');
    }
    model.dispose();
  });
}

test('LinearSVC takes string labels; decisionFunction columns follow classes', () => {
  const c = svm.cases.find((k) => k.data === 'three17' && k.options.loss === 'hinge');
  const { X, y } = svm.data.three17;
  const names = ['setosa', 'versicolor', 'virginica'];
  const model = new LinearSVC(c.options).fit(X, y.map((k) => names[k]));
  assert.deepEqual(Array.from(model.classes), names);
  assert.deepEqual(Array.from(model.predict(X)), c.predict.map((k) => names[k]));
  model.dispose();
});

test('LinearSVC / LinearSVR defaults: dual auto picks the primal for n >= p and still agrees', () => {
  const c = svm.cases.find((k) => k.data === 'binary8' && k.options.dual === false && k.options.penalty === undefined);
  const { X, y } = svm.data.binary8;
  const model = new LinearSVC({ C: c.options.C }).fit(X, y);
  assert.deepEqual(model.getParams().dual, 'auto');
  close(flat(model.coef), c.coef.flat(), 1e-3, 'coef at the default tol');
  model.dispose();
});

test('bad LinearSVC / LinearSVR options are Errors naming them', () => {
  const { X, y } = svm.data.binary8;
  assert.throws(() => new LinearSVC({ C: 0 }), /C must be greater than 0, got 0/);
  assert.throws(() => new LinearSVC({ penalty: 'l1', loss: 'hinge' }).fit(X, y),
    /penalty='l1' with loss='hinge' is not supported; the valid combinations are penalty='l2' with loss='hinge' \(dual=true\)/);
  assert.throws(() => new LinearSVC({ loss: 'hinge', dual: false }).fit(X, y), /loss='hinge' is not supported when dual=false/);
  assert.throws(() => new LinearSVR({ loss: 'epsilon_insensitive', dual: false }).fit(X, y), /not supported when dual=false/);
  assert.throws(() => new LinearSVC({ multiClass: 'crammer_singer' }), /multiClass must be one of 'ovr'/);
  assert.throws(() => new LinearSVR({ epsilon: -1 }), /epsilon must be at least 0/);
  assert.throws(() => new LinearSVC({ kernel: 'rbf' }), /Unknown option 'kernel' for LinearSVC/);
});

test('non-convergence warns and still predicts', () => {
  const { X, y } = svm.data.three17;
  const model = new LinearSVC({ loss: 'hinge', dual: true, maxIter: 2, C: 10 }).fit(X, y);
  assert.equal(model.warnings[0].kind, 'convergence');
  assert.match(model.warnings[0].message, /LinearSVC did not converge in maxIter=2/);
  assert.equal(model.predict(X).length, X.length);
  model.dispose();
});

for (const c of multi.cases) {
  test(`${c.strategy}(${c.estimator}) on ${c.data} equals scikit-learn`, () => {
    const d = multi.data[c.data];
    const model = new classes[c.strategy]({ estimator: c.estimator, estimatorOptions: c.estimatorOptions }).fit(d.X, d.y);
    assert.deepEqual(Array.from(model.predict(d.Xtest)), c.predict);
    if (c.decision) close(flat(model.decisionFunction(d.Xtest)), c.decision.flat(), 1e-5, 'decisionFunction');
    if (c.proba) close(flat(model.predictProba(d.Xtest)), c.proba.flat(), 1e-6, 'predictProba');
    model.dispose();
  });
}

test('OutputCodeClassifier: a seeded ±1 code book, labels of any kind, a wrong-kind member is an Error', () => {
  const d = multi.data.four17;
  const labels = d.y.map((k) => `c${k}`);
  const model = new OutputCodeClassifier({ estimator: 'LogisticRegression', codeSize: 1.5, randomState: 2 }).fit(d.X, labels);
  const book = flat(model.codeBook);
  assert.equal(book.length, 4 * 6);
  assert.ok(book.every((v) => v === 1 || v === -1));
  const predicted = Array.from(model.predict(d.Xtest));
  assert.ok(predicted.every((v) => ['c0', 'c1', 'c2', 'c3'].includes(v)));
  model.dispose();
  assert.throws(() => new OneVsRestClassifier({ estimator: 'LinearRegression' }),
    /estimator must be a classifier for OneVsRestClassifier, got 'LinearRegression' \(a regressor\)/);
  // scikit-learn's positional form (estimator, options): the options were ignored before.
  const positional = new OutputCodeClassifier(new LinearSVC({ C: 0.5 }), { codeSize: 2, randomState: 2 });
  assert.equal(positional.getParams().codeSize, 2);
  assert.equal(positional.getParams().estimatorOptions.C, 0.5);
  assert.equal(flat(positional.fit(d.X, labels).codeBook).length, 4 * 8);
  positional.dispose();
  assert.throws(() => new OutputCodeClassifier(new LinearSVC(), { estimator: 'LinearSVC' }), { message: 'OutputCodeClassifier(estimator, options): the estimator is given twice' });
  assert.throws(() => new OutputCodeClassifier(new LinearSVC(), 2), { message: 'OutputCodeClassifier(estimator, options): options must be an object, got number' });
  assert.throws(() => new LinearSVC({ C: 1 }, { tol: 1 }), { message: 'LinearSVC takes one options object; a second argument is taken only after an estimator instance' });
  // codeSize · classes counted before the int: 4e9 members wrapped into a wrong message.
  assert.throws(() => new OutputCodeClassifier(new LinearSVC(), { codeSize: 1e9 }).fit(d.X, labels),
    /^Error: OutputCodeClassifier's members \(codeSize · classes = 4000000000, .*past the limit of 134217728/);
});
