/**
 * Git LFS uploads into the blob store, the way `@huggingface/hub` and `huggingface_hub` make
 * them (reference/hub-api.md §9.2–§9.3). A batch call with write access answers, per object,
 * nothing (the bytes are stored already) or where to send them. Clients send the bytes without
 * their token, so each upload URL carries a random secret; only its sha256 is kept, in
 * `lfs_uploads`, with the repo, the user, the announced oid and size, and an expiry. A `basic`
 * upload is one PUT; a `multipart` one is a PUT per part and a completion call that streams the
 * parts, in order, into the store. Parts wait in the blob store's part store when it has one (S3:
 * `<prefix>/lfs-parts/<secret hash>/<n>`, so the parts of one upload may arrive at different hubs
 * behind one address), otherwise under `<data>/lfs-parts/<secret hash>/` (one machine). Either way the store checks the bytes against the oid and size before the
 * blob appears, so a wrong or cut-off body leaves nothing behind.
 */
import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { HubConfig } from "../config.js";
import type { Database, LfsUploadsTable } from "../db/schema.js";
import { badRequest, HubError } from "../errors.js";
import type { Logger } from "../logger.js";
import { BlobMismatchError, type BlobStore, type StoredBlob } from "../storage/blob-store.js";
import { DiskPartStore, type PartStore } from "../storage/part-store.js";
import { isSha256Hex } from "../storage/sha256.js";
import { recordObject, repoHoldsObject } from "./lfs-objects.js";
import { StorageBudget } from "./quota.js";
import type { Repo } from "./repos.js";

/** The media type of every LFS API body, both ways. */
export const LFS_MEDIA_TYPE = "application/vnd.git-lfs+json";
/** How long an upload URL works: long enough for a large file on a slow line, short enough to be useless later. */
export const UPLOAD_LIFETIME_MS = 60 * 60 * 1000;
/** Objects one batch call may name (the clients send far fewer: one per LFS file of a commit). */
export const MAX_BATCH_OBJECTS = 1000;
/** Parts one multipart upload may have; a file that would need more gets larger parts. */
export const MAX_PARTS = 10_000;
/** Expired uploads are looked for at most this often (on batch calls). */
const SWEEP_INTERVAL_MS = 60 * 1000;

const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface BatchObject {
	oid: string;
	size: number;
}

export interface BatchRequest {
	operation: "upload" | "download";
	transfers: string[];
	objects: BatchObject[];
}

export interface LfsAction {
	href: string;
	header?: Record<string, string>;
	expires_at?: string;
}

export interface BatchAnswerObject extends BatchObject {
	authenticated?: boolean;
	actions?: { upload: LfsAction; verify: LfsAction } | { download: LfsAction };
	error?: { code: number; message: string };
}

export interface BatchAnswer {
	transfer: "basic" | "multipart";
	objects: BatchAnswerObject[];
	hash_algo: "sha256";
}

/** A batch call's body, checked; anything else is a 400 that says what is wrong. */
export function parseBatchRequest(body: unknown): BatchRequest {
	if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("Body must be a JSON object");
	const { operation, transfers, objects, hash_algo: hashAlgo } = body as Record<string, unknown>;
	if (operation !== "upload" && operation !== "download") throw badRequest('operation must be "upload" or "download"');
	if (hashAlgo !== undefined && hashAlgo !== "sha256" && hashAlgo !== "sha_256") {
		throw badRequest(`hash_algo ${JSON.stringify(hashAlgo)} is not supported: objects are named by their sha256`);
	}
	// Without a list the client speaks only the basic transfer (the git-lfs default).
	const offered = transfers === undefined ? ["basic"] : transfers;
	if (!Array.isArray(offered) || !offered.every((item) => typeof item === "string")) {
		throw badRequest("transfers must be an array of strings");
	}
	if (!offered.includes("basic") && !offered.includes("multipart")) {
		throw badRequest(`None of the transfers offered (${offered.join(", ")}) is one this hub speaks: basic, multipart`);
	}
	if (!Array.isArray(objects)) throw badRequest("objects must be an array of {oid, size}");
	if (objects.length > MAX_BATCH_OBJECTS) {
		throw badRequest(`A batch may name at most ${MAX_BATCH_OBJECTS} objects, not ${objects.length}`);
	}
	return {
		operation,
		transfers: offered,
		objects: objects.map((item, index) => {
			const { oid, size } = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
			if (typeof oid !== "string" || !isSha256Hex(oid)) {
				throw badRequest(`objects[${index}].oid must be a sha256: 64 lower-case hex digits`);
			}
			if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) {
				throw badRequest(`objects[${index}].size must be a non-negative integer`);
			}
			return { oid, size };
		}),
	};
}

