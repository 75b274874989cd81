// What the README says about freeing models: dispose() and try/finally work everywhere; `using` is a
// SyntaxError before Node 24 (native explicit resource management) but works when TypeScript (≥ 5.2)
// compiles it, since Node ≥ 20 defines Symbol.dispose and every model has [Symbol.dispose]().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const nodeMajor = Number(process.versions.node.split('.')[0]);
const index = pathToFileURL(path.join(root, 'bindings/js/index.js')).href;
// A model made in a block with `using`; `after` is what predicting with it afterwards gives.
const snippet = `import { StandardScaler } from '${index}';
let kept;
{
  using scaler = new StandardScaler().fit([[0], [2]]);
  kept = scaler;
}
let after;
try { kept.transform([[1]]); after = 'usable'; } catch (e) { after = e.message; }
export { after };
`;

async function run(code) {
  const dir = mkdtempSync(path.join(tmpdir(), 'wasmlearn-using-'));
  try {
    writeFileSync(path.join(dir, 'snippet.mjs'), code);
    return await import(pathToFileURL(path.join(dir, 'snippet.mjs')).href);
  } finally {
    rmSync(dir, { recursive: true });
  }
}

test('the README states what works where', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  assert.match(readme, /`using` is a SyntaxError on Node 20 and 22/);
  assert.match(readme, /TypeScript ≥ 5\.2/);
});

test(`native \`using\` on this Node (${process.versions.node}): ${nodeMajor >= 24 ? 'works' : 'a SyntaxError'}`, async () => {
  if (nodeMajor >= 24) assert.equal((await run(snippet)).after, 'This StandardScaler has been disposed; create a new one');
  else await assert.rejects(run(snippet), SyntaxError);
});

test('`using` compiled by TypeScript disposes the model at the end of the block', async () => {
  const ts = createRequire(import.meta.url)(path.join(root, 'node_modules/typescript'));
  const { outputText } = ts.transpileModule(snippet, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 } });
  assert.doesNotMatch(outputText, /\busing scaler\b/);
  assert.equal((await run(outputText)).after, 'This StandardScaler has been disposed; create a new one');
});

test('dispose() and try/finally free the model on every Node', () => {
  return run(`import { StandardScaler } from '${index}';
const scaler = new StandardScaler();
try { scaler.fit([[0], [2]]); } finally { scaler.dispose(); }
export const after = (() => { try { scaler.transform([[1]]); return 'usable'; } catch (e) { return e.message; } })();
`).then(({ after }) => assert.equal(after, 'This StandardScaler has been disposed; create a new one'));
});
