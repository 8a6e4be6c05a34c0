/**
 * The caching mirror (HUBKIT_UPSTREAM), as real processes: an upstream hub holding a model, a
 * counting proxy in front of it on loopback, and a second hub whose upstream is the proxy. The
 * first read of a model records it without its LFS file, whose listing and HEAD are already the
 * upstream's; eight clients then downloading that file cause one download upstream, and get the
 * upstream's bytes under the upstream's commit id; a namespace an account holds here stays local,
 * and one HUBKIT_UPSTREAM_DENY names is never fetched; a placeholder of the sample catalogue yields
 * to the upstream's model;
 * with the upstream gone the mirrored model is still served (to huggingface_hub's snapshot_download
 * too), an LFS file not fetched yet is a 502 naming the upstream, and so is a model never mirrored.
 * On every engine, and on the S3 store, where the fetched bytes then live.
 */

import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { bpeClassifierFiles } from "@hubkit/runtime/models";
import { downloadFile } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClient, sessionCookie } from "./support/accounts.js";
import { spawnCli } from "./support/cli.js";
import { startMirror, startUpstream, type TestHubProcess, type Upstream } from "./support/mirror-hubs.js";
import { pythonClients } from "./support/python-clients.js";
import { SETUPS } from "./support/stores.js";

const execute = promisify(execFile);
const MIRROR_DOWNLOAD = new URL("./clients/mirror-download.py", import.meta.url).pathname;
const sha256 = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const MODEL = "ops/sentiment";
/** Another model, with other weights: its LFS file is never fetched before the upstream goes. */
const UNFETCHED = "ops/sentiment-b";
const WEIGHTS = "onnx/model.onnx";
/** A placeholder of the sample catalogue the mirror seeds (a real name, no files); real upstream. */
const PLACEHOLDER = "google/flan-t5-base";
const DATASET = "ops/reviews";
const DATA = "data/train.parquet";
/** Stands in for a parquet file: the hub keeps any `.parquet` in LFS, whatever its bytes. */
const dataBytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7) % 256));

const modelFiles = (bias: number) => [
	...bpeClassifierFiles({
		labels: ["NEGATIVE", "POSITIVE"],
		vocabulary: ["i", "love", "this", "film", "awful"],
		vectors: { love: [1], awful: [-1] },
		weights: [[-24, 24]],
		bias: [0, bias],
	}),
	{ path: "README.md", content: "---\nlicense: mit\n---\n# Sentiment\n" },
];

/** A site administrator of the hub, signed in: the session's value. */
async function createAdmin(hub: TestHubProcess): Promise<string | undefined> {
	const password = "correct horse battery staple";
	const args = ["user", "create", "root", "--email", "root@example.com", "--password-stdin", "--admin"];
	const created = spawnCli([...args, "--data", hub.database.config.dataDir], hub.env);
	created.child.stdin.end(`${password}\n`);
	expect((await created.exited).code, created.output()).toBe(0);
	const login = await accountClient(hub.url)("/api/auth/login", { body: { username: "root", password } });
	return sessionCookie(login.headers)?.value;
}

async function bytesOf(blob: Blob | null): Promise<Buffer> {
	expect(blob).not.toBeNull();
	return Buffer.from(await (blob as Blob).arrayBuffer());
}

