/**
 * Xet downloads (the client contracts, §1.4; the CAS API's reconstruction routes): which
 * xorb chunks make a file, and signed links to the xorb bytes that hold them.
 *
 * Who may reconstruct what: a Xet read token names one repository, and a file hash is answered
 * only when that repository holds the file's sha256, as an upload claim (`lfs_objects`, any age:
 * the claim only ever let its own writers in) or in its history (which covers duplicated and
 * imported repositories, whose commits name the blob without a claim). Anything else is the same
 * 404 as an unknown hash, so a token for one repository learns nothing of another's files.
 *
 * The links (`url` of each fetch entry) are fetched without the Authorization header, as clients
 * treat them as presigned: each is a token the hub signs with its own key (services/oauth-keys.ts,
 * shared by every hub on one database) naming one xorb and one byte range, and the `Range` a client
 * sends must be exactly that range. Xorbs may hold chunks of other repositories' files (dedupe),
 * so no link ever grants more than the chunks of the file asked about. With
 * HUBKIT_S3_PRESIGN_DOWNLOADS the link is instead a presigned S3 GET of the xorb's blob whose
 * signature covers the same `Range`.
 */
import type { Kysely } from "kysely";
import type { HubConfig } from "../config.js";
import type { Database } from "../db/schema.js";
import { badRequest, HubError } from "../errors.js";
import type { BlobStore, ByteRange } from "../storage/blob-store.js";
import { parseRangeHeader } from "../storage/byte-range.js";
import type { TreeEntry } from "../storage/repo-tree.js";
import { signHubToken, verifyHubToken } from "./oauth-keys.js";
import { repoHistoryHoldsBlob } from "./trees.js";
import { type StoredXetFile, type StoredXorb, XetStore } from "./xet-store.js";
import type { XetGrant } from "./xet-tokens.js";

/** What a xorb-range link's token is for (its JWT audience): never a hub or Xet CAS token. */
const XORB_RANGE_AUDIENCE = "hubkit-xet-xorb-range";
/** As long as the Xet token that asked: a client fetching after that asks for a new reconstruction. */
export const XORB_RANGE_LIFETIME_MS = 60 * 60 * 1000;

const HASH_HEX = /^[0-9a-f]{64}$/;

export interface ChunkSpan {
	start: number;
	end: number;
}

export interface ReconstructionTerm {
	hash: string;
	unpacked_length: number;
	/** Chunk indices, end-exclusive. */
	range: ChunkSpan;
}

/** Chunks [chunks.start, chunks.end) of a xorb, stored at bytes [bytes.start, bytes.end] of it. */
interface FetchSpan {
	xorb: StoredXorb;
	chunks: ChunkSpan;
	bytes: ByteRange;
}

export interface Reconstruction {
	/** The file's sha256, and the first byte asked for (0 for the whole file). */
	sha256: string;
	start: number;
	offsetIntoFirstRange: number;
	terms: ReconstructionTerm[];
	fetch: FetchSpan[];
}

export interface XetReadsDeps {
	db: Kysely<Database>;
	blobStore: BlobStore;
	config: Pick<HubConfig, "s3PresignDownloads">;
}

/** A file hash from a path: 400 unless 64 lowercase hex characters (the CAS API's rule). */
export function checkedFileHash(hash: string): string {
	if (!HASH_HEX.test(hash)) throw badRequest("A Xet hash is 64 lowercase hexadecimal characters");
	return hash;
}

export class XetReads {
	readonly #db: Kysely<Database>;
	readonly #blobStore: BlobStore;
	readonly #config: XetReadsDeps["config"];
	readonly #store: XetStore;

	constructor(deps: XetReadsDeps) {
		this.#db = deps.db;
		this.#blobStore = deps.blobStore;
		this.#config = deps.config;
		this.#store = new XetStore(deps.db, deps.blobStore);
	}

