import { join } from 'node:path';
import * as protobuf from 'protobufjs';

/** The subset of onnx.proto's messages the rewrites read and write (protobufjs keeps every other field as decoded). */
export interface TensorProto {
  name: string;
  dims: Array<number | protobuf.Long>;
  dataType: number;
  rawData?: Uint8Array;
  floatData?: number[];
}

export interface AttributeProto {
  name: string;
  type: number;
  f?: number;
  ints?: Array<number | protobuf.Long>;
  s?: Uint8Array;
  t?: TensorProto;
}

export interface NodeProto {
  name?: string;
  opType: string;
  domain?: string;
  input: string[];
  output: string[];
  attribute: AttributeProto[];
}

export interface GraphProto {
  node: NodeProto[];
  initializer: TensorProto[];
  output: Array<{ name: string }>;
}

export interface ModelProto {
  graph: GraphProto;
}

export const FLOAT = 1; // TensorProto.DataType.FLOAT
export const ATTRIBUTE_FLOAT = 1; // AttributeProto.AttributeType.FLOAT

let modelType: protobuf.Type | undefined;
export function onnxModelType(): protobuf.Type {
  // ONNX's own onnx.proto, vendored unchanged in vendor/ beside this file in src/ and dist/ (nest-cli.json copies it).
  modelType ??= protobuf.loadSync(join(__dirname, 'vendor', 'onnx.proto')).lookupType('onnx.ModelProto');
  return modelType;
}

export const toNumber = (v: number | protobuf.Long) =>
  typeof v === 'number' ? v : v.high * 2 ** 32 + (v.low >>> 0);
