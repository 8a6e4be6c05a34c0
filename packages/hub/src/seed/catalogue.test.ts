import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { LOCAL_TASKS } from "@hubkit/runtime";
import {
	countsAsDownload,
	isModelLibraryKey,
	isPipelineType,
	LOCAL_APPS,
	MODEL_LIBRARIES,
	type ModelLibraryKey,
	pickGgufFile,
	TASKS_DATA,
	toModelData,
} from "@hubkit/tasks";
import { describe, expect, it } from "vitest";
import { LEGACY_ID_ALIASES } from "../services/legacy-ids.js";
import { PLACEHOLDER_TAG } from "../services/repos.js";
import { repoIdProblem, repoPathProblem } from "../storage/repo-path.js";
import { PLACEHOLDER_LINE } from "./catalogue/card.js";
import { CATALOGUE_DATE, DEMO_AUTHOR, sampleCatalogue } from "./catalogue/index.js";
import { seedCapability } from "./seed-capability.js";
import type { SeedModel } from "./types.js";

/** Every model id the task pages name, in models and widgetModels. */
function taskCatalogueIds(): Set<string> {
	const ids = new Set<string>();
	for (const page of Object.values(TASKS_DATA)) {
		if (!page) continue;
		for (const entry of page.models) ids.add(entry.id);
		for (const id of page.widgetModels) ids.add(id);
	}
	return ids;
}

interface ProviderFacts {
	id: string;
	tasks: string[];
}
interface ProvidersReference {
	[version: string]: { providers?: ProviderFacts[] } | unknown;
}

/** Provider → tasks, the union over both reference versions of @huggingface/inference. */
function providerTasks(): Map<string, Set<string>> {
	const reference = JSON.parse(
		readFileSync(new URL("../../../../reference/providers.json", import.meta.url), "utf8"),
	) as ProvidersReference;
	const tasks = new Map<string, Set<string>>();
	for (const version of ["4.13.30", "3.8.1"]) {
		const block = reference[version] as { providers: ProviderFacts[] };
		for (const provider of block.providers) {
			const set = tasks.get(provider.id) ?? new Set<string>();
			for (const task of provider.tasks) set.add(task);
			tasks.set(provider.id, set);
		}
	}
	return tasks;
}

const catalogue = sampleCatalogue();
const byId = new Map(catalogue.map((record) => [record.id, record]));
/** The record for a task-page id, through the legacy alias when it has one. */
const resolve = (id: string) => byId.get(LEGACY_ID_ALIASES[id] ?? id);
const isChat = (record: SeedModel) => record.tags.includes("conversational");
const chatTemplateOf = (record: SeedModel): unknown => {
	const config = record.config as
		| { tokenizer_config?: { chat_template?: unknown }; gguf?: { chat_template?: unknown } }
		| undefined;
	return config?.tokenizer_config?.chat_template ?? config?.gguf?.chat_template;
};

