/**
 * A stand-in for huggingface.co on 127.0.0.1, for the caching mirror's tests and bench: a few
 * repositories answered with the header and body shapes the public clients read
 * (docs reference hub-api.md §3 and §5, client-contracts.md §1.4; huggingface_hub's constants
 * `X-Repo-Commit`, `X-Linked-Etag`, `X-Linked-Size`, `X-Xet-Hash`, `X-Xet-Refresh-Route`, the
 * `xet-auth` Link rel). What it does as huggingface.co does:
 *
 * - Revisions: `main` and the repository's special refs (`refs/pr/N`, `refs/convert/NAME`), each
 *   with files of its own, or a commit id; `/api/…/refs[?include_prs=1]` lists them as
 *   `{branches, converts, tags, pullRequests}`.
 * - `/api/{models,datasets}/{id}[/revision/{rev}]`: the info (`_id`, `id`, `sha`, `private`,
 *   `gated`, `siblings`, `lastModified`, …). A gated repository's info is public with its `gated`
 *   mode; a private one is a 401 `RepoNotFound` without a token, a 404 with a token that may not read it.
 * - `/api/…/tree/{rev}[/{path}]`: entries with `type`, `oid`, `size`, `path`, LFS files with
 *   `lfs {oid, size, pointerSize}` and `xetHash`, in small pages chained by `Link: <…>; rel="next"`.
 * - `/{prefix}{id}/resolve/{rev}/{path}`, HEAD and GET: a regular file served here with `ETag` its
 *   git blob id; an LFS file a `302` to a separate "CDN" server carrying the file's headers
 *   (`X-Repo-Commit`, `X-Linked-Etag`, `X-Linked-Size`, `ETag`, `X-Xet-Hash`, `X-Xet-Refresh-Route`,
 *   `Link` rels `xet-auth` and `xet-reconstruction-info`). A gated repository's files need a token
 *   the fixture lists as approved: 401 `GatedRepo` without one, 403 with another.
 * - The CDN (same loopback address, host name `localhost`) serves a signed URL's bytes with Range, and refuses a request that also carries an
 *   `Authorization` header, as an object store does when a signed URL meets a second credential.
 *
 * Every request is recorded with the server that took it and the `Authorization` it carried, so a
 * test can tell where the operator's token went and how often each file's bytes were fetched.
 */
import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export interface FixtureFile {
	path: string;
	content: Uint8Array | string;
	/** Kept in LFS (and Xet) upstream: its bytes come from the CDN. */
	lfs?: boolean;
}

export interface FixtureRepo {
	type: "model" | "dataset";
	id: string;
	files: FixtureFile[];
	/** Default public. */
	access?: "public" | "private" | "gated";
	/** Extra fields of the info answer (pipeline_tag, tags, cardData, …). */
	info?: Record<string, unknown>;
	/** Revisions besides `main`, by full name (`refs/pr/1`, `refs/convert/parquet`), each with its files. */
	refs?: { ref: string; files: FixtureFile[] }[];
}

export interface FixtureRequest {
	server: "origin" | "cdn";
	method: string;
	/** Path and query as asked. */
	url: string;
	/** The `Authorization` header, when one came. */
	authorization?: string;
	status: number;
}

export interface HfFixture {
	url: string;
	cdnUrl: string;
	requests: FixtureRequest[];
	/** The commit `ref` (default `main`) names in a repository. */
	shaOf(id: string, ref?: string): string;
	/** Whole downloads of one file the CDN answered (not ranged reads; in `requests`, so emptying it starts the count again). */
	cdnDownloads(id: string, path: string): number;
	close(): Promise<void>;
}

interface StoredFile {
	path: string;
	bytes: Buffer;
	gitOid: string;
	lfs?: { sha256: string; pointerSize: number; xetHash: string; signature: string };
}

interface StoredRevision {
	/** `main` or a full name. */
	ref: string;
	sha: string;
	stored: StoredFile[];
}

interface StoredRepo extends FixtureRepo {
	revisions: StoredRevision[];
}

const PLURALS = { model: "models", dataset: "datasets" } as const;

function gitBlobId(bytes: Uint8Array): string {
	return createHash("sha1").update(`blob ${bytes.byteLength}\0`).update(bytes).digest("hex");
}

