// Compiled (not run) by tests/js/types.test.mjs: the generated declarations must describe the API.
import { KNeighborsClassifier, StandardScaler, LinearRegression, DecisionTreeClassifier, datasets, metrics, trainTestSplit, estimators, DenseMatrix, exportText, tree } from 'wasmlearn';

const { X, y } = datasets.makeMoons({ nSamples: 50, noise: 0.1, randomState: 1 });
const split = trainTestSplit(X, y, { testSize: 0.2, stratify: y });
const knn: KNeighborsClassifier = new KNeighborsClassifier({ nNeighbors: 3, weights: 'distance', algorithm: 'kd_tree' });
knn.fit(split.XTrain, split.yTrain);
const proba: DenseMatrix = knn.predictProba(split.XTest);
const neighbours = knn.kneighbors(split.XTest, 2);
const nearest: number = neighbours.indices.get(0, 0);
const accuracy: number = metrics.accuracyScore(split.yTest, knn.predict(split.XTest));
const scaled: DenseMatrix = new StandardScaler({ withMean: false }).fitTransform([[1, 2], [3, 4]]);
const ols = new LinearRegression({ fitIntercept: true }).fit([[1], [2], [3]], [2, 4, 6]);
const names: string[] = estimators().map((e) => e.name);
const stump = new DecisionTreeClassifier({ maxDepth: 1 }).fit([[0], [1]], ['a', 'b']);
const rules: string = exportText(stump, { featureNames: ['x'], decimals: 1 }) + tree.exportText(stump);
// @ts-expect-error: exportText takes a decision tree
exportText(knn);
// @ts-expect-error: unknown option
new KNeighborsClassifier({ nNeighbours: 3 });
ols.fit([[1], [2], [3]], [2, 4, 6], { sampleWeight: new Float64Array([1, 2, 1]) });
// @ts-expect-error: KNeighborsClassifier.fit takes no sampleWeight (its metadata's fitOptions is empty)
knn.fit(split.XTrain, split.yTrain, { sampleWeight: [1] });
// @ts-expect-error: sampleWeight holds numbers
ols.fit([[1]], [2], { sampleWeight: ['1'] });
// @ts-expect-error: weights is one of two strings
new KNeighborsClassifier({ weights: 'gaussian' });
export const used = [proba.rows, nearest, accuracy, scaled.cols, ols.score([[4]], [8]), names.length, rules.length];
knn.dispose();
