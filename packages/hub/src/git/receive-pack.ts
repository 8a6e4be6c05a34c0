/**
 * The server side of `git push` over smart HTTP (gitprotocol-pack, gitprotocol-http): git speaks
 * protocol v0 to receive-pack. `advertiseReceivePack` answers `GET info/refs?service=git-receive-pack`;
 * `serveReceivePack` reads the POST body (commands, push options, then the pack), keeps the objects
 * in a Quarantine, checks every ref update (push-checks.ts) and hands the accepted ones to the
 * caller's `apply`, which stores them and moves the refs; it answers with report-status, inside
 * side-band-64k when the client asked for it.
 */
import { ByteSource, concat } from "./byte-source.js";
import { GitFormatError } from "./format-error.js";
import { readPack } from "./pack.js";
import { FLUSH_PKT, packetText, pktLines, readPacket, SIDE_BAND, sideBandPackets } from "./pkt-line.js";
import { checkUpdate, mebibytes, type RefUpdate, ZERO_OID } from "./push-checks.js";
import { Quarantine, type QuarantineReader } from "./quarantine.js";
import type { GitRepositoryView } from "./repository.js";

export { type RefUpdate, ZERO_OID } from "./push-checks.js";
export type { QuarantinedObject, QuarantineReader } from "./quarantine.js";

/** What this receive-pack implements, in the order it advertises them. */
export const RECEIVE_PACK_CAPABILITIES = [
	"report-status",
	"report-status-v2",
	"delete-refs",
	"side-band-64k",
	"quiet",
	"atomic",
	"ofs-delta",
	"push-options",
	"object-format=sha1",
] as const;

export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The largest object the pack reader inflates; anything bigger is refused unread. */
export const DEFAULT_MAX_OBJECT_BYTES = 64 * 1024 * 1024;

/** The reply to `GET info/refs?service=git-receive-pack` (content type application/x-git-receive-pack-advertisement). */
export async function advertiseReceivePack(
	view: GitRepositoryView,
	options: { agent?: string } = {},
): Promise<Uint8Array> {
	const capabilities = [...RECEIVE_PACK_CAPABILITIES, `agent=${options.agent ?? "hubkit"}`].join(" ");
	const refs = await view.refs();
	// An empty repository advertises its capabilities on a placeholder line (gitprotocol-pack).
	const lines = refs.length === 0 ? [{ name: "capabilities^{}", oid: ZERO_OID }] : refs;
	return pktLines([
		"# service=git-receive-pack\n",
		{ kind: "flush" },
		...lines.map((ref, index) => `${ref.oid} ${ref.name}${index === 0 ? `\0${capabilities}` : ""}\n`),
		{ kind: "flush" },
	]);
}

/** A push whose checks passed, for the caller to store: every object and every ref move, or none. */
export interface AcceptedPush {
	updates: RefUpdate[];
	/** The received objects the accepted updates reach, verified; valid until `apply` returns. */
	objects: QuarantineReader;
	/** The client asked for all updates or none (`git push --atomic`). */
	atomic: boolean;
	/** `git push -o <option>` values, in order. */
	pushOptions: string[];
}

/** The outcome of one update: no `error` when the ref moved. */
export interface RefResult {
	ref: string;
	error?: string;
}

export interface ReceivePackOptions {
	/** Stores the objects and moves the refs (compare-and-set on `old`); an update it leaves out is reported as not applied. */
	apply: (push: AcceptedPush) => Promise<readonly RefResult[]>;
	/** Whether this pusher may rewrite a branch or move a tag (a forced push). */
	allowNonFastForward?: boolean;
	/** Files larger than this are refused with advice to use git-lfs (default 10 MiB). */
	maxFileBytes?: number;
	/** The largest object the pack may hold at all (default 64 MiB). */
	maxObjectBytes?: number;
	/** How many bytes of received objects stay in memory before the rest is spooled to disk. */
	quarantineMemoryBytes?: number;
	/** Whether the repository stores `oid` (default: `view.readObject` finds it). */
	hasObject?: (oid: string) => Promise<boolean>;
	/** Told of an error `apply` threw; the client only sees that the update was not stored. */
	onError?: (error: unknown) => void;
}

