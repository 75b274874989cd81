// The kernel SVMs and metrics.pairwise through the WASM package, against scikit-learn 1.2.1
// (tests/fixtures/svm.py): the kernels and distances at 260 x 5 rows, p 8 and 17; the SVMs at tol
// 1e-10 (support, nSupport and predictions identical, dualCoef, intercept and decision values within
// 1e-6: the kernel cache rounds to float32 as libsvm's does, see svm_test.cpp) with string labels,
// classWeight keyed by label and sampleWeight; and ExpLanes (lanes.hpp) in WebAssembly within its
// stated 2 ulp of Math.exp, through rbfKernel on arguments that are exact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasmlearn from 'wasmlearn';
import { metrics } from 'wasmlearn';

const fx = JSON.parse(readFileSync(new URL('../fixtures/svm.json', import.meta.url), 'utf8'));
const flat = (v) => (typeof v === 'number' ? [v] : ArrayBuffer.isView(v) ? Array.from(v) : v.data ? Array.from(v.data) : v.flat());
const near = (actual, expected, tol, what) => {
  const a = flat(actual), e = [expected].flat(2);
  assert.equal(a.length, e.length, `${what} length`);
  a.forEach((v, i) => assert.ok(Math.abs(v - e[i]) <= tol * Math.max(1, Math.abs(e[i])), `${what}[${i}]: ${v} vs ${e[i]}`));
};

test('metrics.pairwise kernels and distances equal scikit-learn', () => {
  const { pairwise } = metrics;
  const byMetric = { linear: 'linearKernel', poly: 'polynomialKernel', rbf: 'rbfKernel', sigmoid: 'sigmoidKernel' };
  for (const c of fx.pairwise) {
    for (const k of c.kernels) {
      const kernel = pairwise[byMetric[k.metric]];
      const K = k.metric === 'linear' ? kernel(c.X, c.Y) : kernel(c.X, c.Y, k.options);  // linearKernel takes no options
      near(K, k.K, 1e-12, `p ${c.p} ${k.metric} ${JSON.stringify(k.options)}`);
      near(pairwise.pairwiseKernels(c.X, c.Y, { ...k.options, metric: k.metric }), k.K, 1e-12, `pairwiseKernels ${k.metric}`);
    }
    const gram = pairwise.rbfKernel(c.X);
    assert.deepEqual([gram.rows, gram.cols], [260, 260]);
    near(gram.data.slice(0, 3 * 260), c.gram_rbf_first_rows, 1e-12, 'rbf of X with itself');
    for (const d of c.distances) near(pairwise.pairwiseDistances(c.X, c.Y, { metric: d.metric }), d.D, 1e-12, `${d.metric} p ${c.p}`);
  }
  assert.throws(() => pairwise.rbfKernel([[1, 2]], [[1, 2, 3]]), /Y has 3 columns but X has 2/);
  assert.throws(() => pairwise.rbfKernel([[1, 2]], { gamma: -1 }), /gamma must be greater than 0, got -1/);
});

test('exp in WebAssembly is within 2 ulp of Math.exp from 0 down to the subnormals', () => {
  // x = k/1024 has an exact square, so the kernel's argument −x² is exact and only exp rounds.
  const xs = Array.from({ length: 27960 }, (_, k) => [k / 1024]);
  const K = metrics.pairwise.rbfKernel(xs, [[0]], { gamma: 1 });
  let worst = 0;
  xs.forEach(([x], i) => {
    const want = Math.exp(-x * x), got = K.data[i];
    const ulp = Math.max(Number.MIN_VALUE, want * 2 ** -52);
    worst = Math.max(worst, Math.abs(got - want) / ulp);
  });
  assert.ok(worst <= 2, `worst error ${worst} ulp`);
});

const data = (c) => {
  const d = fx.data[c.dataset], n = fx.nTrain;
  const X = d.X.slice(0, n), test = d.X.slice(n);
  return { X, test, y: d.y.slice(0, n) };
};

for (const name of ['SVC rbf 3 classes p17 ovr', 'SVC rbf 3 classes p17 ovo', 'SVC classWeight by class', 'SVC rbf sampleWeight',
  'NuSVC rbf binary', 'NuSVC rbf 3 classes sampleWeight', 'NuSVC classWeight by class', 'NuSVC classWeight balanced sampleWeight',
  'SVR rbf', 'NuSVR rbf', 'NuSVR linear sampleWeight', 'NuSVR rbf p17', 'OneClassSVM rbf']) {
  const c = fx.svm.find((s) => s.name === name);
  test(`${c.estimator}: ${name} equals scikit-learn`, () => {
    const { X, test, y } = data(c);
    const classifier = c.estimator === 'SVC' || c.estimator === 'NuSVC';
    // String labels, and classWeight keyed by those labels.
    const labels = classifier ? y.map((v) => `class ${v}`) : y;
    const options = { ...c.options };
    if (options.classWeight && typeof options.classWeight === 'object')
      options.classWeight = Object.fromEntries(Object.entries(options.classWeight).map(([k, v]) => [`class ${k}`, v]));
    const model = new wasmlearn[c.estimator](options);
    const fitOptions = c.sampleWeight ? { sampleWeight: Float64Array.from(c.sampleWeight) } : undefined;
    model.fit(X, c.estimator === 'OneClassSVM' ? undefined : labels, fitOptions);
    assert.deepEqual(Array.from(model.support), c.support);
    assert.deepEqual(Array.from(model.nSupport), c.nSupport);
    near(model.dualCoef, c.dualCoef, 1e-6, 'dualCoef');
    near(model.intercept, c.intercept, 1e-6, 'intercept');
    const predicted = Array.from(model.predict(test));
    if (classifier) assert.deepEqual(predicted, c.predict.map((v) => `class ${v}`));
    else near(predicted, c.predict, 1e-6, 'predict');
    if (c.decision) near(model.decisionFunction(test), c.decision, 1e-6, 'decisionFunction');
    if (c.scoreSamples) near(model.scoreSamples(test), c.scoreSamples, 1e-6, 'scoreSamples');
    assert.equal(model.fitStatus, 0);
    model.dispose();
  });
}

test('bad SVM input gives an Error naming the argument', () => {
  const X = [[0, 0], [1, 1], [2, 0], [3, 1]];
  assert.throws(() => new wasmlearn.SVC({ C: 0 }), /C must be greater than 0, got 0/);
  assert.throws(() => new wasmlearn.NuSVC({ nu: 1.5 }), /nu must be in \(0, 1\], got 1.5/);
  assert.throws(() => new wasmlearn.SVC({ degree: -1 }), /degree must be at least 0/);
  assert.throws(() => new wasmlearn.SVR({ gamma: 0 }), /gamma must be greater than 0/);
  assert.throws(() => new wasmlearn.SVC().fit(X, ['a', 'a', 'a', 'a']), /y has only one class/);
  assert.throws(() => new wasmlearn.SVC({ kernel: 'precomputed' }).fit(X, ['a', 'b', 'a', 'b']), /square kernel matrix/);
  assert.throws(() => new wasmlearn.SVC({ verbose: true }), /Unknown option 'verbose'/);
  assert.throws(() => new wasmlearn.SVC({ randomState: -1 }), /randomState must be at least 0/);
  const plain = new wasmlearn.SVC().fit(X, ['a', 'b', 'a', 'b']);
  assert.throws(() => plain.predictProba(X), { message: 'SVC.predictProba is available only when probability is true' });
  plain.dispose();
});
