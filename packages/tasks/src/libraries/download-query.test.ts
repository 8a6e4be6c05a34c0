import { describe, expect, it } from "vitest";
import { readReference } from "../../test/reference.js";
import { LIBRARY_FACTS } from "./catalogue.js";
import {
	countsAsDownload,
	DEFAULT_DOWNLOAD_QUERY,
	matchesDownloadQuery,
	parseDownloadQuery,
} from "./download-query.js";

const matches = (query: string, path: string) => matchesDownloadQuery(parseDownloadQuery(query), path);

describe("parseDownloadQuery", () => {
	it("parses every query in the catalogue and the default rule", () => {
		const queries = Object.values(LIBRARY_FACTS)
			.map((facts) => (facts as { countDownloads?: string }).countDownloads)
			.filter((query): query is string => Boolean(query));
		expect(queries.length).toBe(194);
		for (const query of [...queries, DEFAULT_DOWNLOAD_QUERY]) {
			expect(() => parseDownloadQuery(query), query).not.toThrow();
		}
	});

	it("keeps the catalogue's queries byte for byte", () => {
		for (const library of readReference("libraries.json").libraries) {
			const facts = LIBRARY_FACTS[library.key as keyof typeof LIBRARY_FACTS] as { countDownloads?: string };
			expect(facts.countDownloads ?? null, library.key).toBe(library.countDownloads);
		}
	});

	it("gives AND precedence over OR, and honours parentheses", () => {
		expect(parseDownloadQuery('path:"a" OR path:"b" AND path:"c"')).toEqual({
			kind: "or",
			clauses: [
				{ kind: "match", field: "path", value: "a" },
				{
					kind: "and",
					clauses: [
						{ kind: "match", field: "path", value: "b" },
						{ kind: "match", field: "path", value: "c" },
					],
				},
			],
		});
		expect(matches('(path:"a" OR path:"b") AND path_extension:"json"', "a")).toBe(false);
	});

	it("reads quoted values with escapes, bare words, tabs and newlines", () => {
		expect(parseDownloadQuery('path:"we\\"ird\\\\name"')).toEqual({
			kind: "match",
			field: "path",
			value: 'we"ird\\name',
		});
		expect(matches("path_extension:gguf", "m.gguf")).toBe(true);
		expect(matches('path:"a.bin"\n\t\t\tOR path:"b.bin"', "b.bin")).toBe(true);
	});

	it.each([
		["", /Expected a condition/],
		['path:"x" OR', /Expected a condition/],
		['size:"x"', /Unknown field "size"/],
		['path "x"', /Expected ":"/],
		['path:"x', /Unterminated string/],
		['(path:"x"', /Expected "\)"/],
		['path:"x" path:"y"', /Unexpected "path"/],
		['path:"x" or path:"y"', /Unexpected "or"/],
	])("rejects %j", (query, message) => {
		expect(() => parseDownloadQuery(query)).toThrow(SyntaxError);
		expect(() => parseDownloadQuery(query)).toThrow(message);
	});
});

describe("countsAsDownload", () => {
	it("uses the default rule for libraries without one, and for unknown ones", () => {
		for (const library of [undefined, "allennlp", "not-a-library"]) {
			expect(countsAsDownload(library, "config.json")).toBe(true);
			expect(countsAsDownload(library, "hyperparams.yaml")).toBe(true);
			expect(countsAsDownload(library, "model.safetensors")).toBe(false);
			expect(countsAsDownload(library, "sub/config.json")).toBe(false);
		}
	});

	it("evaluates the catalogue's own rules", () => {
		expect(countsAsDownload("peft", "adapter_config.json")).toBe(true);
		expect(countsAsDownload("peft", "config.json")).toBe(false);
		expect(countsAsDownload("asteroid", "pytorch_model.bin")).toBe(true);
		expect(countsAsDownload("flair", "pytorch_model.bin")).toBe(true);
		expect(countsAsDownload("ml-agents", "Huggy.onnx")).toBe(true);
		expect(countsAsDownload("ml-agents", "Huggy.onnx.bak")).toBe(false);
		expect(countsAsDownload("open_clip", "open_clip_pytorch_model.bin")).toBe(true);
	});

	it("understands path_filename, path_prefix and _exists_", () => {
		expect(matches('path_filename:"config" AND path_extension:"json"', "config.json")).toBe(true);
		expect(matches('path_filename:"config" AND path_extension:"json"', "nested/config.json")).toBe(true);
		expect(matches('path_filename:"config" AND path_extension:"json"', "config.yaml")).toBe(false);
		expect(matches('path_extension:"pt" AND path_prefix:"checkpoints/"', "checkpoints/last.pt")).toBe(true);
		expect(matches('path_extension:"pt" AND path_prefix:"checkpoints/"', "last.pt")).toBe(false);
		const inFolder = 'path_filename:"model" AND path_extension:"mil" AND _exists_:"path_prefix"';
		expect(matches(inFolder, "Encoder.mlmodelc/model.mil")).toBe(true);
		expect(matches(inFolder, "model.mil")).toBe(false);
	});

	it("treats a leading slash and dot files sensibly", () => {
		expect(countsAsDownload("peft", "/adapter_config.json")).toBe(true);
		expect(matches('path_extension:"gitattributes"', ".gitattributes")).toBe(false);
	});
});
