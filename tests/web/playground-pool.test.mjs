// The playground on the library's worker pool (issue 16 item 4), in Chromium: a forest fitted on
// the pool draws what the one-worker fit draws (the same model bits, so the same pixels); the
// panel's cross-validation and grid search score as in one worker; during a
// long pooled fit the page answers clicks, the progress advances, a click on the figure starts the
// newer fit, and Cancel aborts the pool's work without replacing the playground's worker.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, openPlayground, canvasStats, repoRoot } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));
// 400 points: past one 256-row block.
const forest = '#preset=moons&nSamples=400&model=RandomForestClassifier&nEstimators=24&maxDepth=6&grid=80';

const figureState = (page) => page.evaluate(() => {
  const f = document.querySelector('#figure');
  return { workers: f.dataset.workers, progress: Number(f.dataset.progress ?? -1), busy: f.hasAttribute('aria-busy'), pass: f.dataset.pass, score: document.querySelector('#accuracy').textContent, message: document.querySelector('#message').textContent };
});

describe('the playground on the worker pool (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 300_000 }, () => {
  const site = useBuiltSite(before, after);

  it('a forest fitted on 2 and 3 pool workers draws the regions of the one-worker fit', async () => {
    const drawn = {};
    for (const jobs of [1, 2, 3]) {
      const { page, problems } = await openPlayground(site, `${forest}&jobs=${jobs}`);
      try {
        const s = await figureState(page);
        assert.equal(s.workers, String(jobs), `fitted on ${jobs} workers`);
        assert.equal(s.pass, 'fine');
        drawn[jobs] = { ...(await canvasStats(page)), score: s.score, timing: await page.locator('#timing').textContent() };
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    }
    assert.ok(drawn[1].distinct > 10 && drawn[1].bluish > 0 && drawn[1].reddish > 0, 'the forest drew both classes');
    assert.match(drawn[2].timing, /on 2 workers/);
    for (const jobs of [2, 3]) {
      assert.equal(drawn[jobs].hash, drawn[1].hash, `the regions of ${jobs} workers are the one-worker fit's, pixel for pixel`);
      assert.equal(drawn[jobs].score, drawn[1].score);
    }
  });

  it("the model-selection panel's grid search on 2 pool workers finds the one-worker search's scores", async () => {
    const found = {};
    for (const jobs of [1, 2]) {
      const { page, problems } = await openPlayground(site, `#preset=moons&nSamples=300&model=KNeighborsClassifier&jobs=${jobs}`);
      try {
        await page.waitForFunction(() => document.querySelector('#cv-score').dataset.state === 'done', null, { timeout: 60_000 });
        // Every status the search shows (it may pass quickly).
        await page.evaluate(() => {
          const status = document.querySelector('#tune-status');
          window.statuses = [];
          new MutationObserver(() => window.statuses.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
        });
        await page.locator('#tune-run').click();
        await page.waitForFunction(() => document.querySelector('#tune').dataset.state === 'done', null, { timeout: 60_000 });
        const statuses = await page.evaluate(() => window.statuses);
        const onWorkers = statuses.some((t) => / on 2 workers…$/.test(t));
        assert.equal(onWorkers, jobs > 1, 'the search says it runs on 2 workers when it does');
        // On the pool, "k of n folds" as the fits end: counting up to every (value, fold) pair.
        const counts = statuses.map((t) => / on 2 workers… (\d+) of (\d+) folds$/.exec(t)).filter(Boolean).map((m) => [Number(m[1]), Number(m[2])]);
        if (jobs > 1) {
          const values = Number(/over (\d+) values/.exec(statuses[0])[1]);
          assert.ok(counts.length > 0, `the search shows k of n folds: ${statuses.join(' | ')}`);
          assert.ok(counts.every(([k, total], i) => total === values * 5 && k >= 1 && k <= total && (i === 0 || k >= counts[i - 1][0])), JSON.stringify(counts));
        } else assert.deepEqual(counts, []);
        found[jobs] = { status: await page.locator('#tune-status').textContent(), cv: await page.locator('#cv-score').getAttribute('data-mean') };
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    }
    assert.match(found[1].status, /^Best nNeighbors = \d+: cross-validated accuracy \d/);
    assert.deepEqual(found[2], found[1]);
  });

  it('during a long pooled fit the page answers clicks, progress advances, and Cancel aborts it keeping the worker', async () => {
    const { page, problems } = await openPlayground(site, `${forest}&jobs=2`);
    try {
      // Workers the page terminates (the pool's workers are nested in the playground's worker).
      await page.evaluate(() => {
        window.terminated = 0;
        const terminate = Worker.prototype.terminate;
        Worker.prototype.terminate = function () {
          window.terminated++;
          return terminate.call(this);
        };
      });
      await page.evaluate(() => (location.hash = location.hash.replace('nEstimators=24', 'nEstimators=50000')));
      await page.waitForFunction(() => Number(document.querySelector('#figure').dataset.progress) >= 2, null, { timeout: 60_000 });
      const first = await figureState(page);
      assert.equal(first.busy, true);
      await page.waitForSelector('#figure .busy:not([hidden])');
      assert.match(await page.locator('#figure .busy .elapsed').textContent(), /training on 2 workers… \d+ of 50000 members/);

      // Clicks answered while the pool fits: the class picker, and animation frames keep coming.
      await page.locator('#add-class').selectOption('1');
      await page.waitForFunction(() => location.hash.includes('class=1'), null, { timeout: 2000 });
      await page.evaluate(() => new Promise((done) => {
        let frames = 0;
        const tick = () => (++frames === 10 ? done() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }));
      await page.waitForFunction((before) => Number(document.querySelector('#figure').dataset.progress) > before, first.progress, { timeout: 30_000 });
      assert.equal((await figureState(page)).busy, true, 'the fit is still running');

      // A click on the figure adds a point of class 1: the newer fit replaces the running one.
      const box = await page.locator('#plot').boundingBox();
      await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.15);
      await page.waitForFunction(() => location.hash.includes('add='), null, { timeout: 2000 });
      await page.waitForFunction(() => Number(document.querySelector('#figure').dataset.progress) >= 1, null, { timeout: 60_000 });

      await page.locator('#figure .busy .cancel').click();
      await page.waitForFunction(() => document.querySelector('#figure').dataset.pass === 'cancelled', null, { timeout: 10_000 });
      const after = await figureState(page);
      assert.match(after.message, /Training cancelled/);
      assert.equal(after.busy, false);
      assert.equal(await page.evaluate(() => window.terminated), 0, 'the cancel aborted the pooled fit; the playground worker was not replaced');

      // The same worker and pool fit the next forest.
      await page.evaluate(() => (location.hash = location.hash.replace('nEstimators=50000', 'nEstimators=8')));
      await page.waitForFunction(() => document.querySelector('#figure').dataset.pass === 'fine', null, { timeout: 30_000 });
      assert.equal((await figureState(page)).workers, '2');
      assert.equal(await page.evaluate(() => window.terminated), 0);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
