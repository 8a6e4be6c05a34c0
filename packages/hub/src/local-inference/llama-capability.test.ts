import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { canRunLocally, GGUF_TASK } from "@hubkit/runtime";
import { writeGguf, writeTinyLlama } from "@hubkit/runtime/models";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withLocalMapping } from "../seed/seed-capability.js";
import type { SeedFile } from "../seed/types.js";

let directory: string;
let tinyLlama: Uint8Array;
let unknownArchitecture: Uint8Array;

beforeAll(async () => {
	directory = await mkdtemp(join(tmpdir(), "hubkit-gguf-check-"));
	await writeTinyLlama(join(directory, "tiny.gguf"));
	tinyLlama = new Uint8Array(await readFile(join(directory, "tiny.gguf")));
	await writeGguf(
		join(directory, "odd.gguf"),
		{ "general.architecture": { type: "string", value: "mind-reader" } },
		[],
	);
	unknownArchitecture = new Uint8Array(await readFile(join(directory, "odd.gguf")));
});

afterAll(async () => {
	await rm(directory, { recursive: true, force: true });
});

const record = (files: SeedFile[]) => ({
	id: "acme/chat-gguf",
	author: "acme",
	pipeline_tag: "text-generation",
	library_name: "gguf",
	tags: ["gguf"],
	downloads: 0,
	likes: 0,
	createdAt: "2024-01-01T00:00:00.000Z",
	lastModified: "2024-01-01T00:00:00.000Z",
	config: {},
	readme: "# chat\n",
	files,
	inferenceProviderMapping: [],
});

/** canRunLocally on a seed record's files, as the seed loader asks it. */
async function verdict(files: SeedFile[]) {
	const mappings = await withLocalMapping(record(files));
	return mappings.find((mapping) => mapping.provider === "hf-inference");
}

describe("canRunLocally for GGUF models", () => {
	it("maps a real llama GGUF live for chat", async () => {
		expect(await verdict([{ path: "tiny-Q4_K_M.gguf", content: tinyLlama }])).toEqual({
			provider: "hf-inference",
			providerId: "acme/chat-gguf",
			task: GGUF_TASK,
			status: "live",
		});
	});

	it("checks the file the engine would load: the Q4_K_M one among several", async () => {
		const placeholderChosen = [
			{ path: "tiny-Q8_0.gguf", content: tinyLlama },
			{ path: "tiny-Q4_K_M.gguf", size: 4_000_000_000 },
		];
		expect(await verdict(placeholderChosen)).toBeUndefined();
		const realChosen = [
			{ path: "tiny-Q8_0.gguf", size: 4_000_000_000 },
			{ path: "tiny-Q4_K_M.gguf", content: tinyLlama },
		];
		expect((await verdict(realChosen))?.status).toBe("live");
	});

	it("says why it cannot run a placeholder, a file that is not GGUF, or an architecture llama.cpp lacks", async () => {
		const reason = async (files: SeedFile[]) => {
			const files_ = record(files).files;
			const result = await canRunLocally({
				id: "acme/chat-gguf",
				pipelineTag: "text-generation",
				files: {
					file: async (path) => {
						const file = files_.find((entry) => entry.path === path);
						if (!file) return undefined;
						return file.content === undefined
							? { size: file.size ?? 0, real: false }
							: { size: file.content.length, real: true };
					},
					text: async () => "",
					paths: async () => files_.map((file) => file.path),
					head: async (path, length) => {
						const content = files_.find((file) => file.path === path)?.content ?? "";
						return (typeof content === "string" ? new TextEncoder().encode(content) : content).subarray(0, length);
					},
				},
			});
			return result.ok ? "ok" : result.reason;
		};
		expect(await reason([{ path: "m.gguf", size: 1000 }])).toBe(
			"Model acme/chat-gguf: m.gguf is a sample placeholder, not the real file",
		);
		expect(await reason([{ path: "m.gguf", content: "just some text, long enough" }])).toBe(
			"Model acme/chat-gguf: m.gguf: it is not a GGUF file",
		);
		expect(await reason([{ path: "m.gguf", content: unknownArchitecture }])).toBe(
			'Model acme/chat-gguf: m.gguf: llama.cpp does not run the "mind-reader" architecture',
		);
		expect(await reason([{ path: "m.gguf", content: tinyLlama.subarray(0, 12) }])).toBe(
			"Model acme/chat-gguf: m.gguf: general.architecture is not near the start of the file",
		);
		expect(await reason([{ path: "m.gguf", content: tinyLlama }])).toBe("ok");
	});

	it("leaves a repository without a .gguf file to the other checks", async () => {
		const mapping = await verdict([{ path: "model.safetensors", size: 1000 }]);
		expect(mapping).toBeUndefined();
	});
});
