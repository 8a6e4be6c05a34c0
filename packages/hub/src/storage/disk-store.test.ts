import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
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

	it("moves a checked file into place, keeps a complete copy already there, and declines across file systems", async () => {
		const data = encoder.encode("mirrored weights");
		const sha256 = createHash("sha256").update(data).digest("hex");
		const blob = { sha256, size: data.byteLength };
		const download = join(root, "download.part");
		await writeFile(download, data, { mode: 0o644 });
		expect(await store.moveIn(download, blob)).toBe(true);
		await expect(stat(download)).rejects.toThrow(/ENOENT/);
		const path = join(root, "blobs", sha256.slice(0, 2), sha256.slice(2));
		expect(await readFile(path, "utf8")).toBe("mirrored weights");
		expect((await stat(path)).mode & 0o777).toBe(0o600);

		const before = await stat(path);
		await writeFile(download, data);
		expect(await store.moveIn(download, blob)).toBe(true);
		await expect(stat(download)).rejects.toThrow(/ENOENT/);
		expect((await stat(path)).ino).toBe(before.ino);

		// /dev/shm is a file system of its own (tmpfs): a rename from there cannot be done.
		await store.remove(sha256);
		const elsewhere = await mkdtemp("/dev/shm/hubkit-part-");
		try {
			await writeFile(join(elsewhere, "download.part"), data);
			expect(await store.moveIn(join(elsewhere, "download.part"), blob)).toBe(false);
			expect(await readFile(join(elsewhere, "download.part"), "utf8")).toBe("mirrored weights");
			expect(await store.size(sha256)).toBeUndefined();
		} finally {
			await rm(elsewhere, { recursive: true, force: true });
		}
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

	it("counts a put of bytes already stored as a write: gc's grace period starts again", async () => {
		const { sha256 } = await store.put(encoder.encode("again"));
		const path = join(root, "blobs", sha256.slice(0, 2), sha256.slice(2));
		const longAgo = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000);
		await utimes(path, longAgo, longAgo);
		await store.put(encoder.encode("again"));
		expect((await stat(path)).mtimeMs).toBeGreaterThan(longAgo.getTime() + 60_000);
		await utimes(path, longAgo, longAgo);
		await store.putStream(
			(async function* () {
				yield encoder.encode("again");
			})(),
			{ sha256, size: 5 },
		);
		const [listed] = await collect(store.list());
		expect(listed?.modifiedAt.getTime()).toBeGreaterThan(longAgo.getTime() + 60_000);
	});

	it("removes at start-up the temporary files of dead writers of this machine, and no live write's", async () => {
		// A write under way in this process: its temporary file names its writer.
		let release: () => void = () => undefined;
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		const writing = store.putStream(
			(async function* () {
				yield encoder.encode("half");
				await held;
				yield encoder.encode(" and the rest");
			})(),
		);
		// The store makes its temporary directory with the first write, so it may not exist yet.
		let live: string | undefined;
		while (!live) live = (await readdir(join(root, "tmp")).catch(() => []))[0];
		const [, machine] = /^stream\.([A-Za-z0-9-]+)~\d+~[0-9a-f]{12}\./.exec(live) ?? [];
		expect(machine).toBeDefined();

		// Another live process of this machine (a second hub on the same directory), and one that has exited.
		const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
		const gone = spawn(process.execPath, ["-e", ""]);
		await once(gone, "exit");
		const name = (pid: number | undefined) => `stream.${machine}~${pid}~0123456789ab.${crypto.randomUUID()}`;
		const otherHubs = name(other.pid);
		const crashed = name(gone.pid);
		// Our own pid with a store this process never opened: a previous process that had the same pid.
		const previousLife = name(process.pid);
		const otherMachine = `stream.elsewhere-1~${gone.pid}~0123456789ab.${crypto.randomUUID()}`;
		for (const file of [otherHubs, crashed, previousLife, otherMachine, "stream.from-an-older-hub"]) {
			await writeFile(join(root, "tmp", file), "partial");
		}
		try {
			// A second store on the directory starting up, as a restarted hub would.
			expect(await new DiskBlobStore(root).removeAbandonedWrites()).toBe(2);
			expect((await readdir(join(root, "tmp"))).sort()).toEqual(
				[live, otherHubs, otherMachine, "stream.from-an-older-hub"].sort(),
			);
			release();
			await writing;
		} finally {
			other.kill();
		}
	});
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
	const all: T[] = [];
	for await (const item of items) all.push(item);
	return all;
}
