/**
 * The `hf-inference` mapping of a model the hub already holds, decided again from its stored
 * files: what a commit on `main` and the catalogue refresh both do. The runtime's own check
 * (`canRunLocally`) says whether it can run the files; other providers' mappings are kept as
 * they are (the rule: provider-mapping.ts).
 */
import { canRunLocally } from "@hubkit/runtime";
import type { HubDeps } from "../deps.js";
import { storeCandidate } from "../local-inference/store-candidate.js";
import { FileService } from "./files.js";
import { mappingOfRow, mappingRows, mappingsWithLocal } from "./provider-mapping.js";

/** Rewrites the model's mappings when the runtime's answer changed them; true when it did. */
export async function decideLocalMapping(
	deps: Pick<HubDeps, "db" | "blobStore">,
	id: string,
	files = new FileService(deps.db),
): Promise<boolean> {
	const model = await deps.db.selectFrom("models").select("pipeline_tag").where("id", "=", id).executeTakeFirst();
	if (!model) return false;
	const rows = await deps.db
		.selectFrom("provider_mappings")
		.selectAll()
		.where("model_id", "=", id)
		.orderBy("position")
		.execute();
	const current = rows.map(mappingOfRow);
	const candidate = await storeCandidate(deps, { id, pipelineTag: model.pipeline_tag ?? undefined }, files);
	const wanted = mappingsWithLocal(current, await canRunLocally(candidate), id);
	if (JSON.stringify(wanted) === JSON.stringify(current)) return false;
	await deps.db.transaction().execute(async (trx) => {
		await trx.deleteFrom("provider_mappings").where("model_id", "=", id).execute();
		if (wanted.length > 0) await trx.insertInto("provider_mappings").values(mappingRows(id, wanted)).execute();
	});
	return true;
}
