/**
 * Row types of every table, for Kysely. Both engines store the same values:
 * booleans as 0/1 integers, JSON as text, timestamps as ISO 8601 text, so a
 * query never needs to know which engine runs it. See README.md in this folder.
 */
import type { Generated } from "kysely";

export interface ModelsTable {
	/** `author/name`. */
	id: string;
	author: string;
	name: string;
	pipeline_tag: string | null;
	library_name: string | null;
	/** 0 or 1. */
	private: number;
	/** null (not gated), "auto" or "manual". */
	gated: string | null;
	downloads: number;
	likes: number;
	trending_score: number;
	created_at: string;
	last_modified: string;
	/** Head commit of `main`. */
	sha: string;
	/** JSON array of strings (also exploded into model_tags for filtering). */
	tags: string;
	/** JSON object or null. */
	config: string | null;
	card_data: string | null;
	widget_data: string | null;
	transformers_info: string | null;
	/** User name of the owner; null for seeded public models. */
	owner: string | null;
	/** Sum of the file sizes at the head of `main` (`sort=mainSize`): written together with `sha`. */
	main_size: number;
	/** Parameter count from the weights' headers (safetensors, else GGUF) or the metadata (`config.gguf.total`); null when none says. */
	num_parameters: number | null;
	/** JSON `{parameters: {<dtype>: n}, total}` from the safetensors headers of `main`, or null (migration 0019). */
	safetensors: string | null;
	/** JSON `{total, architecture, context_length, chat_template, bos_token, eos_token, quantization}` from a GGUF header, or null (migration 0019). */
	gguf: string | null;
}

export interface ModelTagsTable {
	model_id: string;
	tag: string;
}

/**
 * The local apps (`LOCAL_APPS` keys of @hubkit/tasks) that can run a model, one
 * row each, worked out when the model's record is written (`apps=` filter).
 */
export interface ModelAppsTable {
	model_id: string;
	app: string;
}

export interface ProviderMappingsTable {
	model_id: string;
	/** Preference order, from 0: the first entry is what the `auto` policy picks. */
	position: number;
	provider: string;
	provider_id: string;
	task: string;
	/** "live" or "staging". */
	status: string;
	adapter: string | null;
	adapter_weights_path: string | null;
}

export interface CommitsTable {
	/** The repo key (services/repos.ts): the id for a model, `datasets/{id}` for a dataset. */
	repo_id: string;
	/** 40 lowercase hex. */
	sha: string;
	parent_sha: string | null;
	message: string;
	created_at: string;
	/** User name of who made it; null for seeded history. */
	author?: string | null;
	/** Git tree id of the root directory (`trees`); migration 0017 fills it for older commits. */
	tree_oid: string;
	/**
	 * Base64 of the git commit object (storage/commit-objects.ts) whose git id is `sha`; migration
	 * 0023 wrote it for older commits (and gave them their git ids).
	 */
	git_object: string;
}

/** A commit id from before migration 0023 and the git id it became, so cached revisions still resolve. */
export interface CommitAliasesTable {
	/** The repo key. */
	repo_id: string;
	old_sha: string;
	new_sha: string;
}

/**
 * A repository that mirrors one on another hub (migration 0025): its commits keep the upstream's
 * ids and it takes no writes.
 */
export interface MirroredReposTable {
	/** The repo key. */
	repo_id: string;
	/** The upstream hub's base URL, e.g. https://huggingface.co. */
	upstream: string;
	/** The repository's id there (`owner/name`). */
	upstream_id: string;
	/** The upstream commit last mirrored (the head of `main` here); null before the first. */
	upstream_sha: string | null;
	created_at: string;
	/** When the upstream was last read for it. */
	refreshed_at: string;
}

/** A branch or tag a mirror holds besides `main` (migration 0027). */
export interface MirroredRefsTable {
	/** The repo key. */
	repo_id: string;
	/** A branch, a tag, or a special ref (`special_refs`: a pull request's head or a conversion). */
	kind: "branch" | "tag" | "pr" | "convert";
	name: string;
	/** The upstream commit the ref named when last read: the local ref's commit. */
	upstream_sha: string;
	/** When the upstream was last asked for it. */
	refreshed_at: string;
}

/**
 * A read the caching mirror did not send upstream (migration 0028): an account or organisation
 * holds the namespace here and the hub has no such repository. The most recently read are kept.
 */
export interface MirrorShadowedReadsTable {
	/** The repo key. */
	repo_id: string;
	reads: number;
	first_read_at: string;
	last_read_at: string;
}

