/**
 * Xet uploads (reference/hub-api.md §9.4: huggingface_hub with hf_xet has no other way): the token routes
 * huggingface_hub with hf_xet asks before it uploads a file preupload called `"lfs"`, and the CAS
 * routes hf_xet then sends xorbs and shards to, on the hub's own origin (`casUrl`). The CAS routes
 * carry a Xet token, not a hub token (services/xet-tokens.ts), so the caller middleware leaves them
 * alone (`isXetCasPath`). What is done with the bytes: services/xet-cas.ts.
 */
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { HubError } from "../errors.js";
import { readLimitedBody } from "../lib/streams.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl } from "../public-url.js";
import { checkGatedDownload } from "../services/access-requests.js";
import {
	checkedRepoId,
	findRepo,
	findRepoFor,
	findVisibleRepo,
	parseRepoKey,
	repoTypeOfPlural,
} from "../services/repos.js";
import { refusingBadFormat, XetCas } from "../services/xet-cas.js";
import { XetDedupe } from "../services/xet-dedupe.js";
import { issueXetToken, requireXetGrant, type XetScope } from "../services/xet-tokens.js";
import { MAX_XORB_BYTES } from "../xet/xorb.js";
import { isXetReadPath } from "./xet-reads.js";

/** Paths whose routes read a Xet token from `Authorization` themselves. */
export function isXetCasPath(path: string): boolean {
	return (
		path.startsWith("/v1/xorbs/") ||
		path.startsWith("/v1/chunks/") ||
		path === "/v1/shards" ||
		path === "/v2/shards" ||
		isXetReadPath(path)
	);
}

/** hf_xet 1.6 asks under `default`; the specification names `default-merkledb`. */
const DEDUPE_PREFIXES = new Set(["default", "default-merkledb"]);

/** A shard describes files by their terms: a few records each; 64 MiB is far above any real one. */
const MAX_SHARD_BYTES = 64 * 1024 * 1024;

const XET_TOKEN = "the Xet token from `xet-write-token` (401 without one or when expired, 403 for a read token)";

const TOKEN_DETAILS = (scope: XetScope) => [
	`Answers \`{accessToken, exp, casUrl}\` (exp in Unix seconds) and the same in the headers \`X-Xet-Access-Token\`, \`X-Xet-Token-Expiration\`, \`X-Xet-Cas-Url\` (hf_xet reads the body, huggingface_hub the headers). The token is signed with the hub's key (shared by every hub on one database), names this repository, the revision and ${scope}, and lives an hour; ask again for a fresh one.`,
	"",
	"`casUrl` is the hub's own public URL: the CAS routes (`/v1/xorbs/…`, `/v1/shards`) are on the same origin.",
];

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const XET_ROUTE_DOCS: RouteDocs = {
	"GET /api/{plural}/{namespace}/{name}/xet-write-token/{revision}": {
		summary: "A Xet token to upload files of a repository (huggingface_hub with hf_xet)",
		tag: "Commits and uploads",
		description: "The caller must be allowed to write the repository (`plural`: models or datasets).",
		query: [{ name: "create_pr", description: "1 when the upload is for a pull request (revision is then `None`)" }],
		details: TOKEN_DETAILS("write"),
	},
	"GET /api/{plural}/{namespace}/{name}/xet-read-token/{revision}": {
		summary: "A Xet token to read files of a repository",
		tag: "Commits and uploads",
		description:
			"The caller must be allowed to see the repository, and to download its files when it is gated (else 401/403 `GatedRepo`). The token reads the files this repository holds through `GET /v1/reconstructions/{hash}` (files uploaded through Xet; `/resolve` names them with `X-Xet-Hash`).",
		details: TOKEN_DETAILS("read"),
	},
	"GET /v1/chunks/{prefix}/{hash}": {
		summary: "Xet global dedupe: the stored xorb holding a chunk, as a shard",
		tag: "Commits and uploads",
		description: "Needs a Xet token, read or write (401 without one or when expired).",
		details: [
			"`prefix` is `default` (hf_xet) or `default-merkledb` (the specification). The hub indexes the first chunk of every uploaded file and every chunk whose hash is 0 modulo 1024 — the chunks hf_xet asks about. For one of them the answer is a shard (`application/octet-stream`) with no files and one xorb: its hash and every chunk with its byte range, the chunk hashes keyed with the footer's key (which expires after a week), so the client finds the chunks it has and references them instead of uploading them; it learns nothing of the others.",
			"",
			'A chunk not indexed is a 404; a `hash` that is not 64 hex digits a 400 `InvalidXetObject` (`"xetError": "bad-hash"`). A shard that then names the xorb still has to prove its files (`POST /v1/shards`): only a client holding the bytes can.',
		],
	},
	"POST /v1/xorbs/default/{hash}": {
		summary: "Upload a Xet xorb",
		tag: "Commits and uploads",
		body: "binary",
		permission: { action: "none", why: XET_TOKEN },
		details: [
			`The serialized xorb (at most ${MAX_XORB_BYTES / 1024 / 1024} MiB; under the upload body limit). Every chunk is decompressed and hashed and the xorb hash must be \`hash\`; answers \`{"was_inserted": true}\` (false when it was stored already). With \`HUBKIT_STORAGE_QUOTA_BYTES\` set, a new xorb that would take the namespace of the token's repository over it is a 413 \`StorageQuotaExceeded\`.`,
			"",
			'A xorb that fails a check is a 400 `InvalidXetObject` whose body names the check: `{"error": "…", "xetError": "hash-mismatch"}` (`bad-hash`, `truncated`, `bad-header`, `bad-compression`, `size-mismatch`, `hash-mismatch`, `bad-footer`).',
		],
	},
	"POST /v1/shards": {
		summary: "Upload a Xet shard: the files its xorbs make",
		tag: "Commits and uploads",
		body: "binary",
		permission: { action: "none", why: XET_TOKEN },
		details: [
			'Every xorb the shard names must be stored; each file is rebuilt from them, checked against its Xet hash and the sha256 of its metadata extension, and stored as a blob the token\'s repository may then commit as an `lfsFile` (the claim an LFS upload gives). Answers `{"result": 0}`.',
			"",
			"A missing xorb, a term that does not match its chunks or a file whose bytes are not its sha256 is a 400 `InvalidXetObject` (`xetError` as for xorbs), and no file of the shard is claimed. With `HUBKIT_STORAGE_QUOTA_BYTES` set, files that would take the namespace over it are a 413 `StorageQuotaExceeded`.",
		],
	},
	"POST /v2/shards": {
		summary: "Streamed Xet shard upload: 404, so clients use `POST /v1/shards`",
		tag: "Commits and uploads",
		body: "binary",
		permission: { action: "none", why: "answers 404 to everyone" },
	},
};

