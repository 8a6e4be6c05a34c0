/**
 * Calls leave nothing behind on the signals they are given: many calls with one
 * caller's signal must not gather abort listeners on it. Node warns past 1,500
 * listeners on one signal, so 1,600 calls would trip that warning if each call
 * left one behind.
 */
import { describe, expect, it } from "vitest";
import { textClassification } from "../src/index.js";
import { reply } from "./fake-server.js";
import { CLASSIFICATION, CLASSIFIER, classifierPath, HF_TOKEN, mapClassifier, useFakeServer, via } from "./helpers.js";

const server = useFakeServer((server) => {
	mapClassifier(server);
	server.route("POST", classifierPath(), reply.json(CLASSIFICATION));
});

describe("calls sharing one signal", () => {
	it("leave no listeners behind on it", async () => {
		const warnings: string[] = [];
		const onWarning = (warning: Error) => warnings.push(warning.name);
		process.on("warning", onWarning);
		const shared = new AbortController().signal;
		try {
			for (let call = 0; call < 1600; call++) {
				await textClassification(
					{ accessToken: HF_TOKEN, model: CLASSIFIER, provider: "hf-inference", inputs: "ok" },
					{ ...via(server), signal: shared, timeout: call % 2 ? 60_000 : undefined },
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
