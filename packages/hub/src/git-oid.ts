/**
 * Git object ids, computed the way git does, so the `oid` and `ETag` values the
 * hub hands out are the ones a git clone of the same repository would show:
 * a blob is sha1("blob <size>\0" + bytes), a tree is sha1 over its sorted entries.
 */
import { createHash } from "node:crypto";

const encoder = new TextEncoder();

export function gitBlobOid(content: Uint8Array | string): string {
	const bytes = typeof content === "string" ? encoder.encode(content) : content;
	return createHash("sha1").update(`blob ${bytes.byteLength}\0`).update(bytes).digest("hex");
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
	// Git orders entries bytewise by name, comparing a directory as if it ended in "/".
	const sortKey = (entry: GitTreeEntry) => Buffer.from(entry.kind === "directory" ? `${entry.name}/` : entry.name);
	const sorted = [...entries].sort((left, right) => Buffer.compare(sortKey(left), sortKey(right)));
	const body = Buffer.concat(
		sorted.flatMap((entry) => [
			Buffer.from(`${entry.kind === "directory" ? "40000" : (entry.mode ?? "100644")} ${entry.name}\0`),
			Buffer.from(entry.oid, "hex"),
		]),
	);
	return createHash("sha1").update(`tree ${body.byteLength}\0`).update(body).digest("hex");
}
