// Every estimator in the metadata goes through the same checks, so a new estimator is covered
// the moment it is declared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as wasmlearn from 'wasmlearn';
import { wasm } from '../../bindings/js/module.js';
import { standardMethods, takesOut } from '../../bindings/js/estimator.js';

const { estimators } = wasmlearn;

// 40 samples, 3 features, two well separated groups; labels as strings to exercise encoding.
const rows = 40, cols = 3;
const X = Array.from({ length: rows }, (_, i) => [i % 2 ? 3 + Math.sin(i) : -3 + Math.cos(i), Math.sin(3 * i), (i % 7) / 7]);
const yClass = X.map((_, i) => (i % 2 ? 'right' : 'left'));
const yReal = X.map((r) => 2 * r[0] - r[1] + 0.5);
const targetsFor = (kind) => (kind === 'classifier' ? yClass : kind === 'regressor' ? yReal : undefined);
const outputOf = (model, m) => {
  if (m.methods.includes('predict')) return model.predict(X);
  return model.transform(X);
};

for (const meta of estimators()) {
  const Class = wasmlearn[meta.name];
  test(`${meta.name}: exported, with metadata for every option`, () => {
    assert.equal(typeof Class, 'function');
    assert.equal(Class.name, meta.name);
    for (const p of meta.params) {
      assert.ok(['integer', 'number', 'boolean', 'string', 'union', 'object', 'array', 'matrix'].includes(p.type), `${p.name} type`);
      assert.ok(p.doc.length > 0, `${p.name} doc`);
    }
    const m = new Class();
    assert.deepEqual(Object.keys(m.getParams()), meta.params.map((p) => p.name));
    m.dispose();
  });

  test(`${meta.name}: bad options are rejected with the valid ones listed`, () => {
    assert.throws(() => new Class({ notAnOption: 1 }), (e) => e.message.includes(`Unknown option 'notAnOption' for ${meta.name}; valid options: ${meta.params.map((p) => p.name).join(', ')}`));
    assert.throws(() => new Class(42), /options must be an object/);
    for (const p of meta.params) {
      const wrong = { boolean: 'yes', string: 12345, union: { not: 'accepted' } }[p.type] ?? 'text';
      assert.throws(() => new Class({ [p.name]: wrong }), new RegExp(`^Error: ${p.name} must be`));
    }
  });

  test(`${meta.name}: fit returns this; predict before fit, wrong columns, NaN and dispose give clear errors`, () => {
    const model = new Class();
    const first = meta.methods.includes('predict') ? 'predict' : 'transform';
    assert.throws(() => model[first](X), (e) => e.name === 'NotFittedError' && /not fitted yet: call fit before/.test(e.message));
    assert.equal(model.fit(X, targetsFor(meta.kind)), model);
    assert.throws(() => model[first]([[1, 2]]), { message: `X has 2 columns but the model was fitted with ${cols}` });
    // NaN is a missing value to the estimators whose declaration allows it, and an error to all others.
    if (meta.allowsNan) assert.doesNotThrow(() => model[first]([[1, NaN, 2]]));
    else assert.throws(() => model[first]([[1, NaN, 2]]), { message: 'X contains NaN at row 0, column 1' });
    const badX = X.map((r) => r.slice());
    badX[5][2] = Infinity;
    assert.throws(() => new Class().fit(badX, targetsFor(meta.kind)), { message: 'X contains Infinity at row 5, column 2' });
    assert.throws(() => new Class().fit([], targetsFor(meta.kind)?.slice(0, 0)), /X is empty|y has 0 entries/);
    model.dispose();
    assert.throws(() => model[first](X), { message: `This ${meta.name} has been disposed; create a new one` });
    assert.doesNotThrow(() => model.dispose());
  });

  test(`${meta.name}: fit takes sampleWeight and it changes the model, or says it does not take it`, () => {
    const y = targetsFor(meta.kind);
    const weights = X.map((_, i) => 1 + (i % 5)); // not all equal
    // SplineTransformer's default 'uniform' knots depend only on the range of the rows of positive
    // weight (as scikit-learn's), so the weights show in its 'quantile' knots. LinearSVR fits these
    // exactly linear targets with no dual variable at its bound C·weight, so the weights show only
    // when a small C makes the bounds bind.
    const options = { SplineTransformer: { knots: 'quantile' }, LinearSVR: { C: 0.01 } };
    const model = new Class(options[meta.name] ?? {});
    if (!meta.fitOptions.includes('sampleWeight')) {
      assert.throws(() => model.fit(X, y, { sampleWeight: weights }), { message: `${meta.name}.fit does not take sampleWeight` });
      // The core says the same to callers that do not come through the JS layer.
      const raw = wasm.RawEstimator.create(meta.name, '{}');
      const t = meta.kind === 'classifier' ? Float64Array.from(y, (label) => +(label === 'right')) : Float64Array.from(y ?? []);
      assert.throws(() => raw.fit(Float64Array.from(X.flat()), rows, cols, t, y ? 1 : 0, true, undefined, weights),
        { message: `${meta.name}.fit does not take sampleWeight` });
      raw.delete();
      model.dispose();
      return;
    }
    const unweighted = JSON.stringify(model.fit(X, y).toJSON().state);
    assert.equal(model.fit(X, y, { sampleWeight: weights }), model);
    assert.notEqual(JSON.stringify(model.toJSON().state), unweighted);
    assert.equal(JSON.stringify(model.fit(X, y, { sampleWeight: Float32Array.from(weights) }).toJSON().state),
      JSON.stringify(model.fit(X, y, { sampleWeight: Float64Array.from(weights) }).toJSON().state));
    const bad = (change) => {
      const w = weights.slice();
      change(w);
      return w;
    };
    assert.throws(() => model.fit(X, y, { sampleWeight: weights.slice(1) }), { message: `sampleWeight has ${rows - 1} entries but X has ${rows} rows` });
    assert.throws(() => model.fit(X, y, { sampleWeight: bad((w) => (w[3] = NaN)) }), { message: 'sampleWeight contains NaN at index 3' });
    assert.throws(() => model.fit(X, y, { sampleWeight: bad((w) => (w[4] = -1)) }), { message: 'sampleWeight must be at least 0, got -1 at index 4' });
    assert.throws(() => model.fit(X, y, { sampleWeight: weights.map(() => 0) }), { message: 'sampleWeight is zero for every sample' });
    assert.throws(() => model.fit(X, y, { sampleWeight: bad((w) => (w[2] = '1')) }), { message: 'sampleWeight[2] must be a number, got string "1"' });
    assert.throws(() => model.fit(X, y, { sampleWeight: 2 }), { message: 'sampleWeight must be a number[], a Float64Array or a Float32Array, got number 2' });
    model.dispose();
  });

  test(`${meta.name}: an unknown fit option, or one it does not take, throws naming it`, () => {
    const y = targetsFor(meta.kind);
    const model = new Class();
    assert.throws(() => model.fit(X, y, { sampleWieght: [] }),
      { message: `Unknown fit option 'sampleWieght' for ${meta.name}; valid fit options: ${[...meta.fitOptions, 'warnings'].join(', ')}` });
    assert.throws(() => model.fit(X, y, 'fast'), { message: `${meta.name}.fit options must be an object, got string` });
    if (!meta.fitOptions.includes('onProgress'))
      assert.throws(() => model.fit(X, y, { onProgress: () => true }), { message: `${meta.name}.fit does not take onProgress` });
    assert.equal(model.fit(X, y, { sampleWeight: undefined, onProgress: undefined }), model);
    model.dispose();
  });

  test(`${meta.name}: JSON round trip gives bit-identical results`, () => {
    const model = new Class().fit(X, targetsFor(meta.kind));
    const text = JSON.stringify(model);
    const loaded = Class.fromJSON(text);
    assert.deepEqual(loaded.getParams(), model.getParams());
    const a = outputOf(model, meta), b = outputOf(loaded, meta);
    assert.deepEqual(b, a);
    assert.equal(wasmlearn.loadModel(JSON.parse(text)).constructor, Class);
    const unfitted = Class.fromJSON(JSON.stringify(new Class()));
    assert.throws(() => outputOf(unfitted, meta), { name: 'NotFittedError' });
    [model, loaded, unfitted].forEach((m) => m.dispose());
  });

  test(`${meta.name}: corrupt and foreign model JSON is rejected`, () => {
    const good = new Class().fit(X, targetsFor(meta.kind)).toJSON();
    assert.throws(() => Class.fromJSON('{not json'), /not valid JSON/);
    assert.throws(() => Class.fromJSON({ ...good, format: 'pickle' }), /format must be 'wasmlearn-model'/);
    assert.throws(() => Class.fromJSON({ ...good, version: 99 }), /version 99 is not supported/);
    assert.throws(() => Class.fromJSON({ ...good, estimator: 'Other' }), /holds a Other, not a/);
    assert.throws(() => Class.fromJSON({ ...good, state: { broken: true } }), /model JSON: /);
    assert.throws(() => Class.fromJSON({ ...good, params: { nope: 1 } }), /Unknown option 'nope'/);
  });

  test(`${meta.name}: a method of X whose result is numbers writes into { out } the bits it returns; a wrong out is an Error`, () => {
    const model = new Class().fit(X, targetsFor(meta.kind));
    const methods = [...standardMethods.filter((s) => meta.methods.includes(s.name)), ...meta.extraMethods].filter((s) => s.args === 'X' && model.hasMethod(s.name));
    for (const spec of methods) {
      const input = spec.name === 'inverseTransform' ? model.transform(X) : X;
      const call = (options) => model[spec.name](input, options);
      if (!takesOut(spec, meta.kind)) {
        assert.throws(() => call({ out: new Float64Array(1) }), { message: `${meta.name}.${spec.name} does not take out: its result is not an array of numbers` });
        continue;
      }
      let fresh;
      try {
        fresh = call();
      } catch (e) {
        assert.throws(() => call({ out: new Float64Array(1) }), { message: e.message }, 'out does not change the error of a call that fails');
        continue; // a method this model's options leave out (inverseTransform without its map)
      }
      const values = typeof fresh === 'number' ? Float64Array.of(fresh) : fresh.data ?? fresh;
      const out = new Float64Array(values.length).fill(NaN);
      const written = call({ out });
      if (typeof fresh === 'number') assert.ok(Object.is(written, fresh), spec.name);
      else if (fresh instanceof Float64Array) assert.equal(written, out, `${spec.name} returns out itself`);
      else assert.ok(written.data === out && written.rows === fresh.rows && written.cols === fresh.cols, `${spec.name} returns a DenseMatrix over out`);
      assert.ok(values.every((v, i) => Object.is(v, out[i])), `${meta.name}.${spec.name}: the bits of the fresh result`);
      assert.throws(() => call({ out: new Float64Array(values.length + 1) }), { message: `out has ${values.length + 1} values but the result has ${values.length}` });
      assert.throws(() => call({ out: new Float32Array(values.length) }), { message: 'out must be a Float64Array, got Float32Array' });
      assert.throws(() => call({ out, into: out }), { message: `Unknown option 'into' for ${meta.name}.${spec.name}; valid options: out${spec.float32Id === undefined ? '' : ', dtype'}` });
      assert.throws(() => call(out), { message: `${meta.name}.${spec.name} options must be an object like { out: Float64Array }, got a Float64Array (pass it as { out })` });
      assert.throws(() => call(3), { message: `${meta.name}.${spec.name} options must be an object like { out: Float64Array }, got number` });
      assert.notEqual(call({ out: undefined }), out, 'out: undefined gives a fresh result');
      assert.ok(values.every((v, i) => Object.is(v, out[i])), 'a failed call leaves out as it was');
      const before = wasm.heapUsed();
      for (let i = 0; i < 100; i++) assert.throws(() => call({ out: new Float64Array(1 + values.length) }));
      assert.equal(wasm.heapUsed(), before, 'a wrong out leaks nothing');
      if (spec.float32Id === undefined) {
        assert.throws(() => call({ dtype: 'float32' }), { message: `Unknown option 'dtype' for ${meta.name}.${spec.name}; valid options: out` });
        continue;
      }
      // A method with a float32 twin: { dtype: 'float32' } gives its values in single precision.
      const single = call({ dtype: 'float32' });
      assert.ok(single instanceof Float32Array && single.length === values.length, `${spec.name} in float32: a Float32Array`);
      assert.ok(values.every((v, i) => Math.abs(single[i] - v) <= 1e-5 * (1 + Math.abs(v))), `${spec.name} in float32: within float precision`);
      assert.ok(values.some((v, i) => single[i] !== v), `${spec.name} in float32: computed in float32, not rounded from the doubles`);
      assert.deepEqual(call({ dtype: 'float64' }), fresh, "dtype 'float64' is the default");
      const out32 = new Float32Array(values.length).fill(NaN);
      assert.equal(call({ dtype: 'float32', out: out32 }), out32, 'returns out itself');
      assert.deepEqual(out32, single, 'out holds the bits of the fresh float32 result');
      assert.throws(() => call({ dtype: 'float32', out }), { message: "out must be a Float32Array (dtype 'float32'), got Float64Array" });
      assert.throws(() => call({ dtype: 'float16' }), { message: "dtype must be 'float64' or 'float32', got 'float16'" });
      assert.throws(() => call({ dtype: 'float32', out: new Float32Array(values.length + 1) }), { message: `out has ${values.length + 1} values but the result has ${values.length}` });
    }
    model.dispose();
  });

  // The stack too: a failed call throws its Error from inside the WebAssembly frames, which once left
  // the stack pointer 16 to 32 bytes lower each time, until the stack overwrote malloc's state.
  test(`${meta.name}: repeated fit/predict/dispose and failing calls grow neither the WASM heap nor its stack`, () => {
    const first = meta.methods.includes('predict') ? 'predict' : 'transform';
    const cycle = () => {
      const model = new Class().fit(X, targetsFor(meta.kind));
      outputOf(model, meta);
      assert.throws(() => model[first]([[1, 2]]), /X has 2 columns/);
      assert.throws(() => model.fit([[1, meta.allowsNan ? Infinity : NaN, 3]], targetsFor(meta.kind)?.slice(0, 1)));
      assert.throws(() => new Class({ bogus: true }));
      model.dispose();
    };
    for (let i = 0; i < 50; i++) cycle(); // warm up allocator pools
    const before = wasm.heapUsed(), stack = wasm.stackSave();
    for (let i = 0; i < 2000; i++) cycle();
    assert.equal(wasm.heapUsed(), before);
    assert.equal(wasm.stackSave(), stack, 'the stack pointer is where it was');
  });
}
