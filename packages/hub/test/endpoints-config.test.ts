/**
 * The `HUBKIT_ENDPOINTS` file: which entry a model id finds (an exact id before patterns, then
 * the first pattern in the file), and the start-up check: a missing file, a file that does not
 * parse, a bad URL, an unknown field or a key variable that is not set stops `hubkit serve`
 * with a message naming the file and the entry, and never a key.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EndpointConfigError, loadEndpoints, parseEndpoints } from "../src/router/index.js";
import { runCli } from "./support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "hubkit-endpoints-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
	const path = join(dir, name);
	writeFileSync(path, text);
	return path;
}

const YAML_FILE = `
endpoints:
  "acme/*-chat":
    baseUrl: http://10.0.0.2:8000/v1
  acme/big-chat:
    baseUrl: http://10.0.0.1:8000/v1/
    apiKeyEnv: ACME_KEY
    model: big
    firstByteTimeoutMs: 900000
  "acme/**":
    baseUrl: http://10.0.0.3:11434/v1
  "solo-?":
    baseUrl: https://llama.internal/v1
`;

describe("matching a model to an entry", () => {
	const endpoints = loadEndpoints(file("endpoints.yaml", YAML_FILE), { ACME_KEY: "sk-acme" });

	it("an exact id wins over a pattern that also matches it, and carries its own settings", () => {
		expect(endpoints.size).toBe(4);
		expect(endpoints.match("acme/big-chat")).toEqual({
			entry: "acme/big-chat",
			baseUrl: "http://10.0.0.1:8000/v1",
			apiKey: "sk-acme",
			upstreamModel: "big",
			timeouts: { firstByteMs: 900_000 },
		});
	});

	it("patterns: the first in the file that matches; `*` stays inside a part, `?` is one character", () => {
		expect(endpoints.match("acme/small-chat")).toMatchObject({
			entry: "acme/*-chat",
			baseUrl: "http://10.0.0.2:8000/v1",
			apiKey: undefined,
			upstreamModel: "acme/small-chat",
		});
		expect(endpoints.match("acme/embedder")?.entry).toBe("acme/**");
		expect(endpoints.match("solo-1")?.baseUrl).toBe("https://llama.internal/v1");
		expect(endpoints.match("solo-12")).toBeUndefined();
		expect(endpoints.match("other/small-chat")).toBeUndefined();
		// The dot in an id is literal, not "any character".
		const dotted = parseEndpoints('{"endpoints":{"a/v1.*":{"baseUrl":"http://h/v1"}}}', "e.json", {});
		expect(dotted.match("a/v1.5")).toBeDefined();
		expect(dotted.match("a/v1x5")).toBeUndefined();
	});

	it("JSON files read the same way", () => {
		const json = loadEndpoints(
			file("endpoints.json", JSON.stringify({ endpoints: { "acme/x": { baseUrl: "http://127.0.0.1:9/v1" } } })),
			{},
		);
		expect(json.match("acme/x")?.baseUrl).toBe("http://127.0.0.1:9/v1");
	});
});

describe("a bad file is refused, naming the file and the entry", () => {
	const refused = (name: string, text: string, env: Record<string, string> = {}) => {
		const path = file(name, text);
		try {
			loadEndpoints(path, env);
		} catch (error) {
			expect(error).toBeInstanceOf(EndpointConfigError);
			const message = (error as Error).message;
			expect(message).toContain(path);
			return message;
		}
		throw new Error(`${name} was accepted`);
	};

	it("the file is missing", () => {
		expect(() => loadEndpoints(join(dir, "nowhere.yaml"), {})).toThrow(/nowhere\.yaml: the file does not exist/);
	});

	it("it does not parse", () => {
		expect(refused("broken.json", '{"endpoints": {')).toMatch(/not valid JSON/);
		expect(refused("broken.yaml", "endpoints:\n  a/b: [unclosed\n")).toMatch(/not valid YAML/);
	});

	it("its shape is wrong or a field is unknown", () => {
		expect(refused("list.yaml", "- a/b\n")).toMatch(/expected an object/);
		expect(refused("top.yaml", "endpoints: {}\nmodels: {}\n")).toMatch(/unknown top-level field "models"/);
		expect(refused("field.yaml", "endpoints:\n  a/b:\n    baseUrl: http://h/v1\n    apiKey: sk-x\n")).toMatch(
			/entry "a\/b": unknown field "apiKey"/,
		);
		expect(refused("entry.yaml", "endpoints:\n  a/b: http://h/v1\n")).toMatch(/entry "a\/b": expected an object/);
		expect(refused("timeout.yaml", "endpoints:\n  a/b:\n    baseUrl: http://h/v1\n    idleTimeoutMs: -5\n")).toMatch(
			/entry "a\/b": "idleTimeoutMs" must be a positive integer/,
		);
	});

	it("a URL that is missing, not http(s), or carries credentials", () => {
		expect(refused("nourl.yaml", "endpoints:\n  a/b:\n    model: x\n")).toMatch(/entry "a\/b": "baseUrl" is required/);
		expect(refused("ftp.yaml", "endpoints:\n  a/b:\n    baseUrl: ftp://h/v1\n")).toMatch(/must be an http\(s\) URL/);
		expect(refused("junk.yaml", "endpoints:\n  a/b:\n    baseUrl: not a url\n")).toMatch(/"baseUrl" is not a URL/);
		const withKey = refused("cred.yaml", "endpoints:\n  a/b:\n    baseUrl: http://user:sk-inline@h/v1\n");
		expect(withKey).toMatch(/must not hold credentials/);
		expect(withKey).not.toContain("sk-inline");
	});

	it("a key variable that is not set is named, and a set one's value never appears", () => {
		const message = refused("nokey.yaml", "endpoints:\n  a/b:\n    baseUrl: http://h/v1\n    apiKeyEnv: MISSING_KEY\n");
		expect(message).toMatch(/entry "a\/b": "apiKeyEnv" names MISSING_KEY, which is not set/);
		const bad = refused(
			"badmodel.yaml",
			"endpoints:\n  a/b:\n    baseUrl: http://h/v1\n    apiKeyEnv: SET_KEY\n    model: ''\n",
			{ SET_KEY: "sk-never-shown" },
		);
		expect(bad).not.toContain("sk-never-shown");
	});

	it("a key that is neither a model id nor a pattern", () => {
		expect(refused("id.yaml", "endpoints:\n  a/b/c:\n    baseUrl: http://h/v1\n")).toMatch(
			/entry "a\/b\/c": not a model id/,
		);
		expect(refused("glob.yaml", "endpoints:\n  'a/[bc]*':\n    baseUrl: http://h/v1\n")).toMatch(/a pattern has/);
	});
});

describe("the README's sample file", () => {
	it("is a file the hub accepts, and means what the README says", () => {
		const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
		const section = readme.slice(readme.indexOf("### External inference servers"));
		const sample = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
		const endpoints = parseEndpoints(sample, "README.md (yaml)", { VLLM_API_KEY: "sk-sample" });
		expect(endpoints.match("meta-llama/Llama-3.1-70B-Instruct")).toEqual({
			entry: "meta-llama/Llama-3.1-70B-Instruct",
			baseUrl: "http://vllm.internal:8000/v1",
			apiKey: "sk-sample",
			upstreamModel: "llama-70b",
			timeouts: { firstByteMs: 600_000 },
		});
		expect(endpoints.match("my-org/any-model")?.baseUrl).toBe("http://ollama.internal:11434/v1");
	});
});

describe("`hubkit serve` with a bad HUBKIT_ENDPOINTS", () => {
	it("exits 1 at start with the message, before it listens", async () => {
		const path = file("serve.yaml", "endpoints:\n  acme/x:\n    baseUrl: http://h/v1\n    timeout: 5\n");
		const finished = await runCli(["serve", "--port", "0", "--data", join(dir, "data")], { HUBKIT_ENDPOINTS: path });
		expect(finished.code).toBe(1);
		expect(finished.output).toContain(`HUBKIT_ENDPOINTS file ${path}: entry "acme/x": unknown field "timeout"`);
		expect(finished.output).not.toContain("listening");
		// A clear line, not a stack trace.
		expect(finished.output).not.toMatch(/\n\s+at /);
	});
});
