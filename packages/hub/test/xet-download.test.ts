/**
 * Xet downloads: a file uploaded through Xet (fixtures from a real hf_xet upload) is announced on
 * `/resolve`, in the tree and in paths-info, and its reconstruction (v1, v2, batch, with Range)
 * and signed xorb-range links give back its bytes; tokens for another repository, bad hashes and
 * tampered or expired links are refused. Then the real clients: huggingface_hub 1.33 with hf_xet
 * (hf_hub_download, snapshot_download and its tree cache) and @huggingface/hub's downloadFile, on
 * both database engines and on S3.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { downloadFile } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { XetCas } from "../src/services/xet-cas.js";
import { XetReads } from "../src/services/xet-reconstruction.js";
import { XetStore } from "../src/services/xet-store.js";
import { readXorbChunk } from "../src/xet/xorb.js";
import { commitRaw, createRepoRaw, header } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useHttpHub, useHttpHubOn } from "./support/hub.js";
import { requestCounts } from "./support/metrics.js";
import { pythonClients } from "./support/python-clients.js";
import { S3_SUITE_ENGINE, SETUPS } from "./support/stores.js";
import { SHARD, TEXT, TEXT_SHA256, XORB, XORB_HASH } from "./support/xet-fixtures.js";

const execute = promisify(execFile);
const TEXT_BYTES = Buffer.from(TEXT);

interface Span {
	start: number;
	end: number;
}
interface Term {
	hash: string;
	unpacked_length: number;
	range: Span;
}
interface V1 {
	offset_into_first_range: number;
	terms: Term[];
	fetch_info: Record<string, { range: Span; url: string; url_range: Span }[]>;
}
interface V2 {
	offset_into_first_range: number;
	terms: Term[];
	xorbs: Record<string, { url: string; ranges: { chunks: Span; bytes: Span }[] }[]>;
}

/** The chunks of fetched xorb bytes, decompressed, that start at chunk index `first`. */
function chunksOf(bytes: Uint8Array, first: number): Map<number, Uint8Array> {
	const chunks = new Map<number, Uint8Array>();
	for (let offset = 0, index = first; offset < bytes.length; index++) {
		const { data, next } = readXorbChunk(bytes, offset);
		chunks.set(index, data);
		offset = next;
	}
	return chunks;
}

/** What a client does with a v1 answer: fetch each link without a token, then stitch the terms. */
async function stitch(answer: V1): Promise<Buffer> {
	const parts: Uint8Array[] = [];
	for (const term of answer.terms) {
		const entry = answer.fetch_info[term.hash]?.find(
			(info) => info.range.start <= term.range.start && info.range.end >= term.range.end,
		);
		if (!entry) throw new Error(`no fetch entry for ${JSON.stringify(term)}`);
		const response = await fetch(entry.url, {
			headers: { Range: `bytes=${entry.url_range.start}-${entry.url_range.end}` },
		});
		expect(response.status).toBe(206);
		const chunks = chunksOf(new Uint8Array(await response.arrayBuffer()), entry.range.start);
		let length = 0;
		for (let index = term.range.start; index < term.range.end; index++) {
			const chunk = chunks.get(index) as Uint8Array;
			length += chunk.length;
			parts.push(chunk);
		}
		expect(length).toBe(term.unpacked_length);
	}
	return Buffer.concat(parts).subarray(answer.offset_into_first_range);
}

