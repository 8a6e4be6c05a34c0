/**
 * What both protocol versions of upload-pack share once the client said what it wants: the check
 * that every want is ours, and the pack itself, streamed on side-band 1 with progress on 2 and a
 * failure on 3 (gitprotocol-pack), objects read one at a time as they are written.
 */
import type { CommitGraph } from "./commit-graph.js";
import { GitFormatError } from "./format-error.js";
import { MissingObjectError, type PackRequest, planPack } from "./object-walk.js";
import { type PackInput, writePack } from "./pack.js";
import { FLUSH_PKT, MAX_SIDE_BAND_DATA, SIDE_BAND, sideBandPackets } from "./pkt-line.js";
import type { GitRef, StoredGitObject } from "./repository.js";

/** A request upload-pack refuses; its message is what the git user reads after "remote error:". */
export class UploadPackError extends Error {
	override readonly name = "UploadPackError";
}

const OID = /^[0-9a-f]{40}$/;

/** The object id at the start of `text` (after a line's keyword), refused unless 40 lower-case hex digits. */
export function parseOid(text: string, line: string): string {
	const oid = text.slice(0, 40);
	if (!OID.test(oid) || (text.length > 40 && text[40] !== " ")) {
		throw new UploadPackError(`upload-pack: protocol error, expected an object id in '${line}'`);
	}
	return oid;
}

/**
 * Refuses a want that no advertised ref reaches: a ref's tip or peeled tag is always fine, any
 * other commit only when some ref's history holds it (the refs may have moved since the client
 * read them, as each stateless request is served on its own).
 */
export async function checkWants(graph: CommitGraph, refs: readonly GitRef[], wants: readonly string[]): Promise<void> {
	const tips = new Set(refs.flatMap((ref) => (ref.peeled ? [ref.oid, ref.peeled] : [ref.oid])));
	const others: string[] = [];
	for (const want of wants) {
		if (tips.has(want)) continue;
		if ((await graph.type(want)) !== "commit") throw new UploadPackError(`upload-pack: not our ref ${want}`);
		others.push(want);
	}
	if (others.length === 0) return;
	const unreachable = await graph.firstUnreachable(
		others,
		refs.map((ref) => ref.oid),
	);
	if (unreachable) throw new UploadPackError(`upload-pack: not our ref ${unreachable}`);
}

/** `deepen <n>`: a positive whole number of commits. */
export function parseDeepen(line: string): number {
	const depth = Number(line.slice(7));
	if (!Number.isSafeInteger(depth) || depth <= 0) throw new UploadPackError(`upload-pack: invalid ${line}`);
	return depth;
}

/** The error for a line upload-pack does not take: a feature not offered, or a protocol error. */
export function refusedLine(line: string): UploadPackError {
	if (/^(deepen-since|deepen-not) /.test(line)) {
		return new UploadPackError("upload-pack: deepen-since and deepen-not are not supported; use --depth");
	}
	if (line.startsWith("filter ")) return new UploadPackError("upload-pack: partial clone (filter) is not supported");
	return new UploadPackError(`upload-pack: protocol error, unexpected '${line.slice(0, 80)}'`);
}

export interface SendPackOptions {
	/** Frame the pack on side-band-64k (always in protocol v2); without it the pack goes out raw. */
	sideBand: boolean;
	progress: boolean;
}

/**
 * The pack of `request`, its objects listed first (ids only) so the count is known, then read and
 * written one by one. With side-band, a failure is told on channel 3 and the stream ends there; a
 * failure that is not the request's or the repository's is thrown on after, for the caller to log.
 */
export async function* sendPack(
	graph: CommitGraph,
	request: PackRequest,
	options: SendPackOptions,
): AsyncGenerator<Uint8Array> {
	try {
		const oids = await planPack(graph, request);
		if (options.sideBand && options.progress) {
			yield* sideBandPackets(SIDE_BAND.progress, `Enumerating objects: ${oids.length}, done.\n`);
		}
		const pack = writePack(readObjects(graph, oids), oids.length);
		if (options.sideBand) {
			for await (const chunk of gather(pack, MAX_SIDE_BAND_DATA)) yield* sideBandPackets(SIDE_BAND.data, chunk);
			if (options.progress) {
				yield* sideBandPackets(SIDE_BAND.progress, `Total ${oids.length} (delta 0), reused 0 (delta 0)\n`);
			}
			yield FLUSH_PKT;
		} else {
			yield* pack;
		}
	} catch (error) {
		if (!options.sideBand) throw error;
		yield* sideBandPackets(SIDE_BAND.error, `upload-pack: ${failureText(error)}\n`);
		if (!isExpected(error)) throw error;
	}
}

/**
 * How many objects are read ahead of the one being written: a store answers each read after a
 * round trip (a file's open and read, an S3 GET), and waiting for them one by one would leave the
 * pack idle. Objects outside LFS are small (pushes refuse files over 10 MiB), so the window bounds
 * memory too.
 */
const READ_AHEAD = 8;

async function* readObjects(graph: CommitGraph, oids: readonly string[]): AsyncGenerator<PackInput> {
	const pending: Promise<StoredGitObject | undefined>[] = [];
	let requested = 0;
	for (const oid of oids) {
		while (pending.length < READ_AHEAD && requested < oids.length) {
			const read = graph.reader.readObject(oids[requested++] as string);
			// A read that fails while an earlier one is awaited is reported when its turn comes.
			read.catch(() => {});
			pending.push(read);
		}
		const object = await pending.shift();
		if (!object) throw new MissingObjectError(oid);
		yield { type: object.type, data: object.bytes };
	}
}

/** Small chunks (an object's header, a small object) joined up to `size` bytes, so each packet carries a full load. */
async function* gather(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
	let parts: Uint8Array[] = [];
	let held = 0;
	for await (const chunk of source) {
		if (held > 0 && held + chunk.byteLength > size) {
			yield Buffer.concat(parts, held);
			parts = [];
			held = 0;
		}
		parts.push(chunk);
		held += chunk.byteLength;
	}
	if (held > 0) yield Buffer.concat(parts, held);
}

export function isExpected(error: unknown): boolean {
	return error instanceof UploadPackError || error instanceof MissingObjectError || error instanceof GitFormatError;
}

export function failureText(error: unknown): string {
	if (error instanceof MissingObjectError) return `the repository is missing object ${error.oid}`;
	if (error instanceof UploadPackError) return error.message.replace(/^upload-pack: /, "");
	if (error instanceof GitFormatError) return error.message;
	return "the server failed while writing the pack";
}
