// Keyboard editing of the playground's points (web/dist in Chromium): Tab reaches the figure, the
// arrow keys move a visible cursor, a digit picks the class, Enter adds a point at the cursor
// (the regions change), Delete removes the nearest point (an added one, then a generated one, kept
// in the URL), and every action is announced in the live region.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, openPlayground, afterRender, canvasStats, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));

describe('playground keyboard editing (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 60_000 }, () => {
  const site = useBuiltSite(before, after);

  it('adds, removes and classes points from the keyboard alone', async () => {
    const { page, problems } = await openPlayground(site, '#preset=moons&nSamples=60&seed=1&testSize=0&model=KNeighborsClassifier&nNeighbors=1');
    let copy;
    try {
      const dots = () => page.locator('#axes svg circle').count();
      const status = () => page.locator('#key-status').textContent();
      assert.equal(await dots(), 60);
      const start = await canvasStats(page);

      // Tab through the controls until the figure has the focus.
      let presses = 0;
      while (presses < 80 && !(await page.evaluate(() => document.activeElement?.id === 'plot'))) {
        await page.keyboard.press('Tab');
        presses++;
      }
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'plot', `Tab never reached the figure (${presses} presses)`);
      assert.equal(await page.locator('#plot').getAttribute('role'), 'application');
      assert.equal(await page.locator('.kbd-cursor').isVisible(), true, 'no visible cursor');
      assert.match(await status(), /^Cursor at x -?[\d.]+, y -?[\d.]+; 60 points\.$/);

      await page.keyboard.press('1');
      assert.equal(await page.locator('#add-class').inputValue(), '1');
      assert.match(await status(), /class 1/);
      assert.match(page.url(), /class=1/);

      // To the top-left corner (Shift: five steps of 1/40 of the frame; the cursor stops at the
      // frame), then a little inside: far from the red moon, as in the click test.
      for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
      for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowUp');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
      const frame = await page.evaluate(() => {
        const r = document.querySelector('#regions'), c = document.querySelector('.kbd-cursor');
        return { left: parseFloat(r.style.left), top: parseFloat(r.style.top), w: parseFloat(r.style.width), h: parseFloat(r.style.height), cx: parseFloat(c.style.left), cy: parseFloat(c.style.top) };
      });
      assert.ok(Math.abs(frame.cx - (frame.left + (3 / 40) * frame.w)) < 1, `cursor x ${frame.cx} in ${JSON.stringify(frame)}`);
      assert.ok(Math.abs(frame.cy - (frame.top + (4 / 40) * frame.h)) < 1, `cursor y ${frame.cy} in ${JSON.stringify(frame)}`);

      await afterRender(page, () => page.keyboard.press('Enter'));
      assert.equal(await dots(), 61, 'Enter did not add a point');
      assert.match(await status(), /^Added a class 1 point at x -?[\d.]+, y -?[\d.]+; 61 points\.$/);
      const added = await canvasStats(page);
      assert.notEqual(added.hash, start.hash, 'the regions did not change');
      assert.ok(added.reddish > start.reddish, 'no new class-1 region');
      assert.match(page.url(), /add=-?[\d.]+(%2C|,)-?[\d.]+(%2C|,)1/);
      await page.screenshot({ path: path.join(artifacts, 'playground-keyboard.png'), fullPage: true });

      // Delete removes the nearest point: the one just added, so the picture is the first one again.
      await afterRender(page, () => page.keyboard.press('Delete'));
      assert.equal(await dots(), 60);
      assert.match(await status(), /^Removed the point at .*; 60 points\.$/);
      assert.equal((await canvasStats(page)).hash, start.hash, 'removing the added point did not restore the regions');
      assert.doesNotMatch(page.url(), /add=/);

      // Again: now a generated point goes — the one nearest to the cursor (in frame units) —,
      // recorded in the URL, and a new page reproduces it.
      const centres = () => page.locator('#axes svg circle').evaluateAll((cs) => cs.map((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`));
      const before = await centres();
      await afterRender(page, () => page.keyboard.press('Backspace'));
      assert.equal(await dots(), 59);
      assert.match(page.url(), /del=\d+/);
      const after = new Set(await centres());
      const gone = before.filter((c) => !after.has(c));
      assert.equal(gone.length, 1, `points gone: ${gone}`);
      const distance = (c) => {
        const [x, y] = c.split(',').map(Number);
        return Math.hypot((x - frame.cx) / frame.w, (y - frame.cy) / frame.h);
      };
      assert.equal(Math.min(...before.map(distance)), distance(gone[0]), 'the removed point is not the nearest to the cursor');
      const removed = await canvasStats(page);
      ({ page: copy } = await openPlayground(site, new URL(page.url()).hash));
      assert.equal(await copy.locator('#axes svg circle').count(), 59);
      assert.equal((await canvasStats(copy)).hash, removed.hash, 'the URL does not reproduce the removal');

      // A class beyond the offered ones is refused with a message, not taken.
      await page.keyboard.press('7');
      assert.match(await status(), /classes 0 to 2 only/);
      assert.equal(await page.locator('#add-class').inputValue(), '1');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
      await copy?.close();
    }
  });
});
