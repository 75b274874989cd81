// The playground's steppers (web/src/steppers.js) on the WASM package: display step s is the fit
// stopped after its k-th iteration / level / tree, stepping ends where the complete fit ends and
// gives its result, and the objective curve is the fits' own (closed forms where there is one).
// 500 points: past the core's 256-row blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as wl from 'wasmlearn';
import { stepperFor, stepFit, forget } from '../../web/src/steppers.js';

wl.setConfig({ warnings: 'ignore' }); // fits stopped early warn that they did not converge

const blobs = wl.datasets.makeBlobs({ nSamples: 500, centers: [[-4, 2], [0, -3], [4, 3]], clusterStd: 1.6, randomState: 3 });
const moons = wl.datasets.makeMoons({ nSamples: 500, noise: 0.3, randomState: 1 });
const X = blobs.X, y = Int32Array.from(blobs.y);
const Xm = moons.X, ym = Int32Array.from(moons.y);
const meta = (name) => wl[name].metadata;
const defaults = (name) => Object.fromEntries(meta(name).params.map((p) => [p.name, p.default]));
const rowsOf = (m) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

// Steps from 0 until the stepper says last; calls visit(out, step) and disposes each model.
function walk(name, params, Xs, ys, visit, limit = 400) {
  const memory = {};
  try {
    for (let step = 0; step < limit; step++) {
      const out = stepFit(wl, meta(name), params, Xs, ys, step, memory);
      try {
        visit(out, step);
      } finally {
        out.model.dispose();
      }
      if (out.last) return step;
    }
  } finally {
    forget(memory);
  }
  assert.fail(`${name} did not reach its last step in ${limit}`);
}

test('which estimators step, and by what unit', () => {
  const unit = (name) => stepperFor(meta(name))?.unit ?? null;
  assert.equal(unit('KMeans'), 'iteration');
  assert.deepEqual(stepperFor(meta('KMeans')).phases, ['assign', 'update']);
  assert.equal(unit('GaussianMixture'), 'iteration');
  assert.equal(unit('LogisticRegression'), 'iteration');
  assert.equal(unit('Perceptron'), 'epoch');
  assert.equal(unit('MLPClassifier'), 'epoch');
  assert.equal(unit('SVC'), 'iteration');
  assert.equal(unit('DecisionTreeClassifier'), 'level');
  assert.equal(unit('RandomForestClassifier'), 'tree');
  assert.equal(unit('KNeighborsClassifier'), null);
  assert.equal(unit('PCA'), null);
  assert.throws(() => stepFit(wl, meta('GaussianNB'), {}, X, y, 0), /GaussianNB has no step-by-step view/);
});

test('k-means with its defaults: assign then update of the kept run, each its fit stopped there, ending at the complete fit', () => {
  const params = { ...defaults('KMeans'), nClusters: 3 };
  assert.equal(params.nInit, 10, 'several starts: the steps follow the kept one');
  const full = new wl.KMeans(params).fit(X);
  const nIter = full.nIter;
  assert.ok(nIter >= 3, `the run takes a few iterations (${nIter})`);
  const run = { ...params, init: rowsOf(full.initCenters), nInit: 1 };
  let previous = Float64Array.from(full.initCenters.data); // centres before the iteration
  const last = walk('KMeans', params, X, undefined, (out, step) => {
    const k = Math.floor(step / 2) + 1;
    assert.equal(out.k, k);
    assert.equal(out.phase, step % 2 ? 'update' : 'assign');
    const direct = new wl.KMeans({ ...run, maxIter: k }).fit(X);
    const labels = out.labelsOf(X);
    let inertia = 0;
    for (let i = 0; i < X.rows; i++) {
      const c = labels[i];
      inertia += (X.data[2 * i] - previous[2 * c]) ** 2 + (X.data[2 * i + 1] - previous[2 * c + 1]) ** 2;
    }
    assert.deepEqual(out.objective.values, Array.from(direct.inertiaHistory));
    assert.ok(Math.abs(out.objective.values[k - 1] - inertia) <= 1e-9 * inertia, 'the k-th inertia is the assignment\'s');
    if (k > 1) assert.deepEqual(Array.from(labels), Array.from(new wl.KMeans({ ...run, maxIter: k - 1 }).fit(X).predict(X)));
    if (out.phase === 'assign') assert.deepEqual(Array.from(out.centres), Array.from(previous));
    else {
      assert.equal(out.centres, undefined); // the update draws the model's own centres
      assert.deepEqual(Array.from(out.model.clusterCenters.data), Array.from(direct.clusterCenters.data));
      previous = Float64Array.from(direct.clusterCenters.data);
    }
    direct.dispose();
  });
  assert.equal(last, 2 * nIter - 1, 'the last step is the update of the last iteration');
  full.clusterCenters.data.forEach((v, i) => assert.ok(Math.abs(previous[i] - v) < 1e-12, 'the complete fit\'s centres'));
  full.dispose();
});

