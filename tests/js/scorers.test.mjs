// The scoring strings (bindings/js/scoring.js) against scikit-learn 1.2.1's get_scorer(name)(estimator,
// X, y) on GaussianNB and LinearRegression, which both libraries fit in closed form alike
// (tests/fixtures/scorers.json): the response each scorer asks for, its metric, options and sign.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from 'wasmlearn';
import { scorer, scoringNames } from '../../bindings/js/scoring.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/scorers.json', import.meta.url), 'utf8'));

test('every scoring string equals scikit-learn\'s scorer', () => {
  const checked = new Set();
  for (const [i, c] of fixture.cases.entries()) {
    const model = new wl[c.estimator]().fit(c.X, c.y);
    for (const [name, expected] of Object.entries(c.scores)) {
      const actual = scorer(name)(model, c.XTest, c.yTest);
      assert.ok(Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `case ${i} ${name}: ${actual} vs ${expected}`);
      checked.add(name);
    }
    model.dispose();
  }
  // All but the clustering scorers (which need a clusterer both libraries fit alike) are covered.
  assert.deepEqual(scoringNames.filter((n) => !checked.has(n)), ['adjusted_rand_score', 'normalized_mutual_info_score']);
});
