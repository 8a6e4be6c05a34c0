/**
 * Reads `general.architecture` from the start of a GGUF file, without loading
 * it: the magic, the version, then the metadata entries in order until that key
 * (writers put it first). Enough for `canRunLocally` to tell a GGUF llama.cpp
 * can run from one it cannot, from the file's first bytes.
 */

/** Bytes of the file's start that the check reads. */
export const GGUF_HEAD_BYTES = 64 * 1024;

const MAGIC = 0x46554747; // "GGUF", little-endian
/** Bytes of each fixed-size metadata value type (GGUF value type numbers). */
const FIXED_SIZE: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };
const STRING = 8;
const ARRAY = 9;

class OutOfBytes extends Error {}

/** The architecture name, or why it cannot be read from these bytes. */
export function ggufArchitecture(head: Uint8Array): { architecture: string } | { problem: string } {
	const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
	let offset = 0;
	const take = (length: number): number => {
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
		return new TextDecoder().decode(head.subarray(at, at + length));
	};
	const skipValue = (type: number): void => {
		if (type === STRING) {
			take(u64());
		} else if (type === ARRAY) {
			const itemType = u32();
			const count = u64();
			if (itemType in FIXED_SIZE) take(count * (FIXED_SIZE[itemType] as number));
			else for (let index = 0; index < count; index++) skipValue(itemType);
		} else if (type in FIXED_SIZE) {
			take(FIXED_SIZE[type] as number);
		} else {
			throw new Error(`unknown metadata type ${type}`);
		}
	};
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
