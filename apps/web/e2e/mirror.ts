/**
 * Mirrors for the pages that show them (the clone dialog, the administration's list):
 * `hubkit mirror` copies a sample model from the running hub into {@link MIRRORED_MODEL} and
 * {@link EVICTED_MODEL} (which the administration test deletes), as an operator would from
 * huggingface.co.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
// @ts-expect-error plain ESM helpers shared with scripts/start.mjs, no type declarations
import { ROOT } from "../../../scripts/lib/web-build.mjs";

export const MIRROR_SOURCE = "hubkit-demo/tiny-sentiment";
export const MIRRORED_MODEL = "e2e-mirrors/tiny-sentiment";
export const EVICTED_MODEL = "e2e-mirrors/evict-me";

export function mirrorFromItself(dataDir: string, hubUrl: string): void {
	for (const target of [MIRRORED_MODEL, EVICTED_MODEL]) mirror(dataDir, hubUrl, target);
}

function mirror(dataDir: string, hubUrl: string, target: string): void {
	const made = spawnSync(
		process.execPath,
		[
			join(ROOT, "packages/hub/dist/cli.js"),
			"mirror",
			MIRROR_SOURCE,
			"--from",
			hubUrl,
			"--to",
			target,
			"--data",
			dataDir,
		],
		{ encoding: "utf8", env: { ...process.env, DATABASE_URL: "", HF_TOKEN: "" } },
	);
	if (made.status !== 0) throw new Error(`hubkit mirror failed: ${made.stderr}`);
}
