// Model selection in the playground and the tutorial (issue #14, item 10), in Chromium on the
// built site: the playground's 5-fold CV score beside the train and test scores, the confusion
// matrix under the figure, the tune panel's grid search and validation curve (run in a worker:
// the page keeps drawing frames, and Cancel stops it); the tutorial's §6 training and
// cross-validated error against flexibility, §7 α chosen by cross-validation on the lasso path,
// §9 Figure 15 (one-vs-rest, one-vs-one, multinomial, output codes) and the code book.
// Expected numbers were computed in Node with the same library, data and folds (5 folds,
// shuffled with seed 0, on the training points).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, openPlayground, openTutorial, showSection, afterRender, canvasStats, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));
const desktop = { width: 1280, height: 900 };
const moons = '#preset=moons&nSamples=200&noise=0.25&seed=0&testSize=0.25';

const cvDone = (page) => page.waitForFunction(() => ['done', 'error'].includes(document.querySelector('#cv-score')?.dataset.state), null, { timeout: 30_000 });

// The confusion matrix's counts, row by row.
const confusion = (page) => page.locator('#confusion table').evaluate((t) => [...t.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => Number(c.textContent))));

// A Plot chart's line paths, dashed rules and texts.
function chartParts(svg) {
  return {
    lines: svg.querySelectorAll('g[aria-label="line"] path').length,
    rules: svg.querySelectorAll('g[aria-label="rule"] line').length,
    dashed: [...svg.querySelectorAll('g[aria-label="rule"] line')].filter((l) => l.getAttribute('stroke-dasharray') || l.parentNode.getAttribute('stroke-dasharray')).length,
    texts: [...svg.querySelectorAll('g[aria-label="text"] text')].map((t) => t.textContent),
    xTicks: [...svg.querySelectorAll('g[aria-label="x-axis tick label"] text')].map((t) => t.textContent),
    // y tick labels cut at the chart's left edge
    cut: [...svg.querySelectorAll('g[aria-label="y-axis tick label"] text')].filter((t) => t.getBoundingClientRect().left < svg.getBoundingClientRect().left - 0.5).map((t) => t.textContent),
  };
}

const curve = 'svg[aria-label^="Validation curve"]';
const figureBox = (page, title) => page.locator('#section .tfig', { has: page.locator('.fig-title', { hasText: title }) });

// Waits until a tutorial drawing has drawn an answer other than `previous` (data-* of its summary).
async function nextSummary(page, box, key, previous) {
  await page.waitForFunction(([title, k, prev]) => {
    const f = [...document.querySelectorAll('#section .tfig')].find((x) => x.querySelector('.fig-title')?.textContent.startsWith(title));
    const s = f?.querySelector('.chosen');
    return f?.querySelector('.drawing')?.dataset.state === 'drawn' && s && s.dataset[k] !== prev;
  }, [box, key, previous], { timeout: 30_000 });
}