/** The completion call of a multipart upload: `{oid, parts: [{partNumber, etag}]}`. */
export function parseCompletion(body: unknown): { oid: string; partNumbers: number[] } {
	if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest("Body must be a JSON object");
	const { oid, parts } = body as Record<string, unknown>;
	if (typeof oid !== "string" || !isSha256Hex(oid)) throw badRequest("oid must be a sha256: 64 lower-case hex digits");
	if (!Array.isArray(parts)) throw badRequest("parts must be an array of {partNumber, etag}");
	const partNumbers = parts.map((part, index) => {
		const number = (typeof part === "object" && part !== null ? part : {}) as Record<string, unknown>;
		if (typeof number.partNumber !== "number" || !Number.isSafeInteger(number.partNumber)) {
			throw badRequest(`parts[${index}].partNumber must be an integer`);
		}
		return number.partNumber;
	});
	return { oid, partNumbers };
}

type UploadRow = LfsUploadsTable;

export interface LfsUploadDeps {
	db: Kysely<Database>;
	blobStore: BlobStore;
	config: Pick<HubConfig, "dataDir" | "lfsChunkBytes" | "uploadBodyLimitBytes" | "storageQuotaBytes">;
	logger: Logger;
}

export class LfsUploads {
	readonly #db: Kysely<Database>;
	readonly #blobStore: BlobStore;
	readonly #config: LfsUploadDeps["config"];
	readonly #logger: Logger;
	readonly #parts: PartStore;
	readonly #now: () => Date;
	#lastSweep = 0;

	constructor(deps: LfsUploadDeps, now: () => Date = () => new Date()) {
		this.#db = deps.db;
		this.#blobStore = deps.blobStore;
		this.#config = deps.config;
		this.#logger = deps.logger;
		this.#parts = deps.blobStore.parts ?? new DiskPartStore(join(deps.config.dataDir, "lfs-parts"));
		this.#now = now;
	}

