import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadProviderKeys, ProviderConfigError } from "./provider-keys.js";

const SECRET = "sk-very-secret-key";

function configFile(content: unknown): string {
	const path = join(mkdtempSync(join(tmpdir(), "hubkit-keys-")), "providers.json");
	writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
	return path;
}

function thrown(load: () => unknown): Error {
	try {
		load();
	} catch (error) {
		return error as Error;
	}
	throw new Error("expected loadProviderKeys to throw");
}

describe("loadProviderKeys", () => {
	it("reads HUBKIT_PROVIDER_KEY_<ID> and HUBKIT_PROVIDER_URL_<ID>, ignoring empty values and other variables", () => {
		const keys = loadProviderKeys({
			HUBKIT_PROVIDER_KEY_FAL_AI: "fal-key",
			HUBKIT_PROVIDER_KEY_TOGETHER: "together-key",
			HUBKIT_PROVIDER_URL_TOGETHER: "http://127.0.0.1:9999/",
			HUBKIT_PROVIDER_KEY_GROQ: "",
			PATH: "/usr/bin",
		});
		expect(keys).toEqual({
			"fal-ai": { key: "fal-key" },
			together: { key: "together-key", baseUrl: "http://127.0.0.1:9999" },
		});
	});

	it("reads the config file, and lets the environment win", () => {
		const path = configFile({
			providers: {
				replicate: { key: "from-file" },
				"black-forest-labs": { key: "bfl-file", baseUrl: "https://api.eu1.bfl.ai" },
			},
		});
		const keys = loadProviderKeys({ HUBKIT_PROVIDER_KEY_REPLICATE: "from-env" }, path);
		expect(keys).toEqual({
			replicate: { key: "from-env" },
			"black-forest-labs": { key: "bfl-file", baseUrl: "https://api.eu1.bfl.ai" },
		});
	});

	it("drops a base URL that has no key", () => {
		expect(loadProviderKeys({ HUBKIT_PROVIDER_URL_GROQ: "https://proxy.example" })).toEqual({});
	});

	it("refuses unknown or unroutable providers and bad entries, naming where, never the key", () => {
		const failures = [
			() => loadProviderKeys({ HUBKIT_PROVIDER_KEY_NOT_A_PROVIDER: SECRET }),
			() => loadProviderKeys({ HUBKIT_PROVIDER_KEY_OPENAI: SECRET }),
			() => loadProviderKeys({ HUBKIT_PROVIDER_KEY_TOGETHER: SECRET, HUBKIT_PROVIDER_URL_TOGETHER: "ftp://x" }),
			() => loadProviderKeys({}, configFile({ providers: { "hf-inference": { key: SECRET } } })),
			() => loadProviderKeys({}, configFile({ providers: { nobody: { key: SECRET } } })),
			() => loadProviderKeys({}, configFile({ providers: { together: { key: 42 } } })),
			() => loadProviderKeys({}, configFile({ providers: { together: { key: SECRET, baseUrl: "nope" } } })),
			() => loadProviderKeys({}, configFile({ together: { key: SECRET } })),
			() => loadProviderKeys({}, configFile(`{"providers": {"together": {"key": "${SECRET}"`)),
			() => loadProviderKeys({}, "/no/such/dir/providers.json"),
		];
		for (const load of failures) {
			const error = thrown(load);
			expect(error).toBeInstanceOf(ProviderConfigError);
			expect(error.message).not.toContain(SECRET);
		}
		expect(thrown(failures[0] as () => unknown).message).toMatch(
			/HUBKIT_PROVIDER_KEY_NOT_A_PROVIDER names no provider/,
		);
		expect(thrown(failures[3] as () => unknown).message).toMatch(/"hf-inference" is not forwarded by the router/);
	});
});