test('played k-means costs one fit per iteration (two pictures), the jump to a step included', () => {
  let fits = 0;
  class Counted extends wl.KMeans {
    fit(X, y, options) {
      fits += 1;
      return super.fit(X, y, options);
    }
  }
  const counted = { ...wl, KMeans: Counted };
  const params = { ...defaults('KMeans'), nClusters: 3 };
  const memory = {};
  let step = 0;
  for (let last = false; !last; step++) {
    const out = stepFit(counted, meta('KMeans'), params, X, undefined, step, memory);
    last = out.last;
    out.model.dispose();
  }
  const iterations = step / 2;
  // the complete fit (for the kept run's start), then each iteration's fit once, one of them ahead
  assert.ok(fits <= iterations + 2, `${fits} fits for ${iterations} iterations`);
  fits = 0;
  const jump = stepFit(counted, meta('KMeans'), params, X, undefined, 4, memory); // iteration 3's assign
  assert.ok(fits <= 3, `${fits} fits for a jump back`);
  const before = new wl.KMeans({ ...params, init: rowsOf(jump.model.initCenters), nInit: 1, maxIter: 2 }).fit(X);
  assert.deepEqual(Array.from(jump.centres), Array.from(before.clusterCenters.data));
  jump.model.dispose();
  before.dispose();
  forget(memory);
});

test('EM: step k is the mixture after k iterations, the lower bound rising to the complete fit', () => {
  const params = { ...defaults('GaussianMixture'), nComponents: 3 };
  const full = new wl.GaussianMixture(params).fit(X);
  const last = walk('GaussianMixture', params, X, undefined, (out, step) => {
    assert.equal(out.k, step + 1);
    assert.equal(out.phase, null);
    const direct = new wl.GaussianMixture({ ...params, maxIter: step + 1 }).fit(X);
    assert.deepEqual(out.objective.values, Array.from(direct.lowerBoundHistory));
    assert.deepEqual(Array.from(out.model.covariances.data), Array.from(direct.covariances.data));
    direct.dispose();
    for (let i = 1; i < out.objective.values.length; i++) assert.ok(out.objective.values[i] >= out.objective.values[i - 1] - 1e-9, 'EM never lowers the bound');
  });
  assert.equal(last + 1, full.nIter);
  // A step past the end (from a URL) gives the last one.
  const memory = {};
  const past = stepFit(wl, meta('GaussianMixture'), params, X, undefined, last + 5, memory);
  assert.deepEqual([past.step, past.k, past.last, past.objective.values.length], [last, last + 1, true, last + 1]);
  past.model.dispose();
  forget(memory);
  const km = stepFit(wl, meta('KMeans'), { ...defaults('KMeans'), nClusters: 3 }, X, undefined, 999, memory);
  assert.deepEqual([km.step, km.phase, km.last], [2 * km.k - 1, 'update', true]);
  km.model.dispose();
  forget(memory);
  full.dispose();
});

test('logistic regression: the boundary after k solver iterations, log loss as the objective', () => {
  const params = defaults('LogisticRegression');
  const full = new wl.LogisticRegression(params).fit(Xm, ym);
  const memory = {};
  const out = stepFit(wl, meta('LogisticRegression'), params, Xm, ym, 4, memory); // a jump: steps 1-4 filled first
  forget(memory);
  assert.equal(out.k, 5);
  assert.equal(out.objective.values.length, 5);
  assert.equal(out.objective.label, 'training log loss');
  for (let k = 1; k <= 5; k++) {
    const direct = new wl.LogisticRegression({ ...params, maxIter: k }).fit(Xm, ym);
    const want = wl.metrics.logLoss(ym, direct.predictProba(Xm));
    assert.ok(Math.abs(out.objective.values[k - 1] - want) < 1e-12, `log loss at ${k}`);
    if (k === 5) assert.deepEqual(Array.from(out.model.coef.data), Array.from(direct.coef.data));
    direct.dispose();
  }
  assert.ok(out.objective.values[4] < out.objective.values[0]);
  out.model.dispose();
  let coef = null;
  const last = walk('LogisticRegression', params, Xm, ym, (o) => (coef = Array.from(o.model.coef.data)));
  assert.equal(last + 1, full.nIter[0]);
  assert.deepEqual(coef, Array.from(full.coef.data));
  full.dispose();
});

test('a tree grows level by level to the complete tree; a forest adds trees up to nEstimators', () => {
  const tree = defaults('DecisionTreeClassifier');
  const whole = new wl.DecisionTreeClassifier(tree).fit(Xm, ym);
  let depths = [];
  let pred = null;
  const last = walk('DecisionTreeClassifier', tree, Xm, ym, (o) => (depths.push(o.model.getDepth()), (pred = Array.from(o.model.predict(Xm)))));
  assert.deepEqual(depths, Array.from({ length: whole.getDepth() }, (_, i) => i + 1));
  assert.equal(last + 1, whole.getDepth());
  assert.deepEqual(pred, Array.from(whole.predict(Xm)));
  whole.dispose();

  const forest = { ...defaults('RandomForestClassifier'), nEstimators: 6 };
  const all = new wl.RandomForestClassifier(forest).fit(Xm, ym);
  depths = [];
  const lastTree = walk('RandomForestClassifier', forest, Xm, ym, (o, step) => {
    const direct = new wl.RandomForestClassifier({ ...forest, nEstimators: step + 1 }).fit(Xm, ym);
    assert.deepEqual(Array.from(o.model.predictProba(Xm).data), Array.from(direct.predictProba(Xm).data));
    direct.dispose();
    pred = Array.from(o.model.predictProba(Xm).data);
  });
  assert.equal(lastTree, 5);
  assert.deepEqual(pred, Array.from(all.predictProba(Xm).data));
  all.dispose();
});

