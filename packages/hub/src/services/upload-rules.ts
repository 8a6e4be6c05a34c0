/**
 * The file types users may not add to a repository (`HUBKIT_UPLOAD_REFUSED_TYPES`; by default
 * Windows executables, installers and scripts). Checked where users write (preupload, the NDJSON
 * commit, create with files) before any byte is stored; operator tools (`hubkit import`,
 * `hubkit mirror`) write through the services below the routes and are not held to it. Paths a
 * repository cannot hold at all are refused for everyone by storage/repo-path.ts.
 */
import type { HubConfig } from "../config.js";
import { HubError } from "../errors.js";

/** The refused extension `path`'s file name ends with (case-insensitive), if any. */
export function refusedTypeOf(path: string, refusedTypes: readonly string[]): string | undefined {
	const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
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
