/**
 * Mirrors for the pages that show them (the clone dialog, the administration's list):
 * `hubkit mirror` copies a sample model from the running hub into {@link MIRRORED_MODEL} and
 * {@link EVICTED_MODEL} (which the administration test deletes), as an operator would from
 * huggingface.co. {@link SHADOWED_MODEL} is recorded as a read the caching mirror kept local, as
 * it does when an account here holds the namespace of a repository it does not have.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { HubDeps } from "@hubkit/hub";
// @ts-expect-error plain ESM helpers shared with scripts/start.mjs, no type declarations
import { ROOT } from "../../../scripts/lib/web-build.mjs";

export const MIRROR_SOURCE = "hubkit-demo/tiny-sentiment";
export const MIRRORED_MODEL = "e2e-mirrors/tiny-sentiment";
export const EVICTED_MODEL = "e2e-mirrors/evict-me";
export const SHADOWED_MODEL = "e2e-local/upstream-only";

/** Two reads of {@link SHADOWED_MODEL} not sent upstream (services/mirror-shadowed.ts writes these rows). */
export async function recordShadowedReads(deps: Pick<HubDeps, "db">): Promise<void> {
	const at = new Date().toISOString();
	await deps.db
		.insertInto("mirror_shadowed_reads")
		.values({ repo_id: SHADOWED_MODEL, reads: 2, first_read_at: at, last_read_at: at })
		.execute();
}

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
