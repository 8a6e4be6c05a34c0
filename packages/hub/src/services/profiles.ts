/**
 * Public profiles: what `/{user}` and `/{org}` show. Anyone may read them; a name
 * that is not a user (or not an organisation) is a 404. `numModels` counts the
 * models the caller would see in `GET /api/models?author={name}`.
 */
import type { Kysely } from "kysely";
import type { Caller } from "../auth/caller.js";
import type { Database } from "../db/schema.js";
import { notFound } from "../errors.js";
import { type Profile, updateProfile } from "./accounts.js";
import { avatarUrl } from "./avatar.js";
import { visibleTo } from "./model-list.js";
import { requireOrganization } from "./organizations.js";

const PROFILE_COLUMNS = [
	"id",
	"name",
	"fullname",
	"bio",
	"github",
	"x",
	"linkedin",
	"bluesky",
	"website",
	"created_at",
	"is_admin",
	"avatar_sha256",
] as const;

async function profileRow(db: Kysely<Database>, name: string, kind: "user" | "org") {
	const row = await db
		.selectFrom("users")
		.select(PROFILE_COLUMNS)
		.where("name", "=", name)
		.where("kind", "=", kind)
		.executeTakeFirst();
	if (!row) throw notFound(`No ${kind === "user" ? "user" : "organization"} named ${JSON.stringify(name)}`);
	return row;
}

async function modelCount(db: Kysely<Database>, author: string, caller: Caller | undefined): Promise<number> {
	const row = await db
		.selectFrom("models")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.where("models.author", "=", author)
		.where(visibleTo(caller))
		.executeTakeFirstOrThrow();
	return Number(row.count);
}

type Row = Awaited<ReturnType<typeof profileRow>>;

function common(row: Row, hubUrl: string) {
	return {
		name: row.name,
		fullname: row.fullname,
		avatarUrl: avatarUrl(hubUrl, row.name, row.avatar_sha256),
		bio: row.bio,
		links: { github: row.github, x: row.x, linkedin: row.linkedin, bluesky: row.bluesky, website: row.website },
		createdAt: row.created_at,
	};
}

/** `GET /api/users/{name}/overview`. */
export async function userOverview(db: Kysely<Database>, hubUrl: string, name: string, caller: Caller | undefined) {
	const row = await profileRow(db, name, "user");
	const orgs = await db
		.selectFrom("org_members")
		.innerJoin("users", "users.id", "org_members.org_id")
		.select(["users.name", "users.fullname", "users.avatar_sha256"])
		.where("org_members.user_id", "=", row.id)
		.orderBy("users.name")
		.execute();
	return {
		type: "user" as const,
		...common(row, hubUrl),
		isAdmin: row.is_admin === 1,
		orgs: orgs.map((org) => ({
			name: org.name,
			fullname: org.fullname,
			avatarUrl: avatarUrl(hubUrl, org.name, org.avatar_sha256),
		})),
		numModels: await modelCount(db, row.name, caller),
	};
}

/** `GET /api/organizations/{name}/overview`. */
export async function orgOverview(db: Kysely<Database>, hubUrl: string, name: string, caller: Caller | undefined) {
	const row = await profileRow(db, name, "org");
	const members = await db
		.selectFrom("org_members")
		.select((eb) => eb.fn.countAll<number | string>().as("count"))
		.where("org_id", "=", row.id)
		.executeTakeFirstOrThrow();
	return {
		type: "org" as const,
		...common(row, hubUrl),
		numMembers: Number(members.count),
		numModels: await modelCount(db, row.name, caller),
	};
}

/** `PUT /api/organizations/{name}/settings`: full name, bio and links, by the organisation's admins. */
export async function updateOrgProfile(
	db: Kysely<Database>,
	caller: Caller | undefined,
	orgName: string,
	profile: Profile,
): Promise<void> {
	const id = await requireOrganization(db, caller, "admin", orgName);
	await updateProfile(db, id, profile);
}
