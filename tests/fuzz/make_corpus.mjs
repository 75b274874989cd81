// Writes the fuzz targets' seeds (committed; run again when estimators are added):
//   tests/fuzz/corpus/model_json/<Estimator>.json   every estimator fitted on a small X, saved
//   tests/fuzz/corpus/options/<Estimator>           its name, a newline, its default options
// node tests/fuzz/make_corpus.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as wl from '../../bindings/js/index.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
for (const dir of ['corpus/model_json', 'corpus/options']) mkdirSync(here(dir), { recursive: true });

const X = Array.from({ length: 12 }, (_, i) => [Math.sin(i + 1), Math.cos(2 * i), (i % 5) / 5]);
const targets = { classifier: X.map((_, i) => i % 3), regressor: X.map((r) => r[0] - 2 * r[1]) };
// Ensembles of 3 members keep the seeds small (libFuzzer's inputs grow up to the largest seed).
const small = (meta) => (meta.params.some((p) => p.name === 'nEstimators') ? { nEstimators: 3 } : undefined);
for (const meta of wl.estimators()) {
  const defaults = new wl[meta.name]();
  writeFileSync(here(`corpus/options/${meta.name}`), `${meta.name}\n${JSON.stringify(defaults.getParams())}`);
  defaults.dispose();
  const model = new wl[meta.name](small(meta));
  try {
    model.fit(X, targets[meta.kind]);
  } catch (e) {
    console.warn(`${meta.name}: saved unfitted (${e.message})`);
  }
  writeFileSync(here(`corpus/model_json/${meta.name}.json`), JSON.stringify(model));
  model.dispose();
}
