/**
 * Which objects a fetch sends, as ids only: the commits the wants reach and the haves do not,
 * newest first, then the trees and blobs of those commits that the client's side of the history
 * does not already hold; and, for a shallow fetch, where the history is cut (git's
 * get_shallow_commits: depth 1 is the wanted commit alone).
 */
import type { CommitGraph } from "./commit-graph.js";
import { treeLinks } from "./object-links.js";
import type { GitRef } from "./repository.js";

/** The depth `git fetch --unshallow` asks for: the whole history. */
export const INFINITE_DEPTH = 0x7fffffff;

export interface ShallowRequest {
	/** The wanted objects (tags are followed to their commits). */
	wants: readonly string[];
	/** The commits the client says it has without their parents. */
	clientShallow: readonly string[];
	/** `deepen <n>`; undefined when the client asked for no new depth. */
	depth?: number;
	/** `deepen-relative`: the depth counts from the client's shallow commits, not from the wants. */
	relative?: boolean;
}

export interface ShallowPlan {
	/** `shallow <oid>` lines: the new boundary commits, sent without their parents. */
	shallow: string[];
	/** `unshallow <oid>` lines: client shallow commits whose parents this fetch sends. */
	unshallow: string[];
	/** Commits to walk from besides the wants: the parents of the unshallowed ones. */
	extraWants: string[];
}

/**
 * The shallow boundary of a fetch. It grafts the boundary and the client's shallow commits away
 * in `graph` (their parents are not walked), as the pack walk and the negotiation must see them.
 */
export async function planShallow(graph: CommitGraph, request: ShallowRequest): Promise<ShallowPlan> {
	const clientShallow: string[] = [];
	for (const oid of request.clientShallow) if (await graph.commit(oid)) clientShallow.push(oid);
	const plan: ShallowPlan = { shallow: [], unshallow: [], extraWants: [] };
	const within = new Set<string>();
	if (request.depth !== undefined && request.depth >= INFINITE_DEPTH) {
		for (const oid of clientShallow) within.add(oid);
	} else if (request.depth !== undefined) {
		const starts: string[] = [];
		if (request.relative) starts.push(...clientShallow);
		else {
			for (const want of request.wants) {
				const peeled = await graph.peel(want);
				if (peeled?.type === "commit") starts.push(peeled.oid);
			}
		}
		const maxDepth = request.relative ? request.depth + 1 : request.depth;
		const told = new Set(clientShallow);
		const seen = new Set(starts);
		let level = [...seen];
		for (let depth = 1; level.length > 0; depth++) {
			const next: string[] = [];
			for (const oid of level) {
				if (depth >= maxDepth) {
					graph.parentless.add(oid);
					if (!told.has(oid)) plan.shallow.push(oid);
					continue;
				}
				within.add(oid);
				for (const parent of (await graph.commit(oid))?.parents ?? []) {
					if (!seen.has(parent)) next.push(parent);
					seen.add(parent);
				}
			}
			level = next;
		}
	}
	for (const oid of clientShallow) {
		graph.parentless.add(oid);
		if (!within.has(oid)) continue;
		plan.unshallow.push(oid);
		plan.extraWants.push(...((await graph.commit(oid))?.parents ?? []));
	}
	return plan;
}

export interface PackRequest {
	wants: readonly string[];
	/** What the client has: commits (with their history up to its shallow commits) or any object. */
	haves: readonly string[];
	/** Annotated tags to send along when the pack holds what they point at (`include-tag`). */
	followTags?: readonly GitRef[];
}

/** A missing wanted object, or a broken link in the history being sent. */
export class MissingObjectError extends Error {
	constructor(readonly oid: string) {
		super(`object ${oid} is missing`);
	}
}

/**
 * The ids of the objects to send, in pack order: commits newest first, tags, then trees and
 * blobs. The trees of the client's side (the haves, and the parents of sent commits that it has)
 * are compared with ours path by path to leave out what it holds, so a fetch after one new commit
 * sends that commit and its changed trees and blobs only.
 */
