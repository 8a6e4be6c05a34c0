/**
 * Calls without a signal or timeout share one never-firing signal; nothing may
 * gather on it. Node warns past 1,500 listeners on one signal, so 1,600 calls
 * would trip that warning if each call left one behind.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearMappingCache, textClassification } from "../src/index.js";
import { type FakeServer, reply, startFakeServer } from "./fake-server.js";
import { CLASSIFICATION, CLASSIFIER, classifierPath, HF_TOKEN, mapClassifier, via } from "./helpers.js";

let server: FakeServer;
beforeAll(async () => {
	server = await startFakeServer();
	clearMappingCache();
	mapClassifier(server);
	server.route("POST", classifierPath(), reply.json(CLASSIFICATION));
});
afterAll(() => server.close());

describe("calls without a signal", () => {
	it("leave no listeners behind on a shared signal", async () => {
		const warnings: string[] = [];
		const onWarning = (warning: Error) => warnings.push(warning.name);
		process.on("warning", onWarning);
		try {
			for (let call = 0; call < 1600; call++) {
				await textClassification(
					{ accessToken: HF_TOKEN, model: CLASSIFIER, provider: "hf-inference", inputs: "ok" },
					via(server),
				);
			}
			// Warnings are emitted on the next tick.
			await new Promise((resolve) => setImmediate(resolve));
		} finally {
			process.off("warning", onWarning);
		}
		expect(warnings).not.toContain("MaxListenersExceededWarning");
		expect(server.requestsTo(classifierPath(), "POST")).toHaveLength(1600);
	});
});
