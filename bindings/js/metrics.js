// sklearn.metrics: labels of any kind for accuracy, numbers (1-D or multi-output) for regression.
import { wasm } from './module.js';
import { toTargets, labelKind, codesFor } from './arrays.js';

function pair(yTrue, yPred) {
  const t = toTargets(yTrue, yTrue?.length ?? yTrue?.rows, 'yTrue');
  const p = toTargets(yPred, t.rows, 'yPred');
  if (t.cols !== p.cols) throw new Error(`yTrue has ${t.cols} outputs but yPred has ${p.cols}`);
  return [t, p];
}

export function accuracyScore(yTrue, yPred) {
  const kind = labelKind(yTrue, 'yTrue');
  if (labelKind(yPred, 'yPred') !== kind && yPred.length > 0) throw new Error('yTrue and yPred hold different kinds of labels');
  if (yTrue.length !== yPred.length) throw new Error(`yTrue has ${yTrue.length} entries but yPred has ${yPred.length}`);
  const classes = [...new Set([...yTrue, ...yPred])];
  return wasm.accuracyScore(codesFor(yTrue, classes, 'yTrue'), codesFor(yPred, classes, 'yPred'));
}

export function meanSquaredError(yTrue, yPred) {
  const [t, p] = pair(yTrue, yPred);
  return wasm.meanSquaredError(t.data, p.data, t.rows, t.cols);
}

export function meanAbsoluteError(yTrue, yPred) {
  const [t, p] = pair(yTrue, yPred);
  return wasm.meanAbsoluteError(t.data, p.data, t.rows, t.cols);
}

export function r2Score(yTrue, yPred) {
  const [t, p] = pair(yTrue, yPred);
  return wasm.r2Score(t.data, p.data, t.rows, t.cols);
}
