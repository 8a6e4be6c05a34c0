/** @hubkit/hub: the hub server, for embedding (tests, the web app's dev server) or running with `hubkit serve`. */
export const HUB_PACKAGE = "@hubkit/hub";

export { createHubApp, EXPOSED_HEADERS, type HubAppOptions } from "./app.js";
export type { Auth, Caller } from "./auth/caller.js";
export { databaseAuth } from "./auth/caller.js";
export { type CreatedToken, createAccessToken, hashToken, type TokenRole } from "./auth/tokens.js";
export { type HubConfig, loadConfig } from "./config.js";
export type { DatabaseEngine } from "./db/engine.js";
export { migrateToLatest } from "./db/migrate.js";
export { type HubDatabase, openDatabase } from "./db/open.js";
export type { Database } from "./db/schema.js";
export type { HubDeps, HubEnv } from "./deps.js";
export { HubError, type HubErrorCode } from "./errors.js";
export { idPartProblem, ownerNameProblem } from "./ids.js";
export { createLocalRuntime, type HubLocalRuntime, LOCAL_TASKS } from "./local-inference/local-runtime.js";
export { consoleLogger, type Logger, silentLogger } from "./logger.js";
export { isReservedName, RESERVED_NAMES } from "./reserved-names.js";
export { loadSeed, type SeedLoadOptions, type SeedLoadResult, type SeedTarget } from "./seed/load.js";
export type { SeedFile, SeedModel, SeedProviderMapping } from "./seed/types.js";
export { type OpenHub, openHub, type RunningHub, seedSampleOnFirstStart, startHub } from "./server.js";
export {
	BlobMismatchError,
	type BlobStore,
	type ByteRange,
	type ExpectedBlob,
	type StoredBlob,
} from "./storage/blob-store.js";
