import onnxProto from 'onnx-proto';

/**
 * The pieces the tiny test models (Piper's and Kokoro's signatures) are built from: ONNX graph
 * nodes, attributes, scalar constants and typed inputs and outputs, as onnx-proto's plain objects.
 */
export const { onnx } = onnxProto;
export const FLOAT = onnx.TensorProto.DataType.FLOAT;
export const INT64 = onnx.TensorProto.DataType.INT64;
export const INT32 = onnx.TensorProto.DataType.INT32;

export function node(opType: string, input: string[], output: string[], attribute: object[] = []) {
  return { opType, input, output, attribute, name: `${opType}_${output[0]}` };
}

export function intAttr(name: string, i: number) {
  return { name, type: onnx.AttributeProto.AttributeType.INT, i };
}

export function scalarFloat(name: string, value: number) {
  return { name, dataType: FLOAT, dims: [], floatData: [value] };
}

export function scalarInt(name: string, value: number) {
  return { name, dataType: INT64, dims: [], int64Data: [value] };
}

export function valueInfo(name: string, elemType: number, dims: (number | string)[]) {
  return { name, type: { tensorType: { elemType, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) } } } };
}
