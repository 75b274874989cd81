// Writes the fuzz targets' seeds (committed; run again when estimators are added):
//   tests/fuzz/corpus/model_json/<Estimator>.json   every estimator fitted on a small X, saved
//   tests/fuzz/corpus/options/<Estimator>           its name, a newline, its default options
//   tests/fuzz/<target>.dict                           the keys and names of those seeds as a
//     libFuzzer dictionary, so that mutations also insert, swap and rename whole fields
// node tests/fuzz/make_corpus.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as wl from '../../bindings/js/index.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
for (const dir of ['corpus/model_json', 'corpus/options']) mkdirSync(here(dir), { recursive: true });

const X = Array.from({ length: 12 }, (_, i) => [Math.sin(i + 1), Math.cos(2 * i), (i % 5) / 5]);
const targets = { classifier: X.map((_, i) => i % 3), regressor: X.map((r) => r[0] - 2 * r[1]) };
const tokens = { model_json: new Set(), options: new Set() };
const collect = (into, value) => {
  if (Array.isArray(value)) value.forEach((inner) => collect(into, inner));
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.add(`"${key}":`);
      collect(into, inner);
    }
  else if (typeof value === 'string' && value.length <= 40) into.add(`"${value}"`);
};
// Ensembles of 3 members keep the seeds small (libFuzzer's inputs grow up to the largest seed).
const small = (meta) => (meta.params.some((p) => p.name === 'nEstimators') ? { nEstimators: 3 } : undefined);
for (const meta of wl.estimators()) {
  const defaults = new wl[meta.name]();
  writeFileSync(here(`corpus/options/${meta.name}`), `${meta.name}\n${JSON.stringify(defaults.getParams())}`);
  tokens.options.add(meta.name);
  collect(tokens.options, defaults.getParams());
  defaults.dispose();
  const model = new wl[meta.name](small(meta));
  try {
    model.fit(X, targets[meta.kind]);
  } catch (e) {
    console.warn(`${meta.name}: saved unfitted (${e.message})`);
  }
  const saved = JSON.stringify(model);
  writeFileSync(here(`corpus/model_json/${meta.name}.json`), saved);
  collect(tokens.model_json, JSON.parse(saved));
  model.dispose();
}
// libFuzzer's dictionary syntax: one quoted token a line, quotes and backslashes escaped.
const escape = (token) => token.replace(/[\\"]/g, (c) => `\\${c}`);
for (const [target, set] of Object.entries(tokens))
  writeFileSync(here(`${target}.dict`), [...set].sort().map((t) => `"${escape(t)}"`).join('\n') + '\n');
