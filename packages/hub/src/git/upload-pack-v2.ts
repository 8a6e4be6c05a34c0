/**
 * Protocol v2 of upload-pack (gitprotocol-v2): a request is one command, its capability lines, a
 * delimiter and its arguments. `ls-refs` lists the refs; `fetch` answers the haves of one
 * negotiation round (acknowledgments, and `ready` once every want reaches a common commit) or,
 * after `done` or `ready`, sends shallow-info and the pack.
 */
import { CommitGraph } from "./commit-graph.js";
import { planShallow } from "./object-walk.js";
import { type Packet, packetText, pktLine, pktLines } from "./pkt-line.js";
import type { GitRepositoryView } from "./repository.js";
import { checkWants, parseDeepen, parseOid, refusedLine, sendPack, UploadPackError } from "./upload-pack-pack.js";

interface Command {
	name: string;
	capabilities: string[];
	args: string[];
}

/** The command of a v2 request, or undefined for an empty one (a client's closing flush). */
async function readCommand(packets: AsyncGenerator<Packet>): Promise<Command | undefined> {
	let name: string | undefined;
	const capabilities: string[] = [];
	const args: string[] = [];
	let section: string[] = capabilities;
	for (let next = await packets.next(); !next.done; next = await packets.next()) {
		const packet = next.value;
		if (packet.kind === "flush") break;
		if (packet.kind === "delim") {
			section = args;
			continue;
		}
		const line = packetText(packet) ?? "";
		if (name === undefined && section === capabilities && line.startsWith("command=")) name = line.slice(8);
		else section.push(line);
	}
	if (name === undefined) {
		if (capabilities.length === 0 && args.length === 0) return undefined;
		throw new UploadPackError("upload-pack: protocol error, a v2 request must start with command=");
	}
	const format = capabilities.find((line) => line.startsWith("object-format="));
	if (format && format !== "object-format=sha1") {
		throw new UploadPackError(`upload-pack: only object-format=sha1 is served, not ${format.slice(14)}`);
	}
	return { name, capabilities, args };
}

export async function* serveV2(view: GitRepositoryView, packets: AsyncGenerator<Packet>): AsyncGenerator<Uint8Array> {
	const command = await readCommand(packets);
	if (!command) return;
	if (command.name === "ls-refs") yield await lsRefs(view, command.args);
	else if (command.name === "fetch") yield* fetch(view, command.args);
	else throw new UploadPackError(`upload-pack: unknown command '${command.name.slice(0, 40)}'`);
}

async function lsRefs(view: GitRepositoryView, args: string[]): Promise<Uint8Array> {
	const symrefs = args.includes("symrefs");
	const peel = args.includes("peel");
	const prefixes = args.filter((arg) => arg.startsWith("ref-prefix ")).map((arg) => arg.slice(11));
	const listed = (name: string) => prefixes.length === 0 || prefixes.some((prefix) => name.startsWith(prefix));
	const refs = await view.refs();
	const headName = await view.head();
	const lines: string[] = [];
	if (headName && listed("HEAD")) {
		const target = symrefs ? ` symref-target:${headName}` : "";
		const head = refs.find((ref) => ref.name === headName);
		if (head) lines.push(`${head.oid} HEAD${target}${peel && head.peeled ? ` peeled:${head.peeled}` : ""}\n`);
		else if (args.includes("unborn")) lines.push(`unborn HEAD${target}\n`);
	}
	for (const ref of refs) {
		if (!listed(ref.name)) continue;
		const peeled = peel && ref.peeled && ref.peeled !== ref.oid ? ` peeled:${ref.peeled}` : "";
		lines.push(`${ref.oid} ${ref.name}${peeled}\n`);
	}
	return pktLines([...lines, { kind: "flush" }]);
}

/** The arguments `fetch` takes whatever the server offers, and those it ignores because it never sends deltas. */
const IGNORED_FETCH_ARGS = new Set(["thin-pack", "ofs-delta"]);

async function* fetch(view: GitRepositoryView, args: string[]): AsyncGenerator<Uint8Array> {
	const wants: string[] = [];
	const haves: string[] = [];
	const clientShallow: string[] = [];
	let depth: number | undefined;
	let done = false;
	let relative = false;
	let includeTag = false;
	let progress = true;
	for (const line of args) {
		if (line.startsWith("want ")) wants.push(parseOid(line.slice(5), line));
		else if (line.startsWith("have ")) haves.push(parseOid(line.slice(5), line));
		else if (line.startsWith("shallow ")) clientShallow.push(parseOid(line.slice(8), line));
		else if (line.startsWith("deepen ")) depth = parseDeepen(line);
		else if (line === "deepen-relative") relative = true;
		else if (line === "done") done = true;
		else if (line === "include-tag") includeTag = true;
		else if (line === "no-progress") progress = false;
		else if (!IGNORED_FETCH_ARGS.has(line)) throw refusedLine(line);
	}
	if (wants.length === 0) {
		yield pktLines([{ kind: "flush" }]);
		return;
	}
	const graph = new CommitGraph(view);
	const refs = await view.refs();
	await checkWants(graph, refs, wants);
	const common: string[] = [];
	for (const have of new Set(haves)) if ((await graph.type(have)) !== undefined) common.push(have);

	if (!done) {
		const ready = await graph.allWantsReach(wants, common);
		yield pktLines([
			"acknowledgments\n",
			...(common.length === 0 ? ["NAK\n"] : common.map((oid) => `ACK ${oid}\n`)),
			...(ready ? ["ready\n", { kind: "delim" as const }] : [{ kind: "flush" as const }]),
		]);
		if (!ready) return;
	}
	const shallow = await planShallow(graph, { wants, clientShallow, depth, relative });
	if (depth !== undefined || clientShallow.length > 0) {
		yield pktLines([
			"shallow-info\n",
			...shallow.shallow.map((oid) => `shallow ${oid}\n`),
			...shallow.unshallow.map((oid) => `unshallow ${oid}\n`),
			{ kind: "delim" },
		]);
	}
	yield pktLine("packfile\n");
	yield* sendPack(
		graph,
		{
			wants: [...wants, ...shallow.extraWants],
			haves: [...common, ...shallow.unshallow],
			followTags: includeTag ? refs : undefined,
		},
		{ sideBand: true, progress },
	);
}
