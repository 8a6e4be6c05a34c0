/**
 * A caching mirror holds the upstream's refs outside branches and tags, as huggingface.co has
 * them (support/hf-upstream-fixture.ts): a model's pull requests (`refs/pr/N`, each with files of
 * its own) and a dataset's parquet conversion (`refs/convert/parquet`). huggingface_hub downloads
 * a pull request's files and the conversion's through the mirror under the upstream's commit ids
 * and lists them as it would upstream (`pullRequests` only when asked, each copied only when read); `hubkit mirror --revision
 * refs/pr/N` prefetches one; and with the upstream gone what was mirrored is still served. On both engines: the refs live in the database.
 */

import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type ServingCli, serveCli } from "./support/cli.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type HfFixture, startHfFixture } from "./support/hf-upstream-fixture.js";
import { pythonClients } from "./support/python-clients.js";

const execute = promisify(execFile);
const READ_SPECIAL_REFS = new URL("./clients/mirror-special-refs.py", import.meta.url).pathname;
const sha256 = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const MODEL = "acme-ai/tiny-encoder";
const DATASET = "acme-ai/reviews";
const WEIGHTS = "model.safetensors";
const PARQUET = "default/train/0000.parquet";
const gitattributes =
	"*.safetensors filter=lfs diff=lfs merge=lfs -text\n*.parquet filter=lfs diff=lfs merge=lfs -text\n";

const config = (version: number) => `${JSON.stringify({ model_type: "bert", version })}\n`;
const weights = { main: randomBytes(40_000), pr1: randomBytes(50_000) };
const parquet = randomBytes(30_000);

