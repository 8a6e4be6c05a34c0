/**
 * A recognition whose Tesseract thread stops before it answers: tesseract.js never settles
 * such a job, so without the engine's own watch the hub's call would wait for ever. Real
 * tesseract.js and its English model; the thread is ended as a crash would end it.
 */
import { readFileSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ModelFiles } from "../engine.js";
import { createEngineHost } from "../engine-host.js";
import type { WorkerCall } from "../worker-protocol.js";
import { MANIFEST_PATH } from "./manifest.js";
import { TESSERACT_DATA_PACKAGE, TESSERACT_ENGINE, tesseractEngine } from "./tesseract.js";

const INVOICE = readFileSync(
	new URL("../../../tasks/assets/demo/document-question-answering-input.png", import.meta.url),
);

function files(model: string): ModelFiles {
	const manifest = { engine: TESSERACT_ENGINE, package: TESSERACT_DATA_PACKAGE };
	return {
		model,
		has: async (path) => path === MANIFEST_PATH,
		json: async () => manifest,
		bytes: async () => new TextEncoder().encode(JSON.stringify(manifest)),
	};
}

const call: WorkerCall = {
	kind: "run",
	model: "demo/tesseract-eng",
	commit: "c0ffee",
	task: "image-to-text",
	body: new Uint8Array(INVOICE),
	contentType: "image/png",
};

afterEach(() => {
	vi.restoreAllMocks();
});

describe("tesseract.js in the engine host", () => {
	it("fails a call whose Tesseract thread stopped, and loads the model afresh for the next one", async () => {
		const loads = vi.spyOn(tesseractEngine, "load");
		const errors: string[] = [];
		const host = createEngineHost({
			files: (model) => files(model),
			log: { info: () => undefined, error: (message) => errors.push(message) },
			maxLoadedModels: 4,
		});
		try {
			const first = host.answer({ ...call, body: new Uint8Array(INVOICE) });
			await vi.waitFor(() => expect(loads).toHaveBeenCalledOnce());
			const model = await loads.mock.results[0]?.value;
			// The host sent the recognition on the same turn this load settled for it; end the thread under it.
			const thread = (model.worker as unknown as { worker: Worker }).worker;
			await thread.terminate();
			const failed = await first;
			expect(failed).toMatchObject({ status: 500 });
			expect(JSON.parse(failed && failed !== "fresh-worker" ? String(failed.body) : "{}")).toEqual({
				error: "Model demo/tesseract-eng: Tesseract's thread stopped before it answered; try again",
			});
			expect(errors).toEqual([
				"Local runtime: Model demo/tesseract-eng: Tesseract's thread stopped before it answered; try again",
			]);

			const again = await host.answer({ ...call, body: new Uint8Array(INVOICE) });
			expect(again).toMatchObject({ status: 200 });
			const [{ generated_text: text }] = JSON.parse(again && again !== "fresh-worker" ? String(again.body) : "[]");
			expect(text).toContain("TOTAL 154.20");
			expect(loads).toHaveBeenCalledTimes(2);
		} finally {
			await host.close();
		}
	});
});
