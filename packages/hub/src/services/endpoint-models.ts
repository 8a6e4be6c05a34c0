/**
 * What the router needs to know of a model the operator sent to an external inference server
 * (router/endpoints.ts): whether the caller may see it (a private model stays private, wherever
 * it runs) and its task. A model the hub does not hold is the endpoint file's to allow.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import type { EndpointModelFacts } from "../router/index.js";
import { canSee } from "./repo-access.js";

export async function endpointModelFacts(
	db: Kysely<Database>,
	id: string,
	caller: Pick<Caller, "userName" | "repos" | "orgs"> | undefined,
): Promise<EndpointModelFacts | undefined> {
	const row = await db
		.selectFrom("models")
		.select(["id", "private", "author", "owner", "pipeline_tag"])
		.where("id", "=", id)
		.executeTakeFirst();
	if (!row) return undefined;
	return { visible: canSee(row, caller), pipelineTag: row.pipeline_tag ?? undefined };
}