export async function planPack(graph: CommitGraph, request: PackRequest): Promise<string[]> {
	const commits: string[] = [];
	const tags: string[] = [];
	const rootTrees: string[] = [];
	const blobs: string[] = [];
	const theirs = new Set<string>();
	const theirCommits: string[] = [];
	const theirTrees: string[] = [];
	for (const have of request.haves) {
		theirs.add(have);
		const peeled = await graph.peel(have);
		if (peeled?.type === "commit") theirCommits.push(peeled.oid);
		else if (peeled?.type === "tree") theirTrees.push(peeled.oid);
		else if (peeled) theirs.add(peeled.oid);
	}
	for (const want of request.wants) {
		let current: string | undefined = want;
		for (let type = await graph.type(current); type === "tag"; type = await graph.type(current)) {
			if (!theirs.has(current)) tags.push(current);
			current = (await graph.tagTarget(current)) as string;
		}
		const type = await graph.type(current);
		if (type === undefined) throw new MissingObjectError(current);
		if (type === "commit") commits.push(current);
		else if (type === "tree") rootTrees.push(current);
		else blobs.push(current);
	}

	const walk = await walkCommits(graph, commits, theirCommits);
	for (const oid of [...walk.edges, ...theirCommits]) {
		const commit = await graph.commit(oid);
		if (commit) theirTrees.push(commit.tree);
	}
	for (const oid of walk.sent) rootTrees.push(((await graph.commit(oid)) as { tree: string }).tree);
	await markTheirs(graph, rootTrees, theirTrees, theirs);

	const sending = new Set<string>();
	const order: string[] = [];
	const add = (oid: string) => {
		if (theirs.has(oid) || sending.has(oid)) return false;
		sending.add(oid);
		order.push(oid);
		return true;
	};
	for (const oid of walk.sent) add(oid);
	for (const oid of tags) add(oid);
	for (const oid of blobs) add(oid);
	await addTrees(graph, rootTrees, add);
	for (const ref of request.followTags ?? []) {
		if (!ref.peeled || ref.peeled === ref.oid || !sending.has(ref.peeled)) continue;
		for (let tag: string | undefined = ref.oid; tag !== undefined && tag !== ref.peeled; ) {
			add(tag);
			tag = await graph.tagTarget(tag);
		}
	}
	return order;
}

/**
 * What the client holds where our trees differ from its own, into `theirs` (git's sparse walk):
 * our trees and the client's are paired directory by directory from the roots, and a directory is
 * entered only where ours is not one of its, so a fetch after a small change reads the trees along
 * the changed paths, not every tree of the client's side. A blob the client holds under another
 * path only is sent again.
 */
async function markTheirs(
	graph: CommitGraph,
	ours: readonly string[],
	their: readonly string[],
	theirs: Set<string>,
): Promise<void> {
	const stack = [{ ours, their }];
	for (let level = stack.pop(); level !== undefined; level = stack.pop()) {
		for (const oid of level.their) theirs.add(oid);
		const changed = [...new Set(level.ours)].filter((oid) => !theirs.has(oid));
		if (changed.length === 0 || level.their.length === 0) continue;
		const theirDirectories = await directories(graph, new Set(level.their), theirs);
		for (const [name, trees] of await directories(graph, changed)) {
			stack.push({ ours: trees, their: theirDirectories.get(name) ?? [] });
		}
	}
}

/** The subtrees of `trees` by name; with `blobs`, their blobs go into it. */
async function directories(
	graph: CommitGraph,
	trees: Iterable<string>,
	blobs?: Set<string>,
): Promise<Map<string, string[]>> {
	const byName = new Map<string, string[]>();
	for (const tree of trees) {
		const object = await graph.reader.readObject(tree);
		if (object?.type !== "tree") continue;
		for (const link of treeLinks(object.bytes)) {
			if (link.kind === "tree") byName.set(link.name, [...(byName.get(link.name) ?? []), link.oid]);
			else if (link.kind === "blob") blobs?.add(link.oid);
		}
	}
	return byName;
}

/**
 * The trees `roots` and what they hold, each object handed to `add`, which refuses one the client
 * has or that is already sent: a refused tree is not entered, so an unchanged directory costs one id.
 */
