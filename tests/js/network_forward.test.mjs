// The network view's parts that run without a page (web/src/network_forward.js, network_data.js,
// network.js): the forward pass written from the weights and the library's layerActivations (the
// maps' source) give the library's predictProba on every output activation, the features the toggles
// choose, CSV points, the hidden-layer field and the scikit-learn code of the export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as wl from 'wasmlearn';
import { forwardLayers, weightsOf, weightsOfInit, outActivations, derivatives } from '../../web/src/network_forward.js';
import { networkData, featureRows, parseCsv, gridOf } from '../../web/src/network_data.js';
import { parseLayers, sklearnCode, editedStart } from '../../web/src/network.js';

wl.setConfig({ warnings: 'ignore' });

const spec = (extra) => ({ preset: 'spiral', nSamples: 600, noise: 0.2, seed: 2, testSize: 0.3, nClasses: 3, features: ['x1', 'x2', 'x1TimesX2', 'sinX1'], ...extra });

test('the forward pass from the weights and the library\'s layerActivations equal predictProba: softmax, logistic, every activation, rows past 256', () => {
  for (const [extra, activation] of [[{}, 'tanh'], [{ nClasses: 2 }, 'relu'], [{ nClasses: 5 }, 'logistic'], [{ preset: 'moons' }, 'identity']]) {
    const d = networkData(wl, spec(extra));
    assert.ok(d.train.X.rows > 256);
    const model = new wl.MLPClassifier({ hiddenLayerSizes: [9, 17], activation, maxIter: 30, learningRateInit: 0.01 }).fit(d.train.X, d.train.y);
    const w = weightsOf(model);
    assert.deepEqual(w.units, [4, 9, 17, d.nClasses === 2 ? 1 : d.nClasses]);
    const layers = forwardLayers(d.train.X.data, d.train.X.rows, w, activation, outActivations[model.outActivation]);
    const out = layers[layers.length - 1], P = model.predictProba(d.train.X).data;
    const k = d.nClasses;
    for (let i = 0; i < d.train.X.rows; i++)
      for (let j = 0; j < k; j++) {
        const want = P[i * k + j], got = k === 2 ? (j === 1 ? out[i] : 1 - out[i]) : out[i * k + j];
        assert.ok(Math.abs(got - want) <= 1e-12, `${activation} row ${i} class ${j}: ${got} vs ${want}`);
      }
    // The library's layerActivations (what the view's maps are drawn from): every layer as the pass
    // written out above, the output layer exactly predictProba's.
    const core = model.layerActivations(d.train.X), n = d.train.X.rows;
    assert.equal(core.length, n * w.units.slice(1).reduce((a, b) => a + b));
    for (let l = 0, at = 0; l < layers.length; at += n * w.units[l + 1], l++) {
      const values = core.subarray(at, at + n * w.units[l + 1]);
      values.forEach((v, i) => assert.ok(Math.abs(v - layers[l][i]) <= 1e-12, `${activation} layer ${l + 1} value ${i}: ${v} vs ${layers[l][i]}`));
      if (l === layers.length - 1) assert.deepEqual(Array.from(values), k === 2 ? Array.from({ length: n }, (_, i) => P[2 * i + 1]) : Array.from(P));
    }
    if (activation === 'relu') assert.ok(layers[0].every((v) => v >= 0));
    if (activation === 'tanh') assert.ok(layers[1].every((v) => v > -1 && v < 1));
    model.dispose();
  }
  assert.equal(derivatives.tanh(0.5), 0.75);
  assert.equal(derivatives.logistic(0.25), 0.1875);
});

test('features by toggle, the grid, CSV points and the split', () => {
  const X = featureRows(Float64Array.of(1, 2, -0.5, 3), 2, ['x2', 'x1Squared', 'x1TimesX2', 'sinX2']);
  assert.deepEqual(Array.from(X.data), [2, 1, 2, Math.sin(2), 3, 0.25, -1.5, Math.sin(3)]);
  assert.equal(X.cols, 4);
  const G = gridOf({ x: [0, 4], y: [0, 2] }, 2);
  assert.deepEqual(Array.from(G), [1, 1.5, 3, 1.5, 1, 0.5, 3, 0.5]); // row 0 at the top
  const csv = parseCsv('x1,x2,label\n0,1,cat\n2, 3 ,dog\n\n4;5;cat\n');
  assert.deepEqual([Array.from(csv.P), Array.from(csv.c), csv.names], [[0, 1, 2, 3, 4, 5], [0, 1, 0], ['cat', 'dog']]);
  assert.throws(() => parseCsv('0,1,a\n2,x,b'), { message: 'CSV line 2: expected "x1, x2, class", got "2,x,b"' });
  assert.throws(() => parseCsv('0,1,a\n2,3,a'), /at least 2 classes/);
  const d = networkData(wl, spec({ nClasses: 4 }));
  assert.equal(d.nClasses, 4);
  assert.equal(d.train.y.length + d.held.y.length, 600);
  assert.ok(Math.abs(d.held.y.length / 600 - 0.3) < 0.06);
  assert.throws(() => networkData(wl, spec({ features: [] })), /features: toggle at least one input feature/);
});

