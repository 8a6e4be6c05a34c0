/**
 * Annotated tags as the hub keeps them (`ref_tags.tag_oid`, `ref_tags.git_object`): the tag
 * object a `POST …/tag/{revision}` with a message writes, signed like the hub's commits
 * (storage/commit-objects.ts), and the check `hubkit check` makes of every stored one. A pushed
 * tag object is stored as git sent it.
 */
import { encodeTag, objectId, parseTag } from "../git/objects.js";
import { gitMessage, signerIdentity } from "./commit-objects.js";

export interface TagObjectInput {
	/** The commit the tag names. */
	commit: string;
	/** The tag's name, without `refs/tags/`. */
	name: string;
	/** User name of who tags; null for the hub. */
	tagger: string | null;
	/** When, as an ISO 8601 time; git keeps whole seconds. */
	createdAt: string;
	message: string;
}

export interface TagObject {
	/** The tag's git id. */
	oid: string;
	bytes: Uint8Array;
	/** The bytes as `ref_tags.git_object` stores them. */
	base64: string;
}

export function tagObject(input: TagObjectInput): TagObject {
	const millis = Date.parse(input.createdAt);
	if (Number.isNaN(millis)) throw new Error(`A tag time is not a date: ${JSON.stringify(input.createdAt)}`);
	const bytes = encodeTag({
		object: input.commit,
		type: "commit",
		tag: input.name,
		tagger: { ...signerIdentity(input.tagger), seconds: Math.max(0, Math.floor(millis / 1000)), timezone: "+0000" },
		extraHeaders: [],
		message: gitMessage(input.message),
	});
	return storedTag(bytes);
}

/** A tag object's bytes with the id and base64 text they are stored under. */
export function storedTag(bytes: Uint8Array): TagObject {
	return { oid: objectId("tag", bytes), bytes, base64: Buffer.from(bytes).toString("base64") };
}

/** The bytes `ref_tags.git_object` holds. */
export function storedTagBytes(base64: string): Uint8Array {
	return Uint8Array.from(Buffer.from(base64, "base64"));
}

/** What is wrong with a stored tag object `oid` said to name `commit`; undefined when it is whole. */
export function tagObjectProblem(oid: string, commit: string, base64: string | null): string | undefined {
	if (base64 === null || base64 === "") return "has no git object";
	const bytes = storedTagBytes(base64);
	const actual = objectId("tag", bytes);
	if (actual !== oid) return `its git object hashes to ${actual}`;
	try {
		const parsed = parseTag(bytes);
		if (parsed.type !== "commit" || parsed.object !== commit) {
			return `its git object names ${parsed.type} ${parsed.object}, the database commit ${commit}`;
		}
	} catch (error) {
		return `its git object does not parse: ${error instanceof Error ? error.message : String(error)}`;
	}
	return undefined;
}
