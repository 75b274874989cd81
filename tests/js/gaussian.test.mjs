// Gaussian models, clustering and decomposition through the WASM package: a few of the
// scikit-learn fixture checks (tests/fixtures/gaussian.json), JSON round trips and error messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  GaussianNB, LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis, NearestCentroid, KMeans, GaussianMixture, PCA,
} from 'wasmlearn';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/gaussian.json', import.meta.url), 'utf8'));
const X = fixture.iris.X;
const names = ['setosa', 'versicolor', 'virginica'];
const y = fixture.iris.y.map((c) => names[c]);

// The JS score() currently requires y even for unsupervised estimators (bindings/js/estimator.js
// toTargets); the core ignores it, so a placeholder of the right length is passed.
const noY = (rows) => new Float64Array(rows.length);

const maxDiff = (got, want) => {
  const rows = got.toArray ? got.toArray() : Array.from(got);
  let worst = 0;
  want.forEach((w, i) => {
    if (Array.isArray(w)) w.forEach((v, j) => { worst = Math.max(worst, Math.abs(rows[i][j] - v)); });
    else worst = Math.max(worst, Math.abs(rows[i] - w));
  });
  return worst;
};

test('PCA: explained variance of Iris as scikit-learn (PC1 92.46 %), components with its signs', () => {
  const pca = new PCA().fit(X);
  const want = fixture.pca.full;
  assert.ok(maxDiff(pca.explainedVarianceRatio, want.explained_variance_ratio) < 1e-10);
  assert.equal(pca.explainedVarianceRatio[0].toFixed(4), '0.9246');
  assert.ok(maxDiff(pca.components, want.components) < 1e-10);
  assert.ok(maxDiff(pca.transform(X.slice(0, 10)), want.transform) < 1e-10);
  const back = PCA.fromJSON(JSON.stringify(pca));
  assert.deepEqual(back.transform(X).data, pca.transform(X).data);
  assert.equal(new PCA({ nComponents: 0.95 }).fit(X).nComponents, fixture.pca.fraction95.n_components);
  assert.throws(() => new PCA({ nComponents: 5 }).fit(X), { message: 'nComponents=5 must be at most min(nSamples, nFeatures) = 4' });
  [pca, back].forEach((m) => m.dispose());
});

test('KMeans: explicit initial centres give scikit-learn\'s labels and inertia (Lloyd and Elkan)', () => {
  for (const c of fixture.kmeans) {
    for (const algorithm of ['lloyd', 'elkan']) {
      const km = new KMeans({ nClusters: c.init.length, init: c.init, algorithm }).fit(c.X);
      assert.deepEqual(Array.from(km.labels), c[algorithm].labels, `${c.name} ${algorithm}`);
      assert.ok(Math.abs(km.inertia - c[algorithm].inertia) < 1e-8);
      assert.equal(km.nIter, c[algorithm].n_iter);
      assert.ok(Math.abs(km.score(c.X, noY(c.X)) - c[algorithm].score) < 1e-8);
      assert.equal(km.inertiaHistory.length, km.nIter);
      km.dispose();
    }
  }
  const km = new KMeans({ nClusters: 3, randomState: 5 }).fit(X);
  const again = KMeans.fromJSON(JSON.stringify(km));
  assert.deepEqual(again.predict(X), km.predict(X));
  assert.deepEqual(new KMeans({ nClusters: 3, randomState: 5 }).fit(X).clusterCenters.data, km.clusterCenters.data);
  assert.throws(() => new KMeans({ nClusters: 200 }).fit(X), { message: 'nClusters=200 must be at most the number of samples (150)' });
  assert.throws(() => new KMeans({ init: 'kmeans++' }), /^Error: init must be one of 'k-means\+\+', 'random'/);
  const dup = new KMeans({ nClusters: 3 }).fit([[0, 0], [0, 0], [1, 1], [1, 1]]);
  assert.equal(dup.warnings[0].kind, 'convergence');
  [km, again, dup].forEach((m) => m.dispose());
});