/**
 * A blob the caching mirror holds the bytes of (migration 0026): fetched from an upstream or
 * copied by `hubkit mirror`, evicted least recently used first past `HUBKIT_MIRROR_MAX_BYTES`
 * (services/mirror-cache.ts). Its `blobs` row stays when it is evicted.
 */
export interface MirrorBlobUsesTable {
	sha256: string;
	size: number;
	/** ISO time of its last download here (to within a minute for a blob asked for over and over). */
	last_used_at: string;
}

/**
 * A merge's second and later parents (`position` from 1); the first is `commits.parent_sha`,
 * which every history walk follows.
 */
export interface CommitMergeParentsTable {
	repo_id: string;
	commit_sha: string;
	position: number;
	parent_sha: string;
}

export interface RefsTable {
	repo_id: string;
	/** Branch name, e.g. `main`. */
	name: string;
	commit_sha: string;
}

/**
 * One directory's content, stored once by its git tree id and shared by every commit and
 * repository that holds the same directory (services/trees.ts).
 */
export interface TreesTable {
	oid: string;
	entry_count: number;
}

export interface TreeEntriesTable {
	tree_oid: string;
	name: string;
	/** Git's mode: "100644" file, "100755" executable, "120000" symbolic link, "40000" directory. */
	mode: string;
	/** Git blob id (for an LFS file, of its pointer) or, for a directory, its tree id. */
	object_oid: string;
	/** Files: the content's sha256 (the blob store's key); null for a directory. */
	blob_sha256: string | null;
	/** Files: the size the repository lists; null for a directory. */
	size: number | null;
	/** 0 or 1: an LFS file (its pointer is what git holds). */
	lfs: number;
}

export interface BlobsTable {
	sha256: string;
	size: number;
}

export interface UsersTable {
	/** 24 hex characters, made by the app (no engine-specific auto-increment). */
	id: string;
	name: string;
	fullname: string;
	/** Lowercased; unique when set. */
	email: string | null;
	created_at: string;
	/** "user" or "org": one table, so users and organisations share one namespace. */
	kind: Generated<string>;
	/** `scrypt$…` (auth/passwords.ts); null for a user made by `hubkit token create` or an organisation. */
	password_hash: string | null;
	bio: string | null;
	/** Profile links, each an http(s) URL. */
	github: string | null;
	x: string | null;
	linkedin: string | null;
	bluesky: string | null;
	website: string | null;
	/** 0 or 1. */
	is_admin: Generated<number>;
	/** 0 or 1: a disabled user's sessions and tokens are refused. */
	disabled: Generated<number>;
	/** The uploaded avatar's blob (lower-case hex sha256); null: the generated one. */
	avatar_sha256: string | null;
	/** Its media type as read from the bytes: image/png, image/jpeg, image/webp or image/gif. */
	avatar_type: string | null;
	/** 0 or 1: an organisation of the site itself (seeded, imported, mirrored namespaces), with no members. */
	site_managed: Generated<number>;
}

export interface OrgMembersTable {
	org_id: string;
	user_id: string;
	/** "read", "write" or "admin". */
	role: string;
	created_at: string;
}

/** A signed-in browser. The cookie holds the session id; only its sha256 is stored. */
export interface SessionsTable {
	id_hash: string;
	user_id: string;
	created_at: string;
	/** Written at most once a minute; idle expiry counts from it. */
	last_seen_at: string;
}

/** One failed sign-in, under `account:NAME` and under `address:IP` (auth/sign-in-limit.ts). */
export interface SignInFailuresTable {
	subject: string;
	failed_at: string;
}

export interface AccessTokensTable {
	/** 24 hex characters, made by the app. */
	id: string;
	user_id: string;
	/** Hex sha256 of the token; the token itself is never stored. */
	token_hash: string;
	display_name: string;
	/** "read" or "write". */
	role: string;
	created_at: string;
	/** ISO time of the last use the hub has flushed (at most a minute behind); null before the first. */
	last_used_at: string | null;
	/** ISO time after which the token is refused; null: never expires. */
	expires_at: string | null;
	/** JSON array of repo ids the token is limited to; null: every repo its user reaches. */
	repos: string | null;
	/** For a token issued to an OAuth app: the grant it came from (revoked together), the app and its scopes. */
	oauth_grant_id?: string | null;
	oauth_client_id?: string | null;
	/** Space-separated OAuth scopes; null for a token made by the user or the CLI. */
	oauth_scope?: string | null;
}

/** An app registered to sign people in through the hub (OAuth 2.0 / OpenID Connect). */
export interface OAuthAppsTable {
	client_id: string;
	name: string;
	/** The user who registered it; null when an operator did, from the CLI. */
	owner_id: string | null;
	/** JSON array of redirect URIs, matched exactly. */
	redirect_uris: string;
	/** 1: has a secret (hex sha256 in secret_hash); 0: a public client, PKCE required. */
	confidential: number;
	secret_hash: string | null;
	created_at: string;
}

