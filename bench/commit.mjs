#!/usr/bin/env node
/**
 * Commit latency through the API (loopback only, bounded in count):
 *   1. `hubkit serve` on 127.0.0.1 with a fresh data directory (SQLite) and a write token;
 *   2. N commits of 1 small file and N commits of 100 small files (new content each time, the
 *      same paths, so every snapshot has the same size), sent as raw NDJSON the way
 *      @huggingface/hub sends them, one after another; p50 / p95 of each;
 *   3. the raw limits, in this process, no HTTP: the database part (the same reads and inserts:
 *      branch head, the parent's trees, the changed trees and their entries, one commit row, the
 *      blob rows, the ref moved) in one bare better-sqlite3 transaction with the hub's pragmas; and the same
 *      with each file first written to disk and renamed into place, as a blob store must.
 *
 *   npm run build && node bench/commit.mjs [--commits 100]
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { headerLine, option, runNode, startListening, stringOption } from "./lib/harness.mjs";

// `--cli PATH` runs another build (a copy of an older dist/) for before/after figures.
const CLI = stringOption("cli", new URL("../packages/hub/dist/cli.js", import.meta.url).pathname);
const SQLite = createRequire(new URL("../packages/hub/package.json", import.meta.url))("better-sqlite3");

const commits = option("commits", 100);

const percentile = (values, fraction) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
};
const describe = (values) =>
	`p50 ${percentile(values, 0.5).toFixed(2)} ms, p95 ${percentile(values, 0.95).toFixed(2)} ms`;

function ndjson(round, files) {
	const lines = [{ key: "header", value: { summary: `round ${round}` } }];
	for (let index = 0; index < files; index++) {
		const content = Buffer.from(`file ${index} of round ${round}\n`).toString("base64");
		lines.push({ key: "file", value: { path: `data/${index}.txt`, content, encoding: "base64" } });
	}
	return lines.map((line) => JSON.stringify(line)).join("\n");
}

async function hubLatencies(url, token, repo, files) {
	const latencies = [];
	for (let round = 0; round < commits; round++) {
		const body = ndjson(round, files);
		const started = performance.now();
		const response = await fetch(`${url}/api/models/${repo}/commit/main`, {
			method: "POST",
			headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
			body,
		});
		if (response.status !== 200) throw new Error(`commit ${round}: ${response.status} ${await response.text()}`);
		await response.arrayBuffer();
		latencies.push(performance.now() - started);
	}
	return latencies;
}

/**
 * The database work of the same commits, in one bare transaction each; with `writeFiles`, each
 * file is first written the plain way a content-addressed store must (a temporary file renamed
 * into place, synchronously, directories made once).
 */
