/**
 * Where a push's objects wait while the push is checked: nothing in it reaches the repository
 * until the pack is whole and verified and the checks pass, and `dispose` forgets it all.
 *
 * Objects are held in memory up to a byte budget; past it each further object is written to a
 * file of its own in a temporary directory under os.tmpdir(), made on first need. Memory is then
 * the budget plus an index entry (id, type, size) per object, whatever the size of the push.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GitObjectType } from "./objects.js";
import type { GitObjectReader, StoredGitObject } from "./repository.js";

/** A received object with its id, as `objects()` hands them out. */
export interface QuarantinedObject extends StoredGitObject {
	oid: string;
}

/** What a caller reads of the quarantine once a push is accepted. */
export interface QuarantineReader extends GitObjectReader {
	/** How many objects `objects()` yields. */
	readonly count: number;
	/** The objects, in the order the pack held them, read one at a time. */
	objects(): AsyncIterable<QuarantinedObject>;
}

interface Entry {
	type: GitObjectType;
	size: number;
	/** The bytes when held in memory; otherwise they are in the spool file named after the id. */
	bytes?: Uint8Array;
}

export const DEFAULT_QUARANTINE_MEMORY_BYTES = 32 * 1024 * 1024;

export class Quarantine implements GitObjectReader {
	readonly #entries = new Map<string, Entry>();
	readonly #memoryBudget: number;
	#memoryBytes = 0;
	#directory: Promise<string> | undefined;
	#disposed = false;
	/** Bytes written to the spool directory so far (0 while everything fits in memory). */
	spooledBytes = 0;

	constructor(options: { memoryBytes?: number } = {}) {
		this.#memoryBudget = options.memoryBytes ?? DEFAULT_QUARANTINE_MEMORY_BYTES;
	}

	get count(): number {
		return this.#entries.size;
	}

	/** The spool directory, once something was written to it. */
	get spoolDirectory(): Promise<string> | undefined {
		return this.#directory;
	}

	async add(oid: string, type: GitObjectType, bytes: Uint8Array): Promise<void> {
		if (this.#disposed) throw new Error("the quarantine was disposed");
		if (this.#entries.has(oid)) return;
		if (this.#memoryBytes + bytes.byteLength <= this.#memoryBudget) {
			this.#memoryBytes += bytes.byteLength;
			this.#entries.set(oid, { type, size: bytes.byteLength, bytes });
			return;
		}
		await writeFile(join(await this.#spool(), oid), bytes);
		this.spooledBytes += bytes.byteLength;
		this.#entries.set(oid, { type, size: bytes.byteLength });
	}

	has(oid: string): boolean {
		return this.#entries.has(oid);
	}

	/** The type and size of a held object without reading its bytes. */
	info(oid: string): { type: GitObjectType; size: number } | undefined {
		const entry = this.#entries.get(oid);
		return entry && { type: entry.type, size: entry.size };
	}

	async readObject(oid: string): Promise<StoredGitObject | undefined> {
		const entry = this.#entries.get(oid);
		if (!entry) return undefined;
		const bytes = entry.bytes ?? new Uint8Array(await readFile(join(await this.#spool(), oid)));
		return { type: entry.type, bytes };
	}

	/** A reader over the objects in `oids` (all held here), in the order they were added. */
	reader(oids: ReadonlySet<string>): QuarantineReader {
		const selected = [...this.#entries.keys()].filter((oid) => oids.has(oid));
		return {
			count: selected.length,
			readObject: (oid) => (oids.has(oid) ? this.readObject(oid) : Promise.resolve(undefined)),
			objects: async function* (this: Quarantine) {
				for (const oid of selected) {
					const object = await this.readObject(oid);
					if (object) yield { oid, ...object };
				}
			}.bind(this),
		};
	}

	/** Forgets every object and removes the spool directory. */
	async dispose(): Promise<void> {
		this.#disposed = true;
		this.#entries.clear();
		this.#memoryBytes = 0;
		const directory = this.#directory;
		this.#directory = undefined;
		if (directory) await rm(await directory, { recursive: true, force: true });
	}

	#spool(): Promise<string> {
		this.#directory ??= mkdtemp(join(tmpdir(), "hubkit-push-"));
		return this.#directory;
	}
}
