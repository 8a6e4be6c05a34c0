/**
 * Once per test run: build the site if its inputs changed (the same stamp as
 * `npm start`), fill a temporary data directory (the sample catalogue, a
 * hostile model card, a GGUF chat model and two picture models the hub runs), start hub + site on
 * free loopback ports exactly as `npm start` does, and mirror a sample model from the hub into
 * itself, with a read a local namespace kept from the upstream (e2e/mirror.ts). Tests read the URL with `inject("siteUrl")`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, loadSeed, openHub, seedSampleOnFirstStart, silentLogger } from "@hubkit/hub";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helpers shared with scripts/start.mjs, no type declarations
import { freePort, startSite } from "../../../scripts/lib/site.mjs";
// @ts-expect-error plain ESM helpers shared with scripts/start.mjs, no type declarations
import { buildWebIfChanged, ROOT } from "../../../scripts/lib/web-build.mjs";
import { createAdmin } from "./admin-account";
import { localChatModel } from "./chat-model";
import { hostileModel } from "./hostile-model";
import { mirrorFromItself, recordShadowedReads } from "./mirror";
import { snippetMarkupModel } from "./snippet-model";
import { depthModel, segmentationModel } from "./vision-models";
import { WIDGET_TEST_ENV } from "./widget-env";

declare module "vitest" {
	export interface ProvidedContext {
		siteUrl: string;
	}
}

export default async function setup(project: TestProject) {
	await buildWebIfChanged();
	const dataDir = mkdtempSync(join(tmpdir(), "hubkit-web-e2e-"));
	const config = loadConfig({ dataDir }, {});
	const hub = await openHub(config, silentLogger);
	try {
		await seedSampleOnFirstStart(hub.deps);
		await loadSeed(hub.deps, [hostileModel(join(ROOT, "packages/tasks/assets/demo/image-classification-input.png"))]);
		await loadSeed(hub.deps, [snippetMarkupModel()]);
		await loadSeed(hub.deps, [await localChatModel(dataDir)]);
		await loadSeed(hub.deps, [depthModel(), segmentationModel()]);
		await recordShadowedReads(hub.deps);
	} finally {
		await hub.close();
	}
	createAdmin(ROOT, dataDir);
	const hubPort = await freePort();
	// One llama.cpp thread: on a machine busy with the browser and the site, threads spinning for each
	// other stall the chat model's tokens (HUBKIT_LLAMA_THREADS in the hub's README).
	const env = {
		...process.env,
		DATABASE_URL: "",
		HUBKIT_PUBLIC_URL: "",
		HUBKIT_LLAMA_THREADS: "1",
		// The suites sign many people up from 127.0.0.1.
		HUBKIT_SIGNUPS_PER_HOUR: "0",
		...WIDGET_TEST_ENV,
	};
	const site = await startSite({ hubPort, hubArgs: ["--port", String(hubPort), "--data", dataDir], env });
	mirrorFromItself(dataDir, `http://127.0.0.1:${hubPort}`);
	project.provide("siteUrl", site.url);
	return async () => {
		await site.stop();
		rmSync(dataDir, { recursive: true, force: true });
	};
}
