// The published package as a user gets it: `npm pack` of this repository installed into an empty
// app in a temporary folder, which `use(app)` then builds and runs; the folder is removed afterwards.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export async function withPackedApp(use) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wasmlearn-app-'));
  try {
    const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: repoRoot, encoding: 'utf8' });
    const tarball = path.join(dir, packed.trim().split('\n').pop());
    const app = path.join(dir, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    // --prefer-offline: the tarballs come from npm's cache, but a fresh machine's cache may lack the registry's
    // metadata for the package's own dependencies (protobufjs), which --offline then refused (ENOTCACHED).
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], { cwd: app });
    return await use(app);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
