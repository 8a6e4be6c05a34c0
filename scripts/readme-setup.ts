/** Builds the packages and the site before the README commands run (see vitest.config.ts). */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
// @ts-expect-error plain ESM helpers shared with scripts/start.mjs, no type declarations
import { buildWebIfChanged, ROOT } from "./lib/web-build.mjs";

export default async function setup() {
	// The unit tier runs only in-process checks of the scripts, which need neither build.
	if (process.env.HUBKIT_TEST_TIER === "unit") return;
	const tsc = spawnSync(
		process.execPath,
		[join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "packages/tasks", "packages/inference", "packages/hub"],
		{ cwd: ROOT, stdio: "inherit" },
	);
	if (tsc.status !== 0) throw new Error("tsc -b failed");
	await buildWebIfChanged();
}
