// The sklearn.metrics functions of the `metrics` namespace through the WASM package: every case of
// tests/fixtures/metrics.json (scikit-learn 1.2.1, ≥ 1.5 where they differ), then the ≥ 1.5
// behaviours 1.2.1 cannot show, warnings and bad input, checked by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { metrics, DenseMatrix, setConfig } from 'wasmlearn';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/metrics.json', import.meta.url), 'utf8'));
const number = (v) => (typeof v === 'string' ? Number(v) : v);

// Numbers (and nested arrays, DenseMatrix rows, objects) within `tol` relative; NaN equals NaN.
function near(actual, expected, tol, what) {
  if (actual?.rows !== undefined && actual?.cols !== undefined) actual = actual.toArray();
  if (ArrayBuffer.isView(actual)) actual = Array.from(actual);
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${what}: expected an array, got ${actual}`);
    assert.equal(actual.length, expected.length, `${what} length`);
    expected.forEach((e, i) => near(actual[i], e, tol, `${what}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    assert.deepEqual(Object.keys(actual), Object.keys(expected), `${what} keys`);
    for (const key of Object.keys(expected)) near(actual[key], expected[key], tol, `${what}.${key}`);
  } else if (typeof expected === 'string' && !['NaN', 'Infinity', '-Infinity'].includes(expected)) {
    assert.equal(actual, expected, what);
  } else {
    const e = number(expected);
    if (Number.isNaN(e)) assert.ok(Number.isNaN(actual), `${what}: ${actual} vs NaN`);
    else assert.ok(actual === e || Math.abs(actual - e) <= tol * Math.max(1, Math.abs(e)), `${what}: ${actual} vs ${e}`);
  }
}

// Warnings are printed with console.warn; collect them instead.
function quietly(f) {
  const original = console.warn;
  const printed = [];
  console.warn = (m) => printed.push(m);
  try {
    return [f(), printed];
  } finally {
    console.warn = original;
  }
}

for (const group of Object.keys(fixture))
  test(`${group} metrics equal scikit-learn on every fixture case`, () => {
    const seen = new Map();
    for (const [i, c] of fixture[group].entries()) {
      const what = `${c.fn} case ${i} ${JSON.stringify(c.options).slice(0, 80)}`;
      // A function without options takes none (an options object is then an extra argument).
      const options = metrics[c.fn].metadata.params.length ? [c.options] : [];
      seen.set(c.fn, (seen.get(c.fn) ?? 0) + 1);
      // scikit-learn raised: its message's first sentence, in camelCase.
      if (c.error) {
        assert.throws(() => quietly(() => metrics[c.fn](...c.args, ...options)), (e) => e.message.includes(c.error), what);
        continue;
      }
      const [actual] = quietly(() => metrics[c.fn](...c.args, ...options));
      if (c.fn === 'rocCurve') {
        // ≥ 1.3: the first threshold is +Infinity (1.2.1 wrote max + 1).
        assert.equal(actual.thresholds[0], Infinity, what);
        near({ fpr: actual.fpr, tpr: actual.tpr, thresholdsAfterFirst: actual.thresholds.subarray(1) }, c.expected, 1e-12, what);
      } else if (c.fn === 'classificationReport' && !c.options.outputDict) {
        // Same layout; a printed F-score may differ in its last digit where ≥ 1.3's F from the counts
        // (2tp / (2tp + fp + fn)) and 1.2.1's 2pr / (p + r) round to either side of a half.
        assert.deepEqual(actual.split('\n').map((l) => l.length), c.expected.split('\n').map((l) => l.length), what);
        const numbers = (text) => text.split(/\s+/).filter((t) => /^[\d.]+$/.test(t)).map(Number);
        const [mine, theirs] = [numbers(actual), numbers(c.expected)];
        assert.equal(mine.length, theirs.length, what);
        mine.forEach((v, k) => assert.ok(Math.abs(v - theirs[k]) <= 1.0001 * 10 ** -c.options.digits, `${what} number ${k}`));
        assert.equal(actual.replace(/[\d.]+/g, '#'), c.expected.replace(/[\d.]+/g, '#'), what);
      } else if (c.fn === 'precisionRecallFscoreSupport' && c.options.average) {
        near(actual, { ...c.expected, support: null }, 1e-12, what);
      } else {
        near(actual, c.expected, 1e-10, what);
      }
    }
    for (const [fn, count] of seen) assert.ok(count >= 20, `${fn} has ${count} cases`);
  });