test('the hidden-layer field and the scikit-learn export', () => {
  assert.deepEqual(parseLayers('8, 8'), [8, 8]);
  assert.deepEqual(parseLayers(''), []);
  assert.deepEqual(parseLayers(Array(10).fill(64).join(' ')), Array(10).fill(64));
  assert.throws(() => parseLayers('8, 65'), /hidden layers: whole numbers of neurons from 1 to 64, got "8, 65"/);
  assert.throws(() => parseLayers(Array(11).fill(2).join(',')), /at most 10, got 11/);
  const code = sklearnCode({ layers: [8, 8], activation: 'tanh', solver: 'sgd', learningRateInit: 0.03, alpha: 0.0001, batchSize: 'auto', maxIter: 500, randomState: 0, features: ['x1', 'x2', 'x1TimesX2'] }, wl.MLPClassifier.metadata);
  assert.match(code, /model = MLPClassifier\(hidden_layer_sizes=\(8, 8\), activation='tanh', solver='sgd', learning_rate_init=0\.03, max_iter=500\)/);
  assert.match(code, /np\.column_stack\(\[X\[:, 0\], X\[:, 1\], X\[:, 0\] \* X\[:, 1\]\]\)/);
  assert.match(sklearnCode({ layers: [3], activation: 'relu', solver: 'adam', learningRateInit: 0.001, alpha: 0.0001, batchSize: 'auto', maxIter: 200, randomState: 0, features: ['x1'] }, wl.MLPClassifier.metadata), /hidden_layer_sizes=\(3,\)\)/);
});

