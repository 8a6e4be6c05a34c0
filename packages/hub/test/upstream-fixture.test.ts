/**
 * The caching mirror against huggingface.co's own answer shapes (support/hf-upstream-fixture.ts):
 * revision info, a tree listing in small `Link` pages, regular files served by the origin and LFS
 * files as a `302` to a separate CDN with Xet headers. Real clients read through the mirror —
 * @huggingface/hub's downloadFile and huggingface_hub's snapshot_download and hf_hub_download with
 * hf_xet installed — and get the upstream's bytes under its commit id, over plain HTTP: the mirror
 * does not hold the files as xorbs, so it passes on no Xet header or `xetHash`. Each LFS file is
 * fetched from the CDN once; the operator's token goes to the origin only; a private repository is
 * not mirrored, and a gated one is gated here, its files waiting for an administrator's yes. One
 * engine: nothing here differs between them.
 */

import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { downloadFile } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { type ServingCli, serveCli } from "./support/cli.js";
import { startTestDatabase, type TestDatabase } from "./support/engines.js";
import { type FixtureFile, type HfFixture, startHfFixture } from "./support/hf-upstream-fixture.js";
import { openTestHub } from "./support/hub.js";
import { pythonClients } from "./support/python-clients.js";

const execute = promisify(execFile);
const MIRROR_DOWNLOAD = new URL("./clients/mirror-download.py", import.meta.url).pathname;
const FIXTURE_DOWNLOAD = new URL("./clients/fixture-download.py", import.meta.url).pathname;
const sha256 = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const OPERATOR_TOKEN = "hf_operator_token_for_the_mirror";
const MODEL = "acme-ai/tiny-encoder";
const DATASET = "acme-ai/reviews";
const GATED = "acme-ai/gated-encoder";
const PRIVATE = "acme-ai/private-encoder";
const WEIGHTS = "model.safetensors";
const ONNX = "onnx/model.onnx";
const DATA = "data/train.parquet";

/** Stands in for safetensors: an 8-byte header length, a JSON header, then random tensor bytes. */
function safetensorsLike(size: number): Buffer {
	const header = Buffer.from(JSON.stringify({ __metadata__: { format: "pt" } }).padEnd(64, " "));
	const length = Buffer.alloc(8);
	length.writeBigUInt64LE(BigInt(header.byteLength));
	return Buffer.concat([length, header, randomBytes(size - 8 - header.byteLength)]);
}

const weights = safetensorsLike(3 * 1024 * 1024 + 17);
const onnx = randomBytes(64 * 1024);
const parquet = randomBytes(20_000);
const gitattributes = "*.safetensors filter=lfs diff=lfs merge=lfs -text\n*.onnx filter=lfs diff=lfs merge=lfs -text\n";

const modelFiles: FixtureFile[] = [
	{ path: ".gitattributes", content: gitattributes },
	{ path: "README.md", content: "---\nlicense: apache-2.0\npipeline_tag: feature-extraction\n---\n# Tiny encoder\n" },
	{ path: "config.json", content: JSON.stringify({ architectures: ["BertModel"], model_type: "bert" }, null, 2) },
	{ path: WEIGHTS, content: weights, lfs: true },
	{ path: ONNX, content: onnx, lfs: true },
	{ path: "onnx/config.json", content: "{}\n" },
];

/** The gated model's weights differ from the public one's: the mirror holds bytes once, whoever's they are. */
const gatedWeights = safetensorsLike(512 * 1024 + 3);
const gatedFiles = modelFiles.map((file) => (file.path === WEIGHTS ? { ...file, content: gatedWeights } : file));