/** A one-time authorization code (only its hash); `grant_id` is set once it has been exchanged. */
export interface OAuthCodesTable {
	code_hash: string;
	client_id: string;
	user_id: string;
	redirect_uri: string;
	scope: string;
	/** base64url SHA-256 of the PKCE verifier; null only for a confidential client that sent none. */
	code_challenge: string | null;
	nonce: string | null;
	created_at: string;
	expires_at: string;
	grant_id: string | null;
}

export interface OAuthRefreshTokensTable {
	token_hash: string;
	grant_id: string;
	client_id: string;
	user_id: string;
	scope: string;
	created_at: string;
	expires_at: string;
	/** When it was exchanged for a new pair; null while it is the grant's live refresh token. A used one is kept until it expires, so reuse is seen. */
	rotated_at: Generated<string | null>;
}

/** ID-token signing keys, made on first use. */
export interface OAuthSigningKeysTable {
	kid: string;
	algorithm: string;
	private_jwk: string;
	public_jwk: string;
	created_at: string;
}

/** A queued provider request the router relayed, and whose it is (router/follow-ups.ts). */
export interface RouterFollowUpsTable {
	provider: string;
	/** The provider's id for the request (fal.ai `request_id`, a Replicate prediction id …). */
	request_id: string;
	/** The hub user whose call started it. */
	user_name: string;
	created_at: string;
}

export interface DatasetsTable {
	/** `author/name`. */
	id: string;
	author: string;
	name: string;
	/** 0 or 1. */
	private: number;
	/** null (not gated), "auto" or "manual". */
	gated: string | null;
	downloads: number;
	likes: number;
	trending_score: number;
	created_at: string;
	last_modified: string;
	/** Head commit of `main`. */
	sha: string;
	/** JSON array of strings (also exploded into dataset_tags for filtering). */
	tags: string;
	card_data: string | null;
	/** The card's first paragraph of prose, for listings; null when it has none. */
	description: string | null;
	owner: string | null;
	main_size: number;
}

export interface DatasetTagsTable {
	dataset_id: string;
	tag: string;
}

/** A git tag; branches are rows of `refs`. */
export interface RefTagsTable {
	/** The repo key. */
	repo_id: string;
	name: string;
	/** The commit the tag names (through its tag object, for an annotated tag). */
	commit_sha: string;
	message: string | null;
	created_at: string;
	/** An annotated tag's git id; null for a lightweight tag. */
	tag_oid: string | null;
	/** An annotated tag's object, its exact bytes in base64; null for a lightweight tag. */
	git_object: string | null;
}

/**
 * A ref outside branches and tags (migration 0029): `refs/pr/{name}` (a pull request's head, `name`
 * its number) or `refs/convert/{name}` (a conversion, e.g. `parquet`).
 */
export interface SpecialRefsTable {
	/** The repo key. */
	repo_id: string;
	kind: "pr" | "convert";
	name: string;
	commit_sha: string;
}

/** One user's like of one repository. */
export interface LikesTable {
	/** The repo key. */
	repo_id: string;
	user_id: string;
	created_at: string;
}

/** A request for access to a gated repository. */
export interface AccessRequestsTable {
	/** The repo key. */
	repo_id: string;
	user_id: string;
	/** "pending", "accepted" or "rejected". */
	status: string;
	/** JSON object of the requester's answers, or null. */
	fields: string | null;
	created_at: string;
	updated_at: string;
}

/** The old key of a renamed repository and where it went (repo keys). */
export interface RepoRedirectsTable {
	from_id: string;
	to_id: string;
	created_at: string;
}

/** An LFS upload in progress: the upload URL's secret (only its sha256), what it may hold, and for whom. */
export interface LfsUploadsTable {
	id_hash: string;
	/** The repo key. */
	repo_id: string;
	user_id: string;
	/** sha256 of the content, lower-case hex. */
	oid: string;
	size: number;
	/** Bytes per part of a multipart upload; null for one PUT. */
	chunk_size: number | null;
	created_at: string;
	expires_at: string;
	/** `token:<id>` or `session:<id hash>` that asked for it: the URL dies with it (migration 0016). */
	credential?: string | null;
}

