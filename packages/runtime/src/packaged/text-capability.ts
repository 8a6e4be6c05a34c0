/**
 * canRunLocally's look at a packaged text model (capability.ts): the repository's
 * hubkit.json names one of text-packages.ts's models, the model's pipeline tag is
 * the task that model serves, and every package it loads is installed here.
 * Nothing is imported: this runs on the hub's event loop (the seed loader).
 */
import type { LocalCandidate, LocalCapability } from "../capability.js";
import { candidateManifest, MANIFEST_PATH, packageInstalled } from "./manifest.js";
import { packagedModel } from "./text-packages.js";

/** The verdict on a packaged text model; undefined when the model is not one (another engine decides). */
export async function packagedTextCapability(model: LocalCandidate): Promise<LocalCapability | undefined> {
	const manifest = await candidateManifest(model);
	const definition = manifest && packagedModel(manifest.engine);
	if (!definition) return undefined;
	const refuse = (reason: string): LocalCapability => ({ ok: false, reason: `Model ${model.id}: ${reason}` });
	if (model.pipelineTag !== definition.task) {
		return refuse(
			`its ${MANIFEST_PATH} names a ${definition.task} model, but its pipeline tag is ${model.pipelineTag}`,
		);
	}
	for (const path of definition.files ?? []) {
		const file = await model.files.file(path);
		if (!file) return refuse(`it has no ${path}`);
		if (!file.real) return refuse(`${path} is a sample placeholder, not the real file`);
	}
	const missing = definition.packages.filter((name) => !packageInstalled(name));
	if (missing.length > 0) return refuse(`it needs the npm package ${missing.join(", ")}, which is not installed`);
	return { ok: true, task: definition.task };
}
