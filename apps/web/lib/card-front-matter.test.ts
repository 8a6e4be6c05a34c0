import { describe, expect, it } from "vitest";
import { buildReadme, managedLines, metadataFromCardData, splitReadme } from "./card-front-matter";

describe("the card editor's front matter", () => {
	it("writes the form's keys first, double-quoted, list items at the margin, then the other keys as they were", () => {
		const frontMatter =
			'license: apache-2.0\nmodel-index:\n  - name: bert\n# a comment\ntags:\n- old\n"datasets": [imdb]';
		const readme = buildReadme(
			frontMatter,
			{
				pipeline_tag: "text-classification",
				library_name: "transformers",
				license: "mit",
				tags: ["nlp", " ", " reviews "],
				base_model: "google-bert/bert-base-uncased",
				widget: ["I loved it", 'Say "hi"'],
			},
			"\n\n# Bert\n",
		);
		expect(readme).toBe(
			[
				"---",
				'pipeline_tag: "text-classification"',
				'library_name: "transformers"',
				'license: "mit"',
				"tags:",
				'- "nlp"',
				'- "reviews"',
				'base_model: "google-bert/bert-base-uncased"',
				"widget:",
				'- text: "I loved it"',
				'- text: "Say \\"hi\\""',
				"model-index:",
				"  - name: bert",
				"# a comment",
				'"datasets": [imdb]',
				"---",
				"",
				"# Bert",
				"",
			].join("\n"),
		);
	});

	it("writes a dataset's three keys and leaves out the empty ones", () => {
		expect(managedLines({ task_categories: ["text-classification"], license: "", tags: [] })).toEqual([
			"task_categories:",
			'- "text-classification"',
		]);
		expect(buildReadme(undefined, { license: " ", tags: [] }, "\n# Only a body")).toBe("# Only a body");
	});

	it("escapes what a YAML reader would misread and never folds a long line", () => {
		const long = "word ".repeat(40).trim();
		expect(
			managedLines({
				license: "a: b # c",
				tags: ["line\nbreak", "tab\tand \\", "sep\u2028ara\u2029tor", "lone \uD800"],
			}),
		).toEqual([
			'license: "a: b # c"',
			"tags:",
			'- "line\\nbreak"',
			'- "tab\\tand \\\\"',
			'- "sep\\u2028ara\\u2029tor"',
			'- "lone \uFFFD"',
		]);
		expect(managedLines({ license: long, tags: [] })).toEqual([`license: "${long}"`]);
		expect(managedLines({ license: "yes", tags: ["123", "null"] })).toEqual([
			'license: "yes"',
			"tags:",
			'- "123"',
			'- "null"',
		]);
	});

	it("splits a README into its front matter and body", () => {
		expect(splitReadme("\uFEFF---\nlicense: mit\n---\n# Card\n")).toEqual({
			frontMatter: "license: mit",
			body: "# Card\n",
		});
		expect(splitReadme("# No front matter")).toEqual({ frontMatter: undefined, body: "# No front matter" });
	});

	it("reads the form's starting values from the hub's cardData", () => {
		expect(
			metadataFromCardData({
				pipeline_tag: "fill-mask",
				license: "mit",
				tags: "single",
				base_model: ["a/b", "c/d"],
				widget: [{ text: "Paris is the [MASK]." }, { src: "x.png" }],
			}),
		).toEqual({
			pipeline_tag: "fill-mask",
			library_name: "",
			license: "mit",
			tags: ["single"],
			base_model: "a/b",
			widget: ["Paris is the [MASK]."],
		});
		expect(metadataFromCardData({ task_categories: ["translation", 3], license: 5 }, "dataset")).toEqual({
			task_categories: ["translation"],
			license: "",
			tags: [],
		});
	});
});
