/**
 * Inference snippets, checked with each language's own parser: every record of
 * the model set × every provider that serves its task; hostile records (the
 * marker only inside string literals); tokens; and golden files a person reads.
 * That snippets send what `buildRequest` sends is checked by running them
 * (snippets-run.test.ts).
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadHostileRecords, loadMalformedRecords, loadModelRecords } from "../../tasks/test/records.js";
import {
	jsFailures,
	jsInjections,
	nodeCheckFailures,
	pythonFailures,
	shFailures,
	shInjections,
} from "../../tasks/test/syntax.js";
import {
	getInferenceSnippets,
	type InferenceProviderMappingEntry,
	type InferenceSnippet,
	providerKeyVariable,
	snippetTask,
} from "../src/index.js";
import { PROVIDERS } from "../src/providers/index.js";
import type { InferenceTask } from "../src/types.js";

const providers = Object.keys(PROVIDERS) as (keyof typeof PROVIDERS)[];

/** One plain record per task some provider serves, so every provider × task pair is exercised. */
function taskRecords() {
	const tasks = new Set(providers.flatMap((provider) => Object.keys(PROVIDERS[provider])));
	return [...tasks].map((task) =>
		task === "conversational"
			? { id: "hubkit-test/chat", pipeline_tag: "text-generation" as const, tags: ["conversational"] }
			: { id: `hubkit-test/${task}`, pipeline_tag: task as never },
	);
}

const records = [...loadModelRecords(), ...taskRecords()];

function mappingFor(provider: string, id: string, task: string): InferenceProviderMappingEntry {
	return { provider, providerId: `${provider}-side/${id.split("/").pop()}`, hfModelId: id, task, status: "live" };
}

/** Every record × every provider, with and without streaming and direct calls. */
function allSnippets(list: typeof records, extra: Parameters<typeof getInferenceSnippets>[3] = {}): InferenceSnippet[] {
	const out: InferenceSnippet[] = [];
	for (const record of list) {
		for (const provider of providers) {
			const task = snippetTask(record) ?? "";
			const mapping = mappingFor(provider, record.id, task);
			out.push(...getInferenceSnippets(record, provider, mapping, extra));
			out.push(...getInferenceSnippets(record, provider, mapping, { ...extra, streaming: true, directRequest: true }));
		}
	}
	return out;
}

const byLanguage = (snippets: InferenceSnippet[], language: InferenceSnippet["language"]) =>
	snippets.filter((snippet) => snippet.language === language).map((snippet) => snippet.content);

describe("inference snippets over the model set", () => {
	const snippets = allSnippets(records, { billTo: "acme-org" });

	it("cover every provider × task the client supports", () => {
		const served = new Set<string>();
		const seen = new Set(snippets.map((snippet) => snippet.client));
		for (const record of records) {
			for (const provider of providers) {
				if (getInferenceSnippets(record, provider, mappingFor(provider, record.id, snippetTask(record) ?? "")).length) {
					served.add(`${provider} ${snippetTask(record)}`);
				}
			}
		}
		const expected = new Set<string>();
		const tasks = new Set(records.map(snippetTask));
		for (const provider of providers) {
			for (const task of Object.keys(PROVIDERS[provider])) {
				if (tasks.has(task as never)) expected.add(`${provider} ${task}`);
			}
		}
		expect([...expected].filter((pair) => !served.has(pair))).toEqual([]);
		const pairs = providers.reduce((sum, provider) => sum + Object.keys(PROVIDERS[provider]).length, 0);
		expect(expected.size).toBe(pairs);
		for (const client of [
			"huggingface_hub",
			"openai",
			"requests",
			"fal_client",
			"@hubkit/inference",
			"fetch",
			"curl",
		]) {
			expect(seen).toContain(client);
		}
	});

	it("python parses with ast", () => {
		expect(pythonFailures(byLanguage(snippets, "python"))).toEqual([]);
	});

	it("js parses as an ES module (V8), and node --check accepts a sample", () => {
		const js = byLanguage(snippets, "js");
		expect(jsFailures(js)).toEqual([]);
		const sample = [...new Set(js)].filter((_, index) => index % 97 === 0);
		expect(nodeCheckFailures(sample)).toEqual([]);
	});

	it("sh passes bash -n", () => {
		expect(shFailures(byLanguage(snippets, "sh"))).toEqual([]);
	});

	it("name an install line for every client that needs one", () => {
		for (const snippet of snippets) {
			const builtIn = snippet.client === "fetch" || snippet.client === "curl";
			expect(snippet.setup === undefined, snippet.client).toBe(builtIn);
		}
	});

	it("order the clients most convenient first", () => {
		const chat = records.find((record) => snippetTask(record) === "conversational");
		if (!chat) throw new Error("the model set has no chat model");
		const clients = getInferenceSnippets(chat, "together", mappingFor("together", chat.id, "conversational")).map(
			(snippet) => `${snippet.language}:${snippet.client}`,
		);
		expect(clients).toEqual([
			"python:huggingface_hub",
			"python:openai",
			"python:requests",
			"js:@hubkit/inference",
			"js:openai",
			"js:fetch",
			"sh:curl",
		]);
	});
});

