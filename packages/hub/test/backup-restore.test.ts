/**
 * `hubkit backup` and `hubkit restore` on the embedded default, as real processes: a backup taken
 * while `hubkit serve` runs and another command commits, restored into a new data directory, serves
 * the same repositories byte for byte and the same accounts (a token made before the backup still
 * signs in), and a file uploaded through Xet with its xorb and Xet rows (xorbs are blobs too). The commands refuse what would lose data: a non-empty backup folder, a non-empty data
 * directory, a folder that is not a backup, and a hub on PostgreSQL (pg_dump's job).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "../src/db/open.js";
import { BACKUP_MANIFEST } from "../src/services/backup.js";
import { commitRaw, createRepoRaw, header } from "./commits-fixture.js";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { writeFolder } from "./support/folders.js";
import { SHARD, TEXT, TEXT_SHA256, XORB, XORB_HASH } from "./support/xet-fixtures.js";

/** Uploads TEXT to `repo` as hf_xet does (Xet token, xorb, shard) and commits it as `table.csv`. */
async function uploadThroughXet(url: string, token: string, repo: string): Promise<void> {
	const answer = await fetch(`${url}/api/models/${repo}/xet-write-token/main`, {
		headers: { authorization: `Bearer ${token}` },
	});
	const { accessToken } = (await answer.json()) as { accessToken: string };
	const post = (path: string, body: Uint8Array) =>
		fetch(`${url}${path}`, {
			method: "POST",
			headers: { authorization: `Bearer ${accessToken}` },
			body: Buffer.from(body),
		});
	expect((await post(`/v1/xorbs/default/${XORB_HASH}`, XORB)).status).toBe(200);
	expect((await post("/v1/shards", SHARD)).status).toBe(200);
	const lfsFile = { path: "table.csv", algo: "sha256", oid: TEXT_SHA256, size: Buffer.byteLength(TEXT) };
	expect((await commitRaw(url, token, repo, [header("through Xet"), { key: "lfsFile", value: lfsFile }])).status).toBe(
		200,
	);
}

