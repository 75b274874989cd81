// The playground (web/dist) in Chromium: clicking adds a point and the regions change, dragging
// moves one, the URL (with the edits) reproduces the picture, every estimator of this build
// trains and draws (or shows the model's own message), datasets switch, and a long fit shows
// its progress and can be cancelled without freezing the page.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, openPlayground, afterRender, watchPage, canvasStats, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));
const desktop = { width: 1100, height: 760 };

describe('playground editing, estimators, cancel (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 150_000 }, () => {
  const site = useBuiltSite(before, after);

  const open = (hash, viewport = desktop) => openPlayground(site, hash, viewport);

  const afterRedraw = afterRender;

  // The plot's box on the page and the frame (regions canvas) inside it.
  async function frameOf(page) {
    const box = await page.locator('#plot').boundingBox();
    const frame = await page.evaluate(() => {
      const r = document.querySelector('#regions');
      return { left: parseFloat(r.style.left), top: parseFloat(r.style.top), w: parseFloat(r.style.width), h: parseFloat(r.style.height) };
    });
    return { box, frame };
  }

  it('adds a point where the figure is clicked, moves it by dragging, and the URL reproduces both', async () => {
    const { page, problems } = await open('#preset=moons&nSamples=60&seed=1&testSize=0&model=KNeighborsClassifier&nNeighbors=1');
    let copy;
    try {
      assert.equal(await page.locator('#axes svg circle').count(), 60);
      const start = await canvasStats(page);
      await page.locator('#add-class').selectOption('1');
      const { box, frame } = await frameOf(page);
      // The top-left corner of the frame is far from the red moon: a class-1 point there with k=1
      // paints a red patch.
      const cx = box.x + frame.left + 0.08 * frame.w, cy = box.y + frame.top + 0.1 * frame.h;
      await afterRedraw(page, () => page.mouse.click(cx, cy));
      assert.equal(await page.locator('#axes svg circle').count(), 61, 'the click added a point');
      const added = await canvasStats(page);
      assert.notEqual(added.hash, start.hash, 'the regions did not change');
      assert.ok(added.reddish > start.reddish, 'no new class-1 region');
      assert.match(page.url(), /add=-?[\d.]+%2C-?[\d.]+%2C1|add=-?[\d.]+,-?[\d.]+,1/);

      // Drag the new point to the right.
      await afterRedraw(page, async () => {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        await page.mouse.move(cx + 30, cy + 10, { steps: 4 });
        await page.mouse.move(cx + 60, cy + 20, { steps: 4 });
        await page.mouse.up();
      });
      assert.equal(await page.locator('#axes svg circle').count(), 61, 'the drag added a point instead of moving one');
      const moved = await canvasStats(page);
      assert.notEqual(moved.hash, added.hash, 'the drag did not change the regions');
      await page.screenshot({ path: path.join(artifacts, 'playground-edited.png'), fullPage: true });

      ({ page: copy } = await open(new URL(page.url()).hash));
      assert.equal(await copy.locator('#axes svg circle').count(), 61);
      assert.equal((await canvasStats(copy)).hash, moved.hash, 'the URL does not reproduce the edited picture');

      // Clear removes every point; a click then makes the only one.
      await afterRedraw(page, () => page.locator('#clear').click());
      assert.match(await page.locator('#message').textContent(), /training points|nNeighbors|samples/i);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
      await copy?.close();
    }
  });

  it('trains and draws every estimator of this build, with controls for all its options', async () => {
    const { page, problems } = await open();
    try {
      const names = await page.locator('#model option').evaluateAll((os) => os.map((o) => o.value));
      const metas = await page.evaluate(() => [...document.querySelectorAll('#model optgroup')].map((g) => g.label));
      assert.ok(names.length >= 5 && metas.length >= 2, `estimators: ${names}, families: ${metas}`);
      for (const name of names) {
        await afterRedraw(page, () => page.locator('#model').selectOption(name));
        const pass = await page.evaluate(() => document.querySelector('#figure').dataset.pass);
        const message = await page.locator('#message').textContent();
        assert.ok(pass === 'fine' || (pass === 'error' && message.length > 10), `${name}: pass ${pass}, message ${message}`);
        const circles = await page.locator('#axes svg circle').count();
        const view = await page.locator('#figure').getAttribute('data-view');
        // Preprocessing transformers draw their output columns as functions of x (the sine), the rest the points.
        if (pass === 'fine' && view === 'basis') assert.ok((await page.locator('#axes svg g[aria-label="line"]').count()) >= 1, `${name}: no basis function drawn`);
        else if (pass === 'fine') assert.ok(circles > 10, `${name}: only ${circles} points drawn`);
        // One control per option.
        const params = await page.locator('#model-params [data-param]').count();
        assert.ok(params >= 0);
        assert.match(page.url(), new RegExp(`model=${name}(&|$)`));
        await page.screenshot({ path: path.join(artifacts, `playground-${name}.png`), fullPage: true });
      }
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('switches datasets: regression curve, Iris features, every preset draws', async () => {
    const { page, problems } = await open('#preset=sine&model=KNeighborsRegressor');
    try {
      assert.equal(await page.locator('#figure').getAttribute('data-pass'), 'fine');
      assert.ok((await page.locator('#axes svg path').count()) > 0, 'no curve drawn');
      assert.match(await page.locator('.stats').textContent(), /R²/);
      const presets = await page.locator('#preset option').evaluateAll((os) => os.map((o) => o.value));
      assert.ok(presets.includes('xor') && presets.includes('spiral') && presets.includes('iris'), `${presets}`);
      await afterRedraw(page, () => page.locator('#model').selectOption('KNeighborsClassifier'));
      for (const preset of presets) {
        await afterRedraw(page, () => page.locator('#preset').selectOption(preset));
        const pass = await page.evaluate(() => document.querySelector('#figure').dataset.pass);
        assert.equal(pass, 'fine', `${preset}: ${await page.locator('#message').textContent()}`);
      }
      await afterRedraw(page, () => page.locator('#preset').selectOption('iris'));
      await afterRedraw(page, () => page.locator('#fx').selectOption('2'));
      await afterRedraw(page, () => page.locator('#fy').selectOption('3'));
      assert.match(page.url(), /fx=2&fy=3/);
      assert.match(await page.locator('#axes svg').textContent(), /petal length/);
      await page.screenshot({ path: path.join(artifacts, 'playground-iris.png'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('shows a long fit with an elapsed-time spinner, cancels it, and keeps the page responsive', async () => {
    // huge= (test-only) makes the dataset 200 000 points; 3000 neighbours by brute force keep the
    // worker busy for many seconds.
    const page = await site.browser.context.newPage();
    await page.setViewportSize(desktop);
    const problems = watchPage(page);
    try {
      await page.goto(`${site.server.url}#preset=moons&huge=200000&testSize=0&model=KNeighborsClassifier&nNeighbors=3000&algorithm=brute`, { waitUntil: 'load' });
      await page.locator('#figure .busy').waitFor({ state: 'visible', timeout: 15_000 });
      await page.waitForFunction(() => /training… [1-9]\.\d s/.test(document.querySelector('#figure .elapsed').textContent), null, { timeout: 15_000 });
      // The page is not frozen while the worker trains.
      const t0 = Date.now();
      await page.evaluate(() => document.title);
      assert.ok(Date.now() - t0 < 1000, 'the page froze');
      await page.screenshot({ path: path.join(artifacts, 'playground-long-fit.png') });
      await page.locator('#figure .busy .cancel').click();
      await page.waitForFunction(() => document.querySelector('#figure').dataset.pass === 'cancelled', null, { timeout: 5_000 });
      assert.equal(await page.locator('#figure .busy').isHidden(), true);
      assert.match(await page.locator('#message').textContent(), /cancelled/i);
      // The restarted worker trains again (a link edited in place: small data, few neighbours).
      await page.evaluate(() => (location.hash = '#preset=moons&nSamples=100&model=KNeighborsClassifier&nNeighbors=5'));
      await page.waitForFunction(() => document.querySelector('#figure').dataset.pass === 'fine', null, { timeout: 15_000 });
      assert.equal(await page.locator('#axes svg circle').count(), 100);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