describe("tokens", () => {
	const chat = records.find((record) => snippetTask(record) === "conversational");
	if (!chat) throw new Error("the model set has no chat model");
	const mapping = mappingFor("together", chat.id, "conversational");

	it("read HF_TOKEN from the environment in every language, and show no placeholder", () => {
		const snippets = allSnippets(records.slice(0, 120));
		for (const snippet of snippets) {
			expect(snippet.content).not.toMatch(/placeholder/i);
		}
		const routed = getInferenceSnippets(chat, "together", mapping);
		const text = (client: string) => routed.find((snippet) => snippet.client === client)?.content ?? "";
		expect(text("huggingface_hub")).toContain('api_key=os.environ["HF_TOKEN"]');
		expect(text("requests")).toContain('"Authorization": "Bearer " + os.environ["HF_TOKEN"]');
		expect(text("@hubkit/inference")).toContain("new InferenceClient(process.env.HF_TOKEN");
		// biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own template literal
		expect(text("fetch")).toContain("Authorization: `Bearer ${process.env.HF_TOKEN}`");
		expect(text("curl")).toContain('-H "Authorization: Bearer $HF_TOKEN"');
	});

	it("direct calls read the provider's own key variable", () => {
		const direct = getInferenceSnippets(chat, "together", mapping, { directRequest: true });
		expect(providerKeyVariable("together")).toBe("TOGETHER_API_KEY");
		for (const snippet of direct) {
			expect(snippet.content).toContain("TOGETHER_API_KEY");
			expect(snippet.content).not.toContain("HF_TOKEN");
		}
		expect(direct.find((snippet) => snippet.client === "curl")?.content).toContain("https://api.together.xyz/");
	});

	it("show a literal token only when the caller passes one, escaped for the language", () => {
		const token = "hf_it's\"a$(token)`x`";
		const literal = getInferenceSnippets(chat, "together", mapping, { accessToken: token });
		expect(literal.length).toBeGreaterThan(0);
		for (const snippet of literal) expect(snippet.content).not.toContain("HF_TOKEN");
		expect(pythonFailures(byLanguage(literal, "python"), "$(token)")).toEqual([]);
		expect(jsInjections(byLanguage(literal, "js"), "$(token)")).toEqual([]);
		expect(shInjections(byLanguage(literal, "sh"), "$(token)")).toEqual([]);
	});

	it("never route a hub token to a closed-source provider", () => {
		const snippets = getInferenceSnippets(chat, "openai", undefined);
		expect(snippets.length).toBeGreaterThan(0);
		for (const snippet of snippets) {
			expect(snippet.content).not.toContain("HF_TOKEN");
			expect(snippet.content).toContain("OPENAI_API_KEY");
		}
	});
});

describe("hostile records", () => {
	const { marker, records: hostile } = loadHostileRecords();
	const messages = [{ role: "user", content: `${marker}"'\`\${x}$(y)\n"""` }];
	const snippets = [
		...allSnippets(hostile, { billTo: `org"${marker}'` }),
		...allSnippets(hostile, { messages, inputs: `${marker}\`$(z)'''` }),
		// A self-hosted router: huggingface_hub takes the call's URL, with the model id in it, as base_url.
		...allSnippets(hostile, { hubUrl: "http://hub.internal:8787", routerUrl: "http://hub.internal:8787" }),
	];

	it("produce snippets, which still parse", () => {
		expect(snippets.length).toBeGreaterThan(50);
		expect(pythonFailures(byLanguage(snippets, "python"))).toEqual([]);
		expect(jsFailures(byLanguage(snippets, "js"))).toEqual([]);
		expect(shFailures(byLanguage(snippets, "sh"))).toEqual([]);
	});

	it("keep author text inside string literals in every language", () => {
		expect(snippets.some((snippet) => snippet.content.includes(marker))).toBe(true);
		expect(pythonFailures(byLanguage(snippets, "python"), marker)).toEqual([]);
		expect(jsInjections(byLanguage(snippets, "js"), marker)).toEqual([]);
		expect(shInjections(byLanguage(snippets, "sh"), marker)).toEqual([]);
	});
});

