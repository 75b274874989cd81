// The published package as a user gets it: `npm pack`, installed into an empty app, bundled by Vite
// with no configuration (it must find and emit the .wasm and the pool's worker by itself), served on
// 127.0.0.1 and run in Chromium, fitAsync on two pool workers included.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { appOutput, checkPackagedApp, repoRoot } from './helpers.mjs';
import { withPackedApp } from '../js/packed_app.mjs';

const built = existsSync(path.join(repoRoot, 'bindings/js/wasm/wasmlearn.wasm'));

it('an app that installs the packed tarball builds with Vite and runs in Chromium', { skip: built ? false : 'run `bash scripts/build.sh` first', timeout: 180_000 }, () =>
  withPackedApp(async (app) => {
    writeFileSync(path.join(app, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><pre id="out"></pre><script type="module" src="./main.js"></script>\n');
    copyFileSync(path.join(repoRoot, 'tests/web/packaged/main.js'), path.join(app, 'main.js'));
    const { build } = await import('vite');
    await build({ root: app, logLevel: 'error' }); // the app's defaults: no vite.config, no options
    const assets = readdirSync(path.join(app, 'dist/assets'));
    assert.ok(assets.some((f) => f.endsWith('.wasm')), `Vite emitted the .wasm: ${assets}`);
    assert.ok(assets.some((f) => f.startsWith('pool_worker_bundle')), `Vite emitted the pool's worker: ${assets}`);
    checkPackagedApp(await appOutput(path.join(app, 'dist')));
  }));
