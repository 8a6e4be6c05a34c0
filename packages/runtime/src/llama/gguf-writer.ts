/**
 * Writes GGUF files (format version 3): a header of typed metadata and tensor
 * descriptions, then the tensors' bytes, each aligned to 32 bytes. Enough of the
 * format for the tests and benches to make their own llama.cpp models (F32 and
 * F16 tensors); the hub itself never writes one. Tensor data is produced in
 * chunks, so a file of a few hundred million parameters never sits in memory.
 */
import { open } from "node:fs/promises";
import { GGMLQuantizationType } from "@hubkit/tasks";

const MAGIC = 0x46554747; // "GGUF", little-endian
const VERSION = 3;
const ALIGNMENT = 32;
/** Elements produced per `fill` call while writing a tensor. */
const CHUNK_ELEMENTS = 1 << 20;

/** GGUF metadata value types (numbers fixed by the format). */
const VALUE_TYPE = { uint32: 4, int32: 5, float32: 6, bool: 7, string: 8, array: 9, uint64: 10 } as const;

export type GgufValue =
	| { type: "uint32" | "int32" | "float32"; value: number }
	| { type: "uint64"; value: bigint }
	| { type: "bool"; value: boolean }
	| { type: "string"; value: string }
	| { type: "array"; items: "string"; value: readonly string[] }
	| { type: "array"; items: "int32" | "float32"; value: ArrayLike<number> };

export interface GgufTensor {
	name: string;
	/** Dimensions in GGML order: the fastest-moving first (a `rows × columns` matrix is `[columns, rows]`). */
	shape: readonly number[];
	type: GGMLQuantizationType.F32 | GGMLQuantizationType.F16;
	/** Writes the values of elements `start … start + out.length - 1` into `out`. */
	fill(out: Float32Array, start: number): void;
}

class ByteWriter {
	readonly #chunks: Uint8Array[] = [];
	size = 0;

	#push(bytes: Uint8Array): void {
		this.#chunks.push(bytes);
		this.size += bytes.length;
	}

	#view(length: number, write: (view: DataView) => void): void {
		const bytes = new Uint8Array(length);
		write(new DataView(bytes.buffer));
		this.#push(bytes);
	}

	u32 = (value: number) => this.#view(4, (view) => view.setUint32(0, value, true));
	i32 = (value: number) => this.#view(4, (view) => view.setInt32(0, value, true));
	f32 = (value: number) => this.#view(4, (view) => view.setFloat32(0, value, true));
	u64 = (value: bigint | number) => this.#view(8, (view) => view.setBigUint64(0, BigInt(value), true));
	u8 = (value: number) => this.#push(Uint8Array.of(value));

	string(value: string): void {
		const bytes = new TextEncoder().encode(value);
		this.u64(bytes.length);
		this.#push(bytes);
	}

	padTo(alignment: number): void {
		const padding = (alignment - (this.size % alignment)) % alignment;
		if (padding > 0) this.#push(new Uint8Array(padding));
	}

	bytes(): Uint8Array {
		return Buffer.concat(this.#chunks);
	}
}

function writeValue(out: ByteWriter, value: GgufValue): void {
	out.u32(VALUE_TYPE[value.type]);
	switch (value.type) {
		case "uint32":
			out.u32(value.value);
			break;
		case "int32":
			out.i32(value.value);
			break;
		case "float32":
			out.f32(value.value);
			break;
		case "uint64":
			out.u64(value.value);
			break;
		case "bool":
			out.u8(value.value ? 1 : 0);
			break;
		case "string":
			out.string(value.value);
			break;
		case "array": {
			out.u32(VALUE_TYPE[value.items]);
			out.u64(value.value.length);
			if (value.items === "string") {
				for (const item of value.value) out.string(item);
			} else {
				const write = value.items === "int32" ? out.i32 : out.f32;
				for (let index = 0; index < value.value.length; index++) write(value.value[index] as number);
			}
		}
	}
}

const elementCount = (tensor: GgufTensor): number => tensor.shape.reduce((product, size) => product * size, 1);
const bytesPerElement = (tensor: GgufTensor): number => (tensor.type === GGMLQuantizationType.F32 ? 4 : 2);
const aligned = (offset: number): number => Math.ceil(offset / ALIGNMENT) * ALIGNMENT;

/** The header: magic, version, counts, metadata, tensor descriptions, padding up to the data. */
function header(metadata: Record<string, GgufValue>, tensors: readonly GgufTensor[]): Uint8Array {
	const out = new ByteWriter();
	out.u32(MAGIC);
	out.u32(VERSION);
	out.u64(tensors.length);
	out.u64(Object.keys(metadata).length);
	for (const [key, value] of Object.entries(metadata)) {
		out.string(key);
		writeValue(out, value);
	}
	let offset = 0;
	for (const tensor of tensors) {
		out.string(tensor.name);
		out.u32(tensor.shape.length);
		for (const size of tensor.shape) out.u64(size);
		out.u32(tensor.type);
		out.u64(offset);
		offset = aligned(offset + elementCount(tensor) * bytesPerElement(tensor));
	}
	out.padTo(ALIGNMENT);
	return out.bytes();
}

/** One float's bits, reused for every conversion. */
const scratch = new Float32Array(1);
const scratchBits = new Uint32Array(scratch.buffer);

/** IEEE 754 half precision, rounded to nearest (enough for random weights and norms of 1). */
function toHalf(value: number): number {
	scratch[0] = value;
	const bits = scratchBits[0] as number;
	const sign = (bits >>> 16) & 0x8000;
	const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
	const mantissa = bits & 0x7fffff;
	if (exponent <= 0) return sign; // too small: zero
	if (exponent >= 31) return sign | 0x7c00; // too large: infinity
	const rounded = (exponent << 10) | ((mantissa + 0x1000) >> 13);
	return sign | Math.min(rounded, 0x7bff);
}

function encodeChunk(tensor: GgufTensor, values: Float32Array): Uint8Array {
	if (tensor.type === GGMLQuantizationType.F32)
		return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
	const halves = new Uint16Array(values.length);
	for (let index = 0; index < values.length; index++) halves[index] = toHalf(values[index] as number);
	return new Uint8Array(halves.buffer);
}

/** Writes the file at `path` (replacing it). */
export async function writeGguf(
	path: string,
	metadata: Record<string, GgufValue>,
	tensors: readonly GgufTensor[],
): Promise<void> {
	const file = await open(path, "w");
	try {
		const head = header(metadata, tensors);
		await file.write(head);
		let written = 0;
		for (const tensor of tensors) {
			const count = elementCount(tensor);
			for (let start = 0; start < count; start += CHUNK_ELEMENTS) {
				const values = new Float32Array(Math.min(CHUNK_ELEMENTS, count - start));
				tensor.fill(values, start);
				const bytes = encodeChunk(tensor, values);
				await file.write(bytes);
				written += bytes.length;
			}
			const padding = aligned(written) - written;
			if (padding > 0) await file.write(new Uint8Array(padding));
			written += padding;
		}
	} finally {
		await file.close();
	}
}