describe("a caching mirror of huggingface.co's answer shapes (sqlite)", () => {
	let database: TestDatabase;
	let fixture: HfFixture;
	let mirror: ServingCli;
	/** The fixture's own listing of the model's files, read as the clients read it. */
	let upstreamTree: Record<string, unknown>[];
	const folders: string[] = [];

	const originRequests = (prefix: string) =>
		fixture.requests.filter((entry) => entry.server === "origin" && entry.url.startsWith(prefix));

	beforeAll(async () => {
		fixture = await startHfFixture({
			repos: [
				{ type: "model", id: MODEL, files: modelFiles, info: { pipeline_tag: "feature-extraction" } },
				{
					type: "dataset",
					id: DATASET,
					files: [
						{ path: ".gitattributes", content: "*.parquet filter=lfs diff=lfs merge=lfs -text\n" },
						{ path: "README.md", content: "# Reviews\n" },
						{ path: DATA, content: parquet, lfs: true },
					],
				},
				{ type: "model", id: GATED, files: gatedFiles, access: "gated" },
				{ type: "model", id: PRIVATE, files: modelFiles, access: "private" },
			],
			// The operator accepted the gated model's terms and owns the private one upstream.
			tokens: { [OPERATOR_TOKEN]: [GATED, PRIVATE] },
		});
		database = await startTestDatabase("sqlite");
		mirror = await serveCli(["--data", database.config.dataDir], {
			...database.cliEnv,
			HUBKIT_UPSTREAM: fixture.url,
			HUBKIT_UPSTREAM_TOKEN: OPERATOR_TOKEN,
		});
	});

	afterAll(async () => {
		mirror?.child.kill("SIGKILL");
		await mirror?.exited;
		await fixture?.close();
		await database?.cleanup();
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	});

	it("answers like huggingface.co: a 302 to the CDN with Xet headers, which hf_xet clients follow into Xet", async () => {
		const head = await fetch(`${fixture.url}/${MODEL}/resolve/main/${WEIGHTS}`, { method: "HEAD", redirect: "manual" });
		expect(head.status).toBe(302);
		expect(head.headers.get("location")?.startsWith(fixture.cdnUrl)).toBe(true);
		expect(head.headers.get("x-linked-etag")).toBe(`"${sha256(weights)}"`);
		expect(head.headers.get("x-xet-hash")).toMatch(/^[0-9a-f]{64}$/);
		expect(head.headers.get("link")).toContain('rel="xet-auth"');

		const home = mkdtempSync(join(tmpdir(), "hubkit-fixture-python-"));
		folders.push(home);
		const direct = async (env: Record<string, string>) => {
			const { stdout } = await execute(pythonClients("requirements-hf1.txt"), [FIXTURE_DOWNLOAD], {
				env: { PATH: process.env.PATH, HF_HOME: home, HF_ENDPOINT: fixture.url, HUBKIT_REPO: MODEL, ...env },
			});
			return JSON.parse(stdout) as { sha256?: string; error?: string };
		};
		// With hf_xet the headers send huggingface_hub to the Xet token route, which only a Xet server answers.
		expect(await direct({ HUBKIT_FILE: ONNX, HF_TOKEN: OPERATOR_TOKEN })).toMatchObject({ error: expect.any(String) });
		expect(originRequests(`/api/models/${MODEL}/xet-read-token/`).length).toBeGreaterThan(0);
		// Without Xet the same client follows the 302, with no token at the CDN.
		const plain = await direct({ HUBKIT_FILE: ONNX, HF_TOKEN: OPERATOR_TOKEN, HF_HUB_DISABLE_XET: "1" });
		expect(plain).toEqual({ sha256: sha256(onnx) });
		expect(fixture.requests.filter((entry) => entry.server === "cdn" && entry.authorization)).toEqual([]);
		upstreamTree = await collectTree(`${fixture.url}/api/models/${MODEL}/tree/main?recursive=true&expand=false`);
		expect(upstreamTree.length).toBe(modelFiles.length + 1);
		// From here on, requests are the mirror's.
		fixture.requests.length = 0;
	}, 900_000);

	it("mirrors a model on first use from a paginated tree, with the upstream's ids and no Xet", async () => {
		const sha = fixture.shaOf(MODEL);
		const info = (await (await fetch(`${mirror.url}/api/models/${MODEL}`)).json()) as Record<string, unknown>;
		expect(info).toMatchObject({ id: MODEL, sha });
		const pages = originRequests(`/api/models/${MODEL}/tree/${sha}`);
		// Seven entries (six files and the `onnx` folder), two a page: every page read.
		expect(pages.map((entry) => entry.status)).toEqual([200, 200, 200, 200]);
		const mirrorTree = (await (await fetch(`${mirror.url}/api/models/${MODEL}/tree/main?recursive=true`)).json()) as {
			type: string;
			path: string;
			oid: string;
			size: number;
			lfs?: { oid: string; size: number };
			xetHash?: string;
		}[];
		const files = mirrorTree.filter((entry) => entry.type === "file");
		expect(files.map((entry) => entry.path).sort()).toEqual(modelFiles.map((file) => file.path).sort());
		for (const entry of files) {
			const upstream = upstreamTree.find((item) => item.path === entry.path);
			expect({ path: entry.path, oid: entry.oid, size: entry.size, lfs: entry.lfs?.oid }).toEqual({
				path: upstream?.path,
				oid: upstream?.oid,
				size: upstream?.size,
				lfs: (upstream?.lfs as { oid: string } | undefined)?.oid,
			});
			expect(entry.xetHash).toBeUndefined();
		}
		// Recorded without bytes: nothing fetched from the CDN yet but the safetensors header (ranged reads).
		const cdn = fixture.requests.filter((entry) => entry.server === "cdn");
		expect(cdn.length).toBeGreaterThan(0);
		expect(cdn.every((entry) => entry.status === 206)).toBe(true);

		const head = await fetch(`${mirror.url}/${MODEL}/resolve/main/${WEIGHTS}`, { method: "HEAD" });
		expect(head.status).toBe(200);
		expect(head.headers.get("x-repo-commit")).toBe(sha);
		expect(head.headers.get("etag")).toBe(`"${sha256(weights)}"`);
		expect(head.headers.get("x-linked-etag")).toBe(`"${sha256(weights)}"`);
		expect(head.headers.get("x-linked-size")).toBe(String(weights.length));
		expect(head.headers.get("x-xet-hash")).toBeNull();
		expect(head.headers.get("x-xet-refresh-route")).toBeNull();
		expect(head.headers.get("link") ?? "").not.toContain("xet");
	});

	it("serves an LFS file to @huggingface/hub, fetched from the CDN once for four clients", async () => {
		const downloads = await Promise.all(
			Array.from({ length: 4 }, async () => {
				const blob = await downloadFile({ hubUrl: mirror.url, repo: MODEL, path: WEIGHTS });
				return Buffer.from(await (blob as Blob).arrayBuffer());
			}),
		);
		for (const bytes of downloads) expect(bytes.equals(weights)).toBe(true);
		expect(fixture.cdnDownloads(MODEL, WEIGHTS)).toBe(1);
		const answer = await fetch(`${mirror.url}/${MODEL}/resolve/main/${WEIGHTS}`, { headers: { Range: "bytes=8-15" } });
		expect(answer.status).toBe(206);
		expect(Buffer.from(await answer.arrayBuffer()).equals(weights.subarray(8, 16))).toBe(true);
		expect(answer.headers.get("x-xet-hash")).toBeNull();
		expect(fixture.cdnDownloads(MODEL, WEIGHTS)).toBe(1);
	});

	it("serves the whole model to huggingface_hub with hf_xet installed, over plain HTTP", async () => {
		const home = mkdtempSync(join(tmpdir(), "hubkit-fixture-mirror-python-"));
		folders.push(home);
		const { stdout } = await execute(pythonClients("requirements-hf1.txt"), [MIRROR_DOWNLOAD], {
			env: { PATH: process.env.PATH, HF_HOME: home, HF_ENDPOINT: mirror.url, HUBKIT_REPO: MODEL, HUBKIT_FILE: ONNX },
		});
		const read = JSON.parse(stdout) as { sha: string; files: Record<string, string>; one: string };
		expect(read).toEqual({
			sha: fixture.shaOf(MODEL),
			files: Object.fromEntries(modelFiles.map((file) => [file.path, sha256(file.content)])),
			one: sha256(onnx),
		});
		for (const path of [WEIGHTS, ONNX]) expect(fixture.cdnDownloads(MODEL, path)).toBe(1);
	}, 900_000);

	it("mirrors a dataset and fetches its LFS file once", async () => {
		const repo = { type: "dataset" as const, name: DATASET };
		for (let round = 0; round < 2; round++) {
			const blob = await downloadFile({ hubUrl: mirror.url, repo, path: DATA });
			expect(Buffer.from(await (blob as Blob).arrayBuffer()).equals(parquet)).toBe(true);
		}
		const head = await fetch(`${mirror.url}/datasets/${DATASET}/resolve/main/${DATA}`, { method: "HEAD" });
		expect(head.headers.get("x-repo-commit")).toBe(fixture.shaOf(DATASET));
		expect(head.headers.get("x-linked-etag")).toBe(`"${sha256(parquet)}"`);
		expect(fixture.cdnDownloads(DATASET, DATA)).toBe(1);
	});

	it("does not mirror a private repository the operator's token can read", async () => {
		expect((await fetch(`${mirror.url}/api/models/${PRIVATE}`)).status).toBe(401);
		expect((await fetch(`${mirror.url}/${PRIVATE}/resolve/main/${WEIGHTS}`)).status).toBe(401);
		// Its info says private (the tree is listed too, as readSourceRevision reads both): no file is fetched.
		const asked = originRequests(`/api/models/${PRIVATE}`).map((entry) => new URL(entry.url, fixture.url).pathname);
		expect(asked).toContain(`/api/models/${PRIVATE}/revision/main`);
		expect(asked.filter((path) => !/\/(revision|tree)\/[^/]+$/.test(path))).toEqual([]);
		expect(originRequests(`/${PRIVATE}/resolve/`)).toEqual([]);
	});

	it("mirrors a gated repository gated here: its files wait for an administrator's yes", async () => {
		const info = (await (await fetch(`${mirror.url}/api/models/${GATED}`)).json()) as { gated: unknown; sha: string };
		expect(info).toMatchObject({ gated: "manual", sha: fixture.shaOf(GATED) });
		// The card explains the gate to anyone; the weights need access, whatever the operator's token may read.
		expect((await fetch(`${mirror.url}/${GATED}/resolve/main/README.md`)).status).toBe(200);
		const anonymous = await fetch(`${mirror.url}/${GATED}/resolve/main/${WEIGHTS}`);
		expect(anonymous.status).toBe(401);
		expect(anonymous.headers.get("x-error-code")).toBe("GatedRepo");

		const hub = await openTestHub(database.config);
		const reader = (await createAccessToken(hub.deps.db, "reader", { role: "read" })).token;
		const root = (await createAccessToken(hub.deps.db, "root", { role: "write" })).token;
		await hub.deps.db.updateTable("users").set({ is_admin: 1 }).where("name", "=", "root").execute();
		await hub.close();
		const call = (token: string, path: string, body?: unknown) =>
			fetch(`${mirror.url}${path}`, {
				method: body === undefined ? "GET" : "POST",
				headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
		expect((await call(reader, `/${GATED}/resolve/main/${WEIGHTS}`)).status).toBe(403);
		expect((await call(reader, `/api/models/${GATED}/ask-access`, { fields: { reason: "research" } })).status).toBe(
			200,
		);
		expect((await call(reader, `/${GATED}/resolve/main/${WEIGHTS}`)).status).toBe(403);
		expect(fixture.cdnDownloads(GATED, WEIGHTS)).toBe(0);

		const handled = await call(root, `/api/models/${GATED}/user-access-request/handle`, {
			user: "reader",
			status: "accepted",
		});
		expect(handled.status).toBe(200);
		const allowed = await call(reader, `/${GATED}/resolve/main/${WEIGHTS}`);
		expect(allowed.status).toBe(200);
		expect(Buffer.from(await allowed.arrayBuffer()).equals(gatedWeights)).toBe(true);
		expect(fixture.cdnDownloads(GATED, WEIGHTS)).toBe(1);
	});

	it("sent the operator's token to the origin on every call and never to the CDN", () => {
		const origin = fixture.requests.filter((entry) => entry.server === "origin");
		const cdn = fixture.requests.filter((entry) => entry.server === "cdn");
		expect(origin.length).toBeGreaterThan(0);
		expect(origin.every((entry) => entry.authorization === `Bearer ${OPERATOR_TOKEN}`)).toBe(true);
		// Whole files once each (three of the public model and dataset, one of the gated model); the
		// rest are ranged reads of the safetensors headers.
		expect(cdn.filter((entry) => entry.status === 200)).toHaveLength(4);
		expect(cdn.every((entry) => entry.status === 200 || entry.status === 206)).toBe(true);
		expect(cdn.filter((entry) => entry.authorization !== undefined)).toEqual([]);
	});
});

/** Every entry of a listing, following its `Link` pages as the clients do. */
async function collectTree(first: string): Promise<Record<string, unknown>[]> {
	const entries: Record<string, unknown>[] = [];
	let next: string | undefined = first;
	while (next) {
		const answer = await fetch(next);
		entries.push(...((await answer.json()) as Record<string, unknown>[]));
		next = /<([^>]+)>;\s*rel="next"/.exec(answer.headers.get("link") ?? "")?.[1];
	}
	return entries;
}
