#!/usr/bin/env node
/**
 * `npm start`: build what changed, then run the hub and the site behind one URL.
 *   1. `tsc -b` the packages (incremental: nothing to do when nothing changed);
 *   2. `next build` the site only when its inputs changed (scripts/lib/web-build.mjs);
 *   3. start the hub (`hubkit serve`, with every flag given here: `npm start -- --port 9000`)
 *      and the site on an internal port, wait for the hub's /readyz and the site,
 *   4. warm the site (the first renders of the home, a model and a task page: lib/site.mjs),
 *   5. print the one URL to open. Ctrl-C or SIGTERM stops both.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startSite } from "./lib/site.mjs";
import { buildWebIfChanged, ROOT } from "./lib/web-build.mjs";

const hubArgs = process.argv.slice(2);
const { values } = parseArgs({
	args: hubArgs,
	options: { port: { type: "string" }, host: { type: "string" }, data: { type: "string" } },
	strict: false,
});
const hubPort = Number(values.port ?? process.env.HUBKIT_PORT ?? 8787);
const host = String(values.host ?? process.env.HUBKIT_HOST ?? "127.0.0.1");

const tsc = spawnSync(
	process.execPath,
	[
		join(ROOT, "node_modules/typescript/bin/tsc"),
		"-b",
		"packages/tasks",
		"packages/inference",
		"packages/runtime",
		"packages/hub",
	],
	{ cwd: ROOT, stdio: "inherit" },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

try {
	await buildWebIfChanged({ log: (line) => console.log(line) });
} catch (error) {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
}

let site;
try {
	site = await startSite({
		hubPort,
		host,
		hubArgs,
		webPort: process.env.HUBKIT_WEB_PORT ? Number(process.env.HUBKIT_WEB_PORT) : undefined,
	});
} catch (error) {
	console.error(`Hubkit did not start: ${error instanceof Error ? error.message : error}`);
	process.exit(1);
}
console.log(`Hubkit is running at ${site.url}`);
site.stream((text) => process.stdout.write(text));

let stopping = false;
const shutdown = async (code) => {
	if (stopping) return;
	stopping = true;
	await site.stop();
	process.exit(code);
};
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
site.exited.then(({ label, code, signal }) => {
	if (stopping) return;
	console.error(`The ${label} process stopped (${signal ?? code}); stopping Hubkit.`);
	shutdown(code || 1);
});
