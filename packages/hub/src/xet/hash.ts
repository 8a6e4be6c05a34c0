/**
 * The hashes of the Xet protocol (specification 1.0.0, "Hashing"): every hash is 32 bytes of
 * keyed BLAKE3. A chunk hash keys its data with DATA_KEY; a xorb hash is the root of the
 * aggregated Merkle tree over (chunk hash, size) pairs; a file hash keys that root once more
 * (with 32 zero bytes unless a salt is given); a term verification hash keys the concatenated
 * raw chunk hashes of a term with VERIFICATION_KEY.
 *
 * Hashes are raw bytes here. Only `hashToHex` / `hashFromHex` know the string form that URLs,
 * reference files and the Merkle node text use, which reverses each 8-byte group.
 */
import { createBLAKE3, type IHasher } from "hash-wasm";
import { XetFormatError } from "./format-error.js";

export type XetHash = Uint8Array;
export const HASH_BYTES = 32;

export interface ChunkRef {
	hash: XetHash;
	/** The chunk's uncompressed length in bytes. */
	size: number;
}

const DATA_KEY = Uint8Array.from([
	102, 151, 245, 119, 91, 149, 80, 222, 49, 53, 203, 172, 165, 151, 24, 28, 157, 228, 33, 16, 155, 235, 43, 88, 180,
	208, 176, 75, 147, 173, 242, 41,
]);
const INTERNAL_NODE_KEY = Uint8Array.from([
	1, 126, 197, 199, 165, 71, 41, 150, 253, 148, 102, 102, 180, 138, 2, 230, 93, 221, 83, 111, 55, 199, 109, 210, 248,
	99, 82, 230, 74, 83, 113, 63,
]);
const VERIFICATION_KEY = Uint8Array.from([
	127, 24, 87, 214, 206, 86, 237, 102, 18, 127, 249, 19, 231, 165, 195, 243, 164, 205, 38, 213, 181, 219, 73, 230, 65,
	36, 152, 127, 40, 251, 148, 195,
]);
const ZERO_KEY = new Uint8Array(HASH_BYTES);

/** A Merkle node has 2 to 9 children: the tree's mean branching factor is 4. */
const BRANCHING_FACTOR = 4;
const MAX_GROUP = 2 * BRANCHING_FACTOR + 1;
/** A chunk whose hash is 0 modulo this is one the global dedupe index knows. */
const GLOBAL_DEDUP_MODULUS = 1024;

interface Hashers {
	data: IHasher;
	node: IHasher;
	verification: IHasher;
	zero: IHasher;
}

let hashers: Promise<Hashers> | undefined;

/** The keyed BLAKE3 instances, made once (hash-wasm instantiates its module asynchronously). */
function loadHashers(): Promise<Hashers> {
	hashers ??= (async () => ({
		data: await createBLAKE3(256, DATA_KEY),
		node: await createBLAKE3(256, INTERNAL_NODE_KEY),
		verification: await createBLAKE3(256, VERIFICATION_KEY),
		zero: await createBLAKE3(256, ZERO_KEY),
	}))();
	return hashers;
}

/** One keyed hash of `parts` in order. Synchronous between init and digest, so instances can be shared. */
function digest(hasher: IHasher, ...parts: Uint8Array[]): XetHash {
	hasher.init();
	for (const part of parts) hasher.update(part);
	return hasher.digest("binary");
}

export async function chunkHash(data: Uint8Array): Promise<XetHash> {
	return digest((await loadHashers()).data, data);
}

/** The xorb hash of its chunks in order; all zeros for no chunks, as the reference does. */
export async function xorbHash(chunks: readonly ChunkRef[]): Promise<XetHash> {
	if (chunks.length === 0) return new Uint8Array(HASH_BYTES);
	return merkleRoot(chunks, (await loadHashers()).node);
}

/** The file hash of a file's chunks in order; all zeros for an empty file. */
export async function fileHash(chunks: readonly ChunkRef[], salt?: Uint8Array): Promise<XetHash> {
	if (chunks.length === 0) return new Uint8Array(HASH_BYTES);
	const loaded = await loadHashers();
	const root = merkleRoot(chunks, loaded.node);
	return salt ? keyedHash(root, salt) : digest(loaded.zero, root);
}