export function xetRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();
	const cas = new XetCas(deps);
	const dedupe = new XetDedupe(deps);

	async function tokenAnswer(c: Context<HubEnv>, scope: XetScope) {
		const type = repoTypeOfPlural(c.req.param("plural") ?? "");
		if (!type) throw new HubError(404, "Not found", { code: "NotFound" });
		const id = checkedRepoId(c.req.param("namespace") ?? "", c.req.param("name") ?? "");
		const caller = c.get("caller");
		const repo =
			scope === "write"
				? (await findRepoFor(deps.db, "write", type, id, caller)).repo
				: await findVisibleRepo(deps.db, type, id, caller);
		// A read token reconstructs any file the repository holds, so it needs what downloading a gated file does.
		if (scope === "read") await checkGatedDownload(deps.db, repo, "", caller);
		const revision = c.req.param("revision") ?? "";
		const { accessToken, exp } = await issueXetToken(deps.db, {
			scope,
			repoKey: repo.key,
			revision,
			userId: caller?.userId ?? "",
		});
		const casUrl = publicBaseUrl(c, deps.config);
		c.header("X-Xet-Access-Token", accessToken);
		c.header("X-Xet-Token-Expiration", String(exp));
		c.header("X-Xet-Cas-Url", casUrl);
		c.header("Cache-Control", "no-store");
		return c.json({ accessToken, exp, casUrl });
	}

	app.get("/api/:plural{models|datasets}/:namespace/:name/xet-write-token/:revision", (c) => tokenAnswer(c, "write"));
	app.get("/api/:plural{models|datasets}/:namespace/:name/xet-read-token/:revision", (c) => tokenAnswer(c, "read"));

	async function body(c: Context<HubEnv>, limit: number): Promise<Uint8Array> {
		const bytes = await readLimitedBody(c.req.raw, limit);
		if (bytes === "too-large") throw new HubError(413, `Request body larger than ${limit} bytes`);
		return bytes;
	}

	app.get("/v1/chunks/:prefix/:hash", async (c) => {
		await requireXetGrant(deps.db, c.req.header("authorization"), "read");
		if (!DEDUPE_PREFIXES.has(c.req.param("prefix"))) return c.json({ error: "Unknown chunk prefix" }, 404);
		const shard = await refusingBadFormat(() => dedupe.answer(c.req.param("hash")));
		if (!shard) return c.json({ error: "Chunk not known" }, 404);
		return c.body(Buffer.from(shard), 200, { "Content-Type": "application/octet-stream" });
	});

	/** The repository a write token names (gone since it was issued: 404). */
	async function grantedRepo(c: Context<HubEnv>) {
		const grant = await requireXetGrant(deps.db, c.req.header("authorization"), "write");
		const { type, id } = parseRepoKey(grant.repoKey);
		const repo = await findRepo(deps.db, type, id);
		if (!repo) throw new HubError(404, `Repository not found: ${id}`, { code: "RepoNotFound" });
		return repo;
	}

	app.post("/v1/xorbs/default/:hash", async (c) => {
		// The owner of the token's repository is charged for a new xorb (services/quota.ts).
		const repo = await grantedRepo(c);
		const { wasInserted } = await cas.putXorb(c.req.param("hash"), await body(c, MAX_XORB_BYTES), repo.author);
		return c.json({ was_inserted: wasInserted });
	});

	app.post("/v1/shards", async (c) => {
		const repo = await grantedRepo(c);
		await cas.putShard(repo, await body(c, MAX_SHARD_BYTES));
		return c.json({ result: 0 });
	});

	// hf_xet 1.6 tries the streamed form first and falls back to /v1/shards on a 404.
	app.post("/v2/shards", (c) => c.json({ error: "Not here: upload shards to /v1/shards" }, 404));

	return app;
}
