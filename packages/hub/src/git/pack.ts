/**
 * Git packfiles, version 2 (gitformat-pack): "PACK", the version and the object count as 32-bit
 * big-endian numbers, the objects, and the sha1 of everything before it. Each object is a header
 * (type in bits 4-6 of the first byte, size in its low 4 bits and then 7 bits a byte while the
 * high bit is set) and its zlib-deflated data; a delta (OFS_DELTA: a negative offset to its base
 * in this pack, REF_DELTA: its base's id) deflates a delta of its base instead (delta.ts).
 */
import { constants } from "node:buffer";
import { createHash, type Hash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createDeflate, deflateSync, inflateSync } from "node:zlib";
import { ByteSource } from "./byte-source.js";
import { applyDelta } from "./delta.js";
import { GitFormatError } from "./format-error.js";
import { type GitObjectType, objectId } from "./objects.js";

const TYPE_NUMBER: Record<GitObjectType, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };
const TYPE_NAME: Record<number, GitObjectType> = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };
const OFS_DELTA = 6;
const REF_DELTA = 7;
const HEADER_BYTES = 12;
const TRAILER_BYTES = 20;
const MAX_LENGTH = constants.MAX_LENGTH;
const MAGIC = [0x50, 0x41, 0x43, 0x4b]; // "PACK"

/** An object to write whole: its bytes, or a stream of them and their size (for a large blob). */
export type PackInput =
	| { type: GitObjectType; data: Uint8Array }
	| { type: GitObjectType; size: number; stream: AsyncIterable<Uint8Array> };

/**
 * A version-2 pack of `count` whole objects, as chunks as it is written: each object is deflated
 * on its own (a streamed object through a zlib stream), so memory is one object's chunks at a time
 * and never the pack. Fewer or more objects than `count`, or a stream of another size than it
 * declared, is a GitFormatError (after the bytes before it were already yielded).
 */
export async function* writePack(
	objects: Iterable<PackInput> | AsyncIterable<PackInput>,
	count: number,
): AsyncGenerator<Uint8Array> {
	const hash = createHash("sha1");
	const emit = (bytes: Uint8Array) => {
		hash.update(bytes);
		return bytes;
	};
	const header = new Uint8Array(HEADER_BYTES);
	header.set(MAGIC, 0);
	const view = new DataView(header.buffer);
	view.setUint32(4, 2);
	view.setUint32(8, count);
	yield emit(header);
	let written = 0;
	for await (const object of objects) {
		if (++written > count) throw new GitFormatError("count-mismatch", `more objects than the ${count} declared`);
		if ("data" in object) {
			yield emit(objectHeader(TYPE_NUMBER[object.type], object.data.byteLength));
			yield emit(deflateSync(object.data));
			continue;
		}
		yield emit(objectHeader(TYPE_NUMBER[object.type], object.size));
		for await (const chunk of deflateStream(object.stream, object.size)) yield emit(chunk);
	}
	if (written !== count) throw new GitFormatError("count-mismatch", `${written} objects, not the ${count} declared`);
	yield new Uint8Array(hash.digest());
}

async function* deflateStream(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
	let seen = 0;
	async function* counted() {
		for await (const chunk of source) {
			seen += chunk.byteLength;
			yield chunk;
		}
	}
	const deflate = createDeflate();
	const piped = pipeline(Readable.from(counted(), { objectMode: false }), deflate);
	for await (const chunk of deflate) yield chunk as Uint8Array;
	await piped;
	if (seen !== size) throw new GitFormatError("size-mismatch", `a streamed object of ${seen} bytes declared ${size}`);
}

/** An entry's header: its type number (1-4, 6 OFS_DELTA, 7 REF_DELTA) and its inflated size. */
export function objectHeader(type: number, size: number): Uint8Array {
	const bytes: number[] = [];
	let byte = (type << 4) | (size & 0x0f);
	let rest = Math.floor(size / 16);
	while (rest > 0) {
		bytes.push(byte | 0x80);
		byte = rest & 0x7f;
		rest = Math.floor(rest / 128);
	}
	bytes.push(byte);
	return Uint8Array.from(bytes);
}

/** An object read from a pack, deltas resolved: what git would store under `oid`. */
export interface PackObject {
	oid: string;
	type: GitObjectType;
	data: Uint8Array;
	/** Where its entry starts in the pack. */
	offset: number;
	/** True when the pack held it as a delta. */
	delta: boolean;
}

/** A base object, as `externalBase` answers. */
export interface BaseObject {
	type: GitObjectType;
	data: Uint8Array;
}

