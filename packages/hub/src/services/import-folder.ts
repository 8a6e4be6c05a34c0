/**
 * `hubkit import`: a local folder (a model in ONNX, GGUF or safetensors layout,
 * or a dataset) read into this hub's blob store, ready to be committed as one
 * revision. Files are streamed into the store, never read whole; `.git` and
 * other version-control folders are skipped, and symbolic links are refused
 * rather than followed (a link could point anywhere on the operator's disk).
 */
import { createReadStream } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import type { BlobStore } from "../storage/blob-store.js";
import { hashFile } from "../storage/file-hashes.js";
import { repoPathProblem } from "../storage/repo-path.js";

export class ImportError extends Error {
	override name = "ImportError";
}

/** Folders that hold a tool's state, not the repository's content. */
const SKIPPED_FOLDERS = new Set([".git", ".hg", ".svn", ".cache", "__pycache__", ".ipynb_checkpoints"]);

export interface ImportedFile {
	path: string;
	blob: { sha256: string; size: number };
	gitOid: string;
}

/** Every file under `root`, as repository paths (`/`-separated), in a stable order. */
export async function folderFiles(root: string): Promise<string[]> {
	const top = await lstat(root).catch(() => undefined);
	if (!top?.isDirectory()) throw new ImportError(`${root} is not a folder`);
	const found: string[] = [];
	const visit = async (directory: string) => {
		const entries = await readdir(directory, { withFileTypes: true });
		entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
		for (const entry of entries) {
			const full = join(directory, entry.name);
			const path = relative(root, full).split(sep).join("/");
			if (entry.isDirectory()) {
				if (!SKIPPED_FOLDERS.has(entry.name)) await visit(full);
			} else if (entry.isSymbolicLink()) {
				throw new ImportError(`${path} is a symbolic link: copy the file it points to into the folder instead`);
			} else if (entry.isFile()) {
				const problem = repoPathProblem(path);
				if (problem) throw new ImportError(`${path} cannot be a repository path: ${problem}`);
				found.push(path);
			}
		}
	};
	await visit(root);
	if (found.length === 0) throw new ImportError(`${root} holds no files`);
	return found;
}

/** Stores one file (streamed, checked against its own hash) and returns its ids. */
export async function importFile(blobStore: BlobStore, root: string, path: string): Promise<ImportedFile> {
	const full = join(root, ...path.split("/"));
	const hashes = await hashFile(full);
	const blob = await blobStore.putStream(Readable.toWeb(createReadStream(full)) as ReadableStream<Uint8Array>, {
		sha256: hashes.sha256,
		size: hashes.size,
	});
	return { path, blob, gitOid: hashes.gitOid };
}
