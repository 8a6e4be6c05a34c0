/**
 * A revision's files seen as a git tree: the entries the tree API lists, with the
 * `oid` git would give each (blob id of the content, or of the LFS pointer; tree
 * id for a directory, computed from its children), in one stable order so a
 * cursor can be "the last path already sent".
 */
import { gitTreeOid } from "../git-oid.js";
import { isLfsFile, lfsPointerInfo } from "./lfs.js";

export interface RevisionFile {
	path: string;
	/** The size the repository lists. */
	size: number;
	/**
	 * Bytes the blob store holds for it, when known. Equal to `size` except for
	 * seeded placeholder files, which list a realistic size but store a capped stand-in.
	 */
	storedSize?: number;
	blobSha256: string;
	/** Git blob id of the content. */
	gitOid: string;
}

export interface FileEntry {
	type: "file";
	oid: string;
	size: number;
	path: string;
	lfs?: { oid: string; size: number; pointerSize: number };
}

export interface DirectoryEntry {
	type: "directory";
	oid: string;
	size: 0;
	path: string;
}

export type TreeEntry = FileEntry | DirectoryEntry;

export function fileEntry(file: RevisionFile): FileEntry {
	if (!isLfsFile(file.path, file.size)) return { type: "file", oid: file.gitOid, size: file.size, path: file.path };
	const pointer = lfsPointerInfo(file.blobSha256, file.size);
	return {
		type: "file",
		oid: pointer.oid,
		size: file.size,
		path: file.path,
		lfs: { oid: file.blobSha256, size: file.size, pointerSize: pointer.pointerSize },
	};
}

/** Bytewise (UTF-16 code unit) order, the same on every engine and every locale. */
export function comparePaths(left: string, right: string): number {
	return left < right ? -1 : left > right ? 1 : 0;
}

function parentOf(path: string): string {
	const slash = path.lastIndexOf("/");
	return slash < 0 ? "" : path.slice(0, slash);
}

export class RepoTree {
	readonly #files = new Map<string, FileEntry>();
	readonly #sources = new Map<string, RevisionFile>();
	/** Directory path ("" for the root) → paths of its direct children. */
	readonly #children = new Map<string, string[]>([["", []]]);
	readonly #directoryOids = new Map<string, string>();

	constructor(files: readonly RevisionFile[]) {
		for (const file of files) {
			this.#files.set(file.path, fileEntry(file));
			this.#sources.set(file.path, file);
			let child = file.path;
			for (;;) {
				const parent = parentOf(child);
				const known = this.#children.has(parent);
				this.#childrenOf(parent).push(child);
				// A directory seen before already hangs from the root.
				if (known) break;
				child = parent;
			}
		}
	}

	#childrenOf(directory: string): string[] {
		let children = this.#children.get(directory);
		if (!children) {
			children = [];
			this.#children.set(directory, children);
		}
		return children;
	}

	file(path: string): FileEntry | undefined {
		return this.#files.get(path);
	}

	/** The file or directory at `path` (not the root), as the tree lists it. */
	entry(path: string): TreeEntry | undefined {
		const file = this.#files.get(path);
		if (file) return file;
		if (path === "" || !this.#children.has(path)) return undefined;
		return { type: "directory", oid: this.directoryOid(path), size: 0, path };
	}

	/** The stored file behind a path: where its bytes are. */
	revisionFile(path: string): RevisionFile | undefined {
		return this.#sources.get(path);
	}

	isDirectory(path: string): boolean {
		return this.#children.has(path);
	}

	/** Entries under `directory` ("" = root), sorted by path; all descendants when recursive. */
	list(directory: string, recursive: boolean): TreeEntry[] {
		const entries: TreeEntry[] = [];
		const visit = (current: string) => {
			for (const path of this.#children.get(current) ?? []) {
				const file = this.#files.get(path);
				if (file) {
					entries.push(file);
				} else {
					entries.push({ type: "directory", oid: this.directoryOid(path), size: 0, path });
					if (recursive) visit(path);
				}
			}
		};
		visit(directory);
		return entries.sort((left, right) => comparePaths(left.path, right.path));
	}

	directoryOid(directory: string): string {
		const known = this.#directoryOids.get(directory);
		if (known) return known;
		const entries = (this.#children.get(directory) ?? []).map((path) => {
			const name = path.slice(path.lastIndexOf("/") + 1);
			const file = this.#files.get(path);
			return file
				? { name, kind: "file" as const, oid: file.oid }
				: { name, kind: "directory" as const, oid: this.directoryOid(path) };
		});
		const oid = gitTreeOid(entries);
		this.#directoryOids.set(directory, oid);
		return oid;
	}
}