test('the classification report is scikit-learn text, with string and number labels', () => {
  const report = metrics.classificationReport(['cat', 'dog', 'dog', 'eel'], ['cat', 'dog', 'eel', 'eel']);
  assert.equal(
    report,
    '              precision    recall  f1-score   support\n\n' +
      '         cat       1.00      1.00      1.00         1\n' +
      '         dog       1.00      0.50      0.67         2\n' +
      '         eel       0.50      1.00      0.67         1\n\n' +
      '    accuracy                           0.75         4\n' +
      '   macro avg       0.83      0.83      0.78         4\n' +
      'weighted avg       0.88      0.75      0.75         4\n',
  );
  const dict = metrics.classificationReport([0, 1, 1], [0, 1, 0], { outputDict: true });
  assert.deepEqual(Object.keys(dict), ['0', '1', 'accuracy', 'macro avg', 'weighted avg']);
  assert.deepEqual(dict['1'], { precision: 1, recall: 0.5, 'f1-score': 2 / 3, support: 2 });
  assert.equal(dict.accuracy, 2 / 3);
});

test('confusionMatrix orders labels as scikit-learn and takes labels of either kind', () => {
  assert.deepEqual(metrics.confusionMatrix([2, 0, 2, 2, 0, 1], [0, 0, 2, 2, 0, 2]).toArray(), [[2, 0, 0], [0, 0, 1], [1, 0, 2]]);
  const cm = metrics.confusionMatrix(['b', 'a', 'b'], ['a', 'a', 'b'], { labels: ['b', 'a', 'z'] });
  assert.deepEqual(cm.toArray(), [[1, 1, 0], [0, 1, 0], [0, 0, 0]]);
  assert.throws(() => metrics.confusionMatrix(['a'], ['a'], { labels: ['z'] }), /At least one label specified in labels must be in yTrue/);
});

test('zeroDivision: warn warns once per metric and gives 0; 1 and nan replace 0/0 (≥ 1.3)', () => {
  // Class 2 is never predicted: its precision is 0/0.
  const yTrue = [0, 1, 2, 2], yPred = [0, 1, 1, 1];
  const [warned, printed] = quietly(() => metrics.precisionScore(yTrue, yPred, { average: null }));
  assert.deepEqual(Array.from(warned), [1, 1 / 3, 0]);
  assert.equal(printed.length, 1);
  assert.match(printed[0], /precisionScore: Precision is ill-defined and being set to 0\.0 in labels with no predicted samples/);
  const [ones, none] = quietly(() => metrics.precisionScore(yTrue, yPred, { average: null, zeroDivision: 1 }));
  assert.deepEqual(Array.from(ones), [1, 1 / 3, 1]);
  assert.equal(none.length, 0);
  // 'nan': the 0/0 label is left out of the macro average (≥ 1.3's _nanaverage).
  const nan = metrics.precisionScore(yTrue, yPred, { average: null, zeroDivision: 'nan' });
  assert.ok(Number.isNaN(nan[2]));
  assert.equal(metrics.precisionScore(yTrue, yPred, { average: 'macro', zeroDivision: 'nan' }), (1 + 1 / 3) / 2);
  assert.throws(() => metrics.precisionScore(yTrue, yPred, { zeroDivision: 0.5 }), /zeroDivision must be 'warn', 0, 1 or 'nan', got 0.5/);
  assert.throws(() => metrics.precisionScore(yTrue, yPred, { zeroDivision: 'always' }), /zeroDivision must be one of 'warn', 'nan'/);
});

test('binary averages need posLabel among the labels; multiclass targets need another average', () => {
  assert.equal(metrics.recallScore(['no', 'yes', 'yes'], ['no', 'no', 'yes'], { posLabel: 'yes' }), 0.5);
  assert.throws(() => metrics.recallScore(['no', 'yes'], ['no', 'yes']), /posLabel is not one of the labels of yTrue and yPred/);
  assert.throws(() => metrics.f1Score([0, 1, 2], [0, 1, 2]), /Target is multiclass but average='binary'/);
  assert.throws(() => metrics.f1Score([0, 1], [0, 1], { average: 'samples' }), /average must be one of 'binary', 'micro', 'macro', 'weighted'/);
  assert.throws(() => metrics.f1Score([0, 1], ['a', 'b']), /yTrue and yPred hold different kinds of labels/);
  assert.throws(() => metrics.f1Score([0, 1], [0]), /yPred has 1 entries but yTrue has 2 entries/);
  assert.throws(() => metrics.f1Score([0, 1], [0, 1], { sampleWeight: [1] }), /sampleWeight has 1 entries but yTrue has 2/);
});

