// KMeans' sampleWeight through the WASM package: scikit-learn's weighted centres, inertia and
// iteration counts from given starts (tests/fixtures/kmeans_weights.json: n > 256, 9 and 17
// features), zero weights as dropped rows, and the weights' errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { KMeans } from 'wasmlearn';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/kmeans_weights.json', import.meta.url), 'utf8'));

const maxDiff = (got, want) => {
  const rows = got.toArray();
  return Math.max(...want.flatMap((row, i) => row.map((v, j) => Math.abs(rows[i][j] - v))));
};

test('KMeans sampleWeight: scikit-learn\'s weighted fit from given starts (Lloyd and Elkan)', () => {
  for (const c of fixture.kmeans) {
    for (const algorithm of ['lloyd', 'elkan']) {
      const want = c[algorithm];
      const km = new KMeans({ nClusters: c.init.length, init: c.init, algorithm })
        .fit(c.X, undefined, { sampleWeight: Float64Array.from(c.sample_weight) });
      assert.deepEqual(Array.from(km.labels), want.labels, `${c.name} ${algorithm}`);
      assert.ok(Math.abs(km.inertia - want.inertia) < 1e-10 * want.inertia, `${km.inertia} vs ${want.inertia}`);
      assert.ok(maxDiff(km.clusterCenters, want.centers) < 1e-10);
      assert.equal(km.nIter, want.n_iter);
      km.dispose();
    }
  }
});

test('KMeans sampleWeight: a zero weight is a dropped row; bad weights name sampleWeight', () => {
  const c = fixture.kmeans[0];
  const kept = c.X.filter((_, i) => c.sample_weight[i] > 0);
  const options = { nClusters: c.init.length, init: c.init, tol: 0 };
  const weighted = new KMeans(options).fit(c.X, undefined, { sampleWeight: c.sample_weight });
  const dropped = new KMeans(options).fit(kept, undefined, { sampleWeight: c.sample_weight.filter((w) => w > 0) });
  assert.ok(maxDiff(weighted.clusterCenters, dropped.clusterCenters.toArray()) < 1e-10);
  assert.ok(Math.abs(weighted.inertia - dropped.inertia) < 1e-10 * weighted.inertia);
  assert.deepEqual(Array.from(weighted.predict(c.X)), Array.from(dropped.predict(c.X)));
  const negative = c.sample_weight.map((w, i) => (i === 4 ? -1 : w));
  assert.throws(() => new KMeans().fit(c.X, undefined, { sampleWeight: negative }), /sampleWeight must be at least 0/);
  assert.throws(() => new KMeans().fit(c.X, undefined, { sampleWeight: [1, 2] }), /sampleWeight has 2 entries/);
  [weighted, dropped].forEach((m) => m.dispose());
});
