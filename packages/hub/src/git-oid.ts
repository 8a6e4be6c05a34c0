/**
 * Git object ids, computed the way git does, so the `oid` and `ETag` values the
 * hub hands out are the ones a git clone of the same repository would show:
 * a blob is sha1("blob <size>\0" + bytes), a tree is sha1 over its sorted entries.
 * The formats themselves live in git/objects.ts; this is the hub's short way to them.
 */
import { encodeTree, objectId } from "./git/objects.js";

const encoder = new TextEncoder();

export function gitBlobOid(content: Uint8Array | string): string {
	return objectId("blob", typeof content === "string" ? encoder.encode(content) : content);
}

/** Git's entry modes: a plain file, an executable, a symbolic link, a directory. */
export type GitFileMode = "100644" | "100755" | "120000";

export interface GitTreeEntry {
	name: string;
	kind: "file" | "directory";
	/** 40 hex digits. */
	oid: string;
	/** A file's mode; plain (100644) when absent. */
	mode?: GitFileMode;
}

export function gitTreeOid(entries: readonly GitTreeEntry[]): string {
	const tree = encodeTree(
		entries.map((entry) => ({
			name: entry.name,
			mode: entry.kind === "directory" ? "40000" : (entry.mode ?? "100644"),
			oid: entry.oid,
		})),
	);
	return objectId("tree", tree);
}
