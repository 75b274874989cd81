// wasmlearn: scikit-learn's classic estimators, compiled to WebAssembly. The module is
// instantiated once when this file is imported; everything below is synchronous.
export * from './estimators.js';
export { Estimator, estimators, loadModel } from './estimator.js';
export { DenseMatrix } from './arrays.js';
// Settings (scikit-learn's set_config): how warnings reach the user.
export { setConfig, getConfig } from './config.js';
// metrics, linearModel, losses, datasets, modelSelection and the top-level lassoPath, enetPath,
// trainTestSplit: generated from the function declarations.
export * from './function_exports.js';
export { functions } from './functions.js';
// The model selection written in JS (splitters, cross-validation, searches; also in modelSelection),
// pipelines and clone.
export * from './model_selection_parts.js';
export { Pipeline, makePipeline } from './pipeline.js';
// The categorical encoders (JS models over rows of strings and numbers).
export { OneHotEncoder, OrdinalEncoder, LabelEncoder } from './encoders.js';
export { clone } from './clone.js';
// The worker pool behind nJobs and fitAsync.
export { AbortError, terminatePools } from './pool.js';
export * as tree from './tree.js';
export { exportText } from './tree.js';
// model.toOnnx() on every estimator and Pipeline (the exportable ones; others throw).
export { toOnnx, exportableEstimators } from './onnx/index.js';
export { onnxReady } from './onnx/onnx_proto.js';
