// The package surface: import paths, input normalisation, option handling, metrics.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StandardScaler, DenseMatrix, metrics, estimators } from 'wasmlearn';
import { withPackedApp } from './packed_app.mjs';

test('X may be number[][], {data: Float64Array|Float32Array, rows, cols} or a DenseMatrix', () => {
  const s = new StandardScaler().fit([[1, 10], [3, 30]]);
  const expected = [[-1, -1], [1, 1]];
  assert.deepEqual(s.transform([[1, 10], [3, 30]]).toArray(), expected);
  assert.deepEqual(s.transform({ data: new Float32Array([1, 10, 3, 30]), rows: 2, cols: 2 }).toArray(), expected);
  const m = new DenseMatrix(new Float64Array([1, 10, 3, 30]), 2, 2);
  const out = s.transform(m);
  assert.ok(out instanceof DenseMatrix && out.data instanceof Float64Array);
  assert.deepEqual([out.rows, out.cols], [2, 2]);
  assert.equal(out.get(1, 0), 1);
  s.dispose();
});

test('malformed X is named precisely', () => {
  const s = new StandardScaler();
  assert.throws(() => s.fit([[1, 2], [3]]), { message: 'X is ragged: row 1 has 1 values but row 0 has 2' });
  assert.throws(() => s.fit([1, 2, 3]), /X must be 2-D \(an array of rows\)/);
  assert.throws(() => s.fit([[1, 'a']]), { message: 'X[0][1] must be a number, got string "a"' });
  assert.throws(() => s.fit({ data: new Float64Array(5), rows: 2, cols: 3 }), { message: 'X.data has 5 values but rows*cols = 6' });
  assert.throws(() => s.fit('x'), /X must be a 2-D array/);
  assert.throws(() => s.fit([[NaN]]), { message: 'X contains NaN at row 0, column 0' });
  assert.throws(() => new StandardScaler({ withMean: NaN }), { message: 'withMean must be true or false, got NaN' });
  s.dispose();
});

test('getParams / setParams, and Symbol.dispose frees the model (what `using` calls)', () => {
  const s = new StandardScaler({ withStd: false });
  assert.deepEqual(s.getParams(), { withMean: true, withStd: false });
  assert.equal(s.setParams({ withMean: false }), s);
  assert.deepEqual(s.getParams(), { withMean: false, withStd: false });
  assert.throws(() => s.setParams({ withMean: 'no' }), /withMean must be true or false/);
  assert.equal(typeof Symbol.dispose, 'symbol');
  s[Symbol.dispose]();
  assert.throws(() => s.getParams(), /has been disposed/);
});

test('metrics match hand-computed values and accept labels of any kind', () => {
  assert.equal(metrics.accuracyScore(['a', 'b', 'c', 'a'], ['a', 'b', 'b', 'a']), 0.75);
  assert.equal(metrics.accuracyScore([1, 2, 3], [1, 2, 3]), 1);
  assert.equal(metrics.meanSquaredError([1, 2, 3], [1, 2, 5]), 4 / 3);
  assert.equal(metrics.meanAbsoluteError([1, 2, 3], [2, 2, 5]), 1);
  assert.equal(metrics.r2Score([1, 2, 3], [1, 2, 3]), 1);
  assert.equal(metrics.r2Score([1, 2, 3], [2, 2, 2]), 0);
  assert.equal(metrics.r2Score([[1, 0], [2, 0], [3, 0]], [[1, 0], [2, 0], [3, 1]]), 0.5); // constant 2nd output mispredicted scores 0
  assert.throws(() => metrics.r2Score([1, 2], [1, 2, 3]), /yPred has 3 entries but X has 2 rows|has 3 entries/);
  assert.throws(() => metrics.accuracyScore(['a', 1], ['a', 'b']), /mixes strings and numbers/);
});

test('metadata lists every estimator with typed, documented options', () => {
  const meta = estimators();
  assert.ok(meta.length >= 1);
  const scaler = meta.find((m) => m.name === 'StandardScaler');
  assert.deepEqual(scaler.params.map((p) => [p.name, p.type, p.default]), [['withMean', 'boolean', true], ['withStd', 'boolean', true]]);
  meta[0].name = 'mutated';
  assert.notEqual(estimators()[0].name, 'mutated'); // callers get a copy
});

test('npm pack installs into an empty folder and imports there', { timeout: 120000 }, () =>
  withPackedApp((app) => {
    writeFileSync(path.join(app, 'main.mjs'),
      "import { StandardScaler, estimators } from 'wasmlearn';\n" +
      "const s = new StandardScaler().fit([[0], [2]]);\n" +
      "console.log(JSON.stringify({ n: estimators().length, z: Array.from(s.transform([[4]]).data) }));\n");
    const result = JSON.parse(execFileSync('node', ['main.mjs'], { cwd: app, encoding: 'utf8' }));
    assert.deepEqual(result.z, [3]);
    assert.equal(result.n, estimators().length);
    // What a user reads: the README (install first, developer commands later), the licence, the API reference.
    const installed = path.join(app, 'node_modules/wasmlearn');
    const readme = readFileSync(path.join(installed, 'README.md'), 'utf8');
    assert.ok(readme.indexOf('npm install wasmlearn') < readme.indexOf('npm start'), 'README opens with the install');
    assert.match(readFileSync(path.join(installed, 'LICENSE'), 'utf8'), /^MIT License/);
    assert.match(readFileSync(path.join(installed, 'docs/api.md'), 'utf8'), /### KMeans/);
    assert.ok(readme.includes('(docs/api.md)'));
  }));
