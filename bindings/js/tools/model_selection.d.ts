
// ---- Hand-written: model selection (bindings/js/splitters.js, validation.js, search.js), pipelines, clone.
/** One fold: the rows to train on and the rows to test on. */
export interface Fold { train: Int32Array; test: Int32Array }
/** Anything with scikit-learn's split(X, y, groups) yielding folds. */
export interface Splitter {
  split(X: MatrixLike | number, y?: Labels | Targets | null, groups?: Labels | null): Iterable<Fold>;
  getNSplits(X?: MatrixLike | number): number;
}
/** A splitter class: its options, and what split needs besides X (y for the stratified ones, groups for GroupKFold). */
declare class SplitterClass<Options> implements Splitter {
  constructor(options?: Options);
  split(X: MatrixLike | number, y?: Labels | Targets | null, groups?: Labels | null): Generator<Fold>;
  /** LeaveOneOut needs X; the others know their count. */
  getNSplits(X?: MatrixLike | number): number;
}
export interface KFoldOptions { nSplits?: number; shuffle?: boolean; randomState?: number | null }
export interface RepeatedKFoldOptions { nSplits?: number; nRepeats?: number; randomState?: number }
export interface ShuffleSplitOptions { nSplits?: number; testSize?: number | null; trainSize?: number | null; randomState?: number }
export interface TimeSeriesSplitOptions { nSplits?: number; maxTrainSize?: number | null; testSize?: number | null; gap?: number }
/** K consecutive folds (shuffled first with shuffle, from the core's seeded generator). */
export declare class KFold extends SplitterClass<KFoldOptions> {}
/** K folds that keep the class proportions of y (scikit-learn's allocation); split needs y. */
export declare class StratifiedKFold extends SplitterClass<KFoldOptions> {
  /** Set by split: a class smaller than nSplits. */
  readonly warnings: string[];
}
/** KFold with shuffle repeated nRepeats times, each repeat with its own seed. */
export declare class RepeatedKFold extends SplitterClass<RepeatedKFoldOptions> {}
/** StratifiedKFold with shuffle repeated nRepeats times; split needs y. */
export declare class RepeatedStratifiedKFold extends SplitterClass<RepeatedKFoldOptions> {}
/** nSplits independent random train/test splits (trainTestSplit's sizes; test 0.1 by default). */
export declare class ShuffleSplit extends SplitterClass<ShuffleSplitOptions> {}
/** nSplits independent stratified random splits; split needs y. */
export declare class StratifiedShuffleSplit extends SplitterClass<ShuffleSplitOptions> {}
/** K folds of whole groups, balanced greedily by size (scikit-learn 1.2.1's rule); split needs groups. */
export declare class GroupKFold extends SplitterClass<{ nSplits?: number }> {}
/** One fold per sample. */
export declare class LeaveOneOut extends SplitterClass<Record<string, never>> {}
/** Growing training windows followed by their test blocks. */
export declare class TimeSeriesSplit extends SplitterClass<TimeSeriesSplitOptions> {}

