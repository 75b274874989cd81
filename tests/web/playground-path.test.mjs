// The regression views of the playground (web/dist in Chromium): the regularisation path — for
// Lasso, ElasticNet and Ridge on the noisy sine with a basis expansion, one line per coefficient
// against α; the Lasso / ElasticNet lines start at exactly 0 at α_max (the left end) and the
// model's α is marked; other regressors show no path — and the basis view of a transformer on
// the sine (B-splines: one line per spline, summing to one inside the knots).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { useBuiltSite, openPlayground, afterRender, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));

// The path chart's lines ({ stroke, points: [[x, y]] } in SVG units), the y of its zero rule,
// the x of the dashed α rule, the legend's names and the α label.
async function pathChart(page) {
  return page.locator('#path-view').evaluate((view) => {
    const lines = [...view.querySelectorAll('g[aria-label="line"] path')].map((p) => ({
      stroke: p.getAttribute('stroke'),
      points: [...p.getAttribute('d').matchAll(/[ML]([-\d.]+),([-\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]),
    }));
    const [zero, alpha] = view.querySelectorAll('g[aria-label="rule"] line');
    return {
      lines,
      zeroY: Number(zero.getAttribute('y1')),
      alphaX: alpha ? Number(alpha.getAttribute('x1')) : null,
      names: [...view.querySelectorAll('[class$="-swatch"]')].map((s) => s.textContent),
      label: view.querySelector('g[aria-label="text"] text')?.textContent ?? null,
    };
  });
}

describe('playground regression views (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 60_000 }, () => {
  const site = useBuiltSite(before, after);

  it('draws one line per coefficient against α, from zero at α_max, for Lasso, ElasticNet and Ridge', async () => {
    const { page, problems } = await openPlayground(site, '#preset=sine&model=Lasso&alpha=0.01&basis=polynomial&basisSize=6');
    try {
      assert.equal(await page.locator('#path-view').isVisible(), true, 'no path view for Lasso');
      let chart = await pathChart(page);
      assert.deepEqual(chart.names, ['x', 'x²', 'x³', 'x⁴', 'x⁵', 'x⁶']);
      assert.equal(chart.lines.length, 6, 'one line per coefficient');
      assert.equal(new Set(chart.lines.map((l) => l.stroke)).size, 6, 'two lines share a colour');
      const left = Math.min(...chart.lines.flatMap((l) => l.points.map((p) => p[0])));
      for (const [j, l] of chart.lines.entries()) {
        // Largest α first (the axis is reversed: α_max on the left), where every weight is zero.
        assert.equal(l.points[0][0], left, `line ${j} does not start at the left end`);
        // (path coordinates are rounded to 0.001 px)
        assert.ok(Math.abs(l.points[0][1] - chart.zeroY) < 0.002, `line ${j} starts at y ${l.points[0][1]}, zero is at ${chart.zeroY}`);
      }
      // On the sine, the odd powers carry the fit at weak penalties: x moves away from zero.
      assert.ok(chart.lines[0].points.some((p) => Math.abs(p[1] - chart.zeroY) > 50), 'the x coefficient never leaves zero');
      assert.equal(chart.label, 'α = 0.01');
      assert.match(await page.locator('#path-view').textContent(), /From α_max = [\d.]+ on, every weight is zero/);
      await page.screenshot({ path: path.join(artifacts, 'playground-path-lasso.png'), fullPage: true });

      // A stronger α moves the mark to the left (larger α), the lines stay.
      const alphaInput = page.locator('[data-param="alpha"] input[type="number"]');
      await afterRender(page, () => alphaInput.fill('0.1'));
      const stronger = await pathChart(page);
      assert.equal(stronger.label, 'α = 0.1');
      assert.ok(stronger.alphaX < chart.alphaX, `α mark at ${stronger.alphaX}, was ${chart.alphaX}`);

      // ElasticNet: its own α_max (divided by l1Ratio), lines from zero too.
      await afterRender(page, () => page.locator('#model').selectOption('ElasticNet'));
      await afterRender(page, () => page.locator('[data-param="alpha"] input[type="number"]').fill('0.01'));
      chart = await pathChart(page);
      assert.equal(chart.lines.length, 6);
      for (const l of chart.lines) assert.ok(Math.abs(l.points[0][1] - chart.zeroY) < 0.002);

      // Ridge on splines: one line per spline (basisSize 6 knots, cubic: 6 + 3 − 1 = 8 splines, the
      // last one dropped as the intercept stands for it: 7).
      await afterRender(page, () => page.locator('#model').selectOption('Ridge'));
      await afterRender(page, () => page.locator('[data-param="basis"] select').selectOption('spline'));
      chart = await pathChart(page);
      assert.equal(chart.lines.length, 7);
      assert.deepEqual(chart.names, Array.from({ length: 7 }, (_, j) => `spline ${j + 1}`));
      assert.equal(chart.label, 'α = 1');
      await page.screenshot({ path: path.join(artifacts, 'playground-path-ridge.png'), fullPage: true });

      // A regressor without a penalty path: no path view.
      await afterRender(page, () => page.locator('#model').selectOption('KNeighborsRegressor'));
      assert.equal(await page.locator('#path-view').isHidden(), true);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });

  it('draws a spline basis as functions of x that sum to one inside the knots', async () => {
    const page = await site.browser.context.newPage();
    await page.setViewportSize({ width: 1100, height: 760 });
    try {
      // Keep the worker's `fit` answer: the values the lines are drawn from.
      await page.addInitScript(() => {
        const Base = window.Worker;
        window.Worker = class extends Base {
          constructor(...args) {
            super(...args);
            this.addEventListener('message', ({ data }) => data.type === 'fit' && (window.lastFit = data));
          }
        };
      });
      await page.goto(`${site.server.url}#preset=sine&model=SplineTransformer&nKnots=5&degree=3`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector('#figure')?.dataset.pass === 'fine', null, { timeout: 15_000 });
      assert.equal(await page.locator('#figure').getAttribute('data-view'), 'basis');
      // 5 knots, cubic: 5 + 3 − 1 = 7 splines, one line each, and a legend entry each.
      assert.equal(await page.locator('#axes svg g[aria-label="line"]').count(), 7);
      assert.deepEqual(await page.locator('#legend li').allTextContents(), Array.from({ length: 7 }, (_, j) => `B-spline ${j + 1}`));
      const { xs, columns } = await page.evaluate(() => window.lastFit.basis);
      // The knots span the training x (test points are not seen by fit).
      const { X, test } = await page.evaluate(() => ({ X: Array.from(window.lastFit.X), test: Array.from(window.lastFit.test) }));
      let lo = Infinity, hi = -Infinity;
      for (let i = 0; i < test.length; i++) if (!test[i]) (lo = Math.min(lo, X[2 * i])), (hi = Math.max(hi, X[2 * i]));
      const inside = xs.map((x, j) => [x, j]).filter(([x]) => x > lo && x < hi);
      assert.ok(inside.length > 100, `${inside.length} grid points inside the knots`);
      for (const [x, j] of inside) {
        const sum = columns.reduce((s, col) => s + col[j], 0);
        assert.ok(Math.abs(sum - 1) < 1e-12, `the splines sum to ${sum} at x = ${x}`);
        assert.ok(columns.every((col) => col[j] >= 0), `a negative spline at x = ${x}`);
      }
      await page.screenshot({ path: path.join(artifacts, 'playground-basis-spline.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });
});