test('logLoss follows scikit-learn ≥ 1.5: rows not summing to 1 warn and are not renormalised', () => {
  const [loss, printed] = quietly(() => metrics.logLoss([0, 1], [[0.2, 0.3], [0.5, 0.5]]));
  assert.ok(Math.abs(loss - (-Math.log(0.2) - Math.log(0.5)) / 2) < 1e-15);
  assert.equal(printed.length, 1);
  assert.match(printed[0], /The yPred values do not sum to one/);
  // Probabilities 0 and 1 are clipped to [ε, 1 - ε]: finite.
  assert.ok(Math.abs(metrics.logLoss([0, 1], [[0, 1], [1, 0]]) + Math.log(Number.EPSILON)) < 1e-9);
  assert.throws(() => metrics.logLoss([1, 1], [0.3, 0.9]), /yTrue contains only one label/);
  assert.throws(() => metrics.logLoss([0, 1, 2], [[0.5, 0.5], [0.5, 0.5], [0.5, 0.5]]), /different numbers of classes, 3 and 2/);
  assert.throws(() => metrics.logLoss([0, 1], [[1.5, -0.5], [0, 1]]), /yPred must hold probabilities in \[0, 1\]/);
});

test('curves: posLabel defaults to 1 for labels {0, 1} or {-1, 1}, else it must be given', () => {
  const { fpr, tpr, thresholds } = metrics.rocCurve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]);
  assert.deepEqual(Array.from(fpr), [0, 0, 0.5, 0.5, 1]);
  assert.deepEqual(Array.from(tpr), [0, 0.5, 0.5, 1, 1]);
  assert.deepEqual(Array.from(thresholds), [Infinity, 0.8, 0.4, 0.35, 0.1]);
  assert.equal(metrics.rocAucScore([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 0.75);
  assert.equal(metrics.averagePrecisionScore([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), 0.5 * 1 + 0.5 * (2 / 3));
  assert.throws(() => metrics.rocCurve(['a', 'b'], [0.1, 0.9]), /yTrue takes values in \{a, b\} and posLabel is not specified/);
  assert.equal(metrics.rocCurve(['a', 'b'], [0.1, 0.9], { posLabel: 'b' }).tpr[1], 1);
  const [, printed] = quietly(() => metrics.rocCurve([0, 0], [0.1, 0.9]));
  assert.match(printed[0], /No positive samples in yTrue/);
  assert.throws(() => metrics.rocAucScore([0, 0], [0.1, 0.9]), /Only one class present in yTrue/);
  assert.throws(() => metrics.rocAucScore([0, 1, 2], [[0.2, 0.8, 0], [0.5, 0.5, 0], [0, 0, 1]]), /multiClass must be 'ovr' or 'ovo'/);
  assert.throws(
    () => metrics.rocAucScore([0, 1, 2], [[0.2, 0.9, 0], [0.5, 0.5, 0], [0, 0, 1]], { multiClass: 'ovr' }),
    /Target scores need to be probabilities/,
  );
});

test('clustering scores: closed forms and label checks', () => {
  // Two tight pairs far apart: a = 1 within, b = mean distance to the other pair.
  const X = [[0, 0], [0, 1], [10, 0], [10, 1]];
  const b = (10 + Math.hypot(10, 1)) / 2;
  near(metrics.silhouetteSamples(X, ['p', 'p', 'q', 'q']), [1, 1, 1, 1].map(() => (b - 1) / b), 1e-14, 'silhouette');
  assert.equal(metrics.adjustedRandScore([0, 0, 1, 1], [5, 5, 3, 3]), 1);
  near(metrics.normalizedMutualInfoScore([0, 0, 1, 1], [1, 1, 0, 0]), 1, 1e-15, 'NMI');
  assert.equal(metrics.calinskiHarabaszScore(X, [0, 0, 1, 1]), (4 * 25 * (4 - 2)) / (4 * 0.25 * (2 - 1)));
  assert.throws(() => metrics.silhouetteScore(X, [0, 0, 0, 0]), /Number of labels is 1. Valid values are 2 to n_samples - 1/);
  assert.throws(() => metrics.daviesBouldinScore(X, [0, 1, 2, 3]), /Number of labels is 4/);
  assert.throws(() => metrics.silhouetteScore(X, [0, 1]), /labels has 2 entries but X has 4 rows/);
});

test('regression metrics: weights, maxError takes one output', () => {
  assert.equal(metrics.meanSquaredError([1, 2, 3], [1, 2, 5], { sampleWeight: [1, 1, 2] }), 2);
  assert.equal(metrics.medianAbsoluteError([0, 0, 0, 0], [1, 2, 3, 4]), 2.5);
  assert.equal(metrics.meanAbsolutePercentageError([2, -4], [1, -5]), 0.375);
  assert.throws(() => metrics.maxError([[1, 2]], [[1, 2]]), /maxError takes one output, got 2/);
  assert.throws(() => metrics.maxError([1], [1], { sampleWeight: [1] }), /maxError takes 2 arguments, got 3/);
  assert.throws(() => metrics.r2Score([1, 2], [1, 2], { sampleWeight: [-1, 2] }), /sampleWeight must be non-negative/);
});

test('regression multioutput and rocAucScore maxFpr: hand-checked values and the errors', () => {
  const yTrue = [[1, 10], [2, 10], [3, 40]], yPred = [[1, 10], [2, 20], [5, 40]];
  // Per output: squared errors (0, 0, 4) and (0, 100, 0).
  assert.deepEqual(Array.from(metrics.meanSquaredError(yTrue, yPred, { multioutput: 'raw_values' })), [4 / 3, 100 / 3]);
  near(metrics.meanSquaredError(yTrue, yPred, { multioutput: 'uniform_average' }), 52 / 3, 1e-15, 'uniform');
  // R² per output 1 - 4/2 and 1 - 100/600, weighted by SS_tot 2 and 600.
  near(metrics.r2Score(yTrue, yPred, { multioutput: 'variance_weighted' }), (-1 * 2 + (5 / 6) * 600) / 602, 1e-15, 'variance weighted');
  // squared false: the root of each output's mean, then averaged (scikit-learn's order).
  assert.deepEqual(Array.from(metrics.meanSquaredError(yTrue, yPred, { multioutput: 'raw_values', squared: false })),
    [Math.sqrt(4 / 3), Math.sqrt(100 / 3)]);
  near(metrics.meanSquaredError(yTrue, yPred, { squared: false }), (Math.sqrt(4 / 3) + Math.sqrt(100 / 3)) / 2, 1e-15, 'root');
  assert.equal(metrics.meanSquaredError([1, 2, 3], [1, 2, 5], { sampleWeight: [1, 1, 2], squared: false }), Math.SQRT2);
  assert.throws(() => metrics.meanAbsoluteError(yTrue, yPred, { squared: false }), /squared/);
  assert.throws(() => metrics.meanSquaredError(yTrue, yPred, { multioutput: 'variance_weighted' }),
    /multioutput must be one of 'raw_values', 'uniform_average'/);
  // Positives scored 0.8 and 0.4 above negatives at 0.35 and 0.1: a perfect ranking, whose partial area
  // standardises to 1; the reversed ranking has partial area 0: 0.5 · (1 + (0 - p²/2) / (p - p²/2)).
  assert.equal(metrics.rocAucScore([0, 0, 1, 1], [0.1, 0.35, 0.4, 0.8], { maxFpr: 0.5 }), 1);
  near(metrics.rocAucScore([1, 1, 0, 0], [0.1, 0.35, 0.4, 0.8], { maxFpr: 0.5 }), 0.5 * (1 - 0.125 / 0.375), 1e-15, 'reversed');
  assert.throws(() => metrics.rocAucScore([0, 1], [0.2, 0.4], { maxFpr: 0 }), /maxFpr must be in \(0, 1\]/);
  assert.throws(() => metrics.rocAucScore([0, 1, 2], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], { multiClass: 'ovr', maxFpr: 0.5 }),
    /maxFpr must be null \(or 1\) for multiclass targets/);
});

