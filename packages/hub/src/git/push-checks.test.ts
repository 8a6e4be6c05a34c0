import { randomBytes } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { concat } from "./byte-source.js";
import { encodeCommit, encodeTree, objectId } from "./objects.js";
import { type PackInput, writePack } from "./pack.js";
import { packetText, parseSideBand, pktLines, readPktLines } from "./pkt-line.js";
import { isValidRefName, ZERO_OID } from "./push-checks.js";
import { GitSandbox } from "./test-support/receive-git.js";
import { type ReceiveServer, startReceiveServer } from "./test-support/receive-repository.js";

const sandbox = new GitSandbox();
afterAll(() => sandbox.remove());

let server: ReceiveServer;
afterEach(async () => server?.close());

async function serve(): Promise<ReceiveServer> {
	server = await startReceiveServer();
	return server;
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
	yield bytes;
}

/** A push request written by hand: one command per line, then the pack's bytes. */
async function post(commands: string[], pack: Uint8Array, capabilities = "report-status side-band-64k") {
	const lines = commands.map((command, index) => `${command}${index === 0 ? `\0${capabilities}` : ""}\n`);
	const body = concat([pktLines([...lines, { kind: "flush" }]), pack]);
	return fetch(`${server.url}/repo/git-receive-pack`, { method: "POST", body });
}

/** The report-status lines of a side-band reply, and what it printed on channel 2. */
async function report(response: Response): Promise<{ lines: string[]; messages: string }> {
	const data: Uint8Array[] = [];
	let messages = "";
	for await (const packet of readPktLines(once(new Uint8Array(await response.arrayBuffer())))) {
		if (packet.kind !== "data") continue;
		const { channel, data: bytes } = parseSideBand(packet);
		if (channel === 1) data.push(bytes);
		else messages += Buffer.from(bytes).toString();
	}
	const lines: string[] = [];
	for await (const packet of readPktLines(once(concat(data)))) {
		const line = packetText(packet);
		if (line !== undefined) lines.push(line);
	}
	return { lines, messages };
}

async function pack(objects: PackInput[]): Promise<Uint8Array> {
	const parts: Uint8Array[] = [];
	for await (const part of writePack(objects, objects.length)) parts.push(part);
	return concat(parts);
}

/** A commit of one file, as the objects of a pack, and the commit's id. */
function oneFileCommit(): { objects: PackInput[]; commit: string } {
	const blob = new TextEncoder().encode("hello\n");
	const tree = encodeTree([{ mode: "100644", name: "a.txt", oid: objectId("blob", blob) }]);
	const person = { name: "Dana", email: "dana@example.com", seconds: 1_700_000_000, timezone: "+0000" };
	const commit = encodeCommit({
		tree: objectId("tree", tree),
		parents: [],
		author: person,
		committer: person,
		extraHeaders: [],
		message: new TextEncoder().encode("one\n"),
	});
	return {
		objects: [
			{ type: "blob", data: blob },
			{ type: "tree", data: tree },
			{ type: "commit", data: commit },
		],
		commit: objectId("commit", commit),
	};
}