async function addTrees(graph: CommitGraph, roots: readonly string[], add: (oid: string) => boolean): Promise<void> {
	const stack = [...roots];
	for (let tree = stack.pop(); tree !== undefined; tree = stack.pop()) {
		if (!add(tree)) continue;
		const object = await graph.reader.readObject(tree);
		if (object?.type !== "tree") throw new MissingObjectError(tree);
		for (const link of treeLinks(object.bytes)) {
			if (link.kind === "tree") stack.push(link.oid);
			else if (link.kind === "blob") add(link.oid);
		}
	}
}

interface CommitWalk {
	/** The commits to send, newest first. */
	sent: string[];
	/** Commits the client has that are parents of sent ones: their trees are what it already holds. */
	edges: string[];
}

/**
 * The commits reachable from `wants` and not from `haves`, in committer-date order as git walks:
 * the walk stops once every commit still queued is one the client has, so it reads the new part
 * of the history and little of the old one.
 */
async function walkCommits(graph: CommitGraph, wants: string[], haves: string[]): Promise<CommitWalk> {
	const theirs = new Map<string, boolean>();
	const queue = new DateQueue();
	let oursQueued = 0;
	const visited: string[] = [];
	const push = async (oid: string, their: boolean) => {
		const known = theirs.get(oid);
		if (known !== undefined) {
			if (their && !known) {
				theirs.set(oid, true);
				if (queue.has(oid)) oursQueued--;
				// Walked already as ours (its date misled the walk): walk it again so its parents turn theirs too.
				else queue.push(oid, ((await graph.commit(oid)) as { seconds: number }).seconds);
			}
			return;
		}
		const commit = await graph.commit(oid);
		if (!commit) {
			if (their) return;
			throw new MissingObjectError(oid);
		}
		theirs.set(oid, their);
		queue.push(oid, commit.seconds);
		if (!their) oursQueued++;
	};
	for (const oid of haves) await push(oid, true);
	for (const oid of wants) await push(oid, false);
	while (oursQueued > 0) {
		const oid = queue.pop() as string;
		const their = theirs.get(oid) as boolean;
		if (!their) {
			oursQueued--;
			visited.push(oid);
		}
		for (const parent of await graph.parents(oid)) await push(parent, their);
	}
	const sent = visited.filter((oid) => !theirs.get(oid));
	const edges = new Set<string>();
	for (const oid of sent) {
		for (const parent of await graph.parents(oid)) if (theirs.get(parent)) edges.add(parent);
	}
	return { sent, edges: [...edges] };
}

/** Commit ids by date, newest first (a binary heap). */
class DateQueue {
	readonly #heap: { oid: string; seconds: number }[] = [];
	readonly #members = new Set<string>();

	has(oid: string): boolean {
		return this.#members.has(oid);
	}

	push(oid: string, seconds: number): void {
		const heap = this.#heap;
		heap.push({ oid, seconds });
		this.#members.add(oid);
		for (let at = heap.length - 1; at > 0; ) {
			const up = (at - 1) >> 1;
			if ((heap[up] as { seconds: number }).seconds >= seconds) break;
			[heap[up], heap[at]] = [heap[at] as (typeof heap)[0], heap[up] as (typeof heap)[0]];
			at = up;
		}
	}

	pop(): string | undefined {
		const heap = this.#heap;
		const top = heap[0];
		const last = heap.pop();
		if (top && last && heap.length > 0) {
			heap[0] = last;
			for (let at = 0; ; ) {
				const left = 2 * at + 1;
				const right = left + 1;
				let largest = at;
				if (left < heap.length && (heap[left]?.seconds ?? 0) > (heap[largest]?.seconds ?? 0)) largest = left;
				if (right < heap.length && (heap[right]?.seconds ?? 0) > (heap[largest]?.seconds ?? 0)) largest = right;
				if (largest === at) break;
				[heap[largest], heap[at]] = [heap[at] as (typeof heap)[0], heap[largest] as (typeof heap)[0]];
				at = largest;
			}
		}
		if (top) this.#members.delete(top.oid);
		return top?.oid;
	}
}