/** A fitted or unfitted model: an estimator, a Pipeline or a search. */
export type Model = Estimator<unknown> | Pipeline | GridSearchCV | RandomizedSearchCV | OneHotEncoder | OrdinalEncoder;
/** A scoring string (see scoringNames), or a function (fitted estimator, X, y) => number (larger is better). */
export type Scoring = string | ((estimator: any, X: MatrixLike | Rows, y: any) => number);
export type CV = number | Splitter | ([ArrayLike<number>, ArrayLike<number>] | { train: ArrayLike<number>; test: ArrayLike<number> })[];
export interface CrossValidationOptions {
  /** Group label of each sample, for GroupKFold. */
  groups?: Labels;
  /** Folds: a number (StratifiedKFold for classifiers, else KFold; default 5), a splitter or index pairs. */
  cv?: CV;
  /** Options passed to each fit (e.g. { sampleWeight }). */
  fitParams?: Record<string, unknown>;
  /** 'raise' or the score given to a failed fit (default NaN). */
  errorScore?: 'raise' | number;
  /** Workers for the folds: 1 (default) this thread, n > 1 a pool of n, -1 every core, -2 all but one. Results do not depend on it. */
  nJobs?: number;
  /** Cancels: the Promise rejects with an AbortError (in this thread, seen between folds). */
  signal?: AbortSignalLike;
  /** Called as each fit ends: k of the n fits done (counting up to n, in any nJobs). */
  onProgress?: (k: number, n: number) => void;
}
export interface CrossValidateOptions extends CrossValidationOptions {
  /** One scoring, a list of scoring strings or { name: scoring } (default: the estimator's score). */
  scoring?: Scoring | string[] | Record<string, Scoring>;
  returnTrainScore?: boolean;
  returnEstimator?: boolean;
  returnIndices?: boolean;
}
/** testScore (or test<Name> per scorer), fitTime, scoreTime (seconds) and what was asked for. */
export interface CrossValidateResult {
  fitTime: Float64Array;
  scoreTime: Float64Array;
  estimator?: any[];
  indices?: { train: Int32Array[]; test: Int32Array[] };
  [key: string]: Float64Array | any[] | { train: Int32Array[]; test: Int32Array[] } | undefined;
}
/** Scoring strings as scikit-learn's (each scores through a function of the metrics namespace). */
export declare const scoringNames: string[];
export declare function crossValidate(estimator: Model, X: MatrixLike | Rows, y?: Labels | Targets | null, options?: CrossValidateOptions): Promise<CrossValidateResult>;
export declare function crossValScore(estimator: Model, X: MatrixLike | Rows, y?: Labels | Targets | null, options?: CrossValidationOptions & { scoring?: Scoring }): Promise<Float64Array>;
export declare function crossValPredict(estimator: Model, X: MatrixLike | Rows, y?: Labels | Targets | null,
  options?: Omit<CrossValidationOptions, 'errorScore'> & { method?: 'predict' | 'predictProba' | 'decisionFunction' | 'transform' }): Promise<PredictedLabels | Float64Array | DenseMatrix>;
/** Train and test scores, one row per value of paramName, one column per fold. */
export declare function validationCurve(estimator: Model, X: MatrixLike | Rows, y: Labels | Targets | null,
  options: CrossValidationOptions & { paramName: string; paramRange: unknown[]; scoring?: Scoring }): Promise<{ trainScores: DenseMatrix; testScores: DenseMatrix }>;
export interface LearningCurveOptions extends CrossValidationOptions {
  /** Fractions in (0, 1] of the largest training set, or counts (default [0.1, 0.325, 0.55, 0.775, 1]). */
  trainSizes?: ArrayLike<number>;
  scoring?: Scoring;
  shuffle?: boolean;
  randomState?: number;
  returnTimes?: boolean;
}
export declare function learningCurve(estimator: Model, X: MatrixLike | Rows, y: Labels | Targets | null, options?: LearningCurveOptions): Promise<{
  trainSizesAbs: Int32Array; trainScores: DenseMatrix; testScores: DenseMatrix; fitTimes?: DenseMatrix; scoreTimes?: DenseMatrix;
}>;

export interface SearchOptions {
  scoring?: Scoring | string[] | Record<string, Scoring>;
  /** true (single metric), false, a scorer's name (several metrics) or a function (cvResults) => best index. */
  refit?: boolean | string | ((cvResults: Record<string, any>) => number);
  cv?: CV;
  errorScore?: 'raise' | number;
  returnTrainScore?: boolean;
  /** Workers for the folds: 1 (default) this thread, n > 1 a pool of n, -1 every core, -2 all but one. Results do not depend on it. */
  nJobs?: number;
}
/** A range of values: scipy.stats' uniform(loc, scale), loguniform(a, b) or randint(low, high). */
export type Distribution = unknown[] | { uniform: [number, number] } | { loguniform: [number, number] } | { randint: [number, number] };
declare abstract class BaseSearchCV {
  /** fit options: groups (for the splitter) and the estimator's own fit options. */
  fit(X: MatrixLike | Rows, y?: Labels | Targets | null, options?: { groups?: Labels; signal?: AbortSignalLike; onProgress?: (k: number, n: number) => void } & Record<string, unknown>): Promise<this>;
  /** scikit-learn's cv_results_ with camelCase keys (meanTestScore, rankTestScore, split0TestScore, paramNNeighbors, params, ...). */
  readonly cvResults: Record<string, any>;
  readonly bestIndex: number;
  readonly bestParams: Record<string, unknown>;
  readonly bestScore: number;
  readonly bestEstimator: any;
  readonly refitTime: number;
  readonly nSplits: number;
  readonly classes: PredictedLabels;
  /** Splitter notes and failed fits of the last fit. */
  readonly warnings: string[];
  getParams(): Record<string, unknown>;
  /** Its own options (the search is rebuilt and unfitted) and its estimator's as estimator__<name>. */
  setParams(params: Record<string, unknown>): this;
  predict(X: MatrixLike | Rows): any;
  predictProba(X: MatrixLike | Rows): DenseMatrix;
  decisionFunction(X: MatrixLike | Rows): Float64Array | DenseMatrix;
  transform(X: MatrixLike | Rows): DenseMatrix;
  score(X: MatrixLike | Rows, y: Labels | Targets): number;
  /** Frees the refitted best estimator's WebAssembly memory (fit again to use the search). */
  dispose(): void;
}
/** Every combination of a grid (or of each grid of a list), cross-validated. */
export declare class GridSearchCV extends BaseSearchCV {
  constructor(estimator: Model, paramGrid: Record<string, unknown[]> | Record<string, unknown[]>[], options?: SearchOptions);
}
/** nIter candidates drawn from distributions with the core's seeded generator. */
export declare class RandomizedSearchCV extends BaseSearchCV {
  constructor(estimator: Model, paramDistributions: Record<string, Distribution> | Record<string, Distribution>[],
    options?: SearchOptions & { nIter?: number; randomState?: number });
}

