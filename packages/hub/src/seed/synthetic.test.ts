import { readFileSync } from "node:fs";
import { isModelLibraryKey, isPipelineType, PIPELINE_TYPES } from "@hubkit/tasks";
import { describe, expect, it } from "vitest";
import { repoIdProblem, repoPathProblem } from "../storage/repo-path.js";
import { sampleCatalogue } from "./catalogue/index.js";
import { MAX_SYNTHETIC_MODELS, SYNTHETIC_AUTHOR_COUNT, syntheticModels } from "./synthetic.js";
import type { SeedModel } from "./types.js";

const take = (count: number, seed?: number) => [...syntheticModels(count, seed)];

/** Provider → tasks, the union over both reference versions of @huggingface/inference. */
function providerTasks(): Map<string, Set<string>> {
	const reference = JSON.parse(readFileSync(new URL("../../../../reference/providers.json", import.meta.url), "utf8"));
	const tasks = new Map<string, Set<string>>();
	for (const version of ["4.13.30", "3.8.1"]) {
		for (const provider of reference[version].providers as { id: string; tasks: string[] }[]) {
			tasks.set(provider.id, new Set([...(tasks.get(provider.id) ?? []), ...provider.tasks]));
		}
	}
	return tasks;
}

describe("synthetic models", () => {
	it("validates count and seed at the call, not on first iteration", () => {
		for (const count of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_SYNTHETIC_MODELS + 1]) {
			expect(() => syntheticModels(count), String(count)).toThrow(RangeError);
		}
		expect(() => syntheticModels(1, -3)).toThrow(RangeError);
		expect(() => syntheticModels(1, 0.5)).toThrow(RangeError);
		expect(take(0)).toEqual([]);
		expect(() => syntheticModels(MAX_SYNTHETIC_MODELS)).not.toThrow();
	});

	it("is deterministic for a seed and differs between seeds", () => {
		const first = take(2_000, 7);
		expect(JSON.stringify(take(2_000, 7))).toBe(JSON.stringify(first));
		expect(JSON.stringify(take(2_000))).toBe(JSON.stringify(take(2_000, 1)));
		const other = take(2_000, 8);
		expect(other.map((record) => record.id)).not.toEqual(first.map((record) => record.id));
		// A prefix of a longer run is the shorter run.
		expect(JSON.stringify(take(500, 7))).toBe(JSON.stringify(first.slice(0, 500)));
	});

	it("has unique, valid ids over 200,000 records, none clashing with the sample catalogue", () => {
		const ids = new Set<string>();
		const authors = new Set<string>();
		const catalogueIds = new Set(sampleCatalogue().map((record) => record.id));
		let clashes = 0;
		for (const record of syntheticModels(200_000, 3)) {
			ids.add(record.id);
			authors.add(record.author);
			if (catalogueIds.has(record.id)) clashes++;
		}
		expect(clashes).toBe(0);
		expect(ids.size).toBe(200_000);
		// Most of the pool shows up in 200k records; the pool itself is SYNTHETIC_AUTHOR_COUNT.
		expect(authors.size).toBeGreaterThan(SYNTHETIC_AUTHOR_COUNT * 0.9);
		expect(authors.size).toBeLessThanOrEqual(SYNTHETIC_AUTHOR_COUNT);
	});

	it("produces well-formed records", () => {
		const tasks = providerTasks();
		// Collected and asserted once: an expect per field per record is slow at this count.
		const problems: string[] = [];
		const check = (ok: boolean, id: string, what: string) => {
			if (!ok) problems.push(`${id}: ${what}`);
		};
		for (const record of syntheticModels(20_000, 11)) {
			const id = record.id;
			const [namespace = "", name = "", ...rest] = id.split("/");
			check(rest.length === 0 && repoIdProblem(namespace, name) === undefined, id, "id");
			check(record.author === namespace, id, "author");
			check(/^[a-z0-9-]+-\d+$/.test(name), id, "readable name ending in a number");
			check(isPipelineType(record.pipeline_tag), id, "pipeline tag");
			check(isModelLibraryKey(record.library_name), id, "library");
			check(record.tags.includes(record.pipeline_tag as string), id, "task tag");
			check(record.tags.includes(record.library_name as string), id, "library tag");
			check(new Set(record.tags).size === record.tags.length, id, "duplicate tags");
			check(
				record.tags.some((tag) => tag.startsWith("license:")),
				id,
				"license tag",
			);
			check(Number.isInteger(record.downloads) && record.downloads >= 0, id, "downloads");
			check(Number.isInteger(record.likes) && record.likes >= 0, id, "likes");
			check(new Date(record.createdAt).toISOString() === record.createdAt, id, "createdAt is ISO");
			check(new Date(record.lastModified).toISOString() === record.lastModified, id, "lastModified is ISO");
			check(record.lastModified >= record.createdAt, id, "dates in order");
			const paths = record.files.map((file) => file.path);
			check(paths[0] === "README.md" && record.files[0]?.content === record.readme, id, "README");
			check(new Set(paths).size === paths.length, id, "unique paths");
			check(
				paths.every((path) => repoPathProblem(path) === undefined),
				id,
				"safe paths",
			);
			const weights = record.files.filter((file) => file.content === undefined);
			check(weights.length === 1 && (weights[0]?.size ?? 0) > 0, id, "one weights file with a size");
			const configFile = record.files.find((file) => file.path === "config.json");
			if (configFile) check(JSON.parse(configFile.content as string) !== null, id, "config.json");
			if (record.tags.includes("conversational")) {
				const template = (record.config?.tokenizer_config as { chat_template?: string } | undefined)?.chat_template;
				check(template?.includes("messages") === true, id, "chat template");
			}
			for (const mapping of record.inferenceProviderMapping) {
				check(tasks.get(mapping.provider)?.has(mapping.task) === true, id, `${mapping.provider} ${mapping.task}`);
			}
		}
		expect(problems.slice(0, 20)).toEqual([]);
	});

	it("varies tasks, libraries, tags, access and dates, with long-tailed downloads", () => {
		const records: SeedModel[] = take(100_000, 5);
		const tasks = new Set(records.map((record) => record.pipeline_tag));
		expect([...tasks].sort()).toEqual([...PIPELINE_TYPES].sort());
		const libraries = new Set(records.map((record) => record.library_name));
		expect(libraries.size).toBeGreaterThan(150);
		const years = new Set(records.map((record) => record.createdAt.slice(0, 4)));
		expect(years.size).toBeGreaterThanOrEqual(5);
		expect(records.filter((record) => record.tags.includes("conversational")).length).toBeGreaterThan(1_000);
		expect(records.some((record) => record.private)).toBe(true);
		expect(records.some((record) => record.gated === "auto")).toBe(true);
		expect(records.filter((record) => record.inferenceProviderMapping.length > 0).length).toBeGreaterThan(500);

		const downloads = records.map((record) => record.downloads).sort((a, b) => a - b);
		const median = downloads[downloads.length / 2] as number;
		const top = downloads[downloads.length - 1] as number;
		const p99 = downloads[Math.floor(downloads.length * 0.99)] as number;
		expect(median).toBeLessThan(20);
		expect(p99).toBeGreaterThan(100 * Math.max(1, median));
		expect(top).toBeGreaterThan(300_000);
	});

	it("shares per-combination pieces instead of rebuilding them per record", () => {
		const records = take(50_000, 2);
		const readmes = new Set(records.map((record) => record.readme));
		const configs = new Set(records.map((record) => record.config).filter(Boolean));
		const cards = new Set(records.map((record) => record.cardData));
		expect(cards.size).toBeLessThan(records.length / 3);
		expect(readmes.size).toBeLessThan(records.length / 4);
		expect(configs.size).toBeLessThan(records.length / 10);
	});
});
