// exportText against scikit-learn's export_text (tests/fixtures/tree_text.py → tree_text.json):
// the same tree gives the same string, character for character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from 'wasmlearn';
import { camel } from './fixture_helpers.mjs';

const { DecisionTreeClassifier, DecisionTreeRegressor, RandomForestClassifier, KNeighborsClassifier, exportText } = wl;
const fixture = JSON.parse(readFileSync(new URL('../fixtures/tree_text.json', import.meta.url), 'utf8'));

for (const c of fixture.cases) {
  test(`${c.name}: the text equals scikit-learn's export_text`, () => {
    const Class = c.estimator === 'DecisionTreeClassifier' ? DecisionTreeClassifier : DecisionTreeRegressor;
    const model = new Class(camel(c.options)).fit(c.X, c.y);
    const feature = Array.from(model.tree.feature);
    // scikit-learn breaks exact ties between splits by its random feature order: compare with the
    // variant that grew the same tree.
    const same = c.variants.filter((v) => v.feature.length === feature.length && v.feature.every((f, i) => f === feature[i]));
    assert.ok(same.length > 0, 'the tree equals one of scikit-learn\'s tie-breaking variants');
    const text = exportText(model, camel(c.export));
    assert.ok(same.some((v) => v.text === text), `got\n${text}\nexpected\n${same[0].text}`);
    model.dispose();
  });
}

const iris = fixture.cases.find((c) => c.name === 'iris depth 2, names');

test('defaults: generic feature names, the fitted class labels, 10 levels; classNames and the tree namespace', () => {
  const model = new DecisionTreeClassifier({ maxDepth: 2 }).fit(iris.X, iris.y);
  const text = exportText(model);
  assert.match(text, /^\|--- feature_2 <= 2\.45\n\|   \|--- class: setosa\n/);
  assert.equal(text, wl.tree.exportText(model, { maxDepth: 10, decimals: 2 }));
  const renamed = exportText(model, { classNames: ['A', 'B', 'C'] });
  assert.deepEqual(renamed.match(/class: \w+/g), ['class: A', 'class: B', 'class: C']);
  assert.equal(exportText(model, { maxDepth: 0 }).split('\n')[1], '|   |--- class: setosa');
  assert.match(exportText(model, { maxDepth: 0 }), /\|   \|--- truncated branch of depth 2\n$/);
  model.dispose();
  // Numeric labels print as numbers; a single-leaf tree is one line.
  const stump = new DecisionTreeClassifier().fit([[0], [1]], [7, 7]);
  assert.equal(exportText(stump), '|--- class: 7\n');
  stump.dispose();
});

test('numbers are formatted as Python\'s format: exact ties round half to even, -0.00', () => {
  // Leaves of exactly 2.5, 0.125 and -0.125 (one sample each); scikit-learn prints this.
  const model = new DecisionTreeRegressor().fit([[0], [1], [2]], [2.5, 0.125, -0.125]);
  assert.equal(exportText(model), [
    '|--- feature_0 <= 0.50', '|   |--- value: [2.50]', '|--- feature_0 >  0.50',
    '|   |--- feature_0 <= 1.50', '|   |   |--- value: [0.12]', '|   |--- feature_0 >  1.50', '|   |   |--- value: [-0.12]', '',
  ].join('\n'));
  assert.equal(exportText(model, { decimals: 0 }), [
    '|--- feature_0 <= 0', '|   |--- value: [2]', '|--- feature_0 >  0',
    '|   |--- feature_0 <= 2', '|   |   |--- value: [0]', '|   |--- feature_0 >  2', '|   |   |--- value: [-0]', '',
  ].join('\n'));
  model.dispose();
});

test('a model that is not a fitted decision tree, and bad options, give clear errors', () => {
  const forest = new RandomForestClassifier({ nEstimators: 3 }).fit(iris.X, iris.y);
  assert.throws(() => exportText(forest), { message: 'exportText needs a fitted DecisionTreeClassifier or DecisionTreeRegressor, got a RandomForestClassifier' });
  const knn = new KNeighborsClassifier();
  assert.throws(() => exportText(knn), /got a KNeighborsClassifier$/);
  assert.throws(() => exportText({ tree: {} }), /got an object$/);
  assert.throws(() => exportText(undefined), /got undefined undefined$/);
  assert.throws(() => exportText(new DecisionTreeClassifier()), { name: 'NotFittedError' });
  const model = new DecisionTreeClassifier({ maxDepth: 2 }).fit(iris.X, iris.y);
  assert.throws(() => exportText(model, { featureNames: ['a', 'b'] }), { message: 'featureNames must have 4 entries (one per feature), got 2' });
  assert.throws(() => exportText(model, { classNames: ['a'] }), { message: 'classNames must have 3 entries (one per class), got 1' });
  assert.throws(() => exportText(model, { decimals: -1 }), { message: 'decimals must be an integer of at least 0, got number -1' });
  assert.throws(() => exportText(model, { maxDepth: 1.5 }), /^Error: maxDepth must be an integer of at least 0 \(or Infinity\)/);
  assert.throws(() => exportText(model, { max_depth: 2 }), { message: 'exportText has no option max_depth; valid options: featureNames, classNames, decimals, maxDepth, spacing, showWeights' });
  assert.throws(() => exportText(model, 3), /^Error: exportText options must be an object/);
  const reg = new DecisionTreeRegressor({ maxDepth: 1 }).fit([[0], [1]], [0, 1]);
  assert.throws(() => exportText(reg, { classNames: ['a'] }), /classNames applies to classifiers only/);
  for (const m of [forest, knn, model, reg]) m.dispose();
});
