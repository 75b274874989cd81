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
}
export interface EstimatorMetadata {
  name: string;
  family: string;
  doc: string;
  kind: 'classifier' | 'regressor' | 'transformer' | 'clusterer';
  methods: string[];
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