describe("edge cases", () => {
	it("an unknown provider, a task the provider lacks, or a malformed record gives [] and never throws", () => {
		const model = { id: "acme/classifier", pipeline_tag: "text-classification" as const };
		expect(getInferenceSnippets(model, "no-such-provider" as never)).toEqual([]);
		expect(getInferenceSnippets(model, "black-forest-labs")).toEqual([]);
		expect(getInferenceSnippets({ id: "acme/x" }, "hf-inference")).toEqual([]);
		for (const record of loadMalformedRecords()) {
			for (const provider of providers) {
				expect(() => getInferenceSnippets(record, provider)).not.toThrow();
			}
		}
	});

	it("chat models get chat snippets; text generation without a chat template gets completions", () => {
		const chat = { id: "acme/chat", pipeline_tag: "text-generation" as const, tags: ["conversational"] };
		const template = {
			id: "acme/templated",
			pipeline_tag: "text-generation" as const,
			config: { tokenizer_config: { chat_template: "{{ messages }}" } },
		};
		const plain = { id: "acme/plain", pipeline_tag: "text-generation" as const };
		for (const model of [chat, template]) {
			const curl = getInferenceSnippets(model, "hf-inference").find((snippet) => snippet.client === "curl");
			expect(curl?.content).toContain("/v1/chat/completions");
			expect(curl?.content).toContain('"messages"');
		}
		const completion = getInferenceSnippets(plain, "hf-inference").find((snippet) => snippet.client === "curl");
		expect(completion?.content).not.toContain("chat/completions");
		expect(completion?.content).toContain('"prompt": "The best way to learn a new language is"');
	});

	it("image-text-to-text chat sends text and image_url items", () => {
		const model = { id: "acme/vision-chat", pipeline_tag: "image-text-to-text" as const, tags: ["conversational"] };
		const fetchSnippet = getInferenceSnippets(model, "hf-inference").find((snippet) => snippet.client === "fetch");
		expect(fetchSnippet?.content).toContain('type: "text"');
		expect(fetchSnippet?.content).toContain('type: "image_url"');
	});

	it("chat options (temperature, max_tokens, top_p, messages) land in the payload", () => {
		const model = { id: "acme/chat", pipeline_tag: "text-generation" as const, tags: ["conversational"] };
		const options = { temperature: 0.3, max_tokens: 64, top_p: 0.9, messages: [{ role: "user", content: "Hi" }] };
		const curl = getInferenceSnippets(model, "hf-inference", undefined, options).find((s) => s.client === "curl");
		for (const text of ['"temperature": 0.3', '"max_tokens": 64', '"top_p": 0.9', '"content": "Hi"']) {
			expect(curl?.content).toContain(text);
		}
		const defaults = getInferenceSnippets(model, "hf-inference").find((s) => s.client === "curl");
		expect(defaults?.content).toContain('"max_tokens": 512');
	});

	it("a self-hosted hub shows its own router and hub URLs", () => {
		const model = { id: "acme/classifier", pipeline_tag: "text-classification" as const };
		const options = { hubUrl: "http://hub.internal:8787", routerUrl: "http://hub.internal:8787" };
		const snippets = getInferenceSnippets(model, "hf-inference", undefined, options);
		const curl = snippets.find((snippet) => snippet.client === "curl");
		expect(curl?.content).toContain("'http://hub.internal:8787/hf-inference/models/acme/classifier'");
		const client = snippets.find((snippet) => snippet.client === "@hubkit/inference");
		expect(client?.content).toContain('routerUrl: "http://hub.internal:8787"');
		// huggingface_hub calls a URL given as base_url as it is, and router.huggingface.co otherwise.
		const python = snippets.find((snippet) => snippet.client === "huggingface_hub");
		expect(python?.content).toContain('base_url="http://hub.internal:8787/hf-inference/models/acme/classifier"');
		expect(python?.content).not.toContain("model=");
		const chat = { id: "acme/chat", pipeline_tag: "text-generation" as const, tags: ["conversational"] };
		const mapped = mappingFor("together", chat.id, "conversational");
		const together = getInferenceSnippets(chat, "together", mapped, options);
		const chatClient = together.find((snippet) => snippet.client === "huggingface_hub")?.content;
		expect(chatClient).toContain('base_url="http://hub.internal:8787/together/v1"');
		expect(chatClient).toContain(`model=${JSON.stringify(mapped.providerId)}`);
		// Another provider's task bodies go only to huggingface_hub's own router: not offered.
		const image = { id: "acme/image", pipeline_tag: "text-to-image" as const };
		const images = getInferenceSnippets(image, "together", mappingFor("together", image.id, "text-to-image"), options);
		expect(images.map((snippet) => snippet.client)).not.toContain("huggingface_hub");
	});

	it("an endpoint URL is called as it is", () => {
		const model = { id: "acme/classifier", pipeline_tag: "text-classification" as const };
		const endpointUrl = "https://my-endpoint.example/v1/classify";
		const snippets = getInferenceSnippets(model, "hf-inference", undefined, { endpointUrl });
		expect(snippets.find((snippet) => snippet.client === "curl")?.content).toContain(`curl '${endpointUrl}'`);
		expect(snippets.find((snippet) => snippet.client === "@hubkit/inference")?.content).toContain(
			`.endpoint("${endpointUrl}")`,
		);
		expect(getInferenceSnippets(model, "together", undefined, { endpointUrl })).toEqual([]);
	});
});

