// The page of the packaged-app tests (a Vite app, a webpack app): fits and predicts, and fits a forest
// on two pool workers with fitAsync, which must give the same model as the synchronous fit.
import { KNeighborsClassifier, RandomForestClassifier, datasets, metrics } from 'wasmlearn';

const out = document.getElementById('out');
try {
  const { X, y } = datasets.makeMoons({ nSamples: 100, noise: 0.1, randomState: 3 });
  const knn = new KNeighborsClassifier({ nNeighbors: 3 }).fit(X, y);
  const accuracy = metrics.accuracyScore(y, knn.predict(X));
  const options = { nEstimators: 8, maxDepth: 4, randomState: 5, nJobs: 2 };
  const synchronous = new RandomForestClassifier(options).fit(X, y);
  const pooled = await new RandomForestClassifier(options).fitAsync(X, y);
  out.textContent = JSON.stringify({
    accuracy,
    classes: Array.from(knn.classes),
    forestAccuracy: pooled.score(X, y),
    sameForest: JSON.stringify(pooled.toJSON()) === JSON.stringify(synchronous.toJSON()),
    trees: pooled.toJSON().state.trees.length,
  });
} catch (e) {
  out.textContent = JSON.stringify({ error: String(e?.stack ?? e) });
}
out.dataset.done = '1';
