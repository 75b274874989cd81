// Support vector machines in the playground and the tutorial (issue #13): the decision function's
// level sets (−1, 0, +1 for a classifier, 0 for OneClassSVM), the support vectors ringed, the
// ε-tube of a regressor, the kernel picker's options, tutorial §8's Figures 9, 10 and 12 and §14's
// kernel figures, each reacting to its control.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as wasmlearn from 'wasmlearn';
import { useBuiltSite, openPlayground, openTutorial, afterRender, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));
const desktop = { width: 1280, height: 900 };
const svms = ['SVC', 'NuSVC', 'LinearSVC', 'SVR', 'NuSVR', 'LinearSVR', 'OneClassSVM'];

// What a live figure (a .live-figure root) shows of an SVM: its level-set paths by level, the
// number of ringed points and what its stats say, the tube's lines.
function svmDrawing(root) {
  const paths = [...root.querySelectorAll('svg.levels path')];
  const rings = root.querySelectorAll('.axes g.support-ring circle').length;
  return {
    pass: root.dataset.pass,
    levels: paths.map((p) => Number(p.dataset.level)).sort((a, b) => a - b),
    boundary: root.querySelector('svg.levels path.level-0')?.getAttribute('d') ?? '',
    dashed: paths.filter((p) => getComputedStyle(p).strokeDasharray !== 'none').length,
    rings,
    said: Number(root.dataset.supportVectors),
    tube: root.querySelectorAll('.axes g.tube path').length,
    legend: root.querySelector('.legend')?.textContent ?? '',
  };
}

// Sets a range input (in the page) and sends the input event, as a drag would.
const slide = (locator, value) => locator.evaluate((s, v) => ((s.value = String(v)), s.dispatchEvent(new Event('input'))), value);

const figureBox = (page, title) => page.locator('#section .tfig', { has: page.locator('.fig-title', { hasText: title }) });

// Waits for a tutorial figure to finish a render after `count` renders.
async function afterFigureRender(fig, count) {
  await fig.locator('.tfig-live').evaluate((root, n) => new Promise((resolve, reject) => {
    const done = () => Number(root.dataset.renders) > n && root.dataset.pass === 'fine';
    if (done()) return resolve();
    const observer = new MutationObserver(() => done() && (observer.disconnect(), resolve()));
    observer.observe(root, { attributes: true });
    setTimeout(() => (observer.disconnect(), reject(new Error(`no new render after ${n} (pass ${root.dataset.pass})`))), 15_000);
  }), count);
}
const renders = async (fig) => Number(await fig.locator('.tfig-live').getAttribute('data-renders'));
const drawingOf = (fig) => fig.locator('.tfig-live').evaluate(svmDrawing);

