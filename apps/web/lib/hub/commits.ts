/**
 * What the Files tab, the editor and the history read about a repository, as the visitor: whether
 * they may write it (with the hub's upload limits), its commits, a file's text, and a commit's
 * changes against its parent (a line diff of text files; LFS and binary files by size).
 */
import "server-only";
import { type DiffLine, lineDiff } from "../line-diff";
import { encodePath, type RepoType, repoApiPath, repoPagePath } from "../paths";
import { hubAsVisitor, readAsVisitor } from "./fetch";
import type { TreeEntry } from "./repos";

export interface WriteAccess {
	mayWrite: boolean;
	uploadLimitBytes: number;
	maxFilesPerCommit: number;
	/** Extensions (`.exe` …) the hub refuses in users' commits. */
	refusedTypes: string[];
}

export interface CommitItem {
	id: string;
	title: string;
	message: string;
	authors: { user: string; avatar?: string }[];
	date: string;
}

/** Nobody may write what the hub will not say they may (signed out, or the hub unreachable). */
export async function getWriteAccess(type: RepoType, id: string): Promise<WriteAccess> {
	return (
		(await readAsVisitor<WriteAccess>(`${repoApiPath(type, id)}/write-access`)) ?? {
			mayWrite: false,
			uploadLimitBytes: 0,
			maxFilesPerCommit: 0,
			refusedTypes: [],
		}
	);
}

/** Newest first, with the count of the whole chain; undefined for an unknown revision. */
export async function listRepoCommits(
	type: RepoType,
	id: string,
	revision: string,
	limit = 50,
): Promise<{ commits: CommitItem[]; total: number } | undefined> {
	const response = await hubAsVisitor(
		`${repoApiPath(type, id)}/commits/${encodeURIComponent(revision)}?limit=${limit}`,
	);
	if (!response.ok) return undefined;
	return {
		commits: (await response.json()) as CommitItem[],
		total: Number(response.headers.get("x-total-count") ?? 0),
	};
}

/** The commit a revision is at now: what an edit names as its parent. */
export async function headCommit(type: RepoType, id: string, revision: string): Promise<string | undefined> {
	return (await listRepoCommits(type, id, revision, 1))?.commits[0]?.id;
}

export type EditableText = { ok: true; text: string } | { ok: false; reason: "missing" | "binary" | "lfs" | "large" };

/** A file's text as committed at `commit`, when it is a text file the editor can take. */
export async function readEditableText(
	type: RepoType,
	id: string,
	commit: string,
	path: string,
): Promise<EditableText> {
	const response = await hubAsVisitor(
		`${repoPagePath(type, id)}/raw/${encodeURIComponent(commit)}/${encodePath(path)}`,
	);
	if (!response.ok) return { ok: false, reason: "missing" };
	const bytes = new Uint8Array(await response.arrayBuffer());
	if (bytes.length > MAX_EDIT_BYTES) return { ok: false, reason: "large" };
	if (bytes.subarray(0, 8192).includes(0)) return { ok: false, reason: "binary" };
	const text = new TextDecoder().decode(bytes);
	// `raw` gives an LFS file's pointer, not its content: such files are uploaded, not edited.
	if (text.startsWith("version https://git-lfs.github.com/spec/")) return { ok: false, reason: "lfs" };
	return { ok: true, text };
}

/** The browser editor takes text files up to this size. */
export const MAX_EDIT_BYTES = 1024 * 1024;

async function treeAt(type: RepoType, id: string, revision: string): Promise<Map<string, TreeEntry>> {
	const response = await hubAsVisitor(
		`${repoApiPath(type, id)}/tree/${encodeURIComponent(revision)}?recursive=true&limit=1000`,
	);
	if (!response.ok) return new Map();
	const items = (await response.json()) as TreeEntry[];
	return new Map(items.filter((item) => item.type === "file").map((item) => [item.path, item]));
}

async function rawText(type: RepoType, id: string, revision: string, path: string): Promise<string | undefined> {
	const response = await hubAsVisitor(
		`${repoPagePath(type, id)}/raw/${encodeURIComponent(revision)}/${encodePath(path)}`,
	);
	if (!response.ok) return undefined;
	const bytes = new Uint8Array(await response.arrayBuffer());
	// A NUL byte in the first 8 KB: binary, as git decides.
	if (bytes.subarray(0, 8192).includes(0)) return undefined;
	return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

export interface FileChange {
	path: string;
	status: "added" | "deleted" | "modified";
	oldSize?: number;
	newSize?: number;
	/** Text files: the line diff; LFS, binary or large files have none. */
	lines?: DiffLine[];
	/** Why there is no line diff. */
	note?: string;
}

/** Text files up to this size get a line diff; larger ones are listed by size, as a person would not read their diff here. */
const MAX_DIFF_BYTES = 256 * 1024;

export interface CommitDetail {
	commit: CommitItem;
	parent?: CommitItem;
	changes: FileChange[];
}

/** The commit and its changes from its parent (the first commit: from nothing). */
export async function getCommitDetail(type: RepoType, id: string, sha: string): Promise<CommitDetail | undefined> {
	const chain = await listRepoCommits(type, id, sha, 2);
	const commit = chain?.commits[0];
	if (!commit) return undefined;
	const parent = chain.commits[1];
	const [after, before] = await Promise.all([
		treeAt(type, id, commit.id),
		parent ? treeAt(type, id, parent.id) : Promise.resolve(new Map<string, TreeEntry>()),
	]);
	const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
	const changes: FileChange[] = [];
	for (const path of paths) {
		const old = before.get(path);
		const now = after.get(path);
		if (old && now && old.oid === now.oid) continue;
		const change: FileChange = {
			path,
			status: !old ? "added" : !now ? "deleted" : "modified",
			oldSize: old?.size,
			newSize: now?.size,
		};
		if (old?.lfs || now?.lfs) change.note = "Stored with LFS: no line diff.";
		else if ((old?.size ?? 0) > MAX_DIFF_BYTES || (now?.size ?? 0) > MAX_DIFF_BYTES) change.note = "Too large to diff.";
		else {
			const [oldText, newText] = await Promise.all([
				old && parent ? rawText(type, id, parent.id, path) : Promise.resolve(""),
				now ? rawText(type, id, commit.id, path) : Promise.resolve(""),
			]);
			if (oldText === undefined || newText === undefined) change.note = "Binary file: no line diff.";
			else change.lines = lineDiff(oldText, newText);
		}
		changes.push(change);
	}
	return { commit, parent, changes };
}
