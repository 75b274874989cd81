// The npm package in a plain browser page and in a module Web Worker, without Vite or any bundler: a
// static server for the repository (read-only, application/wasm for .wasm) and tests/web/plain/
// (index.html imports /bindings/js/index.js; worker.html starts worker.js, which does), each fitting
// and predicting and writing the results into the page.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, startStaticServer, watchPage, repoRoot, artifacts } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'bindings/js/wasm/wasmlearn.wasm'));

// Opens `pagePath` of the static server in Chromium: what the page wrote into #out, and the problems
// seen on the way (console errors, failed or external requests).
async function pageResult(server, pagePath, screenshot) {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
    await page.waitForSelector('#out[data-done]', { timeout: 15_000 });
    const result = JSON.parse(await page.locator('#out').textContent());
    await page.screenshot({ path: path.join(artifacts, screenshot) });
    return { result, problems };
  } finally {
    await browser.close();
  }
}

it('the package works in a plain page (static files, no bundler)', { skip: built ? false : 'run `bash scripts/build.sh` first', timeout: 30_000 }, async () => {
  const server = await startStaticServer(repoRoot);
  try {
    // The server itself: right MIME types, nothing outside the repository.
    const wasm = await fetch(`${server.url}bindings/js/wasm/wasmlearn.wasm`, { signal: AbortSignal.timeout(5000) });
    assert.equal(wasm.headers.get('content-type'), 'application/wasm');
    await wasm.arrayBuffer();
    const escape = await fetch(`${server.url}..%2f..%2fetc/passwd`, { signal: AbortSignal.timeout(5000) });
    assert.ok(escape.status >= 400);
    await escape.arrayBuffer();

    const { result, problems } = await pageResult(server, 'tests/web/plain/', 'plain-page.png');
    assert.equal(result.status, 'ok', result.error);
    assert.deepEqual(result.mean, [2, 20]);
    result.scaled.forEach((v) => assert.ok(Math.abs(v - Math.sqrt(1.5)) < 1e-12, `scaled ${result.scaled}`));
    assert.deepEqual(result.predict, [0, 1]);
    assert.deepEqual(result.proba, [1, 0]);
    assert.equal(result.accuracy, 1);
    assert.ok(result.estimators >= 2);
    assert.deepEqual(result.mlp, [0.7591121526509715, 234.62929743225686, -0.8764214515686035, 0.48979267477989197], 'the native build\'s bits, float32 maps included');
    assert.deepEqual(result.mlpFloat32, [0.75299598851825378, 7.1978263958590105, 0.0097792083397507668], 'float32 training: the native build\'s bits');
    assert.deepEqual(problems, []);
  } finally {
    await server.close();
  }
});

it('the package works in a module Web Worker (static files, no bundler)', { skip: built ? false : 'run `bash scripts/build.sh` first', timeout: 30_000 }, async () => {
  const server = await startStaticServer(repoRoot);
  try {
    const { result, problems } = await pageResult(server, 'tests/web/plain/worker.html', 'plain-worker.png');
    assert.equal(result.status, 'ok', result.error);
    assert.equal(result.inWorker, true);
    // Two clusters of three: the first three points share a label, the last three the other.
    assert.deepEqual(result.labels.slice(0, 3), Array(3).fill(result.labels[0]));
    assert.deepEqual(result.labels.slice(3), Array(3).fill(1 - result.labels[0]));
    const centres = result.centres.map((c) => c.map((v) => Math.round(v * 3) / 3)).sort((a, b) => a[0] - b[0]);
    assert.deepEqual(centres, [[1 / 3, 1 / 3], [28 / 3, 28 / 3]]);
    assert.equal(result.converged, true);
    assert.deepEqual(problems, []);
  } finally {
    await server.close();
  }
});
