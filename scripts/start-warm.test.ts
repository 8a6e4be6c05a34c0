/**
 * `npm start` warms the site before it prints the URL (scripts/lib/site.mjs, warmSite): by then
 * the home page, the scripts it names, a model page and a task page have each been rendered
 * once through the front door, so the first person to open the URL does not pay for the first
 * render of those routes (Next.js loading their server code, the highlighter, the hub's first
 * catalogue queries). Observed in the hub's own request counts (`GET /metrics`), read before
 * anything else asks the hub: the start's readiness checks ask the web server directly, so
 * every page the front door had served at that moment came from the warm-up.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with scripts/start.mjs, no type declarations
import { freePort } from "./lib/site.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The counter's value for one method, route label and status; 0 when the hub has not counted it. */
function requestCount(metrics: string, route: string, status = "200"): number {
	const line = metrics
		.split("\n")
		.find((text) => text.startsWith(`hubkit_http_requests_total{method="GET",route="${route}",status="${status}"}`));
	return line ? Number(line.split(" ").pop()) : 0;
}

it("renders the home page, its scripts, a model page and a task page before printing the URL", async () => {
	const dataDir = mkdtempSync(join(tmpdir(), "hubkit-start-warm-"));
	const port = await freePort();
	const child = spawn(process.execPath, ["scripts/start.mjs", "--port", String(port), "--data", dataDir], {
		cwd: ROOT,
		env: { ...process.env, DATABASE_URL: "", HUBKIT_PUBLIC_URL: "", HUBKIT_METRICS_TOKEN: "" },
	});
	let output = "";
	const url = new Promise<string>((resolve, reject) => {
		const read = (chunk: Buffer) => {
			output += chunk;
			const match = /running at (http:\/\/\S+)/.exec(output);
			if (match?.[1]) resolve(match[1]);
		};
		child.stdout.on("data", read);
		child.stderr.on("data", read);
		child.on("exit", (code) => reject(new Error(`npm start exited (${code}) before printing its URL:\n${output}`)));
	});
	try {
		const metrics = await (await fetch(`${await url}/metrics`)).text();
		// Home, a model page, a task page and at least one of the home page's scripts and styles.
		expect(requestCount(metrics, "(site)"), metrics).toBeGreaterThanOrEqual(4);
		// The model page's own data: rendered, not only its route matched.
		expect(requestCount(metrics, "/api/models/{namespace}/{name}")).toBeGreaterThanOrEqual(1);
		expect(requestCount(metrics, "(site)", "404")).toBe(0);
		expect(requestCount(metrics, "(site)", "500")).toBe(0);
	} finally {
		await new Promise<void>((resolve) => {
			if (child.exitCode !== null || child.signalCode !== null) return resolve();
			child.once("exit", () => resolve());
			child.kill("SIGTERM");
		});
		rmSync(dataDir, { recursive: true, force: true });
	}
});
