// wasmlearn: scikit-learn's classic estimators, compiled to WebAssembly. The module is
// instantiated once when this file is imported; everything below is synchronous.
export * from './estimators.js';
export { Estimator, estimators, loadModel } from './estimator.js';
export { DenseMatrix } from './arrays.js';
export * as metrics from './metrics.js';
export * as linearModel from './linear_model.js';
export { lassoPath, enetPath } from './linear_model.js';
export * as losses from './losses.js';
export * as tree from './tree.js';
export { exportText } from './tree.js';
export * as datasets from './datasets.js';
export { trainTestSplit } from './model_selection.js';
export * as modelSelection from './model_selection.js';
