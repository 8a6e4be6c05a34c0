import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { blobStoreContract } from "../../test/support/blob-store-contract.js";
import { DiskBlobStore, STALE_TEMPORARY_FILE_MS } from "./disk-store.js";

const encoder = new TextEncoder();

/** Every file under `directory`, relative to it (an absent directory has none). */
async function filesUnder(directory: string): Promise<string[]> {
	const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
	return entries
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(directory.length + 1));
}

blobStoreContract(
	"DiskBlobStore",
	async () => {
		const root = await mkdtemp(join(tmpdir(), "hubkit-blobs-"));
		return {
			store: new DiskBlobStore(root),
			blobs: async () => (await filesUnder(join(root, "blobs"))).map((path) => path.replace("/", "")).sort(),
			temporaries: () => filesUnder(join(root, "tmp")),
			breakBackend: () => rm(root, { recursive: true, force: true }),
			cleanup: () => rm(root, { recursive: true, force: true }),
		};
	},
	// The disk store has no parts; the contract's "several parts" bodies are just larger ones.
	{ partBytes: 64 * 1024 },
);

describe("DiskBlobStore on disk", () => {
	let root: string;
	let store: DiskBlobStore;

	beforeEach(async () => {
		root = await mkdtemp(join(tmpdir(), "hubkit-blobs-"));
		store = new DiskBlobStore(root);
	});
	afterEach(async () => {
		await rm(root, { recursive: true, force: true });
	});

	it("lays blobs out as blobs/ab/cdef…", async () => {
		const data = encoder.encode("hello weights");
		const expected = createHash("sha256").update(data).digest("hex");
		await store.put(data);
		const onDisk = await readFile(join(root, "blobs", expected.slice(0, 2), expected.slice(2)), "utf8");
		expect(onDisk).toBe("hello weights");
	});

	it("keeps the very file already there when the same bytes are streamed again (a reader may have it open)", async () => {
		const { sha256 } = await store.put(encoder.encode("kept"));
		const path = join(root, "blobs", sha256.slice(0, 2), sha256.slice(2));
		const before = await stat(path);
		await store.putStream(
			(async function* () {
				yield encoder.encode("kept");
			})(),
			{ sha256, size: 4 },
		);
		expect((await stat(path)).ino).toBe(before.ino);
	});

	it("sweeps temporary files a crashed write left behind, but not ones a live write may own", async () => {
		await mkdir(join(root, "tmp"), { recursive: true });
		await writeFile(join(root, "tmp", "left-by-a-crash"), "partial");
		await writeFile(join(root, "tmp", "being-written"), "partial");
		const past = new Date(Date.now() - STALE_TEMPORARY_FILE_MS - 60_000);
		await utimes(join(root, "tmp", "left-by-a-crash"), past, past);
		await store.put(encoder.encode("a"));
		await store.put(encoder.encode("b"));
		expect(await readdir(join(root, "tmp"))).toEqual(["being-written"]);
	});
});