test('silhouetteScore sampleSize scores the rows of the seeded permutation (the splitters\' generator)', async () => {
  const { modelSelection } = await import('wasmlearn');
  const X = Array.from({ length: 300 }, (_, i) => [Math.sin(i), Math.cos(3 * i), (i % 9) / 3]);
  const labels = X.map((_, i) => ['a', 'b', 'c', 'd'][i % 4]);
  const order = modelSelection.permutation({ nSamples: 300, randomState: 7 }).subarray(0, 40);
  const expected = metrics.silhouetteScore(Array.from(order, (i) => X[i]), Array.from(order, (i) => labels[i]));
  assert.equal(metrics.silhouetteScore(X, labels, { sampleSize: 40, randomState: 7 }), expected);
  assert.notEqual(metrics.silhouetteScore(X, labels, { sampleSize: 40, randomState: 8 }), expected);
  // All the rows (in another order): the full score up to the order of summation.
  near(metrics.silhouetteScore(X, labels, { sampleSize: 300 }), metrics.silhouetteScore(X, labels), 1e-14, 'all rows');
  // Precomputed distances: the same rows and those columns.
  const D = metrics.pairwise.pairwiseDistances(X, null, { metric: 'manhattan' });
  const byRows = metrics.silhouetteScore(X, labels, { metric: 'manhattan', sampleSize: 40, randomState: 7 });
  near(metrics.silhouetteScore(D, labels, { metric: 'precomputed', sampleSize: 40, randomState: 7 }), byRows, 1e-14, 'precomputed');
  near(metrics.silhouetteScore(Array.from(order, (i) => X[i]), Array.from(order, (i) => labels[i]), { metric: 'manhattan' }),
    byRows, 1e-14, 'manhattan subset');
  // A subset may miss a cluster: its labels are coded anew, as the subset's own labels would be.
  const few = [[0], [0.1], [5], [5.2], [9], [9.5]], fewLabels = ['x', 'x', 'y', 'y', 'z', 'z'];
  for (let seed = 0; seed < 6; seed++) {
    const rows = modelSelection.permutation({ nSamples: 6, randomState: seed }).subarray(0, 3);
    const direct = () => metrics.silhouetteScore(Array.from(rows, (i) => few[i]), Array.from(rows, (i) => fewLabels[i]));
    const sampled = () => metrics.silhouetteScore(few, fewLabels, { sampleSize: 3, randomState: seed });
    let expectedScore;
    try {
      expectedScore = direct();
    } catch (e) {
      assert.throws(sampled, { message: e.message });
      continue;
    }
    assert.equal(sampled(), expectedScore, `seed ${seed}`);
  }
  assert.throws(() => metrics.silhouetteScore(X, labels, { sampleSize: 0 }), /sampleSize must be at least 1/);
});

