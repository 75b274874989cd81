// The parity matrix (issue 12) through the WASM package: every case of tests/fixtures/parity.json
// (written by parity.py from scikit-learn or closed forms) as its own test, reaching the estimator
// class by name. The data are rebuilt by the generator parity.py describes (mirrored in
// tests/core/parity_test.cpp); the check kinds and their tolerances are explained there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as wl from 'wasmlearn';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/parity.json', import.meta.url), 'utf8'));

// xorshift32 with 24-bit uniforms, as parity.py.
class Rng {
  constructor(seed) {
    this.state = seed >>> 0;
    for (let i = 0; i < 8; i++) this.next();
  }
  next() {
    let s = this.state;
    s = (s ^ (s << 13)) >>> 0;
    s = (s ^ (s >>> 17)) >>> 0;
    s = (s ^ (s << 5)) >>> 0;
    this.state = s;
    return s;
  }
  small(count) {
    return (this.next() >>> 8) % count;
  }
  noise() {
    const u = [0, 1, 2, 3].map(() => (this.next() >>> 8) / 16777216);
    return u[0] + u[1] + u[2] + u[3] - 2;
  }
}

// X and E as { data, rows, cols }; y as the labels scikit-learn saw (numbers or names) or targets;
// codes: class codes of the training rows in the order of the sorted labels; label(code): its label.
function generate(spec) {
  const { n, p, k, sep, edit, target } = spec;
  const evalRows = fixture.evalRows;
  const rng = new Rng(spec.seed);
  const centres = [];
  for (let c = 0; c < k; c++) {
    const row = [];
    for (let j = 0; j < p; j++) row.push(sep * (j === 0 ? 3 * c : rng.small(9) - 4));
    centres.push(row);
  }
  const weights = [];
  for (let j = 0; j < p; j++) weights.push(rng.small(7) - 3);
  const rows = n + evalRows;
  const heavy = 22 - 2 * k;
  const X = new Float64Array(rows * p);
  const labels = new Int32Array(rows);
  const y = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    if (spec.imbalance && k > 1) {
      const r = i % 20;
      labels[i] = r < heavy ? 0 : 1 + ((r - heavy) % (k - 1));
    } else {
      labels[i] = i % k;
    }
    const x = X.subarray(i * p, (i + 1) * p);
    for (let j = 0; j < p; j++) x[j] = centres[labels[i]][j] + rng.noise();
    const yNoise = rng.noise();
    if (edit === 'constant') x[p - 1] = 3;
    else if (edit === 'collinear') x[p - 1] = x[0] + 2 * x[1];
    if (target === 'linear') {
      let acc = 3;
      for (let j = 0; j < p; j++) acc += weights[j] * x[j];
      y[i] = acc + 0.5 * yNoise;
    } else {
      y[i] = target === 'step' ? 10 * labels[i] : labels[i];
    }
  }
  const names = spec.strings ? fixture.names.slice(0, k) : null;
  const sorted = names ? [...names].sort() : null;
  const codeOf = (c) => (names ? sorted.indexOf(names[c]) : c);
  const evalStart = spec.evalOn === 'train' ? 0 : n;
  return {
    X: { data: X.subarray(0, n * p), rows: n, cols: p },
    E: { data: X.slice(evalStart * p, (evalStart + evalRows) * p), rows: evalRows, cols: p },
    y: target !== 'class' ? y.subarray(0, n) : names ? Array.from(labels.subarray(0, n), (c) => names[c]) : Array.from(labels.subarray(0, n)),
    codes: Array.from(labels.subarray(0, n), codeOf),
    label: (code) => (sorted ? sorted[code] : code),
  };
}

const flat = (v) => {
  if (typeof v === 'number') return [v];
  if (v && v.data && typeof v.rows === 'number') return Array.from(v.data);
  return Array.from(v).flatMap(flat);
};

function expectClose(got, want, tol, what) {
  assert.equal(got.length, want.length, `${what}: ${got.length} values, want ${want.length}`);
  const bad = [];
  got.forEach((g, i) => {
    if (!(Math.abs(g - want[i]) <= tol * Math.max(1, Math.abs(want[i])))) bad.push(`entry ${i}: got ${g}, want ${want[i]}`);
  });
  assert.equal(bad.length, 0, `${what}: ${bad.length} of ${got.length} entries differ beyond ${tol}; ${bad[0]}`);
}

