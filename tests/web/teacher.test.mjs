// The playground and the tutorial as a teacher (issue #17, items 2–11): charts whose labels do
// not cover their ticks, a readable Figure 7 and tree diagram, the chapter's figure numbers,
// links that open what they show, defaults that show something, a figure that keeps its frame
// when emptied, and the legends, aspect and wording a learner needs.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, openPlayground, openTutorial, showSection, afterRender, watchPage, canvasStats, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));
const desktop = { width: 1280, height: 900 };

// In the page: the problems of a Plot chart's axes — the y label over a tick label, a tick label
// cut at the chart's edge, fractional ticks on an iteration axis.
function axisProblems(svg) {
  const problems = [];
  const box = svg.getBoundingClientRect();
  const rects = (label) => [...svg.querySelectorAll(`g[aria-label="${label}"] text`)].map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
  const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const [label] = rects('y-axis label');
  const ticks = rects('y-axis tick label');
  if (!label || !ticks.length) problems.push('no y label or ticks');
  for (const t of ticks) {
    if (label && hit(label.r, t.r)) problems.push(`the y label covers the tick ${t.text}`);
    if (t.r.left < box.left - 0.5) problems.push(`tick ${t.text} is cut at the left edge`);
  }
  if (label && (label.r.left < box.left - 0.5 || label.r.top < box.top - 0.5)) problems.push('the y label is cut');
  for (const t of rects('x-axis tick label')) if (!/^\d+$/.test(t.text)) problems.push(`iteration tick ${t.text}`);
  return problems;
}

// In the page: pairs of overlapping text boxes among `selector`'s texts.
function textOverlaps(selector) {
  const texts = [...document.querySelectorAll(selector)].filter((t) => t.textContent.trim());
  const rs = texts.map((t) => t.getBoundingClientRect());
  const out = [];
  for (let i = 0; i < rs.length; i++)
    for (let j = i + 1; j < rs.length; j++) {
      const w = Math.min(rs[i].right, rs[j].right) - Math.max(rs[i].left, rs[j].left), h = Math.min(rs[i].bottom, rs[j].bottom) - Math.max(rs[i].top, rs[j].top);
      if (w > 0.5 && h > 0.5) out.push(`"${texts[i].textContent}" over "${texts[j].textContent}"`);
    }
  return out;
}

const openSection = (site, id) => openTutorial(site, id, desktop);

const figureBox = (page, title) => page.locator('#section .tfig', { has: page.locator('.fig-title', { hasText: title }) });

