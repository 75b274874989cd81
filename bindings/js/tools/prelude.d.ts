/** A row-major matrix: what every 2-D result is, and one of the forms X may take. */
export declare class DenseMatrix<D extends Float64Array | Float32Array | Int32Array = Float64Array> {
  constructor(data: D, rows: number, cols: number);
  readonly data: D;
  readonly rows: number;
  readonly cols: number;
  get(i: number, j: number): number;
  toArray(): number[][];
  /** The rows at `indices`, in that order (e.g. one fold of a split). */
  take(indices: ArrayLike<number>): DenseMatrix<D>;
  /** Column j. */
  column(j: number): D;
  /** The columns at `indices`, in that order. */
  columns(indices: ArrayLike<number>): DenseMatrix<D>;
  /** Rows start .. end - 1, counted as Array.prototype.slice counts them. */
  slice(start?: number, end?: number): DenseMatrix<D>;
}
/** Samples in rows: nested arrays, or a row-major buffer with its shape. */
export type MatrixLike = number[][] | ArrayLike<number>[] | { data: Float64Array | Float32Array | number[]; rows: number; cols: number };
/** Samples as float32: transformers keep their precision (see each transform). */
export type Float32Matrix = { data: Float32Array; rows: number; cols: number };
/** Class labels: all numbers or all strings. */
export type Labels = ArrayLike<number> | readonly string[];
/** One class label. */
export type Label = number | string;
/** `predict` returns labels of the kind `fit` was given: numbers as a Float64Array, or strings. */
export type PredictedLabels<L extends Label = Label> = [L] extends [string] ? L[] : [L] extends [number] ? Float64Array : Float64Array | string[];
/** Regression targets: one per sample, or a matrix for several outputs. */
export type Targets = number[] | Float64Array | Float32Array | MatrixLike;
/** What a regressor was fitted on: one target (a 1-D y) or several (a matrix y). */
export type Outputs = 'single' | 'multi';
/** A per-output attribute: `One` for a model fitted on one target, `Multi` on several (scikit-learn's
 * coef_ is (n_features,) for a 1-D y and (n_targets, n_features) for a 2-D one); both when unknown. */
export type PerOutput<O extends Outputs, One, Multi> = O extends 'single' ? One : Multi;

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
  attributes: AttributeMetadata[];
  /** X may hold NaN, a missing value (SimpleImputer); every other estimator rejects NaN by name. */
  allowsNan: boolean;
  /** Methods an instance has only under a condition (scikit-learn's available_if), with it:
   * { predictProba: 'probability is true' }. Ask an instance with hasMethod. */
  availableIf: Record<string, string>;
  /** The methods whose values are float32 (a Float32Array) for a float32 X, as scikit-learn's
   * transformers keep float32: 'x' always, 'fitAndX' when the model was fitted on float32 too. */
  float32Results: { transform?: 'x' | 'fitAndX'; inverseTransform?: 'x' | 'fitAndX' };
  /** A classifier that also fits a 0/1 indicator matrix y (multi-label; predict then gives such a matrix). */
  multilabel: boolean;
}
/** What a fitted attribute is, whatever its name (views pick attributes by role). */
export type AttributeRole =
  | 'centres' | 'classMeans' | 'covariances' | 'variances' | 'components' | 'explainedVariance'
  | 'objectiveHistory' | 'supportVectors';
export interface AttributeMetadata {
  name: string;
  doc: string;
  /** Its JS type: number, integer (a number), boolean, vector (Float64Array), intVector (Int32Array),
   * matrix (DenseMatrix), intMatrix (DenseMatrix of Int32Array). */
  type: 'number' | 'integer' | 'boolean' | 'vector' | 'intVector' | 'matrix' | 'intMatrix';
  /** One entry per regression target: the first axis is dropped when y was one-dimensional. */
  perOutput?: boolean;
  role?: AttributeRole;
  /** The short name a view prints for it: an axis prefix ("PC") for components, the objective's name for a history. */
  label?: string;
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
  /** Estimators whose metadata lists "progress" (forests, MLPs) call this during fit with (steps done,
   * total, and for an MLP epoch { loss, validationScore }, validationScore null without earlyStopping);
   * returning false cancels the fit, which then throws "fit cancelled ...". */
  onProgress?: (done: number, total: number, values?: { loss: number; validationScore: number | null }) => boolean | void;
  /** This fit's warnings: printed once ('warn'), kept in model.warnings only ('ignore') or thrown
   * ('error'). Default: the setting of setConfig. */
  warnings?: WarningAction;
}

/** What happens to warnings: 'warn' prints each distinct one once through console.warn
 * ("wasmlearn ConvergenceWarning: ..."), 'ignore' keeps them in model.warnings only, 'error' makes
 * the call throw an Error named after the warning's class (the model stays fitted). */
