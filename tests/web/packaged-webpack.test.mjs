// The published package as a user gets it: `npm pack`, installed into an empty app, bundled by
// webpack 5 through webpack-cli (it must emit the .wasm and the pool's worker by itself), served on
// 127.0.0.1 and run in Chromium, fitAsync on two pool workers included.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { appOutput, checkPackagedApp, repoRoot } from './helpers.mjs';
import { withPackedApp } from '../js/packed_app.mjs';

const built = existsSync(path.join(repoRoot, 'bindings/js/wasm/wasmlearn.wasm'));
const webpackCli = path.join(repoRoot, 'node_modules/webpack-cli/bin/cli.js');

it('an app that installs the packed tarball builds with webpack 5 and runs in Chromium', { skip: built ? false : 'run `bash scripts/build.sh` first', timeout: 180_000 }, () =>
  withPackedApp(async (app) => {
    const dist = path.join(app, 'dist');
    copyFileSync(path.join(repoRoot, 'tests/web/packaged/main.js'), path.join(app, 'main.js'));
    // A user's smallest config: an entry, an output folder and a mode (webpack warns without one).
    writeFileSync(path.join(app, 'webpack.config.js'), "export default { mode: 'production', entry: './main.js', output: { path: new URL('./dist/', import.meta.url).pathname } };\n");
    try {
      execFileSync(process.execPath, [webpackCli, '--config', 'webpack.config.js'], { cwd: app, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      throw new Error(`webpack failed:\n${e.stdout}${e.stderr}`); // webpack prints its errors on stdout
    }
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><pre id="out"></pre><script src="./main.js"></script>\n');
    const emitted = readdirSync(dist);
    assert.ok(emitted.some((f) => f.endsWith('.wasm')), `webpack emitted the .wasm: ${emitted}`);
    checkPackagedApp(await appOutput(dist));
  }));
