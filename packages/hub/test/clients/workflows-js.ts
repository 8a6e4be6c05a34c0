/**
 * Everyday @huggingface/hub and @huggingface/inference workflows against a hub on loopback, with the
 * clients' public APIs only: the JavaScript side of workflows.py, run by test/clients-js.test.ts. One
 * line per step, `ok <step>` or `FAIL <step>: <error>`; every step runs even when an earlier one failed.
 */
import { randomBytes } from "node:crypto";
import {
	commit,
	createBranch,
	createRepo,
	deleteBranch,
	deleteFile,
	deleteRepo,
	downloadFile,
	fileDownloadInfo,
	listCommits,
	listFiles,
	listModels,
	modelInfo,
	pathsInfo,
	repoExists,
	uploadFiles,
	whoAmI,
} from "@huggingface/hub";
import { InferenceClient } from "@huggingface/inference";

export interface JsWorkflowSettings {
	hubUrl: string;
	accessToken: string;
	/** The token's user, who owns the repositories made here. */
	user: string;
	/** A feature-extraction model the hub runs. */
	embeddingsModel: string;
	/** A GGUF chat model the hub runs. */
	chatModel: string;
}

const LARGE_FILE_BYTES = 12 * 1024 * 1024;

function expect(condition: unknown, message: string): asserts condition {
	if (!condition) throw new Error(message);
}

async function text(blob: Blob | null): Promise<string> {
	expect(blob, "no file");
	return blob.text();
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
	const list: T[] = [];
	for await (const item of items) list.push(item);
	return list;
}

