/**
 * A repository's history as upload-pack walks it: each object read at most once per request for
 * its type and links (ids and a date, never a blob's bytes kept), and the two questions
 * negotiation asks of it: is a wanted commit reachable from a ref, and does every want reach a
 * commit the client has.
 */
import { type CommitLinks, commitLinks, tagTarget } from "./object-links.js";
import type { GitObjectType } from "./objects.js";
import type { GitObjectReader } from "./repository.js";

export class CommitGraph {
	readonly #types = new Map<string, GitObjectType | null>();
	readonly #commits = new Map<string, CommitLinks>();
	readonly #tags = new Map<string, string>();
	/**
	 * Commits whose parents the walks do not follow: the client's shallow commits and the new
	 * shallow boundary, as git grafts them away while it serves a shallow client.
	 */
	readonly parentless = new Set<string>();

	constructor(readonly reader: GitObjectReader) {}

	/** The object's type, or undefined when the repository has no such object. */
	async type(oid: string): Promise<GitObjectType | undefined> {
		const known = this.#types.get(oid);
		if (known !== undefined) return known ?? undefined;
		const object = await this.reader.readObject(oid);
		this.#types.set(oid, object?.type ?? null);
		if (object?.type === "commit") this.#commits.set(oid, commitLinks(object.bytes));
		if (object?.type === "tag") this.#tags.set(oid, tagTarget(object.bytes).object);
		return object?.type;
	}

	/** The commit's links, or undefined when `oid` is not a commit the repository holds. */
	async commit(oid: string): Promise<CommitLinks | undefined> {
		if (!this.#commits.has(oid)) await this.type(oid);
		return this.#commits.get(oid);
	}

	/** The parents a walk follows: none for a commit grafted away. */
	async parents(oid: string): Promise<string[]> {
		if (this.parentless.has(oid)) return [];
		return (await this.commit(oid))?.parents ?? [];
	}

	/** What `oid` names once annotated tags are followed: the object and its type, undefined when missing. */
	async peel(oid: string): Promise<{ oid: string; type: GitObjectType } | undefined> {
		let current = oid;
		for (let hops = 0; hops < 32; hops++) {
			const type = await this.type(current);
			if (type !== "tag") return type === undefined ? undefined : { oid: current, type };
			current = this.#tags.get(current) as string;
		}
		return undefined;
	}

	/** The object a tag names directly (it may be another tag). */
	async tagTarget(oid: string): Promise<string | undefined> {
		return (await this.type(oid)) === "tag" ? this.#tags.get(oid) : undefined;
	}

	/**
	 * The first of `targets` (commits) that no ref reaches, walking every tip's full history
	 * (real parents) until all are found: what git's allow-reachable-sha1-in-want checks.
	 */
	async firstUnreachable(targets: readonly string[], tips: readonly string[]): Promise<string | undefined> {
		const missing = new Set(targets);
		const seen = new Set<string>();
		const stack: string[] = [];
		for (const tip of tips) {
			const peeled = await this.peel(tip);
			if (peeled?.type === "commit") stack.push(peeled.oid);
		}
		for (let oid = stack.pop(); oid !== undefined && missing.size > 0; oid = stack.pop()) {
			if (seen.has(oid)) continue;
			seen.add(oid);
			missing.delete(oid);
			stack.push(...((await this.commit(oid))?.parents ?? []));
		}
		return missing.values().next().value;
	}

	/**
	 * Whether every wanted commit reaches one the client has or a parent of one (git's
	 * ok_to_give_up): then the server can cut the negotiation and send the pack. Commits older
	 * than the oldest common one are not walked, as git does, so a want that does not reach them
	 * costs only the history since.
	 */
	async allWantsReach(wants: readonly string[], common: readonly string[]): Promise<boolean> {
		if (common.length === 0) return false;
		const theyHave = new Set<string>();
		let oldest = Number.POSITIVE_INFINITY;
		for (const oid of common) {
			const commit = await this.commit(oid);
			if (!commit) continue;
			theyHave.add(oid);
			for (const parent of await this.parents(oid)) theyHave.add(parent);
			oldest = Math.min(oldest, commit.seconds);
		}
		const reaching = new Set<string>();
		for (const want of wants) {
			const peeled = await this.peel(want);
			if (peeled?.type !== "commit") continue;
			if (!(await this.#reaches(peeled.oid, theyHave, reaching, oldest))) return false;
		}
		return true;
	}

	async #reaches(start: string, targets: Set<string>, reaching: Set<string>, oldest: number): Promise<boolean> {
		const seen = new Set<string>();
		const stack = [start];
		for (let oid = stack.pop(); oid !== undefined; oid = stack.pop()) {
			if (targets.has(oid) || reaching.has(oid)) {
				reaching.add(start);
				return true;
			}
			if (seen.has(oid)) continue;
			seen.add(oid);
			for (const parent of await this.parents(oid)) {
				const commit = await this.commit(parent);
				if (commit && (commit.seconds >= oldest || targets.has(parent))) stack.push(parent);
			}
		}
		return false;
	}
}
