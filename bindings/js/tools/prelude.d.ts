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
/** Class labels: all numbers or all strings. `predict` returns labels of the kind `fit` was given. */
export type Labels = Float64Array | number[] | string[];
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