describe("fal.ai, openai and sample media", () => {
	const falTasks = Object.keys(PROVIDERS["fal-ai"]) as InferenceTask[];
	const falSnippets = (task: InferenceTask, options: Parameters<typeof getInferenceSnippets>[3] = {}) => {
		const model = { id: `acme/${task}`, pipeline_tag: task as never };
		return getInferenceSnippets(model, "fal-ai", mappingFor("fal-ai", model.id, task), options);
	};

	it("every fal.ai task offers fal_client, requests, fetch and curl, routed or direct", () => {
		for (const task of falTasks) {
			for (const options of [{}, { directRequest: true }, { accessToken: "fal-literal-key" }]) {
				const clients = falSnippets(task, options).map((snippet) => `${snippet.language}:${snippet.client}`);
				for (const client of ["python:fal_client", "python:requests", "js:fetch", "sh:curl"]) {
					expect(clients, `${task} ${JSON.stringify(options)}`).toContain(client);
				}
			}
		}
	});

	it("fal_client reads FAL_KEY (never the hub token), takes a literal fal key, and waits on queued tasks", () => {
		const routed = falSnippets("text-to-image").find((snippet) => snippet.client === "fal_client")?.content ?? "";
		expect(routed).toContain("FAL_KEY");
		expect(routed).not.toContain("HF_TOKEN");
		expect(routed).toContain('fal_client.subscribe(\n    "fal-ai-side/text-to-image",');
		const speech = falSnippets("automatic-speech-recognition").find((snippet) => snippet.client === "fal_client");
		expect(speech?.content).toContain("fal_client.run(");
		const literal = falSnippets("text-to-video", { accessToken: "fal-literal-key" }).find(
			(snippet) => snippet.client === "fal_client",
		);
		expect(literal?.content).toContain('client = fal_client.SyncClient(key="fal-literal-key")');
		expect(literal?.content).toContain("result = client.subscribe(");
	});

	it("conversational models get the openai clients whatever the mapping's task or the pipeline says", () => {
		const chats = [
			{ id: "acme/chat", pipeline_tag: "text-generation" as const, tags: ["conversational"] },
			{ id: "acme/listen", pipeline_tag: "audio-text-to-text" as const, tags: ["conversational"] },
			{ id: "acme/omni", pipeline_tag: "any-to-any" as const, tags: ["conversational"] },
			{ id: "acme/untagged", pipeline_tag: "text-generation" as const },
		];
		for (const model of chats) {
			for (const task of ["text-generation", "conversational"]) {
				// The untagged model chats only when the hub's mapping says so.
				if (model.id === "acme/untagged" && task !== "conversational") continue;
				const entry = { ...mappingFor("together", model.id, task) };
				const clients = getInferenceSnippets(model, "together", entry).map(
					(snippet) => `${snippet.language}:${snippet.client}`,
				);
				expect(clients, `${model.id} ${task}`).toContain("python:openai");
				expect(clients, `${model.id} ${task}`).toContain("js:openai");
			}
		}
		const plain = { id: "acme/untagged", pipeline_tag: "text-generation" as const };
		const completion = getInferenceSnippets(plain, "together", mappingFor("together", plain.id, "text-generation"));
		expect(completion.map((snippet) => snippet.client)).not.toContain("openai");
	});

	it("sample media are the demo files the hub serves, on the hub's URL", () => {
		const hubUrl = "http://hub.internal:8787";
		const demoDir = new URL("../../tasks/assets/demo/", import.meta.url).pathname;
		const options = { hubUrl, routerUrl: hubUrl };
		const media = [...new Set(records.map((record) => snippetTask(record)))].flatMap((task) => {
			const model =
				task === "conversational"
					? { id: "acme/vision-chat", pipeline_tag: "image-text-to-text" as const, tags: ["conversational"] }
					: { id: `acme/${task}`, pipeline_tag: task as never };
			return providers.flatMap((provider) =>
				getInferenceSnippets(model, provider, mappingFor(provider, model.id, task ?? ""), options),
			);
		});
		const urls = new Set<string>();
		for (const snippet of media) {
			expect(snippet.content).not.toMatch(/hubkit\.dev|example\.com|cat\.jpg|sample1\.wav|invoice\.png/);
			for (const match of snippet.content.matchAll(/https?:\/\/[^\s"'`]+\/assets\/demo\/[\w.-]+/g)) urls.add(match[0]);
		}
		expect(urls.size).toBeGreaterThan(10);
		for (const url of urls) {
			expect(url.startsWith(`${hubUrl}/assets/demo/`), url).toBe(true);
			expect(existsSync(`${demoDir}${url.slice(url.lastIndexOf("/") + 1)}`), url).toBe(true);
		}
		const vision = { id: "acme/vision-chat", pipeline_tag: "image-text-to-text" as const, tags: ["conversational"] };
		const chat = getInferenceSnippets(vision, "hf-inference", undefined, options);
		expect(chat.find((snippet) => snippet.client === "curl")?.content).toContain(
			`"url": "${hubUrl}/assets/demo/image-text-to-text-input.png"`,
		);
	});
});

/** Golden files: a representative set a person reads; a change shows up as a diff in review (`npx vitest -u`). */
describe("golden snippets", () => {
	const cases: [string, Parameters<typeof getInferenceSnippets>][] = [
		[
			"chat-together",
			[
				{ id: "acme/chat-7b", pipeline_tag: "text-generation", tags: ["conversational"] },
				"together",
				mappingFor("together", "acme/chat-7b", "conversational"),
				{ billTo: "acme-org" },
			],
		],
		[
			"chat-stream-hf-inference",
			[
				{ id: "acme/chat-7b", pipeline_tag: "text-generation", tags: ["conversational"] },
				"hf-inference",
				undefined,
				{ streaming: true },
			],
		],
		[
			"text-classification-hf-inference",
			[{ id: "acme/sentiment", pipeline_tag: "text-classification" }, "hf-inference"],
		],
		["zero-shot-hf-inference", [{ id: "acme/nli", pipeline_tag: "zero-shot-classification" }, "hf-inference"]],
		["asr-hf-inference", [{ id: "acme/whisper", pipeline_tag: "automatic-speech-recognition" }, "hf-inference"]],
		["image-to-image-hf-inference", [{ id: "acme/pix2pix", pipeline_tag: "image-to-image" }, "hf-inference"]],
		[
			"text-to-image-fal-ai-direct",
			[
				{ id: "acme/flux", pipeline_tag: "text-to-image" },
				"fal-ai",
				mappingFor("fal-ai", "acme/flux", "text-to-image"),
				{ directRequest: true },
			],
		],
		[
			"image-to-video-fal-ai",
			[
				{ id: "acme/animate", pipeline_tag: "image-to-video" },
				"fal-ai",
				mappingFor("fal-ai", "acme/animate", "image-to-video"),
			],
		],
		[
			"asr-fal-ai",
			[
				{ id: "acme/whisper", pipeline_tag: "automatic-speech-recognition" },
				"fal-ai",
				mappingFor("fal-ai", "acme/whisper", "automatic-speech-recognition"),
				{ hubUrl: "http://127.0.0.1:8787", routerUrl: "http://127.0.0.1:8787" },
			],
		],
		["vqa-hf-inference", [{ id: "acme/vqa", pipeline_tag: "visual-question-answering" }, "hf-inference"]],
		["table-qa-hf-inference", [{ id: "acme/tapas", pipeline_tag: "table-question-answering" }, "hf-inference"]],
	];
	it.each(cases)("%s", async (name, args) => {
		const text = getInferenceSnippets(...args)
			.map(
				(snippet) =>
					`## ${snippet.language} · ${snippet.client}${snippet.setup ? ` (${snippet.setup})` : ""}\n\n${snippet.content}\n`,
			)
			.join("\n");
		await expect(text).toMatchFileSnapshot(`../src/snippets/__golden__/${name}.md`);
	});
});