describe.each(ENGINES)("Xet download routes (%s)", (engine) => {
	const hub = useHttpHub(engine);
	let alice = "";
	let bob = "";
	let fileHash = "";
	let commit = "";

	const xetToken = async (hubToken: string, repo: string, scope: "read" | "write" = "read") => {
		const answer = await fetch(`${hub.url}/api/models/${repo}/xet-${scope}-token/main`, {
			headers: { authorization: `Bearer ${hubToken}` },
		});
		return ((await answer.json()) as { accessToken: string }).accessToken;
	};
	const reconstruction = (version: "v1" | "v2", hash: string, token?: string, range?: string) =>
		fetch(`${hub.url}/${version}/reconstructions/${hash}`, {
			headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(range ? { Range: range } : {}) },
		});

	beforeAll(async () => {
		alice = (await createAccessToken(hub.deps.db, "alice", { role: "write" })).token;
		bob = (await createAccessToken(hub.deps.db, "bob", { role: "write" })).token;
		expect((await createRepoRaw(hub.url, alice, { name: "weights", private: true })).status).toBe(200);
		expect((await createRepoRaw(hub.url, bob, { name: "mine" })).status).toBe(200);
		const write = await xetToken(alice, "alice/weights", "write");
		for (const [path, body] of [
			[`/v1/xorbs/default/${XORB_HASH}`, XORB],
			["/v1/shards", SHARD],
		] as const) {
			const answer = await fetch(`${hub.url}${path}`, {
				method: "POST",
				headers: { authorization: `Bearer ${write}` },
				body: Buffer.from(body),
			});
			expect(answer.status).toBe(200);
		}
		const lfsFile = {
			key: "lfsFile",
			value: { path: "table.bin", algo: "sha256", oid: TEXT_SHA256, size: TEXT_BYTES.length },
		};
		const committed = await commitRaw(hub.url, alice, "alice/weights", [header("through Xet"), lfsFile]);
		expect(committed.status).toBe(200);
		commit = committed.body.commitOid;
		const found = await new XetStore(hub.deps.db, hub.deps.blobStore).fileHashesBySha256([TEXT_SHA256]);
		fileHash = found.get(TEXT_SHA256) ?? "";
		expect(fileHash).toMatch(/^[0-9a-f]{64}$/);
	});

	it("announces the Xet read path on /resolve, and a plain GET still streams the bytes", async () => {
		const auth = { authorization: `Bearer ${alice}` };
		const head = await fetch(`${hub.url}/alice/weights/resolve/main/table.bin`, { method: "HEAD", headers: auth });
		expect(head.status).toBe(200);
		expect(head.headers.get("X-Xet-Hash")).toBe(fileHash);
		expect(head.headers.get("X-Linked-Size")).toBe(String(TEXT_BYTES.length));
		const refresh = `${hub.url}/api/models/alice/weights/xet-read-token/${commit}`;
		expect(head.headers.get("X-Xet-Refresh-Route")).toBe(refresh);
		expect(head.headers.get("Link")).toBe(
			`<${refresh}>; rel="xet-auth", <${hub.url}/v1/reconstructions/${fileHash}>; rel="xet-reconstruction-info"`,
		);
		expect(head.headers.get("Access-Control-Expose-Headers")).toContain("X-Xet-Hash");
		const get = await fetch(`${hub.url}/alice/weights/resolve/main/table.bin`, { headers: auth });
		expect(Buffer.from(await get.arrayBuffer()).equals(TEXT_BYTES)).toBe(true);
		// The probe @huggingface/hub sends.
		const probe = await fetch(`${hub.url}/alice/weights/resolve/main/table.bin`, {
			headers: { ...auth, Range: "bytes=0-0", Accept: "application/vnd.xet-fileinfo+json, */*" },
		});
		expect(probe.headers.get("Content-Type")).toContain("application/vnd.xet-fileinfo+json");
		expect(probe.headers.get("X-Xet-Hash")).toBe(fileHash);
		// A file not uploaded through Xet is not announced, even with that Accept.
		const readme = await fetch(`${hub.url}/alice/weights/resolve/main/.gitattributes`, {
			headers: { ...auth, Accept: "application/vnd.xet-fileinfo+json, */*" },
		});
		expect(readme.status).toBe(200);
		expect(readme.headers.get("X-Xet-Hash")).toBeNull();
		expect(readme.headers.get("Content-Type")).not.toContain("xet");
	});

	it("gives xetHash in the tree and paths-info to Xet files only", async () => {
		const auth = { authorization: `Bearer ${alice}` };
		const tree = (await (await fetch(`${hub.url}/api/models/alice/weights/tree/main`, { headers: auth })).json()) as {
			path: string;
			xetHash?: string;
		}[];
		expect(tree.find((entry) => entry.path === "table.bin")?.xetHash).toBe(fileHash);
		expect(tree.find((entry) => entry.path === ".gitattributes")?.xetHash).toBeUndefined();
		const info = await fetch(`${hub.url}/api/models/alice/weights/paths-info/main`, {
			method: "POST",
			headers: { ...auth, "content-type": "application/json" },
			body: JSON.stringify({ paths: ["table.bin", ".gitattributes"] }),
		});
		const entries = (await info.json()) as { path: string; xetHash?: string }[];
		expect(entries.map((entry) => [entry.path, entry.xetHash])).toEqual([
			["table.bin", fileHash],
			[".gitattributes", undefined],
		]);
	});

	it("reconstructs the whole file (v1 and v2) from links fetched without a token", async () => {
		const token = await xetToken(alice, "alice/weights");
		const answer = await reconstruction("v1", fileHash, token);
		expect(answer.status).toBe(200);
		const v1 = (await answer.json()) as V1;
		expect(v1.offset_into_first_range).toBe(0);
		expect(v1.terms.every((term) => term.hash === XORB_HASH)).toBe(true);
		expect((await stitch(v1)).equals(TEXT_BYTES)).toBe(true);

		const v2 = (await (await reconstruction("v2", fileHash, token)).json()) as V2;
		expect(v2.terms).toEqual(v1.terms);
		const asV1: V1 = { ...v2, fetch_info: {} };
		for (const [hash, entries] of Object.entries(v2.xorbs)) {
			asV1.fetch_info[hash] = entries.flatMap((entry) =>
				entry.ranges.map((range) => ({ range: range.chunks, url: entry.url, url_range: range.bytes })),
			);
		}
		expect((await stitch(asV1)).equals(TEXT_BYTES)).toBe(true);

		const batch = await fetch(`${hub.url}/v1/reconstructions`, {
			method: "POST",
			headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
			body: JSON.stringify([
				{ prefix: "default", hash: fileHash },
				{ prefix: "default", hash: "0".repeat(64) },
			]),
		});
		const batched = (await batch.json()) as { files: Record<string, Term[]>; fetch_info: V1["fetch_info"] };
		expect(Object.keys(batched.files)).toEqual([fileHash]);
		expect(
			(await stitch({ offset_into_first_range: 0, terms: batched.files[fileHash] ?? [], ...batched })).equals(
				TEXT_BYTES,
			),
		).toBe(true);
	});

	it("narrows to a Range, and answers 416 past the end, 404 unknown, 400 malformed, 401 without a token", async () => {
		const token = await xetToken(alice, "alice/weights");
		for (const [start, end] of [
			[0, 0],
			[70_000, 140_000],
			[TEXT_BYTES.length - 10, TEXT_BYTES.length + 500],
		] as const) {
			const answer = (await (await reconstruction("v1", fileHash, token, `bytes=${start}-${end}`)).json()) as V1;
			const bytes = await stitch(answer);
			const wanted = TEXT_BYTES.subarray(start, end + 1);
			expect(bytes.subarray(0, wanted.length).equals(wanted)).toBe(true);
		}
		const narrowed = (await (await reconstruction("v1", fileHash, token, "bytes=70000-70001")).json()) as V1;
		const whole = (await (await reconstruction("v1", fileHash, token)).json()) as V1;
		const chunks = (terms: Term[]) => terms.reduce((sum, term) => sum + term.range.end - term.range.start, 0);
		expect(chunks(narrowed.terms)).toBeLessThan(chunks(whole.terms));
		expect(narrowed.offset_into_first_range).toBeGreaterThan(0);

		expect((await reconstruction("v1", fileHash, token, `bytes=${TEXT_BYTES.length}-`)).status).toBe(416);
		expect((await reconstruction("v2", fileHash, token, `bytes=${TEXT_BYTES.length + 5}-`)).status).toBe(416);
		expect((await reconstruction("v1", "0".repeat(64), token)).status).toBe(404);
		expect((await reconstruction("v1", "XYZ", token)).status).toBe(400);
		expect((await reconstruction("v1", fileHash.toUpperCase(), token)).status).toBe(400);
		expect((await reconstruction("v1", fileHash)).status).toBe(401);
		expect((await reconstruction("v1", fileHash, alice)).status).toBe(401);
	});

	it("refuses a token for another repository: a private file only in alice/weights is not found for bob", async () => {
		const foreign = await xetToken(bob, "bob/mine");
		const answer = await reconstruction("v1", fileHash, foreign);
		expect(answer.status).toBe(404);
		expect(await answer.text()).not.toContain(XORB_HASH);
		expect((await reconstruction("v2", fileHash, foreign)).status).toBe(404);
		// Nor can bob get a read token for the private repository.
		const denied = await fetch(`${hub.url}/api/models/alice/weights/xet-read-token/main`, {
			headers: { authorization: `Bearer ${bob}` },
		});
		expect(denied.status).toBe(404);
		// A gated repository's read token needs what its files do: bob, without access, gets none.
		expect((await createRepoRaw(hub.url, alice, { name: "gated" })).status).toBe(200);
		await hub.deps.db.updateTable("models").set({ gated: "manual" }).where("id", "=", "alice/gated").execute();
		const gated = (token: string) =>
			fetch(`${hub.url}/api/models/alice/gated/xet-read-token/main`, { headers: { authorization: `Bearer ${token}` } });
		const refused = await gated(bob);
		expect(refused.status).toBe(403);
		expect(refused.headers.get("X-Error-Code")).toBe("GatedRepo");
		expect((await gated(alice)).status).toBe(200);
	});

	it("serves a link for exactly its xorb, its range and its lifetime", async () => {
		const token = await xetToken(alice, "alice/weights");
		const v1 = (await (await reconstruction("v1", fileHash, token)).json()) as V1;
		const entry = v1.fetch_info[XORB_HASH]?.[0];
		if (!entry) throw new Error("no fetch entry");
		const signed = `bytes=${entry.url_range.start}-${entry.url_range.end}`;
		expect(new URL(entry.url).pathname).toBe(`/v1/xorb-ranges/${XORB_HASH}`);
		expect((await fetch(entry.url, { headers: { Range: signed } })).status).toBe(206);
		// Another range, no range, another xorb, a forged signature, no signature: 403.
		expect((await fetch(entry.url, { headers: { Range: `bytes=0-${entry.url_range.end + 1}` } })).status).toBe(403);
		expect((await fetch(entry.url)).status).toBe(403);
		const other = entry.url.replace(XORB_HASH, "c".repeat(64));
		expect((await fetch(other, { headers: { Range: signed } })).status).toBe(403);
		const forged = new URL(entry.url);
		const sig = forged.searchParams.get("sig") ?? "";
		forged.searchParams.set("sig", `${sig.slice(0, -4)}${sig.endsWith("AAAA") ? "BBBB" : "AAAA"}`);
		expect((await fetch(forged, { headers: { Range: signed } })).status).toBe(403);
		forged.searchParams.delete("sig");
		expect((await fetch(forged, { headers: { Range: signed } })).status).toBe(403);
		// Signed two hours ago: expired.
		const reads = new XetReads(hub.deps);
		const stored = await new XetStore(hub.deps.db, hub.deps.blobStore).xorb(XORB_HASH);
		if (!stored) throw new Error("xorb not stored");
		const span = { xorb: stored, chunks: entry.range, bytes: entry.url_range };
		const old = await reads.fetchUrl(hub.url, span, new Date(Date.now() - 2 * 60 * 60 * 1000));
		expect((await fetch(old, { headers: { Range: signed } })).status).toBe(403);
		const fresh = await reads.fetchUrl(hub.url, span);
		expect((await fetch(fresh, { headers: { Range: signed } })).status).toBe(206);
	});

	it("counts a reconstruction from the first byte as a download of the file, as /resolve does", async () => {
		expect((await createRepoRaw(hub.url, alice, { name: "sheet", type: "dataset" })).status).toBe(200);
		const tokenFor = async (scope: "read" | "write") => {
			const answer = await fetch(`${hub.url}/api/datasets/alice/sheet/xet-${scope}-token/main`, {
				headers: { authorization: `Bearer ${alice}` },
			});
			return ((await answer.json()) as { accessToken: string }).accessToken;
		};
		const shard = await fetch(`${hub.url}/v1/shards`, {
			method: "POST",
			headers: { authorization: `Bearer ${await tokenFor("write")}` },
			body: Buffer.from(SHARD),
		});
		expect(shard.status).toBe(200);
		const lfsFile = {
			key: "lfsFile",
			value: { path: "table.bin", algo: "sha256", oid: TEXT_SHA256, size: TEXT_BYTES.length },
		};
		const committed = await commitRaw(hub.url, alice, "alice/sheet", [header("data"), lfsFile], { type: "datasets" });
		expect(committed.status).toBe(200);
		const downloads = async () =>
			Number(
				(
					await hub.deps.db
						.selectFrom("datasets")
						.select("downloads")
						.where("id", "=", "alice/sheet")
						.executeTakeFirstOrThrow()
				).downloads,
			);
		const read = await tokenFor("read");
		expect(await downloads()).toBe(0);
		expect((await reconstruction("v2", fileHash, read, "bytes=0-100000")).status).toBe(200);
		expect(await downloads()).toBe(1);
		// The next segment of the same download, and a token for a repository without the file, count nothing.
		expect((await reconstruction("v2", fileHash, read, "bytes=100001-200000")).status).toBe(200);
		expect((await reconstruction("v1", fileHash, await xetToken(bob, "bob/mine"))).status).toBe(404);
		expect(await downloads()).toBe(1);
	});

	it("@huggingface/hub's downloadFile reads it through Xet", async () => {
		const before = await served(hub.url, "/v1/xorb-ranges/{xorb}", 206);
		const blob = await downloadFile({
			repo: "alice/weights",
			path: "table.bin",
			hubUrl: hub.url,
			accessToken: alice,
		});
		expect(Buffer.from(await (blob as Blob).arrayBuffer()).equals(TEXT_BYTES)).toBe(true);
		expect(await served(hub.url, "/v1/xorb-ranges/{xorb}", 206)).toBeGreaterThan(before);
	});
});

