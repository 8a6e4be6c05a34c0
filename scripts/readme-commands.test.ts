/**
 * Every command the root README and packages/hub/README.md quote works as written
 * from a clone. The commands are read from the READMEs themselves (shell code
 * blocks, and inline code that starts with npm, npx, node or curl); each one is
 * either run here — with a temporary data directory (HUBKIT_DATA_DIR) and free
 * loopback ports in place of 8787 — or listed in NOT_RUN with the reason. A new
 * command in a README fails the first test until it is one or the other.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with scripts/start.mjs, no type declarations
import { freePort } from "./lib/site.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const READMES = ["README.md", "packages/hub/README.md"];

/** Quoted commands that are deliberately not run, and why. */
const NOT_RUN: Record<string, string> = {
	"npm install && npm start": "npm install is CI's own first step (.ci/run); npm start is run below",
	"npm test": "it is the command that runs this test",
	"npm run test:unit":
		"the fast tier: a subset of the tests npm test runs (scripts/test-tiers.test.ts checks how it is chosen)",
	"npx vitest run --project hub": "a test runner: npm test runs the same tests",
	"npm run check": "npm test runs it before any test",
	"npm run format": "it rewrites the repository's files",
	"npm run bench": "benchmarks take minutes and want a quiet machine (bench/README.md)",
	"node scripts/make-demo-assets.mjs": "it rewrites the demo assets in the repository and needs espeak-ng",
	"npm install": "CI's own first step (.ci/run)",
	"node packages/hub/scripts/api-reference.mjs":
		"it rewrites the README's API route reference: packages/hub/test/api-reference.test.ts checks the committed reference is what it writes",
	"npm run hubkit -- <command>": "a pattern: every hubkit command quoted is run below",
	"npm run -s hubkit -- …": "a pattern: run below as TOKEN=$(npm run -s hubkit -- token create --user you)",
	"npm run catalogue -- <tag>": "a pattern: run below with token-classification, the README's own example",
	"npm run hubkit -- …": "a pattern: every hubkit command quoted is run below",
	"node packages/hub/dist/cli.js": "what npm run hubkit runs: every hubkit command quoted is run through it below",
	"DATABASE_URL=postgres://hub@db.internal/hub npm run -s hubkit -- migrate --from sqlite:.hubkit":
		"needs a PostgreSQL server at that address: packages/hub/test/migrate-cli.test.ts runs the same command against a real one",
	"DATABASE_URL=postgres://hub@db.internal/hub npm run -s hubkit -- serve --data .hubkit":
		"needs that PostgreSQL server: the hub suites run hubkit serve with DATABASE_URL against a real one",
	"npm run -s hubkit -- namespaces":
		"lists contested names, which only a data directory from before migration 0015 has: packages/hub/test/namespace-conflicts.test.ts runs it on one",
	"npm run -s hubkit -- namespaces grant google google":
		"needs a contested google: packages/hub/test/namespace-conflicts.test.ts runs the same command on a data directory where the hole was used",
	"npm run -s hubkit -- namespaces keep google --rename-account google-person":
		"needs a contested google: packages/hub/test/namespace-conflicts.test.ts runs keep --rename-account on one",
};

/** The quoted commands the tests below run (kept in step by the first and last tests). */
const EXPECTED_RUN = new Set([
	"npm run build",
	"npm run catalogue",
	"npm run catalogue -- token-classification",
	"npm run hubkit -- seed",
	"npm run hubkit -- seed --synthetic 100000 [--seed 1]",
	"npm run hubkit -- token create --user NAME [--role read|write] [--name LABEL]",
	"npm run hubkit -- token list --user NAME",
	"npm run hubkit -- token revoke ID",
	"TOKEN=$(npm run -s hubkit -- token create --user you)",
	"npm run hubkit -- token create --user you",
	"npm run hubkit -- serve [--port 8787] [--host 127.0.0.1] [--data .hubkit]",
	"npm start",
	"npm start -- --port 9000",
	'curl -X POST http://127.0.0.1:8787/hf-inference/models/hubkit-demo/tiny-sentiment -H "Content-Type: application/json" -d \'{"inputs": "a wonderful film"}\'',
	`printf '%s\\n' "$ADMIN_PASSWORD" | npm run -s hubkit -- user create root --email root@example.com --password-stdin --admin`,
	"npm run -s hubkit -- user list",
	"npm run -s hubkit -- user disable NAME",
	"npm run -s hubkit -- oauth-app create --name Notebook --redirect-uri https://notebook.example/callback",
	"npm run -s hubkit -- oauth-app create --name Space --redirect-uri http://127.0.0.1:5173/ --public",
	"npm run -s hubkit -- oauth-app list",
	"npm run -s hubkit -- oauth-app delete CLIENT_ID",
	`printf '%s\\n' "$NEW" | npm run -s hubkit -- user reset-password NAME --password-stdin`,
]);