/** A step of a Pipeline: an estimator (or pipeline), or 'passthrough' / null. */
export type Step = Model | 'passthrough' | null;
/** Named steps run in order: every step but the last transforms X for the next. */
export declare class Pipeline {
  constructor(steps: [string, Step][]);
  static fromJSON(json: object | string): Pipeline;
  readonly steps: [string, Step][];
  readonly namedSteps: Record<string, Step>;
  readonly classes: PredictedLabels;
  /** steps, each step by name, and each step's options as step__option. */
  getParams(): Record<string, unknown>;
  setParams(params: Record<string, unknown>): this;
  /** options addressed to steps: { <step>__<fit option>: value }. */
  fit(X: MatrixLike | Rows, y?: Labels | Targets | null, options?: Record<string, unknown>): this;
  /** fit in a worker (see Estimator.fitAsync); the steps keep their identity. A last step that fits in parts on the pool (a forest or bagging with nJobs, restarts, one-vs-rest members) does: the steps before it fitted once, then it on nJobs workers, reporting onProgress. */
  fitAsync(X: MatrixLike | Rows, y?: Labels | Targets | null, options?: Record<string, unknown> & { signal?: AbortSignalLike; onProgress?: (k: number, n: number) => void }): Promise<this>;
  predict(X: MatrixLike | Rows): any;
  predictProba(X: MatrixLike | Rows): DenseMatrix;
  decisionFunction(X: MatrixLike | Rows): Float64Array | DenseMatrix;
  /** float32 values when the steps keep a float32 X's precision (see each step's transform). */
  transform(X: Float32Matrix): DenseMatrix<Float32Array> | DenseMatrix;
  transform(X: MatrixLike | Rows): DenseMatrix;
  fitTransform(X: Float32Matrix, y?: Labels | Targets | null, options?: Record<string, unknown>): DenseMatrix<Float32Array> | DenseMatrix;
  fitTransform(X: MatrixLike | Rows, y?: Labels | Targets | null, options?: Record<string, unknown>): DenseMatrix;
  score(X: MatrixLike | Rows, y: Labels | Targets): number;
  /** The fitted pipeline as one ONNX model (see Estimator.toOnnx); every step must be exportable. */
  toOnnx(): Uint8Array;
  toJSON(): { estimator: 'Pipeline'; steps: [string, ModelJSON | 'passthrough' | null][] };
  dispose(): void;
}
/** A Pipeline with the steps named as scikit-learn's make_pipeline (lower-cased class names, numbered when repeated). */
export declare function makePipeline(...steps: Step[]): Pipeline;
/** A new unfitted model of the same class with the same parameters (deep for pipelines and searches). */
export declare function clone<M extends Model>(model: M): M;

export declare namespace modelSelection {
  export {
    KFold, StratifiedKFold, RepeatedKFold, RepeatedStratifiedKFold, ShuffleSplit, StratifiedShuffleSplit, GroupKFold,
    LeaveOneOut, TimeSeriesSplit, crossValScore, crossValidate, crossValPredict, validationCurve, learningCurve,
    GridSearchCV, RandomizedSearchCV, scoringNames,
  };
}
