// A small builder of one ONNX graph: float32 input X, initializers, nodes, typed outputs; encode()
// writes the ModelProto (IR 8; opsets '' 17 and ai.onnx.ml 3) with protobufjs.
import { DataType, proto } from './onnx_proto.js';

export const ML = 'ai.onnx.ml';
const IR_VERSION = 8;
const OPSETS = [{ domain: '', version: 17 }, { domain: ML, version: 3 }];
const encoder = new TextEncoder();

// A value's attribute type, from its JavaScript type: numbers are ints when `ints` says so.
function attribute(name, value) {
  if (typeof value === 'string') return { name, type: proto().AttributeType.STRING, s: encoder.encode(value) };
  if (typeof value === 'number') return Number.isInteger(value) ? { name, type: proto().AttributeType.INT, i: value } : { name, type: proto().AttributeType.FLOAT, f: value };
  if (value instanceof Ints) return { name, type: proto().AttributeType.INTS, ints: value.values };
  if (value.length > 0 && value.every((v) => typeof v === 'string')) return { name, type: proto().AttributeType.STRINGS, strings: value.map((v) => encoder.encode(v)) };
  return { name, type: proto().AttributeType.FLOATS, floats: Array.from(value) };
}

// Marks an attribute's numbers as int64s (a plain array or typed array is floats).
class Ints {
  constructor(values) {
    this.values = Array.from(values, Number);
  }
}
export const ints = (values) => new Ints(values);

function valueInfo(name, elemType, dims) {
  const dim = dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d }));
  return { name, type: { tensorType: { elemType, shape: { dim } } } };
}

export class Graph {
  #nodes = [];
  #initializers = [];
  #outputs = [];
  #count = 0;

  constructor(nFeatures) {
    this.input = 'X';
    this.nFeatures = nFeatures;
  }

  // A name not used yet, from a readable stem.
  name(stem) {
    return `${stem}_${this.#count++}`;
  }

  // A float32 constant (values row-major), or int64 / double with { int64: true } / { double: true };
  // returns its name.
  constant(stem, values, dims, { int64 = false, double = false } = {}) {
    const name = this.name(stem);
    const data = int64
      ? { dataType: DataType.INT64, int64Data: Array.from(values, Number) }
      : double
        ? { dataType: DataType.DOUBLE, doubleData: Array.from(values) }
        : { dataType: DataType.FLOAT, floatData: Array.from(values) };
    this.#initializers.push({ name, dims: dims ?? [values.length], ...data });
    return name;
  }

  // One node; returns the names of its outputs (one stem, or an array of stems).
  node(opType, inputs, attributes = {}, { domain = '', outputs = 1 } = {}) {
    const names = Array.from({ length: outputs }, () => this.name(opType.toLowerCase()));
    this.#nodes.push({
      opType,
      domain,
      name: this.name(`${opType}_node`),
      input: inputs,
      output: names,
      attribute: Object.entries(attributes).map(([k, v]) => attribute(k, v)),
    });
    return outputs === 1 ? names[0] : names;
  }

  // Names `value` as a graph output (through Identity, so that any value can be an output).
  output(name, value, elemType, dims) {
    this.#nodes.push({ opType: 'Identity', domain: '', name: this.name('output'), input: [value], output: [name], attribute: [] });
    this.#outputs.push(valueInfo(name, elemType, dims));
  }

  encode(docString) {
    const model = {
      irVersion: IR_VERSION,
      opsetImport: OPSETS,
      producerName: 'wasmlearn',
      docString,
      graph: {
        name: 'wasmlearn',
        node: this.#nodes,
        initializer: this.#initializers,
        input: [valueInfo(this.input, DataType.FLOAT, ['N', this.nFeatures])],
        output: this.#outputs,
      },
    };
    // A plain object of the message's shape (enums as numbers, bytes as Uint8Array) encodes as is.
    return proto().ModelProto.encode(model).finish();
  }
}

export { DataType };
