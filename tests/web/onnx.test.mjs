// toOnnx in the browser: tests/web/onnx/ (served as static files with the repository) fits models of
// every exporter family in Chromium, exports them there and runs them in onnxruntime-web (WASM
// backend, one thread: no cross-origin isolation); the outputs must meet the Node tests' tolerances
// (tests/js/onnx.test.mjs): identical labels, probabilities and values within 1e-5 (unbounded
// scores 1e-5 relative).
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, startStaticServer, watchPage, repoRoot } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'bindings/js/wasm/wasmlearn.wasm'));

it('models exported in the page run in onnxruntime-web with the model\'s outputs', { skip: built ? false : 'run `bash scripts/build.sh` first', timeout: 120_000 }, async () => {
  const server = await startStaticServer(repoRoot);
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.url}tests/web/onnx/`, { waitUntil: 'load' });
    await page.waitForSelector('#out[data-done]', { timeout: 100_000 });
    const report = JSON.parse(await page.locator('#out').textContent());
    assert.equal(report.status, 'ok', report.error);
    assert.equal(report.crossOriginIsolated, false);
    assert.equal(report.results.length, 21);
    for (const { what, labelMismatches, ...outputs } of report.results) {
      if (labelMismatches !== undefined) assert.equal(labelMismatches, 0, `${what}: labels`);
      assert.ok(Object.keys(outputs).length > 0 || labelMismatches !== undefined, what);
      for (const [name, { worst, tolerance, length }] of Object.entries(outputs)) {
        assert.ok(length, `${what} ${name}: length`);
        assert.ok(worst <= tolerance, `${what} ${name}: largest difference ${worst} > ${tolerance}`);
      }
    }
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
