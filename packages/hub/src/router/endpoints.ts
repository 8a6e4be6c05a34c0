/**
 * External inference servers (`HUBKIT_ENDPOINTS`): models the operator has sent to an
 * OpenAI-compatible server (vLLM, TGI, llama.cpp's server, Ollama) instead of the local runtime.
 * The file, JSON or YAML, maps a model id or a pattern to a server:
 *
 *   endpoints:
 *     meta-llama/Llama-3.1-70B-Instruct:         # one model
 *       baseUrl: http://vllm.internal:8000/v1    # what an OpenAI client takes as its base URL
 *       apiKeyEnv: VLLM_API_KEY                  # the variable holding the key (optional)
 *       model: llama-70b                         # the name the server knows it by (default: the id)
 *       firstByteTimeoutMs: 600000               # connectTimeoutMs, firstByteTimeoutMs, idleTimeoutMs (optional)
 *     "my-org/*":                                # `*` any characters but `/`, `**` any, `?` one
 *       baseUrl: http://ollama.internal:11434/v1
 *
 * An exact id wins over patterns; among patterns the first in the file wins. Everything is
 * checked at start-up (a bad file stops `hubkit serve`, naming the file and the entry); the
 * key is read from its variable then and is never part of a message.
 */
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { modelIdProblem } from "./model-id.js";
import type { UpstreamTimeouts } from "./upstream.js";

/** One server, as a model call resolves to it. */
export interface InferenceEndpoint {
	/** The file's key that matched (an id or a pattern), for logs. */
	entry: string;
	/** No trailing slash; `/chat/completions` and `/completions` are appended. */
	baseUrl: string;
	/** Sent as `Authorization: Bearer …` to this server only; undefined: no Authorization at all. */
	apiKey: string | undefined;
	/** The model name sent upstream: the entry's `model`, or the hub's id. */
	upstreamModel: string;
	/** Over the hub's upstream timeouts (`HUBKIT_UPSTREAM_CONNECT_TIMEOUT_MS` and the others). */
	timeouts: Partial<UpstreamTimeouts>;
}

export interface InferenceEndpoints {
	/** The server for `model`, or undefined when no entry names it. */
	match(model: string): InferenceEndpoint | undefined;
	/** How many entries the file has. */
	readonly size: number;
	/**
	 * Where to look for the models the file sends to servers: its exact ids, and the namespaces
	 * its patterns name literally (`my-org` of `my-org/*`). Optional for a table made in a test.
	 */
	readonly named?: { ids: readonly string[]; namespaces: readonly string[] };
}

export class EndpointConfigError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "EndpointConfigError";
	}
}

interface Entry {
	key: string;
	pattern: RegExp | undefined;
	baseUrl: string;
	apiKey: string | undefined;
	model: string | undefined;
	timeouts: Partial<UpstreamTimeouts>;
}

const ENTRY_FIELDS = new Set([
	"baseUrl",
	"apiKeyEnv",
	"model",
	"connectTimeoutMs",
	"firstByteTimeoutMs",
	"idleTimeoutMs",
]);
const TIMEOUT_FIELDS = {
	connectTimeoutMs: "connectMs",
	firstByteTimeoutMs: "firstByteMs",
	idleTimeoutMs: "idleMs",
} as const;
const MAX_UPSTREAM_MODEL_LENGTH = 256;

/** Reads and checks the file; throws EndpointConfigError naming the file and the entry. */
export function loadEndpoints(path: string, env: Record<string, string | undefined>): InferenceEndpoints {
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch (error) {
		const code = (error as { code?: unknown }).code;
		const reason = code === "ENOENT" ? "the file does not exist" : `it cannot be read (${String(code ?? "error")})`;
		throw new EndpointConfigError(`HUBKIT_ENDPOINTS file ${path}: ${reason}`);
	}
	return parseEndpoints(text, path, env);
}

/** `text` as the file at `path` (its extension says JSON; anything else is read as YAML, which JSON also is). */
export function parseEndpoints(
	text: string,
	path: string,
	env: Record<string, string | undefined>,
): InferenceEndpoints {
	const fail = (message: string): never => {
		throw new EndpointConfigError(`HUBKIT_ENDPOINTS file ${path}: ${message}`);
	};
	let parsed: unknown;
	try {
		parsed = path.toLowerCase().endsWith(".json") ? JSON.parse(text) : parseYaml(text);
	} catch (error) {
		const what = path.toLowerCase().endsWith(".json") ? "JSON" : "YAML";
		fail(`it is not valid ${what} (${error instanceof Error ? error.message.split("\n")[0] : "parse error"})`);
	}
	if (!isObject(parsed))
		return fail('expected an object { "endpoints": { "<model id or pattern>": { "baseUrl": "…" } } }');
	for (const key of Object.keys(parsed)) if (key !== "endpoints") fail(`unknown top-level field "${key}"`);
	const endpoints = parsed.endpoints;
	if (!isObject(endpoints)) return fail('"endpoints" must be an object of model id or pattern → { "baseUrl": "…" }');
	const entries = Object.entries(endpoints).map(([key, value]) => checkedEntry(key, value, env, fail));
	return endpointTable(entries);
}

