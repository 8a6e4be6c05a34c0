/**
 * What the git protocol services (upload-pack, receive-pack) read of one repository, whatever
 * stores it: the hub's database and blob store (services/git-repository.ts), or objects in memory
 * in a test. The services only ever see this seam.
 */
import type { GitObjectType } from "./objects.js";

export interface GitRef {
	/** Full name: `refs/heads/main`, `refs/tags/v1`. */
	name: string;
	oid: string;
	/** For an annotated tag: the object it names (what `^{}` shows in an advertisement). */
	peeled?: string;
}

export interface StoredGitObject {
	type: GitObjectType;
	bytes: Uint8Array;
}

export interface GitObjectReader {
	/** The object under `oid` (40 lowercase hex), or undefined when the repository has none. */
	readObject(oid: string): Promise<StoredGitObject | undefined>;
}

export interface GitRepositoryView extends GitObjectReader {
	/** The refs a clone sees (`refs/heads/*`, `refs/tags/*`), sorted by name. */
	refs(): Promise<GitRef[]>;
	/** The ref HEAD names (`refs/heads/main`), or undefined when the repository has none yet. */
	head(): Promise<string | undefined>;
}
