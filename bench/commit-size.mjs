#!/usr/bin/env node
/**
 * What one small commit costs the database (loopback only, SQLite, bounded in count):
 *   1. `hubkit serve` on 127.0.0.1 with a fresh data directory and a write token;
 *   2. a repository made of N small files in one NDJSON commit (50 folders), then
 *      `--commits` commits that each change one file to one byte;
 *   3. the database's used bytes ((pages − free pages) × page size, read beside the hub) and
 *      its rows before and after those commits: bytes and rows added per one-byte commit.
 *
 *   npm run build && node bench/commit-size.mjs [--files 3000,20000] [--commits 10] [--cli DIST/cli.js]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format, headerLine, option, runNode, startListening, stringOption } from "./lib/harness.mjs";

const CLI = stringOption("cli", new URL("../packages/hub/dist/cli.js", import.meta.url).pathname);
const SQLite = createRequire(new URL("../packages/hub/package.json", import.meta.url))("better-sqlite3");

const sizes = stringOption("files", "3000,20000").split(",").map(Number);
const commits = option("commits", 10);
const FOLDERS = 50;

function usedBytes(file) {
	const db = new SQLite(file, { readonly: true });
	try {
		const pages = db.pragma("page_count", { simple: true }) - db.pragma("freelist_count", { simple: true });
		const tables = db
			.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
			.all()
			.map((row) => row.name);
		let rows = 0;
		for (const name of tables) rows += db.prepare(`SELECT count(*) AS n FROM "${name}"`).get().n;
		return { bytes: pages * db.pragma("page_size", { simple: true }), rows };
	} finally {
		db.close();
	}
}

async function commit(url, token, repo, files) {
	const lines = [{ key: "header", value: { summary: "bench" } }];
	for (const [path, text] of files) {
		lines.push({ key: "file", value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" } });
	}
	const response = await fetch(`${url}/api/models/${repo}/commit/main`, {
		method: "POST",
		headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
		body: lines.map((line) => JSON.stringify(line)).join("\n"),
	});
	if (response.status !== 200) throw new Error(`commit: ${response.status} ${await response.text()}`);
	await response.arrayBuffer();
}

console.log(headerLine("Database bytes per one-byte commit"));
for (const size of sizes) {
	const dataDir = mkdtempSync(join(tmpdir(), "hubkit-bench-commit-size-"));
	let hub;
	try {
		const created = await runNode([CLI, "token", "create", "--user", "bench", "--role", "write", "--data", dataDir]);
		const token = /hf_\w+/.exec(created.output)?.[0];
		hub = await startListening([CLI, "serve", "--port", "0", "--data", dataDir]);
		const made = await fetch(`${hub.url}/api/repos/create`, {
			method: "POST",
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
			body: JSON.stringify({ name: "many-files" }),
		});
		if (made.status !== 200) throw new Error(`create: ${made.status} ${await made.text()}`);
		const files = [];
		for (let index = 0; index < size; index++) {
			files.push([`folder-${index % FOLDERS}/file-${index}.txt`, `file ${index}\n`]);
		}
		const started = performance.now();
		await commit(hub.url, token, "bench/many-files", files);
		const firstMs = performance.now() - started;
		const database = join(dataDir, "hub.sqlite");
		const before = usedBytes(database);
		for (let round = 0; round < commits; round++) {
			await commit(hub.url, token, "bench/many-files", [[`folder-7/file-7.txt`, String(round % 10)]]);
		}
		const after = usedBytes(database);
		console.log(
			`${format(size)} files: first commit ${format(firstMs)} ms; per one-byte commit ` +
				`${format((after.bytes - before.bytes) / commits)} bytes, ${format((after.rows - before.rows) / commits)} rows ` +
				`(${commits} commits; database ${format(after.bytes / 1024)} KiB)`,
		);
	} finally {
		hub?.child.kill("SIGTERM");
		rmSync(dataDir, { recursive: true, force: true });
	}
}
