// The tutorial (web/dist/tutorial.html) in Chromium: every section page loads with no console
// error, and each of its figures is drawn and not blank — or, when its estimator is not in this
// build, replaced by the plain "not yet" notice. One screenshot per page in artifacts/.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, watchPage, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/tutorial.html'));

describe('tutorial (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 150_000 }, () => {
  const site = useBuiltSite(before, after);

  it('every section draws its figures (or says plainly that its method is not there yet)', async () => {
    const page = await site.browser.context.newPage();
    await page.setViewportSize({ width: 1100, height: 800 });
    const problems = watchPage(page);
    try {
      await page.goto(`${site.server.url}tutorial.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 20_000 });
      const ids = await page.locator('#toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href').slice(1)));
      assert.ok(ids.length >= 12, `only ${ids.length} sections`);
      const summary = [];
      for (const id of ids) {
        await page.evaluate((h) => (location.hash = h), id);
        await page.waitForFunction((s) => document.querySelector('#section').dataset.section === s && document.body.dataset.ready === '1', id, { timeout: 30_000 });
        const figures = await page.locator('#section .tfig').evaluateAll((fs) => fs.map((f) => {
          const state = f.dataset.state;
          let ink = 0;
          for (const c of f.querySelectorAll('canvas.regions:not([hidden])')) {
            const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
            for (let i = 0; i < data.length; i += 4) if (data[i] !== 255 || data[i + 1] !== 255 || data[i + 2] !== 255) ink++;
          }
          const marks = f.querySelectorAll('svg circle, svg path').length;
          return { state, ink, marks, notice: f.querySelector('.notyet')?.textContent ?? '', error: f.querySelector('.message:not([hidden])')?.textContent ?? '' };
        }));
        const text = await page.locator('#section .prose').textContent();
        assert.ok(text.length > 150, `${id}: no text`);
        for (const [i, f] of figures.entries()) {
          if (f.state === 'notyet') {
            assert.match(f.notice, /^Not yet in wasmlearn: /, `${id} figure ${i}`);
            continue;
          }
          assert.equal(f.state, 'drawn', `${id} figure ${i}: ${f.state} ${f.error}`);
          assert.ok(f.marks > 5 || f.ink > 1000, `${id} figure ${i} looks blank (${f.marks} marks, ${f.ink} coloured pixels)`);
        }
        summary.push(`${id}: ${figures.map((f) => f.state).join(',') || 'text'}`);
        await page.screenshot({ path: path.join(artifacts, `tutorial-${id}.png`), fullPage: true });
      }
      console.log(`# ${summary.join(' · ')}`);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('fits a phone-width screen on every section', async () => {
    const page = await site.browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const problems = watchPage(page);
    try {
      await page.goto(`${site.server.url}tutorial.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 20_000 });
      const ids = await page.locator('#toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href').slice(1)));
      for (const id of ids) {
        await page.evaluate((h) => (location.hash = h), id);
        await page.waitForFunction((s) => document.querySelector('#section').dataset.section === s && document.body.dataset.ready === '1', id, { timeout: 30_000 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${id}: the page is ${overflow}px wider than a 390px screen`);
        const wide = await page.locator('#section .tfig').evaluateAll((fs) => fs.filter((f) => f.getBoundingClientRect().right > window.innerWidth + 0.5).length);
        assert.equal(wide, 0, `${id}: a figure sticks out of the screen`);
      }
      await page.evaluate(() => (location.hash = 's7'));
      await page.waitForFunction(() => document.querySelector('#section').dataset.section === 's7' && document.body.dataset.ready === '1', null, { timeout: 30_000 });
      await page.screenshot({ path: path.join(artifacts, 'tutorial-s7-phone.png'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('a tutorial slider retrains its figure, and hovering shows the neighbours', async () => {
    const page = await site.browser.context.newPage();
    await page.setViewportSize({ width: 1100, height: 800 });
    const problems = watchPage(page);
    try {
      await page.goto(`${site.server.url}tutorial.html#s3`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.body.dataset.ready === '1', null, { timeout: 20_000 });
      const fig = page.locator('.tfig-live').first();
      const renders = Number(await fig.getAttribute('data-renders'));
      const hash = () => fig.locator('canvas.regions').evaluate((c) => {
        const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
        let h = 0;
        for (let i = 0; i < data.length; i++) h = (Math.imul(h, 31) + data[i]) | 0;
        return h;
      });
      const before = await hash();
      await page.locator('.tfig').first().locator('[data-param="nNeighbors"] input[type="number"]').fill('30');
      await page.waitForFunction((n) => Number(document.querySelector('.tfig-live').dataset.renders) > n && document.querySelector('.tfig-live').dataset.pass === 'fine', renders, { timeout: 15_000 });
      assert.notEqual(await hash(), before, 'k = 30 gives the same regions as k = 7');
      const box = await fig.locator('.plot').boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5);
      await page.waitForFunction(() => Number(document.querySelector('.tfig-live').dataset.neighbours) === 30, null, { timeout: 5_000 });
      assert.equal(await fig.locator('svg.hover line.nb').count(), 30);
      await page.screenshot({ path: path.join(artifacts, 'tutorial-s3-hover.png') });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
