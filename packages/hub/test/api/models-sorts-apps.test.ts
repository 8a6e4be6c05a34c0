/**
 * The listing's newer sorts and the local-apps filter, over real HTTP on both
 * engines: `sort=mainSize` (summed file sizes of `main`), `sort=num_parameters`
 * (models without a count last, either direction), `sort=likes30d` (no recent
 * likes here: ties broken by id; likes.test.ts has the counting), `apps=` (any of the named local apps), keyset pages across all of
 * them, and `@huggingface/hub`'s listModels sending the same parameters.
 */
import { listModels } from "@huggingface/hub";
import { describe, expect, it } from "vitest";
import type { SeedModel } from "../../src/seed/types.js";
import { ENGINES } from "../support/engines.js";
import { useHttpHub } from "../support/hub.js";
import { seedModel } from "../support/seed-records.js";

const GB = 1_000_000_000;

function gguf(id: string, total: number | undefined, fileSize: number): SeedModel {
	return seedModel(id, {
		pipeline_tag: "text-generation",
		library_name: undefined,
		tags: ["gguf", "text-generation", "conversational"],
		config: { gguf: { architecture: "llama", context_length: 8192, ...(total === undefined ? {} : { total }) } },
		files: [{ path: `${id.split("/")[1]}-Q4_K_M.gguf`, size: fileSize }],
	});
}

const RECORDS: SeedModel[] = [
	// Over 2^32 bytes and parameters: bigint columns on both engines.
	gguf("gg/llama-8b", 8_030_261_248, 4.92 * GB),
	gguf("gg/gemma-2b", 2_614_341_888, 1.71 * GB),
	gguf("gg/gemma-tie", 2_614_341_888, 1.6 * GB),
	gguf("gg/big-70b", 70_553_706_496, 42.5 * GB),
	gguf("gg/no-count", undefined, 3 * GB),
	seedModel("mlx/phi-4bit", {
		pipeline_tag: "text-generation",
		library_name: "mlx",
		tags: ["mlx", "text-generation"],
		files: [{ path: "model.safetensors", size: 2 * GB }],
	}),
	seedModel("hf/chat-7b", {
		pipeline_tag: "text-generation",
		tags: ["transformers", "text-generation"],
		files: [{ path: "model.safetensors", size: 14 * GB }],
	}),
	// Same id length, same files: equal sizes, ordered by id.
	seedModel("hf/bert-a", { files: [{ path: "model.safetensors", size: 440_000_000 }] }),
	seedModel("hf/bert-b", { files: [{ path: "model.safetensors", size: 440_000_000 }] }),
	seedModel("hf/tiny", { files: [{ path: "config.json", content: "{}" }] }),
	{ ...gguf("dana/private-q4", 1_000_000, 9 * GB), private: true },
];
const PUBLIC = RECORDS.filter((record) => !record.private);

/** The bytes of `main`: the card plus every file, as listings report them. */
function mainSize(record: SeedModel): number {
	return (
		Buffer.byteLength(record.readme) +
		record.files.reduce(
			(sum, file) => sum + (file.content === undefined ? (file.size ?? 0) : Buffer.byteLength(file.content)),
			0,
		)
	);
}

function parameters(record: SeedModel): number | undefined {
	const total = (record.config?.gguf as { total?: number } | undefined)?.total;
	return typeof total === "number" ? total : undefined;
}

/** Ids sorted by (value, id) in the direction asked; models without a value after all others, by id. */
function expectedOrder(value: (record: SeedModel) => number | undefined, descending: boolean): string[] {
	const sign = descending ? -1 : 1;
	const compare = (a: string | number, b: string | number) => (a < b ? -sign : a > b ? sign : 0);
	const valued = PUBLIC.filter((record) => value(record) !== undefined);
	const unvalued = PUBLIC.filter((record) => value(record) === undefined);
	return [
		...valued
			.sort((left, right) => compare(value(left) as number, value(right) as number) || compare(left.id, right.id))
			.map((record) => record.id),
		...unvalued.sort((left, right) => compare(left.id, right.id)).map((record) => record.id),
	];
}

