/**
 * The commit and preupload routes over raw HTTP, for what the public client does not
 * reach: LFS-mode files committed by oid (the content put in the store first, as the
 * LFS upload would), folder deletes, which files preupload sends to LFS and the oids it
 * reports, refusals that name the bad line and leave the branch as it was, two commits
 * racing from one head, branches, pull requests, and dataset repositories. On SQLite and
 * PostgreSQL.
 */
import { createHash } from "node:crypto";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { gitBlobOid } from "../src/git-oid.js";
import { ndjsonLines } from "../src/routes/commits.js";
import { recordObject } from "../src/services/lfs-objects.js";
import { commitCount, commitRaw, createRepoRaw, header, headOf, inline } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub } from "./support/hub.js";

describe.each(ENGINES)("NDJSON commits (%s)", (engine) => {
	const hub = useHttpHub(engine);

	async function newRepo(name: string, type?: "dataset") {
		const { token } = await createAccessToken(hub.deps.db, name.split("/")[0] ?? "", { role: "write" });
		const [namespace, repoName] = name.split("/");
		const created = await createRepoRaw(hub.url, token, { name: repoName, organization: namespace, type });
		expect(created.status).toBe(200);
		return token;
	}

	it("commits an LFS file by oid once its content is stored, and refuses one that is not", async () => {
		const token = await newRepo("lena/weights");
		const weights = new Uint8Array(4096).map((_, index) => index % 251);
		const sha256 = createHash("sha256").update(weights).digest("hex");

		const missing = await commitRaw(hub.url, token, "lena/weights", [
			header("weights"),
			{ key: "lfsFile", value: { path: "model.onnx", algo: "sha256", oid: sha256, size: weights.byteLength } },
		]);
		expect(missing.status).toBe(422);
		expect(missing.body.error).toMatch(/upload it first/);

		// What a completed LFS upload for this repository leaves (the LFS tests make real uploads).
		await hub.deps.blobStore.put(weights);
		await recordObject(hub.deps.db, "lena/weights", sha256, weights.byteLength);
		const wrongSize = await commitRaw(hub.url, token, "lena/weights", [
			header("weights"),
			{ key: "lfsFile", value: { path: "model.onnx", algo: "sha256", oid: sha256, size: 5 } },
		]);
		expect(wrongSize.status).toBe(422);

		const committed = await commitRaw(hub.url, token, "lena/weights", [
			header("weights"),
			{ key: "lfsFile", value: { path: "model.onnx", algo: "sha256", oid: sha256, size: weights.byteLength } },
		]);
		expect(committed.status).toBe(200);
		expect(committed.body).toEqual({
			commitOid: expect.stringMatching(/^[0-9a-f]{40}$/),
			commitUrl: `${hub.url}/lena/weights/commit/${committed.body.commitOid}`,
			success: true,
		});
		const tree = await (await fetch(`${hub.url}/api/models/lena/weights/tree/main`)).json();
		expect(tree.find((entry: { path: string }) => entry.path === "model.onnx")?.lfs).toMatchObject({
			oid: sha256,
			size: weights.byteLength,
		});
		const blobRow = await hub.deps.db
			.selectFrom("blobs")
			.select("size")
			.where("sha256", "=", sha256)
			.executeTakeFirstOrThrow();
		expect(Number(blobRow.size)).toBe(weights.byteLength);
		const download = await fetch(`${hub.url}/lena/weights/resolve/main/model.onnx`);
		expect(new Uint8Array(await download.arrayBuffer())).toEqual(weights);

		// Preupload: the stored file's sha256 for LFS, the git oid for a regular file, regular when empty.
		const readme = "# weights\n";
		await commitRaw(hub.url, token, "lena/weights", [header("card"), inline("README.md", readme)]);
		const preupload = await fetch(`${hub.url}/api/models/lena/weights/preupload/main`, {
			method: "POST",
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
			body: JSON.stringify({
				files: [
					{ path: "model.onnx", size: weights.byteLength, sample: "" },
					{ path: "README.md", size: 10, sample: "" },
					{ path: "big.txt", size: 11 * 1024 * 1024, sample: "" },
					{ path: "empty.bin", size: 0, sample: "" },
				],
			}),
		});
		expect(preupload.status).toBe(200);
		expect(await preupload.json()).toEqual({
			files: [
				{ path: "model.onnx", uploadMode: "lfs", shouldIgnore: false, oid: sha256 },
				{ path: "README.md", uploadMode: "regular", shouldIgnore: false, oid: gitBlobOid(readme) },
				{ path: "big.txt", uploadMode: "lfs", shouldIgnore: false },
				{ path: "empty.bin", uploadMode: "regular", shouldIgnore: false },
			],
		});
		const anonymous = await fetch(`${hub.url}/api/models/lena/weights/preupload/main`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify({ files: [] }),
		});
		expect(anonymous.status).toBe(401);
	});

	it("refuses a bad line by number and leaves the branch and the commits as they were", async () => {
		const token = await newRepo("mo/atomic");
		const before = await headOf(hub.deps.db, "mo/atomic");
		const count = await commitCount(hub.deps.db, "mo/atomic");
		const cases: [Parameters<typeof commitRaw>[3], RegExp][] = [
			[[header("x"), inline("a.txt", "a"), "{not json"], /Line 3 is not JSON/],
			[[header("x"), inline("a.txt", "a"), { key: "renameFile", value: { path: "b" } }], /Line 3: unknown key/],
			[[inline("a.txt", "a")], /Line 1: the first line must be the header/],
			[
				[header("x"), { key: "file", value: { path: "a.txt", content: "@@@@", encoding: "base64" } }],
				/not valid base64/,
			],
			[[header("x"), inline("../escape.txt", "a")], /Path segments/],
			[[header("x"), { key: "deletedFile", value: { path: "absent.txt" } }], /Entry not found/],
			[[header("x"), inline("dir", "a"), inline("dir/inner.txt", "b")], /both a file and a folder/],
			[[header("x", "0000000"), inline("a.txt", "a")], /A commit has happened/],
		];
		for (const [lines, message] of cases) {
			const refused = await commitRaw(hub.url, token, "mo/atomic", lines);
			expect(refused.status, String(message)).toBeGreaterThanOrEqual(400);
			expect(refused.status).toBeLessThan(500);
			expect(refused.body.error).toMatch(message);
		}
		expect(await headOf(hub.deps.db, "mo/atomic")).toBe(before);
		expect(await commitCount(hub.deps.db, "mo/atomic")).toBe(count);

		const pr = await commitRaw(hub.url, token, "mo/atomic", [header("x"), inline("a.txt", "a")], {
			query: "?create_pr=1",
		});
		expect(pr.status).toBe(400);
		expect(pr.body.error).toMatch(/Pull requests are not supported/);
		const branch = await commitRaw(hub.url, token, "mo/atomic", [header("x"), inline("a.txt", "a")], {
			revision: "dev",
		});
		expect(branch.status).toBe(404);
		expect(branch.headers.get("x-error-code")).toBe("RevisionNotFound");
	});

	it("changes nothing when the client goes away in the middle of its commit", async () => {
		const token = await newRepo("ula/gone");
		const before = await headOf(hub.deps.db, "ula/gone");
		const lines = [header("cut"), inline("first.txt", "first"), inline("second.txt", "second")];
		const body = lines.map((line) => JSON.stringify(line)).join("\n");
		const cut = request(`${hub.url}/api/models/ula/gone/commit/main`, {
			method: "POST",
			headers: {
				authorization: `Bearer ${token}`,
				"content-type": "application/x-ndjson",
				"content-length": String(Buffer.byteLength(body)),
			},
		});
		const closed = new Promise<void>((resolve) => {
			cut.on("error", () => resolve());
			cut.on("close", () => resolve());
		});
		cut.write(`${JSON.stringify(lines[0])}\n${JSON.stringify(lines[1])}\n`);
		cut.destroy();
		await closed;
		// The cut body never ends, so its commit is never applied: one on the same head still lands.
		const after = await commitRaw(hub.url, token, "ula/gone", [header("whole", before), inline("third.txt", "3")]);
		expect(after.status).toBe(200);
		const tree = await (await fetch(`${hub.url}/api/models/ula/gone/tree/main`)).json();
		expect(tree.map((entry: { path: string }) => entry.path).sort()).toEqual([".gitattributes", "third.txt"]);
	});

	it("lets one of two commits from the same head win and answers the other 412", async () => {
		const token = await newRepo("nia/race");
		const head = (await headOf(hub.deps.db, "nia/race")) ?? "";
		const [left, right] = await Promise.all([
			commitRaw(hub.url, token, "nia/race", [header("left", head), inline("left.txt", "L")]),
			commitRaw(hub.url, token, "nia/race", [header("right", head), inline("right.txt", "R")]),
		]);
		expect([left.status, right.status].sort()).toEqual([200, 412]);
		const winner = left.status === 200 ? left : right;
		expect(await headOf(hub.deps.db, "nia/race")).toBe(winner.body.commitOid);
		expect(await commitCount(hub.deps.db, "nia/race")).toBe(2);
		const loser = left.status === 200 ? right : left;
		expect(loser.headers.get("x-error-code")).toBe("ParentCommitMismatch");

		// Without a parentCommit neither asked for a check: both land, one after the other.
		const both = await Promise.all(
			["one", "two", "three"].map((name) =>
				commitRaw(hub.url, token, "nia/race", [header(name), inline(`${name}.txt`, name)]),
			),
		);
		expect(both.map((answer) => answer.status)).toEqual([200, 200, 200]);
		const tree = await (await fetch(`${hub.url}/api/models/nia/race/tree/main`)).json();
		expect(tree.map((entry: { path: string }) => entry.path).sort()).toEqual(
			[".gitattributes", winner === left ? "left.txt" : "right.txt", "one.txt", "three.txt", "two.txt"].sort(),
		);
	});

	it("deletes folders, answers an unchanged commit with the head, and accepts a 7-digit parent", async () => {
		const token = await newRepo("oz/folders");
		const first = await commitRaw(hub.url, token, "oz/folders", [
			header("files"),
			inline("keep.txt", "k"),
			inline("logs/a.txt", "a"),
			inline("logs/deep/b.txt", "b"),
		]);
		expect(first.status).toBe(200);
		const same = await commitRaw(hub.url, token, "oz/folders", [header("again"), inline("keep.txt", "k")]);
		expect(same.body.commitOid).toBe(first.body.commitOid);
		const removed = await commitRaw(hub.url, token, "oz/folders", [
			header("no logs", first.body.commitOid.slice(0, 7)),
			{ key: "deletedFolder", value: { path: "logs/" } },
		]);
		expect(removed.status).toBe(200);
		const tree = await (await fetch(`${hub.url}/api/models/oz/folders/tree/main?recursive=true`)).json();
		expect(tree.map((entry: { path: string }) => entry.path).sort()).toEqual([".gitattributes", "keep.txt"]);
	});

	it("creates a dataset and records its card", async () => {
		const token = await newRepo("pia/words", "dataset");
		const card =
			"---\nlicense: mit\nlanguage: [en]\ntask_categories: [text-classification]\n---\n# Words\n\nA list of words.\n";
		const committed = await commitRaw(hub.url, token, "pia/words", [header("card"), inline("README.md", card)], {
			type: "datasets",
		});
		expect(committed.status).toBe(200);
		expect(committed.body.commitUrl).toBe(`${hub.url}/datasets/pia/words/commit/${committed.body.commitOid}`);
		const row = await hub.deps.db
			.selectFrom("datasets")
			.select(["sha", "tags", "card_data", "description", "owner"])
			.where("id", "=", "pia/words")
			.executeTakeFirstOrThrow();
		expect(row).toEqual({
			sha: committed.body.commitOid,
			tags: JSON.stringify(["task_categories:text-classification", "language:en", "license:mit"]),
			card_data: JSON.stringify({ license: "mit", language: ["en"], task_categories: ["text-classification"] }),
			description: "A list of words.",
			owner: "pia",
		});
		expect(await headOf(hub.deps.db, "datasets/pia/words")).toBe(committed.body.commitOid);
		// A model of the same name is a different repository.
		expect(await headOf(hub.deps.db, "pia/words")).toBeUndefined();
		const exists = await createRepoRaw(hub.url, token, { name: "words", organization: "pia", type: "dataset" });
		expect(exists.status).toBe(409);
		expect(exists.headers.get("x-error-code")).toBe("RepoExists");
	});
});

