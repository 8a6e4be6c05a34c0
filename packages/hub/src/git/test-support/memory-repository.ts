/**
 * A git repository held in memory, for the protocol tests: objects encoded with objects.ts, refs
 * in a map, and a log of the objects read, so a test can tell what a fetch had to look at.
 */
import { encodeCommit, encodeTag, encodeTree, type GitObjectType, objectId, type TreeEntryMode } from "../objects.js";
import type { GitRef, GitRepositoryView, StoredGitObject } from "../repository.js";

/** A file of `files()`: its content, and its mode when it is not a plain file. */
export type MemoryFile = string | Uint8Array | { data: string | Uint8Array; mode: "100644" | "100755" | "120000" };
/** A directory: names to files or directories. */
export interface MemoryTree {
	[name: string]: MemoryFile | MemoryTree;
}

const encoder = new TextEncoder();
const bytesOf = (data: string | Uint8Array) => (typeof data === "string" ? encoder.encode(data) : data);

export interface CommitOptions {
	tree: string;
	parents?: string[];
	message?: string;
	/** The commit's time in seconds; defaults to a clock that moves a minute each commit. */
	seconds?: number;
}

export class MemoryRepository implements GitRepositoryView {
	readonly objects = new Map<string, StoredGitObject>();
	readonly refMap = new Map<string, string>();
	/** Every `readObject` call's id, in order (a test may clear it). */
	readonly reads: string[] = [];
	/** What HEAD names; `head()` answers it even before the branch exists (an unborn HEAD). */
	headRef: string | undefined = "refs/heads/main";
	#clock = 1_700_000_000;

	put(type: GitObjectType, bytes: Uint8Array): string {
		const oid = objectId(type, bytes);
		this.objects.set(oid, { type, bytes });
		return oid;
	}

	blob(data: string | Uint8Array): string {
		return this.put("blob", bytesOf(data));
	}

	/** A tree (and its subtrees and blobs) from nested names, stored; returns the root tree's id. */
	tree(files: MemoryTree): string {
		const entries = Object.entries(files).map(([name, value]) => {
			if (typeof value === "string" || value instanceof Uint8Array) {
				return { name, mode: "100644" as TreeEntryMode, oid: this.blob(value) };
			}
			if ("data" in value && "mode" in value && typeof value.mode === "string") {
				const file = value as { data: string | Uint8Array; mode: TreeEntryMode };
				return { name, mode: file.mode, oid: this.blob(file.data) };
			}
			return { name, mode: "40000" as TreeEntryMode, oid: this.tree(value as MemoryTree) };
		});
		return this.put("tree", encodeTree(entries));
	}

	commit(options: CommitOptions): string {
		this.#clock += 60;
		const person = { name: "Hubkit Test", email: "test@example.com", seconds: options.seconds ?? this.#clock };
		return this.put(
			"commit",
			encodeCommit({
				tree: options.tree,
				parents: options.parents ?? [],
				author: { ...person, timezone: "+0100" },
				committer: { ...person, timezone: "+0100" },
				extraHeaders: [],
				message: encoder.encode(`${options.message ?? "A commit"}\n`),
			}),
		);
	}

	/** A commit of `files` on top of `branch` (its parent the branch's tip), moving the branch. */
	commitFiles(files: MemoryTree, message = "A commit", branch = "refs/heads/main"): string {
		const parent = this.refMap.get(branch);
		const oid = this.commit({ tree: this.tree(files), parents: parent ? [parent] : [], message });
		this.refMap.set(branch, oid);
		return oid;
	}

	/** An annotated tag object on `object`, stored and named by `refs/tags/<name>`. */
	annotatedTag(name: string, object: string, message = "A tag"): string {
		const target = this.objects.get(object);
		if (!target) throw new Error(`no object ${object} to tag`);
		const oid = this.put(
			"tag",
			encodeTag({
				object,
				type: target.type,
				tag: name,
				tagger: { name: "Hubkit Test", email: "test@example.com", seconds: this.#clock, timezone: "+0000" },
				extraHeaders: [],
				message: encoder.encode(`${message}\n`),
			}),
		);
		this.refMap.set(`refs/tags/${name}`, oid);
		return oid;
	}

	async readObject(oid: string): Promise<StoredGitObject | undefined> {
		this.reads.push(oid);
		return this.objects.get(oid);
	}

	async refs(): Promise<GitRef[]> {
		return [...this.refMap]
			.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
			.map(([name, oid]) => {
				const peeled = this.#peel(oid);
				return peeled === oid ? { name, oid } : { name, oid, peeled };
			});
	}

	async head(): Promise<string | undefined> {
		return this.headRef;
	}

	#peel(oid: string): string {
		let current = oid;
		for (let object = this.objects.get(current); object?.type === "tag"; object = this.objects.get(current)) {
			current = /^object ([0-9a-f]{40})$/m.exec(new TextDecoder().decode(object.bytes))?.[1] ?? current;
		}
		return current;
	}
}
