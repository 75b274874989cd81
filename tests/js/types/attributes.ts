// Compiled (not run) by tests/js/types.test.mjs with tsc --strict, target es2022 and no lib beyond
// es2022 (no esnext.disposable, no @types/node): natural code, as ported from scikit-learn, uses
// fitted attributes and results with their real types, without casts.
import {
  KMeans, GaussianMixture, KNeighborsClassifier, LogisticRegression, DecisionTreeClassifier, SVC, PCA, LinearRegression,
  OneClassSVM, DenseMatrix, datasets, metrics, setConfig, getConfig, Label, PredictedLabels, WarningAction,
} from 'wasmlearn';

const { X, y } = datasets.makeBlobs({ nSamples: 60, centers: 3, randomState: 0 });
const km = new KMeans({ nClusters: 3, randomState: 0 }).fit(X);
const inertia: number = km.inertia;
const nIter: number = km.nIter;
const centres: number[][] = km.clusterCenters.toArray();
const labels: Int32Array = km.labels;
const assigned: Int32Array = new KMeans({ nClusters: 2 }).fitPredict(X, undefined, { warnings: 'ignore' });
const distances: DenseMatrix = km.fitTransform(X);

const gm = new GaussianMixture({ nComponents: 3 }).fit(X);
const converged: boolean = gm.converged;
const bic: number = gm.bic(X);
const aic: number = gm.aic(X);
const density: Float64Array = gm.scoreSamples(X);
const drawn = gm.sample(5);
const components: Int32Array = gm.fitPredict(X);

// A classifier fitted on strings predicts strings; on numbers, a Float64Array.
const animals: string[] = ['cat', 'dog', 'cat', 'dog'];
const knn = new KNeighborsClassifier({ nNeighbors: 1 }).fit([[0], [1], [0.1], [0.9]], animals);
const predicted: string[] = knn.predict([[0.2]]);
const animalClasses: string[] = knn.classes;
const logistic = new LogisticRegression().fit(X, y);
const codes: Float64Array = logistic.predict(X);
const coef: DenseMatrix = logistic.coef;
// Declared with its label type, fitted apart from its construction.
const typed = new SVC<string>();
typed.fit([[0], [1]], ['no', 'yes']);
const answer: string[] = typed.predict([[1]]);
const support: Int32Array = typed.support;
// @ts-expect-error: string labels do not predict numbers
const wrong: Float64Array = knn.predict([[0]]);
const anyLabels: PredictedLabels<Label> = new KNeighborsClassifier().predict(X);

const tree = new DecisionTreeClassifier({ maxDepth: 2 }).fit(X, y);
const depth: number = tree.getDepth();
const leaves: Int32Array = tree.apply(X);
const feature: Int32Array = tree.tree.feature;
const threshold: Float64Array = tree.tree.threshold;

const pca = new PCA({ nComponents: 2 }).fit(X);
const ratio: Float64Array = pca.explainedVarianceRatio;
const outliers: Int32Array = new OneClassSVM().fitPredict(X);
const ols = new LinearRegression().fit(X, X.column(0));
const intercept: number | Float64Array = ols.intercept;
const fold: DenseMatrix = X.take([0, 2]).columns([1]).slice(0, 1);

const accuracy: number = metrics.accuracyScore(animals, knn.predict([[0], [1], [0.1], [0.9]]));
const action: WarningAction = getConfig().warnings;
setConfig({ warnings: 'error' });
// @ts-expect-error: warnings is 'warn', 'ignore' or 'error'
setConfig({ warnings: 'loud' });

// Freeing: dispose() works everywhere; [Symbol.dispose] is declared without esnext.disposable.
km.dispose();
gm[Symbol.dispose]();

export const used = [inertia, nIter, centres, labels, assigned, distances, converged, bic, aic, density, drawn, components, predicted,
  animalClasses, codes, coef, answer, support, wrong, anyLabels, depth, leaves, feature, threshold, ratio, outliers, intercept, fold,
  accuracy, action];
