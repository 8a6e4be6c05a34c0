/**
 * git upload-pack over smart HTTP, stateless (gitprotocol-http, gitprotocol-pack, gitprotocol-v2):
 * the ref advertisement of `GET info/refs?service=git-upload-pack`, and the answer to each
 * `POST git-upload-pack`: protocol v0/v1 (wants, haves, ACK/NAK as multi_ack_detailed with
 * no-done expects, then the pack) or v2 (`ls-refs`, `fetch`, upload-pack-v2.ts). Every request is
 * answered from the repository as it is now; nothing is kept between requests.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { ByteSource } from "./byte-source.js";
import { CommitGraph } from "./commit-graph.js";
import { planShallow } from "./object-walk.js";
import { type Packet, packetText, pktLine, pktLines, readPktLines } from "./pkt-line.js";
import type { GitRepositoryView } from "./repository.js";
import {
	checkWants,
	failureText,
	isExpected,
	parseDeepen,
	parseOid,
	refusedLine,
	sendPack,
	UploadPackError,
} from "./upload-pack-pack.js";
import { serveV2 } from "./upload-pack-v2.js";

export { UploadPackError } from "./upload-pack-pack.js";

export type ProtocolVersion = 0 | 1 | 2;

export const UPLOAD_PACK_CONTENT_TYPES = {
	advertisement: "application/x-git-upload-pack-advertisement",
	result: "application/x-git-upload-pack-result",
} as const;

export interface UploadPackOptions {
	version: ProtocolVersion;
	/** What `agent=` names: `hubkit/<version>`. */
	agent?: string;
}

const ZERO_OID = "0".repeat(40);
/**
 * What the v0/v1 advertisement offers: only what is implemented. The pack never holds deltas, so
 * thin-pack and ofs-delta are not offered; deepen-since and deepen-not are not implemented.
 */
const V0_CAPABILITIES = [
	"multi_ack_detailed",
	"no-done",
	"side-band-64k",
	"shallow",
	"deepen-relative",
	"no-progress",
	"include-tag",
	"allow-tip-sha1-in-want",
	"allow-reachable-sha1-in-want",
];

/** The version a `Git-Protocol` header asks for (`version=2`, keys separated by ":"); 0 without one. */
export function protocolVersion(header: string | null | undefined): ProtocolVersion {
	let version: ProtocolVersion = 0;
	for (const part of (header ?? "").split(":")) {
		const match = /^version=(\d+)$/.exec(part.trim());
		if (match?.[1] === "2") version = 2;
		else if (match?.[1] === "1" && version === 0) version = 1;
	}
	return version;
}

/** The body of `GET info/refs?service=git-upload-pack`: the refs (v0/v1) or the v2 capabilities. */
export async function advertiseRefs(view: GitRepositoryView, options: UploadPackOptions): Promise<Uint8Array> {
	const agent = options.agent ?? "hubkit";
	if (options.version === 2) {
		return pktLines([
			"version 2\n",
			`agent=${agent}\n`,
			"ls-refs=unborn\n",
			"fetch=shallow\n",
			"server-option\n",
			"object-format=sha1\n",
			{ kind: "flush" },
		]);
	}
	const refs = await view.refs();
	const headName = await view.head();
	const head = refs.find((ref) => ref.name === headName);
	const capabilities = [...V0_CAPABILITIES, ...(head ? [`symref=HEAD:${headName}`] : []), `agent=${agent}`].join(" ");
	const lines: [string, string][] = head ? [[head.oid, "HEAD"]] : [];
	for (const ref of refs) {
		lines.push([ref.oid, ref.name]);
		if (ref.peeled && ref.peeled !== ref.oid) lines.push([ref.peeled, `${ref.name}^{}`]);
	}
	if (lines.length === 0) lines.push([ZERO_OID, "capabilities^{}"]);
	return pktLines([
		"# service=git-upload-pack\n",
		{ kind: "flush" },
		...(options.version === 1 ? ["version 1\n"] : []),
		...lines.map(([oid, name], index) => (index === 0 ? `${oid} ${name}\0${capabilities}\n` : `${oid} ${name}\n`)),
		{ kind: "flush" },
	]);
}

/** An advertisement that only tells the git user why not (`fatal: remote error: <message>`). */
export function advertisementError(message: string): Uint8Array {
	return pktLine(`ERR ${message}\n`);
}

/**
 * The answer to one `POST git-upload-pack`, streamed: the pack is written while the client reads
 * it. A refused request is answered with an `ERR` packet (or on side-band 3 once the pack has
 * begun); an unexpected failure is thrown after the client was told, for the caller to log.
 */
export async function* serveUploadPack(
	view: GitRepositoryView,
	body: AsyncIterable<Uint8Array>,
	options: UploadPackOptions,
): AsyncGenerator<Uint8Array> {
	const source = new ByteSource(body);
	const packets = limited(readPktLines(source));
	try {
		if (options.version === 2) yield* serveV2(view, packets);
		else yield* serveV0(view, packets);
	} catch (error) {
		if (!isExpected(error)) throw error;
		yield pktLine(`ERR upload-pack: ${failureText(error)}\n`);
	} finally {
		await source.close();
	}
}

