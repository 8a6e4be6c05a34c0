/**
 * The configuration's one declaration (src/config-variables.ts) as loadConfig reads it: each
 * HubConfig field comes from one variable, 0 means what the declaration says, and every bad value
 * is refused at once with its variable's name and what it takes.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { CONFIG_VARIABLES } from "../src/config-variables.js";

const read = CONFIG_VARIABLES.filter((variable) => variable.reads);

describe("the configuration's declaration", () => {
	it("reads each field from one variable, and each variable once", () => {
		const fields = read.map((variable) => variable.reads?.field);
		expect(new Set(fields).size).toBe(fields.length);
		const names = CONFIG_VARIABLES.map((variable) => variable.name);
		expect(new Set(names).size).toBe(names.length);
		// Every field loadConfig fills comes from the environment, but the URL startHub sets.
		expect(Object.keys(loadConfig({}, {})).sort()).toEqual([...fields].sort());
		// What another part reads says which part.
		for (const variable of CONFIG_VARIABLES) expect(Boolean(variable.reads) !== Boolean(variable.readBy)).toBe(true);
	});

	it("gives the declared defaults when the environment is empty, and reads unset and empty alike", () => {
		const defaults = loadConfig({}, {});
		expect(defaults).toMatchObject({
			port: 8787,
			host: "127.0.0.1",
			dataDir: resolve(".hubkit"),
			databasePoolSize: 10,
			maxConnectionsPerAddress: 256,
			logFormat: "text",
			accessLog: false,
			s3PresignDownloads: false,
			gcIntervalMinutes: 360,
		});
		const empty = Object.fromEntries(
			read.filter((variable) => variable.name !== "HUBKIT_UPLOAD_REFUSED_TYPES").map(({ name }) => [name, ""]),
		);
		expect(loadConfig({}, empty)).toEqual(defaults);
	});

	it("reads 0 as each variable's declaration says", () => {
		const zero = (name: string) => loadConfig({}, { [name]: "0" });
		expect(zero("HUBKIT_PORT").port).toBe(0);
		expect(zero("HUBKIT_DATABASE_POOL_SIZE").databasePoolSize).toBe(1);
		expect(zero("HUBKIT_ANON_RATE_LIMIT_BURST").anonymousRateLimitBurst).toBe(1);
		expect(zero("HUBKIT_ANON_RATE_LIMIT_PER_MINUTE").anonymousRateLimitPerMinute).toBe(0);
		expect(zero("HUBKIT_MAX_FILES_PER_COMMIT").maxFilesPerCommit).toBe(20_000);
		expect(zero("HUBKIT_SESSION_MAX_DAYS").sessionMaxDays).toBe(30);
		expect(zero("HUBKIT_UPSTREAM_IDLE_TIMEOUT_MS").upstreamIdleTimeoutMs).toBe(120_000);
		expect(zero("HUBKIT_STORAGE_QUOTA_BYTES").storageQuotaBytes).toBeUndefined();
		expect(zero("HUBKIT_LLAMA_THREADS").llamaThreads).toBeUndefined();
		expect(zero("HUBKIT_LLAMA_QUEUE").llamaQueue).toBe(0);
		expect(zero("HUBKIT_GC_INTERVAL_MINUTES").gcIntervalMinutes).toBe(0);
		expect(() => zero("HUBKIT_S3_PART_BYTES")).toThrow("HUBKIT_S3_PART_BYTES must be at least 5242880");
	});

	it("refuses every bad value at once, each line naming its variable and what it takes", () => {
		const env = {
			HUBKIT_PORT: "eighty",
			HUBKIT_LOG_FORMAT: "xml",
			HUBKIT_S3_PRESIGN_DOWNLOADS: "maybe",
			DATABASE_URL: "mysql://db",
			HUBKIT_GC_GRACE_MINUTES: "-5",
		};
		expect(() => loadConfig({}, env)).toThrow(
			[
				"HUBKIT_PORT must be a non-negative integer, got eighty",
				"DATABASE_URL must start with postgres:// or postgresql://",
				"HUBKIT_S3_PRESIGN_DOWNLOADS must be 1 or 0 (true or false), got maybe",
				"HUBKIT_GC_GRACE_MINUTES must be a non-negative integer, got -5",
				'HUBKIT_LOG_FORMAT must be text or json, got "xml"',
			].join("\n"),
		);
	});

	it("checks and normalises overrides like the environment's values", () => {
		expect(loadConfig({ publicUrl: "https://hub.example.com/x/" }, {}).publicUrl).toBe("https://hub.example.com/x");
		expect(() => loadConfig({ blobStore: "/var/blobs" }, {})).toThrow(/HUBKIT_BLOB_STORE must be s3:\/\//);
		expect(() => loadConfig({ s3PartBytes: 1024 }, {})).toThrow(/HUBKIT_S3_PART_BYTES must be at least/);
		// An override's number is the value itself, not the variable's meaning of it.
		expect(loadConfig({ maxFilesPerCommit: 0 }, {}).maxFilesPerCommit).toBe(0);
	});
});
