// The published package as a user gets it: `npm pack`, installed into an empty app, bundled by
// Vite (which must find and emit the .wasm by itself), served on 127.0.0.1 and run in Chromium.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, startStaticServer, watchPage, repoRoot } from './helpers.mjs';

const built = existsSync(path.join(repoRoot, 'bindings/js/wasm/wasmlearn.wasm'));

it('an app that installs the packed tarball builds with Vite and runs in Chromium', { skip: built ? false : 'run `bash scripts/build.sh` first', timeout: 120_000 }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wasmlearn-vite-app-'));
  let server, browser;
  try {
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: repoRoot, encoding: 'utf8' });
    const tarball = path.join(dir, packed.trim().split('\n').pop());
    const app = path.join(dir, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', '--loglevel=error', tarball], { cwd: app });
    writeFileSync(path.join(app, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><pre id="out"></pre><script type="module" src="./main.js"></script>\n');
    writeFileSync(path.join(app, 'main.js'), [
      "import { KNeighborsClassifier, datasets, metrics } from 'wasmlearn';",
      "const { X, y } = datasets.makeMoons({ nSamples: 100, noise: 0.1, randomState: 3 });",
      "const model = new KNeighborsClassifier({ nNeighbors: 3 }).fit(X, y);",
      "const out = document.getElementById('out');",
      "out.textContent = JSON.stringify({ accuracy: metrics.accuracyScore(y, model.predict(X)), classes: Array.from(model.classes) });",
      "out.dataset.done = '1';",
    ].join('\n'));
    const { build } = await import('vite');
    await build({ root: app, logLevel: 'error', build: { target: 'es2022', outDir: 'dist' } });
    const assets = readdirSync(path.join(app, 'dist/assets'));
    assert.ok(assets.some((f) => f.endsWith('.wasm')), `Vite emitted the .wasm: ${assets}`);

    server = await startStaticServer(path.join(app, 'dist'));
    browser = await launchBrowser();
    const page = await browser.context.newPage();
    const problems = watchPage(page);
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForSelector('#out[data-done]', { timeout: 15_000 });
    const result = JSON.parse(await page.locator('#out').textContent());
    assert.deepEqual(result.classes, [0, 1]);
    assert.ok(result.accuracy > 0.95, `training accuracy ${result.accuracy}`);
    assert.deepEqual(problems, []);
  } finally {
    try {
      await browser?.close();
      await server?.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});