test('GaussianNB, LDA and QDA: probabilities on Iris as scikit-learn', () => {
  const d = fixture.discriminant;
  const nb = new GaussianNB().fit(X, y);
  assert.ok(maxDiff(nb.predictProba(X), d.gnb.proba) < 1e-8);
  assert.ok(maxDiff(nb.predictLogProba(X.slice(0, 5)), d.gnb.log_proba.slice(0, 5)) < 1e-6);
  const lda = new LinearDiscriminantAnalysis().fit(X, y);
  assert.ok(maxDiff(lda.predictProba(X), d.lda_svd.proba) < 1e-8);
  assert.equal(lda.transform(X).cols, 2);
  assert.deepEqual(lda.predict(X.slice(0, 3)), ['setosa', 'setosa', 'setosa']);
  const qda = new QuadraticDiscriminantAnalysis().fit(X, y);
  assert.ok(maxDiff(qda.predictProba(X), d.qda.proba) < 1e-8);
  const nc = new NearestCentroid().fit(X, y);
  assert.deepEqual(nc.predict(X), d.nearest_centroid.predict.map((c) => names[c]));
  for (const m of [nb, lda, qda]) {
    const back = m.constructor.fromJSON(JSON.stringify(m));
    assert.deepEqual(back.predictProba(X).data, m.predictProba(X).data);
    back.dispose();
  }
  assert.throws(() => new GaussianNB({ priors: [0.5, 0.5, 0.25] }).fit(X, y), { message: 'priors must sum to 1, got 1.25' });
  assert.throws(() => new GaussianNB({ covarianceType: 'full' }), /^Error: covarianceType must be one of 'diag', 'spherical', 'tied-spherical'/);
  assert.throws(() => new LinearDiscriminantAnalysis({ shrinkage: 'auto' }).fit(X, y), { message: "shrinkage is not supported with solver 'svd': use solver 'eigen'" });
  assert.throws(() => new QuadraticDiscriminantAnalysis().fit([[0, 0], [1, 1], [2, 2], [3, 3]], ['a', 'a', 'b', 'b']), /is singular .*set regParam > 0/);
  [nb, lda, qda, nc].forEach((m) => m.dispose());
});

test('LDA and QDA: two classes give a one-dimensional decision function (scikit-learn\'s shape and values)', () => {
  const d = fixture.discriminant;
  const X2 = X.slice(50), y2 = y.slice(50); // versicolor (0) and virginica (1)
  for (const [Model, want] of [[LinearDiscriminantAnalysis, d.lda_binary.decision], [QuadraticDiscriminantAnalysis, d.qda_binary.decision]]) {
    const m = new Model().fit(X2, y2);
    const decision = m.decisionFunction(X2);
    assert.ok(decision instanceof Float64Array, Model.name);
    assert.equal(decision.length, 100);
    assert.ok(maxDiff(decision, want) < 1e-7, Model.name);
    // Positive scores mean the second class.
    assert.deepEqual(Array.from(m.predict(X2)), Array.from(decision, (v) => (v > 0 ? 'virginica' : 'versicolor')));
    m.dispose();
  }
  const three = new LinearDiscriminantAnalysis().fit(X, y);
  assert.equal(three.decisionFunction(X).cols, 3);
  assert.ok(maxDiff(three.decisionFunction(X), d.lda_svd.decision) < 1e-8);
  three.dispose();
});

test('Constant features and fewer distinct points than clusters: finite results, warnings or named errors', () => {
  const Xc = X.map((r) => [...r, 5]); // a fifth, constant feature
  const labels = fixture.iris.y;
  const pca = new PCA({ whiten: true }).fit(Xc);
  assert.equal(pca.explainedVariance[4], 0);
  assert.ok(Array.from(pca.transform(Xc).data).every(Number.isFinite), 'whitening a zero-variance component gives no NaN');
  assert.ok(Number.isFinite(new KMeans({ nClusters: 3, randomState: 0 }).fit(Xc).inertia));
  assert.ok(Number.isFinite(new GaussianMixture({ nComponents: 3, randomState: 0 }).fit(Xc).lowerBound));
  assert.ok(Array.from(new LinearDiscriminantAnalysis().fit(Xc, labels).predictProba(Xc).data).every(Number.isFinite));
  assert.throws(() => new LinearDiscriminantAnalysis({ solver: 'eigen' }).fit(Xc, labels), /within-class covariance is singular \(constant or collinear features\)/);
  assert.throws(() => new QuadraticDiscriminantAnalysis().fit(Xc, labels), /covariance of class 0 is singular .*set regParam > 0/);
  // Two distinct points, three clusters: scikit-learn's ConvergenceWarning, also through a mixture's k-means start.
  const dup = [[0, 0], [0, 0], [1, 1], [1, 1]];
  const km = new KMeans({ nClusters: 3 }).fit(dup);
  assert.deepEqual(km.warnings.map((w) => w.kind), ['convergence']);
  const gm = new GaussianMixture({ nComponents: 3 }).fit(dup);
  assert.ok(gm.warnings.some((w) => w.kind === 'convergence' && w.message.startsWith('k-means initialisation: ')), JSON.stringify(gm.warnings));
  assert.throws(() => new QuadraticDiscriminantAnalysis().fit([[0, 0], [1, 1], [2, 3], [3, 2]], [0, 0, 1, 2]), { message: /y has 1 sample\(s\) in class 1: QuadraticDiscriminantAnalysis needs at least 2 per class/ });
  assert.throws(() => new GaussianMixture({ nComponents: 0 }), { message: 'nComponents must be at least 1, got 0' });
  assert.throws(() => new GaussianMixture({ nComponents: 5 }).fit(dup), { message: 'nComponents=5 must be at most the number of samples (4)' });
});

