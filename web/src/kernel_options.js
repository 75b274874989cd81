// The options of kernel methods as the page shows them: gamma, degree and coef0 only when the chosen
// kernel reads them, and sliders (log-scaled for the scale-free ones) over practical ranges where
// the declarations leave the range open. The library's declarations and defaults do not change.

// The options each kernel reads (scikit-learn's kernels, as the SVMs and pairwise kernels define
// them); a kernel not listed shows all three.
const kernelUses = {
  linear: [], poly: ['gamma', 'degree', 'coef0'], rbf: ['gamma'], sigmoid: ['gamma', 'coef0'],
  laplacian: ['gamma'], chi2: ['gamma'], cosine: [], additive_chi2: [], precomputed: [],
};
const kernelOptions = ['gamma', 'degree', 'coef0'];

// Shows or hides the fields (name -> { root }) of the kernel options for params.kernel.
export function showKernelOptions(fields, params) {
  const uses = kernelUses[params.kernel];
  for (const name of kernelOptions) {
    const field = fields.get(name);
    if (field) field.root.hidden = Boolean(uses) && !uses.includes(name);
  }
}

const sliders = {
  C: { min: 0.01, max: 1000, log: true },
  gamma: { min: 0.01, max: 100, log: true },
  alpha: { min: 0.0001, max: 100, log: true },
  epsilon: { min: 0, max: 1, step: 0.01 },
  coef0: { min: -2, max: 2, step: 0.1 },
  degree: { min: 1, max: 8, step: 1 },
};

// An estimator's declared options with the page's sliders, when it is a kernel method (an SVM, or
// anything with a kernel option). The precomputed kernel is left out: the page's data are points,
// never a kernel matrix.
export function kernelControls(meta, params) {
  if (meta.family !== 'svm' && !params.some((p) => p.name === 'kernel')) return params;
  return params.map((p) => {
    if (p.name === 'kernel' && p.values) return { ...p, values: p.values.filter((v) => v !== 'precomputed') };
    return sliders[p.name] ? { ...p, slider: sliders[p.name] } : p;
  });
}