/** The quoted commands the tests below ran, checked against EXPECTED_RUN at the end. */
const ran = new Set<string>();

function quotedCommands(): string[] {
	const commands: string[] = [];
	for (const file of READMES) {
		// The write API's examples are one script, run in order by their own test below.
		const text = withoutWriteApi(readFileSync(join(ROOT, file), "utf8"));
		for (const block of text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)) {
			for (const line of (block[1] ?? "").split("\n")) {
				const command = line.replace(/\s+#.*$/, "").trim();
				if (command) commands.push(command);
			}
		}
		const prose = text.replace(/```[\s\S]*?```/g, "");
		for (const span of prose.matchAll(/`([^`]+)`/g)) {
			const command = (span[1] ?? "").replace(/\s+/g, " ").trim();
			if (/^(?:[A-Z_]+=\$\()?(?:npm|npx|node|curl) /.test(command)) commands.push(command);
		}
	}
	return [...new Set(commands)];
}

const WRITE_API_SECTION = /\n## Write API\n[\s\S]*?(?=\n## )/;

function withoutWriteApi(text: string): string {
	return text.replace(WRITE_API_SECTION, "\n");
}

/** The shell blocks of the hub README's "Write API" section, in order. */
function writeApiBlocks(): string[] {
	const section = WRITE_API_SECTION.exec(readFileSync(join(ROOT, "packages/hub/README.md"), "utf8"))?.[0] ?? "";
	return [...section.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((block) => block[1] ?? "");
}

interface Result {
	status: number | null;
	stdout: string;
	stderr: string;
}

const dataDir = mkdtempSync(join(tmpdir(), "hubkit-readme-"));
/** No inherited database or public URL: the commands must work from a plain shell. */
const ENV = { ...process.env, HUBKIT_DATA_DIR: dataDir, DATABASE_URL: "", HUBKIT_PUBLIC_URL: "", HF_TOKEN: "" };

/** Runs `command` with bash from the repository root, as a person would type it. */
function sh(quoted: string, command = quoted, env: Record<string, string> = {}): Result {
	ran.add(quoted);
	const result = spawnSync("bash", ["-c", command], {
		cwd: ROOT,
		env: { ...ENV, ...env },
		encoding: "utf8",
		timeout: 300_000,
	});
	return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Background {
	child: ChildProcess;
	output: () => string;
	url: Promise<string>;
	stop(): Promise<void>;
}

/** Starts a long-running command in its own process group and resolves its URL from the line it prints. */
function background(quoted: string, command: string, urlLine: RegExp): Background {
	ran.add(quoted);
	const child = spawn("bash", ["-c", command], { cwd: ROOT, env: ENV, detached: true });
	let output = "";
	const url = new Promise<string>((resolve, reject) => {
		const read = (chunk: Buffer) => {
			output += chunk;
			const match = urlLine.exec(output);
			if (match?.[1]) resolve(match[1]);
		};
		child.stdout?.on("data", read);
		child.stderr?.on("data", read);
		child.on("exit", (code) => reject(new Error(`${command} exited (${code}) before printing its URL:\n${output}`)));
	});
	const stop = () =>
		new Promise<void>((resolve) => {
			if (child.exitCode !== null || child.signalCode !== null) return resolve();
			child.once("exit", () => resolve());
			// The whole group: npm, the shell and the node processes under it.
			process.kill(-(child.pid as number), "SIGTERM");
		});
	return { child, output: () => output, url, stop };
}

/** The token `token create` printed and the id it named on stderr. */
function created(result: Result): { token: string; id: string } {
	const token = result.stdout.match(/hf_[A-Za-z0-9]+/)?.[0] ?? "";
	const id = result.stderr.match(/Token (\S+) for/)?.[1] ?? "";
	return { token, id };
}

afterAll(() => {
	rmSync(dataDir, { recursive: true, force: true });
});

describe("README commands", () => {
	it("are each run by this test or listed as not run, with a reason", () => {
		const quoted = quotedCommands();
		expect(quoted.length).toBeGreaterThan(15);
		const planned = new Set([...Object.keys(NOT_RUN), ...EXPECTED_RUN]);
		expect(quoted.filter((command) => !planned.has(command))).toEqual([]);
		// No stale entries: everything listed is still quoted somewhere.
		expect([...planned].filter((command) => !quoted.includes(command))).toEqual([]);
	});

	it("npm run build, npm run catalogue (all, and one task)", () => {
		expect(sh("npm run build").status).toBe(0);
		const all = sh("npm run catalogue");
		expect(all.status, all.stderr).toBe(0);
		expect(all.stdout).toMatch(/Hubkit task catalogue: \d+ pipeline tags/);
		const one = sh("npm run catalogue -- token-classification");
		expect(one.status, one.stderr).toBe(0);
		expect(one.stdout).toContain("Token Classification (token-classification)");
	});

	it("hubkit seed, and seed --synthetic (a few hundred models, not 100,000)", () => {
		const seed = sh("npm run hubkit -- seed");
		expect(seed.status, seed.stderr).toBe(0);
		expect(`${seed.stdout}${seed.stderr}`).toMatch(/Seeding the sample catalogue/);
		const synthetic = sh(
			"npm run hubkit -- seed --synthetic 100000 [--seed 1]",
			"npm run hubkit -- seed --synthetic 300 --seed 1",
		);
		expect(synthetic.status, synthetic.stderr).toBe(0);
	});

	it("hubkit token create, list and revoke; TOKEN=$(npm run -s hubkit -- …) holds the token alone", () => {
		const made = sh(
			"npm run hubkit -- token create --user NAME [--role read|write] [--name LABEL]",
			"npm run hubkit -- token create --user readme-user --role write --name readme",
		);
		expect(made.status, made.stderr).toBe(0);
		const { token, id } = created(made);
		expect(token).toMatch(/^hf_/);
		const listed = sh("npm run hubkit -- token list --user NAME", "npm run hubkit -- token list --user readme-user");
		expect(listed.status, listed.stderr).toBe(0);
		expect(listed.stdout).toContain(id);
		expect(listed.stdout).toContain("readme");
		expect(listed.stdout).not.toContain(token);
		const revoked = sh("npm run hubkit -- token revoke ID", `npm run hubkit -- token revoke ${id}`);
		expect(revoked.status, revoked.stderr).toBe(0);

		const captured = sh(
			"TOKEN=$(npm run -s hubkit -- token create --user you)",
			'TOKEN=$(npm run -s hubkit -- token create --user you) && printf "%s" "$TOKEN"',
		);
		expect(captured.status, captured.stderr).toBe(0);
		expect(captured.stdout).toMatch(/^hf_[A-Za-z0-9]+$/);
		expect(sh("npm run hubkit -- token create --user you").status).toBe(0);
	});

	it("hubkit user create (the first administrator), list, reset-password and disable, passwords from stdin", () => {
		const password = { ADMIN_PASSWORD: "readme admin password", NEW: "another readme password" };
		const create = `printf '%s\\n' "$ADMIN_PASSWORD" | npm run -s hubkit -- user create root --email root@example.com --password-stdin --admin`;
		const made = sh(create, create, password);
		expect(made.status, made.stderr).toBe(0);
		const listed = sh("npm run -s hubkit -- user list");
		expect(listed.status, listed.stderr).toBe(0);
		expect(listed.stdout).toMatch(/^root\s+root@example\.com\s+yes/m);
		expect(listed.stdout + listed.stderr).not.toContain(password.ADMIN_PASSWORD);
		const reset = `printf '%s\\n' "$NEW" | npm run -s hubkit -- user reset-password NAME --password-stdin`;
		const changed = sh(reset, reset.replace("NAME", "root"), password);
		expect(changed.status, changed.stderr).toBe(0);
		const disabled = sh("npm run -s hubkit -- user disable NAME", "npm run -s hubkit -- user disable root");
		expect(disabled.status, disabled.stderr).toBe(0);
		expect(sh("npm run -s hubkit -- user list").stdout).toMatch(/^root\s.*disabled/m);
	});

	it("hubkit oauth-app create (confidential: the secret printed once; --public: none), list and delete", () => {
		const confidential = sh(
			"npm run -s hubkit -- oauth-app create --name Notebook --redirect-uri https://notebook.example/callback",
		);
		expect(confidential.status, confidential.stderr).toBe(0);
		expect(confidential.stdout).toMatch(/^client_id=[0-9a-f-]{36}\nclient_secret=hfs_\S+\n$/);
		const open = sh(
			"npm run -s hubkit -- oauth-app create --name Space --redirect-uri http://127.0.0.1:5173/ --public",
		);
		expect(open.status, open.stderr).toBe(0);
		expect(open.stdout).toMatch(/^client_id=[0-9a-f-]{36}\n$/);
		const listed = sh("npm run -s hubkit -- oauth-app list");
		expect(listed.stdout).toMatch(/Notebook\s+confidential\s+operator\s+https:\/\/notebook\.example\/callback/);
		expect(listed.stdout).not.toContain("hfs_");
		const clientId = /^client_id=(\S+)$/m.exec(open.stdout)?.[1] ?? "";
		const deleted = sh(
			"npm run -s hubkit -- oauth-app delete CLIENT_ID",
			`npm run -s hubkit -- oauth-app delete ${clientId}`,
		);
		expect(deleted.status, deleted.stderr).toBe(0);
		expect(sh("npm run -s hubkit -- oauth-app list").stdout).not.toContain("Space");
	});

	it("hubkit serve [--port] [--host] [--data] answers the API, and stops on SIGTERM", async () => {
		const port = await freePort();
		const serve = background(
			"npm run hubkit -- serve [--port 8787] [--host 127.0.0.1] [--data .hubkit]",
			`npm run hubkit -- serve --port ${port} --host 127.0.0.1 --data ${dataDir}`,
			/listening on (http:\/\/\S+)/,
		);
		try {
			const url = await serve.url;
			expect(url).toBe(`http://127.0.0.1:${port}`);
			expect((await fetch(`${url}/readyz`)).status).toBe(200);
			const tasks = await fetch(`${url}/api/tasks`);
			expect(tasks.headers.get("content-type")).toContain("application/json");
		} finally {
			await serve.stop();
		}
	});

	it("npm start -- --port N serves pages and the API from one URL; the README's curl works there", async () => {
		const port = await freePort();
		const start = background("npm start -- --port 9000", `npm start -- --port ${port}`, /running at (http:\/\/\S+)/);
		ran.add("npm start");
		try {
			const url = await start.url;
			expect(url).toBe(`http://127.0.0.1:${port}`);
			const home = await fetch(`${url}/`);
			expect(home.status).toBe(200);
			expect(home.headers.get("content-type")).toContain("text/html");
			const tasks = await fetch(`${url}/api/tasks`);
			expect(tasks.headers.get("content-type")).toContain("application/json");
			expect(Object.keys((await tasks.json()) as object)).toContain("text-classification");

			// The curl line as quoted, with this hub's port: anonymous, then with a token.
			const curl = quotedCommands().find((command) => command.startsWith("curl -X POST")) as string;
			expect(curl).toContain("http://127.0.0.1:8787/hf-inference/models/hubkit-demo/tiny-sentiment");
			const here = curl.replace("http://127.0.0.1:8787", url);
			const anonymous = sh(curl, `${here} --fail-with-body --silent`);
			expect(anonymous.status, anonymous.stdout).toBe(0);
			// One list of labels per input, as hf-inference answers text classification.
			expect(JSON.parse(anonymous.stdout)[0]).toEqual(
				expect.arrayContaining([expect.objectContaining({ label: "POSITIVE", score: expect.any(Number) })]),
			);
			const { token } = created(sh("npm run hubkit -- token create --user you"));
			const authorised = sh(
				curl,
				`${here} -H "Authorization: Bearer $HF_TOKEN" --fail-with-body --silent --write-out ' %{http_code}'`,
				{ HF_TOKEN: token },
			);
			expect(authorised.stdout.endsWith(" 200")).toBe(true);
		} finally {
			await start.stop();
		}
		// Stopped: nothing answers on the port any more (the processes under npm exit as they finish).
		const answering = () =>
			fetch(`http://127.0.0.1:${port}/`).then(
				() => "answering",
				() => "stopped",
			);
		await expect.poll(answering, { timeout: 30_000, interval: 250 }).toBe("stopped");
	});

	it("the Write API examples run as written, in order, against a served hub (every curl must answer 2xx)", async () => {
		const blocks = writeApiBlocks();
		expect(blocks.length).toBeGreaterThan(5);
		const port = await freePort();
		const serve = background(
			"hubkit serve (write API examples)",
			`npm run -s hubkit -- serve --port ${port} --host 127.0.0.1 --data ${dataDir}`,
			/listening on (http:\/\/\S+)/,
		);
		try {
			const hub = await serve.url;
			// Every curl fails the script on an HTTP error, as a person would notice one.
			const script = [
				"set -euo pipefail",
				'curl() { command curl --fail --silent --show-error "$@"; }',
				...blocks,
			].join("\n");
			// The section's first block makes $TOKEN itself.
			const result = sh("write API examples", script, { HUB: hub });
			expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
		} finally {
			await serve.stop();
		}
	});

	it("ran every command it planned to run", () => {
		expect([...EXPECTED_RUN].filter((command) => !ran.has(command))).toEqual([]);
	});
});
