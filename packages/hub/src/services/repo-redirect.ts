/**
 * Renamed repositories on the read routes. `POST /api/repos/move` leaves a row in
 * `repo_redirects` (old repo key → new); a request for the old id is answered with a
 * 307 to the new one. Only when the caller may see where it leads: a redirect names
 * the new id, so for a private repository the old id stays a plain RepoNotFound, and
 * nothing about the repository (or that it was renamed) leaks to those who may not see it.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { HubError } from "../errors.js";
import { isReservedName } from "../reserved-names.js";
import { repoIdProblem } from "../storage/repo-path.js";
import { canSee } from "./repo-access.js";
import { findRepo, findVisibleRepo, type Repo, type RepoType, redirectOf } from "./repos.js";

/** A chain of renames longer than this is not followed (each hop is a 307 of its own). */
const MAX_RENAMES = 8;

/** The repository the caller may see, or the new id of a renamed one they may see; otherwise RepoNotFound. */
export async function findVisibleOrMoved(
	db: Kysely<Database>,
	type: RepoType,
	id: string,
	caller: Caller | undefined,
): Promise<Repo | { movedTo: string }> {
	try {
		return await findVisibleRepo(db, type, id, caller);
	} catch (error) {
		if (!(error instanceof HubError) || error.code !== "RepoNotFound") throw error;
		// A repository that lives at the old id again is answered by its own rules.
		if (await findRepo(db, type, id)) throw error;
		const movedTo = await redirectOf(db, type, id);
		let next = movedTo;
		for (let hop = 0; next !== undefined && next !== id && hop < MAX_RENAMES; hop++) {
			const target = await findRepo(db, type, next);
			if (target) {
				const visible = canSee({ ...target, private: target.private ? 1 : 0 }, caller);
				if (visible && movedTo !== undefined) return { movedTo };
				break;
			}
			next = await redirectOf(db, type, next);
		}
		throw error;
	}
}

/**
 * The 307 for a request whose path names `from` right after `prefix` (`/api/models`, `/datasets`, ``):
 * the same path and query with `to` in its place, as a relative Location.
 */
export function movedRepo(url: URL, prefix: string, from: string, to: string): HubError {
	const old = `${prefix}/${from}`;
	const rest = url.pathname.startsWith(old) ? url.pathname.slice(old.length) : "";
	return new HubError(307, `Repository ${from} was renamed to ${to}`, {
		headers: { Location: `${prefix}/${to}${rest}${url.search}` },
	});
}

/**
 * Where a site page of a renamed repository now lives (`/{old}/tree/main` → `/{new}/tree/main`,
 * `/datasets/{old}/…` likewise), for the front door to redirect before the page is rendered: a
 * page only learns its id, not the rest of its path. Undefined for anything else, and for a
 * caller who may not see the renamed repository.
 */
export async function movedPageLocation(
	db: Kysely<Database>,
	url: URL,
	caller: Caller | undefined,
): Promise<string | undefined> {
	const segments = url.pathname.split("/").slice(1);
	const dataset = segments[0] === "datasets";
	const [rawNamespace, rawName] = dataset ? segments.slice(1, 3) : segments.slice(0, 2);
	if (!rawNamespace || !rawName) return undefined;
	let namespace: string;
	let name: string;
	try {
		namespace = decodeURIComponent(rawNamespace);
		name = decodeURIComponent(rawName);
	} catch {
		return undefined;
	}
	// The hub's and the site's own paths (`/settings/…`, `/organizations/…`) are never repositories.
	if (isReservedName(namespace.toLowerCase()) || repoIdProblem(namespace, name)) return undefined;
	const type: RepoType = dataset ? "dataset" : "model";
	const id = `${namespace}/${name}`;
	const found = await findVisibleOrMoved(db, type, id, caller).catch(() => undefined);
	if (!found || !("movedTo" in found)) return undefined;
	return movedRepo(url, dataset ? "/datasets" : "", id, found.movedTo).headers.Location;
}
