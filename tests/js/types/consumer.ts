// Compiled (not run) by tests/js/types.test.mjs: the generated declarations must describe the API.
import { KNeighborsClassifier, StandardScaler, PCA, LinearRegression, DecisionTreeClassifier, MLPClassifier, datasets, metrics, trainTestSplit, estimators, DenseMatrix, exportText, tree } from 'wasmlearn';

const { X, y } = datasets.makeMoons({ nSamples: 50, noise: 0.1, randomState: 1 });
const split = trainTestSplit(X, y, { testSize: 0.2, stratify: y });
const knn: KNeighborsClassifier = new KNeighborsClassifier({ nNeighbors: 3, weights: 'distance', algorithm: 'kd_tree' });
knn.fit(split.XTrain, split.yTrain);
const proba: DenseMatrix = knn.predictProba(split.XTest);
const reused: DenseMatrix = knn.predictProba(split.XTest, { out: new Float64Array(proba.data.length) });
// @ts-expect-error: predict's labels are not written into an out array
knn.predict(split.XTest, { out: new Float64Array(10) });
const neighbours = knn.kneighbors(split.XTest, 2);
const nearest: number = neighbours.indices.get(0, 0);
const accuracy: number = metrics.accuracyScore(split.yTest, knn.predict(split.XTest));
const scaled: DenseMatrix = new StandardScaler({ withMean: false }).fitTransform([[1, 2], [3, 4]]);
// transformers keep a float32 X's precision: always (the scalers), or after a float32 fit (PCA)
const X32 = { data: new Float32Array(4), rows: 2, cols: 2 };
const scaled32: DenseMatrix<Float32Array> = new StandardScaler().fit(X32).transform(X32, { out: new Float32Array(4) });
const fitScaled32: Float32Array = new StandardScaler().fitTransform(X32).data;
const projected32: DenseMatrix<Float32Array> | DenseMatrix = new PCA().fit(X32).transform(X32);
// @ts-expect-error: PCA gives float32 values only after a float32 fit, so not always
const projectedAlways32: DenseMatrix<Float32Array> = new PCA().fit(X32).transform(X32);
const ols = new LinearRegression({ fitIntercept: true }).fit([[1], [2], [3]], [2, 4, 6]);
const names: string[] = estimators().map((e) => e.name);
const stump = new DecisionTreeClassifier({ maxDepth: 1 }).fit([[0], [1]], ['a', 'b']);
const rules: string = exportText(stump, { featureNames: ['x'], decimals: 1 }) + tree.exportText(stump);
const mlp: MLPClassifier = new MLPClassifier({ nIterNoChange: Infinity }).partialFit([[0], [1]], ['a', 'b'], { classes: ['a', 'b'] });
const conditional: string | undefined = estimators()[0].availableIf.predictProba;
const hasProba: boolean = knn.hasMethod('predictProba') && mlp.hasMethod('partialFit');
const maps32: Float32Array = mlp.layerActivations([[0]], { dtype: 'float32', out: new Float32Array(101) });
// @ts-expect-error: in float32, out is a Float32Array
mlp.layerActivations([[0]], { dtype: 'float32', out: new Float64Array(101) });
// @ts-expect-error: only layerActivations has a float32 twin
knn.predictProba(split.XTest, { dtype: 'float32' });
// @ts-expect-error: partialFit takes classes only
mlp.partialFit([[0]], ['a'], { sampleWeight: [1] });
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
export const used = [maps32.length, proba.rows, nearest, accuracy, scaled.cols, ols.score([[4]], [8]), names.length, rules.length];
knn.dispose();
// Model selection, pipelines, clone and estimator instances in meta-estimators.
import { loadModel, GridSearchCV, RandomizedSearchCV, KFold, StratifiedKFold, crossValScore, crossValidate, makePipeline, Pipeline, clone, modelSelection, BaggingClassifier, GaussianNB } from 'wasmlearn';
const pipe: Pipeline = makePipeline(new StandardScaler(), new KNeighborsClassifier());
const search = new GridSearchCV(pipe, { kneighborsclassifier__nNeighbors: [1, 3] }, { cv: new StratifiedKFold({ nSplits: 3 }), scoring: 'accuracy' });
search.fit(X, y).then((s) => s.bestParams);
new RandomizedSearchCV(new KNeighborsClassifier(), { nNeighbors: { randint: [1, 20] } }, { nIter: 5, randomState: 1 });
const folds: number = [...new KFold({ nSplits: 3, shuffle: true, randomState: 2 }).split(X)].length + new modelSelection.KFold().getNSplits();
const scores: Promise<Float64Array> = crossValScore(knn, X, y, { cv: 3 });
crossValidate(knn, X, y, { scoring: ['accuracy'], returnTrainScore: true }).then((r) => r.fitTime);
const copy: KNeighborsClassifier = clone(knn);
new BaggingClassifier({ estimator: new GaussianNB(), nEstimators: 3 });
new BaggingClassifier(new GaussianNB());
// @ts-expect-error: a distribution is uniform, loguniform or randint
new RandomizedSearchCV(knn, { nNeighbors: { normal: [0, 1] } });
// The worker pool: nJobs, fitAsync with a signal and progress, terminatePools.
import { terminatePools, AbortError } from 'wasmlearn';
new GridSearchCV(knn, { nNeighbors: [1, 3] }, { nJobs: -1 });
crossValScore(knn, X, y, { nJobs: 2 });
const fitting: Promise<KNeighborsClassifier> = new KNeighborsClassifier().fitAsync(X, y, { signal: { aborted: false, addEventListener: () => {}, removeEventListener: () => {} }, onProgress: (done, total) => done / total });
pipe.fitAsync(X, y).then(() => terminatePools());
fitting.catch((e) => e instanceof AbortError);
const restored = loadModel(JSON.stringify(pipe));
if (restored instanceof Pipeline) restored.predict(X);
// ONNX export.
import { toOnnx, exportableEstimators } from 'wasmlearn';
const onnxBytes: Uint8Array[] = [pipe.toOnnx(), knn.toOnnx(), toOnnx(pipe)];
export const exportable: string[] = exportableEstimators().concat(String(onnxBytes.length));
// @ts-expect-error: toOnnx returns bytes, not a string
const notText: string = ols.toOnnx();
// Categorical encoders: rows of strings and numbers, in pipelines and searches.
import { OneHotEncoder, OrdinalEncoder, LabelEncoder, LogisticRegression } from 'wasmlearn';
const table = [['red', 1.5], ['blue', 2]];
const hot = new OneHotEncoder({ drop: 'if_binary', handleUnknown: 'ignore' }).fit(table);
const hotColumns: number = hot.transform(table).cols;
const back: (string | number | null)[][] = hot.inverseTransform(hot.transform(table));
new OrdinalEncoder({ handleUnknown: 'use_encoded_value', unknownValue: -1 }).fitTransform(table);
const codes: Int32Array = new LabelEncoder().fitTransform(['b', 'a']);
crossValScore(makePipeline(new OneHotEncoder(), new LogisticRegression()), table, ['x', 'y'], { cv: 2 });
export const encoded = [hotColumns, back.length, codes.length];
const rare = new OneHotEncoder({ handleUnknown: 'infrequent_if_exist', minFrequency: 0.1, maxCategories: 3 }).fit(table);
export const rareNames: string[] = rare.getFeatureNamesOut(['colour', 'size']);
export const rareCategories: ((string | number)[] | null)[] = rare.infrequentCategories;
// Multilabel indicator matrices and report names.
export const perLabel = metrics.rocAucScore([[1, 0], [0, 1], [1, 1]], [[0.9, 0.1], [0.2, 0.8], [0.6, 0.7]], { average: null });
export const report = metrics.classificationReport(['a', 'b'], ['a', 'b'], { targetNames: ['first', 'second'] });
// @ts-expect-error: targetNames are strings
metrics.classificationReport(['a'], ['a'], { targetNames: [1] });
// @ts-expect-error: handleUnknown is 'error', 'ignore' or 'infrequent_if_exist'
new OneHotEncoder({ handleUnknown: 'infrequent' });
import { loadOnnx, importableOperators } from 'wasmlearn';
const reloaded = loadOnnx(onnxBytes[0]);
export const reloadedParams: unknown = reloaded instanceof Pipeline ? reloaded.steps.length : reloaded.getParams();
export const importable: string[] = importableOperators();
// @ts-expect-error: loadOnnx takes bytes, not a file name
loadOnnx('model.onnx');