/** The Xet rows of the SQLite database in `dataDir`. */
function xetRows(dataDir: string): { xorbs: unknown[]; files: unknown[] } {
	const db = new SQLite(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
	try {
		return {
			xorbs: db.prepare("SELECT hash, blob_sha256, size FROM xet_xorbs ORDER BY hash").all(),
			files: db.prepare("SELECT file_hash, sha256, size FROM xet_files ORDER BY file_hash").all(),
		};
	} finally {
		db.close();
	}
}

const scratch = mkdtempSync(join(tmpdir(), "hubkit-backup-test-"));
const running: ServingCli[] = [];

afterAll(async () => {
	for (const hub of running) hub.child.kill("SIGKILL");
	await Promise.all(running.map((hub) => hub.exited));
	rmSync(scratch, { recursive: true, force: true });
});

interface TreeEntry {
	path: string;
	oid: string;
	size: number;
	type: string;
}

async function filesOf(url: string, id: string, revision = "main"): Promise<Map<string, string>> {
	const response = await fetch(`${url}/api/models/${id}/tree/${revision}?recursive=true`);
	expect(response.status).toBe(200);
	const entries = ((await response.json()) as TreeEntry[]).filter((entry) => entry.type === "file");
	const contents = new Map<string, string>();
	for (const entry of entries) {
		const file = await fetch(`${url}/${id}/resolve/${revision}/${entry.path}`);
		expect(file.status).toBe(200);
		contents.set(entry.path, Buffer.from(await file.arrayBuffer()).toString("base64"));
	}
	return contents;
}

async function whoami(url: string, token: string): Promise<number> {
	return (await fetch(`${url}/api/whoami-v2`, { headers: { authorization: `Bearer ${token}` } })).status;
}

describe("hubkit backup and restore (embedded)", () => {
	const dataDir = join(scratch, "data");
	const backupDir = join(scratch, "backup");
	const restoredDir = join(scratch, "restored");
	// Bytes with every value, large enough to span many pages of a copy.
	const weights = new Uint8Array(3 * 1024 * 1024).map((_, index) => (index * 131) % 256);
	let token = "";

	it("backs up a serving hub while another command writes, and restores it whole into a new directory", async () => {
		const hub = await serveCli(["--data", dataDir]);
		running.push(hub);
		const created = await runCli(["token", "create", "--user", "keeper", "--role", "write", "--data", dataDir]);
		expect(created.code, created.output).toBe(0);
		token = /hf_[A-Za-z0-9]+/.exec(created.output)?.[0] ?? "";
		expect(token).not.toBe("");

		const first = writeFolder(
			[
				{ path: "README.md", content: "---\nlicense: mit\n---\n# Kept\n" },
				{ path: "weights.bin", content: weights },
				{ path: "nested/config.json", content: '{"kept": true}\n' },
			],
			join(scratch, "first"),
		);
		const imported = await runCli(["import", first, "--repo", "ops/kept", "--data", dataDir]);
		expect(imported.code, imported.output).toBe(0);
		const before = await filesOf(hub.url, "ops/kept");
		expect((await createRepoRaw(hub.url, token, { name: "xet" })).status).toBe(200);
		await uploadThroughXet(hub.url, token, "keeper/xet");
		const xetBefore = xetRows(dataDir);
		expect(xetBefore.xorbs).toHaveLength(1);
		expect(xetBefore.files).toHaveLength(2);

		// A second import commits while the backup runs.
		const second = writeFolder(
			[{ path: "notes.txt", content: "written during the backup\n" }],
			join(scratch, "second"),
		);
		const [backup, concurrent] = await Promise.all([
			runCli(["backup", backupDir, "--data", dataDir]),
			runCli(["import", second, "--repo", "ops/during", "--data", dataDir]),
		]);
		expect(concurrent.code, concurrent.output).toBe(0);
		expect(backup.code, backup.output).toBe(0);
		expect(backup.output).toMatch(/Backed up .* blobs/);
		const manifest = JSON.parse(readFileSync(join(backupDir, BACKUP_MANIFEST), "utf8")) as { blobs: number };
		expect(manifest.blobs).toBeGreaterThanOrEqual(3);

		const restored = await runCli(["restore", backupDir, "--data", restoredDir]);
		expect(restored.code, restored.output).toBe(0);
		expect(restored.output).toMatch(/Restored the backup of .* repositories/);
		const check = await runCli(["check", "--deep", "--data", restoredDir]);
		expect(check.code, check.output).toBe(0);

		const copy = await serveCli(["--data", restoredDir]);
		running.push(copy);
		expect(await filesOf(copy.url, "ops/kept")).toEqual(before);
		expect(await whoami(copy.url, token)).toBe(200);
		// The Xet-uploaded file, its xorb (a blob like any other) and the Xet rows came across.
		expect(await (await fetch(`${copy.url}/keeper/xet/resolve/main/table.csv`)).text()).toBe(TEXT);
		expect(xetRows(restoredDir)).toEqual(xetBefore);
		const xetToken = await fetch(`${copy.url}/api/models/keeper/xet/xet-write-token/main`, {
			headers: { authorization: `Bearer ${token}` },
		});
		const { accessToken } = (await xetToken.json()) as { accessToken: string };
		const resent = await fetch(`${copy.url}/v1/xorbs/default/${XORB_HASH}`, {
			method: "POST",
			headers: { authorization: `Bearer ${accessToken}` },
			body: Buffer.from(XORB),
		});
		// Already stored: its blob is in the restored store at its size.
		expect(await resent.json()).toEqual({ was_inserted: false });
		// The concurrent import made two commits (the repository, then its files): the copy holds the
		// repository at one of them, whole — the same files as the serving hub at that commit.
		const during = await fetch(`${copy.url}/api/models/ops/during`);
		// Absent: this hub answers an unknown repository as huggingface.co does, 401 to the anonymous.
		expect([200, 401]).toContain(during.status);
		if (during.status === 200) {
			const { sha } = (await during.json()) as { sha: string };
			expect(await filesOf(copy.url, "ops/during", sha)).toEqual(await filesOf(hub.url, "ops/during", sha));
		}
	}, 300_000);

	it("refuses what would lose data or is not its job, with the reason", async () => {
		const intoFull = await runCli(["backup", backupDir, "--data", dataDir]);
		expect(intoFull.code).toBe(1);
		expect(intoFull.output).toContain("is not empty");

		const ontoHub = await runCli(["restore", backupDir, "--data", dataDir]);
		expect(ontoHub.code).toBe(1);
		expect(ontoHub.output).toContain("is not empty");

		const notBackup = await runCli(["restore", join(scratch, "first"), "--data", join(scratch, "elsewhere")]);
		expect(notBackup.code).toBe(1);
		expect(notBackup.output).toContain("is not a Hubkit backup");

		const noHub = await runCli(["backup", join(scratch, "b2"), "--data", join(scratch, "nothing-here")]);
		expect(noHub.code).toBe(1);
		expect(noHub.output).toContain("No hub database");

		const onPostgres = await runCli(["backup", join(scratch, "b3"), "--data", dataDir], {
			DATABASE_URL: "postgres://user:secret-password@127.0.0.1:1/db",
		});
		expect(onPostgres.code).toBe(1);
		expect(onPostgres.output).toContain("pg_dump");
		expect(onPostgres.output).not.toContain("secret-password");

		const usage = await runCli(["backup"]);
		expect(usage.code).toBe(2);
		expect(usage.output).toContain("hubkit backup PATH");
	});
});
