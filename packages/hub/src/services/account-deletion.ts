/**
 * A person deletes their own account (`DELETE /api/settings/account`). In one
 * transaction: their models (a model is theirs when its `author` or `owner` is
 * their name) with every row that hangs off a model id (tags, apps, provider
 * mappings, refs, commits, and the commits' file lists), the organisations only
 * they belong to (with those organisations' models), their memberships, tokens,
 * sessions and the user row. File contents stay in the blob store: blobs are
 * addressed by content and may be shared with other repositories.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { badRequest, HubError } from "../errors.js";
import { isContested } from "./namespaces.js";
import { deleteOAuthDataOf } from "./oauth-apps.js";

/** Deletes the models of `namespace` and everything keyed by their ids. */
async function deleteModelsOf(trx: Transaction<Database>, namespace: string): Promise<void> {
	const models = await trx
		.selectFrom("models")
		.select("id")
		.where((eb) => eb.or([eb("author", "=", namespace), eb("owner", "=", namespace)]))
		.execute();
	const ids = models.map((model) => model.id);
	if (ids.length === 0) return;
	// Trees may be shared with other repositories: those no commit reaches any more go to the collector.
	await trx.deleteFrom("commit_merge_parents").where("repo_id", "in", ids).execute();
	await trx.deleteFrom("commits").where("repo_id", "in", ids).execute();
	await trx.deleteFrom("commit_aliases").where("repo_id", "in", ids).execute();
	await trx.deleteFrom("mirrored_repos").where("repo_id", "in", ids).execute();
	await trx.deleteFrom("mirrored_refs").where("repo_id", "in", ids).execute();
	await trx.deleteFrom("refs").where("repo_id", "in", ids).execute();
	await trx.deleteFrom("special_refs").where("repo_id", "in", ids).execute();
	await trx.deleteFrom("model_tags").where("model_id", "in", ids).execute();
	await trx.deleteFrom("model_apps").where("model_id", "in", ids).execute();
	await trx.deleteFrom("provider_mappings").where("model_id", "in", ids).execute();
	await trx.deleteFrom("models").where("id", "in", ids).execute();
}

/**
 * 400 when `confirm` is not the user's own name; 409 when they are the last admin of an
 * organisation that has other members (they must hand it over first: the message names it), or
 * when their name or such an organisation's is contested (services/namespaces.ts).
 */
export async function deleteAccount(db: Kysely<Database>, userId: string, confirm: unknown): Promise<void> {
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
			await deleteModelsOf(trx, org.name);
			await trx.deleteFrom("org_members").where("org_id", "=", org.id).execute();
			await trx.deleteFrom("users").where("id", "=", org.id).execute();
		}
		await deleteModelsOf(trx, user.name);
		await trx.deleteFrom("org_members").where("user_id", "=", userId).execute();
		await trx.deleteFrom("access_tokens").where("user_id", "=", userId).execute();
		await deleteOAuthDataOf(trx, userId);
		await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
		await trx.deleteFrom("users").where("id", "=", userId).execute();
	});
}
