import { describe, expect, it } from "vitest";
import { CommitGraph } from "./commit-graph.js";
import { INFINITE_DEPTH, planPack, planShallow } from "./object-walk.js";
import { MemoryRepository, type MemoryTree } from "./test-support/memory-repository.js";

/** Every object `roots` reach (commits through their parents, trees down to blobs), from the repository itself. */
function closure(repo: MemoryRepository, roots: string[]): Set<string> {
	const seen = new Set<string>();
	const stack = [...roots];
	for (let oid = stack.pop(); oid !== undefined; oid = stack.pop()) {
		if (seen.has(oid)) continue;
		seen.add(oid);
		const object = repo.objects.get(oid);
		if (!object) continue;
		const text = Buffer.from(object.bytes).toString("latin1");
		if (object.type === "commit")
			stack.push(...[...text.matchAll(/^(?:tree|parent) ([0-9a-f]{40})$/gm)].map((m) => m[1] as string));
		if (object.type === "tree") {
			for (let at = 0; at < object.bytes.byteLength; ) {
				const nul = object.bytes.indexOf(0, at);
				stack.push(Buffer.from(object.bytes.subarray(nul + 1, nul + 21)).toString("hex"));
				at = nul + 21;
			}
		}
	}
	return seen;
}

const commitsIn = (repo: MemoryRepository, oids: Iterable<string>) =>
	[...oids].filter((oid) => repo.objects.get(oid)?.type === "commit").sort();

describe("planPack", () => {
	it("sends the commits of a merged branch the client lacks, and only the trees and blobs it lacks", async () => {
		const repo = new MemoryRepository();
		const root = repo.commit({ tree: repo.tree({ "a.txt": "a\n", "big.bin": "x".repeat(5000) }), message: "root" });
		const side = repo.commit({
			tree: repo.tree({ "a.txt": "a\n", "big.bin": "x".repeat(5000), "b.txt": "b\n" }),
			parents: [root],
		});
		const one = repo.commit({ tree: repo.tree({ "a.txt": "a1\n", "big.bin": "x".repeat(5000) }), parents: [root] });
		const two = repo.commit({
			tree: repo.tree({ "a.txt": "a2\n", "big.bin": "x".repeat(5000), d: { "c.txt": "c\n" } }),
			parents: [one],
		});
		const mergedTree = repo.tree({
			"a.txt": "a2\n",
			"big.bin": "x".repeat(5000),
			"b.txt": "b\n",
			d: { "c.txt": "c\n" },
		});
		const merge = repo.commit({ tree: mergedTree, parents: [two, side] });
		repo.reads.length = 0;
		const sent = await planPack(new CommitGraph(repo), { wants: [merge], haves: [side] });
		expect(sent.slice(0, 3)).toEqual([merge, two, one]);
		const expected = new Set([...closure(repo, [merge])].filter((oid) => !closure(repo, [side]).has(oid)));
		expect(new Set(sent)).toEqual(expected);
		// The walk reads commits and trees only: no blob's bytes.
		expect(repo.reads.filter((oid) => repo.objects.get(oid)?.type === "blob")).toEqual([]);
	});

	it("reads only the trees along the changed path of a wide repository", async () => {
		const repo = new MemoryRepository();
		const files: MemoryTree = {};
		for (let index = 0; index < 50; index++) files[`dir-${index}`] = { "file.txt": `${index}\n` };
		const before = repo.commitFiles(files);
		files["dir-7"] = { "file.txt": "changed\n" };
		const after = repo.commitFiles(files);
		repo.reads.length = 0;
		const sent = await planPack(new CommitGraph(repo), { wants: [after], haves: [before] });
		expect(sent).toHaveLength(4);
		// Both roots and both dir-7 trees to compare, then our two trees again to list what is sent.
		expect(repo.reads.filter((oid) => repo.objects.get(oid)?.type === "tree")).toHaveLength(6);
	});

	it("never leaves out an object the client lacks, whatever the commit dates say", async () => {
		let seed = 7;
		const random = (below: number) => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed % below;
		};
		for (let round = 0; round < 20; round++) {
			const repo = new MemoryRepository();
			const commits: string[] = [];
			for (let index = 0; index < 30; index++) {
				const parents = commits.length === 0 ? [] : [commits[random(commits.length)] as string];
				if (commits.length > 2 && random(4) === 0) parents.push(commits[random(commits.length)] as string);
				const tree = repo.tree({ "n.txt": `${random(5)}\n` });
				// Dates that go back and forth in odd rounds, as clocks of different machines do.
				const seconds = round % 2 === 0 ? 1_000_000 + index * 60 : 1_000_000 + random(100);
				commits.push(repo.commit({ tree, parents: [...new Set(parents)], seconds }));
			}
			const wants = [commits[29] as string, commits[random(30)] as string];
			const haves = [commits[random(25)] as string];
			const sent = new Set(await planPack(new CommitGraph(repo), { wants, haves }));
			const theirs = closure(repo, haves);
			const needed = [...closure(repo, wants)].filter((oid) => !theirs.has(oid));
			for (const oid of needed) expect(sent.has(oid)).toBe(true);
			// With dates in order the commits are exactly those; out of order, a few of theirs may come along.
			if (round % 2 === 0) expect(commitsIn(repo, sent)).toEqual(commitsIn(repo, needed));
		}
	});

	it("sends a wanted annotated tag and follows tags onto what the pack holds", async () => {
		const repo = new MemoryRepository();
		const first = repo.commitFiles({ "a.txt": "1\n" });
		const old = repo.annotatedTag("old", first);
		const second = repo.commitFiles({ "a.txt": "2\n" });
		const fresh = repo.annotatedTag("fresh", second);
		const followTags = await repo.refs();
		const sent = await planPack(new CommitGraph(repo), { wants: [second], haves: [first], followTags });
		expect(sent).toContain(fresh);
		expect(sent).not.toContain(old);
		const wanted = await planPack(new CommitGraph(repo), { wants: [old], haves: [first] });
		expect(wanted).toEqual([old]);
	});
});

