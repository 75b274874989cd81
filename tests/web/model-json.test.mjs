// Models move between Node and the browser: every estimator, fitted in Node and saved, predicts
// bit-identically in Chromium, and a model fitted in Chromium predicts bit-identically in Node.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as wasmlearn from 'wasmlearn';
import { launchBrowser, startStaticServer, watchPage, repoRoot } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'bindings/js/wasm/wasmlearn.wasm'));

// The same small problem on both sides: 2 features, two classes (as strings), a real target.
function problem({ datasets }) {
  const { X, y } = datasets.makeMoons({ nSamples: 60, noise: 0.3, randomState: 5 });
  const Q = datasets.makeMoons({ nSamples: 25, noise: 0.6, randomState: 6 }).X;
  return { X: X.toArray(), labels: Array.from(y, (c) => (c ? 'b' : 'a')), target: X.toArray().map(([a, b]) => 3 * a - b), Q: Q.toArray() };
}

// Fits `name` (or loads `saved`) and returns its JSON and its outputs on Q, as plain arrays.
function run(wl, name, saved, data) {
  const meta = wl.estimators().find((m) => m.name === name);
  const Class = wl[name];
  const model = saved ? Class.fromJSON(saved) : new Class().fit(data.X, meta.kind === 'classifier' ? data.labels : data.target);
  const plain = (v) => (v && v.data ? Array.from(v.data) : Array.from(v));
  const out = { json: JSON.stringify(model) };
  if (meta.methods.includes('predict')) out.predict = plain(model.predict(data.Q));
  if (model.hasMethod('predictProba')) out.proba = plain(model.predictProba(data.Q));
  if (meta.methods.includes('transform')) out.transform = plain(model.transform(data.Q));
  model.dispose();
  return out;
}

it('saved models predict bit-identically in Node and in Chromium, both ways', { skip: built ? false : 'run `bash scripts/build.sh` first', timeout: 60_000 }, async () => {
  const server = await startStaticServer(repoRoot);
  let browser;
  try {
    browser = await launchBrowser();
    const page = await browser.context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.url}tests/web/plain/`, { waitUntil: 'load' });
    // RadiusNeighborsClassifier's default radius leaves far queries without neighbours, an error by design.
    const names = wasmlearn.estimators().map((m) => m.name).filter((n) => n !== 'RadiusNeighborsClassifier');
    const data = problem(wasmlearn);
    const fromNode = Object.fromEntries(names.map((n) => [n, run(wasmlearn, n, null, data)]));
    const inBrowser = await page.evaluate(
      async ({ names, fromNode, runSource, problemSource }) => {
        const wl = await import('/bindings/js/index.js');
        const run = new Function(`return (${runSource})`)();
        const problem = new Function(`return (${problemSource})`)();
        const data = problem(wl);
        const loaded = {}, fitted = {};
        for (const n of names) {
          loaded[n] = run(wl, n, fromNode[n].json, data);
          fitted[n] = run(wl, n, null, data);
        }
        return { loaded, fitted };
      },
      { names, fromNode, runSource: run.toString(), problemSource: problem.toString() },
    );
    for (const n of names) {
      const { json, ...nodeOutputs } = fromNode[n];
      const { json: _loadedJson, ...browserLoaded } = inBrowser.loaded[n];
      assert.deepEqual(browserLoaded, nodeOutputs, `${n}: Node model in the browser`);
      const { json: browserJson, ...browserFitted } = inBrowser.fitted[n];
      assert.equal(browserJson, json, `${n}: the same fit gives the same JSON in both`);
      const { json: _j, ...nodeLoaded } = run(wasmlearn, n, browserJson, data);
      assert.deepEqual(nodeLoaded, browserFitted, `${n}: browser model in Node`);
    }
    assert.deepEqual(problems, []);
  } finally {
    try {
      await browser?.close();
    } finally {
      await server.close();
    }
  }
});
