// SVC / NuSVC with probability: true through the WASM package (tests/fixtures/svm_probability.py):
// rows of predictProba sum to 1, held-out log-loss within 10 % of scikit-learn's (its sigmoids coupled
// exactly, see svm_probability.py), and the folds come
// from randomState alone: two runs give the same bits. The native build's sigmoids and decision values
// (the constants below, pinned in tests/core/svm_probability_test.cpp) are the same bits: the kernel
// products run in one fixed order in both builds (before, Eigen's GEMM natively left probA 5e-15 apart).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wasmlearn from 'wasmlearn';

const fx = JSON.parse(readFileSync(new URL('../fixtures/svm_probability.json', import.meta.url), 'utf8'));

// The native build's sigmoids for models[2] with randomState 3, and its decision values on the first two
// test rows (svm_probability_test.cpp's kProbA, kProbB, kDecision).
const NATIVE_PROB_A = [-2.6740602316407278, -2.7966813657039196, -4.1886223551701915];
const NATIVE_PROB_B = [-0.0748579961963909, 0.0031627214058183085, -0.25844521059345765];
const NATIVE_DECISION = [-0.17689474927242371, 2.2216287426291643, 0.84652606041674372,
  0.95099058343451703, 2.2098414415199996, -0.20141734626043686];

const logLoss = (proba, y) => -y.reduce((sum, label, i) => sum + Math.log(proba.data[i * proba.cols + label]), 0) / y.length;

for (const c of fx.models) {
  test(`${c.estimator} ${JSON.stringify(c.options)} p ${c.p}, ${c.classes} classes: probabilities as scikit-learn's`, () => {
    const model = new wasmlearn[c.estimator]({ ...c.options, probability: true }).fit(c.XTrain, c.yTrain);
    const proba = model.predictProba(c.XTest);
    assert.deepEqual([proba.rows, proba.cols], [c.yTest.length, c.classes]);
    for (let i = 0; i < proba.rows; i++) {
      const row = proba.data.subarray(i * proba.cols, (i + 1) * proba.cols);
      assert.ok(Math.abs(row.reduce((a, v) => a + v, 0) - 1) <= 1e-12, `row ${i} sums to 1`);
      assert.ok(row.every((v) => v >= 0 && v <= 1), `row ${i} in [0, 1]`);
    }
    const ours = logLoss(proba, c.yTest);
    assert.ok(Math.abs(ours - c.logLoss) <= 0.1 * c.logLoss, `log-loss ${ours} vs scikit-learn's ${c.logLoss}`);
    const logs = model.predictLogProba(c.XTest);
    logs.data.forEach((v, i) => assert.ok(Math.abs(v - Math.log(proba.data[i])) <= 1e-14));
    assert.equal(model.probA.length, (c.classes * (c.classes - 1)) / 2);
    model.dispose();
  });
}

test('the same randomState gives the same bits in two runs, and the native build\'s bits', () => {
  const c = fx.models[2];  // SVC rbf, 3 classes, p 17
  const fit = (randomState) => new wasmlearn.SVC({ probability: true, randomState }).fit(c.XTrain, c.yTrain);
  const [first, again, other] = [fit(3), fit(3), fit(4)];
  assert.deepEqual(Array.from(first.predictProba(c.XTest).data), Array.from(again.predictProba(c.XTest).data));
  assert.deepEqual(Array.from(first.probA), Array.from(again.probA));
  assert.notDeepEqual(Array.from(first.probA), Array.from(other.probA));
  assert.deepEqual(Array.from(first.probA), NATIVE_PROB_A);
  assert.deepEqual(Array.from(first.probB), NATIVE_PROB_B);
  assert.deepEqual(Array.from(first.decisionFunction(c.XTest).data.slice(0, 6)), NATIVE_DECISION);
  for (const m of [first, again, other]) m.dispose();
});
