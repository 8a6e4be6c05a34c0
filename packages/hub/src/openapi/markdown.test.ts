import { describe, expect, it } from "vitest";
import { markdownHtml } from "./markdown.js";

describe("markdownHtml (route details on /api/docs)", () => {
	it("renders paragraphs, lists, tables and code", () => {
		const html = markdownHtml(
			[
				"Body `{ name }`: **201**.",
				"",
				"- one",
				"  more of one",
				"- two",
				"",
				"| parameter | meaning |",
				"| --- | --- |",
				"| `limit` | 1 to 1000, `a\\|b` |",
				"",
				"```json",
				'{ "id": "x" }',
				"```",
			].join("\n"),
		);
		expect(html).toBe(
			"<p>Body <code>{ name }</code>: <strong>201</strong>.</p>" +
				"<ul><li>one more of one</li><li>two</li></ul>" +
				"<table><tr><th>parameter</th><th>meaning</th></tr><tr><td><code>limit</code></td><td>1 to 1000, <code>a|b</code></td></tr></table>" +
				"<pre><code>{ &quot;id&quot;: &quot;x&quot; }</code></pre>",
		);
	});

	it("escapes everything it does not render", () => {
		expect(markdownHtml("<script>alert(1)</script> `<b>`")).toBe(
			"<p>&lt;script&gt;alert(1)&lt;/script&gt; <code>&lt;b&gt;</code></p>",
		);
		expect(markdownHtml("1. first\n2. second")).toBe("<ol><li>first</li><li>second</li></ol>");
	});
});