/** How many requests to `route` the hub at `url` answered with `status`, from its `/metrics`. */
async function served(url: string, route: string, status: number): Promise<number> {
	return (await requestCounts(url))
		.filter((count) => count.route === route && count.status === String(status))
		.reduce((sum, { count }) => sum + count, 0);
}

describe.each(SETUPS)("huggingface_hub 1.33 and @huggingface/hub download through Xet ($label)", (setup) => {
	const hub = useHttpHubOn(setup);
	const home = mkdtempSync(join(tmpdir(), "hubkit-xet-download-"));
	afterAll(() => rmSync(home, { recursive: true, force: true }));

	it(
		"reads a 12 MB file and a small one uploaded through Xet, from a fresh cache, byte for byte",
		async () => {
			const python = pythonClients("requirements-hf1.txt");
			const token = (await createAccessToken(hub.deps.db, "dana", { role: "write" })).token;
			const script = new URL("./clients/xet-download.py", import.meta.url).pathname;
			const run = async (step: "upload" | "download") => {
				const { stdout } = await execute(python, [script, step], {
					env: {
						PATH: process.env.PATH,
						HOME: home,
						// A fresh HF_HOME for the download: nothing of the upload is cached.
						HF_HOME: join(home, step),
						HF_ENDPOINT: hub.url,
						HF_TOKEN: token,
						HUBKIT_USER: "dana",
						HF_HUB_DISABLE_TELEMETRY: "1",
					},
					timeout: 5 * 60_000,
				});
				const lines = stdout.trim().split("\n");
				expect(lines.filter((line) => !line.startsWith("ok "))).toEqual([]);
				expect(stdout).not.toContain(token);
				return lines;
			};
			expect(await run("upload")).toHaveLength(1);
			const before = await served(hub.url, "/v1/xorb-ranges/{xorb}", 206);
			expect(await run("download")).toHaveLength(2);
			// Each file was reconstructed and its bytes fetched from xorb ranges, at least once after a HEAD
			// (hf_hub_download) and once from the tree listing (snapshot_download); hf_xet may serve the third
			// read of each from what it already holds.
			expect(await served(hub.url, "/v1/xorb-ranges/{xorb}", 206)).toBeGreaterThanOrEqual(before + 4);
			const reconstructions =
				(await served(hub.url, "/v1/reconstructions/{hash}", 200)) +
				(await served(hub.url, "/v2/reconstructions/{hash}", 200));
			expect(reconstructions).toBeGreaterThanOrEqual(4);

			const big = await downloadFile({
				repo: "dana/xet-download",
				path: "weights.bin",
				hubUrl: hub.url,
				accessToken: token,
			});
			const bytes = Buffer.from(await (big as Blob).arrayBuffer());
			expect(bytes.length).toBe(12 * 1024 * 1024);
			const stored = await hub.deps.blobStore.read(
				(
					await hub.deps.db
						.selectFrom("xet_files")
						.select("sha256")
						.where("size", "=", bytes.length)
						.executeTakeFirstOrThrow()
				).sha256,
			);
			expect(Buffer.from(await new Response(stored).arrayBuffer()).equals(bytes)).toBe(true);
		},
		8 * 60_000,
	);
});