test('GaussianMixture: same initial parameters give scikit-learn\'s lower bound; extra methods', () => {
  for (const c of fixture.mixture) {
    const g = new GaussianMixture({
      nComponents: 3, covarianceType: c.covariance_type, weightsInit: c.weights_init, meansInit: c.means_init,
      precisionsInit: c.precisions_init, maxIter: 200, tol: 1e-6,
    }).fit(X);
    assert.ok(Math.abs(g.lowerBound - c.lower_bound) < 1e-6, c.covariance_type);
    assert.equal(g.nIter, c.n_iter);
    assert.ok(Math.abs(g.bic(X) - c.bic) < 1e-3);
    assert.ok(maxDiff(g.scoreSamples(X.slice(0, 10)), c.score_samples) < 1e-5);
    g.dispose();
  }
  const g = new GaussianMixture({ nComponents: 2, randomState: 1 }).fit(X);
  const s = g.sample(50);
  assert.equal(s.X.rows, 50);
  assert.equal(s.y.length, 50);
  const back = GaussianMixture.fromJSON(JSON.stringify(g));
  assert.deepEqual(back.predictProba(X).data, g.predictProba(X).data);
  assert.equal(back.score(X, noY(X)), g.score(X, noY(X)));
  assert.throws(() => new GaussianMixture({ covarianceType: 'isotropic' }), /^Error: covarianceType must be one of 'full', 'tied', 'diag', 'spherical'/);
  assert.throws(() => new GaussianMixture({ nComponents: 2, weightsInit: [0.5, 0.6] }).fit(X), { message: 'weightsInit must sum to 1, got 1.1' });
  [g, back].forEach((m) => m.dispose());
});

// PCA's probabilistic model against scikit-learn (tests/fixtures/pca_likelihood.json): 300 rows fitted,
// 40 scored, p = 20 and 9, every component or fewer, whiten.
test('PCA: getCovariance, getPrecision, scoreSamples and score as scikit-learn', () => {
  const likelihood = JSON.parse(readFileSync(new URL('../fixtures/pca_likelihood.json', import.meta.url), 'utf8'));
  const largest = (rows) => Math.max(...rows.flat().map(Math.abs));
  for (const c of likelihood.cases) {
    const data = likelihood.data[c.data];
    const fit = data.slice(0, likelihood.nFit), heldOut = data.slice(likelihood.nFit);
    const pca = new PCA(c.options).fit(fit);
    assert.equal(pca.nComponents, c.nComponents, c.name);
    assert.ok(maxDiff(pca.getCovariance(), c.covariance) < 1e-11 * largest(c.covariance), c.name);
    assert.ok(maxDiff(pca.getPrecision(), c.precision) < 1e-9 * largest(c.precision), c.name);
    assert.ok(maxDiff(pca.scoreSamples(heldOut), c.scoreSamples) < 1e-10 * largest([c.scoreSamples]), c.name);
    assert.ok(Math.abs(pca.score(heldOut) - c.score) < 1e-10 * Math.abs(c.score), c.name);
    pca.dispose();
  }
  // Rank-3 data in 4 columns: the precision would be arbitrary numbers (scikit-learn's), so an Error.
  const flat = X.map(([a, b, c]) => [a, b, c, a + b]);
  const singular = new PCA().fit(flat);
  assert.throws(() => singular.scoreSamples(flat), /^Error: PCA scoreSamples: the model's covariance is singular \(its smallest variance, /);
  assert.throws(() => singular.getPrecision(), /keep fewer components than the data's rank$/);
  assert.equal(singular.getCovariance().rows, 4);
  assert.ok(Number.isFinite(new PCA({ nComponents: 2 }).fit(flat).score(flat)));
  singular.dispose();
});
