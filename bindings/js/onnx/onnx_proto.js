// The subset of ONNX's onnx.proto (github.com/onnx/onnx, onnx/onnx.proto, proto2) that a model of
// tensors needs: the same messages, field names and numbers, parsed by protobufjs, which then writes
// the bytes (fields are camelCase in JS: ir_version is irVersion).

const schema = `
syntax = "proto2";
package onnx;

message ModelProto {
  optional int64 ir_version = 1;
  repeated OperatorSetIdProto opset_import = 8;
  optional string producer_name = 2;
  optional string producer_version = 3;
  optional string domain = 4;
  optional int64 model_version = 5;
  optional string doc_string = 6;
  optional GraphProto graph = 7;
}

message OperatorSetIdProto {
  optional string domain = 1;
  optional int64 version = 2;
}

message GraphProto {
  repeated NodeProto node = 1;
  optional string name = 2;
  repeated TensorProto initializer = 5;
  optional string doc_string = 10;
  repeated ValueInfoProto input = 11;
  repeated ValueInfoProto output = 12;
}

message NodeProto {
  repeated string input = 1;
  repeated string output = 2;
  optional string name = 3;
  optional string op_type = 4;
  optional string domain = 7;
  repeated AttributeProto attribute = 5;
}

message AttributeProto {
  enum AttributeType {
    UNDEFINED = 0; FLOAT = 1; INT = 2; STRING = 3; TENSOR = 4; GRAPH = 5; FLOATS = 6; INTS = 7; STRINGS = 8;
  }
  optional string name = 1;
  optional AttributeType type = 20;
  optional float f = 2;
  optional int64 i = 3;
  optional bytes s = 4;
  optional TensorProto t = 5;
  repeated float floats = 7;
  repeated int64 ints = 8;
  repeated bytes strings = 9;
}

message TensorProto {
  repeated int64 dims = 1;
  optional int32 data_type = 2;
  repeated float float_data = 4 [packed = true];
  repeated int32 int32_data = 5 [packed = true];
  repeated bytes string_data = 6;
  repeated int64 int64_data = 7 [packed = true];
  optional string name = 8;
  optional bytes raw_data = 9;
  repeated double double_data = 10 [packed = true];
}

message ValueInfoProto {
  optional string name = 1;
  optional TypeProto type = 2;
}

message TypeProto {
  message Tensor {
    optional int32 elem_type = 1;
    optional TensorShapeProto shape = 2;
  }
  oneof value {
    Tensor tensor_type = 1;
  }
}

message TensorShapeProto {
  message Dimension {
    oneof value {
      int64 dim_value = 1;
      string dim_param = 2;
    }
  }
  repeated Dimension dim = 1;
}
`;

// protobufjs is loaded when the package is, but not statically imported: a page without a bundler
// (bare specifiers unresolved) keeps everything but toOnnx. `onnxReady` settles once it has loaded.
let loaded = null;
export const onnxReady = import('protobufjs').then(
  (m) => {
    const { root } = (m.default ?? m).parse(schema);
    loaded = { ModelProto: root.lookupType('onnx.ModelProto'), AttributeType: root.lookupEnum('onnx.AttributeProto.AttributeType').values };
  },
  (e) => {
    loaded = e instanceof Error ? e : new Error(String(e));
  },
);
// The ONNX message types; throws while protobufjs is loading or when it cannot be loaded.
export function proto() {
  if (loaded === null) throw new Error('toOnnx: protobufjs is still loading; await onnxReady first');
  if (loaded instanceof Error)
    throw new Error(`toOnnx needs the protobufjs package, which could not be loaded (${loaded.message}); in a page without a bundler, map "protobufjs" in an import map`);
  return loaded;
}
// TensorProto.DataType's values (onnx.proto) that the exporters use.
export const DataType = { FLOAT: 1, INT64: 7, STRING: 8, BOOL: 9, DOUBLE: 11 };
