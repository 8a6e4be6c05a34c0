/**
 * A person deletes their own account (`DELETE /api/settings/account`). In one
 * transaction: their models and datasets (a repository is theirs when its `author`
 * or `owner` is their name) with every row keyed by them, as deleting a repository
 * deletes them (repo-admin.ts), the organisations only they belong to (with those
 * organisations' repositories), their memberships, tokens,
 * sessions and the user row. File contents stay in the blob store: blobs are
 * addressed by content and may be shared with other repositories.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { badRequest, HubError } from "../errors.js";
import { forgetModelInfo } from "./model-info-cache.js";
import { isContested } from "./namespaces.js";
import { deleteOAuthDataOf } from "./oauth-apps.js";
import { deleteRepoRows } from "./repo-admin.js";
import { repoKey } from "./repos.js";

/**
 * Deletes the repositories of `namespace` (models and datasets, by author or owner) and every row
 * keyed by them; the ids of the models, whose cached info goes once the transaction commits. A
 * name freed here may be taken again: nothing of the old repositories, private ones included, may
 * pass to whoever takes it.
 */
async function deleteReposOf(trx: Transaction<Database>, namespace: string): Promise<string[]> {
	const models = await trx
		.selectFrom("models")
		.select("id")
		.where((eb) => eb.or([eb("author", "=", namespace), eb("owner", "=", namespace)]))
		.execute();
	const datasets = await trx
		.selectFrom("datasets")
		.select("id")
		.where((eb) => eb.or([eb("author", "=", namespace), eb("owner", "=", namespace)]))
		.execute();
	for (const { id } of models) await deleteRepoRows(trx, { type: "model", id, key: repoKey("model", id) });
	for (const { id } of datasets) await deleteRepoRows(trx, { type: "dataset", id, key: repoKey("dataset", id) });
	return models.map((model) => model.id);
}

/**
 * 400 when `confirm` is not the user's own name; 409 when they are the last admin of an
 * organisation that has other members (they must hand it over first: the message names it), or
 * when their name or such an organisation's is contested (services/namespaces.ts).
 */
export async function deleteAccount(db: Kysely<Database>, userId: string, confirm: unknown): Promise<void> {
	const deletedModels: string[] = [];
	await db.transaction().execute(async (trx) => {
		const user = await trx.selectFrom("users").select("name").where("id", "=", userId).executeTakeFirstOrThrow();
		if (confirm !== user.name) {
			throw badRequest(`To delete the account, send {"confirm": "${user.name}"}: its name, exactly`);
		}
		const memberships = await trx
			.selectFrom("org_members")
			.innerJoin("users", "users.id", "org_members.org_id")
			.select(["org_members.org_id", "org_members.role", "users.name"])
			.where("org_members.user_id", "=", userId)
			.execute();
		const soleMemberOrgs: { id: string; name: string }[] = [];
		for (const membership of memberships) {
			const others = await trx
				.selectFrom("org_members")
				.select(["role"])
				.where("org_id", "=", membership.org_id)
				.where("user_id", "!=", userId)
				.execute();
			if (others.length === 0) {
				soleMemberOrgs.push({ id: membership.org_id, name: membership.name });
			} else if (membership.role === "admin" && !others.some((other) => other.role === "admin")) {
				throw new HubError(
					409,
					`You are the last admin of ${membership.name}, which has other members: make one of them an admin first`,
				);
			}
		}
		// A contested namespace holds repositories that may not be the account's: a site admin decides first.
		for (const name of [user.name, ...soleMemberOrgs.map((org) => org.name)]) {
			if (await isContested(trx, name)) {
				throw new HubError(
					409,
					`The name ${name} is contested: a site administrator decides who holds it before the account can be deleted`,
				);
			}
		}
		for (const org of soleMemberOrgs) {
			deletedModels.push(...(await deleteReposOf(trx, org.name)));
			await trx.deleteFrom("org_members").where("org_id", "=", org.id).execute();
			await trx.deleteFrom("users").where("id", "=", org.id).execute();
		}
		deletedModels.push(...(await deleteReposOf(trx, user.name)));
		await trx.deleteFrom("org_members").where("user_id", "=", userId).execute();
		await trx.deleteFrom("access_tokens").where("user_id", "=", userId).execute();
		await deleteOAuthDataOf(trx, userId);
		await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
		await trx.deleteFrom("users").where("id", "=", userId).execute();
	});
	for (const id of deletedModels) forgetModelInfo(db, id);
}
