/**
 * Reads a GGUF file's header without loading the file: the magic, the version,
 * the metadata entries and the tensor descriptions. `ggufArchitecture` stops at
 * `general.architecture` (writers put it first), enough for `canRunLocally` to
 * tell a GGUF llama.cpp can run from one it cannot from the first bytes;
 * `readGgufHeader` reads the whole header, for the hub's model metadata
 * (parameter count, context length, chat template, quantisation).
 */

/** Bytes of the file's start that the check reads. */
export const GGUF_HEAD_BYTES = 64 * 1024;

const MAGIC = 0x46554747; // "GGUF", little-endian
/** Bytes of each fixed-size metadata value type (GGUF value type numbers). */
const FIXED_SIZE: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };
const STRING = 8;
const ARRAY = 9;

class OutOfBytes extends Error {}

/** Reads GGUF's little-endian values one after another from `head`; OutOfBytes past its end. */
function ggufCursor(head: Uint8Array) {
	const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
	const decoder = new TextDecoder();
	let offset = 0;
	const take = (length: number): number => {
		if (!Number.isSafeInteger(length) || length < 0) throw new Error("a length is out of range");
		if (offset + length > head.byteLength) throw new OutOfBytes();
		const at = offset;
		offset += length;
		return at;
	};
	const u32 = () => view.getUint32(take(4), true);
	const u64 = () => Number(view.getBigUint64(take(8), true));
	const string = () => {
		const length = u64();
		const at = take(length);
		return decoder.decode(head.subarray(at, at + length));
	};
	const scalar = (type: number): number | boolean | string => {
		switch (type) {
			case 0:
				return view.getUint8(take(1));
			case 1:
				return view.getInt8(take(1));
			case 2:
				return view.getUint16(take(2), true);
			case 3:
				return view.getInt16(take(2), true);
			case 4:
				return view.getUint32(take(4), true);
			case 5:
				return view.getInt32(take(4), true);
			case 6:
				return view.getFloat32(take(4), true);
			case 7:
				return view.getUint8(take(1)) !== 0;
			case STRING:
				return string();
			case 10:
				return Number(view.getBigUint64(take(8), true));
			case 11:
				return Number(view.getBigInt64(take(8), true));
			case 12:
				return view.getFloat64(take(8), true);
			default:
				throw new Error(`unknown metadata type ${type}`);
		}
	};
	const skipArray = (itemType: number, count: number): void => {
		if (itemType in FIXED_SIZE) take(count * (FIXED_SIZE[itemType] as number));
		else if (itemType === STRING) for (let index = 0; index < count; index++) take(u64());
		else if (itemType === ARRAY) for (let index = 0; index < count; index++) skipArray(u32(), u64());
		else throw new Error(`unknown metadata type ${itemType}`);
	};
	const skipValue = (type: number): void => {
		if (type === ARRAY) skipArray(u32(), u64());
		else if (type === STRING) take(u64());
		else if (type in FIXED_SIZE) take(FIXED_SIZE[type] as number);
		else throw new Error(`unknown metadata type ${type}`);
	};
	return { u32, u64, string, scalar, skipArray, skipValue };
}

/** The architecture name, or why it cannot be read from these bytes. */
export function ggufArchitecture(head: Uint8Array): { architecture: string } | { problem: string } {
	const { u32, u64, string, skipValue } = ggufCursor(head);
	try {
		if (head.byteLength < 4 || u32() !== MAGIC) return { problem: "it is not a GGUF file" };
		const version = u32();
		if (version < 2 || version > 3) return { problem: `GGUF version ${version} is not one llama.cpp reads` };
		u64(); // tensors
		const entries = u64();
		for (let index = 0; index < entries; index++) {
			const key = string();
			const type = u32();
			if (key === "general.architecture" && type === STRING) return { architecture: string() };
			skipValue(type);
		}
		return { problem: "it has no general.architecture" };
	} catch (error) {
		if (error instanceof OutOfBytes) return { problem: "general.architecture is not near the start of the file" };
		return { problem: `its metadata cannot be read (${error instanceof Error ? error.message : String(error)})` };
	}
}

/** A metadata value as read: numbers (64-bit ones as the nearest double), booleans, strings, or a string list. */
export type GgufMetadataValue = number | boolean | string | string[];

export interface GgufTensorInfo {
	name: string;
	/** Dimensions in GGML order. */
	shape: number[];
	/** A `GGMLQuantizationType` number. */
	type: number;
}

export interface GgufHeader {
	/**
	 * Scalar entries, and of the array entries only `tokenizer.ggml.tokens` (the token texts the
	 * BOS and EOS ids point into); other arrays (scores, merges) are skipped.
	 */
	metadata: Map<string, GgufMetadataValue>;
	tensors: GgufTensorInfo[];
}

/** The one array entry kept: the texts of the special-token ids. */
const KEPT_ARRAY = "tokenizer.ggml.tokens";
/** No real model has tensors of more dimensions than this (GGML's own limit is 4). */
const MAX_DIMENSIONS = 8;

/**
 * The whole header from the file's first bytes: the header, `"more"` when the
 * bytes end inside it (the caller reads a longer start and asks again), or why
 * it is not a GGUF header.
 */
export function readGgufHeader(head: Uint8Array): GgufHeader | "more" | { problem: string } {
	const { u32, u64, string, scalar, skipArray } = ggufCursor(head);
	try {
		if (u32() !== MAGIC) return { problem: "it is not a GGUF file" };
		const version = u32();
		if (version < 2 || version > 3) return { problem: `GGUF version ${version} is not one this reader knows` };
		const tensorCount = u64();
		const entryCount = u64();
		const metadata = new Map<string, GgufMetadataValue>();
		for (let index = 0; index < entryCount; index++) {
			const key = string();
			const type = u32();
			if (type !== ARRAY) {
				metadata.set(key, scalar(type));
				continue;
			}
			const itemType = u32();
			const count = u64();
			if (key === KEPT_ARRAY && itemType === STRING) {
				const items: string[] = [];
				for (let item = 0; item < count; item++) items.push(string());
				metadata.set(key, items);
			} else {
				skipArray(itemType, count);
			}
		}
		const tensors: GgufTensorInfo[] = [];
		for (let index = 0; index < tensorCount; index++) {
			const name = string();
			const dimensions = u32();
			if (dimensions > MAX_DIMENSIONS) return { problem: `tensor ${name} has ${dimensions} dimensions` };
			const shape: number[] = [];
			for (let dimension = 0; dimension < dimensions; dimension++) shape.push(u64());
			const type = u32();
			u64(); // offset of its data
			tensors.push({ name, shape, type });
		}
		return { metadata, tensors };
	} catch (error) {
		if (error instanceof OutOfBytes) return "more";
		return { problem: `its header cannot be read (${error instanceof Error ? error.message : String(error)})` };
	}
}