	/** The stored file `fileHash` names, when the grant's repository holds it; else a 404. */
	async #heldFile(grant: XetGrant, fileHash: string): Promise<StoredXetFile> {
		const file = await this.#store.file(checkedFileHash(fileHash));
		if (!file || !(await this.#repoHolds(grant.repoKey, file.sha256))) {
			throw new HubError(404, `Xet file not found: ${fileHash}`, { code: "EntryNotFound" });
		}
		return file;
	}

	async #repoHolds(repoKey: string, sha256: string): Promise<boolean> {
		const claim = await this.#db
			.selectFrom("lfs_objects")
			.select("oid")
			.where("repo_id", "=", repoKey)
			.where("oid", "=", sha256)
			.executeTakeFirst();
		return claim !== undefined || (await repoHistoryHoldsBlob(this.#db, repoKey, sha256));
	}

	/**
	 * The chunks that make bytes `rangeHeader` asks of file `fileHash` (all of it without one): 416
	 * when the range starts at or past the end. Terms are cut to the chunks the range touches.
	 */
	async reconstruct(grant: XetGrant, fileHash: string, rangeHeader: string | undefined): Promise<Reconstruction> {
		const file = await this.#heldFile(grant, fileHash);
		const request =
			rangeHeader === undefined
				? ({ kind: "whole" } as const)
				: file.size === 0
					? ({ kind: "unsatisfiable" } as const)
					: parseRangeHeader(rangeHeader, file.size);
		if (request.kind === "unsatisfiable") {
			throw new HubError(
				416,
				`Range ${rangeHeader?.slice(0, 100)} starts past the end of the file (${file.size} bytes)`,
				{
					headers: { "Content-Range": `bytes */${file.size}` },
				},
			);
		}
		const wanted = request.kind === "partial" ? request.range : { start: 0, end: file.size - 1 };
		const xorbs = new Map<string, StoredXorb>();
		const terms: ReconstructionTerm[] = [];
		let offsetIntoFirstRange = 0;
		let position = 0;
		for (const term of file.terms) {
			if (position > wanted.end) break;
			if (position + term.size <= wanted.start) {
				position += term.size;
				continue;
			}
			let xorb = xorbs.get(term.xorbHash);
			if (!xorb) {
				xorb = await this.#store.xorb(term.xorbHash);
				if (!xorb) throw new HubError(500, `Xorb ${term.xorbHash} of file ${fileHash} is missing from the store`);
				xorbs.set(term.xorbHash, xorb);
			}
			let start = -1;
			let end = term.chunkStart;
			let length = 0;
			for (let index = term.chunkStart; index < term.chunkEnd && position <= wanted.end; index++) {
				const size = (xorb.chunks[index] as { size: number }).size;
				if (position + size > wanted.start) {
					if (start === -1) {
						start = index;
						if (terms.length === 0) offsetIntoFirstRange = wanted.start - position;
					}
					end = index + 1;
					length += size;
				}
				position += size;
			}
			if (start !== -1) terms.push({ hash: term.xorbHash, unpacked_length: length, range: { start, end } });
		}
		return {
			sha256: file.sha256,
			start: wanted.start,
			offsetIntoFirstRange,
			terms,
			fetch: fetchSpans(terms, xorbs),
		};
	}

	/** Reconstructions of several whole files (the batch route): files not found are left out. */
	async reconstructMany(grant: XetGrant, fileHashes: readonly string[]): Promise<Map<string, Reconstruction>> {
		const found = new Map<string, Reconstruction>();
		for (const hash of new Set(fileHashes)) {
			try {
				found.set(hash, await this.reconstruct(grant, hash, undefined));
			} catch (error) {
				if (!(error instanceof HubError) || error.status !== 404) throw error;
			}
		}
		return found;
	}

	/** The link a client fetches `span` from, without a token of its own. */
	async fetchUrl(baseUrl: string, span: FetchSpan, now = new Date()): Promise<string> {
		if (this.#config.s3PresignDownloads && this.#blobStore.downloadUrl) {
			const presigned = await this.#blobStore.downloadUrl(span.xorb.blobSha256, undefined, span.bytes);
			if (presigned) return presigned;
		}
		const token = await signHubToken(
			this.#db,
			XORB_RANGE_AUDIENCE,
			{ xorb: span.xorb.hash, start: span.bytes.start, end: span.bytes.end },
			new Date(now.getTime() + XORB_RANGE_LIFETIME_MS),
		);
		return `${baseUrl}/v1/xorb-ranges/${span.xorb.hash}?sig=${token}`;
	}

	/**
	 * The bytes a xorb-range link grants: 403 when its signature is not the hub's, is expired, names
	 * another xorb, or the `Range` sent is not exactly the signed one.
	 */
	async xorbRange(
		xorbHash: string,
		signature: string | undefined,
		rangeHeader: string | undefined,
	): Promise<{ body: ReadableStream<Uint8Array>; range: ByteRange; size: number }> {
		const claims = signature ? await verifyHubToken(this.#db, XORB_RANGE_AUDIENCE, signature) : undefined;
		const { xorb, start, end } = (claims ?? {}) as { xorb?: unknown; start?: unknown; end?: unknown };
		if (xorb !== xorbHash || typeof start !== "number" || typeof end !== "number") {
			throw new HubError(
				403,
				"This xorb link is not valid (expired, or not signed for this xorb): ask for a new reconstruction",
				{
					code: "InvalidToken",
				},
			);
		}
		if (rangeHeader?.trim() !== `bytes=${start}-${end}`) {
			throw new HubError(403, `This xorb link grants Range: bytes=${start}-${end} and nothing else`, {
				code: "InvalidToken",
			});
		}
		const stored = await this.#store.xorb(xorbHash);
		const range = { start, end };
		const body = stored && end < stored.size ? await this.#blobStore.read(stored.blobSha256, range) : undefined;
		if (!stored || !body) throw new HubError(404, `Xorb not found: ${xorbHash}`, { code: "NotFound" });
		return { body, range, size: stored.size };
	}
}

/**
 * One fetch span per run of overlapping or adjacent chunk ranges of a xorb, so each term lies in
 * one span and each byte is fetched once.
 */
function fetchSpans(terms: readonly ReconstructionTerm[], xorbs: ReadonlyMap<string, StoredXorb>): FetchSpan[] {
	const byXorb = new Map<string, ChunkSpan[]>();
	for (const term of terms) {
		const list = byXorb.get(term.hash) ?? [];
		list.push({ ...term.range });
		byXorb.set(term.hash, list);
	}
	const spans: FetchSpan[] = [];
	for (const [hash, ranges] of byXorb) {
		const xorb = xorbs.get(hash) as StoredXorb;
		ranges.sort((a, b) => a.start - b.start);
		const merged: ChunkSpan[] = [];
		for (const range of ranges) {
			const last = merged.at(-1);
			if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
			else merged.push({ ...range });
		}
		for (const chunks of merged) {
			const first = xorb.chunks[chunks.start];
			const final = xorb.chunks[chunks.end - 1];
			if (!first || !final) throw new HubError(500, `A term of xorb ${hash} names chunks it does not have`);
			spans.push({ xorb, chunks, bytes: { start: first.offset, end: final.offset + final.byteLength - 1 } });
		}
	}
	return spans;
}

/**
 * Tree and paths-info entries, each LFS file uploaded through Xet with its `xetHash`: clients
 * take the Xet read path for exactly those (and a `xetHash` the hub could not serve is fatal).
 */
export async function withXetHashes<T extends TreeEntry>(store: XetStore, entries: readonly T[]): Promise<T[]> {
	const oids = entries.flatMap((entry) => (entry.type === "file" && entry.lfs ? [entry.lfs.oid] : []));
	if (oids.length === 0) return [...entries];
	const hashes = await store.fileHashesBySha256(oids);
	return entries.map((entry) => {
		const xetHash = entry.type === "file" && entry.lfs ? hashes.get(entry.lfs.oid) : undefined;
		return xetHash ? { ...entry, xetHash } : entry;
	});
}
