// The packed package in Deno and Bun (their npm packages, devDependencies here, bring each a binary
// for this platform as an optional dependency): a script imports it, fits and predicts, and fits a
// forest with fitAsync on two pool workers; the values are Node's, to the bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { LinearRegression } from 'wasmlearn';
import { repoRoot, withPackedApp } from './packed_app.mjs';

const script = `
import { LinearRegression, RandomForestClassifier, datasets, terminatePools } from 'wasmlearn';
const model = new LinearRegression().fit([[0], [1], [2]], [1, 3, 5]);
const { X, y } = datasets.makeMoons({ nSamples: 60, noise: 0.1, randomState: 3 });
const options = { nEstimators: 4, maxDepth: 3, randomState: 5, nJobs: 2 };
const synchronous = JSON.stringify(new RandomForestClassifier(options).fit(X, y).toJSON());
const pooled = JSON.stringify((await new RandomForestClassifier(options).fitAsync(X, y)).toJSON());
terminatePools();
console.log(JSON.stringify({ predicted: Array.from(model.predict([[3]])), sameForest: pooled === synchronous }));
`;

// Each runtime's command for a script that reads its package files (Deno asks for permissions).
const runtimes = {
  Deno: [path.join(repoRoot, 'node_modules/.bin/deno'), 'run', '--allow-read'],
  Bun: [path.join(repoRoot, 'node_modules/.bin/bun')],
};

// Why a runtime cannot run here (its binary missing for this platform), or undefined when it can.
function unavailable(binary) {
  try {
    execFileSync(binary, ['--version'], { stdio: 'pipe', timeout: 30_000 });
    return undefined;
  } catch (e) {
    return `${path.basename(binary)} does not run here: ${e.message.split('\n')[0]}`;
  }
}

test('the packed package in Deno and Bun', { timeout: 180_000 }, (t) =>
  withPackedApp(async (app) => {
    writeFileSync(path.join(app, 'main.mjs'), script);
    const reference = new LinearRegression().fit([[0], [1], [2]], [1, 3, 5]);
    const expected = Array.from(reference.predict([[3]]));
    reference.dispose();
    assert.ok(Math.abs(expected[0] - 7) < 1e-12); // y = 2x + 1
    for (const [name, [binary, ...args]] of Object.entries(runtimes)) {
      await t.test(name, { skip: unavailable(binary) }, () => {
        const result = JSON.parse(execFileSync(binary, [...args, 'main.mjs'], { cwd: app, encoding: 'utf8', timeout: 120_000 }));
        assert.deepEqual(result.predicted, expected);
        assert.equal(result.sameForest, true, 'fitAsync with nJobs 2 gives the model of the synchronous fit');
      });
    }
  }));
