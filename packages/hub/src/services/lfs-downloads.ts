/**
 * Git LFS downloads (`operation: "download"` batches): what `git lfs pull` and a clone's smudge
 * filter ask for. The caller must be able to read the repository (and, gated, to download its
 * files); an object is answered only when the repository holds it — as an upload claim or in its
 * history, as Xet reconstructions decide (xet-reconstruction.ts) — so a reader of one repository
 * learns nothing of another's objects. Each download href is a link the hub signs (oauth-keys.ts)
 * naming one repository and one object, fetched without a token, as git-lfs treats hrefs; with
 * HUBKIT_S3_PRESIGN_DOWNLOADS the bytes come from a presigned S3 URL instead.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { HubDeps } from "../deps.js";
import { HubError } from "../errors.js";
import type { BatchAnswerObject, BatchObject } from "./lfs-uploads.js";
import { signHubToken, verifyHubToken } from "./oauth-keys.js";
import type { Repo } from "./repos.js";
import { repoHistoryHoldsBlob } from "./trees.js";

const LFS_DOWNLOAD_AUDIENCE = "hubkit-lfs-download";
const DOWNLOAD_LIFETIME_MS = 60 * 60 * 1000;

type DownloadDeps = Pick<HubDeps, "db" | "blobStore" | "config">;

/** Whether the repository stored under `repoKey` may hand out the object `oid` (a sha256). */
export async function repoHoldsLfsObject(db: Kysely<Database>, repoKey: string, oid: string): Promise<boolean> {
	const claim = await db
		.selectFrom("lfs_objects")
		.select("oid")
		.where("repo_id", "=", repoKey)
		.where("oid", "=", oid)
		.executeTakeFirst();
	return claim !== undefined || (await repoHistoryHoldsBlob(db, repoKey, oid));
}

/**
 * The answer to a download batch of a repository the caller may read. `lfsBase` is its public
 * `…/{repo}.git/info/lfs` URL.
 */
export async function downloadBatch(
	deps: DownloadDeps,
	repo: Repo,
	objects: readonly BatchObject[],
	lfsBase: string,
	now = new Date(),
): Promise<BatchAnswerObject[]> {
	const expiresAt = new Date(now.getTime() + DOWNLOAD_LIFETIME_MS);
	const answers: BatchAnswerObject[] = [];
	for (const { oid, size } of objects) {
		const stored = await deps.blobStore.size(oid);
		if (stored !== size || !(await repoHoldsLfsObject(deps.db, repo.key, oid))) {
			answers.push({ oid, size, error: { code: 404, message: `Object ${oid} of ${size} bytes is not in ${repo.id}` } });
			continue;
		}
		const presigned =
			deps.config.s3PresignDownloads && deps.blobStore.downloadUrl
				? await deps.blobStore.downloadUrl(oid, undefined)
				: undefined;
		const href =
			presigned ??
			`${lfsBase}/objects/${oid}?sig=${await signHubToken(deps.db, LFS_DOWNLOAD_AUDIENCE, { repo: repo.key, oid }, expiresAt)}`;
		answers.push({ oid, size, actions: { download: { href, expires_at: expiresAt.toISOString() } } });
	}
	return answers;
}

/** The bytes a signed download link grants: 403 when the signature is not the hub's, expired, or names another object. */
export async function signedDownload(
	deps: DownloadDeps,
	repoKey: string,
	oid: string,
	signature: string | undefined,
): Promise<{ body: ReadableStream<Uint8Array>; size: number }> {
	const claims = signature ? await verifyHubToken(deps.db, LFS_DOWNLOAD_AUDIENCE, signature) : undefined;
	if (!claims || claims.repo !== repoKey || claims.oid !== oid) {
		throw new HubError(403, "This download link is not valid for this object, or it expired: ask the batch API again", {
			code: "Forbidden",
		});
	}
	const size = await deps.blobStore.size(oid);
	const body = size === undefined ? undefined : await deps.blobStore.read(oid);
	if (size === undefined || !body) throw new HubError(404, `Object ${oid} is not stored`, { code: "NotFound" });
	return { body, size };
}
