// The worker pool in Chromium (module Web Workers, the .wasm fetched and compiled once): forests fitted
// by fitAsync on nJobs workers and a pooled cross-validation give what Node gives, bit for bit; the
// page answers clicks and draws frames during a long pooled fit; an AbortSignal cancels it and the pool
// runs the next fit. The page (tests/web/plain/pool.html) is served as static files, no bundler.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as wl from '../../bindings/js/index.js';
import { launchBrowser, startStaticServer, watchPage, repoRoot } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'bindings/js/wasm/wasmlearn.wasm'));
const skip = built ? false : 'run `bash scripts/build.sh` first';

// 300 rows (past one 256-row block) × 9 features (past 8), three classes, as tests/js/pool.test.mjs.
const X = Array.from({ length: 300 }, (_, i) => Array.from({ length: 9 }, (_, j) => Math.sin(0.37 * i * (j + 1)) + ((i % 3) - 1) * (j < 3 ? 1.2 : 0)));
const y = X.map((_, i) => ['a', 'b', 'c'][i % 3]);
const forestOptions = { nEstimators: 12, oobScore: true, maxDepth: 6, randomState: 1 };

async function withPoolPage(run) {
  const server = await startStaticServer(repoRoot);
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.url}tests/web/plain/pool.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 15_000 });
    await run(page);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
}

it('nJobs and fitAsync in Chromium give the model and scores Node gives', { skip, timeout: 90_000 }, async () => {
  const expected = JSON.stringify(new wl.RandomForestClassifier(forestOptions).fit(X, y).toJSON());
  const bagging = JSON.stringify(new wl.BaggingRegressor({ estimator: 'Ridge', nEstimators: 5 }).fit(X, X.map((r) => r[0] - r[4])).toJSON());
  const scores = Array.from(await wl.crossValScore(new wl.DecisionTreeClassifier({ randomState: 0, maxDepth: 4 }), X, y));
  await withPoolPage(async (page) => {
    const got = await page.evaluate(async ({ X, y, forestOptions }) => {
      const { wl } = window;
      const out = { forests: [] };
      for (const nJobs of [1, 2, 3]) {
        const forest = new wl.RandomForestClassifier({ ...forestOptions, nJobs });
        await forest.fitAsync(X, y);
        out.forests.push(JSON.stringify(forest.setParams({ nJobs: 1 }).toJSON()));
      }
      const bagging = await new wl.BaggingRegressor({ estimator: 'Ridge', nEstimators: 5, nJobs: 2 }).fitAsync(X, X.map((r) => r[0] - r[4]));
      out.bagging = JSON.stringify(bagging.setParams({ nJobs: 1 }).toJSON());
      out.scores = Array.from(await wl.crossValScore(new wl.DecisionTreeClassifier({ randomState: 0, maxDepth: 4 }), X, y, { nJobs: 2 }));
      return out;
    }, { X, y, forestOptions });
    for (const [k, json] of got.forests.entries()) assert.equal(json, expected, `nJobs ${[1, 2, 3][k]}`);
    assert.equal(got.bagging, bagging);
    assert.deepEqual(got.scores, scores);
  });
});

it('the page stays responsive during a long pooled fit, and an AbortSignal cancels it', { skip, timeout: 90_000 }, async () => {
  await withPoolPage(async (page) => {
    await page.evaluate(({ X, y }) => {
      const { wl } = window;
      const big = Array.from({ length: 20 }, () => X).flat();
      const yBig = Array.from({ length: 20 }, () => y).flat();
      window.controller = new AbortController();
      window.trees = 0;
      window.fit = new wl.RandomForestClassifier({ nEstimators: 5000, nJobs: 2 })
        .fitAsync(big, yBig, { signal: window.controller.signal, onProgress: (done) => (window.trees = done) })
        .then(() => 'fitted', (e) => e.name);
    }, { X, y });
    await page.waitForFunction(() => window.trees >= 2, null, { timeout: 60_000 });
    const frames = Number(await page.locator('#frames').textContent());
    for (let k = 0; k < 5; k++) await page.click('#tick', { timeout: 2000 });
    assert.equal(await page.locator('#ticks').textContent(), '5', 'every click answered during the fit');
    await page.waitForFunction((before) => Number(document.getElementById('frames').textContent) > before + 10, frames, { timeout: 5000 });
    const during = await page.evaluate(() => window.trees);
    assert.ok(during < 5000, `the fit was still running (${during} trees)`);
    await page.evaluate(() => window.controller.abort());
    assert.equal(await page.evaluate(() => window.fit), 'AbortError');
    const score = await page.evaluate(async ({ X, y }) => (await new window.wl.RandomForestClassifier({ nEstimators: 4, nJobs: 2 }).fitAsync(X, y)).score(X, y), { X, y });
    assert.ok(score > 0.9, `the pool fits after the cancel (training accuracy ${score})`);
  });
});