export interface ReadPackOptions {
	/**
	 * A base the reader does not hold: a thin pack's REF_DELTA base (an object the receiver
	 * already has), or an object of this pack it already yielded and let go of (past
	 * `baseCacheBytes`; the caller stored every object it was given). Undefined when unknown.
	 */
	externalBase?: (oid: string) => Promise<BaseObject | undefined>;
	/** How many bytes of yielded objects the reader keeps as possible delta bases (default 64 MiB). */
	baseCacheBytes?: number;
	/**
	 * The largest object (and delta) the reader inflates, refused as `too-large` from its header
	 * before anything is allocated (default: the largest buffer node allows).
	 */
	maxObjectBytes?: number;
}

/**
 * The objects of a pack read from a stream, each yielded as soon as it is whole, deltas resolved.
 * Memory: the compressed and inflated bytes of one entry, the most recently yielded objects up to
 * `baseCacheBytes` (an older base is asked of `externalBase`), and REF_DELTAs whose base appears
 * later in the pack until it does. Objects come before the trailer is checked: a caller keeps them
 * in quarantine until the generator returns, which it does only for a pack whose sha1 matches,
 * with no bytes after it and every delta resolved; anything else is a GitFormatError.
 */
export async function* readPack(
	source: AsyncIterable<Uint8Array> | ByteSource,
	options: ReadPackOptions = {},
): AsyncGenerator<PackObject> {
	if (source instanceof ByteSource) return yield* readPackFrom(source, options);
	const bytes = new ByteSource(source);
	try {
		yield* readPackFrom(bytes, options);
	} finally {
		await bytes.close();
	}
}

/** readPack on a ByteSource, which may have been read past pkt-lines first (a push's commands). */
async function* readPackFrom(bytes: ByteSource, options: ReadPackOptions): AsyncGenerator<PackObject> {
	const start = bytes.position;
	const hash = createHash("sha1");
	const read = async (length: number, what: string) => {
		const chunk = await bytes.read(length, what);
		hash.update(chunk);
		return chunk;
	};
	const header = await read(HEADER_BYTES, "the pack header");
	if (!MAGIC.every((byte, index) => header[index] === byte)) throw new GitFormatError("bad-header", "not a pack");
	const view = new DataView(header.buffer, header.byteOffset, HEADER_BYTES);
	const version = view.getUint32(4);
	if (version !== 2 && version !== 3) throw new GitFormatError("bad-header", `pack version ${version} is not 2 or 3`);
	const count = view.getUint32(8);

	const maxBytes = Math.min(options.maxObjectBytes ?? MAX_LENGTH, MAX_LENGTH - 1);
	const bases = new BaseCache(options.baseCacheBytes ?? 64 * 1024 * 1024);
	const oidAt = new Map<number, string>();
	/** Deltas waiting, by what they wait for: a base id, or "@<offset>" of an entry itself waiting. */
	const waiting = new Map<string, { offset: number; delta: Uint8Array }[]>();
	const waitingAt = new Set<number>();
	const base = async (oid: string): Promise<BaseObject | undefined> =>
		bases.get(oid) ?? (await options.externalBase?.(oid));

	/** `object`, then every delta that waited for it, and so on down. */
	function* resolved(first: Omit<PackObject, "oid">): Generator<PackObject> {
		const queue = [first];
		for (let item = queue.shift(); item; item = queue.shift()) {
			const object = { oid: objectId(item.type, item.data), ...item };
			oidAt.set(object.offset, object.oid);
			waitingAt.delete(object.offset);
			bases.put(object.oid, object);
			yield object;
			for (const key of [object.oid, `@${object.offset}`]) {
				for (const delta of waiting.get(key) ?? []) {
					const data = applyDelta(object.data, delta.delta, maxBytes);
					queue.push({ type: object.type, data, offset: delta.offset, delta: true });
				}
				waiting.delete(key);
			}
		}
	}

	for (let index = 0; index < count; index++) {
		const offset = bytes.position - start;
		const { type, size } = await readObjectHeader(read);
		if (size > maxBytes) {
			throw new GitFormatError(
				"too-large",
				`the entry at ${offset} holds ${size} bytes, more than the ${maxBytes} allowed`,
			);
		}
		const whole = TYPE_NAME[type];
		if (whole) {
			yield* resolved({ type: whole, data: await inflate(bytes, hash, size), offset, delta: false });
			continue;
		}
		let key: string;
		if (type === OFS_DELTA) {
			const baseOffset = offset - (await readBaseDistance(read));
			const oid = oidAt.get(baseOffset);
			if (oid) key = oid;
			else if (waitingAt.has(baseOffset)) key = `@${baseOffset}`;
			else throw new GitFormatError("bad-delta", `the delta at ${offset} names no entry at ${baseOffset}`);
		} else if (type === REF_DELTA) {
			key = Buffer.from(await read(20, "a delta's base id")).toString("hex");
		} else {
			throw new GitFormatError("bad-object-type", `object type ${type} at byte ${offset}`);
		}
		const delta = await inflate(bytes, hash, size);
		const found = key.startsWith("@") ? undefined : await base(key);
		if (found) {
			yield* resolved({ type: found.type, data: applyDelta(found.data, delta, maxBytes), offset, delta: true });
		} else if (type === REF_DELTA || key.startsWith("@")) {
			waiting.set(key, [...(waiting.get(key) ?? []), { offset, delta }]);
			waitingAt.add(offset);
		} else {
			throw new GitFormatError("missing-base", `the base ${key} of the delta at ${offset} is no longer held`);
		}
	}
	const trailer = await bytes.read(TRAILER_BYTES, "the pack trailer");
	if (!Buffer.from(trailer).equals(hash.digest())) {
		throw new GitFormatError("bad-checksum", "the pack's sha1 does not match its trailer");
	}
	if (!(await bytes.atEnd())) throw new GitFormatError("trailing-data", "bytes follow the pack trailer");
	const missing = [...waiting.keys()].filter((key) => !key.startsWith("@"));
	if (missing.length > 0) throw new GitFormatError("missing-base", `delta bases not found: ${missing.join(", ")}`);
}