/** Runs every step in order; the lines say which passed. */
export async function runJsWorkflows(settings: JsWorkflowSettings): Promise<string[]> {
	const { hubUrl, accessToken, user } = settings;
	const credentials = { hubUrl, accessToken };
	const repo = { type: "model" as const, name: `${user}/workflows-js` };
	const large = new Uint8Array(randomBytes(LARGE_FILE_BYTES));
	const lines: string[] = [];
	const step = async (name: string, run: () => Promise<void>) => {
		try {
			await run();
			lines.push(`ok ${name}`);
		} catch (error) {
			const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
			lines.push(`FAIL ${name}: ${detail.split("\n")[0]?.slice(0, 300)}`);
		}
	};

	await step("whoAmI", async () => {
		const me = await whoAmI(credentials);
		expect(me.type === "user" && me.name === user, `whoAmI: ${JSON.stringify(me)}`);
	});

	await step("createRepo", async () => {
		const created = await createRepo({ ...credentials, repo });
		expect(created.repoUrl === `${hubUrl}/${repo.name}`, `repoUrl ${created.repoUrl}`);
	});

	await step("uploadFiles: a card, a small file and a 12 MB file", async () => {
		const output = await uploadFiles({
			...credentials,
			repo,
			files: [
				{ path: "README.md", content: new Blob(["---\nlicense: mit\ntags: [demo]\n---\n# Workflows\n"]) },
				{ path: "config.json", content: new Blob(['{"hidden_size": 8}']) },
				{ path: "weights/big.bin", content: new Blob([large]) },
			],
		});
		expect(output?.commit.oid.match(/^[0-9a-f]{40}$/), `commit ${JSON.stringify(output)}`);
	});

	await step("listFiles, pathsInfo", async () => {
		const entries = await all(listFiles({ ...credentials, repo, recursive: true }));
		const files = entries.filter((entry) => entry.type === "file").map((entry) => entry.path);
		expect(
			["README.md", "config.json", "weights/big.bin"].every((path) => files.includes(path)),
			`files ${files}`,
		);
		const big = entries.find((entry) => entry.path === "weights/big.bin");
		expect(big?.size === LARGE_FILE_BYTES && big.lfs?.size === LARGE_FILE_BYTES, `big.bin ${JSON.stringify(big)}`);
		const infos = await pathsInfo({ ...credentials, repo, paths: ["config.json", "weights"] });
		expect(
			infos
				.map((info) => info.type)
				.sort()
				.join() === "directory,file",
			`pathsInfo ${JSON.stringify(infos)}`,
		);
	});

	await step("fileDownloadInfo, downloadFile", async () => {
		const info = await fileDownloadInfo({ ...credentials, repo, path: "weights/big.bin" });
		expect(info?.size === LARGE_FILE_BYTES && info.etag, `download info ${JSON.stringify(info)}`);
		expect(
			(await text(await downloadFile({ ...credentials, repo, path: "config.json" }))) === '{"hidden_size": 8}',
			"config",
		);
		const blob = await downloadFile({ ...credentials, repo, path: "weights/big.bin" });
		expect(blob && Buffer.from(await blob.arrayBuffer()).equals(large), "big.bin differs");
	});

	await step("listModels: search and filter, modelInfo", async () => {
		const found = await all(listModels({ ...credentials, search: { owner: user, query: "workflows-js" } }));
		expect(found.map((model) => model.name).join() === repo.name, `listModels ${found.map((model) => model.name)}`);
		const tagged = await all(listModels({ ...credentials, search: { owner: user, tags: ["demo"] } }));
		expect(
			tagged.some((model) => model.name === repo.name),
			"the demo tag finds nothing",
		);
		const info = await modelInfo({ ...credentials, name: repo.name, additionalFields: ["sha", "tags"] });
		expect(info.name === repo.name && info.sha?.length === 40 && info.tags?.includes("demo"), `modelInfo ${info}`);
	});

	await step("commit with several operations, deleteFile", async () => {
		await commit({
			...credentials,
			repo,
			title: "Several at once",
			operations: [
				{ operation: "addOrUpdate", path: "notes/one.txt", content: new Blob(["one"]) },
				{ operation: "addOrUpdate", path: "notes/two.txt", content: new Blob(["two"]) },
				{ operation: "delete", path: "config.json" },
			],
		});
		await deleteFile({ ...credentials, repo, path: "notes/one.txt" });
		const files = (await all(listFiles({ ...credentials, repo, recursive: true }))).map((entry) => entry.path);
		expect(
			files.includes("notes/two.txt") && !files.includes("notes/one.txt") && !files.includes("config.json"),
			`${files}`,
		);
		const titles = (await all(listCommits({ ...credentials, repo }))).map((entry) => entry.title);
		expect(titles.includes("Several at once") && titles.length >= 4, `commits ${titles}`);
	});

	await step("createBranch, read and write on it, deleteBranch", async () => {
		await createBranch({ ...credentials, repo, branch: "dev" });
		await uploadFiles({
			...credentials,
			repo,
			branch: "dev",
			files: [{ path: "dev.txt", content: new Blob(["dev"]) }],
		});
		expect(
			(await text(await downloadFile({ ...credentials, repo, path: "dev.txt", revision: "dev" }))) === "dev",
			"dev",
		);
		expect((await downloadFile({ ...credentials, repo, path: "dev.txt" })) === null, "dev.txt reached main");
		await deleteBranch({ ...credentials, repo, branch: "dev" });
		const gone = await fileDownloadInfo({ ...credentials, repo, path: "notes/two.txt", revision: "dev" }).catch(
			(error: unknown) => error,
		);
		expect(gone instanceof Error || gone === null, "the branch is still there");
	});

	await step("deleteRepo", async () => {
		await deleteRepo({ ...credentials, repo });
		expect(!(await repoExists({ ...credentials, repo })), "the repository is still there");
	});

	// @huggingface/inference sends every call to router.huggingface.co unless given endpointUrl: the hub's URL of the model.
	const modelUrl = (model: string) => `${hubUrl}/hf-inference/models/${model}`;

	await step("@huggingface/inference: featureExtraction", async () => {
		const client = new InferenceClient(accessToken, {
			endpointUrl: `${modelUrl(settings.embeddingsModel)}/pipeline/feature-extraction`,
		});
		const vector = await client.featureExtraction({ inputs: "a football match" });
		expect(Array.isArray(vector) && vector.length === 100, `vector of ${JSON.stringify(vector).slice(0, 80)}`);
	});

	await step("@huggingface/inference: chatCompletion, chatCompletionStream", async () => {
		const client = new InferenceClient(accessToken, { endpointUrl: modelUrl(settings.chatModel) });
		const messages = [{ role: "user", content: "Name a colour." }];
		const answer = await client.chatCompletion({ messages, max_tokens: 6, seed: 1 });
		const plain = answer.choices[0]?.message.content ?? "";
		expect(answer.choices[0]?.finish_reason === "length" && plain.length > 0, `chat ${JSON.stringify(answer)}`);
		let streamed = "";
		for await (const chunk of client.chatCompletionStream({ messages, max_tokens: 6, seed: 1 })) {
			streamed += chunk.choices[0]?.delta.content ?? "";
		}
		expect(streamed === plain, `streamed ${JSON.stringify(streamed)}, plain ${JSON.stringify(plain)}`);
	});

	return lines;
}
