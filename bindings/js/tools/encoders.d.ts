
// ---- The categorical encoders (bindings/js/encoders.js), written in JS.

/** Rows whose columns each hold strings or numbers: [['red', 1.5], ['blue', 2]]. */
export type Rows = (string | number)[][];
/** One list of categories per column: all strings or all numbers. */
export type Categories = (string[] | number[])[];

/** What OneHotEncoder and OrdinalEncoder share. */
declare class CategoricalEncoder<Options> {
  /** Fitted categories, one list per column, sorted as scikit-learn's (numbers ascending, strings by code unit) unless given. */
  readonly categories: Categories;
  readonly nFeaturesIn: number;
  readonly warnings: never[];
  getParams(): Required<Options>;
  setParams(options: Options): this;
  fit(X: Rows | MatrixLike, y?: unknown): this;
  transform(X: Rows | MatrixLike): DenseMatrix;
  fitTransform(X: Rows | MatrixLike, y?: unknown): DenseMatrix;
  /** Rows of categories (null for an unknown one under handleUnknown 'ignore' / 'use_encoded_value'; 'infrequent_sklearn' for OneHotEncoder's infrequent column). */
  inverseTransform(X: MatrixLike): (string | number | null)[][];
  toJSON(): ModelJSON;
  dispose(): void;
}

export interface OneHotEncoderOptions {
  /** 'auto' (the sorted values seen in fit) or one list per column. Default: "auto". */
  categories?: 'auto' | Categories;
  /** The category of each column that gets no column: null, 'first', 'if_binary' or one category (or null) per column. Default: null. */
  drop?: null | 'first' | 'if_binary' | (string | number | null)[];
  /** 'error', 'ignore' (an unknown category gives all-zero columns) or 'infrequent_if_exist' (the infrequent column, else all zeros). Default: "error". */
  handleUnknown?: 'error' | 'ignore' | 'infrequent_if_exist';
  /** Categories seen fewer times in fit (an integer count, or a fraction of the rows in (0, 1)) are infrequent. Default: null. */
  minFrequency?: number | null;
  /** At most this many output columns per feature, the infrequent column included (integer ≥ 1). Default: null. */
  maxCategories?: number | null;
}

/** One indicator column per category of each column (scikit-learn's OneHotEncoder, dense output). */
export declare class OneHotEncoder extends CategoricalEncoder<OneHotEncoderOptions> {
  constructor(options?: OneHotEncoderOptions);
  static fromJSON(json: ModelJSON | string): OneHotEncoder;
  /** The infrequent categories of each feature (null where none); throws unless minFrequency or maxCategories is set. */
  readonly infrequentCategories: ((string | number)[] | null)[];
  /** Output column names, `${feature}_${category}` (x0, x1, ... unless given; `${feature}_infrequent_sklearn` for the infrequent column). */
  getFeatureNamesOut(inputFeatures?: string[]): string[];
}

export interface OrdinalEncoderOptions {
  /** 'auto' (the sorted values seen in fit) or one list per column. Default: "auto". */
  categories?: 'auto' | Categories;
  /** What an unknown category gives: an Error, or unknownValue. Default: "error". */
  handleUnknown?: 'error' | 'use_encoded_value';
  /** The code of an unknown category under 'use_encoded_value' (an integer not in use, or NaN). Default: null. */
  unknownValue?: number | null;
}

/** Each column as its category index (scikit-learn's OrdinalEncoder). */
export declare class OrdinalEncoder extends CategoricalEncoder<OrdinalEncoderOptions> {
  constructor(options?: OrdinalEncoderOptions);
  static fromJSON(json: ModelJSON | string): OrdinalEncoder;
}

/** Labels (numbers or strings) as codes 0..k-1 in sorted order (scikit-learn's LabelEncoder). */
export declare class LabelEncoder {
  constructor(options?: Record<string, never>);
  static fromJSON(json: ModelJSON | string): LabelEncoder;
  readonly classes: Float64Array | string[];
  getParams(): Record<string, never>;
  setParams(options: Record<string, never>): this;
  fit(y: Labels): this;
  transform(y: Labels): Int32Array;
  fitTransform(y: Labels): Int32Array;
  inverseTransform(codes: ArrayLike<number>): Float64Array | string[];
  toJSON(): ModelJSON;
  dispose(): void;
}