	/**
	 * Answers an upload batch for a repository the caller may write. `lfsBase` is the repository's
	 * public `…/{repo}.git/info/lfs` URL: upload and verify hrefs start with it.
	 */
	async batch(repo: Repo, caller: Caller, request: BatchRequest, lfsBase: string): Promise<BatchAnswer> {
		await this.sweepNow(false);
		const multipartOffered = request.transfers.includes("multipart");
		const now = this.#now();
		const expiresAt = new Date(now.getTime() + UPLOAD_LIFETIME_MS).toISOString();
		const rows: UploadRow[] = [];
		const objects: BatchAnswerObject[] = [];
		for (const { oid, size } of request.objects) {
			if (size > this.#config.uploadBodyLimitBytes) {
				objects.push({
					oid,
					size,
					error: {
						code: 413,
						message: `${oid} is ${size} bytes: uploads may be at most ${this.#config.uploadBodyLimitBytes}`,
					},
				});
				continue;
			}
			// Stored already and this repository's to name (lfs-objects.ts): nothing to send. Bytes another
			// repository uploaded are asked for again, which proves the caller has them (one copy is kept).
			if ((await this.#blobStore.size(oid)) === size && (await repoHoldsObject(this.#db, repo.key, oid, this.#now()))) {
				objects.push({ oid, size });
				continue;
			}
			const secret = randomBytes(32).toString("base64url");
			const chunkSize = multipartOffered ? this.#chunkSizeFor(size) : undefined;
			rows.push({
				id_hash: hashSecret(secret),
				repo_id: repo.key,
				user_id: caller.userId,
				oid,
				size,
				chunk_size: chunkSize ?? null,
				created_at: now.toISOString(),
				expires_at: expiresAt,
				credential: caller.credential ?? null,
			});
			const uploadUrl = `${lfsBase}/uploads/${secret}`;
			const verify = { href: `${lfsBase}/objects/verify`, expires_at: expiresAt };
			if (chunkSize === undefined) {
				objects.push({
					oid,
					size,
					actions: { upload: { href: uploadUrl, expires_at: expiresAt }, verify },
				});
				continue;
			}
			const header: Record<string, string> = { chunk_size: String(chunkSize) };
			for (let part = 1; part <= partCount(size, chunkSize); part++) {
				header[partKey(part)] = `${uploadUrl}/parts/${part}`;
			}
			objects.push({
				oid,
				size,
				actions: { upload: { href: `${uploadUrl}/complete`, header, expires_at: expiresAt }, verify },
			});
		}
		// Every byte the batch asks for counts against the namespace's quota before one is sent.
		await new StorageBudget(this.#db, this.#config, repo.author).add(
			rows.map((row) => ({ sha256: row.oid, size: row.size })),
		);
		if (rows.length > 0) await this.#db.insertInto("lfs_uploads").values(rows).execute();
		const transfer = rows.some((row) => row.chunk_size !== null) ? "multipart" : "basic";
		return { transfer, objects, hash_algo: "sha256" };
	}

	/** A basic upload: the whole body, checked against the announced oid and size, into the store. */
	async receive(repoKey: string, secret: string, body: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
		const upload = await this.#upload(repoKey, secret);
		if (upload.chunk_size !== null) {
			throw badRequest(
				"This upload goes in parts: PUT each part to its URL in the batch answer's header, then POST the completion",
			);
		}
		const stored = await this.#store(upload, body);
		await this.#finish(upload);
		return stored;
	}

	/** One part of a multipart upload, kept until the completion call; answers the part's ETag. */
	async receivePart(repoKey: string, secret: string, part: string, body: AsyncIterable<Uint8Array>): Promise<string> {
		const upload = await this.#upload(repoKey, secret);
		if (upload.chunk_size === null) throw badRequest("This upload is a single PUT to its URL, not in parts");
		const number = Number(part);
		const parts = partCount(upload.size, upload.chunk_size);
		if (!/^\d{1,5}$/.test(part) || number < 1 || number > parts) {
			throw badRequest(`Part ${part} is not one of this upload's parts (1 to ${parts})`);
		}
		const expected = partSize(upload.size, upload.chunk_size, number);
		try {
			return `"${await this.#parts.put(upload.id_hash, number, body, expected)}"`;
		} catch (error) {
			throw this.#refusal(upload, error, `part ${number}`);
		}
	}

	/** The completion call: every part there, streamed in order into the store as one blob. */
	async complete(repoKey: string, secret: string, oid: string, partNumbers: number[]): Promise<StoredBlob> {
		const upload = await this.#upload(repoKey, secret);
		if (upload.chunk_size === null) throw badRequest("This upload is a single PUT to its URL, not in parts");
		if (oid !== upload.oid) throw badRequest(`This upload is for ${upload.oid}, not ${oid}`);
		const parts = partCount(upload.size, upload.chunk_size);
		const listed = [...new Set(partNumbers)].sort((a, b) => a - b);
		if (listed.length !== parts || listed.some((number, index) => number !== index + 1)) {
			throw badRequest(`The completion must list parts 1 to ${parts}, each once`);
		}
		for (let number = 1; number <= parts; number++) {
			const size = await this.#parts.size(upload.id_hash, number);
			if (size !== partSize(upload.size, upload.chunk_size, number)) {
				throw badRequest(`Part ${number} has not been uploaded (PUT it to its URL first)`);
			}
		}
		const partStore = this.#parts;
		async function* concatenated() {
			for (let number = 1; number <= parts; number++) yield* partStore.read(upload.id_hash, number);
		}
		const stored = await this.#store(upload, concatenated());
		await this.#finish(upload);
		return stored;
	}

	/** The verify step: whether the object is stored with that size, for this repository. */
	async isStored(repo: Repo, oid: string, size: number): Promise<boolean> {
		return (await this.#blobStore.size(oid)) === size && (await repoHoldsObject(this.#db, repo.key, oid, this.#now()));
	}

	/**
	 * Forgets expired uploads and removes part files no live upload owns (a crash, a client that
	 * never completed). With `force` false, at most once a minute.
	 */
	async sweepNow(force = true): Promise<void> {
		const now = this.#now();
		if (!force && now.getTime() - this.#lastSweep < SWEEP_INTERVAL_MS) return;
		this.#lastSweep = now.getTime();
		await this.#db.deleteFrom("lfs_uploads").where("expires_at", "<", now.toISOString()).execute();
		// Best effort: a store that cannot list now is swept next time, and the batch call goes on.
		const names = await this.#parts.uploads().catch((error: unknown) => {
			this.#logger.warn(
				`Could not list the parts of LFS uploads to sweep expired ones: ${(error as Error)?.message ?? error}`,
			);
			return [] as string[];
		});
		if (names.length === 0) return;
		const live = new Set(
			(await this.#db.selectFrom("lfs_uploads").select("id_hash").where("id_hash", "in", names).execute()).map(
				(row) => row.id_hash,
			),
		);
		for (const name of names) {
			if (!live.has(name)) await this.#parts.remove(name);
		}
	}

