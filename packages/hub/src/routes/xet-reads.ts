/**
 * Xet downloads: the CAS reconstruction routes hf_xet and @huggingface/hub ask which xorb chunks
 * make a file (with a Xet read token), the xorb-range links they then fetch without one, and the
 * headers `/resolve` adds for a file uploaded through Xet so clients know to take this path
 * (the client contracts, §1.4). Who may read what and how links are signed:
 * services/xet-reconstruction.ts.
 */
import { type Context, Hono } from "hono";
import type { HubDeps, HubEnv } from "../deps.js";
import { badRequest, HubError } from "../errors.js";
import type { RouteDocs } from "../openapi/route-doc.js";
import { publicBaseUrl } from "../public-url.js";
import { recordRepoFileFetch } from "../services/downloads.js";
import { FileService } from "../services/files.js";
import { findRepo, parseRepoKey, REPO_TYPE_PLURALS, type RepoType } from "../services/repos.js";
import { checkedFileHash, type Reconstruction, XetReads } from "../services/xet-reconstruction.js";
import { requireXetGrant, type XetGrant } from "../services/xet-tokens.js";
import { contentRange } from "../storage/byte-range.js";

/** Paths of this module whose routes read a Xet token (or a link's signature) themselves. */
export function isXetReadPath(path: string): boolean {
	return (
		path === "/v1/reconstructions" ||
		path.startsWith("/v1/reconstructions/") ||
		path.startsWith("/v2/reconstructions/") ||
		path.startsWith("/v1/xorb-ranges/")
	);
}

/** What `GET /…/resolve/…` answers with the Accept header @huggingface/hub sends to learn of Xet. */
export const XET_FILE_INFO_TYPE = "application/vnd.xet-fileinfo+json";

/**
 * The headers that announce a Xet read path for a file (hash `fileHash`, `size` bytes) of the
 * repository at `commit`: what huggingface_hub (X-Xet-Hash plus the `xet-auth` link or
 * X-Xet-Refresh-Route) and @huggingface/hub (both links, X-Linked-Size) look for.
 */
export function xetFileHeaders(
	baseUrl: string,
	repo: { type: RepoType; id: string },
	commit: string,
	fileHash: string,
	size: number,
): Record<string, string> {
	const refresh = `${baseUrl}/api/${REPO_TYPE_PLURALS[repo.type]}/${repo.id}/xet-read-token/${commit}`;
	return {
		"X-Xet-Hash": fileHash,
		"X-Linked-Size": String(size),
		"X-Xet-Refresh-Route": refresh,
		Link: `<${refresh}>; rel="xet-auth", <${baseUrl}/v1/reconstructions/${fileHash}>; rel="xet-reconstruction-info"`,
	};
}

const READ_TOKEN = "the Xet token from `xet-read-token` (or `xet-write-token`); 401 without one or when expired";
const NOT_HELD =
	"A hash the token's repository does not hold (as an upload or in its history) is the same 404 `EntryNotFound` as an unknown one, so a token learns nothing of other repositories' files.";

/** The API reference's entries for the routes this module registers (openapi/route-doc.ts). */
export const XET_READS_ROUTE_DOCS: RouteDocs = {
	"GET /v1/reconstructions/{hash}": {
		summary: "Which xorb chunks make a Xet file, and links to fetch them",
		tag: "Files",
		details: [
			`Needs ${READ_TOKEN}.`,
			"",
			"Answers `{offset_into_first_range, terms: [{hash, unpacked_length, range: {start, end}}], fetch_info: {<xorb>: [{range, url, url_range}]}}` (chunk ranges end-exclusive, `url_range` end-inclusive). `Range: bytes=a-b` narrows it to the chunks holding those bytes; a start at or past the end is a 416. A malformed hash is a 400.",
			"",
			NOT_HELD,
			"",
			"A reconstruction from the first byte counts a download of the file with those bytes at the token's revision, by the rule `/resolve` counts with.",
			"",
			"Each `url` is fetched without the Authorization header with exactly `Range: bytes=<url_range.start>-<url_range.end>` and lives an hour. With `HUBKIT_S3_PRESIGN_DOWNLOADS` it is a presigned S3 GET of the xorb signed for that range, else the hub's `GET /v1/xorb-ranges/{xorb}`.",
		],
	},
	"GET /v2/reconstructions/{hash}": {
		summary: "The same, with fetch links keyed by xorb (`xorbs`)",
		tag: "Files",
		details: [
			"Answers `{offset_into_first_range, terms, xorbs: {<xorb>: [{url, ranges: [{chunks, bytes}]}]}}`: one range a link, so the client's `Range` is that `bytes` range.",
		],
	},
	"POST /v1/reconstructions": {
		summary: "Reconstructions of several whole Xet files",
		tag: "Files",
		body: "json",
		permission: { action: "none", why: READ_TOKEN },
		details: [
			'The body is `[{"prefix": "default", "hash": "<file>"}, …]` (at most 1000); answers `{files: {<file>: terms}, fetch_info}`. Files the token may not read are left out.',
		],
	},
	"GET /v1/xorb-ranges/{xorb}": {
		summary: "Bytes of a stored xorb, through a link a reconstruction handed out",
		tag: "Files",
		produces: "application/octet-stream",
		query: [{ name: "sig", description: "the hub's signature over the xorb, the byte range and the expiry" }],
		details: [
			"Needs no token: the link's signature, which a reconstruction for a reader made, is the grant. Answers 206 with the signed range. A missing, forged or expired signature, one for another xorb, or a `Range` other than the signed one is a 403 (clients then ask for a new reconstruction).",
		],
	},
};

