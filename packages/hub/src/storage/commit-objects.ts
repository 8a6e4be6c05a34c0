/**
 * The git commit object the hub writes for a commit made through the API (or seeded, or
 * re-hashed by migration 0023): its bytes are stored (`commits.git_object`) and its id is the
 * commit's id, so the API and a git client name every commit alike. The identity is fixed by
 * what the database holds, never by the request: the author's user name and their no-reply
 * address under one hub-wide domain, the time in whole seconds at UTC. A commit without an
 * author (seeded history, the hub itself) is signed by the hub.
 */
import { noReplyEmail } from "../git/identity.js";
import { encodeCommit, objectId, parseCommit } from "../git/objects.js";

/**
 * The host part of the no-reply addresses (`<user>@users.noreply.hubkit`): one constant, so an
 * address does not change with the name a hub is reached under, and migrated commits agree
 * with new ones.
 */
export const NO_REPLY_HOST = "hubkit";
/** Who signs a commit that has no author (seeded history, commits the hub makes itself). */
export const HUB_IDENTITY = { name: "Hubkit", email: `hub@users.noreply.${NO_REPLY_HOST}` } as const;

export interface CommitObjectInput {
	/** The root tree's git id. */
	tree: string;
	/** The first parent, then a merge's other parents; empty for a root commit. */
	parents: readonly string[];
	/** User name of who commits; null for the hub. */
	author: string | null;
	/** When, as an ISO 8601 time (the `commits.created_at` form); git keeps whole seconds. */
	createdAt: string;
	/** The message as the API shows it. */
	message: string;
}

export interface CommitObject {
	/** The git commit id: sha1 of the object's header and bytes. */
	sha: string;
	bytes: Uint8Array;
	/** The bytes as `commits.git_object` stores them. */
	base64: string;
}

/** The name and e-mail a commit or tag made by `author` (null: the hub) is signed with. */
export function signerIdentity(author: string | null): { name: string; email: string } {
	if (author === null) return HUB_IDENTITY;
	try {
		return { name: author, email: noReplyEmail(author, NO_REPLY_HOST) };
	} catch {
		// A name no address can be made of (older accounts' rules) is still named, at the hub's address.
		return { name: author.replace(/[<>\n]/g, ""), email: HUB_IDENTITY.email };
	}
}

/** Git writes a message ending in one newline; the API shows it without. */
export function gitMessage(message: string): Uint8Array {
	return Buffer.from(message.endsWith("\n") ? message : `${message}\n`);
}

export function commitObject(input: CommitObjectInput): CommitObject {
	const millis = Date.parse(input.createdAt);
	if (Number.isNaN(millis)) throw new Error(`A commit time is not a date: ${JSON.stringify(input.createdAt)}`);
	const signer = {
		...signerIdentity(input.author),
		seconds: Math.max(0, Math.floor(millis / 1000)),
		timezone: "+0000",
	};
	const bytes = encodeCommit({
		tree: input.tree,
		parents: [...input.parents],
		author: signer,
		committer: signer,
		extraHeaders: [],
		message: gitMessage(input.message),
	});
	return { sha: objectId("commit", bytes), bytes, base64: Buffer.from(bytes).toString("base64") };
}

/** The bytes `commits.git_object` holds. */
export function storedCommitBytes(base64: string): Uint8Array {
	return Uint8Array.from(Buffer.from(base64, "base64"));
}

/**
 * What is wrong with a stored commit object for `sha` naming `tree`; undefined when it is whole.
 * A mirror's commit keeps its upstream's id (`upstreamId`), which its object does not hash to.
 */
export function commitObjectProblem(sha: string, tree: string, base64: string, upstreamId = false): string | undefined {
	if (base64 === "") return "has no git object";
	const bytes = storedCommitBytes(base64);
	const actual = objectId("commit", bytes);
	if (actual !== sha && !upstreamId) return `its git object hashes to ${actual}`;
	try {
		const parsed = parseCommit(bytes);
		if (parsed.tree !== tree) return `its git object names tree ${parsed.tree}, the database ${tree}`;
	} catch (error) {
		return `its git object does not parse: ${error instanceof Error ? error.message : String(error)}`;
	}
	return undefined;
}
