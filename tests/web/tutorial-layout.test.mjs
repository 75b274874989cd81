// The tutorial's figures at desktop and phone widths (issue #17, item 1): every figure is drawn at
// the width of its card, after the page loads and after the window is resized — no canvas or chart
// wider than its card, regions filling their frame, no figure box over another.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, openTutorial, showSection, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/tutorial.html'));
const sections = ['s3', 's6', 's9', 's10', 's12', 's13'];
const widths = [1280, 1600, 1024, 390];

// In the page: what is wrong with the layout of the current section's figures (empty: nothing).
function layoutProblems() {
  const problems = [];
  const boxes = [...document.querySelectorAll('#section .tfig')];
  const rects = boxes.map((b) => b.getBoundingClientRect());
  boxes.forEach((box, i) => {
    const r = rects[i];
    for (const g of box.querySelectorAll('canvas, svg')) {
      if (g.closest('.tree') || g.hidden || g.closest('[hidden]')) continue; // the tree diagram scrolls in its own box
      const q = g.getBoundingClientRect();
      if (q.width === 0) continue;
      if (q.left < r.left - 0.5 || q.right > r.right + 0.5) problems.push(`figure ${i}: a ${g.tagName} spans ${Math.round(q.left)}–${Math.round(q.right)} px in a card at ${Math.round(r.left)}–${Math.round(r.right)} px`);
    }
    // The regions fill the frame drawn over them, not a shrunk or stretched copy of it.
    for (const c of box.querySelectorAll('canvas.regions:not([hidden])')) {
      const frame = c.parentElement.querySelector('.axes [aria-label="frame"]')?.getBoundingClientRect(), q = c.getBoundingClientRect();
      if (!frame || Math.abs(q.width - frame.width) > 2 || Math.abs(q.left - frame.left) > 2) problems.push(`figure ${i}: regions ${Math.round(q.width)} px wide at ${Math.round(q.left)} under a frame ${Math.round(frame?.width)} px wide at ${Math.round(frame?.left)}`);
    }
    for (let j = i + 1; j < boxes.length; j++) {
      const s = rects[j];
      const w = Math.min(r.right, s.right) - Math.max(r.left, s.left), h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (w > 0.5 && h > 0.5) problems.push(`figures ${i} and ${j} overlap by ${Math.round(w)} × ${Math.round(h)} px`);
    }
  });
  if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`the page is ${document.documentElement.scrollWidth - window.innerWidth} px wider than the window`);
  return problems;
}

// waitForFunction wants a truthy value: true when the layout is right.
const layoutRight = `(${layoutProblems})().length === 0`;

// The layout once the figures have had time to redraw (bounded wait; the problems if they stay).
async function settledProblems(page) {
  await page.waitForFunction(layoutRight, null, { timeout: 8_000, polling: 200 }).catch(() => {});
  await page.waitForFunction(() => !document.querySelector('#section [aria-busy="true"]'), null, { timeout: 15_000 });
  return page.evaluate(layoutProblems);
}

describe('tutorial layout (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 300_000 }, () => {
  const site = useBuiltSite(before, after);

  for (const [k, width] of widths.entries()) {
    const next = widths[(k + 1) % widths.length];
    it(`draws every figure at its card's width at ${width} px, and again after a resize to ${next} px`, async () => {
      const { page, problems } = await openTutorial(site, '', { width, height: 900 });
      try {
        const found = [];
        for (const id of sections) {
          await showSection(page, id);
          found.push(...(await settledProblems(page)).map((p) => `${id} at ${width} px: ${p}`));
          if (width === 1280 || width === 390) await page.screenshot({ path: path.join(artifacts, `tutorial-layout-${id}-${width}.png`), fullPage: true });
        }
        await page.setViewportSize({ width: next, height: 900 });
        found.push(...(await settledProblems(page)).map((p) => `${sections.at(-1)} resized to ${next} px: ${p}`));
        await page.setViewportSize({ width, height: 900 });
        await showSection(page, 's12');
        await page.setViewportSize({ width: next, height: 900 });
        found.push(...(await settledProblems(page)).map((p) => `s12 resized to ${next} px: ${p}`));
        assert.deepEqual(found, []);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }
});