/** An LFS object a repository may name in a commit: its bytes were uploaded for it. */
/** Xorbs Xet uploads sent (migration 0020), found by their Xet hash; the bytes are a blob. */
export interface XetXorbsTable {
	/** The xorb hash as URLs and shards name it (xet/hash.ts hashToHex). */
	hash: string;
	/** Where the serialized xorb is in the blob store. */
	blob_sha256: string;
	/** Serialized bytes. */
	size: number;
	created_at: string;
	/** JSON XorbChunkIndex (services/xet-store.ts); null for xorbs stored before version 21. */
	chunk_index: string | null;
	/** The namespace whose write token uploaded it (services/quota.ts); null before version 22. */
	namespace?: string | null;
	/** When a dedupe answer last named it (services/xet-dedupe.ts); gc keeps it for the answer's life. */
	offered_at?: string | null;
}

/** A file a Xet shard made (services/xet-store.ts). */
export interface XetFilesTable {
	/** The Xet file hash (xet/hash.ts hashToHex), what `xetHash` and reconstructions name. */
	file_hash: string;
	sha256: string;
	size: number;
	/** JSON `[xorbHash, chunkStart, chunkEnd, unpackedSize][]`, in file order. */
	terms: string;
	created_at: string;
}

/** Which xorbs a file of `xet_files` is made of (gc and the quota ask from the xorb's side). */
export interface XetFileXorbsTable {
	file_hash: string;
	xorb_hash: string;
}

/** Which xorb holds a chunk, for the chunks global dedupe may ask about. */
export interface XetDedupeChunksTable {
	chunk_hash: string;
	xorb_hash: string;
}

export interface LfsObjectsTable {
	/** The repo key. */
	repo_id: string;
	oid: string;
	/** Written again each time the bytes are uploaded for the repository: claims unused for long are forgotten (services/gc.ts). */
	created_at: string;
	/** Bytes of the object (migration 0016); null for rows made before. */
	size?: number | null;
}

export interface HubSettingsTable {
	key: string;
	value: string;
}

/** The anonymous rate limit's buckets, shared by every hub on one database (migration 0012). */
export interface RateBucketsTable {
	key: string;
	tokens: number;
	updated_ms: number;
	allowed: number;
}

/**
 * A name two parties could claim (services/namespaces.ts): an account that held a namespace the
 * hub's repositories use, or names differing only in case. Undecided (`decision` null), nobody
 * but site admins writes in it.
 */
export interface NamespaceConflictsTable {
	/** The name, lowercased: one row per name whatever its spellings. */
	name: string;
	/** JSON array of the repositories' namespaces as spelled. */
	namespaces: string;
	/** JSON array of the names of the accounts (users or organisations) that collide. */
	accounts: string;
	reason: string;
	created_at: string;
	/** null (undecided), "granted" (to `decided_for`) or "kept" (by the site). */
	decision: string | null;
	decided_for: string | null;
	/** The site admin who decided; null when decided from the CLI. */
	decided_by: string | null;
	decided_at: string | null;
}

export interface Database {
	namespace_conflicts: NamespaceConflictsTable;
	models: ModelsTable;
	model_tags: ModelTagsTable;
	model_apps: ModelAppsTable;
	provider_mappings: ProviderMappingsTable;
	commits: CommitsTable;
	refs: RefsTable;
	commit_merge_parents: CommitMergeParentsTable;
	commit_aliases: CommitAliasesTable;
	mirrored_repos: MirroredReposTable;
	mirror_blob_uses: MirrorBlobUsesTable;
	mirrored_refs: MirroredRefsTable;
	mirror_shadowed_reads: MirrorShadowedReadsTable;
	trees: TreesTable;
	tree_entries: TreeEntriesTable;
	blobs: BlobsTable;
	users: UsersTable;
	access_tokens: AccessTokensTable;
	router_follow_ups: RouterFollowUpsTable;
	hub_settings: HubSettingsTable;
	org_members: OrgMembersTable;
	sessions: SessionsTable;
	sign_in_failures: SignInFailuresTable;
	oauth_apps: OAuthAppsTable;
	oauth_codes: OAuthCodesTable;
	oauth_refresh_tokens: OAuthRefreshTokensTable;
	oauth_signing_keys: OAuthSigningKeysTable;
	datasets: DatasetsTable;
	dataset_tags: DatasetTagsTable;
	ref_tags: RefTagsTable;
	special_refs: SpecialRefsTable;
	likes: LikesTable;
	access_requests: AccessRequestsTable;
	repo_redirects: RepoRedirectsTable;
	lfs_uploads: LfsUploadsTable;
	lfs_objects: LfsObjectsTable;
	xet_xorbs: XetXorbsTable;
	xet_files: XetFilesTable;
	xet_dedupe_chunks: XetDedupeChunksTable;
	xet_file_xorbs: XetFileXorbsTable;
	rate_buckets: RateBucketsTable;
}
