import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadHostileRecords, loadMalformedRecords, loadModelRecords } from "../../test/records.js";
import { readReference } from "../../test/reference.js";
import { jsFailures, jsInjections, shFailures, shInjections } from "../../test/syntax.js";
import { findNearestQuantType, GGMLFileQuantizationType, parseGGUFQuantLabel } from "../gguf.js";
import type { ModelData } from "../model-data.js";
import { ggufFiles, pickGgufFile } from "./common.js";
import {
	isDeeplinkApp,
	LOCAL_APP_KEYS,
	LOCAL_APPS,
	type LocalApp,
	type LocalAppKey,
	type LocalAppSnippet,
} from "./index.js";

interface ReferencePattern {
	pattern: string;
	syntheticModels: string[];
	filepathArgument: "omitted" | "given" | "ignored";
}
interface ReferenceApp {
	key: string;
	prettyLabel: string;
	docsUrl: string;
	mainTask: string;
	macOSOnly: boolean;
	kind: "snippet" | "deeplink";
	deeplinkPatterns: ReferencePattern[];
}

const reference: { localAppCount: number; localApps: ReferenceApp[] } = readReference("local-apps.json");
const referenceByKey = new Map(reference.localApps.map((app) => [app.key, app]));

const fixture: { marker: string; records: ModelData[]; hostile: ModelData[] } = JSON.parse(
	readFileSync(new URL("../../test/fixtures/local-app-models.json", import.meta.url), "utf8"),
);
const marker = fixture.marker;
const shared = loadHostileRecords();
const hostileRecords = [...fixture.hostile, ...shared.records];
const everyRecord = [...fixture.records, ...hostileRecords, ...loadModelRecords()];

const app = (key: LocalAppKey): LocalApp => LOCAL_APPS[key];
const byId = (id: string): ModelData => {
	const record = fixture.records.find((model) => model.id === id);
	if (!record) throw new Error(`no fixture record ${id}`);
	return record;
};

/** The file arguments each app is tried with: none, then every .gguf file the record lists. */
const filepathsOf = (model: ModelData): (string | undefined)[] => [undefined, ...ggufFiles(model)];

/** Every snippet of every displayed app for `models`, with where it came from. */
function snippetsFor(models: ModelData[]): (LocalAppSnippet & { where: string })[] {
	return LOCAL_APP_KEYS.flatMap((key) => {
		const local = app(key);
		if (isDeeplinkApp(local)) return [];
		return models
			.filter((model) => local.displayOnModelPage(model))
			.flatMap((model) =>
				filepathsOf(model).flatMap((filepath) =>
					local.snippet(model, filepath).map((item) => ({ ...item, where: `${key} ${JSON.stringify(model.id)}` })),
				),
			);
	});
}

/** Shell text of snippets: every `setup` and every sh `content`. */
function shSources(snippets: LocalAppSnippet[]): string[] {
	return snippets.flatMap((item) => [
		...(item.setup ? [item.setup] : []),
		...((item.language ?? "sh") === "sh" ? [item.content] : []),
	]);
}

const jsSources = (snippets: LocalAppSnippet[]) =>
	snippets.filter((item) => item.language === "js").map((item) => item.content);

const where = (failures: { source: string; error: string }[]) =>
	failures.slice(0, 5).map((failure) => `${failure.error}\n---\n${failure.source}`);

/** What URL encoders make of lone surrogates (they can't be encoded as UTF-8). */
const wellFormed = (value: string) =>
	value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

const formEncoded = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/** A reference pattern with the record's values put in the way the reference describes. */
function fillPattern(pattern: string, id: string, filepath?: string): string {
	return pattern
		.replace("{model_id:urlencoded}", formEncoded(id))
		.replace("{filepath:urlencoded}", formEncoded(filepath ?? ""))
		.replace("{model_id}", id)
		.replace("{filepath}", filepath ?? "");
}

