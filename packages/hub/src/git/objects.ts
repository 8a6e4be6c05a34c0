/**
 * Git's four object kinds as bytes and back: blob, tree, commit and tag (git's
 * Documentation/gitformat-*, checked against git itself in objects.test.ts). An object's id
 * is sha1 over `"<type> <size>\0"` and its bytes, so the bytes are the truth: every parser
 * here re-encodes what it read and refuses the object unless the result is the same bytes.
 * That is what lets the hub store parsed commits and trees yet hand out the ids a git client
 * computes, and it makes a malformed or non-canonical object a typed error, never a silent
 * change of id.
 */
import { createHash } from "node:crypto";
import { GitFormatError } from "./format-error.js";
import { encodePerson, type GitPerson, parsePerson } from "./identity.js";

export type GitObjectType = "blob" | "tree" | "commit" | "tag";
export const GIT_OBJECT_TYPES: readonly GitObjectType[] = ["blob", "tree", "commit", "tag"];

/** A plain file, an executable, a symbolic link, a directory, a submodule's commit. */
export type TreeEntryMode = "100644" | "100755" | "120000" | "40000" | "160000";
const TREE_MODES: ReadonlySet<string> = new Set<TreeEntryMode>(["100644", "100755", "120000", "40000", "160000"]);
export const DIRECTORY_MODE = "40000";

export interface TreeEntry {
	mode: TreeEntryMode;
	name: string;
	/** 40 lower-case hex digits: a blob, a tree (mode 40000) or a commit (mode 160000). */
	oid: string;
}

/** A header git keeps but the hub does not interpret (gpgsig, mergetag, …), in its place. */
export interface GitHeader {
	name: string;
	/** Several lines for a signature; git writes each line after the first behind a space. */
	value: string;
}

export interface GitCommit {
	tree: string;
	/** None for a root commit, two or more for a merge. */
	parents: string[];
	author: GitPerson;
	committer: GitPerson;
	/** The message's character set when it is not UTF-8 (git's `encoding` header). */
	encoding?: string;
	/** Headers after committer (and encoding), in order, e.g. `gpgsig` or `mergetag`. */
	extraHeaders: GitHeader[];
	/** The message exactly, usually ending in a newline. */
	message: Uint8Array;
}

export interface GitTag {
	/** The tagged object. */
	object: string;
	type: GitObjectType;
	/** The tag's name (`v1.0`, not `refs/tags/v1.0`). */
	tag: string;
	/** Absent only in tags older than git 0.99. */
	tagger?: GitPerson;
	extraHeaders: GitHeader[];
	/** The message exactly; a signed tag's signature is its last lines. */
	message: Uint8Array;
}

export type GitObject =
	| { type: "blob"; data: Uint8Array }
	| { type: "tree"; entries: TreeEntry[] }
	| { type: "commit"; commit: GitCommit }
	| { type: "tag"; tag: GitTag };

const utf8 = new TextDecoder("utf-8", { fatal: true });
const OID = /^[0-9a-f]{40}$/;

/** The object id git gives `bytes` of `type`: sha1 of `"<type> <size>\0"` then the bytes, as hex. */
export function objectId(type: GitObjectType, bytes: Uint8Array): string {
	return createHash("sha1").update(`${type} ${bytes.byteLength}\0`).update(bytes).digest("hex");
}

export function isObjectType(value: string): value is GitObjectType {
	return (GIT_OBJECT_TYPES as readonly string[]).includes(value);
}

function checkOid(oid: string, what: string): string {
	if (!OID.test(oid)) throw new GitFormatError("bad-oid", `${what} is not 40 lower-case hex digits.`);
	return oid;
}

/** Git's tree order: bytewise by name, a directory compared as if its name ended in "/". */
function treeSortKey(entry: TreeEntry): Buffer {
	return Buffer.from(entry.mode === DIRECTORY_MODE ? `${entry.name}/` : entry.name);
}

function compareTreeEntries(left: TreeEntry, right: TreeEntry): number {
	return Buffer.compare(treeSortKey(left), treeSortKey(right));
}

function checkEntryName(name: string): void {
	if (name === "" || name === "." || name === ".." || /[/\0]/.test(name)) {
		throw new GitFormatError("bad-name", `A tree entry may not be named ${JSON.stringify(name)}.`);
	}
}

/** A tree's bytes; entries may come in any order, they are written in git's. */
export function encodeTree(entries: readonly TreeEntry[]): Uint8Array {
	const names = new Set<string>();
	for (const entry of entries) {
		if (!TREE_MODES.has(entry.mode)) throw new GitFormatError("bad-mode", `Mode ${entry.mode} is not a tree mode.`);
		checkEntryName(entry.name);
		checkOid(entry.oid, `The id of ${JSON.stringify(entry.name)}`);
		if (names.has(entry.name))
			throw new GitFormatError("bad-name", `Two entries are named ${JSON.stringify(entry.name)}.`);
		names.add(entry.name);
	}
	const sorted = [...entries].sort(compareTreeEntries);
	return Buffer.concat(
		sorted.flatMap((entry) => [Buffer.from(`${entry.mode} ${entry.name}\0`), Buffer.from(entry.oid, "hex")]),
	);
}