test('classificationReport targetNames: the rows and keys in the order of labels; wrong lengths as scikit-learn', () => {
  const names = ['setosa', 'versicolor', 'virginica'];
  assert.equal(
    metrics.classificationReport([0, 1, 1, 2], [0, 1, 2, 2], { targetNames: names }),
    '              precision    recall  f1-score   support\n\n' +
      '      setosa       1.00      1.00      1.00         1\n' +
      '  versicolor       1.00      0.50      0.67         2\n' +
      '   virginica       0.50      1.00      0.67         1\n\n' +
      '    accuracy                           0.75         4\n' +
      '   macro avg       0.83      0.83      0.78         4\n' +
      'weighted avg       0.88      0.75      0.75         4\n',
  );
  // A name wider than 'weighted avg' widens the first column, counted in characters (not UTF-8 bytes).
  const wide = metrics.classificationReport(['a', 'b'], ['a', 'b'], { targetNames: ['ünïcödé name here', 'b'] });
  assert.equal(wide.split('\n')[2], 'ünïcödé name here       1.00      1.00      1.00         1');
  // Names follow `labels`; with labels given a list of another length warns and the rows stop at the shorter.
  const shorter = () =>
    metrics.classificationReport([0, 1, 1, 2], [0, 1, 2, 2], { labels: [2, 0], targetNames: ['virginica'], outputDict: true });
  const [dict] = quietly(shorter);
  assert.deepEqual(Object.keys(dict), ['virginica', 'micro avg', 'macro avg', 'weighted avg']);
  assert.deepEqual(dict.virginica, { precision: 0.5, recall: 1, 'f1-score': 2 / 3, support: 1 });
  // (A warning is printed once per program, and the fixture cases may have printed it: 'error' shows it.)
  const previous = setConfig({ warnings: 'error' });
  try {
    assert.throws(shorter, { name: 'UserWarning', message: /labels size, 2, does not match size of targetNames, 1/ });
  } finally {
    setConfig(previous);
  }
  assert.throws(() => metrics.classificationReport([0, 1, 2], [0, 1, 2], { targetNames: ['a', 'b'] }),
    { message: 'Number of classes, 3, does not match size of targetNames, 2. Try specifying the labels parameter' });
  assert.throws(() => metrics.classificationReport([0, 1], [0, 1], { targetNames: 'ab' }), /targetNames must be an array of strings, got "ab"/);
  assert.throws(() => metrics.classificationReport([0, 1], [0, 1], { targetNames: ['a', 2] }), /targetNames\[1\] must be a string, got 2/);
  // null (the default) names the rows by their labels.
  assert.equal(metrics.classificationReport([0, 1], [0, 1], { targetNames: null }), metrics.classificationReport([0, 1], [0, 1]));
});

