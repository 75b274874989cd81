// Every ```js example of the README and of the generated API reference (docs/api.md, one per
// estimator) runs as users would paste it: an ES module importing 'wasmlearn' (the package resolves
// itself by name), with what it prints captured.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { estimators, terminatePools } from 'wasmlearn';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'build/examples');
mkdirSync(dir, { recursive: true });
const examplesOf = (file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);

// Runs one example as a module; returns what it printed.
async function run(code, name) {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  const printed = [];
  const log = console.log;
  console.log = (...args) => printed.push(args);
  try {
    await import(pathToFileURL(file).href);
  } finally {
    console.log = log;
  }
  return printed;
}

test('the README examples run', { timeout: 120000 }, async () => {
  const examples = examplesOf('README.md');
  assert.ok(examples.length >= 6);
  for (const [i, code] of examples.entries()) {
    const printed = await run(code, `readme-${i}`);
    assert.ok(printed.length > 0, `README example ${i} printed nothing`);
    for (const line of printed) for (const v of line) assert.ok(!(typeof v === 'number' && Number.isNaN(v)), `README example ${i} printed NaN`);
  }
  terminatePools();
});

test('docs/api.md has a runnable example for every estimator', { timeout: 300000 }, async () => {
  const examples = examplesOf('docs/api.md');
  for (const { name } of estimators()) {
    const code = examples.find((c) => c.startsWith(`import { ${name}, datasets } from 'wasmlearn';`));
    assert.ok(code, `no example for ${name}`);
    const printed = await run(code, `api-${name}`);
    assert.ok(printed.length >= 1, `${name}'s example printed nothing`);
  }
  // The package-level example too.
  const others = examples.filter((c) => !estimators().some(({ name }) => c.startsWith(`import { ${name}, datasets }`)));
  for (const [i, code] of others.entries()) assert.ok((await run(code, `api-other-${i}`)).length > 0);
});

test('web/api.html is the same reference as a page of the static site', () => {
  const html = readFileSync(path.join(root, 'web/api.html'), 'utf8');
  for (const { name } of estimators()) assert.ok(html.includes(`<h3 id="${name.toLowerCase()}">${name}</h3>`), `${name} in web/api.html`);
  assert.ok(html.includes('<h2 id="functions">Functions</h2>'));
  // A union type stays in its cell: KMeans' nInit is 'auto' | number.
  assert.ok(html.includes("<td><code>'auto' | number</code></td>"));
  assert.doesNotMatch(html, /\|---/);
  assert.ok(html.includes(`<pre><code class="language-js">import { KMeans, datasets } from 'wasmlearn';`));
});

test('every page of the static site links to the others (playground, network view, tutorial, API reference)', () => {
  const pages = ['index.html', 'network.html', 'tutorial.html', 'api.html'];
  for (const page of pages) {
    const nav = /<nav class="site">(.*?)<\/nav>/s.exec(readFileSync(path.join(root, 'web', page), 'utf8'))?.[1] ?? '';
    const links = [...nav.matchAll(/href="\.\/([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(links.sort(), [...pages].sort(), `${page} links to ${links}`);
  }
});
