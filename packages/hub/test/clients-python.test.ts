/**
 * The public Python clients, installed as pip installs them (pinned, with hf_xet), run everyday
 * workflows against a hub on loopback with their public APIs only (test/clients/workflows.py):
 * huggingface_hub 1.33 beside datasets, transformers and openai, and huggingface_hub 2.0 on its own.
 * The hub serves its static-embedding and packaged text models and a tiny llama GGUF, for
 * InferenceClient and openai's chat; the model pages' snippets for those clients run too. Large
 * files go through Xet, as a default install sends them (no `HF_HUB_DISABLE_XET`), and never over
 * the LFS batch. Every huggingface_hub step runs on every setup of support/stores.ts (SQLite and
 * PostgreSQL on the disk store, SQLite on the S3 store), where the Xet uploads, the files they make
 * and the reads of them differ: the whole list costs about 30 s of CPU per setup, too little to
 * pick a subset. The snippets, inference only, run on the first setup. One line per step: every step
 * must say `ok`.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { getInferenceSnippets } from "@hubkit/inference";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { packagedModels } from "../src/seed/catalogue/packaged-models.js";
import {
	STATIC_EMBEDDINGS_MODEL,
	STATIC_ZERO_SHOT_MODEL,
	staticEmbeddings,
} from "../src/seed/catalogue/static-embeddings.js";
import { loadDemoDatasets } from "../src/seed/demo-datasets.js";
import { useLocalHub } from "./support/local-hub.js";
import { requestCounts, requestsTo } from "./support/metrics.js";
import { pythonClients } from "./support/python-clients.js";
import { SETUPS } from "./support/stores.js";
import { tinyLlamaChatModel } from "./support/tiny-llama.js";

const execute = promisify(execFile);
const WORKFLOWS = new URL("./clients/workflows.py", import.meta.url).pathname;
const CHAT_MODEL = "acme/tiny-llama-gguf";
const SENTIMENT_MODEL = "hubkit-demo/wink-sentiment";
/** huggingface_hub 2.0 alone, without numpy (which its feature extraction needs): the hub's own calls and chat. */
const HUB_ONLY_STEPS = [
	"whoami",
	"create_repo, again with exist_ok",
	"upload_file: a card and a small file",
	"upload_file: a 12 MB file",
	"model_info with file metadata, list_models",
	"hf_hub_download: cached, by branch, tag and commit",
	"refs, commits",
	"likers, duplicate_repo, super_squash_history",
	"InferenceClient: chat_completion, stream",
	"safetensors metadata: model_info expand, get_safetensors_metadata",
	"list_models, list_datasets: filter, sort, limit",
];

