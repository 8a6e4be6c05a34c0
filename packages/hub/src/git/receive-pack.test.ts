import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ByteSource } from "./byte-source.js";
import { readPack } from "./pack.js";
import { packetText, readPacket } from "./pkt-line.js";
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

/** `git fsck --strict` on what the server stored, and its refs as git sees them. */
async function fsckStored(): Promise<Record<string, string>> {
	const bare = await sandbox.export(server.repository);
	await sandbox.ok(bare, ["fsck", "--strict", "--no-dangling"]);
	const refs = await sandbox.ok(bare, ["for-each-ref", "--format=%(refname) %(objectname)"]);
	return Object.fromEntries(
		refs
			.trim()
			.split("\n")
			.filter(Boolean)
			.map((line) => line.split(" ") as [string, string]),
	);
}

const text = (seed: number) =>
	Array.from({ length: 3000 }, (_, line) => `line ${line}: ${(line * 7919 + seed) % 1009} of a text git deltas\n`).join(
		"",
	);

describe("receive-pack with Debian git", () => {
	it("advertises an empty repository with capabilities^{} and takes a first push of main", async () => {
		await serve();
		const advertisement = await fetch(`${server.url}/repo/info/refs?service=git-receive-pack`);
		const body = Buffer.from(await advertisement.arrayBuffer()).toString("latin1");
		expect(body).toMatch(/^001f# service=git-receive-pack\n0000/);
		expect(body).toContain(`${"0".repeat(40)} capabilities^{}\0report-status report-status-v2 delete-refs`);
		expect(body).toContain("agent=hubkit/test\n0000");

		const work = await sandbox.init();
		await sandbox.commit(work, { "README.md": "# hello\n", "config/model.json": "{}\n" }, "first");
		const head = await sandbox.commit(work, { "README.md": "# hello again\n" }, "second");
		const push = await sandbox.run(work, ["push", `${server.url}/repo`, "main"]);
		expect(push.status, push.stderr).toBe(0);
		expect(push.stderr).toContain("* [new branch]      main -> main");
		expect(server.repository.refMap.get("refs/heads/main")).toBe(head);
		expect(await fsckStored()).toEqual({ "refs/heads/main": head });
		// A README, a folder, a config file, two trees of the root, two commits.
		expect(server.repository.objects.size).toBe(8);
	});

	it("takes a fast-forward push as a thin pack, spooling received objects to disk, and resolves its deltas", async () => {
		await serve();
		const work = await sandbox.init();
		await sandbox.commit(work, { "data.txt": text(1) }, "first");
		expect((await sandbox.run(work, ["push", `${server.url}/repo`, "main"])).status).toBe(0);
		server.options = { quarantineMemoryBytes: 0 };
		const head = await sandbox.commit(work, { "data.txt": `${text(1)}one more line\n` }, "second");
		const push = await sandbox.run(work, ["push", `${server.url}/repo`, "main"]);
		expect(push.status, push.stderr).toBe(0);
		expect(server.repository.refMap.get("refs/heads/main")).toBe(head);
		expect(await fsckStored()).toEqual({ "refs/heads/main": head });

		// The second pack named a base it did not hold: the blob the first push stored.
		const bytes = new ByteSource(
			(async function* () {
				yield server.requests.at(-1) as Uint8Array;
			})(),
		);
		while (packetText(await readPacket(bytes)) !== undefined);
		const external: string[] = [];
		const externalBase = async (oid: string) => {
			external.push(oid);
			const object = server.repository.objects.get(oid);
			return object && { type: object.type, data: object.bytes };
		};
		let deltas = 0;
		for await (const object of readPack(bytes, { externalBase })) if (object.delta) deltas++;
		expect(deltas).toBeGreaterThan(0);
		expect(external.length).toBeGreaterThan(0);
		expect(server.repository.applied.at(-1)?.objects.count).toBe(3);
	});

	it("creates a branch, a lightweight tag and an annotated tag, and deletes a branch", async () => {
		await serve();
		const work = await sandbox.init();
		const first = await sandbox.commit(work, { "a.txt": "a\n" }, "first");
		await sandbox.ok(work, ["push", `${server.url}/repo`, "main"]);
		await sandbox.ok(work, ["switch", "-q", "-c", "feature"]);
		const feature = await sandbox.commit(work, { "b.txt": "b\n" }, "on feature");
		await sandbox.ok(work, ["tag", "light", first]);
		await sandbox.ok(work, ["tag", "-a", "-m", "release one", "v1", feature]);
		const annotated = (await sandbox.ok(work, ["rev-parse", "v1"])).trim();
		const push = await sandbox.run(work, ["push", `${server.url}/repo`, "feature", "light", "v1"]);
		expect(push.status, push.stderr).toBe(0);
		expect(push.stderr).toContain("* [new tag]         v1 -> v1");
		expect(await fsckStored()).toEqual({
			"refs/heads/main": first,
			"refs/heads/feature": feature,
			"refs/tags/light": first,
			"refs/tags/v1": annotated,
		});
		expect(await server.repository.refs()).toContainEqual({ name: "refs/tags/v1", oid: annotated, peeled: feature });

		const removal = await sandbox.run(work, ["push", `${server.url}/repo`, ":feature"]);
		expect(removal.status, removal.stderr).toBe(0);
		expect(removal.stderr).toContain("- [deleted]         feature");
		expect(server.repository.refMap.has("refs/heads/feature")).toBe(false);

		const current = await sandbox.run(work, ["push", `${server.url}/repo`, ":main"]);
		expect(current.status).not.toBe(0);
		expect(current.stderr).toContain("! [remote rejected] main (deletion of the current branch prohibited)");
		expect(server.repository.refMap.get("refs/heads/main")).toBe(first);
	});

	it("refuses a rewritten branch unless the pusher may force", async () => {
		await serve();
		const work = await sandbox.init();
		const first = await sandbox.commit(work, { "a.txt": "a\n" }, "first");
		await sandbox.ok(work, ["push", `${server.url}/repo`, "main"]);
		await sandbox.ok(work, ["commit", "-q", "--amend", "-m", "first, reworded"]);
		const amended = (await sandbox.ok(work, ["rev-parse", "HEAD"])).trim();

		const plain = await sandbox.run(work, ["push", `${server.url}/repo`, "main"]);
		expect(plain.status).not.toBe(0);
		expect(plain.stderr).toContain("! [rejected]        main -> main (non-fast-forward)");

		const forced = await sandbox.run(work, ["push", "--force", `${server.url}/repo`, "main"]);
		expect(forced.status).not.toBe(0);
		expect(forced.stderr).toContain("! [remote rejected] main -> main (non-fast-forward)");
		expect(server.repository.refMap.get("refs/heads/main")).toBe(first);

		server.options = { allowNonFastForward: true };
		const allowed = await sandbox.run(work, ["push", "--force", `${server.url}/repo`, "main"]);
		expect(allowed.status, allowed.stderr).toBe(0);
		expect(allowed.stderr).toContain("+ ");
		expect(allowed.stderr).toContain("main -> main (forced update)");
		expect(await fsckStored()).toEqual({ "refs/heads/main": amended });
	});

	it("refuses an update whose ref moved after the client read it", async () => {
		await serve();
		const work = await sandbox.init();
		await sandbox.commit(work, { "a.txt": "a\n" }, "first");
		await sandbox.ok(work, ["push", `${server.url}/repo`, "main"]);
		const second = await sandbox.commit(work, { "a.txt": "b\n" }, "second");
		await sandbox.ok(work, ["push", `${server.url}/repo`, "main:other"]);
		// Another writer moves main between the advertisement and the push.
		server.beforePush = () => server.repository.refMap.set("refs/heads/main", second);
		await sandbox.commit(work, { "a.txt": "c\n" }, "third");
		const push = await sandbox.run(work, ["push", `${server.url}/repo`, "main"]);
		expect(push.status).not.toBe(0);
		expect(push.stderr).toContain("! [remote rejected] main -> main (stale info: the ref moved since it was read");
		expect(server.repository.refMap.get("refs/heads/main")).toBe(second);
	});

	it("passes push options and the atomic flag to apply, and fails the rest of an atomic push together", async () => {
		await serve();
		const work = await sandbox.init();
		const head = await sandbox.commit(work, { "a.txt": "a\n" }, "first");
		const push = await sandbox.run(work, [
			"push",
			"-o",
			"ci.skip",
			"-o",
			"note=two words",
			`${server.url}/repo`,
			"main",
		]);
		expect(push.status, push.stderr).toBe(0);
		expect(server.repository.applied.at(-1)).toMatchObject({
			atomic: false,
			pushOptions: ["ci.skip", "note=two words"],
		});

		const atomic = await sandbox.run(work, ["push", "--atomic", `${server.url}/repo`, "main:next", "main:refs/pr/1"]);
		expect(atomic.status).not.toBe(0);
		expect(atomic.stderr).toContain("! [remote rejected] main -> next (atomic push failure)");
		expect(atomic.stderr).toContain("! [remote rejected] main -> refs/pr/1 (only branches (refs/heads/*)");
		expect(server.repository.applied).toHaveLength(1);
		expect([...server.repository.refMap]).toEqual([["refs/heads/main", head]]);
	});
});