const MAX_BATCH = 1000;

export function xetReadRoutes(deps: HubDeps): Hono<HubEnv> {
	const app = new Hono<HubEnv>();
	const reads = new XetReads(deps);

	async function fetchEntries(c: Context<HubEnv>, reconstruction: Reconstruction) {
		const baseUrl = publicBaseUrl(c, deps.config);
		return await Promise.all(
			reconstruction.fetch.map(async (span) => ({ span, url: await reads.fetchUrl(baseUrl, span) })),
		);
	}

	/**
	 * A reconstruction from the first byte is a download, counted as `/resolve` counts one: the file
	 * at the token's revision whose bytes these are (a client reads a file in segments; only the
	 * first starts at 0). A download still arrives if counting fails.
	 */
	async function countDownload(grant: XetGrant, found: Reconstruction): Promise<void> {
		if (found.start !== 0) return;
		try {
			const { type, id } = parseRepoKey(grant.repoKey);
			const repo = await findRepo(deps.db, type, id);
			if (!repo) return;
			const files = new FileService(deps.db);
			const tree = await files.tree(await files.resolveRevision(repo.key, grant.revision));
			const entry = tree.list("", true).find((file) => file.type === "file" && file.lfs?.oid === found.sha256);
			if (entry) await recordRepoFileFetch(deps.db, repo, entry.path);
		} catch (error) {
			deps.logger.error(`Could not count a Xet download of ${grant.repoKey}`, error);
		}
	}

	async function reconstruction(c: Context<HubEnv>) {
		const grant = await requireXetGrant(deps.db, c.req.header("authorization"), "read");
		const found = await reads.reconstruct(grant, c.req.param("hash") ?? "", c.req.header("range"));
		await countDownload(grant, found);
		c.header("Cache-Control", "no-store");
		return { found, entries: await fetchEntries(c, found) };
	}

	app.get("/v1/reconstructions/:hash", async (c) => {
		const { found, entries } = await reconstruction(c);
		const fetchInfo: Record<string, unknown[]> = {};
		for (const { span, url } of entries) {
			const list = fetchInfo[span.xorb.hash] ?? [];
			list.push({ range: span.chunks, url, url_range: span.bytes });
			fetchInfo[span.xorb.hash] = list;
		}
		return c.json({ offset_into_first_range: found.offsetIntoFirstRange, terms: found.terms, fetch_info: fetchInfo });
	});

	app.get("/v2/reconstructions/:hash", async (c) => {
		const { found, entries } = await reconstruction(c);
		const xorbs: Record<string, unknown[]> = {};
		for (const { span, url } of entries) {
			const list = xorbs[span.xorb.hash] ?? [];
			list.push({ url, ranges: [{ chunks: span.chunks, bytes: span.bytes }] });
			xorbs[span.xorb.hash] = list;
		}
		return c.json({ offset_into_first_range: found.offsetIntoFirstRange, terms: found.terms, xorbs });
	});

	app.post("/v1/reconstructions", async (c) => {
		const grant = await requireXetGrant(deps.db, c.req.header("authorization"), "read");
		const keys = (await c.req.json().catch(() => undefined)) as unknown;
		if (!Array.isArray(keys) || keys.length > MAX_BATCH) {
			throw badRequest(`The body is a JSON list of at most ${MAX_BATCH} {prefix, hash} keys`);
		}
		const hashes = keys.map((key) => {
			const hash = (key as { hash?: unknown } | null)?.hash;
			return checkedFileHash(typeof hash === "string" ? hash : "");
		});
		const files: Record<string, unknown> = {};
		const fetchInfo: Record<string, unknown[]> = {};
		for (const [hash, found] of await reads.reconstructMany(grant, hashes)) {
			files[hash] = found.terms;
			for (const { span, url } of await fetchEntries(c, found)) {
				const list = fetchInfo[span.xorb.hash] ?? [];
				list.push({ range: span.chunks, url, url_range: span.bytes });
				fetchInfo[span.xorb.hash] = list;
			}
		}
		c.header("Cache-Control", "no-store");
		return c.json({ files, fetch_info: fetchInfo });
	});

	app.get("/v1/xorb-ranges/:xorb", async (c) => {
		const xorb = c.req.param("xorb");
		if (!/^[0-9a-f]{64}$/.test(xorb)) throw new HubError(404, "Not found", { code: "NotFound" });
		const { body, range, size } = await reads.xorbRange(xorb, c.req.query("sig"), c.req.header("range"));
		return c.body(body, 206, {
			"Content-Type": "application/octet-stream",
			"Content-Length": String(range.end - range.start + 1),
			"Content-Range": contentRange(range, size),
			"Cache-Control": "private, max-age=3600",
		});
	});

	return app;
}
