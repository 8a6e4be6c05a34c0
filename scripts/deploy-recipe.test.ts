/**
 * The production recipe (deploy/, docs/deploy.md) cannot run on the build machine — it has no
 * container runtime and reaches no image registry — so it is checked as far as it can be here:
 * the compose file validates with Docker Compose's own parser (Debian's `docker-compose`, which
 * .ci/run installs when missing), the Dockerfile keeps its promises (multi-stage, production
 * dependencies only, an unprivileged user, no install-time downloads), and every environment
 * variable the hub reads is documented for operators.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DEPLOY = join(ROOT, "deploy");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** `docker compose` (the plugin) or Debian's `docker-compose`, whichever answers. */
function composeCommand(): string[] {
	for (const command of [["docker", "compose"], ["docker-compose"]]) {
		const probe = spawnSync(command[0] as string, [...command.slice(1), "version"], { encoding: "utf8" });
		if (probe.status === 0) return command;
	}
	throw new Error(
		"Neither `docker compose` nor `docker-compose` is installed: `apt-get install -y docker-compose` (.ci/run does)",
	);
}

function composeConfig(file: string): { status: number | null; output: string } {
	const [command, ...args] = composeCommand();
	const run = spawnSync(
		command as string,
		[...args, "-f", file, "--env-file", join(DEPLOY, ".env.example"), "config", "-q"],
		{ encoding: "utf8", cwd: DEPLOY },
	);
	return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Every `HUBKIT_*` name the hub's and the site's own source read (tests left out). */
function hubVariables(): string[] {
	const names = new Set<string>();
	const walk = (dir: string) => {
		for (const entry of readdirSync(dir)) {
			const path = join(dir, entry);
			if (statSync(path).isDirectory()) walk(path);
			else if (path.endsWith(".ts") && !path.endsWith(".test.ts")) {
				for (const match of readFileSync(path, "utf8").matchAll(/\bHUBKIT_[A-Z0-9_]*[A-Z0-9]\b/g)) {
					names.add(match[0]);
				}
			}
		}
	};
	walk(join(ROOT, "packages/hub/src"));
	for (const folder of ["app", "components", "lib"]) walk(join(ROOT, "apps/web", folder));
	// The crash tests' hook (HUBKIT_TEST_EXIT_AT) is not an operator's setting.
	return [...names].filter((name) => !name.startsWith("HUBKIT_TEST_")).sort();
}

describe("deploy/compose.yaml", () => {
	const scratch = mkdtempSync(join(tmpdir(), "hubkit-compose-"));
	afterAll(() => rmSync(scratch, { recursive: true, force: true }));

	it("is a valid Compose file, as Docker Compose itself parses it", () => {
		const result = composeConfig(join(DEPLOY, "compose.yaml"));
		expect(result.output).toBe("");
		expect(result.status).toBe(0);
	});

	it("the check can fail: a broken copy is refused with the reason", () => {
		const broken = read("deploy/compose.yaml").replace("replicas: 2", "replicas: two");
		const file = join(scratch, "compose.yaml");
		writeFileSync(file, broken);
		const result = composeConfig(file);
		expect(result.status).not.toBe(0);
		expect(result.output).toMatch(/replicas/);
	});

	it("runs two hubs and two site processes behind one balancer, on PostgreSQL and an S3 store", () => {
		const compose = read("deploy/compose.yaml");
		for (const service of ["postgres:", "minio:", "hub:", "web:", "balancer:", "vllm:"]) {
			expect(compose).toContain(`\n  ${service}`);
		}
		expect(compose.match(/replicas: 2/g)?.length).toBe(2);
		expect(compose).toContain("DATABASE_URL: postgres://");
		expect(compose).toContain("HUBKIT_BLOB_STORE: s3://");
		expect(compose).toMatch(/profiles: \["vllm"\]/);
	});

	it("sets only variables the hub reads", () => {
		const known = new Set(hubVariables());
		const used = [...read("deploy/compose.yaml").matchAll(/\b(HUBKIT_[A-Z0-9_]+):/g)].map((match) => match[1]);
		expect(used.length).toBeGreaterThan(3);
		expect(used.filter((name) => !known.has(name as string))).toEqual([]);
	});
});

describe("deploy/endpoints.yaml", () => {
	it("is a file the hub accepts, naming the vLLM service", async () => {
		const { loadEndpoints } = await import("../packages/hub/dist/router/endpoints.js");
		expect(() => loadEndpoints(join(DEPLOY, "endpoints.yaml"), { VLLM_API_KEY: "a-key" })).not.toThrow();
		// Without the key's variable the hub refuses to start, and says which.
		expect(() => loadEndpoints(join(DEPLOY, "endpoints.yaml"), {})).toThrow(/VLLM_API_KEY/);
	});
});

describe("deploy/Dockerfile", () => {
	const dockerfile = read("deploy/Dockerfile");
	const stages = dockerfile.split(/^FROM /m).slice(1);

	it("builds in stages and ships production dependencies only", () => {
		expect(stages.length).toBeGreaterThanOrEqual(3);
		expect(dockerfile).toContain("npm ci --omit=dev");
		expect(dockerfile).toMatch(/ONNXRUNTIME_NODE_INSTALL=skip/);
	});

	it("runs as an unprivileged user", () => {
		const last = stages.at(-1) ?? "";
		const user = /^USER (\S+)/m.exec(last)?.[1];
		expect(user).toBeDefined();
		expect(["root", "0"]).not.toContain(user);
	});

	it("copies only what exists in a clean checkout", () => {
		for (const match of dockerfile.matchAll(/^COPY (?!--from)(.+) (\S+)$/gm)) {
			for (const source of (match[1] as string).split(" ")) {
				expect(() => statSync(join(ROOT, source)), source).not.toThrow();
			}
		}
	});
});

describe("docs/deploy.md", () => {
	const docs = read("docs/deploy.md");

	it("documents every HUBKIT_ variable the hub reads", () => {
		// A family documented as `HUBKIT_PROVIDER_KEY_<PROVIDER>` covers HUBKIT_PROVIDER_KEY_TOGETHER.
		const documented = (name: string) =>
			docs.includes(name) ||
			[...name.matchAll(/_/g)].some((underscore) => docs.includes(`${name.slice(0, (underscore.index ?? 0) + 1)}<`));
		const missing = hubVariables().filter((name) => !documented(name));
		expect(missing, `add these to docs/deploy.md's configuration table: ${missing.join(", ")}`).toEqual([]);
	});

	it("covers what an operator needs: configuration, backup and restore, upgrades, sizing", () => {
		for (const heading of ["## Configuration", "## Backup and restore", "## Upgrading", "## Sizing"]) {
			expect(docs).toContain(heading);
		}
	});
});