const penalty = (coef, alpha, l1Ratio) =>
  alpha * coef.reduce((s, w) => s + l1Ratio * Math.abs(w) + 0.5 * (1 - l1Ratio) * w * w, 0);
const log1pExp = (z) => (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));

// The penalised training loss, as parity.py's enet_objective and logistic_objective.
function objective(est, d, spec) {
  const coef = flat(est.coef);
  const n = d.X.rows;
  if (spec.type === 'enet') {
    const pred = est.predict(d.X);
    let rss = 0;
    for (let i = 0; i < n; i++) rss += (d.y[i] - pred[i]) ** 2;
    return rss / (2 * n) + penalty(coef, spec.alpha, spec.l1Ratio);
  }
  const z = est.decisionFunction(d.X);
  const k = z.cols ?? 1;
  const zs = flat(z);
  const classes = Math.max(...d.codes) + 1;
  const count = new Array(classes).fill(0);
  d.codes.forEach((c) => { count[c] += 1; });
  let loss = 0;
  for (let i = 0; i < n; i++) {
    const zi = zs.slice(i * k, (i + 1) * k);
    const c = d.codes[i];
    let li = 0;
    if (k === 1) {
      li = log1pExp(c === 1 ? -zi[0] : zi[0]);
    } else if (spec.multiClass === 'multinomial') {
      const top = Math.max(...zi);
      li = top + Math.log(zi.reduce((s, v) => s + Math.exp(v - top), 0)) - zi[c];
    } else {
      zi.forEach((v, j) => { li += log1pExp(j === c ? -v : v); });
    }
    loss += (spec.balanced ? n / (classes * count[c]) : 1) * li;
  }
  const share = spec.penalty === 'l1' ? 1 : spec.penalty === 'elasticnet' ? spec.l1Ratio : 0;
  return spec.C * loss + (spec.penalty === 'none' ? 0 : penalty(coef, 1, share));
}

function runCheck(est, d, c) {
  const { kind, tol, want } = c;
  if (kind === 'predict') {
    const got = est.predict(d.E);
    if (est.constructor.metadata.kind === 'classifier') return assert.deepEqual(Array.from(got), want.map(d.label), kind);
    return expectClose(flat(got), flat(want), tol, kind);
  }
  if (kind === 'proba') return expectClose(flat(est.predictProba(d.E)), flat(want), tol, kind);
  if (kind === 'decision') return expectClose(flat(est.decisionFunction(d.E)), flat(want), tol, kind);
  if (kind === 'transform') {
    const got = est.transform(d.E);
    const expected = flat(want);
    if (c.signFree) {
      for (let j = 0; j < got.cols; j++) {
        let agreement = 0;
        for (let i = 0; i < got.rows; i++) agreement += got.get(i, j) * expected[i * got.cols + j];
        if (agreement < 0) for (let i = 0; i < got.rows; i++) got.data[i * got.cols + j] *= -1;
      }
    }
    return expectClose(flat(got), expected, tol, kind);
  }
  if (kind === 'attr') return expectClose(flat(est[c.name]), flat(want), tol, c.name);
  const margin = tol * Math.max(1, Math.abs(want));
  if (kind === 'score') {
    const got = est.score(d.X, new Float64Array(d.X.rows));
    return assert.ok(got >= want - margin, `mean log-likelihood ${got} below scikit-learn's optimum ${want}`);
  }
  if (kind === 'objective') {
    const got = objective(est, d, c.objective);
    return assert.ok(got <= want + margin, `objective ${got} above the optimum ${want} (scikit-learn's default fit: ${c.sklearnDefault})`);
  }
  throw new Error(`unknown check kind ${kind}`);
}

for (const c of fixture.cases) {
  test(c.name, () => {
    const d = generate(c.data);
    const est = new wl[c.estimator](c.options);
    try {
      const kind = est.constructor.metadata.kind;
      if (kind === 'classifier' || kind === 'regressor') est.fit(d.X, d.y);
      else est.fit(d.X);
      for (const check of c.checks) runCheck(est, d, check);
    } finally {
      est.dispose();
    }
  });
}
