/**
 * The file types users may not add to a repository (`HUBKIT_UPLOAD_REFUSED_TYPES`; by default
 * Windows executables, installers and scripts). Checked where users write (preupload, the NDJSON
 * commit, create with files) before any byte is stored; operator tools (`hubkit import`,
 * `hubkit mirror`) write through the services below the routes and are not held to it. Paths a
 * repository cannot hold at all are refused for everyone by storage/repo-path.ts.
 */
import type { HubConfig } from "../config.js";
import { HubError } from "../errors.js";

/**
 * The refused extension `path`'s file name ends with (case-insensitive), if any, read as Windows
 * would open it: without an NTFS stream suffix (`x.exe:stream`, `x.exe::$DATA`) and without the
 * trailing dots and spaces Windows drops (`x.exe.`, `x.exe `). The path rule refuses such names
 * outright; this keeps the type rule true on its own.
 */
export function refusedTypeOf(path: string, refusedTypes: readonly string[]): string | undefined {
	const segment = path.slice(path.lastIndexOf("/") + 1);
	const colon = segment.indexOf(":");
	const name = (colon === -1 ? segment : segment.slice(0, colon)).replace(/[. ]+$/, "").toLowerCase();
	return refusedTypes.find((type) => name.endsWith(type));
}

/** Throws the 422 that names the file and the rule when a user may not add `path`. */
export function checkUploadType(config: Pick<HubConfig, "uploadRefusedTypes">, path: string): void {
	const type = refusedTypeOf(path, config.uploadRefusedTypes);
	if (type === undefined) return;
	throw new HubError(
		422,
		`Invalid file type: ${path.slice(0, 200)}: this hub does not accept ${type} files (refused types: ${config.uploadRefusedTypes.join(", ")})`,
		{ code: "RefusedFileType" },
	);
}