test('the perceptron, an MLP and an SVC step by epochs / iterations and end at their complete fits', () => {
  for (const [name, extra] of [['Perceptron', {}], ['MLPClassifier', { hiddenLayerSizes: [8], maxIter: 12 }], ['SVC', { maxIter: -1 }]]) {
    const params = { ...defaults(name), ...extra };
    const full = new wl[name](params).fit(Xm, ym);
    let seen = null, objective = null;
    const last = walk(name, params, Xm, ym, (o, step) => {
      assert.equal(o.k, step + 1);
      seen = Array.from(o.model.predict(Xm));
      objective = o.objective;
    }, 2000);
    assert.deepEqual(seen, Array.from(full.predict(Xm)), name);
    assert.equal(objective.values.length, last + 1, name);
    if (name === 'MLPClassifier') assert.deepEqual(objective.values, Array.from(full.lossCurve), 'the network\'s loss per epoch');
    if (name === 'Perceptron') assert.equal(last + 1, full.nIter);
    if (name === 'SVC') assert.equal(objective.label, 'training error');
    full.dispose();
  }
});

test('a jump that skips steps (the player at several steps a picture) keeps objectives only for the steps shown', () => {
  const params = { ...defaults('SVC'), maxIter: 400 };
  const dense = {}, skipping = {};
  try {
    const all = stepFit(wl, meta('SVC'), params, Xm, ym, 24, dense);
    const jumped = stepFit(wl, meta('SVC'), params, Xm, ym, 24, skipping, { skip: true });
    try {
      assert.equal(all.objective.values.length, 25);
      assert.ok(all.objective.values.every(Number.isFinite), 'without skip every earlier step is fitted for its objective');
      assert.equal(jumped.objective.values.length, 25);
      assert.deepEqual(Object.keys(jumped.objective.values), ['24'], 'with skip only the step shown has a value');
      assert.equal(jumped.objective.values[24], all.objective.values[24]);
      assert.equal(JSON.stringify(jumped.model.toJSON()), JSON.stringify(all.model.toJSON()), 'the same fit of step 25');
    } finally {
      all.model.dispose();
      jumped.model.dispose();
    }
  } finally {
    forget(dense);
    forget(skipping);
  }
});

// The network's steps continue one live fit (continueFit): step k equals the fit of maxIter k (model
// JSON, bit for bit) and a walk of s steps trains about s epochs, not s²/2.
test('an MLP steps one epoch at a time: each step is the fit of maxIter k, and the walk trains O(1) epochs per step', () => {
  for (const extra of [{ solver: 'adam' }, { solver: 'sgd', learningRateInit: 0.05 }, { solver: 'adam', earlyStopping: true }, { solver: 'sgd', earlyStopping: true, nIterNoChange: 3 }]) {
    let epochs = 0;
    class Counted extends wl.MLPClassifier {
      fit(X, y, options) {
        epochs += this.getParams().maxIter;
        return super.fit(X, y, options);
      }
      continueFit(X, y) {
        epochs += 1;
        return super.continueFit(X, y);
      }
    }
    const counted = { ...wl, MLPClassifier: Counted };
    const params = { ...defaults('MLPClassifier'), hiddenLayerSizes: [8, 8], maxIter: 25, ...extra };
    const memory = {};
    let last = -1;
    for (let step = 0; step < 25 && last < 0; step++) {
      const out = stepFit(counted, meta('MLPClassifier'), params, Xm, ym, step, memory);
      const direct = new wl.MLPClassifier({ ...params, maxIter: step + 1 }).fit(Xm, ym);
      assert.deepEqual(out.model.toJSON(), direct.toJSON(), `${JSON.stringify(extra)} step ${step}`);
      assert.deepEqual(out.objective.values, Array.from(direct.lossCurve));
      if (out.last) last = step;
      out.model.dispose();
      direct.dispose();
    }
    const steps = last < 0 ? 25 : last + 1;
    assert.ok(epochs <= steps + 2, `${JSON.stringify(extra)}: ${epochs} epochs for ${steps} steps`);
    // A jump back refits from the start.
    const back = stepFit(counted, meta('MLPClassifier'), params, Xm, ym, 1, memory);
    const direct = new wl.MLPClassifier({ ...params, maxIter: 2 }).fit(Xm, ym);
    assert.deepEqual(back.model.toJSON(), direct.toJSON());
    back.model.dispose();
    direct.dispose();
    forget(memory);
  }
});