function stored(file: FixtureFile): StoredFile {
	const bytes = Buffer.from(file.content);
	if (!file.lfs) return { path: file.path, bytes, gitOid: gitBlobId(bytes) };
	const sha256 = createHash("sha256").update(bytes).digest("hex");
	const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${sha256}\nsize ${bytes.byteLength}\n`;
	return {
		path: file.path,
		bytes,
		gitOid: gitBlobId(Buffer.from(pointer)),
		lfs: {
			sha256,
			pointerSize: Buffer.byteLength(pointer),
			// Any 64-hex id does: nothing here reconstructs files from xorbs.
			xetHash: createHash("sha256").update("xet\0").update(bytes).digest("hex"),
			signature: randomBytes(16).toString("hex"),
		},
	};
}

/** Tree entries of a revision: folders (implied by paths) and files, sorted by path. */
function treeEntries(revision: StoredRevision): Record<string, unknown>[] {
	const folders = new Set<string>();
	for (const file of revision.stored) {
		const parts = file.path.split("/");
		for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join("/"));
	}
	const entries: Record<string, unknown>[] = [...folders].map((path) => ({
		type: "directory",
		oid: createHash("sha1").update(`tree ${path}`).digest("hex"),
		size: 0,
		path,
	}));
	for (const file of revision.stored) {
		entries.push({
			type: "file",
			oid: file.gitOid,
			size: file.bytes.byteLength,
			path: file.path,
			...(file.lfs
				? {
						lfs: { oid: file.lfs.sha256, size: file.bytes.byteLength, pointerSize: file.lfs.pointerSize },
						xetHash: file.lfs.xetHash,
					}
				: {}),
		});
	}
	return entries.sort((a, b) => String(a.path).localeCompare(String(b.path)));
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; undefined for none or one this fixture does not take. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
	const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
	if (!match || (match[1] === "" && match[2] === "")) return undefined;
	if (match[1] === "") return { start: Math.max(0, size - Number(match[2])), end: size - 1 };
	const start = Number(match[1]);
	const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
	return start <= end ? { start, end } : undefined;
}

function sendBytes(
	incoming: IncomingMessage,
	outgoing: ServerResponse,
	bytes: Buffer,
	headers: Record<string, string>,
	bytesPerSecond?: number,
) {
	const range = byteRange(incoming.headers.range, bytes.byteLength);
	const body = range ? bytes.subarray(range.start, range.end + 1) : bytes;
	outgoing.writeHead(range ? 206 : 200, {
		...headers,
		"Accept-Ranges": "bytes",
		"Content-Length": String(body.byteLength),
		...(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${bytes.byteLength}` } : {}),
	});
	if (incoming.method === "HEAD") outgoing.end();
	else if (bytesPerSecond === undefined) outgoing.end(body);
	else void sendPaced(outgoing, body, bytesPerSecond);
}

/** A CDN behind a link of `bytesPerSecond`: the body a slice at a time, each when the link would have carried it. */
async function sendPaced(outgoing: ServerResponse, body: Buffer, bytesPerSecond: number) {
	const slice = 256 * 1024;
	const started = performance.now();
	const closed = once(outgoing, "close");
	for (let sent = 0; sent < body.byteLength; ) {
		const part = body.subarray(sent, sent + slice);
		if (!outgoing.write(part)) await Promise.race([once(outgoing, "drain"), closed]);
		if (outgoing.destroyed) return;
		sent += part.byteLength;
		await sleep(Math.max(0, started + (sent / bytesPerSecond) * 1000 - performance.now()));
	}
	outgoing.end();
}

function sendJson(outgoing: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) {
	const body = JSON.stringify(value);
	outgoing.writeHead(status, {
		...headers,
		"Content-Type": "application/json; charset=utf-8",
		"Content-Length": String(Buffer.byteLength(body)),
	});
	outgoing.end(body);
}

/** huggingface.co's error shape: `{error}`, with the code clients map to an exception in `X-Error-Code`. */
function sendError(outgoing: ServerResponse, status: number, code: string | undefined, message: string, extra = {}) {
	sendJson(
		outgoing,
		status,
		{ error: message },
		{ ...(code ? { "X-Error-Code": code } : {}), "X-Error-Message": message, ...extra },
	);
}

