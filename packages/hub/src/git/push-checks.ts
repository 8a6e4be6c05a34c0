/**
 * What a push must satisfy before any of it is applied, one ref update at a time: the ref is a
 * branch or a tag and still where the client saw it, the new tip is a commit (or, for a tag, an
 * annotated tag of one), everything reachable from it is either already stored or was received,
 * every received tree is canonical and holds no submodule, no received file is over the size
 * limit (those belong in git-lfs), and a branch moves only forward unless forcing is allowed.
 */
import { GitFormatError } from "./format-error.js";
import { type GitObjectType, parseCommit, parseTag, parseTree } from "./objects.js";
import type { Quarantine } from "./quarantine.js";
import type { GitRepositoryView } from "./repository.js";

export const ZERO_OID = "0".repeat(40);

export interface RefUpdate {
	ref: string;
	/** What the client believes the ref is now; ZERO_OID for a ref it creates. */
	old: string;
	/** The value it asks for; ZERO_OID to delete the ref. */
	new: string;
}

export type UpdateCheck =
	| { ok: true; objects: Set<string> }
	/** `reason` is the one-line `ng` text; `advice` lines are shown to the user as remote messages. */
	| { ok: false; reason: string; advice?: string[] };

export interface PushContext {
	store: GitRepositoryView;
	hasObject: (oid: string) => Promise<boolean>;
	quarantine: Quarantine;
	/** The refs as the push found them. */
	current: ReadonlyMap<string, string>;
	head: string | undefined;
	allowNonFastForward: boolean;
	maxFileBytes: number;
	/** The client named shallow commits: a missing parent then means its history is cut short. */
	shallow: boolean;
}

/** A check that failed; thrown inside the walk, turned into an UpdateCheck at its end. */
class Refusal extends Error {
	constructor(
		readonly reason: string,
		readonly advice?: string[],
	) {
		super(reason);
	}
}

export async function checkUpdate(update: RefUpdate, context: PushContext): Promise<UpdateCheck> {
	try {
		return { ok: true, objects: await check(update, context) };
	} catch (error) {
		if (error instanceof Refusal) return { ok: false, reason: error.reason, advice: error.advice };
		throw error;
	}
}

async function check(update: RefUpdate, context: PushContext): Promise<Set<string>> {
	const { ref } = update;
	if (!ref.startsWith("refs/heads/") && !ref.startsWith("refs/tags/")) {
		throw new Refusal("only branches (refs/heads/*) and tags (refs/tags/*) can be pushed");
	}
	if (!isValidRefName(ref)) throw new Refusal("not a valid ref name");
	const current = context.current.get(ref) ?? ZERO_OID;
	if (update.old !== current) {
		throw new Refusal(
			current === ZERO_OID
				? "stale info: the ref no longer exists; fetch first"
				: "stale info: the ref moved since it was read; fetch first",
		);
	}
	if (update.new === ZERO_OID) {
		if (current === ZERO_OID) throw new Refusal("no such ref to delete");
		if (ref === context.head) throw new Refusal("deletion of the current branch prohibited");
		return new Set();
	}
	const isTag = ref.startsWith("refs/tags/");
	await checkTip(update.new, isTag, context);
	const objects = await newObjects(update.new, context);
	if (current !== ZERO_OID && current !== update.new && !context.allowNonFastForward) {
		if (isTag) throw new Refusal("tag already exists; moving a tag needs permission to force");
		if (!(await isAncestor(current, update.new, context))) throw new Refusal("non-fast-forward");
	}
	return objects;
}

