// A screenshot of every tutorial section, of the playground with one estimator of every family and
// of its model-selection panel, at 1280 and 390 px (issue #17, item 15), kept in tests/web/artifacts/screens/ with an index.html
// that shows them all side by side. `npm run screenshots` regenerates them (after
// `bash scripts/build.sh web`). Each page must also load cleanly, fit its width and draw.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, openPlayground, openTutorial, showSection, afterRender, repoRoot, artifacts, watchPage } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));
const screens = path.join(artifacts, 'screens');
const widths = [1280, 390];
const shots = []; // { group, name, width, file }
const views = [
  ['svm-SVC', 'preset=moons&model=SVC'],
  ['svm-SVR', 'preset=sine&model=SVR'],
  ['svm-OneClassSVM', 'preset=blobs&model=OneClassSVM'],
  ['kernel-KernelPCA', 'preset=circles&noise=0.05&model=KernelPCA&kernel=rbf&gamma=10'],
];

async function shoot(page, group, name, width) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${group} ${name} at ${width} px: the page is ${overflow} px wider than the window`);
  const file = `${group}-${name}-${width}.png`;
  await page.screenshot({ path: path.join(screens, file), fullPage: true });
  shots.push({ group, name, width, file });
}

describe('screenshots of every page (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 600_000 }, () => {
  const site = useBuiltSite(before, after);
  before(() => mkdirSync(screens, { recursive: true }));
  after(() => {
    // The contact sheet: one row per page, its widths side by side.
    const rows = [...new Set(shots.map((s) => `${s.group}-${s.name}`))].map((key) => {
      const cells = shots.filter((s) => `${s.group}-${s.name}` === key)
        .map((s) => `<figure><a href="${s.file}"><img src="${s.file}" width="${s.width === 390 ? 195 : 480}" alt="${key} at ${s.width} px"></a><figcaption>${s.width} px</figcaption></figure>`);
      return `<section><h2>${key}</h2>${cells.join('')}</section>`;
    });
    writeFileSync(path.join(screens, 'index.html'), `<!doctype html><meta charset="utf-8"><title>wasmlearn screenshots</title>
<style>body{font:14px system-ui;margin:1rem}section{display:flex;gap:1rem;align-items:flex-start;border-top:1px solid #ddd;padding:.5rem 0}h2{width:14rem;font-size:1rem}figure{margin:0}img{border:1px solid #ccc;vertical-align:top}</style>
${rows.join('\n')}\n`);
  });

  for (const width of widths) {
    it(`every tutorial section at ${width} px`, async () => {
      const { page, problems } = await openTutorial(site, '', { width, height: 900 });
      try {
        const ids = await page.locator('#toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href').slice(1)));
        for (const id of ids) {
          await showSection(page, id);
          const states = await page.locator('#section .tfig').evaluateAll((fs) => fs.map((f) => f.dataset.state));
          assert.ok(states.every((s) => s === 'drawn' || s === 'notyet'), `${id} at ${width} px: ${states}`);
          await shoot(page, 'tutorial', id, width);
        }
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });

    it(`the network view at ${width} px`, async () => {
      const page = await site.browser.context.newPage();
      const problems = watchPage(page);
      try {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${site.server.url}network.html#preset=spiral&nClasses=3&layers=8,8&step=20`, { waitUntil: 'load' });
        await page.waitForFunction(() => Number(document.querySelector('#network')?.dataset.frames) >= 1, null, { timeout: 30_000 });
        await shoot(page, 'network', 'view', width);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });

    it(`the playground with one estimator of every family at ${width} px`, async () => {
      const { page, problems } = await openPlayground(site, '', { width, height: 900 });
      try {
        const families = await page.locator('#model optgroup').evaluateAll((gs) => gs.map((g) => [g.label, g.querySelector('option').value]));
        assert.ok(families.length >= 5, `families: ${families}`);
        for (const [family, model] of families) {
          // Through the picker, as a learner would: it also moves to a dataset the estimator can use.
          if ((await page.locator('#model').inputValue()) !== model) await afterRender(page, () => page.locator('#model').selectOption(model));
          assert.equal(await page.locator('#figure').getAttribute('data-pass'), 'fine', `${model}: ${await page.locator('#message').textContent()}`);
          await shoot(page, 'playground', family.replaceAll(' ', '-'), width);
        }
        // The views a family's first estimator does not show: an SVM's margins and tube, kernel PCA.
        const offered = await page.locator('#model option').evaluateAll((os) => os.map((o) => o.value));
        for (const [name, hash] of views.filter(([, h]) => offered.includes(new URLSearchParams(h).get('model')))) {
          await afterRender(page, () => page.evaluate((h) => (location.hash = h), hash));
          assert.equal(await page.locator('#figure').getAttribute('data-pass'), 'fine', `${name}: ${await page.locator('#message').textContent()}`);
          await shoot(page, 'playground', name, width);
        }
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });

    it(`the players: the tutorial's k-means figure stepped, the playground's k-means and mixture at a step, at ${width} px`, async () => {
      const { page, problems } = await openTutorial(site, 's12', { width, height: 900 });
      try {
        const box = page.locator('.tfig', { hasText: 'Figure 20' });
        for (const label of ['iteration 1 · assign', 'iteration 1 · update']) {
          await box.locator('button.step').click();
          await page.waitForFunction(([el, text]) => el.textContent === text, [await box.locator('.step-label').elementHandle(), label], { timeout: 30_000 });
        }
        await page.waitForFunction((el) => el.dataset.state === 'drawn', await box.elementHandle(), { timeout: 30_000 });
        await shoot(page, 'tutorial', 'player-s12', width);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
      for (const [name, hash] of [['KMeans', 'preset=aniso&nSamples=500&model=KMeans&nClusters=3&step=3'], ['GaussianMixture', 'preset=aniso&nSamples=500&model=GaussianMixture&nComponents=3&initParams=random&step=4']]) {
        const played = await openPlayground(site, `#${hash}`, { width, height: 900 });
        try {
          assert.equal(await played.page.locator('#figure').getAttribute('data-pass'), 'fine');
          assert.match(await played.page.locator('#step-label').textContent(), /^iteration \d/);
          await shoot(played.page, 'playground', `player-${name}`, width);
          assert.deepEqual(played.problems, []);
        } finally {
          await played.page.close();
        }
      }
    });

    it(`the playground's model selection (CV score, confusion matrix, a tuned validation curve) at ${width} px`, async () => {
      const { page, problems } = await openPlayground(site, '#preset=moons&model=KNeighborsClassifier', { width, height: 900 });
      try {
        await page.locator('#tune-run').click();
        await page.waitForFunction(() => document.querySelector('#tune').dataset.state === 'done' && document.querySelector('#cv-score').dataset.state === 'done', null, { timeout: 60_000 });
        assert.equal(await page.locator('#confusion table').count(), 1);
        const overflow = await page.locator('#selection').evaluate((s) => [...s.querySelectorAll('svg, table')].filter((x) => x.getBoundingClientRect().right > s.getBoundingClientRect().right + 0.5).length);
        assert.equal(overflow, 0, 'a chart or table is wider than its panel');
        await shoot(page, 'playground', 'model-selection', width);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }
});