describe.each(SETUPS)("a caching mirror of another hub ($label)", (setup) => {
	let upstream: Upstream;
	let mirror: TestHubProcess;
	let upstreamSha: string;
	let weights: Buffer;
	const folders: string[] = [];

	/** Requests the proxy passed upstream whose path starts with `prefix`. */
	const upstreamCalls = (prefix: string) => upstream.calls(prefix);

	beforeAll(async () => {
		const dataset = [
			{ path: "README.md", content: "# Reviews\n" },
			{ path: DATA, content: dataBytes },
		];
		upstream = await startUpstream(setup.engine, [
			...[MODEL, "team/classifier", "hidden/classifier", PLACEHOLDER].map((id) => ({ id, files: modelFiles(0) })),
			{ id: UNFETCHED, files: modelFiles(1) },
			{ id: DATASET, type: "dataset", files: dataset },
		]);
		mirror = await startMirror(setup, upstream, { env: { HUBKIT_UPSTREAM_DENY: "Hidden" } });
		upstreamSha = ((await (await fetch(`${upstream.url}/api/models/${MODEL}/revision/main`)).json()) as { sha: string })
			.sha;
		weights = Buffer.from(await (await fetch(`${upstream.url}/${MODEL}/resolve/main/${WEIGHTS}`)).arrayBuffer());
	}, 120_000);

	afterAll(async () => {
		for (const hub of [mirror, upstream]) await hub?.stop();
		for (const folder of folders) rmSync(folder, { recursive: true, force: true });
	});

	it("records a model on first use without its LFS file, with the upstream's listing and headers", async () => {
		const info = (await (await fetch(`${mirror.url}/api/models/${MODEL}`)).json()) as Record<string, unknown>;
		expect(info).toMatchObject({ id: MODEL, sha: upstreamSha, pipeline_tag: "text-classification" });
		expect(upstreamCalls(`/api/models/${MODEL}/revision/`)).toBe(1);
		expect(upstreamCalls(`/${MODEL}/resolve/${upstreamSha}/README.md`)).toBe(1);
		expect(upstreamCalls(`/${MODEL}/resolve/${upstreamSha}/${WEIGHTS}`)).toBe(0);

		const listing = async (hub: string) => (await fetch(`${hub}/api/models/${MODEL}/tree/main/onnx`)).json();
		const listed = (await listing(mirror.url)) as { path: string; oid: string; lfs?: unknown }[];
		expect(listed).toEqual(await listing(upstream.url));
		expect(listed.find((entry) => entry.path === WEIGHTS)?.lfs).toMatchObject({ size: weights.length });

		const head = await fetch(`${mirror.url}/${MODEL}/resolve/main/${WEIGHTS}`, { method: "HEAD" });
		const upstreamHead = await fetch(`${upstream.url}/${MODEL}/resolve/main/${WEIGHTS}`, { method: "HEAD" });
		expect(head.status).toBe(200);
		expect(head.headers.get("x-repo-commit")).toBe(upstreamSha);
		expect(head.headers.get("x-linked-size")).toBe(String(weights.length));
		expect(head.headers.get("x-linked-etag")).toBe(`"${createHash("sha256").update(weights).digest("hex")}"`);
		for (const name of ["etag", "x-linked-etag", "x-linked-size", "x-repo-commit"]) {
			expect(head.headers.get(name)).toBe(upstreamHead.headers.get(name));
		}
		expect(upstreamCalls(`/${MODEL}/resolve/${upstreamSha}/${WEIGHTS}`)).toBe(0);
	});

	it("fetches an LFS file on first download once for eight clients, with the upstream's bytes and commit id", async () => {
		const downloads = await Promise.all(
			Array.from({ length: 8 }, () => downloadFile({ hubUrl: mirror.url, repo: MODEL, path: WEIGHTS }).then(bytesOf)),
		);
		for (const bytes of downloads) expect(bytes.equals(weights)).toBe(true);
		expect(upstreamCalls(`/api/models/${MODEL}/revision/`)).toBe(1);
		expect(upstreamCalls(`/${MODEL}/resolve/${upstreamSha}/${WEIGHTS}`)).toBe(1);

		const ranged = await fetch(`${mirror.url}/${MODEL}/resolve/main/${WEIGHTS}`, { headers: { Range: "bytes=2-9" } });
		expect(ranged.status).toBe(206);
		expect(Buffer.from(await ranged.arrayBuffer()).equals(weights.subarray(2, 10))).toBe(true);
		expect(upstreamCalls(`/${MODEL}/resolve/${upstreamSha}/${WEIGHTS}`)).toBe(1);
		const file = await fetch(`${mirror.url}/${MODEL}/resolve/main/README.md`);
		expect(file.headers.get("x-repo-commit")).toBe(upstreamSha);
		expect(await file.text()).toContain("# Sentiment");
		const access = (await (await fetch(`${mirror.url}/api/models/${MODEL}/access`)).json()) as Record<string, unknown>;
		expect(access.mirrorOf).toBe(`${upstream.proxy.url}/${MODEL}`);
		// Within the refresh time, reads are answered here alone.
		expect(upstreamCalls(`/api/models/${MODEL}/revision/`)).toBe(1);
	});

	it("fetches a dataset's LFS file on its first download, not on the first read", async () => {
		const info = (await (await fetch(`${mirror.url}/api/datasets/${DATASET}`)).json()) as { sha: string };
		const datasetResolves = () => upstreamCalls(`/datasets/${DATASET}/resolve/${info.sha}/${DATA}`);
		expect(datasetResolves()).toBe(0);
		const downloads = await Promise.all(
			Array.from({ length: 3 }, () =>
				downloadFile({ hubUrl: mirror.url, repo: { type: "dataset", name: DATASET }, path: DATA }).then(bytesOf),
			),
		);
		for (const bytes of downloads) expect(bytes.equals(dataBytes)).toBe(true);
		expect(datasetResolves()).toBe(1);
	});

	it("replaces a placeholder of the sample catalogue with the upstream's model on first use", async () => {
		const tagsOf = async (url: string) =>
			(await (await fetch(`${url}/api/models/${PLACEHOLDER}`)).json()) as { sha: string; tags: string[] };
		// Listed before any read of it names it: the sample catalogue's placeholder.
		const listed = (await (await fetch(`${mirror.url}/api/models?search=flan-t5-base`)).json()) as {
			id: string;
			tags: string[];
		}[];
		expect(listed.find((model) => model.id === PLACEHOLDER)?.tags).toContain("hubkit:placeholder");
		const upstreamModel = await tagsOf(upstream.url);
		const mirrored = await tagsOf(mirror.url);
		expect(mirrored.sha).toBe(upstreamModel.sha);
		expect(mirrored.tags).not.toContain("hubkit:placeholder");
		const access = (await (await fetch(`${mirror.url}/api/models/${PLACEHOLDER}/access`)).json()) as {
			mirrorOf: string;
		};
		expect(access.mirrorOf).toBe(`${upstream.proxy.url}/${PLACEHOLDER}`);
		expect(await (await fetch(`${mirror.url}/${PLACEHOLDER}/resolve/main/README.md`)).text()).toContain("# Sentiment");
	});

	it("keeps a namespace an account holds here local, and one the operator denies unfetched", async () => {
		const signedUp = await accountClient(mirror.url)("/api/auth/signup", {
			body: { username: "team", email: "team@example.com", password: "correct horse battery staple" },
		});
		expect(signedUp.status).toBe(201);
		const answer = await fetch(`${mirror.url}/api/models/team/classifier`);
		expect(answer.status).toBe(401);
		expect(upstreamCalls("/api/models/team/")).toBe(0);
		// Site administrators see the local name hiding the upstream's repository; a local repository is no collision.
		const call = accountClient(mirror.url);
		const team = sessionCookie(signedUp.headers)?.value;
		const made = await call("/api/repos/create", { session: team, body: { name: "local" } });
		expect(made.status).toBe(200);
		expect((await fetch(`${mirror.url}/api/models/team/local`)).status).toBe(200);
		const admin = await createAdmin(mirror);
		const shadowed = async () => (await call("/api/admin/mirrors/shadowed", { session: admin })).body;
		const listed = [
			{ type: "model", id: "team/classifier", reads: 1, firstRead: expect.any(String), lastRead: expect.any(String) },
		];
		expect(await shadowed()).toEqual(listed);
		await fetch(`${mirror.url}/team/classifier/resolve/main/README.md`);
		expect(await shadowed()).toEqual([{ ...listed[0], reads: 2 }]);
		expect((await call("/api/admin/mirrors/shadowed", { session: team })).status).toBe(403);
		// Once the name is created here it hides nothing any more.
		expect((await call("/api/repos/create", { session: team, body: { name: "classifier" } })).status).toBe(200);
		expect(await shadowed()).toEqual([]);
		expect(upstreamCalls("/api/models/team/")).toBe(0);
		expect(upstreamCalls("/team/")).toBe(0);
		// The operator's deny list, any case: never asked upstream either.
		expect((await fetch(`${mirror.url}/api/models/hidden/classifier`)).status).toBe(401);
		expect(upstreamCalls("/api/models/hidden/")).toBe(0);
	});

	it("serves what it mirrored with the upstream gone, and names the upstream for what it never fetched", async () => {
		expect((await fetch(`${mirror.url}/api/models/${UNFETCHED}`)).status).toBe(200);
		await upstream.proxy.close();
		const again = await bytesOf(await downloadFile({ hubUrl: mirror.url, repo: MODEL, path: WEIGHTS }));
		expect(again.equals(weights)).toBe(true);
		// huggingface_hub, in a cache of its own, reads the whole model from the mirror alone (the first
		// run of the Python clients builds their environment: support/python-clients.ts, hence the time limit).
		const home = mkdtempSync(join(tmpdir(), "hubkit-mirror-python-"));
		folders.push(home);
		const { stdout } = await execute(pythonClients("requirements-hf1.txt"), [MIRROR_DOWNLOAD], {
			env: { PATH: process.env.PATH, HF_HOME: home, HF_ENDPOINT: mirror.url, HUBKIT_REPO: MODEL, HUBKIT_FILE: WEIGHTS },
		});
		const read = JSON.parse(stdout) as { sha: string; files: Record<string, string>; one: string };
		const expected = Object.fromEntries(modelFiles(0).map((file) => [file.path, sha256(file.content)] as const));
		expect(read).toEqual({
			sha: upstreamSha,
			files: { ...expected, ".gitattributes": expect.any(String) },
			one: sha256(weights),
		});

		const head = await fetch(`${mirror.url}/${UNFETCHED}/resolve/main/${WEIGHTS}`, { method: "HEAD" });
		expect(head.status).toBe(200);
		const unfetched = await fetch(`${mirror.url}/${UNFETCHED}/resolve/main/${WEIGHTS}`);
		expect(unfetched.status).toBe(502);
		const answer = (await unfetched.json()) as { error: string };
		expect(answer.error).toContain(`${WEIGHTS} of ${UNFETCHED} is not fetched from ${upstream.proxy.url} yet`);
		expect(answer.error).toContain("the upstream failed");
		// Not fetched yet is not missing: `hubkit check` finds the mirror whole.
		expect(await mirror.cli(["check", "--deep"])).toContain("1 LFS file of mirrors not fetched yet");

		const missing = await fetch(`${mirror.url}/api/models/ops/never-mirrored`);
		expect(missing.status).toBe(502);
		const { error } = (await missing.json()) as { error: string };
		expect(error).toContain("ops/never-mirrored is not mirrored here yet and the upstream failed");
		expect(error).toContain(upstream.proxy.url);
	}, 900_000);
});