/** BLAKE3 of `hash` keyed with a 32-byte `key`: the spec's "HMAC" (file salt, dedupe shard keys). */
export async function keyedHash(hash: XetHash, key: Uint8Array): Promise<XetHash> {
	if (key.length !== HASH_BYTES) throw new XetFormatError("bad-hash", `a hash key has ${HASH_BYTES} bytes`);
	return digest(await createBLAKE3(256, key), hash);
}

/** `keyedHash` of each of `hashes` with one `key`, the keyed hasher made once (a dedupe answer keys a whole xorb). */
export async function keyedHashes(hashes: readonly XetHash[], key: Uint8Array): Promise<XetHash[]> {
	if (key.length !== HASH_BYTES) throw new XetFormatError("bad-hash", `a hash key has ${HASH_BYTES} bytes`);
	const hasher = await createBLAKE3(256, key);
	return hashes.map((hash) => digest(hasher, hash));
}

/** The verification hash of one shard term: its xorb's chunk hashes from start to end (exclusive). */
export async function verificationHash(chunkHashes: readonly XetHash[]): Promise<XetHash> {
	return digest((await loadHashers()).verification, ...chunkHashes);
}

export function isGlobalDedupEligible(hash: XetHash): boolean {
	return lowWord(hash) % GLOBAL_DEDUP_MODULUS === 0;
}

/**
 * Collapse (hash, size) pairs level by level until one remains. A group ends after a child
 * whose hash is 0 modulo the branching factor, but holds at least 2 and at most 9 children.
 */
function merkleRoot(chunks: readonly ChunkRef[], node: IHasher): XetHash {
	let level: ChunkRef[] = [...chunks];
	while (level.length > 1) {
		const next: ChunkRef[] = [];
		for (let start = 0; start < level.length; ) {
			const end = start + groupLength(level, start);
			next.push(mergeGroup(level.slice(start, end), node));
			start = end;
		}
		level = next;
	}
	return (level[0] as ChunkRef).hash;
}

function groupLength(level: readonly ChunkRef[], start: number): number {
	const remaining = level.length - start;
	if (remaining <= 2) return remaining;
	const limit = Math.min(MAX_GROUP, remaining);
	for (let i = 2; i < limit; i++) {
		if (lowWord((level[start + i] as ChunkRef).hash) % BRANCHING_FACTOR === 0) return i + 1;
	}
	return limit;
}

function mergeGroup(group: readonly ChunkRef[], node: IHasher): ChunkRef {
	const text = group.map((child) => `${hashToHex(child.hash)} : ${child.size}\n`).join("");
	return {
		hash: digest(node, new TextEncoder().encode(text)),
		size: group.reduce((sum, child) => sum + child.size, 0),
	};
}

/**
 * The low 32 bits of the hash's last 64-bit word (bytes 24..31, little-endian): enough for
 * every modulus the protocol takes (4 and 1024 divide 2^32).
 */
function lowWord(hash: XetHash): number {
	return (
		((hash[24] as number) | ((hash[25] as number) << 8) | ((hash[26] as number) << 16)) + (hash[27] as number) * 2 ** 24
	);
}

/** The 64-character string form: each 8-byte group read as a little-endian u64, printed big-endian. */
export function hashToHex(hash: XetHash): string {
	if (hash.length !== HASH_BYTES) throw new XetFormatError("bad-hash", `a Xet hash has ${HASH_BYTES} bytes`);
	let hex = "";
	for (let group = 0; group < HASH_BYTES; group += 8) {
		for (let i = group + 7; i >= group; i--) hex += (hash[i] as number).toString(16).padStart(2, "0");
	}
	return hex;
}

/** The raw bytes of a hash string (64 hex digits, any case), or a `bad-hash` error. */
export function hashFromHex(hex: string): XetHash {
	if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new XetFormatError("bad-hash", "a Xet hash is 64 hexadecimal digits");
	const hash = new Uint8Array(HASH_BYTES);
	for (let group = 0; group < HASH_BYTES; group += 8) {
		for (let i = 0; i < 8; i++)
			hash[group + 7 - i] = Number.parseInt(hex.slice(2 * (group + i), 2 * (group + i) + 2), 16);
	}
	return hash;
}

export function hashesEqual(a: XetHash, b: XetHash): boolean {
	return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
