// An .onnx file in the playground (issue 16 item 6), in Chromium: opened with the file input or
// dropped on the page, a model trained by scikit-learn (tests/fixtures/onnx_import.py, two features
// on make_moons, one on a sine) draws its regions or curve on the current points; a tree shows its diagram and its rules,
// the rules loadOnnx + exportText give in Node; a model of 10 features gets a clear message; "Back
// to training" returns to the estimator of the URL.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as wl from '../../bindings/js/index.js';
import { useBuiltSite, openPlayground, afterRender, canvasStats, repoRoot } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'web/dist/index.html'));
const fixture = (name) => path.join(repoRoot, `tests/fixtures/onnx_import/${name}.onnx`);
const shown = (page) => page.evaluate(() => ({
  status: document.querySelector('#onnx-status').textContent,
  rules: document.querySelector('#onnx-text').hidden ? null : document.querySelector('#onnx-text').textContent,
  tree: !document.querySelector('#figure .tree').hidden,
  message: document.querySelector('#message').hidden ? null : document.querySelector('#message').textContent,
  params: !document.querySelector('#model-params').hidden,
  pass: document.querySelector('#figure').dataset.pass,
}));

describe('an .onnx model in the playground (built site)', { skip: built ? false : 'web/dist is missing: run `bash scripts/build.sh web`', timeout: 180_000 }, () => {
  const site = useBuiltSite(before, after);

  it('opened, dropped, refused when its features do not fit, and closed', async () => {
    const { page, problems } = await openPlayground(site, '#preset=moons&nSamples=300&model=KNeighborsClassifier&grid=80');
    try {
      const trained = await canvasStats(page);

      await afterRender(page, () => page.locator('#onnx-file').setInputFiles(fixture('decision_tree_moons')));
      let s = await shown(page);
      assert.equal(s.pass, 'fine');
      assert.match(s.status, /decision_tree_moons\.onnx: a DecisionTreeClassifier, drawn on these points/);
      assert.equal(s.tree, true, 'the tree diagram shows');
      assert.equal(s.params, false, 'no options to train with');
      const expected = wl.exportText(wl.loadOnnx(new Uint8Array(readFileSync(fixture('decision_tree_moons')))), { featureNames: ['feature 0', 'feature 1'] });
      assert.equal(s.rules, expected, "the tree's rules, as loadOnnx + exportText give them in Node");
      const tree = await canvasStats(page);
      assert.ok(tree.bluish > 0 && tree.reddish > 0, 'both classes drawn');
      assert.notEqual(tree.hash, trained.hash, 'the imported tree, not the trained neighbours model');

      // Dropped on the page: a logistic regression (a straight boundary), no rules to show.
      const bytes = Array.from(readFileSync(fixture('logistic_moons')));
      await afterRender(page, () => page.evaluate((b) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(b)], 'logistic_moons.onnx'));
        document.querySelector('#figure').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, bytes));
      s = await shown(page);
      assert.match(s.status, /logistic_moons\.onnx: a LogisticRegression/);
      assert.equal(s.rules, null);
      assert.equal(s.tree, false);
      assert.notEqual((await canvasStats(page)).hash, tree.hash);

      // Ten features on two-feature data: said so, the points stay.
      await afterRender(page, () => page.locator('#onnx-file').setInputFiles(fixture('decision_tree_classifier')));
      s = await shown(page);
      assert.match(s.message, /decision_tree_classifier\.onnx holds a DecisionTreeClassifier that reads 10 features; this figure gives a model two \(x1, x2\)/);
      assert.match(s.status, /reads 10 features/);
      assert.ok(await page.locator('#figure g[aria-label="dot"] > *').count() > 100, 'the points stay drawn');

      // A regressor of one feature on the sine: its curve, and its rules.
      await afterRender(page, () => page.evaluate(() => (location.hash = location.hash.replace('preset=moons', 'preset=sine'))));
      await afterRender(page, () => page.locator('#onnx-file').setInputFiles(fixture('decision_tree_sine')));
      s = await shown(page);
      assert.equal(s.pass, 'fine');
      assert.equal(await page.locator('#figure').getAttribute('data-view'), 'curve');
      assert.match(s.status, /decision_tree_sine\.onnx: a DecisionTreeRegressor/);
      assert.equal(s.rules, wl.exportText(wl.loadOnnx(new Uint8Array(readFileSync(fixture('decision_tree_sine')))), { featureNames: ['x'] }));
      assert.match(await page.locator('#accuracy').textContent(), /^0\.[5-9]\d\d$/, 'the tree fits the sine (train R²)');
      await afterRender(page, () => page.evaluate(() => (location.hash = location.hash.replace('preset=sine', 'preset=moons'))));

      await afterRender(page, () => page.locator('#onnx-close').click());
      s = await shown(page);
      assert.equal(s.message, null);
      assert.equal(s.params, true);
      assert.equal((await canvasStats(page)).hash, trained.hash, 'the trained model again');
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
    }
  });
});