interface PushRequest {
	updates: RefUpdate[];
	capabilities: Set<string>;
	shallow: string[];
	pushOptions: string[];
}

/**
 * The reply to `POST git-receive-pack` (content type application/x-git-receive-pack-result), as
 * chunks. A body that is not a push request (bad pkt-lines or commands) throws a GitFormatError
 * before the first chunk; a bad pack is reported to the client as `unpack <error>`. An empty
 * request (the flush git sends to probe a large push) gets an empty reply.
 */
export async function* serveReceivePack(
	view: GitRepositoryView,
	body: AsyncIterable<Uint8Array>,
	options: ReceivePackOptions,
): AsyncGenerator<Uint8Array> {
	const bytes = new ByteSource(body);
	const quarantine = new Quarantine({ memoryBytes: options.quarantineMemoryBytes });
	try {
		const request = await readRequest(bytes);
		if (!request) return;
		const reply = new Reply(request.capabilities);
		const unpackError = await unpack(bytes, request, view, quarantine, options, reply);
		const results =
			unpackError === undefined
				? await checkAndApply(request, view, quarantine, options, reply)
				: request.updates.map((update) => ({ ref: update.ref, error: "unpacker error" }));
		yield* reply.finish(unpackError, results);
	} finally {
		await quarantine.dispose();
		await bytes.close();
	}
}

async function readRequest(bytes: ByteSource): Promise<PushRequest | undefined> {
	const updates: RefUpdate[] = [];
	const shallow: string[] = [];
	let capabilities = new Set<string>();
	for (;;) {
		if (updates.length === 0 && (await bytes.atEnd())) return undefined;
		const line = packetText(await readPacket(bytes));
		if (line === undefined) break;
		if (line.startsWith("shallow ") && updates.length === 0) {
			shallow.push(checkOid(line.slice(8)));
			continue;
		}
		const [command, capabilityText] = line.split("\0", 2);
		if (updates.length === 0 && capabilityText !== undefined) {
			capabilities = new Set(capabilityText.split(" ").filter((word) => word !== ""));
		}
		const match = /^([0-9a-f]{40}) ([0-9a-f]{40}) (\S+)$/.exec(command ?? "");
		if (!match) throw new GitFormatError("bad-header", "a push command is not '<old> <new> <ref>'");
		updates.push({ old: match[1] as string, new: match[2] as string, ref: match[3] as string });
	}
	if (updates.length === 0) return undefined;
	const pushOptions: string[] = [];
	if (capabilities.has("push-options")) {
		for (
			let line = packetText(await readPacket(bytes));
			line !== undefined;
			line = packetText(await readPacket(bytes))
		) {
			pushOptions.push(line);
		}
	}
	return { updates, capabilities, shallow, pushOptions };
}

function checkOid(text: string): string {
	if (!/^[0-9a-f]{40}$/.test(text)) throw new GitFormatError("bad-oid", "a shallow line does not name an object id");
	return text;
}

/** Reads the pack into the quarantine; the error to report as `unpack <error>`, if any. */
async function unpack(
	bytes: ByteSource,
	request: PushRequest,
	view: GitRepositoryView,
	quarantine: Quarantine,
	options: ReceivePackOptions,
	reply: Reply,
): Promise<string | undefined> {
	// Deletions alone come without a pack; git sends one (maybe empty) whenever a ref gets a value.
	if (request.updates.every((update) => update.new === ZERO_OID) && (await bytes.atEnd())) return undefined;
	const externalBase = async (oid: string) => {
		const object = (await quarantine.readObject(oid)) ?? (await view.readObject(oid));
		return object && { type: object.type, data: object.bytes };
	};
	const maxObjectBytes = Math.max(options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES, maxFileBytes(options));
	try {
		for await (const object of readPack(bytes, { externalBase, maxObjectBytes })) {
			await quarantine.add(object.oid, object.type, object.data);
		}
		return undefined;
	} catch (error) {
		if (!(error instanceof GitFormatError)) throw error;
		if (error.code === "too-large") {
			reply.advice([
				`The push holds an object over ${mebibytes(maxObjectBytes)}.`,
				"Large files belong in git-lfs (https://git-lfs.com): git lfs track <file>, then",
				"git lfs migrate import --include=<file> to move them out of the commits, and push again.",
			]);
		}
		return oneLine(error.message);
	}
}