/** One tree entry as written, unchecked: its mode and name bytes, its id, and where the next begins. */
export interface RawTreeEntry {
	mode: string;
	name: Uint8Array;
	oid: string;
	next: number;
}

/** Reads the entry at `at` of a tree's bytes (`<mode> <name>\0<20-byte id>`); only its framing is checked. */
export function rawTreeEntry(bytes: Uint8Array, at: number): RawTreeEntry {
	const space = bytes.indexOf(0x20, at);
	const nul = space < 0 ? -1 : bytes.indexOf(0, space);
	if (space < 0 || nul < 0 || nul + 21 > bytes.byteLength) {
		throw new GitFormatError("truncated", "A tree entry ends before its name and 20-byte id.");
	}
	return {
		mode: Buffer.from(bytes.subarray(at, space)).toString("latin1"),
		name: bytes.subarray(space + 1, nul),
		oid: Buffer.from(bytes.subarray(nul + 1, nul + 21)).toString("hex"),
		next: nul + 21,
	};
}

/** A tree's entries in git's order; refuses unknown modes, bad names and entries out of order. */
export function parseTree(bytes: Uint8Array): TreeEntry[] {
	const entries: TreeEntry[] = [];
	let at = 0;
	while (at < bytes.byteLength) {
		const raw = rawTreeEntry(bytes, at);
		const mode = raw.mode;
		if (!TREE_MODES.has(mode)) throw new GitFormatError("bad-mode", `Mode ${JSON.stringify(mode)} is not a tree mode.`);
		const name = decodeUtf8(raw.name, "A tree entry's name");
		checkEntryName(name);
		const entry: TreeEntry = { mode: mode as TreeEntryMode, name, oid: raw.oid };
		const previous = entries.at(-1);
		if (previous?.name === name) throw new GitFormatError("bad-name", `A tree names ${JSON.stringify(name)} twice.`);
		if (previous && compareTreeEntries(previous, entry) >= 0) {
			throw new GitFormatError("unsorted-tree", `Tree entry ${JSON.stringify(name)} is out of git's order.`);
		}
		entries.push(entry);
		at = raw.next;
	}
	// A name may repeat with the other kind (file "a", directory "a") further on; git refuses both.
	if (new Set(entries.map((entry) => entry.name)).size !== entries.length) {
		throw new GitFormatError("bad-name", "A tree names one entry twice.");
	}
	return entries;
}

function decodeUtf8(bytes: Uint8Array, what: string): string {
	try {
		return utf8.decode(bytes);
	} catch {
		throw new GitFormatError("not-utf8", `${what} is not UTF-8.`);
	}
}

function encodeHeader(header: GitHeader): string {
	if (!/^[^\s\0]+$/.test(header.name)) {
		throw new GitFormatError("bad-header", `A header name ${JSON.stringify(header.name)} is empty or holds a space.`);
	}
	return `${header.name} ${header.value.replaceAll("\n", "\n ")}\n`;
}

/** Headers then a blank line then the message: how commits and tags are laid out. */
function withMessage(headers: GitHeader[], message: Uint8Array): Uint8Array {
	return Buffer.concat([Buffer.from(`${headers.map(encodeHeader).join("")}\n`), message]);
}

/** The header lines of a commit or tag, a continuation line (one starting with a space) folded into the one before. */
function splitHeaders(bytes: Uint8Array, kind: string): { headers: GitHeader[]; message: Uint8Array } {
	const end = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf("\n\n");
	if (end < 0) throw new GitFormatError("truncated", `A ${kind} has no blank line before its message.`);
	const headers: GitHeader[] = [];
	for (const line of decodeUtf8(bytes.subarray(0, end), `A ${kind}'s header`).split("\n")) {
		const last = headers.at(-1);
		if (line.startsWith(" ")) {
			if (!last) throw new GitFormatError("bad-header", `A ${kind} starts with a continuation line.`);
			last.value += `\n${line.slice(1)}`;
			continue;
		}
		const space = line.indexOf(" ");
		if (space <= 0) throw new GitFormatError("bad-header", `A ${kind} header line has no name and value.`);
		headers.push({ name: line.slice(0, space), value: line.slice(space + 1) });
	}
	return { headers, message: bytes.subarray(end + 2) };
}

/** Reads headers from the front of a list, in the order the format fixes. */
class HeaderReader {
	private at = 0;
	constructor(
		private readonly headers: GitHeader[],
		private readonly kind: string,
	) {}
	optional(name: string): string | undefined {
		const header = this.headers[this.at];
		if (header?.name !== name) return undefined;
		this.at += 1;
		return header.value;
	}
	required(name: string): string {
		const value = this.optional(name);
		if (value === undefined)
			throw new GitFormatError("missing-header", `A ${this.kind} needs its "${name}" line here.`);
		return value;
	}
	rest(): GitHeader[] {
		return this.headers.slice(this.at);
	}
}

