// The worker's side of an .onnx model in the playground: the file loaded by loadOnnx as a fitted
// wasmlearn model, which the render then draws on the figure's data as it draws a model it trained.
import * as wl from 'wasmlearn';

function read(model, name) {
  try {
    return model[name];
  } catch {
    return undefined;
  }
}

// { model, meta, nFeatures, name }: a chain of operators loads as a Pipeline, drawn as its last
// step's kind; its figure reads no fitted attribute (centres, a tree) of the pipeline itself.
export function importOnnx(bytes) {
  const model = wl.loadOnnx(bytes);
  const steps = model instanceof wl.Pipeline ? model.steps.map(([, step]) => step) : [model];
  const last = steps.at(-1).constructor.metadata;
  const name = steps.map((s) => s.constructor.metadata.name).join(' → ');
  const meta = steps.length === 1 ? last : { ...last, name, attributes: [] };
  return { model, meta, name, nFeatures: read(steps[0], 'nFeaturesIn') };
}

// A clear Error when the model reads another number of features than the data gives it.
export function checkFeatures(imported, file, columns) {
  const n = imported.nFeatures;
  if (n === undefined || n === columns) return;
  const given = columns === 1 ? 'one (x)' : columns === 2 ? 'two (x1, x2)' : `${columns} (x1, x2 and the feature toggles)`;
  throw new Error(`${file} holds a ${imported.name} that reads ${n} features; this figure gives a model ${given}: open a model trained on ${columns} features, or pick another dataset`);
}

// What the page shows beside the figure: the model's class, and a decision tree's rules.
export function describeImported(imported, file, featureNames) {
  const tree = ['DecisionTreeClassifier', 'DecisionTreeRegressor'].includes(imported.meta.name);
  return { file, name: imported.name, text: tree ? wl.exportText(imported.model, { featureNames }) : null };
}
