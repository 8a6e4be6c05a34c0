/**
 * The sample catalogue `hubkit seed` loads: every model named on a task page of
 * @hubkit/tasks, as a realistic record, plus a few extra records for tests and
 * the local runtime (see extras.ts). Download and like counts are sample numbers.
 */
import type { SeedModel } from "../types.js";
import { audioSpecs } from "./audio.js";
import { model } from "./builders.js";
import { extraModels } from "./extras.js";
import { generationSpecs } from "./generation.js";
import { multimodalSpecs } from "./multimodal.js";
import { tabularSpecs } from "./tabular.js";
import { textSpecs } from "./text.js";
import { visionSpecs } from "./vision.js";

export { CATALOGUE_DATE, CHAT_FORMATS, DEMO_MEDIA_BASE } from "./builders.js";
export { DEMO_AUTHOR } from "./extras.js";

/** A fresh copy of the sample catalogue, in a stable order. */
export function sampleCatalogue(): SeedModel[] {
	const specs = [...textSpecs, ...audioSpecs, ...visionSpecs, ...generationSpecs, ...multimodalSpecs, ...tabularSpecs];
	return [...specs.map(model), ...extraModels()];
}