/** What a parser read must be written back as the same bytes, or its id would change. */
function requireCanonical(bytes: Uint8Array, encoded: Uint8Array, kind: string): void {
	if (!Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(encoded)) {
		throw new GitFormatError("not-canonical", `The ${kind} is not laid out as git writes one.`);
	}
}

/** Lines with a fixed place in a commit, which an extra header may not repeat. */
const COMMIT_FIELDS = ["tree", "parent", "author", "committer"];

export function encodeCommit(commit: GitCommit): Uint8Array {
	if (commit.encoding?.includes("\n")) throw new GitFormatError("bad-header", "A commit's encoding spans lines.");
	const misplaced = commit.extraHeaders.find((header) => COMMIT_FIELDS.includes(header.name));
	if (misplaced) throw new GitFormatError("bad-header", `A commit's "${misplaced.name}" line is out of its place.`);
	const headers: GitHeader[] = [
		{ name: "tree", value: checkOid(commit.tree, "The commit's tree") },
		...commit.parents.map((parent) => ({ name: "parent", value: checkOid(parent, "A parent") })),
		{ name: "author", value: encodePerson(commit.author) },
		{ name: "committer", value: encodePerson(commit.committer) },
		...(commit.encoding === undefined ? [] : [{ name: "encoding", value: commit.encoding }]),
		...commit.extraHeaders,
	];
	return withMessage(headers, commit.message);
}

export function parseCommit(bytes: Uint8Array): GitCommit {
	const { headers, message } = splitHeaders(bytes, "commit");
	const reader = new HeaderReader(headers, "commit");
	const tree = checkOid(reader.required("tree"), "The commit's tree");
	const parents: string[] = [];
	for (let parent = reader.optional("parent"); parent !== undefined; parent = reader.optional("parent")) {
		parents.push(checkOid(parent, "A parent"));
	}
	const author = parsePerson(reader.required("author"));
	const committer = parsePerson(reader.required("committer"));
	const encoding = reader.optional("encoding");
	const commit: GitCommit = {
		tree,
		parents,
		author,
		committer,
		...(encoding === undefined ? {} : { encoding }),
		extraHeaders: reader.rest(),
		message: Uint8Array.from(message),
	};
	requireCanonical(bytes, encodeCommit(commit), "commit");
	return commit;
}

export function encodeTag(tag: GitTag): Uint8Array {
	if (!isObjectType(tag.type)) throw new GitFormatError("bad-type", `A tag cannot point at a ${tag.type}.`);
	if (tag.tag === "" || tag.tag.includes("\n"))
		throw new GitFormatError("bad-header", "A tag's name is empty or spans lines.");
	const headers: GitHeader[] = [
		{ name: "object", value: checkOid(tag.object, "The tagged object") },
		{ name: "type", value: tag.type },
		{ name: "tag", value: tag.tag },
		...(tag.tagger === undefined ? [] : [{ name: "tagger", value: encodePerson(tag.tagger) }]),
		...tag.extraHeaders,
	];
	return withMessage(headers, tag.message);
}

export function parseTag(bytes: Uint8Array): GitTag {
	const { headers, message } = splitHeaders(bytes, "tag");
	const reader = new HeaderReader(headers, "tag");
	const object = checkOid(reader.required("object"), "The tagged object");
	const type = reader.required("type");
	if (!isObjectType(type)) throw new GitFormatError("bad-type", `A tag cannot point at a ${JSON.stringify(type)}.`);
	const name = reader.required("tag");
	const taggerLine = reader.optional("tagger");
	const tag: GitTag = {
		object,
		type,
		tag: name,
		...(taggerLine === undefined ? {} : { tagger: parsePerson(taggerLine) }),
		extraHeaders: reader.rest(),
		message: Uint8Array.from(message),
	};
	requireCanonical(bytes, encodeTag(tag), "tag");
	return tag;
}

/** Any object's bytes (what follows `"<type> <size>\0"` in a loose object or a pack). */
export function encodeObject(object: GitObject): Uint8Array {
	switch (object.type) {
		case "blob":
			return object.data;
		case "tree":
			return encodeTree(object.entries);
		case "commit":
			return encodeCommit(object.commit);
		case "tag":
			return encodeTag(object.tag);
	}
}

export function parseObject(type: string, bytes: Uint8Array): GitObject {
	switch (type) {
		case "blob":
			return { type, data: bytes };
		case "tree":
			return { type, entries: parseTree(bytes) };
		case "commit":
			return { type, commit: parseCommit(bytes) };
		case "tag":
			return { type, tag: parseTag(bytes) };
		default:
			throw new GitFormatError("bad-type", `${JSON.stringify(type)} is not a git object type.`);
	}
}
