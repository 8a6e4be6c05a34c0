import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { concat } from "./byte-source.js";
import { readPack } from "./pack.js";
import { type Packet, packetText, parseSideBand, pktLine, pktLines, readPktLines } from "./pkt-line.js";
import { MemoryRepository } from "./test-support/memory-repository.js";
import {
	advertisementError,
	advertiseRefs,
	gunzipBody,
	MAX_REQUEST_PACKETS,
	protocolVersion,
	serveUploadPack,
} from "./upload-pack.js";

/** What a client reads: each packet as its text, "0000"/"0001" for flush and delimiter, "[n] …" for side-band. */
function render(packets: Packet[], sideBandFrom = Number.POSITIVE_INFINITY): string[] {
	return packets.map((packet, index) => {
		if (packet.kind === "flush") return "0000";
		if (packet.kind === "delim") return "0001";
		if (packet.kind === "response-end") return "0002";
		if (index < sideBandFrom) return packetText(packet) ?? "";
		const { channel, data } = parseSideBand(packet);
		return channel === 1 ? `[1] ${data.byteLength} bytes` : `[${channel}] ${Buffer.from(data).toString().trim()}`;
	});
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
	yield bytes;
}

async function answer(repo: MemoryRepository, request: Uint8Array, version: 0 | 2): Promise<Uint8Array> {
	const parts: Uint8Array[] = [];
	for await (const part of serveUploadPack(repo, once(request), { version, agent: "hubkit/test" })) parts.push(part);
	return concat(parts);
}

async function parse(bytes: Uint8Array): Promise<Packet[]> {
	const out: Packet[] = [];
	for await (const packet of readPktLines(once(bytes))) out.push(packet);
	return out;
}

function twoCommits() {
	const repo = new MemoryRepository();
	const first = repo.commitFiles({ "a.txt": "one\n" }, "First");
	const second = repo.commitFiles({ "a.txt": "two\n", dir: { "b.txt": "b\n" } }, "Second");
	const tag = repo.annotatedTag("v1", first);
	return { repo, first, second, tag };
}

describe("ref advertisement", () => {
	it("lists HEAD first with the capabilities, then the refs and peeled tags (v0, v1)", async () => {
		const { repo, first, second, tag } = twoCommits();
		const lines = render(await parse(await advertiseRefs(repo, { version: 0, agent: "hubkit/test" })));
		expect(lines).toEqual([
			"# service=git-upload-pack",
			"0000",
			`${second} HEAD\0multi_ack_detailed no-done side-band-64k shallow deepen-relative no-progress include-tag allow-tip-sha1-in-want allow-reachable-sha1-in-want symref=HEAD:refs/heads/main agent=hubkit/test`,
			`${second} refs/heads/main`,
			`${tag} refs/tags/v1`,
			`${first} refs/tags/v1^{}`,
			"0000",
		]);
		const v1 = render(await parse(await advertiseRefs(repo, { version: 1, agent: "hubkit/test" })));
		expect(v1.slice(0, 3)).toEqual(["# service=git-upload-pack", "0000", "version 1"]);
	});

	it("advertises capabilities^{} for an empty repository and the v2 capabilities on request", async () => {
		const empty = new MemoryRepository();
		const lines = render(await parse(await advertiseRefs(empty, { version: 0 })));
		expect(lines[2]).toMatch(/^0{40} capabilities\^\{\}\0multi_ack_detailed .* agent=hubkit$/);
		expect(lines[2]).not.toContain("symref=");
		expect(render(await parse(await advertiseRefs(empty, { version: 2, agent: "hubkit/9" })))).toEqual([
			"version 2",
			"agent=hubkit/9",
			"ls-refs=unborn",
			"fetch=shallow",
			"server-option",
			"object-format=sha1",
			"0000",
		]);
	});

	it("tells why not in an ERR packet, what git prints after 'remote error:'", async () => {
		expect(render(await parse(advertisementError("access denied")))).toEqual(["ERR access denied"]);
	});

	it("reads the version from a Git-Protocol header", () => {
		expect(protocolVersion(undefined)).toBe(0);
		expect(protocolVersion("version=2")).toBe(2);
		expect(protocolVersion("foo=bar:version=1")).toBe(1);
		expect(protocolVersion("version=3")).toBe(0);
	});
});

