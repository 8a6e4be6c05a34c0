/**
 * A revision's files as git's directory trees, computed without the database: every
 * directory becomes one tree, named by its git tree id, whose entries name a file's blob
 * (for an LFS file, its pointer's blob, as git holds it) or a subdirectory's tree. Equal
 * directories have equal ids, so a store keyed by id keeps each once, whichever commit or
 * repository holds it. Given the trees of the revision it starts from and the paths that
 * changed, only the directories on those paths are hashed again (services/trees.ts stores them).
 */
import { type GitFileMode, type GitTreeEntry, gitTreeOid } from "../git-oid.js";
import { isLfsFile, lfsPointerInfo } from "./lfs.js";

export const DIRECTORY_MODE = "40000";
export type EntryMode = GitFileMode | typeof DIRECTORY_MODE;

/** One file of a snapshot. */
export interface SnapshotFile {
	path: string;
	blobSha256: string;
	/** The size the repository lists. */
	size: number;
	/**
	 * Git blob id of the content. An LFS file's tree entry names its pointer instead, so a
	 * snapshot read back from the trees holds the pointer's id for it.
	 */
	gitOid: string;
	/** Plain (100644) when absent. */
	mode?: GitFileMode;
	/**
	 * Whether git holds it as an LFS pointer. Stored files say (a push decides it by what it sends);
	 * a file a commit brings is LFS by the hub's path-and-size rule (storage/lfs.ts).
	 */
	lfs?: boolean;
}

/** One entry of a stored tree. */
export interface TreeEntryRecord {
	name: string;
	mode: EntryMode;
	/** Git blob id (a file; an LFS file's pointer) or git tree id (a directory). */
	objectOid: string;
	/** Files only: the content's sha256, which is where the blob store keeps it. */
	blobSha256: string | null;
	/** Files only: the size the repository lists. */
	size: number | null;
	lfs: boolean;
}

export interface GitTrees {
	/** The root directory's tree id: what a commit names. */
	root: string;
	/** The trees to store, by id; those of directories the change did not touch are left out. */
	trees: Map<string, TreeEntryRecord[]>;
}

/** What the new trees start from: the directories of the revision before (path → tree id), and what changed. */
export interface TreeBase {
	directories: ReadonlyMap<string, string>;
	/** Paths written or deleted (files or folders). */
	changed: Iterable<string>;
}

interface Directory {
	files: Map<string, SnapshotFile>;
	directories: Map<string, Directory>;
}

export function fileObjectOid(file: SnapshotFile): { oid: string; lfs: boolean } {
	if (!(file.lfs ?? isLfsFile(file.path, file.size))) return { oid: file.gitOid, lfs: false };
	return { oid: lfsPointerInfo(file.blobSha256, file.size).oid, lfs: true };
}

export function buildTrees(files: Iterable<SnapshotFile>, base?: TreeBase): GitTrees {
	const root: Directory = { files: new Map(), directories: new Map() };
	for (const file of files) {
		const parts = file.path.split("/");
		let directory = root;
		for (const part of parts.slice(0, -1)) {
			let next = directory.directories.get(part);
			if (!next) {
				next = { files: new Map(), directories: new Map() };
				directory.directories.set(part, next);
			}
			directory = next;
		}
		directory.files.set(parts[parts.length - 1] ?? "", file);
	}
	const touched = base ? touchedDirectories(base.changed) : undefined;
	const trees = new Map<string, TreeEntryRecord[]>();
	const visit = (directory: Directory, path: string): string => {
		const known = touched && !touched.has(path) ? base?.directories.get(path) : undefined;
		if (known) return known;
		const records: TreeEntryRecord[] = [];
		for (const [name, file] of directory.files) {
			const object = fileObjectOid(file);
			records.push({
				name,
				mode: file.mode ?? "100644",
				objectOid: object.oid,
				blobSha256: file.blobSha256,
				size: file.size,
				lfs: object.lfs,
			});
		}
		for (const [name, child] of directory.directories) {
			const oid = visit(child, path === "" ? name : `${path}/${name}`);
			records.push({ name, mode: DIRECTORY_MODE, objectOid: oid, blobSha256: null, size: null, lfs: false });
		}
		const oid = gitTreeOid(records.map(gitEntry));
		trees.set(oid, records);
		return oid;
	};
	return { root: visit(root, ""), trees };
}

export function gitEntry(record: TreeEntryRecord): GitTreeEntry {
	return record.mode === DIRECTORY_MODE
		? { name: record.name, kind: "directory", oid: record.objectOid }
		: { name: record.name, kind: "file", oid: record.objectOid, mode: record.mode };
}

/** Every directory on the way to each changed path ("" is the root), and a changed folder itself. */
function touchedDirectories(changed: Iterable<string>): Set<string> {
	const touched = new Set<string>([""]);
	for (const path of changed) {
		touched.add(path);
		for (let slash = path.indexOf("/"); slash > 0; slash = path.indexOf("/", slash + 1)) {
			touched.add(path.slice(0, slash));
		}
	}
	return touched;
}