describe("reading NDJSON lines", () => {
	const streamOf = (...chunks: (string | Uint8Array)[]) =>
		new ReadableStream<Uint8Array>({
			start(controller) {
				for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
				controller.close();
			},
		});
	const read = async (stream: ReadableStream<Uint8Array>, limit: number) => {
		const lines: string[] = [];
		for await (const line of ndjsonLines(stream, limit)) lines.push(`${line.number}:${line.text}`);
		return lines;
	};

	it("joins lines split across chunks, skips blank ones, and keeps a last line without a newline", async () => {
		expect(await read(streamOf('{"a":', '1}\n\n{"b"', ":2}\r\n", '{"c":3}'), 100)).toEqual([
			'1:{"a":1}',
			'3:{"b":2}\r',
			'4:{"c":3}',
		]);
	});

	it("refuses a line over the limit, whole or in pieces, and bytes that are not UTF-8", async () => {
		await expect(read(streamOf('{"ok":1}\n', `${"x".repeat(20)}\n`), 16)).rejects.toThrow(/Line 2 is longer than 16/);
		await expect(read(streamOf("x".repeat(10), "x".repeat(10)), 16)).rejects.toThrow(/Line 1 is longer than 16/);
		await expect(read(streamOf(new Uint8Array([0xff, 0xfe, 10])), 16)).rejects.toThrow(/Line 1 is not UTF-8/);
	});
});
