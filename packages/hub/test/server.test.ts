/**
 * Start-up as `hubkit serve` does it: the first start migrates and seeds the
 * sample catalogue; a restart on the same data keeps everything (tokens, added
 * models, counters) and neither migrates nor seeds again. On both engines.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createAccessToken } from "../src/auth/tokens.js";
import { silentLogger } from "../src/logger.js";
import { sampleCatalogue } from "../src/seed/catalogue/index.js";
import { type RunningHub, startHub } from "../src/server.js";
import { incrementDownloads } from "../src/services/downloads.js";
import { ENGINES, startTestDatabase, type TestDatabase } from "./support/engines.js";

describe.each(ENGINES)("hub start-up on %s", (engine) => {
	let testDb: TestDatabase | undefined;
	let running: RunningHub | undefined;
	afterEach(async () => {
		await running?.close();
		running = undefined;
		await testDb?.cleanup();
	});

	it("seeds on first start and keeps the data across a restart", async () => {
		testDb = await startTestDatabase(engine);
		const config = { ...testDb.config, host: "127.0.0.1", port: 0 };
		running = await startHub(config, silentLogger);
		const catalogue = sampleCatalogue();
		const someModel = catalogue.find((record) => !record.private) ?? catalogue[0];
		if (!someModel) throw new Error("the sample catalogue is empty");

		const first = await fetch(`${running.url}/api/models/${someModel.id}?expand=downloads`);
		expect(first.status).toBe(200);
		expect(await first.json()).toMatchObject({ id: someModel.id, downloads: someModel.downloads });
		const { token } = await createAccessToken(running.deps.db, "carol");
		await incrementDownloads(running.deps.db, someModel.id);
		await running.close();

		running = await startHub(config, silentLogger);
		const listed = (await (await fetch(`${running.url}/api/models?limit=1000&expand=downloads`)).json()) as {
			id: string;
			downloads: number;
		}[];
		expect(listed.length).toBe(catalogue.filter((record) => !record.private).length);
		expect(listed.find((item) => item.id === someModel.id)?.downloads).toBe(someModel.downloads + 1);
		const whoami = await fetch(`${running.url}/api/whoami-v2`, { headers: { Authorization: `Bearer ${token}` } });
		expect(((await whoami.json()) as { name: string }).name).toBe("carol");
	});
});
