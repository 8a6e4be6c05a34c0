/** A folder of files on disk for the operator commands' tests (`hubkit import`, backups). */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface FolderFile {
	path: string;
	content: string | Uint8Array;
}

/** Writes `files` (paths may hold folders) into `folder`, a new temporary one by default; returns it. */
export function writeFolder(files: FolderFile[], folder = mkdtempSync(join(tmpdir(), "hubkit-folder-"))): string {
	for (const file of files) {
		mkdirSync(dirname(join(folder, file.path)), { recursive: true });
		writeFileSync(join(folder, file.path), file.content);
	}
	return folder;
}