describe("push refusals with Debian git", () => {
	it("refuses a file over 10 MiB outside git-lfs with advice git prints, storing nothing", async () => {
		await serve();
		const work = await sandbox.init();
		const first = await sandbox.commit(work, { "README.md": "# model\n" }, "first");
		await sandbox.ok(work, ["push", `${server.url}/repo`, "main"]);
		const stored = server.repository.objects.size;
		await sandbox.commit(work, { "weights/model.bin": randomBytes(11 * 1024 * 1024) }, "weights");
		const push = await sandbox.run(work, ["push", `${server.url}/repo`, "main"]);
		expect(push.status).not.toBe(0);
		expect(push.stderr).toContain("remote: Your push was rejected: it adds files larger than 10 MiB outside Git LFS.");
		expect(push.stderr).toContain('remote:     git lfs track "weights/model.bin"');
		expect(push.stderr).toContain("remote:   - weights/model.bin (11 MiB)");
		expect(push.stderr).toContain("! [remote rejected] main -> main (files over 10 MiB must be stored with git-lfs");
		expect(server.repository.objects.size).toBe(stored);
		expect(server.repository.refMap.get("refs/heads/main")).toBe(first);
		// git sent a probe (a lone flush) before the large body, answered with nothing.
		expect(Buffer.from(server.requests[1] as Uint8Array).toString()).toBe("0000");

		// An object past what the pack reader inflates at all is refused unread, with the same advice.
		server.options = { maxFileBytes: 1024 * 1024, maxObjectBytes: 1024 * 1024 };
		const unread = await sandbox.run(work, ["push", `${server.url}/repo`, "main"]);
		expect(unread.stderr).toContain("error: remote unpack failed: the entry at");
		expect(unread.stderr).toContain("remote: The push holds an object over 1 MiB.");
		expect(unread.stderr).toContain("! [remote rejected] main -> main (unpacker error)");
		expect(server.repository.objects.size).toBe(stored);
	});

	it("refuses a submodule, a ref outside branches and tags, and a tag of a blob", async () => {
		await serve();
		const work = await sandbox.init();
		await sandbox.commit(work, { "a.txt": "a\n" }, "first");
		const outside = await sandbox.run(work, ["push", `${server.url}/repo`, "main:refs/pr/1", "main:refs/notes/x"]);
		expect(outside.status).not.toBe(0);
		expect(outside.stderr).toContain("! [remote rejected] main -> refs/pr/1 (only branches (refs/heads/*) and tags");
		expect(outside.stderr).toContain("! [remote rejected] main -> refs/notes/x (only branches");
		expect(server.repository.refMap.size).toBe(0);

		await sandbox.ok(work, ["push", `${server.url}/repo`, "main"]);
		await sandbox.ok(work, ["tag", "blob-tag", "HEAD:a.txt"]);
		const blobTag = await sandbox.run(work, ["push", `${server.url}/repo`, "blob-tag"]);
		expect(blobTag.stderr).toContain("! [remote rejected] blob-tag -> blob-tag (a tag must name a commit, not a blob)");

		const submodule = "1234567890123456789012345678901234567890";
		await sandbox.ok(work, ["update-index", "--add", "--cacheinfo", `160000,${submodule},vendor/lib`]);
		await sandbox.ok(work, ["commit", "-q", "-m", "add a submodule"]);
		const push = await sandbox.run(work, ["push", `${server.url}/repo`, "main"]);
		expect(push.status).not.toBe(0);
		expect(push.stderr).toContain("! [remote rejected] main -> main (submodules are not supported (vendor/lib))");
		expect(push.stderr).toContain("remote: The push adds a submodule at vendor/lib");
	});

	it("refuses a push from a shallow clone that lacks the history", async () => {
		await serve();
		const origin = await sandbox.init();
		await sandbox.commit(origin, { "a.txt": "a\n" }, "first");
		await sandbox.commit(origin, { "a.txt": "b\n" }, "second");
		const shallow = `${origin}-shallow`;
		await sandbox.ok(sandbox.home, ["clone", "-q", "--depth", "1", `file://${origin}`, shallow]);
		const push = await sandbox.run(shallow, ["push", `${server.url}/repo`, "main"]);
		expect(push.status).not.toBe(0);
		expect(push.stderr).toContain("! [remote rejected] main -> main (shallow update not allowed)");
		expect(push.stderr).toContain("remote: Fetch the whole history first (git fetch --unshallow)");
		expect(server.repository.objects.size).toBe(0);
	});

	it("answers a corrupt pack with an unpack error and stores nothing", async () => {
		await serve();
		const { objects, commit } = oneFileCommit();
		const bytes = await pack(objects);
		bytes[bytes.byteLength - 1] = (bytes[bytes.byteLength - 1] as number) ^ 0xff;
		const response = await post([`${ZERO_OID} ${commit} refs/heads/main`], bytes);
		expect(response.status).toBe(200);
		expect((await report(response)).lines).toEqual([
			"unpack the pack's sha1 does not match its trailer",
			"ng refs/heads/main unpacker error",
		]);
		expect(server.repository.objects.size).toBe(0);
		expect(server.repository.applied).toHaveLength(0);
	});

	it("refuses a tip the pack does not carry, and stores a good hand-made push", async () => {
		await serve();
		const { objects, commit } = oneFileCommit();
		const missing = await post([`${ZERO_OID} ${commit} refs/heads/main`], await pack(objects.slice(0, 2)));
		expect((await report(missing)).lines).toEqual(["unpack ok", `ng refs/heads/main missing object ${commit}`]);
		const noTree = await post([`${ZERO_OID} ${commit} refs/heads/main`], await pack(objects.slice(2)));
		expect((await report(noTree)).lines[1]).toMatch(/^ng refs\/heads\/main missing object [0-9a-f]{40}$/);
		expect(server.repository.objects.size).toBe(0);

		// Without side-band the report comes as plain pkt-lines.
		const good = await post([`${ZERO_OID} ${commit} refs/heads/main`], await pack(objects), "report-status");
		const text = Buffer.from(await good.arrayBuffer()).toString();
		expect(text).toBe("000eunpack ok\n0017ok refs/heads/main\n0000");
		expect(server.repository.objects.size).toBe(3);
	});

	it("answers a request that is not a push with an error before any reply, and a lone flush with nothing", async () => {
		await serve();
		const garbage = await fetch(`${server.url}/repo/git-receive-pack`, { method: "POST", body: "0009nope\n0000" });
		expect(garbage.status).toBe(400);
		const probe = await fetch(`${server.url}/repo/git-receive-pack`, { method: "POST", body: "0000" });
		expect(probe.status).toBe(200);
		expect((await probe.arrayBuffer()).byteLength).toBe(0);
	});
});

describe("isValidRefName", () => {
	it("follows git check-ref-format", () => {
		for (const name of ["refs/heads/main", "refs/heads/feature/x-1", "refs/tags/v1.0"]) {
			expect(isValidRefName(name), name).toBe(true);
		}
		for (const name of [
			"refs/heads/a..b",
			"refs/heads/.hidden",
			"refs/heads/x.lock",
			"refs/heads/a b",
			"refs/heads/x/",
		]) {
			expect(isValidRefName(name), name).toBe(false);
		}
		expect(isValidRefName("refs/heads/a\tb")).toBe(false);
		expect(isValidRefName("refs/heads/x@{1}")).toBe(false);
		expect(isValidRefName("refs/heads//x")).toBe(false);
	});
});
