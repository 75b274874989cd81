/** A row-major matrix: what every 2-D result is, and one of the forms X may take. */
export declare class DenseMatrix<D extends Float64Array | Float32Array | Int32Array = Float64Array> {
  constructor(data: D, rows: number, cols: number);
  readonly data: D;
  readonly rows: number;
  readonly cols: number;
  get(i: number, j: number): number;
  toArray(): number[][];
}
/** Samples in rows: nested arrays, or a row-major buffer with its shape. */
export type MatrixLike = number[][] | ArrayLike<number>[] | { data: Float64Array | Float32Array | number[]; rows: number; cols: number };
/** Class labels: all numbers or all strings. */
export type Labels = ArrayLike<number> | readonly string[];
/** `predict` returns labels of the kind `fit` was given: numbers as a Float64Array, or strings. */
export type PredictedLabels = Float64Array | string[];
/** Regression targets: one per sample, or a matrix for several outputs. */
export type Targets = number[] | Float64Array | Float32Array | MatrixLike;

export interface ParamMetadata {
  name: string;
  type: 'integer' | 'number' | 'boolean' | 'string';
  default: unknown;
  nullable: boolean;
  doc: string;
  values?: string[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  /** One value per class (e.g. classWeight): an array in the order of `classes`, or an object keyed by label. */
  perClass?: boolean;
}
export interface EstimatorMetadata {
  name: string;
  family: string;
  doc: string;
  kind: 'classifier' | 'regressor' | 'transformer' | 'clusterer';
  methods: string[];
  /** The options fit takes besides X and y. */
  fitOptions: (keyof FitOptions)[];
  params: ParamMetadata[];
  attributes: { name: string; doc: string }[];
}
/** A saved model: versioned, validated when loaded. */
export interface ModelJSON {
  format: 'wasmlearn-model';
  version: number;
  estimator: string;
  params: Record<string, unknown>;
  fitted: boolean;
  yIsVector: boolean;
  state?: unknown;
  labels?: { kind: 'number' | 'string'; classes: (number | string)[] };
}

/** Every option of fit; each estimator's fit takes those its metadata's fitOptions lists (any
 * other throws). */
export interface FitOptions {
  /** One non-negative weight per row of X, not all zero (scikit-learn's sample_weight). */
  sampleWeight?: number[] | Float64Array | Float32Array;
  /** Estimators whose metadata lists "progress" (forests) call this during fit with (steps done,
   * total); returning false cancels the fit, which then throws "fit cancelled ...". */
  onProgress?: (done: number, total: number) => boolean | void;
}

export declare abstract class Estimator<Options> {
  getParams(): Required<Options>;
  setParams(options: Options): this;
  /** Non-fatal notes from the last fit or predict (e.g. queries with no neighbour in the radius). */
  readonly warnings: string[];
  toJSON(): ModelJSON;
  /** Frees the WebAssembly memory now; any later call throws. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/** Every estimator with its options (type, default, allowed values, doc), for UIs and docs. */
export declare function estimators(): EstimatorMetadata[];
/** Loads any saved model, whatever its estimator. */
export declare function loadModel(json: ModelJSON | string): Estimator<unknown>;

/** sklearn.metrics. */
export declare namespace metrics {
  function accuracyScore(yTrue: Labels, yPred: Labels): number;
  function meanSquaredError(yTrue: Targets, yPred: Targets): number;
  function meanAbsoluteError(yTrue: Targets, yPred: Targets): number;
  /** R², averaged uniformly over outputs. */
  function r2Score(yTrue: Targets, yPred: Targets): number;
}

/** Options of {@link exportText} (scikit-learn's export_text parameters in camelCase). */
export interface ExportTextOptions {
  /** One name per feature. Default: feature_0, feature_1, ... */
  featureNames?: readonly string[] | null;
  /** One name per class (classifiers). Default: the fitted class labels. */
  classNames?: readonly (string | number)[] | null;
  /** Digits after the decimal point of thresholds and values. Default 2. */
  decimals?: number;
  /** Levels shown; deeper branches print as "truncated branch of depth n". Default 10 (as scikit-learn); Infinity shows all. */
  maxDepth?: number;
  /** Width of each level. Default 3. */
  spacing?: number;
  /** Classifiers: print each leaf's weighted class counts. Default false. */
  showWeights?: boolean;
}
/**
 * sklearn.tree.export_text: the rules of a fitted decision tree as text ("|--- feature_2 <= 2.45",
 * "|   |--- class: setosa"; regression leaves "value: [1.23]"). Throws for any other model.
 */
export declare function exportText(model: DecisionTreeClassifier | DecisionTreeRegressor, options?: ExportTextOptions): string;
/** sklearn.tree helpers. */
export declare namespace tree {
  export { exportText };
}

/**
 * Loss functions and penalties, for plots. Margin losses take m = y·f(x) (y in {-1, +1}),
 * regression losses residuals r = y - f(x); a number gives a number, an array a Float64Array.
 */
export declare namespace losses {
  type Values = number[] | Float64Array | Float32Array;
  /** 1 where m <= 0, else 0. */
  function zeroOne(margins: number): number;
  function zeroOne(margins: Values): Float64Array;
  /** ln(1 + e^-m) (natural log). */
  function logistic(margins: number): number;
  function logistic(margins: Values): Float64Array;
  /** max(0, 1 - m). */
  function hinge(margins: number): number;
  function hinge(margins: Values): Float64Array;
  /** max(0, 1 - m)². */
  function squaredHinge(margins: number): number;
  function squaredHinge(margins: Values): Float64Array;
  /** e^-m. */
  function exponential(margins: number): number;
  function exponential(margins: Values): Float64Array;
  /** max(0, -m). */
  function perceptron(margins: number): number;
  function perceptron(margins: Values): Float64Array;
  /** r². */
  function squared(residuals: number): number;
  function squared(residuals: Values): Float64Array;
  /** |r|. */
  function absolute(residuals: number): number;
  function absolute(residuals: Values): Float64Array;
  /** max(0, |r| - epsilon); epsilon defaults to 0.1. */
  function epsilonInsensitive(residuals: number, epsilon?: number): number;
  function epsilonInsensitive(residuals: Values, epsilon?: number): Float64Array;
  /** r²/2 if |r| <= delta, else delta·(|r| - delta/2); delta defaults to 1.35. */
  function huber(residuals: number, delta?: number): number;
  function huber(residuals: Values, delta?: number): Float64Array;
  /** Number of non-zero coefficients of a vector, or of each row of a matrix. */
  function l0(w: Values): number;
  function l0(w: MatrixLike): Float64Array;
  /** Σ|w_j| of a vector, or of each row of a matrix. */
  function l1(w: Values): number;
  function l1(w: MatrixLike): Float64Array;
  /** √Σw_j² (the Euclidean norm) of a vector, or of each row of a matrix. */
  function l2(w: Values): number;
  function l2(w: MatrixLike): Float64Array;
  /** l1Ratio·Σ|w_j| + (1 - l1Ratio)/2·Σw_j² (scikit-learn's elastic net per unit alpha); l1Ratio defaults to 0.5. */
  function elasticNet(w: Values, l1Ratio?: number): number;
  function elasticNet(w: MatrixLike, l1Ratio?: number): Float64Array;
}

/** A classification data set: y holds class codes 0..k-1. */
export interface ClassificationData { X: DenseMatrix; y: Int32Array }
/** sklearn.datasets: seeded generators, identical in Node, browsers and the native build. */
export declare namespace datasets {
  function makeBlobs(options?: { nSamples?: number; nFeatures?: number; centers?: number | number[][]; clusterStd?: number; centerBox?: [number, number]; shuffle?: boolean; randomState?: number }): ClassificationData;
  function makeMoons(options?: { nSamples?: number; noise?: number; shuffle?: boolean; randomState?: number }): ClassificationData;
  function makeCircles(options?: { nSamples?: number; noise?: number; factor?: number; shuffle?: boolean; randomState?: number }): ClassificationData;
  function makeClassification(options?: { nSamples?: number; nFeatures?: number; nInformative?: number; nRedundant?: number; nRepeated?: number; nClasses?: number; nClustersPerClass?: number; classSep?: number; flipY?: number; shuffle?: boolean; randomState?: number }): ClassificationData;
  function makeRegression(options?: { nSamples?: number; nFeatures?: number; nInformative?: number; noise?: number; bias?: number; shuffle?: boolean; randomState?: number }): { X: DenseMatrix; y: Float64Array; coef: Float64Array };
  function loadIris(): ClassificationData & { featureNames: string[]; targetNames: string[] };
}

export interface SplitOptions {
  /** An integer ≥ 1 is a count of samples, anything else a fraction. Default: 0.25 when trainSize is unset too. */
  testSize?: number | null;
  trainSize?: number | null;
  shuffle?: boolean;
  /** Labels to split in proportion (every class on both sides). */
  stratify?: Labels | null;
  randomState?: number;
}
/** sklearn.model_selection.train_test_split; X and y keep the form they were given in. */
export declare function trainTestSplit<XT extends MatrixLike, YT extends Labels | Targets>(
  X: XT, y: YT, options?: SplitOptions): { XTrain: XT; XTest: XT; yTrain: YT; yTest: YT };
export declare function trainTestSplit<XT extends MatrixLike>(X: XT, options?: SplitOptions): { XTrain: XT; XTest: XT };
export declare namespace modelSelection {
  export { trainTestSplit };
}

/** Options of lassoPath / enetPath (scikit-learn's lasso_path / enet_path; no intercept, no centring). */
export interface PathOptions {
  /** Automatic grid: alphaMin = eps·alphaMax, alphaMax = max|Xᵀy| / (n·l1Ratio). Default 1e-3. */
  eps?: number;
  /** Length of the automatic grid. Default 100. */
  nAlphas?: number;
  /** An explicit grid instead (used in descending order). */
  alphas?: ArrayLike<number> | null;
  /** Duality-gap tolerance (relative to ‖y‖²/n). Default 1e-4. */
  tol?: number;
  /** Coordinate-descent sweeps per alpha. Default 1000. */
  maxIter?: number;
  /** Non-negative coefficients only. Default false. */
  positive?: boolean;
}
export interface PathResult {
  /** Descending. */
  alphas: Float64Array;
  /** nFeatures x nAlphas: column i is the solution at alphas[i] (scikit-learn's layout). */
  coefs: DenseMatrix;
  /** Duality gap at each alpha (objective units). */
  dualGaps: Float64Array;
  /** Sweeps run at each alpha. */
  nIters: Int32Array;
  /** One ConvergenceWarning per alpha that reached maxIter. */
  warnings: string[];
}
/** sklearn.linear_model.lasso_path: the lasso solutions along a grid of alphas, warm-started. */
export declare function lassoPath(X: MatrixLike, y: ArrayLike<number>, options?: PathOptions): PathResult;
/** sklearn.linear_model.enet_path: as lassoPath for the elastic net; l1Ratio in [0, 1] (default 0.5; 0 needs alphas). */
export declare function enetPath(X: MatrixLike, y: ArrayLike<number>, options?: PathOptions & { l1Ratio?: number }): PathResult;
export declare namespace linearModel {
  export { lassoPath, enetPath };
}