describe.each(ENGINES)("a mirror's pull requests and conversions (%s)", (engine) => {
	let fixture: HfFixture;
	let database: TestDatabase;
	let mirror: ServingCli;
	const folders: string[] = [];

	const modelFiles = (version: number, bytes: Buffer) => [
		{ path: ".gitattributes", content: gitattributes },
		{ path: "README.md", content: "---\nlicense: mit\n---\n# Tiny encoder\n" },
		{ path: "config.json", content: config(version) },
		{ path: WEIGHTS, content: bytes, lfs: true },
	];

	beforeAll(async () => {
		fixture = await startHfFixture({
			repos: [
				{
					type: "model",
					id: MODEL,
					files: modelFiles(1, weights.main),
					refs: [
						{ ref: "refs/pr/1", files: modelFiles(2, weights.pr1) },
						{ ref: "refs/pr/2", files: modelFiles(3, weights.main) },
					],
				},
				{
					type: "dataset",
					id: DATASET,
					files: [
						{ path: ".gitattributes", content: gitattributes },
						{ path: "data/train.csv", content: "text,label\ngood,1\n" },
					],
					refs: [{ ref: "refs/convert/parquet", files: [{ path: PARQUET, content: parquet, lfs: true }] }],
				},
			],
		});
		database = await startTestDatabase(engine);
		mirror = await serveCli(["--data", database.config.dataDir], {
			...database.cliEnv,
			HUBKIT_UPSTREAM: fixture.url,
		});
	});

	afterAll(async () => {
		mirror?.child.kill("SIGKILL");
		await mirror?.exited;
		await fixture?.close();
		await database?.cleanup();
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	});

	it("serves a pull request and a conversion to huggingface_hub under the upstream's commits", async () => {
		const home = mkdtempSync(join(tmpdir(), "hubkit-special-refs-"));
		folders.push(home);
		const { stdout } = await execute(pythonClients("requirements-hf1.txt"), [READ_SPECIAL_REFS], {
			env: {
				PATH: process.env.PATH,
				HF_HOME: home,
				HF_ENDPOINT: mirror.url,
				HUBKIT_MODEL: MODEL,
				HUBKIT_DATASET: DATASET,
				HUBKIT_PR: "1",
				HUBKIT_WEIGHTS: WEIGHTS,
				HUBKIT_PARQUET: PARQUET,
			},
		});
		const read = JSON.parse(stdout);
		const pr = (n: number) => fixture.shaOf(MODEL, `refs/pr/${n}`);
		expect(read.prCommit).toBe(pr(1));
		expect(read.prConfig).toBe(config(2));
		expect(read.prWeights).toBe(sha256(weights.pr1));
		expect(read.parquetCommit).toBe(fixture.shaOf(DATASET, "refs/convert/parquet"));
		expect(read.parquet).toBe(sha256(parquet));
		expect(read.pullRequests).toEqual([
			{ name: "refs/pr/1", ref: "refs/pr/1", target: pr(1) },
			{ name: "refs/pr/2", ref: "refs/pr/2", target: pr(2) },
		]);
		expect(read.withoutPullRequests).toBeNull();
		expect(read.branches).toEqual([{ name: "main", ref: "refs/heads/main", target: fixture.shaOf(MODEL) }]);
		expect(read.converts).toEqual([
			{ name: "parquet", ref: "refs/convert/parquet", target: fixture.shaOf(DATASET, "refs/convert/parquet") },
		]);
		// The upstream was asked for pull requests only for the listing that wanted them.
		const listings = fixture.requests.filter((entry) => entry.url.startsWith(`/api/models/${MODEL}/refs`));
		expect(listings.map((entry) => entry.url)).toEqual(
			expect.arrayContaining([`/api/models/${MODEL}/refs?include_prs=1`, `/api/models/${MODEL}/refs`]),
		);
		// Listed, not copied: nothing of the pull request no one read was asked for.
		const unread = fixture.requests.filter(
			(entry) => entry.url.includes(pr(2)) || decodeURIComponent(entry.url).includes("refs/pr/2"),
		);
		expect(unread).toEqual([]);
	});

	it("answers a pull request's revision and files as any revision, copying it when first read", async () => {
		const info = await fetch(`${mirror.url}/api/models/${MODEL}/revision/${encodeURIComponent("refs/pr/2")}`);
		expect(info.status).toBe(200);
		expect(((await info.json()) as { sha: string }).sha).toBe(fixture.shaOf(MODEL, "refs/pr/2"));
		const file = await fetch(`${mirror.url}/${MODEL}/resolve/${encodeURIComponent("refs/pr/2")}/config.json`);
		expect(file.status).toBe(200);
		expect(file.headers.get("x-repo-commit")).toBe(fixture.shaOf(MODEL, "refs/pr/2"));
		expect(await file.text()).toBe(config(3));
		// The refs of `main` are untouched: a pull request is not a branch.
		const main = await fetch(`${mirror.url}/${MODEL}/resolve/main/config.json`);
		expect(await main.text()).toBe(config(1));
		// A pull request the upstream does not have is the usual unknown revision.
		const missing = await fetch(`${mirror.url}/api/models/${MODEL}/revision/${encodeURIComponent("refs/pr/9")}`);
		expect(missing.status).toBe(404);
		expect(missing.headers.get("x-error-code")).toBe("RevisionNotFound");
	});

	it("prefetches a pull request with `hubkit mirror --revision refs/pr/N`, which `hubkit check` finds whole", async () => {
		const other = await startTestDatabase(engine);
		try {
			const args = ["--revision", "refs/pr/1", "--data", other.config.dataDir];
			const mirrored = await runCli(["mirror", MODEL, "--from", fixture.url, ...args], other.cliEnv);
			expect(mirrored.code, mirrored.output).toBe(0);
			expect(mirrored.output).toContain(`refs/pr/1 at ${fixture.shaOf(MODEL, "refs/pr/1")}`);
			const checked = await runCli(["check", "--data", other.config.dataDir], other.cliEnv);
			expect(checked.code, checked.output).toBe(0);
			const unknown = await runCli(
				["mirror", MODEL, "--from", fixture.url, "--revision", "refs/pr/7", "--data", other.config.dataDir],
				other.cliEnv,
			);
			expect(unknown.code).not.toBe(0);
			expect(unknown.output).toContain("has no branch, tag, ref or commit refs/pr/7");
		} finally {
			await other.cleanup();
		}
	});

	it("serves what it mirrored with the upstream gone", async () => {
		await fixture.close();
		const listing = await fetch(`${mirror.url}/api/models/${MODEL}/refs?include_prs=1`);
		expect(listing.status).toBe(200);
		const refs = (await listing.json()) as { pullRequests: { ref: string }[] };
		expect(refs.pullRequests.map((ref) => ref.ref)).toEqual(["refs/pr/1", "refs/pr/2"]);
		const weightsFile = await fetch(`${mirror.url}/${MODEL}/resolve/${encodeURIComponent("refs/pr/1")}/${WEIGHTS}`);
		expect(weightsFile.status).toBe(200);
		expect(sha256(Buffer.from(await weightsFile.arrayBuffer()))).toBe(sha256(weights.pr1));
		const data = await fetch(
			`${mirror.url}/datasets/${DATASET}/resolve/${encodeURIComponent("refs/convert/parquet")}/${PARQUET}`,
		);
		expect(data.status).toBe(200);
		expect(sha256(Buffer.from(await data.arrayBuffer()))).toBe(sha256(parquet));
	});
});
