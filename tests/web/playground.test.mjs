// The built playground (web/dist, from `npx vite build web` / `bash scripts/build.sh web`) in
// Debian's headless Chromium: it loads cleanly, draws decision regions, redraws when k and
// weights change, keeps its state in the URL hash, draws clusterers' per-iteration objective, and
// fits a phone-width screen.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, openPlayground, afterRender, watchPage, waitForRenders, canvasStats, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));
const desktop = { width: 1100, height: 760 };

describe('playground (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 50_000 }, () => {
  const site = useBuiltSite(before, after);

  const open = (hash, viewport = desktop) => openPlayground(site, hash, viewport);

  // Runs `action`, then waits for the next complete render.
  async function afterRedraw(page, action) {
    const before = Number(await page.evaluate(() => document.body.dataset.renders));
    await action();
    await waitForRenders(page, before + 1);
    await page.waitForFunction(() => document.querySelector('#figure').dataset.pass === 'fine', null, { timeout: 10_000 });
  }

  const afterRedrawAny = afterRender;

  const nNeighbors = (page) => page.locator('[data-param="nNeighbors"] input[type="number"]');
  const weights = (page) => page.locator('[data-param="weights"] select');

  it('loads with no errors and draws regions, points, axes and accuracy', async () => {
    const { page, problems } = await open();
    try {
      assert.equal(await page.locator('#message').isHidden(), true, await page.locator('#message').textContent());
      assert.equal(await page.locator('#model').inputValue(), 'KNeighborsClassifier');
      const stats = await canvasStats(page);
      assert.ok(stats.width >= 100 && stats.height >= 50, `fine grid is ${stats.width}x${stats.height}`);
      const area = stats.width * stats.height;
      // Both classes' colours, each in several shades (probability levels: k=5 gives 6).
      assert.ok(stats.distinct >= 4, `only ${stats.distinct} distinct colours in the regions`);
      assert.ok(stats.coloured > 0.9 * area, 'regions are mostly blank');
      assert.ok(stats.bluish > 0.2 * area && stats.reddish > 0.2 * area, `class areas ${stats.bluish} / ${stats.reddish} of ${area}`);
      assert.equal(await page.locator('#axes svg circle').count(), 200, 'one dot per training point');
      assert.ok((await page.locator('#axes svg [aria-label^="x-axis tick"]').count()) > 0 || (await page.locator('#axes svg text').count()) > 4, 'axes drawn');
      const accuracy = await page.locator('#accuracy').textContent();
      const pct = Number(accuracy.replace(/[^\d.]/g, ''));
      assert.ok(pct > 80 && pct <= 100, `train accuracy ${accuracy}`);
      // Controls come from the metadata: k is a slider + number box, weights a select with its values.
      assert.equal(await nNeighbors(page).inputValue(), '5');
      assert.equal(await page.locator('[data-param="nNeighbors"] input[type="range"]').count(), 1);
      assert.deepEqual(await weights(page).locator('option').allTextContents(), ['uniform', 'distance']);
      assert.match(await page.locator('[data-param="nNeighbors"]').getAttribute('title'), /neighbo/);
      await page.screenshot({ path: path.join(artifacts, 'playground-desktop.png'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('redraws a different picture when k and weights change, and the URL reproduces it', async () => {
    const { page, problems } = await open();
    let copy;
    try {
      const start = await canvasStats(page);

      // Record the passes painted for one change: a coarse grid first, then the fine one.
      await page.evaluate(() => {
        window.passes = [];
        new MutationObserver(() => {
          const f = document.querySelector('#figure');
          window.passes.push(`${f.dataset.pass}:${document.querySelector('#regions').width}`);
        }).observe(document.querySelector('#figure'), { attributes: true, attributeFilter: ['data-pass'] });
      });
      await afterRedraw(page, () => nNeighbors(page).fill('25'));
      const k25 = await canvasStats(page);
      const passes = await page.evaluate(() => window.passes);
      assert.equal(passes[0], 'coarse:40', `passes: ${passes}`);
      assert.match(passes.at(-1), /^fine:\d+$/);
      assert.ok(Number(passes.at(-1).split(':')[1]) > 40);
      assert.notEqual(k25.hash, start.hash, 'k=25 gives the same picture as k=5');
      assert.match(page.url(), /nNeighbors=25(&|$)/);

      // Keyboard: the slider is reachable and arrow keys change k.
      await page.locator('[data-param="nNeighbors"] input[type="range"]').focus();
      await afterRedraw(page, () => page.keyboard.press('ArrowRight'));
      assert.equal(await nNeighbors(page).inputValue(), '26');
      const k26 = await canvasStats(page);

      await afterRedraw(page, () => weights(page).selectOption('distance'));
      const distance = await canvasStats(page);
      assert.notEqual(distance.hash, k26.hash, "weights='distance' gives the same picture as 'uniform'");
      assert.match(page.url(), /weights=distance/);
      await page.screenshot({ path: path.join(artifacts, 'playground-k26-distance.png'), fullPage: true });
      assert.deepEqual(problems, []);

      // The same URL in a new page: same controls, same picture.
      ({ page: copy } = await open(new URL(page.url()).hash));
      assert.equal(await nNeighbors(copy).inputValue(), '26');
      assert.equal(await weights(copy).inputValue(), 'distance');
      assert.equal((await canvasStats(copy)).hash, distance.hash, 'the URL does not reproduce the picture');
    } finally {
      await page.close();
      await copy?.close();
    }
  });

  it('takes its state from the URL hash', async () => {
    const hash = '#nSamples=120&noise=0.1&seed=7&model=KNeighborsClassifier&nNeighbors=11&weights=distance';
    const { page, problems } = await open(hash);
    try {
      const value = (name) => page.locator(`[data-param="${name}"] input[type="number"]`).inputValue();
      assert.equal(await value('nSamples'), '120');
      assert.equal(await value('noise'), '0.1');
      assert.equal(await value('seed'), '7');
      assert.equal(await value('nNeighbors'), '11');
      assert.equal(await weights(page).inputValue(), 'distance');
      assert.equal(await page.locator('#axes svg circle').count(), 120, 'one mark per point, training and test');
      const q = new URLSearchParams(new URL(page.url()).hash.slice(1));
      assert.equal(q.get('nNeighbors'), '11');
      assert.equal(q.get('seed'), '7');

      // A hash edited in place (back/forward, pasted link) re-renders with the new values.
      await afterRedraw(page, () => page.evaluate(() => (location.hash = location.hash.replace('nNeighbors=11', 'nNeighbors=3'))));
      assert.equal(await value('nNeighbors'), '3');

      // A value the model rejects shows its message (no page error); a good one clears it.
      await afterRedrawAny(page, () => page.locator('[data-param="nNeighbors"] input[type="number"]').fill('500'));
      assert.equal(await page.locator('#message').isVisible(), true);
      assert.match(await page.locator('#message').textContent(), /nNeighbors = 500 is greater than the number of training samples \(\d+\)/);
      await afterRedraw(page, () => page.locator('[data-param="nNeighbors"] input[type="number"]').fill('3'));
      assert.equal(await page.locator('#message').isHidden(), true);

      // An invalid value in the URL falls back to the default instead of breaking the page.
      await afterRedraw(page, () => page.evaluate(() => (location.hash = location.hash.replace('nNeighbors=3', 'nNeighbors=-4'))));
      assert.equal(await value('nNeighbors'), '5');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('draws a clusterer\'s objective per iteration under the clusters (KMeans inertia, GaussianMixture lower bound)', async () => {
    const { page, problems } = await open('#preset=blobs&noise=2&seed=1&model=KMeans&nClusters=3&init=random&nInit=1');
    try {
      const curve = async (label) => {
        await page.waitForFunction(() => !document.querySelector('#figure .history').hidden, null, { timeout: 10_000 });
        const iterations = Number((await page.locator('#figure .extra').textContent()).match(/(\d+) iterations/)[1]);
        assert.ok(iterations >= 2, `${label}: ${iterations} iterations`);
        // One dot per iteration on the line, and the axis names the objective.
        assert.equal(Number(await page.locator('#figure .history').getAttribute('data-points')), iterations);
        assert.equal(await page.locator('#figure .history svg g[aria-label="dot"] circle').count(), iterations);
        assert.equal(await page.locator('#figure .history svg g[aria-label="line"] path').count(), 1);
        assert.match(await page.locator('#figure .history svg').textContent(), new RegExp(label));
      };
      await curve('inertia');
      await afterRender(page, () => page.evaluate(() => (location.hash = location.hash.replace('model=KMeans', 'model=GaussianMixture'))));
      await curve('log-likelihood lower bound');
      // A classifier has no such curve.
      await afterRender(page, () => page.evaluate(() => (location.hash = location.hash.replace('model=GaussianMixture', 'model=GaussianNB'))));
      assert.equal(await page.locator('#figure .history').isHidden(), true);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('fits a phone-width screen', async () => {
    const { page, problems } = await open('', { width: 390, height: 844 });
    try {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the screen`);
      const box = await page.locator('#plot').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 390, 'plot overflows the screen');
      const stats = await canvasStats(page);
      assert.ok(stats.distinct >= 4 && stats.bluish > 0 && stats.reddish > 0, 'no regions drawn');
      await page.screenshot({ path: path.join(artifacts, 'playground-phone.png'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
