/**
 * Every route's description, gathered from the modules that register the routes (each
 * exports its own beside its handlers; openapi/route-doc.ts is their shape). The OpenAPI
 * document, the `/api/docs` page and the README's route list are built from this one table;
 * test/openapi.test.ts fails, naming it, for a route without an entry or an entry without a route.
 */

import { INFERENCE_ROUTE_DOCS } from "../router/inference-route-docs.js";
import { ACCOUNTS_ROUTE_DOCS } from "../routes/accounts.js";
import { ADMIN_ROUTE_DOCS } from "../routes/admin.js";
import { AVATARS_ROUTE_DOCS } from "../routes/avatars.js";
import { CARD_VALIDATION_ROUTE_DOCS } from "../routes/card-validation.js";
import { COMMITS_ROUTE_DOCS } from "../routes/commits.js";
import { DATASETS_ROUTE_DOCS } from "../routes/datasets.js";
import { DEMO_ASSETS_ROUTE_DOCS } from "../routes/demo-assets.js";
import { FILES_ROUTE_DOCS } from "../routes/files.js";
import { GIT_HTTP_ROUTE_DOCS } from "../routes/git-http.js";
import { HEALTH_ROUTE_DOCS } from "../routes/health.js";
import { LFS_ROUTE_DOCS } from "../routes/lfs.js";
import { METRICS_ROUTE_DOCS } from "../routes/metrics.js";
import { MODELS_ROUTE_DOCS } from "../routes/models.js";
import { OAUTH_ROUTE_DOCS } from "../routes/oauth.js";
import { OPENAI_MODELS_ROUTE_DOCS } from "../routes/openai-models.js";
import { OPENAPI_ROUTE_DOCS } from "../routes/openapi.js";
import { ORGANIZATIONS_ROUTE_DOCS } from "../routes/organizations.js";
import { PROFILES_ROUTE_DOCS } from "../routes/profiles.js";
import { PROVIDERS_ROUTE_DOCS } from "../routes/providers.js";
import { REFS_ROUTE_DOCS } from "../routes/refs.js";
import { REPO_ADMIN_ROUTE_DOCS } from "../routes/repo-admin.js";
import { STORAGE_ROUTE_DOCS } from "../routes/storage.js";
import { TASKS_ROUTE_DOCS } from "../routes/tasks.js";
import { WHOAMI_ROUTE_DOCS } from "../routes/whoami.js";
import { XET_ROUTE_DOCS } from "../routes/xet.js";
import { XET_READS_ROUTE_DOCS } from "../routes/xet-reads.js";
import type { RouteDocs, RoutePermission } from "./route-doc.js";

export const ROUTE_DOCS: RouteDocs = {
	...HEALTH_ROUTE_DOCS,
	...METRICS_ROUTE_DOCS,
	...OPENAPI_ROUTE_DOCS,
	...TASKS_ROUTE_DOCS,
	...MODELS_ROUTE_DOCS,
	...DATASETS_ROUTE_DOCS,
	...PROVIDERS_ROUTE_DOCS,
	...FILES_ROUTE_DOCS,
	...COMMITS_ROUTE_DOCS,
	...LFS_ROUTE_DOCS,
	...GIT_HTTP_ROUTE_DOCS,
	...XET_ROUTE_DOCS,
	...XET_READS_ROUTE_DOCS,
	...REFS_ROUTE_DOCS,
	...REPO_ADMIN_ROUTE_DOCS,
	...CARD_VALIDATION_ROUTE_DOCS,
	...WHOAMI_ROUTE_DOCS,
	...ACCOUNTS_ROUTE_DOCS,
	...STORAGE_ROUTE_DOCS,
	...PROFILES_ROUTE_DOCS,
	...ORGANIZATIONS_ROUTE_DOCS,
	...OAUTH_ROUTE_DOCS,
	...ADMIN_ROUTE_DOCS,
	...AVATARS_ROUTE_DOCS,
	...DEMO_ASSETS_ROUTE_DOCS,
	...OPENAI_MODELS_ROUTE_DOCS,
	...INFERENCE_ROUTE_DOCS,
};

/** The permission of every route that declares one: the write routes (test/permissions-routes.test.ts). */
export const ROUTE_PERMISSIONS: Record<string, RoutePermission> = Object.fromEntries(
	Object.entries(ROUTE_DOCS).flatMap(([key, doc]) => (doc.permission ? [[key, doc.permission]] : [])),
);
