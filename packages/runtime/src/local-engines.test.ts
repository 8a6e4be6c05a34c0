import { describe, expect, it } from "vitest";
import { CHECKS } from "./capability.js";
import type { ModelFiles } from "./engine.js";
import { COMPLETION_ENGINES, FIRST_CHOICES, LOCAL_ENGINES, LOCAL_TASKS, TASK_ENGINES } from "./local-engines.js";

describe("LOCAL_ENGINES", () => {
	it("is the one list both the worker host and canRunLocally read", () => {
		const byFiles = LOCAL_ENGINES.filter((entry) => entry.claims === "files");
		const byTask = LOCAL_ENGINES.filter((entry) => entry.claims === "task");
		expect([...FIRST_CHOICES, ...COMPLETION_ENGINES]).toEqual(byFiles.flatMap((entry) => entry.engines));
		expect(Object.values(TASK_ENGINES)).toEqual(byTask.flatMap((entry) => entry.engines));
		// A check for every task engine and a task engine for every check.
		expect(Object.keys(CHECKS).sort()).toEqual(Object.keys(TASK_ENGINES).sort());
		expect([...LOCAL_TASKS].sort()).toEqual(
			[...new Set([...Object.keys(TASK_ENGINES), ...FIRST_CHOICES.map((engine) => engine.task)])].sort(),
		);
	});

	it("asks every engine that claims by files before the task engines, each able to say which models are its own", () => {
		const firstTaskEntry = LOCAL_ENGINES.findIndex((entry) => entry.claims === "task");
		expect(LOCAL_ENGINES.slice(firstTaskEntry).every((entry) => entry.claims === "task")).toBe(true);
		for (const engine of FIRST_CHOICES) expect(typeof engine.accepts, engine.task).toBe("function");
	});

	it("holds llama.cpp as one entry: one engine, claimed by a .gguf, that answers chat and completion calls only", async () => {
		const llama = LOCAL_ENGINES.filter((entry) => entry.engines.some((engine) => engine.calls));
		expect(llama.map((entry) => [entry.name, entry.claims])).toEqual([["llama.cpp", "files"]]);
		expect(COMPLETION_ENGINES).toEqual(llama[0]?.engines);
		const [engine] = COMPLETION_ENGINES;
		expect(engine?.calls).toEqual(["chat", "complete"]);
		expect(FIRST_CHOICES).not.toContain(engine);
		const files = (paths?: string[]): ModelFiles => ({
			model: "someone/model",
			paths,
			has: async () => false,
			bytes: async () => new Uint8Array(),
			json: async () => ({}),
		});
		expect(await engine?.accepts?.(files(["README.md", "model-Q8_0.gguf", "model-Q4_K_M.gguf"]))).toBe(true);
		expect(await engine?.accepts?.(files(["model.onnx", "config.json"]))).toBe(false);
		// A `run` call brings no listing: the GGUF engine never takes one.
		expect(await engine?.accepts?.(files())).toBe(false);
	});
});