describe("Xet xorb links presigned on the S3 store (HUBKIT_S3_PRESIGN_DOWNLOADS)", () => {
	const hub = useHttpHubOn({ engine: S3_SUITE_ENGINE, store: "s3" });

	it("signs the S3 GET for exactly the range the reconstruction names", async () => {
		await new XetCas(hub.deps).putXorb(XORB_HASH, XORB);
		const stored = await new XetStore(hub.deps.db, hub.deps.blobStore).xorb(XORB_HASH);
		const [, second, third] = stored?.chunks ?? [];
		if (!stored || !second || !third) throw new Error("the fixture xorb has fewer than three chunks");
		const bytes = { start: second.offset, end: third.offset + third.byteLength - 1 };
		const reads = new XetReads({ ...hub.deps, config: { s3PresignDownloads: true } });
		const url = await reads.fetchUrl(hub.url, { xorb: stored, chunks: { start: 1, end: 3 }, bytes });
		expect(new URL(url).origin).not.toBe(new URL(hub.url).origin);
		// The whole xorb may hold other files' chunks: the Range is part of the signature, so S3 refuses any
		// other (s3rver checks no presigned signature, storage/README.md, so only the signed list is seen here).
		expect(new URL(url).searchParams.get("X-Amz-SignedHeaders")?.split(";")).toContain("range");
		const answer = await fetch(url, { headers: { Range: `bytes=${bytes.start}-${bytes.end}` } });
		expect(answer.status).toBe(206);
		expect(new Uint8Array(await answer.arrayBuffer())).toEqual(XORB.subarray(bytes.start, bytes.end + 1));
	});
});