type Read = (length: number, what: string) => Promise<Uint8Array>;

async function readObjectHeader(read: Read): Promise<{ type: number; size: number }> {
	let byte = (await read(1, "an object header"))[0] as number;
	const type = (byte >> 4) & 0x07;
	let size = byte & 0x0f;
	let scale = 16;
	while (byte & 0x80) {
		byte = (await read(1, "an object header"))[0] as number;
		size += (byte & 0x7f) * scale;
		scale *= 128;
		if (scale > 2 ** 60) throw new GitFormatError("bad-header", "an object size past 2^53");
	}
	return { type, size };
}

/** OFS_DELTA's distance back to its base: 7 bits a byte, each continuation adding one (gitformat-pack). */
async function readBaseDistance(read: Read): Promise<number> {
	let byte = (await read(1, "a delta's base offset"))[0] as number;
	let distance = byte & 0x7f;
	while (byte & 0x80) {
		byte = (await read(1, "a delta's base offset"))[0] as number;
		distance = (distance + 1) * 128 + (byte & 0x7f);
		if (distance > Number.MAX_SAFE_INTEGER / 256) throw new GitFormatError("bad-delta", "a base offset past 2^53");
	}
	if (distance === 0) throw new GitFormatError("bad-delta", "a delta names itself as its base");
	return distance;
}

/**
 * The zlib stream at the front of `bytes`, which must inflate to `size` bytes. Inflation stops at
 * the stream's end, so it is tried on what is held and, when that is cut short, on twice as much:
 * the retries cost at most about twice the object's compressed size.
 */
async function inflate(bytes: ByteSource, hash: Hash, size: number): Promise<Uint8Array> {
	const at = bytes.position;
	for (;;) {
		const held = bytes.peek();
		let result: { buffer: Buffer; engine: { bytesWritten: number } };
		try {
			result = inflateSync(held, { info: true, maxOutputLength: size + 1 }) as unknown as typeof result;
		} catch (error) {
			const code = (error as { code?: string }).code;
			if (code === "Z_BUF_ERROR") {
				await bytes.fill(held.byteLength * 2 + 4096);
				if (bytes.buffered > held.byteLength) continue;
				throw new GitFormatError("truncated", `the stream ends inside the object at byte ${at}`);
			}
			if (code === "ERR_BUFFER_TOO_LARGE") {
				throw new GitFormatError("size-mismatch", `the object at byte ${at} inflates past its ${size} bytes`);
			}
			throw new GitFormatError("bad-compression", `the object at byte ${at} is not a zlib stream`);
		}
		if (result.buffer.byteLength !== size) {
			throw new GitFormatError(
				"size-mismatch",
				`the object at byte ${at} inflates to ${result.buffer.byteLength} bytes, not ${size}`,
			);
		}
		hash.update(bytes.take(result.engine.bytesWritten));
		return new Uint8Array(result.buffer.buffer, result.buffer.byteOffset, result.buffer.byteLength);
	}
}

/** The most recently used objects, up to a byte budget: the delta bases a pack is likely to name next. */
class BaseCache {
	readonly #objects = new Map<string, BaseObject>();
	#bytes = 0;
	constructor(readonly budget: number) {}

	get(oid: string): BaseObject | undefined {
		const object = this.#objects.get(oid);
		if (object) {
			this.#objects.delete(oid);
			this.#objects.set(oid, object);
		}
		return object;
	}

	put(oid: string, object: BaseObject): void {
		if (object.data.byteLength > this.budget || this.#objects.has(oid)) return;
		this.#objects.set(oid, { type: object.type, data: object.data });
		this.#bytes += object.data.byteLength;
		for (const [oldest, held] of this.#objects) {
			if (this.#bytes <= this.budget) break;
			this.#objects.delete(oldest);
			this.#bytes -= held.data.byteLength;
		}
	}
}
