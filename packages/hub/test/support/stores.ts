/**
 * The blob stores the file, LFS and commit suites run on: the disk store (with every database
 * engine) and the S3 store on s3rver (with one engine, S3_SUITE_ENGINE: the store does not
 * touch the database, so one pairing shows the routes work on S3 without running every suite
 * twice more). A TestStore also looks behind the store, the way each suite used to look into
 * the data directory: which blobs and temporaries it holds, and a blob removed behind its back.
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DeleteObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import type { HubConfig } from "../../src/config.js";
import type { BlobStore } from "../../src/storage/blob-store.js";
import { DiskBlobStore } from "../../src/storage/disk-store.js";
import { filesUnder } from "../lfs-fixture.js";
import { ENGINES, type EngineName } from "./engines.js";
import { S3RVER_ENV, startS3Server } from "./s3.js";

export type StoreName = "disk" | "s3";

/** The database engine the S3 runs of the suites use. */
export const S3_SUITE_ENGINE: EngineName = "sqlite";

export interface Setup {
	engine: EngineName;
	store: StoreName;
	/** For test names: `sqlite`, `postgres`, `sqlite + S3`. */
	label: string;
}

/** Every engine on the disk store, and S3_SUITE_ENGINE on the S3 store. */
export const SETUPS: Setup[] = [
	...ENGINES.map((engine) => ({ engine, store: "disk" as const, label: engine })),
	{ engine: S3_SUITE_ENGINE, store: "s3", label: `${S3_SUITE_ENGINE} + S3` },
];

export interface TestStore {
	name: StoreName;
	store: BlobStore;
	/** Addresses of the stored blobs, sorted. */
	blobs(): Promise<string[]>;
	/** Temporary files or objects of unfinished writes. */
	temporaries(): Promise<string[]>;
	/** Streamed writes (`putStream`) under way right now, in this process. */
	writing(): number;
	/**
	 * Files the backend holds for writes not finished, by any process: the disk store's temporary
	 * files; on S3, temporary objects and the parts of multipart uploads not completed (which a
	 * crash leaves until swept: s3rver cannot abort uploads, so refused ones stay here too).
	 */
	unfinished(): Promise<string[]>;
	/** The parts of LFS multipart uploads waiting for their completion (files on disk, objects on S3). */
	parts(): Promise<string[]>;
	/** Deletes a blob behind the store's back (a lost file, a bucket someone cleaned up). */
	removeBlob(sha256: string): Promise<void>;
	/** Replaces a blob's bytes behind the store's back (a disk fault, a careless copy). */
	overwriteBlob(sha256: string, bytes: Uint8Array): Promise<void>;
	/** Config and environment a hub (in process or a `hubkit` child) needs to use this store. */
	config: Partial<HubConfig>;
	env: Record<string, string>;
	cleanup(): Promise<void>;
}

/** A store for a hub whose data directory is `dataDir` (the disk store lives in it, as in production). */
export async function openTestStore(name: StoreName, dataDir: string): Promise<TestStore> {
	if (name === "disk") {
		const store = new DiskBlobStore(dataDir);
		return observed(name, store, {
			blobs: async () => filesUnder(join(dataDir, "blobs")).map(addressOf).sort(),
			temporaries: async () => filesUnder(join(dataDir, "tmp")),
			unfinished: async () => filesUnder(join(dataDir, "tmp")),
			parts: async () => filesUnder(join(dataDir, "lfs-parts")),
			removeBlob: (sha256) => rm(join(dataDir, "blobs", sha256.slice(0, 2), sha256.slice(2))),
			overwriteBlob: (sha256, bytes) => writeFile(join(dataDir, "blobs", sha256.slice(0, 2), sha256.slice(2)), bytes),
			config: {},
			env: {},
			cleanup: async () => undefined,
		});
	}
	const s3 = await startS3Server();
	const prefix = "hub";
	// Parts of 1 MiB: multipart for the suites' few-MB files without hundreds of requests each.
	return observed(name, s3.storeOn(prefix, { partBytes: 1024 * 1024 }), {
		blobs: async () => (await s3.keys(`${prefix}/blobs/`)).map(addressOf).sort(),
		temporaries: () => s3.keys(`${prefix}/tmp/`),
		unfinished: async () => [
			...(await s3.keys(`${prefix}/tmp/`)),
			// s3rver keeps each upload's parts in a directory of its own beside the objects.
			...filesUnder(join(s3.directory, s3.bucket)).filter((path) => /uploads/.test(path) && /\/\d+$/.test(path)),
		],
		parts: () => s3.keys(`${prefix}/lfs-parts/`),
		removeBlob: async (sha256) => {
			await s3.client.send(
				new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/blobs/${sha256.slice(0, 2)}/${sha256.slice(2)}` }),
			);
		},
		overwriteBlob: async (sha256, bytes) => {
			await s3.client.send(
				new PutObjectCommand({
					Bucket: s3.bucket,
					Key: `${prefix}/blobs/${sha256.slice(0, 2)}/${sha256.slice(2)}`,
					Body: bytes,
				}),
			);
		},
		config: { blobStore: `s3://${s3.bucket}/${prefix}`, s3Endpoint: s3.endpoint },
		env: { ...S3RVER_ENV, HUBKIT_BLOB_STORE: `s3://${s3.bucket}/${prefix}`, HUBKIT_S3_ENDPOINT: s3.endpoint },
		cleanup: () => s3.cleanup(),
	});
}

/** `…/ab/cdef…` back to `abcdef…`. */
function addressOf(path: string): string {
	const [directory = "", file = ""] = path.split("/").slice(-2);
	return directory + file;
}

function observed(name: StoreName, inner: BlobStore, rest: Omit<TestStore, "name" | "store" | "writing">): TestStore {
	let writing = 0;
	// The same object with putStream counted (a Proxy keeps the store's own methods and private fields).
	const store = new Proxy(inner, {
		get(target, property) {
			if (property === "putStream") {
				return async (...args: Parameters<BlobStore["putStream"]>) => {
					writing++;
					try {
						return await target.putStream(...args);
					} finally {
						writing--;
					}
				};
			}
			const value = Reflect.get(target, property, target);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
	return { name, store, writing: () => writing, ...rest };
}