export type WarningAction = 'warn' | 'ignore' | 'error';
/** Package settings (scikit-learn's set_config). */
export interface Config {
  warnings: WarningAction;
}
/** Changes the given settings; returns the previous ones, so that setConfig(previous) restores them. */
export declare function setConfig(options: Partial<Config>): Config;
export declare function getConfig(): Config;

// Symbol.dispose (TypeScript's esnext.disposable library, Node >= 24) declared here, so that the
// types compile with target es2022 and neither that library nor @types/node.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

/** An AbortSignal (declared here so that the types need neither the DOM library nor @types/node). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A non-fatal note from fit or predict; `kind` follows scikit-learn's warning categories
 * (convergence: ConvergenceWarning; data, parameter: UserWarning about the data or an option). */
export interface Warning {
  kind: 'convergence' | 'data' | 'parameter';
  message: string;
}

export declare abstract class Estimator<Options> {
  /** Whether this model has the method now (scikit-learn's hasattr): a method of its class unless its
   * declared condition (metadata availableIf) fails, e.g. SVC's predictProba without probability: true. */
  hasMethod(name: string): boolean;
  getParams(): Required<Options>;
  setParams(options: Options): this;
  /** Non-fatal notes from the last fit or predict (e.g. queries with no neighbour in the radius). */
  readonly warnings: Warning[];
  toJSON(): ModelJSON;
  /** The fitted model as ONNX bytes (IR 8, opsets '' 17 and ai.onnx.ml 3) for onnxruntime: input X
   * float32 [N, nFeaturesIn]; outputs label + probabilities (classifiers), variable (regressors,
   * transformers), label + scores (KMeans, classifiers without predictProba: decisionFunction), and
   * label + scores + probabilities (SVC / NuSVC with probability: true). Throws for an estimator that
   * cannot be exported. */
  toOnnx(): Uint8Array;
  /** fit in a worker, so the calling thread stays free: fit's options (onProgress reports, its return
   * value is ignored) plus signal, an AbortSignal that cancels (the Promise rejects with an AbortError).
   * Forests, bagging, one-vs-rest and one-vs-one with nJobs other than 1 fit their members on that many workers,
   * KMeans and GaussianMixture their nInit starts, to the same model. */
  fitAsync(X: MatrixLike, y?: unknown, options?: Record<string, unknown> & { signal?: AbortSignalLike; onProgress?: (done: number, total: number) => void; warnings?: WarningAction }): Promise<this>;
  /** Frees the WebAssembly memory now; any later call throws. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/** The rejection of a fitAsync whose AbortSignal fired. */
export declare class AbortError extends Error {}
/** Stops the workers behind nJobs and fitAsync (they restart when needed); a finished program exits without it. */
export declare function terminatePools(): void;

/** Every estimator with its options (type, default, allowed values, doc), for UIs and docs. */
export declare function estimators(): EstimatorMetadata[];
/** Loads any saved model, whatever its estimator (a saved Pipeline gives a Pipeline). */
export declare function loadModel(json: ModelJSON | string | object): Estimator<unknown> | Pipeline | OneHotEncoder | OrdinalEncoder | LabelEncoder;

/** model.toOnnx() as a function (estimators and pipelines of them). */
export declare function toOnnx(model: Estimator<unknown> | Pipeline): Uint8Array;
/** Settles once protobufjs (used by toOnnx) has loaded; toOnnx throws before that, or if it could not load. */
export declare const onnxReady: Promise<void>;
/** The names of the estimators toOnnx exports. */
export declare function exportableEstimators(): string[];
/** An ONNX model (the bytes of an .onnx file) of ai.onnx.ml Scaler / Normalizer steps and a final
 * LinearRegressor, LinearClassifier, TreeEnsembleClassifier / Regressor or SVMClassifier / Regressor,
 * as skl2onnx and onnxmltools write them, as a wasmlearn model (a Pipeline for a chain); Cast, Identity
 * and ZipMap nodes are skipped, any other operator throws an Error naming it. Spark MLlib files
 * (onnxmltools) load too, a VectorAssembler's Concat of one input per column read as one matrix; Spark's
 * GBT* and categorical splits throw. Await onnxReady first. */
export declare function loadOnnx(bytes: Uint8Array | ArrayBuffer): Estimator<unknown> | Pipeline;
/** The operators loadOnnx reads ('ai.onnx.ml.Scaler', ...). */
export declare function importableOperators(): string[];

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

/** Earlier names of generated function types, kept for code that uses them. */
export type PathOptions = LassoPathOptions;
export type PathResult = LassoPathResult;
export type SplitOptions = TrainTestSplitOptions;
/** A classification data set: y holds class codes 0..k-1. */
export interface ClassificationData { X: DenseMatrix; y: Int32Array }