describe('support vector machines in the playground and tutorial (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 240_000 }, () => {
  const site = useBuiltSite(before, after);
  // Runs check(page) on a page opened by open(site, at, desktop), then asserts it logged no problem.
  const onPage = (open, at) => async (check) => {
    const { page, problems } = await open(site, at, desktop);
    try {
      await check(page);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  };
  const playground = (hash, check) => onPage(openPlayground, hash)(async (page) => {
    await page.waitForFunction(() => document.querySelector('#figure').dataset.pass === 'fine');
    await check(page);
  });
  const tutorial = (id, check) => onPage(openTutorial, id)(check);

  it('every SVM is in the model picker with its declared options as controls', async () => {
    await playground('#preset=moons&model=SVC', async (page) => {
      const offered = await page.locator('#model option').evaluateAll((os) => os.map((o) => o.value));
      for (const name of svms) assert.ok(offered.includes(name), `${name} is not offered`);
      for (const name of svms) {
        if ((await page.locator('#model').inputValue()) !== name) await afterRender(page, () => page.locator('#model').selectOption(name));
        const fields = await page.locator('#model-params .field').evaluateAll((fs) => fs.map((f) => f.dataset.param));
        assert.deepEqual(fields, wasmlearn[name].metadata.params.map((p) => p.name), name);
        assert.equal(await page.locator('#figure').getAttribute('data-pass'), 'fine', `${name}: ${await page.locator('#message').textContent()}`);
      }
    });
  });

  it('SVC draws its boundary and dashed margins, rings its support vectors, and has more of them at small C', async () => {
    await playground('#preset=moons&seed=0&model=SVC&C=100', async (page) => {
      const hard = await page.locator('#figure').evaluate(svmDrawing);
      assert.deepEqual(hard.levels, [-1, 0, 1]);
      assert.equal(hard.dashed, 2, 'the two margins are dashed, the boundary solid');
      assert.match(hard.boundary, /^M[\d.]+,[\d.]+L/);
      assert.ok(hard.rings > 0 && hard.rings === hard.said, `${hard.rings} rings, stats say ${hard.said}`);
      assert.match(await page.locator('#figure .stats').textContent(), new RegExp(`${hard.rings} support vectors`));
      assert.match(hard.legend, /support vector/);
      assert.match(await page.locator('#view-hint').textContent(), /margins f\(x\) = ±1/);
      await page.screenshot({ path: path.join(artifacts, 'svm-playground-svc.png') });

      await afterRender(page, () => page.evaluate(() => (location.hash = location.hash.replace('C=100', 'C=0.05'))));
      const soft = await page.locator('#figure').evaluate(svmDrawing);
      assert.ok(soft.rings > hard.rings + 10, `C = 0.05 rings ${soft.rings}, C = 100 rings ${hard.rings}`);
      assert.notEqual(soft.boundary, hard.boundary);
    });
  });

  it('the kernel picker shows gamma, degree and coef0 only for the kernels that use them, with sliders', async () => {
    await playground('#preset=moons&model=SVC', async (page) => {
      const kernels = await page.locator('[data-param="kernel"] option').evaluateAll((os) => os.map((o) => o.value));
      assert.deepEqual(kernels.sort(), ['linear', 'poly', 'rbf', 'sigmoid'], 'precomputed needs a kernel matrix the page has not');
      const shown = () => page.locator('#model-params .field').evaluateAll((fs) => fs.filter((f) => !f.hidden).map((f) => f.dataset.param).filter((n) => ['gamma', 'degree', 'coef0'].includes(n)));
      const expected = { linear: [], rbf: ['gamma'], poly: ['gamma', 'degree', 'coef0'], sigmoid: ['gamma', 'coef0'] };
      for (const [kernel, options] of Object.entries(expected)) {
        if ((await page.locator('[data-param="kernel"] select').inputValue()) !== kernel) await afterRender(page, () => page.locator('[data-param="kernel"] select').selectOption(kernel));
        assert.deepEqual((await shown()).sort(), options.sort(), kernel);
      }
      for (const name of ['C', 'degree', 'coef0']) assert.equal(await page.locator(`[data-param="${name}"] input[type="range"]`).count(), 1, `${name} has a slider`);
      // gamma: 'scale', 'auto' or a number, the number on a log slider.
      await afterRender(page, () => page.locator('[data-param="gamma"] select').selectOption({ label: 'a number (> 0)…' }));
      const gamma = page.locator('[data-param="gamma"] input[type="range"]');
      assert.ok(await gamma.isVisible());
      await afterRender(page, () => slide(gamma, 1)); // log10: gamma = 10
      assert.match(await page.evaluate(() => location.hash), /gamma=10(&|$)/);
      assert.equal(await page.locator('#figure').getAttribute('data-pass'), 'fine');
    });
  });

  it('SVR draws its ε-tube and rings fewer points as ε grows; NuSVR finds its own ε', async () => {
    await playground('#preset=sine&seed=0&model=SVR&epsilon=0.05', async (page) => {
      const narrow = await page.locator('#figure').evaluate(svmDrawing);
      assert.equal(narrow.tube, 2, 'prediction − ε and + ε');
      assert.match(narrow.legend, /ε = 0\.05/);
      await afterRender(page, () => page.evaluate(() => (location.hash = location.hash.replace('epsilon=0.05', 'epsilon=0.5'))));
      const wide = await page.locator('#figure').evaluate(svmDrawing);
      assert.ok(wide.rings < narrow.rings / 2, `ε = 0.5 rings ${wide.rings}, ε = 0.05 rings ${narrow.rings}`);
      await page.screenshot({ path: path.join(artifacts, 'svm-playground-svr.png') });

      await afterRender(page, () => page.locator('#model').selectOption('NuSVR'));
      const nu = await page.locator('#figure').evaluate(svmDrawing);
      assert.equal(nu.tube, 2);
      const eps = Number(/ε = ([\d.]+)/.exec(nu.legend)?.[1]);
      assert.ok(eps > 0 && eps < 1, `NuSVR's tube half-width ${eps}`);
    });
  });

  it('OneClassSVM draws its zero level set and names inliers and outliers; LinearSVC rings the points with a loss', async () => {
    await playground('#preset=blobs&seed=0&model=OneClassSVM', async (page) => {
      const one = await page.locator('#figure').evaluate(svmDrawing);
      assert.deepEqual(one.levels, [0]);
      assert.ok(one.rings > 0);
      assert.match(one.legend, /inlier/);
      assert.match(one.legend, /outlier/);
      await page.screenshot({ path: path.join(artifacts, 'svm-playground-oneclass.png') });

      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=blobs2&seed=0&model=LinearSVC')));
      const linear = await page.locator('#figure').evaluate(svmDrawing);
      assert.deepEqual(linear.levels, [-1, 0, 1]);
      assert.ok(linear.rings > 0 && linear.rings === linear.said);
      assert.match(await page.locator('#view-hint').textContent(), /non-zero loss/);
    });
  });

  it('tutorial §8: Figure 9 has a hard margin, Figure 10 rings more points at small C, Figure 12 draws three kernels', async () => {
    await tutorial('s8', async (page) => {
      assert.equal(await page.locator('#section .notyet').count(), 0);
      assert.doesNotMatch(await page.locator('#section').textContent(), /not (in the library )?yet/i);

      const fig9 = await drawingOf(figureBox(page, 'Figure 9 '));
      assert.deepEqual(fig9.levels, [-1, 0, 1]);
      assert.ok(fig9.rings >= 2 && fig9.rings <= 6, `a hard margin rests on a few points, not ${fig9.rings}`);

      const fig10 = figureBox(page, 'Figure 10 ');
      const at1 = await drawingOf(fig10);
      let n = await renders(fig10);
      await slide(fig10.locator('[data-param="C"] input[type="range"]'), -2.5); // C ≈ 0.0032
      await afterFigureRender(fig10, n);
      const small = await drawingOf(fig10);
      assert.ok(small.rings > at1.rings, `C ≈ 0.003 rings ${small.rings}, C = 1 rings ${at1.rings}`);
      assert.notEqual(small.boundary, at1.boundary);
      assert.equal(await fig10.locator('[data-param="C"] input[type="number"]').inputValue(), '0.0032');

      for (const title of ['Figure 12a', 'Figure 12b', 'Figure 12c']) {
        const d = await drawingOf(figureBox(page, title));
        assert.equal(d.pass, 'fine', title);
        assert.ok(d.rings > 0, `${title}: no support vector ringed`);
        // No line separates the circles: the linear kernel's f(x) = 0 may fall outside the frame.
        if (title !== 'Figure 12a') assert.ok(d.levels.includes(0), `${title}: levels ${JSON.stringify(d.levels)}`);
      }
      const poly = figureBox(page, 'Figure 12b');
      const before2 = await drawingOf(poly);
      n = await renders(poly);
      await slide(poly.locator('[data-param="degree"] input[type="range"]'), 3);
      await afterFigureRender(poly, n);
      assert.notEqual((await drawingOf(poly)).boundary, before2.boundary, 'degree 3 draws another boundary');

      const svr = figureBox(page, 'ε-tube');
      const at03 = await drawingOf(svr);
      assert.equal(at03.tube, 2);
      n = await renders(svr);
      await slide(svr.locator('[data-param="epsilon"] input[type="range"]'), 0.05);
      await afterFigureRender(svr, n);
      assert.ok((await drawingOf(svr)).rings > at03.rings, 'a narrower tube has more support vectors');
      await page.screenshot({ path: path.join(artifacts, 'svm-tutorial-s8.png'), fullPage: true });
    });
  });

  it('tutorial §14: ridge is a line, kernel ridge bends; PCA keeps the circles nested, kernel PCA separates them', async () => {
    await tutorial('s14', async (page) => {
      const states = await page.locator('#section .tfig').evaluateAll((fs) => fs.map((f) => [f.querySelector('.fig-title').textContent, f.dataset.state]));
      for (const [title, state] of states) assert.ok(['drawn', 'notyet'].includes(state), `${title}: ${state}`);
      // The curve of each regression figure: its slope changes sign for kernel ridge only.
      const turns = (title) => figureBox(page, title).locator('.axes svg').evaluate((svg) => {
        const line = [...svg.querySelectorAll('g[aria-label="line"] path')].at(-1);
        const ys = [...line.getAttribute('d').matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
        let changes = 0;
        for (let i = 2; i < ys.length; i++) if (Math.sign(ys[i] - ys[i - 1]) * Math.sign(ys[i - 1] - ys[i - 2]) < 0) changes++;
        return changes;
    });
    assert.equal(await turns('Ridge regression on x'), 0);
    if (Object.fromEntries(states)['Kernel ridge regression (RBF kernel)'] === 'drawn') assert.ok(await turns('Kernel ridge regression (RBF kernel)') >= 1);
    // PCA of the circles: the classes overlap along the first axis; kernel PCA's first axis splits them.
    const split = (title) => figureBox(page, title).locator('.axes svg').evaluate((svg) => {
      const dots = [...svg.querySelectorAll('g[aria-label="dot"] circle')];
      const xs = (colour) => dots.filter((c) => c.getAttribute('fill') === colour).map((c) => Number(c.getAttribute('cx')));
      const colours = [...new Set(dots.map((c) => c.getAttribute('fill')))];
      const [a, b] = colours.map(xs);
      const overlap = Math.min(Math.max(...a), Math.max(...b)) - Math.max(Math.min(...a), Math.min(...b));
      return { colours: colours.length, overlap: overlap / (Math.max(...a, ...b) - Math.min(...a, ...b)) };
    });
    const pca = await split('Figure 26a');
    assert.equal(pca.colours, 2);
    assert.ok(pca.overlap > 0.5, `PCA cannot separate the circles along PC1 (overlap ${pca.overlap})`);
    if (Object.fromEntries(states)['Figure 26b — kernel PCA on concentric circles'] === 'drawn') assert.ok((await split('Figure 26b')).overlap < 0.25, 'kernel PCA nearly separates them along its first component');
    await page.screenshot({ path: path.join(artifacts, 'svm-tutorial-s14.png'), fullPage: true });
    });
  });
});