describe.each(SETUPS)("Python clients against a hub on loopback ($label)", (setup) => {
	const home = mkdtempSync(join(tmpdir(), "hubkit-python-clients-"));
	afterAll(() => rmSync(home, { recursive: true, force: true }));
	const hub = useLocalHub(
		setup.engine,
		async () => [...staticEmbeddings(), ...packagedModels(), await tinyLlamaChatModel(CHAT_MODEL)],
		// llama.cpp's threads spin waiting for each other: one thread on a shared machine.
		{ runtime: { completionThreads: 1 }, store: setup.store },
	);
	// The sample datasets a fresh install seeds (seed/demo-datasets.ts), for load_dataset.
	beforeAll(async () => {
		await loadDemoDatasets(hub.deps);
	});

	const workflows = async (requirements: string, run: string, steps: string[] = []) => {
		const python = pythonClients(requirements);
		const token = (await createAccessToken(hub.deps.db, "dana", { role: "write" })).token;
		const { stdout } = await execute(python, [WORKFLOWS, ...steps], {
			env: {
				PATH: process.env.PATH,
				HOME: home,
				HF_HOME: join(home, requirements),
				HF_ENDPOINT: hub.url,
				HF_TOKEN: token,
				HUBKIT_USER: "dana",
				HUBKIT_RUN: run,
				HUBKIT_EMBEDDINGS_MODEL: STATIC_EMBEDDINGS_MODEL,
				HUBKIT_ZERO_SHOT_MODEL: STATIC_ZERO_SHOT_MODEL,
				HUBKIT_SENTIMENT_MODEL: SENTIMENT_MODEL,
				HUBKIT_CHAT_MODEL: CHAT_MODEL,
				HF_HUB_DISABLE_TELEMETRY: "1",
				DISABLE_SAFETENSORS_CONVERSION: "1",
			},
			timeout: 10 * 60_000,
			maxBuffer: 16 * 1024 * 1024,
		});
		return stdout.trim().split("\n");
	};

	it(
		"huggingface_hub 1.33, the hf CLI, datasets, transformers and openai: every everyday step passes",
		async () => {
			const lines = await workflows("requirements-hf1.txt", "-hf1");
			expect(lines.filter((line) => !line.startsWith("ok "))).toEqual([]);
			expect(lines).toHaveLength(28);
			// The large files went through Xet: xorbs and shards sent, the xorbs kept in this setup's store.
			const requests = await requestCounts(hub.url);
			expect(requestsTo(requests, /^POST \/v1\/xorbs\//)).toBeGreaterThan(0);
			expect(requestsTo(requests, /^POST \/v1\/shards$/)).toBeGreaterThan(0);
			const xorbs = await hub.deps.db.selectFrom("xet_xorbs").select(["blob_sha256", "size"]).execute();
			expect(xorbs.length).toBeGreaterThan(0);
			for (const xorb of xorbs) expect(await hub.deps.blobStore.size(xorb.blob_sha256)).toBe(xorb.size);
			// None over the LFS batch: no batch call, no upload URL handed out.
			expect(requestsTo(requests, /\/info\/lfs\//)).toBe(0);
			expect(await hub.deps.db.selectFrom("lfs_uploads").select("oid").execute()).toEqual([]);
		},
		20 * 60_000,
	);

	// Inference, the same on every store and engine: on the first setup only.
	if (setup === SETUPS[0]) {
		it(
			"the model pages' huggingface_hub and openai snippets run as printed",
			async () => {
				const python = pythonClients("requirements-hf1.txt");
				const token = (await createAccessToken(hub.deps.db, "dana")).token;
				const ran: string[] = [];
				for (const id of [SENTIMENT_MODEL, STATIC_EMBEDDINGS_MODEL, CHAT_MODEL]) {
					const fields = ["inferenceProviderMapping", "pipeline_tag", "tags", "widgetData"];
					const response = await fetch(`${hub.url}/api/models/${id}?${fields.map((f) => `expand[]=${f}`).join("&")}`);
					const model = (await response.json()) as Parameters<typeof getInferenceSnippets>[0];
					const options = { hubUrl: hub.url, routerUrl: hub.url };
					for (const snippet of getInferenceSnippets(model, "hf-inference", undefined, options)) {
						if (snippet.language !== "python" || !["huggingface_hub", "openai"].includes(snippet.client)) continue;
						const script = join(home, `snippet-${ran.length}.py`);
						writeFileSync(script, snippet.content);
						const env = { PATH: process.env.PATH, HOME: home, HF_TOKEN: token, HF_HUB_DISABLE_TELEMETRY: "1" };
						const { stdout } = await execute(python, [script], { env, timeout: 120_000 });
						expect(stdout.trim().length, `${id} ${snippet.client}`).toBeGreaterThan(0);
						expect(stdout).not.toContain(token);
						ran.push(`${id} ${snippet.client}`);
					}
				}
				expect(ran).toEqual([
					`${SENTIMENT_MODEL} huggingface_hub`,
					`${STATIC_EMBEDDINGS_MODEL} huggingface_hub`,
					`${CHAT_MODEL} huggingface_hub`,
					`${CHAT_MODEL} openai`,
				]);
			},
			10 * 60_000,
		);
	}

	it(
		"huggingface_hub 2.0: the hub's own calls pass",
		async () => {
			const before = requestsTo(await requestCounts(hub.url), /^POST \/v1\/xorbs\//);
			const lines = await workflows("requirements-hf2.txt", "-hf2", HUB_ONLY_STEPS);
			expect(lines.filter((line) => !line.startsWith("ok "))).toEqual([]);
			expect(lines).toHaveLength(HUB_ONLY_STEPS.length);
			// Its 12 MB file went through Xet too.
			const requests = await requestCounts(hub.url);
			expect(requestsTo(requests, /^POST \/v1\/xorbs\//)).toBeGreaterThan(before);
			expect(requestsTo(requests, /\/info\/lfs\//)).toBe(0);
		},
		20 * 60_000,
	);
});