function checkedEntry(
	key: string,
	value: unknown,
	env: Record<string, string | undefined>,
	fail: (message: string) => never,
): Entry {
	const at = (message: string) => fail(`entry "${key.slice(0, 120)}": ${message}`);
	const pattern = keyPattern(key, at);
	if (!isObject(value)) return at('expected an object with "baseUrl"');
	for (const field of Object.keys(value)) {
		if (!ENTRY_FIELDS.has(field)) at(`unknown field "${field}" (known: ${[...ENTRY_FIELDS].join(", ")})`);
	}
	const baseUrl = checkedBaseUrl(value.baseUrl, at);
	let apiKey: string | undefined;
	if (value.apiKeyEnv !== undefined) {
		const name = value.apiKeyEnv;
		if (typeof name !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
			at('"apiKeyEnv" must be the name of an environment variable (letters, digits, _)');
		}
		apiKey = env[name as string];
		// The variable is named, never its value.
		if (!apiKey) at(`"apiKeyEnv" names ${name}, which is not set`);
	}
	let model: string | undefined;
	if (value.model !== undefined) {
		if (
			typeof value.model !== "string" ||
			value.model.trim() === "" ||
			value.model.length > MAX_UPSTREAM_MODEL_LENGTH
		) {
			at(`"model" must be a non-empty string of at most ${MAX_UPSTREAM_MODEL_LENGTH} characters`);
		}
		model = value.model as string;
	}
	const timeouts: Partial<UpstreamTimeouts> = {};
	for (const [field, name] of Object.entries(TIMEOUT_FIELDS)) {
		const ms = value[field];
		if (ms === undefined) continue;
		if (typeof ms !== "number" || !Number.isInteger(ms) || ms <= 0) at(`"${field}" must be a positive integer (ms)`);
		timeouts[name] = ms as number;
	}
	return { key, pattern, baseUrl, apiKey, model, timeouts };
}

/** undefined for an exact model id; a RegExp for a pattern. */
function keyPattern(key: string, at: (message: string) => never): RegExp | undefined {
	if (!/[*?]/.test(key)) {
		const problem = modelIdProblem(key);
		if (problem) at(`not a model id or pattern: ${problem}`);
		return undefined;
	}
	if (!/^[A-Za-z0-9._\-/*?]+$/.test(key) || key.split("/").some((part) => part === "")) {
		at("a pattern has letters, digits, '-', '_', '.', '/' and the wildcards '*', '**', '?'");
	}
	const source = key
		.split(/(\*\*|\*|\?)/)
		.map((piece) =>
			piece === "**" ? ".*" : piece === "*" ? "[^/]*" : piece === "?" ? "[^/]" : piece.replace(/[.]/g, "\\."),
		)
		.join("");
	return new RegExp(`^${source}$`);
}

function checkedBaseUrl(value: unknown, at: (message: string) => never): string {
	if (typeof value !== "string")
		return at('"baseUrl" is required: the server\'s OpenAI base URL (http(s)://host:port/v1)');
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return at(`"baseUrl" is not a URL: ${JSON.stringify(value.slice(0, 200))}`);
	}
	if (url.protocol !== "http:" && url.protocol !== "https:") at('"baseUrl" must be an http(s) URL');
	// A key in the URL would travel in logs and error reports: it belongs in apiKeyEnv.
	if (url.username || url.password) at('"baseUrl" must not hold credentials: name the key\'s variable in "apiKeyEnv"');
	if (url.search || url.hash) at('"baseUrl" must not have a query or a fragment');
	return url.href.replace(/\/+$/, "");
}

function endpointTable(entries: Entry[]): InferenceEndpoints {
	const exact = new Map(entries.filter((entry) => !entry.pattern).map((entry) => [entry.key, entry]));
	const patterns = entries.filter((entry) => entry.pattern);
	const namespaces = patterns.map((entry) => entry.key.split("/")[0] ?? "").filter((part) => !/[*?]/.test(part));
	return {
		size: entries.length,
		named: { ids: [...exact.keys()], namespaces: [...new Set(namespaces)] },
		match(model) {
			const entry = exact.get(model) ?? patterns.find((candidate) => candidate.pattern?.test(model));
			if (!entry) return undefined;
			return {
				entry: entry.key,
				baseUrl: entry.baseUrl,
				apiKey: entry.apiKey,
				upstreamModel: entry.model ?? model,
				timeouts: entry.timeouts,
			};
		},
	};
}

/** No endpoints: what a hub without `HUBKIT_ENDPOINTS` has. */
export const NO_ENDPOINTS: InferenceEndpoints = { size: 0, match: () => undefined };

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