describe("local apps catalogue", () => {
	it("has exactly the reference's apps, with its labels, docs, tasks, platforms and kinds", () => {
		expect(LOCAL_APP_KEYS).toHaveLength(reference.localAppCount);
		expect([...LOCAL_APP_KEYS].sort()).toEqual(reference.localApps.map((entry) => entry.key).sort());
		for (const key of LOCAL_APP_KEYS) {
			const expected = referenceByKey.get(key);
			const local = app(key);
			expect(
				{
					prettyLabel: local.prettyLabel,
					docsUrl: local.docsUrl,
					mainTask: local.mainTask,
					macOSOnly: local.macOSOnly ?? false,
					kind: isDeeplinkApp(local) ? "deeplink" : "snippet",
				},
				key,
			).toEqual({
				prettyLabel: expected?.prettyLabel,
				docsUrl: expected?.docsUrl,
				mainTask: expected?.mainTask,
				macOSOnly: expected?.macOSOnly,
				kind: expected?.kind,
			});
		}
	});

	it("never throws, for any record, file argument or malformed shape", () => {
		const malformed = [
			{},
			{ id: "" },
			{ id: "a/b", tags: "gguf", siblings: "x", config: null },
			{ id: "a/b", tags: [null, 3, "gguf"], siblings: [null, { rfilename: 5 }, { rfilename: "m-Q4_K_M.gguf" }] },
			{ id: "a/b", config: { gguf: null, tokenizer_config: { chat_template: [null, { template: 3 }] } } },
			{ id: "a/b", config: { quantization_config: { quant_method: 4 } }, pipeline_tag: "text-generation" },
			...loadMalformedRecords(),
		] as unknown as ModelData[];
		// Problems are collected rather than asserted one by one: there are tens of thousands of calls.
		const problems: string[] = [];
		let calls = 0;
		for (const key of LOCAL_APP_KEYS) {
			const local = app(key);
			for (const model of [...everyRecord, ...malformed]) {
				const name = `${key} ${JSON.stringify(model.id)}`;
				try {
					if (typeof local.displayOnModelPage(model) !== "boolean") problems.push(`${name}: display not boolean`);
					for (const filepath of [undefined, "", "a b/c'd.gguf", ...ggufFiles(model)]) {
						calls++;
						if (isDeeplinkApp(local)) {
							if (!(local.deeplink(model, filepath) instanceof URL)) problems.push(`${name}: not a URL`);
							continue;
						}
						const snippets = local.snippet(model, filepath);
						if (snippets.length === 0) problems.push(`${name}: no snippet`);
						for (const item of snippets) {
							if (!item.title || !item.content.trim()) problems.push(`${name}: empty title or content`);
						}
					}
				} catch (error) {
					problems.push(`${name}: threw ${String(error)}`);
				}
			}
		}
		expect(problems.slice(0, 10)).toEqual([]);
		expect(calls).toBeGreaterThan(1000);
	});

	it("shows each app for the expected records", () => {
		const gguf: LocalAppKey[] = [
			"llama.cpp",
			"node-llama-cpp",
			"lmstudio",
			"localai",
			"jan",
			"atomic-chat",
			"backyard",
			"jellybox",
			"msty",
			"recursechat",
			"ollama",
			"unsloth",
			"docker-model-runner",
			"lemonade",
		];
		const agents: LocalAppKey[] = ["pi", "hermes-agent", "openclaw"];
		const expected: Record<string, LocalAppKey[]> = {
			"bartowski/Mistral-7B-Instruct-v0.3-GGUF": [...gguf, "vllm"],
			"TheBloke/Llama-2-7B-Chat-GGUF": [...gguf, "vllm", "sglang"],
			"unsloth/gemma-3-4b-it-GGUF": [...gguf, "vllm"],
			"NousResearch/Hermes-3-Llama-3.1-8B-GGUF": [...gguf, "vllm", ...agents],
			"mlx-community/Llama-3.2-3B-Instruct-4bit": ["mlx-lm", "lmstudio", "atomic-chat"],
			"mlx-community/Qwen2.5-7B-Instruct-4bit": ["mlx-lm", "lmstudio", "atomic-chat", ...agents],
			"meta-llama/Llama-3.1-8B-Instruct": ["vllm", "sglang", "tgi", "docker-model-runner"],
			"TheBloke/Mistral-7B-Instruct-v0.2-AWQ": ["vllm", "sglang", "docker-model-runner"],
			"ISTA-DASLab/Llama-2-7b-AQLM-2Bit-1x16-hf": ["vllm", "sglang", "docker-model-runner"],
			"alvdansen/frosting_lane_flux": ["jellybox", "drawthings", "diffusionbee"],
			"stabilityai/stable-diffusion-xl-base-1.0": ["jellybox", "drawthings", "diffusionbee"],
			"coreml-community/coreml-stable-diffusion-v1-5": ["joyfusion"],
			"unsloth/Llama-3.2-1B-Instruct": ["vllm", "sglang", "docker-model-runner", "unsloth"],
			"unsloth/llama-3-8b-bnb-4bit-lora": ["unsloth"],
			"amd/Llama-3.2-1B-Instruct-awq-g128-int4-asym-fp16-onnx-hybrid": ["lemonade"],
			"google-bert/bert-base-uncased": [],
			"someone/tagged-only-gguf": gguf,
		};
		const actual = Object.fromEntries(
			fixture.records.map((model) => [
				model.id,
				LOCAL_APP_KEYS.filter((key) => app(key).displayOnModelPage(model)).sort(),
			]),
		);
		expect(actual).toEqual(Object.fromEntries(Object.entries(expected).map(([id, keys]) => [id, [...keys].sort()])));
	});

	describe("snippets", () => {
		const normal = snippetsFor(fixture.records);
		const hostile = snippetsFor(hostileRecords);

		it("cover every snippet app, hostile records included", () => {
			const keys = (list: { where: string }[]) => new Set(list.map((item) => item.where.split(" ")[0]));
			const snippetApps = LOCAL_APP_KEYS.filter((key) => !isDeeplinkApp(app(key)));
			expect([...keys(normal)].sort()).toEqual([...snippetApps].sort());
			expect([...keys(hostile)].sort()).toEqual([...snippetApps].sort());
			// The check below is only meaningful if hostile values do reach the text.
			expect(shSources(hostile).filter((source) => source.includes(marker)).length).toBeGreaterThan(100);
		});

		// One `bash -n` per distinct source: a few thousand of them.
		it("are shell that bash accepts", { timeout: 120_000 }, () => {
			expect(where(shFailures(shSources([...normal, ...hostile])))).toEqual([]);
		});

		it("keep author-controlled values inside single-quoted shell words", () => {
			expect(where(shInjections(shSources(hostile), marker))).toEqual([]);
		});

		it("emit JavaScript that parses, with author values only in string literals", () => {
			const sources = jsSources([...normal, ...hostile]);
			expect(sources.length).toBeGreaterThan(0);
			expect(where(jsFailures(sources))).toEqual([]);
			expect(where(jsInjections(jsSources(hostile), marker))).toEqual([]);
		});
	});

	describe("deeplinks", () => {
		const deeplinkKeys = LOCAL_APP_KEYS.filter((key) => isDeeplinkApp(app(key)));
		const deeplinkOf = (key: LocalAppKey, model: ModelData, filepath?: string): URL => {
			const local = app(key);
			if (!isDeeplinkApp(local)) throw new Error(`${key} is not a deeplink app`);
			return local.deeplink(model, filepath);
		};

		it("match the reference patterns for ordinary records", () => {
			let checked = 0;
			for (const key of deeplinkKeys) {
				const patterns = referenceByKey.get(key)?.deeplinkPatterns ?? [];
				for (const model of fixture.records.filter((record) => app(key).displayOnModelPage(record))) {
					const file = ggufFiles(model)[0] ?? "model.safetensors";
					for (const filepath of [undefined, file]) {
						const url = deeplinkOf(key, model, filepath);
						const allowed = patterns.filter((entry) =>
							filepath === undefined ? entry.filepathArgument !== "given" : entry.filepathArgument !== "omitted",
						);
						const candidates = allowed.map((entry) => new URL(fillPattern(entry.pattern, model.id, filepath)).href);
						expect(candidates, `${key} ${model.id} ${filepath}`).toContain(url.href);
						checked++;
					}
				}
			}
			expect(checked).toBeGreaterThan(40);
		});

		it("choose the pattern that fits the model", () => {
			const lora = byId("alvdansen/frosting_lane_flux");
			const pipeline = byId("stabilityai/stable-diffusion-xl-base-1.0");
			const gguf = byId("bartowski/Mistral-7B-Instruct-v0.3-GGUF");
			expect(deeplinkOf("jellybox", gguf).href).toBe(
				"jellybox://llm/models/huggingface/LLM/bartowski/Mistral-7B-Instruct-v0.3-GGUF",
			);
			expect(deeplinkOf("jellybox", lora).href).toBe(
				"jellybox://image/models/huggingface/ImageLora/alvdansen/frosting_lane_flux",
			);
			expect(deeplinkOf("jellybox", pipeline).href).toBe(
				"jellybox://image/models/huggingface/Image/stabilityai/stable-diffusion-xl-base-1.0",
			);
			expect(deeplinkOf("drawthings", lora).href).toBe(
				"https://drawthings.ai/import/diffusers/pipeline.load_lora_weights?repo_id=alvdansen/frosting_lane_flux",
			);
			expect(deeplinkOf("drawthings", pipeline).href).toBe(
				"https://drawthings.ai/import/diffusers/pipeline.from_pretrained?repo_id=stabilityai/stable-diffusion-xl-base-1.0",
			);
			expect(deeplinkOf("unsloth", gguf, "Mistral-7B-Instruct-v0.3-Q4_K_M.gguf").href).toBe(
				"unsloth://open_from_hf?model=bartowski%2FMistral-7B-Instruct-v0.3-GGUF&file=Mistral-7B-Instruct-v0.3-Q4_K_M.gguf",
			);
		});

		it("keep hostile ids and files inside their parameter or path, never in the scheme or host", () => {
			let checked = 0;
			for (const key of deeplinkKeys) {
				const patterns = referenceByKey.get(key)?.deeplinkPatterns ?? [];
				for (const model of hostileRecords.filter((record) => app(key).displayOnModelPage(record))) {
					for (const filepath of [undefined, ...ggufFiles(model)]) {
						const url = deeplinkOf(key, model, filepath);
						const where = `${key} ${JSON.stringify(model.id)} ${JSON.stringify(filepath)}`;
						// Which reference pattern produced it: one whose fixed part the URL starts with,
						// the "given" variant when a file was passed.
						const fitting = patterns.filter((candidate) => {
							const fixed = new URL(candidate.pattern.slice(0, candidate.pattern.indexOf("{")));
							return (
								url.protocol === fixed.protocol && url.host === fixed.host && url.pathname.startsWith(fixed.pathname)
							);
						});
						const entry =
							fitting.find((candidate) => (candidate.filepathArgument === "given") === (filepath !== undefined)) ??
							fitting.find((candidate) => candidate.filepathArgument === "ignored");
						expect(entry, where).toBeDefined();
						if (!entry) continue;
						const fixed = new URL(entry.pattern.slice(0, entry.pattern.indexOf("{")));
						expect(url.protocol, where).toBe(fixed.protocol);
						expect(url.host, where).toBe(fixed.host);
						expect(url.hash, where).toBe("");
						expect(`${url.protocol}//${url.host}`, where).not.toContain(marker);

						const query = entry.pattern.indexOf("?") >= 0 && entry.pattern.indexOf("?") < entry.pattern.indexOf("{");
						if (query) {
							// Parameters: exactly the pattern's, the id (and file) decoded back intact.
							const filled = new URL(fillPattern(entry.pattern, "x", "y"));
							const idParam = entry.pattern.match(/[?&]([^=&]+)=\{model_id/)?.[1] ?? "";
							const fileParam = entry.pattern.match(/[?&]([^=&]+)=\{filepath/)?.[1];
							expect([...url.searchParams.keys()], where).toEqual([...filled.searchParams.keys()]);
							expect(url.pathname, where).toBe(fixed.pathname);
							expect(url.searchParams.get(idParam), where).toBe(wellFormed(model.id));
							if (filepath && fileParam) expect(url.searchParams.get(fileParam), where).toBe(wellFormed(filepath));
						} else {
							// Path: nothing spills into a query, and the segments decode back to the id.
							expect(url.search, where).toBe("");
							const rest = url.pathname.slice(fixed.pathname.length);
							expect(rest.split("/").map(decodeURIComponent).join("/"), where).toBe(wellFormed(model.id));
						}
						checked++;
					}
				}
			}
			expect(checked).toBeGreaterThan(200);
		});
	});

	describe("GGUF quantisation choice", () => {
		const llamaCppText = (model: ModelData, filepath?: string) => {
			const local = LOCAL_APPS["llama.cpp"];
			return local
				.snippet(model, filepath)
				.map((item) => item.content)
				.join("\n");
		};

		it("llama.cpp's terminal example generates 512 tokens", () => {
			const text = llamaCppText(byId("bartowski/Mistral-7B-Instruct-v0.3-GGUF"));
			expect(text).toContain("-n 512");
			expect(text).toContain("llama-server -hf 'bartowski/Mistral-7B-Instruct-v0.3-GGUF:Q4_K_M'");
			expect(text).toContain("llama-cli -hf 'bartowski/Mistral-7B-Instruct-v0.3-GGUF:Q4_K_M'");
		});

		it("prefers Q4_K_M when the repository has it", () => {
			const model = byId("bartowski/Mistral-7B-Instruct-v0.3-GGUF");
			expect(pickGgufFile(model)).toBe("Mistral-7B-Instruct-v0.3-Q4_K_M.gguf");
			expect(LOCAL_APPS.ollama.snippet(model)[0]?.content).toBe(
				"ollama run 'hf.co/bartowski/Mistral-7B-Instruct-v0.3-GGUF:Q4_K_M'",
			);
			// Projector files are never picked; UD- variants don't outrank the plain label.
			expect(pickGgufFile(byId("unsloth/gemma-3-4b-it-GGUF"))).toBe("gemma-3-4b-it-Q4_K_M.gguf");
		});

		it("otherwise takes the nearest quantisation by findNearestQuantType", () => {
			const model = byId("TheBloke/Llama-2-7B-Chat-GGUF");
			const nearest = findNearestQuantType(GGMLFileQuantizationType.Q4_K_M, [
				GGMLFileQuantizationType.Q8_0,
				GGMLFileQuantizationType.Q2_K,
			]);
			expect(nearest).toBe(GGMLFileQuantizationType.Q2_K);
			const file = pickGgufFile(model);
			expect(file).toBe("llama-2-7b-chat.Q2_K.gguf");
			expect(parseGGUFQuantLabel(file ?? "")).toBe(GGMLFileQuantizationType[nearest as number]);
			expect(llamaCppText(model)).toContain("-hf 'TheBloke/Llama-2-7B-Chat-GGUF:Q2_K'");
		});

		it("uses the file the reader chose", () => {
			const model = byId("bartowski/Mistral-7B-Instruct-v0.3-GGUF");
			const chosen = "Mistral-7B-Instruct-v0.3-Q8_0.gguf";
			expect(llamaCppText(model, chosen)).toContain("-hf 'bartowski/Mistral-7B-Instruct-v0.3-GGUF:Q8_0'");
			expect(LOCAL_APPS["docker-model-runner"].snippet(model, chosen)[0]?.content).toBe(
				"docker model run 'hf.co/bartowski/Mistral-7B-Instruct-v0.3-GGUF:Q8_0'",
			);
			// A file without a quantisation label is named outright.
			expect(llamaCppText(model, "custom.gguf")).toContain(
				"--hf-repo 'bartowski/Mistral-7B-Instruct-v0.3-GGUF' --hf-file 'custom.gguf'",
			);
		});
	});
});
