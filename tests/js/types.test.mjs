// The generated TypeScript declarations type-check a consumer and reject misuse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('index.d.ts describes the API (tsc --noEmit on a consumer)', { timeout: 60000 }, () => {
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const args = [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022',
    '--lib', 'es2022,esnext.disposable', path.join(root, 'tests/js/types/consumer.ts')];
  try {
    execFileSync('node', args, { cwd: root, encoding: 'utf8' });
  } catch (e) {
    assert.fail(`tsc reported:\n${e.stdout}${e.stderr}`);
  }
});
