/**
 * A data directory keeps what the hub that seeded it wrote. After an upgrade
 * its sample catalogue lacks the new demo models, and its hf-inference mappings
 * say what the old runtime could run: a placeholder still mapped live answers
 * every call with an error, a model a new engine runs is not offered. So on
 * start, when the catalogue, the local engines or the hub's version differ from
 * what the data directory was last checked against (a fingerprint in
 * `hub_settings`), the hub adds the catalogue's missing models and decides the
 * hf-inference mapping again, from the stored files, for every catalogue model
 * and every model mapped to hf-inference. The sample datasets that are missing
 * (the task pages' cards and the hub's own generated ones) are added too. Other providers' mappings, and
 * everything else about a model, stay as they are.
 *
 * Only a data directory that holds the sample catalogue is refreshed: one
 * seeded with synthetic models alone (`hubkit seed --synthetic`) keeps to itself.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CHECKS, MEDIA_ENGINES, packageInstalled } from "@hubkit/runtime";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { HubDeps } from "../deps.js";
import { FileService } from "../services/files.js";
import { decideLocalMapping } from "../services/local-mapping.js";
import { LOCAL_PROVIDER } from "../services/provider-mapping.js";
import { sampleCatalogue } from "./catalogue/index.js";
import { POCKETSPHINX_SAMPLE_SOURCE } from "./catalogue/packaged-media-models.js";
import { CATALOGUE_DATA, readSpecs } from "./catalogue/read-specs.js";
import { demoDatasetsFingerprint, loadDemoDatasets } from "./demo-datasets.js";
import { loadSeed } from "./load.js";
import { loadSampleDatasets, sampleDatasetsFingerprint } from "./sample-datasets.js";
import type { SeedModel } from "./types.js";

const FINGERPRINT_KEY = "sample-catalogue-fingerprint";
const HUB_PACKAGE = new URL("../../package.json", import.meta.url);

/**
 * What the catalogue's records and mappings are made from, cheaply: the hub's version, the
 * catalogue's data files, the tasks the local engines serve, and which packaged engines can run
 * on this machine (an optional system package installed later changes it).
 */
export function catalogueFingerprint(): string {
	const hash = createHash("sha256");
	hash.update(`hub ${(JSON.parse(readFileSync(HUB_PACKAGE, "utf8")) as { version: string }).version}\n`);
	for (const name of readdirSync(CATALOGUE_DATA).sort()) {
		hash.update(`${name}\0`);
		hash.update(readFileSync(fileURLToPath(new URL(name, CATALOGUE_DATA))));
	}
	hash.update(`tasks ${Object.keys(CHECKS).sort().join(",")}\n`);
	hash.update(`datasets ${sampleDatasetsFingerprint()}\n`);
	hash.update(`demo datasets ${demoDatasetsFingerprint()}\n`);
	for (const [name, { packages, system }] of Object.entries(MEDIA_ENGINES)) {
		const runs = system ? system() === undefined : packages.every(packageInstalled);
		hash.update(`${name} ${runs}\n`);
	}
	// The PocketSphinx sample is listed only where its recording is installed too.
	hash.update(`pocketsphinx sample ${existsSync(POCKETSPHINX_SAMPLE_SOURCE)}\n`);
	return hash.digest("hex");
}

export async function recordFingerprint(db: Kysely<Database>, fingerprint = catalogueFingerprint()): Promise<void> {
	await db
		.insertInto("hub_settings")
		.values({ key: FINGERPRINT_KEY, value: fingerprint })
		.onConflict((conflict) => conflict.column("key").doUpdateSet({ value: fingerprint }))
		.execute();
}

export interface RefreshResult {
	/** Catalogue models the data directory did not have. */
	added: number;
	/** Card-only and generated sample datasets (seed/sample-datasets.ts, seed/demo-datasets.ts) the data directory did not have. */
	addedDatasets: number;
	/** Models whose hf-inference mapping changed. */
	remapped: string[];
}

/** Undefined when the data directory was already checked against this catalogue, or holds none of it. */
export async function refreshSampleCatalogue(
	deps: Pick<HubDeps, "db" | "blobStore">,
	catalogue: () => SeedModel[] = sampleCatalogue,
): Promise<RefreshResult | undefined> {
	const fingerprint = catalogueFingerprint();
	const stored = await deps.db
		.selectFrom("hub_settings")
		.select("value")
		.where("key", "=", FINGERPRINT_KEY)
		.executeTakeFirst();
	if (stored?.value === fingerprint) return undefined;
	if (!stored) {
		const ids = readSpecs().map((spec) => spec.id);
		const any = await deps.db.selectFrom("models").select("id").where("id", "in", ids).limit(1).executeTakeFirst();
		if (!any) {
			await recordFingerprint(deps.db, fingerprint);
			return undefined;
		}
	}

	const records = catalogue();
	const { loaded } = await loadSeed(deps, records);
	const addedDatasets = (await loadSampleDatasets(deps)) + (await loadDemoDatasets(deps));
	const mapped = await deps.db
		.selectFrom("provider_mappings")
		.select("model_id")
		.where("provider", "=", LOCAL_PROVIDER)
		.execute();
	const ids = [...new Set([...records.map((record) => record.id), ...mapped.map((row) => row.model_id)])];
	const files = new FileService(deps.db);
	const remapped: string[] = [];
	for (const id of ids) if (await decideLocalMapping(deps, id, files)) remapped.push(id);
	await recordFingerprint(deps.db, fingerprint);
	return { added: loaded, addedDatasets, remapped };
}
