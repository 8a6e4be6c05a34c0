import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitBlobOid } from "../src/git-oid.js";
import { lfsPointer } from "../src/storage/lfs.js";
import { type FilesHub, startFilesHub } from "./files-fixture.js";
import { SETUPS } from "./support/stores.js";

const CONFIG_V1 = '{"model_type":"bert","version":1}\n';
const CONFIG_V2 = '{"model_type":"bert","version":2}\n';
const WEIGHTS = new Uint8Array(Array.from({ length: 300 }, (_, index) => index % 251));
const LOST = "this blob goes missing from the store";
const WEIGHTS_SHA256 = createHash("sha256").update(WEIGHTS).digest("hex");

describe.each(SETUPS)("GET|HEAD /{id}/resolve/{revision}/{path} on $label", ({ engine, store }) => {
	let files: FilesHub;
	let mainSha: string;
	let firstSha: string;

	beforeAll(async () => {
		files = await startFilesHub(
			engine,
			[
				{
					id: "acme/tiny-bert",
					commits: [
						{ "config.json": CONFIG_V1 },
						{
							"config.json": CONFIG_V2,
							"README.md": "# tiny-bert\n",
							"model.safetensors": WEIGHTS,
							"empty.txt": "",
							"sub dir/notes ü.txt": "nested\n",
							"lost.txt": LOST,
						},
					],
				},
				{ id: "alice/secret", private: true, owner: "alice", commits: [{ "config.json": "{}" }] },
				{ id: "acme/gated", gated: "auto", commits: [{ "config.json": "{}", "README.md": "# gated\n" }] },
			],
			["alice", "bob"],
			{ store },
		);
		[firstSha = "", mainSha = ""] = files.commits.get("acme/tiny-bert") ?? [];
	});
	afterAll(async () => {
		await files?.close();
	});

	const get = (path: string, init?: RequestInit) => fetch(`${files.url}${path}`, init);

	it("serves a regular file with its git oid as ETag, X-Repo-Commit and Content-Length", async () => {
		const response = await get("/acme/tiny-bert/resolve/main/config.json");
		expect(response.status).toBe(200);
		expect(await response.text()).toBe(CONFIG_V2);
		expect(response.headers.get("etag")).toBe(`"${gitBlobOid(CONFIG_V2)}"`);
		expect(response.headers.get("x-repo-commit")).toBe(mainSha);
		expect(response.headers.get("content-length")).toBe(String(CONFIG_V2.length));
		expect(response.headers.get("accept-ranges")).toBe("bytes");
		expect(response.headers.get("x-linked-etag")).toBeNull();
		expect(response.headers.get("content-encoding")).toBeNull();
	});

	it("serves an LFS file's bytes with its sha256 as ETag and X-Linked-Size/X-Linked-ETag", async () => {
		const response = await get("/acme/tiny-bert/resolve/main/model.safetensors");
		expect(response.status).toBe(200);
		expect(new Uint8Array(await response.arrayBuffer())).toEqual(WEIGHTS);
		expect(response.headers.get("etag")).toBe(`"${WEIGHTS_SHA256}"`);
		expect(response.headers.get("x-linked-etag")).toBe(`"${WEIGHTS_SHA256}"`);
		expect(response.headers.get("x-linked-size")).toBe("300");
	});

	it("serves the LFS pointer on /raw, with the pointer's git oid as ETag", async () => {
		const response = await get("/acme/tiny-bert/raw/main/model.safetensors");
		const pointer = lfsPointer(WEIGHTS_SHA256, 300);
		expect(await response.text()).toBe(pointer);
		expect(response.headers.get("etag")).toBe(`"${gitBlobOid(pointer)}"`);
		expect(response.headers.get("x-linked-size")).toBeNull();
		expect((await get("/acme/tiny-bert/raw/main/config.json").then((r) => r.text())) === CONFIG_V2).toBe(true);
	});

	it("answers HEAD with the GET headers (what huggingface_hub reads) and no body", async () => {
		const response = await get("/acme/tiny-bert/resolve/main/model.safetensors", { method: "HEAD" });
		expect(response.status).toBe(200);
		expect(response.headers.get("content-length")).toBe("300");
		expect(response.headers.get("x-repo-commit")).toBe(mainSha);
		expect(response.headers.get("x-linked-etag")).toBe(`"${WEIGHTS_SHA256}"`);
		expect(await response.text()).toBe("");
	});

	it("serves single byte ranges with 206 and Content-Range", async () => {
		const probe = await get("/acme/tiny-bert/resolve/main/model.safetensors", { headers: { Range: "bytes=0-0" } });
		expect(probe.status).toBe(206);
		expect(probe.headers.get("content-range")).toBe("bytes 0-0/300");
		expect(new Uint8Array(await probe.arrayBuffer())).toEqual(WEIGHTS.subarray(0, 1));

		const tail = await get("/acme/tiny-bert/resolve/main/model.safetensors", { headers: { Range: "bytes=290-" } });
		expect(tail.status).toBe(206);
		expect(tail.headers.get("content-range")).toBe("bytes 290-299/300");
		expect(tail.headers.get("content-length")).toBe("10");
		expect(new Uint8Array(await tail.arrayBuffer())).toEqual(WEIGHTS.subarray(290));

		const suffix = await get("/acme/tiny-bert/resolve/main/config.json", { headers: { Range: "bytes=-5" } });
		expect(await suffix.text()).toBe(CONFIG_V2.slice(-5));
	});

	it("answers a range past the end with 416, Content-Range bytes */size and a JSON error", async () => {
		const response = await get("/acme/tiny-bert/resolve/main/model.safetensors", { headers: { Range: "bytes=300-" } });
		expect(response.status).toBe(416);
		expect(response.headers.get("content-range")).toBe("bytes */300");
		expect(response.headers.get("content-type")).toContain("application/json");
		expect(response.headers.get("x-repo-commit")).toBe(mainSha);
		expect(await response.json()).toEqual({ error: expect.stringContaining("outside the file") });
	});

	it("gives an empty file a size even when a client probes it with a range", async () => {
		const response = await get("/acme/tiny-bert/resolve/main/empty.txt", { headers: { Range: "bytes=0-0" } });
		expect(response.status).toBe(200);
		expect(response.headers.get("content-range")).toBe("bytes */0");
		expect(response.headers.get("content-length")).toBe("0");
		expect(await response.text()).toBe("");
	});

	it("answers If-None-Match with the current ETag (strong, weak or in a list) with 304", async () => {
		const etag = `"${gitBlobOid(CONFIG_V2)}"`;
		for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
			const response = await get("/acme/tiny-bert/resolve/main/config.json", { headers: { "If-None-Match": header } });
			expect(response.status, header).toBe(304);
			expect(response.headers.get("etag")).toBe(etag);
			expect(response.headers.get("x-repo-commit")).toBe(mainSha);
		}
		const stale = await get("/acme/tiny-bert/resolve/main/config.json", { headers: { "If-None-Match": '"stale"' } });
		expect(stale.status).toBe(200);
	});

	it("resolves HEAD, refs/heads/main (%2F-encoded) and full commit ids; older commits serve older content", async () => {
		for (const revision of ["HEAD", "refs%2Fheads%2Fmain", mainSha]) {
			const response = await get(`/acme/tiny-bert/resolve/${revision}/config.json`);
			expect(await response.text(), revision).toBe(CONFIG_V2);
			expect(response.headers.get("x-repo-commit")).toBe(mainSha);
		}
		const old = await get(`/acme/tiny-bert/resolve/${firstSha}/config.json`);
		expect(await old.text()).toBe(CONFIG_V1);
		expect(old.headers.get("x-repo-commit")).toBe(firstSha);
		const gone = await get(`/acme/tiny-bert/resolve/${firstSha}/README.md`);
		expect(gone.status).toBe(404);
	});

	it("decodes a %2F-encoded revision into a ref name with slashes (refs/pr/1)", async () => {
		await files.hub.deps.db
			.insertInto("special_refs")
			.values({ repo_id: "acme/tiny-bert", kind: "pr", name: "1", commit_sha: firstSha })
			.execute();
		const response = await get("/acme/tiny-bert/resolve/refs%2Fpr%2F1/config.json");
		expect(await response.text()).toBe(CONFIG_V1);
		expect(response.headers.get("x-repo-commit")).toBe(firstSha);
		const tree = await get("/api/models/acme/tiny-bert/tree/refs%2Fpr%2F1");
		expect(((await tree.json()) as { path: string }[]).map((entry) => entry.path)).toEqual(["config.json"]);
	});

	it("serves nested paths, encoded or not", async () => {
		for (const path of ["sub%20dir/notes%20%C3%BC.txt", "sub%20dir%2Fnotes%20%C3%BC.txt"]) {
			const response = await get(`/acme/tiny-bert/resolve/main/${path}`);
			expect(await response.text(), path).toBe("nested\n");
		}
	});

	it("answers an unknown revision with 404 RevisionNotFound", async () => {
		for (const revision of ["nope", "a".repeat(40), firstSha.slice(0, 7)]) {
			const response = await get(`/acme/tiny-bert/resolve/${revision}/config.json`);
			expect(response.status, revision).toBe(404);
			expect(response.headers.get("x-error-code")).toBe("RevisionNotFound");
			expect(await response.json()).toEqual({ error: expect.any(String) });
		}
	});

	it("answers a missing file with 404 EntryNotFound carrying X-Repo-Commit", async () => {
		const response = await get("/acme/tiny-bert/resolve/main/missing.bin");
		expect(response.status).toBe(404);
		expect(response.headers.get("x-error-code")).toBe("EntryNotFound");
		expect(response.headers.get("x-repo-commit")).toBe(mainSha);
		// A directory is not a file.
		expect((await get("/acme/tiny-bert/resolve/main/sub%20dir")).headers.get("x-error-code")).toBe("EntryNotFound");
	});

	it("hides missing and private repositories alike: 401 without a token, 404 with one, RepoNotFound both", async () => {
		for (const id of ["acme/nope", "alice/secret"]) {
			const anonymous = await get(`/${id}/resolve/main/config.json`);
			expect(anonymous.status, id).toBe(401);
			expect(anonymous.headers.get("x-error-code")).toBe("RepoNotFound");
			const asBob = await get(`/${id}/resolve/main/config.json`, {
				headers: { Authorization: `Bearer ${files.tokens.bob}` },
			});
			expect(asBob.status, id).toBe(404);
			expect(asBob.headers.get("x-error-code")).toBe("RepoNotFound");
			expect(await asBob.text()).not.toContain("private");
		}
		const asOwner = await get("/alice/secret/resolve/main/config.json", {
			headers: { Authorization: `Bearer ${files.tokens.alice}` },
		});
		expect(asOwner.status).toBe(200);
		expect(await asOwner.text()).toBe("{}");
	});

	it("keeps a gated model's files (not its card) from who has no access: 401 or 403 GatedRepo", async () => {
		const anonymous = await get("/acme/gated/resolve/main/config.json");
		expect(anonymous.status).toBe(401);
		expect(anonymous.headers.get("x-error-code")).toBe("GatedRepo");
		expect((await get("/acme/gated/resolve/main/README.md")).status).toBe(200);
		const asBob = { headers: { Authorization: `Bearer ${files.tokens.bob}` } };
		const withToken = await get("/acme/gated/resolve/main/config.json", asBob);
		expect(withToken.status).toBe(403);
		expect(withToken.headers.get("x-error-code")).toBe("GatedRepo");
		// The repository is gated `auto`: asking is enough (gated-access.test.ts has the rest).
		expect((await get("/api/models/acme/gated/ask-access", { method: "POST", ...asBob })).status).toBe(200);
		expect((await get("/acme/gated/resolve/main/config.json", asBob)).status).toBe(200);
	});

	it("answers a file whose blob is gone from the store with a plain JSON 500, no stack trace", async () => {
		const sha256 = createHash("sha256").update(LOST).digest("hex");
		await files.testStore.removeBlob(sha256);
		const response = await get("/acme/tiny-bert/resolve/main/lost.txt");
		expect(response.status).toBe(500);
		expect(await response.json()).toEqual({ error: "File content is missing from the store" });
	});
});