describe("planShallow", () => {
	function line(length: number) {
		const repo = new MemoryRepository();
		const commits = Array.from({ length }, (_, index) => repo.commitFiles({ "n.txt": `${index}\n` }));
		return { repo, commits };
	}

	it("counts depth as git does: depth 1 is the wanted commit alone", async () => {
		const { repo, commits } = line(5);
		const tip = commits[4] as string;
		for (const [depth, boundary] of [
			[1, commits[4]],
			[3, commits[2]],
		] as const) {
			const graph = new CommitGraph(repo);
			const plan = await planShallow(graph, { wants: [tip], clientShallow: [], depth });
			expect(plan).toEqual({ shallow: [boundary], unshallow: [], extraWants: [] });
			const sent = await planPack(graph, { wants: [tip], haves: [] });
			expect(commitsIn(repo, sent)).toEqual(commits.slice(5 - depth).sort());
		}
	});

	it("cuts both sides of a merge at the same depth", async () => {
		const repo = new MemoryRepository();
		const root = repo.commit({ tree: repo.tree({}) });
		const left = repo.commit({ tree: repo.tree({ l: "l\n" }), parents: [root] });
		const right = repo.commit({ tree: repo.tree({ r: "r\n" }), parents: [root] });
		const merge = repo.commit({ tree: repo.tree({ l: "l\n", r: "r\n" }), parents: [left, right] });
		const plan = await planShallow(new CommitGraph(repo), { wants: [merge], clientShallow: [], depth: 2 });
		expect(plan.shallow.sort()).toEqual([left, right].sort());
	});

	it("deepens a shallow client from the wants, from its boundary (relative), or all the way", async () => {
		const { repo, commits } = line(6);
		const tip = commits[5] as string;
		const clientShallow = [commits[4] as string];
		const absolute = await planShallow(new CommitGraph(repo), { wants: [tip], clientShallow, depth: 3 });
		expect(absolute).toEqual({ shallow: [commits[3]], unshallow: [commits[4]], extraWants: [commits[3]] });
		const relative = await planShallow(new CommitGraph(repo), {
			wants: [tip],
			clientShallow,
			depth: 2,
			relative: true,
		});
		expect(relative).toEqual({ shallow: [commits[2]], unshallow: [commits[4]], extraWants: [commits[3]] });
		const all = await planShallow(new CommitGraph(repo), { wants: [tip], clientShallow, depth: INFINITE_DEPTH });
		expect(all).toEqual({ shallow: [], unshallow: [commits[4]], extraWants: [commits[3]] });
		const graph = new CommitGraph(repo);
		await planShallow(graph, { wants: [tip], clientShallow, depth: INFINITE_DEPTH });
		const sent = await planPack(graph, { wants: [tip, commits[3] as string], haves: [tip, commits[4] as string] });
		expect(commitsIn(repo, sent)).toEqual(commits.slice(0, 4).sort());
	});

	it("keeps a client's shallow commits as its boundary when it asks for no depth", async () => {
		const { repo, commits } = line(4);
		const graph = new CommitGraph(repo);
		const plan = await planShallow(graph, { wants: [commits[3] as string], clientShallow: [commits[2] as string] });
		expect(plan).toEqual({ shallow: [], unshallow: [], extraWants: [] });
		const sent = await planPack(graph, { wants: [commits[3] as string], haves: [commits[2] as string] });
		expect(commitsIn(repo, sent)).toEqual([commits[3]]);
	});
});
