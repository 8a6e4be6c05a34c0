/**
 * The sample catalogue `hubkit seed` loads: every model named on a task page of
 * @hubkit/tasks, as a realistic record, plus a few demo records for tests and
 * the local runtime. The records are data (data/*.json, read and checked by
 * read-specs.ts); the builders beside this file turn each into a full record.
 * Download and like counts are sample numbers.
 */
import type { SeedModel } from "../types.js";
import { clinicalNer } from "./clinical-ner.js";
import { tinySentiment } from "./local-models.js";
import { model } from "./model.js";
import { packagedMediaModels } from "./packaged-media-models.js";
import { packagedModels } from "./packaged-models.js";
import { readSpecs } from "./read-specs.js";
import { staticEmbeddings } from "./static-embeddings.js";

export { CHAT_FORMATS } from "./chat-formats.js";
export { DEMO_AUTHOR } from "./demo-models.js";
export { CATALOGUE_DATE } from "./numbers.js";
export { DEMO_MEDIA_BASE } from "./widgets.js";

/** A fresh copy of the sample catalogue, in a stable order: the data files' records, then the generated models. */
export function sampleCatalogue(): SeedModel[] {
	return [
		...readSpecs().map((spec) => model(spec)),
		clinicalNer(),
		tinySentiment(),
		...packagedModels(),
		...staticEmbeddings(),
		...packagedMediaModels(),
	];
}
