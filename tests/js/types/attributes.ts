// Compiled (not run) by tests/js/types.test.mjs with tsc --strict, target es2022 and no lib beyond
// es2022 (no esnext.disposable, no @types/node): natural code, as ported from scikit-learn, uses
// fitted attributes and results with their real types, without casts.
import {
  KMeans, GaussianMixture, KNeighborsClassifier, LogisticRegression, DecisionTreeClassifier, SVC, PCA, LinearRegression,
  OneClassSVM, DenseMatrix, datasets, metrics, setConfig, getConfig, Label, PredictedLabels, WarningAction, Ridge, Lasso,
  MLPRegressor, LinearDiscriminantAnalysis, lassoPath, Targets,
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
const drawnX: DenseMatrix = drawn.X;
const drawnComponents: Float64Array = drawn.y;
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
// Methods that return several named arrays name them (from their declarations).
const path = tree.decisionPath(X);
const indptr: Float64Array = path.indptr;
const nodes: Float64Array = path.indices;
const pruning = tree.costComplexityPruningPath(X, y);
const ccpAlphas: Float64Array = pruning.ccpAlphas;
const impurities: Float64Array = pruning.impurities;
// @ts-expect-error: costComplexityPruningPath has no such array
const noSuchArray = pruning.alphas;
const { distances: neighbourDistances, indices: neighbours } = knn.kneighbors([[0.5]], 2);
const nearest: Int32Array = neighbours.column(0);
const mlp = new MLPRegressor({ hiddenLayerSizes: [4], maxIter: 20 }).fit(X, X.column(0));
const firstLayer: DenseMatrix = mlp.coefs()[0];
const firstBiases: Float64Array = mlp.intercepts()[0];
const roc = metrics.rocCurve([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.3]);
const falsePositiveRates: Float64Array = roc.fpr;
const pathCoefs: DenseMatrix = lassoPath(X, X.column(0)).coefs;
// Projections of a classifier take its labels, strings included.
const projected: DenseMatrix = new LinearDiscriminantAnalysis({ nComponents: 1 }).fitTransform([[0], [1], [5], [6]], ['a', 'a', 'b', 'b']);

const pca = new PCA({ nComponents: 2 }).fit(X);
const ratio: Float64Array = pca.explainedVarianceRatio;
const outliers: Int32Array = new OneClassSVM().fitPredict(X);
const ols = new LinearRegression().fit(X, X.column(0));
const intercept: number | Float64Array = ols.intercept;
// Per-output attributes follow y: one target gives a vector and a number, several a matrix and a vector.
const slope: Float64Array = ols.coef;
const offset: number = ols.intercept;
const fitted: Float64Array = ols.predict(X);
// @ts-expect-error: a model fitted on a 1-D y has a 1-D coef
const notAMatrix: DenseMatrix = ols.coef;
const ridge = new Ridge().fit(X, X.columns([0, 1]));
const ridgeCoef: DenseMatrix = ridge.coef;
const ridgeIntercepts: Float64Array = ridge.intercept;
const ridgePredicted: DenseMatrix = ridge.predict(X);
const lassoIters: number = new Lasso().fit(X, X.column(1)).nIter;
// A y whose shape the types cannot see gives the union, as scikit-learn's coef_ may be either.
const someTargets: Targets = X.column(0);
const either: Float64Array | DenseMatrix = new Ridge().fit(X, someTargets).coef;
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
  accuracy, action, drawnX, drawnComponents, indptr, nodes, ccpAlphas, impurities, noSuchArray, neighbourDistances, nearest, firstLayer,
  firstBiases, falsePositiveRates, pathCoefs, projected, slope, offset, fitted, notAMatrix, ridgeCoef, ridgeIntercepts, ridgePredicted,
  lassoIters, either];