// Opens tutorial section `id`, checks that the figure titled `title` has drawn, runs
// `check(page, box, title)` and that the page logged no problem.
async function withFigure(site, id, title, check) {
  const { page, problems } = await openTutorial(site, id, desktop);
  try {
    const box = figureBox(page, title);
    assert.equal(await box.getAttribute('data-state'), 'drawn');
    await check(page, box, title);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
}

// Sets a range input's value and fires its input event.
const slide = (locator, value) => locator.evaluate((input, v) => {
  input.value = String(v);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}, value);

describe('model selection in the playground and the tutorial (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 300_000 }, () => {
  const site = useBuiltSite(before, after);

  it('shows a 5-fold CV score beside train and test accuracy, and a confusion matrix of the test points', async () => {
    const { page, problems } = await openPlayground(site, `${moons}&model=KNeighborsClassifier`, desktop);
    try {
      await cvDone(page);
      const stats = await page.locator('#figure .stats').textContent();
      // KNeighborsClassifier (k = 5) on the 151 training points: folds 93.5, 90, 93.3, 100, 90 %.
      assert.match(stats, /train accuracy .* test accuracy [\d.]+ % · 5-fold CV accuracy 93\.4 ± 3\.7 %/);
      const m = await confusion(page);
      assert.deepEqual(m, [[18, 3], [0, 28]]);
      // Its cells count the test points (the hollow marks), its diagonal the test accuracy shown.
      const hollow = await page.locator('#axes g[aria-label="dot"] circle[fill="white"]').count();
      const total = m.flat().reduce((a, b) => a + b, 0);
      assert.equal(total, hollow);
      const correct = m[0][0] + m[1][1];
      assert.match(await page.locator('#test-score').textContent(), new RegExp(`test accuracy ${((100 * correct) / total).toFixed(1)} %`));

      // A model option changes the CV score and the matrix (k = 1).
      await afterRender(page, () => page.locator('[data-param="nNeighbors"] input[type="number"]').fill('1'));
      await page.waitForFunction(() => /accuracy 92\.1 ±/.test(document.querySelector('#cv-score').textContent), null, { timeout: 30_000 });
      assert.deepEqual(await confusion(page), [[20, 1], [0, 28]]);

      // A regressor is scored by R²; a clusterer has no CV score, matrix or tune panel.
      await afterRender(page, () => page.evaluate(() => (location.hash = '#preset=sine&nSamples=200&noise=0.25&seed=0&testSize=0.25&model=KNeighborsRegressor')));
      await cvDone(page);
      assert.match(await page.locator('#cv-score').textContent(), /5-fold CV R² 0\.852 ± 0\.014/);
      assert.equal(await page.locator('#confusion').isVisible(), false);
      await afterRender(page, () => page.evaluate(() => (location.hash = '#preset=blobs&model=KMeans')));
      await page.waitForTimeout(500);
      assert.equal(await page.locator('#cv-score').textContent(), '');
      assert.equal(await page.locator('#tune').isVisible(), false);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('tunes the main option by grid search, draws its validation curve and applies the best value', async () => {
    const { page, problems } = await openPlayground(site, `${moons}&model=KNeighborsClassifier`, desktop);
    try {
      const run = page.locator('#tune-run');
      assert.equal(await run.textContent(), 'Grid-search nNeighbors (11 values × 5 folds)');
      await run.click();
      await page.waitForFunction(() => document.querySelector('#tune').dataset.state === 'done', null, { timeout: 60_000 });
      // Mean CV accuracy per k = 1, 2, 3, 4, 6, 9, 14, 20, 29, 41, 60: highest (94.0 %) at k = 3.
      assert.match(await page.locator('#tune-status').textContent(), /^Best nNeighbors = 3: cross-validated accuracy 94\.0 % \(the model now: 5\)/);
      const chart = await page.locator(`#tune-chart ${curve}`).evaluate(chartParts);
      assert.equal(chart.lines, 2, 'train and cross-validated lines');
      assert.equal(chart.dashed, 1, 'the best value marked');
      assert.equal(chart.rules, 2, "the best value and the model's (k = 5)");
      assert.ok(chart.texts.includes('best nNeighbors = 3'), chart.texts.join());
      // k spans 1 to 60: a log axis (ticks 1, 10 and others in between).
      assert.ok(chart.xTicks.includes('1') && chart.xTicks.includes('10'), chart.xTicks.join());
      await page.locator('#selection').screenshot({ path: path.join(artifacts, 'playground-tune.png') });

      // "Use" sets the option; the curve stays (the search did not depend on it).
      await afterRender(page, () => page.locator('#tune-use').click());
      assert.equal(await page.locator('[data-param="nNeighbors"] input[type="number"]').inputValue(), '3');
      assert.match(page.url(), /nNeighbors=3/);
      assert.equal((await page.locator(`#tune-chart ${curve}`).evaluate(chartParts)).rules, 1, "the model's value is now the best");
      // Other data: the search is dropped.
      await afterRender(page, () => page.locator('#new-seed').click());
      assert.equal(await page.locator(`#tune-chart ${curve}`).count(), 0);

      // LogisticRegression's C spans 1e-3 to 1e3 on a log axis.
      await afterRender(page, () => page.locator('#model').selectOption('LogisticRegression'));
      assert.equal(await run.textContent(), 'Grid-search C (13 values × 5 folds)');
      await run.click();
      await page.waitForFunction(() => document.querySelector('#tune').dataset.state === 'done', null, { timeout: 60_000 });
      const c = await page.locator(`#tune-chart ${curve}`).evaluate(chartParts);
      assert.ok(c.xTicks.includes('0.001') && c.xTicks.includes('1000'), c.xTicks.join());
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('searches in a worker: the page keeps drawing, and Cancel stops the search', async () => {
    // A search long enough to be cancelled on a fast machine (with 200 points and 200 trees, CI's
    // ended between the check below and the click).
    const big = moons.replace('nSamples=200', 'nSamples=1000');
    const { page, problems } = await openPlayground(site, `${big}&model=RandomForestClassifier&nEstimators=500`, desktop);
    try {
      await cvDone(page);
      await page.locator('#tune-run').click();
      await page.waitForFunction(() => document.querySelector('#tune').dataset.state === 'searching');
      // Frames keep coming on the page while the worker searches.
      const gaps = await page.evaluate(() => new Promise((resolve) => {
        const times = [];
        const tick = (t) => (times.push(t), times.length < 20 ? requestAnimationFrame(tick) : resolve(times.slice(1).map((x, i) => x - times[i])));
        requestAnimationFrame(tick);
      }));
      assert.ok(Math.max(...gaps) < 250, `a frame took ${Math.max(...gaps)} ms`);
      assert.equal(await page.locator('#tune').getAttribute('data-state'), 'searching', 'the search ended before the frames were measured');
      await page.locator('#tune-cancel').click();
      await page.waitForFunction(() => document.querySelector('#tune').dataset.state === 'cancelled');
      assert.equal(await page.locator('#tune-status').textContent(), 'Search cancelled.');
      // The selection worker restarted: the next render gets its CV score.
      await afterRender(page, () => page.locator('[data-param="maxDepth"] input[type="number"]').fill('3'));
      await cvDone(page);
      assert.match(await page.locator('#cv-score').textContent(), /5-fold CV accuracy \d+\.\d ± \d+\.\d %/);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('§6 draws training and cross-validated error against k and the degree, live', () => withFigure(site, 's6', 'Figure 5b — training and cross-validated error', async (page, box, title) => {
    const chart = await box.locator(curve).evaluate(chartParts);
    assert.equal(chart.lines, 2);
    assert.equal(chart.dashed, 1);
    assert.deepEqual(chart.cut, []);
    // Noise 0.3: the lowest CV error at k = 6; noise 1: at k = 24 (a smoother model).
    assert.equal(await box.locator('.chosen').getAttribute('data-best'), '6');
    assert.ok(chart.texts.includes('best k = 6'), chart.texts.join());
    await slide(box.locator('input[aria-label="noise of the data"]'), 1);
    await nextSummary(page, title, 'best', '6');
    assert.equal(await box.locator('.chosen').getAttribute('data-best'), '24');
    await slide(box.locator('input[aria-label="noise of the data"]'), 0.3);
    await nextSummary(page, title, 'best', '24');
    // The polynomial degree: lowest CV error at degree 3.
    await box.locator('select').selectOption('degree');
    await page.waitForFunction((t) => /degree = \d+/.test([...document.querySelectorAll('#section .tfig')].find((x) => x.querySelector('.fig-title')?.textContent.startsWith(t))?.querySelector('.chosen')?.textContent ?? ''), title, { timeout: 30_000 });
    assert.equal(await box.locator('.chosen').getAttribute('data-best'), '3');
    assert.match(await box.locator(curve).getAttribute('aria-label'), /against degree/);
  }));

  it('§7 chooses α by cross-validation on the lasso path, and the choice moves with the noise', () => withFigure(site, 's7', 'Figure 8d — choosing α by cross-validation', async (page, box, title) => {
    const alpha = async () => Number(await box.locator('.chosen').getAttribute('data-alpha'));
    // Noise 10: α = 0.740 (30 values of the path cross-validated); noise 40: 4.76; noise 0: 0.0094.
    assert.ok(Math.abs((await alpha()) - 0.7403521) < 1e-6, String(await alpha()));
    const [curveLabel, pathSvg] = await box.locator('svg[aria-label]').evaluateAll((svgs) => svgs.map((s) => s.getAttribute('aria-label')));
    assert.match(curveLabel, /^Validation curve/);
    assert.deepEqual((await box.locator(curve).evaluate(chartParts)).cut, []);
    assert.match(pathSvg, /^Regularisation path: 8 coefficients/);
    // The path is cut at the chosen α.
    assert.ok((await box.locator('svg[aria-label^="Regularisation path"] g[aria-label="text"] text').allTextContents()).includes('α = 0.74'));
    const noise = box.locator('input[aria-label^="noise of the data"]');
    const before = await box.locator('.chosen').getAttribute('data-alpha');
    await slide(noise, 40);
    await nextSummary(page, title, 'alpha', before);
    assert.ok(Math.abs((await alpha()) - 4.764319) < 1e-5, String(await alpha()));
    const at40 = await box.locator('.chosen').getAttribute('data-alpha');
    await slide(noise, 0);
    await nextSummary(page, title, 'alpha', at40);
    assert.ok((await alpha()) < 0.01, String(await alpha()));
  }));

  it('§9 draws Figure 15 (one-vs-rest, one-vs-one, multinomial, output codes) and the code book, with nothing "not yet"', async () => {
    const { page, problems } = await openTutorial(site, 's9', desktop);
    try {
      const titles = await page.locator('#section .fig-title').allTextContents();
      assert.deepEqual(titles.map((t) => t.split(' — ')[0]), ['Figure 14', 'Figure 15a', 'Figure 15b', 'Figure 15c', 'An error-correcting output code: the code book', 'Figure 15d']);
      assert.doesNotMatch(await page.locator('#section').textContent(), /not yet/i);
      assert.equal(await page.locator('#section .notyet').count(), 0);
      const hashes = [];
      for (const k of [1, 2, 3, 5]) {
        const fig = page.locator('#section .tfig').nth(k);
        assert.equal(await fig.getAttribute('data-state'), 'drawn', titles[k]);
        const stats = await canvasStats(page, `#section .tfig:nth-child(${k + 1}) canvas.regions`);
        assert.ok(stats.coloured > 1000, `${titles[k]}: ${stats.coloured} coloured pixels`);
        hashes.push(stats.hash);
        // Three classes in the legend, regions of three colours.
        assert.equal(await fig.locator('.legend li', { hasText: /^class \d$/ }).count(), 3, titles[k]);
      }
      assert.equal(new Set(hashes).size, 4, 'two strategies drew the same regions');

      const book = figureBox(page, 'An error-correcting output code');
      const cells = () => book.locator('svg g[aria-label="cell"] rect').count();
      // codeSize 2: 6 binary problems for 3 classes (the code book of randomState 0).
      assert.equal(await cells(), 18);
      const signs = await book.locator('svg g[aria-label="text"] text').allTextContents();
      assert.deepEqual(signs, [...'++−−++', ...'−+++−−', ...'−+−−+−']);
      assert.match(await book.locator('.chosen').textContent(), /^6 binary problems for 3 classes; test accuracy 65\.3 %/);
      await slide(book.locator('input[aria-label^="codeSize"]'), 1);
      await nextSummary(page, 'An error-correcting output code', 'bits', '6');
      assert.equal(await cells(), 9);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
