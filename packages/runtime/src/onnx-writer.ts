/**
 * Writes ONNX model files: the protobuf encoding of a ModelProto, for the small
 * graphs this hub builds itself (the sample catalogue's local models, and test
 * models). Only what those graphs use is here: float, int64 and bool tensors as raw
 * little-endian bytes, int / ints / float attributes, one default-domain opset.
 * Field numbers are those of onnx.proto.
 */

export type OnnxElementType = "float" | "int64" | "bool";

export interface OnnxTensor {
	name: string;
	type: OnnxElementType;
	dims: number[];
	values: ArrayLike<number>;
}

/** A graph input or output; a string dimension is symbolic (`batch`, `sequence`). */
export interface OnnxValue {
	name: string;
	type: OnnxElementType;
	shape: (number | string)[];
}

export type OnnxAttribute = number | number[] | { float: number };

export interface OnnxNode {
	op: string;
	inputs: string[];
	outputs: string[];
	attributes?: Record<string, OnnxAttribute>;
}

export interface OnnxGraph {
	name: string;
	nodes: OnnxNode[];
	initializers: OnnxTensor[];
	inputs: OnnxValue[];
	outputs: OnnxValue[];
}

/** IR version 8 and opset 13: old enough for every runtime still in use, new enough for ReduceSum's axes input. */
const IR_VERSION = 8;
export const ONNX_OPSET = 13;

const ELEMENT_TYPE: Record<OnnxElementType, number> = { float: 1, int64: 7, bool: 9 };
const ATTRIBUTE_FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;

/** One protobuf message under construction: fields appended in order. */
class ProtoWriter {
	readonly #chunks: Uint8Array[] = [];
	#length = 0;

	#push(bytes: Uint8Array): void {
		this.#chunks.push(bytes);
		this.#length += bytes.byteLength;
	}

	#varint(value: number): void {
		if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Cannot encode ${value} as a varint`);
		const bytes: number[] = [];
		let rest = value;
		while (rest >= 0x80) {
			bytes.push((rest % 0x80) | 0x80);
			rest = Math.floor(rest / 0x80);
		}
		bytes.push(rest);
		this.#push(Uint8Array.from(bytes));
	}

	int(field: number, value: number): this {
		this.#varint(field * 8);
		this.#varint(value);
		return this;
	}

	float(field: number, value: number): this {
		this.#varint(field * 8 + 5);
		const bytes = new Uint8Array(4);
		new DataView(bytes.buffer).setFloat32(0, value, true);
		this.#push(bytes);
		return this;
	}

	bytes(field: number, value: Uint8Array): this {
		this.#varint(field * 8 + 2);
		this.#varint(value.byteLength);
		this.#push(value);
		return this;
	}

	string(field: number, value: string): this {
		return this.bytes(field, new TextEncoder().encode(value));
	}

	message(field: number, value: ProtoWriter): this {
		return this.bytes(field, value.finish());
	}

	finish(): Uint8Array {
		const out = new Uint8Array(this.#length);
		let offset = 0;
		for (const chunk of this.#chunks) {
			out.set(chunk, offset);
			offset += chunk.byteLength;
		}
		return out;
	}
}

function tensorBytes(tensor: OnnxTensor): Uint8Array {
	const count = tensor.dims.reduce((product, dim) => product * dim, 1);
	if (tensor.values.length !== count) {
		throw new RangeError(`Tensor ${tensor.name}: ${tensor.values.length} values for dims [${tensor.dims.join(", ")}]`);
	}
	if (tensor.type === "bool") return Uint8Array.from(tensor.values, (value) => (value ? 1 : 0));
	if (tensor.type === "float") {
		const floats = Float32Array.from(tensor.values);
		return new Uint8Array(floats.buffer);
	}
	const ints = BigInt64Array.from(Array.from(tensor.values, (value) => BigInt(value)));
	return new Uint8Array(ints.buffer);
}

function tensorProto(tensor: OnnxTensor): ProtoWriter {
	const proto = new ProtoWriter();
	for (const dim of tensor.dims) proto.int(1, dim);
	return proto.int(2, ELEMENT_TYPE[tensor.type]).string(8, tensor.name).bytes(9, tensorBytes(tensor));
}

function valueInfo(value: OnnxValue): ProtoWriter {
	const shape = new ProtoWriter();
	for (const dim of value.shape) {
		const dimension = new ProtoWriter();
		if (typeof dim === "number") dimension.int(1, dim);
		else dimension.string(2, dim);
		shape.message(1, dimension);
	}
	const tensorType = new ProtoWriter().int(1, ELEMENT_TYPE[value.type]).message(2, shape);
	const type = new ProtoWriter().message(1, tensorType);
	return new ProtoWriter().string(1, value.name).message(2, type);
}

function attribute(name: string, value: OnnxAttribute): ProtoWriter {
	const proto = new ProtoWriter().string(1, name);
	if (Array.isArray(value)) {
		for (const item of value) proto.int(8, item);
		return proto.int(20, ATTRIBUTE_INTS);
	}
	if (typeof value === "number") return proto.int(3, value).int(20, ATTRIBUTE_INT);
	return proto.float(2, value.float).int(20, ATTRIBUTE_FLOAT);
}

function nodeProto(node: OnnxNode, index: number): ProtoWriter {
	const proto = new ProtoWriter();
	for (const input of node.inputs) proto.string(1, input);
	for (const output of node.outputs) proto.string(2, output);
	proto.string(3, `${node.op.toLowerCase()}_${index}`).string(4, node.op);
	for (const [name, value] of Object.entries(node.attributes ?? {})) proto.message(5, attribute(name, value));
	return proto;
}

/** The bytes of an `.onnx` file holding `graph`. */
export function encodeOnnxModel(graph: OnnxGraph, producer = "hubkit"): Uint8Array {
	const graphProto = new ProtoWriter();
	graph.nodes.forEach((node, index) => {
		graphProto.message(1, nodeProto(node, index));
	});
	graphProto.string(2, graph.name);
	for (const tensor of graph.initializers) graphProto.message(5, tensorProto(tensor));
	for (const input of graph.inputs) graphProto.message(11, valueInfo(input));
	for (const output of graph.outputs) graphProto.message(12, valueInfo(output));
	const opset = new ProtoWriter().string(1, "").int(2, ONNX_OPSET);
	return new ProtoWriter().int(1, IR_VERSION).string(2, producer).message(7, graphProto).message(8, opset).finish();
}