describe('the playground and tutorial as a teacher (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 300_000 }, () => {
  const site = useBuiltSite(before, after);
  const open = (hash, viewport = desktop) => openPlayground(site, hash, viewport);

  it('2: the log-likelihood chart keeps its y label off the ticks and counts iterations in whole numbers', async () => {
    const { page, problems } = await open('#preset=aniso&seed=0&model=GaussianMixture');
    const tutorial = await openSection(site, 's12');
    try {
      await page.waitForFunction(() => !document.querySelector('#figure .history').hidden);
      assert.deepEqual(await page.locator('#figure .history svg').evaluate(axisProblems), []);
      const fig22 = figureBox(tutorial.page, 'Figure 22');
      assert.deepEqual(await fig22.locator('.history svg').evaluate(axisProblems), []);
      assert.deepEqual(problems, []);
      assert.deepEqual(tutorial.problems, []);
    } finally {
      await page.close();
      await tutorial.page.close();
    }
  });

  it('3: Figure 7 keeps the least-squares point clear of the labels and its contours inside the plot', async () => {
    const { page, problems } = await openSection(site, 's7');
    try {
      const fig = figureBox(page, 'Figure 7');
      const check = () => fig.evaluate((box) => {
        const node = box.querySelector('.drawing > *');
        const svg = [...(node.tagName === 'svg' ? [node] : node.querySelectorAll('svg'))].sort((a, b) => b.getBBox().width - a.getBBox().width)[0];
        const out = [];
        const dots = [...svg.querySelectorAll('g[aria-label="dot"] circle')].map((c) => c.getBoundingClientRect());
        for (const t of svg.querySelectorAll('g[aria-label="text"] text')) {
          const r = t.getBoundingClientRect();
          dots.forEach((d, k) => {
            if (Math.min(r.right, d.right) - Math.max(r.left, d.left) > 0.5 && Math.min(r.bottom, d.bottom) - Math.max(r.top, d.top) > 0.5) out.push(`"${t.textContent}" covers point ${k}`);
          });
        }
        const [x0, x1] = node.scale('x').range, [y0, y1] = node.scale('y').range;
        for (const p of svg.querySelectorAll('g[aria-label="line"] path')) {
          const b = p.getBBox();
          if (b.x < Math.min(x0, x1) - 1 || b.x + b.width > Math.max(x0, x1) + 1 || b.y < Math.min(y0, y1) - 1 || b.y + b.height > Math.max(y0, y1) + 1) out.push(`a line spans ${Math.round(b.x)}–${Math.round(b.x + b.width)} × ${Math.round(b.y)}–${Math.round(b.y + b.height)} outside ${x0}–${x1} × ${y0}–${y1}`);
        }
        return out;
      });
      assert.deepEqual(await check(), [], 'at t = 1');
      for (const t of ['0.1', '0.4', '1.8']) {
        await fig.locator('input[type=range]').evaluate((s, v) => ((s.value = v), s.dispatchEvent(new Event('input'))), t);
        assert.deepEqual(await check(), [], `at t = ${t}`);
      }
      await fig.screenshot({ path: path.join(artifacts, 'tutorial-figure7.png') });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('4: the tree diagram has no colliding labels, marks its branches, and says what a regressor\'s colours mean', async () => {
    const { page, problems } = await open('#preset=iris&model=DecisionTreeClassifier&maxDepth=3&randomState=0');
    try {
      await page.waitForFunction(() => !document.querySelector('#figure .tree').hidden);
      assert.deepEqual(await page.evaluate(textOverlaps, '#figure .tree svg text'), []);
      const links = await page.locator('#figure .tree svg path').count();
      const branches = await page.locator('#figure .tree svg text.branch').allTextContents();
      assert.equal(branches.length, links);
      assert.equal(branches.filter((b) => b === 'yes').length, links / 2);
      assert.equal(branches.filter((b) => b === 'no').length, links / 2);
      assert.match(await page.locator('#figure .tree .hint').textContent(), /majority class/);
      await page.locator('#figure .tree').screenshot({ path: path.join(artifacts, 'playground-tree.png') });

      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=sine&model=DecisionTreeRegressor&maxDepth=3')));
      const hint = await page.locator('#figure .tree .hint').textContent();
      assert.doesNotMatch(hint, /majority class/);
      assert.match(hint, /mean target/);
      const fills = new Set(await page.locator('#figure .tree svg circle').evaluateAll((cs) => cs.map((c) => c.getAttribute('fill'))));
      assert.ok(fills.size >= 4, `regressor nodes in ${fills.size} colours`);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('5–6: the figures carry the chapter\'s numbers, and Figure 25 opens the Iris LDA projection', async () => {
    const { page, problems } = await openSection(site, 's11');
    try {
      const titles = () => page.locator('#section .fig-title').allTextContents();
      const s11 = await titles();
      assert.match(s11[0], /^Figure 18 — a decision tree/);
      assert.match(s11[1], /^Figure 19 — impurity criteria/);
      await showSection(page, 's9');
      // Figure 14 is the chapter's schematic; the logistic regressions compared are Figure 15.
      const s9 = await titles();
      assert.match(s9[0], /^Figure 14 — one-vs-rest, one-vs-one and output codes/);
      assert.match(s9[1], /^Figure 15a — one-vs-rest/);
      assert.match(s9[2], /^Figure 15b — one-vs-one/);
      assert.match(s9[3], /^Figure 15c — multinomial/);

      await showSection(page, 's13');
      const href = await figureBox(page, 'Figure 25').locator('a.open').getAttribute('href');
      assert.match(href, /preset=iris-lda/);
      await page.goto(new URL(href, page.url()).href, { waitUntil: 'load' });
      await page.waitForFunction(() => Number(document.body.dataset.renders ?? 0) >= 1);
      assert.equal(await page.locator('#preset').inputValue(), 'iris-lda');
      assert.match(await page.locator('#axes').textContent(), /LD1/);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('7: PCA on Iris hides the feature pickers it does not use', async () => {
    const { page, problems } = await open('#preset=iris&model=PCA');
    try {
      assert.equal(await page.locator('#iris-features').isHidden(), true);
      assert.match(await page.locator('#preset-doc').textContent(), /all four/);
      await afterRender(page, () => page.locator('#model').selectOption('LogisticRegression'));
      assert.equal(await page.locator('#iris-features').isVisible(), true);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('8: RadiusNeighborsClassifier\'s default draws its regions and shades the places with no neighbour; errors show above the figure', async () => {
    const { page, problems } = await open('#preset=moons&model=RadiusNeighborsClassifier');
    try {
      assert.equal(await page.locator('#figure').getAttribute('data-pass'), 'fine');
      const s = await canvasStats(page);
      assert.ok(s.bluish > 1000 && s.reddish > 1000, `regions: ${JSON.stringify(s)}`);
      const grey = await page.evaluate(() => {
        const c = document.querySelector('#regions');
        const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
        let n = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] === 0xd9 && data[i + 1] === 0xd9 && data[i + 2] === 0xde) n++;
        return n;
      });
      assert.ok(grey > 100, `${grey} cells shaded as having no neighbour`);
      assert.match(await page.locator('#legend').textContent(), /no training point within the radius/);
      await page.screenshot({ path: path.join(artifacts, 'playground-radius-default.png'), fullPage: true });

      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=moons&model=KNeighborsClassifier&nNeighbors=900')));
      const message = await page.locator('#message').boundingBox();
      const plot = await page.locator('#plot').boundingBox();
      assert.ok(await page.locator('#message').isVisible());
      assert.ok(message.y + message.height <= desktop.height && message.y < plot.y, `message at ${message.y}, plot at ${plot.y}`);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('9: the playground starts estimators with defaults that show something on the preset', async () => {
    const { page, problems } = await open('#preset=blobs&model=KMeans');
    const value = (name) => page.locator(`#model-params [data-param="${name}"] input[type=number]`).inputValue();
    try {
      assert.equal(await value('nClusters'), '3');
      assert.equal(await page.locator('#legend li', { hasText: 'cluster' }).count(), 3);
      await afterRender(page, () => page.locator('#model').selectOption('GaussianMixture'));
      assert.equal(await value('nComponents'), '3');
      await afterRender(page, () => page.locator('#preset').selectOption('blobs2'));
      assert.equal(await value('nComponents'), '2');

      await afterRender(page, () => page.locator('#preset').selectOption('sine'));
      await afterRender(page, () => page.locator('#model').selectOption('Lasso'));
      assert.notEqual(Number(await value('alpha')), 1);
      const test = Number((await page.locator('#test-score').textContent()).match(/test R² (-?\d\.\d{3})$/)[1]);
      assert.ok(test > 0.3, `test R² ${test}`);
      assert.match(await page.locator('#accuracy').textContent(), /^-?\d\.\d{3}$/);

      await afterRender(page, () => page.locator('#model').selectOption('PiecewiseConstantFeatures'));
      assert.ok((await page.locator('#axes svg g[aria-label="line"] path').count()) >= 4, 'PiecewiseConstantFeatures draws no step');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('10: a cleared figure keeps its frame, and the first clicks of two classes train a model', async () => {
    const { page, problems } = await open('#preset=moons&model=LogisticRegression');
    try {
      await afterRender(page, () => page.locator('#clear').click());
      assert.equal(await page.locator('#axes svg [aria-label="frame"]').count(), 1, 'no frame after Clear');
      assert.ok((await page.locator('#axes svg g[aria-label="x-axis tick label"] text').count()) >= 3, 'no axes after Clear');
      assert.ok(await page.locator('#message').isVisible());
      await page.locator('#plot').scrollIntoViewIfNeeded(); // Clear is further down the page
      const plot = await page.locator('#plot').boundingBox();
      await afterRender(page, () => page.mouse.click(plot.x + 48 + 60, plot.y + 14 + 60));
      assert.equal(await page.locator('#axes svg g[aria-label="dot"] circle').count(), 1, 'the first click shows no point');
      await page.locator('#add-class').selectOption('1');
      await afterRender(page, () => page.mouse.click(plot.x + plot.width - 80, plot.y + 200));
      assert.equal(await page.locator('#figure').getAttribute('data-pass'), 'fine', await page.locator('#message').textContent());
      const s = await canvasStats(page);
      assert.ok(s.bluish > 100 && s.reddish > 100, `regions after two clicks: ${JSON.stringify(s)}`);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('11: untruncated Iris names, named basis columns, no circles for NearestCentroid, equal units on blobs, a colour scale for surfaces', async () => {
    const { page, problems } = await open('#preset=iris&model=LogisticRegression');
    try {
      const cut = await page.locator('#fx, #fy').evaluateAll((ss) => ss.map((s) => {
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = getComputedStyle(s).font;
        const longest = Math.max(...[...s.options].map((o) => ctx.measureText(o.text).width));
        return s.clientWidth - longest;
      }));
      assert.ok(cut.every((room) => room >= 20), `room left in the feature pickers: ${cut}`);

      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=sine&model=PolynomialFeatures&degree=3')));
      assert.deepEqual(await page.locator('#legend li').allTextContents(), ['1', 'x', 'x²', 'x³']);
      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=sine&model=SplineTransformer')));
      assert.match((await page.locator('#legend li').allTextContents())[0], /^B-spline 1$/);

      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=blobs&model=NearestCentroid')));
      assert.equal(await page.locator('#axes svg g[aria-label="line"]').count(), 0, 'NearestCentroid draws ellipses');

      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=blobs&model=KNeighborsClassifier')));
      const units = await page.evaluate(() => {
        const perUnit = (axis, coord) => {
          const ts = [...document.querySelectorAll(`#axes g[aria-label="${axis}-axis tick label"] text`)].map((t) => [Number(t.textContent.replace('−', '-')), t.getBoundingClientRect()[coord]]);
          const [a, b] = [ts[0], ts.at(-1)];
          return Math.abs((b[1] - a[1]) / (b[0] - a[0]));
        };
        return [perUnit('x', 'x'), perUnit('y', 'y')];
      });
      assert.ok(Math.abs(units[0] / units[1] - 1) < 0.03, `px per unit: x ${units[0]}, y ${units[1]}`);

      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=moons&model=KNeighborsRegressor')));
      assert.equal(await page.locator('#figure').getAttribute('data-view'), 'surface');
      assert.match(await page.locator('#legend .ramp').textContent(), /prediction 0\s+1/);
      await page.screenshot({ path: path.join(artifacts, 'playground-surface-scale.png'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('14: Figure 14 draws one-vs-rest, one-vs-one and an output code; Figure 21 shows k-means runs stuck in a worse local minimum', async () => {
    const { page, problems } = await openSection(site, 's9');
    try {
      const fig14 = figureBox(page, 'Figure 14');
      assert.equal(await fig14.getAttribute('data-state'), 'drawn');
      const labels = await fig14.locator('svg g[aria-label="text"] text').allTextContents();
      for (const l of ['A vs rest', 'B vs rest', 'C vs rest', 'A vs B', 'A vs C', 'B vs C']) assert.ok(labels.includes(l), `no "${l}" in ${labels}`);
      assert.equal(await fig14.locator('svg g[aria-label="cell"] rect').count(), 15, 'the code matrix: 3 classes × 5 problems');
      assert.deepEqual(await fig14.evaluate((box) => {
        const out = [];
        for (const svg of box.querySelectorAll('svg')) {
          const texts = [...svg.querySelectorAll('g[aria-label="text"] text')].map((t) => [t.textContent, t.getBoundingClientRect()]);
          texts.forEach(([a, r], i) => texts.slice(i + 1).forEach(([b, q]) => {
            if (Math.min(r.right, q.right) - Math.max(r.left, q.left) > 0.5 && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 0.5) out.push(`"${a}" over "${b}"`);
          }));
        }
        return out;
      }), []);

      await showSection(page, 's12');
      const titles = await figureBox(page, 'Figure 21').locator('svg g[aria-label="text"] text').allTextContents();
      const runs = titles.map((t) => t.match(/^start (\d+): (\d+)(?: \((\d\.\d)×\))?$/)).filter(Boolean);
      assert.equal(runs.length, 6, `panel titles: ${titles}`);
      const inertias = runs.map((m) => Number(m[2]));
      // The same points and starts in Node: 623 for the good runs, 1821 for the local minimum
      // (start 1 and 5), where two centres share a blob.
      assert.equal(Math.min(...inertias), 623);
      assert.equal(Math.max(...inertias), 1821);
      assert.deepEqual(runs.filter((m) => m[3]).map((m) => [Number(m[1]), m[3]]), [[1, '2.9'], [5, '2.9']]);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('14: Figure 23 draws orthogonal principal axes on the cloud and the rotated, uncorrelated points', async () => {
    const { page, problems } = await openSection(site, 's13');
    try {
      const fig = figureBox(page, 'Figure 23');
      assert.equal(await fig.getAttribute('data-state'), 'drawn');
      const labels = await fig.locator('svg g[aria-label="text"] text').allTextContents();
      const share = (k) => Number(labels.map((t) => t.match(new RegExp(`^PC${k} \\((\\d+) %\\)$`))).find(Boolean)[1]);
      assert.equal(share(1) + share(2), 100);
      assert.ok(share(1) > share(2));
      const { dot, covariance } = await fig.evaluate((box) => {
        const [onData, rotated] = box.querySelectorAll('svg[aria-label]');
        // Each arrow's shaft: the first two points of its path (equal units: pixel angles are true angles).
        const shafts = [...onData.querySelectorAll('g[aria-label="arrow"] path')].map((p) => p.getAttribute('d').match(/-?[\d.]+/g).slice(0, 4).map(Number))
          .map(([x1, y1, x2, y2]) => [x2 - x1, y2 - y1]);
        const [u, v] = shafts;
        const pts = [...rotated.querySelectorAll('g[aria-label="dot"] circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
        const m = [0, 1].map((j) => pts.reduce((s, p) => s + p[j], 0) / pts.length);
        const cov = (a, b) => pts.reduce((s, p) => s + (p[a] - m[a]) * (p[b] - m[b]), 0) / pts.length;
        return { dot: (u[0] * v[0] + u[1] * v[1]) / Math.hypot(...u) / Math.hypot(...v), covariance: cov(0, 1) / Math.sqrt(cov(0, 0) * cov(1, 1)) };
      });
      assert.ok(Math.abs(dot) < 0.01, `the axes meet at cos = ${dot}`);
      assert.ok(Math.abs(covariance) < 0.01, `the rotated points still correlate: ${covariance}`);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('13: feature toggles let a linear classifier solve circles (x1², x2²) and XOR (x1·x2)', async () => {
    const { page, problems } = await open('#preset=circles&model=LogisticRegression');
    const testAccuracy = async () => Number((await page.locator('#test-score').textContent()).match(/([\d.]+) %/)[1]);
    const toggle = (name) => afterRender(page, () => page.locator(`#data-params [data-param="${name}"] input[type=checkbox]`).check());
    try {
      assert.ok((await testAccuracy()) < 70, 'a straight line separates the circles');
      await toggle('x1Squared');
      await toggle('x2Squared');
      assert.ok((await testAccuracy()) > 90, `circles with x1², x2²: ${await testAccuracy()} %`);
      assert.match(page.url(), /x1Squared=true/);
      const s = await canvasStats(page);
      assert.ok(s.bluish > 1000 && s.reddish > 1000, `regions: ${JSON.stringify(s)}`);
      await page.screenshot({ path: path.join(artifacts, 'playground-circles-toggles.png'), fullPage: true });

      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=xor&model=LogisticRegression')));
      assert.ok((await testAccuracy()) < 70, 'a straight line separates XOR');
      await toggle('x1TimesX2');
      assert.ok((await testAccuracy()) > 85, `XOR with x1·x2: ${await testAccuracy()} %`); // noise 0.15 blurs the quadrants near the axes
      // Not offered where they mean nothing: a regression curve, a clusterer.
      await afterRender(page, () => page.evaluate(() => (location.hash = 'preset=blobs&model=KMeans')));
      assert.equal(await page.locator('#data-params [data-param="x1TimesX2"]').isHidden(), true);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('11: on a touch screen the tutorial says touch, not hover', async () => {
    const page = await site.browser.context.newPage();
    const problems = watchPage(page);
    try {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 }); // a phone: (hover: none)
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${site.server.url}tutorial.html#s3`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector('#section')?.dataset.section === 's3' && document.body.dataset.ready === '1', null, { timeout: 30_000 });
      const text = (await page.locator('#section .prose, #section .hint').allTextContents()).join(' ');
      assert.doesNotMatch(text, /hover/i);
      assert.match(text, /Slide a finger over a figure/);
      await page.screenshot({ path: path.join(artifacts, 'tutorial-s3-touch.png'), fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