// A weight edited in the view (network.js editedStart) becomes the library's starting weights: a fit
// from them at a rate too small to move any weight (1e-300) keeps them bit for bit, and its
// predictProba is the forward pass of those weights.
test('an edited weight: the start weights the library trains from, and the export says so', () => {
  const d = networkData(wl, spec({ nClasses: 3 }));
  const model = new wl.MLPClassifier({ hiddenLayerSizes: [9, 17], activation: 'tanh', maxIter: 5, learningRateInit: 0.01 }).fit(d.train.X, d.train.y);
  const drawn = weightsOf(model);
  model.dispose();
  const start = editedStart(drawn, { layer: 1, from: 8, to: 16, value: -2.5 });
  const w = weightsOfInit(start);
  assert.deepEqual(w.units, [4, 9, 17, 3]);
  const changed = w.coefs.flatMap((W, l) => Array.from(W).map((v, i) => [l, i, v]).filter(([, , v], i) => v !== drawn.coefs[l][i]));
  assert.deepEqual(changed, [[1, 8 * 17 + 16, -2.5]]);
  assert.deepEqual(w.intercepts, drawn.intercepts);
  const still = new wl.MLPClassifier({ hiddenLayerSizes: [9, 17], activation: 'tanh', solver: 'sgd', learningRateInit: 1e-300, maxIter: 1, weightsInit: start }).fit(d.train.X, d.train.y);
  assert.deepEqual(weightsOf(still), w);
  const out = forwardLayers(d.train.X.data, d.train.X.rows, w, 'tanh', 'softmax').at(-1), P = still.predictProba(d.train.X).data;
  assert.ok(P.every((p, i) => Math.abs(p - out[i]) <= 1e-12));
  still.dispose();
  const settings = { layers: [9, 17], activation: 'tanh', solver: 'adam', learningRateInit: 0.01, alpha: 0.0001, batchSize: 'auto', maxIter: 200, randomState: 0, features: ['x1', 'x2'] };
  const code = sklearnCode({ ...settings, start }, wl.MLPClassifier.metadata);
  assert.match(code, /# this view started from edited weights; scikit-learn starts from random ones\nmodel = MLPClassifier\(hidden_layer_sizes=\(9, 17\), activation='tanh', learning_rate_init=0\.01\)/);
  assert.doesNotMatch(sklearnCode(settings, wl.MLPClassifier.metadata), /edited/);
});

// The tutorial's XOR step (web/src/network_tutorial.js): every hand-computed gradient equals the one
// the library applies in a full-batch sgd step at rate 1 (momentum 0: new weight = old − gradient),
// and the hand loss equals the library's loss at the starting weights.
test('back-propagation by hand on the 2-2-1 XOR network equals the library\'s step', async () => {
  const { xorByHand, libraryGradient, xorStart, xorRate } = await import('../../web/src/network_tutorial.js');
  const { requests } = await import('../../web/src/network_requests.js');
  const answer = requests.xorEpoch({ weights: xorStart, rate: xorRate });
  const hand = xorByHand();
  assert.ok(Math.abs(hand.loss - answer.loss) <= 1e-15, `${hand.loss} vs ${answer.loss}`);
  const lib = libraryGradient(answer);
  const flat = (g) => [...g.W1.flat(), ...g.b1, ...g.W2, g.b2];
  flat(hand.gradient).forEach((v, i) => assert.ok(Math.abs(v - flat(lib)[i]) <= 1e-15, `gradient ${i}: ${v} vs ${flat(lib)[i]}`));
  // Hand-checkable values: point (0, 0) has z = (−1, −1), a = σ(−1) = 0.26894, ŷ = σ(2·0.26894 − 1).
  const r = hand.rows[0];
  assert.deepEqual(r.z, [-1, -1]);
  assert.ok(Math.abs(r.a[0] - 0.2689414213699951) < 1e-15);
  assert.ok(Math.abs(r.out - 1 / (1 + Math.exp(1 - 2 * 0.2689414213699951))) < 1e-15);
  assert.ok(Math.abs(r.delta[0] - r.out * 0.2689414213699951 * (1 - 0.2689414213699951)) < 1e-15);
  assert.ok(flat(hand.gradient).every((g) => g !== 0), 'every weight moves');
});

// portable_math.js: sin, cos and log from + − × ÷ only (Math.sin, Math.cos and Math.log differ in
// the last bit between Node's V8 and Chromium's), within 2 ulp of the true value of the double
// argument (60-digit values by mpmath, rounded to the nearest double).
test('portable sin, cos and log are within 2 ulp of the true values', async () => {
  const { sin, cos, log } = await import('../../web/src/portable_math.js');
  const near = (got, want, what) => assert.ok(Math.abs(got - want) <= 2 * 2 ** -52 * Math.abs(want), `${what}: ${got} vs ${want}`);
  const trig = [
    [0.1, 0.09983341664682815, 0.9950041652780258],
    [-2.5, -0.5984721441039565, -0.8011436155469337],
    [3.0, 0.1411200080598672, -0.9899924966004454],
    [0.7853981633974483, 0.7071067811865475, 0.7071067811865476],
    [100.25, -0.2772828564548513, 0.9607883312760612],
    [1e-5, 9.999999999833334e-6, 0.99999999995],
    [6.283185307179586, -2.4492935982947064e-16, 1.0],
    [-40.0, -0.7451131604793488, -0.6669380616522619],
    [1000.0, 0.8268795405320025, 0.5623790762907029],
  ];
  for (const [x, s, c] of trig) near(sin(x), s, `sin ${x}`), near(cos(x), c, `cos ${x}`);
  const logs = [
    [0.5, -0.6931471805599453], [1e-300, -690.7755278982137], [2.0, 0.6931471805599453], [0.999999, -1.000000500029089e-6],
    [123456.789, 11.723646487185881], [5e-324, -744.4400719213812], [1.4142135623730951, 0.3465735902799727],
  ];
  for (const [x, l] of logs) near(log(x), l, `log ${x}`);
  assert.deepEqual([log(1), log(0), log(-1), log(Infinity), sin(-0), cos(0)], [0, -Infinity, NaN, Infinity, -0, 1]);
  assert.ok(Number.isFinite(sin(1e300)) && Math.abs(sin(1e300)) <= 1, 'huge arguments stay finite');
});

// The view's edited start (tests/web/network.test.mjs does the same in Chromium and requires these
// bits): the default 2-8-8-1 network after 3 epochs on the XOR preset, the weight x1 → neuron 1 set
// to 3.5, then one epoch from there. Pinned: Node printed them once (the points come from
// portable_math.js, the same in every engine). The sum's last bit moved when the gradients took
// the packed Aᵀ·B product (another summation order), again when the intercepts' gradients were
// summed in order of the rows (Eigen's column sums had added them in another order), and again when
// tanh and logistic became ActivationLanes' (within 4.5 ulp, not det_exp's bits), which is what a pin
// is for.
test('an edited start trains to pinned bits', () => {
  const data = networkData(wl, { preset: 'xor', nSamples: 500, noise: null, seed: 0, testSize: 0.3, nClasses: 3, features: ['x1', 'x2'] });
  const params = { hiddenLayerSizes: [8, 8], activation: 'tanh', learningRateInit: 0.03, randomState: 0 };
  const three = new wl.MLPClassifier({ ...params, maxIter: 3 }).fit(data.train.X, data.train.y);
  const start = editedStart(weightsOf(three), { layer: 0, from: 0, to: 0, value: 3.5 });
  const model = new wl.MLPClassifier({ ...params, maxIter: 1, weightsInit: start }).fit(data.train.X, data.train.y);
  const { state } = model.toJSON();
  assert.deepEqual([data.P[0], data.P[1], data.train.y.length], [-0.5628391812666363, 0.07760742994770294, 348]);
  assert.deepEqual([state.lossCurve[0], state.weights[0], state.weights.reduce((a, b) => a + b)], [0.7214010433974792, 3.440241439110156, 4.400162521124489]);
  // The weight the issue quoted (−0.18021544129054703 in Node, −0.180215441290547 in Chromium before
  // the points were made portable; …712 before the intercepts' gradients were summed in order, …71 and
  // …745 on the two branches before both were merged).
  assert.ok(state.weights.includes(-0.18021544129054734));
  for (const m of [three, model]) m.dispose();
});
