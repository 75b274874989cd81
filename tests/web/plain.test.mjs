// The npm package in a plain browser page, without Vite or any bundler: a static server for
// the repository (read-only, application/wasm for .wasm) and tests/web/plain/index.html, which
// imports /bindings/js/index.js, fits and predicts, and writes the results into the page.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, startStaticServer, watchPage, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'bindings/js/wasm/wasmlearn.wasm'));

it('the package works in a plain page (static files, no bundler)', { skip: built ? false : 'run `bash scripts/build.sh` first', timeout: 30_000 }, async () => {
  const server = await startStaticServer(repoRoot);
  let browser;
  try {
    // The server itself: right MIME types, nothing outside the repository.
    const wasm = await fetch(`${server.url}bindings/js/wasm/wasmlearn.wasm`, { signal: AbortSignal.timeout(5000) });
    assert.equal(wasm.headers.get('content-type'), 'application/wasm');
    await wasm.arrayBuffer();
    const escape = await fetch(`${server.url}..%2f..%2fetc/passwd`, { signal: AbortSignal.timeout(5000) });
    assert.ok(escape.status >= 400);
    await escape.arrayBuffer();

    browser = await launchBrowser();
    const page = await browser.context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.url}tests/web/plain/`, { waitUntil: 'load' });
    await page.waitForSelector('#out[data-done]', { timeout: 15_000 });
    const result = JSON.parse(await page.locator('#out').textContent());
    await page.screenshot({ path: path.join(artifacts, 'plain-page.png') });

    assert.equal(result.status, 'ok', result.error);
    assert.deepEqual(result.mean, [2, 20]);
    result.scaled.forEach((v) => assert.ok(Math.abs(v - Math.sqrt(1.5)) < 1e-12, `scaled ${result.scaled}`));
    assert.deepEqual(result.predict, [0, 1]);
    assert.deepEqual(result.proba, [1, 0]);
    assert.equal(result.accuracy, 1);
    assert.ok(result.estimators >= 2);
    assert.deepEqual(problems, []);
  } finally {
    try {
      await browser?.close();
    } finally {
      await server.close();
    }
  }
});