async function listen(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Starts the origin and its CDN. `tokens` may read what they are listed for: private
 * repositories they own and gated ones they were approved for (ids).
 */
export async function startHfFixture(options: {
	repos: FixtureRepo[];
	tokens?: Record<string, string[]>;
	/** Tree entries per page; small so that listings paginate. */
	pageSize?: number;
	/** How fast the CDN sends a file, as a link to it would carry it; as fast as it can when left out. */
	cdnBytesPerSecond?: number;
}): Promise<HfFixture> {
	const pageSize = options.pageSize ?? 2;
	const tokens = options.tokens ?? {};
	const repos = new Map<string, StoredRepo>();
	for (const repo of options.repos) {
		const revisions = [{ ref: "main", files: repo.files }, ...(repo.refs ?? [])].map(({ ref, files }) => {
			const all = files.map(stored);
			const sha = createHash("sha1")
				.update(`${repo.type}/${repo.id} ${ref}\n${all.map((file) => `${file.path} ${file.gitOid}`).join("\n")}`)
				.digest("hex");
			return { ref, sha, stored: all };
		});
		repos.set(`${PLURALS[repo.type]}/${repo.id}`, { ...repo, revisions });
	}
	const repoNamed = (id: string) => {
		const repo = [...repos.values()].find((item) => item.id === id);
		if (!repo) throw new Error(`no repository ${id} in the fixture`);
		return repo;
	};
	const requests: FixtureRequest[] = [];
	const record = (server: FixtureRequest["server"], incoming: IncomingMessage, outgoing: ServerResponse) => {
		const entry: FixtureRequest = { server, method: incoming.method ?? "", url: incoming.url ?? "", status: 0 };
		if (incoming.headers.authorization) entry.authorization = incoming.headers.authorization;
		requests.push(entry);
		outgoing.on("finish", () => {
			entry.status = outgoing.statusCode;
		});
	};

	// The CDN: /xet-bridge/{xetHash}?X-Signature=…, the signature standing for a real one's signed query.
	const bySignature = new Map<string, StoredFile>();
	for (const repo of repos.values())
		for (const revision of repo.revisions)
			for (const file of revision.stored) if (file.lfs) bySignature.set(file.lfs.signature, file);
	const cdn = createServer((incoming, outgoing) => {
		record("cdn", incoming, outgoing);
		const url = new URL(incoming.url ?? "/", "http://cdn");
		const file = bySignature.get(url.searchParams.get("X-Signature") ?? "");
		if (incoming.headers.authorization) {
			outgoing.writeHead(400, { "Content-Type": "application/xml" });
			outgoing.end("<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>");
			return;
		}
		if (!file?.lfs || url.pathname !== `/xet-bridge/${file.lfs.xetHash}`) {
			outgoing.writeHead(403, { "Content-Type": "application/xml" });
			outgoing.end("<Error><Code>AccessDenied</Code></Error>");
			return;
		}
		const name = file.path.slice(file.path.lastIndexOf("/") + 1);
		sendBytes(
			incoming,
			outgoing,
			file.bytes,
			{
				"Content-Type": "application/octet-stream",
				"Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(name)}; filename="${name}";`,
				ETag: `"${file.lfs.xetHash.slice(0, 32)}"`,
			},
			options.cdnBytesPerSecond,
		);
	});
	// Another host name for the same loopback server: clients tell a CDN from the hub by host name
	// (huggingface_hub follows a HEAD's redirect, token and all, only to the same host).
	const cdnUrl = (await listen(cdn)).replace("127.0.0.1", "localhost");

	const origin = createServer((incoming, outgoing) => {
		record("origin", incoming, outgoing);
		const url = new URL(incoming.url ?? "/", originUrl);
		const token = /^Bearer (.+)$/.exec(incoming.headers.authorization ?? "")?.[1];
		const mayRead = (repo: StoredRepo) => token !== undefined && (tokens[token] ?? []).includes(repo.id);
		// Matched before decoding: a revision is one segment, `refs%2Fpr%2F1` as clients send it.
		const decoded = (match: RegExpExecArray | null) =>
			match && (match.map((group) => (group === undefined ? group : decodeURIComponent(group))) as RegExpExecArray);
		const api = decoded(
			/^\/api\/(models|datasets)\/([^/]+\/[^/]+)(?:\/(revision|tree|refs)(?:\/([^/]+)(?:\/(.+))?)?)?$/.exec(
				url.pathname,
			),
		);
		const resolve = decoded(/^\/(datasets\/)?([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url.pathname));
		const plural = api ? api[1] : resolve ? (resolve[1] ? "datasets" : "models") : undefined;
		const repo = plural ? repos.get(`${plural}/${api?.[2] ?? resolve?.[2]}`) : undefined;
		if (!plural || (incoming.method !== "GET" && incoming.method !== "HEAD")) {
			return sendError(outgoing, 404, undefined, "Not found");
		}
		if (!repo || (repo.access === "private" && !mayRead(repo))) {
			// No token: 401, so that a private repository's existence is not told; with one, 404.
			const message = "Repository not found";
			return sendError(outgoing, token ? 404 : 401, "RepoNotFound", message);
		}
		if (api?.[3] === "refs") {
			const listed = (prefix: string, name: (ref: string) => string) =>
				repo.revisions
					.filter((item) => item.ref.startsWith(prefix))
					.map((item) => ({ name: name(item.ref), ref: item.ref, targetCommit: item.sha }));
			const main = repo.revisions[0] as StoredRevision;
			return sendJson(outgoing, 200, {
				branches: [{ name: "main", ref: "refs/heads/main", targetCommit: main.sha }],
				converts: listed("refs/convert/", (ref) => ref.slice("refs/convert/".length)),
				tags: [],
				...(url.searchParams.get("include_prs") === "1" ? { pullRequests: listed("refs/pr/", (ref) => ref) } : {}),
			});
		}
		const asked = api?.[4] ?? resolve?.[3] ?? "main";
		const revision = repo.revisions.find((item) => item.ref === asked || item.sha === asked);
		if (!revision) return sendError(outgoing, 404, "RevisionNotFound", `Invalid rev id: ${asked}`);
		const commit = { "X-Repo-Commit": revision.sha };

		if (api && api[3] !== "tree") {
			const gated = repo.access === "gated" ? "manual" : false;
			const info = {
				_id: createHash("sha1").update(repo.id).digest("hex").slice(0, 24),
				id: repo.id,
				...(repo.type === "model" ? { modelId: repo.id } : {}),
				author: repo.id.slice(0, repo.id.indexOf("/")),
				sha: revision.sha,
				lastModified: "2026-11-02T10:00:00.000Z",
				createdAt: "2026-10-01T10:00:00.000Z",
				private: repo.access === "private",
				gated,
				disabled: false,
				downloads: 12,
				likes: 3,
				tags: [],
				siblings: revision.stored.map((file) => ({ rfilename: file.path })),
				...(repo.type === "model" ? { spaces: [] } : {}),
				usedStorage: revision.stored.reduce((total, file) => total + file.bytes.byteLength, 0),
				...repo.info,
			};
			return sendJson(outgoing, 200, info);
		}

		if (api) {
			const recursive = url.searchParams.get("recursive") === "true" || url.searchParams.get("recursive") === "1";
			const folder = api[5] ? `${api[5].replace(/\/+$/, "")}/` : "";
			const entries = treeEntries(revision).filter((entry) => {
				const entryPath = String(entry.path);
				if (!entryPath.startsWith(folder)) return false;
				return recursive || !entryPath.slice(folder.length).includes("/");
			});
			const cursor = Number(url.searchParams.get("cursor") ?? "0");
			const page = entries.slice(cursor, cursor + pageSize);
			const headers: Record<string, string> = {};
			if (cursor + pageSize < entries.length) {
				const next = new URL(url);
				next.searchParams.set("cursor", String(cursor + pageSize));
				headers.Link = `<${next.href}>; rel="next"`;
			}
			return sendJson(outgoing, 200, page, headers);
		}

		const file = revision.stored.find((item) => item.path === resolve?.[4]);
		if (!file) return sendError(outgoing, 404, "EntryNotFound", `${resolve?.[4]} does not exist`, commit);
		if (repo.access === "gated" && !mayRead(repo)) {
			const message = `Access to model ${repo.id} is restricted and you are not in the authorized list.`;
			return sendError(outgoing, token ? 403 : 401, "GatedRepo", message, commit);
		}
		if (!file.lfs) {
			return sendBytes(incoming, outgoing, file.bytes, {
				...commit,
				"Content-Type": "text/plain; charset=utf-8",
				ETag: `"${file.gitOid}"`,
			});
		}
		const etag = `"${file.lfs.sha256}"`;
		const readToken = `${originUrl}/api/${plural}/${repo.id}/xet-read-token/${revision.sha}`;
		const location = `${cdnUrl}/xet-bridge/${file.lfs.xetHash}?X-Signature=${file.lfs.signature}&X-Expires=3600`;
		const body = `Found. Redirecting to ${location}`;
		outgoing.writeHead(302, {
			...commit,
			Location: location,
			ETag: etag,
			"X-Linked-Etag": etag,
			"X-Linked-Size": String(file.bytes.byteLength),
			"X-Xet-Hash": file.lfs.xetHash,
			"X-Xet-Refresh-Route": readToken,
			Link: `<${readToken}>; rel="xet-auth", <${cdnUrl}/reconstructions/${file.lfs.xetHash}>; rel="xet-reconstruction-info"`,
			"Content-Type": "text/plain; charset=utf-8",
			"Content-Length": String(Buffer.byteLength(body)),
		});
		outgoing.end(incoming.method === "HEAD" ? undefined : body);
	});
	const originUrl = await listen(origin);

	const close = (server: Server) =>
		new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		});
	return {
		url: originUrl,
		cdnUrl,
		requests,
		shaOf: (id, ref = "main") => {
			const revision = repoNamed(id).revisions.find((item) => item.ref === ref);
			if (!revision) throw new Error(`no revision ${ref} of ${id} in the fixture`);
			return revision.sha;
		},
		cdnDownloads: (id, path) => {
			const file = repoNamed(id)
				.revisions.flatMap((revision) => revision.stored)
				.find((item) => item.path === path);
			const where = `/xet-bridge/${file?.lfs?.xetHash}?`;
			return requests.filter(
				(entry) =>
					entry.server === "cdn" && entry.method === "GET" && entry.url.startsWith(where) && entry.status === 200,
			).length;
		},
		close: async () => {
			await Promise.all([close(origin), close(cdn)]);
		},
	};
}
