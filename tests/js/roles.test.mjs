// Attribute roles in the metadata (estimators()[].attributes[].role): what the playground draws is
// picked by role, so each role names a readable attribute of the right shape once per estimator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as wasmlearn from 'wasmlearn';

const { estimators } = wasmlearn;
const roles = ['centres', 'classMeans', 'covariances', 'variances', 'components', 'explainedVariance', 'objectiveHistory', 'supportVectors'];
const byName = Object.fromEntries(estimators().map((m) => [m.name, m]));
const declared = (name, role) => byName[name].attributes.filter((a) => a.role === role);

test('every role is a known one, declared at most once per estimator', () => {
  let tagged = 0;
  for (const meta of estimators())
    for (const role of roles) {
      const n = declared(meta.name, role).length;
      assert.ok(n <= 1, `${meta.name}: ${n} attributes in role ${role}`);
      tagged += n;
    }
  for (const meta of estimators())
    for (const a of meta.attributes) if (a.role !== undefined) assert.ok(roles.includes(a.role), `${meta.name}.${a.name}: ${a.role}`);
  assert.equal(tagged, 25); // MLPClassifier and MLPRegressor add their lossCurve (objectiveHistory)
});

test('the roles the playground reads, on the attributes it used to guess by name', () => {
  const roleOf = (name, attr) => byName[name].attributes.find((a) => a.name === attr)?.role;
  assert.equal(roleOf('KMeans', 'clusterCenters'), 'centres');
  assert.equal(roleOf('GaussianMixture', 'means'), 'centres');
  for (const [name, attr] of [['LinearDiscriminantAnalysis', 'means'], ['QuadraticDiscriminantAnalysis', 'means'], ['GaussianNB', 'theta'], ['NearestCentroid', 'centroids']])
    assert.equal(roleOf(name, attr), 'classMeans', name);
  assert.equal(roleOf('GaussianNB', 'var'), 'variances');
  assert.equal(roleOf('StandardScaler', 'var'), undefined); // a feature variance, not a class's
  assert.deepEqual(declared('KMeans', 'objectiveHistory').map((a) => [a.name, a.label]), [['inertiaHistory', 'inertia']]);
  assert.deepEqual(declared('GaussianMixture', 'objectiveHistory').map((a) => [a.name, a.label]), [['lowerBoundHistory', 'log-likelihood lower bound']]);
  assert.deepEqual(declared('PCA', 'components').map((a) => [a.name, a.label]), [['components', 'PC']]);
  assert.deepEqual(declared('LinearDiscriminantAnalysis', 'components').map((a) => [a.name, a.label]), [['scalings', 'LD']]);
  for (const name of ['SVC', 'NuSVC', 'SVR', 'NuSVR', 'OneClassSVM']) assert.equal(roleOf(name, 'supportVectors'), 'supportVectors', name);
  for (const name of ['LinearSVC', 'LinearSVR']) assert.deepEqual(declared(name, 'supportVectors'), [], `${name} solves the primal and keeps no samples`);
});

test('support vectors in their role are the training rows named by support', () => {
  const X = Array.from({ length: 40 }, (_, i) => [Math.cos(i) * (1 + (i % 2)), Math.sin(i) * (1 + (i % 2))]);
  const y = X.map((_, i) => i % 2);
  const svc = new wasmlearn.SVC({ C: 10 }).fit(X, y);
  const sv = svc[declared('SVC', 'supportVectors')[0].name];
  assert.deepEqual([sv.rows, sv.cols], [svc.support.length, 2]);
  svc.support.forEach((row, k) => assert.deepEqual(Array.from(sv.data.subarray(2 * k, 2 * k + 2)), X[row]));
  svc.dispose();
});

test('an attribute in a role reads as its role says: centres k x p, a history per iteration', () => {
  const X = Array.from({ length: 300 }, (_, i) => [(i % 3) * 4 + Math.sin(i), (i % 3) * -3 + Math.cos(2 * i)]);
  const km = new wasmlearn.KMeans({ nClusters: 3, randomState: 0 }).fit(X);
  const centres = km[declared('KMeans', 'centres')[0].name];
  assert.deepEqual([centres.rows, centres.cols], [3, 2]);
  const history = km[declared('KMeans', 'objectiveHistory')[0].name];
  assert.equal(history.length, km.nIter);
  assert.ok(Math.abs(history[history.length - 1] - km.inertia) <= 1e-9 * km.inertia);
  km.dispose();
});
