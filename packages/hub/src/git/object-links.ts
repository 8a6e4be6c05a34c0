/**
 * The ids an object names, read without the canonical checks of objects.ts: a walk over history
 * must get past any commit or tree a repository holds (one mirrored from an upstream may have old
 * modes such as 100664, or headers laid out unusually), and it needs only the links and a date.
 */
import { GitFormatError } from "./format-error.js";
import { type GitObjectType, isObjectType, rawTreeEntry } from "./objects.js";

export interface CommitLinks {
	tree: string;
	parents: string[];
	/** The committer's time in seconds, what git orders a history walk by. */
	seconds: number;
}

export type TreeLinkKind = "tree" | "blob" | "commit";

export interface TreeLink {
	kind: TreeLinkKind;
	/** The entry's name as its bytes read one to a character (latin1): a key, not text to show. */
	name: string;
	oid: string;
}

const decoder = new TextDecoder();
const OID = /^[0-9a-f]{40}$/;

/** The header lines of a commit or tag, up to the blank line before its message. */
function headerLines(bytes: Uint8Array): string[] {
	const end = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf("\n\n");
	return decoder.decode(end < 0 ? bytes : bytes.subarray(0, end)).split("\n");
}

export function commitLinks(bytes: Uint8Array): CommitLinks {
	let tree: string | undefined;
	const parents: string[] = [];
	let seconds = 0;
	for (const line of headerLines(bytes)) {
		if (line.startsWith("tree ")) tree = line.slice(5);
		else if (line.startsWith("parent ")) parents.push(line.slice(7));
		else if (line.startsWith("committer ")) seconds = Number(/> (\d+) [+-]\d+$/.exec(line)?.[1] ?? 0);
	}
	if (tree === undefined || !OID.test(tree) || !parents.every((parent) => OID.test(parent))) {
		throw new GitFormatError("bad-header", "A commit does not name its tree and parents by 40-hex ids.");
	}
	return { tree, parents, seconds };
}

export function tagTarget(bytes: Uint8Array): { object: string; type: GitObjectType } {
	let object: string | undefined;
	let type: string | undefined;
	for (const line of headerLines(bytes)) {
		if (line.startsWith("object ")) object ??= line.slice(7);
		else if (line.startsWith("type ")) type ??= line.slice(5);
	}
	if (object === undefined || !OID.test(object) || type === undefined || !isObjectType(type)) {
		throw new GitFormatError("bad-header", "A tag does not name its object and the object's type.");
	}
	return { object, type };
}

/** A tree's entries as links: a directory (mode 40000, or 040000 as very old git wrote), a submodule's commit, or a blob. */
export function* treeLinks(bytes: Uint8Array): Generator<TreeLink> {
	let at = 0;
	while (at < bytes.byteLength) {
		const entry = rawTreeEntry(bytes, at);
		const mode = entry.mode.replace(/^0+/, "");
		const kind: TreeLinkKind = mode === "40000" ? "tree" : mode === "160000" ? "commit" : "blob";
		yield { kind, name: Buffer.from(entry.name).toString("latin1"), oid: entry.oid };
		at = entry.next;
	}
}
