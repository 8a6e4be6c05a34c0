/**
 * What every route module is built from. Route factories take `HubDeps` and
 * return a `Hono<HubEnv>`; they reach the database through services (which
 * write the queries, once for both engines), the files only through `blobStore`.
 */
import type { Kysely } from "kysely";
import type { Auth, Caller } from "./auth/caller.js";
import type { HubConfig } from "./config.js";
import type { DatabaseEngine } from "./db/engine.js";
import type { Database } from "./db/schema.js";
import type { Logger } from "./logger.js";
import type { InferenceEndpoints } from "./router/endpoints.js";
import type { ListedPullRequest } from "./services/refs.js";
import type { BlobStore } from "./storage/blob-store.js";

export interface HubDeps {
	db: Kysely<Database>;
	/** For what differs between engines: search and outside-write checks (db/), and how long model info is cached. */
	engine: DatabaseEngine;
	config: HubConfig;
	blobStore: BlobStore;
	auth: Auth;
	logger: Logger;
	/** Models on external OpenAI-compatible servers (`HUBKIT_ENDPOINTS`): the router forwards to them, model info says so. */
	endpoints?: InferenceEndpoints;
}

/** Per-request values set by the app's middleware. */
export interface HubEnv {
	Variables: {
		requestId: string;
		/** Set by the caller middleware: undefined for anonymous requests. */
		caller: Caller | undefined;
		/** The metrics' and access log's route for a request no route answered (`(site)`, `(no route)`). */
		routeLabel: string | undefined;
		/** The task the local runtime ran for a call whose path named none (the router's metrics label). */
		answeredTask: string | undefined;
		/** A mirror's refs listing with pull requests: the upstream's, as the caching mirror just read them. */
		upstreamPullRequests: ListedPullRequest[] | undefined;
	};
}