/** Git's check-ref-format rules, as a server must not trust the client to have applied them. */
export function isValidRefName(ref: string): boolean {
	const control = [...ref].some((character) => character <= " " || character === "\x7f");
	if (control || /[~^:?*[\\]/.test(ref) || ref.includes("..") || ref.includes("@{")) return false;
	if (ref.endsWith("/") || ref.endsWith(".")) return false;
	return ref.split("/").every((part) => part !== "" && !part.startsWith(".") && !part.endsWith(".lock"));
}

async function objectType(oid: string, context: PushContext): Promise<GitObjectType | undefined> {
	return context.quarantine.info(oid)?.type ?? (await context.store.readObject(oid))?.type;
}

async function readObject(oid: string, context: PushContext) {
	return (await context.quarantine.readObject(oid)) ?? (await context.store.readObject(oid));
}

function missing(oid: string, context: PushContext): Refusal {
	if (context.shallow) {
		return new Refusal("shallow update not allowed", [
			"This push comes from a shallow clone and needs history the hub does not have.",
			"Fetch the whole history first (git fetch --unshallow), then push again.",
		]);
	}
	return new Refusal(`missing object ${oid}`);
}

/** A branch names a commit; a tag a commit or an annotated tag that peels to one. */
async function checkTip(oid: string, isTag: boolean, context: PushContext): Promise<void> {
	let type = await objectType(oid, context);
	if (type === undefined) throw missing(oid, context);
	let peeled = oid;
	for (let depth = 0; isTag && type === "tag"; depth++) {
		const tag = await readObject(peeled, context);
		if (!tag || depth > 10) throw new Refusal(`cannot peel tag ${oid}`);
		peeled = parsed(() => parseTag(tag.bytes), peeled, "tag").object;
		type = await objectType(peeled, context);
		if (type === undefined) throw missing(peeled, context);
	}
	if (type !== "commit") {
		throw new Refusal(
			isTag ? `a tag must name a commit, not a ${type}` : `a branch must point at a commit, not a ${type}`,
		);
	}
}

function parsed<T>(parse: () => T, oid: string, kind: string): T {
	try {
		return parse();
	} catch (error) {
		if (error instanceof GitFormatError) throw new Refusal(`invalid ${kind} ${oid}: ${error.message}`);
		throw error;
	}
}

/**
 * The received objects reachable from `tip`, read from the quarantine and checked; the walk stops
 * at objects the repository already has (they were checked when they were stored). Anything
 * neither received nor stored is a missing object: the push is not connected.
 */
async function newObjects(tip: string, context: PushContext): Promise<Set<string>> {
	const { quarantine } = context;
	const seen = new Set<string>();
	const tooLarge: { path: string; size: number }[] = [];
	const queue: { oid: string; expect?: GitObjectType; path?: string }[] = [{ oid: tip }];
	for (let item = queue.pop(); item; item = queue.pop()) {
		const { oid, expect, path } = item;
		if (seen.has(oid)) continue;
		const info = quarantine.info(oid);
		if (!info) {
			if (await context.hasObject(oid)) continue;
			throw missing(oid, context);
		}
		if (expect && info.type !== expect) throw new Refusal(`object ${oid} is a ${info.type}, not a ${expect}`);
		seen.add(oid);
		if (info.type === "blob") {
			// A large blob the repository already stores (the client sent it again) was let in before.
			if (info.size > context.maxFileBytes && !(await context.hasObject(oid))) {
				tooLarge.push({ path: path ?? oid, size: info.size });
			}
			continue;
		}
		const bytes = (await quarantine.readObject(oid))?.bytes as Uint8Array;
		if (info.type === "commit") {
			const commit = parsed(() => parseCommit(bytes), oid, "commit");
			queue.push({ oid: commit.tree, expect: "tree", path: "" });
			for (const parent of commit.parents) queue.push({ oid: parent, expect: "commit" });
		} else if (info.type === "tag") {
			const tag = parsed(() => parseTag(bytes), oid, "tag");
			queue.push({ oid: tag.object, expect: tag.type });
		} else {
			for (const entry of parsed(() => parseTree(bytes), oid, "tree")) {
				const entryPath = path ? `${path}/${entry.name}` : entry.name;
				if (entry.mode === "160000") {
					throw new Refusal(`submodules are not supported (${entryPath})`, [
						`The push adds a submodule at ${entryPath}; the hub stores files and folders only.`,
						"Remove it (git rm --cached <path>) or add its files directly, then push again.",
					]);
				}
				queue.push({ oid: entry.oid, expect: entry.mode === "40000" ? "tree" : "blob", path: entryPath });
			}
		}
	}
	if (tooLarge.length > 0) throw largeFiles(tooLarge, context.maxFileBytes);
	return seen;
}

function largeFiles(files: { path: string; size: number }[], limit: number): Refusal {
	const first = files[0]?.path ?? "";
	return new Refusal(`files over ${mebibytes(limit)} must be stored with git-lfs: ${first}`, [
		"-------------------------------------------------------------------------",
		`Your push was rejected: it adds files larger than ${mebibytes(limit)} outside Git LFS.`,
		"Large files belong in git-lfs (https://git-lfs.com). Track them and rewrite the commits:",
		"    git lfs install",
		`    git lfs track "${first}"`,
		`    git lfs migrate import --include="${first}"`,
		"then push again. Files over the limit:",
		...files.map((file) => `  - ${file.path} (${mebibytes(file.size)})`),
		"-------------------------------------------------------------------------",
	]);
}

export function mebibytes(bytes: number): string {
	const value = bytes / (1024 * 1024);
	return `${Number.isInteger(value) ? value : value.toFixed(1)} MiB`;
}

/** Whether `ancestor` is `tip` or reachable from it by parents: a plain walk of the history. */
async function isAncestor(ancestor: string, tip: string, context: PushContext): Promise<boolean> {
	const seen = new Set<string>([tip]);
	const queue = [tip];
	for (let oid = queue.pop(); oid; oid = queue.pop()) {
		if (oid === ancestor) return true;
		const object = await readObject(oid, context);
		if (object?.type !== "commit") continue;
		for (const parent of parsed(() => parseCommit(object.bytes), oid, "commit").parents) {
			if (!seen.has(parent)) {
				seen.add(parent);
				queue.push(parent);
			}
		}
	}
	return false;
}