describe("sample catalogue", () => {
	it("has every model the task pages name, and no id twice", () => {
		const wanted = taskCatalogueIds();
		expect(wanted.size).toBeGreaterThan(150);
		const missing = [...wanted].filter((id) => !resolve(id));
		expect(missing).toEqual([]);
		expect(byId.size).toBe(catalogue.length);
		// Aliases are only for ids the pages use, and point at records, never at each other.
		for (const [legacy, id] of Object.entries(LEGACY_ID_ALIASES)) {
			expect(wanted.has(legacy), legacy).toBe(true);
			expect(legacy.includes("/"), legacy).toBe(false);
			expect(byId.has(id), id).toBe(true);
		}
	});

	it("gives each task-page model the pipeline tag of a page that lists it", () => {
		const pagesOf = new Map<string, string[]>();
		for (const page of Object.values(TASKS_DATA)) {
			if (!page) continue;
			for (const id of [...page.models.map((entry) => entry.id), ...page.widgetModels]) {
				pagesOf.set(id, [...(pagesOf.get(id) ?? []), page.id]);
			}
		}
		for (const [id, pages] of pagesOf) {
			expect(pages, id).toContain(resolve(id)?.pipeline_tag);
		}
	});

	it("is a fresh copy on each call", () => {
		const first = sampleCatalogue();
		const record = first[0] as SeedModel;
		record.tags.push("mutated");
		expect(sampleCatalogue()[0]?.tags).not.toContain("mutated");
		// Generated weights (megabytes of bytes) compare by their hash: JSON would spell out every byte.
		const text = (records: SeedModel[]) =>
			JSON.stringify(records, (_key, value) =>
				value instanceof Uint8Array ? createHash("sha256").update(value).digest("hex") : value,
			);
		expect(text(sampleCatalogue())).toBe(text(catalogue));
	});

	it("has well-formed ids, authors, tags and libraries", () => {
		for (const record of catalogue) {
			const [namespace = "", name = "", ...rest] = record.id.split("/");
			expect(rest, record.id).toEqual([]);
			expect(repoIdProblem(namespace, name), record.id).toBeUndefined();
			expect(record.author, record.id).toBe(namespace);
			expect(record.pipeline_tag && isPipelineType(record.pipeline_tag), record.id).toBe(true);
			if (record.library_name !== undefined) {
				expect(isModelLibraryKey(record.library_name), `${record.id}: ${record.library_name}`).toBe(true);
				expect(record.tags, record.id).toContain(record.library_name);
			}
			expect(record.tags, record.id).toContain(record.pipeline_tag);
			expect(new Set(record.tags).size, record.id).toBe(record.tags.length);
			expect(
				record.tags.some((tag) => tag.startsWith("license:")),
				record.id,
			).toBe(true);
			expect(record.cardData?.license, record.id).toBeTypeOf("string");
			expect(record.cardData?.pipeline_tag, record.id).toBe(record.pipeline_tag);
		}
	});

	it("covers many libraries, and every provider mapping is to a task the provider serves", () => {
		const libraries = new Set(catalogue.map((record) => record.library_name).filter(Boolean));
		expect(libraries.size).toBeGreaterThanOrEqual(25);
		const tasks = providerTasks();
		const widgetTasks = new Map<string, string[]>();
		for (const page of Object.values(TASKS_DATA)) {
			for (const id of page?.widgetModels ?? []) widgetTasks.set(id, [...(widgetTasks.get(id) ?? []), page?.id ?? ""]);
		}
		let live = 0;
		let staging = 0;
		for (const record of catalogue) {
			const providers = record.inferenceProviderMapping.map((mapping) => mapping.provider);
			expect(new Set(providers).size, record.id).toBe(providers.length);
			for (const mapping of record.inferenceProviderMapping) {
				// The hub's own runtime also serves tasks the client has no helper for (voice activity, through `request()`).
				const served =
					mapping.provider === "hf-inference"
						? new Set([...(tasks.get(mapping.provider) ?? []), ...LOCAL_TASKS])
						: tasks.get(mapping.provider);
				expect(served, `${record.id}: unknown provider ${mapping.provider}`).toBeDefined();
				expect(served?.has(mapping.task), `${record.id}: ${mapping.provider} does not serve ${mapping.task}`).toBe(
					true,
				);
				// Its own task, or another task whose page shows it as the widget model.
				const own = isChat(record) ? "conversational" : record.pipeline_tag;
				if (mapping.task !== own) expect(widgetTasks.get(record.id) ?? [], record.id).toContain(mapping.task);
				expect(mapping.providerId.length, record.id).toBeGreaterThan(0);
				if (mapping.status === "live") live++;
				else staging++;
			}
		}
		expect(live).toBeGreaterThan(staging);
		expect(staging).toBeGreaterThanOrEqual(5);
	});

	it("maps each task's widget model for that task wherever a third-party reference provider serves the task", () => {
		// hf-inference is this hub's own runtime: the loader maps what it runs (seed-capability.ts), records do not.
		const tasks = providerTasks();
		tasks.delete("hf-inference");
		// Widget models no third party serves in the sample data (only the public hub's own inference did):
		// on this hub they have no provider, and their widgets say so.
		const unserved = new Set([
			"feature-extraction: facebook/bart-base",
			"audio-to-audio: speechbrain/sepformer-wham",
			"image-segmentation: nvidia/segformer-b0-finetuned-ade-512-512",
			"image-to-text: Salesforce/blip-image-captioning-large",
		]);
		for (const page of Object.values(TASKS_DATA)) {
			if (!page) continue;
			const task = page.id === "text-generation" || page.id === "image-text-to-text" ? "conversational" : page.id;
			const served = [...tasks.values()].some((providerTasks) => providerTasks.has(task));
			for (const id of page.widgetModels) {
				const record = resolve(id) as SeedModel;
				const mapped = record.inferenceProviderMapping.some(
					(mapping) => mapping.task === task && mapping.provider !== "hf-inference",
				);
				const name = `${page.id}: ${id}`;
				expect(mapped, name).toBe(served && !unserved.has(name));
			}
		}
	});

	it("labels placeholder models (tag and card line) and maps hf-inference only to models the runtime can run", async () => {
		let placeholders = 0;
		for (const record of catalogue) {
			const placeholder = record.files.some((file) => file.content === undefined);
			expect(record.tags.includes(PLACEHOLDER_TAG), record.id).toBe(placeholder);
			expect(record.readme.includes(PLACEHOLDER_LINE), record.id).toBe(placeholder);
			const local = record.inferenceProviderMapping.some((mapping) => mapping.provider === "hf-inference");
			expect(local, record.id).toBe((await seedCapability(record)).ok);
			if (placeholder) {
				placeholders++;
				expect(local, record.id).toBe(false);
			}
		}
		// Real files: the generated sentiment and clinical-notes models, the packaged models (weights in
		// npm packages) and the static embeddings converted from one.
		const packaged = catalogue.filter((record) => record.tags.includes("packaged"));
		expect(placeholders).toBe(catalogue.length - 3 - packaged.length);
		expect(byId.get(`${DEMO_AUTHOR}/tiny-sentiment`)?.tags).not.toContain(PLACEHOLDER_TAG);
	});

	it("has exactly one LoRA mapping: a text-to-image diffusers adapter whose weights are in its files", () => {
		const withLora = catalogue.filter((record) =>
			record.inferenceProviderMapping.some((mapping) => mapping.adapter === "lora"),
		);
		expect(withLora).toHaveLength(1);
		const [lora] = withLora as [SeedModel];
		expect(lora.pipeline_tag).toBe("text-to-image");
		expect(lora.library_name).toBe("diffusers");
		expect(lora.tags).toContain("lora");
		const base = lora.cardData?.base_model as string;
		expect(byId.has(base)).toBe(true);
		expect(lora.tags).toContain(`base_model:adapter:${base}`);
		const paths = lora.files.map((file) => file.path);
		for (const mapping of lora.inferenceProviderMapping) {
			expect(mapping.adapterWeightsPath).toMatch(/\.safetensors$/);
			expect(paths).toContain(mapping.adapterWeightsPath);
		}
		const others = catalogue.flatMap((record) =>
			record.inferenceProviderMapping.filter((mapping) => mapping.adapter === undefined && mapping.adapterWeightsPath),
		);
		expect(others).toEqual([]);
	});

	it("gives chat models a chat template, bos/eos tokens and the conversational tag", () => {
		const chat = catalogue.filter(isChat);
		expect(chat.length).toBeGreaterThanOrEqual(15);
		for (const record of chat) {
			const template = chatTemplateOf(record);
			expect(template, record.id).toBeTypeOf("string");
			expect(template as string, record.id).toMatch(/\{%-? *for .* in messages/);
			const tokenizer = (record.config as { tokenizer_config?: Record<string, unknown> }).tokenizer_config;
			expect(tokenizer?.eos_token, record.id).toBeTypeOf("string");
			expect(tokenizer?.bos_token, record.id).toBeTypeOf("string");
			expect(record.widgetData?.[0]?.messages, record.id).toBeDefined();
		}
		// Text generation models on the task page are all chat models.
		for (const entry of TASKS_DATA["text-generation"]?.models ?? []) {
			expect(isChat(resolve(entry.id) as SeedModel), entry.id).toBe(true);
		}
	});

	it("has safe, unique file paths, a README that is the card, and config.json equal to the config", () => {
		for (const record of catalogue) {
			const paths = record.files.map((file) => file.path);
			expect(new Set(paths).size, record.id).toBe(paths.length);
			for (const file of record.files) {
				expect(file.path, record.id).not.toMatch(/^\/|\\|(^|\/)\.\.?(\/|$)|\/\//);
				expect(repoPathProblem(file.path), `${record.id}/${file.path}`).toBeUndefined();
				expect(
					file.content !== undefined || (Number.isInteger(file.size) && (file.size as number) > 0),
					file.path,
				).toBe(true);
				if (file.path.endsWith(".json") && typeof file.content === "string") {
					expect(() => JSON.parse(file.content as string), `${record.id}/${file.path}`).not.toThrow();
				}
			}
			const readme = record.files.find((file) => file.path === "README.md");
			expect(readme?.content, record.id).toBe(record.readme);
			expect(record.readme, record.id).toMatch(/^---\n[\s\S]*\n---\n\n# /);
			expect(record.readme, record.id).toContain(`license: ${record.cardData?.license}`);
			const configFile = record.files.find((file) => file.path === "config.json");
			if (configFile && record.config) {
				const written = JSON.parse(configFile.content as string) as Record<string, unknown>;
				for (const [key, value] of Object.entries(written)) expect(record.config[key], key).toEqual(value);
			}
		}
	});

	it("has weights every library counts as a download, at plausible sizes", () => {
		let counted = 0;
		for (const record of catalogue) {
			const paths = record.files.map((file) => file.path);
			const countable = paths.some((path) => countsAsDownload(record.library_name, path));
			if (countable) counted++;
			// Libraries whose rule is the default (a root config.json) always have one here;
			// diffusers pipelines and bare checkpoints, as on the public hub, may not.
			if (record.library_name === "transformers" || record.library_name === "sentence-transformers") {
				expect(countable, record.id).toBe(true);
			}
			const weights = record.files.filter((file) =>
				/\.(safetensors|bin|pt|pth|ckpt|gguf|onnx|h5|nemo|joblib|skops|zip|pt2|tflite)$/.test(file.path),
			);
			// A pyannote pipeline repository holds only its config: the models it runs live elsewhere;
			// a packaged model's weights are in the npm package its hubkit.json names.
			const elsewhere = record.tags.includes("pyannote-audio-pipeline") || record.tags.includes("packaged");
			if (!elsewhere) expect(weights.length, record.id).toBeGreaterThan(0);
		}
		expect(counted / catalogue.length).toBeGreaterThan(0.6);
		const sizeOf = (id: string) =>
			(byId.get(id) as SeedModel).files
				.filter((file) => /\.safetensors$/.test(file.path))
				.reduce((sum, file) => sum + (file.size ?? 0), 0);
		expect(sizeOf("deepseek-ai/DeepSeek-R1")).toBeGreaterThan(600e9);
		expect(sizeOf("sentence-transformers/all-MiniLM-L6-v2")).toBeLessThan(200e6);
		const r1 = (byId.get("deepseek-ai/DeepSeek-R1") as SeedModel).files.map((file) => file.path);
		expect(r1).toContain("model.safetensors.index.json");
		expect(r1.filter((path) => /^model-\d{5}-of-\d{5}\.safetensors$/.test(path)).length).toBeGreaterThan(100);
	});

	it("has transformers info for transformers models, and library config keys the snippet generators read", () => {
		for (const record of catalogue) {
			if (record.library_name !== "transformers") continue;
			expect(record.transformersInfo?.auto_model, record.id).toMatch(/^Auto/);
			expect(record.transformersInfo?.pipeline_tag, record.id).toBe(record.pipeline_tag);
			expect((record.config?.architectures as string[] | undefined)?.length, record.id).toBe(1);
			expect(record.config?.model_type, record.id).toBeTypeOf("string");
		}
		const configOf = (library: string) =>
			catalogue.filter((record) => record.library_name === library).map((record) => toModelData(record).config);
		expect(configOf("peft").some((config) => config?.peft?.base_model_name_or_path && config.peft.task_type)).toBe(
			true,
		);
		expect(configOf("adapter-transformers").some((config) => config?.adapter_transformers?.model_name)).toBe(true);
		expect(configOf("keras-hub").some((config) => config?.keras_hub?.tasks?.length)).toBe(true);
		for (const config of configOf("sklearn")) expect(config?.sklearn?.model?.file).toBeTypeOf("string");
		for (const config of configOf("speechbrain")) expect(config?.speechbrain?.interface).toBeTypeOf("string");
	});

	it("gives library snippet generators what they need (no 'not found' explanations)", () => {
		const libraries: ModelLibraryKey[] = ["peft", "sklearn", "speechbrain", "adapter-transformers", "keras-hub"];
		for (const record of catalogue) {
			if (!libraries.includes(record.library_name as ModelLibraryKey)) continue;
			const entry = MODEL_LIBRARIES[record.library_name as ModelLibraryKey];
			const snippets = entry.snippets?.({ ...record, siblings: record.files.map((f) => ({ rfilename: f.path })) });
			expect(snippets?.length, record.id).toBeGreaterThan(0);
			for (const snippet of snippets ?? [])
				expect(JSON.stringify(snippet), record.id).not.toMatch(/not (found|specified)|invalid/i);
		}
	});

	it("runs every library's snippet generator on its models without failing", () => {
		for (const record of catalogue) {
			if (!record.library_name) continue;
			const entry = MODEL_LIBRARIES[record.library_name as ModelLibraryKey];
			if (!entry.snippets) continue;
			const model = { ...record, siblings: record.files.map((file) => ({ rfilename: file.path })) };
			const snippets = entry.snippets(model);
			expect(snippets.length, record.id).toBeGreaterThan(0);
			expect(JSON.stringify(snippets), record.id).toContain(record.id);
		}
	});

	it("has sample counts and dates in a sensible order", () => {
		for (const record of catalogue) {
			expect(Number.isInteger(record.downloads) && record.downloads > 0, record.id).toBe(true);
			expect(Number.isInteger(record.likes) && record.likes > 0, record.id).toBe(true);
			expect(new Date(record.createdAt).toISOString(), record.id).toBe(record.createdAt);
			expect(record.lastModified >= record.createdAt, record.id).toBe(true);
			expect(record.lastModified < CATALOGUE_DATE, record.id).toBe(true);
		}
		const downloads = (id: string) => (byId.get(id) as SeedModel).downloads;
		expect(downloads("sentence-transformers/all-MiniLM-L6-v2")).toBeGreaterThan(downloads("visheratin/mexma-siglip"));
		expect(downloads("openai/whisper-large-v3")).toBeGreaterThan(downloads("fushh7/LLMDet"));
	});

	it("has widget examples of the right shape for the task", () => {
		for (const record of catalogue) {
			const widget = record.widgetData ?? [];
			const first = widget[0];
			switch (record.pipeline_tag) {
				case "sentence-similarity":
					expect(first?.source_sentence, record.id).toBeTypeOf("string");
					break;
				case "zero-shot-classification":
				case "zero-shot-image-classification":
					expect(first?.candidate_labels, record.id).toBeTypeOf("string");
					break;
				case "image-classification":
				case "object-detection":
				case "automatic-speech-recognition":
				case "audio-classification":
					// A demo file of the hub's, or a file of the model's own repository.
					expect(first?.src, record.id).toMatch(
						new RegExp(`^/(assets/demo|${record.id}/resolve/main/[\\w/-]+)/[\\w-]+\\.(png|wav)$`),
					);
					break;
				case "tabular-classification":
				case "tabular-regression":
					expect(first?.structured_data, record.id).toBeTypeOf("object");
					break;
				case "text-classification":
				case "token-classification":
				case "translation":
				case "summarization":
				case "text-to-image":
					expect(first?.text, record.id).toBeTypeOf("string");
					break;
			}
		}
	});

	it("has the extra records tests rely on", () => {
		const privates = catalogue.filter((record) => record.private);
		expect(privates).toHaveLength(1);
		expect(privates[0]?.author).toBe(DEMO_AUTHOR);
		const gated = catalogue.filter((record) => record.gated === "manual");
		expect(gated.map((record) => record.id)).toEqual([`${DEMO_AUTHOR}/gemma-2b-keras`]);
		const gguf = catalogue.find((record) => record.tags.includes("gguf")) as SeedModel;
		expect(gguf.files.filter((entry) => entry.path.endsWith(".gguf")).length).toBeGreaterThan(3);
		expect(gguf.files.map((entry) => entry.path)).toContain("gemma-2-2b-it-Q4_K_M.gguf");
		const ggufModel = toModelData({ ...gguf, siblings: gguf.files.map((entry) => ({ rfilename: entry.path })) });
		expect(pickGgufFile(ggufModel)).toBe("gemma-2-2b-it-Q4_K_M.gguf");
		expect(LOCAL_APPS["llama.cpp"].displayOnModelPage(ggufModel)).toBe(true);
	});
});
