// The playground's long work on the library's worker pool (bindings/js/pool.js). The pool lives in
// the playground's worker, its workers nested in it: the training data and the fitted model stay
// where they are drawn (no model JSON crosses to the page and back), the page's thread never loads
// the WebAssembly module, and while the pool works this worker waits on promises, so it still
// answers the page (hover queries, a cancel) and an AbortSignal stops the work without replacing
// it (its module and the pool's compiled module are kept).

// Each worker holds its own WebAssembly heap: past 8 the memory grows faster than the speed.
const MAX_WORKERS = 8;

// Workers for pooled work: the machine's cores, at most MAX_WORKERS; 1 where this worker cannot
// start workers of its own. `asked` (the page's test-only jobs=<n> flag) overrides.
export function poolWorkers(asked) {
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, MAX_WORKERS);
  if (typeof Worker !== 'function') return 1;
  return Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
}

// Whether an estimator's fit runs on the pool: it declares nJobs (forests, bagging, and any
// estimator that declares it later, as restarts will), except the neighbour models, whose nJobs is
// for their queries and whose fit is only an index.
export const fitsOnPool = (meta) =>
  meta.params.some((p) => p.name === 'nJobs') && !meta.methods.includes('kneighbors') && !meta.methods.includes('radiusNeighbors');

// What the reports of a pooled fit count: an ensemble's or a one-vs-rest / one-vs-one model's
// members, a clusterer's restarts.
export const progressUnit = (meta) => (meta.params.some((p) => p.name === 'nEstimators' || p.name === 'nMembers') ? 'members' : 'runs');

// The model of `params` fitted by fitAsync on `workers` workers: the same bits as fit (the pool
// seeds each member from randomState and its index). onProgress(done, total); an aborted signal
// rejects with an AbortError.
export async function fitPooled(Model, params, X, y, workers, { signal, onProgress }) {
  const model = new Model({ ...params, nJobs: workers });
  try {
    return await model.fitAsync(X, y, { signal, onProgress });
  } catch (e) {
    model.dispose();
    throw e;
  }
}

export const isAbort = (e) => e?.name === 'AbortError';

// Abort controllers of the requests running on the pool, by request id; a figure's newer render
// aborts its older one's (abortFigure).
const running = new Map();
const byFigure = new Map();

export function abortFigure(fig) {
  running.get(byFigure.get(fig))?.abort();
}

export function startPooled(id, fig) {
  const controller = new AbortController();
  running.set(id, controller);
  if (fig !== undefined) byFigure.set(fig, id);
  return controller.signal;
}

export function endPooled(id, fig) {
  running.delete(id);
  if (byFigure.get(fig) === id) byFigure.delete(fig);
}

// The page's cancel: aborts the named requests (all when none is named).
export function abortPooled(ids) {
  for (const [id, controller] of running) if (!ids || ids.includes(id)) controller.abort();
}