test('multilabel rocAucScore and averagePrecisionScore: hand-checked areas, every average, the errors', () => {
  const y = [[1, 0], [0, 1], [1, 1], [0, 0]], score = [[0.9, 0.2], [0.3, 0.8], [0.6, 0.7], [0.1, 0.75]];
  // Label 0: positives 0.9, 0.6 above negatives 0.3, 0.1 (area 1); label 1: positives 0.8, 0.7 against
  // negatives 0.2, 0.75, three of four pairs ordered (0.75). Micro: 14 of the 16 pairs of all entries.
  assert.deepEqual(Array.from(metrics.rocAucScore(y, score, { average: null })), [1, 0.75]);
  assert.equal(metrics.rocAucScore(y, score), 0.875);
  assert.equal(metrics.rocAucScore(y, score, { average: 'weighted' }), 0.875);
  assert.equal(metrics.rocAucScore(y, score, { average: 'micro' }), 14 / 16);
  // 'samples': row 3 holds one class only, where the area is undefined.
  assert.throws(() => metrics.rocAucScore(y, score, { average: 'samples' }), /Only one class present in yTrue/);
  // Label 1 ranked 0.8 (+), 0.75 (-), 0.7 (+), 0.2 (-): precision 1 at recall 1/2, 2/3 at recall 1.
  assert.deepEqual(Array.from(metrics.averagePrecisionScore(y, score, { average: null })), [1, 0.5 + 0.5 * (2 / 3)]);
  // A DenseMatrix works as rows do; one column is one label per sample.
  const dense = new DenseMatrix(Float64Array.from(y.flat()), 4, 2);
  assert.equal(metrics.rocAucScore(dense, score), 0.875);
  assert.equal(metrics.rocAucScore([[0], [1], [1]], [0.2, 0.9, 0.4]), 1);
  assert.throws(() => metrics.rocAucScore([[1, 2], [0, 1]], [[0.1, 0.2], [0.3, 0.4]]), /yTrue as a matrix must be a multilabel indicator of 0 and 1, got 2 at row 0, column 1/);
  assert.throws(() => metrics.rocAucScore(y, [[0.1, 0.2, 0.3], [0.1, 0.2, 0.3], [0.1, 0.2, 0.3], [0.1, 0.2, 0.3]]), /yScore must have the shape of yTrue, 4x2, got 4x3/);
  assert.throws(() => metrics.rocAucScore(y, score, { labels: [0, 1] }), /labels applies to multiclass yTrue, not to a multilabel indicator matrix/);
  assert.throws(() => metrics.averagePrecisionScore(y, score, { posLabel: 0 }), /posLabel is fixed to 1 for a multilabel indicator yTrue/);
  assert.equal(metrics.averagePrecisionScore(y, score, { posLabel: 1 }), metrics.averagePrecisionScore(y, score));
  // Multiclass rocAucScore keeps scikit-learn's two averages.
  assert.throws(() => metrics.rocAucScore([0, 1, 2], [[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8]], { multiClass: 'ovr', average: 'micro' }),
    /average must be 'macro' or 'weighted' for multiclass targets/);
  // The metrics of one label per sample say so when given an indicator matrix.
  for (const fn of ['f1Score', 'accuracyScore', 'precisionRecallFscoreSupport', 'zeroOneLoss'])
    assert.throws(() => metrics[fn](y, y), /yTrue: \w+ takes one label per sample, not a multilabel indicator matrix \(taken by rocAucScore, averagePrecisionScore\)/, fn);
});