describe("protocol v2 commands", () => {
	const command = (name: string, args: string[]) =>
		pktLines([
			`command=${name}\n`,
			"agent=git/2.39\n",
			"object-format=sha1\n",
			{ kind: "delim" },
			...args,
			{ kind: "flush" },
		]);

	it("ls-refs filters by prefix, names HEAD's target and peels tags", async () => {
		const { repo, first, second, tag } = twoCommits();
		const all = render(await parse(await answer(repo, command("ls-refs", ["symrefs\n", "peel\n", "unborn\n"]), 2)));
		expect(all).toEqual([
			`${second} HEAD symref-target:refs/heads/main`,
			`${second} refs/heads/main`,
			`${tag} refs/tags/v1 peeled:${first}`,
			"0000",
		]);
		const tags = render(await parse(await answer(repo, command("ls-refs", ["ref-prefix refs/tags/\n"]), 2)));
		expect(tags).toEqual([`${tag} refs/tags/v1`, "0000"]);
	});

	it("ls-refs names an unborn HEAD only to a client that asks", async () => {
		const empty = new MemoryRepository();
		const asked = await answer(empty, command("ls-refs", ["symrefs\n", "unborn\n"]), 2);
		expect(render(await parse(asked))).toEqual(["unborn HEAD symref-target:refs/heads/main", "0000"]);
		expect(render(await parse(await answer(empty, command("ls-refs", ["symrefs\n"]), 2)))).toEqual(["0000"]);
	});

	it("fetch acknowledges common haves, says ready and sends only what the client lacks", async () => {
		const { repo, first, second } = twoCommits();
		const request = command("fetch", [
			`want ${second}\n`,
			`have ${first}\n`,
			`have ${"f".repeat(40)}\n`,
			"no-progress\n",
		]);
		const packets = await parse(await answer(repo, request, 2));
		const lines = render(packets, 5);
		expect(lines).toEqual([
			"acknowledgments",
			`ACK ${first}`,
			"ready",
			"0001",
			"packfile",
			expect.stringMatching(/^\[1\] \d+ bytes$/),
			"0000",
		]);
		const pack = parseSideBand(packets[5] as Packet).data;
		const oids = [];
		for await (const object of readPack(once(pack))) oids.push(object.oid);
		// The second commit, its root tree, the changed a.txt, the new dir and dir/b.txt.
		expect(oids).toHaveLength(5);
		expect(oids[0]).toBe(second);
		expect(oids).not.toContain(repo.blob("one\n"));
	});

	it("fetch without a common have answers NAK and waits for the next round", async () => {
		const { repo, second } = twoCommits();
		const request = command("fetch", [`want ${second}\n`, `have ${"e".repeat(40)}\n`]);
		expect(render(await parse(await answer(repo, request, 2)))).toEqual(["acknowledgments", "NAK", "0000"]);
	});

	it("refuses a want no ref reaches and an unknown command with ERR", async () => {
		const { repo } = twoCommits();
		const stray = repo.commit({ tree: repo.tree({ "x.txt": "x\n" }) });
		const refused = render(await parse(await answer(repo, command("fetch", [`want ${stray}\n`, "done\n"]), 2)));
		expect(refused).toEqual([`ERR upload-pack: not our ref ${stray}`]);
		const unknown = render(await parse(await answer(repo, command("object-info", []), 2)));
		expect(unknown).toEqual(["ERR upload-pack: unknown command 'object-info'"]);
	});

	it("refuses a request of more lines than MAX_REQUEST_PACKETS", async () => {
		const { repo, second } = twoCommits();
		const have = Buffer.from(pktLine(`have ${"d".repeat(40)}\n`)).toString("latin1");
		const request = concat([
			pktLines(["command=fetch\n", { kind: "delim" }, `want ${second}\n`]),
			Buffer.from(have.repeat(MAX_REQUEST_PACKETS), "latin1"),
			pktLines([{ kind: "flush" }]),
		]);
		const lines = render(await parse(await answer(repo, request, 2)));
		expect(lines).toEqual([`ERR upload-pack: a request may hold at most ${MAX_REQUEST_PACKETS} lines`]);
	});

	it("tells on side-band 3 when an object of the pack is missing from the repository", async () => {
		const { repo, second } = twoCommits();
		const blob = repo.blob("b\n");
		repo.objects.delete(blob);
		const packets = await parse(await answer(repo, command("fetch", [`want ${second}\n`, "done\n"]), 2));
		expect(render(packets, 1).at(-1)).toBe(`[3] upload-pack: the repository is missing object ${blob}`);
	});
});

describe("protocol v0 requests", () => {
	it("answers a shallow first round with the shallow lines alone, then NAK and the pack after done", async () => {
		const { repo, second } = twoCommits();
		const wants = [
			`want ${second} multi_ack_detailed side-band-64k no-progress\n`,
			"deepen 1\n",
			{ kind: "flush" } as const,
		];
		expect(render(await parse(await answer(repo, pktLines(wants), 0)))).toEqual([`shallow ${second}`, "0000"]);
		const done = render(await parse(await answer(repo, pktLines([...wants, "done\n"]), 0)), 3);
		expect(done).toEqual([`shallow ${second}`, "0000", "NAK", expect.stringMatching(/^\[1\] \d+ bytes$/), "0000"]);
	});

	it("acknowledges with multi_ack_detailed and sends the pack at once when no-done and ready", async () => {
		const { repo, first, second } = twoCommits();
		const request = pktLines([
			`want ${second} multi_ack_detailed no-done side-band-64k\n`,
			{ kind: "flush" },
			`have ${first}\n`,
			{ kind: "flush" },
		]);
		const lines = render(await parse(await answer(repo, request, 0)), 4);
		expect(lines.slice(0, 4)).toEqual([`ACK ${first} common`, `ACK ${first} ready`, "NAK", `ACK ${first}`]);
		expect(lines.slice(4)).toEqual([
			"[2] Enumerating objects: 5, done.",
			expect.stringMatching(/^\[1\] \d+ bytes$/),
			"[2] Total 5 (delta 0), reused 0 (delta 0)",
			"0000",
		]);
	});

	it("inflates a gzip request body", async () => {
		const chunks: Uint8Array[] = [];
		for await (const chunk of gunzipBody(once(gzipSync(Buffer.from("0009done\n"))))) chunks.push(chunk);
		expect(Buffer.concat(chunks).toString()).toBe("0009done\n");
	});
});
