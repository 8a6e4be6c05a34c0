import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { jsString, jsValue, pyString, pyValue, safeIdentifier, safeNumber, shString } from "./quote.js";

/** Hand-picked troublemakers plus seeded random strings over a nasty alphabet. */
function samples(): string[] {
	const fixed = [
		"",
		"plain/model",
		`it's "quoted"`,
		'"""); import os; os.system("x")#',
		"'''",
		"back\\slash\\",
		"line\nbreak\r\ncrlf",
		"tab\tand\u0000nul\u0007bell\u007fdel\u0085nel",
		// biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the point of this sample
		"${process.exit()} `tick` $(rm -rf /) $HOME",
		"\u2028separator\u2029",
		"emoji 🤗 and ünïcødé",
		"lone \ud800 surrogate",
		"\ufeffbom",
	];
	const alphabet = ["'", '"', "\\", "\n", "\r", "`", "$", "{", "}", "(", ")", "#", " ", "a", "é", "🤗", "\t", "\u0000"];
	let seed = 42;
	const random = () => {
		seed = (seed * 1103515245 + 12345) % 2 ** 31;
		return seed / 2 ** 31;
	};
	const generated = Array.from({ length: 60 }, () =>
		Array.from({ length: 1 + Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
			"",
		),
	);
	return [...fixed, ...generated];
}

// Lone surrogates can't travel through UTF-8 pipes; compare them in escaped form.
const comparable = (values: string[]) => values.map((value) => JSON.stringify(value));

describe("string literals evaluate back to the same value", () => {
	const values = samples();

	it("in Python", () => {
		const program = `import ast, json, sys\nprint(json.dumps([${values.map(pyString).join(", ")}]))`;
		const output = execFileSync("python3", ["-c", "import sys; exec(sys.stdin.read())"], {
			input: program,
			encoding: "utf8",
		});
		expect(comparable(JSON.parse(output))).toEqual(comparable(values));
	});

	it("in JavaScript", () => {
		const program = `process.stdout.write(JSON.stringify([${values.map(jsString).join(", ")}]))`;
		const output = execFileSync(process.execPath, ["--input-type=module", "-e", program], { encoding: "utf8" });
		expect(comparable(JSON.parse(output))).toEqual(comparable(values));
	});

	it("in bash", () => {
		// bash can't hold NUL bytes in a word; everything else must round-trip.
		const shellSafe = values.filter(
			(value) =>
				!value.includes("\u0000") && !/[\ud800-\udfff]/.test(value.replace(/[\ud800-\udbff][\udc00-\udfff]/g, "")),
		);
		const script = shellSafe.map((value) => `printf '%s\\0' ${shString(value)}`).join("\n");
		const output = execFileSync("bash", ["-c", script], { encoding: "utf8" });
		expect(output.split("\0").slice(0, -1)).toEqual(shellSafe);
	});
});

describe("structured values", () => {
	const data = { id: 'a"b', list: [1, 2.5, true, false, null, "x\ny"], nested: { "k'ey": [] } };

	it("render as Python literals", () => {
		const output = execFileSync("python3", ["-c", `import json; print(json.dumps(${pyValue(data)}))`], {
			encoding: "utf8",
		});
		expect(JSON.parse(output)).toEqual(data);
	});

	it("render as JavaScript literals", () => {
		const output = execFileSync(process.execPath, ["-e", `console.log(JSON.stringify(${jsValue(data)}))`], {
			encoding: "utf8",
		});
		expect(JSON.parse(output)).toEqual(data);
	});
});

describe("identifiers and numbers", () => {
	it("only let clean identifiers through", () => {
		expect(safeIdentifier("AutoModelForCausalLM", "AutoModel")).toBe("AutoModelForCausalLM");
		expect(safeIdentifier("Auto; import os", "AutoModel")).toBe("AutoModel");
		expect(safeIdentifier("9lives", "AutoModel")).toBe("AutoModel");
		expect(safeIdentifier(undefined, "AutoModel")).toBe("AutoModel");
	});

	it("only let finite numbers through", () => {
		expect(safeNumber(4096, 512)).toBe("4096");
		expect(safeNumber("4096; rm -rf", 512)).toBe("512");
		expect(safeNumber(Number.NaN, 512)).toBe("512");
	});
});