function rawLatencies(directory, fileCount, writeFiles) {
	const blobs = join(directory, `raw-blobs-${fileCount}-${writeFiles}`);
	mkdirSync(join(blobs, "tmp"), { recursive: true });
	const db = new SQLite(join(directory, `raw-${fileCount}-${writeFiles}.db`));
	db.pragma("journal_mode = WAL");
	db.pragma("synchronous = NORMAL");
	db.exec(`
		CREATE TABLE commits (repo_id TEXT NOT NULL, sha TEXT NOT NULL, parent_sha TEXT, message TEXT NOT NULL,
			created_at TEXT NOT NULL, author TEXT, tree_oid TEXT NOT NULL, PRIMARY KEY (repo_id, sha));
		CREATE TABLE refs (repo_id TEXT NOT NULL, name TEXT NOT NULL, commit_sha TEXT NOT NULL, PRIMARY KEY (repo_id, name));
		CREATE TABLE trees (oid TEXT PRIMARY KEY, entry_count INTEGER NOT NULL);
		CREATE TABLE tree_entries (tree_oid TEXT NOT NULL, name TEXT NOT NULL, mode TEXT NOT NULL, object_oid TEXT NOT NULL,
			blob_sha256 TEXT, size BIGINT, lfs INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (tree_oid, name));
		CREATE INDEX tree_entries_by_blob ON tree_entries (blob_sha256);
		CREATE TABLE blobs (sha256 TEXT PRIMARY KEY, size BIGINT NOT NULL);
		INSERT INTO commits VALUES ('raw/repo', '0', NULL, 'empty', '', NULL, 'empty');
		INSERT INTO refs VALUES ('raw/repo', 'main', '0');
	`);
	const head = db.prepare("SELECT commit_sha FROM refs WHERE repo_id = ? AND name = ?");
	const root = db.prepare("SELECT tree_oid FROM commits WHERE repo_id = ? AND sha = ?");
	const entries = db.prepare("SELECT name, mode, object_oid, blob_sha256, size FROM tree_entries WHERE tree_oid = ?");
	const knownTree = db.prepare("SELECT oid FROM trees WHERE oid = ?");
	const insertCommit = db.prepare("INSERT INTO commits VALUES (?, ?, ?, ?, ?, ?, ?)");
	const insertTree = db.prepare("INSERT INTO trees VALUES (?, ?) ON CONFLICT (oid) DO NOTHING");
	const insertEntry = db.prepare("INSERT INTO tree_entries VALUES (?, ?, ?, ?, ?, ?, 0) ON CONFLICT DO NOTHING");
	const insertBlob = db.prepare("INSERT INTO blobs VALUES (?, ?) ON CONFLICT (sha256) DO NOTHING");
	const moveRef = db.prepare("UPDATE refs SET commit_sha = ? WHERE repo_id = ? AND name = ? AND commit_sha = ?");
	const latencies = [];
	for (let round = 0; round < commits; round++) {
		const sha = `${round + 1}`.padStart(40, "0");
		const started = performance.now();
		if (writeFiles) {
			for (let index = 0; index < fileCount; index++) {
				const content = Buffer.from(`file ${index} of round ${round}\n`);
				const name = createHash("sha256").update(content).digest("hex");
				writeFileSync(join(blobs, "tmp", name), content);
				renameSync(join(blobs, "tmp", name), join(blobs, name));
			}
		}
		db.transaction(() => {
			// The parent's trees (the root and data/), then the two new ones, as the hub stores them.
			const parent = head.get("raw/repo", "main").commit_sha;
			const rootOid = root.get("raw/repo", parent).tree_oid;
			const folder = entries.all(rootOid).find((entry) => entry.name === "data");
			const files = new Map((folder ? entries.all(folder.object_oid) : []).map((row) => [row.name, row]));
			for (let index = 0; index < fileCount; index++) {
				const blob = `${round}-${index}`.padStart(64, "0");
				files.set(`${index}.txt`, {
					name: `${index}.txt`,
					mode: "100644",
					object_oid: sha,
					blob_sha256: blob,
					size: 20,
				});
			}
			const folderOid = `folder-${round}`.padStart(40, "0");
			const newRoot = `root-${round}`.padStart(40, "0");
			for (const [oid, rows] of [
				[folderOid, [...files.values()]],
				[newRoot, [{ name: "data", mode: "40000", object_oid: folderOid, blob_sha256: null, size: null }]],
			]) {
				if (knownTree.get(oid)) continue;
				insertTree.run(oid, rows.length);
				for (const row of rows) insertEntry.run(oid, row.name, row.mode, row.object_oid, row.blob_sha256, row.size);
			}
			insertCommit.run("raw/repo", sha, parent, `round ${round}`, new Date().toISOString(), "bench", newRoot);
			for (let index = 0; index < fileCount; index++) insertBlob.run(`${round}-${index}`.padStart(64, "0"), 20);
			if (moveRef.run(sha, "raw/repo", "main", parent).changes !== 1) throw new Error("ref moved");
		})();
		latencies.push(performance.now() - started);
	}
	db.close();
	return latencies;
}

console.log(headerLine("Commit latency"));
const dataDir = mkdtempSync(join(tmpdir(), "hubkit-bench-commit-"));
let hub;
try {
	const created = await runNode([CLI, "token", "create", "--user", "bench", "--role", "write", "--data", dataDir]);
	const token = /hf_\w+/.exec(created.output)?.[0];
	hub = await startListening([CLI, "serve", "--port", "0", "--data", dataDir]);
	for (const files of [1, 100]) {
		const repo = `bench/files-${files}`;
		const made = await fetch(`${hub.url}/api/repos/create`, {
			method: "POST",
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
			body: JSON.stringify({ name: `files-${files}` }),
		});
		if (made.status !== 200) throw new Error(`create ${repo}: ${made.status} ${await made.text()}`);
		const ours = await hubLatencies(hub.url, token, repo, files);
		const raw = rawLatencies(dataDir, files, false);
		const rawWithFiles = rawLatencies(dataDir, files, true);
		const ratio = (limit) => (percentile(limit, 0.5) / percentile(ours, 0.5)).toFixed(3);
		console.log(`${String(files).padStart(3)} file(s) × ${commits} commits:`);
		console.log(`  hub API                        ${describe(ours)}`);
		console.log(`  bare transaction               ${describe(raw)}; raw / hub p50 ${ratio(raw)}`);
		console.log(`  files written + transaction    ${describe(rawWithFiles)}; raw / hub p50 ${ratio(rawWithFiles)}`);
	}
} finally {
	hub?.child.kill("SIGTERM");
	rmSync(dataDir, { recursive: true, force: true });
}