function maxFileBytes(options: ReceivePackOptions): number {
	return options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
}

async function checkAndApply(
	request: PushRequest,
	view: GitRepositoryView,
	quarantine: Quarantine,
	options: ReceivePackOptions,
	reply: Reply,
): Promise<RefResult[]> {
	const current = new Map((await view.refs()).map((ref) => [ref.name, ref.oid]));
	const context = {
		store: view,
		hasObject: options.hasObject ?? (async (oid: string) => (await view.readObject(oid)) !== undefined),
		quarantine,
		current,
		head: await view.head(),
		allowNonFastForward: options.allowNonFastForward ?? false,
		maxFileBytes: maxFileBytes(options),
		shallow: request.shallow.length > 0,
	};
	const errors = new Map<string, string>();
	const accepted: RefUpdate[] = [];
	const objects = new Set<string>();
	const named = new Set<string>();
	for (const update of request.updates) {
		if (named.has(update.ref)) {
			errors.set(update.ref, "ref named twice in one push");
			continue;
		}
		named.add(update.ref);
		const result = await checkUpdate(update, context);
		if (!result.ok) {
			errors.set(update.ref, result.reason);
			if (result.advice) reply.advice(result.advice);
			continue;
		}
		accepted.push(update);
		for (const oid of result.objects) objects.add(oid);
	}
	const atomic = request.capabilities.has("atomic");
	if (atomic && errors.size > 0) {
		for (const update of accepted) errors.set(update.ref, "atomic push failure");
	} else if (accepted.length > 0) {
		const pushOptions = request.pushOptions;
		try {
			const applied = await options.apply({
				updates: accepted,
				objects: quarantine.reader(objects),
				atomic,
				pushOptions,
			});
			const outcome = new Map(applied.map((result) => [result.ref, result.error]));
			for (const update of accepted) {
				if (!outcome.has(update.ref)) errors.set(update.ref, "not applied");
				const error = outcome.get(update.ref);
				if (error !== undefined) errors.set(update.ref, oneLine(error));
			}
		} catch (error) {
			options.onError?.(error);
			for (const update of accepted) errors.set(update.ref, "the hub could not store the push");
		}
	}
	return request.updates.map((update) => ({ ref: update.ref, error: errors.get(update.ref) }));
}

function oneLine(text: string): string {
	return text.replace(/\s+/g, " ").trim();
}

/** The answer as the client negotiated it: report-status (v1 or v2) and side-band-64k. */
class Reply {
	readonly #messages: string[] = [];
	readonly #sideBand: boolean;
	readonly #report: boolean;

	constructor(capabilities: ReadonlySet<string>) {
		this.#sideBand = capabilities.has("side-band-64k");
		this.#report = capabilities.has("report-status") || capabilities.has("report-status-v2");
	}

	/** Lines git prints as `remote: …`; only a side-band client can be shown them. */
	advice(lines: readonly string[]): void {
		this.#messages.push(...lines);
	}

	*finish(unpackError: string | undefined, results: readonly RefResult[]): Generator<Uint8Array> {
		const report = this.#report
			? pktLines([
					`unpack ${unpackError ?? "ok"}\n`,
					...results.map((result) => (result.error ? `ng ${result.ref} ${result.error}\n` : `ok ${result.ref}\n`)),
					{ kind: "flush" },
				])
			: new Uint8Array(0);
		if (!this.#sideBand) {
			if (report.byteLength > 0) yield report;
			return;
		}
		if (this.#messages.length > 0) {
			yield concat([...sideBandPackets(SIDE_BAND.progress, `${this.#messages.join("\n")}\n`)]);
		}
		if (report.byteLength > 0) yield concat([...sideBandPackets(SIDE_BAND.data, report)]);
		yield FLUSH_PKT;
	}
}
