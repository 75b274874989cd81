// The generated TypeScript declarations type-check consumers, reject misuse, and declare everything
// the package exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as wl from '../../bindings/js/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function typeCheck(file, lib) {
  const args = [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022',
    '--lib', lib, path.join(root, 'tests/js/types', file)];
  try {
    execFileSync('node', args, { cwd: root, encoding: 'utf8' });
  } catch (e) {
    assert.fail(`tsc reported:\n${e.stdout}${e.stderr}`);
  }
}

test('index.d.ts describes the API (tsc --noEmit on a consumer)', { timeout: 60000 }, () => {
  typeCheck('consumer.ts', 'es2022,esnext.disposable');
});

test('attributes and results have their real types; es2022 alone, no @types/node', { timeout: 60000 }, () => {
  typeCheck('attributes.ts', 'es2022');
});

test('every export and namespace member is declared, and nothing more', () => {
  const ts = createRequire(import.meta.url)(path.join(root, 'node_modules/typescript'));
  const program = ts.createProgram([path.join(root, 'bindings/js/index.d.ts')], { strict: true, types: [] });
  const checker = program.getTypeChecker();
  const declared = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(path.join(root, 'bindings/js/index.d.ts'))));
  const resolved = (s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  const values = (symbols) => symbols.filter((s) => resolved(s).flags & ts.SymbolFlags.Value).map((s) => s.name).sort();
  const runtime = (object) => Object.keys(object).sort();
  assert.deepEqual(values(declared), runtime(wl));
  // Namespaces: metrics, datasets, ... and nested ones (metrics.pairwise), member by member.
  const check = (symbol, object, where) => {
    const members = checker.getExportsOfModule(resolved(symbol));
    assert.deepEqual(values(members), runtime(object), where);
    for (const m of members) if (resolved(m).flags & ts.SymbolFlags.ValueModule) check(m, object[m.name], `${where}.${m.name}`);
  };
  for (const s of declared) if (resolved(s).flags & ts.SymbolFlags.ValueModule) check(s, wl[s.name], s.name);
});
