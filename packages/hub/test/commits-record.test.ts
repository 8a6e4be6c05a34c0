/**
 * The record follows the files: a README's front matter sets the task, library, tags,
 * card data and widget examples the model API answers with; a card whose YAML does not
 * parse keeps the commit and drops the metadata; config.json sets `config` and, with no
 * task in the card, the task its architecture names. A model pushed with real ONNX files
 * (a hand-set sentiment classifier) is runnable through the router at once, and stops
 * being offered when its weights are deleted. On SQLite and PostgreSQL, with the local
 * runtime behind the hub.
 */

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bpeClassifierFiles, writeTinyLlama } from "@hubkit/runtime/models";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { commitRaw, createRepoRaw, header, inline } from "./commits-fixture.js";
import { ENGINES } from "./support/engines.js";
import { useLocalHub } from "./support/local-hub.js";

const sentiment = bpeClassifierFiles({
	labels: ["NEGATIVE", "POSITIVE"],
	vocabulary: ["i", "love", "great", "this", "film", "the", "movie", "was", "awful", "hate"],
	vectors: { love: [1], great: [1], awful: [-1], hate: [-1] },
	weights: [[-24, 24]],
	bias: [0, 0],
});

describe.each(ENGINES)("the record follows the files (%s)", (engine) => {
	const hub = useLocalHub(engine, []);
	/** A write token of dana's (the local hub's own token reads). */
	let token = "";
	beforeAll(async () => {
		token = (await createAccessToken(hub.deps.db, "dana", { role: "write" })).token;
	});

	const info = async (id: string) => (await fetch(`${hub.url}/api/models/${id}?full=true`)).json();

	it("reads the card's front matter, survives a bad one, and takes config.json", async () => {
		expect((await createRepoRaw(hub.url, token, { name: "carded", organization: null })).status).toBe(200);
		const card = [
			"---",
			"license: apache-2.0",
			"language:",
			"- en",
			"- fr",
			"pipeline_tag: summarization",
			"library_name: transformers",
			"tags: [news, tiny]",
			"datasets: [dana/articles]",
			"base_model: dana/base",
			"widget:",
			"- text: A long story about a cat.",
			"---",
			"# Carded",
			"",
			"Summaries of news.",
			"",
		].join("\n");
		const first = await commitRaw(hub.url, token, "dana/carded", [
			header("card"),
			inline("README.md", card),
			inline("config.json", JSON.stringify({ architectures: ["BartForConditionalGeneration"], model_type: "bart" })),
		]);
		expect(first.status).toBe(200);
		const model = await info("dana/carded");
		expect(model.sha).toBe(first.body.commitOid);
		expect(model.pipeline_tag).toBe("summarization");
		expect(model.library_name).toBe("transformers");
		expect(model.tags).toEqual([
			"transformers",
			"summarization",
			"news",
			"tiny",
			"dataset:dana/articles",
			"en",
			"fr",
			"base_model:dana/base",
			"base_model:finetune:dana/base",
			"license:apache-2.0",
		]);
		expect(model.cardData).toMatchObject({ license: "apache-2.0", language: ["en", "fr"], tags: ["news", "tiny"] });
		expect(model.widgetData).toEqual([{ text: "A long story about a cat." }]);
		expect(model.config).toEqual({ architectures: ["BartForConditionalGeneration"], model_type: "bart" });
		expect(model.transformersInfo).toEqual({
			auto_model: "AutoModelForSeq2SeqLM",
			pipeline_tag: "summarization",
			processor: "AutoTokenizer",
		});
		const listed = await (await fetch(`${hub.url}/api/models?filter=news&author=dana`)).json();
		expect(listed.map((item: { id: string }) => item.id)).toEqual(["dana/carded"]);

		const broken = await commitRaw(hub.url, token, "dana/carded", [
			header("broken card"),
			inline("README.md", "---\ntags: [unclosed\n  : : :\n---\nStill a card.\n"),
			inline("config.json", JSON.stringify({ architectures: ["BertForTokenClassification"] })),
		]);
		expect(broken.status).toBe(200);
		const after = await info("dana/carded");
		expect(after.cardData).toBeUndefined();
		// No task in the card: the architecture names it.
		expect(after.pipeline_tag).toBe("token-classification");
		expect(after.tags).not.toContain("news");
	});

	it("makes a pushed ONNX classifier runnable at once, and not once its weights are gone", async () => {
		expect((await createRepoRaw(hub.url, token, { name: "pushed-sentiment" })).status).toBe(200);
		const id = "dana/pushed-sentiment";
		const classify = (inputs: string) =>
			fetch(`${hub.url}/hf-inference/models/${id}`, {
				method: "POST",
				headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
				body: JSON.stringify({ inputs }),
			});
		expect((await classify("I love this film")).status).toBeGreaterThanOrEqual(400);

		const pushed = await commitRaw(hub.url, token, id, [
			header("model"),
			...sentiment.map((file) => inline(file.path, file.content)),
		]);
		expect(pushed.status).toBe(200);
		const model = await info(id);
		expect(model.pipeline_tag).toBe("text-classification");
		expect(model.library_name).toBe("transformers.js");
		expect(model.tags).toEqual(expect.arrayContaining(["transformers.js", "onnx", "text-classification"]));

		const answer = await classify("I love this film");
		expect(answer.status, await answer.clone().text()).toBe(200);
		const labels = await hub.client.textClassification({ model: id, inputs: "I love this film" });
		expect(labels.map((item) => item.label)).toEqual(["POSITIVE", "NEGATIVE"]);
		expect(labels[0]?.score).toBeGreaterThan(0.99);
		const negative = await hub.client.textClassification({ model: id, inputs: "the movie was awful" });
		expect(negative[0]?.label).toBe("NEGATIVE");

		const removed = await commitRaw(hub.url, token, id, [
			header("no weights"),
			{ key: "deletedFolder", value: { path: "onnx" } },
		]);
		expect(removed.status).toBe(200);
		const mappings = await hub.deps.db
			.selectFrom("provider_mappings")
			.select("provider")
			.where("model_id", "=", id)
			.execute();
		expect(mappings).toEqual([]);
		expect((await classify("I love this film")).status).toBeGreaterThanOrEqual(400);
	});

	it("maps a pushed GGUF language model for chat through hf-inference", async () => {
		const directory = await mkdtemp(join(tmpdir(), "hubkit-commit-gguf-"));
		let bytes: Uint8Array;
		try {
			await writeTinyLlama(join(directory, "model.gguf"), { seed: 3 });
			bytes = new Uint8Array(await readFile(join(directory, "model.gguf")));
		} finally {
			await rm(directory, { recursive: true, force: true });
		}
		expect((await createRepoRaw(hub.url, token, { name: "tiny-llama" })).status).toBe(200);
		const pushed = await commitRaw(hub.url, token, "dana/tiny-llama", [
			header("weights"),
			inline("tiny-llama-F32.gguf", bytes),
		]);
		expect(pushed.status).toBe(200);
		const model = await info("dana/tiny-llama");
		expect(model).toMatchObject({ pipeline_tag: "text-generation", library_name: "gguf" });
		const mappings = await hub.deps.db
			.selectFrom("provider_mappings")
			.select(["provider", "provider_id", "task", "status"])
			.where("model_id", "=", "dana/tiny-llama")
			.execute();
		expect(mappings).toEqual([
			{ provider: "hf-inference", provider_id: "dana/tiny-llama", task: "conversational", status: "live" },
		]);
	});
});