/**
 * The most packets one request may hold. Git sends a few hundred haves a round and a want per ref;
 * the bound keeps what one request can make the server read within reason.
 */
export const MAX_REQUEST_PACKETS = 200_000;

async function* limited(packets: AsyncGenerator<Packet>): AsyncGenerator<Packet> {
	let count = 0;
	for await (const packet of packets) {
		if (++count > MAX_REQUEST_PACKETS) {
			throw new UploadPackError(`upload-pack: a request may hold at most ${MAX_REQUEST_PACKETS} lines`);
		}
		yield packet;
	}
}

/** A request body as sent with `Content-Encoding: gzip` (git does for large negotiations), inflated as it streams. */
export async function* gunzipBody(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
	const gunzip = createGunzip();
	const piped = pipeline(Readable.from(body, { objectMode: false }), gunzip);
	for await (const chunk of gunzip) yield chunk as Uint8Array;
	await piped;
}

const ACK_MODES = { none: 0, multiAck: 1, detailed: 2 } as const;

/** Protocol v0/v1, one stateless round: the wants, then haves up to a flush (another round follows) or `done`. */
async function* serveV0(view: GitRepositoryView, packets: AsyncGenerator<Packet>): AsyncGenerator<Uint8Array> {
	const wants: string[] = [];
	const clientShallow: string[] = [];
	let capabilities = new Set<string>();
	let depth: number | undefined;
	for (let next = await packets.next(); !next.done && next.value.kind !== "flush"; next = await packets.next()) {
		const line = packetText(next.value) ?? "";
		if (line.startsWith("want ")) {
			wants.push(parseOid(line.slice(5), line));
			if (wants.length === 1) capabilities = new Set(line.slice(46).split(" ").filter(Boolean));
		} else if (line.startsWith("shallow ")) clientShallow.push(parseOid(line.slice(8), line));
		else if (line.startsWith("deepen ")) depth = parseDeepen(line);
		else throw refusedLine(line);
	}
	if (wants.length === 0) return;
	const graph = new CommitGraph(view);
	const refs = await view.refs();
	await checkWants(graph, refs, wants);
	const relative = capabilities.has("deepen-relative");
	const shallow = await planShallow(graph, { wants, clientShallow, depth, relative });
	if (depth !== undefined) {
		yield pktLines([
			...shallow.shallow.map((oid) => `shallow ${oid}\n`),
			...shallow.unshallow.map((oid) => `unshallow ${oid}\n`),
			{ kind: "flush" },
		]);
	}

	const mode = capabilities.has("multi_ack_detailed")
		? ACK_MODES.detailed
		: capabilities.has("multi_ack")
			? ACK_MODES.multiAck
			: ACK_MODES.none;
	const common = new Set<string>();
	let last: string | undefined;
	let ready: boolean | undefined;
	const isReady = async () => {
		ready ??= await graph.allWantsReach(wants, [...common]);
		return ready;
	};
	let gotOther = false;
	for (;;) {
		const next = await packets.next();
		// A request that ends with its wants is the first round of a shallow fetch: the shallow lines were its answer.
		if (next.done) return;
		if (next.value.kind === "flush") {
			const sentReady = mode === ACK_MODES.detailed && last !== undefined && !gotOther && (await isReady());
			if (sentReady) yield pktLine(`ACK ${last} ready\n`);
			if (common.size === 0 || mode !== ACK_MODES.none) yield pktLine("NAK\n");
			// Stateless: without no-done and ready, the client sends its next round as a new request.
			if (!(capabilities.has("no-done") && sentReady)) return;
			yield pktLine(`ACK ${last}\n`);
			break;
		}
		const line = packetText(next.value) ?? "";
		if (line === "done") {
			if (last === undefined) yield pktLine("NAK\n");
			else if (mode !== ACK_MODES.none) yield pktLine(`ACK ${last}\n`);
			break;
		}
		if (!line.startsWith("have ")) throw refusedLine(line);
		const oid = parseOid(line.slice(5), line);
		if ((await graph.type(oid)) === undefined) {
			gotOther = true;
			if (mode !== ACK_MODES.none && (await isReady())) {
				yield pktLine(`ACK ${oid} ${mode === ACK_MODES.detailed ? "ready" : "continue"}\n`);
			}
			continue;
		}
		if (!common.has(oid)) ready = undefined;
		common.add(oid);
		last = oid;
		if (mode === ACK_MODES.detailed) yield pktLine(`ACK ${oid} common\n`);
		else if (mode === ACK_MODES.multiAck) yield pktLine(`ACK ${oid} continue\n`);
		else if (common.size === 1) yield pktLine(`ACK ${oid}\n`);
	}
	yield* sendPack(
		graph,
		{
			wants: [...wants, ...shallow.extraWants],
			haves: [...common, ...shallow.unshallow],
			followTags: capabilities.has("include-tag") ? refs : undefined,
		},
		{ sideBand: capabilities.has("side-band-64k"), progress: !capabilities.has("no-progress") },
	);
}
