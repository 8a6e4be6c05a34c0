import { describe, expect, it } from "vitest";
import { snippets } from "./sklearn.js";

describe("sklearn snippets", () => {
	it("explain a missing model file with the fixed text", () => {
		for (const config of [
			undefined,
			{},
			{ sklearn: {} },
			{ sklearn: { model: {} } },
			{ sklearn: { model: { file: "" } } },
		]) {
			expect(snippets({ id: "a/b", config })).toEqual([
				{ language: "python", content: "# Model filename not specified in config.json" },
			]);
		}
	});

	it("load skops files with skops", () => {
		const [snippet] = snippets({
			id: "a/b",
			config: { sklearn: { model: { file: "model.skops" }, model_format: "skops" } },
		});
		expect(snippet?.content).toContain("from skops.io import get_untrusted_types, load");
		expect(snippet?.content).toContain('hf_hub_download(repo_id="a/b", filename="model.skops")');
		expect(snippet?.content).not.toContain("joblib");
	});

	it("load pickle and other formats with joblib", () => {
		for (const model_format of ["pickle", undefined, "other"]) {
			const [snippet] = snippets({ id: "a/b", config: { sklearn: { model: { file: "m.joblib" }, model_format } } });
			expect(snippet?.content).toContain('joblib.load(hf_hub_download(repo_id="a/b", filename="m.joblib"))');
			expect(snippet?.content).not.toContain("skops");
		}
	});

	it("quote the file name", () => {
		const [snippet] = snippets({ id: "a/b", config: { sklearn: { model: { file: 'x"); boom() #' } } } });
		expect(snippet?.content).toContain('filename="x\\"); boom() #"');
	});
});