describe.each(ENGINES)("listing sorts and apps on %s", (engine) => {
	// Two loads: the first into an empty catalogue (indexes deferred), the second row by row.
	const hub = useHttpHub(engine, RECORDS.slice(0, 6), RECORDS.slice(6));

	/** Every page by Link; returns the items in order. */
	async function walk(path: string): Promise<Record<string, unknown>[]> {
		const items: Record<string, unknown>[] = [];
		let next: string | undefined = `${hub.url}${path}`;
		for (let pages = 0; next; pages++) {
			expect(pages).toBeLessThan(50);
			const response: Response = await fetch(next);
			expect(response.status, next).toBe(200);
			items.push(...((await response.json()) as Record<string, unknown>[]));
			next = /<([^>]+)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
		}
		return items;
	}

	it.each([
		["-1", true],
		["1", false],
	])("sorts by mainSize (direction %s), page by page", async (direction, descending) => {
		const items = await walk(`/api/models?sort=mainSize&direction=${direction}&limit=3&expand[]=usedStorage`);
		expect(items.map((item) => item.id)).toEqual(expectedOrder(mainSize, descending));
		// The stored sum agrees with the files listed at read time.
		for (const item of items) {
			const record = PUBLIC.find((candidate) => candidate.id === item.id) as SeedModel;
			expect(item.usedStorage, String(item.id)).toBe(mainSize(record));
		}
	});

	it.each([
		["-1", true],
		["1", false],
	])("sorts by num_parameters (direction %s): models without a count last", async (direction, descending) => {
		// Pages of two cross from the counted models into the uncounted ones mid-page.
		const ids = (await walk(`/api/models?sort=num_parameters&direction=${direction}&limit=2`)).map((item) => item.id);
		expect(ids).toEqual(expectedOrder(parameters, descending));
		expect(ids.slice(0, 4)).toEqual(
			descending
				? ["gg/big-70b", "gg/llama-8b", "gg/gemma-tie", "gg/gemma-2b"]
				: ["gg/gemma-2b", "gg/gemma-tie", "gg/llama-8b", "gg/big-70b"],
		);
		expect(ids.at(-1)).toBe(descending ? "gg/no-count" : "mlx/phi-4bit");
	});

	it("sorts by likes30d (none recent here: by id); unknown sorts stay 'Unsupported'", async () => {
		const likes30d = await fetch(`${hub.url}/api/models?sort=likes30d`);
		expect(likes30d.status).toBe(200);
		const ids = ((await likes30d.json()) as { id: string }[]).map((item) => item.id);
		expect(ids).toEqual([...ids].sort().reverse());
		expect((await walk("/api/models?sort=likes30d&limit=2")).map((item) => item.id)).toEqual(ids);
		const bogus = await fetch(`${hub.url}/api/models?sort=bogus`);
		expect(await bogus.json()).toEqual({ error: 'Unsupported sort: "bogus"' });
	});

	it("filters by local apps: any of them, comma list or repeated, with sorts and pages", async () => {
		const ids = async (query: string) => (await walk(`/api/models?${query}`)).map((item) => item.id as string).sort();
		const ggufIds = ["gg/big-70b", "gg/gemma-2b", "gg/gemma-tie", "gg/llama-8b", "gg/no-count"];
		expect(await ids("apps=llama.cpp")).toEqual(ggufIds);
		expect(await ids("apps=ollama&limit=2&sort=mainSize")).toEqual(ggufIds);
		expect(await ids("apps=mlx-lm")).toEqual(["mlx/phi-4bit"]);
		expect(await ids("apps=sglang")).toEqual(["hf/chat-7b"]);
		expect(await ids("apps=mlx-lm,sglang")).toEqual(["hf/chat-7b", "mlx/phi-4bit"]);
		expect(await ids("apps=mlx-lm&apps=sglang&limit=1")).toEqual(["hf/chat-7b", "mlx/phi-4bit"]);
		// vLLM runs GGUF text generation and transformers text generation alike.
		expect(await ids("apps=vllm")).toEqual([...ggufIds, "hf/chat-7b"].sort());
		expect(await ids("apps=diffusionbee")).toEqual([]);
		expect(await ids("apps=llama.cpp&sort=num_parameters&limit=2")).toEqual(ggufIds);
	});

	it("keeps private models out of the apps filter for everyone but their owner", async () => {
		const listed = (await walk("/api/models?apps=llama.cpp&author=dana")).map((item) => item.id);
		expect(listed).toEqual([]);
	});

	it("refuses an app it does not know, naming the ones it does", async () => {
		const response = await fetch(`${hub.url}/api/models?apps=llama.cpp,no-such-app`);
		expect(response.status).toBe(400);
		const { error } = (await response.json()) as { error: string };
		expect(error).toContain('"no-such-app"');
		expect(error).toContain("llama.cpp");
	});

	it("@huggingface/hub listModels: mainSize, num_parameters and search.apps", async () => {
		const names = async (params: Parameters<typeof listModels>[0]) => {
			const found: string[] = [];
			for await (const entry of listModels({ hubUrl: hub.url, ...params })) found.push(entry.name);
			return found;
		};
		expect(await names({ sort: "mainSize" })).toEqual(expectedOrder(mainSize, true));
		expect(await names({ sort: "num_parameters" })).toEqual(expectedOrder(parameters, true));
		expect(await names({ sort: "mainSize", search: { apps: ["mlx-lm", "sglang"] } })).toEqual([
			"hf/chat-7b",
			"mlx/phi-4bit",
		]);
		const byRecentLikes = await names({ sort: "likes30d" });
		expect(byRecentLikes).toEqual([...byRecentLikes].sort().reverse());
	});
});
