// The generated TypeScript declarations type-check consumers, reject misuse, and declare everything
// the package exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as wl from '../../bindings/js/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ts = createRequire(import.meta.url)(path.join(root, 'node_modules/typescript'));

// tsc --noEmit on a consumer file. `types` lists the @types packages it may see: only those, so
// that packages other dev dependencies bring (@types/offscreencanvas from TensorFlow.js…) stay out.
function typeCheck(file, libs, types) {
  const program = ts.createProgram([path.join(root, 'tests/js/types', file)], {
    noEmit: true, strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022, lib: libs.map((l) => `lib.${l}.d.ts`), types,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
  if (diagnostics.length) assert.fail(`tsc reported:\n${ts.formatDiagnostics(diagnostics, host)}`);
}

test('index.d.ts describes the API (tsc --noEmit on a consumer)', { timeout: 60000 }, () => {
  typeCheck('consumer.ts', ['es2022', 'esnext.disposable'], ['node']);
});

test('attributes and results have their real types; es2022 alone, no @types/node', { timeout: 60000 }, () => {
  typeCheck('attributes.ts', ['es2022'], []);
});

test('every export and namespace member is declared, and nothing more', () => {
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
