/**
 * Every schema version, in order. To change the schema, add a file
 * `NNNN-what-it-does.ts` and list it here; never edit a migration that shipped.
 */
import type { Migration } from "kysely";
import type { DatabaseEngine } from "../engine.js";
import { initialMigration } from "./0001-initial.js";
import { routerFollowUpsMigration } from "./0002-router-follow-ups.js";
import { tokenLastUsedMigration } from "./0003-token-last-used.js";
import { modelSizesAndAppsMigration } from "./0004-model-sizes-and-apps.js";
import { maintenanceMigration } from "./0005-maintenance.js";
import { hubSettingsMigration } from "./0006-hub-settings.js";
import { accountsMigration } from "./0007-accounts.js";
import { uploadedAvatarsMigration } from "./0008-uploaded-avatars.js";
import { oauthMigration } from "./0009-oauth.js";
import { writableReposMigration } from "./0010-writable-repos.js";
import { lfsObjectsMigration } from "./0011-lfs-objects.js";
import { sharedRateLimitsMigration } from "./0012-shared-rate-limits.js";
import { datasetCardTagsMigration } from "./0013-dataset-card-tags.js";
import { postgresSearchByTaskMigration } from "./0014-postgres-search-by-task.js";
import { namespaceOwnersMigration } from "./0015-namespace-owners.js";
import { storageReclaimMigration } from "./0016-storage-reclaim.js";
import { contentAddressedTreesMigration } from "./0017-content-addressed-trees.js";
import { refreshTokenReuseMigration } from "./0018-refresh-token-reuse.js";
import { modelWeightsMetadataMigration } from "./0019-model-weights-metadata.js";
import { xetXorbsMigration } from "./0020-xet-xorbs.js";
import { xetFilesMigration } from "./0021-xet-files.js";
import { xetLifecycleMigration } from "./0022-xet-lifecycle.js";
import { gitCommitObjectsMigration } from "./0023-git-commit-objects.js";
import { annotatedTagsMigration } from "./0024-annotated-tags.js";
import { mirroredReposMigration } from "./0025-mirrored-repos.js";
import { mirrorBlobUsesMigration } from "./0026-mirror-blob-uses.js";
import { mirroredRefsMigration } from "./0027-mirrored-refs.js";
import { mirrorShadowedReadsMigration } from "./0028-mirror-shadowed-reads.js";
import { specialRefsMigration } from "./0029-special-refs.js";

export function allMigrations(engine: DatabaseEngine): Record<string, Migration> {
	return {
		"0001-initial": initialMigration(engine),
		"0002-router-follow-ups": routerFollowUpsMigration,
		"0003-token-last-used": tokenLastUsedMigration,
		"0004-model-sizes-and-apps": modelSizesAndAppsMigration,
		"0005-maintenance": maintenanceMigration,
		"0006-hub-settings": hubSettingsMigration,
		"0007-accounts": accountsMigration,
		"0008-uploaded-avatars": uploadedAvatarsMigration,
		"0009-oauth": oauthMigration,
		"0010-writable-repos": writableReposMigration,
		"0011-lfs-objects": lfsObjectsMigration,
		"0012-shared-rate-limits": sharedRateLimitsMigration,
		"0013-dataset-card-tags": datasetCardTagsMigration,
		"0014-postgres-search-by-task": postgresSearchByTaskMigration(engine),
		"0015-namespace-owners": namespaceOwnersMigration,
		"0016-storage-reclaim": storageReclaimMigration,
		"0017-content-addressed-trees": contentAddressedTreesMigration,
		"0018-refresh-token-reuse": refreshTokenReuseMigration,
		"0019-model-weights-metadata": modelWeightsMetadataMigration,
		"0020-xet-xorbs": xetXorbsMigration,
		"0021-xet-files": xetFilesMigration,
		"0022-xet-lifecycle": xetLifecycleMigration,
		"0023-git-commit-objects": gitCommitObjectsMigration,
		"0024-annotated-tags": annotatedTagsMigration,
		"0025-mirrored-repos": mirroredReposMigration,
		"0026-mirror-blob-uses": mirrorBlobUsesMigration,
		"0027-mirrored-refs": mirroredRefsMigration,
		"0028-mirror-shadowed-reads": mirrorShadowedReadsMigration,
		"0029-special-refs": specialRefsMigration,
	};
}
