// What a pool worker (pool_worker.js) can run, by kind: each handler takes the task's payload, its
// job's data and a progress reporter, and returns something structured-cloneable (models in their
// portable form, see estimator.js toPortable).
import './index.js'; // every estimator class and model loader (Pipeline) registered
import { fromPortable, toPortable } from './estimator.js';
import { fitAndScore, predictFold, taskFromPortable } from './validation.js';
import { setConfig } from './config.js';
import { wasm } from './module.js';

// The calling thread reports the warnings of a fitAsync (from the model's warnings), so workers stay quiet.
setConfig({ warnings: 'ignore' });

// Runs `f` on the task with its estimator rebuilt, then frees that estimator.
async function withEstimator(task, f) {
  const rebuilt = taskFromPortable(task);
  try {
    return await f(rebuilt);
  } finally {
    rebuilt.estimator.dispose();
  }
}

export const poolTasks = {
  fitAndScore: (task, data) =>
    withEstimator(task, async (t) => {
      const { estimator, ...result } = await fitAndScore(t, data);
      if (!estimator) return result;
      const estimatorJSON = estimator.toJSON();
      estimator.dispose();
      return { ...result, estimatorJSON };
    }),
  predictFold: (task, data) => withEstimator(task, (t) => predictFold(t, data)),
  // model.fitAsync: the model (JSON or portable) fitted on X, y, then given `params` if the task has them.
  fit: (task, _, onProgress) => fitModel(task, onProgress),
  // A slice of an ensemble (pool.js fitSlices): the job's data holds X, y and the fit's options.
  fitSlice: ({ model }, data, onProgress) => fitModel({ model, ...data }, onProgress),
  // A block of rows of a model's method (pool.js callInWorkers): the job's data holds the model.
  call: ({ X, method, args }, { model }) => {
    const fitted = fromPortable(model);
    try {
      return fitted[method](X, ...args);
    } finally {
      fitted.dispose();
    }
  },
  // The worker's WebAssembly heap in use (bytes), for leak tests.
  heapUsed: () => wasm.heapUsed(),
};

// fitAsync takes onProgress on every estimator; the fit reports only where it declares progress
// (a pipeline or a GaussianMixture fitted in a worker just resolves).
function fitModel({ model, X, y, options, params }, onProgress) {
  const fitted = fromPortable(model);
  try {
    const reports = onProgress && fitted.constructor.metadata?.fitOptions.includes('onProgress');
    fitted.fit(X, y, reports ? { ...options, onProgress } : options);
    return toPortable(params ? fitted.setParams(params) : fitted);
  } finally {
    fitted.dispose();
  }
}