	/** The upload a URL names, for this repository and still valid; otherwise 404 (or 403 once expired). */
	async #upload(repoKey: string, secret: string): Promise<UploadRow> {
		const row = SECRET.test(secret)
			? await this.#db
					.selectFrom("lfs_uploads")
					.selectAll()
					.where("id_hash", "=", hashSecret(secret))
					.executeTakeFirst()
			: undefined;
		// Another repository's URL is answered like an unknown one: a secret works for its own repo only.
		if (!row || row.repo_id !== repoKey) {
			throw new HubError(404, "Unknown upload URL: ask the LFS batch API for one", { code: "NotFound" });
		}
		if (row.expires_at < this.#now().toISOString()) {
			throw new HubError(403, `This upload URL expired at ${row.expires_at}: ask the LFS batch API for a new one`, {
				code: "Forbidden",
			});
		}
		if (!(await this.#credentialLives(row))) {
			throw new HubError(
				403,
				"The token or session that asked for this upload URL was revoked, or its user disabled: ask the LFS batch API for a new one",
				{ code: "Forbidden" },
			);
		}
		return row;
	}

	/**
	 * The URL works only while whoever asked for it could still ask: their user not disabled,
	 * their token not revoked or expired, their browser session not ended.
	 */
	async #credentialLives(row: UploadRow): Promise<boolean> {
		const user = await this.#db.selectFrom("users").select("disabled").where("id", "=", row.user_id).executeTakeFirst();
		if (!user || user.disabled) return false;
		const credential = row.credential ?? "";
		const separator = credential.indexOf(":");
		const kind = credential.slice(0, separator);
		const id = credential.slice(separator + 1);
		if (kind === "token") {
			const token = await this.#db
				.selectFrom("access_tokens")
				.select("expires_at")
				.where("id", "=", id)
				.where("user_id", "=", row.user_id)
				.executeTakeFirst();
			return token !== undefined && (token.expires_at === null || token.expires_at > this.#now().toISOString());
		}
		if (kind === "session") {
			const session = await this.#db
				.selectFrom("sessions")
				.select("user_id")
				.where("id_hash", "=", id)
				.where("user_id", "=", row.user_id)
				.executeTakeFirst();
			return session !== undefined;
		}
		// Made before uploads named their credential, or by a caller without one: the user is what can be checked.
		return true;
	}

	async #store(upload: UploadRow, body: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
		try {
			return await this.#blobStore.putStream(body, { sha256: upload.oid, size: upload.size });
		} catch (error) {
			throw this.#refusal(upload, error, upload.oid);
		}
	}

	/** What a failed upload answers: wrong bytes are the client's 400; anything else is logged (without the URL). */
	#refusal(upload: UploadRow, error: unknown, what: string): unknown {
		if (error instanceof HubError) return error;
		if (error instanceof BlobMismatchError) {
			return badRequest(`The uploaded bytes are not ${what} as announced: ${error.message}. Nothing was stored.`);
		}
		// The client went away midway: nobody reads the answer, and it is no fault of the hub's.
		const code = (error as NodeJS.ErrnoException | undefined)?.code;
		if (code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || (error as Error)?.name === "AbortError") {
			this.#logger.warn(`LFS upload of ${what} to ${upload.repo_id} was cut off; nothing was stored`);
			return badRequest("The upload was cut off before its end; nothing was stored");
		}
		this.#logger.error(`LFS upload of ${what} to ${upload.repo_id} failed`, error);
		return new HubError(500, "The upload could not be stored");
	}

	/** An upload done: its URL stops working and its parts go. */
	async #finish(upload: UploadRow): Promise<void> {
		await recordObject(this.#db, upload.repo_id, upload.oid, upload.size, this.#now());
		await this.#db.deleteFrom("lfs_uploads").where("id_hash", "=", upload.id_hash).execute();
		await this.#parts.remove(upload.id_hash);
	}

	#chunkSizeFor(size: number): number | undefined {
		if (size <= this.#config.lfsChunkBytes) return undefined;
		return Math.max(this.#config.lfsChunkBytes, Math.ceil(size / MAX_PARTS));
	}
}

function hashSecret(secret: string): string {
	return createHash("sha256").update(secret).digest("hex");
}

function partCount(size: number, chunkSize: number): number {
	return Math.ceil(size / chunkSize);
}

function partSize(size: number, chunkSize: number, number: number): number {
	return Math.min(chunkSize, size - (number - 1) * chunkSize);
}

/** `00001`: the header keys the clients read part URLs from. */
function partKey(number: number): string {
	return String(number).padStart(5, "0");
}
